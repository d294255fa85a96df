"""Where one Agency ``play`` request's time goes, in-process, for open, signed and sealed states.

Usage: ``python -m bench.profile_play [--mode open|signed|sealed|all] [--profile] [--iterations N] [--top K]``

For each mode (default: all three) it times, unprofiled, on the mid-hand
Agency hand of ``make bench`` (built through the API of that mode):

* the whole request, called as a WSGI server calls the app (an environ in,
  the answer read whole; no socket, no test client), and the floor app's;
* the stages the view runs, in order, each timed alone on what the stage
  before gives (on copies of its hands, so nothing is found already worked
  out, as in a request): the body decoded, the signature checked (signed)
  or the token opened and the credential checked (sealed), the body read
  (the compiled reader), the hand built from its record (``Game.build``):
  rebuilt (signed, sealed: ``Trust.REBUILD``) or restored (open: ``Trust.RESTORE``), the
  move played, the state dumped, signed or sealed, the events, the answer
  encoded;
* the view as Flask calls it, less those stages: the glue around them;
* the plumbing in front of Flask (``service.server.plumbing``): the whole
  request less Flask's own WSGI app;
* what is left: Flask's own dispatch (request context, routing, the
  response's WSGI headers).

``--profile`` adds cProfile's top entries (cumulative and own time) for the
whole request; cProfile slows many small calls more than a few long ones, so
the unprofiled table is the one to read for shares.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import scenarios  # noqa: E402

PATH = "/v1/games/agency/play"
Stage = tuple[str, Callable[[Any], Any]]


def best_us(fn: Callable[[], Any], budget: float) -> float:
    """The fastest of many short batches (µs per call): the least disturbed by other work on the machine."""
    return scenarios.per_call_us(fn, budget, batches=40)


def fresh(value: Any) -> Any:
    """``value`` with copies of its hands: a hand works some things out once
    (its legal moves, its match status), and a stage timed again and again
    must not find them already worked out."""
    if not isinstance(value, dict):
        return value
    out = dict(value)
    if "hand" in out:
        out["hand"] = out["hand"].copy()
    for name in ("played", "held"):
        if name in out:
            out[name] = (out[name][0].copy(), *out[name][1:])
    return out


def pipeline(mode: str, app: Any, body: bytes, headers: dict[str, str]) -> list[Stage]:
    """The stages of the view, in order, each a function of the previous stage's value.

    They call what the app calls (``service.api.games`` and ``holding``), in
    the same order, with the same arguments."""
    import orjson

    from service import signing
    from service.api import holding as holding_module
    from service.games import GAMES, Trust
    from service.schemas.games import schemas_for
    from service.schemas.reading import read
    from service.schemas.records import dump_event, dump_state
    from service.schemas.sealed import dump_public, payload, read_payload

    game = GAMES["agency"]
    holding = app.extensions[holding_module.EXTENSION]
    request_schema = schemas_for("agency").play_request()
    decode: Stage = ("decode the body (orjson)", lambda _: {"body": orjson.loads(body)})

    def encode(v: dict[str, Any]) -> bytes:
        return orjson.dumps({**v["answer"], "events": v["events"]})

    def events(v: dict[str, Any]) -> dict[str, Any]:
        return {**v, "events": [dump_event(event) for event in v["played"][1]]}

    if mode == "open":
        return [
            decode,
            ("read the body (the compiled reader)", lambda v: {**v, "args": read(request_schema, v["body"])}),
            ("restore: replay every play from the deal, check every field", lambda v: {**v, "hand": game.build(v["args"]["state"], Trust.RESTORE)}),
            ("play", lambda v: {**v, "played": game.play(v["hand"], v["args"]["move"])}),
            ("dump the state", lambda v: {**v, "answer": {"state": dump_state(v["played"][0])}}),
            ("dump the events", events),
            ("encode the answer (orjson)", encode),
        ]
    if mode == "signed":
        key = holding.keys[0]
        return [
            decode,
            ("check the signature (HMAC-SHA256 over the sorted JSON)",
             lambda v: (signing.verify(v["body"]["state"], holding.keys), v)[1]),
            ("read the body (the compiled reader)", lambda v: {**v, "args": read(request_schema, v["body"])}),
            ("rebuild: the hand from its record, Game.build", lambda v: {**v, "hand": game.build(v["args"]["state"], Trust.REBUILD)}),
            ("play", lambda v: {**v, "played": game.play(v["hand"], v["args"]["move"])}),
            ("dump the state", lambda v: {**v, "state": dump_state(v["played"][0])}),
            ("sign: encode the sorted state once, HMAC it",
             lambda v: {**v, "answer": {"state": orjson.Fragment(signing.signed_bytes(v["state"], key))}}),
            ("dump the events", events),
            ("encode the answer (orjson)", encode),
        ]
    sealer = holding.sealer
    credential = headers["Authorization"].partition(" ")[2]
    return [
        decode,
        ("open the token (AES-256-GCM)", lambda v: {**v, "data": sealer.open(v["body"]["token"])}),
        ("rebuild: read the payload, Game.build", lambda v: {**v, "held": (lambda read_: (game.build(read_[1], Trust.REBUILD), read_[2]))(read_payload(v["data"]))}),
        ("check the seat's credential (HMAC)", lambda v: (sealer.credential_seat(credential, v["held"][1].match_id), v)[1]),
        ("read the body (the compiled reader)", lambda v: {**v, "args": read(request_schema, v["body"])}),
        ("play", lambda v: {**v, "played": game.play(v["held"][0], v["args"]["move"])}),
        ("dump the public state", lambda v: {**v, "public": dump_public(v["played"][0], v["held"][1])}),
        ("seal: the payload, AES-256-GCM",
         lambda v: {**v, "answer": {"state": v["public"], "token": sealer.seal(payload(v["played"][0], v["held"][1]))}}),
        ("dump the events", events),
        ("encode the answer (orjson)", encode),
    ]


def wsgi_call(app: Any, path: str, body: bytes, headers: dict[str, str], inner: bool = False) -> Callable[[], bytes]:
    """One request as a WSGI server calls the app (an environ, then the answer
    read whole), with no socket and no test client; ``inner``: Flask's own
    WSGI app, without the plumbing in front of it."""
    from werkzeug.test import EnvironBuilder

    base = EnvironBuilder(path=path, method="POST", data=body, content_type="application/json", headers=headers).get_environ()

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        assert status.startswith("200"), status

    def call() -> bytes:
        environ = dict(base)
        environ["wsgi.input"] = io.BytesIO(body)
        answer = app.wsgi_app.inner(environ, start_response) if inner else app(environ, start_response)
        try:
            return b"".join(answer)
        finally:
            getattr(answer, "close", lambda: None)()

    return call


def stage_table(mode: str, budget: float) -> tuple[list[tuple[str, float]], dict[str, Any]]:
    """Every row of one mode's table: (label, µs)."""
    import flask

    from bench.floor_app import app as floor_app

    bodies = scenarios.build_bodies(mode)
    body = scenarios.encode({**bodies["agency_hand"], "move": bodies["agency_move"]})
    headers = bodies["agency_headers"]
    app = scenarios.app(mode)
    client = app.test_client()
    answer = client.post(PATH, data=body, content_type="application/json", headers=headers)
    assert answer.status_code == 200, answer.get_data()

    whole = best_us(wsgi_call(app, PATH, body, headers), budget)
    floor = best_us(wsgi_call(floor_app, "/floor", b'{"ping":1}', {}), budget)

    stages = pipeline(mode, app, body, headers)
    values: list[Any] = [None]
    for _, step in stages:
        values.append(step(values[-1]))
    rows = [(label, best_us(lambda step=step, value=value: step(fresh(value)), budget)
             - best_us(lambda value=value: fresh(value), budget / 4))
            for (label, step), value in zip(stages, values)]
    work = sum(us for _, us in rows)

    inner = best_us(wsgi_call(app, PATH, body, headers, inner=True), budget)
    with app.test_request_context(PATH, method="POST", data=body, content_type="application/json", headers=headers):
        view = app.view_functions["games.agency_play"]
        view_us = best_us(lambda: (flask.g.pop("referee.json_body", None), view()), budget)
    glue = view_us - work
    plumbing = whole - inner
    rest = inner - view_us
    summary = {"mode": mode, "whole": whole, "floor": floor, "work": work, "glue": glue, "plumbing": plumbing, "rest": rest,
               "plays": bodies["mid"]["agency"], "body_bytes": len(body)}
    table = [*rows, ("the view's glue around the stages", glue),
             ("the plumbing (service.server.plumbing: request id, body, headers, CORS, access log, metrics)", plumbing),
             ("the rest: Flask's dispatch (request context, routing, the response's WSGI headers)", rest)]
    return table, summary


def print_table(mode: str, table: list[tuple[str, float]], summary: dict[str, Any]) -> None:
    whole = summary["whole"]
    print(f"### {mode}: agency play, mid-hand ({summary['plays']} plays), body {summary['body_bytes']:,} bytes")
    print()
    print(f"whole request {whole:,.0f} µs, called as a WSGI server calls the app (the floor app: {summary['floor']:,.0f} µs); "
          f"the view's stages {summary['work']:,.0f} µs, the plumbing {summary['plumbing']:,.0f} µs")
    print()
    print("| stage | µs | share of the request |")
    print("|---|---:|---:|")
    for label, us in table:
        print(f"| {label} | {us:,.1f} | {us / whole:.0%} |")
    print()


def profile(mode: str, iterations: int, top: int) -> None:
    bodies = scenarios.build_bodies(mode)
    body = scenarios.encode({**bodies["agency_hand"], "move": bodies["agency_move"]})
    request = wsgi_call(scenarios.app(mode), PATH, body, bodies["agency_headers"])

    for _ in range(100):
        request()
    profiler = cProfile.Profile()
    began = time.perf_counter()
    profiler.enable()
    for _ in range(iterations):
        request()
    profiler.disable()
    print(f"### {mode}: cProfile over {iterations} requests ({(time.perf_counter() - began) / iterations * 1e6:,.0f} µs each, profiled)")
    for order, title in (("cumulative", "cumulative time"), ("tottime", "own time")):
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).strip_dirs().sort_stats(order).print_stats(top)
        print(f"\nTop {top} by {title}:")
        print(text.getvalue().split("   ncalls", 1)[-1].join(["   ncalls", ""]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=(*scenarios.MODES, "all"), default="all")
    parser.add_argument("--budget", type=float, default=0.6, help="seconds per timed figure (default 0.6)")
    parser.add_argument("--profile", action="store_true", help="also print cProfile's top entries")
    parser.add_argument("--iterations", type=int, default=2000, help="requests profiled (with --profile)")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    modes = scenarios.MODES if args.mode == "all" else (args.mode,)
    for mode in modes:
        table, summary = stage_table(mode, args.budget)
        print_table(mode, table, summary)
        if args.profile:
            profile(mode, args.iterations, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
