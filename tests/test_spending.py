"""States spent once, in-process (CONTRACT: States spent once, and clocks).

In signed and sealed modes the first ``play`` that succeeds on a state, and
``deal`` with ``previous``, spends it: the same request again answers the
same bytes; any other answers 409 ``state_spent`` and carries no state or
token; a state issued longer ago than ``REFEREE_TOKEN_TTL_SECONDS`` cannot be
spent (403 ``state_expired``) but can still be read; a store that cannot be
reached answers 503 ``token_store_unavailable`` with ``Retry-After`` and
applies nothing. ``REFEREE_TOKEN_STORE=none`` and open mode spend nothing.
These tests run the embedded store (LMDB in the test's own folder);
tests/test_spent_gunicorn.py runs gunicorn and a real Redis.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from service import clock, signing
from service.app import create_app
from service.games import GAMES
from support import HeldHand, assert_spent, cut_off
from tools.golden import losing_seat

SEALING_KEY = "spending-tests-sealing-key-0123456789abcdef"
SIGNING_KEY = "spending-tests-signing-key-0123456789abcdef"
MODES = {"sealed": {"REFEREE_SEALING_KEYS": SEALING_KEY}, "signed": {"REFEREE_SIGNING_KEYS": SIGNING_KEY}}
STATE_MEMBERS = ("state", "token", "seats", "events")


def seating(game_id: str) -> dict[str, Any]:
    return {"first_leader": 0} if game_id == "agency" else {"players": 3}


def client_for(mode: str, **settings: Any) -> Any:
    return create_app({"TESTING": True, **MODES[mode], **settings}).test_client()


def in_process(client: Any) -> Any:
    """``HeldHand``'s ``send`` through a Flask test client."""
    def send(where: Any, path: str, body: Any, credential: str | None) -> tuple[int, dict[str, str], bytes]:
        headers = {"Authorization": f"Bearer {credential}"} if credential else {}
        response = client.post(path, data=orjson.dumps(body), content_type="application/json", headers=headers)
        return response.status_code, dict(response.headers), response.get_data()
    return send


def dealt(client: Any, mode: str, game: str = "agram", **body: Any) -> HeldHand:
    response = client.post(f"/v1/games/{game}/deal", json={**seating(game), **body})
    assert response.status_code == 200, response.get_json()
    return HeldHand(in_process(client), mode, game, response.get_json())


def refusal(answer: tuple[int, dict[str, str], bytes]) -> tuple[int, str]:
    """A refusal's status and code."""
    return answer[0], orjson.loads(answer[2])["code"]


def played_out(hand: HeldHand) -> HeldHand:
    """Play the hand to its end, each seat's first legal move."""
    while not hand.state["hand_over"]:
        hand.play_on(hand.moves()[0])
    return hand


# -- spent once ---------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_first_play_spends_the_state_and_the_same_play_again_answers_the_same_bytes(mode: str, game: str) -> None:
    hand = dealt(client_for(mode), mode, game)
    first, second = hand.moves()[:2]
    status, _, played = hand.play(first)
    assert status == 200
    for _ in range(2):  # a retry, twice: the first answer, byte for byte (the same new token)
        assert hand.play(first)[::2] == (200, played)
    assert_spent(*hand.play(second)[::2])
    hand.take(orjson.loads(played))  # the hand goes on from the answer, and the refused move changed nothing
    plays = len(hand.state["trick"]["plays"]) + sum(len(trick["plays"]) for trick in hand.state["tricks"])
    assert plays == 1 and (mode == "signed" or hand.state["ply"] == 1)
    assert hand.play(hand.moves()[0])[0] == 200


@pytest.mark.parametrize("mode", MODES)
def test_a_retry_is_the_same_move_however_its_members_are_ordered(mode: str) -> None:
    hand = dealt(client_for(mode), mode)
    move = hand.moves()[0]
    status, _, played = hand.play(move)
    reordered = dict(reversed(list(move.items())))
    assert orjson.dumps(reordered) != orjson.dumps(move)
    assert hand.play(reordered)[::2] == (200, played)


@pytest.mark.parametrize("mode", MODES)
def test_an_older_state_cannot_be_played_again_a_fork(mode: str) -> None:
    """A seat that kept an older state (sealed: token) cannot try another
    move from it, however far the hand has gone since (regression: playing
    from an older token was accepted, same match, ply 1 again)."""
    hand = dealt(client_for(mode), mode)
    older, moves = hand.held, hand.moves()
    hand.play_on(moves[0])
    for _ in range(4):
        hand.play_on(hand.moves()[0])
    for move in moves[1:]:
        assert_spent(*hand.play(move, held=older)[::2])


@pytest.mark.parametrize("mode", MODES)
def test_an_illegal_move_on_a_spent_state_says_the_state_is_spent(mode: str) -> None:
    hand = dealt(client_for(mode), mode, "agency")
    moves = hand.moves()
    out_of_turn = {**moves[0], "seat": (moves[0]["seat"] + 1) % 4}
    assert refusal(hand.play(out_of_turn)) == (409, "not_your_turn")  # not spent: the rules' refusal
    assert hand.play(moves[0])[0] == 200
    assert_spent(*hand.play(out_of_turn)[::2])


def test_a_retry_with_another_seats_credential_is_refused_and_shows_nothing() -> None:
    """The same move with a credential that may not make it: refused as any
    such move is, never the recorded answer (its new token)."""
    hand = dealt(client_for("sealed"), "sealed")
    move = hand.moves()[0]
    assert hand.play(move)[0] == 200
    for seat in ((move["seat"] + 1) % 3, None):
        answer = hand.post("play", {**hand.held, "move": move}, seat)
        assert refusal(answer) == (403, "seat_credential_invalid") and b"token" not in answer[2]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", ["agency", "spar"])
def test_the_next_hand_is_dealt_once(mode: str, game: str) -> None:
    client = client_for(mode, REFEREE_ALLOW_CHOSEN_DEALS=True)
    hand = played_out(dealt(client, mode, game))
    chooser = losing_seat(hand.state) if game == "agency" else None  # Agency's: the team that names the next leader (A14)
    extra = {"first_leader": chooser} if chooser is not None else {}
    asking = hand.credentials.get(chooser) if chooser is not None else None  # sealed mode: that team's credential
    deal = in_process(client)
    path = f"/v1/games/{game}/deal"
    status, _, first = deal(None, path, {"previous": hand.previous(), **extra}, asking)
    assert status == 200, first
    assert deal(None, path, {"previous": hand.previous(), **extra}, asking)[::2] == (200, first)  # token included
    for other in ({"seed": 5}, {"options": {}}):
        assert_spent(*deal(None, path, {"previous": hand.previous(), **extra, **other}, asking)[::2])


@pytest.mark.parametrize("mode", MODES)
def test_a_finished_hand_can_still_be_read_after_its_next_hand_was_dealt(mode: str) -> None:
    client = client_for(mode)
    hand = played_out(dealt(client, mode))
    assert client.post("/v1/games/agram/deal", json={"previous": hand.previous()}).status_code == 200
    for operation in ("legal-moves", "score", "record", "check"):
        assert hand.post(operation, hand.held, 0)[0] == 200, operation


# -- retention -----------------------------------------------------------------------


def reads(hand: HeldHand) -> list[int]:
    """The statuses of the operations that only read the hand."""
    seat = hand.state["to_act"]
    return [hand.post(operation, {**hand.held, **extra}, seat)[0]
            for operation, extra in (("legal-moves", {}), ("score", {}), ("view", {"seat": seat}), ("check", {}))]


@pytest.mark.parametrize("mode", MODES)
def test_a_state_issued_longer_ago_than_the_ttl_cannot_be_spent_but_can_be_read(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    now = clock.now_ms()
    monkeypatch.setattr(clock, "now_ms", lambda: now)
    client = client_for(mode, REFEREE_TOKEN_TTL_SECONDS=60)
    hand = dealt(client, mode)
    played = played_out(dealt(client, mode))
    move = hand.moves()[0]
    monkeypatch.setattr(clock, "now_ms", lambda: now + 60_000)
    assert hand.play(move)[0] == 200  # 60 s old: still within the TTL
    fresh = dealt(client, mode)
    monkeypatch.setattr(clock, "now_ms", lambda: now + 60_001)
    assert fresh.play(fresh.moves()[0])[0] == 200  # issued at now + 60 s: 1 ms old
    hand = dealt(client, mode)
    monkeypatch.setattr(clock, "now_ms", lambda: now + 200_000)
    status, _, data = hand.play(hand.moves()[0])
    refused = orjson.loads(data)
    assert (status, refused["code"], refused["type"]) == (403, "state_expired", "/problems/state_expired")
    assert "60 seconds" in refused["detail"] and not set(STATE_MEMBERS) & set(refused)
    assert refusal(in_process(client)(None, "/v1/games/agram/deal", {"previous": played.previous()}, None)) == (403, "state_expired")
    assert reads(hand) == [200] * 4


CLOCKED_SPENDING = [("sealed", "play"), ("sealed", "timeout"), ("sealed", "reseat"), ("sealed", "deal"),
                    ("signed", "play"), ("signed", "timeout"), ("signed", "deal")]
"""Every operation that spends a state, in each mode that has it (``reseat``: sealed only)."""


def clocked(client: Any, mode: str, operation: str, move_seconds: int, game: str = "agram") -> HeldHand:
    """A hand of a match with a clock, ready for ``operation``: dealt (and
    played out for ``deal``, whose ``previous`` is a finished hand), with
    its host's credential (sealed mode) as ``host``."""
    response = client.post(f"/v1/games/{game}/deal", json={**seating(game), "clock": {"move_seconds": move_seconds}})
    assert response.status_code == 200, response.get_json()
    hand = HeldHand(in_process(client), mode, game, response.get_json())
    hand.host = response.get_json().get("host")  # type: ignore[attr-defined]
    return played_out(hand) if operation == "deal" else hand


def spend(hand: HeldHand, operation: str, other: bool = False) -> tuple[int, dict[str, str], bytes]:
    """``operation`` on ``hand``'s newest state (``other``: another request
    that would spend the same state: another move, another next hand)."""
    if operation == "deal":
        body = {"previous": hand.previous(), **({"options": {}} if other else {})}
        return hand.send(None, "/v1/games/agram/deal", body, None)
    if other or operation == "play":
        return hand.play(hand.moves()[1 if other and operation == "play" else 0])
    if operation == "timeout":
        return hand.post("timeout", hand.held, (hand.state["to_act"] + 1) % 3)
    return hand.send(None, "/v1/games/agram/reseat", {**hand.held, "seat": 0}, hand.host)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("mode", "operation"), CLOCKED_SPENDING)
def test_a_clocked_state_expires_the_ttl_after_it_was_issued_whatever_its_deadline(
        mode: str, operation: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """CONTRACT, Retention: a state issued longer ago than
    ``REFEREE_TOKEN_TTL_SECONDS`` cannot be spent (403 ``state_expired``),
    in a match with a clock too, even before its deadline; it can still be
    read. Up to the TTL's last millisecond it is spent as any other."""
    now = [clock.now_ms()]
    monkeypatch.setattr(clock, "now_ms", lambda: now[0])
    client = client_for(mode, REFEREE_TOKEN_TTL_SECONDS=60)
    client.application.extensions["referee-holding"].spending.store.now = lambda: now[0] / 1000  # the store's clock too
    start = now[0]
    first, second = (clocked(client, mode, operation, 120) for _ in range(2))
    now[0] = start + 60_000  # the TTL after the states were issued, before their deadline
    status, _, answer = spend(first, operation)
    assert (status, orjson.loads(answer).get("code")) == ((409, "clock_running") if operation == "timeout" else (200, None))
    now[0] += 1
    assert refusal(spend(second, operation)) == (403, "state_expired")
    assert operation == "deal" or reads(second) == [200] * 4  # an expired state can still be read


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_timeout_on_a_spent_state_works_out_no_move(mode: str, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stand-in's move is worked out from the stalled seat's cards,
    which the seat asking for the timeout may not see: a timeout on a state
    already spent (by a timeout, asked again by any seat; by the seat's own
    late play) answers from the store, without working it out again
    (regression: each such timeout ran the rules bot before the store said
    the state was spent, so a seat could time that work over and over on
    every past state whose deadline had passed: in Agram 3.5 to 6 us more
    when the stalled seat held four cards of the led suit than one, beyond
    the 1 us tests/test_timing.py allows any answer on a token)."""
    from service.api import clocks

    worked: list[int] = []
    bot = clocks.suggest
    monkeypatch.setattr(clocks, "suggest", lambda view, **options: worked.append(view.seat) or bot(view, **options))
    now = [clock.now_ms()]
    monkeypatch.setattr(clock, "now_ms", lambda: now[0])
    client = client_for(mode)
    timed, late = (clocked(client, mode, "timeout", 1, game) for _ in range(2))
    seats = list(timed.credentials) or [None]  # sealed: every seat of the match may ask; signed: anyone
    late_move = late.moves()[0]
    now[0] += 1_000  # the deadline
    status, _, answer = timed.post("timeout", timed.held, seats[-1])
    assert status == 200, answer
    assert worked == [timed.state["to_act"]]  # the one move worked out: the one played
    for seat in seats:
        assert timed.post("timeout", timed.held, seat)[::2] == (200, answer)
    assert late.play(late_move)[0] == 200  # the stalled seat plays, late but first
    for seat in seats:
        assert_spent(*late.post("timeout", late.held, seat)[::2])
    assert worked == [timed.state["to_act"]]


def test_the_issue_time_is_inside_what_the_referee_vouches_for() -> None:
    """A signed state's ``issued_at`` is covered by its signature (changing
    it is refused), written as RFC 3339 UTC with milliseconds."""
    hand = dealt(client_for("signed"), "signed")
    issued = hand.state["issued_at"]
    assert clock.parse_rfc3339(issued) is not None and clock.rfc3339(clock.parse_rfc3339(issued)) == issued
    assert abs(clock.parse_rfc3339(issued) - clock.now_ms()) < 60_000
    younger = {**hand.state, "issued_at": clock.rfc3339(clock.now_ms() + 3_600_000)}
    assert refusal(hand.play(hand.moves()[0], held={"state": younger})) == (403, "state_signature_invalid")


def test_a_signed_state_without_an_issue_time_cannot_be_spent() -> None:
    """A state signed before states carried their time is of unknown age: it
    can be read, not spent (it may have been spent before spending was recorded)."""
    hand = dealt(client_for("signed"), "signed")
    bare = {name: value for name, value in hand.state.items() if name not in ("issued_at", "signature")}
    old = orjson.loads(signing.signed_bytes(bare, SIGNING_KEY.encode()))
    status, _, data = hand.play(hand.moves()[0], held={"state": old})
    assert (status, orjson.loads(data)["code"]) == (403, "state_expired") and b"does not say" in data
    hand.state = old
    assert reads(hand) == [200] * 4


def test_a_token_sealed_before_tokens_carried_their_time_cannot_be_spent() -> None:
    from service.schemas import sealed as payloads

    client = client_for("sealed")
    hand = dealt(client, "sealed")
    sealer = client.application.extensions["referee-holding"].sealer
    record = orjson.loads(sealer.open(hand.token))
    assert record["v"] == payloads.PAYLOAD_VERSION == 5 and isinstance(record["issued"], int)
    old = {name: value for name, value in record.items() if name not in ("issued", "generations")}
    old["v"] = 3
    hand.token = sealer.seal(orjson.dumps(old))
    assert refusal(hand.play(hand.moves()[0])) == (403, "state_expired")
    assert reads(hand) == [200] * 4


# -- the store unreachable, none, open mode -------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_while_the_store_cannot_be_reached_nothing_is_spent_and_reads_still_answer(mode: str, tmp_path: Path) -> None:
    path = tmp_path / "store" / "spent.lmdb"
    client = client_for(mode, REFEREE_TOKEN_STORE_PATH=str(path))
    finished = played_out(dealt(client, mode))
    hand = dealt(client, mode)
    moves = hand.moves()
    deal = in_process(client)
    with cut_off(client.application.extensions["referee-holding"].spending.store):
        for status, headers, data in (hand.play(moves[0]), hand.play(moves[1]),
                                      deal(None, "/v1/games/agram/deal", {"previous": finished.previous()}, None)):
            refused = orjson.loads(data)
            assert (status, refused["code"], headers.get("Retry-After")) == (503, "token_store_unavailable", "1")
            assert not set(STATE_MEMBERS) & set(refused)
        assert reads(hand) == [200] * 4
        assert client.post("/v1/games/agram/deal", json=seating("agram")).status_code == 200  # a first deal spends nothing
    assert hand.play(moves[1])[0] == 200  # nothing was applied: any move may still be the first
    assert_spent(*hand.play(moves[0])[::2])
    assert client.post("/v1/games/agram/deal", json={"previous": finished.previous()}).status_code == 200


@pytest.mark.parametrize("mode", MODES)
def test_with_no_store_states_can_be_spent_again_and_again(mode: str, tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    client = client_for(mode, REFEREE_TOKEN_STORE="none", REFEREE_TOKEN_STORE_PATH=str(blocked / "x"))
    hand = dealt(client, mode)
    first, second = hand.moves()[:2]
    assert hand.play(first)[0] == hand.play(second)[0] == hand.play(first)[0] == 200


def test_open_mode_records_nothing_and_needs_no_store(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    client = create_app({"TESTING": True, "REFEREE_TOKEN_STORE_PATH": str(blocked / "x")}).test_client()
    state = client.post("/v1/games/agram/deal", json={"players": 3, "seed": 1}).get_json()["state"]
    assert "issued_at" not in state
    moves = client.post("/v1/games/agram/legal-moves", json={"state": state}).get_json()["moves"]
    answers = [client.post("/v1/games/agram/play", json={"state": state, "move": move}) for move in (moves[0], moves[1], moves[0])]
    assert [answer.status_code for answer in answers] == [200, 200, 200]
    assert answers[0].get_data() == answers[2].get_data()  # open answers carry no time: the same move, the same bytes


@pytest.mark.parametrize("text", [
    "2026-12-03 21:09:45.123Z", "2026-12-03T21:09:45,123Z", "2026-12-03T21:09:45.12Z", "2026-12-03T21:09:45.123z",
    "2026-12-03T21:09:45.123Z\n", "2026-12- 3T21:09:45.123Z", "２026-12-03T21:09:45.123Z", "2026-02-30T21:09:45.123Z",
    "2026-12-03T24:00:00.000Z", "2026-12-03T21:09:45.123+00:00", None, 1796332185123,
])
def test_an_issue_time_is_read_only_as_the_referee_writes_it(text):
    """issued_at is read by its fixed fields: another spelling, zone or a date that does not exist is no time."""
    assert clock.parse_rfc3339(text) is None


def test_an_issue_time_reads_back_to_its_millisecond():
    assert clock.parse_rfc3339("2026-12-03T21:09:45.123Z") == 1796332185123
    assert clock.parse_rfc3339("1970-01-01T00:00:00.000Z") == 0
    assert clock.parse_rfc3339("2024-02-29T23:59:59.999Z") == 1709251199999
