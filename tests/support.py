"""Helpers shared by the tests: the worked cases, and playing hands over HTTP.

``post`` works with any client that has Flask's test-client shape or with
``HttpClient`` (real HTTP), so the same walk runs in-process and against
gunicorn.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).parent / "cases"

VOID_HANDS = [
    ["1V", "2V", "3V", "4V", "5V", "6V", "7V", "8V"],
    ["1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M"],
    ["9M", "9V", "1H", "2H", "3H", "4H", "5H", "6H"],
    ["1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B"],
]
"""Seat 1 leads 1M and seat 2 plays a Wall; seat 3 then reaches only
Briefcases, Hats and a Wall it may not play: no legal play, so the trick is
discarded with no trick completed, and the hand is void (A12a, A13)."""



def case(name: str) -> Any:
    """A worked example from ``tests/cases`` (copied from the project's rule cases)."""
    return json.loads((CASES / f"{name}.json").read_text())


def reference_shuffle(deck: list[str], seed: int) -> list[str]:
    """The seeded shuffle exactly as the README and ``service.cards`` describe it,
    written again from the text, as a client in another language would."""
    words: list[int] = []
    block = 0

    def next_word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256(seed.to_bytes(8, "big") + block.to_bytes(8, "big")).digest()
            words.extend(int.from_bytes(digest[i : i + 8], "big") for i in (24, 16, 8, 0))
            block += 1
        return words.pop()

    order = list(deck)
    for i in range(len(order) - 1, 0, -1):
        bound = i + 1
        while (x := next_word()) >= 2**64 - 2**64 % bound:
            pass
        j = x % bound
        order[i], order[j] = order[j], order[i]
    return order


class HttpClient:
    """A tiny keep-alive JSON client for a server on loopback."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        payload = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else None

    def close(self) -> None:
        self.connection.close()


def post(client: Any, path: str, body: Any) -> tuple[int, Any]:
    """POST JSON with a Flask test client or an ``HttpClient``; (status, JSON)."""
    if isinstance(client, HttpClient):
        return client.request("POST", path, body)
    response = client.post(path, json=body)
    return response.status_code, response.get_json()


def play_hand(client: Any, game: str, deal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Deal, then play moves chosen at random from ``legal-moves`` until the hand is over.

    Returns ``{"state", "events", "moves"}``: the final state, every event in
    order and every move played. Fails on any status other than 200.
    """
    status, body = post(client, f"/v1/games/{game}/deal", deal)
    assert status == 200, body
    state, events, moves = body["state"], [], []
    while True:
        status, legal = post(client, f"/v1/games/{game}/legal-moves", {"state": state})
        assert status == 200, legal
        if legal["to_act"] is None:
            assert legal["moves"] == []
            return {"state": state, "events": events, "moves": moves}
        assert legal["moves"], "a seat is to act but has no legal move"
        move = rng.choice(legal["moves"])
        status, played = post(client, f"/v1/games/{game}/play", {"state": state, "move": move})
        assert status == 200, played
        state = played["state"]
        events += played["events"]
        moves.append(move)


def next_hand(client: Any, game: str, previous: dict[str, Any], **extra: Any) -> tuple[int, Any]:
    """Deal the next hand of a match after ``previous``."""
    return post(client, f"/v1/games/{game}/deal", {"previous": previous, **extra})


def walk_agram_match(client: Any) -> None:
    """Play a seeded 3-player Agram match to a target of 2 hands, checking each deal (F7)."""
    rng = random.Random(5)
    target, players = 2, 3
    hand = play_hand(client, "agram", {"players": players, "seed": 1, "options": {"target": target}}, rng)
    wins = [0] * players
    for number in range(1, 20):
        over = hand["events"][-1]
        hand_over = next(e for e in hand["events"] if e["type"] == "hand_over")
        wins[hand_over["winner"]] += 1
        state = hand["state"]
        assert state["match"]["hand"] == number
        assert state["match"]["tally"] == wins
        if over["type"] == "match_over":
            assert over["winner"] == hand_over["winner"]
            assert max(wins) == target and wins[over["winner"]] == target
            assert state["match"]["over"] is True
            status, body = next_hand(client, "agram", state, seed=99)
            assert status == 409 and body["code"] == "match_over"
            return
        assert max(wins) < target
        # The winner of a hand deals the next one (F7): the seat after it leads.
        status, body = next_hand(client, "agram", state, seed=100 + number)
        assert status == 200, body
        assert body["state"]["dealer"] == hand_over["winner"]
        assert body["state"]["to_act"] == (hand_over["winner"] + 1) % players
        assert body["state"]["match"]["previous"] == wins
        hand = play_hand(client, "agram", {"previous": state, "seed": 100 + number}, rng)
    raise AssertionError("the match never ended")


def walk_agency_match(client: Any) -> None:
    """Play a seeded Agency match to 2 game points, the losing team naming each leader (A14)."""
    rng = random.Random(11)
    hand = play_hand(client, "agency", {"seed": 0, "first_leader": 0}, rng)
    points = [0, 0]
    for number in range(1, 40):
        state = hand["state"]
        winner = state["winner"]
        if winner is not None:
            points[winner] += 1
        assert state["match"]["tally"] == points
        if hand["events"][-1]["type"] == "match_over":
            assert max(points) == 2 and hand["events"][-1]["winner"] == points.index(2)
            status, body = next_hand(client, "agency", state, seed=1)
            assert status == 409 and body["code"] == "match_over"
            return
        chooser = 1 - winner if winner is not None else state["match"]["chooser"]
        if chooser is not None:
            # A seat of the team that won may not lead the next hand (A14).
            status, body = next_hand(client, "agency", state, seed=number, first_leader=1 - chooser)
            assert status == 409, body
            assert body["code"] == "leader_not_from_losing_team"
            leader = chooser + 2 * rng.randrange(2)
        else:
            leader = rng.randrange(4)
        hand = play_hand(client, "agency", {"previous": state, "seed": number, "first_leader": leader}, rng)
        assert hand["state"]["first_leader"] == leader
        assert hand["state"]["match"]["chooser"] == chooser
    raise AssertionError("the match never ended")


@contextlib.contextmanager
def running_gunicorn(workers: int = 2, env: dict[str, str] | None = None):
    """Start gunicorn with ``deploy/gunicorn.conf.py`` on a free loopback port.

    Yields the ``subprocess.Popen`` with a ``port`` attribute once
    ``/healthz`` answers; stops it (SIGTERM, then SIGKILL) afterwards.
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    environment = {
        **os.environ,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": str(workers),
        **(env or {}),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "deploy" / "gunicorn.conf.py"), "service.app:create_app()"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    process.port = port
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError("gunicorn exited: " + process.stderr.read().decode(errors="replace")[-2000:])
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
