"""Trust decides one thing only: how much ``TrickGame.build`` checks of a
hand's record. A state this referee made (signed, or in a token it sealed)
is rebuilt from its record (``Trust.REBUILD``), any other is replayed and
checked (``Trust.RESTORE``). The two must give the same hand, field for
field, and so every way of holding states the same answers.

Also here: the A12a question ``settle`` asks on every request (whether the
seat to act has a legal play) against the legal moves themselves, and
records forged with the referee's own keys, refused and never a 500.
"""

from __future__ import annotations

import random

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import signing
from service.app import create_app
from service.cards import Card
from service.errors import InvalidState
from service.games import GAMES, HandRecord, Trust
from service.schemas.games import schemas_for
from service.schemas.reading import read
from service.schemas.records import dump_state
from service.sealing import Sealer
from service.tricks import Play
from support import VOID_HANDS, examples

SIGNING_KEY = "trust-signing-key-0123456789abcdef"
SEALING_KEY = "trust-sealing-key-0123456789abcdef"


def _options(game_id: str, rng: random.Random) -> dict[str, object]:
    if game_id == "agency":
        return {"offsuit_discard": rng.random() < 0.5, "early_end_points": rng.choice([5, 12, 22, 40])}
    if game_id == "fapfap":
        return {"stake": rng.randint(1, 5)}
    return {}


def _random_hand(game_id: str, rng: random.Random):
    game = GAMES[game_id]
    seating = ({"first_leader": rng.randrange(4)} if game.family == "agency" else
               {"players": (players := rng.randint(game.min_players, game.max_players)), "dealer": rng.randrange(players)})
    return game.deal(seed=rng.randrange(2**32), options=_options(game_id, rng), **seating)


def _raw(hand) -> HandRecord:
    """What the reader makes of a hand's state, as a request would send it."""
    return read(schemas_for(hand.game.id).state(), orjson.loads(orjson.dumps(dump_state(hand))))


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_rebuild_and_restore_give_the_same_hand_at_every_ply(game_id, seed):
    rng = random.Random(seed)
    game = GAMES[game_id]
    hand = _random_hand(game_id, rng)
    while True:
        raw = _raw(hand)
        expected = dump_state(hand)
        assert dump_state(game.build(raw, Trust.REBUILD)) == expected
        assert dump_state(game.build(raw, Trust.RESTORE)) == expected
        assert dump_state(game.build(hand.record, Trust.REBUILD)) == expected
        assert dump_state(game.build(hand.record, Trust.RESTORE)) == expected
        if hand.to_act is None:
            return
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))


def test_rebuild_settles_an_a12a_end_as_the_play_did():
    """The void hand of ``VOID_HANDS``: seat 3 has no legal play after two
    plays, so the trick is discarded (A12a) and no trick completed (A13)."""
    game = GAMES["agency"]
    hand = game.deal(hands=[[Card.parse(code) for code in seat] for seat in VOID_HANDS], first_leader=1)
    hand, _ = game.play(hand, next(m for m in hand.legal_moves() if m.card.code == "1M"))
    hand, _ = game.play(hand, next(m for m in hand.legal_moves() if m.card.is_wall))
    assert hand.end == "no_legal_play" and hand.winner is None and len(hand.plays) == 2
    rebuilt = game.build(_raw(hand), Trust.REBUILD)
    assert (rebuilt.end, rebuilt.plays, rebuilt.tricks) == ("no_legal_play", hand.plays, ())


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_a12a_question_agrees_with_the_legal_moves(game_id, seed):
    """``_has_legal_play`` (no refusal built, no early stop) says a seat has
    a legal play exactly when its legal moves are not empty (A8-A10, F5)."""
    rng = random.Random(seed)
    game = GAMES[game_id]
    hand = _random_hand(game_id, rng)
    while hand.to_act is not None:
        probe = hand.copy()
        assert probe._has_legal_play(hand.to_act) is bool(probe.legal_moves())
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))


def test_the_a12a_question_says_no_where_no_play_is_legal():
    """Seat 3 of the void hand reaches only Briefcases, Hats and a Wall after
    1M and a Wall: it has no legal play (A9, A10)."""
    game = GAMES["agency"]
    hand = game.deal(hands=[[Card.parse(code) for code in seat] for seat in VOID_HANDS], first_leader=1)
    hand.put(next(m for m in hand.legal_moves() if m.card.code == "1M"))
    hand.put(next(m for m in hand.legal_moves() if m.card.is_wall))
    assert hand.to_act == 3 and hand.legal_moves() == [] and hand._has_legal_play(3) is False


# -- every way of holding states, the same answers -----------------------------------


def _post(client, path, body, headers=None):
    response = client.post(path, data=orjson.dumps(body), content_type="application/json", headers=headers or {})
    return response.status_code, orjson.loads(response.get_data())


def _unsigned(answer):
    """An answer with the signatures and issue times of its states taken out."""
    if isinstance(answer, dict):
        return {key: _unsigned(value) for key, value in answer.items() if key not in ("signature", "issued_at")}
    if isinstance(answer, list):
        return [_unsigned(value) for value in answer]
    return answer


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_signed_states_are_answered_as_open_ones(game_id, seed):
    """The same state, signed (rebuilt) and open (replayed): the same answer to
    every operation, refusals included, but for the signatures."""
    # No token store: the same state is played several times over, as in open mode.
    signed = create_app({"TESTING": True, "REFEREE_SIGNING_KEYS": SIGNING_KEY, "REFEREE_TOKEN_STORE": "none"}).test_client()
    opened = create_app({"TESTING": True}).test_client()
    rng = random.Random(seed)
    game = GAMES[game_id]
    base = f"/v1/games/{game_id}"
    seating = {"first_leader": rng.randrange(4)} if game.family == "agency" else {"players": rng.randint(game.min_players, game.max_players)}
    state = _post(signed, f"{base}/deal", {**seating, "seed": rng.randrange(2**32), "options": _options(game_id, rng)})[1]["state"]
    while True:
        bare = _unsigned(state)
        legal = _post(opened, f"{base}/legal-moves", {"state": bare})[1]
        card = rng.choice(game.deck).code
        tries = [("legal-moves", {}), ("score", {}), ("view", {"seat": rng.randrange(2)}),
                 ("play", {"move": {"seat": legal["to_act"] or 0, "card": card}})]
        tries += [("play", {"move": rng.choice(legal["moves"])})] if legal["moves"] else []
        for operation, extra in tries:
            mine = _post(signed, f"{base}/{operation}", {"state": state, **extra})
            theirs = _post(opened, f"{base}/{operation}", {"state": bare, **extra})
            assert (mine[0], _unsigned(mine[1])) == theirs, operation
        if not legal["moves"]:
            return
        state = _post(signed, f"{base}/play", {"state": state, "move": rng.choice(legal["moves"])})[1]["state"]


# Every shape of an operation's other members a client can send: absent,
# null, the wrong JSON type, half a move, a move with an extra key, and a
# member the operation does not take (regression: a signed or sealed `play`
# without `move` was a 500 KeyError).
MEMBER_SHAPES = [
    {}, {"move": None}, {"move": "9H"}, {"move": {"seat": 0}}, {"move": {"card": "9H"}},
    {"move": {"seat": 0, "card": "9H", "extra": 1}}, {"move": {"seat": "0", "card": "9H"}},
    {"move": {"seat": True, "card": "9H"}}, {"seat": None}, {"seat": "0"}, {"seat": 1.0}, {"seat": -1},
    {"seat": 99}, {"seat": 0, "move": {"seat": 0, "card": "9H"}}, {"other": 1},
]


@pytest.mark.parametrize("operation", ["legal-moves", "play", "score", "view"])
@pytest.mark.parametrize("mode", ["signed", "sealed"])
def test_every_member_shape_is_answered_as_in_open_mode(mode, operation):
    config = {"REFEREE_SIGNING_KEYS": SIGNING_KEY} if mode == "signed" else {"REFEREE_SEALING_KEYS": SEALING_KEY}
    client = create_app({"TESTING": True, **config}).test_client()
    opened = create_app({"TESTING": True}).test_client()
    dealt = _post(client, "/v1/games/agram/deal", {"players": 3, "dealer": 0})[1]
    body = {"token": dealt["token"]} if mode == "sealed" else {"state": dealt["state"]}
    auth = {"Authorization": f"Bearer {dealt['seats'][1]['credential']}"} if mode == "sealed" else {}
    bare = {"state": _post(opened, "/v1/games/agram/deal", {"players": 3, "dealer": 0, "seed": 5})[1]["state"]}
    for shape in MEMBER_SHAPES:
        status, answer = _post(client, f"/v1/games/agram/{operation}", {**body, **shape}, auth)
        open_status, open_answer = _post(opened, f"/v1/games/agram/{operation}", {**bare, **shape})
        assert status < 500, (shape, answer)
        if mode == "signed" and open_status == 422:  # sealed mode: a view's seat is the credential's, and may be left out
            assert (status, answer["errors"]) == (422, open_answer["errors"]), shape


def _set_path(state, path, value):
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


# States no referee writes, signed with its own key (someone who holds the
# key): never a 500 (regression: each of these was one on some operation).
FORGED = [
    ("agram", ("players",), 0),
    ("agram", ("players",), False),
    ("agram", ("match", "previous"), "x"),
    ("agram", ("match", "previous"), ["x", 0, 0]),
    ("agram", ("match", "previous"), [0, 0]),
    ("agram", ("dealer",), 4),
    ("agram", ("options", "target"), "x"),
    ("spar", ("options", "target"), "x"),
    ("fapfap", ("options", "stake"), None),
    ("agency", ("options", "target_game_points"), "x"),
    ("agency", ("tricks", 0, "plays", 0, "seat"), None),
    ("agency", ("tricks", 0, "plays", 0, "seat"), 2),
    ("agency", ("tricks", 0, "plays", 1, "holder"), 3),
    ("agency", ("tricks", 0, "plays", 1, "card"), "W"),
    ("agency", ("deal", "hands", 0, 0), "9H"),
    ("agram", ("tricks", 0, "plays", 0, "card"), "AS"),
    ("agram", ("tricks", 0, "plays", 1, "card"), "3S"),
]


@pytest.mark.parametrize("game_id,path,value", FORGED)
def test_a_state_forged_with_the_signing_key_is_refused_never_a_500(game_id, path, value):
    client = create_app({"TESTING": True, "REFEREE_SIGNING_KEYS": SIGNING_KEY}).test_client()
    base = f"/v1/games/{game_id}"
    request = {"seed": 3} if game_id == "agency" else {"players": 3, "seed": 3}
    state = _post(client, f"{base}/deal", request)[1]["state"]
    for _ in range(5):  # a trick or more, so every path exists
        legal = _post(client, f"{base}/legal-moves", {"state": state})[1]
        state = _post(client, f"{base}/play", {"state": state, "move": legal["moves"][0]})[1]["state"]
    del state["signature"]
    _set_path(state, path, value)
    state["signature"] = signing.sign(state, SIGNING_KEY.encode())
    for operation, extra in (("legal-moves", {}), ("score", {}), ("view", {"seat": 0}), ("play", {"move": legal["moves"][0]})):
        status, answer = _post(client, f"{base}/{operation}", {"state": state, **extra})
        assert 400 <= status < 500, (operation, answer)


def test_rebuild_refuses_a_record_whose_plays_no_referee_wrote():
    """Two plays of one card, a play out of turn, a card another seat was
    dealt: the record's shape is refused (``invalid_state``) before anything
    is built on it."""
    game = GAMES["agram"]
    hand = game.deal(seed=3, players=2)
    first = hand.legal_moves()[0]
    leader = hand.to_act
    for plays in ((first, first), (Play((leader + 1) % 2, first.card),), (Play(leader, hand.deal_hands[1 - leader][0]),)):
        record = HandRecord(seating=hand.seating, deal_hands=hand.deal_hands, plays=plays)
        with pytest.raises(InvalidState):
            game.build(record, Trust.REBUILD)


@pytest.mark.parametrize("change", ["seating", "match", "plays", "private", "options", "match_id", "source", "game", "v",
                                    "dealer", "players", "card", "order"])
def test_a_token_forged_with_the_sealing_key_is_refused_not_a_500(change):
    sealer = Sealer([SEALING_KEY])
    client = create_app({"TESTING": True, "REFEREE_SEALING_KEYS": SEALING_KEY}).test_client()
    dealt = _post(client, "/v1/games/agency/deal", {})[1]
    auth = {"Authorization": f"Bearer {dealt['seats'][0]['credential']}"}
    token = dealt["token"]
    for _ in range(3):
        legal = _post(client, "/v1/games/agency/legal-moves", {"token": token})[1]
        seat = legal["to_act"]
        if seat is None:  # a random deal can end after a play or two (A12a)
            break
        mine = {"Authorization": f"Bearer {dealt['seats'][seat]['credential']}"}
        moves = _post(client, "/v1/games/agency/legal-moves", {"token": token}, mine)[1]["moves"]
        token = _post(client, "/v1/games/agency/play", {"token": token, "move": moves[0]}, mine)[1]["token"]
    record = orjson.loads(sealer.open(token))
    forged = {"seating": [0, 0, 0], "match": ["x", None, None], "plays": [[None, "W", 9]], "private": "AAAA",
              "options": {"target_game_points": "x"}, "match_id": None, "source": None, "game": 5, "v": 1}
    if change in forged:
        record[change] = forged[change]
    elif change == "dealer":
        record["seating"][2] = 9
    elif change == "players":
        record["seating"][0] = 200
    elif change == "card":
        record["plays"][0][1] = "AS"
    else:
        record["plays"] = record["plays"][::-1]
    forged_token = sealer.seal(orjson.dumps(record))
    for operation in ("legal-moves", "score", "view", "check"):
        status, answer = _post(client, f"/v1/games/agency/{operation}", {"token": forged_token}, auth)
        assert (status, answer["code"]) == (403, "state_token_invalid"), (change, operation, answer)
