"""Clocks against gunicorn (CONTRACT: States spent once, and clocks; Clocks).

In signed and sealed modes ``deal`` takes ``"clock": {"move_seconds": n}``
(1 to 86,400) for every hand of the match; a state then shows ``clock``:
the seat to act and its deadline, the referee's time when it issued the
state plus ``move_seconds`` (RFC 3339, UTC); ``clock.seat`` is null once the
hand is over. In open mode a deal with a clock answers 422.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from test_spent_gunicorn import send

from service import clock
from support import HeldHand, assert_spent, running_gunicorn

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
    status, _, data = next_hand(hand, port)
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


def next_hand(hand: HeldHand, port: int) -> tuple[int, dict[str, str], bytes]:
    """The match's next hand, dealt from ``hand`` (sealed Agency: with a
    credential of the team that chooses its leader, the first seat's whose
    credential is not refused)."""
    for seat in [None, *hand.credentials]:
        answer = send(port, f"/v1/games/{hand.game}/deal", {"previous": hand.previous()}, hand.credentials.get(seat) if seat is not None else None)
        if answer[0] != 403:
            return answer
    return answer


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


# -- timeout ------------------------------------------------------------------------


def timed_out(hand: HeldHand, port: int, seat: int | None = None) -> tuple[int, dict[str, str], bytes]:
    """``timeout`` on the hand's newest state, with ``seat``'s credential (sealed mode)."""
    return hand.post("timeout", hand.held, seat, port)


def wait_past(state: dict[str, Any]) -> None:
    """Sleep until the state's deadline has passed on this machine's clock (the referee's)."""
    deadline = clock.parse_rfc3339(state["clock"]["deadline"])
    assert deadline is not None
    while clock.now_ms() <= deadline:
        time.sleep(max(0.01, (deadline - clock.now_ms() + 5) / 1000))


def rules_suggestion(hand: HeldHand, port: int) -> dict[str, Any]:
    """What ``suggest`` with level ``rules`` answers for the seat to act (with its credential)."""
    status, _, data = hand.post("suggest", {**hand.held, "level": "rules", "seed": 1}, hand.state["to_act"], port)
    assert status == 200, data
    return json.loads(data)["move"]


def problem(answer: tuple[int, dict[str, str], bytes]) -> tuple[int, str, dict[str, Any]]:
    body = json.loads(answer[2])
    assert answer[1]["Content-Type"] == "application/problem+json"
    return answer[0], body["code"], body


@pytest.mark.parametrize("mode", HELD_MODES)
@pytest.mark.parametrize("game", list(SEATING))
def test_before_the_deadline_timeout_answers_clock_running_and_after_it_plays_the_rules_move(
        referees: dict[str, int], mode: str, game: str) -> None:
    port = referees[mode]
    hand, _, _ = deal(port, mode, game, clock={"move_seconds": 1})
    other = (hand.state["to_act"] + 1) % len(hand.credentials or [0, 1])
    status, code, body = problem(timed_out(hand, port, other))
    assert (status, code) == (409, "clock_running")
    assert type(body["remaining_ms"]) is int and 0 < body["remaining_ms"] <= 1000
    assert body["type"] == "/problems/clock_running" and not {"state", "token", "events"} & set(body)
    seat, legal, expected = hand.state["to_act"], hand.moves(port), rules_suggestion(hand, port)
    wait_past(hand.state)
    before = clock.now_ms()
    status, _, data = timed_out(hand, port, other)
    assert status == 200, data
    answer = json.loads(data)
    assert set(answer) == ({"state", "token", "events"} if mode == "sealed" else {"state", "events"})
    played = answer["events"][0]
    assert played == {"type": "card_played", **expected, "timeout": True}
    assert expected["seat"] == seat and expected in legal
    assert not any("timeout" in event for event in answer["events"][1:])
    state = answer["state"]
    assert state["timeouts"] == [1]
    assert_clock(state, 1, before, clock.now_ms())  # the next seat's time runs from this state
    assert state["clock"]["seat"] == state["to_act"] != seat


@pytest.mark.parametrize("mode", HELD_MODES)
def test_a_timeout_is_marked_in_the_state_the_record_and_its_replay(referees: dict[str, int], mode: str) -> None:
    """The second play is made on timeout: the state's ``timeouts`` says ply 2,
    the record writes ``~`` after that play, and the record replays to the
    same line, with ``"timeout": true`` on that play's event."""
    port = referees[mode]
    hand, _, _ = deal(port, mode, "agency", clock={"move_seconds": 1})
    hand.play_on(hand.moves(port)[0], port)
    wait_past(hand.state)
    status, _, data = timed_out(hand, port, 0)
    assert status == 200, data
    hand.take(json.loads(data))
    timed = json.loads(data)["events"][0]
    while not hand.state["hand_over"]:
        hand.play_on(hand.moves(port)[0], port)
    assert hand.state["timeouts"] == [2]
    # The review covers every play, the one made on timeout too (was: 409 invalid_state, as it started
    # from the deal with the hand's timeouts still on it, naming plays the deal has not).
    status, _, data = hand.post("analyze", hand.held, 0, port)
    assert status == 200, data
    reviewed = json.loads(data)["plays"]
    assert [entry["ply"] for entry in reviewed] == list(range(len(reviewed))) and len(reviewed) >= 2
    assert (reviewed[1]["move"]["seat"], reviewed[1]["move"]["card"]) == (timed["seat"], timed["card"])
    status, _, data = hand.post("record", hand.held, 0, port)
    assert status == 200, data
    line = json.loads(data)["record"]
    plays = " ".join(line.split(" ")[3:])  # agency/1 f0 s<seed> <the plays, a trick at a time> =<result>
    assert plays.count("~") == 1  # right after the play made on timeout, wherever in its trick it fell
    written = "W" + str(timed["holder"]) if timed["card"] == "W" else timed["card"]
    assert plays.split("~")[0].endswith(written)  # the mark follows the play made on timeout, nothing else
    if mode == "signed":  # a sealed referee refuses replays unless chosen deals are allowed
        status, _, data = send(port, "/v1/games/agency/replay", {"record": line})
        assert status == 200, data
        replayed = json.loads(data)
        assert replayed["state"]["timeouts"] == [2]
        assert [event.get("timeout") for event in replayed["events"] if event["type"] == "card_played"][:3] == [None, True, None]
        status, _, data = send(port, "/v1/games/agency/record", {"state": replayed["state"]})
        assert json.loads(data)["record"] == line


def twin_deals(game: str) -> list[dict[str, Any]]:
    """Deals (``hands``) of ``game`` that differ only in cards hidden from
    the first seat to act: a deal, and the same with two other seats' cards
    swapped (Agency: two holders that seat does not see)."""
    if game == "agency":
        status, _, data = send_open(game, {"first_leader": 0, "seed": 5})
        hands = [[code for code in cards if code != "W"] for cards in data["state"]["deal"]["hands"]]
        # Holders 1 and 2 are hidden from seat 0 (the test compares the views).
        return [{"first_leader": 0, "hands": hands}, {"first_leader": 0, "hands": [hands[0], hands[2], hands[1], hands[3]]}]
    status, _, data = send_open(game, {"players": 3, "seed": 5})
    hands = data["state"]["deal"]["hands"]
    return [{"players": 3, "hands": hands}, {"players": 3, "hands": [hands[2], hands[1], hands[0]]}]


def send_open(game: str, body: dict[str, Any]) -> tuple[int, dict[str, str], Any]:
    """A deal worked out in-process by an open referee (for its dealt hands)."""
    from service.app import create_app
    response = create_app({"TESTING": True}).test_client().post(f"/v1/games/{game}/deal", json=body)
    return response.status_code, dict(response.headers), response.get_json()


@pytest.mark.parametrize("game", ["agram", "agency", "fapfap", "spar"])
def test_the_timeout_move_comes_from_the_seats_view_alone(referees: dict[str, int], game: str) -> None:
    """Twins: hands that differ only in other seats' hidden cards, so the
    seat to act's view is the same, get the same timeout move."""
    port = referees["signed"]
    twins = []
    for body in twin_deals(game):
        status, _, data = send(port, f"/v1/games/{game}/deal", {**body, "clock": {"move_seconds": 1}})
        assert status == 200, data
        twins.append(json.loads(data)["state"])
    seat = twins[0]["to_act"]
    views = [json.loads(send(port, f"/v1/games/{game}/view", {"state": state, "seat": seat})[2]) for state in twins]
    assert all(view == views[0] for view in views)
    assert len({json.dumps(state["deal"]["hands"]) for state in twins}) == len(twins)  # the hidden cards differ
    for state in twins:
        wait_past(state)
    moves = []
    for state in twins:
        status, _, data = send(port, f"/v1/games/{game}/timeout", {"state": state})
        assert status == 200, data
        moves.append(json.loads(data)["events"][0])
    assert all(move == moves[0] for move in moves) and moves[0]["timeout"] is True


@pytest.mark.parametrize("mode", list(MODES))
def test_a_hand_without_a_clock_answers_no_clock(referees: dict[str, int], mode: str) -> None:
    port = referees[mode]
    status, _, data = send(port, "/v1/games/agram/deal", {"players": 3})
    dealt = json.loads(data)
    hand = HeldHand(over_http, mode, "agram", dealt) if mode != "open" else None
    held = hand.held if hand else {"state": dealt["state"]}
    credential = hand.credentials.get(0) if hand else None
    status, code, body = problem(send(port, "/v1/games/agram/timeout", held, credential))
    assert (status, code, body["type"]) == (409, "no_clock", "/problems/no_clock")


def test_a_sealed_timeout_needs_the_credential_of_a_seat_of_the_match(referees: dict[str, int]) -> None:
    port = referees["sealed"]
    hand, _, _ = deal(port, "sealed", clock={"move_seconds": 1})
    stranger, _, _ = deal(port, "sealed", clock={"move_seconds": 1})
    wait_past(hand.state)
    for credential in (None, stranger.credentials[0], "not-a-credential"):
        status, code, _ = problem(send(port, "/v1/games/agram/timeout", hand.held, credential))
        assert (status, code) == (403, "seat_credential_invalid")
    answers = {seat: send(port, "/v1/games/agram/timeout", hand.held, hand.credentials[seat]) for seat in range(3)}
    assert answers[0][0] == 200, answers[0]
    # Every seat asks for the same timeout: each gets the first answer, byte for byte.
    assert all(answer[::2] == answers[0][::2] for answer in answers.values())


@pytest.mark.parametrize("mode", HELD_MODES)
def test_a_timeout_sent_again_answers_the_same_body_and_spends_its_state_like_a_play(referees: dict[str, int], mode: str) -> None:
    port = referees[mode]
    hand, _, _ = deal(port, mode, clock={"move_seconds": 1})
    wait_past(hand.state)
    first = timed_out(hand, port, 0)
    assert first[0] == 200
    for _ in range(2):
        assert timed_out(hand, port, 0)[::2] == first[::2]
    # The state is spent: a play on it answers state_spent.
    mover = hand.state["to_act"]
    move = hand.moves(port)[0]
    assert move["seat"] == mover
    assert_spent(*hand.play(move, where=port)[::2])
    # A state spent by a play: a timeout on it answers state_spent, before and after its deadline.
    hand.take(json.loads(first[2]))
    older = dict(hand.held)
    hand.play_on(hand.moves(port)[0], port)
    assert_spent(*hand.post("timeout", older, 0, port)[::2])
    wait_past(hand.state)
    assert_spent(*hand.post("timeout", older, 0, port)[::2])


PAD_SECONDS = 0.010
"""``REFEREE_TIMEOUT_PAD_MS``'s default, which these referees keep."""


@pytest.mark.parametrize("mode", HELD_MODES)
def test_timeouts_sent_at_once_each_last_the_pad_whichever_works_the_move_out(referees: dict[str, int], mode: str) -> None:
    """Timeouts sent at once on a state past its deadline, before the first
    is recorded, may each work out the stand-in's move from the stalled
    seat's hidden cards; those that come later are answered from the store.
    Every one of them, and a retry sent later, lasts at least the pad
    (``REFEREE_TIMEOUT_PAD_MS``, service.api.spending) from the client's
    side, and answers the same bytes: the move is played once."""
    port = referees[mode]
    hand, _, _ = deal(port, mode, clock={"move_seconds": 1})
    wait_past(hand.state)

    def timed(seat: int) -> tuple[float, tuple[int, bytes]]:
        start = time.perf_counter()
        answer = timed_out(hand, port, seat)
        return time.perf_counter() - start, answer[::2]

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(timed, [seat % 3 for seat in range(8)]))
    answers.append(timed(1))
    assert {answer for _, answer in answers} == {answers[0][1]} and answers[0][1][0] == 200
    assert min(seconds for seconds, _ in answers) >= PAD_SECONDS, sorted(seconds for seconds, _ in answers)
    hand.take(json.loads(answers[0][1][1]))
    assert hand.state["timeouts"] == [1]


@pytest.mark.parametrize("mode", HELD_MODES)
def test_timeout_on_a_finished_hand_answers_hand_over(referees: dict[str, int], mode: str) -> None:
    port = referees[mode]
    hand, _, _ = deal(port, mode, clock={"move_seconds": 1})
    played_out(hand, port)
    wait_past(hand.state)
    status, code, _ = problem(timed_out(hand, port, 0))
    assert (status, code) == (409, "hand_over")


def test_a_spectators_view_shows_the_clock(referees: dict[str, int]) -> None:
    port = referees["sealed"]
    hand, _, _ = deal(port, "sealed", clock={"move_seconds": 30})
    status, _, data = send(port, "/v1/games/agram/view", hand.held)
    assert status == 200, data
    assert json.loads(data)["clock"] == hand.state["clock"]


def test_every_seats_view_shows_the_clock_and_the_plays_made_on_timeout(referees: dict[str, int]) -> None:
    """Regression: a sealed seat's own view (view with its credential) had no
    clock, so a seat's client saw its deadline only in the public state of
    the last answer it was given. Each seat's view shows the public state's
    clock (the same seat to act and deadline) and, after a timeout, its
    timeouts; a hand without a clock shows neither."""
    port = referees["sealed"]
    hand, _, _ = deal(port, "sealed", clock={"move_seconds": 1})
    wait_past(hand.state)
    status, _, data = timed_out(hand, port, 0)
    assert status == 200, data
    hand.take(json.loads(data))
    assert hand.state["timeouts"] == [1]
    for seat in hand.credentials:
        status, _, data = hand.post("view", hand.held, seat, port)
        view = json.loads(data)
        assert status == 200 and view["seat"] == seat, data
        assert view["clock"] == hand.state["clock"] and view["timeouts"] == [1], view
    plain, _, _ = deal(port, "sealed")
    status, _, data = plain.post("view", plain.held, 0, port)
    assert status == 200 and "clock" not in json.loads(data) and "timeouts" not in json.loads(data), data


@pytest.mark.parametrize("timeouts, status", [([2], 409), ([1, 1], 409), ([0], 422), (["1"], 422), ([1], 200)])
def test_a_states_timeouts_name_its_plays_in_order(referees: dict[str, int], timeouts: list[Any], status: int) -> None:
    """An open state's ``timeouts`` (the plies of plays made on timeout) is
    checked like any other member: a ply past its plays, or one twice, is
    not a state the referee could have produced (409 ``invalid_state``)."""
    port = referees["open"]
    _, _, data = send(port, "/v1/games/agram/deal", {"players": 3, "seed": 3})
    state = json.loads(data)["state"]
    _, _, data = send(port, "/v1/games/agram/legal-moves", {"state": state})
    _, _, data = send(port, "/v1/games/agram/play", {"state": state, "move": json.loads(data)["moves"][0]})
    state = json.loads(data)["state"]
    answer = send(port, "/v1/games/agram/check", {"state": {**state, "timeouts": timeouts}})
    checked = json.loads(answer[2])
    if status == 409:
        assert answer[0] == 200 and checked["valid"] is False and any("timeouts" in problem for problem in checked["problems"])
    elif status == 200:
        assert checked == {"valid": True, "problems": []}
    answer = send(port, "/v1/games/agram/record", {"state": {**state, "timeouts": timeouts}})
    assert answer[0] == status, answer
    if status == 200:
        assert "~" in json.loads(answer[2])["record"]
