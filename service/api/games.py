"""Game endpoints under ``/v1``.

``GET /v1/games`` and ``GET /v1/games/{game}`` describe the games. Each game
then has its own operations, registered from the registry so that the OpenAPI
document states each game's exact schemas: ``POST /v1/games/<id>/deal``,
``legal-moves``, ``play``, ``trick-winner``, ``score``, ``view``, ``replay``
(a transcript, or a hand's record), ``record`` (docs/notation.md) and ``check``. Views only load,
call the rules core and dump; refusals are rendered in ``problems``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import replace
from http import HTTPStatus
from typing import Any

import flask
from flask_smorest import Blueprint, abort
from marshmallow import Schema, fields

from .. import deadline
from ..games import GAMES, Game, Hand
from ..games.base import replay_transcript
from ..games.records import Event, Score
from ..notation import read_record, replay_record, write_record
from ..schemas.games import schema_prefix, schemas_for
from ..schemas.reading import Faults, read
from ..schemas.records import dump_event, dump_play, dump_record, dump_view
from ..schemas.sealed import Provenance
from .bodies import json_body
from .holding import Held, Holding, current
from .problems import BODY_STATUSES, HTTP_DETAILS, game_problem, json_bytes, no_such_game, problem_response

blp = Blueprint(
    "games", __name__, url_prefix="/v1",
    description="The game registry: every game with its deck, rank order and options, or one game by id. Each game's "
                "operations (deal, legal moves, play, tricks, scores, views, replays, checks, records and analysis) are "
                "under the game's own tag."
)


class PlayersSchema(Schema):
    min = fields.Integer(required=True, metadata={"description": "Fewest seats."})
    max = fields.Integer(required=True, metadata={"description": "Most seats."})


class OptionSchema(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True, metadata={"description": "`boolean` or `integer`."})
    default = fields.Raw(required=True, allow_none=True, metadata={
        "type": ["boolean", "integer"], "description": "The value when a request does not set it (of the option's `type`, or null)."})
    description = fields.String(required=True)
    minimum = fields.Integer(allow_none=True)
    maximum = fields.Integer(allow_none=True)
    nullable = fields.Boolean(metadata={"description": "Whether null (none) is accepted."})


class GameSchema(Schema):
    """A game: its seats, options, deck and rank order."""

    id = fields.String(required=True, metadata={"description": "The game id used in paths."})
    name = fields.String(required=True)
    family = fields.String(required=True, metadata={"description": "`agency` or `last-trick` (the Agram family)."})
    players = fields.Nested(PlayersSchema, required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    deck = fields.List(fields.String(), required=True, metadata={"description": "Every card code, in listed order (the order seeds shuffle)."})
    rank_order = fields.List(fields.String(), required=True, metadata={"description": "Ranks from high to low."})
    trump = fields.String(allow_none=True, metadata={"description": "The trump suit, if any."})
    hand_size = fields.Integer(required=True, metadata={"description": "Cards dealt to each seat."})
    walls = fields.Integer(metadata={"description": "Agency: Wall cards added to each holder's layout at the deal."})


class GameListSchema(Schema):
    """Every game the referee serves."""

    games = fields.List(fields.Nested(GameSchema), required=True)


class GamePathSchema(Schema):
    game = fields.String(required=True, metadata={"enum": list(GAMES), "description": "A game id."})


def describe(game: Game) -> dict[str, Any]:
    """A game's public description, as ``GET /v1/games/{game}`` answers it."""
    return {
        "id": game.id,
        "name": game.name,
        "family": game.family,
        "players": {"min": game.min_players, "max": game.max_players},
        "options": [
            {
                "name": spec.name,
                "type": spec.type,
                "default": spec.default,
                "description": spec.description,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
                "nullable": spec.nullable,
            }
            for spec in game.options
        ],
        "deck": [card.code for card in game.deck],
        "rank_order": list(game.rank_order),
        "trump": game.trump,
        "hand_size": game.hand_size,
        **({"walls": game.walls} if game.walls else {}),
    }


@blp.route("/games", methods=["GET"])
@blp.response(200, GameListSchema)
@blp.doc(operationId="list_games")
def list_games() -> dict[str, Any]:
    """List the games

    Every game id with its seats, options (with defaults), deck and rank order.
    """
    return {"games": [describe(game) for game in GAMES.values()]}


@blp.route("/games/<game>", methods=["GET"])
@blp.arguments(GamePathSchema, location="path", as_kwargs=True)
@blp.response(200, GameSchema)
@blp.alt_response(404, **problem_response(404, "No game has this id."))
@blp.doc(operationId="get_game")
def get_game(game: str) -> dict[str, Any]:
    """Describe one game

    Its seats, options with their defaults, deck (card codes) and rank order.
    """
    if game not in GAMES:
        abort(404, message=no_such_game(game))
    return describe(GAMES[game])


def _json(body: dict[str, Any]) -> flask.Response:
    """A 200 JSON response, encoded once (``json_bytes``).

    The views build their bodies in the documented shape (``dump_state`` and
    friends), so flask-smorest's response schema documents them without
    dumping them a second time; the contract tests check the shapes.
    """
    return flask.current_app.response_class(json_bytes(body), mimetype="application/json")


BODY_PROBLEMS = {status: {"response": HTTPStatus(status).name} for status in BODY_STATUSES}
"""The errors every operation with a body can answer, whatever its game (shared responses)."""

STATE_REFUSED = {"response": HTTPStatus.FORBIDDEN.name}
"""The 403 of an operation whose body can carry a state."""

SEAT_CREDENTIAL = "seatCredential"
"""The security scheme of a seat's credential (sealed mode). Operations do
not list it as a requirement: open and signed modes take no credential, and
generated clients would then ask for one on every call."""


View = Callable[..., Any]
"""A view function, before or after flask-smorest's decorators."""

Answer = Callable[[Game, Holding, Held, dict[str, Any]], dict[str, Any]]
"""An operation on a hand: the answer's body, from the hand the request names."""


def _legal_moves(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    return {"to_act": held.hand.to_act, "moves": [dump_play(move) for move in holding.moves(held)]}


def _play(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    holding.authorize(held, args["move"])
    after, events = game.play(held.hand, args["move"])
    return {**holding.answer(after, held.provenance), "events": [dump_event(event) for event in events]}


def _score(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    return dump_record(game.score(held.hand))


def _view(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    return dump_view(held.hand, holding.viewer(held, args.get("seat")))


def _record(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    """``{"record": line}``: the hand's canonical record (docs/notation.md),
    with a finished sealed hand's nonce and commitment (CONTRACT: Records)."""
    return {"record": write_record(held.hand, holding.revealed(held))}


def request_arguments(schema: Schema, holding: Holding, *, verify: bool = True,
                      alternatives: Mapping[str, Schema] | None = None) -> dict[str, Any]:
    """The request's body read as ``schema`` reads it (``service.schemas.reading``),
    after the holding has checked the states it carries (signed mode: their
    signatures), unless ``verify`` is false (``check`` lists a bad signature
    as a problem instead). A body object with a member named in
    ``alternatives`` is read by that member's schema instead (``replay``'s
    ``record``).

    Raises:
        HTTPException: 400 ``malformed_json``, 422 ``validation_failed`` with
            marshmallow's field errors.
        RefereeError: a signature refused (403), a state of another version (409).
    """
    try:
        body = json_body()
    except ValueError as error:  # orjson's message says what and where (line, column), never the body's text
        abort(400, messages={"json": ["Invalid JSON body."]}, message=f"{HTTP_DETAILS['malformed_json'].removesuffix('.')}: {error}.")
    if verify:
        holding.verify(body, checking=False)
    if alternatives and isinstance(body, dict):
        schema = next((alternatives[name] for name in alternatives if name in body), schema)
    try:
        args: dict[str, Any] = read(schema, body)
    except Faults as error:
        abort(422, messages={"json": error.messages}, truncated=error.truncated)
    return args


def on_hand(game: Game, answer: Answer, args: dict[str, Any]) -> flask.Response:
    """An operation on the hand a request names: the hand loaded as the
    holding says (replayed and checked, or rebuilt, or opened), then the
    operation, its answer encoded once."""
    holding = current()
    return _json(answer(game, holding, holding.load(game, args), args))


def _replayed_events(events: list[tuple[int, Event]]) -> list[dict[str, Any]]:
    """A replay's events as JSON, each with the number of its hand; a
    checkpoint (``service.deadline``) before each hand's."""
    out: list[dict[str, Any]] = []
    hand = 0
    for number, event in events:
        if number != hand:
            deadline.checkpoint()
            hand = number
        out.append({**dump_event(event), "hand": number})
    return out


def _replayed(holding: Holding, state: Hand, events: list[tuple[int, Event]], scores: list[Score],
              provenance: Provenance | None, *, starts_match: bool) -> flask.Response:
    """A replay's answer: the last hand's state members (``Holding.answer``),
    every event with its hand's number, the last hand's score and each hand's."""
    return _json({
        **holding.answer(state, provenance, first=starts_match),
        "events": _replayed_events(events),
        "score": dump_record(scores[-1]),
        "scores": [dump_record(score) for score in scores],
    })


def _no_view() -> None:
    """What flask-smorest's decorators document (``operation``); never routed."""


def _link(operation: str, body: dict[str, str], description: str) -> dict[str, Any]:
    return {"operationId": operation, "requestBody": body, "description": description}


@functools.cache
def _refused(game_id: str) -> type[Schema]:
    """A game's problem schema (made once: its name is a spec component)."""
    schemas = schemas_for(game_id)
    return game_problem(schema_prefix(game_id), schemas.move, schemas.match)


def conflict_response(game: Game, description: str) -> dict[str, Any]:
    """The documented 409 of one of ``game``'s operations: its problem types, described."""
    return problem_response(409, description, _refused(game.id))


INVALID = "Invalid state: `problems` lists every problem; or unsupported version."
"""The 409 of an operation that only reads a hand."""


Registrar = Callable[..., Callable[[Callable[[dict[str, Any]], flask.Response]], View]]
"""``operations(game, blueprint)``: a decorator maker that registers one ``POST`` operation."""


def operations(game: Game, blueprint: Blueprint) -> Registrar:
    """The maker of ``game``'s ``POST`` operations on ``blueprint``
    (``/games/<id>/<name>``), each documented with its game's tag."""
    base = f"/games/{game.id}"
    prefix = game.id.replace("-", "_")
    tags = [game.name]

    def operation(name: str, summary: str, request: Schema, response: type[Schema], conflict: dict[str, Any],
                  holds_state: bool = True, verify: bool = True, alternatives: Mapping[str, Schema] | None = None,
                  **doc: Any) -> Callable[[Callable[[dict[str, Any]], flask.Response]], View]:
        """Register one ``POST`` operation: its view reads the body (``request_arguments``;
        a body with a member named in ``alternatives`` by that member's schema,
        documented as ``oneOf`` the shapes) and calls the decorated function
        with what it read. flask-smorest
        documents the body, the answer, every error status it can answer (403
        when the body can carry a state) and the docs, from decorators applied
        to a stub only: the view itself runs none of their wrappers. Its
        endpoint and ``operationId`` are both ``<game>_<name>``."""
        operation_id = f"{prefix}_{name}"
        errors = {**BODY_PROBLEMS, 409: conflict, **({403: STATE_REFUSED} if holds_state else {})}
        documented = getattr(type(request), "DOCUMENTED_AS", None)
        if alternatives:
            documented = (*(documented or (type(request),)), *(type(other) for other in alternatives.values()))
        if documented:  # a body of one of several shapes, loaded by one schema
            doc["requestBody"] = {"required": True, "content": {"application/json": {"schema": {"oneOf": list(documented)}}}}
        docs: list[Callable[[View], View]] = [
            blueprint.arguments(request),
            blueprint.response(200, response),
            *(blueprint.alt_response(status, **errors[status]) for status in sorted(errors)),
            blueprint.doc(operationId=operation_id, summary=summary, **doc),
        ]

        def register(answer: Callable[[dict[str, Any]], flask.Response]) -> View:
            @functools.wraps(answer)
            def view() -> flask.Response:
                deadline.check()
                return answer(request_arguments(request, current(), verify=verify, alternatives=alternatives))

            stub: View = _no_view
            for decorator in reversed(docs):
                stub = decorator(stub)
            view._apidoc = stub._apidoc  # type: ignore[attr-defined]
            blueprint.route(f"{base}/{name.replace('_', '-')}", methods=["POST"], endpoint=operation_id, tags=tags)(view)
            return view

        return register

    return operation


def _register(game: Game) -> None:
    """Add one game's operations to the blueprint."""
    schemas = schemas_for(game.id)
    prefix = game.id.replace("-", "_")
    operation = operations(game, blp)

    def conflict(description: str) -> dict[str, Any]:
        return conflict_response(game, description)

    illegal = conflict("Illegal move (`legal_moves` lists the legal ones), invalid state (`problems` lists every problem) or unsupported version.")
    invalid = conflict(INVALID)
    state_links = {
        "legal_moves": _link(f"{prefix}_legal_moves", {"state": "$response.body#/state"}, "The legal moves in the new state."),
        "score": _link(f"{prefix}_score", {"state": "$response.body#/state"}, "The score of the new state."),
        "sealed_legal_moves": _link(f"{prefix}_legal_moves", {"token": "$response.body#/token"}, "Sealed mode: the legal moves in the new hand."),
        "sealed_score": _link(f"{prefix}_score", {"token": "$response.body#/token"}, "Sealed mode: the score of the new hand."),
    }

    @operation(
        "deal", f"Deal a hand of {game.name}", schemas.deal(), schemas.state_response,
        conflict("The deck or hands are not this game's (`invalid_state`), or a seat is out of range."),
        responses={200: {"links": state_links}},
    )
    def deal(args: dict[str, Any]) -> flask.Response:
        """Deal a hand.

        Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

        With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7).
        """
        holding = current()
        kwargs, provenance = holding.deal_arguments(game, args)
        first = "previous" not in kwargs
        return _json(holding.answer(game.deal(**kwargs), provenance, first=first))

    @operation(
        "legal_moves", f"List the legal moves ({game.name})", schemas.state_request(), schemas.legal_moves_response, invalid,
        responses={
            200: {
                "links": {
                    "play": _link(
                        f"{prefix}_play",
                        {"state": "$request.body#/state", "move": "$response.body#/moves/0"},
                        "Play the first legal move.",
                    ),
                    "sealed_play": _link(
                        f"{prefix}_play",
                        {"token": "$request.body#/token", "move": "$response.body#/moves/0"},
                        "Sealed mode: play the first legal move (with the seat's credential).",
                    ),
                }
            }
        },
    )
    def legal_moves(args: dict[str, Any]) -> flask.Response:
        """List the legal moves.

        Every move the seat to act may make; none once the hand is over.
        """
        return on_hand(game, _legal_moves, args)

    @operation(
        "play", f"Play a move ({game.name})", schemas.play_request(), schemas.play_response, illegal,
        responses={200: {"links": state_links}},
    )
    def play(args: dict[str, Any]) -> flask.Response:
        """Play a move.

        The state after the move and the events it caused. An illegal move
        answers 409 with a `code` and a `detail` naming the rule broken, and
        the `legal_moves`; the state is not changed.
        """
        return on_hand(game, _play, args)

    @operation(
        "trick_winner", f"Judge a trick ({game.name})", schemas.trick_request(), schemas.trick_response,
        conflict("The plays are not a possible trick (`invalid_trick`)."), holds_state=False,
    )
    def trick_winner(args: dict[str, Any]) -> flask.Response:
        """Judge a trick.

        Who wins these plays, with no state needed (RULINGS A11, F1).
        """
        trick = game.trick_winner(args["plays"])
        assert trick.card is not None
        out = {"winner": trick.winner, "card": trick.card.code, "led_suit": trick.led_suit}
        if trick.points is not None:
            out["points"] = trick.points
        return _json(out)

    @operation("score", f"Score the hand ({game.name})", schemas.state_request(), schemas.score_response, invalid)
    def score(args: dict[str, Any]) -> flask.Response:
        """Score the hand.

        The hand's result so far: over or not, the winner, and the game's scoring fields.
        """
        return on_hand(game, _score, args)

    @operation("view", f"One seat's view ({game.name})", schemas.view_request(), schemas.view_response, invalid)
    def view(args: dict[str, Any]) -> flask.Response:
        """One seat's view.

        What one seat may know, and nothing more: its own cards, what has been
        played and counts of the rest; never the deal or the seed.
        """
        return on_hand(game, _view, args)

    @operation(
        "replay", f"Replay a transcript or a record ({game.name})", schemas.replay_request(), schemas.replay_response,
        conflict("An illegal move: `hand` and `index` locate it, `legal_moves` lists the moves allowed there; "
                 "or a deal that cannot be made. With a record, `position` also says where on its line."),
        alternatives={"record": schemas.record_replay_request()},
    )
    def replay(args: dict[str, Any]) -> flask.Response:
        """Replay a transcript or a record.

        Play a whole transcript in one call: a deal request and its moves, then
        any later hands of the match (`next_hands`). Or replay one hand's
        `record` (docs/notation.md) in place of the deal and moves: the answer
        is the same as for its deal and plays given apart. A record that cannot
        be read answers 422 `record_invalid`, a refused deal or play 409 as a
        transcript's; both carry `position`, the 0-based offset of the first
        character at fault on the line.
        """
        holding = current()
        if "record" in args:
            record = read_record(args["record"], game=game.id)
            _, provenance = holding.transcript(game, {"deal": record.deal_arguments()})
            if provenance is not None and record.provenance is not None:  # sealed: the record's proof goes on
                provenance = replace(provenance, nonce=record.provenance.nonce)
            return _replayed(holding, *replay_record(record), provenance, starts_match=True)
        starts_match = "previous" not in args["deal"]
        first, provenance = holding.transcript(game, args)
        hands = [(first, args["moves"])] + [(h["deal"], h["moves"]) for h in args.get("next_hands", [])]
        state, events, scores = replay_transcript(game, hands)
        return _replayed(holding, state, events, scores, holding.replayed(state, args, provenance), starts_match=starts_match)

    @operation("record", f"Write the hand's record ({game.name})", schemas.state_request(), schemas.record_response, invalid)
    def record(args: dict[str, Any]) -> flask.Response:
        """Write the hand's record.

        The hand on one line (docs/notation.md): the game and rules version,
        the options that differ from the defaults, the seating, the match
        record of a later hand, the deal, every play in order and, once the
        hand is over, its result. `replay` with the record gives the hand
        back. Sealed mode: 403 `hidden_cards` until the hand is over; a
        finished sealed hand's record ends with its nonce and commitment,
        which anyone can check against its seed.
        """
        return on_hand(game, _record, args)

    @operation(
        "check", f"Check a state ({game.name})", schemas.state_request(), schemas.check_response,
        conflict("A state of an unsupported version."), verify=False,
    )
    def check(args: dict[str, Any]) -> flask.Response:
        """Check a state.

        Every invariant the state breaks, in the words of `invalid_state`;
        `valid` when there is none. A bad signature is listed as a problem.
        """
        holding = current()
        problems = holding.verify(json_body(), checking=True) + holding.check(game, args)
        return _json({"valid": not problems, "problems": problems})


for _game in GAMES.values():
    _register(_game)
