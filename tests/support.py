"""Helpers shared by the tests: the worked cases, and playing hands over HTTP.

``post`` works with any client that has Flask's test-client shape or with
``HttpClient`` (real HTTP), so the same walk runs in-process and against
gunicorn.
"""

from __future__ import annotations

import http.client
import json
import random
from pathlib import Path
from typing import Any

CASES = Path(__file__).parent / "cases"


def case(name: str) -> Any:
    """A worked example from ``tests/cases`` (copied from the project's rule cases)."""
    return json.loads((CASES / f"{name}.json").read_text())


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
