"""The Redis token store against a real Redis server (Debian's ``redis-server``).

A claim is one script: exactly one of many concurrent claims records its
value, whichever process sends it; a record lives ``ttl`` seconds and
survives the server's crash (append-only file, fsynced at every write);
while the server is down or paused a claim refuses within a bounded time
(and within the request's deadline) and records nothing, then or later,
and once it is back claims work again on the same client; a call cut off
while it waits for its answer leaves nothing for the next.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import redis

from bench.redis_server import RedisServer
from service import deadline
from service.config import SettingError, load_settings
from service.errors import StoreUnavailable
from service.store import RedisStore, _Backoff, store_for
from support import claims_at_once

SEALED = {"REFEREE_SEALING_KEYS": "k" * 40}


def test_a_claim_records_once_and_answers_the_first_value(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url)
    assert store.claim(b"k1", b"first", 60) is None
    assert store.claim(b"k1", b"second", 60) == b"first"
    assert store.get(b"k1") == b"first"
    assert store.get(b"k2") is None
    ttl = int(redis_server.command("TTL", "referee:spent:k1").split(b":")[1])
    assert 55 <= ttl <= 60


def test_a_record_expires_after_its_ttl(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url)
    assert store.claim(b"k", b"first", 1) is None
    time.sleep(1.2)
    assert store.get(b"k") is None
    assert store.claim(b"k", b"second", 1) is None


def test_of_many_processes_claiming_one_key_at_once_exactly_one_records_it(redis_server: RedisServer) -> None:
    answers = claims_at_once(lambda: RedisStore(redis_server.url), 8)
    winners = [value for value, before in answers if before is None]
    assert len(winners) == 1
    assert all(before == winners[0] for _, before in answers if before is not None)


def test_of_many_threads_of_one_client_claiming_at_once_exactly_one_records_it(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url)
    barrier = threading.Barrier(16)
    answers: list[tuple[bytes, bytes | None]] = []

    def claim(value: bytes) -> None:
        barrier.wait()
        answers.append((value, store.claim(b"contested", value, 60)))

    threads = [threading.Thread(target=claim, args=(b"v%d" % number,)) for number in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    winners = [value for value, before in answers if before is None]
    assert len(winners) == 1 and all(before == winners[0] for _, before in answers if before is not None)


def test_while_the_server_is_down_a_claim_refuses_in_bounded_time_and_works_again_once_it_is_back(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url)
    assert store.claim(b"before", b"1", 60) is None
    redis_server.stop()
    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as refused:
        store.claim(b"during", b"2", 60)
    assert time.monotonic() - started < 5
    assert refused.value.code == "token_store_unavailable" and "127.0.0.1" not in refused.value.detail
    with pytest.raises(StoreUnavailable):
        store.get(b"before")
    redis_server.start()
    assert store.get(b"during") is None  # nothing was recorded
    assert store.claim(b"before", b"other", 60) == b"1"  # nothing was lost
    assert store.claim(b"during", b"2", 60) is None


def test_a_claim_refused_while_the_server_is_paused_is_not_recorded_when_it_wakes(redis_server: RedisServer) -> None:
    """A paused server (a stopped process, a stalled disk) still takes the
    claim into its socket's buffer, and runs it when it wakes: the claim,
    refused as unreachable (503: "applies nothing"), must not be recorded
    then, or the client's next move from the same state would be refused
    as spent. The refusal also comes by the request's deadline, give or
    take one wait for an answer (1 s), not after the retry policy's 6 s."""
    store = RedisStore(redis_server.url)
    assert store.claim(b"before", b"1", 60) is None
    redis_server.pause()
    try:
        started = time.perf_counter()
        with deadline.until(started + 1.5), pytest.raises(StoreUnavailable) as refused:
            store.claim(b"paused", b"refused", 60)
        waited = time.perf_counter() - started
    finally:
        redis_server.resume()
    assert refused.value.code == "token_store_unavailable"
    assert waited < 1.5 + RedisStore.COMMAND_SECONDS + 0.5
    assert store.get(b"before") == b"1"  # on a new connection, after the buffered commands ran
    assert store.get(b"paused") is None
    assert store.claim(b"paused", b"another move", 60) is None


def test_a_claim_that_reaches_the_server_too_late_is_sent_again_and_recorded_once(redis_server: RedisServer) -> None:
    """A pause a little longer than a claim may wait in the server's buffer
    (COMMAND_SECONDS less CLOCK_MARGIN_SECONDS) but shorter than the wait
    for its answer: the server refuses the late claim, the store sends it
    again, and it is recorded, once."""
    store = RedisStore(redis_server.url)
    assert store.claim(b"warm", b"1", 60) is None  # the server's clock is read
    redis_server.pause()
    late = RedisStore.COMMAND_SECONDS - RedisStore.CLOCK_MARGIN_SECONDS
    waking = threading.Timer(late + 0.1, redis_server.resume)
    waking.start()
    try:
        assert store.claim(b"late", b"mine", 60) is None
    finally:
        waking.join()
    assert store.get(b"late") == b"mine"
    assert store.claim(b"late", b"other", 60) == b"mine"


def test_a_connection_past_the_pools_bound_is_refused_as_unreachable_not_an_error(redis_server: RedisServer) -> None:
    """redis-py's pool bounds the connections a process opens
    (``max_connections``); a claim that needs one more, while as many wait on
    a paused server, must answer 503 ``token_store_unavailable`` (nothing
    recorded), never an unhandled error (a 500)."""
    store = RedisStore(redis_server.url + "?max_connections=1")
    assert store.claim(b"first", b"1", 60) is None  # the one connection, kept idle
    busy = store._idle.pop()  # as if a claim held it while the server is paused
    for call in (lambda: store.claim(b"second", b"2", 60), lambda: store.get(b"first")):
        with pytest.raises(StoreUnavailable) as refused:
            call()
        assert refused.value.code == "token_store_unavailable"
    store._idle.append(busy)
    assert store.get(b"second") is None and store.claim(b"second", b"2", 60) is None


def test_calls_past_the_pools_bound_wait_for_a_free_connection_while_the_server_answers(redis_server: RedisServer) -> None:
    """More calls at once in one process than it may open connections
    (``max_connections``, here 2), on a server that answers (after a
    pause of 0.3 s, as a slow disk's): each waits for a connection that is
    free again and is answered, none is refused as unreachable (CONTRACT:
    States spent once, 503 only while the store cannot be reached), and
    each claim is recorded once."""
    store = RedisStore(redis_server.url + "?max_connections=2")
    assert store.claim(b"warm", b"1", 60) is None
    count = 12
    barrier = threading.Barrier(count)
    answers: list[Any] = [None] * count

    def claim(index: int) -> None:
        barrier.wait()
        try:
            answers[index] = store.claim(b"key%d" % index, b"value%d" % index, 60)
        except StoreUnavailable as error:
            answers[index] = error

    redis_server.pause()
    waking = threading.Timer(0.3, redis_server.resume)
    waking.start()
    threads = [threading.Thread(target=claim, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    waking.join()
    assert answers == [None] * count
    assert [store.get(b"key%d" % index) for index in range(count)] == [b"value%d" % index for index in range(count)]


class Interrupted(BaseException):
    """What ``service.deadline`` raises in a request whose time is up, wherever it waits."""


@pytest.mark.parametrize("call", ["claim", "get"])
def test_a_call_cut_off_while_it_waits_for_its_answer_leaves_no_answer_for_the_next_call(
        redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch, call: str) -> None:
    """The store keeps its connections between calls: one cut off after its
    command was sent (a request's deadline, while the answer is on its way)
    must not hand that answer to the next call made on the same connection,
    which would then read another command's answer as its own (a spent
    state as unspent, or a record as another's)."""
    store = RedisStore(redis_server.url)
    assert store.claim(b"recorded", b"1", 60) is None
    waiting = redis.connection.Connection.read_response

    def cut_off(self: redis.connection.Connection, *args: object, **kwargs: object) -> object:
        monkeypatch.setattr(redis.connection.Connection, "read_response", waiting)
        raise Interrupted

    monkeypatch.setattr(redis.connection.Connection, "read_response", cut_off)
    with pytest.raises(Interrupted):
        if call == "claim":
            store.claim(b"cut", b"2", 60)  # sent and recorded; its answer (nil) never read
        else:
            store.get(b"recorded")  # its answer (b"1") never read
    assert store.get(b"missing") is None
    assert store.get(b"recorded") == b"1"
    assert store.claim(b"cut", b"3", 60) == (b"2" if call == "claim" else None)


def test_an_idle_connection_the_server_closed_is_opened_again_before_a_call_is_sent_on_it(
        redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept connection the server closed while it was idle (a restart, its
    ``timeout``, ``CLIENT KILL``) is found closed before the call is written
    on it, and the call goes on a new one at once: no try is lost on it, so
    no wait of the retry policy is taken."""
    store = RedisStore(redis_server.url)
    assert store.claim(b"kept", b"1", 60) is None
    assert redis_server.command("CLIENT", "KILL", "TYPE", "normal").startswith(b":1")
    waits: list[int] = []
    monkeypatch.setattr(_Backoff, "compute", lambda self, failures: waits.append(failures) or 0.0)
    assert store.claim(b"after", b"2", 60) is None and store.get(b"kept") == b"1"
    assert waits == []


def test_in_a_gevent_worker_a_call_on_an_idle_connection_is_sent_before_any_other_greenlet_runs(
        redis_server: RedisServer) -> None:
    """The check of an idle connection (:meth:`RedisStore._ready`) must not
    wait in gevent's loop: a wait there lets the worker's other requests
    run to their next wait before the claim is even sent (redis-py's own
    check, ``can_read``, polls through the loop). Counted with greenlet's
    trace of switches, up to the moment the command is written."""
    script = (
        "import sys, greenlet; from gevent import monkey; monkey.patch_all()\n"
        "import service.store as store_module\n"
        "store = store_module.RedisStore(sys.argv[1]); store.claim(b'warm', b'v', 60)\n"
        "events, send = [], store_module._send\n"
        "store_module._send = lambda connection, command: (events.append('sent'), send(connection, command))[1]\n"
        "greenlet.settrace(lambda event, args: events.append(event))\n"
        "for number in range(20): events.append('call'); store.claim(b'k%d' % number, b'v', 60)\n"
        "greenlet.settrace(None)\n"
        "calls = ''.join('c' if event == 'call' else 's' if event == 'sent' else 'g' for event in events).split('c')[1:]\n"
        "print(sum(call.partition('s')[0].count('g') for call in calls), sum(call.count('s') for call in calls))\n")
    answer = subprocess.run([sys.executable, "-c", script, redis_server.url], cwd=Path(__file__).resolve().parent.parent,
                            capture_output=True, text=True, check=True, timeout=60)
    assert answer.stdout.split() == ["0", "20"]


def test_a_forked_process_opens_connections_of_its_own(redis_server: RedisServer) -> None:
    """gunicorn forks its workers from a process that may have used the
    store: a child that wrote on its parent's kept connection would share
    its socket, and each could read the other's answers. Parent and child
    claim at once, each its own keys, after the parent kept a connection:
    every claim answers its own value's record."""
    import multiprocessing

    store = RedisStore(redis_server.url)
    assert store.claim(b"kept", b"parent", 60) is None  # the parent now keeps a connection
    context = multiprocessing.get_context("fork")
    start, results = context.Event(), context.Queue()

    def claims(who: bytes) -> list[bool]:
        start.wait()
        return [store.claim(b"%s-%d" % (who, number), who, 60) is None and store.get(b"%s-%d" % (who, number)) == who
                for number in range(300)]

    child = context.Process(target=lambda: results.put(claims(b"child")))
    child.start()
    start.set()
    mine = claims(b"parent")
    theirs = results.get(timeout=30)
    child.join(timeout=30)
    assert all(mine) and all(theirs)


def test_a_record_survives_a_crash_of_the_server(redis_server: RedisServer) -> None:
    """--appendfsync always: a claim that was answered is on disk."""
    store = RedisStore(redis_server.url)
    for number in range(50):
        assert store.claim(b"k%d" % number, b"v%d" % number, 600) is None
    redis_server.stop(kill=True)
    redis_server.start()
    assert all(store.get(b"k%d" % number) == b"v%d" % number for number in range(50))


def test_a_server_that_cannot_be_reached_at_start_stops_the_service_naming_the_variable(tmp_path: Path) -> None:
    server = RedisServer(tmp_path)  # never started: its port is free
    started = time.monotonic()
    with pytest.raises(SettingError) as refused:
        store_for(load_settings({}, {**SEALED, "REFEREE_TOKEN_STORE": server.url}))
    assert "REFEREE_TOKEN_STORE" in str(refused.value) and f"127.0.0.1:{server.port}/0" in str(refused.value)
    assert time.monotonic() - started < 10


def test_the_store_is_named_without_its_password(redis_server: RedisServer) -> None:
    url = f"redis://:a-secret-password@127.0.0.1:{redis_server.port}/3"
    store = RedisStore(url)
    assert store.description == f"Redis at 127.0.0.1:{redis_server.port}/3"
    redis_server.command("CONFIG", "SET", "requirepass", "a-secret-password")
    assert store.claim(b"k", b"v", 60) is None
    with pytest.raises(SettingError) as refused:
        store_for(load_settings({}, {**SEALED, "REFEREE_TOKEN_STORE": f"redis://:wrong@127.0.0.1:{redis_server.port}/0"}))
    assert "wrong" not in str(refused.value)
    chosen = store_for(load_settings({}, {**SEALED, "REFEREE_TOKEN_STORE": url}))
    assert isinstance(chosen, RedisStore)


def test_the_servers_clock_is_read_as_a_lower_bound_and_a_clock_set_back_is_followed_within_two_epochs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An instant put on the server's clock must never come later there
    than it should (a claim would be recorded late; CONTRACT: States spent
    once, "fail closed"): whatever each answer's delays, the offset learned
    is at most the true one, and the best of the recent answers is kept;
    once the server's clock is set back, the offset follows it within two
    epochs, however slow every answer is (none of them prompt); with no
    answer for two epochs there is none, and the server's clock is asked."""
    from service.store import RedisStore, _ServerClock

    now = [1000.0]
    monkeypatch.setattr(time, "perf_counter", lambda: now[0])
    true_offset = 1_733_000_000_000_000 - 1000 * 1_000_000
    clock = _ServerClock()
    assert clock.offset is None
    for answered_ago in (0.2, 0.001, 0.05):  # each answer: the server reads its clock, the answer arrives that much later
        now[0] += 1.0
        clock.learn(round(now[0] * 1_000_000) + true_offset - round(answered_ago * 1_000_000))
        assert clock.offset is not None and clock.offset <= true_offset
    assert clock.offset == true_offset - 1_000  # the prompt answer's bound, the best of them
    set_back = true_offset - 2_000_000  # an NTP step on the server's machine
    for _ in range(round(2 * _ServerClock.EPOCH_SECONDS / 0.02)):  # answers of 20 ms, one after the other
        now[0] += 0.02
        clock.learn(round(now[0] * 1_000_000) + set_back - 20_000)
    assert clock.offset is not None
    assert clock.offset <= set_back and clock.offset > set_back - 20_000 - RedisStore.CLOCK_MARGIN_SECONDS * 1_000_000
    now[0] += 2 * _ServerClock.EPOCH_SECONDS
    assert clock.offset is None  # too old to rest on: the next claim asks the server's clock first

@pytest.mark.parametrize("down", [False, True], ids=["answering", "stopped"])
def test_the_requests_timer_firing_in_any_wait_of_a_claim_refuses_it_as_unreachable(
        redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch, down: bool) -> None:
    """gunicorn's timer for a request raises ``TimeoutError`` wherever the
    request waits, once, at about its deadline (deploy/gunicorn.conf.py):
    whichever wait of a claim it fires in (between tries of a stopped
    server; after a refusal, until no try can still be recorded), the
    claim is refused as 503 token_store_unavailable would say
    (StoreUnavailable, not an error: it answered 500), and nothing is
    recorded. Here the timer fires 0.1 s before the request's deadline,
    and the claim starts with less of it left than a claim may wait in
    the server's buffer (the server answering), or 0.6 s before it (stopped)."""
    store = RedisStore(redis_server.url)
    assert store.claim(b"warm", b"1", 60) is None  # the server's clock is read
    if down:
        redis_server.stop()
    sleep = time.sleep
    fired: list[float] = []

    def sleep_timed(seconds: float) -> None:  # a sleep that gevent's timer interrupts once, at ``fires``
        if not fired and time.perf_counter() + seconds > fires:
            sleep(max(fires - time.perf_counter(), 0.0))
            fired.append(time.perf_counter())
            raise TimeoutError("request not complete within 2 s")
        sleep(seconds)

    monkeypatch.setattr(time, "sleep", sleep_timed)
    end = time.perf_counter() + (0.6 if down else RedisStore.CLOCK_MARGIN_SECONDS - 0.05)
    fires = end - 0.1
    with deadline.until(end), pytest.raises(StoreUnavailable) as refused:
        store.claim(b"late", b"mine", 60)
    assert refused.value.code == "token_store_unavailable"
    assert fired  # the timer did fire in one of the claim's waits
    monkeypatch.setattr(time, "sleep", sleep)
    if down:
        redis_server.start()
    assert store.get(b"late") is None
    assert store.claim(b"late", b"another move", 60) is None
