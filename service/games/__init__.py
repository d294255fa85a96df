"""The registry of games: an explicit dict from game id to its rules.

Every value is a ``TrickGame`` (``service.games.base``): the same data
(``id``, ``deck``, ``rank_order``, ``options``...) and the same operations
(``deal``, ``restore``, ``legal_moves``, ``play``, ``score``,
``match_status``, ``trick_winner``, ``observe``), so the API and the tests
treat all games alike. The Agram-family variants are data values (RULINGS F2).
"""

from __future__ import annotations

from .agency import AGENCY, AgencyGame
from .base import Hand, TrickGame
from .last_trick import VARIANTS, LastTrickGame

Game = TrickGame
"""What every registry value is."""

__all__ = ["AGENCY", "GAMES", "AgencyGame", "Game", "Hand", "LastTrickGame", "TrickGame", "VARIANTS", "find_game"]

GAMES: dict[str, Game] = {AGENCY.id: AGENCY, **{variant.id: variant for variant in VARIANTS}}
"""Game id -> rules, in the order ``GET /v1/games`` lists them."""


def find_game(game_id: str) -> Game | None:
    """The game with this id, or ``None``."""
    return GAMES.get(game_id)
