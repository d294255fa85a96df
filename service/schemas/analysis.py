"""The schemas of the analysis operations: ``solve``, ``suggest`` and ``analyze``
(CONTRACT, "Analysis and bots"), made per game like the others
(``schemas_for``), so each game's spec names its own moves and seats.

The requests name a hand as ``legal-moves`` does (an open or signed
``state``, or a sealed ``token``); ``suggest`` adds ``seed`` and ``level``.
The answers carry the values of the contract's table (``TrickGame.seat_value``):
0 or 1 (agram, sink-sink, agram-mali), Spar's points (F2), Fapfap's net
payout with the state's stake (F6), Agency 1, 0 or -1 (A13).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from marshmallow import Schema, fields, validate

from ..analysis.bots import DEFAULT_LEVEL, Level
from ..analysis.review import Review
from ..analysis.solution import Solution
from ..tricks import Play
from .family import GameParts, named_schema
from .fields import Bool, Int, List, seat, seed_text_field
from .games import schemas_for
from .records import dump_play, seed_text

SUGGEST_SEED_MAX = 2**63 - 1
"""The largest ``suggest`` seed (CONTRACT: 0 to 2^63-1)."""

LEVELS: dict[Level, str] = {
    Level.RANDOM: "a uniformly random legal move, drawn from the seed",
    Level.RULES: "the rule texts' own tips, from the seat's view: keep a card that can take the last trick and try to win "
                 "the trick before it, lead weak suits early and follow low; in Agency give points to a partner's trick, "
                 "take tricks with points with the cheapest winner, give nothing away otherwise",
    Level.SEARCH: "the default: worlds sampled from the seat's view (cards seen played, voids shown, Agency's holders, "
                  "Walls and counts), weighted by how likely the other seats' plays are in them, and each finished "
                  "with the seat and its partner playing the tips and each opponent playing them or at random, as its "
                  "plays so far make likelier; the move with the best total value",
}
"""What each level does, as the spec documents it."""

VALUE = "Its value for the seat to act (Agency: its team), as the contract's table gives it: 1 or 0 (Agram, Sink-Sink, " \
        "Agram Mali); the winner's points (Spar, RULINGS F2); the net payout with the stake (Fapfap, F6); 1, 0 or -1 (Agency, A13)."


@dataclass(frozen=True)
class AnalysisSchemas:
    """The schema classes of one game's analysis operations."""

    solve_request: type[Schema]
    solve_response: type[Schema]
    suggest_request: type[Schema]
    suggest_response: type[Schema]
    analyze_request: type[Schema]
    analyze_response: type[Schema]


def _bounds(what: str) -> List:
    return List(Int(), validate=validate.Length(equal=2), metadata={"description": f"Not exact: proved bounds `[lower, upper]` of {what}."})


@cache
def analysis_schemas(game_id: str) -> AnalysisSchemas:
    """The analysis schemas of ``game_id`` (cached: each class is made once)."""
    schemas = schemas_for(game_id)
    parts: GameParts = schemas.parts
    prefix = parts.prefix
    move_value = named_schema(f"{prefix}MoveValue", {
        "move": fields.Nested(parts.move, required=True),
        "value": Int(metadata={"description": f"Exact: the most the seat can guarantee after this move. {VALUE}"}),
        "lower": Int(metadata={"description": "Not exact: a value the seat can guarantee after this move (proved)."}),
        "upper": Int(metadata={"description": "Not exact: a value the other seats can hold it to (proved)."}),
    }, doc="A legal move and what it is worth: `value` when proved, else `lower` and `upper`.")
    levels = "; ".join(f"`{level.value}`: {meaning}" for level, meaning in LEVELS.items())
    level_field: dict[str, Any] = {
        "validate": validate.OneOf([level.value for level in Level]),
        "metadata": {"description": f"The bot's level. {levels}.", "component": "BotLevel"},
    }
    review = named_schema(f"{prefix}PlayReview", {
        "ply": Int(required=True, metadata={"description": "The play's index in the hand, from 0."}),
        "move": fields.Nested(parts.move, required=True, metadata={"description": "The play made."}),
        "value_before": Int(required=True, allow_none=True, metadata={
            "description": "The most its seat (Agency: team) could guarantee before the play; null when not exact."}),
        "value_after": Int(required=True, allow_none=True, metadata={
            "description": "The most it can guarantee after the play; null when not exact. Below `value_before`: the play lost something."}),
        "exact": Bool(required=True, metadata={"description": "Whether both values were proved within the budget."}),
        "before": _bounds("the value before"),
        "after": _bounds("the value after"),
    }, doc="One play, reviewed with every card known.")
    return AnalysisSchemas(
        solve_request=schemas.state_request,
        solve_response=named_schema(f"{prefix}Solution", {
            "to_act": seat("The seat to act; null once the hand is over.", maximum=parts.top, allow_none=True, required=True),
            "exact": Bool(required=True, metadata={"description": "Whether every value was proved within the budget."}),
            "value": Int(allow_none=True, metadata={
                "description": "Exact: the best move's value; null once the hand is over; absent when not exact."}),
            "moves": List(fields.Nested(move_value), required=True, metadata={
                "description": "Every legal move of the seat to act, with the most it can guarantee after it, every card known; empty once the hand is over."}),
            "nodes": Int(required=True, metadata={"description": "The work spent, in search nodes (at most the referee's budget)."}),
        }, doc="Every legal move's value with every card known (the other seats playing as one side against the seat to act)."),
        suggest_request=schemas.hand_request("SuggestRequest", {
            "seed": Int(validate=validate.Range(min=0, max=SUGGEST_SEED_MAX), metadata={
                "description": "Any integer 0 to 2^63-1: the same body with a seed always gets the same move. Without one, the referee draws one."}),
            "level": fields.String(load_default=DEFAULT_LEVEL.value, **level_field),
        }, "A hand, and how its bot should play."),
        suggest_response=named_schema(f"{prefix}Suggestion", {
            "seat": seat("The seat to act, whose move it is.", maximum=parts.top, required=True),
            "move": fields.Nested(parts.move, required=True, metadata={"description": "A legal move, chosen from the seat's view alone."}),
            "level": fields.String(required=True, **level_field),
            "seed": Int(required=True, metadata={"description": "The seed the bot drew from (the request's, or the one the referee drew)."}),
            "seed_text": seed_text_field("The same seed as a decimal string, which JavaScript reads exactly.", required=True),
        }, doc=f"A move for the seat to act, as a bot would play it (default level `{DEFAULT_LEVEL.value}`)."),
        analyze_request=schemas.state_request,
        analyze_response=named_schema(f"{prefix}Review", {
            "plays": List(fields.Nested(review), required=True, metadata={"description": "One entry per play made so far, in order."}),
            "exact": Bool(required=True, metadata={"description": "Whether every entry is exact."}),
            "nodes": Int(required=True, metadata={"description": "The work spent, in search nodes (at most the referee's budget)."}),
        }, doc="The review of a hand: each play's value before and after, for the seat that made it."),
    )


def dump_solution(solution: Solution) -> dict[str, Any]:
    """``solve``'s answer: exact, every move with its ``value`` and the best
    in ``value`` (null once the hand is over); not exact, every move with its
    proved ``lower`` and ``upper`` in place of ``value``, and no top-level
    ``value`` (CONTRACT, Analysis and bots)."""
    exact = solution.exact
    moves = [{"move": dump_play(entry.move), **({"value": entry.lower} if exact else {"lower": entry.lower, "upper": entry.upper})}
             for entry in solution.moves]
    out: dict[str, Any] = {"to_act": solution.to_act, "exact": exact, "moves": moves, "nodes": solution.nodes}
    if exact:
        out["value"] = solution.value
    return out


def dump_review(review: Review) -> dict[str, Any]:
    """``analyze``'s answer: each play's ``value_before`` and ``value_after``
    for its seat, both null where not exact, which then carry ``before``
    and ``after`` as ``[lower, upper]``."""
    plays = []
    for entry in review.plays:
        out: dict[str, Any] = {"ply": entry.ply, "move": dump_play(entry.move), "value_before": entry.value_before,
                               "value_after": entry.value_after, "exact": entry.exact}
        if not entry.exact:
            out["before"], out["after"] = list(entry.before), list(entry.after)
        plays.append(out)
    return {"plays": plays, "exact": review.exact, "nodes": review.nodes}


def dump_suggestion(seat_: int, move: Play, level: Level, seed: int) -> dict[str, Any]:
    """``suggest``'s answer."""
    return {"seat": seat_, "move": dump_play(move), "level": level.value, "seed": seed, "seed_text": seed_text(seed)}
