"""One client against the others, against real gunicorn (deploy/gunicorn.conf.py):
no client takes a worker's memory, CPU, analysis pool or admission from the rest.

Two clients are told apart by their source address: A (127.0.0.2) attacks,
B (127.0.0.3) asks what any client asks; loopback answers on the whole of
127.0.0.0/8. The attacks are ``bench/hostile.py``'s (``make hostile`` runs
heavier versions and prints the figures). Timing-sensitive: the Makefile
runs this file alone (``ALONE_TESTS``), after the rest of the suite.
"""

from __future__ import annotations

import json
import time

import pytest

from bench.hostile import (
    JSON_HEADERS,
    abandoned_solves,
    admission_share,
    analysis_share,
    connect,
    inflate_metrics,
    long_replay,
    raw_request,
    request_bytes,
    slow_readers,
    workers_rss_kib,
)
from support import running_gunicorn

pytestmark = pytest.mark.timeout(240)

MIB = 1024 * 1024
READERS = 300
MOST_MIB = 60
"""The most 300 slow readers of one large answer may raise the workers' memory, together."""


@pytest.fixture(scope="module")
def server():
    with running_gunicorn(workers=2) as process:
        yield process


def test_slow_readers_of_the_openapi_document_share_one_copy(server):
    """Regression: ``/openapi.json`` (550 KB) was made for every request, and
    each slow reader kept its own copy in the worker until the request's
    deadline: 300 such readers raised the workers by 162 MiB. It is made
    once and shared."""
    result = slow_readers(server.port, "/openapi.json", READERS, lambda: workers_rss_kib(server.pid), hold=4)
    assert result.answer_bytes > 400_000 and result.begun == READERS, result.line()
    assert result.most_mib - result.before_mib <= MOST_MIB, result.line()


def test_slow_readers_of_an_inflated_metrics_share_one_copy(server):
    """Regression: ``/metrics``, which any client can inflate (every
    operation, method and status it answers adds label sets: here to over
    500 KB), was encoded again for every answer, and admitted whatever the
    load: 300 slow readers raised the workers by 94 MiB. Each worker encodes
    it once a second and every answer shares those bytes."""
    size = inflate_metrics(server.port)
    assert size > 500_000
    result = slow_readers(server.port, "/metrics", READERS, lambda: workers_rss_kib(server.pid), hold=4)
    assert result.begun == READERS, result.line()
    assert result.most_mib - result.before_mib <= MOST_MIB, result.line()


def test_large_answers_past_the_answer_budget_are_503_until_read():
    """Answers made for each request are counted while a slow reader holds
    them (``REFEREE_ANSWER_BUDGET_BYTES``, here 1 MiB, one worker): four
    replays of 210 KB fit, the fifth answers 503 at once with Retry-After,
    and once the readers have read (here: gone), replays are answered again."""
    replay = request_bytes("POST", "/v1/games/agency/replay", json.dumps(long_replay(game_id="agency")).encode(), JSON_HEADERS)
    with running_gunicorn(workers=1, env={"REFEREE_ANSWER_BUDGET_BYTES": str(MIB)}) as one:
        readers, statuses = [], []
        try:
            for _ in range(6):
                sock = connect(one.port, receive_buffer=4096)
                sock.sendall(replay)
                statuses.append(int(sock.recv(12)[9:12]))  # "HTTP/1.1 200": the answer has begun, and waits
                readers.append(sock)
        finally:
            for sock in readers:
                sock.close()
        assert statuses == [200, 200, 200, 200, 503, 503], statuses
        for _ in range(30):  # the worker sees each reader gone, and releases its answer
            again = raw_request(one.port, replay)
            if again.status == 200:
                break
            time.sleep(0.2)
        assert again.status == 200 and len(again.body) > 200_000


def test_another_clients_suggest_is_answered_beside_ten_connections_looping_solve():
    """Regression: each worker's one analysis process and queue of 4 went to
    whoever came first, so 10 connections of client A looping Agency
    ``solve`` got 97% of client B's ``suggest`` refused. A client holds at
    most its share of the pool's places (REFEREE_CLIENT_SHARE), and a
    process that comes free goes to the client holding the fewest. The
    analysis budgets are small here (each solve and suggest a fraction of a
    second): how the places are shared does not depend on how long the work
    holds them, and B's tries wait for one of A's solves less."""
    with running_gunicorn(workers=2, env={"REFEREE_SOLVE_NODES": "5000", "REFEREE_SUGGEST_WORLDS": "20"}) as server:
        share = analysis_share(server.port, loopers=10, tries=10)
    assert share.answered >= 0.9, share.line()  # 9 of 10: before, 97% were refused
    assert share.looped.get(200, 0) > 0, share.line()  # A is served too, within its share


def test_another_clients_legal_moves_are_answered_beside_twelve_connections_looping_long_replays(server):
    """Regression: 8 connections looping a 101-hand Agency replay took every
    place of the workers' admission (REFEREE_MAX_ACTIVE) and 68% of another
    client's ``legal-moves`` were refused. One client holds at most its share."""
    share = admission_share(server.port, loopers=12, tries=40)
    assert share.answered >= 0.95, share.line()
    assert share.looped.get(200, 0) > 0, share.line()


def test_a_solve_after_thirty_abandoned_ones_is_answered_within_three_seconds(server):
    """Regression: solves whose client had hung up were computed all the
    same and kept the pool (and the client's share of it) busy. Work for a
    client that has gone is not started."""
    statuses, seconds = abandoned_solves(server.port, 30)
    assert statuses[-1] == 200 and seconds <= 3.0, (statuses, seconds)
