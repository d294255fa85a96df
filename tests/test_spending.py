"""States spent once, in-process (CONTRACT: States spent once, and clocks).

In signed and sealed modes the first ``play`` that succeeds on a state, and
``deal`` with ``previous``, spends it: the same request again answers the
same bytes; any other answers 409 ``state_spent`` and carries no state or
token; a state issued longer ago than ``REFEREE_TOKEN_TTL_SECONDS`` cannot be
spent (403 ``state_expired``) but can still be read; a store that cannot be
reached answers 503 ``token_store_unavailable`` with ``Retry-After`` and
applies nothing. ``REFEREE_TOKEN_STORE=none`` and open mode spend nothing.
These tests run the embedded store (SQLite in the test's own folder);
tests/test_spent_gunicorn.py runs gunicorn and a real Redis.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import orjson
import pytest

from service import clock, signing
from service.app import create_app
from service.games import GAMES

SEALING_KEY = "spending-tests-sealing-key-0123456789abcdef"
SIGNING_KEY = "spending-tests-signing-key-0123456789abcdef"
MODES = {"sealed": {"REFEREE_SEALING_KEYS": SEALING_KEY}, "signed": {"REFEREE_SIGNING_KEYS": SIGNING_KEY}}
STATE_MEMBERS = ("state", "token", "seats", "events")


def seating(game_id: str) -> dict[str, Any]:
    return {"first_leader": 0} if game_id == "agency" else {"players": 3}


class Hand:
    """A hand as a client holds it in signed or sealed mode: the newest state
    (sealed: the token too) and the seats' credentials."""

    def __init__(self, client: Any, mode: str, game: str, answer: dict[str, Any]) -> None:
        self.client, self.mode, self.game = client, mode, game
        self.credentials = {entry["seat"]: entry["credential"] for entry in answer.get("seats", [])}
        self.take(answer)

    def take(self, answer: dict[str, Any]) -> None:
        self.state, self.token = answer["state"], answer.get("token")

    @property
    def held(self) -> dict[str, Any]:
        """What names the hand in a request."""
        return {"token": self.token} if self.mode == "sealed" else {"state": self.state}

    def send(self, operation: str, body: dict[str, Any], seat: int | None = None) -> tuple[int, bytes, Any]:
        """POST ``body``, with ``seat``'s credential in sealed mode: (status, the answer's bytes, its JSON)."""
        headers = {"Authorization": f"Bearer {self.credentials[seat]}"} if seat is not None and self.credentials else {}
        response = self.client.post(f"/v1/games/{self.game}/{operation}", data=orjson.dumps(body),
                                    content_type="application/json", headers=headers)
        return response.status_code, response.get_data(), response.get_json()

    def moves(self) -> list[dict[str, Any]]:
        seat = self.state["to_act"]
        status, _, legal = self.send("legal-moves", self.held, seat)
        assert status == 200, legal
        return legal["moves"]

    def play(self, move: dict[str, Any], held: dict[str, Any] | None = None) -> tuple[int, bytes, Any]:
        return self.send("play", {**(held or self.held), "move": move}, move["seat"])


def client_for(mode: str, **settings: Any) -> Any:
    return create_app({"TESTING": True, **MODES[mode], **settings}).test_client()


def dealt(client: Any, mode: str, game: str = "agram", **body: Any) -> Hand:
    response = client.post(f"/v1/games/{game}/deal", json={**seating(game), **body})
    assert response.status_code == 200, response.get_json()
    return Hand(client, mode, game, response.get_json())


def assert_spent(status: int, body: Any) -> None:
    """409 ``state_spent``, and no state or token in it."""
    assert (status, body["code"]) == (409, "state_spent"), body
    assert body["type"] == "/problems/state_spent"
    assert not set(STATE_MEMBERS) & set(body)


def played_out(hand: Hand) -> Hand:
    """Play the hand to its end, each seat's first legal move."""
    while not hand.state["hand_over"]:
        status, _, answer = hand.play(hand.moves()[0])
        assert status == 200, answer
        hand.take(answer)
    return hand


# -- spent once ---------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_first_play_spends_the_state_and_the_same_play_again_answers_the_same_bytes(mode: str, game: str) -> None:
    hand = dealt(client_for(mode), mode, game)
    first, second = hand.moves()[:2]
    status, body, answer = hand.play(first)
    assert status == 200
    for _ in range(2):  # a retry, twice: the first answer, byte for byte (the same new token)
        assert hand.play(first)[:2] == (200, body)
    status, _, refused = hand.play(second)
    assert_spent(status, refused)
    hand.take(answer)  # the hand goes on from the answer, and the refused move changed nothing
    assert hand.state["ply"] == 1 if mode == "sealed" else len(hand.state["trick"]["plays"]) + sum(
        len(trick["plays"]) for trick in hand.state["tricks"]) == 1
    assert hand.play(hand.moves()[0])[0] == 200


@pytest.mark.parametrize("mode", MODES)
def test_a_retry_is_the_same_move_however_its_members_are_ordered(mode: str) -> None:
    hand = dealt(client_for(mode), mode)
    move = hand.moves()[0]
    status, body, _ = hand.play(move)
    reordered = dict(reversed(list(move.items())))
    assert orjson.dumps(reordered) != orjson.dumps(move)
    assert hand.play(reordered)[:2] == (200, body)


@pytest.mark.parametrize("mode", MODES)
def test_an_older_state_cannot_be_played_again_a_fork(mode: str) -> None:
    """A seat that kept an older state (sealed: token) cannot try another
    move from it, however far the hand has gone since (regression: playing
    from an older token was accepted, same match, ply 1 again)."""
    hand = dealt(client_for(mode), mode)
    older = hand.held
    moves = hand.moves()
    status, _, answer = hand.play(moves[0])
    hand.take(answer)
    for _ in range(4):
        status, _, answer = hand.play(hand.moves()[0])
        hand.take(answer)
    for move in moves[1:]:
        assert_spent(*hand.play(move, held=older)[::2])


@pytest.mark.parametrize("mode", MODES)
def test_an_illegal_move_on_a_spent_state_says_the_state_is_spent(mode: str) -> None:
    hand = dealt(client_for(mode), mode, "agency")
    moves = hand.moves()
    out_of_turn = {**moves[0], "seat": (moves[0]["seat"] + 1) % 4}
    status, _, refused = hand.play(out_of_turn)
    assert (status, refused["code"]) == (409, "not_your_turn")  # not spent: the rules' refusal
    assert hand.play(moves[0])[0] == 200
    assert_spent(*hand.play(out_of_turn)[::2])


def test_a_retry_with_another_seats_credential_is_refused_and_shows_nothing() -> None:
    """The same move with a credential that may not make it: refused as any
    such move is, never the recorded answer (its new token)."""
    hand = dealt(client_for("sealed"), "sealed")
    move = hand.moves()[0]
    assert hand.play(move)[0] == 200
    other = (move["seat"] + 1) % 3
    status, _, refused = hand.send("play", {**hand.held, "move": move}, other)
    assert (status, refused["code"]) == (403, "seat_credential_invalid") and "token" not in refused
    status, _, refused = hand.send("play", {**hand.held, "move": move})
    assert (status, refused["code"]) == (403, "seat_credential_invalid") and "token" not in refused


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", ["agency", "spar"])
def test_the_next_hand_is_dealt_once(mode: str, game: str) -> None:
    client = client_for(mode, REFEREE_ALLOW_CHOSEN_DEALS=True)
    hand = played_out(dealt(client, mode, game))
    previous = hand.token if mode == "sealed" else hand.state
    extra = {"first_leader": hand.state["match"]["chooser"]} if game == "agency" and hand.state["match"]["chooser"] is not None else {}
    url = f"/v1/games/{game}/deal"
    first = client.post(url, json={"previous": previous, **extra})
    assert first.status_code == 200, first.get_json()
    again = client.post(url, json={"previous": previous, **extra})
    assert (again.status_code, again.get_data()) == (200, first.get_data())  # token included
    for other in ({"previous": previous, **extra, "seed": 5}, {"previous": previous, **extra, "options": {}}):
        response = client.post(url, json=other)
        assert_spent(response.status_code, response.get_json())


@pytest.mark.parametrize("mode", MODES)
def test_a_finished_hand_can_still_be_read_after_its_next_hand_was_dealt(mode: str) -> None:
    client = client_for(mode)
    hand = played_out(dealt(client, mode))
    previous = hand.token if mode == "sealed" else hand.state
    assert client.post("/v1/games/agram/deal", json={"previous": previous}).status_code == 200
    for operation in ("legal-moves", "score", "record", "check"):
        assert hand.send(operation, hand.held, 0)[0] == 200, operation


# -- retention -----------------------------------------------------------------------


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
    status, _, refused = fresh.play(fresh.moves()[0])  # issued at now + 60 s: 1 ms old
    assert status == 200, refused
    hand = dealt(client, mode)
    monkeypatch.setattr(clock, "now_ms", lambda: now + 200_000)
    status, _, refused = hand.play(hand.moves()[0])
    assert (status, refused["code"], refused["type"]) == (403, "state_expired", "/problems/state_expired")
    assert "60 seconds" in refused["detail"] and not set(STATE_MEMBERS) & set(refused)
    previous = played.token if mode == "sealed" else played.state
    response = client.post("/v1/games/agram/deal", json={"previous": previous})
    assert (response.status_code, response.get_json()["code"]) == (403, "state_expired")
    seat = hand.state["to_act"]
    for operation, extra in (("legal-moves", {}), ("score", {}), ("view", {"seat": seat}), ("check", {})):
        status, _, answer = hand.send(operation, {**hand.held, **extra}, seat)
        assert status == 200, (operation, answer)


def test_the_issue_time_is_inside_what_the_referee_vouches_for() -> None:
    """A signed state's ``issued_at`` is covered by its signature (changing
    it is refused), written as RFC 3339 UTC with milliseconds."""
    hand = dealt(client_for("signed"), "signed")
    issued = hand.state["issued_at"]
    assert clock.parse_rfc3339(issued) is not None and clock.rfc3339(clock.parse_rfc3339(issued)) == issued
    assert abs(clock.parse_rfc3339(issued) - clock.now_ms()) < 60_000
    younger = {**hand.state, "issued_at": clock.rfc3339(clock.now_ms() + 3_600_000)}
    status, _, refused = hand.play(hand.moves()[0], held={"state": younger})
    assert (status, refused["code"]) == (403, "state_signature_invalid")


def test_a_signed_state_without_an_issue_time_cannot_be_spent() -> None:
    """A state signed before states carried their time is of unknown age: it
    can be read, not spent (it may have been spent before spending was recorded)."""
    client = client_for("signed")
    hand = dealt(client, "signed")
    bare = {name: value for name, value in hand.state.items() if name not in ("issued_at", "signature")}
    old = orjson.loads(signing.signed_bytes(bare, SIGNING_KEY.encode()))
    status, _, refused = hand.play(hand.moves()[0], held={"state": old})
    assert (status, refused["code"]) == (403, "state_expired") and "does not say" in refused["detail"]
    assert hand.send("legal-moves", {"state": old})[0] == 200


def test_a_token_sealed_before_tokens_carried_their_time_cannot_be_spent() -> None:
    from service.schemas import sealed as payloads

    client = client_for("sealed")
    hand = dealt(client, "sealed")
    sealer = client.application.extensions["referee-holding"].sealer
    record = orjson.loads(sealer.open(hand.token))
    assert record["v"] == payloads.PAYLOAD_VERSION == 4 and isinstance(record["issued"], int)
    old = {name: value for name, value in record.items() if name != "issued"}
    old["v"] = 3
    token = sealer.seal(orjson.dumps(old))
    status, _, refused = hand.play(hand.moves()[0], held={"token": token})
    assert (status, refused["code"]) == (403, "state_expired")
    assert hand.send("legal-moves", {"token": token}, 0)[0] == 200


# -- the store unreachable, none, open mode -------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_while_the_store_cannot_be_reached_nothing_is_spent_and_reads_still_answer(mode: str, tmp_path: Path) -> None:
    path = tmp_path / "spent.sqlite3"
    client = client_for(mode, REFEREE_TOKEN_STORE_PATH=str(path))
    client.application.extensions["referee-holding"].spending.store.BUSY_MS = 50
    hand = played_out(dealt(client, mode))
    previous = hand.token if mode == "sealed" else hand.state
    hand = dealt(client, mode)
    moves = hand.moves()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process holds the database: the store cannot be reached
    try:
        for attempt in (hand.play(moves[0]), hand.play(moves[1]),
                        (lambda r: (r.status_code, r.get_data(), r.get_json()))(client.post("/v1/games/agram/deal", json={"previous": previous}))):
            status, _, refused = attempt
            assert (status, refused["code"]) == (503, "token_store_unavailable")
            assert not set(STATE_MEMBERS) & set(refused)
        response = client.post("/v1/games/agram/play", json={**hand.held, "move": moves[0]},
                               headers={"Authorization": f"Bearer {hand.credentials[moves[0]['seat']]}"} if hand.credentials else {})
        assert response.headers["Retry-After"] == "1"
        seat = hand.state["to_act"]
        for operation, extra in (("legal-moves", {}), ("score", {}), ("view", {"seat": seat}), ("check", {}), ("record", {})):
            if not (operation == "record" and mode == "sealed"):
                assert hand.send(operation, {**hand.held, **extra}, seat)[0] == 200, operation
        assert client.post("/v1/games/agram/deal", json=seating("agram")).status_code == 200  # a first deal spends nothing
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    status, _, answer = hand.play(moves[1])  # nothing was applied: any move may still be the first
    assert status == 200
    assert_spent(*hand.play(moves[0])[::2])
    assert client.post("/v1/games/agram/deal", json={"previous": previous}).status_code == 200


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
