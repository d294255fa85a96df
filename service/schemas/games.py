"""Request and response schemas, made per game from the registry.

Each game gets its own schema classes (``AgramState``, ``AgencyPlayRequest``
...), so ``openapi.yaml`` states each game's exact player range, options and
state shape. Loading turns JSON into the core's values (``Card``, ``Play``,
``Trick``, ``HandRecord``); ``dump_state`` and ``dump_view`` are the one place a
hand becomes JSON.

What is the same for every game is written here, once. What differs by
family of games (the seating, the live cards, the derived fields, the seat
view) is the family's edge: ``service.schemas.agency`` and
``service.schemas.last_trick``, found through ``game.family``; nothing here
tests which game it serves.

A state carries its deal and every play since (the canonical part) and the
fields derived from them for rendering (current hands or holders, whose turn,
points, reach...). On input every derived field is optional, but any that is
sent must agree with the rules (``invalid_state`` otherwise).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import fields as record_fields
from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from ..cards import SEED_MAX, WALL
from ..games import GAMES, Game
from ..games.base import RULES_VERSION, STATE_SCHEMA_VERSION, check_versions
from ..games.records import CHOSEN_SOURCES, MAX_HANDS, Claims, DealSource, HandRecord, MatchRecord, OptionSpec, TallyUnit
from ..sealing import MAX_TOKEN_CHARS
from ..tricks import Play, Trick
from .clocks import SEAT_MAX, DealClock, clock_field, timeouts_field
from .edges import edge_of
from .family import BoundedSchema, FamilyEdge, GameParts, named_schema
from .fields import Bool, CardField, Deck, Int, List, OneOf, StateOrToken, referee_time_field, seat, seed_text_field
from .sealed import MAX_GENERATION, SEAT_RESEATED


def schema_prefix(game_id: str) -> str:
    """The prefix of a game's schema names: ``agram-mali`` -> ``AgramMali``."""
    return "".join(part.capitalize() for part in game_id.split("-"))


STATE_ORDER = (
    "game", "options", "players", "dealer", "first_leader", "deal", "hands", "holders", "tricks", "trick",
    "to_act", "hand_over", "winner", "team_points", "end", "reach", "match",
)
"""The order of a state's fields in the schema."""


MAX_PLAYS = 100
"""More plays than any hand has: the bound of a state's ``timeouts``."""


def _ordered(fields_: dict[str, Any]) -> dict[str, Any]:
    return {name: fields_[name] for name in STATE_ORDER if name in fields_}


def _option_field(spec: OptionSpec) -> fields.Field[Any]:
    meta = {"description": spec.description}
    if spec.type == "boolean":
        return Bool(load_default=spec.default, dump_default=spec.default, metadata=meta)
    return Int(
        load_default=spec.default,
        dump_default=spec.default,
        allow_none=spec.nullable,
        validate=validate.Range(min=spec.minimum, max=spec.maximum),
        metadata=meta,
    )


@dataclass(frozen=True)
class GameSchemas:
    """The schema classes of one game's operations."""

    deal: type[Schema]
    state_request: type[Schema]
    play_request: type[Schema]
    trick_request: type[Schema]
    state_response: type[Schema]
    play_response: type[Schema]
    legal_moves_response: type[Schema]
    trick_response: type[Schema]
    score_response: type[Schema]
    move: type[Schema]
    state: type[Schema]
    match: type[Schema]
    view_request: type[Schema]
    view_response: type[Schema]
    reseat_request: type[Schema]
    reseat_response: type[Schema]
    replay_request: type[Schema]
    record_replay_request: type[Schema]
    records_replay_request: type[Schema]
    replay_response: type[Schema]
    check_response: type[Schema]
    record_response: type[Schema]
    parts: GameParts
    """The game's shared parts (its move, deck, seats), for schemas built elsewhere (``schemas.analysis``)."""
    hand_request: Callable[..., type[Schema]]
    """The maker of requests that name a hand by ``state`` or ``token`` (``_hand_request``)."""


class StateBase(BoundedSchema):
    """What every game's state schema shares: versions (refused before any
    other field is validated), the signature, and loading into the core's raw
    state. Subclasses set ``EDGE`` (their family's edge)."""

    EDGE: FamilyEdge[Any]
    GAME: str
    """The id of the game whose state this schema reads."""

    rules_version = fields.String(
        validate=validate.Length(max=32),
        metadata={"description": f"Rules version the state was made under (now {RULES_VERSION!r})."},
    )
    schema_version = Int(
        validate=validate.Range(min=0, max=1_000_000),
        metadata={"description": f"Shape version of this state (now {STATE_SCHEMA_VERSION})."},
    )
    signature = fields.String(
        validate=validate.Length(max=200),
        metadata={"description": "HMAC-SHA256 of the state, when the referee signs states (see docs/holding.md, Signed)."},
    )
    issued_at = referee_time_field(
        "Signed mode: when the referee issued the state (RFC 3339, UTC, with milliseconds), which its signature covers: "
        "send it back as it came, not as a time value written again. A state issued longer ago than the referee remembers "
        "spent states (`REFEREE_TOKEN_TTL_SECONDS`) can no longer be played or dealt from (403 `state_expired`); reading it "
        "still works.")
    clock = clock_field()
    timeouts = timeouts_field(MAX_PLAYS)

    def pre_read(self, data: dict[str, Any]) -> None:
        """A state of another version is refused before its fields are read
        (409); then what is not this game's state at all but is easily
        sent for one (422, one sentence saying what was sent and what to
        send, in place of a fault for each member): another game's state, a
        sealed hand's public state, a seat's view, a request body."""
        rules, shape = data.get("rules_version"), data.get("schema_version")
        if type(shape) is float and shape.is_integer():
            shape = int(shape)  # as the Int field reads it
        if (rules is None or isinstance(rules, str)) and (shape is None or type(shape) is int):
            check_versions(rules, shape)
        mistaken = _mistaken_state(data, self.GAME)
        if mistaken is not None:
            raise ValidationError(mistaken, "_schema")

    def build(self, data: dict[str, Any]) -> HandRecord:
        """The state's hand record: its plays in order, and as its claims
        the grouping of the plays into tricks and the derived fields it sent."""
        match = data.get("match") or {}
        tricks, trick = data["tricks"], data["trick"]
        plays = [play for done in tricks for play in done.plays]
        if trick is not None:
            plays += trick.plays
        return HandRecord(
            seating=self.EDGE.seating(data),
            options=data["options"],
            seed=data["deal"].get("seed"),
            deal_hands=data["deal"]["hands"],
            plays=plays,
            match=match.get("record"),
            timeouts=tuple(data.get("timeouts", ())),
            claims=Claims(
                tricks=tricks,
                trick=trick,
                undealt=data["deal"].get("undealt"),
                seed_text=data["deal"].get("seed_text"),
                fields={name: data[name] for name in self.EDGE.CLAIMED if name in data},
                match=match.get("claimed", {}),
            ),
        )


def _mistaken_state(data: dict[str, Any], game: str) -> str | None:
    """What is wrong with sending ``data`` as a state of ``game`` when it is
    plainly something else (see :meth:`StateBase.pre_read`); ``None`` when
    it is not."""
    named = data.get("game")
    if type(named) is str and named != game and named in GAMES:
        return f"This is a state of {named}, not of {game}: send it to {named}'s operations (/v1/games/{named}/...)."
    if "match_id" in data and "ply" in data:
        return ("This is a sealed hand's public state, which holds no hidden card, so no move can be judged from it: "
                "send the hand's token as `token` in place of `state`.")
    if "seat" in data and "legal_moves" in data:
        return "This is a seat's view, which holds only that seat's cards: send the hand's state (sealed mode: its token)."
    if "state" in data or "token" in data:
        return "This is a request body, not a state: send the hand's state itself as `state`, once."
    return None


class HandRequest(BoundedSchema):
    """A request that names its hand by ``state`` or ``token``: exactly one."""

    def pre_read(self, data: dict[str, Any]) -> None:
        """A body that is itself a hand's state (or public state) is refused
        with one sentence saying where the state goes, in place of an
        unknown-field fault for each of its members."""
        if "state" not in data and "token" not in data and "game" in data and "tricks" in data:
            raise ValidationError("The body is a hand's state itself: send it as `state` (`{\"state\": <the state>}`, "
                                  "with the request's other members beside it), or in sealed mode its token as `token`.", "_schema")

    def checks(self, data: dict[str, Any]) -> None:
        if ("state" in data) == ("token" in data):
            raise ValidationError("Give the hand's state, or in sealed mode its token: exactly one of them.", "_schema")


def _token(required: bool = False) -> fields.String:
    return fields.String(required=required, validate=validate.Length(min=1, max=MAX_TOKEN_CHARS),
                         metadata={"description": "Sealed mode: the hand's token, in place of its state."})


@cache
def _seat_credential() -> type[Schema]:
    return named_schema("SeatCredential", {
        "seat": Int(required=True, metadata={"description": "The seat."}),
        "credential": fields.String(required=True, metadata={"description": "Its credential: send it as `Authorization: Bearer <credential>`."}),
    }, doc="A seat's credential, valid for every hand of the match (sealed mode).")


@cache
def _sealed_deal() -> type[Schema]:
    return named_schema("SealedDeal", {
        "source": fields.String(required=True, validate=validate.OneOf([source.value for source in DealSource]),
                                metadata={"description": "Where the deal came from: drawn at random, or chosen (a seed, a deck order, hands)."}),
        "commitment": fields.String(metadata={"description": "A seeded deal: lowercase hex SHA-256 of the nonce then the seed as 8 bytes big-endian."}),
        "seed": Int(metadata={"description": "Once the hand is over: the seed (recompute the deal with the documented shuffle)."}),
        "seed_text": seed_text_field("Once the hand is over: the seed as a decimal string, which JavaScript reads exactly (the seed may be 2^53 or more)."),
        "nonce": fields.String(metadata={"description": "Once the hand is over: the nonce, lowercase hex."}),
    }, doc="Where a sealed hand's deal came from; its seed and nonce once the hand is over.")


def _public_fields(parts: GameParts, view_fields: dict[str, Any]) -> dict[str, Any]:
    """What every seat may see of a sealed hand: the seat view's members
    that belong to no one seat, where the deal came from, the match id and the ply."""
    private = parts.game.view_type.PRIVATE
    return {
        **{name: field for name, field in view_fields.items() if name not in private},
        **_progress_fields(required=True),
        "clock": clock_field(),
        "timeouts": timeouts_field(MAX_PLAYS),
    }


def _progress_fields(*, required: bool) -> dict[str, Any]:
    """Where a sealed hand stands (``service.schemas.sealed.dump_progress``): in its public state, and in a seat's view in sealed mode."""
    def described(text: str) -> dict[str, str]:
        return {"description": text if required else f"Sealed mode: {text[0].lower()}{text[1:]}"}

    return {
        "deal": fields.Nested(_sealed_deal(), required=required, metadata=described("Where the deal came from.")),
        "match_id": fields.String(required=required, metadata=described("The same for every hand of a match.")),
        "ply": Int(required=required, metadata=described("Plays made in this hand: the newest token of a match has the highest.")),
        "reseats": List(Int(validate=validate.Range(min=0, max=MAX_GENERATION)), validate=validate.Length(min=1, max=SEAT_MAX + 1), metadata={
            "description": "Sealed mode, once the match's host has given a seat a new player (`reseat`): seat by seat, how many "
                           "times it did in this match; absent before the first. A `reseat` answers the event `seat_reseated`."}),
    }


def _public_state(parts: GameParts, public: dict[str, Any]) -> type[Schema]:
    return named_schema(f"{parts.prefix}PublicState", public,
                        doc=f"What every seat may see of a sealed hand of {parts.game.name}: no unplayed or undealt card, no seed while it runs.")


def _view_response(parts: GameParts, view_fields: dict[str, Any], public: dict[str, Any]) -> type[Schema]:
    """``view``'s answer, documented as ``oneOf`` a seat's view and, in
    sealed mode without a credential, the spectator's view: the public state
    with the members that belong to one seat empty (``seat`` null, no legal
    moves; no cards of a seat's own: Agram family ``hand``, Agency ``team``
    and ``reach``, all null)."""
    sealed = {**_progress_fields(required=False), "clock": clock_field(), "timeouts": timeouts_field(MAX_PLAYS)}  # as the public state shows them
    seat_view = named_schema(f"{parts.prefix}SeatView", {**view_fields, **sealed},
                             doc="What one seat may know: its own cards, what has been played, and counts of the rest; no dealt "
                                 "card and no seed while the hand runs (sealed mode: the hand's progress as the public state shows it).")
    nobody = {"type": "null", "description": "Null: the spectator's view belongs to no seat."}
    empty: dict[str, fields.Field[Any]] = {name: fields.Raw(required=True, metadata=nobody) for name in parts.game.view_type.PRIVATE}
    empty["legal_moves"] = List(fields.Nested(parts.move), required=True, validate=validate.Length(equal=0),
                                metadata={"description": "Empty: a spectator has no moves."})
    spectator = named_schema(f"{parts.prefix}SpectatorView", {**public, **empty},
                             doc="Sealed mode, `view` without a credential: what every seat may see (the public state), "
                                 "and nothing of any seat's own.")
    answer = named_schema(f"{parts.prefix}View", {**view_fields, **sealed}, doc="A seat's view, or the spectator's view (sealed mode).")
    answer.DOCUMENTED_AS = (seat_view, spectator)  # type: ignore[attr-defined]
    return answer


class _MatchBase(BoundedSchema):
    """Loads a match into its record (canonical) and the derived fields sent."""

    def build(self, data: dict[str, Any]) -> dict[str, Any]:
        record = MatchRecord(hand=data["hand"], previous=tuple(data["previous"]), chooser=data.get("chooser"))
        derived = {name: value for name, value in data.items() if name not in ("hand", "previous", "chooser")}
        return {"record": record, "claimed": derived}


TALLY_BOUND = 10**15
"""Bounds of a match tally: far beyond any real match, and below 2**53 so a
tally is exact in every JSON reader."""


def _tally() -> Int:
    return Int(validate=validate.Range(min=-TALLY_BOUND, max=TALLY_BOUND))


def _match_schema(game: Game, edge: FamilyEdge[Any], prefix: str) -> type[Schema]:
    """The state's ``match`` object (RULINGS A14, F7)."""
    entries, per = edge.tallies(game)
    fields_: dict[str, Any] = {
        "hand": Int(required=True, validate=validate.Range(min=1, max=MAX_HANDS), metadata={"description": "This hand's number in the match, from 1."}),
        "previous": List(
            _tally(), required=True, validate=validate.Length(min=2, max=entries),
            metadata={"description": f"The tally per {per} before this hand."},
        ),
        "target": Int(allow_none=True, validate=validate.Range(min=1, max=10**9),
                      metadata={"description": "What wins the match (the target option); null: no target."}),
        "unit": fields.String(validate=validate.OneOf([unit.value for unit in TallyUnit]),
                              metadata={"description": "What the tally counts: `hands`, `points`, `balance` or `game_points`."}),
        "tally": List(_tally(), validate=validate.Length(max=entries), metadata={"description": f"The tally per {per}, with this hand once it is over."}),
        "over": Bool(metadata={"description": "Whether the match is over."}),
        "winner": Int(allow_none=True, validate=validate.Range(min=0, max=entries - 1), metadata={"description": f"The {per} that won the match, once it is over."}),
        **edge.match_fields(),
    }
    return named_schema(f"{prefix}Match", fields_, _MatchBase, doc="Where this hand stands in its match.")


class _PlayBase(BoundedSchema):
    def build(self, data: dict[str, Any]) -> Play:
        return Play(data["seat"], data["card"], data.get("holder"))


class _TrickBase(BoundedSchema):
    def build(self, data: dict[str, Any]) -> Trick:
        return Trick(data["leader"], tuple(data["plays"]), data.get("winner"), data.get("card"), data.get("points"))  # leader, plays, winner, card, points


@cache
def schemas_for(game_id: str) -> GameSchemas:
    """The schema classes for ``game_id`` (cached: each class is made once),
    built by the small builders below, each from what the ones before it made."""
    game = GAMES[game_id]
    edge = edge_of(game)
    parts = _parts(game, edge)
    state = _state_schema(parts, edge)
    deal = _deal_request(parts, edge, state)
    hand_request = _hand_request(parts, state)
    view_fields = {**_view_common(parts), **edge.view_fields(parts)}
    public = _public_fields(parts, view_fields)
    public_state = _public_state(parts, public)
    answer_state = OneOf(fields.Nested(state), fields.Nested(public_state), required=True,
                         metadata={"description": "The state (open and signed modes), or the public state (sealed mode)."})
    score_fields = _score_fields(game, edge, parts.top)
    score_response = _request(parts, "Score", score_fields, "The hand's result so far.")
    kinds = _events(parts, edge, score_fields)

    def events(**kwargs: Any) -> List:
        """Events: each ``oneOf`` the game's event types, told apart by ``type``."""
        return List(OneOf(*(fields.Nested(schema) for schema in kinds.values()), discriminator=("type", kinds)), required=True, **kwargs)

    return GameSchemas(
        deal=deal,
        state_request=hand_request("StateRequest", {}, "A hand."),
        play_request=hand_request("PlayRequest", {"move": fields.Nested(parts.move, required=True)}, "A hand and a move."),
        view_request=hand_request(
            "ViewRequest",
            {"seat": seat("The seat whose view is wanted.", maximum=parts.top, required=True)},
            "A hand and the seat whose view is wanted.",
            {"seat": seat("The credential's seat, if given.", maximum=parts.top)},
        ),
        reseat_request=_request(parts, "ReseatRequest", {
            "token": _token(required=True),
            "seat": seat("The seat to give a new player.", maximum=parts.top, required=True),
        }, "Sealed mode: a hand's token and the seat to give a new player (with the host's credential)."),
        reseat_response=_request(parts, "Reseated", {
            "state": fields.Nested(public_state, required=True),
            "token": fields.String(required=True, metadata={"description": "The hand's new token, in which the seat's old credential no longer acts."}),
            "seat": seat("The seat given a new player.", maximum=parts.top, required=True),
            "credential": fields.String(required=True, metadata={
                "description": "The seat's new credential: send it as `Authorization: Bearer <credential>`, on this token and every later one of the match."}),
            "events": List(fields.Nested(SeatReseated), required=True, validate=validate.Length(equal=1), metadata={
                    "description": "What happened, as a play's events say it: the seat given a new player. The state's `reseats` "
                                   "counts it for every seat and spectator."}),
        }, "The hand, its seat given a new player: its new token, the seat's new credential, and the event."),
        trick_request=_trick_request(parts, edge),
        replay_request=_replay_request(parts, edge, deal),
        record_replay_request=_request(parts, "RecordReplay", {"record": _record_line()},
                                       "One hand's record (docs/notation.md), in place of its deal and moves."),
        records_replay_request=_request(parts, "RecordsReplay", {
            "records": List(_record_line("One hand's record (docs/notation.md), as `record` answers it."), required=True, validate=validate.Length(min=1, max=MAX_NEXT_HANDS + 1), metadata={
                "description": "The records of a match's hands in order (docs/notation.md), each as `record` answers it, in place of "
                               f"a transcript's deal, moves and `next_hands` (at most {MAX_NEXT_HANDS + 1} hands, as a transcript): "
                               "replayed exactly as those hands given that way, each later hand dealt after the one before. A line "
                               "that cannot be read answers 422 `record_invalid` with `position` on that line and `record`, its "
                               "index in `records`; a refused deal or play 409 with `record`, `hand` and `position`."}),
        }, "A match's records, in place of its transcript."),
        state_response=_request(parts, "StateResponse", {
            "state": answer_state, **_SEALED_MEMBERS, "seats": _seats(game, "a match's first deal"), "host": _host("a match's first deal"),
        }, "A new hand."),
        play_response=_request(parts, "PlayResponse", {"state": answer_state, **_SEALED_MEMBERS, "events": events()},
                               "The state after the move and what happened, in order."),
        legal_moves_response=_request(parts, "LegalMoves", {
            "to_act": seat("The seat to act; null once the hand is over.", maximum=parts.top, allow_none=True, required=True),
            "moves": List(fields.Nested(parts.move), required=True, metadata={"description": "Every legal move."}),
        }, "The legal moves of the seat to act."),
        trick_response=_request(parts, "TrickWinner", {
            "winner": seat("The winning seat.", maximum=parts.top, required=True),
            "card": parts.deck.card(required=True, metadata={"description": "The winning card."}),
            "led_suit": fields.String(allow_none=True, metadata={"description": "The led suit."}),
            **edge.trick_winner_fields(),
        }, "Who wins these plays (RULINGS A11, F1)."),
        score_response=score_response,
        view_response=_view_response(parts, view_fields, public),
        replay_response=_request(parts, "ReplayResult", {
            "state": answer_state,
            **_SEALED_MEMBERS,
            "events": events(metadata={"description": "Every event in order; `hand` is the hand's number in the transcript, from 1."}),
            "score": fields.Nested(score_response, required=True, metadata={"description": "The score of the last hand."}),
            "scores": List(fields.Nested(score_response), required=True, metadata={"description": "The score of each hand."}),
            "seats": _seats(game, "a transcript whose first deal starts a match"),
            "host": _host("a transcript whose first deal starts a match"),
        }, "The result of a transcript."),
        check_response=_request(parts, "CheckResult", {
            "valid": Bool(required=True, metadata={"description": "Whether the state is one the referee could have produced."}),
            "problems": List(fields.String(), required=True, metadata={"description": "Every problem found, in the words of `invalid_state`."}),
        }, "What is wrong with a state, if anything."),
        record_response=_request(parts, "RecordResponse", {
            "record": fields.String(required=True, metadata={"description": "The hand's canonical record: one line (docs/notation.md)."}),
        }, f"A hand of {game.name} on one line: paste it into `replay` as `record`."),
        move=parts.move,
        state=state,
        match=parts.match,
        parts=parts,
        hand_request=hand_request,
    )


_SEALED_MEMBERS = {
    "token": fields.String(metadata={"description": "Sealed mode: the hand's token, to send back in place of the state."}),
}
"""What a sealed answer adds beside its public state."""


def _seats(game: Game, when: str) -> List:
    """The ``seats`` of a sealed answer that starts a match: each seat's credential."""
    return List(fields.Nested(_seat_credential()), validate=validate.Length(max=game.max_players),
                metadata={"description": f"Sealed mode, {when}: each seat's credential."})


def _host(when: str) -> fields.String:
    """The ``host`` of a sealed answer that starts a match: the host's credential."""
    return fields.String(metadata={"description": f"Sealed mode, {when}: the match's host credential, which gives a seat a new "
                                                  "player (`reseat`) and acts for no seat."})


class SeatReseated(BoundedSchema):
    """The match's host gave a seat a new player (`reseat`): its old credential no longer acts."""

    type = fields.String(required=True, validate=validate.OneOf([SEAT_RESEATED]), metadata={"description": "What happened."})
    seat = seat("The seat given a new player.", maximum=SEAT_MAX, required=True)


def _request(parts: GameParts, name: str, fields_: dict[str, Any], doc: str) -> type[Schema]:
    """A request or answer schema of the game, named with its prefix."""
    return named_schema(f"{parts.prefix}{name}", fields_, doc=doc)


def _parts(game: Game, edge: FamilyEdge[Any]) -> GameParts:
    """The game's schemas that the others refer to: options, moves and plays, tricks, the deal record, the match."""
    prefix = schema_prefix(game.id)
    seats = game.max_players
    top = seats - 1
    deck = Deck(tuple(card.code for card in game.deck) + ((WALL.code,) if game.walls else ()), f"{prefix}Card")
    options = named_schema(f"{prefix}Options", {spec.name: _option_field(spec) for spec in game.options},
                           doc=f"Rules options for {game.name}; each defaults as listed.")
    move = _play_schema(prefix, edge, top, "Move", "move", edge.MOVE_DOC, "The seat that plays.",
                        deck.card(required=True, metadata={"description": "The card's code (RULINGS C3)."}))
    recorded_play = _play_schema(prefix, edge, top, "Play", "recorded", "A card played to a trick.", "The seat that played.",
                                 deck.card(required=True))

    def plays_field() -> List:
        return List(fields.Nested(recorded_play), required=True, validate=validate.Length(max=seats))

    trick = named_schema(
        f"{prefix}Trick",
        {"leader": seat("The seat that led it (RULINGS C2).", maximum=top, required=True), "plays": plays_field()},
        _TrickBase,
        doc="The trick in progress: its leader and the plays so far.",
    )
    won_trick = named_schema(
        f"{prefix}CompletedTrick",
        {
            "leader": seat("The seat that led it.", maximum=top, required=True),
            "plays": plays_field(),
            "winner": seat("The seat that won it.", maximum=top),
            "card": deck.card(metadata={"description": "The winning card."}),
            **edge.completed_trick_fields(),
        },
        _TrickBase,
        doc="A completed trick with its winner.",
    )
    deal_record = named_schema(
        f"{prefix}DealRecord",
        {
            "seed": Int(allow_none=True, validate=validate.Range(min=0, max=SEED_MAX), metadata={"description": "The seed it was dealt from, if any."}),
            "seed_text": seed_text_field("The seed as a decimal string, which JavaScript reads exactly; null without a seed. "
                                   "Sent back, it must be the seed written in decimal.", allow_none=True),
            "hands": List(
                deck.cards("A seat's dealt cards, in dealt order.", max_items=12),
                required=True,
                validate=validate.Length(max=seats),
                metadata={"description": "hands[s]: seat s's dealt cards in dealt order."},
            ),
            "undealt": deck.cards("The cards left undealt.", max_items=len(game.deck)),
        },
        doc="What was dealt.",
    )
    return GameParts(
        game=game, prefix=prefix, top=top, live_cards=game.hand_size + (game.walls or 0),  # Agency: a holder's 8 cards and 2 Walls (A5)
        deck=deck, options=options, deal_record=deal_record, trick=trick, won_trick=won_trick, move=move,
        match=_match_schema(game, edge, prefix),
    )


def _play_schema(prefix: str, edge: FamilyEdge[Any], top: int, name: str, kind: str, doc: str, seat_text: str,
                 card: CardField) -> type[Schema]:
    """A move or play (``kind``: ``move``, ``recorded`` or ``trick``, ``FamilyEdge.play_fields``)."""
    return named_schema(
        f"{prefix}{name}",
        {"seat": seat(seat_text, maximum=top, required=True), "card": card, **edge.play_fields(kind)},
        _PlayBase,
        doc=doc,
    )


def _hand_request(parts: GameParts, state: type[Schema]) -> Callable[..., type[Schema]]:
    """A maker of the requests that name a hand by its ``state`` or, in sealed
    mode, its ``token``: each loaded as one schema, documented as ``oneOf`` the two."""

    def hand_request(name: str, extra: dict[str, Any], doc: str, sealed_extra: dict[str, Any] | None = None) -> type[Schema]:
        held = {"description": "The hand (open and signed modes)."}
        either = {**extra, **(sealed_extra or {})}  # what either shape may leave out, the holding asks for
        loaded = named_schema(f"{parts.prefix}{name}", {"state": fields.Nested(state, metadata=held), "token": _token(), **either},
                              HandRequest, doc=doc)
        loaded.DOCUMENTED_AS = (  # type: ignore[attr-defined]
            named_schema(f"{parts.prefix}Open{name}", {"state": fields.Nested(state, required=True, metadata=held), **extra},
                         doc=f"{doc} Open and signed modes: the state."),
            named_schema(f"{parts.prefix}Sealed{name}", {"token": _token(required=True), **(extra if sealed_extra is None else sealed_extra)},
                         doc=f"{doc} Sealed mode: the token."),
        )
        return loaded

    return hand_request


def _trick_request(parts: GameParts, edge: FamilyEdge[Any]) -> type[Schema]:
    """What ``trick-winner`` takes: plays in order, the first leading."""
    play = _play_schema(parts.prefix, edge, parts.top, "TrickPlay", "trick", "A card played.", "The seat that played.",
                        parts.deck.card(required=True))
    return _request(parts, "TrickRequest", {
        "plays": List(fields.Nested(play), required=True, validate=validate.Length(min=1, max=parts.game.max_players)),
    }, "Plays in order; the first leads.")


def _documented_one_of(schema: type[Schema], **kwargs: Any) -> OneOf:
    """A member loaded by ``schema`` and documented as ``oneOf`` its ``DOCUMENTED_AS`` alternatives."""
    return OneOf(*(fields.Nested(choice) for choice in schema.DOCUMENTED_AS), load=fields.Nested(schema), **kwargs)  # type: ignore[attr-defined]


def _replay_request(parts: GameParts, edge: FamilyEdge[Any], deal: type[Schema]) -> type[Schema]:
    """What ``replay`` takes: a deal request and its moves, and the later hands of the match."""
    moves = {"description": "The moves, in order."}
    hand_transcript = _request(parts, "HandTranscript", {
        "deal": _documented_one_of(_deal_request(parts, edge, None), required=True,
                                   metadata={"description": "The deal: the hand before it is its previous hand."}),
        "moves": List(fields.Nested(parts.move), required=True, validate=validate.Length(max=64), metadata=moves),
    }, "A later hand of the match: its deal and moves.")
    return _request(parts, "ReplayRequest", {
        "deal": _documented_one_of(deal, required=True, metadata={"description": "The deal request of the first hand."}),
        "moves": List(fields.Nested(parts.move), required=True, validate=validate.Length(max=64), metadata={"description": "Its moves, in order."}),
        "next_hands": List(fields.Nested(hand_transcript), validate=validate.Length(max=MAX_NEXT_HANDS),
                           metadata={"description": "Later hands of the match, each dealt after the hand before it."}),
    }, "A transcript: a deal and its moves, and optionally the later hands of the match.")


MAX_NEXT_HANDS = 100
"""The most later hands a transcript replays (``next_hands``); a match's ``records`` hold one more."""

RECORD_MAX_CHARS = 65_536
"""The longest ``record`` string a body may carry. The record reader refuses
a line past its own limit (4,096 characters) as ``record_invalid``, at
character 4,096 (docs/notation.md)."""


def _record_line(description: str = "One hand's record (docs/notation.md), as `record` answers it, in place of `deal` and "
                                     "`moves`: it is replayed exactly as its deal and plays given apart. A line that cannot be "
                                     "read answers 422 `record_invalid` with `position`, the 0-based offset of the first "
                                     "character at fault.") -> fields.String:
    """``replay``'s ``record``: one hand's record line (also each of ``records``)."""
    return fields.String(required=True, validate=validate.Length(max=RECORD_MAX_CHARS), metadata={"description": description})


def _record_field(hint: Any, description: str) -> fields.Field[Any]:
    """A required response field for a field of a core record, from its type:
    ``int``, ``bool`` or a tuple of ints, each maybe ``| None``."""
    meta = {"description": description}
    nullable = isinstance(hint, types.UnionType) and type(None) in typing.get_args(hint)
    if nullable:
        (hint,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if typing.get_origin(hint) is tuple and typing.get_args(hint)[0] is int:
        return List(Int(), required=True, allow_none=nullable, metadata=meta)
    if hint is bool:
        return Bool(required=True, allow_none=nullable, metadata=meta)
    if hint is int:
        return Int(required=True, allow_none=nullable, metadata=meta)
    raise TypeError(f"no response field for {hint!r}")


def _score_fields(game: Game, edge: FamilyEdge[Any], top: int) -> dict[str, Any]:
    """The score's fields: ``hand_over``, the family's ``winner``, then the
    fields of the game's score record."""
    result: dict[str, Any] = {
        "hand_over": Bool(required=True, metadata={"description": "Whether the hand is over."}),
        "winner": edge.score_winner(top),
    }
    hints = typing.get_type_hints(game.score_type)
    for field_ in record_fields(game.score_type):
        if field_.name not in result:
            result[field_.name] = _record_field(hints[field_.name], field_.metadata["description"])
    return result


def _events(parts: GameParts, edge: FamilyEdge[Any], score_fields: dict[str, Any]) -> dict[str, type[Schema]]:
    """The schema of each event type, by ``type`` (the records of
    ``service.games.records``, as ``dump_event`` writes them)."""
    prefix, top, deck = parts.prefix, parts.top, parts.deck

    def kind(name: str, doc: str, fields_: dict[str, Any]) -> tuple[str, type[Schema]]:
        type_ = fields.String(required=True, validate=validate.OneOf([name]), metadata={"description": "What happened."})
        hand = Int(validate=validate.Range(min=1), metadata={"description": "replay: the hand's number in the transcript, from 1."})
        camel = "".join(part.capitalize() for part in name.split("_"))
        return name, named_schema(f"{prefix}{camel}", {"type": type_, **fields_, "hand": hand}, doc=doc)

    kinds = dict([
        kind("card_played", "A card was played.", {
            "seat": seat("The seat that played.", maximum=top, required=True),
            "card": deck.card(required=True, metadata={"description": "The card."}),
            **edge.play_fields("recorded"),
            "timeout": Bool(validate=validate.Equal(True), metadata={
                "description": "true when the referee made the play for a seat whose time ran out (`timeout`); absent otherwise."}),
        }),
        kind("trick_won", "A trick was completed.", {
            "winner": seat("The seat that won it.", maximum=top, required=True),
            "card": deck.card(required=True, metadata={"description": "The winning card."}),
            **edge.trick_winner_fields(),
            "trick": Int(required=True, validate=validate.Range(min=1), metadata={"description": "The trick's number in the hand, from 1."}),
        }),
        *([kind("trick_discarded", "The unfinished trick was discarded as the hand ended (A12a): its cards score for nobody.", {
            "plays": List(fields.Nested(parts.move), required=True, metadata={"description": "The discarded plays."}),
        })] if edge.DISCARDS else []),
        kind("hand_over", "The hand is over: its score" + (", and why it ended." if edge.DISCARDS else "."), {
            **edge.end_fields(required=True), **score_fields,
        }),
        kind("match_over", "The hand ended the match (RULINGS A14, F7).", {
            "winner": Int(required=True, metadata={"description": "The " + edge.TALLIED + " that reached the target."}),
            "tally": List(Int(), required=True, metadata={"description": "The final tally."}),
        }),
    ])
    return kinds


class _DealBase(BoundedSchema):
    """A deal request: at most one source of the deal."""

    def checks(self, data: dict[str, Any]) -> None:
        given = [name for name in CHOSEN_SOURCES if name in data]
        if len(given) > 1:
            raise ValidationError(f"Give at most one of seed, deck and hands, not {' and '.join(given)}.", "_schema")
        if "players" in self.fields and "previous" in self.fields and "players" not in data and "previous" not in data:
            raise ValidationError("Say how many players, or give the previous hand of the match.", "players")
        if "clock" in data and "previous" in data:
            raise ValidationError("A match's clock is set by its first deal and carried to every next hand: "
                                  "leave `clock` out of a deal with `previous`.", "clock")


def _deal_request(parts: GameParts, edge: FamilyEdge[Any], state: type[Schema] | None) -> type[Schema]:
    """The deal request. With a ``state`` schema: the request ``deal`` takes,
    loaded as one schema and documented as ``oneOf`` its alternatives: a
    first hand's deal and a next hand's (``previous``: the finished hand),
    each from one source (at random, a seed, a deck or hands: at most one of
    the three members, CONTRACT's deal). With ``state=None``: the deal of a
    later hand in a transcript, whose previous hand is implied, documented as
    its four sources. Each alternative has the members of its source alone,
    so a body matches exactly one of them."""
    game, prefix = parts.game, parts.prefix

    def sources(required: DealSource | None = None) -> dict[str, Any]:
        """The source members (each one source's alternative has its own, required)."""
        members: dict[str, Any] = {
            "seed": Int(required=required is DealSource.SEED, validate=validate.Range(min=0, max=SEED_MAX), metadata={
                "description": "Deal from this seed: the same seed, game and options give the same deal (see docs/api.md, Seeded deals)."}),
            "deck": parts.deck.cards(edge.DECK_DOC, max_items=len(game.deck), required=required is DealSource.DECK),
            "hands": List(
                parts.deck.cards("A seat's dealt cards, in dealt order.", max_items=12),
                required=required is DealSource.HANDS,
                validate=validate.Length(max=game.max_players),
                metadata={"description": edge.DEALT_HANDS_DOC.format(hand_size=game.hand_size)},
            ),
        }
        return members if required is None else {name: field for name, field in members.items() if name == required.value}

    options = {"options": fields.Nested(parts.options, metadata={
        "description": "Rules options; defaults apply. In a match, the first hand's options stay."})}
    seating = edge.deal_seating_fields(parts, first=False)

    def alternatives(name: str, others: Callable[[], dict[str, Any]], doc: str) -> tuple[type[Schema], ...]:
        """One documented schema per source (``DealSource``, in its order): ``{prefix}{name}{Source}Deal``."""
        return tuple(
            named_schema(f"{prefix}{name}{source.value.capitalize()}Deal", {**sources(source), **options, **others()}, _DealBase,
                         doc=f"{doc}, {SOURCE_DOCS[source]}.")
            for source in DealSource)

    def deal_schema(name: str, members: dict[str, Any], doc: str) -> type[Schema]:
        """A deal request as it is loaded, refusing the other family's members by name."""
        schema = named_schema(name, members, _DealBase, doc=doc)
        schema.NOT_MEMBERS = edge.OTHER_FAMILY_MEMBERS  # type: ignore[attr-defined]
        return schema

    if state is None:
        later = deal_schema(f"{prefix}TranscriptDeal", {**sources(), **options, **seating},
                            "A later hand of a transcript (its previous hand is the one before): "
                            "at most one of seed, deck and hands; none deals at random.")
        later.DOCUMENTED_AS = alternatives(  # type: ignore[attr-defined]
            "Transcript", lambda: edge.deal_seating_fields(parts, first=False),
            "A later hand of a transcript (its previous hand is the one before)")
        return later

    def previous(required: bool) -> StateOrToken:
        return StateOrToken(state, max_token=MAX_TOKEN_CHARS, required=required, metadata={
            "description": f"{edge.PREVIOUS_DOC} Sealed mode: its token."})

    def clock() -> dict[str, Any]:
        return {"clock": fields.Nested(DealClock, metadata={
            "description": "Signed and sealed modes: the match's clock, for every hand of it (open mode: 422)."})}

    loaded = deal_schema(f"{prefix}DealRequest", {**sources(), **options, "previous": previous(False), **seating, **clock()},
                         "A new hand: at most one of seed, deck and hands; none deals at random.")
    loaded.DOCUMENTED_AS = (  # type: ignore[attr-defined]
        *alternatives("", lambda: {**edge.deal_seating_fields(parts, first=True), **clock()}, "The first hand of a match"),
        *alternatives("Next", lambda: {"previous": previous(True), **edge.deal_seating_fields(parts, first=False)},
                      "The next hand of a match, after `previous`"),
    )
    return loaded


SOURCE_DOCS = {
    DealSource.RANDOM: "dealt at random (no seed, deck or hands)",
    DealSource.SEED: "dealt from a seed (docs/api.md, Seeded deals)",
    DealSource.DECK: "dealt from a deck order",
    DealSource.HANDS: "dealt as the hands given",
}
"""How each source's alternative deals, for its description (its name: the source's, ``SeedDeal``)."""


def _state_schema(parts: GameParts, edge: FamilyEdge[Any]) -> type[Schema]:
    """A hand's state: the fields every game has, and its family's."""
    game, top = parts.game, parts.top
    common = {
        "game": fields.String(required=True, validate=validate.OneOf([game.id]), metadata={"description": "The game id."}),
        "options": fields.Nested(parts.options, load_default=dict, metadata={"description": "Rules options in force."}),
        "deal": fields.Nested(parts.deal_record, required=True),
        "tricks": List(fields.Nested(parts.won_trick), required=True, validate=validate.Length(max=game.max_tricks),
                       metadata={"description": "Completed tricks, in order."}),
        "to_act": seat("The seat whose turn it is; null once the hand is over.", maximum=top, allow_none=True),
        "hand_over": Bool(metadata={"description": "Whether the hand is over."}),
        "match": fields.Nested(parts.match, metadata={"description": "Where this hand stands in its match; absent: a first hand."}),
    }
    base = type(f"_{parts.prefix}StateBase", (StateBase,), {"EDGE": edge, "GAME": game.id})
    return named_schema(
        f"{parts.prefix}State",
        _ordered({**common, **edge.state_fields(parts)}),
        base,
        doc=f"A hand of {game.name}: its deal and plays, and what they lead to.",
    )


def _view_common(parts: GameParts) -> dict[str, Any]:
    """The seat view's fields every game has (what every seat sees)."""
    return {
        "game": fields.String(required=True, validate=validate.OneOf([parts.game.id]), metadata={"description": "The game id."}),
        "options": fields.Nested(parts.options, required=True, metadata={"description": "Rules options in force."}),
        "seat": seat("The seat this view is for.", maximum=parts.top, required=True),
        "tricks": List(fields.Nested(parts.won_trick), required=True, metadata={"description": "Completed tricks (public)."}),
        "to_act": Int(allow_none=True, required=True),
        "hand_over": Bool(required=True),
        "winner": Int(allow_none=True, required=True),
        "legal_moves": List(fields.Nested(parts.move), required=True, metadata={"description": "This seat's legal moves; empty when it is not its turn."}),
        "match": fields.Nested(parts.match, required=True, metadata={"description": "Where the hand stands in its match (public)."}),
    }
