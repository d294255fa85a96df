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
from service.games import GAMES
from service.schemas.games import schemas_for
from service.schemas.reading import Refused, read, reader_of
from service.schemas.records import dump_state

SPEC = schemathesis.openapi.from_path(Path(__file__).resolve().parent.parent / "openapi.yaml")

REQUESTS = {
    "deal": "deal", "legal-moves": "state_request", "play": "play_request", "trick-winner": "trick_request",
    "score": "state_request", "view": "view_request", "replay": "replay_request", "check": "state_request",
}
"""Each operation's request schema, by its attribute of ``GameSchemas``."""


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
    schema = getattr(schemas_for(game_id), REQUESTS[operation])()
    strategy = SPEC[f"/v1/games/{game_id}/{operation}"]["POST"].as_strategy(generation_mode=mode)

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def check(case: Any) -> None:
        if not isinstance(case.body, (bytes, bytearray)):
            assert_agree(schema, case.body)

    check()


# -- real states, one member changed -----------------------------------------------

ODD_VALUES = [None, True, False, 0, -1, 1, 3.0, 2.5, 2**53, 2**64, -(2**64), 1e300, "", "x", "10S", "W", "AH", [], [0], {},
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
    path = rng.choice(_paths(body)[1:])
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


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_the_reader_agrees_with_marshmallow_on_changed_states(game_id, seed):
    rng = random.Random(seed)
    game = GAMES[game_id]
    seating = {"first_leader": rng.randrange(4)} if game.family == "agency" else {"players": rng.randint(game.min_players, game.max_players)}
    hand = game.deal(seed=seed, **seating)
    for _ in range(rng.randrange(game.hand_size * hand.players + 1)):
        if hand.to_act is None:
            break
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
    state = orjson.loads(orjson.dumps(dump_state(hand)))
    schemas = schemas_for(game_id)
    move = {"seat": 0, "card": game.deck[0].code}
    for schema, body in ((schemas.play_request(), {"state": state, "move": move}), (schemas.view_request(), {"state": state, "seat": 1}),
                         (schemas.deal(), {"previous": state}), (schemas.state(), state)):
        assert_agree(schema, body)
        for _ in range(6):
            assert_agree(schema, _changed(body, rng))
