"""The registry of games: an explicit dict from game id to its rules.

Every value is a ``TrickGame`` (``service.games.base``): the same data
(``id``, ``deck``, ``rank_order``, ``options``...) and the same operations
(``deal``, ``build``, ``play``, ``score``, ``match_status``, ``trick_winner``,
``observe``), so the API and the tests treat all games alike. The
Agram-family variants are data values (RULINGS F2). A hand is made from its
record (``HandRecord``) by ``build``, as far as ``Trust`` says.
"""

from __future__ import annotations

from .agency import AGENCY, AgencyGame
from .base import Game, Hand, TrickGame
from .last_trick import VARIANTS, LastTrickGame
from .records import HandRecord, Trust

__all__ = ["AGENCY", "GAMES", "AgencyGame", "Game", "Hand", "HandRecord", "LastTrickGame", "TrickGame", "Trust", "VARIANTS"]

GAMES: dict[str, Game] = {AGENCY.id: AGENCY, **{variant.id: variant for variant in VARIANTS}}
"""Game id -> rules, in the order ``GET /v1/games`` lists them."""
