"""The bots' strength benchmark: ``python -m bench.bots`` (``make bench-bots``).

Seat-rotated hands: each deal is played once with the bot in every seat
(Agency: a team of two bots, seats 0 and 2, then 1 and 3, against two other
players), so the luck of the deal cancels. For every game and player count 2
to 5, each level plays against ``random`` and against ``rules``, and so does
a perfect-information bot (``perfect``: the searching level given the true
hand as its only world; it reads the hand, so it is only for this
benchmark), the ceiling. Every row of a game and player count plays the same
deals.

Reported per row: the bot's win rate (Agency: its team's; a void hand is not
a win), with a 95% interval over deals (each deal's rotations averaged, so
the interval counts deals, not correlated hands); Spar's points, Agency's
card points and Fapfap's payout (stake 1) per hand, likewise; and beside
each row the difference from the ``rules`` and ``random`` rows against the
same opponents, paired by deal, with its 95% interval. Then the time per move
of each level (median, p95, max, one process each, on a machine shared with
the other worker), per family of games.

Options: ``--quick`` (a smoke run of a few minutes), ``--hands N`` (hands per
row; rounded up to whole deals), ``--games``, ``--levels``, ``--opponents``,
``--players``, ``--jobs``; ``--save FILE`` writes every deal played so far to
``FILE`` (JSON) as the run goes, and a run given a ``FILE`` that exists goes
on from it (the deals it holds are not played again: a deal's hands are the
same in every run); ``--report FILE ...`` prints the tables of saved runs
without playing (bench/README.md's, ``summary``, then the full one). Deals are played in rounds, the first deals of
every row before the next ones, so a run stopped early has every row of a
game and player count on the same first deals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from service.analysis.bots import DEFAULT_BACKUP, DEFAULT_BUDGET, Backup, Budget, Level, rules_move, search_move
from service.analysis.draw import Draw
from service.analysis.knows import knows_of
from service.games import GAMES, AgencyGame, Hand, TrickGame
from service.games.agency import team

PERFECT = "perfect"
BACKUPS = {f"search-{backup.value}": backup for backup in Backup if backup is not DEFAULT_BACKUP}
"""The searching level with each other per-world backup (``Backup``): the duplicate ladder's rows."""
LEVELS = (Level.RANDOM.value, Level.RULES.value, Level.SEARCH.value, PERFECT, *BACKUPS)
DEFAULT_LEVELS = LEVELS[:4]
OPPONENTS = (Level.RANDOM.value, Level.RULES.value)
FULL_HANDS = 2000
QUICK_HANDS = 40
ROUND = 10
"""The most deals of one row a task plays: a round of the run (``main``)."""
SAVE_SECONDS = 30
"""``--save`` rewrites its file whole, at most this often (and after the last task): a row of
the quick levels plays its 10 deals in a fraction of the time writing megabytes of JSON takes."""


# -- playing hands ---------------------------------------------------------------------


class PerfectWorlds:
    """The searching level's worlds when it may read the hand: the hand itself."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.history = tuple(hand.history)

    def draw(self, draw: Draw) -> Hand:
        return self.hand


def move_of(level: str, game: TrickGame, hand: Hand, seed: int, budget: Budget) -> Any:
    """The move of ``level`` for the seat to act: from its view, except the
    perfect-information bot, which is given the hand."""
    seat = hand.to_act
    view = game.observe(hand, seat)
    knows = knows_of(view)
    draw = Draw(seed)
    if level == Level.RANDOM:
        return draw.choice(view.legal_moves)
    if level == Level.RULES:
        return rules_move(view, knows)
    if level == Level.SEARCH:
        return search_move(view, knows, draw, budget)
    if level in BACKUPS:
        return search_move(view, knows, draw, budget, backup=BACKUPS[level])
    # One world: its playouts are the same in every draw.
    return search_move(view, knows, draw, Budget(worlds=1, plies=budget.plies), worlds=PerfectWorlds(hand))


@dataclass(frozen=True, slots=True)
class Task:
    """Deals ``first .. first + count - 1`` of one row."""

    game: str
    players: int
    level: str
    opponent: str
    first: int
    count: int
    budget: Budget


@dataclass(slots=True)
class Outcome:
    """What a task's hands gave: per deal, the bot's mean win, points and
    payout over its rotations; the time of each of its moves (seconds)."""

    task: Task
    wins: dict[int, float] = field(default_factory=dict)
    points: dict[int, float] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)


def deal(game: TrickGame, players: int, number: int) -> Hand:
    """Deal ``number`` of a game and player count: the same for every row."""
    seed = 1_000_003 * number + 7919 * players + sum(map(ord, game.id))
    if isinstance(game, AgencyGame):
        return game.deal(seed=seed, first_leader=number % 4)
    return game.deal(seed=seed, players=players, dealer=number % players)


def rotations(game: TrickGame, players: int) -> list[tuple[int, ...]]:
    """The bot's seats in each rotation (Agency: a team, A4)."""
    if isinstance(game, AgencyGame):
        return [(0, 2), (1, 3)]
    return [(seat,) for seat in range(players)]


def play_hand(game: TrickGame, hand: Hand, bots: tuple[int, ...], level: str, opponent: str, seed: int,
              budget: Budget, times: list[float]) -> Hand:
    """Play ``hand`` out: ``level`` in the seats ``bots``, ``opponent`` in the others."""
    ply = 0
    while not hand.hand_over:
        seat = hand.to_act
        assert seat is not None
        mine = seat in bots
        started = time.process_time()
        move = move_of(level if mine else opponent, game, hand, seed * 1009 + ply, budget)
        if mine:
            times.append(time.process_time() - started)
        hand, _ = game.play(hand, move)
        ply += 1
    return hand


def result(game: TrickGame, hand: Hand, bots: tuple[int, ...]) -> tuple[float, float]:
    """The bot's win (1 or 0) and its points: Spar's points, Fapfap's
    payout, Agency's team card points; elsewhere the win again."""
    seat = bots[0]
    score = game.score(hand)
    if isinstance(game, AgencyGame):
        return float(score.winner == team(seat)), float(score.team_points[team(seat)])  # type: ignore[attr-defined]
    return float(score.winner == seat), float(game.seat_value(hand, seat))


def run_task(task: Task) -> Outcome:
    game = GAMES[task.game]
    outcome = Outcome(task)
    for number in range(task.first, task.first + task.count):
        wins, points = [], []
        for rotation, bots in enumerate(rotations(game, task.players)):
            hand = play_hand(game, deal(game, task.players, number), bots, task.level, task.opponent,
                             number * 31 + rotation, task.budget, outcome.times)
            win, point = result(game, hand, bots)
            wins.append(win)
            points.append(point)
        outcome.wins[number] = statistics.fmean(wins)
        outcome.points[number] = statistics.fmean(points)
    return outcome


# -- the table ---------------------------------------------------------------------------


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def paired(a: dict[int, float], b: dict[int, float]) -> tuple[float, float]:
    """The mean difference ``a - b`` over the deals both played, and its 95% half-width."""
    common = sorted(set(a) & set(b))
    return interval([a[n] - b[n] for n in common]) if common else (math.nan, math.nan)


DEFAULT_MOST_PLAYERS = 5
"""The rows a run plays unless ``--players`` names others: 2 to 5 players (the issue's table)."""


def configurations(games: Sequence[str], players: Sequence[int] | None = None) -> list[tuple[str, int]]:
    """Each game's player counts: those of ``players`` the game allows, or
    by default 2 to :data:`DEFAULT_MOST_PLAYERS` (6 and 7 only when named)."""
    found = []
    for game_id in games:
        game = GAMES[game_id]
        for count in range(max(2, game.min_players), game.max_players + 1):
            if (count in players) if players is not None else (count <= DEFAULT_MOST_PLAYERS):
                found.append((game_id, count))
    return found


def points_label(game: TrickGame) -> str | None:
    if isinstance(game, AgencyGame):
        return "card points"
    if game.id == "spar":
        return "points"
    if game.id == "fapfap":
        return "payout"
    return None


def save(path: str, outcomes: dict[tuple[str, int, str, str], Outcome]) -> None:
    """Write every row's deals played so far to ``path``, replacing it whole
    (written beside it, then renamed): a JSON list of rows, each ``game``,
    ``players``, ``level``, ``opponent``, ``wins`` and ``points`` (deal
    number, as a string, -> the bot's mean over the deal's rotations, as
    ``Outcome``) and ``times`` (seconds of CPU per bot move)."""
    rows = [{"game": game_id, "players": players, "level": level, "opponent": opponent,
             "wins": outcome.wins, "points": outcome.points, "times": outcome.times}
            for (game_id, players, level, opponent), outcome in outcomes.items()]
    with open(path + ".part", "w", encoding="utf-8") as out:
        json.dump(rows, out)
    os.replace(path + ".part", path)


def load(path: str) -> dict[tuple[str, int, str, str], Outcome]:
    """The rows ``save`` wrote."""
    with open(path, encoding="utf-8") as saved:
        rows = json.load(saved)
    found = {}
    for row in rows:
        task = Task(row["game"], row["players"], row["level"], row["opponent"], 0, 0, DEFAULT_BUDGET)
        found[(row["game"], row["players"], row["level"], row["opponent"])] = Outcome(
            task, {int(n): w for n, w in row["wins"].items()}, {int(n): p for n, p in row["points"].items()}, row["times"])
    return found


def _played(outcome: Outcome | None, task: Task) -> bool:
    """Whether ``outcome`` holds every deal of ``task``."""
    return outcome is not None and all(n in outcome.wins for n in range(task.first, task.first + task.count))


def report(outcomes: dict[tuple[str, int, str, str], Outcome]) -> str:
    lines = [
        "| game | players | bot | against | hands | win rate (95%) | vs rules level (95%) | vs random level (95%) | vs search level (95%) "
        "| points per hand (95%) |",
        "|---|---:|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for (game_id, players, level, opponent), outcome in sorted(outcomes.items(), key=_order):
        game = GAMES[game_id]
        per_deal = len(rotations(game, players))
        mean, half = interval(list(outcome.wins.values()))
        cells = [game_id, str(players), level, opponent, f"{len(outcome.wins) * per_deal:,}", f"{mean:.1%} ± {half:.1%}"]
        for other in (Level.RULES.value, Level.RANDOM.value, Level.SEARCH.value):  # the last: the duplicate ladder's
            base = outcomes.get((game_id, players, other, opponent))
            if base is None or other == level:
                cells.append("")
            else:
                diff, width = paired(outcome.wins, base.wins)
                cells.append(f"{diff:+.1%} ± {width:.1%}")
        label = points_label(game)
        if label:
            pmean, phalf = interval(list(outcome.points.values()))
            cells.append(f"{pmean:.2f} ± {phalf:.2f} {label}")
        else:
            cells.append("")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def summary(outcomes: dict[tuple[str, int, str, str], Outcome]) -> str:
    """bench/README.md's tables: for each opponent, the searching level's row of
    every game and player count played, its win rate less the ``random``
    and ``rules`` levels' (paired by deal, in points of win rate), its
    points per hand where the game has them (Fapfap's payout, Spar's points,
    Agency's card points) less the ``rules`` level's, and ``perfect``'s win
    rate: the ceiling of sampling worlds."""
    tables = []
    for opponent in OPPONENTS:
        lines = [f"Against `{opponent}` opponents:", "",
                 "| game | players | search (hands) | − random level | − rules level | points per hand | − rules level, points | perfect |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for game_id, players in configurations(list(GAMES)):
            search = outcomes.get((game_id, players, Level.SEARCH.value, opponent))
            if search is None:
                continue
            game = GAMES[game_id]
            cells = [game_id, str(players), _rate(search, game, players)]
            random_level, rules_level = (outcomes.get((game_id, players, other, opponent)) for other in (Level.RANDOM.value, Level.RULES.value))
            for base in (random_level, rules_level):
                cells.append(_difference(search.wins, base.wins, 100, ".1f") if base else "not run")
            if points_label(game):
                pmean, phalf = interval(list(search.points.values()))
                cells += [f"{pmean:.2f} ± {phalf:.2f}", _difference(search.points, rules_level.points, 1, ".2f") if rules_level else "not run"]
            else:
                cells += ["", ""]
            perfect = outcomes.get((game_id, players, PERFECT, opponent))
            cells.append(_rate(perfect, game, players) if perfect else "not run")
            lines.append("| " + " | ".join(cells) + " |")
        if len(lines) > 4:  # an opponent no search row played against has no table
            tables.append("\n".join(lines))
    return "\n\n".join(tables)


def _rate(outcome: Outcome, game: TrickGame, players: int) -> str:
    """A row's win rate with its 95% interval and its hands, as bench/README.md gives it."""
    mean, half = interval(list(outcome.wins.values()))
    return f"{mean:.1%} ± {half:.1%} ({len(outcome.wins) * len(rotations(game, players)):,})"


def _difference(a: dict[int, float], b: dict[int, float], scale: float, spec: str) -> str:
    """``paired(a, b)`` times ``scale``, signed, with its 95% half-width."""
    diff, width = paired(a, b)
    return f"{diff * scale:+{spec}} ± {width * scale:{spec}}".replace("-", "−")


def _order(item: tuple[tuple[str, int, str, str], Outcome]) -> tuple[int, int, int, int]:
    (game_id, players, level, opponent), _ = item
    return (list(GAMES).index(game_id), players, OPPONENTS.index(opponent), LEVELS.index(level))


def time_report(outcomes: dict[tuple[str, int, str, str], Outcome]) -> str:
    by: dict[tuple[str, str], list[float]] = defaultdict(list)
    for (game_id, players, level, _), outcome in outcomes.items():
        family = "Agency" if GAMES[game_id].family == "agency" else "Agram family"
        if players > DEFAULT_MOST_PLAYERS:
            family += f", {DEFAULT_MOST_PLAYERS + 1}+ players"
        by[(family, level)] += outcome.times
    lines = ["| family | level | moves | median ms | p95 ms | max ms |", "|---|---|---:|---:|---:|---:|"]
    for (family, level), times in sorted(by.items(), key=lambda item: (item[0][0], LEVELS.index(item[0][1]))):
        if not times:
            continue
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
        lines.append(f"| {family} | {level} | {len(times):,} | {statistics.median(times) * 1e3:.1f} | {p95 * 1e3:.1f} | "
                     f"{ordered[-1] * 1e3:.1f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_HANDS} hands per row (a smoke run)")
    parser.add_argument("--hands", type=int, default=None, help=f"hands per row (default {FULL_HANDS})")
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--levels", nargs="*", default=list(DEFAULT_LEVELS), choices=list(LEVELS),
                        help="the bots' levels (default: random, rules, search, perfect); search-paranoid, search-maxn, "
                             "search-maxn-even and search-best-reply are the searching level with another per-world backup")
    parser.add_argument("--opponents", nargs="*", default=list(OPPONENTS), choices=list(OPPONENTS))
    parser.add_argument("--players", nargs="*", type=int, default=None, help="player counts (default 2 to 5; 6 and 7 when named)")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)), help="worker processes")
    parser.add_argument("--worlds", type=int, default=DEFAULT_BUDGET.worlds, help="the searching level's worlds")
    parser.add_argument("--plies", type=int, default=DEFAULT_BUDGET.plies, help="the searching level's playout plies")
    parser.add_argument("--save", default=None, help="write the deals played so far to this file (JSON) as the run goes")
    parser.add_argument("--report", nargs="*", default=None, help="print the tables of these saved runs (bench/README.md's, the full one, the times), playing nothing")
    args = parser.parse_args(argv)
    if args.report is not None:
        outcomes = {}
        for path in args.report:
            outcomes.update(load(path))
        print(summary(outcomes))
        print()
        print(report(outcomes))
        print()
        print(time_report(outcomes))
        return 0
    hands = args.hands or (QUICK_HANDS if args.quick else FULL_HANDS)
    budget = Budget(worlds=args.worlds, plies=args.plies)
    configs = configurations(args.games, args.players)
    tasks = []
    for game_id, players in configs:
        per_deal = len(rotations(GAMES[game_id], players))
        deals = math.ceil(hands / per_deal)
        chunk = min(ROUND, math.ceil(deals / 8))
        for level in args.levels:
            for opponent in args.opponents:
                for first in range(0, deals, chunk):
                    tasks.append(Task(game_id, players, level, opponent, first, min(chunk, deals - first), budget))
    # Round by round (the first deals of every row, then the next); within a round the slow rows first.
    tasks.sort(key=lambda t: (t.first, t.level not in (Level.SEARCH, PERFECT), GAMES[t.game].family != "agency",
                              -t.players))
    outcomes: dict[tuple[str, int, str, str], Outcome] = {}
    if args.save and os.path.exists(args.save):
        outcomes = load(args.save)
        tasks = [t for t in tasks if not _played(outcomes.get((t.game, t.players, t.level, t.opponent)), t)]
    print(f"{len(tasks)} tasks, {len(configs)} game and player counts, {hands} hands per row, "
          f"budget {budget.worlds} worlds / {budget.plies} plies, {args.jobs} processes", file=sys.stderr)
    started = saved = time.monotonic()
    with Pool(args.jobs) as pool:
        for done, part in enumerate(pool.imap_unordered(run_task, tasks), start=1):
            t = part.task
            key = (t.game, t.players, t.level, t.opponent)
            whole = outcomes.setdefault(key, Outcome(t))
            whole.wins.update(part.wins)
            whole.points.update(part.points)
            whole.times += part.times
            if args.save and (done == len(tasks) or time.monotonic() - saved >= SAVE_SECONDS):
                save(args.save, outcomes)
                saved = time.monotonic()
            elapsed = time.monotonic() - started
            print(f"[{done}/{len(tasks)} {elapsed:,.0f}s, about {elapsed / done * (len(tasks) - done):,.0f}s left] "
                  f"{t.game} {t.players}p {t.level} vs {t.opponent}: deals {t.first}-{t.first + t.count - 1}",
                  file=sys.stderr, flush=True)
    print(summary(outcomes))
    print()
    print(report(outcomes))
    print()
    print(time_report(outcomes))
    print(f"\n{hands} hands per row; {time.monotonic() - started:,.0f} s with {args.jobs} processes.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

