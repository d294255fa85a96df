"""The round trip of records (docs/notation.md), timed per record.

Usage: ``python -m bench.records [--quick] [--hands N] [--seed S]``

For each game it generates hands as the referee builds them (``random_hand``:
random seating, options, deal source and stage, first hands and later hands
of matches, some of them finished sealed hands with a nonce) and times, for
each hand, the round trip a record makes: ``write_record``, ``read_record``,
``replay_record`` (the deal and every play checked by the rules), and
``write_record`` again, which must give the same line. It prints, per game,
the time per record (median and 95th percentile, and each stage's median)
and the longest record, with the size goals of docs/notation.md.

Each record's round trip runs ``--repeat`` times (default 2) and each stage
counts its least time: the machine is shared, and a single try now and then
loses a few milliseconds to another process. Generating the hands is not timed. Figures are from one run on a shared
machine: compare the stages and games with each other, not across runs.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.cards import SEED_MAX  # noqa: E402
from service.errors import RulesRefusal  # noqa: E402
from service.games import GAMES, Hand, TrickGame  # noqa: E402
from service.games.records import OptionSpec  # noqa: E402
from service.notation import read_record, replay_record, write_record  # noqa: E402

HANDS = 100_000
QUICK_HANDS = 2_000
POOL = 64
"""Finished hands kept per game to deal later hands of matches from."""


@dataclass(frozen=True)
class Nonce:
    """A sealed hand's provenance, as ``write_record`` reads it."""

    nonce: bytes | None


# -- hands as the referee builds them --------------------------------------------


def option_value(spec: OptionSpec, rng: random.Random) -> Any:
    """A value the option accepts: its bounds, its default or anything between."""
    if spec.type == "boolean":
        return rng.random() < 0.5
    low, high = spec.minimum or 0, spec.maximum or 0
    choices = [low, high, rng.randint(low, high), rng.randint(low, min(high, low + 9))]
    if spec.nullable:
        choices.append(None)
    return rng.choice(choices)


def deal_source(game: TrickGame, rng: random.Random, players: int) -> dict[str, Any]:
    """A seed (most often), a deck order, or each seat's dealt cards."""
    kind = rng.random()
    if kind < 0.6:
        return {"seed": rng.randint(0, SEED_MAX)}
    deck = rng.sample(game.deck, len(game.deck))
    if kind < 0.8:
        return {"deck": deck}
    size = game.hand_size
    return {"hands": [deck[seat * size:(seat + 1) * size] for seat in range(players)]}


def play(game: TrickGame, hand: Hand, rng: random.Random, plays: int | None = None) -> Hand:
    """``hand`` after ``plays`` random legal plays (``None``: to its end)."""
    while not hand.hand_over and (plays is None or plays > 0):
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
        plays = None if plays is None else plays - 1
    return hand


def first_hand(game: TrickGame, rng: random.Random) -> Hand:
    """A match's first hand, just dealt: random seating, options and deal."""
    options = {spec.name: option_value(spec, rng) for spec in game.options if rng.random() < 0.4}
    if game.family == "agency":
        players, seating = game.max_players, {"first_leader": rng.randrange(game.max_players)}
    else:
        players = rng.randint(game.min_players, game.max_players)
        seating = {"players": players, "dealer": rng.randrange(players)}
    return game.deal(options=options, **seating, **deal_source(game, rng, players))


def next_hand(game: TrickGame, previous: Hand, rng: random.Random) -> Hand | None:
    """The hand after a finished one (Agency: a random leader of the
    choosing team), or ``None`` once its match is over."""
    if game.match_status(previous).over:
        return None
    source = deal_source(game, rng, previous.players)
    if game.family == "agency":
        try:
            return game.deal(previous=previous, first_leader=rng.randrange(game.max_players), **source)
        except RulesRefusal:  # a seat of the other team (A14): the default leader
            pass
    return game.deal(previous=previous, **source)


def random_hand(game: TrickGame, rng: random.Random, pool: list[Hand] | None = None) -> tuple[Hand, Nonce]:
    """A hand as the referee could have built it, and its provenance.

    A first hand, or (about half the time) a later hand of a match: dealt
    after a finished hand of ``pool`` when one is given, else after 1 to 3
    hands played out here. Then a random number of plays, to the end about
    a third of the time. A finished hand from a seed is, one time in three,
    a sealed one: its provenance has a nonce.
    """
    hand = first_hand(game, rng)
    if rng.random() < 0.5:
        earlier = [rng.choice(pool)] if pool else []
        if not earlier:
            for _ in range(rng.randint(1, 3)):
                earlier.append(play(game, hand, rng))
                following = next_hand(game, earlier[-1], rng)
                if following is None:
                    break
                hand = following
        else:
            hand = next_hand(game, earlier[0], rng) or hand
    hand = play(game, hand, rng, None if rng.random() < 0.35 else rng.randint(0, 4 * game.max_tricks))
    sealed = hand.seed is not None and hand.hand_over and rng.random() < 1 / 3
    return hand, Nonce(rng.randbytes(16) if sealed else None)


# -- the measure -------------------------------------------------------------------


def round_trip(hand: Hand, provenance: Nonce) -> tuple[str, list[int]]:
    """The record of ``hand`` and the nanoseconds of each stage: write, read,
    replay, write again (which must give the same line)."""
    clock = time.perf_counter_ns
    t0 = clock()
    text = write_record(hand, provenance)
    t1 = clock()
    record = read_record(text)
    t2 = clock()
    again = replay_record(record)[0]
    t3 = clock()
    rewritten = write_record(again, record.provenance)
    t4 = clock()
    if rewritten != text:
        raise AssertionError(f"the round trip changed a record:\n{text}\n{rewritten}")
    return text, [t1 - t0, t2 - t1, t3 - t2, t4 - t3]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(game: TrickGame, hands: int, repeat: int, rng: random.Random, progress: Callable[[str], None]) -> dict[str, Any]:
    pool: list[Hand] = []
    stages: list[list[int]] = []
    longest = {"any": "", "plain": ""}
    longest_five = ""
    for index in range(hands):
        hand, provenance = random_hand(game, rng, pool)
        if hand.hand_over and len(pool) < POOL:
            pool.append(hand)
        elif hand.hand_over:
            pool[rng.randrange(POOL)] = hand
        text, times = round_trip(hand, provenance)
        for _ in range(repeat - 1):  # the least disturbed of the tries, stage by stage
            times = [min(pair) for pair in zip(times, round_trip(hand, provenance)[1], strict=True)]
        stages.append(times)
        if len(text) > len(longest["any"]):
            longest["any"] = text
        if provenance.nonce is None and len(text) > len(longest["plain"]):
            longest["plain"] = text
        if hand.players == 5 and provenance.nonce is None and len(text) > len(longest_five):
            longest_five = text
        if index % 1000 == 999:
            gc.collect()
            progress(f"{game.id}: {index + 1:,} records")
    totals = [sum(times) / 1000 for times in stages]
    return {
        "game": game.id,
        "records": hands,
        "median_us": statistics.median(totals),
        "p95_us": percentile(totals, 0.95),
        "stages_us": [statistics.median(times[i] / 1000 for times in stages) for i in range(4)],
        "longest": longest["any"],
        "longest_plain": longest["plain"],
        "longest_five_players": longest_five,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_HANDS:,} hands per game instead of {HANDS:,}")
    parser.add_argument("--hands", type=int, default=None, help="hands per game")
    parser.add_argument("--seed", type=int, default=20, help="the generator's seed")
    parser.add_argument("--repeat", type=int, default=2, help="round trips per record; each stage's time is the least of them")
    args = parser.parse_args(argv)
    hands = args.hands or (QUICK_HANDS if args.quick else HANDS)

    def progress(line: str) -> None:
        print(f"  {line}", file=sys.stderr, flush=True)

    rows = []
    gc.disable()
    try:
        for game in GAMES.values():
            rows.append(measure(game, hands, args.repeat, random.Random(f"{args.seed}/{game.id}"), progress))
    finally:
        gc.enable()
    print(f"Round trip of records (write, read, replay, write), {hands:,} generated hands per game, "
          f"each stage the least of {args.repeat} tries, one run:\n")
    print("| game | records | median µs | p95 µs | write | read | replay | write again | longest | longest, no nonce |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        write, read, replay, again = row["stages_us"]
        print(f"| {row['game']} | {row['records']:,} | {row['median_us']:.0f} | {row['p95_us']:.0f} | {write:.0f} | {read:.0f} "
              f"| {replay:.0f} | {again:.0f} | {len(row['longest'])} | {len(row['longest_plain'])} |")
    agram, agency = (next(row for row in rows if row["game"] == name) for name in ("agram", "agency"))
    print(f"\nSize goals (docs/notation.md), the provenance aside: the longest 5-player Agram record without a nonce has "
          f"{len(agram['longest_five_players'])} characters (goal: 200); the longest Agency record without a nonce "
          f"{len(agency['longest_plain'])} (goal: 300), with one {len(agency['longest'])}.")
    for row in rows:
        print(f"\nLongest {row['game']} record ({len(row['longest'])} characters):\n    {row['longest']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
