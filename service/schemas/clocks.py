"""Clocks as JSON (CONTRACT: clocks): the clock a deal asks for, and the
clock a signed state or a sealed hand's public state shows.

A deal's ``clock`` is ``{"move_seconds": n}`` (1 to 86,400), for every hand
of its match; a state then shows ``clock``: ``{"move_seconds", "seat",
"deadline"}``, the seat to act (null once the hand is over) and when its
time runs out, the referee's time when it issued the state plus
``move_seconds`` (RFC 3339, UTC, with milliseconds: ``service.clock``).
Once a sealed Agency hand is over, the deadline is the losing team's to
choose the next hand's leader (``service.api.holding``).
"""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from ..clock import MOVE_SECONDS_MAX, MoveClock, rfc3339
from ..games import GAMES, Hand
from .family import BoundedSchema
from .fields import Int, List, referee_time_field

SEAT_MAX = max(game.max_players for game in GAMES.values()) - 1
"""The highest seat of any game (RULINGS C1, F8): a clock's seat is read for every game alike, and a
number past it is no seat."""


def _move_seconds() -> Int:
    return Int(required=True, validate=validate.Range(min=1, max=MOVE_SECONDS_MAX), metadata={
        "description": f"How long each move may take, in seconds (1 to {MOVE_SECONDS_MAX:,})."})


class DealClock(BoundedSchema):
    """The clock of a match (signed and sealed modes; an open referee refuses
    it with 422, since it cannot vouch for an open state's times): every
    move of every hand of the match may take `move_seconds`; after that
    anyone at the table may ask for `timeout`."""

    move_seconds = _move_seconds()

    def build(self, data: dict[str, Any]) -> int:
        """The clock as its move time, in seconds."""
        seconds: int = data["move_seconds"]
        return seconds


class Clock(BoundedSchema):
    """A hand's clock (signed and sealed modes, when its match was dealt with one)."""

    move_seconds = _move_seconds()
    seat = Int(required=True, allow_none=True, validate=validate.Range(min=0, max=SEAT_MAX), metadata={
        "description": "The seat to act, whose time runs; null once the hand is over."})
    deadline = referee_time_field("When the seat to act's time runs out (RFC 3339, UTC, with milliseconds): the referee's "
                                  "time when it issued this state, plus `move_seconds`. After it, `timeout` plays for that "
                                  "seat. Once an Agency hand is over, the time its losing team has to choose the next "
                                  "hand's leader (a sealed deal with `previous` and their credential); after it any "
                                  "seat of the match, or the host, may deal that hand with the default leader (RULINGS "
                                  "A14). A signed state's signature covers it.", required=True)


def dump_clock(clock: MoveClock, to_act: int | None) -> dict[str, Any]:
    """A state's ``clock`` member: ``{"move_seconds", "seat", "deadline"}``."""
    return {"move_seconds": clock.move_seconds, "seat": to_act, "deadline": rfc3339(clock.deadline_ms)}


def clock_field() -> fields.Nested:
    """A state's ``clock`` member, as a schema field."""
    return fields.Nested(Clock, metadata={"description": "Signed and sealed modes, in a match dealt with a clock: the seat "
                                                         "to act and its deadline."})


def dump_timeouts(hand: Hand) -> dict[str, Any]:
    """A state's ``timeouts`` member, the plies of the plays made on
    timeout, when there is one (``{}`` otherwise: a state without them has none)."""
    return {"timeouts": list(hand.timeouts)} if hand.timeouts else {}


def timeouts_field(max_plays: int) -> fields.Field[Any]:
    """A state's ``timeouts`` member, as a schema field."""
    return List(Int(validate=validate.Range(min=1, max=max_plays)), validate=validate.Length(max=max_plays), metadata={
        "description": "The plies (from 1, in increasing order) of the plays the referee made on timeout, for a seat whose "
                       "time ran out (`timeout`); absent when there is none."})
