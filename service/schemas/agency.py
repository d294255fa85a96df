"""Agency's edge: its seating, holders, reach, team points and seat view as
schemas and JSON (RULINGS A4-A6, A12-A14)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from ..games import Game
from ..games.agency import SEATS, AgencyHand
from ..games.records import End, Seating
from .family import FamilyEdge, GameParts, codes, named_schema
from .fields import Int, List, seat

MAX_TRICK_POINTS = 40
"""Every card point of the deck (A3)."""


class AgencyEdge(FamilyEdge[AgencyHand]):
    """Agency's schemas and JSON."""

    CLAIMED = ("holders", "to_act", "hand_over", "winner", "team_points", "end", "reach")
    DISCARDS = True
    TALLIED = "team"
    MOVE_DOC = "A move: a seat plays a card, taken from a holder."
    DECK_DOC = "A full deck order: card k (k < 32) goes to seat k mod 4; the last 4 stay undealt (A7)."
    DEALT_HANDS_DOC = "hands[s]: seat s's {hand_size} dealt cards, in dealt order (Walls are added, A5)."
    PREVIOUS_DOC = "The finished hand this one follows in a match (RULINGS A14): the team that lost it names the leader."
    OTHER_FAMILY_MEMBERS = {
        "players": "Agency is always played by 4 players: a deal names no players.",
        "dealer": "Agency has no dealer: first_leader names the seat that leads the first trick (A14).",
    }

    def seating(self, data: dict[str, Any]) -> Seating:
        return Seating(SEATS, data["first_leader"])

    def play_fields(self, kind: str) -> dict[str, fields.Field[Any]]:
        holder = {
            "move": seat("The holder the card is taken from (RULINGS A5). Required for a Wall; null is the same as leaving it out.",
                         maximum=SEATS - 1, allow_none=True),
            "recorded": seat("The holder the card came from.", maximum=SEATS - 1, required=True),
            "trick": seat("The holder it came from; accepted so moves can be sent as they are, and not needed.",
                          maximum=SEATS - 1, allow_none=True),
        }[kind]
        return {"holder": holder}

    def completed_trick_fields(self) -> dict[str, fields.Field[Any]]:
        return {"points": Int(validate=validate.Range(min=0, max=MAX_TRICK_POINTS), metadata={"description": "Card points in it (A3)."})}

    def trick_winner_fields(self) -> dict[str, fields.Field[Any]]:
        return {"points": Int(required=True, metadata={"description": "Card points in the trick (A3)."})}

    def tallies(self, game: Game) -> tuple[int, str]:
        return 2, "team"

    def match_fields(self) -> dict[str, fields.Field[Any]]:
        return {
            "chooser": Int(
                allow_none=True, load_default=None, validate=validate.Range(min=0, max=1),
                metadata={"description": "The team that chose this hand's leader (it lost the last decided hand); null for the first hand (A14)."},
            )
        }

    def state_fields(self, parts: GameParts) -> dict[str, fields.Field[Any]]:
        top, live = parts.top, parts.live_cards
        reach_entry = _reach_entry(parts)
        return {
            "first_leader": seat("The seat that led the first trick (A14).", maximum=top, required=True),
            "holders": List(parts.deck.cards("A holder's cards, listed from seat h's end (A5).", max_items=live),
                                   validate=validate.Length(max=SEATS),
                                   metadata={"description": "holders[h]: holder h, between seat h and seat h+1."}),
            "trick": fields.Nested(parts.trick, required=True,
                                   metadata={"description": "The trick in progress; once the hand is over, the discarded trick if A12a ended it."}),
            "team_points": List(Int(validate=validate.Range(min=0, max=MAX_TRICK_POINTS)), validate=validate.Length(equal=2),
                                       metadata={"description": "Card points won by team 0 (seats 0, 2) and team 1 (seats 1, 3)."}),
            "winner": Int(allow_none=True, validate=validate.Range(min=0, max=1),
                          metadata={"description": "The winning team once the hand is over; null while it runs or when void (A13)."}),
            **self.end_fields(),
            "reach": List(List(fields.Nested(reach_entry), validate=validate.Length(max=2)),
                                 validate=validate.Length(max=SEATS),
                                 metadata={"description": "reach[s]: what seat s reaches now, in its own holder then the one before (A6)."}),
        }

    def end_fields(self, required: bool = False) -> dict[str, fields.Field[Any]]:
        """``end``: why the hand ended (A12a, b, c): ``null`` while it runs (one component, ``AgencyEnd``)."""
        return {"end": fields.String(
            required=required, allow_none=not required, validate=validate.OneOf([end.value for end in End]),
            metadata={"component": "AgencyEnd", "description": "Why the hand ended (A12a, b, c)" + ("." if required else "; null while it runs.")},
        )}

    def score_winner(self, top: int) -> fields.Field[Any]:
        return Int(allow_none=True, required=True,
                   metadata={"description": "The winning team (0 or 1); null while the hand runs or for a void hand (A13)."})

    def view_fields(self, parts: GameParts) -> dict[str, fields.Field[Any]]:
        holder_view = named_schema("AgencyHolderView", {
            "holder": seat("The holder.", maximum=SEATS - 1, required=True),
            "count": Int(required=True, validate=validate.Range(min=0, max=parts.live_cards),
                         metadata={"description": "Cards in it, Walls included."}),
            "cards": parts.deck.cards("Its cards from seat h's end, when the seat sits beside it; else null.",
                                      max_items=parts.live_cards, allow_none=True, required=True),
        }, doc="A holder as one seat sees it.")
        return {
            "first_leader": seat("The seat that led the first trick (A14).", maximum=SEATS - 1, required=True),
            "team": Int(required=True, validate=validate.Range(min=0, max=1), metadata={"description": "The seat's team (A4)."}),
            "holders": List(fields.Nested(holder_view), required=True, validate=validate.Length(equal=SEATS),
                            metadata={"description": "All four holders: the two beside the seat in full, the others as counts."}),
            "reach": List(fields.Nested(_reach_entry(parts)), required=True, validate=validate.Length(equal=2),
                          metadata={"description": "What this seat reaches now, in its own holder then the one before (A6)."}),
            "trick": fields.Nested(parts.trick, required=True),
            "team_points": List(Int(validate=validate.Range(min=0, max=MAX_TRICK_POINTS)), required=True,
                                validate=validate.Length(equal=2), metadata={"description": "Card points won by team 0 and team 1."}),
            "end": self.end_fields()["end"],
        }

    def deal_seating_fields(self, parts: GameParts, first: bool) -> dict[str, fields.Field[Any]]:
        return {
            "first_leader": seat(
                "The seat that leads the first trick (A14). Default 0; with previous, it must be of the team that lost "
                "(default: that team's lower seat).", maximum=SEATS - 1),
        }

    def dump_seating(self, hand: AgencyHand) -> dict[str, Any]:
        return {"first_leader": hand.seating.first_leader}

    def dump_cards(self, hand: AgencyHand) -> dict[str, Any]:
        return {"holders": [codes(holder) for holder in hand.holders]}

    def dump_derived(self, hand: AgencyHand) -> dict[str, Any]:
        return {
            "team_points": list(hand.team_points),
            "end": hand.end,
            "reach": [[{"holder": h, "cards": codes(c)} for h, c in hand.reach(s)] for s in range(SEATS)],
        }


_REACH: dict[str, type[Schema]] = {}


def _reach_entry(parts: GameParts) -> type[Schema]:
    """``AgencyReach``: what a seat reaches in one holder (made once)."""
    if parts.prefix not in _REACH:
        _REACH[parts.prefix] = named_schema(f"{parts.prefix}Reach", {
            "holder": seat("The holder.", maximum=SEATS - 1, required=True),
            "cards": parts.deck.cards("The cards the seat reaches in it, nearest first (A6).", max_items=parts.live_cards, required=True),
        }, doc="What a seat reaches in one holder.")
    return _REACH[parts.prefix]
