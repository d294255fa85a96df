"""Does analysis slow the rules operations? ``legal-moves`` at full load, alone and beside clients looping ``solve`` and ``suggest``, with the analysis pool and without.

Usage: ``python -m bench.isolation [--quick] [--duration S] [--clients N] [--repeat R]``
(``make bench-isolation``). Two gunicorn servers with the service's own
``deploy/gunicorn.conf.py`` (``bench/server.py``): one as deployed, its
analysis in each worker's pool of processes (``REFEREE_ANALYSIS_PROCESSES``
1 per worker, the config's default), and one with
``REFEREE_ANALYSIS_PROCESSES=0`` (the analysis on the workers' own event
loops, as before the pool); and between them the pool at the workers' own
CPU priority (``REFEREE_ANALYSIS_NICE=0``), which shows what the separate
processes do without the priority. For each, in turn and in each round:

* ``legal-moves`` of the mid-hand Agency hand of ``make bench`` at full load
  (wrk, ``--connections``) for ``--duration`` seconds, alone;
* the same, while ``--clients`` clients each loop ``solve`` and then
  ``suggest`` (the default level, seeded) on an Agency deal, the costliest
  analysis there is (docs/analysis.md).

It prints ``legal-moves`` p50 and p99 and throughput in each case, the ratio
of each with the analysis load to without it, and what the analysis clients
got (answers per second, 503s), and writes every figure to
``bench/results/isolation.json``. Ratios taken in one run are what compare:
the machine is shared. Before loading, it checks that both servers answer
``solve`` and ``suggest`` with the same bytes.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: python bench/isolation.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import scenarios  # noqa: E402
from bench.run import choose_tool, fmt, git_commit, load_arguments, loadavg, table, write_results  # noqa: E402
from bench.server import ROOT, Gunicorn, post  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "isolation.json"
APP = "service.app:create_app()"
RULES = "/v1/games/agency/legal-moves"
SERVERS = {"pool": {}, "pool-nice-0": {"REFEREE_ANALYSIS_NICE": "0"}, "in-process": {"REFEREE_ANALYSIS_PROCESSES": "0"}}
"""Each server's settings beside the config's: as deployed (the pool, at nice 10), the pool at the
workers' own priority (what the processes alone do, without the priority), and the analysis on the
workers' own event loops."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=None, help="seconds of legal-moves load per case (default 5; 3 with --quick)")
    parser.add_argument("--repeat", type=int, default=None, help="rounds of every case, figures the medians (default 2; 1 with --quick)")
    parser.add_argument("--clients", type=int, default=2, help="analysis clients, each looping solve then suggest (default 2)")
    load_arguments(parser, "legal-moves load generator")
    parser.add_argument("--quick", action="store_true", help="short cases, one round: a smoke run")
    parser.add_argument("--servers", default=",".join(SERVERS),
                        help=f"the servers to load, comma-separated (default: {', '.join(SERVERS)})")
    parser.add_argument("--output", type=Path, default=RESULTS, help="where to write the JSON results")
    args = parser.parse_args(argv)
    args.servers = [name.strip() for name in args.servers.split(",") if name.strip()]
    if not args.servers or set(args.servers) - set(SERVERS):
        parser.error(f"--servers takes some of {', '.join(SERVERS)}")
    args.duration = args.duration or (3.0 if args.quick else 5.0)
    args.repeat = args.repeat or (1 if args.quick else 2)
    return args


def bodies() -> dict[str, bytes]:
    """The request bodies, made by the API in-process: ``legal-moves`` of
    ``make bench``'s mid-hand Agency hand, and ``solve`` and ``suggest`` of
    an Agency deal (seed 1)."""
    client = scenarios.client("open")
    rules = scenarios.build_bodies("open")["agency_hand"]
    deal = scenarios.post(client, "/v1/games/agency/deal", {"seed": 1})[1]["state"]
    return {"rules": scenarios.encode(rules), "solve": scenarios.encode({"state": deal}),
            "suggest": scenarios.encode({"state": deal, "seed": 1})}


class AnalysisLoad:
    """``clients`` threads, each posting ``solve`` then ``suggest`` in a
    loop on its own connections until stopped; every answer's status and
    time is recorded."""

    def __init__(self, port: int, made: dict[str, bytes], clients: int) -> None:
        self.port, self.made = port, made
        self.stopping = threading.Event()
        self.answers: list[tuple[float, float, str, int]] = []  # (sent, answered, operation, status)
        self.errors: list[str] = []  # what each answer of status 0 (no answer) raised, as ``repr``
        self.threads = [threading.Thread(target=self._loop, daemon=True) for _ in range(clients)]

    def _loop(self) -> None:
        while not self.stopping.is_set():
            for operation in ("solve", "suggest"):
                if self.stopping.is_set():
                    return
                sent = time.perf_counter()
                try:
                    status, _ = post(self.port, f"/v1/games/agency/{operation}", self.made[operation], timeout=60)
                except OSError as error:  # refused, reset, cut or timed out: status 0
                    status = 0
                    self.errors.append(repr(error))
                self.answers.append((sent, time.perf_counter(), operation, status))

    def __enter__(self) -> AnalysisLoad:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join()

    def figures(self, began: float | None = None, ended: float | None = None) -> dict[str, Any]:
        """What the analysis clients got: the answers that arrived between
        ``began`` and ``ended`` (``None``: every answer), by status, and
        the median and largest seconds of those answered 200."""
        inside = [a for a in self.answers if (began is None or began <= a[1]) and (ended is None or a[1] <= ended)]
        times = sorted(answered - sent for sent, answered, _, status in inside if status == 200)
        return {
            "answers": len(inside), "ok": sum(1 for a in inside if a[3] == 200),
            "unavailable": sum(1 for a in inside if a[3] == 503), "other": sum(1 for a in inside if a[3] not in (200, 503)),
            "median_s": statistics.median(times) if times else None, "max_s": times[-1] if times else None,
        }


def case(server: Gunicorn, run_load: Any, made: dict[str, bytes], args: argparse.Namespace, clients: int) -> dict[str, Any]:
    """``legal-moves`` at full load for ``args.duration`` seconds, beside ``clients`` analysis clients (0: alone)."""
    load = AnalysisLoad(server.port, made, clients)
    with load:
        if clients:
            time.sleep(1.0)  # the analysis is under way before the measured load starts
        result = run_load(server.url + RULES, made["rules"], args.duration)
    # Every analysis request of the case, those still running when the load stopped included: a
    # request starved of CPU answers at its deadline (REFEREE_DEADLINE_SECONDS), with what it has.
    result.update({"clients": clients, "loadavg": loadavg(), "analysis": load.figures() if clients else None})
    return result


def same_answers(servers: dict[str, Gunicorn], made: dict[str, bytes]) -> bool:
    """Whether every server answers ``solve`` and ``suggest`` with the same status and bytes."""
    answers = {name: [post(server.port, f"/v1/games/agency/{operation}", made[operation], timeout=60)
                      for operation in ("solve", "suggest")] for name, server in servers.items()}
    first = next(iter(answers.values()))
    return all(all(status == 200 for status, _ in first) and found == first for found in answers.values())


def summary(rounds: list[dict[str, dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Per server, the medians over the rounds of each figure and of each round's ratios (loaded / alone)."""
    out: dict[str, dict[str, Any]] = {}
    for name in rounds[0]:
        alone = [round_[name]["alone"] for round_ in rounds]
        loaded = [round_[name]["loaded"] for round_ in rounds]

        def median(values: list[float | None]) -> float | None:
            present = [value for value in values if value is not None]
            return statistics.median(present) if present else None

        out[name] = {
            **{f"alone_{key}": median([r[key] for r in alone]) for key in ("p50_ms", "p99_ms", "rps")},
            **{f"loaded_{key}": median([r[key] for r in loaded]) for key in ("p50_ms", "p99_ms", "rps")},
            "p50_ratio": median([b["p50_ms"] / a["p50_ms"] for a, b in zip(alone, loaded) if a["p50_ms"]]),
            "p99_ratio": median([b["p99_ms"] / a["p99_ms"] for a, b in zip(alone, loaded) if a["p99_ms"]]),
            "rps_ratio": median([b["rps"] / a["rps"] for a, b in zip(alone, loaded) if a["rps"]]),
            "errors": sum(r["socket_errors"] + r["non_2xx"] for r in alone + loaded),
            "analysis_ok": sum(r["analysis"]["ok"] for r in loaded),
            "analysis_median_s": median([r["analysis"]["median_s"] for r in loaded]),
            "analysis_max_s": max((r["analysis"]["max_s"] for r in loaded if r["analysis"]["max_s"] is not None), default=None),
            "analysis_unavailable": sum(r["analysis"]["unavailable"] for r in loaded),
            "analysis_other": sum(r["analysis"]["other"] for r in loaded),
        }
    return out


def report(results: dict[str, Any]) -> str:
    s, figures = results["settings"], results["summary"]
    rows = [[name, fmt(f["alone_p50_ms"], 2), fmt(f["alone_p99_ms"], 1), fmt(f["loaded_p50_ms"], 2), fmt(f["loaded_p99_ms"], 1),
             fmt(f["p50_ratio"], 2), fmt(f["p99_ratio"], 2), fmt(f["rps_ratio"], 2),
             f"{f['analysis_ok']} / {f['analysis_unavailable']} / {f['analysis_other']}", fmt(f["analysis_median_s"], 1),
             fmt(f["analysis_max_s"], 1), f["errors"]] for name, f in figures.items()]
    pool, inline = figures.get("pool"), figures.get("in-process")
    between = inline["loaded_p99_ms"] / pool["loaded_p99_ms"] if pool and inline and pool["loaded_p99_ms"] else None
    return "\n".join([
        f"## legal-moves at full load ({results['tool']['version']}, {s['connections']} connections; {s['duration_s']:g} s per case, "
        f"{s['repeat']} round(s), medians), alone and beside {s['clients']} clients looping solve + suggest on an Agency deal",
        "",
        table(["server", "alone p50 ms", "alone p99 ms", "with analysis p50 ms", "with analysis p99 ms", "p50 with / alone",
               "p99 with / alone", "throughput with / alone", "analysis 200 / 503 / other", "analysis median s", "analysis max s",
               "legal-moves errors"], rows),
        "",
        "The analysis columns count every solve and suggest of the loaded cases, those still running when the legal-moves "
        "load stopped included (a request starved of CPU answers at its deadline, with bounds or the best move so far).",
        "",
        f"With the analysis load, legal-moves p99 in-process / with the pool: {fmt(between, 1)}. "
        f"Same solve and suggest bytes from both servers: {'yes' if results['same_answers'] else 'NO'}. "
        f"Load average before/after: {results['loadavg_before']} / {results['loadavg_after']}.",
    ])


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    began = time.monotonic()
    tool, tool_version, tool_note, run_load = choose_tool(args)
    print(f"load tool: {tool_version} ({tool_note})", flush=True)
    print("building request bodies through the API ...", flush=True)
    made = bodies()
    probe = (RULES, made["rules"])
    servers = {name: Gunicorn(f"isolation-{name}", APP, probe, env=SERVERS[name]) for name in args.servers}
    results: dict[str, Any] = {
        "started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"), "commit": git_commit(),
        "python": platform.python_version(), "loadavg_before": loadavg(),
        "settings": {"duration_s": args.duration, "repeat": args.repeat, "clients": args.clients,
                     "connections": args.connections, "threads": args.threads if tool == "wrk" else None},
        "tool": {"name": tool, "version": tool_version, "note": tool_note},
    }
    rounds: list[dict[str, dict[str, Any]]] = []
    try:
        print(f"starting gunicorn: {', '.join(servers)} ...", flush=True)
        for server in servers.values():
            server.start()
        results["same_answers"] = same_answers(servers, made)
        for server in servers.values():  # warm-up
            run_load(server.url + RULES, made["rules"], 1.0)
        for number in range(1, args.repeat + 1):
            found: dict[str, dict[str, Any]] = {}
            for name, server in servers.items():
                for label, clients in (("alone", 0), ("loaded", args.clients)):
                    print(f"round {number}: {name}, legal-moves {label} ({args.duration:g} s) ...", flush=True)
                    found.setdefault(name, {})[label] = case(server, run_load, made, args, clients)
            rounds.append(found)
    finally:
        for server in servers.values():
            server.stop()
    results["rounds"], results["summary"] = rounds, summary(rounds)
    write_results(args.output, results, began, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
