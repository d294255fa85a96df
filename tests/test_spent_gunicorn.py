"""States spent once across gunicorn's workers and across replicas, with real stores.

Two referees (gunicorn, two workers each) share a real Redis (Debian's
``redis-server`` with its append-only file fsynced at every write): a state
spent on one is spent on the other, retries answer the same bytes whichever
referee answers them, forks from an older state are refused on both, of
many different moves sent at once on one state to both referees exactly one
is played, a match's next hand is dealt once. Redis stopped mid-hand: every
spending request answers 503 and applies nothing, reading still answers, and
once it is back nothing was lost. The embedded store does the same across
the workers of one machine.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.redis_server import RedisServer, running_redis
from support import HeldHand, assert_spent, running_gunicorn

pytestmark = pytest.mark.slow

SEALING_KEY = "spent-gunicorn-tests-sealing-key-0123456789"
SIGNING_KEY = "spent-gunicorn-tests-signing-key-0123456789"
MODES = {"sealed": {"REFEREE_SEALING_KEYS": SEALING_KEY}, "signed": {"REFEREE_SIGNING_KEYS": SIGNING_KEY}}
GAME = "agram"
RACING = {"REFEREE_MAX_ACTIVE": "64"}
"""Every request of a race is worked on (one worker takes at most 4 at once by default, and answers more 503)."""


def send(port: int, path: str, body: Any, credential: str | None = None) -> tuple[int, dict[str, str], bytes]:
    """One POST on a connection of its own: (status, headers, the answer's bytes)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {credential}"} if credential else {})}
        connection.request("POST", path, body=json.dumps(body), headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def over_http(where: int, path: str, body: Any, credential: str | None) -> tuple[int, dict[str, str], bytes]:
    """``HeldHand``'s ``send`` to the referee on port ``where``."""
    return send(where, path, body, credential)


def table(mode: str, port: int) -> HeldHand:
    """A new hand of agram for 3 players, dealt by the referee on ``port``."""
    status, _, data = send(port, f"/v1/games/{GAME}/deal", {"players": 3})
    assert status == 200, data
    return HeldHand(over_http, mode, GAME, json.loads(data))


def all_at_once(requests: list[Any]) -> list[Any]:
    """Run each zero-argument callable in a thread of its own, released together; their results in order."""
    barrier = threading.Barrier(len(requests))
    results: list[Any] = [None] * len(requests)

    def run(index: int) -> None:
        barrier.wait()
        results[index] = requests[index]()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def one_wins(hand: HeldHand, ports: list[int]) -> dict[str, Any]:
    """Every legal move of the seat to act, each sent to every referee at
    once: exactly one move is played, both its copies answer the same bytes,
    every other answers 409 ``state_spent``. Returns the winning answer."""
    moves = hand.moves(ports[0])
    attempts = [(move, port) for move in moves for port in ports]
    results = all_at_once([lambda move=move, port=port: hand.play(move, where=port) for move, port in attempts])
    won = [(move, data) for (move, _), (status, _, data) in zip(attempts, results) if status == 200]
    assert len({json.dumps(move, sort_keys=True) for move, _ in won}) == 1, won
    assert len(won) == len(ports) and len({data for _, data in won}) == 1  # the same request on each referee: one answer
    for status, _, data in results:
        if status != 200:
            assert_spent(status, data)
    return json.loads(won[0][1])


@pytest.fixture(scope="module", params=list(MODES))
def referees(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, RedisServer, list[int]]]:
    """Two referees of one mode (two workers each) sharing one Redis."""
    mode = request.param
    with running_redis(tmp_path_factory.mktemp("redis")) as redis, contextlib.ExitStack() as stack:
        env = {**MODES[mode], **RACING, "REFEREE_TOKEN_STORE": redis.url}
        servers = [stack.enter_context(running_gunicorn(workers=2, env=env)) for _ in range(2)]
        yield mode, redis, [server.port for server in servers]


def test_a_state_spent_on_one_referee_is_spent_on_the_other_and_retries_answer_the_same_bytes(referees: Any) -> None:
    mode, _, (a, b) = referees
    hand = table(mode, a)
    first, second = hand.moves(a)[:2]
    status, _, played = hand.play(first, where=b)
    assert status == 200
    assert hand.play(first, where=a)[::2] == (200, played)  # a retry on the other referee: the same bytes
    assert hand.play(first, where=b)[::2] == (200, played)
    assert_spent(*hand.play(second, where=a)[::2])
    assert_spent(*hand.play(second, where=b)[::2])


def test_forks_are_refused_on_one_referee_and_on_two(referees: Any) -> None:
    mode, _, (a, b) = referees
    hand = table(mode, a)
    kept = []
    for ply in range(6):
        kept.append((hand.held, hand.moves(a)))
        hand.play_on(kept[-1][1][0], where=(a, b)[ply % 2])
    for held, moves in kept:
        for port in (a, b):
            for move in moves[1:3]:
                assert_spent(*hand.play(move, held=held, where=port)[::2])


def test_of_many_different_moves_at_once_on_both_referees_exactly_one_is_played(referees: Any) -> None:
    mode, _, ports = referees
    for _ in range(4):
        hand = table(mode, ports[0])
        for _ in range(3):  # three plies of each hand, each raced
            hand.take(one_wins(hand, ports))


def test_the_next_hand_is_dealt_once_across_referees(referees: Any) -> None:
    mode, _, (a, b) = referees
    hand = table(mode, a)
    turn = 0
    while not hand.state["hand_over"]:
        hand.play_on(hand.moves(a)[0], where=(a, b)[turn % 2])
        turn += 1
    path = f"/v1/games/{GAME}/deal"
    results = all_at_once([lambda port=port: send(port, path, {"previous": hand.previous()}) for port in (a, b, a, b)])
    assert all(status == 200 for status, _, _ in results) and len({data for _, _, data in results}) == 1
    dealer = json.loads(results[0][2])["state"]["dealer"]
    other = {"previous": hand.previous(), "dealer": (dealer + 1) % 3}  # another deal from the same hand
    for port in (a, b):
        assert_spent(*send(port, path, other)[::2])


def test_a_seat_reseated_on_one_referee_has_its_old_credential_refused_on_both(referees: Any) -> None:
    """CONTRACT: Replacing a seat's player, across replicas: the host
    reseats on one referee; its retry on the other answers the same bytes;
    the seat's old credential is refused on both, the new one plays, and the
    token reseat spent cannot be played from on either."""
    mode, _, (a, b) = referees
    if mode != "sealed":
        pytest.skip("only sealed states have seats' credentials")
    status, _, data = send(a, f"/v1/games/{GAME}/deal", {"players": 3})
    first = json.loads(data)
    hand = HeldHand(over_http, mode, GAME, first)
    seat, old_token, moves = hand.state["to_act"], hand.token, hand.moves(a)
    old = hand.credentials[seat]
    reseat = {"token": old_token, "seat": seat}
    status, _, moved = send(a, f"/v1/games/{GAME}/reseat", reseat, first["host"])
    assert status == 200, moved
    assert send(b, f"/v1/games/{GAME}/reseat", reseat, first["host"])[::2] == (200, moved)
    answer = json.loads(moved)
    for port in (a, b):
        assert_spent(*hand.play(moves[0], held={"token": old_token}, where=port)[::2])
        status, _, data = send(port, f"/v1/games/{GAME}/play", {"token": answer["token"], "move": moves[0]}, old)
        assert (status, json.loads(data)["code"]) == (403, "seat_credential_invalid")
    hand.token, hand.credentials[seat] = answer["token"], answer["credential"]
    hand.play_on(moves[0], where=b)
    assert hand.state["ply"] == 1


def test_redis_stopped_mid_hand_applies_nothing_and_loses_nothing(tmp_path: Path) -> None:
    """While Redis is down, every spending request on either referee answers
    503 with Retry-After and applies nothing, and reading still answers;
    once it is back (from its append-only file) the states spent before are
    still spent, and the refused requests can be made, once."""
    with running_redis(tmp_path / "redis") as redis, contextlib.ExitStack() as stack:
        env = {**MODES["sealed"], "REFEREE_TOKEN_STORE": redis.url}
        a, b = (stack.enter_context(running_gunicorn(workers=2, env=env)).port for _ in range(2))
        finished = table("sealed", a)
        while not finished.state["hand_over"]:
            finished.play_on(where=a, move=finished.moves(a)[0])
        hand = table("sealed", a)
        older, older_moves = hand.held, hand.moves(a)
        for port in (a, b, a):
            hand.play_on(hand.moves(a)[0], where=port)
        moves = hand.moves(a)
        redis.stop()
        for port in (a, b):
            for move in moves[:2]:
                status, headers, data = hand.play(move, where=port)
                assert (status, json.loads(data)["code"], headers.get("Retry-After")) == (503, "token_store_unavailable", "1")
                assert not {"state", "token", "events"} & set(json.loads(data))
            status, _, data = send(port, f"/v1/games/{GAME}/deal", {"previous": finished.previous()})
            assert (status, json.loads(data)["code"]) == (503, "token_store_unavailable")
            seat = hand.state["to_act"]
            for operation, extra in (("legal-moves", {}), ("score", {}), ("view", {"seat": seat}), ("check", {})):
                assert hand.post(operation, {**hand.held, **extra}, seat, port)[0] == 200, operation
            assert send(port, f"/v1/games/{GAME}/deal", {"players": 3})[0] == 200  # a first deal spends nothing
        redis.start()
        for port in (a, b):  # nothing lost: the older token is still spent on both
            assert_spent(*hand.play(older_moves[1], held=older, where=port)[::2])
        status, _, played = hand.play(moves[1], where=b)  # nothing applied: any move may still be the first
        assert status == 200
        assert hand.play(moves[1], where=a)[::2] == (200, played)
        assert_spent(*hand.play(moves[0], where=a)[::2])
        assert send(a, f"/v1/games/{GAME}/deal", {"previous": finished.previous()})[0] == 200


def test_a_move_waiting_for_redis_holds_none_of_the_workers_places(tmp_path: Path) -> None:
    """A spending request that waits for a remote store is not counted among
    its worker's requests at work (REFEREE_MAX_ACTIVE, here 1): with Redis
    paused (SIGSTOP) under a move, the one worker still answers reading
    requests, not 503 busy; once Redis goes on, the move is played."""
    with running_redis(tmp_path / "redis") as redis:
        env = {**MODES["sealed"], "REFEREE_TOKEN_STORE": redis.url, "REFEREE_MAX_ACTIVE": "1"}
        with running_gunicorn(workers=1, env=env) as server:
            hand = table("sealed", server.port)
            move = hand.moves(server.port)[0]
            redis.pause()
            try:
                waiting = threading.Thread(target=lambda: answers.append(hand.play(move, where=server.port)))
                answers: list[Any] = []
                waiting.start()
                waiting.join(0.3)
                assert waiting.is_alive()  # the move waits for Redis
                seat = hand.state["to_act"]
                for operation in ("legal-moves", "score", "check"):
                    status, _, data = hand.post(operation, hand.held, seat, server.port)
                    assert status == 200, (operation, data)
            finally:
                redis.resume()
            waiting.join(30)
            (status, _, data), = answers
            assert status == 200 and json.loads(data)["state"]["ply"] == 1


PROBES = """
import http.client, sys, time
port, seconds = int(sys.argv[1]), float(sys.argv[2])
end = time.perf_counter() + seconds
while time.perf_counter() < end:
    asked = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    connection.request("GET", "/healthz")
    print(f"{connection.getresponse().status}:{time.perf_counter() - asked:.3f}")
    connection.close()
    time.sleep(0.1)
"""
"""A process of its own that asks /healthz every 0.1 s for a while: each answer's status and seconds."""


def test_moves_refused_while_redis_is_paused_answer_by_the_deadline_apply_nothing_and_never_stop_the_worker(tmp_path: Path) -> None:
    """Redis paused (SIGSTOP) for as long as the moves wait: it still takes
    their commands into its buffers and runs them when it goes on. Many
    moves at once on two workers: each answers 503 token_store_unavailable
    by its deadline (GUNICORN_REQUEST_TIMEOUT, give or take one wait for an
    answer), /healthz answers at once all the while (no wait of the store's
    stops a worker), and once Redis goes on nothing was applied: another
    move from each state is played."""
    import subprocess
    import sys
    import time

    moves_at_once, timeout = 40, 2
    with running_redis(tmp_path / "redis") as redis:
        env = {**MODES["sealed"], **RACING, "REFEREE_TOKEN_STORE": redis.url, "GUNICORN_REQUEST_TIMEOUT": str(timeout)}
        with running_gunicorn(workers=2, env=env) as server:
            hands = [table("sealed", server.port) for _ in range(moves_at_once)]
            firsts = [hand.moves(server.port)[0] for hand in hands]
            redis.pause()
            try:
                started = time.perf_counter()
                waiting = threading.Thread(target=lambda: answers.extend(
                    all_at_once([lambda hand=hand, move=move: hand.play(move, where=server.port) for hand, move in zip(hands, firsts)])))
                answers: list[Any] = []
                waiting.start()
                probes = subprocess.run([sys.executable, "-c", PROBES, str(server.port), str(timeout + 1)],
                                        capture_output=True, text=True, check=True).stdout.split()
                waiting.join(30)
                waited = time.perf_counter() - started
            finally:
                redis.resume()
            assert len(answers) == moves_at_once
            for status, headers, data in answers:
                assert (status, json.loads(data)["code"], headers.get("Retry-After")) == (503, "token_store_unavailable", "1")
            assert waited < timeout + 1.0 + 1.5
            assert len(probes) >= 10 and all(probe.startswith("200:") and float(probe[4:]) < 0.5 for probe in probes), probes
            for hand in hands:  # nothing applied, then or when Redis went on
                status, _, data = hand.play(hand.moves(server.port)[1], where=server.port)
                assert status == 200 and json.loads(data)["state"]["ply"] == 1, data


def test_moves_on_a_paused_redis_that_wakes_at_any_point_of_their_claims_answer_a_played_move_or_a_503_that_applied_nothing(
        tmp_path: Path) -> None:
    """Redis paused while moves are sent (80 in the first 0.16 s, then one
    every 70 ms up to 1.5 s), then woken 2 s after the first: each move's
    claim sees it wake at another point of its tries (before its first try
    may no longer be recorded, between tries, in the last tenth of a second
    before its deadline, where the request's timer fired in the wait
    before the refusal and answered 500: a few moves in a hundred there). Every
    move answers either 200, and it was played (another move from its
    state answers 409 state_spent, the same request the same bytes), or
    503 token_store_unavailable with Retry-After, and nothing was applied
    (another move from its state is played); each by its deadline
    (GUNICORN_REQUEST_TIMEOUT), give or take one wait for an answer."""
    import time

    count, timeout = 100, 2
    with running_redis(tmp_path / "redis") as redis:
        env = {**MODES["sealed"], **RACING, "REFEREE_TOKEN_STORE": redis.url, "GUNICORN_REQUEST_TIMEOUT": str(timeout)}
        with running_gunicorn(workers=2, env=env) as server:
            hands = [table("sealed", server.port) for _ in range(count)]
            moves = [hand.moves(server.port)[:2] for hand in hands]
            answers: list[Any] = [None] * count

            def play(index: int) -> None:
                asked = time.perf_counter()
                answers[index] = (*hands[index].play(moves[index][0], where=server.port), time.perf_counter() - asked)

            redis.pause()
            try:
                started = time.perf_counter()
                threads = [threading.Thread(target=play, args=(index,)) for index in range(count)]
                offsets = [index * 0.002 for index in range(80)] + [0.16 + index * 0.07 for index in range(count - 80)]
                for offset, thread in zip(offsets, threads):
                    time.sleep(max(started + offset - time.perf_counter(), 0.0))
                    thread.start()
                time.sleep(max(started + 2.0 - time.perf_counter(), 0.0))
            finally:
                redis.resume()
            for thread in threads:
                thread.join(30)
            for hand, (first, other), (status, headers, data, waited) in zip(hands, moves, answers):
                assert waited < timeout + 1.0, (status, waited)
                if status == 200:
                    assert hand.play(first, where=server.port)[::2] == (200, data)
                    assert_spent(*hand.play(other, where=server.port)[::2])
                else:
                    assert (status, json.loads(data)["code"], headers.get("Retry-After")) == (503, "token_store_unavailable", "1"), data
                    status, _, data = hand.play(other, where=server.port)
                    assert status == 200 and json.loads(data)["state"]["ply"] == 1, data


def test_more_moves_at_once_in_one_worker_than_it_has_connections_to_redis_are_all_played(tmp_path: Path) -> None:
    """200 moves sent at once to one worker, Redis answering: each claim
    waits for one of the worker's connections to Redis (redis-py's bound,
    100) rather than being refused, and every move is played (96 answered
    503 token_store_unavailable, while the store could be reached)."""
    count = 200
    with running_redis(tmp_path / "redis") as redis:
        env = {**MODES["sealed"], "REFEREE_MAX_ACTIVE": str(count), "REFEREE_TOKEN_STORE": redis.url}
        with running_gunicorn(workers=1, env=env) as server:
            hands = [table("sealed", server.port) for _ in range(count)]
            firsts = [hand.moves(server.port)[0] for hand in hands]
            answers = all_at_once([lambda hand=hand, move=move: hand.play(move, where=server.port) for hand, move in zip(hands, firsts)])
            for status, _, data in answers:
                assert status == 200 and json.loads(data)["state"]["ply"] == 1, data


def test_the_embedded_store_spends_once_across_gunicorns_workers(tmp_path: Path) -> None:
    """One machine, no setting: the workers share the LMDB store."""
    path = tmp_path / "spent-states.lmdb"
    env = {**MODES["sealed"], **RACING, "REFEREE_TOKEN_STORE_PATH": str(path)}
    with running_gunicorn(workers=2, env=env) as server:
        for _ in range(4):
            hand = table("sealed", server.port)
            for _ in range(3):
                hand.take(one_wins(hand, [server.port, server.port]))
    assert path.exists()


def test_a_store_that_cannot_be_reached_stops_gunicorn_naming_the_variable(tmp_path: Path) -> None:
    unreachable = RedisServer(tmp_path)  # never started
    with pytest.raises(RuntimeError) as stopped:
        with running_gunicorn(workers=1, env={**MODES["sealed"], "REFEREE_TOKEN_STORE": unreachable.url}):
            pass
    assert "REFEREE_TOKEN_STORE" in str(stopped.value) and "cannot be reached" in str(stopped.value)
