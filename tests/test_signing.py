"""Signed states: with signing keys, a changed or unsigned state is refused (403)."""

from __future__ import annotations

import copy

import orjson
import pytest

from service import signing
from service.app import create_app
from support import post

FIRST = "first-key-0123456789abcdef0123456789"
OLD = "old-key-0123456789abcdef0123456789"
NEW = "new-key-0123456789abcdef0123456789"


def _client(keys: str):
    return create_app({"TESTING": True, "REFEREE_SIGNING_KEYS": keys}).test_client()


@pytest.fixture
def signed():
    return _client(FIRST)


def _deal(client, game="agram", body=None):
    status, response = post(client, f"/v1/games/{game}/deal", body or {"players": 3, "seed": 9})
    assert status == 200, response
    return response["state"]


def test_every_returned_state_is_signed_and_accepted_back(signed):
    state = _deal(signed)
    assert state["signature"].startswith("hmac-sha256:")
    status, legal = post(signed, "/v1/games/agram/legal-moves", {"state": state})
    assert status == 200
    status, played = post(signed, "/v1/games/agram/play", {"state": state, "move": legal["moves"][0]})
    assert status == 200 and played["state"]["signature"] != state["signature"]


def test_changing_one_card_is_refused(signed):
    state = _deal(signed)
    forged = copy.deepcopy(state)
    forged["deal"]["hands"][0][0], forged["deal"]["hands"][1][0] = state["deal"]["hands"][1][0], state["deal"]["hands"][0][0]
    status, body = post(signed, "/v1/games/agram/legal-moves", {"state": forged})
    assert status == 403, body
    assert body["code"] == "state_signature_invalid"
    assert body["type"] == "/problems/state_signature_invalid"


def test_a_member_named_twice_changes_nothing_a_signature_vouches_for(signed):
    """docs/errors.md, How JSON is read: a duplicated member is read with its last value, and
    the signature is checked on what was read: a second ``to_act`` that
    differs is refused, one that repeats the signed value is the same state."""
    state = _deal(signed)
    text = orjson.dumps({"state": state}).decode()
    for value, expected in ((state["to_act"], 200), ((state["to_act"] + 1) % 3, 403)):
        body = text[:-2] + f',"to_act":{value}' + "}}"  # the state's own to_act first, then this one
        response = signed.post("/v1/games/agram/legal-moves", data=body, content_type="application/json")
        assert response.status_code == expected, response.get_json()
        if expected == 403:
            assert response.get_json()["code"] == "state_signature_invalid"


@pytest.mark.parametrize("path", ["legal-moves", "play", "score", "view"])
def test_a_missing_signature_is_refused_everywhere(signed, path):
    state = _deal(signed, "agency", {"seed": 1})
    del state["signature"]
    body = {"state": state, "move": {"seat": 0, "card": "1H"}, "seat": 0}
    status, response = post(signed, f"/v1/games/agency/{path}", body)
    assert status == 403 and response["code"] == "state_signature_invalid"


def test_a_previous_hand_must_be_signed_too(signed):
    state = _deal(signed)
    state["signature"] = "hmac-sha256:forged"
    status, body = post(signed, "/v1/games/agram/deal", {"previous": state})
    assert status == 403
    assert body["detail"] == ("The state sent as previous is not one this referee signed: its signature is missing or wrong, "
                              "or the state was changed after it was signed")


def test_check_reports_a_bad_signature_as_a_problem(signed):
    state = _deal(signed)
    state["dealer"] = 1
    status, body = post(signed, "/v1/games/agram/check", {"state": state})
    assert status == 200 and body["valid"] is False
    assert any("signature" in problem for problem in body["problems"])


def test_rolled_keys_still_verify_states_signed_with_the_old_key():
    old = _deal(_client(OLD))
    rolled = _client(f"{NEW},{OLD}")
    status, body = post(rolled, "/v1/games/agram/legal-moves", {"state": old})
    assert status == 200
    fresh = _deal(rolled)
    assert signing.verify(fresh, [NEW.encode()]) and not signing.verify(fresh, [OLD.encode()])


def test_without_keys_states_are_unsigned_and_accepted(client):
    state = _deal(client)
    assert "signature" not in state
    status, _ = post(client, "/v1/games/agram/score", {"state": state})
    assert status == 200


def test_signature_covers_a_canonical_serialization():
    state = {"b": [1, 2], "a": {"y": "é", "x": None}}
    assert signing.canonical(state) == '{"a":{"x":null,"y":"é"},"b":[1,2]}'.encode()
    signature = signing.sign(state, b"k")
    assert signing.verify({**state, "signature": signature}, [b"k"])
    assert not signing.verify({**state, "b": [2, 1], "signature": signature}, [b"k"])
    assert not signing.verify(state, [b"k"])


@pytest.mark.parametrize(
    "signature",
    ["hmac-sha256:\u00e9", "hmac-sha256:" + "\u00e9" * 150, "hmac-sha256:\u2603abc", "hmac-sha256:\U0001f0a1",
     "hmac-sha256:\x00\x01\x7f", "hmac-sha256:", "HMAC-SHA256:abc", "\u00e9"],
    ids=["e-acute", "long-non-ascii", "snowman", "playing-card", "control-bytes", "empty-mac", "upper-prefix",
         "no-prefix"],
)
def test_a_non_ascii_or_binary_signature_is_403_not_500(signed, signature):
    state = _deal(signed)
    state["signature"] = signature
    assert not signing.verify(state, [FIRST.encode()])
    for path in ("legal-moves", "score", "check"):
        status, body = post(signed, f"/v1/games/agram/{path}", {"state": state})
        if path == "check":
            assert status == 200 and body["valid"] is False, body
        else:
            assert status == 403 and body["code"] == "state_signature_invalid", body


def test_verify_refuses_a_lone_surrogate_without_raising():
    # JSON cannot carry one to the service (orjson refuses it: 400), but verify never raises.
    state = {"a": 1, "signature": "hmac-sha256:\ud800"}
    assert signing.verify(state, [FIRST.encode()]) is False
