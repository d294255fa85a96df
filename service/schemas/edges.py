"""Each family of games' edge (``FamilyEdge``), by ``game.family``: the one
place the schemas and the JSON find what differs by family."""

from __future__ import annotations

from typing import Any

from ..games import Game
from ..games.records import Family
from .agency import AgencyEdge
from .family import FamilyEdge
from .last_trick import LastTrickEdge

EDGES: dict[Family, FamilyEdge[Any]] = {Family.AGENCY: AgencyEdge(), Family.LAST_TRICK: LastTrickEdge()}
"""Each family's edge, by ``game.family``."""


def edge_of(game: Game) -> FamilyEdge[Any]:
    """The edge of ``game``'s family."""
    return EDGES[game.family]
