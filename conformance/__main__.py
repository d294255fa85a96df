"""Check an implementation of the referee's HTTP API against the kit.

    python -m conformance http://localhost:8000
    python -m conformance http://localhost:8000 --game agency --only refusal
    python -m conformance --in-process          # this referee, in open mode
    python -m conformance URL --signing-key KEY # an implementation holding signed states

First it reads how the implementation holds states from its answer to the
kit's first deal, and prints that mode. Then it prints each disagreement
with its case id, the rulings the case names and what differs, then a
summary per game. The kit's cases send open states and chosen deals: a
sealed referee, or a signed one without ``--signing-key``, can be checked
only on the cases that send neither, and the runner says so in one sentence.

Exit status: 0 when every case agrees; 1 when a case disagrees or nothing
answers; 3 (``PARTIAL``) when every case checked agrees but the mode left
cases unchecked. What "agree" means: ``conformance.kit`` and
``conformance/README.md``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, TextIO

from .kit import (
    KINDS,
    AppTransport,
    HttpTransport,
    Mode,
    SignedTransport,
    Transport,
    check_case,
    checkable,
    describe,
    first_deal,
    holds_in_signed_mode,
    load_cases,
    read_mode,
)
from .perft import PerftRefused, http_counts

IN_PROCESS_KEY = "conformance-signing-key-0123456789abcdef"
"""The key of this referee in-process with ``--signed``."""

PARTIAL = 3
"""The exit status when every case checked agrees and the implementation's
mode (sealed, or signed without the key) left cases unchecked."""

PERFT_NODES = 400
"""By default the runner checks perft counts up to this many sequences per
line (the walk sends about as many requests)."""


@dataclass
class Report:
    """What a run found: cases run and disagreeing, per game, and the perft
    lines left out (more sequences than ``--perft-nodes``)."""

    run: Counter[str] = field(default_factory=Counter)
    disagree: Counter[str] = field(default_factory=Counter)
    skipped: int = 0
    perft_nodes: int = PERFT_NODES

    @property
    def agreed(self) -> bool:
        return not sum(self.disagree.values())


def run(transport: Transport, cases: list[dict[str, Any]], *, strict: bool = False, perft_nodes: int = PERFT_NODES,
        out: TextIO | None = None) -> Report:
    """Send every case to ``transport`` and print each disagreement, then the
    summary (to ``out``, default standard output); perft lines of more than
    ``perft_nodes`` sequences are skipped."""
    out = out or sys.stdout
    report = Report(perft_nodes=perft_nodes)

    def record(case: dict[str, Any], found: list[str]) -> None:
        report.run[case["game"]] += 1
        if found:
            report.disagree[case["game"]] += 1
            print(f"DISAGREE {describe(case)}", file=out)
            for line in found:
                print(f"    {line}", file=out)

    perft: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for case in cases:
        if case["kind"] == "perft":
            if case["count"] <= perft_nodes:
                perft.setdefault((case["game"], case["position"]), []).append(case)
            else:
                report.skipped += 1
            continue
        record(case, check_case(transport, case, strict=strict))
    for (game, _), lines in perft.items():
        depth = max(line["depth"] for line in lines)
        try:
            counts = http_counts(transport, game, lines[0]["state"], depth)
        except (PerftRefused, OSError) as refused:
            for line in lines:
                record(line, [f"the walk was refused: {refused}"])
            continue
        for line in lines:
            got = counts[line["depth"] - 1]
            record(line, [] if got == line["count"] else [f"count: expected {line['count']}, got {got}"])
    summary(report, out)
    return report


def summary(report: Report, out: TextIO) -> None:
    for game in report.run:
        run, disagree = report.run[game], report.disagree[game]
        print(f"{game:<12} {run:>5} cases  {run - disagree:>5} agree  {disagree:>4} disagree", file=out)
    total, wrong = sum(report.run.values()), sum(report.disagree.values())
    print(f"{'all':<12} {total:>5} cases  {total - wrong:>5} agree  {wrong:>4} disagree", file=out)
    if report.skipped:
        print(f"{report.skipped} perft cases of more than {report.perft_nodes} sequences left out (--perft-nodes)", file=out)


def unchecked(mode: Mode, checked: int, selected: int) -> str:
    """The one sentence that says what the kit could not check in ``mode``."""
    which = f"{checked:,} of the {selected:,} cases selected"
    if mode.name == "sealed":
        return (f"This referee seals its states, so the kit checked only {which}, those that send no hand and deal nothing "
                "(game descriptions, trick-winner): every other case sends an open state or a chosen deal, which a sealed "
                "referee answers with a token or refuses; check the same implementation with open states, or signed with --signing-key.")
    return (f"This referee signs its states and no --signing-key was given, so the kit checked only {which}, those that send "
            "no state: it would refuse every other with 403 state_signature_invalid; give its key with --signing-key KEY.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance", description=__doc__.splitlines()[0])
    parser.add_argument("url", nargs="?", help="the implementation's base URL, e.g. http://localhost:8000")
    parser.add_argument("--in-process", action="store_true", help="check this referee in-process (open mode) instead of a URL")
    parser.add_argument("--game", help="only this game's cases")
    parser.add_argument("--only", choices=list(KINDS), metavar="KIND", help=f"only cases of this kind: {', '.join(KINDS)}")
    parser.add_argument("--strict", action="store_true", help="also compare prose (detail, title, problems' words) and refuse extra members")
    parser.add_argument("--signing-key", metavar="KEY", help="the implementation holds signed states with this key: sign every state sent")
    parser.add_argument("--signed", action="store_true", help="with --in-process: this referee holding signed states (a key of its own)")
    parser.add_argument("--perft-nodes", type=int, default=PERFT_NODES, metavar="N",
                        help=f"check perft lines of at most N sequences (default {PERFT_NODES})")
    args = parser.parse_args(argv)
    if (args.url is None) == (not args.in_process):
        parser.error("give a URL or --in-process, not both")
    key = IN_PROCESS_KEY if args.signed else args.signing_key
    if args.signed and not args.in_process:
        parser.error("--signed is for --in-process; give a URL's key with --signing-key")
    raw: Transport = AppTransport(key if args.in_process else None) if args.in_process else HttpTransport(args.url)
    cases = load_cases(game=args.game, only=args.only)
    deal = first_deal(load_cases(game=args.game, only="deal"))
    if not cases or deal is None:
        parser.error("no case matches")
    assert deal is not None  # parser.error exits
    try:
        mode = read_mode(raw, deal)
    except OSError as failure:
        print(f"Nothing answered at {args.url}: {failure}")
        return 1
    print(f"mode: {mode.name} ({mode.evidence})")
    transport = raw if key is None else SignedTransport(raw, key)
    if mode.name == "signed" or (key is not None and mode.name != "sealed"):
        cases = [case for case in cases if holds_in_signed_mode(case)]
    selected = len(cases)
    cases = [case for case in cases if checkable(case, mode.name, key is not None)]
    report = run(transport, cases, strict=args.strict, perft_nodes=args.perft_nodes) if cases else Report()
    if len(cases) < selected:
        print(unchecked(mode, len(cases), selected))
        return PARTIAL if report.agreed else 1
    return 0 if report.agreed else 1


if __name__ == "__main__":
    sys.exit(main())
