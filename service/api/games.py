"""Game endpoints under ``/v1``.

``GET /v1/games`` and ``GET /v1/games/{game}`` describe the games. Each game
then has its own operations, registered from the registry so that the OpenAPI
document states each game's exact schemas: ``POST /v1/games/<id>/deal``,
``legal-moves``, ``play``, ``trick-winner``, ``score``, ``view``, ``replay``
(a transcript, or a hand's record), ``record`` (docs/notation.md) and ``check``. View functions only load,
call the rules core and dump; refusals are rendered in ``problems``.
"""

from __future__ import annotations

from operator import methodcaller
from typing import Any

import flask
from flask_smorest import Blueprint, abort
from marshmallow import Schema, fields

from .. import deadline
from ..errors import RefereeError
from ..games import GAMES, Game, Hand
from ..games.base import replay_transcript
from ..games.records import Event, Family, Score
from ..notation import name_record, read_record, read_records, replay_records, write_record
from ..schemas.games import schemas_for
from ..schemas.records import dump_event, dump_play, dump_record
from ..schemas.sealed import Provenance
from ..server.bodies import json_body
from .clocks import spend_timeout
from .holding import Held, Holding
from .operations import INVALID, NO_CREDENTIAL, conflict_response, json_answer, link, on_hand, operations
from .problems import no_such_game, problem_response

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
    family = fields.String(required=True, metadata={
        "enum": [family.value for family in Family], "description": "`agency` or `last-trick` (the Agram family)."})
    players = fields.Nested(PlayersSchema, required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    deck = fields.List(fields.String(), required=True, metadata={"description": "Every card code, in listed order (the order seeds shuffle)."})
    rank_order = fields.List(fields.String(), required=True, metadata={"description": "Ranks from high to low."})
    trump = fields.String(allow_none=True, metadata={"description": "The trump suit, if any."})
    hand_size = fields.Integer(required=True, metadata={"description": "Cards dealt to each seat."})
    walls = fields.Integer(metadata={"description": "Agency: Wall cards inserted into each holder at the deal."})


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
@blp.doc(operationId="list_games", security=NO_CREDENTIAL)
def list_games() -> dict[str, Any]:
    """List the games

    Every game id with its seats, options (with defaults), deck and rank order.
    """
    return {"games": [describe(game) for game in GAMES.values()]}


@blp.route("/games/<game>", methods=["GET"])
@blp.arguments(GamePathSchema, location="path", as_kwargs=True)
@blp.response(200, GameSchema)
@blp.alt_response(404, **problem_response(404, "No game has this id."))
@blp.doc(operationId="get_game", security=NO_CREDENTIAL)
def get_game(game: str) -> dict[str, Any]:
    """Describe one game

    Its seats, options with their defaults, deck (card codes) and rank order.
    """
    if game not in GAMES:
        abort(404, message=no_such_game(game))
    return describe(GAMES[game])


def _legal_moves(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    return {"to_act": held.hand.to_act, "moves": [dump_play(move) for move in holding.moves(held)]}


def _play(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    holding.authorize(held, args["move"])
    after, events = game.play(held.hand, args["move"])
    return {**holding.answer(after, held.provenance, move_seconds=held.move_seconds), "events": [dump_event(event) for event in events]}


def spend_play(game: Game, holding: Holding, args: dict[str, Any]) -> flask.Response:
    """``play``: the move played on the hand the request names, which it
    spends (``Holding.spend``): its fingerprint is the move (as the referee
    writes it) and the credential's seat."""
    held = holding.load(game, args)
    request = ["play", dump_play(args["move"]), held.seat]
    return json_answer(holding.spend(held.spent, request, lambda: _play(game, holding, held, args)))


def spend_deal(game: Game, holding: Holding, args: dict[str, Any]) -> flask.Response:
    """``deal``: a hand dealt; with ``previous``, the match's next hand,
    which spends the finished hand's state (``Holding.spend``): its
    fingerprint is the request's other members."""
    dealing = holding.deal_arguments(game, args)
    first = "previous" not in dealing.arguments
    body = json_body()
    request = ["deal", {name: value for name, value in body.items() if name != "previous"}]
    return json_answer(holding.spend(dealing.spent, request,
                                     lambda: holding.answer(game.deal(**dealing.arguments), dealing.provenance, first=first,
                                                            move_seconds=dealing.move_seconds)))


def _score(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    return dump_record(game.score(held.hand))


def _view(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    return holding.view(held, args.get("seat"))


def _record(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    """``{"record": line}``: the hand's canonical record (docs/notation.md),
    with a finished sealed hand's nonce and commitment (CONTRACT: Records)."""
    return {"record": write_record(held.hand, holding.revealed(held))}


def _numbered_events(events: list[tuple[int, Event]]) -> list[dict[str, Any]]:
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


def _transcript_answer(holding: Holding, hand: Hand, events: list[tuple[int, Event]], scores: list[Score],
                       provenance: Provenance | None, move_seconds: int | None = None) -> flask.Response:
    """A replay's answer: the last hand's state members (``Holding.answer``,
    with the clock of the transcript's match), every event with its hand's
    number, the last hand's score and each hand's. Every replay starts a
    match (sealed mode: its seats' and host's credentials are answered), one
    from a previous token too (``SealedHolding.deal_arguments``)."""
    return json_answer({
        **holding.answer(hand, provenance, first=True, move_seconds=move_seconds),
        "events": _numbered_events(events),
        "score": dump_record(scores[-1]),
        "scores": [dump_record(score) for score in scores],
    })


def _records_answer(holding: Holding, game: Game, lines: list[str]) -> flask.Response:
    """``replay`` of a match's ``records`` (CONTRACT: Records): answered as
    the same hands given as a transcript with ``next_hands``, the holding
    judging it as it judges that transcript (its first deal, and the last
    hand's provenance); every refusal names the record at fault (``record``).

    Raises:
        RecordInvalid: a line that cannot be read (422), with ``record``.
        RefereeError: a refused deal or play (409) or the holding's refusal,
            with ``record`` (a refused deal or play) and ``position``.
    """
    records = read_records(lines, game=game.id)
    transcript = {"deal": records[0].deal_arguments(), "next_hands": [{"deal": record.deal_arguments()} for record in records[1:]]}
    first = holding.transcript(game, transcript).provenance
    try:
        hand, events, scores = replay_records(records)
    except RefereeError as refusal:
        if "hand" in refusal.extra:  # the rules' refusal of a record's deal or play (not a deadline passed)
            name_record(refusal, refusal.extra["hand"] - 1)
        raise
    return _transcript_answer(holding, hand, events, scores, holding.transcript_provenance(hand, transcript, first))


def _register(game: Game) -> None:
    """Add one game's operations to the blueprint."""
    schemas = schemas_for(game.id)
    prefix = game.id.replace("-", "_")
    operation = operations(game, blp)

    def conflict(description: str) -> dict[str, Any]:
        return conflict_response(game, description)

    illegal = conflict("Illegal move (`legal_moves` lists the legal ones), invalid state (`problems` lists every problem), "
                       "unsupported version; or, signed and sealed modes, a state already spent by another move (`state_spent`).")
    invalid = conflict(INVALID)
    state_links = {
        "legal_moves": link(f"{prefix}_legal_moves", {"state": "$response.body#/state"}, "The legal moves in the new state."),
        "score": link(f"{prefix}_score", {"state": "$response.body#/state"}, "The score of the new state."),
        "sealed_legal_moves": link(f"{prefix}_legal_moves", {"token": "$response.body#/token"}, "Sealed mode: the legal moves in the new hand."),
        "sealed_score": link(f"{prefix}_score", {"token": "$response.body#/token"}, "Sealed mode: the score of the new hand."),
    }

    @operation(
        "deal", f"Deal a hand of {game.name}", schemas.deal(), schemas.state_response,
        conflict("The deck or hands are not this game's (`invalid_state`), or a seat is out of range; with `previous`, "
                 "a hand not over or a match over, or (signed and sealed modes) a finished hand whose next hand was already "
                 "dealt by another request (`state_spent`)."),
        responses={200: {"links": state_links}},
    )
    def deal(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Deal a hand.

        Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

        With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
        sealed mode: not from an audit's token (403 `audit_token`).
        """
        return spend_deal(game, holding, args)

    @operation(
        "legal_moves", f"List the legal moves ({game.name})", schemas.state_request(), schemas.legal_moves_response, invalid,
        responses={
            200: {
                "links": {
                    "play": link(
                        f"{prefix}_play",
                        {"state": "$request.body#/state", "move": "$response.body#/moves/0"},
                        "Play the first legal move.",
                    ),
                    "sealed_play": link(
                        f"{prefix}_play",
                        {"token": "$request.body#/token", "move": "$response.body#/moves/0"},
                        "Sealed mode: play the first legal move (with the seat's credential).",
                    ),
                }
            }
        },
    )
    def legal_moves(args: dict[str, Any], holding: Holding) -> flask.Response:
        """List the legal moves.

        Every move the seat to act may make; none once the hand is over.
        """
        return on_hand(game, holding, _legal_moves, args)

    @operation(
        "play", f"Play a move ({game.name})", schemas.play_request(), schemas.play_response, illegal,
        responses={200: {"links": state_links}},
    )
    def play(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Play a move.

        The state after the move and the events it caused. An illegal move
        answers 409 with a `code` and a `detail` naming the rule broken, and
        the `legal_moves`; the state is not changed.
        """
        return spend_play(game, holding, args)

    @operation(
        "timeout", f"Play for a seat whose time ran out ({game.name})", schemas.state_request(), schemas.play_response,
        conflict("The hand has no clock (`no_clock`), its seat to act's time has not run out (`clock_running`, with "
                 "`remaining_ms`), the hand is over (`hand_over`), or the state was already spent by another request "
                 "(`state_spent`)."),
        responses={200: {"links": state_links}},
    )
    def timeout(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Play for a seat whose time ran out.

        Signed and sealed modes, in a match dealt with a clock: once the
        deadline of the seat to act has passed, the referee plays for it the
        move `suggest` with level `rules` would choose from that seat's view
        alone, and answers as `play` does; that play's `card_played` event has
        `"timeout": true`, and the hand's record marks it (`~`). Sealed mode:
        with the credential of any seat of the match. It spends the state as
        `play` does: the same timeout again answers the same body.
        """
        return spend_timeout(game, holding, args)

    @operation(
        "trick_winner", f"Judge a trick ({game.name})", schemas.trick_request(), schemas.trick_response,
        conflict("The plays are not a possible trick (`invalid_trick`)."), holds_state=False,
    )
    def trick_winner(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Judge a trick.

        Who wins these plays, with no state needed (RULINGS A11, F1).
        """
        trick = game.trick_winner(args["plays"])
        assert trick.card is not None
        out = {"winner": trick.winner, "card": trick.card.code, "led_suit": trick.led_suit}
        if trick.points is not None:
            out["points"] = trick.points
        return json_answer(out)

    @operation("score", f"Score the hand ({game.name})", schemas.state_request(), schemas.score_response, invalid)
    def score(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Score the hand.

        The hand's result so far: over or not, the winner, and the game's scoring fields.
        """
        return on_hand(game, holding, _score, args)

    @operation("view", f"One seat's view ({game.name})", schemas.view_request(), schemas.view_response, invalid)
    def view(args: dict[str, Any], holding: Holding) -> flask.Response:
        """One seat's view.

        What one seat may know, and nothing more: its own cards, what has been
        played and counts of the rest; never the deal or the seed. Sealed
        mode: the credential's seat's view; without a credential, the
        spectator's view (the public state; `seat` null, no cards of any
        seat's own, no legal moves).
        """
        return on_hand(game, holding, _view, args)

    @operation(
        "reseat", f"Give a seat a new player ({game.name})", schemas.reseat_request(), schemas.reseat_response,
        conflict("A seat not at this table (`seat_out_of_range`), or a token already spent by another request "
                 "(`state_spent`): go on from the newest token."),
        before=methodcaller("refuse_reseat"),
    )
    def reseat(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Give a seat a new player.

        Sealed mode, with the match's host credential (answered as `host` by
        the match's first deal): the same hand in a new token, and the seat's
        new credential. On that token and every later one of the match
        (next hands dealt with `previous` too) the seat's old credential
        answers 403 `seat_credential_invalid`. It spends its token as `play`
        does: the same request again answers the same body; any other use of
        the token to move on answers 409 `state_spent`. Without the host's
        credential: 403 `seat_credential_invalid`; open and signed modes have
        no credentials: 403 `state_token_invalid`.
        """
        return json_answer(holding.reseat(game, args))

    @operation(
        "replay", f"Replay a transcript or a record ({game.name})", schemas.replay_request(), schemas.replay_response,
        conflict("An illegal move: `hand` and `index` locate it, `legal_moves` lists the moves allowed there; "
                 "or a deal that cannot be made. With a record, `position` also says where on its line."),
        alternatives={"record": schemas.record_replay_request(), "records": schemas.records_replay_request()}, credential=False,
    )
    def replay(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Replay a transcript, a record or a match's records.

        Play a whole transcript in one call: a deal request and its moves, then
        any later hands of the match (`next_hands`). Or replay one hand's
        `record` (docs/notation.md) in place of the deal and moves: the answer
        is the same as for its deal and plays given apart. Or replay a match's
        `records`, each hand's record in order: the answer is the same as for
        those hands given as a deal, moves and `next_hands` (each later hand
        must follow the one before as a next hand does: RULINGS A14, F7). A
        record that cannot be read answers 422 `record_invalid`, a refused
        deal or play 409 as a transcript's; both carry `position`, the 0-based
        offset of the first character at fault on the line, and with
        `records`, `record`: that line's index in `records`. Sealed mode: a
        replay is a chosen deal (403 `chosen_deal_refused` unless the
        operator allows them), but for one finished hand's `record`, always
        answered as an audit: where chosen deals are not allowed, its token
        deals no next hand (403 `audit_token`).
        """
        if "records" in args:
            return _records_answer(holding, game, args["records"])
        if "record" in args:
            replayed, provenance = holding.replay_record(game, read_record(args["record"], game=game.id))
            return _transcript_answer(holding, *replayed, provenance)
        first, provenance, _, move_seconds = holding.transcript(game, args)
        hands = [(first, args["moves"])] + [(h["deal"], h["moves"]) for h in args.get("next_hands", [])]
        hand, events, scores = replay_transcript(game, hands)
        return _transcript_answer(holding, hand, events, scores, holding.transcript_provenance(hand, args, provenance),
                                  move_seconds=move_seconds)

    @operation("record", f"Write the hand's record ({game.name})", schemas.state_request(), schemas.record_response, invalid)
    def record(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Write the hand's record.

        The hand on one line (docs/notation.md): the game and rules version,
        the options that differ from the defaults, the seating, the match
        record of a later hand, the deal, every play in order and, once the
        hand is over, its result. `replay` with the record gives the hand
        back. Sealed mode: 403 `hidden_cards` until the hand is over; a
        finished sealed hand's record ends with its nonce and commitment,
        which anyone can check against its seed.
        """
        return on_hand(game, holding, _record, args)

    @operation(
        "check", f"Check a state ({game.name})", schemas.state_request(), schemas.check_response,
        conflict("A state of an unsupported version."), verify=False,
    )
    def check(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Check a state.

        Every invariant the state breaks, in the words of `invalid_state`;
        `valid` when there is none. A bad signature is listed as a problem.
        """
        problems = holding.verify(json_body(), checking=True) + holding.check(game, args)
        return json_answer({"valid": not problems, "problems": problems})


for _game in GAMES.values():
    _register(_game)
