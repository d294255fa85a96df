"""The Agram family's edge: its seating, hands and seat view as schemas and
JSON (RULINGS F2-F8)."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from ..games.last_trick import LastTrickHand, seating_of
from ..games.records import Seating
from .family import FamilyEdge, GameParts, codes
from .fields import Int, List, players, seat


class LastTrickEdge(FamilyEdge[LastTrickHand]):
    """The Agram family's schemas and JSON."""

    CLAIMED = ("hands", "to_act", "hand_over", "winner")
    MOVE_DOC = "A move: a seat plays a card."
    DECK_DOC = "A full deck order: dealt in batches from the seat after the dealer, the dealer last (F3)."
    DEALT_HANDS_DOC = "hands[s]: seat s's {hand_size} dealt cards, in dealt order."
    PREVIOUS_DOC = "The finished hand this one follows in a match (RULINGS F7): its winner deals."
    OTHER_FAMILY_MEMBERS = {
        "first_leader": "This game names its dealer (dealer), and the seat after the dealer leads the first trick (F4).",
    }

    def seating(self, data: dict[str, Any]) -> Seating:
        return seating_of(data["players"], data["dealer"])

    def state_fields(self, parts: GameParts) -> dict[str, fields.Field[Any]]:
        game, top = parts.game, parts.top
        return {
            "players": players(game),
            "dealer": seat("The dealing seat.", maximum=top, required=True),
            "hands": List(parts.deck.cards("A seat's cards now, in dealt order.", max_items=parts.live_cards),
                                 validate=validate.Length(max=game.max_players),
                                 metadata={"description": "hands[s]: seat s's cards now."}),
            "trick": fields.Nested(parts.trick, required=True, allow_none=True,
                                   metadata={"description": "The trick in progress; null once the hand is over."}),
            "winner": seat("The seat that won the last trick, once the hand is over.", maximum=top, allow_none=True),
        }

    def score_winner(self, top: int) -> fields.Field[Any]:
        return seat("The seat that won the last trick; null while the hand runs (F2).", maximum=top, allow_none=True, required=True)

    def view_fields(self, parts: GameParts) -> dict[str, fields.Field[Any]]:
        game, top = parts.game, parts.top
        return {
            "players": players(game),
            "dealer": seat("The dealing seat.", maximum=top, required=True),
            "hand": parts.deck.cards("This seat's cards now, in dealt order.", max_items=parts.live_cards, required=True),
            "hand_sizes": List(Int(validate=validate.Range(min=0, max=parts.live_cards)), required=True,
                               validate=validate.Length(max=game.max_players), metadata={"description": "How many cards each seat holds."}),
            "trick": fields.Nested(parts.trick, required=True, allow_none=True),
        }

    def deal_seating_fields(self, parts: GameParts, first: bool) -> dict[str, fields.Field[Any]]:
        """``players`` (required for a first hand) and ``dealer``."""
        return {
            "players": players(parts.game, required=first),
            "dealer": seat("The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, "
                           "the last hand's winner.", maximum=parts.top),
        }

    def dump_seating(self, hand: LastTrickHand) -> dict[str, Any]:
        return {"players": hand.seating.players, "dealer": hand.seating.dealer}

    def dump_cards(self, hand: LastTrickHand) -> dict[str, Any]:
        return {"hands": [codes(cards_) for cards_ in hand.hands]}
