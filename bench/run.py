"""Benchmark the referee: HTTP load against gunicorn next to a do-nothing floor, and the rules core.

Usage: ``python -m bench.run [--duration S] [--connections N] [--quick]``
(``make bench`` runs it in the project's venv). Prints markdown tables and
writes every figure to ``bench/results/latest.json``. See ``bench/README.md``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: python bench/run.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import load, scenarios, spending  # noqa: E402
from bench.server import ROOT, Gunicorn  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "latest.json"
FLOOR_PATH = "/floor"
FLOOR_BODY = b'{"ping":1}'


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=None, help="seconds of load per row (default 4; 2 with --quick)")
    parser.add_argument("--repeat", type=int, default=None,
                        help="rounds: every row is loaded this many times, in turn, each between floor passes; "
                             "its figures are the medians (default 2; 1 with --quick)")
    load_arguments(parser)
    spending.add_arguments(parser)
    parser.add_argument("--quick", action="store_true", help="short rows and short in-process timings (a smoke run)")
    parser.add_argument("--output", type=Path, default=RESULTS, help="where to write the JSON results")
    parser.add_argument("--compare-config", type=Path, default=None,
                        help="another gunicorn config (e.g. an earlier deploy/gunicorn.conf.py): each row is also "
                             "loaded with the referee served by it, between the same floor passes")
    parser.add_argument("--compare-root", type=Path, default=None,
                        help="another checkout (with its own .venv), e.g. the main branch: each row is also loaded "
                             "with the referee that checkout serves (its own config unless --compare-config), "
                             "between the same floor passes")
    parser.add_argument("--modes", default=",".join(scenarios.MODES),
                        help=f"who holds the state, comma-separated (default {','.join(scenarios.MODES)}): "
                             "each mode is served by its own gunicorn with its keys")
    args = parser.parse_args(argv)
    if args.duration is None:
        args.duration = 2.0 if args.quick else 4.0
    if args.repeat is None:
        args.repeat = 1 if args.quick else 2
    args.modes = [mode.strip() for mode in args.modes.split(",") if mode.strip()]
    if not args.modes or set(args.modes) - set(scenarios.MODES):
        parser.error(f"--modes takes some of {', '.join(scenarios.MODES)}")
    args.warmup = 0.5 if args.quick else 1.0
    args.budget = 0.08 if args.quick else 0.3  # seconds per in-process figure
    return args


def load_arguments(parser: argparse.ArgumentParser, what: str = "load generator") -> None:
    """The load tool's options, which :func:`choose_tool` reads: ``--connections``, ``--threads``, ``--tool``, ``--no-install``."""
    parser.add_argument("--connections", type=int, default=8, help="concurrent connections (default 8)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (default 2)")
    parser.add_argument("--tool", choices=("auto", "wrk", "python"), default="auto",
                        help=f"{what}: wrk (installed with apt-get when root), or the Python fallback")
    parser.add_argument("--no-install", action="store_true", help="never apt-get install wrk")


def choose_tool(args: argparse.Namespace):
    if args.tool != "python":
        binary, note = load.ensure_wrk(install=not args.no_install)
        if binary:
            name = load.wrk_version(binary)

            def run(url, body, duration, headers=None):
                return load.run_wrk(binary, url, body, duration, args.connections, args.threads, headers)

            return "wrk", name, note, run
        if args.tool == "wrk":
            raise SystemExit(note)
    note = "Python fallback (one process per connection, http.client, closed loop)" if args.tool == "python" else note
    return "python", "python http.client loop", note, lambda url, body, duration, headers=None: load.run_python(
        url, body, duration, args.connections, headers=headers)


def choose_list_tool(args: argparse.Namespace):
    """As :func:`choose_tool`, a runner of a list of requests each sent once
    (``load.run_wrk_list``, ``load.run_python_list``): ``run(url, requests, duration, rate=None)``
    (``rate``: paced at about that many requests a second; ``None``: at saturation)."""
    binary = None
    if args.tool != "python":
        binary, note = load.ensure_wrk(install=not args.no_install)
        if binary is None and args.tool == "wrk":
            raise SystemExit(note)
    if binary:
        return lambda url, requests, duration, rate=None: load.run_wrk_list(
            binary, url, requests, duration, args.connections, args.threads, rate)
    return lambda url, requests, duration, rate=None: load.run_python_list(url, requests, duration, args.connections, rate=rate)


def git_commit() -> str | None:
    run = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return run.stdout.strip() or None


def loadavg() -> list[float] | None:
    try:
        return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]
    except OSError:
        return None


# -- formatting ----------------------------------------------------------------


def table(headers: list[str], rows: list[list], align: str | None = None) -> str:
    align = align or "l" + "r" * (len(headers) - 1)
    marks = ["---:" if a == "r" else "---" for a in align]
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join(marks) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def fmt(value, digits: int = 0) -> str:
    if value is None:
        return "-"
    return f"{value:,.{digits}f}"


def mib(kib) -> str:
    return "-" if kib is None else f"{kib / 1024:.1f}"


# -- the HTTP part ---------------------------------------------------------------


GOALS = {"open": 0.6, "signed": 0.75, "sealed": 0.75}
"""The throughput each mode's legal-moves and play rows should reach, as a ratio to the floor."""
P99_GOAL = 2.0
"""... with a p99 at most this many times the floor's."""


def http_rows(bodies: dict[str, dict]) -> list[dict]:
    """Each mode's rows: legal-moves and play on the mid-hand agram and agency
    hands (as that mode names them, with its headers), and replay of the
    whole agency hand."""
    rows = []
    for mode, made in bodies.items():
        for game, label in (("agram", "agram (5 players)"), ("agency", "agency")):
            hand, headers = made[f"{game}_hand"], made[f"{game}_headers"]
            rows.append({"mode": mode, "row": f"{mode}: {label} legal-moves", "path": f"/v1/games/{game}/legal-moves",
                         "body": hand, "headers": headers, "goal": GOALS[mode]})
            rows.append({"mode": mode, "row": f"{mode}: {label} play", "path": f"/v1/games/{game}/play",
                         "body": {**hand, "move": made[f"{game}_move"]}, "headers": headers, "goal": GOALS[mode]})
        rows.append({"mode": mode, "row": f"{mode}: agency replay ({len(made['replay']['moves'])} moves)",
                     "path": "/v1/games/agency/replay", "body": made["replay"], "headers": {}, "goal": None})
    for row in rows:
        row["bytes"] = scenarios.encode(row["body"])
    return rows


def measure_http(args, run_load, bodies: dict[str, dict], notes: list[str]) -> dict:
    from bench.server import post

    probe = ("/v1/games/agency/legal-moves", b"{}")
    floor = Gunicorn("floor", "bench.floor_app:app", (FLOOR_PATH, FLOOR_BODY))
    # The same do-nothing app on gunicorn's default sync workers: what gevent costs the floor.
    sync_floor = Gunicorn("floor-sync", "bench.floor_app:app", (FLOOR_PATH, FLOOR_BODY), options=("--worker-class", "sync"))
    services = {mode: Gunicorn(f"service-{mode}", "service.app:create_app()", probe, env=scenarios.MODE_SETTINGS[mode])
                for mode in bodies}
    other = args.compare_config or args.compare_root
    compared = {mode: Gunicorn(f"compared-{mode}", "service.app:create_app()", probe, env=scenarios.MODE_SETTINGS[mode],
                               config=args.compare_config.resolve() if args.compare_config else None,
                               root=args.compare_root.resolve() if args.compare_root else None)
                for mode in bodies} if other else {}
    servers = {"floor": floor, "floor-sync": sync_floor, **{s.name: s for s in services.values()}, **{s.name: s for s in compared.values()}}
    rows = http_rows(bodies)
    out: dict = {"rows": [], "compared_rows": [], "memory": {},
                 "compared": " and ".join(str(p) for p in (args.compare_root, args.compare_config) if p) if other else None}
    try:
        print(f"starting gunicorn: {', '.join(servers)} ...", flush=True)
        for server in servers.values():
            server.start()
        out["workers"] = {"floor": floor.workers(), "service": next(iter(services.values())).workers()}
        # Every body must be accepted before it is loaded. A row the compared server refuses (a
        # request it does not know, such as a sealed token) is loaded on this checkout only.
        for row in list(rows):
            status, answer = post(services[row["mode"]].port, row["path"], row["bytes"], headers=row["headers"])
            if status != 200:
                notes.append(f"{row['row']}: skipped, service-{row['mode']} answered {status}: {answer[:200]!r}")
                rows.remove(row)
                continue
            row["compared"] = bool(compared)
            if compared:
                status, answer = post(compared[row["mode"]].port, row["path"], row["bytes"], headers=row["headers"])
                if status != 200:
                    notes.append(f"{row['row']}: not compared, compared-{row['mode']} answered {status}: {answer[:200]!r}")
                    row["compared"] = False
        print(f"warm-up: {args.warmup:g} s per row ...", flush=True)
        run_load(floor.url + FLOOR_PATH, FLOOR_BODY, args.warmup)
        run_load(sync_floor.url + FLOOR_PATH, FLOOR_BODY, args.warmup)
        for row in rows:
            run_load(services[row["mode"]].url + row["path"], row["bytes"], args.warmup, row["headers"])
            if row["compared"]:
                run_load(compared[row["mode"]].url + row["path"], row["bytes"], args.warmup, row["headers"])
        time.sleep(0.5)
        out["memory"]["rest"] = {name: server.memory() for name, server in servers.items()}
        # The floor is measured before the first row, between rows and after the last one (each pass
        # half a row long); each row is compared with the floor passes on either side of it, so slow
        # drifts of the shared machine's load cancel out of the ratios.
        floor_time = max(1.0, args.duration / 2)
        passes: list[dict] = []
        sync_passes: list[dict] = []

        def floor_pass(server: Gunicorn = floor, kept: list[dict] = passes, name: str = "floor") -> None:
            print(f"load: {name} pass {len(kept) + 1} ({floor_time:g} s) ...", flush=True)
            result = run_load(server.url + FLOOR_PATH, FLOOR_BODY, floor_time)
            result.update({"row": f"{name} pass {len(kept) + 1}", "loadavg": loadavg()})
            kept.append(result)

        def sync_floor_pass() -> None:
            floor_pass(sync_floor, sync_passes, "sync floor")

        def measured_row(server: Gunicorn, row: dict, label: str) -> dict:
            print(f"load: {label} ({args.duration:g} s) ...", flush=True)
            result = run_load(server.url + row["path"], row["bytes"], args.duration, row["headers"])
            result.update({"row": label, "mode": row["mode"], "goal": row["goal"], "path": row["path"],
                           "body_bytes": len(row["bytes"]), "loadavg": loadavg()})
            before = passes[-1]
            floor_pass()
            after = passes[-1]
            floor_rps = (before["rps"] + after["rps"]) / 2
            floor_p99 = (before["p99_ms"] + after["p99_ms"]) / 2
            result["floor_rps"], result["floor_p99_ms"] = floor_rps, floor_p99
            result["rps_ratio"] = result["rps"] / floor_rps if floor_rps else None
            result["p99_ratio"] = result["p99_ms"] / floor_p99 if floor_p99 else None
            return result

        sync_floor_pass()
        floor_pass()
        mine: list[list[dict]] = [[] for _ in rows]
        theirs: list[list[dict]] = [[] for _ in rows]
        for round_ in range(args.repeat):
            suffix = f", round {round_ + 1} of {args.repeat}" if args.repeat > 1 else ""
            for index, row in enumerate(rows):
                mine[index].append(measured_row(services[row["mode"]], row, row["row"] + suffix))
                if row["compared"]:
                    theirs[index].append(measured_row(compared[row["mode"]], row, f"{row['row']} (compared{suffix})"))
            sync_floor_pass()
        out["rows"] = [median_row(results) for results in mine]
        out["compared_rows"] = [median_row(results) if results else None for results in theirs] if compared else []
        time.sleep(0.5)
        out["memory"]["after"] = {name: server.memory() for name, server in servers.items()}
    finally:
        for server in servers.values():
            server.stop()
    out["floor_passes"], out["sync_floor_passes"] = passes, sync_passes
    out["floor"], out["sync_floor"] = mean_pass(passes), mean_pass(sync_passes)
    for row in out["rows"]:
        row["sync_rps_ratio"] = row["rps"] / out["sync_floor"]["rps"] if out["sync_floor"]["rps"] else None
    return out


def mean_pass(passes: list[dict]) -> dict:
    """The mean requests/s, p50 and p99 of a floor's passes, with the lowest and highest requests/s."""
    rps = [p["rps"] for p in passes]
    return {
        "rps": sum(rps) / len(rps),
        "p50_ms": sum(p["p50_ms"] for p in passes) / len(passes),
        "p99_ms": sum(p["p99_ms"] for p in passes) / len(passes),
        "rps_min": min(rps), "rps_max": max(rps),
    }


def median_row(results: list[dict]) -> dict:
    """One row from its rounds: each figure the median of the rounds' (each
    round's ratios against its own floor passes), the rounds kept."""
    if len(results) == 1:
        return results[0]
    row = {**results[0], "row": results[0]["row"].rsplit(", round ", 1)[0], "rounds": results}
    for name in ("requests", "rps", "p50_ms", "p90_ms", "p99_ms", "max_ms", "mean_ms", "floor_rps", "floor_p99_ms",
                 "rps_ratio", "p99_ratio"):
        values = [r[name] for r in results if r.get(name) is not None]
        row[name] = statistics.median(values) if values else None
    for name in ("socket_errors", "non_2xx"):
        row[name] = sum(r[name] for r in results)
    return row


def goal(row: dict) -> str:
    """Whether a row meets its mode's goal: ``met``, ``missed`` or ``-`` (no goal)."""
    if row.get("goal") is None or row["rps_ratio"] is None or row["p99_ratio"] is None:
        return "-"
    return "met" if row["rps_ratio"] >= row["goal"] and row["p99_ratio"] <= P99_GOAL else "missed"


def http_table(result: dict) -> str:
    floor = result["floor"]
    sync = result.get("sync_floor")

    def floor_row(label: str, mean: dict, kept: list[dict]) -> list:
        return [f"{label} (mean of {len(kept)} passes)", fmt(mean["rps"]), fmt(mean["p50_ms"], 2), fmt(mean["p99_ms"], 2),
                fmt(mean["rps"] / floor["rps"], 2), fmt(mean["p99_ms"] / floor["p99_ms"], 2),
                fmt(mean["rps"] / sync["rps"], 2) if sync else "-", "", sum(p["socket_errors"] + p["non_2xx"] for p in kept)]

    rows = [floor_row("floor", floor, result["floor_passes"])]
    if sync:
        rows.append(floor_row("floor on sync workers", sync, result["sync_floor_passes"]))
    for r in result["rows"]:
        errors = r["socket_errors"] + r["non_2xx"]
        target = f"{goal(r)} (≥ {r['goal']:.2f}, ≤ {P99_GOAL:g})" if r.get("goal") is not None else "-"
        rows.append([r["row"], fmt(r["rps"]), fmt(r["p50_ms"], 2), fmt(r["p99_ms"], 2),
                     fmt(r["rps_ratio"], 2), fmt(r["p99_ratio"], 2), fmt(r.get("sync_rps_ratio"), 2), target, errors])
    return table(["row", "requests/s", "p50 ms", "p99 ms", "throughput / floor", "p99 / floor p99",
                  "throughput / sync floor", "goal", "errors"], rows)


def compared_table(result: dict) -> str:
    """Each row with this checkout and with the compared one, as ratios to the same floor passes."""
    rows = []
    for mine, other in zip(result["rows"], result["compared_rows"]):
        if other is None:
            rows.append([mine["row"], fmt(mine["rps"]), "not served", fmt(mine["rps_ratio"], 2), "-", "-", fmt(mine["p99_ratio"], 2), "-"])
            continue
        cost = mine["rps_ratio"] / other["rps_ratio"] if mine["rps_ratio"] and other["rps_ratio"] else None
        rows.append([mine["row"], fmt(mine["rps"]), fmt(other["rps"]), fmt(mine["rps_ratio"], 2),
                     fmt(other["rps_ratio"], 2), fmt(cost, 2), fmt(mine["p99_ratio"], 2), fmt(other["p99_ratio"], 2)])
    return table(["row", "requests/s", "compared: requests/s", "throughput / floor", "compared: throughput / floor",
                  "this / compared", "p99 / floor p99", "compared: p99 / floor p99"], rows)


def memory_table(result: dict) -> str:
    rest, after = result["memory"].get("rest", {}), result["memory"].get("after", {})
    rows = []
    for server in dict.fromkeys([*rest, *after]):
        before, later = rest.get(server, {}), after.get(server, {})
        for pid in sorted(set(before) | set(later), key=int):
            note = "" if pid in before and pid in later else ("started during the load (recycled)" if pid not in before
                                                            else "gone after the load (recycled)")
            rows.append([server, pid, mib(before.get(pid)), mib(later.get(pid)), note])
    return table(["server", "worker pid", "RSS at rest MiB", "RSS after load MiB", "note"], rows, "lrrrl")


# -- main --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    began = time.monotonic()
    notes: list[str] = []
    tool, tool_version, tool_note, run_load = choose_tool(args)
    print(f"load tool: {tool_version} ({tool_note})", flush=True)

    print(f"building request bodies through the API ({', '.join(args.modes)}) ...", flush=True)
    bodies = {mode: scenarios.build_bodies(mode) for mode in args.modes}
    opened = bodies.get("open") or scenarios.build_bodies("open")  # the in-process figures use open states
    replay_ok = scenarios.replay_status(opened["replay"]) == 200

    results: dict = {
        "started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "commit": git_commit(),
        "python": platform.python_version(),
        "cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "loadavg_before": loadavg(),
        "settings": {"duration_s": args.duration, "repeat": args.repeat, "warmup_s": args.warmup, "connections": args.connections,
                     "threads": args.threads if tool == "wrk" else None, "quick": args.quick,
                     "in_process_budget_s": args.budget},
        "tool": {"name": tool, "version": tool_version, "note": tool_note},
        "bodies": {"modes": args.modes, "agram_players": scenarios.AGRAM_PLAYERS, "seed": scenarios.SEED,
                   "agram_plays_in_state": opened["mid"]["agram"], "agency_plays_in_state": opened["mid"]["agency"],
                   "agency_hand_moves": len(opened["replay"]["moves"])},
        "notes": notes,
    }

    results["http"] = measure_http(args, run_load, bodies, notes)
    results["spending"] = spending.measure(args, choose_list_tool(args), notes)

    print("in-process: rules core ...", flush=True)
    results["core_legal_moves"] = scenarios.core_legal_moves(opened, args.budget * 3)
    results["core_hands"] = scenarios.core_hands(args.budget * 3)
    print("in-process: scaling ...", flush=True)
    results["scaling"] = scenarios.scaling(args.budget)
    results["replay_scaling"] = scenarios.replay_scaling(opened["hands"]["agency"], args.budget) if replay_ok else None
    write_results(args.output, results, began, report)
    return 0


def write_results(output: Path, results: dict, began: float, text: Callable[[dict], str]) -> None:
    """Add the load average and the seconds since ``began`` (``time.monotonic``) to ``results``,
    write them to ``output`` as JSON, and print ``text(results)`` and where they went."""
    results["loadavg_after"] = loadavg()
    results["elapsed_s"] = time.monotonic() - began
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(results, indent=2) + "\n")
    print()
    print(text(results))
    print(f"\nresults: {output.relative_to(ROOT) if output.is_relative_to(ROOT) else output} ({results['elapsed_s']:.0f} s)")


def report(results: dict) -> str:
    http = results["http"]
    s = results["settings"]
    tool = results["tool"]
    threads = f", {s['threads']} threads" if s["threads"] else ""
    round_text = f" in each of {s['repeat']} rounds (medians)" if s.get("repeat", 1) > 1 else ""
    out = [
        f"## HTTP over loopback ({tool['version']}; {s['connections']} connections{threads}, "
        f"{s['duration_s']:g} s per row{round_text} after {s['warmup_s']:g} s warm-up; gunicorn with deploy/gunicorn.conf.py, "
        f"{len(http['workers']['service'])} workers)",
        "",
        http_table(http),
        "",
        "Each row's ratios are against the mean of the floor passes just before and just after it (with rounds: the "
        "median of the rounds' ratios). Floor passes: "
        + ", ".join(f"{p['rps']:,.0f}" for p in http["floor_passes"])
        + " requests/s; the sync-worker floor (the same app on gunicorn's default sync workers, measured before "
        "the first row and after each round): "
        + ", ".join(f"{p['rps']:,.0f}" for p in http.get("sync_floor_passes", []))
        + f" requests/s. Load average before/after: {results['loadavg_before']} / {results['loadavg_after']}.",
        "",
        f"goal: each mode's legal-moves and play rows at least the throughput ratio shown (open {GOALS['open']:g}, "
        f"signed and sealed {GOALS['signed']:g}) with a p99 at most {P99_GOAL:g} times the floor's.",
        "",
        *([f"## The same rows served by {http['compared']}", "",
           compared_table(http), "",
           "this / compared: this checkout's throughput ratio over the compared one's (both against "
           "the floor passes on either side of each row); below 1.00 this checkout costs throughput.", ""]
          if http.get("compared_rows") else []),
        spending.report(results["spending"]),
        "",
        "## Worker memory (VmRSS)",
        "",
        memory_table(http),
        "",
        "## Rules core in-process: legal moves on the mid-hand states (state restored once)",
        "",
        table(["game", "players", "plays in state", "legal_moves/s", "µs per legal_moves", "restore µs"],
              [[r["game"], r["players"], r["plays_in_state"], fmt(r["legal_moves_per_s"]), fmt(r["legal_moves_us"], 1),
                fmt(r["restore_us"], 1)] for r in results["core_legal_moves"]]),
        "",
        "## Rules core in-process: whole random hands (deal from a seed, random legal moves to the end)",
        "",
        table(["game", "players", "hands/s", "plays per hand", "µs per play (legal_moves + play)"],
              [[r["game"], r["players"], fmt(r["hands_per_s"], 1), fmt(r["plays_per_hand"], 1),
                fmt(r["us_per_play"], 1)] for r in results["core_hands"]]),
        "",
        "## Scaling: µs per request through the app in-process (Flask test client), and the rules core alone",
        "",
        table(["game", "players", "progress", "plays in state", "body bytes", "legal-moves µs", "play µs",
               "core restore µs", "core legal_moves µs", "core play µs"],
              [[r["game"], r["players"], f"{r['progress']:.0%}", r["plays_in_state"], r["body_bytes"],
                fmt(r["legal_moves_us"]), fmt(r["play_us"]), fmt(r["core_restore_us"]),
                fmt(r["core_legal_moves_us"]), fmt(r["core_play_us"])] for r in results["scaling"]]),
    ]
    if results.get("replay_scaling"):
        out += ["", "## Scaling: replay by transcript length (agency, Flask test client)", "",
                table(["moves", "body bytes", "status", "replay µs"],
                      [[r["moves"], r["body_bytes"], r["status"], fmt(r.get("replay_us"))]
                       for r in results["replay_scaling"]])]
    if results["notes"]:
        out += ["", "Notes:"] + [f"- {n}" for n in results["notes"]]
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
