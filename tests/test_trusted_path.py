"""Two paths, one answer: a state the referee signed, or a token it sealed,
is answered without marshmallow or a replay (the trusted path); the answer
must be the one the full path gives, byte for byte, refusals included.

The full path is forced by turning the trusted path off for the request
(``Holding.trusted`` answers ``None``), over many states of every game.
"""

from __future__ import annotations

import random

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api import games as games_api
from service.api import holding
from service.app import create_app
from service.games import GAMES
from service.sealing import Sealer

SIGNING_KEY = "trusted-path-signing-key-0123456789"
SEALING_KEY = "trusted-path-sealing-key-0123456789"


def _post(client, path, body, headers=None):
    response = client.post(path, data=orjson.dumps(body), content_type="application/json", headers=headers or {})
    return response.status_code, response.get_data()


def _both_paths(monkeypatch, client, path, body, headers=None):
    """The answer with the trusted path on, and with it off."""
    trusted = _post(client, path, body, headers)
    with monkeypatch.context() as patched:
        patched.setattr(holding.Holding, "trusted", lambda self, game, members: None)
        patched.setattr(holding.SignedHolding, "trusted", lambda self, game, members: None)
        patched.setattr(holding.SealedHolding, "trusted", lambda self, game, members: None)
        full = _post(client, path, body, headers)
    return trusted, full


def _deal_request(game_id, rng):
    if GAMES[game_id].family == "agency":
        return {"seed": rng.randrange(2**32), "first_leader": rng.randrange(4)}
    game = GAMES[game_id]
    players = rng.randint(game.min_players, game.max_players)
    return {"seed": rng.randrange(2**32), "players": players, "dealer": rng.randrange(players)}


def _moves_to_try(game_id, legal, to_act, rng):
    """A legal move, an illegal card, and a move out of turn."""
    game = GAMES[game_id]
    tries = [rng.choice(legal)] if legal else []
    card = rng.choice(game.deck).code
    tries.append({"seat": to_act if to_act is not None else 0, "card": card})
    if to_act is not None:
        tries.append({"seat": (to_act + 1) % (4 if game.family == "agency" else 2), "card": card})
    return tries


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_signed_states_get_the_same_bytes_on_both_paths(monkeypatch, game_id, seed):
    client = create_app({"TESTING": True, "REFEREE_SIGNING_KEYS": SIGNING_KEY}).test_client()
    rng = random.Random(seed)
    base = f"/v1/games/{game_id}"
    state = orjson.loads(_post(client, f"{base}/deal", _deal_request(game_id, rng))[1])["state"]
    while True:
        trusted, full = _both_paths(monkeypatch, client, f"{base}/legal-moves", {"state": state})
        assert trusted == full
        legal = orjson.loads(trusted[1])
        for name, extra in (("score", {}), ("view", {"seat": rng.randrange(2)})):
            trusted, full = _both_paths(monkeypatch, client, f"{base}/{name}", {"state": state, **extra})
            assert trusted == full, name
        for move in _moves_to_try(game_id, legal["moves"], legal["to_act"], rng):
            trusted, full = _both_paths(monkeypatch, client, f"{base}/play", {"state": state, "move": move})
            assert trusted == full, move
        if not legal["moves"]:
            return
        status, answer = _post(client, f"{base}/play", {"state": state, "move": rng.choice(legal["moves"])})
        assert status == 200
        state = orjson.loads(answer)["state"]


def _opened(sealer, body):
    """A sealed answer with its token opened: tokens carry a fresh nonce each
    time, so their payloads are compared."""
    answer = orjson.loads(body)
    if isinstance(answer, dict) and "token" in answer:
        answer["token"] = sealer.open(answer["token"])
    return answer


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_sealed_tokens_get_the_same_answer_on_both_paths(monkeypatch, game_id, seed):
    client = create_app({"TESTING": True, "REFEREE_SEALING_KEYS": SEALING_KEY}).test_client()
    sealer = Sealer([SEALING_KEY])
    rng = random.Random(seed)
    base = f"/v1/games/{game_id}"
    request = _deal_request(game_id, rng)
    del request["seed"]
    dealt = orjson.loads(_post(client, f"{base}/deal", request)[1])
    token, credentials = dealt["token"], {entry["seat"]: entry["credential"] for entry in dealt["seats"]}
    while True:
        to_act = orjson.loads(_post(client, f"{base}/legal-moves", {"token": token})[1])["to_act"]
        seat = to_act if to_act is not None else 0
        auth = {"Authorization": f"Bearer {credentials[seat]}"}
        trusted, full = _both_paths(monkeypatch, client, f"{base}/legal-moves", {"token": token}, auth)
        assert trusted == full
        legal = orjson.loads(trusted[1])
        for name, extra in (("score", {}), ("view", {})):
            trusted, full = _both_paths(monkeypatch, client, f"{base}/{name}", {"token": token, **extra}, auth)
            assert trusted == full, name
        for move in _moves_to_try(game_id, legal["moves"], legal["to_act"], rng):
            move_auth = {"Authorization": f"Bearer {credentials[move['seat']]}"} if move["seat"] in credentials else {}
            trusted, full = _both_paths(monkeypatch, client, f"{base}/play", {"token": token, "move": move}, move_auth)
            assert trusted[0] == full[0] and _opened(sealer, trusted[1]) == _opened(sealer, full[1]), move
        if not legal["moves"]:
            return
        status, answer = _post(client, f"{base}/play", {"token": token, "move": rng.choice(legal["moves"])}, auth)
        assert status == 200
        token = orjson.loads(answer)["token"]


def test_the_trusted_path_is_taken(monkeypatch):
    """A signed state and a token are answered without parsing the request
    with marshmallow: the trusted path runs (else the two-paths tests would
    compare the full path with itself). An unsigned state takes the full path."""
    parser = games_api.GamesBlueprint.ARGUMENTS_PARSER
    for config, full in (({"REFEREE_SIGNING_KEYS": SIGNING_KEY}, False), ({"REFEREE_SEALING_KEYS": SEALING_KEY}, False), ({}, True)):
        client = create_app({"TESTING": True, **config}).test_client()
        answer = orjson.loads(_post(client, "/v1/games/agram/deal", {"players": 3})[1])
        body = {"token": answer["token"]} if "token" in answer else {"state": answer["state"]}
        parsed = []
        with monkeypatch.context() as patched:
            patched.setattr(parser, "parse", lambda *args, seen=parsed, original=parser.parse, **kwargs: seen.append(1) or original(*args, **kwargs))
            status, _ = _post(client, "/v1/games/agram/legal-moves", body)
        assert status == 200 and bool(parsed) is full, config


# Every shape of a trusted operation's other members a client can send: absent,
# null, the wrong JSON type, half a move, a move with an extra key, and a
# member the operation does not take (regression: a signed or sealed `play`
# without `move` was a 500 KeyError on the trusted path).
MEMBER_SHAPES = [
    {},
    {"move": None},
    {"move": "9H"},
    {"move": {"seat": 0}},
    {"move": {"card": "9H"}},
    {"move": {"seat": 0, "card": "9H", "extra": 1}},
    {"move": {"seat": "0", "card": "9H"}},
    {"move": {"seat": True, "card": "9H"}},
    {"seat": None},
    {"seat": "0"},
    {"seat": 1.0},
    {"seat": -1},
    {"seat": 99},
    {"seat": 0, "move": {"seat": 0, "card": "9H"}},
    {"other": 1},
]


@pytest.mark.parametrize("operation", ["legal-moves", "play", "score", "view"])
@pytest.mark.parametrize("mode", ["signed", "sealed"])
def test_every_member_shape_gets_the_full_paths_answer(monkeypatch, mode, operation):
    config = {"REFEREE_SIGNING_KEYS": SIGNING_KEY} if mode == "signed" else {"REFEREE_SEALING_KEYS": SEALING_KEY}
    client = create_app({"TESTING": True, **config}).test_client()
    sealer = Sealer([SEALING_KEY])
    dealt = orjson.loads(_post(client, "/v1/games/agram/deal", {"players": 3, "dealer": 0})[1])
    body = {"token": dealt["token"]} if mode == "sealed" else {"state": dealt["state"]}
    auth = {"Authorization": f"Bearer {dealt['seats'][1]['credential']}"} if mode == "sealed" else {}
    for shape in MEMBER_SHAPES:
        trusted, full = _both_paths(monkeypatch, client, f"/v1/games/agram/{operation}", {**body, **shape}, auth)
        assert trusted[0] < 500, (shape, trusted)
        assert trusted[0] == full[0] and _opened(sealer, trusted[1]) == _opened(sealer, full[1]), shape


def _set_path(state, path, value):
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


# States no referee writes, signed with its own key (someone who holds the
# key): never a 500 (regression: each of these was one on some operation).
# The trusted path trusts what the key signed, so an operation that never
# reads the odd field answers as usual; one that fails on it gets the full
# path's answer, which checks every field.
FORGED = [
    ("agram", ("players",), 0),
    ("agram", ("players",), False),
    ("agram", ("match", "previous"), "x"),
    ("agram", ("match", "previous"), ["x", 0, 0]),
    ("agram", ("options", "target"), "x"),
    ("spar", ("options", "target"), "x"),
    ("fapfap", ("options", "stake"), None),
    ("agency", ("options", "target_game_points"), "x"),
    ("agency", ("tricks", 0, "plays", 0, "seat"), None),
]


@pytest.mark.parametrize("game_id,path,value", FORGED)
def test_a_state_forged_with_the_signing_key_is_never_a_500(monkeypatch, game_id, path, value):
    from service import signing

    client = create_app({"TESTING": True, "REFEREE_SIGNING_KEYS": SIGNING_KEY}).test_client()
    base = f"/v1/games/{game_id}"
    request = {"seed": 3} if game_id == "agency" else {"players": 3, "seed": 3}
    state = orjson.loads(_post(client, f"{base}/deal", request)[1])["state"]
    for _ in range(5):  # a trick or more, so every path exists
        legal = orjson.loads(_post(client, f"{base}/legal-moves", {"state": state})[1])
        state = orjson.loads(_post(client, f"{base}/play", {"state": state, "move": legal["moves"][0]})[1])["state"]
    del state["signature"]
    _set_path(state, path, value)
    state["signature"] = signing.sign(state, SIGNING_KEY.encode())
    seat = 0
    for operation, extra in (("legal-moves", {}), ("score", {}), ("view", {"seat": seat}),
                             ("play", {"move": legal["moves"][0]})):
        trusted, full = _both_paths(monkeypatch, client, f"{base}/{operation}", {"state": state, **extra})
        assert trusted[0] < 500 and 400 <= full[0] < 500, (operation, trusted, full)


@pytest.mark.parametrize("change", ["seating", "match", "plays", "private", "options", "match_id", "source"])
def test_a_token_forged_with_the_sealing_key_is_refused_not_a_500(change):
    sealer = Sealer([SEALING_KEY])
    client = create_app({"TESTING": True, "REFEREE_SEALING_KEYS": SEALING_KEY}).test_client()
    dealt = orjson.loads(_post(client, "/v1/games/agency/deal", {})[1])
    record = orjson.loads(sealer.open(dealt["token"]))
    forged = {"seating": [0, 0, 0], "match": ["x", None, None], "plays": [[None, "W", 9]], "private": "AAAA",
              "options": {"target_game_points": "x"}, "match_id": None, "source": None}
    if change in ("match_id", "source"):
        del record[change]
    else:
        record[change] = forged[change]
    token = sealer.seal(orjson.dumps(record))
    auth = {"Authorization": f"Bearer {dealt['seats'][0]['credential']}"}
    for operation in ("legal-moves", "score", "view", "check"):
        status, answer = _post(client, f"/v1/games/agency/{operation}", {"token": token}, auth)
        assert status < 500, (change, operation, answer[:200])
