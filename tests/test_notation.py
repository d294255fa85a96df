"""Records (docs/notation.md, ``service.notation``): the round trip on
generated hands of every game, the grammar as the document writes it, the
lenient spellings, the malformed-record corpus (``tests/cases/
records-malformed.json``, positions worked out by hand), the size goals on
the largest hands the rules allow, and refusals that answer as ``replay``
answers the same deal and moves given apart.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from abnf import compile_grammar, rules
from bench.records import Nonce, option_value, random_hand
from bench.records import play as play_out
from service.cards import Card
from service.errors import RecordInvalid, RefereeError
from service.games import GAMES
from service.games.base import RULES_VERSION
from service.games.records import DealSource, MatchRecord
from service.notation import (
    MAX_RECORD_CHARS,
    Deal,
    Part,
    Record,
    Result,
    read_record,
    replay_record,
    write_record,
)
from service.schemas.records import to_json
from service.sealing import commitment
from support import CASES, ROOT, VOID_HANDS, examples, hand_fields, post

DOC = (ROOT / "docs" / "notation.md").read_text()
BLOCKS = dict(re.findall(r"<!-- grammar: (\w+) -->\n```abnf\n(.*?)```", DOC, re.S))
CANONICAL = compile_grammar({**rules(BLOCKS["shared"]), **rules(BLOCKS["canonical"])}, "record", any_case=False)
LENIENT = compile_grammar({**rules(BLOCKS["shared"]), **rules(BLOCKS["lenient"])}, "record", any_case=True)
EXAMPLES = re.search(r"<!-- examples -->\n```text\n(.*?)```", DOC, re.S).group(1).splitlines()
LATER_HANDS = re.search(r"<!-- later hands -->\n```text\n(.*?)```", DOC, re.S).group(1).splitlines()
CORPUS = json.loads((CASES / "records-malformed.json").read_text())
PROPERTY = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _code(play):
    return f"W{play.holder}" if play.card.is_wall else play.card.code


# -- the round trip on generated hands -------------------------------------------------


@pytest.mark.parametrize("game_id", list(GAMES))
@PROPERTY
@given(rng=st.randoms(use_true_random=False))
def test_a_record_replays_to_its_hand_and_is_written_back_the_same(game_id, rng):
    """read(write(hand)) rebuilds a hand whose every field is the original's,
    and write(read(r)) == r, for hands of every seating, option, deal source
    and stage, first and later hands of matches, sealed ones with their nonce."""
    hand, provenance = random_hand(GAMES[game_id], rng)
    text = write_record(hand, provenance)
    record = read_record(text, game=game_id)
    again, events, scores = replay_record(record)
    assert hand_fields(again) == hand_fields(hand)
    assert write_record(again, record.provenance) == text
    assert CANONICAL.fullmatch(text), text
    assert record.provenance is None or record.provenance.nonce == provenance.nonce
    assert (record.result is not None) == hand.hand_over
    assert scores == [GAMES[game_id].score(hand)]
    assert len(events) >= len(hand.history)


@pytest.mark.parametrize("game_id", list(GAMES))
@PROPERTY
@given(rng=st.randoms(use_true_random=False))
def test_lenient_spellings_read_to_the_record_of_the_canonical_one(game_id, rng):
    """docs/notation.md, "The lenient form": a spelling with spaces and tabs,
    any case, T for 10, options at their defaults or in another order, plays
    grouped anyhow and a final line break reads to the same record; the
    lenient grammar matches it, and the offsets point at what they say."""
    hand, provenance = random_hand(GAMES[game_id], rng)
    record = read_record(write_record(hand, provenance))
    spelled = _lenient(record, rng)
    assert LENIENT.fullmatch(spelled), spelled
    again = read_record(spelled)
    assert again == record
    for play, offset in zip(again.plays, again.where.plays, strict=True):
        assert _normal(spelled[offset:offset + 3]).startswith(_code(play)), (spelled, offset)
    for seat, offset in enumerate(again.where.hands):
        assert _normal(spelled[offset:offset + 3]).startswith(again.deal.hands[seat][0].code)
    marks = {Part.PLAYERS: "p", Part.DEALER: "d", Part.FIRST_LEADER: "f", Part.MATCH: "#", Part.RESULT: "=",
             Part.NONCE: "n", Part.COMMITMENT: "c"}
    for part, offset in again.where.parts.items():
        if part in marks:
            assert spelled[offset].lower() == marks[part], (part, spelled)
    assert spelled[again.where.parts[Part.GAME]:].lower().startswith(f"{game_id}/")


def _normal(text):
    """A card as the canonical form writes it, from a lenient spelling."""
    text = text.upper()
    return "10" + text[1:] if text.startswith("T") else text


def _lenient(record: Record, rng: random.Random) -> str:
    """The record spelled anew from its parts as the lenient form allows
    (written here from docs/notation.md, not with the module's writer)."""
    game = GAMES[record.game]

    def case(text):
        return "".join(char.upper() if rng.random() < 0.5 else char.lower() for char in text)

    def gap():
        return rng.choice([" ", "  ", "\t", " \t "])

    def ows():
        return rng.choice(["", "", " ", "\t "])

    def card(code):
        if code.startswith("10") and rng.random() < 0.5:
            code = rng.choice("Tt") + code[2:]
        return case(code)

    def value(item):
        return "null" if item is None else str(item).lower()

    options = list(record.options)
    options += [(spec.name, spec.default) for spec in game.options
                if spec.name not in dict(options) and rng.random() < 0.3]
    rng.shuffle(options)
    parts = [ows() + case(f"{game.id}/{RULES_VERSION}")]
    parts += [case(name) + ows() + "=" + ows() + case(value(item)) for name, item in options]
    seating = record.seating
    parts += [case("p") + str(seating.players), case("d") + str(seating.dealer)] if seating.dealer is not None \
        else [case("f") + str(seating.first_leader)]
    match = record.match
    if match is not None or rng.random() < 0.2:
        match = match or MatchRecord(previous=(0,) * (2 if game.family == "agency" else seating.players))
        tally = (ows() + "," + ows()).join(map(str, match.previous))
        chooser = "" if match.chooser is None else ows() + ":" + ows() + str(match.chooser)
        parts.append(f"#{match.hand}{ows()}:{ows()}{tally}{chooser}")
    if record.deal.seed is not None:
        parts.append(case("s") + str(record.deal.seed))
    else:
        parts.append((ows() + "/" + ows()).join("".join(card(c.code) for c in cards) for cards in record.deal.hands))
    if record.plays:
        spelled = [card(_code(play)) for play in record.plays]
        parts.append("".join(code + rng.choice(["", "", " ", "\t", "  "]) for code in spelled[:-1]) + spelled[-1])
    if record.result is not None:
        parts.append("=" + ("-" if record.result.winner is None else str(record.result.winner)))
    if record.provenance is not None:
        parts += [case("n") + case(record.provenance.nonce.hex()), case("c") + case(record.provenance.commitment)]
    return "".join(part + gap() for part in parts[:-1]) + parts[-1] + ows() + rng.choice(["", "\n", "\r\n"])


# -- worked examples -------------------------------------------------------------------


def test_the_documents_examples_replay_and_write_back_the_same():
    """docs/notation.md's three real hands: each reads, replays to a
    finished hand, and writes back as the same line; and its two later
    hands of matches, as the document reads them."""
    assert [line.split("/")[0] for line in EXAMPLES] == ["agency", "agram", "fapfap"]
    for line in EXAMPLES:
        hand = replay_record(read_record(line))[0]
        assert hand.hand_over
        assert write_record(hand, read_record(line).provenance) == line
    agency = replay_record(read_record(EXAMPLES[0]))[0]
    # As the document tells it: seat 0 leads 9H, seat 1 its holder's Wall,
    # seat 2 wins with 6V (A11) and leads the second trick (C2); the hand
    # ends mid-trick with no legal play (A12a), team 0 ahead (A13).
    assert [(p.seat, p.card.code) for p in agency.tricks[0].plays] == [(0, "9H"), (1, "W"), (2, "6V"), (3, "3H")]
    # A5: a suited card is in the holder of the seat it was dealt to; the Wall's is written.
    for play in agency.history:
        dealt_to = [seat for seat, cards in enumerate(agency.deal_hands) if play.card in cards]
        assert [play.holder] == (dealt_to or [play.holder])
    assert agency.tricks[0].plays[1].holder == 1
    assert agency.tricks[1].leader == 2 and agency.end == "no_legal_play" and len(agency.tricks) == 7
    assert agency.team_points[0] > agency.team_points[1] and agency.winner == 0
    agram = read_record(EXAMPLES[1])
    assert (agram.seating.players, agram.seating.dealer, agram.seating.first_leader) == (5, 0, 1)
    agram_later, agency_later = (read_record(line) for line in LATER_HANDS)
    assert agram_later.match == MatchRecord(hand=2, previous=(0, 0, 0, 0, 1)) and agram_later.seating.dealer == 4
    assert agency_later.match == MatchRecord(hand=2, previous=(1, 0), chooser=1) and agency_later.seating.first_leader == 1
    for record, line in zip((agram_later, agency_later), LATER_HANDS, strict=True):
        assert write_record(replay_record(record)[0]) == line
    assert replay_record(agram_later)[0].hand_over and len(replay_record(agency_later)[0].history) == 6
    sealed = read_record(EXAMPLES[2])
    assert sealed.provenance.commitment == commitment(sealed.provenance.nonce, sealed.deal.seed)


def test_c1_c2_a_plays_seat_follows_from_the_rules():
    """Agram, 3 players, dealer 0: seat 1 leads (F4); seats play in turn
    (C1); 10D wins trick 1 (F1: highest of the led suit), so seat 2 leads
    trick 2 (C2), and 8S beats 4S (8D is off suit), so seat 2 leads trick 3."""
    record = read_record(CORPUS["bases"]["A"])
    assert [play.seat for play in record.plays[:9]] == [1, 2, 0, 2, 0, 1, 2, 0, 1]
    assert [play.card.code for play in record.plays[:3]] == ["9D", "10D", "5D"]


def test_the_parts_of_a_record_and_their_offsets():
    """A worked line: 'agram/1 target=3 p3 d0 #2:0,0,1 s42' is the game
    (0), the version (6), target (8), p (17), d (20), the match (23) and the
    seed (32); the match record is hand 2 after a hand won by seat 2... which
    the rules refuse, since seat 0 deals (F7); the line itself reads."""
    record = read_record("agram/1 target=3 p3 d0 #2:0,0,1 s42")
    assert record.where.parts == {Part.GAME: 0, Part.VERSION: 6, Part.PLAYERS: 17, Part.DEALER: 20, Part.MATCH: 23, Part.DEAL: 32}
    assert record.where.options == {"target": 8}
    assert record.options == (("target", 3),)
    assert record.match == MatchRecord(hand=2, previous=(0, 0, 1))
    assert record.deal == Deal(seed=42) and record.deal.source is DealSource.SEED
    with pytest.raises(RefereeError) as refused:
        replay_record(record)
    assert refused.value.code == "invalid_state" and refused.value.extra["position"] == 23
    # A line that ends with a two-character play: 7V at 15, the Wall of holder 1 at 17.
    short = read_record("agency/1 f0 s7 7VW1")
    assert short.where.plays == (15, 17) and short.where.parts[Part.PLAYS] == 15
    assert [(play.seat, play.card.code, play.holder) for play in short.plays] == [(0, "7V", None), (1, "W", 1)]


def test_canonical_records_leave_out_defaults_and_write_options_in_the_games_order():
    """Agency's options, listed target_game_points last (GET /v1/games): an
    option at its default is not written, the others in that order."""
    game = GAMES["agency"]
    hand = game.deal(seed=5, first_leader=2, options={"target_game_points": 3, "early_end_points": 22, "offsuit_discard": True})
    assert write_record(hand) == "agency/1 offsuit_discard=true target_game_points=3 f2 s5"
    fapfap = GAMES["fapfap"].deal(seed=1, players=2, options={"target": None, "stake": 5})
    assert write_record(fapfap) == "fapfap/1 stake=5 p2 d0 s1"


def test_a_first_hand_spelled_with_its_match_record_reads_as_a_first_hand():
    assert read_record("spar/1 p2 d1 #1:0,0 s9") == read_record("spar/1 p2 d1 s9")


def test_an_agency_void_hand_writes_its_result_as_a_dash():
    """A13: no trick completed, nobody wins: '=-' (tests/support.py's VOID_HANDS)."""
    game = GAMES["agency"]
    hand = game.deal(hands=[[Card.parse(code) for code in row] for row in VOID_HANDS], first_leader=1)
    hand, _ = game.play(hand, next(m for m in hand.legal_moves() if m.card.code == "1M"))
    hand, _ = game.play(hand, next(m for m in hand.legal_moves() if m.card.is_wall))
    text = write_record(hand)
    assert text.endswith(" 1MW2 =-") and hand.hand_over and hand.winner is None
    assert read_record(text).result == Result(None)
    assert hand_fields(replay_record(read_record(text))[0]) == hand_fields(hand)


# -- malformed records -------------------------------------------------------------------


@pytest.mark.parametrize("case", CORPUS["cases"], ids=lambda case: case["kind"])
def test_malformed_records_are_refused_at_the_position_worked_out_by_hand(case):
    line = case["record"] + " " * case.get("then_spaces", 0)
    position = case["position"]
    assert line[position:].startswith(case["at"]) and (case["at"] or position == len(line)), "the corpus itself"
    if case["code"] == "record_invalid":
        with pytest.raises(RecordInvalid) as refused:
            read_record(line, game=case.get("game"))
        assert bool(LENIENT.fullmatch(line[:MAX_RECORD_CHARS * 2])) is case["grammar"]
        assert "expected" in refused.value.detail
        assert refused.value.extra == {"position": position}
    else:
        record = read_record(line, game=case.get("game"))
        with pytest.raises(RefereeError) as refused:
            replay_record(record)
        assert refused.value.extra["hand"] == 1
        if "index" in case:
            assert refused.value.extra["index"] == case["index"]
        if "problem" in case:
            assert case["problem"] in refused.value.extra["problems"]
    assert refused.value.code == case["code"]
    assert refused.value.extra["position"] == position


def test_a_refusal_echoes_a_dozen_characters_of_the_line_at_most():
    """Never the whole input, never via repr: a long run of garbage is cut,
    and a character outside printable ASCII is named by its code point."""
    with pytest.raises(RecordInvalid) as refused:
        read_record("agram/1 p3 d0 s42 " + "X" * 2000)
    assert refused.value.detail == ('The record cannot be read at character 18: expected a play, the result (= and the '
                                    'winner), the nonce (n and 32 hex digits) or the end of the line, found "XXXXXXXXXXXX..."')
    with pytest.raises(RecordInvalid) as refused:
        read_record("agram/1 p3 d0 s42 \x00\u202e")
    assert refused.value.detail.endswith("found the character U+0000")


# -- refusals answer as replay answers the same deal and moves given apart ---------------


@pytest.mark.parametrize("case", [case for case in CORPUS["cases"] if case["code"] != "record_invalid" and "index" in case],
                         ids=lambda case: case["kind"])
def test_an_illegal_play_answers_as_replay_of_the_same_deal_and_moves(client, case):
    record = read_record(case["record"])
    deal = {key: value for key, value in record.deal_arguments().items() if key not in ("options", "match") and value is not None}
    if "hands" in deal:
        deal["hands"] = [[card.code for card in cards] for cards in deal["hands"]]
    moves = [{"seat": play.seat, "card": play.card.code, **({} if play.holder is None else {"holder": play.holder})}
             for play in record.plays]
    status, body = post(client, f"/v1/games/{record.game}/replay", {"deal": deal, "moves": moves})
    with pytest.raises(RefereeError) as refused:
        replay_record(record)
    assert status == 409
    assert body["code"] == refused.value.code and body["detail"] == refused.value.detail
    extra = {name: to_json(value) for name, value in refused.value.extra.items()}
    assert extra.pop("position") == case["position"]
    assert {name: body[name] for name in extra} == extra


# -- sizes ---------------------------------------------------------------------------------


# The largest records the rules allow (docs/notation.md, "Sizes"), played out
# and written by the referee: every part at its longest. Agram: 30 cards dealt
# card by card with all four tens, target 1000, hand 4,996 of a match whose
# five seats each won 999 hands (4,995 earlier hands, F7). Agency: every
# option set, hand 1,000,000 of a match at 99 game points each, team 1
# choosing (A14), and all 40 cards played in 10 tricks.
LARGEST_AGRAM = ("agram/1 target=1000 p5 d0 #4996:999,999,999,999,999 AH4C9D10C4H5H/8S6CAD5D9S8H/7D4D9C10S9H10D/"
                 "7H8D10H6DAC3C/8C5C3H7C6H3D 6C9C3C8C10C 4H8H9H7H3H 10D8D3D9DAD 9S10S6D6HAH 7DAC5C4C5D 4D10H7C5H8S =2")
LARGEST_AGENCY = ("agency/1 offsuit_discard=true early_end_points=40 target_game_points=100 f1 #1000000:99,99:1 "
                  "7V1B6V9H5H6B7B8B/9M1M4H1V7M2B4V2M/6H4M8V5M8H1H9B7H/5V3M6M8M4B5B3B2V 1M4VW21B 8VW26V6B 4M5M7VW1 "
                  "3BW09B3M 2B7HW38B 5H8HW35V 5BW02M4B 9H4HW12V 1H7B1V6H 7M9M8M6M =0")


def test_the_largest_five_player_agram_record_fits_in_200_characters():
    hand = replay_record(read_record(LARGEST_AGRAM))[0]
    assert hand.hand_over and len(hand.history) == 30 and hand.players == 5
    assert write_record(hand) == LARGEST_AGRAM
    assert len(LARGEST_AGRAM) == 193 <= 200


def test_the_largest_agency_record_fits_in_300_characters():
    hand = replay_record(read_record(LARGEST_AGENCY))[0]
    assert hand.hand_over and len(hand.history) == 40 and len(hand.tricks) == 10
    assert write_record(hand) == LARGEST_AGENCY
    assert len(LARGEST_AGENCY) == 253 <= 300


@pytest.mark.parametrize("game_id", ["agram", "agency"])
@PROPERTY
@given(rng=st.randoms(use_true_random=False))
def test_finished_hands_meet_the_size_goals(game_id, rng):
    """Every play, a random seating and options: 5-player Agram in 200
    characters, Agency in 300, the provenance aside (docs/notation.md)."""
    game = GAMES[game_id]
    options = {spec.name: option_value(spec, rng) for spec in game.options}
    seating = {"first_leader": rng.randrange(4)} if game_id == "agency" else {"players": 5, "dealer": rng.randrange(5)}
    deck = rng.sample(game.deck, len(game.deck))
    hand = play_out(game, game.deal(deck=deck, options=options, **seating), rng)
    assert len(write_record(hand)) <= (300 if game_id == "agency" else 200)
    assert len(write_record(hand, Nonce(bytes(16)))) == len(write_record(hand))  # no seed: nothing to commit to


# -- plays made on timeout (CONTRACT: clocks) ----------------------------------------


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_play_made_on_timeout_is_marked_and_the_mark_round_trips(game_id: str) -> None:
    """A play the referee made on ``timeout`` is written with ``~`` after it;
    the line replays to a hand with the same marks (its event marked
    ``timeout``) and writes back the same line, which the grammar matches."""
    game = GAMES[game_id]
    rng = random.Random(game_id)
    hand = game.deal(seed=7, **({"first_leader": 0} if game_id == "agency" else {"players": 3}))
    marked: list[int] = []
    ply = 0
    while not hand.hand_over:
        ply += 1
        on_timeout = ply in (1, 3) or rng.random() < 0.2
        hand, events = game.play(hand, rng.choice(hand.legal_moves()), timeout=on_timeout)
        assert events[0].timeout is (True if on_timeout else None)
        if on_timeout:
            marked.append(ply)
    assert hand.timeouts == tuple(marked)
    line = write_record(hand)
    assert CANONICAL.fullmatch(line), line
    assert sum(part.count("~") for part in line.split(" ")) == len(marked)
    record = read_record(line)
    assert record.timeouts == tuple(marked)
    replayed, events, _ = replay_record(record)
    assert replayed.timeouts == tuple(marked) and write_record(replayed) == line
    timed = [number for number, event in enumerate((e for _, e in events if e.type == "card_played"), start=1) if event.timeout]
    assert timed == marked
    lenient = line.replace(" ", "\t ").lower()
    assert LENIENT.fullmatch(lenient) and read_record(lenient) == record


@pytest.mark.parametrize("text, at", [("agram/1 p3 d0 s1 ~", 17), ("agram/1 p3 d0 s1 10S~~", 21), ("agram/1 p3 d0 s1 10S ~", 21)])
def test_a_timeout_mark_stands_right_after_a_play(text: str, at: int) -> None:
    with pytest.raises(RecordInvalid) as refused:
        read_record(text)
    assert refused.value.position == at, refused.value.detail
