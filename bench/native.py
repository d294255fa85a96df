"""The compiled engine and search against the pure-Python ones, position by position.

Usage: ``python -m bench.native [--positions N] [--solves N] [--games IDS] [--seed S]``.
``tools.native`` compiles ``service/analysis/engine.py`` and ``solver.py``
with mypyc; the sources stay the reference. This loads the sources again
under names of their own (``reference``) beside the compiled modules and,
on random hands of every game (each player count and option that changes
play or value in turn), compares at every position of each play-out: the
state, whether the hand is over, the legal moves, their classes and the
search's order, each move's core play and what ``decided`` reads of it for
each side, each move played and undone; at a trick's start the key, the
outcomes and ``settled`` for each side and value; in Agency's proof-number
tricks ``relative``, ``layout`` and ``translate``; at the end the value for
each side. Then ``solve`` of hands at the deal and later, by both: the same
bounds for every move and the same nodes. Any difference stops it with the
position. Default: 100,000 positions and 200 solves per game (a few
minutes); ``tests/test_analysis_native.py`` runs the same with fewer.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

if __package__ in (None, ""):  # run as a script: python bench/native.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import service.analysis  # noqa: E402
from service.analysis import NATIVE_MODULES  # noqa: E402
from service.analysis import engine as native_engine  # noqa: E402
from service.analysis import solver as native_solver  # noqa: E402
from service.games import GAMES  # noqa: E402
from service.games.base import Hand  # noqa: E402

_REFERENCE: dict[str, ModuleType] = {}


def reference() -> tuple[ModuleType, ModuleType]:
    """The pure-Python engine and solver, loaded from their sources as
    ``service.analysis.reference_engine`` and ``reference_solver`` (the
    reference solver searches over the reference engine), whichever of the
    two ``service.analysis`` imported."""
    if not _REFERENCE:
        folder = Path(service.analysis.__file__).parent
        imported = sys.modules["service.analysis.engine"]
        try:
            for name in NATIVE_MODULES:
                spec = importlib.util.spec_from_file_location(f"service.analysis.reference_{name}", folder / f"{name}.py")
                assert spec is not None and spec.loader is not None
                module = importlib.util.module_from_spec(spec)
                sys.modules[spec.name] = module
                spec.loader.exec_module(module)
                if name == "solver":
                    module.NativeSearch = None  # the reference searches in Python, never in C
                _REFERENCE[name] = module
                sys.modules["service.analysis.engine"] = module  # the solver's ``from .engine import Position``
        finally:
            sys.modules["service.analysis.engine"] = imported
    return _REFERENCE["engine"], _REFERENCE["solver"]


def configurations(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """Each player count and option value of ``game_id`` that changes play or the value."""
    game = GAMES[game_id]
    if game_id == "agency":
        return [(4, {"offsuit_discard": offsuit, "early_end_points": early}) for offsuit in (False, True) for early in (22, 12, 40)]
    stakes: tuple[int | None, ...] = (1, 7) if game_id == "fapfap" else (None,)
    return [(players, {} if stake is None else {"stake": stake})
            for players in range(game.min_players, game.max_players + 1) for stake in stakes]


def deal(game_id: str, players: int, options: dict[str, Any], rng: random.Random) -> Hand:
    """A random deal, sometimes with a few plays made by the core (a position built mid-trick)."""
    game = GAMES[game_id]
    seed = rng.randrange(1 << 30)
    if game_id == "agency":
        hand = game.deal(seed=seed, first_leader=seed % 4, options=options)
    else:
        hand = game.deal(players=players, dealer=seed % players, seed=seed, options=options)
    for _ in range(rng.choice((0, 0, rng.randrange(1, 12)))):
        if hand.hand_over:
            break
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
    return hand


class Differ(AssertionError):
    """The compiled and the reference module answered differently."""


def _same(what: str, native: object, reference_: object, where: object) -> None:
    if native != reference_:
        raise Differ(f"{what}: compiled {native!r}, reference {reference_!r} at {where!r}")


def compare_position(native: Any, reference_: Any) -> None:
    """Everything the search reads of one position, by both engines (the module docstring)."""
    where = reference_.state()
    _same("state", native.state(), where, where)
    _same("over", native.over, reference_.over, where)
    legal = reference_.legal()
    _same("legal", native.legal(), legal, where)
    _same("groups", native.groups(), reference_.groups(), where)
    _same("moves", native.moves(), reference_.moves(), where)
    sides = sorted(set(reference_.side_of))
    if reference_.over:
        _same("value", [native.value(side) for side in sides], [reference_.value(side) for side in sides], where)
        return
    if not reference_.trick:
        _same("key", native.key(), reference_.key(), where)
        for side in sides:
            _same("outcomes", native.outcomes(side), reference_.outcomes(side), where)
            for value in reference_.values:
                _same("settled", native.settled(side, value), reference_.settled(side, value), where)
    proofs = reference_.proof_numbers()
    _same("proof_numbers", native.proof_numbers(), proofs, where)
    if proofs:
        _same("layout", native.layout(), reference_.layout(), where)
    for move in legal:
        _same("to_play", native.to_play(move), reference_.to_play(move), where)
        for side in sides:
            _same("decided", native.decided(move, side), reference_.decided(move, side), where)
        if proofs:
            code = reference_.relative(move)
            _same("relative", native.relative(move), code, where)
            _same("translate", native.translate(move, reference_.layout()), reference_.translate(move, reference_.layout()), where)
        native.play(move)
        reference_.play(move)
        _same("state after a play", native.state(), reference_.state(), (where, move))
        native.undo()
        reference_.undo()
        _same("state after undo", native.state(), where, (where, move))


NOT_DECIDED = 99
"""What ``agency_search.c`` answers for ``decided``'s ``None``."""


def compare_search_position(search: Any, reference_: Any) -> None:
    """What Agency's search in C (``agency_search.Search.probe``) reads of one
    position against the reference engine: the moves in the search's order,
    each move's ``decided`` for both teams, ``relative`` code and the
    state after it; at a trick's start the key (C packs the first three
    parts in one number) and the outcomes for team 0; once over, the value."""
    where = reference_.state()
    key, outcomes, value, found = search.probe(where)
    moves = reference_.moves()
    _same("C moves", [entry[0] for entry in found], moves, where)
    if not reference_.trick:
        leader, walls, score, *codes = reference_.key()
        _same("C key", key, (((score + 1) * 81 + walls) * 4 + leader, *codes), where)
        _same("C outcomes", outcomes, sum(1 << (value_ + 1) for value_ in reference_.outcomes(0)), where)
    if not moves:
        _same("C value", value, reference_.value(0), where)
    for move, relative, zero, one, after in found:
        decided = tuple(NOT_DECIDED if value_ is None else value_ for value_ in (reference_.decided(move, 0), reference_.decided(move, 1)))
        _same("C decided", (zero, one), decided, (where, move))
        if len(reference_.trick) < reference_.players - 1:
            _same("C relative", relative, reference_.relative(move), (where, move))
        reference_.play(move)
        _same("C state after a play", after, reference_.state(), (where, move))
        reference_.undo()


def positions(game_id: str, count: int, rng: random.Random) -> int:
    """Compare ``count`` positions (at least) of random play-outs of ``game_id``,
    Agency's by its search in C too; returns how many."""
    engine, _ = reference()
    configurations_ = configurations(game_id)
    done = hands = 0
    while done < count:
        players, options = configurations_[hands % len(configurations_)]
        hands += 1
        hand = deal(game_id, players, options, rng)
        native, reference_ = native_engine.Position.from_hand(hand), engine.Position.from_hand(hand)
        search = native_solver.native_search(native)
        while True:
            compare_position(native, reference_)
            if search is not None:
                compare_search_position(search, reference_)
            done += 1
            legal = reference_.legal()
            if not legal:
                break
            move = rng.choice(legal)
            native.play(move)
            reference_.play(move)
    return done


def solves(game_id: str, count: int, budget: int, rng: random.Random) -> int:
    """``solve`` of ``count`` random hands (at the deal or later) by both solvers:
    the same bounds for every move and the same nodes. Returns the nodes searched."""
    _, solver = reference()
    configurations_ = configurations(game_id)
    nodes = 0
    for number in range(count):
        players, options = configurations_[number % len(configurations_)]
        hand = deal(game_id, players, options, rng)
        found = []
        for module in (native_solver, solver):
            solution = module.solve(hand, budget=budget)
            found.append((solution.to_act, [(move.move, move.lower, move.upper) for move in solution.moves], solution.nodes))
        _same("solve", found[0], found[1], (game_id, hand.to_act, [str(play.card) for play in hand.plays]))
        nodes += found[1][2]
    return nodes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000, help="positions compared per game (default 100,000)")
    parser.add_argument("--solves", type=int, default=200, help="hands solved by both per game (default 200)")
    parser.add_argument("--budget", type=int, default=20_000, help="the node budget of each solve (default 20,000)")
    parser.add_argument("--games", default=",".join(GAMES), help="game ids, comma-separated (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not service.analysis.compiled:
        parser.error("the compiled modules are not imported: build them (python -m tools.native), and leave REFEREE_NATIVE unset")
    rng = random.Random(args.seed)
    for game_id in args.games.split(","):
        start = time.monotonic()
        compared = positions(game_id, args.positions, rng)
        nodes = solves(game_id, args.solves, args.budget, rng)
        print(f"{game_id}: {compared:,} positions the same, {args.solves} solves the same ({nodes:,} nodes), "
              f"{time.monotonic() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
