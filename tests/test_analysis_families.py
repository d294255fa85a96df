"""Each analysis layer reaches a family of games one way: a registry keyed by
``game.family`` (as ``schemas/edges.py``'s ``EDGES``), never by testing a
game's, hand's or scoring's class; and the rules core knows nothing of the
analysis."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from service.analysis.bots import rules_move
from service.analysis.draw import Draw
from service.analysis.engine import ENGINES, Position
from service.analysis.knows import KNOWS, knows_in, knows_of
from service.analysis.tips import TIPS, card_bits
from service.analysis.worlds import WORLDS, worlds_of
from service.games import GAMES

SERVICE = Path(__file__).resolve().parents[1] / "service"
REGISTRIES = {"ENGINES": ENGINES, "WORLDS": WORLDS, "KNOWS": KNOWS, "TIPS": TIPS}


@pytest.mark.parametrize("name", list(REGISTRIES))
def test_every_registry_covers_every_game_and_no_other_family(name):
    assert set(REGISTRIES[name]) == {game.family for game in GAMES.values()}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_reaches_its_familys_parts(game_id):
    """A dealt hand, as each layer reads it: the engine position and its
    family, the worlds of the seat to act's view (a world with that view),
    what the seat knows from its view and from the engine, the cards as bits."""
    game = GAMES[game_id]
    hand = game.deal(seed=11) if game.family == "agency" else game.deal(seed=11, players=3)
    position = Position.from_hand(hand)
    assert position.family == game.family and position.state() == ENGINES[game.family](hand).state()
    view = game.observe(hand, hand.to_act)
    world = worlds_of(view).draw(Draw(3))
    assert game.observe(world, hand.to_act) == view
    knows = knows_of(view)
    assert knows == knows_in(position, 0, card_bits(game), knows.end_points, list(knows.legal))
    assert sorted(knows.legal) == position.legal()
    assert rules_move(view, knows) in view.legal_moves


def _imported_names(tree: ast.Module, package: str) -> set[str]:
    """The names a module imports from ``package`` (relative or absolute)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and package in node.module.split("."):
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def test_no_analysis_module_tests_the_class_of_a_game_a_hand_a_view_or_a_scoring():
    """``isinstance`` with a class of ``service.games`` (a game, hand, view
    or scoring) nowhere in ``service/analysis/``: each family is reached by
    its registry."""
    found = []
    for path in sorted((SERVICE / "analysis").glob("*.py")):
        tree = ast.parse(path.read_text())
        core = _imported_names(tree, "games")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
                classes = node.args[1]
                named = classes.elts if isinstance(classes, ast.Tuple) else [classes]
                if any(isinstance(name, ast.Name) and name.id in core for name in named):
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []


def test_the_rules_core_imports_no_analysis():
    """The game supplies what analysis reads (its family, its scoring's
    values); the core never imports the analysis."""
    for path in sorted((SERVICE / "games").glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert "analysis" not in (node.module or "").split("."), path.name
            elif isinstance(node, ast.Import):
                assert not any("analysis" in alias.name.split(".") for alias in node.names), path.name
