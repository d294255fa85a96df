"""Mutation check of the rules core: does the test suite catch realistic bugs?

Each mutant below is one small, plausible bug: an exact piece of text in one
file of the rules core and what replaces it. The harness copies the repository
to a temporary directory (the working tree is never touched), applies one
mutant to the copy, runs pytest there, and reports whether the suite failed
(the mutant is *killed*) or passed (it *survived*). A mutant whose text is no
longer found, exactly once, is *stale*: the code moved on and the mutant must
be written again against it. Before the mutants, the unmutated copy must pass,
or no result would mean anything.

Tests taken from an older revision (``--tests-from``) may be written against
an interface the code has since changed, so some fail on the unmutated copy.
With ``--drop-baseline-failures`` those tests are listed and left out of every
mutant's run (the report says how many), instead of stopping the run; what the
rest of that older suite kills is then still measured.

Usage (from the repository root):

    .venv/bin/python -m tools.mutation                 # every mutant, the fast tests
    .venv/bin/python -m tools.mutation --only a12b-either-holder spar-tally-one
    .venv/bin/python -m tools.mutation --tests-from main   # the tests/ of a git revision
    .venv/bin/python -m tools.mutation --tests-from REV --drop-baseline-failures   # an older suite, less what no longer runs
    .venv/bin/python -m tools.mutation -- tests/test_rules_agency.py   # another selection
    .venv/bin/python -m tools.mutation --list

Re-targeting: when the code a mutant names is rewritten, keep the mutant's id
and intent (the comment above it says what bug it stands for) and express the
same bug against the new code.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DEFAULT_SELECTION = [
    "tests/test_rules_cards.py",
    "tests/test_rules_agency.py",
    "tests/test_rules_agram.py",
    "tests/test_cases.py",
    "tests/test_api_games.py",
    "tests/test_api_match.py",
    "tests/test_api_replay_check.py",
    "tests/test_api_hardening.py",
    "tests/test_invalid_states.py",
    "tests/test_views.py",
    "tests/test_playouts.py",
    "tests/test_trust.py",
    "tests/test_reading.py",
]
"""The fast rule and API tests, rule tests first (they fail soonest)."""

PYTEST_OPTIONS = ["-x", "-q", "-p", "no:cacheprovider"]

FAILURES_PLUGIN = '''
import os


def _record(nodeid):
    with open(os.environ["MUTATION_FAILURES"], "a", encoding="utf-8") as out:
        out.write(nodeid + "\\n")


def pytest_runtest_logreport(report):
    if report.failed:
        _record(report.nodeid)


def pytest_collectreport(report):
    if report.failed:
        _record(report.nodeid)
'''
"""A pytest plugin writing the node id of every failed test or collector to
the file named by ``MUTATION_FAILURES`` (ids may hold spaces, so the summary
lines are not parsed for this)."""

BASE = "service/games/base.py"
AGENCY = "service/games/agency.py"
LAST_TRICK = "service/games/last_trick.py"
TRICKS = "service/tricks.py"
CARDS = "service/cards.py"
READING = "service/schemas/reading.py"


@dataclass(frozen=True)
class Mutant:
    id: str
    file: str
    old: str
    new: str
    description: str


MUTANTS = [
    # -- the twelve realistic bugs ----------------------------------------
    # A12b: the hand ends when one seat has no card in BOTH of its holders;
    # the bug ends it as soon as either of a seat's holders is empty.
    Mutant(
        "a12b-either-holder", AGENCY,
        "if any(not self.holders[a] and not self.holders[b] for a, b in HOLDERS_OF):",
        "if any(not self.holders[a] or not self.holders[b] for a, b in HOLDERS_OF):",
        "A12b: hand ends when either holder of a seat is empty, not both",
    ),
    # F7: Spar's match tally counts the hand's points (3 for a 6, 2 for a 7,
    # else 1); the bug counts 1 per hand won, as in Agram. HandsWon scores
    # Agram, Sink-Sink and the Mali version too, but their hands are worth 1
    # anyway: only Spar changes. The hand's own score (points) is untouched.
    Mutant(
        "spar-tally-one", LAST_TRICK,
        "return tuple(value + self.worth(hand) if seat == winner else value for seat, value in enumerate(previous))",
        "return tuple(value + 1 if seat == winner else value for seat, value in enumerate(previous))",
        "F7: Spar tally adds 1 per hand won instead of the hand's points",
    ),
    # Seeded shuffle, step 2: a word x is rejected when x >= 2**64 - (2**64 mod m);
    # the bug accepts x equal to that bound (off by one).
    Mutant(
        "uniform-bound-off-by-one", CARDS,
        "    while x >= limit:",
        "    while x > limit:",
        "shuffle step 2: the word equal to the rejection bound is accepted",
    ),
    # F5: a seat must follow the LED suit (the first card's); the bug makes it
    # follow the suit of the card played just before it.
    Mutant(
        "follow-last-card", LAST_TRICK,
        "led = self.plays[0].card.suit",
        "led = self.plays[-1].card.suit",
        "F5: follow the suit of the previous card, not the led suit",
    ),
    # A11: the highest Van (trump) wins when any Van was played; the bug
    # always looks only at the led suit.
    Mutant(
        "trump-never-wins", TRICKS,
        "if suit is None or (card.suit == trump and suit != trump):",
        "if suit is None:",
        "A11: a Van does not win a trick led in another suit",
    ),
    # A8: a Wall may be led only when everything the leader reaches, in BOTH
    # holders, is a Wall; the bug looks only at the seat's own holder.
    Mutant(
        "wall-lead-own-holder-only", AGENCY,
        "if not self.plays and any(not reached.is_wall for _, cards in ends for reached in cards):",
        "if not self.plays and any(not reached.is_wall for h, cards in ends if h == seat for reached in cards):",
        "A8: Wall lead allowed while the other holder has suited cards in reach",
    ),
    # A10: a second Wall in a trick is never legal; the bug refuses it only
    # when the Wall was led.
    Mutant(
        "second-wall-allowed", AGENCY,
        "if any(play.card.is_wall for play in self.plays):",
        "if self.plays and self.plays[0].card.is_wall:",
        "A10: a second Wall is allowed unless the first was led",
    ),
    # A12c: the hand ends when a team has early_end_points (22) OR MORE; the
    # bug needs strictly more.
    Mutant(
        "early-end-strictly-more", AGENCY,
        "elif max(self.team_points) >= self.options[\"early_end_points\"]:",
        "elif max(self.team_points) > self.options[\"early_end_points\"]:",
        "A12c: hand ends only above early_end_points, not at it",
    ),
    # A13: on equal points the team that won the LAST completed trick wins;
    # the bug takes the first trick.
    Mutant(
        "tie-break-first-trick", AGENCY,
        "last = self.tricks[-1].winner",
        "last = self.tricks[0].winner",
        "A13: equal points go to the team of the first trick, not the last",
    ),
    # F3: the seat after the dealer receives the first batch and the dealer
    # the last; the bug starts with the dealer.
    Mutant(
        "deal-starts-at-dealer", LAST_TRICK,
        "for offset in range(1, players + 1):",
        "for offset in range(players):",
        "F3: dealing starts at the dealer instead of the seat after it",
    ),
    # F2/F6: Fapfap's multiplier is 4 when tricks 4 AND 5 are both won by a 3;
    # the bug gives 4 whenever trick 4 was won by a 3 (FapfapPayouts.multiplier).
    Mutant(
        "fapfap-four-on-trick-4-only", LAST_TRICK,
        "        if last.card is None or last.card.rank != self.bonus_rank:\n            return 1\n",
        "        if before is not None and before.card is not None and before.card.rank == self.bonus_rank:\n            return 4\n"
        "        if last.card is None or last.card.rank != self.bonus_rank:\n            return 1\n",
        "F2: Fapfap multiplier 4 when only trick 4 was won by a 3",
    ),
    # A5: a holder is c1 c2 c3 W c4 c5 W c6 c7 c8; the bug puts the second
    # Wall one card later (c1 c2 c3 W c4 c5 c6 W c7 c8).
    Mutant(
        "splay-second-wall-shifted", AGENCY,
        "return (*dealt[:3], WALL, *dealt[3:5], WALL, *dealt[5:])",
        "return (*dealt[:3], WALL, *dealt[3:6], WALL, *dealt[6:])",
        "A5: the second Wall stands after c6 instead of after c5",
    ),
    # -- six more ------------------------------------------------------------
    # F7: the match ends when a seat's tally REACHES the target; the bug needs
    # it to pass the target. The match status is now worked out once in
    # base.py (TrickGame.match_status), so this bug hits every game: Agency's
    # target_game_points (A14) as well as the Agram family's target.
    Mutant(
        "match-over-past-target", BASE,
        "over = target is not None and tally[leader] >= target",
        "over = target is not None and tally[leader] > target",
        "F7: the match ends only above the target, not on reaching it",
    ),
    # A6: from its end a seat reaches up to the FIRST Wall still there; the
    # bug reaches up to the last Wall (the far one).
    Mutant(
        "reach-past-first-wall", AGENCY,
        "return list(ordered[: ordered.index(WALL) + 1])",
        "return list(ordered[: len(ordered) - ordered[::-1].index(WALL)])",
        "A6: reach runs to the farthest Wall, not the first",
    ),
    # A4: team 0 is seats 0 and 2, team 1 seats 1 and 3; the bug pairs
    # neighbours (seats 0 and 1, seats 2 and 3).
    Mutant(
        "team-of-neighbours", AGENCY,
        "    return seat % 2",
        "    return seat // 2",
        "A4: seats 1 and 2 put in the wrong team (teams of neighbours)",
    ),
    # F2: the Mali version ranks A K 10 Q 9 8 J 7; the bug judges tricks by the
    # cards' natural values (A K Q J 10 9 8 7), which only the Mali order breaks.
    # Strength is now one property of every game in base.py
    # (TrickGame.strength), so the bug is in shared code; Agency's 9..1 and
    # the other variants' orders are their natural values, so only the Mali
    # version judges differently.
    Mutant(
        "mali-natural-rank-order", BASE,
        "return {rank: len(self.rank_order) - index for index, rank in enumerate(self.rank_order)}",
        "return {rank: {\"A\": 14, \"K\": 13, \"Q\": 12, \"J\": 11}.get(rank) or int(rank) for rank in self.rank_order}",
        "F2: tricks judged by natural card values, not the variant's rank order",
    ),
    # F4: the seat after the dealer leads the first trick; the bug lets the
    # dealer lead (seating_of, which both deals and restored states use).
    Mutant(
        "dealer-leads", LAST_TRICK,
        "return Seating(players, (dealer + 1) % players, dealer)",
        "return Seating(players, dealer, dealer)",
        "F4: the dealer leads the first trick instead of the seat after it",
    ),
    # F7: the winner of a hand deals the next one; the bug passes the deal to
    # the seat after the last dealer, as many other games do.
    Mutant(
        "deal-passes-on", LAST_TRICK,
        "players, dealer = previous.players, previous.winner",
        "players, dealer = previous.players, (previous.dealer + 1) % previous.players",
        "F7: the next hand is dealt by the seat after the dealer, not the winner",
    ),
    # -- the record taken at once (Trust.REBUILD) and the A12a question -----
    # A6, rebuild: a seat takes the first Wall from its OWN end of a holder;
    # the bug counts a Wall taken from the start as taken from the end.
    Mutant(
        "rebuild-wall-from-the-other-end", AGENCY,
        "walls[play.holder][play.seat != play.holder] += 1",
        "walls[play.holder][play.seat == play.holder] += 1",
        "A6: a rebuilt holder loses its Walls from the wrong ends",
    ),
    # A3, rebuild: a trick's points go to the team that won it; the bug
    # credits the other team when a record is rebuilt.
    Mutant(
        "rebuild-points-to-the-losers", AGENCY,
        "            points[team(done.winner)] += done.points\n        self.team_points = (points[0], points[1])\n\n    def _after",
        "            points[1 - team(done.winner)] += done.points\n        self.team_points = (points[0], points[1])\n\n    def _after",
        "A3: a rebuilt hand's trick points go to the team that lost the trick",
    ),
    # A9, A12a: with offsuit_discard a seat that reaches none of the led suit
    # may play any suited card; the bug forgets it when asking whether the
    # seat has any legal play, and ends the hand.
    Mutant(
        "a12a-forgets-offsuit", AGENCY,
        'offsuit = bool(self.options["offsuit_discard"]) and of_led == 0 and suited > 0',
        "offsuit = False",
        "A12a: the hand ends though offsuit_discard lets the seat play",
    ),
    # A10, A12a: a Wall may follow only if the trick has none; the bug counts
    # a reachable Wall as a legal play even after a Wall was played.
    Mutant(
        "a12a-second-wall", AGENCY,
        "wall_allowed = walls > 0 and not any(play.card.is_wall for play in self.plays)",
        "wall_allowed = walls > 0",
        "A12a: a seat reaching only a Wall after a Wall was played is not ended",
    ),
    # -- the compiled reader (service/schemas/reading.py) ----------------------
    # The reader must refuse what the schema refuses: the bug lets unknown
    # members through.
    Mutant(
        "reader-takes-unknown-members", READING,
        """        lines += [f"    if len(v) != {required}{' + n' if optional else ''}:", "        raise Refused"]""",
        """        lines += [f"    if False and len(v) != {required}{' + n' if optional else ''}:", "        raise Refused"]""",
        "reader: an unknown member is read as if it were not there",
    ),
    # A range's maximum is in range; the bug refuses it (seat 3 of Agency,
    # the largest seed...), so the reader and marshmallow disagree.
    Mutant(
        "reader-maximum-out-of-range", READING,
        "tests.append(f\"x {'>' if validator.max_inclusive else '>='} {high!r}\")",
        "tests.append(f\"x {'>=' if validator.max_inclusive else '>'} {high!r}\")",
        "reader: a value equal to a range's maximum is refused",
    ),
    # A nullable member takes null; the bug reads null as the field's type
    # everywhere, so null is refused where the schema takes it.
    Mutant(
        "reader-null-refused", READING,
        "        if not field.allow_none:\n            return body",
        "        if True:\n            return body",
        "reader: null refused where the schema allows it",
    ),
]

IGNORE = shutil.ignore_patterns(".git", ".venv", "venv", "__pycache__", ".pytest_cache", ".hypothesis", "*.egg-info", "build", "dist")


@dataclass
class Result:
    mutant: Mutant
    status: str  # killed, survived, stale, error
    detail: str = ""
    seconds: float = 0.0


def pristine_copy(workdir: Path, tests_from: str | None) -> Path:
    """The repository as it is in the working tree, without its environment;
    with ``tests_from``, its tests/ replaced by that git revision's."""
    copy = workdir / "pristine"
    shutil.copytree(ROOT, copy, ignore=IGNORE)
    if tests_from:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", tests_from, "tests"], check=True, capture_output=True
        ).stdout
        shutil.rmtree(copy / "tests")
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(copy, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    return copy


def run_pytest(tree: Path, selection: list[str], timeout: float) -> tuple[str, str]:
    """Run the selection in ``tree``: ("passed" | "failed" | "timeout" | "error", first failure or output tail)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", *PYTEST_OPTIONS, *selection],
            cwd=tree, env=env, capture_output=True, text=True, timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout", f"no answer in {timeout:.0f} s"
    output = done.stdout + done.stderr
    failed = re.search(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$", output, re.M)
    if done.returncode == 0:
        return "passed", ""
    if done.returncode in (1, 2) and failed:  # 2: interrupted, e.g. a collection error
        return "failed", failed.group(1)
    return "error", f"pytest exit {done.returncode}: " + " / ".join(output.strip().splitlines()[-3:])


def apply(tree: Path, mutant: Mutant) -> str | None:
    """Apply ``mutant`` in ``tree``; why it is stale, or ``None`` once applied."""
    path = tree / mutant.file
    if not path.exists():
        return f"{mutant.file} does not exist"
    text = path.read_text(encoding="utf-8")
    found = text.count(mutant.old)
    if found != 1:
        return f"old text found {found} times in {mutant.file}"
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")
    return None


def try_mutant(pristine: Path, workdir: Path, mutant: Mutant, selection: list[str], timeout: float) -> Result:
    start = time.monotonic()
    tree = workdir / mutant.id
    shutil.copytree(pristine, tree)
    try:
        stale = apply(tree, mutant)
        if stale:
            return Result(mutant, "stale", stale)
        outcome, detail = run_pytest(tree, selection, timeout)
        status = {"passed": "survived", "failed": "killed", "timeout": "killed"}.get(outcome, "error")
        return Result(mutant, status, detail, time.monotonic() - start)
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def baseline_failures(pristine: Path, workdir: Path, selection: list[str], timeout: float) -> list[str]:
    """The node ids of every test (or module) of ``selection`` that fails on
    the unmutated copy, the whole selection run without stopping."""
    plugins = workdir / "plugins"
    plugins.mkdir(exist_ok=True)
    (plugins / "mutation_failures.py").write_text(FAILURES_PLUGIN, encoding="utf-8")
    record = workdir / "baseline-failures.txt"
    record.write_text("", encoding="utf-8")
    env = {
        **os.environ, "PYTHONPATH": os.pathsep.join([str(pristine), str(plugins)]), "PYTHONDONTWRITEBYTECODE": "1",
        "MUTATION_FAILURES": str(record),
    }
    options = [option for option in PYTEST_OPTIONS if option != "-x"]
    try:
        subprocess.run(
            [sys.executable, "-m", "pytest", *options, "-p", "mutation_failures", "--continue-on-collection-errors", *selection],
            cwd=pristine, env=env, capture_output=True, text=True, timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        sys.exit(f"the unmutated suite gave no answer in {timeout:.0f} s")
    return list(dict.fromkeys(line for line in record.read_text(encoding="utf-8").splitlines() if line))


def leave_out(failures: list[str]) -> list[str]:
    """pytest options that leave ``failures`` out: a module that cannot be
    collected is ignored, a test deselected."""
    return [f"--ignore={nodeid}" if "::" not in nodeid else f"--deselect={nodeid}" for nodeid in failures]


def check_baseline(pristine: Path, selection: list[str], timeout: float, hint: str = "") -> None:
    """The unmutated copy must import its own ``service`` and pass, or stop here."""
    env = {**os.environ, "PYTHONPATH": str(pristine), "PYTHONDONTWRITEBYTECODE": "1"}
    where = subprocess.run(
        [sys.executable, "-c", "import service; print(service.__file__)"], cwd=pristine, env=env, capture_output=True, text=True
    ).stdout.strip()
    if not where.startswith(str(pristine)):
        sys.exit(f"the copy imports service from {where or '(nowhere)'}, not from the copy: run with the project's Python")
    outcome, detail = run_pytest(pristine, selection, timeout)
    if outcome != "passed":
        sys.exit(f"the unmutated suite does not pass ({outcome}: {detail}); fix that first{hint}")


def table(results: list[Result]) -> str:
    rows = [("mutant", "description", "result", "first failing test / note")]
    rows += [(r.mutant.id, r.mutant.description, r.status, r.detail) for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [" | ".join(cell.ljust(width) for cell, width in zip(row[:3], widths)) + " | " + row[3] for row in rows]
    lines.insert(1, "-+-".join("-" * width for width in widths) + "-+-" + "-" * 30)
    killed = sum(r.status == "killed" for r in results)
    stale = sum(r.status == "stale" for r in results)
    summary = f"killed {killed} of {len(results)}"
    if stale:
        summary += f" ({stale} stale)"
    return "\n".join(lines + ["", summary])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("selection", nargs="*", help="pytest paths or options (default: the fast rule and API tests)")
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these mutants")
    parser.add_argument("--tests-from", metavar="REV", help="use the tests/ directory of this git revision")
    parser.add_argument("--drop-baseline-failures", action="store_true",
                        help="leave out the tests that fail on the unmutated copy instead of stopping (and list them)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants run at once (default: cores)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds before a run counts as killed (hung)")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    args = parser.parse_args(argv)

    mutants = MUTANTS
    if args.only:
        unknown = set(args.only) - {m.id for m in MUTANTS}
        if unknown:
            parser.error(f"unknown mutants: {', '.join(sorted(unknown))}")
        mutants = [m for m in MUTANTS if m.id in args.only]
    if args.list:
        for mutant in mutants:
            print(f"{mutant.id:30} {mutant.file:30} {mutant.description}")
        return 0
    selection = args.selection or DEFAULT_SELECTION

    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mutation-") as temp:
        workdir = Path(temp)
        pristine = pristine_copy(workdir, args.tests_from)
        dropped: list[str] = []
        if args.drop_baseline_failures:
            dropped = baseline_failures(pristine, workdir, selection, args.timeout)
            selection = [*selection, *leave_out(dropped)]
        hint = " (or, for tests of an older revision, see --drop-baseline-failures)" if args.tests_from and not dropped else ""
        check_baseline(pristine, selection, args.timeout, hint)
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(try_mutant, pristine, workdir, m, selection, args.timeout) for m in mutants]
            results = []
            for future in futures:
                result = future.result()
                results.append(result)
                print(f"  {result.mutant.id}: {result.status} ({result.seconds:.0f} s)", file=sys.stderr, flush=True)
    tests = f"tests from {args.tests_from}" if args.tests_from else "tests from the working tree"
    if dropped:
        print(f"\nLeft out: {len(dropped)} tests that fail on the unmutated copy:")
        print("\n".join(f"  {nodeid}" for nodeid in dropped))
        selection = [item for item in selection if not item.startswith(("--deselect=", "--ignore="))]
        tests += f", less the {len(dropped)} failing unmutated"
    print(f"\nMutation run: {len(mutants)} mutants, {tests}, selection: {' '.join(selection)}\n")
    print(table(results))
    print(f"({time.monotonic() - start:.0f} s)")
    return 0 if all(r.status == "killed" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
