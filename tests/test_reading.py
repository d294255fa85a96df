"""The compiled reader and marshmallow agree (``service.schemas.reading``):
on every body, both accept it with the same value, or both refuse it (the
same refusal where a schema's hook raises one, such as another state
version).

Bodies come from the spec (schemathesis generates valid and invalid ones
for every operation of every game) and from real states with one member
changed at random, where a reader that skipped a check would show.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import orjson
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError
from schemathesis import GenerationMode

from service.errors import RefereeError
from service.games import GAMES, Trust
from service.notation import write_record
from service.schemas.games import schemas_for
from service.schemas.reading import MAX_FAULTS, Refused, faults, read, reader_of
from service.schemas.records import dump_state
from support import examples

SPEC = schemathesis.openapi.from_path(Path(__file__).resolve().parent.parent / "openapi.yaml")

REQUESTS = {
    "deal": "deal", "legal-moves": "state_request", "play": "play_request", "trick-winner": "trick_request",
    "score": "state_request", "view": "view_request", "replay": "replay_request", "check": "state_request",
    "record": "state_request",
}
"""Each operation's request schema, by its attribute of ``GameSchemas``."""

ALTERNATIVES = {"replay": {"record": "record_replay_request"}}
"""The request schemas a body with the named member is read by instead
(``replay`` with a ``record``), as the views choose them."""


def request_schema(game_id: str, operation: str, body: Any) -> Any:
    """The schema the view reads ``body`` by: the operation's, or an
    alternative's when the body object has its member."""
    schemas = schemas_for(game_id)
    for member, name in ALTERNATIVES.get(operation, {}).items():
        if isinstance(body, dict) and member in body:
            return getattr(schemas, name)()
    return getattr(schemas, REQUESTS[operation])()


def outcome_of_reader(schema: Any, body: Any) -> tuple[Any, ...]:
    """What ``read`` answers: the compiled reader's value or refusal, or, when
    it stops at a fault, what marshmallow then makes of the body (its field
    errors, or a refusal a hook raises further on). ``ReaderDisagrees`` is
    not caught: the reader refused a body marshmallow accepts."""
    try:
        return ("value", reader_of(schema)(body))
    except Refused:
        pass
    except RefereeError as error:
        return ("refusal", type(error), error.code, error.detail)
    try:
        read(schema, body)
    except ValidationError:
        return ("refused",)
    except RefereeError as error:
        return ("refusal", type(error), error.code, error.detail)
    raise AssertionError("read() returned after its reader refused")


def outcome_of_marshmallow(schema: Any, body: Any) -> tuple[Any, ...]:
    try:
        return ("value", schema.load(body))
    except ValidationError:
        return ("refused",)
    except RefereeError as error:
        return ("refusal", type(error), error.code, error.detail)


def assert_agree(schema: Any, body: Any) -> None:
    mine, theirs = outcome_of_reader(schema, body), outcome_of_marshmallow(schema, body)
    assert mine == theirs, (type(schema).__name__, body)


@pytest.mark.parametrize("operation", list(REQUESTS))
@pytest.mark.parametrize("game_id", ["agency", "agram", "spar"])
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_the_reader_agrees_with_marshmallow_on_bodies_from_the_spec(game_id, operation, mode):
    strategy = SPEC[f"/v1/games/{game_id}/{operation}"]["POST"].as_strategy(generation_mode=mode)

    @settings(max_examples=examples(12), deadline=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def check(case: Any) -> None:
        if not isinstance(case.body, (bytes, bytearray)):
            assert_agree(request_schema(game_id, operation, case.body), case.body)

    check()


# -- real states, one member changed -----------------------------------------------

ODD_VALUES = [None, True, False, 0, -1, 1, 3.0, 2.5, 2**53, 2**63, -(2**63), 18446744073709551615, 1e300, "", "x", "10S", "W", "AH", [], [0], {},
              {"seat": 0}, "0" * 300]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (keys and indexes), itself included."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


def _changed(body: Any, rng: random.Random) -> Any:
    """``body`` with one thing changed: a member replaced, removed or added."""
    body = orjson.loads(orjson.dumps(body))
    paths = _paths(body)[1:]
    if not paths:  # an earlier change emptied it
        return body
    path = rng.choice(paths)
    parent = body
    for key in path[:-1]:
        parent = parent[key]
    choice = rng.random()
    if choice < 0.15 and isinstance(parent, dict):
        del parent[path[-1]]
    elif choice < 0.25 and isinstance(parent, dict):
        parent[rng.choice(["extra", "winner", "holder", "points", "signature", "hand"])] = rng.choice(ODD_VALUES)
    elif choice < 0.32 and isinstance(parent, list):
        parent.append(rng.choice([parent[path[-1]], *ODD_VALUES]))
    else:
        parent[path[-1]] = rng.choice(ODD_VALUES)
    return body


def _random_state(game_id: str, seed: int, rng: random.Random, *, play: bool) -> Any:
    """A dealt hand of a random seating as JSON, after random plays when ``play``."""
    game = GAMES[game_id]
    seating = {"first_leader": rng.randrange(4)} if game.family == "agency" else {"players": rng.randint(game.min_players, game.max_players)}
    hand = game.deal(seed=seed, **seating)
    for _ in range(rng.randrange(game.hand_size * hand.players + 1) if play else 0):
        if hand.to_act is None:
            break
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
    return orjson.loads(orjson.dumps(dump_state(hand)))


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_the_reader_agrees_with_marshmallow_on_changed_states(game_id, seed):
    rng = random.Random(seed)
    game = GAMES[game_id]
    state = _random_state(game_id, seed, rng, play=True)
    schemas = schemas_for(game_id)
    move = {"seat": 0, "card": game.deck[0].code}
    record = write_record(game.build(schemas.state().load(state), Trust.RESTORE))
    for schema, body in ((schemas.play_request(), {"state": state, "move": move}), (schemas.view_request(), {"state": state, "seat": 1}),
                         (schemas.deal(), {"previous": state}), (schemas.state(), state),
                         (schemas.record_replay_request(), {"record": record})):
        assert_agree(schema, body)
        for _ in range(6):
            assert_agree(schema, _changed(body, rng))


# -- naming the faults of a refused body -----------------------------------------


def _leaves(tree: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every message of an error tree with its path (list indexes as ints)."""
    if isinstance(tree, dict):
        return [leaf for key, value in tree.items() for leaf in _leaves(value, (*path, key))]
    return [((*path, index), message) for index, message in enumerate(tree)]


def assert_faults_are_marshmallows(schema: Any, body: Any) -> None:
    """``faults`` names a refused body's faults as marshmallow's load does:
    all of them when there are at most 50, else 50 of marshmallow's own,
    marked truncated."""
    try:
        reader_of(schema)(body)
        return
    except Refused:
        pass
    except RefereeError:
        return
    try:
        schema.load(body)
    except ValidationError as error:
        expected = error.messages
    except RefereeError:
        return
    else:
        raise AssertionError(("the reader refused what marshmallow accepts", body))
    named = faults(schema, body, MAX_FAULTS)
    assert named is not None
    theirs = _leaves(expected)
    if len(theirs) <= MAX_FAULTS:
        assert (named.messages, named.truncated) == (expected, False), body
    else:
        mine = _leaves(named.messages)
        assert named.truncated and len(mine) == MAX_FAULTS and set(mine) <= set(theirs), body


@pytest.mark.parametrize("game_id", ["agency", "agram", "spar"])
@pytest.mark.parametrize("operation", ["deal", "play", "view", "replay", "trick-winner", "record"])
def test_faults_are_named_as_marshmallow_names_them_on_bodies_from_the_spec(game_id, operation):
    strategy = SPEC[f"/v1/games/{game_id}/{operation}"]["POST"].as_strategy(generation_mode=GenerationMode.NEGATIVE)

    @settings(max_examples=examples(15), deadline=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def check(case: Any) -> None:
        if not isinstance(case.body, (bytes, bytearray)):
            assert_faults_are_marshmallows(request_schema(game_id, operation, case.body), case.body)

    check()


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_faults_are_named_as_marshmallow_names_them_on_changed_states(game_id, seed):
    rng = random.Random(seed)
    state = _random_state(game_id, seed, rng, play=False)
    schemas = schemas_for(game_id)
    for schema, body in ((schemas.play_request(), {"state": state, "move": {"seat": 0, "card": "ZZ"}}),
                         (schemas.deal(), {"previous": state, "seed": "x"}), (schemas.state(), state)):
        for _ in range(8):
            changed = body
            for _ in range(rng.randint(1, 4)):
                changed = _changed(changed, rng)
            assert_faults_are_marshmallows(schema, changed)


@pytest.mark.parametrize("moves", [24, 25, 26])
@pytest.mark.parametrize("tail", [None, {"deal": {"seed": 2}, "moves": []}])
def test_a_body_of_fifty_faults_is_named_whole_and_not_truncated(moves, tail):
    """Each empty move has two faults: 24 and 25 of them (48 and 50 faults)
    are named whole, not marked truncated, even when the limit is reached
    before a member that holds no fault is read; 26 (52) are cut to 50 and
    marked. Hypothesis found a body of exactly 50 marked truncated, the
    budget's end taken for more faults."""
    schema = schemas_for("spar").replay_request()
    body = {"deal": {"seed": 1, "players": 2}, "moves": [{}] * moves, **({"next_hands": [tail]} if tail else {})}
    with pytest.raises(ValidationError) as refused:
        schema.load(body)
    named = faults(schema, body, MAX_FAULTS)
    assert named is not None and named.truncated == (moves * 2 > MAX_FAULTS)
    assert len(_leaves(named.messages)) == min(moves * 2, MAX_FAULTS)
    if moves * 2 <= MAX_FAULTS:
        assert named.messages == refused.value.messages


def test_a_body_of_many_faults_is_named_in_fifty_and_read_no_further():
    """The replay of issue 18's reproduction: 6,464 empty moves. marshmallow
    names all 12,928 missing members; ``faults`` names 50 and stops."""
    schema = schemas_for("agram").replay_request()
    body = {"deal": {"seed": 1}, "moves": [{}] * 64, "next_hands": [{"deal": {}, "moves": [{}] * 64}] * 100}
    named = faults(schema, body, MAX_FAULTS)
    assert named is not None and named.truncated
    assert len(_leaves(named.messages)) == MAX_FAULTS
    assert named.messages["deal"] == {"players": ["Say how many players, or give the previous hand of the match."]}
    assert named.messages["moves"][0] == {"seat": ["Missing data for required field."], "card": ["Missing data for required field."]}


def test_a_field_of_a_kind_the_table_lacks_stops_the_compiler_and_the_fault_namer():
    """KINDS is the one table both walks read: a field outside it is refused
    by both, and every field of every schema the app reads is in it."""
    from marshmallow import fields as mfields

    from service.schemas.family import BoundedSchema
    from service.schemas.reading import KINDS, faults, kind_of, reader_of

    class Dated(BoundedSchema):
        when = mfields.Date(required=True)

    with pytest.raises(TypeError, match="no reader for Date"):
        reader_of(Dated())
    with pytest.raises(TypeError, match="no reader for Date"):
        faults(Dated(), {"when": 3}, 50)
    assert [type_.__name__ for type_, _ in KINDS] == [
        "StateOrToken", "OneOf", "CardList", "List", "Nested", "CardField", "Int", "Bool", "String"]
    assert all(kind_of(type_.__new__(type_)) is kind for type_, kind in KINDS)  # the most specific kind first


@pytest.mark.parametrize("game_id", list(GAMES))
def test_an_unknown_member_is_refused_in_place_of_an_optional_one_left_out(game_id):
    """The reader refuses a member its schema lacks by counting the members
    it reads against the object's size: an object that leaves out an
    optional member and adds an unknown one in its place has the size of
    one it accepts, and is refused as marshmallow refuses it (the unknown
    member named), in the state and in each of its objects."""
    rng = random.Random(7)
    state = _random_state(game_id, 7, rng, play=True)
    schema = schemas_for(game_id).state()
    accepted = outcome_of_reader(schema, state)
    assert accepted[0] == "value"
    optional = [name for name, field in schema.load_fields.items() if not field.required and (field.data_key or name) in state]
    assert optional
    for name in optional:
        body = {key: value for key, value in state.items() if key != name} | {"extra": 1}
        assert outcome_of_reader(schema, body) == outcome_of_marshmallow(schema, body) == ("refused",), name
        named = faults(schema, body, MAX_FAULTS)
        assert named is not None and named.messages == {"extra": ["Unknown field."]}, name
    deal = dict(state["deal"])
    deal.pop("seed_text")
    body = {**state, "deal": {**deal, "extra": 1}}
    assert outcome_of_reader(schema, body) == outcome_of_marshmallow(schema, body) == ("refused",)
