"""Clocks against gunicorn (CONTRACT: States spent once, and clocks; Clocks).

In signed and sealed modes ``deal`` takes ``"clock": {"move_seconds": n}``
(1 to 86,400) for every hand of the match; a state then shows ``clock``:
the seat to act and its deadline, the referee's time when it issued the
state plus ``move_seconds`` (RFC 3339, UTC); ``clock.seat`` is null once the
hand is over. In open mode a deal with a clock answers 422.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from test_spent_gunicorn import send

from service import clock
from support import HeldHand, running_gunicorn

pytestmark = pytest.mark.slow

SEALING_KEY = "clock-tests-sealing-key-0123456789abcdef"
SIGNING_KEY = "clock-tests-signing-key-0123456789abcdef"
MODES = {"sealed": {"REFEREE_SEALING_KEYS": SEALING_KEY}, "signed": {"REFEREE_SIGNING_KEYS": SIGNING_KEY}, "open": {}}
HELD_MODES = ("sealed", "signed")
SEATING = {"agram": {"players": 3}, "agency": {"first_leader": 0}}


@pytest.fixture(scope="module")
def referees(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, int]]:
    """A referee (gunicorn, one worker, the embedded store) in each mode, by mode."""
    with running_gunicorn(1, {**MODES["sealed"], "REFEREE_TOKEN_STORE_PATH": str(tmp_path_factory.mktemp("sealed") / "spent.db")}) as sealed, \
            running_gunicorn(1, {**MODES["signed"], "REFEREE_TOKEN_STORE_PATH": str(tmp_path_factory.mktemp("signed") / "spent.db")}) as signed, \
            running_gunicorn(1, MODES["open"]) as open_:
        yield {"sealed": sealed.port, "signed": signed.port, "open": open_.port}


def over_http(where: int, path: str, body: Any, credential: str | None) -> tuple[int, dict[str, str], bytes]:
    return send(where, path, body, credential)


def deal(port: int, mode: str, game: str = "agram", **body: Any) -> tuple[HeldHand, int, int]:
    """A hand dealt with ``body``, and the referee's time (ms) just before and just after the request."""
    before = clock.now_ms()
    status, _, data = send(port, f"/v1/games/{game}/deal", {**SEATING[game], **body})
    after = clock.now_ms()
    assert status == 200, data
    return HeldHand(over_http, mode, game, json.loads(data)), before, after


def assert_clock(state: dict[str, Any], move_seconds: int, before: int, after: int) -> None:
    """``state``'s clock: its move time, the seat to act, and a deadline
    ``move_seconds`` after the referee issued it (between ``before`` and
    ``after``; a signed state says exactly when, in ``issued_at``)."""
    shown = state["clock"]
    assert set(shown) == {"move_seconds", "seat", "deadline"}
    assert shown["move_seconds"] == move_seconds
    assert shown["seat"] == state["to_act"]
    deadline = clock.parse_rfc3339(shown["deadline"])
    assert deadline is not None, shown["deadline"]
    assert before + move_seconds * 1000 <= deadline <= after + move_seconds * 1000
    if "issued_at" in state:
        assert deadline == clock.parse_rfc3339(state["issued_at"]) + move_seconds * 1000


@pytest.mark.parametrize("mode", HELD_MODES)
@pytest.mark.parametrize("game", list(SEATING))
def test_a_clock_is_shown_with_the_seat_to_act_and_its_deadline_on_every_state_of_the_match(referees: dict[str, int], mode: str, game: str) -> None:
    port = referees[mode]
    hand, before, after = deal(port, mode, game, clock={"move_seconds": 45})
    assert_clock(hand.state, 45, before, after)
    while not hand.state["hand_over"]:
        move = hand.moves(port)[0]
        before = clock.now_ms()
        hand.play_on(move, port)
        assert_clock(hand.state, 45, before, clock.now_ms())
    assert hand.state["clock"]["seat"] is None  # the hand is over: no seat's time runs
    # The next hand of the match carries the clock.
    before = clock.now_ms()
    status, _, data = send(port, f"/v1/games/{game}/deal", {"previous": hand.previous()})
    assert status == 200, data
    following = json.loads(data)["state"]
    assert_clock(following, 45, before, clock.now_ms())
    assert following["clock"]["seat"] is not None


@pytest.mark.parametrize("mode", HELD_MODES)
def test_a_hand_without_a_clock_shows_none(referees: dict[str, int], mode: str) -> None:
    hand, _, _ = deal(referees[mode], mode)
    assert "clock" not in hand.state
    hand.play_on(hand.moves(referees[mode])[0], referees[mode])
    assert "clock" not in hand.state
    status, _, data = send(referees[mode], "/v1/games/agram/deal", {"previous": played_out(hand, referees[mode]).previous()})
    assert status == 200 and "clock" not in json.loads(data)["state"]


def played_out(hand: HeldHand, port: int) -> HeldHand:
    while not hand.state["hand_over"]:
        hand.play_on(hand.moves(port)[0], port)
    return hand


@pytest.mark.parametrize("mode", HELD_MODES)
@pytest.mark.parametrize("seconds", [1, 86_400])
def test_the_move_time_runs_from_one_second_to_a_day(referees: dict[str, int], mode: str, seconds: int) -> None:
    hand, before, after = deal(referees[mode], mode, clock={"move_seconds": seconds})
    assert_clock(hand.state, seconds, before, after)


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("clock_", [{"move_seconds": 0}, {"move_seconds": 86_401}, {"move_seconds": -5}, {"move_seconds": 1.5},
                                    {"move_seconds": "60"}, {}, {"move_seconds": 60, "increment": 1}, 60, None])
def test_a_clock_out_of_range_or_of_another_shape_answers_422(referees: dict[str, int], mode: str, clock_: Any) -> None:
    status, headers, data = send(referees[mode], "/v1/games/agram/deal", {"players": 3, "clock": clock_})
    body = json.loads(data)
    assert (status, headers["Content-Type"], body["code"]) == (422, "application/problem+json", "validation_failed")
    assert "clock" in body["errors"]["json"], body


def test_an_open_referee_refuses_a_clock_with_422(referees: dict[str, int]) -> None:
    """An open state's times cannot be vouched for: 422 on ``clock``, in a deal and in a replay's deal."""
    status, _, data = send(referees["open"], "/v1/games/agram/deal", {"players": 3, "clock": {"move_seconds": 60}})
    body = json.loads(data)
    assert (status, body["code"]) == (422, "validation_failed")
    assert "signed or sealed" in body["errors"]["json"]["clock"][0]
    status, _, data = send(referees["open"], "/v1/games/agram/replay", {"deal": {"players": 3, "seed": 1, "clock": {"move_seconds": 60}}, "moves": []})
    assert status == 422 and "clock" in json.loads(data)["errors"]["json"], data
    # Without a clock, open mode answers as before: no clock member.
    status, _, data = send(referees["open"], "/v1/games/agram/deal", {"players": 3, "seed": 1})
    assert status == 200 and "clock" not in json.loads(data)["state"]


@pytest.mark.parametrize("mode", HELD_MODES)
def test_the_clock_of_a_match_is_its_first_deals_a_next_hand_takes_none(referees: dict[str, int], mode: str) -> None:
    port = referees[mode]
    hand, _, _ = deal(port, mode, clock={"move_seconds": 30})
    played_out(hand, port)
    for given in ({"move_seconds": 30}, {"move_seconds": 5}):
        status, _, data = send(port, "/v1/games/agram/deal", {"previous": hand.previous(), "clock": given})
        body = json.loads(data)
        assert (status, body["code"]) == (422, "validation_failed")
        assert "first deal" in body["errors"]["json"]["clock"][0]


def test_a_signed_states_clock_is_covered_by_its_signature(referees: dict[str, int]) -> None:
    """A signed state whose clock was changed (a longer move time, a later deadline) is refused."""
    port = referees["signed"]
    hand, _, _ = deal(port, "signed", clock={"move_seconds": 30})
    for changed in ({**hand.state["clock"], "move_seconds": 86_400}, {**hand.state["clock"], "deadline": "2099-01-01T00:00:00.000Z"}):
        status, _, data = send(port, "/v1/games/agram/legal-moves", {"state": {**hand.state, "clock": changed}})
        assert (status, json.loads(data)["code"]) == (403, "state_signature_invalid")
    state = dict(hand.state)
    del state["clock"]
    status, _, data = send(port, "/v1/games/agram/legal-moves", {"state": state})
    assert (status, json.loads(data)["code"]) == (403, "state_signature_invalid")
