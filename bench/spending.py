"""Sealed ``play`` with a token store, against none: what spending states once costs.

Usage: ``python -m bench.spending [--duration S] [--repeat N] [--quick]``;
``make bench`` runs these rows too (``bench.run``). Prints a markdown table
and writes its figures to ``bench/results/spending.json``.

Four gunicorn servers of the referee, as deployed (``deploy/gunicorn.conf.py``),
sealed with one key: no store (``REFEREE_TOKEN_STORE=none``), the embedded
store (a new LMDB file in a temporary folder), and Redis on loopback
(Debian's ``redis-server`` on a free port, eviction off) with its append-only
file fsynced at every write, as deploy/README.md asks, and once a second. Each is loaded with
sealed ``play`` requests that each spend a token of their own: every play of
whole random hands of agram for 5 players (each request's token, move and
credential), made in-process beforehand and each sent once (a request sent
again is a retry, which a store answers from its record: ``reused`` says
whether any was). In each round the four are loaded in turn, each with
requests of its own, and the no-store server once more at the end; a store's
ratio is its throughput over the mean of the round's two no-store passes,
and its p99 added is its p99 less theirs (the machine's load drifts: the two
passes around the stores take most of it out). The figures are the medians
of the rounds.

Each round loads the servers twice: at saturation (wrk's closed loop: each
connection sends its next play as soon as it has the answer), which gives
the throughput; then paced (``bench.load``) at :data:`PACED` of the
throughput the no-store server had in that round, the same rate for each,
which gives the latency a store adds to a request. At saturation every
connection's request waits in the server's queue, so a p99 there is mostly
the queue: any store that serves 10% fewer requests adds 10% to it whatever
each request costs (about 1 ms on a 10 ms p99).

Goals (bench/README.md): the embedded store at least 0.9 of the throughput
without a store, Redis as deploy/README.md sets it up (``appendfsync
everysec``) at least 0.8, each adding at most 1 ms to the p99 paced. Redis
with its file fsynced before every answer (``always``) is measured beside
it, with no goal: what keeping the last spends through a power cut costs.
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: python bench/spending.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson  # noqa: E402

from bench import scenarios  # noqa: E402
from bench.load import Request  # noqa: E402
from bench.redis_server import running_redis  # noqa: E402
from bench.server import ROOT, Gunicorn, cpu_seconds  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "spending.json"
GAME, PLAYERS = "agram", 5
PATH = f"/v1/games/{GAME}/play"
STORES = ("none", "embedded", "redis", "redis-everysec")
COMPARED = "redis-everysec-compared"
"""Redis (``everysec``) with the referee another checkout serves (``--compare-root``): before and after a change, in one run."""
AFTER = "none-after"
"""The no-store server's second pass of a round, after the stores'."""
PACED_PASSES = "paced"
"""A round's paced passes (store -> figures, :data:`AFTER` included), beside its passes at saturation."""
GOALS: dict[str, float | None] = {"embedded": 0.9, "redis": None, "redis-everysec": 0.8, COMPARED: 0.8}
"""Each store's throughput as a ratio to no store's, at least (``None``: no goal)."""
P99_ADDED_MS = 1.0
"""... adding at most this to the p99 paced."""
PACED = 0.5
"""The paced passes' rate, as a share of the no-store server's throughput at saturation in the same round."""
SETTINGS = {"REFEREE_SEALING_KEYS": scenarios.SEALING_KEY, "REFEREE_SIGNING_KEYS": None, "REFEREE_ALLOW_CHOSEN_DEALS": None,
            "GUNICORN_MAX_REQUESTS": "0"}
"""Every server's settings besides its store's. Workers are not recycled, so
that a pass's CPU time is its workers' (a recycled worker's would be lost,
and a new one's start counted), and every server's workers are alike."""


def _plays(job: tuple[int, int]) -> list[Request]:
    """``count`` sealed plays, each on a token of its own: every play of
    random hands (the seat to act's random legal move, with its credential),
    made through the app in-process with no store."""
    count, seed = job
    from service.app import create_app

    settings = {name: value for name, value in SETTINGS.items() if value is not None}
    client = create_app({**settings, "TESTING": True, "REFEREE_TOKEN_STORE": "none", "REFEREE_LOG_LEVEL": "WARNING"}).test_client()
    rng = random.Random(seed)
    made: list[Request] = []
    while len(made) < count:
        dealt = client.post(f"/v1/games/{GAME}/deal", json={"players": PLAYERS}).get_json()
        credentials = {entry["seat"]: f"Bearer {entry['credential']}" for entry in dealt["seats"]}
        token, seat = dealt["token"], dealt["state"]["to_act"]
        while seat is not None and len(made) < count:
            legal = client.post(f"/v1/games/{GAME}/legal-moves", json={"token": token},
                                headers={"Authorization": credentials[seat]}).get_json()
            body = orjson.dumps({"token": token, "move": rng.choice(legal["moves"])})
            made.append((credentials[seat], body))
            answer = client.post(PATH, data=body, content_type="application/json", headers={"Authorization": credentials[seat]}).get_json()
            token, seat = answer["token"], answer["state"]["to_act"]
    return made


def plays(count: int, seed: int, processes: int = 2) -> list[Request]:
    """:func:`_plays` in ``processes`` processes at once."""
    share = -(-count // processes)
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        parts = pool.map(_plays, [(share, seed * 1000 + number) for number in range(processes)])
    return [request for part in parts for request in part][:count]


class Batches:
    """The requests of a run, handed out in slices that never overlap: no token is spent twice."""

    def __init__(self, requests: list[Request]) -> None:
        self.requests, self.used = requests, 0

    def take(self, count: int) -> list[Request]:
        taken = self.requests[self.used:self.used + count]
        if len(taken) < count:
            raise SystemExit(f"the bench made {len(self.requests):,} plays and needs more: a larger --per-second")
        self.used += count
        return taken


def measure(args: argparse.Namespace, run_list: Any, notes: list[str]) -> dict[str, Any]:
    """Start the servers, load them in turn for ``args.repeat`` rounds, stop them; the rows and each round's figures."""
    compare_root = getattr(args, "compare_root", None)
    stores = [store for store in STORES if store in (getattr(args, "stores", None) or STORES)] + ([COMPARED] if compare_root else [])
    per_row = int(args.per_second * args.duration)
    paced_row = int(args.per_second * PACED * args.duration)
    warmup = int(args.per_second * args.warmup)
    needed = len(stores) * warmup + (len(stores) + 1) * (per_row + paced_row) * args.repeat
    print(f"spending: making {needed:,} sealed plays in-process (every play of random hands) ...", flush=True)
    began = time.monotonic()
    batches = Batches(plays(needed, seed=args.seed))
    made_s = time.monotonic() - began
    probe = (PATH, b"{}")
    with (tempfile.TemporaryDirectory(prefix="bench-spending-") as folder, running_redis(Path(folder) / "redis") as redis,
          running_redis(Path(folder) / "redis-everysec", "everysec") as everysec):
        env = {"none": {"REFEREE_TOKEN_STORE": "none"},
               "embedded": {"REFEREE_TOKEN_STORE": None, "REFEREE_TOKEN_STORE_PATH": str(Path(folder) / "spent-states.lmdb")},
               "redis": {"REFEREE_TOKEN_STORE": redis.url}, "redis-everysec": {"REFEREE_TOKEN_STORE": everysec.url},
               COMPARED: {"REFEREE_TOKEN_STORE": everysec.url}}
        servers = {store: Gunicorn(f"spending-{store}", "service.app:create_app()", probe, env={**SETTINGS, **env[store]},
                                   root=compare_root.resolve() if store == COMPARED else None)
                   for store in stores}
        remotes = {"redis": redis, "redis-everysec": everysec, COMPARED: everysec}

        def load(store: str, requests: list[Request], rate: float | None = None) -> dict[str, Any]:
            """One pass of ``requests`` on ``store``'s server, with the CPU time a request cost its workers and its store's server."""
            server = servers["none" if store == AFTER else store]
            workers, remote = server.workers(), remotes.get(store)
            others = [remote.process.pid] if remote is not None and remote.process is not None else []
            before = cpu_seconds(workers), cpu_seconds(others)
            result = run_list(server.url + PATH, requests, args.duration, rate)
            served = max(result["requests"], 1)
            result["worker_cpu_us"] = (cpu_seconds(workers) - before[0]) / served * 1e6
            result["store_cpu_us"] = (cpu_seconds(others) - before[1]) / served * 1e6
            return result
        passes = [*stores, AFTER]
        try:
            for server in servers.values():
                server.start()
            for server in servers.values():
                run_list(server.url + PATH, batches.take(warmup), args.warmup)
            rounds: list[dict[str, Any]] = []
            for number in range(args.repeat):
                figures: dict[str, Any] = {}
                for store in passes:
                    print(f"load: sealed play, store {store} ({args.duration:g} s, round {number + 1} of {args.repeat}) ...", flush=True)
                    figures[store] = load(store, batches.take(per_row))
                rate = PACED * figures["none"]["rps"]
                figures[PACED_PASSES] = {}
                for store in passes:
                    print(f"load: sealed play, store {store}, paced at {rate:,.0f}/s ({args.duration:g} s) ...", flush=True)
                    figures[PACED_PASSES][store] = load(store, batches.take(paced_row), rate)
                rounds.append(figures)
        finally:
            for server in servers.values():
                server.stop()
    for figures in rounds:
        for store, result in [*_passes(figures), *((f"{store}, paced", paced) for store, paced in figures.get(PACED_PASSES, {}).items())]:
            if result.get("reused"):
                notes.append(f"store {store}: {result['reused']:,} requests were sent again (more than --per-second "
                             "times --duration): those were retries, answered from the store's record")
    return {"rows": rows(rounds), "rounds": rounds, "plays_made": needed, "making_s": made_s, "per_row": per_row,
            "compared": str(compare_root) if compare_root else None}


def _passes(figures: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A round's passes at saturation: (store, figures), the no-store server's second pass as :data:`AFTER`."""
    return [(store, result) for store, result in figures.items() if store != PACED_PASSES]


def rows(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per store: the medians of its rounds, ratios and p99 added
    against the mean of each round's two no-store passes; ``paced``: the
    same of the round's paced passes, when it has them. A store with a goal
    meets it with its throughput at saturation and its p99 added paced (at
    saturation where the rounds have no paced passes)."""
    paced = all(PACED_PASSES in figures for figures in rounds)
    out = []
    for store in [store for store in (*STORES, COMPARED) if store in rounds[0]]:
        row: dict[str, Any] = {"store": store, **_row(rounds, store)}
        if paced:
            row["paced"] = _row([figures[PACED_PASSES] for figures in rounds], store)
        if store != "none":
            goal = row["goal"] = GOALS[store]
            added = (row["paced"] if paced else row)["p99_added_ms"]
            row["met"] = None if goal is None else row["rps_ratio"] >= goal and added <= P99_ADDED_MS
        out.append(row)
    return out


def _row(rounds: list[dict[str, Any]], store: str) -> dict[str, Any]:
    """``store``'s medians over ``rounds`` (each: store -> one pass's figures), and, but for
    the no-store server, its throughput ratio and p99 added against each round's two no-store passes."""
    results = [figures[store] for figures in rounds] + ([figures[AFTER] for figures in rounds] if store == "none" else [])
    row: dict[str, Any] = {name: statistics.median(result[name] for result in results)
                           for name in ("rps", "p50_ms", "p99_ms", "worker_cpu_us", "store_cpu_us")}
    row["errors"] = sum(result["socket_errors"] + result["non_2xx"] for result in results)
    row["reused"] = sum(result.get("reused") or 0 for result in results)
    if store != "none":
        means = [{name: (figures["none"][name] + figures[AFTER][name]) / 2 for name in ("rps", "p99_ms")} for figures in rounds]
        row["rps_ratio"] = statistics.median(figures[store]["rps"] / mean["rps"] for figures, mean in zip(rounds, means))
        row["p99_added_ms"] = statistics.median(figures[store]["p99_ms"] - mean["p99_ms"] for figures, mean in zip(rounds, means))
    return row


def spending_table(result: dict[str, Any]) -> str:
    from bench.run import fmt, table

    names = {"none": "no store (none)", "embedded": "embedded (LMDB)", "redis": "Redis on loopback (appendfsync always)",
             "redis-everysec": "Redis on loopback (appendfsync everysec)",
             COMPARED: f"Redis on loopback (appendfsync everysec), {result.get('compared') or 'the compared checkout'}"}
    lines = []
    for row in result["rows"]:
        target = "-" if row.get("goal") is None else (
            f"{'met' if row['met'] else 'missed'} (≥ {row['goal']:.2f}, ≤ +{P99_ADDED_MS:g} ms)")
        paced = row.get("paced", {})
        lines.append([f"sealed play, {names[row['store']]}", fmt(row["rps"]), fmt(row["p50_ms"], 2), fmt(row["p99_ms"], 2),
                      fmt(row.get("rps_ratio"), 2), fmt(row.get("p99_added_ms"), 2), fmt(paced.get("rps")),
                      fmt(paced.get("p50_ms"), 2), fmt(paced.get("p99_ms"), 2), fmt(paced.get("p99_added_ms"), 2), target,
                      fmt(row["worker_cpu_us"]), fmt(row["store_cpu_us"]), row["errors"] + paced.get("errors", 0)])
    return table(["row", "requests/s", "p50 ms", "p99 ms", "throughput / none", "p99 added ms", "paced: requests/s",
                  "paced: p50 ms", "paced: p99 ms", "paced: p99 added ms", "goal", "workers' CPU µs a request",
                  "store server's CPU µs a request", "errors"], lines)


def report(result: dict[str, Any]) -> str:
    rounds = len(result["rounds"])
    return "\n".join([
        f"## Spent once: sealed play with a token store ({result['per_row']:,} plays a row at most, "
        f"{rounds} round{'s' if rounds > 1 else ''}, medians)",
        "",
        spending_table(result),
        "",
        "Each request spends a token of its own (every play of random agram hands for 5 players). Ratios and p99 added "
        "are against the mean of the round's two no-store passes (before and after the stores'); the no-store row is "
        f"the median of all its passes. The first columns are at saturation (wrk's closed loop); the paced ones at "
        f"{PACED:g} of the no-store throughput of the round, the same rate for each server. The goal takes the "
        "throughput at saturation and the p99 added paced.",
    ])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of these rows (``bench.run`` takes them too)."""
    parser.add_argument("--per-second", type=int, default=2500,
                        help="plays made for each second of load per row (default 2,500: above what 2 workers serve here)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the random hands")


def main(argv: list[str] | None = None) -> int:
    from bench.run import choose_list_tool, load_arguments, write_results

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=None, help="seconds of load per row (default 4; 2 with --quick)")
    parser.add_argument("--repeat", type=int, default=None, help="rounds (default 3; 1 with --quick)")
    parser.add_argument("--quick", action="store_true", help="short rows, one round")
    parser.add_argument("--output", type=Path, default=RESULTS, help="where to write the JSON results")
    parser.add_argument("--stores", default=",".join(STORES[1:]),
                        help=f"the stores loaded beside none, comma-separated (default {','.join(STORES[1:])})")
    parser.add_argument("--compare-root", type=Path, default=None,
                        help="another checkout (with its own .venv), e.g. the main branch: Redis (everysec) is also "
                             "loaded with the referee it serves, between the same no-store passes")
    load_arguments(parser)
    add_arguments(parser)
    args = parser.parse_args(argv)
    args.duration = args.duration or (2.0 if args.quick else 4.0)
    args.repeat = args.repeat or (1 if args.quick else 3)
    args.warmup = 0.5 if args.quick else 1.0
    args.stores = ["none", *(store.strip() for store in args.stores.split(",") if store.strip())]
    if set(args.stores) - set(STORES):
        parser.error(f"--stores takes some of {', '.join(STORES[1:])}")
    began = time.monotonic()
    notes: list[str] = []
    result = measure(args, choose_list_tool(args), notes)
    result.update({"started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"), "notes": notes,
                   "settings": {"duration_s": args.duration, "repeat": args.repeat, "connections": args.connections}})
    write_results(args.output, result, began, lambda r: report(r) + "".join(f"\n- {note}" for note in r["notes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
