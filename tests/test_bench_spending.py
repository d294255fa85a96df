"""bench.spending's arithmetic and its lists of requests: each request sent
once, every slice of the plays its own, each store against the no-store
passes around it."""

from __future__ import annotations

import http.server
import threading
from typing import Any

import pytest

from bench import load, spending


def test_each_row_takes_plays_no_other_row_took() -> None:
    batches = spending.Batches([(f"Bearer {n}", b"{}") for n in range(10)])
    first, second = batches.take(4), batches.take(6)
    assert not set(first) & set(second) and len(first + second) == 10
    with pytest.raises(SystemExit):
        batches.take(1)


def figures(rps: float, p99: float, cpu_us: float = 500.0) -> dict[str, Any]:
    return {"rps": rps, "p50_ms": 1.0, "p99_ms": p99, "socket_errors": 0, "non_2xx": 0, "reused": 0,
            "worker_cpu_us": cpu_us, "store_cpu_us": 0.0}


def test_a_store_is_measured_against_the_mean_of_the_no_store_passes_around_it() -> None:
    rounds = [
        {"none": figures(1000, 10), "embedded": figures(950, 10.5), "redis": figures(850, 11), "redis-everysec": figures(900, 10),
         spending.AFTER: figures(900, 12)},
        {"none": figures(1100, 10), "embedded": figures(1000, 11.5), "redis": figures(990, 12), "redis-everysec": figures(1100, 10),
         spending.AFTER: figures(1100, 10)},
        {"none": figures(1000, 10), "embedded": figures(990, 10, 560), "redis": figures(600, 30), "redis-everysec": figures(1000, 10),
         spending.AFTER: figures(1000, 10)},
    ]
    rows = {row["store"]: row for row in spending.rows(rounds)}
    # embedded: 950 / 950, 1000 / 1100, 990 / 1000 -> median 0.99; p99 added 10.5 - 11, 11.5 - 10, 10 - 10 -> 0
    assert rows["embedded"]["rps_ratio"] == pytest.approx(0.99) and rows["embedded"]["p99_added_ms"] == pytest.approx(0.0)
    assert rows["embedded"]["met"] is True
    # redis (appendfsync always): 850 / 950, 990 / 1100, 600 / 1000 -> median 0.8947...; p99 added 0, 2, 20 -> 2; no goal
    assert rows["redis"]["rps_ratio"] == pytest.approx(850 / 950) and rows["redis"]["p99_added_ms"] == pytest.approx(2.0)
    assert rows["redis"]["met"] is None
    # redis-everysec: 900 / 950, 1100 / 1100, 1000 / 1000 -> median 1; p99 added -1, 0, 0 -> 0: met
    assert rows["redis-everysec"]["rps_ratio"] == pytest.approx(1.0) and rows["redis-everysec"]["met"] is True
    assert rows["none"]["rps"] == 1000 and "rps_ratio" not in rows["none"]  # the median of its six passes
    # a worker's CPU time a request: the median of the rounds (500, 500, 560), and its ratio to no store's
    assert rows["embedded"]["worker_cpu_us"] == 500 and rows["none"]["worker_cpu_us"] == 500


def test_a_process_cpu_time_is_read_and_a_process_gone_counts_nothing() -> None:
    import os
    import time

    from bench.server import cpu_seconds

    before, spin_until = cpu_seconds([os.getpid()]), time.process_time() + 0.2
    while time.process_time() < spin_until:
        pass
    assert cpu_seconds([os.getpid()]) - before >= 0.15  # 0.2 s spun, read at the clock's ticks (10 ms)
    assert cpu_seconds([2 ** 22 + 1]) == 0  # above any pid Linux gives


def test_a_list_of_requests_is_sent_each_once_in_turn_and_sending_again_is_counted() -> None:
    seen: list[tuple[str, bytes]] = []
    server = serving(seen)
    try:
        requests = [(f"Bearer c{n}", b'{"n": %d}' % n) for n in range(5)]
        summary = load.run_python_list(f"http://127.0.0.1:{server.server_address[1]}/v1/games/agram/play", requests, 0.5, 1)
    finally:
        server.shutdown()
    assert seen[:5] == requests  # each in turn, with its own credential
    assert summary["requests"] == len(seen) > 5 and summary["reused"] == len(seen) - 5


def test_the_goal_takes_the_throughput_at_saturation_and_the_p99_added_paced() -> None:
    saturated = {"none": figures(1000, 10), "embedded": figures(950, 14), "redis": figures(900, 30), "redis-everysec": figures(850, 12),
                 spending.AFTER: figures(1000, 10)}
    paced = {"none": figures(500, 3), "embedded": figures(500, 3.5), "redis": figures(500, 9), "redis-everysec": figures(500, 4.5),
             spending.AFTER: figures(500, 3)}
    rows = {row["store"]: row for row in spending.rows([{**saturated, spending.PACED_PASSES: paced}])}
    # embedded: 0.95 of the throughput, +4 ms at saturation but +0.5 ms paced: met
    assert rows["embedded"]["p99_added_ms"] == pytest.approx(4.0) and rows["embedded"]["paced"]["p99_added_ms"] == pytest.approx(0.5)
    assert rows["embedded"]["met"] is True
    # redis-everysec: 0.85 of the throughput, but +1.5 ms paced: missed
    assert rows["redis-everysec"]["rps_ratio"] == pytest.approx(0.85) and rows["redis-everysec"]["met"] is False
    assert rows["none"]["paced"]["p99_ms"] == 3 and "p99_added_ms" not in rows["none"]["paced"]
    # without paced passes the goal takes the p99 added at saturation: embedded's +4 ms misses it
    assert {row["store"]: row.get("met") for row in spending.rows([saturated])}["embedded"] is False


def serving(seen: list[tuple[str, bytes]]) -> http.server.ThreadingHTTPServer:
    """A server on a free port that answers every POST 200 ``{}`` and keeps each request's credential and body in ``seen``."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            body = self.rfile.read(int(self.headers["Content-Length"]))
            seen.append((self.headers.get("Authorization", ""), body))
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_a_paced_list_waits_after_each_answer() -> None:
    seen: list[tuple[str, bytes]] = []
    server = serving(seen)
    try:
        requests = [(f"Bearer c{n}", b'{"n": %d}' % n) for n in range(500)]
        url = f"http://127.0.0.1:{server.server_address[1]}/v1/games/agram/play"
        summary = load.run_python_list(url, requests, 1.0, 2, rate=20)
    finally:
        server.shutdown()
    # about 20 in the second; a closed loop on this server sends hundreds
    assert 5 <= summary["requests"] <= 60 and summary["reused"] == 0
    with pytest.raises(ValueError):
        load.run_python_list(url, requests, 0.1, 2, rate=0)


def test_a_run_of_some_stores_and_a_compared_checkout_has_a_row_for_each_and_only_those() -> None:
    rounds = [{"none": figures(1000, 10), "redis-everysec": figures(820, 10.5), spending.COMPARED: figures(740, 10.5),
               spending.AFTER: figures(1000, 10)}]
    rows = {row["store"]: row for row in spending.rows(rounds)}
    assert list(rows) == ["none", "redis-everysec", spending.COMPARED]
    # each against the same no-store passes (+0.5 ms at the p99): 820 / 1000 and 740 / 1000, both held to 0.8
    assert rows["redis-everysec"]["rps_ratio"] == pytest.approx(0.82) and rows["redis-everysec"]["met"] is True
    assert rows[spending.COMPARED]["rps_ratio"] == pytest.approx(0.74) and rows[spending.COMPARED]["met"] is False
