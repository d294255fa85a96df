"""Bad and tricky input found by breaking the service on purpose: each answer
is a clear 4xx, and each fault's whole kind is covered, not one example."""

from __future__ import annotations

import copy
import json
import random

import pytest
from marshmallow import ValidationError, validate

from service.app import create_app
from service.games import GAMES, LastTrickGame
from service.schemas.fields import Int
from support import case, play_hand, post

LAST_TRICK = [game.id for game in GAMES.values() if isinstance(game, LastTrickGame)]
STATE_PATHS = ["legal-moves", "play", "score", "view", "check"]


def _deal(client, game, body):
    status, response = post(client, f"/v1/games/{game}/deal", body)
    assert status == 200, response
    return response["state"]


def _raw(client, path, data):
    response = client.post(path, data=data, content_type="application/json")
    return response.status_code, response.get_json()


@pytest.mark.parametrize("game", LAST_TRICK)
def test_view_of_a_seat_not_at_the_table_is_refused(client, game):
    state = _deal(client, game, {"players": 2, "seed": 1})
    for seat in range(2, GAMES[game].max_players):
        status, body = post(client, f"/v1/games/{game}/view", {"state": state, "seat": seat})
        assert status == 409 and body["code"] == "seat_out_of_range", body


@pytest.mark.parametrize("path", [f"/v1/games/agram/{p}" for p in ("deal", *STATE_PATHS, "replay", "trick-winner")])
@pytest.mark.parametrize(
    "data",
    [
        '{"players": 2, "x": ' + "[" * 3000 + "]" * 3000 + "}",
        "[" * 3000 + "]" * 3000,
        '{"players": 2, "seed": ' + "9" * 5000 + "}",
        '{"players": 2, "seed": NaN}',
        '{"players": 2, "seed": Infinity}',
        "",
        "{",
        b"\x04\xefUQ\xef",
        b'{"players": 2, "x": "\xff\xfe"}',
        '{"players": 2}'.encode("utf-16"),
        rb'{"players": 2, "seed": 1, "x": "\ud800"}',
        '{"players": 1e400}',
    ],
    ids=["deep-object", "deep-array", "huge-integer", "nan", "infinity", "empty", "truncated", "random-bytes", "latin-1",
         "utf-16", "lone-surrogate", "past-a-double"],
)
def test_malformed_or_hostile_json_is_400(client, path, data):
    """Each says what is wrong and where, in a sentence of its own: never the body's text."""
    status, body = _raw(client, path, data if isinstance(data, bytes) else data.encode())
    assert status == 400, body
    assert body["code"] == "malformed_json"
    detail = body["detail"]
    assert detail.startswith("The request body is not valid JSON: ") and len(detail) < 160, detail
    where = "it is empty" if not data else "it is not UTF-8 text" if not _utf8(data) else "line 1 column"
    assert where in detail and "999" not in detail and "surrogates" not in detail, detail
    past_a_double = "9" * 5000 in str(data) or "1e400" in str(data)  # valid JSON, past the range read
    assert ("a number is too large to read" in detail) == past_a_double and "infinity" not in detail, detail


def _utf8(data: str | bytes) -> bool:
    try:
        (data if isinstance(data, bytes) else data.encode()).decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def test_integral_float_too_large_to_be_exact_is_refused(client):
    status, body = post(client, "/v1/games/agram/deal", {"players": 2, "seed": 9007199254740993.0})
    assert status == 422 and "seed" in body["errors"]["json"]
    status, body = post(client, "/v1/games/agram/deal", {"players": 2.0, "seed": 9007199254740993})
    assert status == 200 and body["state"]["deal"]["seed"] == 9007199254740993


@pytest.mark.parametrize(
    "game,deal,match",
    [
        ("agram", {"players": 3, "seed": 1}, {"hand": 2, "previous": [0, 0, 0]}),  # every hand has a winner
        ("agram", {"players": 3, "seed": 1}, {"hand": 2, "previous": [4, 4, 4]}),  # one hand gives 1
        ("agram", {"players": 3, "seed": 1}, {"hand": 2, "previous": [-3, 0, 4]}),
        ("agram", {"players": 2, "seed": 1}, {"hand": 1000000, "previous": [0, 1]}),
        ("agram", {"players": 2, "seed": 1}, {"hand": 1, "previous": [0, 1]}),
        ("fapfap", {"players": 3, "seed": 1}, {"hand": 2, "previous": [5, 5, 5]}),  # balances sum to 0
        ("fapfap", {"players": 3, "seed": 1, "options": {"stake": 2}}, {"hand": 2, "previous": [3, -3, 0]}),
        ("spar", {"players": 3, "seed": 1}, {"hand": 2, "previous": [9, 9, 9]}),
        ("agency", {"seed": 1}, {"hand": 2, "previous": [1, 0], "chooser": 0}),  # team 0 won: team 1 chooses
        ("agency", {"seed": 1}, {"hand": 2, "previous": [-1, 0], "chooser": None}),
        ("agency", {"seed": 1, "options": {"target_game_points": 100}}, {"hand": 2, "previous": [50, 40], "chooser": 1}),
        ("agency", {"seed": 1}, {"hand": 3, "previous": [1, 0], "chooser": None}),
        ("agency", {"seed": 1}, {"hand": 2, "previous": [0, 0], "chooser": 1}),
    ],
)
def test_a_match_record_no_match_could_reach_is_invalid(client, game, deal, match):
    state = _deal(client, game, deal)
    state["match"] = match
    for path in ("legal-moves", "check"):
        status, body = post(client, f"/v1/games/{game}/{path}", {"state": state})
        if path == "check":
            assert status == 200 and body["valid"] is False, body
        else:
            assert status == 409 and body["code"] == "invalid_state", body


def test_a_reachable_match_record_is_accepted(client):
    state = _deal(client, "agram", {"players": 3, "seed": 1})
    state["match"] = {"hand": 3, "previous": [1, 1, 0]}
    status, body = post(client, "/v1/games/agram/check", {"state": state})
    assert body == {"valid": True, "problems": []}


@pytest.mark.parametrize("version", [2.0, 7.0])
def test_unknown_schema_version_written_as_a_float_is_refused(client, version):
    state = _deal(client, "agram", {"players": 3, "seed": 1})
    state["schema_version"] = version
    status, body = post(client, "/v1/games/agram/check", {"state": state})
    assert status == 409 and body["code"] == "unsupported_version"


def test_problems_from_every_stage_are_listed(client):
    state = _deal(client, "agram", {"players": 3, "seed": 1})
    bad = copy.deepcopy(state)
    bad["deal"]["undealt"] = bad["deal"]["undealt"][:-1]  # deal record
    bad["to_act"] = 0  # derived field
    bad["hands"][0] = bad["hands"][0][::-1]  # derived field
    status, body = post(client, "/v1/games/agram/legal-moves", {"state": bad})
    problems = " | ".join(body["problems"])
    assert "deal.undealt" in problems and "to_act" in problems and "hands[0]" in problems, problems


def test_a_finished_hand_keeps_its_last_trick_leader(client):
    hand = play_hand(client, "agency", {"seed": 42}, random.Random(42))
    state = hand["state"]
    bad = copy.deepcopy(state)
    bad["trick"]["leader"] = (state["trick"]["leader"] + 1) % 4
    status, body = post(client, "/v1/games/agency/check", {"state": bad})
    assert body["valid"] is False, body


def test_a_finished_agram_hand_has_no_trick(client):
    hand = play_hand(client, "agram", {"players": 3, "seed": 5}, random.Random(5))
    bad = dict(hand["state"], trick={"leader": hand["state"]["winner"], "plays": []})
    status, body = post(client, "/v1/games/agram/check", {"state": bad})
    assert body["valid"] is False and any("trick must be null" in p for p in body["problems"])


def test_replay_detail_names_the_move_in_words(client):
    example = case("agram-three-players")
    moves = [step["play"] for step in example["steps"]]
    moves[4] = {"seat": 1, "card": "4D"}
    status, body = post(client, "/v1/games/agram/replay", {"deal": example["deal"], "moves": moves})
    assert "seat 1 plays 4D" in body["detail"] and "{" not in body["detail"]


def test_a_null_holder_is_the_same_as_none(client):
    state = _deal(client, "agency", case("agency-opening")["deal"])
    status, body = post(client, "/v1/games/agency/play", {"state": state, "move": {"seat": 0, "card": "3H", "holder": None}})
    assert status == 200 and body["events"][0]["holder"] == 0


@pytest.mark.parametrize("text", [b"18446744073709551616", b"99999999999999999999999999", b"1e26", b"-1e30",
                                  b"-18446744073709551617"])
def test_a_number_past_its_range_is_refused_with_the_range_however_it_is_written(client, text):
    """The JSON reader gives an integer past 64 bits as a float: it is refused
    with the field's range, as an exact integer past it is, not as a number
    the client wrote inexactly."""
    status, body = _raw(client, "/v1/games/agram/deal", b'{"players": 2, "seed": ' + text + b"}")
    exact = _raw(client, "/v1/games/agram/deal", b'{"players": 2, "seed": -1}')[1]
    assert status == 422 and body["errors"]["json"]["seed"] == exact["errors"]["json"]["seed"]
    assert body["errors"]["json"]["seed"] == ["Must be greater than or equal to 0 and less than or equal to 18446744073709551615."]


def test_a_member_named_twice_is_read_with_its_last_value(client):
    """docs/errors.md, How JSON is read: an object naming a member twice is read with its last
    value (RFC 8259 leaves it to the reader), at the top and nested."""
    status, body = _raw(client, "/v1/games/agram/deal", b'{"players": 3, "seed": 1, "players": 4}')
    assert status == 200 and body["state"]["players"] == 4
    status, body = _raw(client, "/v1/games/agram/deal", b'{"players": 3, "options": {"target": 9, "target": 2}}')
    assert status == 200 and body["state"]["options"]["target"] == 2
    status, body = _raw(client, "/v1/games/agram/deal", b'{"players": 3, "players": 9}')
    assert status == 422 and "players" in body["errors"]["json"]


@pytest.mark.parametrize("bounds", [{"min": 0}, {"max": 10}, {"min": -5, "max": 5}, {"min": 0, "max": 3, "max_inclusive": False}])
@pytest.mark.parametrize("value", [2.0**60, -(2.0**60), 1e300, -1e300])
def test_an_integer_field_past_its_range_names_the_range(bounds, value):
    """Every ``Int`` with a range, whatever the range: a float past it gets the
    range's own message; one inside it but too large to be exact, the
    inexact one."""
    field = Int(validate=validate.Range(**bounds))
    with pytest.raises(ValidationError) as refused:
        field.deserialize(value)
    inside = bounds.get("min", -(2**1100)) <= value <= bounds.get("max", 2**1100)
    if inside:
        assert "too large to read exactly" in refused.value.messages[0]
    else:
        with pytest.raises(ValidationError) as exact:
            field.deserialize(int(value))
        assert refused.value.messages == exact.value.messages


@pytest.mark.parametrize("value", [-(2**64), 2**63, 10**16])
def test_every_integer_in_a_state_is_bounded(client, value):
    state = _deal(client, "spar", {"players": 3, "seed": 1})
    state["match"]["tally"] = [value, 0, 0]
    status, body = _raw(client, "/v1/games/spar/score", json.dumps({"state": state}).encode())
    assert status == 422 and "match" in body["errors"]["json"]["state"], body


@pytest.mark.parametrize(
    "game,deal,match,valid",
    [
        ("agram", {"players": 3, "seed": 11, "dealer": 2}, {"hand": 2, "previous": [1, 0, 0]}, False),  # seat 2 deals: it won
        ("agram", {"players": 3, "seed": 11, "dealer": 2}, {"hand": 3, "previous": [2, 0, 0]}, False),
        ("agram", {"players": 3, "seed": 11, "dealer": 2}, {"hand": 2, "previous": [0, 0, 1]}, True),
        ("fapfap", {"players": 3, "seed": 1}, {"hand": 2, "previous": [1, 0, -1]}, False),
        ("fapfap", {"players": 3, "seed": 1}, {"hand": 2, "previous": [0, 0, 0]}, False),
        ("fapfap", {"players": 3, "seed": 1}, {"hand": 2, "previous": [4, -2, -2]}, True),  # seat 0 won with a 3 (x2)
        ("spar", {"players": 3, "seed": 1}, {"hand": 2, "previous": [1, 1, 0]}, False),
        ("spar", {"players": 3, "seed": 1}, {"hand": 2, "previous": [3, 0, 0]}, True),  # seat 0 won with a 6
    ],
)
def test_a_match_record_must_fit_the_dealer(client, game, deal, match, valid):
    state = _deal(client, game, deal)
    state["match"] = match
    status, body = post(client, f"/v1/games/{game}/check", {"state": state})
    assert status == 200 and body["valid"] is valid, body


@pytest.mark.parametrize(
    "game,plays",
    [
        ("agency", [{"seat": 1, "card": "5H"}, {"seat": 0, "card": "9H"}, {"seat": 3, "card": "1V"}]),
        ("agency", [{"seat": 0, "card": "5H"}, {"seat": 2, "card": "9H"}]),
        ("agency", [{"seat": 0, "card": "5H", "holder": 2}]),  # seat 0 plays from holders 0 and 3
        ("agram", [{"seat": 0, "card": "5H"}, {"seat": 2, "card": "9H"}]),
        ("agram", [{"seat": 2, "card": "5H"}, {"seat": 1, "card": "9H"}]),
    ],
)
def test_trick_winner_refuses_plays_out_of_turn(client, game, plays):
    status, body = post(client, f"/v1/games/{game}/trick-winner", {"plays": plays})
    assert status == 409 and body["code"] == "invalid_trick", body


def test_trick_winner_follows_the_turn_round_the_table(client):
    plays = [{"seat": 2, "card": "5H"}, {"seat": 0, "card": "9H"}, {"seat": 1, "card": "3H"}]
    status, body = post(client, "/v1/games/agram/trick-winner", {"plays": plays})
    assert status == 200 and body["winner"] == 0


def test_replay_says_which_later_hand_could_not_be_dealt(client):
    body = {"deal": {"players": 2, "seed": 1}, "moves": [], "next_hands": [{"deal": {"seed": 2}, "moves": []}]}
    status, response = post(client, "/v1/games/agram/replay", body)
    assert status == 409 and response["code"] == "hand_not_over"
    assert response["hand"] == 2 and "hand 2" in response["detail"]


# -- refusals a person can act on ---------------------------------------------------------


@pytest.mark.parametrize(("method", "path"), [("GET", "/v1/games/poker"), ("POST", "/v1/games/poker/deal"),
                                              ("GET", "/v1/games/poker/deal"), ("POST", "/v1/games/Agram/legal-moves")])
def test_a_path_under_an_unknown_game_names_the_games(client, method, path):
    """Every path under /v1/games/<id> with no such game says so and lists the
    games, whatever the operation (GET of the game, or one of its operations)."""
    response = client.open(path, method=method, json={})
    problem = response.get_json()
    assert (response.status_code, problem["code"]) == (404, "not_found")
    assert problem["detail"] == f"No game has the id '{path.split('/')[3]}'; the games are {', '.join(GAMES)}."
    response = client.post("/v1/games/agram/nope", json={})  # a game that is there: nothing at that path of it
    assert response.status_code == 404 and "No game" not in response.get_json()["detail"]


def test_a_body_too_large_says_the_limit():
    client = create_app({"TESTING": True, "REFEREE_MAX_BODY_BYTES": 2048}).test_client()
    response = client.post("/v1/games/agram/deal", data=b"{" + b" " * 4096 + b"}", content_type="application/json")
    assert response.status_code == 413
    assert response.get_json()["detail"] == "The request body is larger than this service accepts: at most 2,048 bytes."


@pytest.mark.parametrize(("versions", "named"), [
    ({"rules_version": "2"}, "rules version '2'"),
    ({"schema_version": 7}, "schema version 7"),
    ({"rules_version": "2", "schema_version": 7}, "rules version '2' and schema version 7"),
])
def test_a_version_refusal_names_only_what_differs(client, versions, named):
    state = client.post("/v1/games/agram/deal", json={"players": 3, "seed": 1}).get_json()["state"]
    state.update(versions)
    response = client.post("/v1/games/agram/legal-moves", json={"state": state})
    assert (response.status_code, response.get_json()["code"]) == (409, "unsupported_version")
    assert response.get_json()["detail"].endswith(f"state schema version 1, not {named}")


@pytest.mark.parametrize("host", ["a" * 64 + ".example", "a..b", ".example", "x" * 300, "x y", "x/y", "\xff\xfe", "[zz]", "[::1", "[1.2.3.4]", "a.b:123456", "a.b:8o", "a@b", "a%2eb", "(" + "a" * 250 + ".b" + ")"])
@pytest.mark.parametrize(("method", "path"), [("GET", "/healthz"), ("POST", "/v1/games/agram/deal"), ("GET", "/v1/games")])
def test_a_host_that_is_no_host_name_is_400_invalid_host(client, host, method, path):
    """Regression: werkzeug's routing cannot encode a label over 63
    characters (IDNA), and such a Host was answered 400 ``bad_request``,
    "could not be understood"; a space, a slash, bytes outside ASCII, a
    bracket that holds no IPv6 address and an empty Host were served (RFC
    9110, 7.2 and 4.2.1: an http URI's host is never empty; the test client
    sends its own Host for an empty one, so tests/test_gunicorn_refusals.py
    sends that over a socket)."""
    response = client.open(path, method=method, json={} if method == "POST" else None, headers={"Host": host})
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["code"] == "invalid_host" and "Host header" in body["detail"] and host not in body["detail"]


@pytest.mark.parametrize("host", ["a" * 63 + ".example", "referee:8000", "127.0.0.1:8000", "[::1]:8000", "localhost.",
                                  "my_service:80", "referee:", "[::ffff:192.0.2.1]", ".".join(["a" * 63] * 3) + "." + "a" * 61])
def test_a_host_name_at_the_limits_is_served(client, host):
    assert client.get("/healthz", headers={"Host": host}).status_code == 200


HAND_PATHS = ["legal-moves", "play", "score", "view", "check", "record", "solve", "suggest", "analyze"]
"""Every operation that takes a hand as ``state`` (or, sealed, ``token``)."""


def _mistakes(client, game: str) -> tuple[dict, dict[str, tuple[dict, str]]]:
    """A seat-0 view request's and a play's other members (a real legal
    move), and each kind of thing easily sent for a hand's state of
    ``game`` that is none: the body, and the start of the one sentence
    that names it; each from answers the referee really gave."""
    seating = {} if game == "agency" else {"players": 3}
    state = _deal(client, game, {**seating, "seed": 8})
    move = post(client, f"/v1/games/{game}/legal-moves", {"state": state})[1]["moves"][0]
    other = "spar" if game != "spar" else "agram"
    other_state = _deal(client, other, {"players": 3, "seed": 8})
    sealed = create_app({"TESTING": True, "REFEREE_SEALING_KEYS": "a-sealing-key-for-the-hardening-tests-0123"}).test_client()
    public = _deal(sealed, game, seating)
    view = post(client, f"/v1/games/{game}/view", {"state": state, "seat": 0})[1]
    return {"play": {"move": move}, "view": {"seat": 0}}, {
        "bare state": (state, "The body is a hand's state itself: send it as `state`"),
        "another game's state": ({"state": other_state}, f"This is a state of {other}, not of {game}: send it to {other}'s operations"),
        "sealed public state": ({"state": public}, "This is a sealed hand's public state"),
        "seat's view": ({"state": view}, "This is a seat's view"),
        "state in a state": ({"state": {"state": state}}, "This is a request body, not a state"),
    }


@pytest.mark.parametrize("game", list(GAMES))
def test_what_is_plainly_not_a_state_is_named_in_one_sentence(client, game):
    """A bare state, another game's, a sealed hand's public state, a seat's
    view, a request body inside ``state``: each sent where a hand is asked
    for is a 422 whose one message says what was sent and what to send,
    not an unknown-field fault for each of its members (found by a
    fresh-user trial), on every operation that takes a hand."""
    others, mistakes = _mistakes(client, game)
    for path in HAND_PATHS:
        for kind, (body, sentence) in mistakes.items():
            status, answer = post(client, f"/v1/games/{game}/{path}", {**body, **others.get(path, {})})
            assert status == 422 and answer["code"] == "validation_failed", (path, kind, answer)
            errors = answer["errors"]["json"]
            (message,) = (errors if kind == "bare state" else errors.pop("state"))["_schema"]
            assert message.startswith(sentence), (path, kind, message)
            assert errors == ({"_schema": [message]} if kind == "bare state" else {}), (path, kind, errors)  # nothing else


def test_a_state_of_no_game_or_this_games_keeps_its_field_faults(client):
    """The hints read only what plainly marks another thing: a made-up game
    id, or a state of this game with a fault, is named field by field as before."""
    state = _deal(client, "agram", {"players": 3, "seed": 8})
    status, answer = post(client, "/v1/games/agram/legal-moves", {"state": {**state, "game": "bridge"}})
    assert status == 422 and answer["errors"]["json"] == {"state": {"game": ["Must be one of: agram."]}}, answer
    status, answer = post(client, "/v1/games/agram/legal-moves", {"state": {**state, "dealer": -1}})
    assert status == 422 and list(answer["errors"]["json"]["state"]) == ["dealer"], answer


def _leaves(node, path=()):
    """Every message of a 422's ``errors`` tree with its member's path, in order (``_schema``: the object itself)."""
    if isinstance(node, dict):
        return [leaf for key, value in node.items() for leaf in _leaves(value, path if key == "_schema" else (*path, key))]
    return [(path, message) for message in node]


@pytest.mark.parametrize(("path", "body", "detail"), [
    ("deal", {}, "`players`: Say how many players, or give the previous hand of the match."),
    ("deal", {"players": 3, "seed": 1, "deck": ["AS"]}, "The body: Give at most one of seed, deck and hands, not seed and deck."),
    ("deal", [1], "The body: Must be a JSON object."),
    ("trick-winner", {"plays": [{"seat": 0, "card": "ZZ"}]},
     "`plays[0].card`: Not a card code: 'ZZ'. Codes are rank then suit, e.g. 10S, AH, 7V, or W."),
    ("deal", {"players": "x", "seed": -1, "deck": 3},
     "`seed`: Must be greater than or equal to 0 and less than or equal to 18446744073709551615; 2 more faults are listed in `errors`."),
    ("play", {"state": {"game": "agram"}, "move": {"seat": 0}},
     "`state.players`: Missing data for required field; 5 more faults are listed in `errors`."),
    ("deal", {"players": 3, "x" * 500: 1, "\u202e\x07": 2},
     f"`{'x' * 64}…`: Unknown field; 1 more fault is listed in `errors`."),
])
def test_a_422_detail_names_the_first_fault_and_counts_the_others(client, path, body, detail):
    """A 422's ``detail`` is the first fault of ``errors`` in a sentence (the
    member's path as a client writes it, and its message) and how many more
    ``errors`` lists, so a server that logs ``code`` and ``detail`` keeps what
    to fix; ``errors`` is the tree it always was. A name the client made up
    is cut and its control characters shown as ``?``."""
    status, answer = post(client, f"/v1/games/agram/{path}", body)
    assert status == 422 and answer["code"] == "validation_failed", answer
    assert answer["detail"] == detail
    (_, first), *others = _leaves(answer["errors"]["json"])
    assert detail.split(": ", 1)[1].startswith(first.rstrip("."))
    assert len(others) == (int(detail.split("; ")[1].split()[0]) if others else 0)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_deal_with_the_other_familys_seating_says_what_this_game_has_instead(client, game_id):
    """Agency is dealt with ``first_leader`` and no ``players`` or
    ``dealer`` (A14); the Agram family with ``players`` and ``dealer`` (F4).
    The other family's members are refused each with a sentence saying what
    this game has instead (was: "Unknown field."), in a first deal and in a
    replay's deal; a member no game has is still an unknown field."""
    agency = GAMES[game_id].family == "agency"
    seating = {} if agency else {"players": 3}
    foreign = {"players": (4, "always played by 4 players"), "dealer": (1, "first_leader names the seat that leads")} if agency \
        else {"first_leader": (1, "the seat after the dealer leads the first trick (F4)")}
    for name, (value, says) in foreign.items():
        for path, body in (("deal", {**seating, name: value}), ("replay", {"deal": {**seating, "seed": 1, name: value}, "moves": []})):
            status, answer = post(client, f"/v1/games/{game_id}/{path}", body)
            assert status == 422, answer
            detail = answer["detail"]
            assert detail.startswith(f"`{'deal.' if path == 'replay' else ''}{name}`: ") and says in detail, detail
    status, answer = post(client, f"/v1/games/{game_id}/deal", {**seating, "dealr": 1})
    assert status == 422 and answer["detail"] == "`dealr`: Unknown field."


def test_a_422_of_the_body_itself_says_what_the_body_must_be(client):
    """A fault of the body as a whole reads as one sentence about the body
    (was: "The body: The body is a hand's state itself...")."""
    state = post(client, "/v1/games/agram/deal", {"players": 3, "seed": 5})[1]["state"]
    status, answer = post(client, "/v1/games/agram/play", state)
    assert status == 422 and answer["detail"].startswith("The body is a hand's state itself: send it as `state`"), answer


def test_a_422_of_more_faults_than_listed_says_the_body_has_more(client):
    """Past the 50 faults ``errors`` lists, the detail says how many are
    listed and that the body has more still."""
    status, answer = post(client, "/v1/games/agram/deal", {"players": 3, "hands": [[f"Z{n}" for n in range(12)]] * 5})
    assert status == 422 and answer["errors_truncated"] is True
    listed = len(_leaves(answer["errors"]["json"]))
    assert listed == 50 and answer["detail"] == ("`hands[0][0]`: Not a card code: 'Z0'. Codes are rank then suit, e.g. 10S, AH, 7V, "
                                                 "or W; 49 more faults are listed in `errors`, and the body has more still.")
