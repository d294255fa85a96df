"""Every layer that serves several families of games finds what a family
adds in one registry keyed by the family (``Family``): each covers every
family of every game in ``GAMES``, and nothing else."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from service import notation
from service.games import GAMES
from service.games.records import Family
from service.schemas.edges import EDGES, edge_of

REGISTRIES = {
    "schemas.edges.EDGES": EDGES,
    "notation._FAMILIES": notation._FAMILIES,
}


@pytest.mark.parametrize("name", list(REGISTRIES))
def test_every_registry_covers_every_family_and_no_other(name):
    assert set(REGISTRIES[name]) == set(Family)


def test_every_game_belongs_to_a_family():
    assert {game.family for game in GAMES.values()} == set(Family)
    assert all(isinstance(game.family, Family) for game in GAMES.values())


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_finds_its_edge_by_its_family(game):
    assert edge_of(GAMES[game]) is EDGES[GAMES[game].family]


ROOT = Path(__file__).resolve().parents[1]


def _family_registries() -> dict[int, str]:
    """Every module-level dict of ``service/`` keyed by exactly the families,
    by identity (one imported elsewhere counted once), with its name."""
    found: dict[int, str] = {}
    for path in sorted((ROOT / "service").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        for name, value in vars(importlib.import_module(".".join(parts))).items():
            if type(value) is dict and value and set(value) == set(Family):
                found.setdefault(id(value), name)
    return found


def _recipe() -> str:
    """The architecture page's recipe for a new family, with its table of registries."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return page.split("**A new family**", 1)[1]


def test_the_recipe_for_a_new_family_names_every_registry():
    """Whatever dict keyed by the family a module adds, the recipe's table names it."""
    names = sorted(_family_registries().values())
    assert {"EDGES", "ENGINES", "TIPS"} <= set(names)  # the walk finds them
    rows = re.findall(r"^\s*\| `([^|]+)` \|", _recipe(), re.M)
    named = {word for row in rows for word in re.findall(r"[A-Z_]+", row)}
    assert [name for name in names if name not in named] == []
    assert {"GAMES", "DECKS", "LEGENDS"} <= named


def test_the_pages_registries_cover_every_family():
    """The page's ``Family`` (web/cards.ts) is the families of ``GAMES``, and
    its registries are records keyed by it, which tsc holds to every member;
    ``newTable`` (web/tables.ts) builds a table for every game."""
    cards = (ROOT / "web" / "cards.ts").read_text(encoding="utf-8")
    declared = re.search(r"^export type Family = ([^;]+);", cards, re.M).group(1)
    assert set(re.findall(r"'([^']+)'", declared)) == set(Family)
    assert re.search(r"^const DECKS: Record<Family, ", cards, re.M)
    assert re.search(r"^const LEGENDS: Record<Family, ", (ROOT / "web" / "play.ts").read_text(encoding="utf-8"), re.M)
    tables = (ROOT / "web" / "tables.ts").read_text(encoding="utf-8")
    new_table = tables.split("export function newTable(", 1)[1].split("\n}\n", 1)[0]
    assert set(re.findall(r"^\s*case '([^']+)':", new_table, re.M)) == set(GAMES)
