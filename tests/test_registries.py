"""Every layer that serves several families of games finds what a family
adds in one registry keyed by the family (``Family``): each covers every
family of every game in ``GAMES``, and nothing else."""

from __future__ import annotations

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
