"""Benchmark the exact solver: its time per solve and the share solved exactly.

Usage: ``python -m bench.solver [--quick] [--deals N] [--budget NODES] [--games IDS]
[--after TRICKS] [--ablate] [--tree] [--analyze HANDS]`` (``make bench-solver``). For every game and
player count (the Agram family 2 to its most players, Agency), over a fixed
set of seeded deals, it solves each hand from the deal and from the middle of
the hand (half its tricks played at random, seeded), with the default node
budget, and prints per row the share solved exactly and the time per solve
(median, p95, max) and the nodes searched. Writes every figure to
``bench/results/solver.json``.

``--after 1,2,3`` solves from after that many tricks instead (played at
random, seeded), the stages between the deal and mid-hand: with a large
``--budget``, how many nodes an exact solve needs as the hand gets longer.
``--ablate`` solves each row's hands again with each pruning of the search
turned off in turn (the transposition table, the classes of equivalent
cards, the engine's move order, the outcomes read at each trick's start),
so the nodes each one saves are measured on the same hands.

``--tree`` also prints the searched tree's shape per row (how often the
first move tried decides a test, how many moves the nodes that search every
move have): how far the search is from the least tree the move order allows;
and how many of the nodes are the proofs the tests returned, and how many
were spent, at the proofs' nodes decided by a move, on the moves tried
before it, by the seat's place in its trick: what a better move order could
save at most, and where.

``--analyze 12`` instead reviews that many finished Agency hands (seeded
deals played to their end at random) with ``analyze`` at ``--budget``
(default: the review's default) and prints the share of entries exact, in
all and in the first trick, and the time per review.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

if __package__ in (None, ""):  # run as a script: python bench/solver.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.analysis import compiled, engine  # noqa: E402
from service.analysis.review import DEFAULT_REVIEW_BUDGET, analyze  # noqa: E402
from service.analysis.solver import DEFAULT_BUDGET, Solver, solve  # noqa: E402
from service.games import GAMES  # noqa: E402
from service.games.base import Hand, TrickGame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "solver.json"
STAGES = ("deal", "mid-hand")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=None,
                        help=f"nodes per solve (default each family's: {DEFAULT_BUDGET}; with --analyze, per review: "
                             f"{DEFAULT_REVIEW_BUDGET['agency']:,})")
    parser.add_argument("--after", default=None,
                        help="comma-separated trick counts: solve after that many tricks played at random, not at the deal and mid-hand")
    parser.add_argument("--ablate", action="store_true", help="solve again with each pruning turned off in turn")
    parser.add_argument("--tree", action="store_true",
                        help="also print the searched tree's shape: cuts by the first move tried, moves at nodes that search all")
    parser.add_argument("--analyze", type=int, default=0, metavar="HANDS",
                        help="review that many finished Agency hands with analyze instead, and print the share exact")
    args = deal_arguments(parser, argv, RESULTS, quick=8, full=40, per="row")
    if (args.ablate or args.tree) and compiled:
        parser.error("--ablate and --tree patch the pure-Python engine and search: run with REFEREE_NATIVE=0")
    if args.budget is None and args.analyze:
        args.budget = DEFAULT_REVIEW_BUDGET["agency"]
    args.stages = [f"after {int(n)}" for n in args.after.split(",")] if args.after else list(STAGES)
    return args


def deal_arguments(parser: argparse.ArgumentParser, argv: list[str] | None, results: Path, *, quick: int, full: int,
                   per: str) -> argparse.Namespace:
    """A benchmark's shared options, added to ``parser`` and read: ``--quick``,
    ``--deals`` (``full`` seeded deals per ``per``, ``quick`` with
    ``--quick``), ``--games`` (comma-separated ids; an unknown one stops the
    parser) and ``--output`` (default ``results``)."""
    parser.add_argument("--quick", action="store_true", help=f"fewer deals per {per} ({quick} instead of {full}): a smoke run")
    parser.add_argument("--deals", type=int, default=None, help=f"seeded deals per {per} (default {full}; {quick} with --quick)")
    parser.add_argument("--games", default=",".join(GAMES), help="game ids, comma-separated (default: all)")
    parser.add_argument("--output", type=Path, default=results, help="where to write the JSON results")
    args = parser.parse_args(argv)
    if args.deals is None:
        args.deals = quick if args.quick else full
    args.games = [name.strip() for name in args.games.split(",") if name.strip()]
    unknown = set(args.games) - set(GAMES)
    if unknown:
        parser.error(f"unknown games: {', '.join(sorted(unknown))}")
    return args


def hands(game: TrickGame, players: int, stage: str, deals: int) -> list[Hand]:
    """The row's hands: seeded deals, at the deal or with half the tricks
    played at random (a deal whose hand ends sooner is replaced by the next
    seed)."""
    found: list[Hand] = []
    seed = 0
    while len(found) < deals:
        seed += 1
        if game.id == "agency":
            hand = game.deal(seed=seed, first_leader=seed % 4)
        else:
            hand = game.deal(players=players, dealer=seed % players, seed=seed)
        if stage == "mid-hand":
            rng = random.Random(seed)
            for _ in range(game.max_tricks // 2 * players):
                if hand.hand_over:
                    break
                hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
        elif stage.startswith("after "):
            rng = random.Random(seed)
            while len(hand.tricks) < int(stage.split()[1]) and not hand.hand_over:
                hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
        if not hand.hand_over:
            found.append(hand)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def _each_alone(position: type[engine.Position]) -> None:
    """No classes of equivalent cards: each legal move searched, every member
    of a class where the engine's order puts the class."""
    moves = position.moves

    def every_member(self: engine.Position) -> list[int]:
        members = {group[0]: group for group in self.groups()}
        return [move for first in moves(self) for move in members[first]]

    position.moves = every_member  # type: ignore[method-assign]


def _engine_order(position: type[engine.Position]) -> None:
    """No move order: the engine's moves in card order (Walls last)."""
    moves = position.moves
    position.moves = lambda self: sorted(moves(self))  # type: ignore[method-assign]


def _no_outcomes(position: type[engine.Position]) -> None:
    """No outcomes: every value stays possible until the hand is over."""
    position.outcomes = lambda self, side: (self.value(side),) if self.over else self.values  # type: ignore[method-assign]


def _no_table(position: type[engine.Position]) -> None:
    """No transposition table: no two positions share a key."""
    position.key = lambda self: object()  # type: ignore[method-assign]


ABLATIONS = {"no table": _no_table, "no classes": _each_alone, "no move order": _engine_order, "no outcomes": _no_outcomes}
"""Each pruning turned off, by patching the engine's class for the row (``--ablate``)."""


@contextlib.contextmanager
def ablated(name: str | None, game: TrickGame):
    """The engine of ``game``'s family with the pruning ``name`` turned off (``None``: as it is)."""
    position = engine.ENGINES[game.family]
    patched = ("moves", "outcomes", "key")
    saved = {attribute: position.__dict__[attribute] for attribute in patched if attribute in position.__dict__}
    if name is not None:
        ABLATIONS[name](position)
    try:
        yield
    finally:
        for attribute in patched:
            if attribute in saved:
                setattr(position, attribute, saved[attribute])
            elif attribute in position.__dict__:
                delattr(position, attribute)  # inherited before the patch


SEATS_MOST = 8
"""More seats than any game has: ``tree_shape``'s counts by the seat's place in its trick."""


class _Frame:
    """``tree_shape``'s record of one node under search: its children so far."""

    __slots__ = ("moves", "size", "proof", "wasted", "last")

    def __init__(self) -> None:
        self.moves = 0  # children searched
        self.size = 0  # their nodes
        self.proof = 0  # their proofs' nodes
        self.wasted = [0] * SEATS_MOST  # nodes tried in vain within their proofs, by the seat's place in its trick
        self.last: tuple[int, int, list[int], bool] = (0, 0, [0] * SEATS_MOST, False)  # the last child's (size, proof, wasted, reached)


@contextlib.contextmanager
def tree_shape(counts: dict[str, int]) -> Iterator[None]:
    """Count, while inside, the shape of the searched tree into ``counts``:
    nodes whose search stopped at a move that decided the test (``cut``),
    those stopped by the first move tried (``first``), those that searched
    every move (``all``) and the moves those searched (``all_moves``).

    Also the proofs the tests that finished returned (``proof``: at a node
    decided by a move, that move's subtree; at a node that searched every
    move, all of them; a test's nodes counted once, at its root; a test the
    budget stopped counts in neither) and the nodes spent,
    at the proof's nodes decided by a move, on the moves tried before it
    (``wasted at seat k``, the seat to act the k-th of its trick from 0):
    what a better move order could save at most, and at which seat."""
    search = Solver._search
    frames = [_Frame()]

    def counted(self: Solver, target: int) -> bool:
        position = self.position
        ours = position.side_of[position.to_act] == self._side
        seat = len(position.trick)
        start = self.nodes
        frame = _Frame()
        frames.append(frame)
        try:
            reached = search(self, target)
        finally:
            frames.pop()
        moves = frame.moves
        if moves:
            if reached == ours:
                counts["cut"] = counts.get("cut", 0) + 1
                counts["first"] = counts.get("first", 0) + (moves == 1)
            else:
                counts["all"] = counts.get("all", 0) + 1
                counts["all_moves"] = counts.get("all_moves", 0) + moves
        size = self.nodes - start
        if moves and reached == ours:
            last_size, last_proof, wasted, last_reached = frame.last
            if last_reached == ours:  # the last child searched decided the test: the ones before it were in vain
                proof, wasted = 1 + last_proof, list(wasted)
                wasted[seat] += frame.size - last_size
            else:  # a move read without search (``Position.decided``) decided it: every child was in vain
                proof, wasted = 1, [0] * SEATS_MOST
                wasted[seat] += frame.size
        elif moves:
            proof, wasted = 1 + frame.proof, frame.wasted
        else:  # a leaf: itself, and the positions the engine tried for it (``Position.settled``)
            proof, wasted = size, frame.wasted
        parent = frames[-1]
        if len(frames) == 1:  # a test's root
            counts["proof"] = counts.get("proof", 0) + proof
            for index, nodes in enumerate(wasted):
                if nodes:
                    counts[f"wasted at seat {index}"] = counts.get(f"wasted at seat {index}", 0) + nodes
        else:
            parent.moves += 1
            parent.size += size
            parent.proof += proof
            parent.wasted = [a + b for a, b in zip(parent.wasted, wasted)]
            parent.last = (size, proof, wasted, reached)
        return reached

    Solver._search = counted  # type: ignore[method-assign]
    try:
        yield
    finally:
        Solver._search = search  # type: ignore[method-assign]


def measure(game: TrickGame, players: int, stage: str, deals: int, budget: int | None) -> dict[str, object]:
    """One row: each hand solved once, timed in CPU time (``time.process_time``:
    the machine is shared, and another tenant's load would otherwise count)."""
    times, nodes, exact, answers = [], [], 0, []
    for hand in hands(game, players, stage, deals):
        start = time.process_time()
        solution = solve(hand, budget=budget)
        times.append(time.process_time() - start)
        nodes.append(solution.nodes)
        exact += solution.exact
        answers.append([[move.lower, move.upper] for move in solution.moves])
    return {
        "game": game.id, "players": players, "from": stage, "deals": deals, "exact": exact / deals,
        "median_ms": 1000 * statistics.median(times), "p95_ms": 1000 * percentile(times, 0.95),
        "max_ms": 1000 * max(times), "median_nodes": statistics.median(nodes), "max_nodes": max(nodes),
        "us_per_node": 1e6 * sum(times) / max(1, sum(nodes)), "total_nodes": sum(nodes), "nodes": nodes,
        "answers": answers,
    }


def reviews(hands_: int, budget: int) -> dict[str, object]:
    """``analyze`` of ``hands_`` finished Agency hands (seeds 1, 2, ...,
    played to their end at random, seeded): the share of entries exact, in
    all and in the first trick, and the CPU time per review."""
    game = GAMES["agency"]
    entries = exact = first = first_exact = 0
    times, bounds = [], []
    for seed in range(1, hands_ + 1):
        rng = random.Random(seed)
        hand = game.deal(seed=seed, first_leader=seed % 4)
        while not hand.hand_over:
            hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
        start = time.process_time()
        review = analyze(hand, budget=budget)
        times.append(time.process_time() - start)
        for play in review.plays:
            bounds.append([list(play.before), list(play.after)])
            entries += 1
            exact += play.exact
            first += play.ply < 4
            first_exact += play.ply < 4 and play.exact
    return {"hands": hands_, "budget": budget, "entries": entries, "exact": exact / entries,
            "first_trick_exact": first_exact / first, "median_ms": 1000 * statistics.median(times),
            "p95_ms": 1000 * percentile(times, 0.95), "max_ms": 1000 * max(times), "bounds": bounds}


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.analyze:
        row = reviews(args.analyze, args.budget)
        print(f"analyze: {row['hands']} finished Agency hands, budget {args.budget:,} nodes: {row['entries']} entries, "
              f"{row['exact']:.0%} exact ({row['first_trick_exact']:.0%} in the first trick); "
              f"median {row['median_ms']:.0f} ms, p95 {row['p95_ms']:.0f} ms, max {row['max_ms']:.0f} ms a review")
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps({"analyze": row}, indent=2) + "\n")
        return
    budget = "each family's default" if args.budget is None else f"{args.budget:,} nodes"
    print(f"solver benchmark: {args.deals} seeded deals per row, budget {budget}, "
          f"Python {platform.python_version()}\n")
    print("| game | players | from | search | exact | median ms | p95 ms | max ms | median nodes | max nodes | µs/node |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    rows = []
    for game_id in args.games:
        game = GAMES[game_id]
        for players in range(game.min_players, game.max_players + 1):
            for stage in args.stages:
                for ablation in (None, *ABLATIONS) if args.ablate else (None,):
                    counts: dict[str, int] = {}
                    with ablated(ablation, game), tree_shape(counts) if args.tree else contextlib.nullcontext():
                        row = measure(game, players, stage, args.deals, args.budget)
                    row["search"] = ablation or "as served"
                    rows.append(row)
                    print(f"| {row['game']} | {players} | {stage} | {row['search']} | {row['exact']:.0%} | {row['median_ms']:.1f} | "
                          f"{row['p95_ms']:.1f} | {row['max_ms']:.1f} | {row['median_nodes']:,.0f} | {row['max_nodes']:,} | "
                          f"{row['us_per_node']:.1f} |", flush=True)
                    if args.tree:
                        row["tree"] = counts
                        print(f"  tree: {counts.get('first', 0) / max(1, counts.get('cut', 0)):.0%} of {counts.get('cut', 0):,} "
                              f"cuts by the first move tried; {counts.get('all', 0):,} nodes searched every move, "
                              f"{counts.get('all_moves', 0) / max(1, counts.get('all', 0)):.2f} moves each", flush=True)
                        wasted = [counts.get(f"wasted at seat {index}", 0) for index in range(players)]
                        print(f"  proof: {counts.get('proof', 0):,} nodes in the proofs returned; at their nodes decided by a "
                              f"move, {sum(wasted):,} searched before it (by the seat's place in its trick, from the "
                              f"leader: {', '.join(f'{nodes:,}' for nodes in wasted)})", flush=True)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps({"budget": args.budget, "deals": args.deals, "rows": rows}, indent=2) + "\n")
    print(f"\nwritten to {args.output.relative_to(ROOT) if args.output.is_relative_to(ROOT) else args.output}")


if __name__ == "__main__":
    main()
