"""The worst-case time of ``solve``, ``suggest`` and ``analyze`` over HTTP, with the configured budgets.

Usage: ``python -m bench.analysis [--quick] [--deals N] [--games IDS]``
(``make bench-analysis``). Each operation is posted through the app (Flask's
test client, in this process: the request's whole work, without the
network), on the inputs that cost it most: for every game at its most
players (Agency: 4), and at the fewest,

* ``solve`` at the deal (the most cards left; budget ``REFEREE_SOLVE_NODES``);
* ``suggest`` at the default level at the deal and after the first trick (the
  most plies left to play out; ``REFEREE_SUGGEST_WORLDS``,
  ``REFEREE_SUGGEST_PLIES``);
* ``analyze`` on a finished hand, played at random (the most plays to review;
  ``REFEREE_ANALYZE_NODES``).

It prints per operation and game the median and the largest wall time and
CPU time of a request, and the largest of all per operation: the figures
bench/README.md gives. Budgets are counted in work, so the
times scale with the machine, not the answers. The settings come from the
environment as the service reads them (``REFEREE_*``). Writes every figure to
``bench/results/analysis.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: python bench/analysis.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.solver import deal_arguments  # noqa: E402
from service.app import create_app  # noqa: E402
from service.config import ANALYSIS_UNITS  # noqa: E402
from service.games import GAMES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "analysis.json"
OPERATIONS = ("solve", "suggest", "analyze")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    return deal_arguments(parser, argv, RESULTS, quick=2, full=6, per="game and player count")


def states(client: Any, game_id: str, players: int, seed: int) -> dict[str, dict[str, Any]]:
    """The costliest inputs of one seeded deal: the deal, after one trick, and the hand finished at random."""
    game = GAMES[game_id]
    seating = {} if game.family == "agency" else {"players": players}
    state = client.post(f"/v1/games/{game_id}/deal", json={**seating, "seed": seed}).get_json()["state"]
    found = {"deal": state}
    rng = random.Random(seed)
    plies = 0
    while state["to_act"] is not None:
        moves = client.post(f"/v1/games/{game_id}/legal-moves", json={"state": state}).get_json()["moves"]
        state = client.post(f"/v1/games/{game_id}/play", json={"state": state, "move": rng.choice(moves)}).get_json()["state"]
        plies += 1
        if plies == players and state["to_act"] is not None:
            found["one trick"] = state
    found["finished"] = state
    return found


def timed(client: Any, game_id: str, operation: str, body: dict[str, Any]) -> tuple[float, float]:
    """One request's wall and CPU time, in seconds; it must answer 200."""
    wall, cpu = time.perf_counter(), time.process_time()
    response = client.post(f"/v1/games/{game_id}/{operation}", json=body)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if response.status_code != 200:
        raise SystemExit(f"{game_id} {operation}: {response.status_code} {response.get_data(as_text=True)[:300]}")
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    app = create_app({"TESTING": True})
    client = app.test_client()
    budgets = {name: app.config[name] for name in ANALYSIS_UNITS}
    print("budgets: " + ", ".join(f"{name}=" + ("each family's own" if value is None else f"{value:,} {ANALYSIS_UNITS[name]}")
                                  for name, value in budgets.items()))
    rows: list[dict[str, Any]] = []
    for game_id in args.games:
        game = GAMES[game_id]
        for players in sorted({game.min_players, game.max_players}):
            times: dict[str, list[tuple[float, float]]] = {operation: [] for operation in OPERATIONS}
            for seed in range(1, args.deals + 1):
                found = states(client, game_id, players, seed)
                times["solve"].append(timed(client, game_id, "solve", {"state": found["deal"]}))
                for stage in ("deal", "one trick"):
                    if stage in found:
                        times["suggest"].append(timed(client, game_id, "suggest", {"state": found[stage], "seed": seed}))
                times["analyze"].append(timed(client, game_id, "analyze", {"state": found["finished"]}))
            for operation, measured in times.items():
                walls, cpus = [w for w, _ in measured], [c for _, c in measured]
                row = {"game": game_id, "players": players, "operation": operation, "requests": len(measured),
                       "wall_median_ms": 1000 * statistics.median(walls), "wall_max_ms": 1000 * max(walls),
                       "cpu_median_ms": 1000 * statistics.median(cpus), "cpu_max_ms": 1000 * max(cpus)}
                rows.append(row)
                print(f"{game_id:>10} {players} {operation:>7}: wall median {row['wall_median_ms']:6.0f} ms, max {row['wall_max_ms']:6.0f} ms;"
                      f" cpu median {row['cpu_median_ms']:6.0f} ms, max {row['cpu_max_ms']:6.0f} ms", flush=True)
    print()
    worst = {}
    for operation in OPERATIONS:
        mine = [row for row in rows if row["operation"] == operation]
        top = max(mine, key=lambda row: row["wall_max_ms"])
        worst[operation] = top
        print(f"worst {operation}: {top['wall_max_ms']:.0f} ms wall ({top['cpu_max_ms']:.0f} ms CPU), {top['game']} with {top['players']} players")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps({"python": platform.python_version(), "budgets": budgets, "rows": rows, "worst": worst}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
