"""The conformance kit (conformance/): fresh, agreeing with this referee, naming
every ruling, and its runner and perft helper doing what conformance/README.md says."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from conformance import generate
from conformance.__main__ import main, run
from conformance.kit import ROOT, AppTransport, SignedTransport, differences, holds_in_signed_mode, load_cases
from conformance.perft import perft_counts
from service.games import GAMES
from service.games.records import IllegalMove
from service.notation import read_record

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


@pytest.fixture(scope="module")
def cases() -> list[dict[str, Any]]:
    return load_cases()


def rulings_of_the_rules() -> set[str]:
    """Every ruling docs/rules.md numbers: C1-C3, A1-A14 (A12 by its clauses
    a, b and c), F1-F8, and its numbered readings of the open cases (open-N)."""
    text = RULES.read_text()
    numbered = set(re.findall(r"^- \*\*([CAF]\d+) ", text, re.M))
    clauses = {f"A12{clause}" for clause in re.findall(r"\(([a-c])\)", text.split("**A12 ")[1].split("- **A13")[0])}
    opened = {f"open-{number}" for number in re.findall(r"^(\d+)\. \*\*", text, re.M)}
    return (numbered - {"A12"}) | clauses | opened


# -- the kit is what this referee answers ------------------------------------------


def test_committed_kit_is_what_the_referee_answers_now():
    """Regenerated in-process, every file is byte for byte the committed one
    (else: make conformance-kit, and review the diff)."""
    files = generate.generate().files()
    committed = set(ROOT.glob("*/*/*.jsonl"))
    assert committed == set(files), "files added or gone: run make conformance-kit"
    stale = [str(path.relative_to(ROOT)) for path, text in files.items() if path.read_text(encoding="utf-8") != text]
    assert not stale, f"stale: {stale}; run make conformance-kit and review the diff"


def test_this_referee_agrees_with_every_case_in_open_mode(cases):
    out = io.StringIO()
    report = run(AppTransport(), cases, perft_nodes=60, out=out)
    assert report.agreed, out.getvalue()
    assert sum(report.run.values()) > 1500


def test_this_referee_agrees_with_every_case_it_can_in_signed_mode(cases):
    """A referee holding signed states answers as the kit says for every state it made itself."""
    kept = [case for case in cases if holds_in_signed_mode(case)]
    out = io.StringIO()
    key = "a-signing-key-for-the-kit-0123456789abcdef"
    report = run(SignedTransport(AppTransport(key), key), kept, perft_nodes=60, out=out)
    assert report.agreed, out.getvalue()
    skipped = [case for case in cases if case not in kept]
    later_records = [case for case in skipped if {"record", "records"} & set(case["request"]["body"])]
    assert later_records and all(case["answer"]["body"]["code"] == "invalid_state" for case in skipped if case not in later_records)
    signed = AppTransport(key)
    for case in later_records:  # a later hand's tally, unsigned: refused (docs/holding.md: Signed)
        status, body = signed.send("POST", case["request"]["path"], case["request"]["body"])
        assert (status, body["code"]) == (403, "state_signature_invalid"), case["id"]


# -- what the cases name ---------------------------------------------------------------


def test_every_ruling_of_docs_rules_is_named_by_a_case(cases):
    rulings = rulings_of_the_rules()
    assert {"C1", "A12a", "A12c", "A14", "F8", "open-10"} <= rulings and "A12" not in rulings
    named = {ruling for case in cases for ruling in case["rulings"]}
    assert rulings - named == set()


def test_every_case_names_only_rulings_of_docs_rules(cases):
    rulings = rulings_of_the_rules()
    assert {ruling for case in cases for ruling in case["rulings"]} <= rulings


def test_only_version_refusals_name_no_ruling(cases):
    """A case names the rulings it exercises; a state of another version exercises none (the contract refuses it first)."""
    bare = [case for case in cases if not case["rulings"]]
    assert bare and all(case["answer"]["body"]["code"] == "unsupported_version" for case in bare)


def test_cases_have_unique_short_ids_and_their_files_kind(cases):
    ids = [case["id"] for case in cases]
    assert len(ids) == len(set(ids))
    assert max(map(len, ids)) <= 60
    for case in cases:
        game, kind, _ = case["id"].split("/", 2)
        assert (game, kind) == (case["game"], case["kind"])


def test_every_refusal_code_of_the_contract_has_a_case(cases):
    codes = {case["answer"]["body"].get("code") for case in cases if case["kind"] != "perft" and case["answer"]["status"] != 200}
    assert {"not_your_turn", "card_not_available", "must_follow_suit", "wall_not_allowed", "holder_required", "hand_over",
            "invalid_state", "unsupported_version", "invalid_trick", "seat_out_of_range", "hand_not_over", "match_over",
            "match_mismatch", "leader_not_from_losing_team", "validation_failed"} <= codes


def test_every_illegal_move_refusal_names_the_ruling_it_applies(cases):
    """The contract: an illegal move's ``detail`` names the rule broken. Each
    illegal-move code a game declares has a case, and every such case's
    detail cites its ruling."""
    illegal = {problem.code for game in GAMES.values() for problem in game.problem_codes if problem.kind is IllegalMove}
    refused = [case["answer"]["body"] for case in cases if case["kind"] != "perft" and case["answer"]["status"] == 409]
    assert illegal <= {body["code"] for body in refused}
    for body in refused:
        if body["code"] in illegal:
            assert re.search(r"\(RULINGS [ACF]\d+", body["detail"]), body


def test_no_deal_of_the_kit_is_random(cases):
    """A case's answer is the same every time: every deal names a seed, a deck or hands."""
    for case in cases:
        body = case.get("request", {}).get("body") or {}
        path = case.get("request", {}).get("path", "")
        if "record" in body or "records" in body:  # a record that reads names its deal: a seed or the dealt cards (docs/notation.md)
            if case["answer"]["status"] != 422:
                for line in body.get("records", [body.get("record")]):
                    deal = read_record(line).deal
                    assert deal.seed is not None or deal.hands, case["id"]
            continue
        deals = [body] if path.endswith("/deal") else [body["deal"], *(h["deal"] for h in body.get("next_hands", ()))] if path.endswith("/replay") else []
        for deal in deals:
            assert {"seed", "deck", "hands"} & set(deal), case["id"]


def test_the_kit_stays_small(cases):
    size = sum(path.stat().st_size for path in ROOT.glob("*/*/*.jsonl"))
    assert size < 4_000_000
    per_game = Counter(case["game"] for case in cases)
    assert set(per_game) == {"agency", "agram", "sink-sink", "fapfap", "agram-mali", "spar"}


# -- agreeing ----------------------------------------------------------------------------


def test_members_an_implementation_adds_are_allowed_unless_strict():
    assert differences({"winner": 1}, {"winner": 1, "extra": True}) == []
    assert differences({"winner": 1}, {"winner": 1, "extra": True}, strict=True) == ["body.extra: not expected (got true)"]


def test_prose_is_free_but_problems_are_counted():
    expected = {"code": "invalid_state", "detail": "one sentence", "problems": ["a", "b"]}
    assert differences(expected, {"code": "invalid_state", "detail": "another", "problems": ["x", "y"]}) == []
    assert differences(expected, {"code": "invalid_state", "detail": "another", "problems": ["x"]}) == [
        'body.problems: expected 2 sentence(s), got ["x"]']
    assert len(differences(expected, {"code": "invalid_state", "detail": "another", "problems": ["x", "y"]}, strict=True)) == 3


def test_moves_are_a_set_and_other_lists_are_ordered():
    moves = [{"seat": 0, "card": "AH"}, {"seat": 0, "card": "3D"}]
    assert differences({"moves": moves}, {"moves": moves[::-1]}) == []
    assert differences({"moves": moves}, {"moves": moves[:1]}) == ['body.moves: missing {"card":"3D","seat":0}']
    assert differences({"events": moves}, {"events": moves[::-1]}) != []


def test_json_true_is_not_one():
    assert differences({"hand_over": True}, {"hand_over": 1}) == ["body.hand_over: expected true, got 1"]
    assert differences({"points": 1}, {"points": 1.0}) == []


class Changed:
    """This referee, with one member of one answer changed: an implementation that disagrees once."""

    def __init__(self, path: str) -> None:
        self.inner, self.path = AppTransport(), path

    def send(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        status, answer = self.inner.send(method, path, body)
        if path == self.path and isinstance(answer, dict) and "to_act" in answer:
            answer["to_act"] = 99
        return status, answer


def test_a_disagreement_is_printed_with_its_case_id_and_rulings(cases):
    agram = [case for case in cases if case["game"] == "agram" and case["kind"] == "legal-moves"][:3]
    out = io.StringIO()
    report = run(Changed("/v1/games/agram/legal-moves"), agram, out=out)
    assert not report.agreed and report.disagree["agram"] == 3
    first = agram[0]
    text = out.getvalue()
    assert f"DISAGREE {first['id']} ({', '.join(first['rulings'])}): POST /v1/games/agram/legal-moves" in text
    assert f"body.to_act: expected {first['answer']['body']['to_act']}, got 99" in text
    assert text.splitlines()[-1].split() == ["all", "3", "cases", "0", "agree", "3", "disagree"]


def test_the_runner_exits_0_when_every_case_agrees(capsys):
    assert main(["--in-process", "--game", "spar", "--only", "trick-winner"]) == 0
    assert "spar" in capsys.readouterr().out


def test_a_signed_state_is_signed_as_the_readme_says():
    """The kit's signer, written from docs/holding.md, signs as the referee does."""
    from service import signing

    key = "k" * 40
    state = {"game": "agram", "b": [1, {"z": None, "a": "10S"}]}
    assert SignedTransport(AppTransport(), key).signed(state)["signature"] == signing.sign(state, key.encode())


# -- perft ---------------------------------------------------------------------------------

FAMILY_RANKS = {
    "agram": "A 10 9 8 7 6 5 4 3", "sink-sink": "A 10 9 8 7 6 5 4 3", "fapfap": "A 10 9 8 7 6 5 4 3",
    "agram-mali": "A K 10 Q 9 8 J 7", "spar": "A K Q J 10 9 8 7 6",
}
"""F2's rank orders, high to low."""

TRICKS = {"agram": 6, "sink-sink": 5, "fapfap": 5, "agram-mali": 5, "spar": 5}
"""F2: cards dealt to each seat, so tricks in a hand."""


def family_position(state: dict[str, Any]) -> tuple[Any, ...]:
    hands = tuple(tuple(hand) for hand in state["hands"])
    trick = state["trick"] or {"leader": 0, "plays": []}
    return hands, trick["leader"], tuple(play["card"] for play in trick["plays"]), len(state["tricks"])


def family_moves(game: str):
    """F4, F5 from the rule text: any card leads; a seat follows the led suit if it can."""
    def moves(position: tuple[Any, ...]) -> list[str]:
        hands, leader, plays, done = position
        if done == TRICKS[game]:
            return []
        hand = hands[(leader + len(plays)) % len(hands)]
        following = [card for card in hand if plays and card[-1] == plays[0][-1]]
        return following or list(hand)
    return moves


def family_play(game: str):
    """F1, C2: the highest card of the led suit wins; its seat leads the next trick."""
    strength = {rank: -index for index, rank in enumerate(FAMILY_RANKS[game].split())}

    def play(position: tuple[Any, ...], card: str) -> tuple[Any, ...]:
        hands, leader, plays, done = position
        seat = (leader + len(plays)) % len(hands)
        hands = tuple(tuple(c for c in hand if c != card) if s == seat else hand for s, hand in enumerate(hands))
        plays = plays + (card,)
        if len(plays) < len(hands):
            return hands, leader, plays, done
        best = max(range(len(plays)), key=lambda i: (plays[i][-1] == plays[0][-1], strength[plays[i][:-1]]))
        return hands, (leader + best) % len(hands), (), done + 1
    return play


def test_family_perft_counts_are_those_of_a_move_generator_written_from_the_rules(cases):
    checked = 0
    for case in cases:
        if case["kind"] == "perft" and case["game"] != "agency" and case["count"] <= 8000:
            game = case["game"]
            counts = perft_counts(family_position(case["state"]), case["depth"], family_moves(game), family_play(game))
            assert counts[-1] == case["count"], case["id"]
            checked += 1
    assert checked > 100


WALL = "W"
AGENCY_RANKS = "1 2 3 4 5 6 7 8 9".split()


def agency_position(state: dict[str, Any]) -> tuple[Any, ...]:
    """A5: the holders listed from seat h's end; the trick; team points; the end."""
    holders = tuple(tuple(cards) for cards in state["holders"])
    plays = tuple((play["card"], play["holder"]) for play in state["trick"]["plays"])
    return holders, state["trick"]["leader"], plays, tuple(state["team_points"]), state["options"]["early_end_points"], \
        state["options"]["offsuit_discard"], state["hand_over"]


def agency_reach(holder: tuple[str, ...], from_start: bool) -> list[int]:
    """A6: indices reachable from one end, up to and including the first Wall."""
    order = range(len(holder)) if from_start else range(len(holder) - 1, -1, -1)
    reach = []
    for index in order:
        reach.append(index)
        if holder[index] == WALL:
            break
    return reach


def agency_moves(position: tuple[Any, ...]) -> list[tuple[str, int]]:
    """A5, A6, A8-A10 from the rule text."""
    holders, leader, plays, _, _, offsuit, over = position
    if over:
        return []
    seat = (leader + len(plays)) % 4
    reach = [(holders[h][i], h) for h, start in ((seat, True), ((seat - 1) % 4, False)) for i in agency_reach(holders[h], start)]
    if not plays:
        suited = [move for move in reach if move[0] != WALL]
        return suited or reach
    led = next((card[-1] for card, _ in plays if card != WALL), None)
    wall_in = any(card == WALL for card, _ in plays)
    if led is None:
        return [move for move in reach if move[0] != WALL or not wall_in]
    reaches_led = any(card != WALL and card[-1] == led for card, _ in reach)
    return [(card, h) for card, h in reach if (card == WALL and not wall_in) or (card != WALL and (
        card[-1] in (led, "V") or (offsuit and not reaches_led)))]


def agency_play(position: tuple[Any, ...], move: tuple[str, int]) -> tuple[Any, ...]:
    """A6 (a Wall from the seat's own end), A11, A3, A4 and A12 from the rule text."""
    holders, leader, plays, points, early, offsuit, _ = position
    card, h = move
    seat = (leader + len(plays)) % 4
    cards = list(holders[h])
    index = agency_reach(holders[h], h == seat)[-1] if card == WALL else cards.index(card)
    del cards[index]
    holders = tuple(tuple(cards) if i == h else held for i, held in enumerate(holders))
    plays = plays + (move,)
    over = False
    if len(plays) == 4:
        led = next(c[-1] for c, _ in plays if c != WALL)
        suit = "V" if any(c != WALL and c[-1] == "V" for c, _ in plays) else led
        best = max((i for i, (c, _) in enumerate(plays) if c != WALL and c[-1] == suit), key=lambda i: AGENCY_RANKS.index(plays[i][0][:-1]))
        won = sum(2 if c == WALL else 0 if c[-1] == "V" else {"3": 2, "7": 2, "5": 4}.get(c[:-1], 0) for c, _ in plays)
        winner = (leader + best) % 4
        points = tuple(p + won if team == winner % 2 else p for team, p in enumerate(points))
        over = any(not holders[s] and not holders[(s - 1) % 4] for s in range(4)) or max(points) >= early
        leader, plays = winner, ()
    position = (holders, leader, plays, points, early, offsuit, over)
    return position if over or agency_moves(position) else (*position[:-1], True)  # A12a: no legal play ends it


def test_agency_perft_counts_are_those_of_a_move_generator_written_from_the_rules(cases):
    checked = 0
    for case in cases:
        if case["kind"] == "perft" and case["game"] == "agency" and case["count"] <= 4000:
            counts = perft_counts(agency_position(case["state"]), case["depth"], agency_moves, agency_play)
            assert counts[-1] == case["count"], case["id"]
            checked += 1
    assert checked > 15


def test_agency_perft_from_seed_7_by_hand(cases):
    """Seat 0 leads from holder 0 (8V 7V 7H, then a Wall) and holder 3's end
    (6M 6V 9V, then a Wall): six suited cards and no Wall (A8)."""
    line = next(case for case in cases if case["id"] == "agency/perft/s7-deal-d1")
    assert line["count"] == 6


def test_perft_counts_the_sequences_of_each_length():
    """A toy engine: from n, the moves are 1..n and a move m leads to n - m.
    Sequences from 3: of one move 3; of two (1,1) (1,2) (2,1): 3; of three (1,1,1): 1."""
    assert perft_counts(3, 3, lambda n: list(range(1, n + 1)), lambda n, m: n - m) == [3, 3, 1]
    with pytest.raises(ValueError):
        perft_counts(3, 0, lambda n: [], lambda n, m: n)


def test_kit_lines_are_compact_json():
    for path in ROOT.glob("*/*/*.jsonl"):
        line = path.read_text(encoding="utf-8").splitlines()[0]
        assert json.dumps(json.loads(line), separators=(",", ":"), ensure_ascii=False) == line


def test_the_readme_gives_the_kits_size(cases):
    """conformance/README.md's table: cases per game and kind, as the files hold them."""
    text = (ROOT / "README.md").read_text()
    header = next(line for line in text.splitlines() if line.startswith("| kind | agency"))
    games = [cell.strip() for cell in header.strip("|").split("|")[1:]]
    counts = Counter((case["game"], case["kind"]) for case in cases)
    rows = 0
    for line in text.splitlines():
        match = re.match(r"^\| `([a-z-]+)` \|((?: \d+ \|)+)$", line)
        if match:
            row = [int(cell) for cell in match.group(2).strip("|").split("|")]
            assert row == [counts[(game, match.group(1))] for game in games], match.group(1)
            rows += 1
    assert rows == len({case["kind"] for case in cases})
    total = Counter(case["game"] for case in cases)
    assert f"| **all** | {' | '.join(f'**{total[game]}**' for game in games)} |" in text
    assert f"{len(cases):,} cases" in text


def _runner(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "conformance", *args], cwd=ROOT.parent, capture_output=True, text=True, timeout=120)


def test_the_runner_checks_a_server_over_http():
    """python -m conformance URL against gunicorn: refusals (4xx answers read as problems) and a perft walk."""
    from support import running_gunicorn

    with running_gunicorn(workers=1) as server:
        url = f"http://127.0.0.1:{server.port}"
        refusals = _runner(url, "--game", "agency", "--only", "refusal")
        perft = _runner(url, "--game", "sink-sink", "--only", "perft", "--perft-nodes", "40")
    assert refusals.returncode == 0, refusals.stdout + refusals.stderr
    assert refusals.stdout.splitlines()[-1].split()[:3] == ["all", "28", "cases"]
    assert perft.returncode == 0, perft.stdout + perft.stderr


def test_the_runner_checks_a_server_holding_signed_states():
    from support import running_gunicorn

    key = "a-signing-key-for-the-kit-over-http-0123456789"
    with running_gunicorn(workers=1, env={"REFEREE_SIGNING_KEYS": key, "REFEREE_TOKEN_STORE": "none"}) as server:
        url = f"http://127.0.0.1:{server.port}"
        signed = _runner(url, "--signing-key", key, "--game", "fapfap", "--only", "match")
        keyless = _runner(url, "--game", "fapfap")
    assert signed.returncode == 0, signed.stdout + signed.stderr
    assert signed.stdout.startswith("mode: signed (")
    # Without the key: only the cases that send no state, then one sentence, and status 3.
    signed_cases = [case for case in load_cases(game="fapfap") if holds_in_signed_mode(case)]
    sends_no_state = [case for case in signed_cases
                      if case["kind"] != "perft" and not re.search(r'"(state|previous)":', json.dumps(case["request"].get("body")))]
    first, *summary, sentence = keyless.stdout.splitlines()
    assert keyless.returncode == 3, keyless.stdout + keyless.stderr
    assert first.startswith("mode: signed (") and "a state with a signature" in first
    assert summary[-1].split()[:2] == ["all", str(len(sends_no_state))] and summary[-1].split()[-2] == "0"
    assert sentence.startswith("This referee signs its states and no --signing-key was given, so the kit checked only "
                               f"{len(sends_no_state)} of the {len(signed_cases):,} cases selected")
    assert "DISAGREE" not in keyless.stdout and "state_signature_invalid" in sentence


@pytest.mark.parametrize("chosen", [False, True], ids=["chosen-deals-refused", "chosen-deals-allowed"])
def test_the_runner_says_what_a_sealed_referee_leaves_unchecked(cases, chosen):
    """Against a sealed referee (chosen deals refused, or allowed and answered
    with tokens) the whole kit prints a few lines: the mode and why, the
    summary of the cases that send no hand and deal nothing (the games'
    descriptions and trick-winner), one sentence; status 3."""
    from support import running_gunicorn

    env = {"REFEREE_SEALING_KEYS": "a-sealing-key-for-the-kit-over-http-0123456789",
           **({"REFEREE_ALLOW_CHOSEN_DEALS": "true"} if chosen else {})}
    with running_gunicorn(workers=1, env=env) as server:
        result = _runner(f"http://127.0.0.1:{server.port}")
    assert result.returncode == 3, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) <= 2 + len(GAMES) + 1, lines  # the mode, a summary line per game and for all, the sentence
    evidence = "a token and a public state" if chosen else "chosen_deal_refused"
    assert lines[0].startswith("mode: sealed (the first deal (agency/deal/") and evidence in lines[0]
    stateless = sum(case["kind"] in ("game", "trick-winner") for case in cases)
    assert lines[-2].split() == ["all", str(stateless), "cases", str(stateless), "agree", "0", "disagree"]
    assert lines[-1].startswith(f"This referee seals its states, so the kit checked only {stateless} of the {len(cases):,} cases selected")
