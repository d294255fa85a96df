"""Where one ``play`` request's time goes, in-process, for open, signed and sealed states.

Usage: ``python -m bench.profile_play [--mode open|signed|sealed|all] [--game agency|agram] [--profile] [--iterations N] [--top K]``
or ``python -m bench.profile_play --requests [--mode ...]``

For each mode (default: all three) it times, unprofiled, on the mid-hand
hand of ``make bench`` of one game (``--game``: Agency, the default, or
Agram with 5 players; built through the API of that mode):

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
* then the same stages within real requests (each stage's function wrapped
  in a timer where the app looks it up, the timers' own cost taken off), and
  around them the view as Flask calls it and Flask's WSGI app: so the edge,
  what the request pays outside its stages, splits into the view's glue,
  Flask's dispatch (request context, routing, the response object and its
  WSGI headers) and the plumbing in front of Flask
  (``service.server.plumbing``). A stage costs more within a request than
  alone (other code runs between two calls of it), so the edge is the whole
  request less the stages as they run there, not as they run alone.

``--requests`` times only whole requests: ``legal-moves`` and ``play`` of
both games, each mode, beside the floor app's.

``--profile`` adds cProfile's top entries (cumulative and own time) for the
whole request; cProfile slows many small calls more than a few long ones, so
the unprofiled table is the one to read for shares.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import math
import pstats
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import scenarios  # noqa: E402

GAME_IDS = ("agency", "agram")
"""The games whose ``make bench`` hand can be timed (``--game``)."""
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


LABEL = {
    "decode": "decode the body (orjson; within the request, with its media type and size checks)",
    "signature": "check the signature (HMAC-SHA256 over the sorted JSON)",
    "read": "read the body (the compiled reader)",
    "restore": "restore: replay every play from the deal, check every field",
    "rebuild": "rebuild: the hand from its record (Game.build)",
    "open": "open the token (AES-256-GCM)",
    "payload": "read the payload",
    "credential": "check the seat's credential (HMAC)",
    "play": "play",
    "state": "dump the state",
    "public": "dump the public state",
    "sign": "sign: encode the sorted state once, HMAC it",
    "seal payload": "seal: the payload",
    "seal": "seal: AES-256-GCM",
    "events": "dump the events",
    "encode": "encode the answer (orjson)",
}
"""Each stage's label, the same in the table of stages alone (:func:`pipeline`)
and within the request (:func:`in_request`), which the table joins by it."""


def path(game_id: str) -> str:
    """The ``play`` operation's path for a game."""
    return f"/v1/games/{game_id}/play"


def pipeline(mode: str, app: Any, body: bytes, headers: dict[str, str], game_id: str = "agency") -> list[Stage]:
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

    game = GAMES[game_id]
    holding = app.extensions[holding_module.EXTENSION]
    request_schema = schemas_for(game_id).play_request()
    decode: Stage = (LABEL["decode"], lambda _: {"body": orjson.loads(body)})

    def encode(v: dict[str, Any]) -> bytes:
        return orjson.dumps({**v["answer"], "events": v["events"]})

    def events(v: dict[str, Any]) -> dict[str, Any]:
        return {**v, "events": [dump_event(event) for event in v["played"][1]]}

    if mode == "open":
        return [
            decode,
            (LABEL["read"], lambda v: {**v, "args": read(request_schema, v["body"])}),
            (LABEL["restore"], lambda v: {**v, "hand": game.build(v["args"]["state"], Trust.RESTORE)}),
            (LABEL["play"], lambda v: {**v, "played": game.play(v["hand"], v["args"]["move"])}),
            (LABEL["state"], lambda v: {**v, "answer": {"state": dump_state(v["played"][0])}}),
            (LABEL["events"], events),
            (LABEL["encode"], encode),
        ]
    if mode == "signed":
        key = holding.keys[0]
        return [
            decode,
            (LABEL["signature"], lambda v: (signing.verify(v["body"]["state"], holding.keys), v)[1]),
            (LABEL["read"], lambda v: {**v, "args": read(request_schema, v["body"])}),
            (LABEL["rebuild"], lambda v: {**v, "hand": game.build(v["args"]["state"], Trust.REBUILD)}),
            (LABEL["play"], lambda v: {**v, "played": game.play(v["hand"], v["args"]["move"])}),
            (LABEL["state"], lambda v: {**v, "state": dump_state(v["played"][0])}),
            (LABEL["sign"], lambda v: {**v, "answer": {"state": orjson.Fragment(signing.signed_bytes(v["state"], key))}}),
            (LABEL["events"], events),
            (LABEL["encode"], encode),
        ]
    sealer = holding.sealer
    credential = headers["Authorization"].partition(" ")[2]
    return [
        decode,
        (LABEL["open"], lambda v: {**v, "data": sealer.open(v["body"]["token"])}),
        (LABEL["payload"], lambda v: {**v, "payload": read_payload(v["data"])}),
        (LABEL["rebuild"], lambda v: {**v, "held": (game.build(v["payload"][1], Trust.REBUILD), v["payload"][2])}),
        (LABEL["credential"], lambda v: (sealer.credential_seat(credential, v["held"][1].match_id), v)[1]),
        (LABEL["read"], lambda v: {**v, "args": read(request_schema, v["body"])}),
        (LABEL["play"], lambda v: {**v, "played": game.play(v["held"][0], v["args"]["move"])}),
        (LABEL["public"], lambda v: {**v, "public": dump_public(v["played"][0], v["held"][1])}),
        (LABEL["seal payload"], lambda v: {**v, "sealed": payload(v["played"][0], v["held"][1])}),
        (LABEL["seal"], lambda v: {**v, "answer": {"state": v["public"], "token": sealer.seal(v["sealed"])}}),
        (LABEL["events"], events),
        (LABEL["encode"], encode),
    ]


def wsgi_call(app: Any, path: str, body: bytes, headers: dict[str, str]) -> Callable[[], bytes]:
    """One request as a WSGI server calls the app (an environ, then the answer
    read whole), with no socket and no test client."""
    from werkzeug.test import EnvironBuilder

    base = EnvironBuilder(path=path, method="POST", data=body, content_type="application/json", headers=headers).get_environ()

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        assert status.startswith("200"), status

    def call() -> bytes:
        environ = dict(base)
        environ["wsgi.input"] = io.BytesIO(body)
        answer = app(environ, start_response)
        try:
            return b"".join(answer)
        finally:
            getattr(answer, "close", lambda: None)()

    return call


Patch = tuple[str, Any, str]
"""A stage as the request runs it: its label, and the function's owner and attribute name."""


def in_request(mode: str, app: Any, game_id: str = "agency") -> list[Patch]:
    """The stages as the app calls them within a request, each the function
    (at the place the app looks it up) that does that stage's work: timed
    in place, they cost what they cost in a real request, where other code
    runs between them (the table of stages alone times each on its own,
    again and again, which is faster)."""
    from service.api import games as games_module
    from service.api import holding as holding_module
    from service.api import operations, spending
    from service.games import GAMES
    game = GAMES[game_id]
    holding = app.extensions[holding_module.EXTENSION]
    common = [(LABEL["play"], game, "play"), (LABEL["events"], games_module, "dump_event"),
              (LABEL["encode"], spending, "json_bytes")]
    if mode == "sealed":
        return [(LABEL["decode"], operations, "json_body"),
                (LABEL["open"], holding.sealer, "open"),
                (LABEL["payload"], holding_module, "read_payload"),
                (LABEL["rebuild"], game, "build"),
                (LABEL["credential"], holding.sealer, "credential_seat"),
                (LABEL["read"], operations, "read"),
                (LABEL["public"], holding_module, "dump_public"),
                (LABEL["seal payload"], holding_module, "payload"),
                (LABEL["seal"], holding.sealer, "seal"), *common]
    stages = [(LABEL["decode"], operations, "json_body"),
              (LABEL["read"], operations, "read"),
              (LABEL["restore" if mode == "open" else "rebuild"], game, "build"),
              (LABEL["state"], holding_module, "dump_state"), *common]
    if mode == "signed":
        stages += [(LABEL["signature"], type(holding), "verify"),
                   (LABEL["sign"], holding_module.signing, "signed_bytes")]
    return stages


def _set(owner: Any, name: str, value: Any) -> None:
    """Set an attribute (a dict: an item), even on a frozen dataclass's instance (a game)."""
    if isinstance(owner, dict):
        owner[name] = value
    else:
        (setattr if isinstance(owner, (type, types.ModuleType)) else object.__setattr__)(owner, name, value)


def _delete(owner: Any, name: str) -> None:
    (delattr if isinstance(owner, (type, types.ModuleType)) else object.__delattr__)(owner, name)


EDGE = ("the view's glue around the stages",
        "Flask's dispatch (request context, routing, the response object and its WSGI headers)",
        "the plumbing (service.server.plumbing: request id, body, admission, headers, CORS, access log, metrics)")
"""The edge's rows: what a request pays outside its stages, innermost first."""


def timed_in_request(call: Callable[[], Any], stages: list[Patch], layers: list[Patch], batches: int = 20,
                     requests: int = 250) -> dict[str, float]:
    """Each stage's time within a request, in µs per request, and each
    layer's around them (``layers``, outermost first: Flask's WSGI app,
    then the view), and ``""``: the whole request; from the least disturbed
    of ``batches`` runs of ``requests`` calls of ``call``. Each function is
    wrapped in a timer for the runs (then put back); the timers' own cost
    is taken off what they time and off every layer around them."""
    patches = [*layers, *stages]
    spent = {label: 0 for label, _, _ in patches}
    calls = dict.fromkeys(spent, 0)

    def timer(label: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter_ns()
            try:
                return function(*args, **kwargs)
            finally:
                spent[label] += time.perf_counter_ns() - began
                calls[label] += 1
        return timed

    def nothing() -> None:
        return None

    spent[""] = calls[""] = 0
    empty = timer("", nothing)
    for _ in range(100_000):
        empty()
    inside_ns = spent[""] / calls[""]  # what a timed call of nothing counts
    whole_ns = (scenarios.per_call_us(empty, 0.2) - scenarios.per_call_us(nothing, 0.2)) * 1000  # what it costs
    kept = [(owner, name, _get_own(owner, name)) for _, owner, name in patches]
    for label, owner, name in patches:
        _set(owner, name, timer(label, owner[name] if isinstance(owner, dict) else getattr(owner, name)))
    best: tuple[int, dict[str, float]] | None = None
    try:
        for _ in range(requests):  # warm up
            call()
        for _ in range(batches):
            for label in calls:
                spent[label] = calls[label] = 0
            began = time.perf_counter_ns()
            for _ in range(requests):
                call()
            took = time.perf_counter_ns() - began
            if best is None or took < best[0]:
                true = {}
                within = sum(calls[label] for label, _, _ in stages)
                for label, _, _ in reversed(patches):  # innermost first: each layer holds every timer after it
                    is_layer = label in (name for name, _, _ in layers)
                    nested = within if is_layer else 0
                    true[label] = (spent[label] - inside_ns * calls[label] - whole_ns * nested) / requests / 1000
                    if is_layer:
                        within += calls[label]
                true[""] = (took - whole_ns * sum(calls[label] for label in calls if label)) / requests / 1000
                best = (took, true)
    finally:
        for owner, name, original in kept:
            if original is None:
                _delete(owner, name)
            else:
                _set(owner, name, original)
    assert best is not None
    return best[1]


def _get_own(owner: Any, name: str) -> Any:
    """The attribute as set on ``owner`` itself (``None``: inherited, or a method of its class)."""
    if isinstance(owner, dict):
        return owner[name]
    return vars(owner).get(name) if hasattr(owner, "__dict__") else None


def stage_table(mode: str, budget: float, game_id: str = "agency") -> tuple[list[tuple[str, float, float | None]], dict[str, Any]]:
    """Every row of one mode's table: (label, µs alone, µs within the request)."""
    from bench.floor_app import app as floor_app

    bodies = scenarios.build_bodies(mode)
    body = scenarios.encode({**bodies[f"{game_id}_hand"], "move": bodies[f"{game_id}_move"]})
    headers = bodies[f"{game_id}_headers"]
    app = scenarios.app(mode)
    client = app.test_client()
    answer = client.post(path(game_id), data=body, content_type="application/json", headers=headers)
    assert answer.status_code == 200, answer.get_data()

    whole = best_us(wsgi_call(app, path(game_id), body, headers), budget)
    floor = best_us(wsgi_call(floor_app, "/floor", b'{"ping":1}', {}), budget)

    stages = pipeline(mode, app, body, headers, game_id)
    values: list[Any] = [None]
    for _, step in stages:
        values.append(step(values[-1]))
    alone = [(label, best_us(lambda step=step, value=value: step(fresh(value)), budget)
              - best_us(lambda value=value: fresh(value), budget / 4))
             for (label, step), value in zip(stages, values)]

    flask_app, view = ("Flask's app", app.wsgi_app, "inner"), ("the view", app.view_functions, f"games.{game_id}_play")
    placed = in_request(mode, app, game_id)
    inside = timed_in_request(wsgi_call(app, path(game_id), body, headers), placed, [flask_app, view])
    work = sum(inside[label] for label, _, _ in placed)
    glue, dispatch = inside[view[0]] - work, inside[flask_app[0]] - inside[view[0]]
    plumbing = inside[""] - inside[flask_app[0]]
    edge = glue + dispatch + plumbing
    summary = {"mode": mode, "game": game_id, "whole": whole, "floor": floor, "work": work, "edge": edge, "timed_whole": inside[""],
               "plays": bodies["mid"][game_id], "body_bytes": len(body)}
    table: list[tuple[str, float, float | None]] = [(label, us, inside.get(label)) for label, us in alone]
    assert {label for label, _, _ in placed} <= dict(alone).keys(), "every stage timed within the request is timed alone"
    table += [(label, math.nan, us) for label, us in zip(EDGE, (glue, dispatch, plumbing))]
    return table, summary


def print_table(mode: str, table: list[tuple[str, float, float | None]], summary: dict[str, Any]) -> None:
    floor = summary["floor"]
    print(f"### {mode}: {summary['game']} play, mid-hand ({summary['plays']} plays), body {summary['body_bytes']:,} bytes")
    print()
    print(f"whole request {summary['whole']:,.0f} µs, called as a WSGI server calls the app (the floor app: {floor:,.0f} µs). "
          f"Timed within the request (the least disturbed of 20 runs of 250 requests, each stage's function wrapped in a "
          f"timer): {summary['timed_whole']:,.0f} µs, the stages {summary['work']:,.0f} µs, the edge {summary['edge']:,.0f} µs, "
          f"{summary['edge'] / floor:.1f} times the floor app's whole request")
    print()
    print("| stage | µs alone | µs within the request |")
    print("|---|---:|---:|")
    for label, alone, inside in table:
        print(f"| {label} | {'' if math.isnan(alone) else f'{alone:,.1f}'} | {'' if inside is None else f'{inside:,.1f}'} |")
    print()


def profile(mode: str, iterations: int, top: int, game_id: str = "agency") -> None:
    bodies = scenarios.build_bodies(mode)
    body = scenarios.encode({**bodies[f"{game_id}_hand"], "move": bodies[f"{game_id}_move"]})
    request = wsgi_call(scenarios.app(mode), path(game_id), body, bodies[f"{game_id}_headers"])

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


OPERATIONS = ("legal-moves", "play")
"""The operations ``--requests`` times (the rows ``make bench`` has goals for)."""


def requests_table(modes: tuple[str, ...], budget: float) -> None:
    """Print the whole request, in µs, of ``legal-moves`` and ``play`` on
    each game's ``make bench`` hand, for each mode, beside the floor app's
    (each called as a WSGI server calls the app)."""
    from bench.floor_app import app as floor_app

    floor = best_us(wsgi_call(floor_app, "/floor", b'{"ping":1}', {}), budget)
    print(f"### whole requests, µs (the floor app: {floor:,.0f} µs)")
    print()
    print("| mode | game | operation | µs | ÷ floor |")
    print("|---|---|---|---:|---:|")
    for mode in modes:
        bodies = scenarios.build_bodies(mode)
        app = scenarios.app(mode)
        for game_id in GAME_IDS[::-1]:
            for operation in OPERATIONS:
                body = {**bodies[f"{game_id}_hand"], **({"move": bodies[f"{game_id}_move"]} if operation == "play" else {})}
                us = best_us(wsgi_call(app, f"/v1/games/{game_id}/{operation}", scenarios.encode(body), bodies[f"{game_id}_headers"]), budget)
                print(f"| {mode} | {game_id} | {operation} | {us:,.0f} | {us / floor:.1f} |")
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=(*scenarios.MODES, "all"), default="all")
    parser.add_argument("--game", choices=GAME_IDS, default="agency", help="whose mid-hand hand (default agency)")
    parser.add_argument("--budget", type=float, default=0.6, help="seconds per timed figure (default 0.6)")
    parser.add_argument("--profile", action="store_true", help="also print cProfile's top entries")
    parser.add_argument("--iterations", type=int, default=2000, help="requests profiled (with --profile)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--requests", action="store_true",
                        help="only the whole requests: legal-moves and play of both games, beside the floor app's")
    args = parser.parse_args(argv)
    modes = scenarios.MODES if args.mode == "all" else (args.mode,)
    if args.requests:
        requests_table(modes, args.budget)
        return 0
    for mode in modes:
        table, summary = stage_table(mode, args.budget, args.game)
        print_table(mode, table, summary)
        if args.profile:
            profile(mode, args.iterations, args.top, args.game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
