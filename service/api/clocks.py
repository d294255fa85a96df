"""``timeout``: the referee plays for a seat whose time ran out (CONTRACT: clocks).

A match dealt with a clock (signed and sealed modes, ``service.schemas.clocks``)
gives each move ``move_seconds``, counted from when the referee issued the
state. ``POST /v1/games/<id>/timeout`` names the hand as ``play`` does (a
signed ``state``, or a sealed ``token`` with the credential of any seat of
the match) and, once the seat to act's deadline has passed, plays for that
seat the move of the ``rules`` level of ``suggest``, worked out from that
seat's view alone (``TrickGame.observe``), so two hands that differ only in
other seats' hidden cards get the same move. It answers as ``play`` does;
the play's ``card_played`` event has ``"timeout": true`` and the hand's
``timeouts`` (and its record's ``~``) mark it. It spends its state like a
play (``Holding.spend``): every seat asking for the same timeout asks the
same thing, so its fingerprint is the operation alone and any seat's retry
answers the same bytes.

Refusals, in order: 403 ``seat_credential_invalid`` (sealed, no credential of
the match); 409 ``no_clock``; 409 ``hand_over``; 409 ``clock_running`` with
``remaining_ms`` before the deadline.
"""

from __future__ import annotations

from typing import Any

import flask

from .. import clock
from ..analysis.bots import Level, suggest
from ..errors import ClockRefusal, IllegalMove
from ..games import Game
from ..schemas.records import dump_event
from .holding import Held, Holding
from .operations import json_answer

TIMEOUT_LEVEL = Level.RULES
"""The level of the bot that moves for a seat whose time ran out: the rules of thumb, from the seat's view alone."""


def due_seat(holding: Holding, held: Held) -> int:
    """The seat whose time ran out on ``held``: the seat to act, once its
    deadline has passed. Reads nothing hidden from the caller.

    Raises:
        CredentialRefused: ``seat_credential_invalid``, no credential of the match (sealed mode).
        ClockRefusal: ``no_clock``; ``clock_running`` (with ``remaining_ms``).
        IllegalMove: ``hand_over``.
    """
    holding.authorize_timeout(held)
    hand = held.hand
    if held.clock is None:
        raise ClockRefusal("no_clock", "This hand's match was dealt without a clock, so no seat's time runs out: "
                                       "timeout needs a match dealt with `clock`")
    seat = hand.to_act
    if seat is None:
        raise IllegalMove(hand.HAND_OVER.code, hand.HAND_OVER.detail, legal_moves=[])
    remaining = held.clock.remaining_ms()
    if remaining > 0:
        raise ClockRefusal("clock_running", f"Seat {seat}'s time has not run out: it has {remaining} ms left "
                                            f"(until {clock.rfc3339(held.clock.deadline_ms)}), and may still play",
                           remaining_ms=remaining)
    return seat


def timeout_move(game: Game, holding: Holding, held: Held) -> dict[str, Any]:
    """The answer of a ``timeout`` on ``held``: the hand after the bot's
    move for the seat whose time ran out (:func:`due_seat`, whose refusals
    it raises), as ``play`` answers it. The move is worked out from that
    seat's cards, which the caller may not see."""
    hand, seat = held.hand, due_seat(holding, held)
    move = suggest(game.observe(hand, seat), level=TIMEOUT_LEVEL)
    after, events = game.play(hand, move, timeout=True)
    return {**holding.answer(after, held.provenance, move_seconds=held.move_seconds), "events": [dump_event(event) for event in events]}


def spend_timeout(game: Game, holding: Holding, args: dict[str, Any]) -> flask.Response:
    """``timeout``: :func:`timeout_move` on the hand the request names,
    which it spends (``Holding.spend``); on a state already spent it
    answers from the store once :func:`due_seat` passes, without working
    out the move (its cost would show the stalled seat's cards)."""
    held = holding.load(game, args)
    return json_answer(holding.spend(held.spent, ["timeout"], lambda: timeout_move(game, holding, held),
                                     checks=lambda: due_seat(holding, held)))
