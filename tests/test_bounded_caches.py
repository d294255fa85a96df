"""No request leaves the process holding more than a bounded amount.

The service keeps caches of what it works out once (compiled readers,
layouts, card tables). A cache keyed by something a request makes (a schema
instance made per request, a card layout, a header) grows with every such
request until the worker is killed for its memory: a request then costs the
service more than its answer. For every trust mode and every state operation
(analysis included), on hands of every game, a second round of
requests on other deals leaves every keyed cache as the first round left it,
or within its stated bound.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from service.analysis import engine
from service.app import create_app
from service.games import GAMES
from service.schemas import reading
from support import post

SIGNING_KEY = "signing-key-for-the-cache-tests-0123456789"
SEALING_KEY = "sealing-key-for-the-cache-tests-0123456789"
SMALL_BUDGETS = {"REFEREE_SOLVE_NODES": 300, "REFEREE_ANALYZE_NODES": 300, "REFEREE_SUGGEST_WORLDS": 2, "REFEREE_SUGGEST_PLIES": 300}
MODES = {
    "open": {},
    "signed": {"REFEREE_SIGNING_KEYS": SIGNING_KEY},
    "sealed": {"REFEREE_SEALING_KEYS": SEALING_KEY},
}

CACHES: dict[str, tuple[Callable[[], int], int | None]] = {
    "compiled readers": (lambda: len(reading._COMPILED), None),  # the app's schemas are a fixed set
    "the solver's runs of equal cards": (lambda: max(map(len, engine._RUNS.values()), default=0), engine.MAX_SUIT_ENTRIES),
    "the solver's relative suit codes": (lambda: max(map(len, engine._CODES.values()), default=0), engine.MAX_SUIT_ENTRIES),
    "the solver's last-trick values": (lambda: len(engine._LAST_VALUES), engine.MAX_LAST_VALUES),
}
"""Each keyed cache: its size now, and the most it may hold (``None``: it
must not grow at all once the first round has warmed it)."""


def _sizes() -> dict[str, int]:
    return {name: size() for name, (size, _) in CACHES.items()}


def _hand_requests(client: Any, game_id: str, sealed: bool, rng: random.Random) -> Iterator[None]:
    """Every state operation on one hand played out at random, step by step."""
    base = f"/v1/games/{game_id}"
    seating = {"first_leader": rng.randrange(4)} if GAMES[game_id].family == "agency" else {"players": rng.randint(2, 4)}
    status, answer = post(client, f"{base}/deal", seating if sealed else {"seed": rng.randrange(2**40), **seating})
    assert status == 200, answer
    credentials = {seat["seat"]: seat["credential"] for seat in answer.get("seats", [])}

    def call(name: str, extra: dict[str, Any] | None = None, seat: int | None = None) -> tuple[int, Any]:
        body = {"token": answer["token"]} if sealed else {"state": answer["state"]}
        headers = {"Authorization": f"Bearer {credentials[seat]}"} if sealed and seat is not None else {}
        response = client.post(f"{base}/{name}", json={**body, **(extra or {})}, headers=headers)
        return response.status_code, response.get_json()

    step = 0
    while answer["state"]["to_act"] is not None:
        to_act = answer["state"]["to_act"]
        for name, extra in (("score", None), ("check", None), ("view", {"seat": to_act}), ("suggest", {"seed": 1})):
            assert call(name, extra, to_act)[0] == 200, name
        step += 1
        if not sealed and step % 3 == 1:  # the costly ones at every third play
            for name in ("solve", "record"):
                assert call(name)[0] == 200, name
        status, legal = call("legal-moves", None, to_act)
        status, answer = call("play", {"move": rng.choice(legal["moves"])}, to_act)
        assert status == 200, answer
        yield
    for name in ("analyze", "record", "solve", "score", "check"):
        assert call(name)[0] == 200, name


@pytest.mark.slow  # thousands of requests in each mode
@pytest.mark.parametrize("mode", list(MODES))
def test_repeated_requests_leave_every_cache_as_it_was(mode):
    client = create_app({"TESTING": True, **MODES[mode], **SMALL_BUDGETS}).test_client()
    rng = random.Random(mode)

    def round_of_hands() -> None:
        for game_id in GAMES:
            for _ in _hand_requests(client, game_id, mode == "sealed", rng):
                pass

    round_of_hands()
    warmed = _sizes()
    round_of_hands()
    for name, size in _sizes().items():
        bound = CACHES[name][1]
        assert size == warmed[name] or (bound is not None and size <= bound), (
            f"{name}: {warmed[name]} after the first round, {size} after the second")


def test_the_solver_caches_stay_within_their_bounds_whatever_the_layouts(monkeypatch):
    """The solver's caches are keyed by card layouts and (Fapfap) the stake,
    which requests choose: with small bounds, many solves of other deals and
    stakes never hold more than the bound, and answer as with no bound."""
    client = create_app({"TESTING": True, **SMALL_BUDGETS}).test_client()

    def solves() -> list[Any]:
        answers = []
        for seed in range(6):
            for game_id, body in (("fapfap", {"players": 3, "options": {"stake": seed + 1}}), ("agency", {"first_leader": 0})):
                state = post(client, f"/v1/games/{game_id}/deal", {"seed": seed, **body})[1]["state"]
                answers.append(post(client, f"/v1/games/{game_id}/solve", {"state": state}))
                assert max(map(len, engine._RUNS.values()), default=0) <= engine.MAX_SUIT_ENTRIES
                assert max(map(len, engine._CODES.values()), default=0) <= engine.MAX_SUIT_ENTRIES
                assert len(engine._LAST_VALUES) <= engine.MAX_LAST_VALUES
        return answers

    unbounded = solves()
    monkeypatch.setattr(engine, "MAX_SUIT_ENTRIES", 16)
    monkeypatch.setattr(engine, "MAX_LAST_VALUES", 2)
    for cache in (*engine._RUNS.values(), *engine._CODES.values(), engine._LAST_VALUES):
        cache.clear()  # as after a bound was reached
    assert solves() == unbounded
