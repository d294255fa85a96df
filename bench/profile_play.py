"""Profile one ``play`` request on the mid-hand agency state, in-process (Flask test client).

Usage: ``python -m bench.profile_play [--iterations N] [--top K]``

Prints the request's unprofiled cost, cProfile's top entries by cumulative and
by own time, then each stage of the request timed alone without the profiler:
body JSON decode, request schema load, the rules core's restore (replaying the
history) and play, state dump, response schema dump, JSON encode, and what is
left for Flask, flask-smorest, the middleware and the test client. cProfile
slows many small Python calls (marshmallow) more than a few longer ones, so
its shares lean towards schema work; the unprofiled stage table does not.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import scenarios  # noqa: E402


def stage_timings(body: bytes, budget: float) -> list[tuple[str, float]]:
    """Each stage of a ``play`` request timed alone, unprofiled (µs per call)."""
    import json

    import orjson

    from bench.floor_app import app as floor_app
    from service.games import GAMES
    from service.schemas.games import dump_state, schemas_for

    game = GAMES["agency"]
    schemas = schemas_for("agency")
    load_schema, dump_schema = schemas.play_request(), schemas.play_response()  # flask-smorest keeps one instance
    parsed = json.loads(body)
    loaded = load_schema.load(parsed)
    state = game.restore(loaded["state"])
    after, events = game.play(state, loaded["move"])
    result = {"state": dump_state(after), "events": events}
    dumped = dump_schema.dump(result)
    client = scenarios.client()
    floor_client = floor_app.test_client()
    per = scenarios.per_call_us
    return [
        ("whole request (Flask test client)",
         per(lambda: client.post("/v1/games/agency/play", data=body, content_type="application/json"), budget)),
        ("JSON decode of the body (webargs: stdlib json.loads)", per(lambda: json.loads(body), budget)),
        ("request schema load, new PlayRequest instance per call (what webargs does when given a class)",
         per(lambda: schemas.play_request().load(parsed), budget)),
        ("rules core: restore (replay the history, check the claims)", per(lambda: game.restore(loaded["state"]), budget)),
        ("rules core: play", per(lambda: game.play(state, loaded["move"]), budget)),
        ("dump_state (state -> dict)", per(lambda: dump_state(after), budget)),
        ("response schema dump (marshmallow PlayResponse)", per(lambda: dump_schema.dump(result), budget)),
        ("JSON encode (orjson)", per(lambda: orjson.dumps(dumped), budget)),
        ("bare Flask POST through the test client (floor app)",
         per(lambda: floor_client.post("/floor", data=b'{"ping":1}', content_type="application/json"), budget)),
        ("request schema load, one PlayRequest instance reused (nested schemas cached)",
         per(lambda: load_schema.load(parsed), budget)),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)

    bodies = scenarios.build_bodies()
    body = scenarios.encode({"state": bodies["agency_state"], "move": bodies["agency_move"]})
    client = scenarios.client()
    path = "/v1/games/agency/play"

    def request():
        response = client.post(path, data=body, content_type="application/json")
        assert response.status_code == 200, response.status_code
        return response

    for _ in range(100):
        request()
    began = time.perf_counter()
    for _ in range(args.iterations):
        request()
    plain_us = (time.perf_counter() - began) / args.iterations * 1e6

    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(args.iterations):
        request()
    profiler.disable()
    stats = pstats.Stats(profiler)
    profiled_total = stats.total_tt

    print(f"agency play, mid-hand state ({bodies['mid']['agency']} plays), body {len(body)} bytes, "
          f"{args.iterations} requests")
    print(f"unprofiled: {plain_us:,.0f} µs per request; profiled: {profiled_total / args.iterations * 1e6:,.0f} µs")
    print()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).strip_dirs().sort_stats("cumulative").print_stats(args.top)
    print(f"Top {args.top} by cumulative time:")
    print(text.getvalue().split("   ncalls", 1)[-1].join(["   ncalls", ""]))
    print(f"Top {args.top} by own time (tottime):")
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).strip_dirs().sort_stats("tottime").print_stats(args.top)
    print(text.getvalue().split("   ncalls", 1)[-1].join(["   ncalls", ""]))

    # Three rounds, the fastest of each stage: the least disturbed by other load on the machine.
    rounds = [stage_timings(body, budget=0.6) for _ in range(3)]
    stages = [(label, min(r[i][1] for r in rounds)) for i, (label, _) in enumerate(rounds[0])]
    whole = stages[0][1]
    parts = stages[1:-2]
    rest = whole - sum(us for _, us in parts)
    print("Stages timed alone, unprofiled:")
    print()
    print("| stage | µs per request | share of the request |")
    print("|---|---:|---:|")
    for label, us in [stages[0], *parts]:
        print(f"| {label} | {us:,.0f} | {us / whole:.0%} |")
    print(f"| the rest: Flask, flask-smorest/webargs plumbing, middleware (log line, metrics, CORS), test client "
          f"| {rest:,.0f} | {rest / whole:.0%} |")
    for label, us in stages[-2:]:
        print(f"| for comparison: {label} | {us:,.0f} | {us / whole:.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
