"""Request and response schemas, made per game from the registry.

Each game gets its own schema classes (``AgramState``, ``AgencyPlayRequest``
...), so ``openapi.yaml`` states each game's exact player range, options and
state shape. Loading turns JSON into the core's frozen values (``Card``,
``Play``, ``Trick``, the raw states); ``dump_state`` is the one place a state
becomes JSON.

A state carries its deal and every play since (the canonical part) and the
fields derived from them for rendering (current hands or holders, whose turn,
points, reach...). On input every derived field is optional, but any that is
sent must agree with the rules (``invalid_state`` otherwise).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, pre_load, validate, validates_schema

from ..cards import SEED_MAX
from ..games import AGENCY, GAMES, AgencyGame, Game
from ..games.agency import SEATS, AgencyState, RawAgencyState, holders_of, team
from ..games.base import RULES_VERSION, STATE_SCHEMA_VERSION, MatchRecord, OptionSpec, check_versions, refuse_seat
from ..games.last_trick import LastTrickState, RawLastTrickState
from ..tricks import Play, Trick
from .fields import Bool, CardField, FastList, Int, card_or_none, cards, seat, small_int

MAX_SEATS = max(game.max_players for game in GAMES.values())
END_REASONS = ("no_legal_play", "out_of_cards", "points_reached")
DEAL_SOURCES = ("seed", "deck", "hands")


def _camel(game_id: str) -> str:
    return "".join(part.capitalize() for part in game_id.split("-"))


STATE_ORDER = (
    "game", "options", "players", "dealer", "first_leader", "deal", "hands", "holders", "tricks", "trick",
    "to_act", "hand_over", "winner", "team_points", "end", "reach", "match",
)
"""The order of a state's fields in the JSON the referee writes."""


def _ordered(fields_: dict[str, Any]) -> dict[str, Any]:
    return {name: fields_[name] for name in STATE_ORDER if name in fields_}


def _schema(name: str, fields_: dict[str, Any], base: type[Schema] = Schema, doc: str = "") -> type[Schema]:
    """A named schema class (the name becomes the OpenAPI component)."""
    return type(name, (base,), {**fields_, "__doc__": doc})


def _option_field(spec: OptionSpec) -> fields.Field:
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
    view_request: type[Schema]
    view_response: type[Schema]
    replay_request: type[Schema]
    replay_response: type[Schema]
    check_response: type[Schema]


class _StateBase(Schema):
    """What every game's state schema shares: versions (refused before any
    other field is validated), the signature, and loading into the core's raw
    state. Subclasses set ``RAW`` (the raw state class), ``FIXED`` (fields
    passed as they are) and ``CLAIMED`` (derived fields checked by the core)."""

    RAW: type
    FIXED: tuple[str, ...]
    CLAIMED: tuple[str, ...]

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
        metadata={"description": "HMAC-SHA256 of the state, when the referee signs states (see README, Signed states)."},
    )

    @pre_load
    def _refuse_other_versions(self, data: Any, **kwargs: Any) -> Any:
        if isinstance(data, dict):
            rules, shape = data.get("rules_version"), data.get("schema_version")
            if type(shape) is float and shape.is_integer():
                shape = int(shape)  # as the Int field reads it
            if (rules is None or isinstance(rules, str)) and (shape is None or type(shape) is int):
                check_versions(rules, shape)
        return data

    @post_load
    def _raw(self, data: dict[str, Any], **kwargs: Any) -> RawLastTrickState | RawAgencyState:
        match = data.get("match") or {}
        return self.RAW(
            **{name: data[name] for name in self.FIXED},
            options=data["options"],
            seed=data["deal"].get("seed"),
            deal_hands=data["deal"]["hands"],
            undealt=data["deal"].get("undealt"),
            tricks=data["tricks"],
            trick=data["trick"],
            match=match.get("record"),
            claimed={name: data[name] for name in self.CLAIMED if name in data},
            claimed_match=match.get("claimed", {}),
        )


class _MatchBase(Schema):
    """Loads a match into its record (canonical) and the derived fields sent."""

    @post_load
    def _record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        record = MatchRecord(hand=data["hand"], previous=tuple(data["previous"]), chooser=data.get("chooser"))
        derived = {name: value for name, value in data.items() if name not in ("hand", "previous", "chooser")}
        return {"record": record, "claimed": derived}


TALLY_BOUND = 10**15
"""Bounds of a match tally: far beyond any real match, and below 2**53 so a
tally is exact in every JSON reader."""


def _tally() -> Int:
    return Int(validate=validate.Range(min=-TALLY_BOUND, max=TALLY_BOUND))


def _match_schema(game: Game, prefix: str) -> type[Schema]:
    """The state's ``match`` object (RULINGS A14, F7)."""
    agency = isinstance(game, AgencyGame)
    entries = 2 if agency else game.max_players
    per = "team" if agency else "seat"
    fields_: dict[str, Any] = {
        "hand": Int(required=True, validate=validate.Range(min=1, max=1_000_000), metadata={"description": "This hand's number in the match, from 1."}),
        "previous": fields.List(
            _tally(), required=True, validate=validate.Length(min=2, max=entries),
            metadata={"description": f"The tally per {per} before this hand."},
        ),
        "target": Int(allow_none=True, validate=validate.Range(min=1, max=10**9),
                      metadata={"description": "What wins the match (the target option); null: no target."}),
        "unit": fields.String(validate=validate.OneOf(["hands", "points", "balance", "game_points"]),
                              metadata={"description": "What the tally counts: `hands`, `points`, `balance` or `game_points`."}),
        "tally": fields.List(_tally(), validate=validate.Length(max=entries), metadata={"description": f"The tally per {per}, with this hand once it is over."}),
        "over": Bool(metadata={"description": "Whether the match is over."}),
        "winner": Int(allow_none=True, validate=validate.Range(min=0, max=entries - 1), metadata={"description": f"The {per} that won the match, once it is over."}),
    }
    if agency:
        fields_["chooser"] = Int(
            allow_none=True, load_default=None, validate=validate.Range(min=0, max=1),
            metadata={"description": "The team that chose this hand's leader (it lost the last decided hand); null for the first hand (A14)."},
        )
    return _schema(f"{prefix}Match", fields_, _MatchBase, doc="Where this hand stands in its match.")


@cache
def schemas_for(game_id: str) -> GameSchemas:
    """The schema classes for ``game_id`` (cached: each class is made once)."""
    game = GAMES[game_id]
    agency = isinstance(game, AgencyGame)
    prefix = _camel(game.id)
    seats = game.max_players
    top = seats - 1
    hand_cards = 10 if agency else game.hand_size
    max_tricks = 10 if agency else game.hand_size

    options = _schema(
        f"{prefix}Options",
        {spec.name: _option_field(spec) for spec in game.options},
        doc=f"Rules options for {game.name}; each defaults as listed.",
    )

    class _PlayBase(Schema):
        @post_load
        def _to_play(self, data: dict[str, Any], **kwargs: Any) -> Play:
            return Play(data["seat"], data["card"], data.get("holder"))

    move = _schema(
        f"{prefix}Move",
        {
            "seat": seat("The seat that plays.", maximum=top, required=True),
            "card": CardField(required=True, metadata={"description": "The card's code (RULINGS C3)."}),
            **(
                {"holder": seat("The holder the card is taken from (RULINGS A5). Required for a Wall; null is the same as leaving it out.",
                                maximum=SEATS - 1, allow_none=True)}
                if agency
                else {}
            ),
        },
        _PlayBase,
        doc="A move: a seat plays a card" + (", taken from a holder." if agency else "."),
    )
    recorded_play = _schema(
        f"{prefix}Play",
        {
            "seat": seat("The seat that played.", maximum=top, required=True),
            "card": CardField(required=True),
            **({"holder": seat("The holder the card came from.", maximum=SEATS - 1, required=True)} if agency else {}),
        },
        _PlayBase,
        doc="A card played to a trick.",
    )

    class _TrickBase(Schema):
        @post_load
        def _to_trick(self, data: dict[str, Any], **kwargs: Any) -> Trick:
            return Trick(
                leader=data["leader"],
                plays=tuple(data["plays"]),
                winner=data.get("winner"),
                card=data.get("card"),
                points=data.get("points"),
            )

    fast_play = _fast_play(top, agency)
    plays_field = lambda: FastList(  # noqa: E731
        recorded_play, fast_play, required=True, validate=validate.Length(max=seats)
    )
    trick = _schema(
        f"{prefix}Trick",
        {"leader": seat("The seat that led it (RULINGS C2).", maximum=top, required=True), "plays": plays_field()},
        _TrickBase,
        doc="The trick in progress: its leader and the plays so far.",
    )
    won_trick = _schema(
        f"{prefix}CompletedTrick",
        {
            "leader": seat("The seat that led it.", maximum=top, required=True),
            "plays": plays_field(),
            "winner": seat("The seat that won it.", maximum=top),
            "card": CardField(metadata={"description": "The winning card."}),
            **({"points": Int(validate=validate.Range(min=0, max=40), metadata={"description": "Card points in it (A3)."})} if agency else {}),
        },
        _TrickBase,
        doc="A completed trick with its winner.",
    )
    deal_record = _schema(
        f"{prefix}DealRecord",
        {
            "seed": Int(allow_none=True, validate=validate.Range(min=0, max=SEED_MAX), metadata={"description": "The seed it was dealt from, if any."}),
            "hands": fields.List(
                cards("A seat's dealt cards, in dealt order.", max_items=12),
                required=True,
                validate=validate.Length(max=seats),
                metadata={"description": "hands[s]: seat s's dealt cards in dealt order."},
            ),
            "undealt": cards("The cards left undealt.", max_items=len(game.deck)),
        },
        doc="What was dealt.",
    )
    won_trick.FAST = _fast_trick(top, seats, agency, fast_play)
    state = (_agency_state if agency else _last_trick_state)(game, prefix, options, deal_record, trick, won_trick, max_tricks, hand_cards)

    def request(name: str, fields_: dict[str, Any], doc: str) -> type[Schema]:
        return _schema(f"{prefix}{name}", fields_, doc=doc)

    deal = _deal_request(game, prefix, options, state)
    state_request = request("StateRequest", {"state": fields.Nested(state, required=True)}, "A state.")
    play_request = request(
        "PlayRequest", {"state": fields.Nested(state, required=True), "move": fields.Nested(move, required=True)}, "A state and a move."
    )

    trick_request = request(
        "TrickRequest",
        {"plays": fields.List(fields.Nested(_schema(f"{prefix}TrickPlay", {
            "seat": seat("The seat that played.", maximum=top, required=True),
            "card": CardField(required=True),
            **({"holder": seat("The holder it came from; accepted so moves can be sent as they are, and not needed.",
                               maximum=SEATS - 1, allow_none=True)} if agency else {}),
        }, _PlayBase, doc="A card played.")), required=True, validate=validate.Length(min=1, max=seats))},
        "Plays in order; the first leads.",
    )
    state_response = request("StateResponse", {"state": fields.Nested(state, required=True)}, "A new state.")
    event = _event_schema(prefix, agency, top)
    play_response = request(
        "PlayResponse",
        {"state": fields.Nested(state, required=True), "events": fields.List(fields.Nested(event), required=True)},
        "The state after the move and what happened, in order.",
    )
    legal_moves_response = request(
        "LegalMoves",
        {
            "to_act": seat("The seat to act; null once the hand is over.", maximum=top, allow_none=True, required=True),
            "moves": fields.List(fields.Nested(move), required=True, metadata={"description": "Every legal move."}),
        },
        "The legal moves of the seat to act.",
    )
    trick_response = request(
        "TrickWinner",
        {
            "winner": seat("The winning seat.", maximum=top, required=True),
            "card": CardField(required=True, metadata={"description": "The winning card."}),
            "led_suit": fields.String(allow_none=True, metadata={"description": "The led suit."}),
            **({"points": Int(required=True, metadata={"description": "Card points in the trick (A3)."})} if agency else {}),
        },
        "Who wins these plays (RULINGS A11, F1).",
    )
    score_response = request("Score", _score_fields(game, top), "The hand's result so far.")
    view_request = request(
        "ViewRequest",
        {"state": fields.Nested(state, required=True), "seat": seat("The seat whose view is wanted.", maximum=top, required=True)},
        "A state and a seat.",
    )
    view_response = _view_schema(game, prefix, trick, won_trick, move)
    hand_transcript = request(
        "HandTranscript",
        {
            "deal": fields.Nested(_deal_request(game, prefix, options, None), required=True,
                                  metadata={"description": "The deal: the hand before it is its previous hand."}),
            "moves": fields.List(fields.Nested(move), required=True, validate=validate.Length(max=64), metadata={"description": "The moves, in order."}),
        },
        "A later hand of the match: its deal and moves.",
    )
    replay_request = request(
        "ReplayRequest",
        {
            "deal": fields.Nested(deal, required=True, metadata={"description": "The deal request of the first hand."}),
            "moves": fields.List(fields.Nested(move), required=True, validate=validate.Length(max=64), metadata={"description": "Its moves, in order."}),
            "next_hands": fields.List(fields.Nested(hand_transcript), validate=validate.Length(max=100),
                                      metadata={"description": "Later hands of the match, each dealt after the hand before it."}),
        },
        "A transcript: a deal and its moves, and optionally the later hands of the match.",
    )
    replay_response = request(
        "ReplayResult",
        {
            "state": fields.Nested(state, required=True, metadata={"description": "The final state."}),
            "events": fields.List(fields.Nested(event), required=True, metadata={"description": "Every event in order; `hand` is the hand's number in the transcript, from 1."}),
            "score": fields.Nested(score_response, required=True, metadata={"description": "The score of the last hand."}),
            "scores": fields.List(fields.Nested(score_response), required=True, metadata={"description": "The score of each hand."}),
        },
        "The result of a transcript.",
    )
    check_response = request(
        "CheckResult",
        {
            "valid": Bool(required=True, metadata={"description": "Whether the state is one the referee could have produced."}),
            "problems": fields.List(fields.String(), required=True, metadata={"description": "Every problem found, in the words of `invalid_state`."}),
        },
        "What is wrong with a state, if anything.",
    )
    return GameSchemas(
        view_request=view_request,
        view_response=view_response,
        replay_request=replay_request,
        replay_response=replay_response,
        check_response=check_response,
        deal=deal,
        state_request=state_request,
        play_request=play_request,
        trick_request=trick_request,
        state_response=state_response,
        play_response=play_response,
        legal_moves_response=legal_moves_response,
        trick_response=trick_response,
        score_response=score_response,
        move=move,
        state=state,
    )


_PLAY_KEYS = frozenset({"seat", "card"})
_AGENCY_PLAY_KEYS = frozenset({"seat", "card", "holder"})
_TRICK_KEYS = frozenset({"leader", "plays"})
_WON_KEYS = frozenset({"leader", "plays", "winner", "card"})


def _fast_play(top: int, agency: bool) -> Callable[[Any], Play | None]:
    """The fast path of a recorded play (``FastList``): exactly the keys the
    schema requires, plain ints in range and a canonical card code."""
    keys = _AGENCY_PLAY_KEYS if agency else _PLAY_KEYS

    def load(item: Any) -> Play | None:
        if type(item) is not dict or item.keys() != keys:
            return None
        seat_, card, holder = item["seat"], card_or_none(item["card"]), item.get("holder")
        if card is None or not small_int(seat_, top) or (agency and not small_int(holder, SEATS - 1)):
            return None
        return Play(seat_, card, holder)

    return load


def _fast_trick(top: int, seats: int, agency: bool, fast_play) -> Callable[[Any], Trick | None]:
    """The fast path of a completed trick (``FastList``)."""
    keys = _WON_KEYS | {"points"} if agency else _WON_KEYS

    def load(item: Any) -> Trick | None:
        if type(item) is not dict or not (_TRICK_KEYS <= item.keys() <= keys):
            return None
        plays, winner, points = item["plays"], item.get("winner"), item.get("points")
        if type(plays) is not list or len(plays) > seats or not small_int(item["leader"], top):
            return None
        if ("winner" in item and not small_int(winner, top)) or ("points" in item and not small_int(points, 40)):
            return None
        card = card_or_none(item["card"]) if "card" in item else None
        loaded = [fast_play(play) for play in plays]
        if None in loaded or ("card" in item and card is None):
            return None
        return Trick(leader=item["leader"], plays=tuple(loaded), winner=winner, card=card, points=points)

    return load


def _fast_reach(max_cards: int) -> Callable[[Any], dict[str, Any] | None]:
    """The fast path of one ``AgencyReach`` entry (``FastList``)."""

    def load(item: Any) -> dict[str, Any] | None:
        if type(item) is not dict or item.keys() != {"holder", "cards"}:
            return None
        codes_ = item["cards"]
        if not small_int(item["holder"], SEATS - 1) or type(codes_) is not list or len(codes_) > max_cards:
            return None
        loaded = [card_or_none(code) for code in codes_]
        return None if None in loaded else {"holder": item["holder"], "cards": loaded}

    return load


def _score_fields(game: Game, top: int) -> dict[str, Any]:
    result = {
        "hand_over": Bool(required=True, metadata={"description": "Whether the hand is over."}),
    }
    if isinstance(game, AgencyGame):
        result["winner"] = Int(
            allow_none=True, required=True, metadata={"description": "The winning team (0 or 1); null while the hand runs or for a void hand (A13)."}
        )
        result["team_points"] = fields.List(Int(), required=True, metadata={"description": "Card points of team 0 and team 1 (A3, A4)."})
        return result
    result["winner"] = seat("The seat that won the last trick; null while the hand runs (F2).", maximum=top, allow_none=True, required=True)
    if game.bonus_rank is not None:
        result["multiplier"] = Int(allow_none=True, required=True, metadata={"description": "1, 2 or 4 (F2); null while the hand runs."})
        result["payouts"] = fields.List(
            Int(), required=True, metadata={"description": "Stake units won (+) or paid (-) per seat; they sum to 0 (F6)."}
        )
    if game.hand_points:
        result["points"] = Int(
            allow_none=True, required=True, metadata={"description": "Points the hand scores for its winner: 3 for a 6, 2 for a 7, else 1 (F2)."}
        )
    return result


def _event_schema(prefix: str, agency: bool, top: int) -> type[Schema]:
    return _schema(
        f"{prefix}Event",
        {
            "type": fields.String(
                required=True,
                validate=validate.OneOf(["card_played", "trick_won", "trick_discarded", "hand_over", "match_over"]),
                metadata={"description": "What happened."},
            ),
            "seat": Int(metadata={"description": "card_played: the seat that played."}),
            "card": fields.String(metadata={"description": "card_played: the card; trick_won: the winning card."}),
            "holder": Int(metadata={"description": "card_played (Agency): the holder it came from."}),
            "winner": Int(
                allow_none=True,
                metadata={"description": "trick_won: the winning seat; hand_over: the winning "
                          + ("team, null for a void hand." if agency else "seat.")},
            ),
            "trick": Int(metadata={"description": "trick_won: the trick's number, from 1."}),
            "points": Int(allow_none=True, metadata={"description": "trick_won (Agency): the trick's card points; hand_over (Spar): the hand's points."}),
            "plays": fields.List(fields.Dict(), metadata={"description": "trick_discarded: the discarded plays."}),
            "end": fields.String(metadata={"description": "hand_over (Agency): why the hand ended (A12), as the state's `end`."}),
            "hand_over": Bool(metadata={"description": "hand_over: always true."}),
            "team_points": fields.List(Int(), metadata={"description": "hand_over (Agency): points per team."}),
            "multiplier": Int(allow_none=True, metadata={"description": "hand_over (Fapfap)."}),
            "payouts": fields.List(Int(), metadata={"description": "hand_over (Fapfap)."}),
            "tally": fields.List(Int(), metadata={"description": "match_over: the final tally."}),
            "hand": Int(metadata={"description": "replay: the hand's number in the transcript, from 1."}),
        },
        doc="Something that happened. Fields beyond `type` depend on the type.",
    )


def _players(game: Game, required: bool = True) -> Int:
    """The player count, refused outside the game's range with a message naming it (F8)."""
    span = f"{game.min_players} to {game.max_players}"
    return Int(
        required=required,
        validate=validate.Range(min=game.min_players, max=game.max_players, error=f"{game.name} is played by {span} players (RULINGS F8)."),
        metadata={"description": f"Number of seats: {span} (RULINGS F8)."},
    )


def _deal_request(game: Game, prefix: str, options: type[Schema], state: type[Schema] | None) -> type[Schema]:
    """The deal request; with ``state=None``, the deal of a later hand in a
    transcript, whose previous hand is implied (no ``previous``, no ``players``)."""
    agency = isinstance(game, AgencyGame)
    hand = 8 if agency else game.hand_size

    class _DealBase(Schema):
        @validates_schema
        def _one_source(self, data: dict[str, Any], **kwargs: Any) -> None:
            given = [name for name in DEAL_SOURCES if name in data]
            if len(given) > 1:
                raise ValidationError(f"Give at most one of seed, deck and hands, not {' and '.join(given)}.", "_schema")
            if "players" in self.fields and "previous" in self.fields and "players" not in data and "previous" not in data:
                raise ValidationError("Say how many players, or give the previous hand of the match.", "players")

        @post_load
        def _kwargs(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
            return data

    fields_: dict[str, Any] = {
        "seed": Int(validate=validate.Range(min=0, max=SEED_MAX), metadata={"description": "Deal from this seed: the same seed, game and options give the same deal (see README, Seeded deals)."}),
        "deck": cards(
            "A full deck order: " + ("card k (k < 32) goes to seat k mod 4; the last 4 stay undealt (A7)." if agency
                                     else "dealt in batches from the seat after the dealer, the dealer last (F3)."),
            max_items=len(game.deck),
        ),
        "hands": fields.List(
            cards("A seat's dealt cards, in dealt order.", max_items=12),
            validate=validate.Length(max=game.max_players),
            metadata={"description": f"hands[s]: seat s's {hand} dealt cards, in dealt order" + (" (Walls are added, A5)." if agency else ".")},
        ),
        "options": fields.Nested(options, metadata={"description": "Rules options; defaults apply. In a match, the first hand's options stay."}),
    }
    if state is not None:
        fields_["previous"] = fields.Nested(state, metadata={"description": "The finished hand this one follows in a match (RULINGS "
                                            + ("A14): the team that lost it names the leader." if agency else "F7): its winner deals.")})
    if agency:
        fields_["first_leader"] = seat(
            "The seat that leads the first trick (A14). Default 0; with previous, it must be of the team that lost "
            "(default: that team's lower seat).", maximum=SEATS - 1)
    else:
        fields_["players"] = _players(game, required=False)
        fields_["dealer"] = seat("The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, "
                                 "the last hand's winner.", maximum=game.max_players - 1)
    name, doc = ("DealRequest", "A new hand") if state is not None else ("NextDeal", "A later hand of the match")
    schema = _schema(f"{prefix}{name}", fields_, _DealBase, doc=f"{doc}: at most one of seed, deck and hands; none deals at random.")
    one_source = {"not": {"anyOf": [{"required": [a, b]} for a, b in (("seed", "deck"), ("seed", "hands"), ("deck", "hands"))]}}
    first_hand = agency or state is None
    schema.JSON_SCHEMA_EXTRA = one_source if first_hand else {**one_source, "anyOf": [{"required": ["players"]}, {"required": ["previous"]}]}
    return schema


def _common_state_fields(game: Game, options, deal_record, trick, won_trick, max_tricks, top) -> dict[str, Any]:
    return {
        "game": fields.String(required=True, validate=validate.OneOf([game.id]), metadata={"description": "The game id."}),
        "options": fields.Nested(options, load_default=dict, metadata={"description": "Rules options in force."}),
        "deal": fields.Nested(deal_record, required=True),
        "tricks": FastList(won_trick, won_trick.FAST, required=True, validate=validate.Length(max=max_tricks),
                           metadata={"description": "Completed tricks, in order."}),
        "to_act": seat("The seat whose turn it is; null once the hand is over.", maximum=top, allow_none=True),
        "hand_over": Bool(metadata={"description": "Whether the hand is over."}),
    }


def _last_trick_state(game, prefix, options, deal_record, trick, won_trick, max_tricks, hand_cards) -> type[Schema]:
    top = game.max_players - 1
    base = type("_LastTrickStateBase", (_StateBase,), {
        "RAW": RawLastTrickState, "FIXED": ("players", "dealer"), "CLAIMED": ("hands", "to_act", "hand_over", "winner"),
    })
    return _schema(
        f"{prefix}State",
        _ordered({
            **_common_state_fields(game, options, deal_record, trick, won_trick, max_tricks, top),
            "players": _players(game),
            "dealer": seat("The dealing seat.", maximum=top, required=True),
            "hands": fields.List(cards("A seat's cards now, in dealt order.", max_items=hand_cards),
                                 validate=validate.Length(max=game.max_players), metadata={"description": "hands[s]: seat s's cards now."}),
            "trick": fields.Nested(trick, required=True, allow_none=True, metadata={"description": "The trick in progress; null once the hand is over."}),
            "winner": seat("The seat that won the last trick, once the hand is over.", maximum=top, allow_none=True),
            "match": fields.Nested(_match_schema(game, prefix), metadata={"description": "Where this hand stands in its match; absent: a first hand."}),
        }),
        base,
        doc=f"A hand of {game.name}: its deal and plays, and what they lead to.",
    )


def _agency_state(game, prefix, options, deal_record, trick, won_trick, max_tricks, hand_cards) -> type[Schema]:
    top = SEATS - 1
    reach_entry = _schema(
        "AgencyReach",
        {
            "holder": seat("The holder.", maximum=top, required=True),
            "cards": cards("The cards the seat reaches in it, nearest first (A6).", max_items=hand_cards, required=True),
        },
        doc="What a seat reaches in one holder.",
    )

    base = type("_AgencyStateBase", (_StateBase,), {
        "RAW": RawAgencyState, "FIXED": ("first_leader",),
        "CLAIMED": ("holders", "to_act", "hand_over", "winner", "team_points", "end", "reach"),
    })

    return _schema(
        f"{prefix}State",
        _ordered({
            **_common_state_fields(game, options, deal_record, trick, won_trick, max_tricks, top),
            "first_leader": seat("The seat that led the first trick (A14).", maximum=top, required=True),
            "holders": fields.List(cards("A holder's cards, listed from seat h's end (A5).", max_items=hand_cards),
                                   validate=validate.Length(max=SEATS),
                                   metadata={"description": "holders[h]: holder h, between seat h and seat h+1."}),
            "trick": fields.Nested(trick, required=True, metadata={"description": "The trick in progress; once the hand is over, the discarded trick if A12a ended it."}),
            "team_points": fields.List(Int(validate=validate.Range(min=0, max=40)), validate=validate.Length(equal=2),
                                       metadata={"description": "Card points won by team 0 (seats 0, 2) and team 1 (seats 1, 3)."}),
            "winner": Int(allow_none=True, validate=validate.Range(min=0, max=1),
                          metadata={"description": "The winning team once the hand is over; null while it runs or when void (A13)."}),
            "end": fields.String(allow_none=True, validate=validate.OneOf(END_REASONS),
                                 metadata={"description": "Why the hand ended (A12a, b, c); null while it runs."}),
            "reach": fields.List(FastList(reach_entry, _fast_reach(hand_cards), validate=validate.Length(max=2)),
                                 validate=validate.Length(max=SEATS),
                                 metadata={"description": "reach[s]: what seat s reaches now, in its own holder then the one before (A6)."}),
            "match": fields.Nested(_match_schema(game, prefix), metadata={"description": "Where this hand stands in its match; absent: a first hand."}),
        }),
        base,
        doc="A hand of Agency: its deal and plays, and what they lead to.",
    )


def _view_schema(game: Game, prefix: str, trick, won_trick, move) -> type[Schema]:
    agency = isinstance(game, AgencyGame)
    common = {
        "game": fields.String(required=True),
        "options": fields.Dict(required=True),
        "seat": Int(required=True, metadata={"description": "The seat this view is for."}),
        "tricks": fields.List(fields.Nested(won_trick), required=True, metadata={"description": "Completed tricks (public)."}),
        "to_act": Int(allow_none=True, required=True),
        "hand_over": Bool(required=True),
        "winner": Int(allow_none=True, required=True),
        "legal_moves": fields.List(fields.Nested(move), required=True, metadata={"description": "This seat's legal moves; empty when it is not its turn."}),
        "match": fields.Dict(required=True, metadata={"description": "Where the hand stands in its match (public)."}),
    }
    if agency:
        holder_view = _schema("AgencyHolderView", {
            "holder": Int(required=True),
            "count": Int(required=True, metadata={"description": "Cards in it, Walls included."}),
            "cards": fields.List(fields.String(), allow_none=True, required=True,
                                 metadata={"description": "Its cards from seat h's end, when the seat sits beside it; else null."}),
        }, doc="A holder as one seat sees it.")
        specific = {
            "first_leader": Int(required=True),
            "team": Int(required=True, metadata={"description": "The seat's team (A4)."}),
            "holders": fields.List(fields.Nested(holder_view), required=True,
                                   metadata={"description": "All four holders: the two beside the seat in full, the others as counts."}),
            "reach": fields.List(fields.Dict(), required=True, metadata={"description": "What this seat reaches now (A6)."}),
            "trick": fields.Nested(trick, required=True),
            "team_points": fields.List(Int(), required=True),
            "end": fields.String(allow_none=True, required=True),
        }
    else:
        specific = {
            "players": Int(required=True),
            "dealer": Int(required=True),
            "hand": fields.List(fields.String(), required=True, metadata={"description": "This seat's cards now, in dealt order."}),
            "hand_sizes": fields.List(Int(), required=True, metadata={"description": "How many cards each seat holds."}),
            "trick": fields.Nested(trick, required=True, allow_none=True),
        }
    return _schema(f"{prefix}SeatView", {**common, **specific},
                   doc="What one seat may know: its own cards, what has been played, and counts of the rest; no deal and no seed.")


# -- JSON out -------------------------------------------------------------


def dump_play(play: Play) -> dict[str, Any]:
    """A play as JSON; ``holder`` only in Agency."""
    out = {"seat": play.seat, "card": play.card.code}
    if play.holder is not None:
        out["holder"] = play.holder
    return out


def _dump_trick(trick: Trick, completed: bool, agency: bool) -> dict[str, Any]:
    out = {"leader": trick.leader, "plays": [dump_play(p) for p in trick.plays]}
    if completed:
        out["winner"] = trick.winner
        out["card"] = trick.card.code
        if agency:
            out["points"] = trick.points
    return out


def _codes(cards_) -> list[str]:
    return [card.code for card in cards_]


def _public(state: LastTrickState | AgencyState, agency: bool) -> dict[str, Any]:
    """What every seat sees: the tricks played, whose turn it is, the result so far."""
    public = {
        "tricks": [_dump_trick(t, True, agency) for t in state.tricks],
        "trick": None if state.trick is None else _dump_trick(state.trick, False, agency),
        "to_act": state.to_act,
        "hand_over": state.hand_over,
        "winner": state.winner,
    }
    if agency:
        public["team_points"] = list(state.team_points)
        public["end"] = state.end
    return public


def dump_state(state: LastTrickState | AgencyState) -> dict[str, Any]:
    """A state as JSON, in the shape of ``{Game}State``."""
    agency = isinstance(state, AgencyState)
    out: dict[str, Any] = {
        "rules_version": RULES_VERSION,
        "schema_version": STATE_SCHEMA_VERSION,
        "game": "agency" if agency else state.game.id,
        "options": dict(state.options),
    }
    if agency:
        out["first_leader"] = state.first_leader
    else:
        out["players"] = state.players
        out["dealer"] = state.dealer
    out["deal"] = {"seed": state.seed, "hands": [_codes(h) for h in state.deal_hands], "undealt": _codes(state.undealt)}
    if agency:
        out["holders"] = [_codes(h) for h in state.holders]
    else:
        out["hands"] = [_codes(h) for h in state.hands]
    out.update(_public(state, agency))
    if agency:
        out["reach"] = [[{"holder": h, "cards": _codes(c)} for h, c in state.reach(s)] for s in range(SEATS)]
    out["match"] = (AGENCY if agency else state.game).match_status(state)
    return out


def dump_view(state: LastTrickState | AgencyState, seat: int) -> dict[str, Any]:
    """What ``seat`` may know of ``state``, and nothing more.

    Built field by field from what the seat sees at the table: its own cards
    (Agency: the two holders beside it), every card played, counts of the rest,
    whose turn it is, points and the match. Never the deal, the undealt cards
    or the seed.

    Raises:
        RulesRefusal: ``seat_out_of_range`` for a seat not at this table.
    """
    agency = isinstance(state, AgencyState)
    game = AGENCY if agency else state.game
    refuse_seat(seat, SEATS if agency else state.players, "seat")
    legal = [dump_play(m) for m in game.legal_moves(state)] if state.to_act == seat else []
    view: dict[str, Any] = {"game": game.id, "options": dict(state.options), "seat": seat}
    if agency:
        beside = set(holders_of(seat))
        view["first_leader"] = state.first_leader
        view["team"] = team(seat)
        view["holders"] = [
            {"holder": h, "count": len(cards_), "cards": _codes(cards_) if h in beside else None}
            for h, cards_ in enumerate(state.holders)
        ]
        view["reach"] = [{"holder": h, "cards": _codes(c)} for h, c in state.reach(seat)]
    else:
        view["players"] = state.players
        view["dealer"] = state.dealer
        view["hand"] = _codes(state.hands[seat])
        view["hand_sizes"] = [len(hand) for hand in state.hands]
    view.update(_public(state, agency))
    view["legal_moves"] = legal
    view["match"] = game.match_status(state)
    return view
