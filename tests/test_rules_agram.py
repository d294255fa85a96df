"""The Agram family's rules (Agram, Sink-Sink, Fapfap, the Mali version, Spar):
one test (or more) per ruling F1-F8 (F7, the match, is tests/test_api_match.py's
and tests/test_rules_match_record.py's) and the common rulings C1-C3 (docs/rules.md).

Every expected value comes from the rule table in RULINGS F2 or the Agram
text, worked out by hand. Scripts list the card each seat to act plays, in
turn; ``|`` separates tricks for the reader only.
"""

from __future__ import annotations

import random

import pytest

from service.cards import Card, cards
from service.errors import IllegalMove, RulesRefusal
from service.tricks import Play
from support import GAMES

# RULINGS F2, row by row: ranks high to low (spades have the same without the
# ace), deck size, cards each, batches, players, the trick that wins the hand.
RULES = {
    "agram": ("A 10 9 8 7 6 5 4 3", 35, (3, 3), (2, 5), 6),
    "sink-sink": ("A 10 9 8 7 6 5 4 3", 35, (3, 2), (2, 7), 5),
    "fapfap": ("A 10 9 8 7 6 5 4 3", 35, (3, 2), (2, 7), 5),
    "agram-mali": ("A K 10 Q 9 8 J 7", 31, (3, 2), (2, 6), 5),
    "spar": ("A K Q J 10 9 8 7 6", 35, (3, 2), (2, 7), 5),
}
VARIANTS = list(RULES)


def ranks(game_id):
    return RULES[game_id][0].split()


def hand_size(game_id):
    return RULES[game_id][4]


def rule_deck(game_id):
    """The deck as F2 lists it: every rank of H, D, C; spades without the ace."""
    return [Card.parse(rank + suit) for suit in "HDCS" for rank in ranks(game_id) if (rank, suit) != ("A", "S")]


def deal(game_id, rows, dealer, **options):
    """A hand from each seat's cards, as codes; cut to the variant's hand size."""
    hands = [list(cards(row))[: hand_size(game_id)] for row in rows]
    return GAMES[game_id].deal(players=len(rows), dealer=dealer, hands=hands, options=options)


def run(game_id, state, script):
    """Play ``script`` (one code per seat to act) from ``state``; the state and all events."""
    events = []
    for code in script.replace("|", " ").split():
        state, more = GAMES[game_id].play(state, Play(state.to_act, Card.parse(code)))
        events += more
    return state, events


def refused(game_id, state, seat, code):
    with pytest.raises(IllegalMove) as info:
        GAMES[game_id].play(state, Play(seat, Card.parse(code)))
    return info.value


def legal(game_id, state):
    return {str(m.card) for m in state.legal_moves()}


# -- F1, F2 decks and rank orders ---------------------------------------------


@pytest.mark.parametrize("game_id", VARIANTS)
def test_f2_deck_is_the_rule_deck(game_id):
    deck = GAMES[game_id].deck
    assert len(deck) == RULES[game_id][1]
    assert len(set(deck)) == len(deck)
    assert set(deck) == set(rule_deck(game_id))
    assert Card.parse("AS") not in deck
    assert len(rule_deck(game_id)) == RULES[game_id][1]


@pytest.mark.parametrize("game_id", VARIANTS)
@pytest.mark.parametrize("suit", "HDCS")
def test_f2_rank_order_high_to_low(game_id, suit):
    order = [rank for rank in ranks(game_id) if (rank, suit) != ("A", "S")]
    game = GAMES[game_id]
    for high_index, high in enumerate(order):
        for low in order[high_index + 1 :]:
            for plays, winner in (((low, high), 1), ((high, low), 0)):
                trick = [Play(seat, Card.parse(rank + suit)) for seat, rank in enumerate(plays)]
                assert game.trick_winner(trick).winner == winner, f"{high}{suit} beats {low}{suit}"


def test_f2_ten_is_the_top_spade_in_agram():
    won = GAMES["agram"].trick_winner([Play(0, Card.parse("9S")), Play(1, Card.parse("10S")), Play(2, Card.parse("3S"))])
    assert (won.winner, str(won.card)) == (1, "10S")


@pytest.mark.parametrize("game_id", VARIANTS)
def test_f1_no_trumps_a_card_of_another_suit_never_wins(game_id):
    low, top_spade = ranks(game_id)[-1], ranks(game_id)[1]  # spades have no ace
    plays = [Play(seat, Card.parse(code)) for seat, code in enumerate([low + "H", "AD", "AC", top_spade + "S"])]
    won = GAMES[game_id].trick_winner(plays)
    assert (won.winner, str(won.card)) == (0, low + "H")


# -- F3 dealing in batches ----------------------------------------------------

# Positions in the deck order each seat receives, worked out by hand from F3.
# agram (3+3), 3 players, dealer 2: seats 0, 1, 2 in turn, three cards each, twice.
AGRAM_3_DEALER_2 = {0: [0, 1, 2, 9, 10, 11], 1: [3, 4, 5, 12, 13, 14], 2: [6, 7, 8, 15, 16, 17]}
# 3+2, 4 players, dealer 1: seats 2, 3, 0, 1; three each, then two each.
THREE_TWO_4_DEALER_1 = {2: [0, 1, 2, 12, 13], 3: [3, 4, 5, 14, 15], 0: [6, 7, 8, 16, 17], 1: [9, 10, 11, 18, 19]}
# 3+2, 7 players, dealer 6: seat k gets 3k..3k+2, then 21+2k and 22+2k; all 35 dealt.
SEVEN_DEALER_6 = {k: [3 * k, 3 * k + 1, 3 * k + 2, 21 + 2 * k, 22 + 2 * k] for k in range(7)}


@pytest.mark.parametrize(
    ("game_id", "players", "dealer", "positions"),
    [
        ("agram", 3, 2, AGRAM_3_DEALER_2),
        ("agram", 2, 0, {1: [0, 1, 2, 6, 7, 8], 0: [3, 4, 5, 9, 10, 11]}),
        *[(game_id, 4, 1, THREE_TWO_4_DEALER_1) for game_id in VARIANTS[1:]],
        *[(game_id, 7, 6, SEVEN_DEALER_6) for game_id in ("sink-sink", "fapfap", "spar")],
    ],
)
def test_f3_batches_from_the_seat_after_the_dealer_round_to_the_dealer(game_id, players, dealer, positions):
    order = rule_deck(game_id)[::-1]  # any order will do: the rule deck, reversed
    state = GAMES[game_id].deal(players=players, dealer=dealer, deck=order)
    for seat, where in positions.items():
        assert list(state.deal_hands[seat]) == [order[i] for i in where]
        assert list(state.hands[seat]) == [order[i] for i in where]
    used = {i for where in positions.values() for i in where}
    assert set(state.undealt) == {card for i, card in enumerate(order) if i not in used}


# -- F4 the first lead ------------------------------------------------------------


@pytest.mark.parametrize("game_id", VARIANTS)
@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1)])
def test_f4_seat_after_dealer_leads_any_card(game_id, players, dealer):
    state = GAMES[game_id].deal(players=players, dealer=dealer, seed=players * 10 + dealer)
    leader = (dealer + 1) % players
    assert state.to_act == leader
    assert legal(game_id, state) == {str(card) for card in state.hands[leader]}
    other = (leader + 1) % players
    assert refused(game_id, state, other, str(state.hands[other][0])).code == "not_your_turn"


# -- F5 following ---------------------------------------------------------------

# Cards every deck holds; seat 1 leads (3 players, dealer 0). Seat 2 holds
# Hearts; seat 0 holds none. The sixth card is for Agram only.
FOLLOW = ("10C 9C 8C 7S 7D 10S", "9H AH 7C AC 8D 9S", "8H 10H AD 10D 9D 8S")


@pytest.mark.parametrize("game_id", VARIANTS)
def test_f5_must_follow_suit_when_able(game_id):
    state, _ = run(game_id, deal(game_id, FOLLOW, dealer=0), "9H")
    assert legal(game_id, state) == {"8H", "10H"}
    error = refused(game_id, state, 2, "AD")
    assert error.code == "must_follow_suit"
    assert {m["card"] for m in error.extra["legal_moves"]} == {"8H", "10H"}


@pytest.mark.parametrize("game_id", VARIANTS)
def test_f5_free_discard_when_void_and_the_discard_never_wins(game_id):
    state, _ = run(game_id, deal(game_id, FOLLOW, dealer=0), "9H 10H")
    assert legal(game_id, state) == {str(card) for card in state.hands[0]}  # no Heart: anything
    state, events = run(game_id, state, "10C")
    assert events[-1] == {"type": "trick_won", "winner": 2, "card": "10H", "trick": 1}
    assert state.to_act == 2  # C2: the winner leads next


# -- F2 the last trick wins the hand --------------------------------------------


def last_trick_deal(game_id):
    """Two players, dealer 1: seat 0 leads Hearts and wins every trick but the
    last, where its 7S loses to seat 1's 10S."""
    k = hand_size(game_id)
    seat0 = " ".join(["AH", "10H", "9H", "8H", "7H"][: k - 1] + ["7S"])
    seat1 = " ".join(["AD", "10D", "9D", "8D", "7D"][: k - 1] + ["10S"])
    script = " | ".join(f"{h} {d}" for h, d in zip(seat0.split()[:-1], seat1.split()[:-1]))
    return deal(game_id, (seat0, seat1), dealer=1), script


@pytest.mark.parametrize("game_id", VARIANTS)
def test_f2_winner_of_the_last_trick_wins_the_hand(game_id):
    game = GAMES[game_id]
    state, script = last_trick_deal(game_id)
    state, _ = run(game_id, state, script)
    assert len(state.tricks) == hand_size(game_id) - 1
    assert all(done.winner == 0 for done in state.tricks)
    assert not state.hand_over
    assert game.score(state)["winner"] is None
    state, events = run(game_id, state, "7S 10S")
    assert len(state.tricks) == hand_size(game_id)
    assert state.hand_over and state.winner == 1
    assert events[-1]["type"] == "hand_over" and events[-1]["winner"] == 1
    assert state.legal_moves() == []
    assert refused(game_id, state, 0, "AH").code == "hand_over"


def test_f2_agram_hand_is_not_over_after_trick_5():
    state, script = last_trick_deal("agram")
    state, _ = run("agram", state, script)
    assert len(state.tricks) == 5 and state.to_act == 0 and not state.hand_over


# -- F6 Fapfap multiplier and payouts --------------------------------------------

# Three players, dealer 2: seat 0 leads. Seat 1 holds Hearts below seat 0's
# and a 3 of spades; seat 2 follows nothing seat 0 leads.
FAPFAP = {
    # trick 5 won by 3C, trick 4 by 8H: x2
    2: (("AH 10H 9H 8H 3C", "7H 6H 5H 4H 3S", "AD 10D 9D 8D 7D"), "AH 7H AD | 10H 6H 10D | 9H 5H 9D | 8H 4H 8D | 3C 3S 7D"),
    # tricks 4 and 5 won by 3C and 3D: x4
    4: (("AH 10H 9H 3C 3D", "7H 6H 5H 4H 3S", "10S 9S 8S 7S 6S"), "AH 7H 10S | 10H 6H 9S | 9H 5H 8S | 3C 4H 7S | 3D 3S 6S"),
    # trick 4 won by 3C but trick 5 by 8D: x1
    1: (("AH 10H 9H 3C 8D", "7H 6H 5H 4H 3S", "10S 9S 8S 7S 6S"), "AH 7H 10S | 10H 6H 9S | 9H 5H 8S | 3C 4H 7S | 8D 3S 6S"),
}


@pytest.mark.parametrize("multiplier", [1, 2, 4])
def test_f6_fapfap_multiplier_and_payouts_with_a_stake(multiplier):
    rows, script = FAPFAP[multiplier]
    state, events = run("fapfap", deal("fapfap", rows, dealer=2, stake=5), script)
    score = GAMES["fapfap"].score(state)
    # Each other seat pays stake 5 x multiplier to seat 0.
    assert score["winner"] == 0 and score["multiplier"] == multiplier
    assert score["payouts"] == [10 * multiplier, -5 * multiplier, -5 * multiplier]
    assert sum(score["payouts"]) == 0
    assert events[-1]["multiplier"] == multiplier


def test_f6_fapfap_default_stake_is_1():
    rows, script = FAPFAP[2]
    state, _ = run("fapfap", deal("fapfap", rows, dealer=2), script)
    assert GAMES["fapfap"].score(state)["payouts"] == [4, -2, -2]


def test_f6_fapfap_two_players_loser_pays_the_winner():
    state, script = last_trick_deal("fapfap")
    state, _ = run("fapfap", state, script + " | 7S 10S")
    score = GAMES["fapfap"].score(state)
    assert (score["winner"], score["multiplier"], score["payouts"]) == (1, 1, [-1, 1])


# -- F2 Spar points ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("last_lead", "last_follow", "winner", "points"),
    [("6C", "10D", 0, 3), ("7C", "10D", 0, 2), ("8C", "10D", 0, 1), ("AC", "10D", 0, 1), ("6D", "7D", 1, 2)],
)
def test_f2_spar_points_3_for_a_6_2_for_a_7_else_1(last_lead, last_follow, winner, points):
    # Two players, dealer 1: seat 0 wins four Hearts; seat 1 discards Diamonds.
    rows = (f"AH KH QH JH {last_lead}", f"AD KD QD JD {last_follow}")
    state, events = run("spar", deal("spar", rows, dealer=1), f"AH AD | KH KD | QH QD | JH JD | {last_lead} {last_follow}")
    score = GAMES["spar"].score(state)
    assert (score["winner"], score["points"]) == (winner, points)
    assert events[-1]["points"] == points


# -- the value of a hand for a seat (analysis; F2, F6) -------------------------------


@pytest.mark.parametrize("game_id", ["agram", "sink-sink", "agram-mali"])
def test_f2_seat_value_is_1_for_the_winner_of_the_last_trick_else_0(game_id):
    state, script = last_trick_deal(game_id)
    state, _ = run(game_id, state, script + " | 7S 10S")  # seat 1 wins the last trick
    assert [GAMES[game_id].seat_value(state, seat) for seat in (0, 1)] == [0, 1]


@pytest.mark.parametrize(("last_lead", "winner", "points"), [("6C", 0, 3), ("7C", 0, 2), ("8C", 0, 1)])
def test_f2_spar_seat_value_is_the_winners_points_and_0_for_the_loser(last_lead, winner, points):
    rows = (f"AH KH QH JH {last_lead}", "AD KD QD JD 10D")
    state, _ = run("spar", deal("spar", rows, dealer=1), f"AH AD | KH KD | QH QD | JH JD | {last_lead} 10D")
    assert [GAMES["spar"].seat_value(state, seat) for seat in (0, 1)] == [points, 0]


@pytest.mark.parametrize("multiplier", [1, 2, 4])
def test_f6_fapfap_seat_value_is_the_net_payout_with_the_stake(multiplier):
    # Three players, stake 5: seat 0 wins and gets (3 - 1) * 5 * m; each other seat pays 5 * m.
    rows, script = FAPFAP[multiplier]
    state, _ = run("fapfap", deal("fapfap", rows, dealer=2, stake=5), script)
    assert [GAMES["fapfap"].seat_value(state, seat) for seat in range(3)] == [10 * multiplier, -5 * multiplier, -5 * multiplier]


@pytest.mark.parametrize("game_id", VARIANTS)
def test_seat_value_is_refused_while_the_hand_runs_and_for_a_seat_not_at_the_table(game_id):
    state, script = last_trick_deal(game_id)
    running, _ = run(game_id, state, script)
    with pytest.raises(ValueError, match="over"):
        GAMES[game_id].seat_value(running, 0)
    over, _ = run(game_id, running, "7S 10S")
    with pytest.raises(ValueError, match="seat 2"):
        GAMES[game_id].seat_value(over, 2)


# -- F8 player counts ----------------------------------------------------------------


@pytest.mark.parametrize("game_id", VARIANTS)
def test_f8_player_count_outside_range_is_refused_naming_the_range(game_id):
    low, high = RULES[game_id][3]
    for players in (0, 1, low - 1, high + 1, high + 2):
        if low <= players <= high:
            continue
        with pytest.raises(ValueError, match=f"{low} to {high} players"):
            GAMES[game_id].deal(players=players, dealer=0, seed=1)
    for players in (low, high):
        state = GAMES[game_id].deal(players=players, dealer=0, seed=1)
        assert len(state.hands) == players
        assert all(len(hand) == hand_size(game_id) for hand in state.hands)


# -- C1, C2 turn order; F1, F5 over random hands ------------------------------------


@pytest.mark.parametrize("game_id", VARIANTS)
def test_c1_seats_play_in_order_and_c2_winner_leads_next(game_id):
    state = GAMES[game_id].deal(players=4, dealer=3, seed=7)
    assert state.to_act == 0
    state, _ = run(game_id, state, str(state.hands[0][0]))
    assert state.to_act == 1
    error = refused(game_id, state, 2, str(state.hands[2][0]))
    assert error.code == "not_your_turn"
    assert error.extra["legal_moves"] == []  # seat 2 has no move now; seat 1's stay hidden from it


@pytest.mark.parametrize(("players", "dealer"), [(3, 3), (3, -1), (5, 7)])
def test_c1_dealer_must_be_a_seat_0_to_n_minus_1(players, dealer):
    with pytest.raises(RulesRefusal) as info:
        GAMES["agram"].deal(players=players, dealer=dealer, seed=1)
    assert info.value.code == "seat_out_of_range"


def rule_winner(plays, order):
    """F1 from the text: the highest card of the led suit."""
    led = plays[0].card.suit
    return max((p for p in plays if p.card.suit == led), key=lambda p: -order.index(p.card.rank)).seat


@pytest.mark.parametrize("game_id", VARIANTS)
def test_c1_c2_f1_f5_hold_over_random_hands(game_id):
    game = GAMES[game_id]
    low, high = RULES[game_id][3]
    for seed in range(40):
        rng = random.Random(seed)
        players = low + seed % (high - low + 1)
        state = game.deal(players=players, dealer=seed % players, seed=seed)
        expected = (seed % players + 1) % players
        while not state.hand_over:
            seat, trick = state.to_act, state.trick
            assert seat == expected
            hand = {str(card) for card in state.hands[seat]}
            led = trick.plays[0].card.suit if trick.plays else None
            following = {code for code in hand if led and Card.parse(code).suit == led}
            assert legal(game_id, state) == (following or hand)
            before = len(state.tricks)
            state, _ = game.play(state, rng.choice(state.legal_moves()))
            if len(state.tricks) > before:
                done = state.tricks[-1]
                assert done.winner == rule_winner(done.plays, ranks(game_id))
                expected = done.winner
            else:
                expected = (seat + 1) % players
        assert len(state.tricks) == hand_size(game_id)
        assert state.winner == state.tricks[-1].winner


# -- C3 card codes -------------------------------------------------------------------


def test_c3_every_card_code_round_trips():
    for game in GAMES.values():
        for card in (*game.deck, Card.parse("W")):
            assert Card.parse(str(card)) == card
            assert str(card) == card.rank + (card.suit or "")
    assert str(Card.parse("10S")) == "10S" and Card.parse("10S").rank == "10"


@pytest.mark.parametrize("code", ["", "TS", "10s", "ah", "11H", "AX", "1O", "A", "S", "WW", "w", " AH", "AH ", "10", "0S"])
def test_c3_unknown_codes_raise_value_error(code):
    with pytest.raises(ValueError):
        Card.parse(code)


def test_c3_events_echo_canonical_codes():
    state = GAMES["agram"].deal(players=2, dealer=1, hands=[list(cards("10S 9S 8S 7S 6S 5S")), list(cards("AH 10H 9H 8H 7H 6H"))])
    _, events = run("agram", state, "10S")
    assert events == [{"type": "card_played", "seat": 0, "card": "10S"}]
