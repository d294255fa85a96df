"""Agency's rules, one test (or more) per ruling A1-A13 (docs/rules.md; A14,
the match, is tests/test_api_match.py's and tests/test_rules_match_record.py's).

Every expected value is worked out by hand from the rule text, on deals built
so that each position is easy to see. A holder at the deal is
``c1 c2 c3 W c4 c5 W c6 c7 c8`` (A5): seat s reaches its own holder s from the
start (c1 c2 c3 W) and holder s-1 from the end (c8 c7 c6 W). In the scripts
below each token is the card the seat to act plays, ``W@h`` a Wall from holder
h; tricks are separated by ``|`` for the reader only.
"""

from __future__ import annotations

import random

import pytest

from service.cards import Card, cards
from service.errors import IllegalMove, RulesRefusal
from service.tricks import Play
from support import GAMES

GAME = GAMES["agency"]
WALL = Card.parse("W")
SUITS = "HMBV"

# The rule's card points (A3): 3 and 7 of H, M, B: 2; their 5: 4; a Wall: 2;
# everything else, Vans included: 0.
RULE_POINTS = {rank + suit: {"3": 2, "7": 2, "5": 4}.get(rank, 0) for suit in "HMB" for rank in "123456789"}
RULE_POINTS.update({rank + "V": 0 for rank in "123456789"}, W=2)

# OPENING: each seat's c1 c2 c3 is one rank of H, M and B, so each trick of
# the script below is one suit, led and won by seat 0. At the deal:
#   seat 0 reaches 9H 9M 9B W (holder 0) and 8V 7V 2B W (holder 3);
#   seat 1 reaches 7H 7M 7B W (holder 1) and 2V 1V 8B W (holder 0);
#   seat 2 reaches 5H 5M 5B W (holder 2) and 4V 3V 6B W (holder 1);
#   seat 3 reaches 3H 3M 3B W (holder 3) and 6V 5V 4B W (holder 2).
# Undealt: 1H 1M 1B 9V.
OPENING = (
    "9H 9M 9B 8H 8M 8B 1V 2V",
    "7H 7M 7B 6H 6M 6B 3V 4V",
    "5H 5M 5B 4H 4M 4B 5V 6V",
    "3H 3M 3B 2H 2M 2B 7V 8V",
)
# Each trick is 9, 7, 5, 3 of one suit: 0+2+4+2 = 8 points to team 0.
POINT_TRICKS = "9H 7H 5H 3H | 9M 7M 5M 3M | 9B 7B 5B 3B"

# OPENING with seat 1 void in Hats: it reaches 7M 7B 6M W and 2V 1V 8B W.
VOID_IN_HATS = (OPENING[0], "7M 7B 6M 7H 6H 6B 3V 4V", *OPENING[2:])

# WALL_LEAD: seat 0 leads and wins the first six tricks; each seat plays its
# six reachable suited cards (or a Wall instead), so at trick 7 seat 0 reaches
# only Walls.
WALL_LEAD = (
    "9H 8H 9M 1V 2V 6M 7B 6B",
    "7H 6H 7M 3V 4V 3M 4B 3B",
    "4H 3H 4M 5V 6V 1M 2B 1B",
    "2H 1H 2M 7V 8V 8M 9B 8B",
)
FIRST_THREE = "9H 7H 4H 2H | 8H 6H 3H 1H | 9M 7M 4M 2M"  # 2 points a trick to team 0
# Tricks 4-6 all suited: 3M, 7B, 3B: team 0 has 12; every seat then reaches only Walls.
ALL_SUITED = "8M 6M 3M 1M | 9B 7B 4B 2B | 8B 6B 3B 1B"
# Tricks 4-6 with seats 1, 2, 3 each playing the first Wall of their own
# holder: 4 points a trick, team 0 has 18. Afterwards seat 0 reaches only
# Walls, seat 1 reaches 3V 4V W (holder 1) and 6M W (holder 0), seat 2 5V 6V W
# (holder 2) and 4B W (holder 1), seat 3 7V 8V W (holder 3) and 1B W (holder 2).
WALLS_PLAYED = "8M W@1 3M 1M | 9B 7B W@2 2B | 8B 6B 3B W@3"

# STRANDED: seat 3 reaches 3M 3B 2M W and 4B 4M 2B W: no Hat and no Van.
STRANDED = (
    "9H 9M 9B 8H 8M 8B 1V 2V",
    "7H 7M 7B 6H 6M 6B 3V 4V",
    "5H 5M 5B 4H 5V 2B 4M 4B",
    "3M 3B 2M 3H 2H 6V 7V 8V",
)

# TIE: trick 1 (7H) to team 0, trick 2 (3M) to seat 1, then at trick 3 seat 3
# reaches no Briefcase, no Van and the trick already holds a Wall: 2 points each.
TIE = (
    "9H 8M 7M 8H 5H 1H 4M 8B",
    "7H 9M 9B 7B 6B 5B 4B 3B",
    "4H 2M 3H 2B 1B 6H 6M 5M",
    "2H 3M 1M 1V 2V 3V 4V 5V",
)
TIE_SCRIPT = "9H 7H 4H 2H | 8M 9M 2M 3M | 9B W@{wall}"
# The same with the 4H and 5H swapped: trick 1 holds 7H and 5H, 6 points.
MORE = ("9H 8M 7M 8H 4H 1H 4M 8B", TIE[1], "5H 2M 3H 2B 1B 6H 6M 5M", TIE[3])
MORE_SCRIPT = "9H 7H 5H 2H | 8M 9M 2M 3M | 9B W@2"

# OUT: seat 1 leads and wins all eight tricks while seats 0 and 2 play the four
# Walls of holders 0 and 1; after trick 8 both holders are empty (A12b).
OUT = (
    "4H 1H 4M 8V 9V 9M 8H 9H",
    "8M 9B 8B 2B 6B 7M 3H 7H",
    "7V 1M 1V 2V 3V 1B 4B 3M",
    "6H 2H 6M 5V 3B 4V 6V 2M",
)
OUT_SCRIPT = (
    "9H 7H 6H 4H | 8H 3H 2H 1H | 9M 7M 6M 4M | 8M W@1 3M 2M "
    "| 9B 6B 4B W@0 | 8B 2B 1B W@0 | 9V 7V W@3 6V | 8V W@1 5V 4V"
)


def deal(rows, leader=0, **options):
    """A hand from each seat's 8 dealt cards, as codes in dealt order."""
    return GAME.deal(first_leader=leader, hands=[list(cards(row)) for row in rows], options=options)


def move(state, token):
    """The move of the seat to act for a script token: ``9H`` or ``W@2``."""
    code, _, holder = token.partition("@")
    return Play(state.to_act, Card.parse(code), int(holder) if holder else None)


def run(state, script):
    """Play a script from ``state``; the state after it and every event."""
    events = []
    for token in script.replace("|", " ").split():
        state, more = GAME.play(state, move(state, token))
        events += more
    return state, events


def legal(state):
    """The legal moves as ``CODE@holder`` strings."""
    return {f"{m.card}@{m.holder}" for m in state.legal_moves()}


def refused(state, token):
    """The refusal of a script token that must be illegal."""
    with pytest.raises(IllegalMove) as info:
        GAME.play(state, move(state, token))
    return info.value


def reach(state, seat):
    """What a seat reaches, as {holder: set of codes}."""
    return {holder: {str(card) for card in reached} for holder, reached in state.reach(seat)}


def trick(*codes_by_seat, leader=0):
    """The plays of one trick, seat ``leader`` first, then in play order."""
    return [Play((leader + i) % 4, Card.parse(code)) for i, code in enumerate(codes_by_seat)]


# -- A1 deck ---------------------------------------------------------------


def test_a1_deck_is_36_suited_cards_ranked_1_to_9_plus_8_walls():
    expected = {Card.parse(rank + suit) for rank in "123456789" for suit in SUITS}
    assert len(GAME.deck) == 36
    assert set(GAME.deck) == expected
    state = deal(OPENING)
    in_holders = [card for holder in state.holders for card in holder]
    assert in_holders.count(WALL) == 8
    assert len(in_holders) == 40


def test_a1_ranks_run_from_1_low_to_9_high():
    for low, high in zip("12345678", "23456789"):
        won = GAME.trick_winner(trick(low + "H", high + "H"))
        assert won.winner == 1, f"{high}H should beat {low}H"


# -- A2 Vans are trump -----------------------------------------------------


def test_a2_van_may_be_led_at_any_time():
    state = deal(OPENING)
    assert {"8V@3", "7V@3"} <= legal(state)
    state, _ = run(state, "8V")
    assert state.to_act == 1


def test_a2_van_may_be_played_while_able_to_follow_and_wins():
    state = deal(OPENING)
    state, _ = run(state, "9H")
    assert "7H@1" in legal(state)  # seat 1 could follow suit
    state, events = run(state, "2V 5H 3H")
    done = state.tricks[0]
    assert (done.winner, str(done.card)) == (1, "2V")  # the only Van beats 9H
    assert events[-1]["type"] == "trick_won"


# -- A3 card points ----------------------------------------------------------


def test_a3_each_card_is_worth_its_rule_points():
    for card in GAME.deck:
        assert GAME.trick_winner([Play(0, card)]).points == RULE_POINTS[str(card)], str(card)
    assert GAME.trick_winner(trick("1H", "W")).points == 2


def test_a3_full_deck_with_8_walls_is_worth_40():
    suited = list(GAME.deck)
    tricks = [[*suited[3 * i : 3 * i + 3], WALL] for i in range(8)] + [suited[24 + 4 * i : 28 + 4 * i] for i in range(3)]
    tricks = [trick(*map(str, plays)) for plays in tricks]
    assert sum(len(plays) for plays in tricks) == 44
    assert sum(GAME.trick_winner(plays).points for plays in tricks) == 40
    assert sum(RULE_POINTS[str(card)] for card in GAME.deck) + 8 * RULE_POINTS["W"] == 40


def test_a3_trick_points_go_to_the_winning_seats_team():
    state = deal(OPENING)
    state, events = run(state, "9H 2V 5H 3H")  # seat 1 wins: 9H 0 + 2V 0 + 5H 4 + 3H 2
    assert events[-1] == {"type": "trick_won", "winner": 1, "card": "2V", "points": 6, "trick": 1}
    assert state.team_points == (0, 6)


# -- A4 teams -------------------------------------------------------------


def test_a4_seat_2_wins_for_team_0():
    state = deal(OPENING)
    state, _ = run(state, "2B W@1 6B 3B")  # 6B is the highest Briefcase; W 2 + 3B 2
    assert state.tricks[0].winner == 2
    assert state.team_points == (4, 0)


def test_a4_seat_3_wins_for_team_1():
    state = deal(OPENING)
    state, _ = run(state, "2B W@1 5B 6V")  # seat 3's Van wins: W 2 + 5B 4
    assert state.tricks[0].winner == 3
    assert state.team_points == (0, 6)


@pytest.mark.parametrize("leader", [-1, 4])
def test_a4_first_leader_must_be_one_of_the_four_seats(leader):
    with pytest.raises(RulesRefusal) as info:
        deal(OPENING, leader=leader)
    assert info.value.code == "seat_out_of_range"


# -- A5 holders ------------------------------------------------------------


def test_a5_holder_is_c1_c2_c3_wall_c4_c5_wall_c6_c7_c8():
    state = deal(OPENING)
    assert [str(card) for card in state.holders[0]] == "9H 9M 9B W 8H 8M W 8B 1V 2V".split()
    assert [str(card) for card in state.holders[3]] == "3H 3M 3B W 2H 2M W 2B 7V 8V".split()


def test_a5_seat_reaches_own_holder_from_start_and_previous_from_end():
    state = deal(OPENING)
    assert reach(state, 0) == {0: {"9H", "9M", "9B", "W"}, 3: {"8V", "7V", "2B", "W"}}
    assert reach(state, 1) == {1: {"7H", "7M", "7B", "W"}, 0: {"2V", "1V", "8B", "W"}}
    assert legal(state) == {"9H@0", "9M@0", "9B@0", "8V@3", "7V@3", "2B@3"}


def test_a5_seat_cannot_play_from_a_holder_it_does_not_share():
    state = deal(OPENING)
    assert refused(state, "7H@1").code == "card_not_available"  # holder 1 is seats 1 and 2's
    assert refused(state, "7H").code == "card_not_available"


# -- A6 reach ----------------------------------------------------------------


def test_a6_card_behind_a_wall_is_refused():
    state = deal(OPENING)
    error = refused(state, "8H@0")  # c4 of holder 0, behind the first Wall
    assert error.code == "card_not_available"
    assert refused(state, "1V").code == "card_not_available"  # c7: seat 1 reaches it, not seat 0
    assert {"9H@0", "8V@3"} <= {f"{m['card']}@{m['holder']}" for m in error.extra["legal_moves"]}


def test_a6_playing_own_first_wall_opens_c4_c5_to_that_seat():
    state = deal(OPENING)
    state, _ = run(state, "9H")
    assert refused(state, "6H@1").code == "card_not_available"  # still behind the Wall
    state, _ = run(state, "W@1")
    assert [str(card) for card in state.holders[1]] == "7H 7M 7B 6H 6M W 6B 3V 4V".split()
    assert reach(state, 1)[1] == {"7H", "7M", "7B", "6H", "6M", "W"}
    assert reach(state, 2)[1] == {"4V", "3V", "6B", "W"}  # the other end is unchanged
    state, _ = run(state, "5H 3H | 9M")
    state, _ = run(state, "6M")  # the opened card is played
    assert state.trick.plays[-1] == Play(1, Card.parse("6M"), 1)


def test_a6_wall_played_from_the_end_is_the_wall_nearest_that_end():
    state = deal(OPENING)
    state, _ = run(state, "9H W@0")
    assert [str(card) for card in state.holders[0]] == "9M 9B W 8H 8M 8B 1V 2V".split()
    assert reach(state, 1)[0] == {"2V", "1V", "8B", "8M", "8H", "W"}
    assert reach(state, 0)[0] == {"9M", "9B", "W"}


def test_a6_whole_holder_reachable_once_both_walls_are_gone():
    state = deal(OUT, leader=1)
    state, _ = run(state, " ".join(OUT_SCRIPT.split("|")[:6]))  # holder 0 lost both Walls
    assert [str(card) for card in state.holders[0]] == ["8V", "9V"]
    assert reach(state, 1)[0] == {"8V", "9V"}
    assert reach(state, 0)[0] == {"8V", "9V"}


# -- A7 dealing from a deck order ----------------------------------------------


def test_a7_card_k_goes_to_seat_k_mod_4_and_last_4_stay_undealt():
    order = [Card.parse(rank + suit) for suit in "VBMH" for rank in "123456789"]  # 1V 2V ... 9H
    state = GAME.deal(first_leader=0, deck=order)
    assert [str(card) for card in state.deal_hands[0]] == "1V 5V 9V 4B 8B 3M 7M 2H".split()
    assert [str(card) for card in state.deal_hands[1]] == "2V 6V 1B 5B 9B 4M 8M 3H".split()
    assert [str(card) for card in state.deal_hands[3]] == "4V 8V 3B 7B 2M 6M 1H 5H".split()
    assert set(state.undealt) == set(cards("6H 7H 8H 9H"))
    assert [str(card) for card in state.holders[1]] == "2V 6V 1B W 5B 9B W 4M 8M 3H".split()
    live = {card for holder in state.holders for card in holder}
    assert not live & set(state.undealt)


# -- A8 leading ----------------------------------------------------------------


def test_a8_wall_lead_refused_while_suited_cards_are_reachable():
    state = deal(OPENING)
    assert refused(state, "W@0").code == "wall_not_allowed"
    assert refused(state, "W@3").code == "wall_not_allowed"


def test_a8_wall_lead_refused_while_the_other_holder_has_suited_cards():
    state, _ = run(deal(WALL_LEAD), FIRST_THREE)
    assert reach(state, 0) == {0: {"W"}, 3: {"8M", "9B", "8B", "W"}}
    assert refused(state, "W@0").code == "wall_not_allowed"


def test_a8_wall_led_only_when_only_walls_reachable():
    state, _ = run(deal(WALL_LEAD), FIRST_THREE + "|" + ALL_SUITED)
    assert state.team_points == (12, 0)
    assert reach(state, 0) == {0: {"W"}, 3: {"W"}}
    assert legal(state) == {"W@0", "W@3"}
    state, events = run(state, "W@0")
    assert events[0] == {"type": "card_played", "seat": 0, "card": "W", "holder": 0}


# -- A9 following --------------------------------------------------------------


def test_a9_follower_may_play_led_suit_a_van_or_a_wall_and_nothing_else():
    state, _ = run(deal(OPENING), "9H")
    assert legal(state) == {"7H@1", "2V@0", "1V@0", "W@1", "W@0"}
    error = refused(state, "7M")
    assert error.code == "must_follow_suit"
    assert {f"{m['card']}@{m['holder']}" for m in error.extra["legal_moves"]} == legal(state)


def test_a9_offsuit_discard_refused_by_default():
    state, _ = run(deal(VOID_IN_HATS), "9H")
    assert reach(state, 1) == {1: {"7M", "7B", "6M", "W"}, 0: {"2V", "1V", "8B", "W"}}  # no Hat
    assert refused(state, "7M").code == "must_follow_suit"
    assert legal(state) == {"2V@0", "1V@0", "W@1", "W@0"}


def test_a9_offsuit_discard_option_allows_any_suited_card_when_void():
    state, _ = run(deal(VOID_IN_HATS, offsuit_discard=True), "9H")
    assert legal(state) == {"7M@1", "7B@1", "6M@1", "8B@0", "2V@0", "1V@0", "W@1", "W@0"}
    state, _ = run(state, "7M 5H 3H")
    assert state.tricks[0].winner == 0  # a discard never wins


def test_a9_offsuit_discard_option_still_refused_when_holding_led_suit():
    state, _ = run(deal(VOID_IN_HATS, offsuit_discard=True), "9H 7M")
    assert "5H" in reach(state, 2)[2]
    assert refused(state, "5M").code == "must_follow_suit"
    assert legal(state) == {"5H@2", "4V@1", "3V@1", "W@2", "W@1"}


def test_a9_wall_without_its_holder_is_refused_holder_required():
    state, _ = run(deal(OPENING), "9H")
    assert refused(state, "W").code == "holder_required"


# -- A10 Wall leads and second Walls ---------------------------------------


def test_a10_second_wall_in_a_trick_is_refused():
    state, _ = run(deal(OPENING), "9H W@1")
    assert refused(state, "W@2").code == "wall_not_allowed"
    assert refused(state, "W@1").code == "wall_not_allowed"
    assert legal(state) == {"5H@2", "4V@1", "3V@1"}


def test_a10_after_wall_lead_next_seat_sets_led_suit_with_any_suited_card():
    state, _ = run(deal(WALL_LEAD), FIRST_THREE + "|" + WALLS_PLAYED)
    assert state.team_points == (18, 0)
    state, _ = run(state, "W@0")
    assert legal(state) == {"3V@1", "4V@1", "6M@0"}  # any suited card, no second Wall
    assert refused(state, "W@1").code == "wall_not_allowed"
    state, _ = run(state, "6M")
    assert state.trick.led_suit == "M"
    # Seat 2 reaches 5V 6V W and 4B W: no Moustache, so a Van (not 4B, not a Wall).
    assert legal(state) == {"5V@2", "6V@2"}
    assert refused(state, "4B").code == "must_follow_suit"
    state, events = run(state, "5V 7V")
    assert events[-1] == {"type": "trick_won", "winner": 3, "card": "7V", "points": 2, "trick": 7}
    assert state.team_points == (18, 2)


def test_a10_led_suit_is_the_first_suited_card_after_a_wall_lead():
    won = GAME.trick_winner(trick("W", "3B", "9H", "2B"))
    assert (won.winner, str(won.card), won.points) == (1, "3B", 4)


def test_a10_trick_with_two_walls_is_not_a_trick():
    with pytest.raises(RulesRefusal) as info:
        GAME.trick_winner(trick("W", "3B", "W"))
    assert info.value.code == "invalid_trick"


# -- A11 trick winner --------------------------------------------------------


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (("9H", "2V", "5H", "3V"), 3),  # the highest Van, over a higher Hat
        (("1V", "9H", "2V", "W"), 2),  # Van led: highest Van
        (("4M", "9H", "6M", "1M"), 2),  # no Van: highest of the led suit; 9H off-suit
        (("1H", "W", "2H", "4M"), 2),  # a Wall never wins
        (("W", "3B", "9H", "2B"), 1),  # led suit set after the Wall lead
    ],
)
def test_a11_highest_van_else_highest_of_led_suit_wall_never_wins(plays, winner):
    assert GAME.trick_winner(trick(*plays)).winner == winner


def test_a11_only_a_wall_cannot_win():
    with pytest.raises(RulesRefusal) as info:
        GAME.trick_winner(trick("W"))
    assert info.value.code == "invalid_trick"


# -- A12 end of the hand -----------------------------------------------------


def test_a12a_no_legal_play_ends_hand_and_discards_unfinished_trick():
    state, _ = run(deal(WALL_LEAD), FIRST_THREE + "|" + ALL_SUITED)
    state, events = run(state, "W@0")
    # Seat 1 reaches only Walls (holder 1 start, holder 0 end) and a Wall is in the trick.
    assert reach(state, 1) == {1: {"W"}, 0: {"W"}}
    assert state.end == "no_legal_play"
    assert state.to_act is None
    assert state.legal_moves() == []
    assert [e["type"] for e in events] == ["card_played", "trick_discarded", "hand_over"]
    assert events[1]["plays"] == [{"seat": 0, "card": "W", "holder": 0}]
    assert state.team_points == (12, 0)  # the Wall's 2 points score for nobody
    assert events[2]["winner"] == 0 and events[2]["team_points"] == [12, 0]


def test_a12a_discarded_trick_with_points_scores_for_nobody():
    state, events = run(deal(STRANDED), "9H W@1 5H")  # 0 + 2 + 4 points in the trick
    assert state.end == "no_legal_play"
    assert events[-2]["type"] == "trick_discarded"
    assert [p["card"] for p in events[-2]["plays"]] == ["9H", "W", "5H"]
    assert state.team_points == (0, 0)


def test_a12a_offsuit_discard_gives_the_stranded_seat_a_play():
    state, _ = run(deal(STRANDED, offsuit_discard=True), "9H W@1 5H")
    assert state.end is None
    assert legal(state) == {"3M@3", "3B@3", "2M@3", "4B@2", "4M@2", "2B@2"}


def test_a12a_hand_over_refuses_further_moves():
    state, _ = run(deal(STRANDED), "9H W@1 5H")
    assert refused(state, "3M").code == "hand_over"


def test_a12b_seat_with_both_holders_empty_ends_hand_after_the_trick():
    state, _ = run(deal(OUT, leader=1), OUT_SCRIPT.rsplit("|", 1)[0])
    assert state.end is None and state.team_points == (0, 16)
    state, _ = run(state, "8V W@1")
    assert state.holders[0] == () and state.holders[1] == ()
    assert state.end is None  # the trick is not complete yet
    state, events = run(state, "5V 4V")
    assert state.end == "out_of_cards"
    assert events[-2] == {"type": "trick_won", "winner": 1, "card": "8V", "points": 2, "trick": 8}
    assert events[-1]["type"] == "hand_over" and events[-1]["end"] == "out_of_cards"
    assert state.team_points == (0, 18)
    assert state.winner == 1


def test_a12b_one_empty_holder_does_not_end_the_hand():
    """RULINGS A12b: the hand ends after a trick only when one seat has no card
    in BOTH of its holders. OUT's tricks 1-7, then trick 8 with seat 2 playing
    1V instead of holder 1's last Wall: seat 1 8V (holder 0's last card),
    seat 2 1V, seat 3 5V, seat 0 4V; 8V is the highest Van and wins (A11), 0
    points. Then holder 0 is empty but holder 1 still holds a Wall, holder 3
    3B W and holder 2 1M W 2V 3V W: seat 0 (holders 0, 3) and seat 1
    (holders 1, 0) each have a card left, so the hand goes on, 16 points to 0."""
    state, _ = run(deal(OUT, leader=1), OUT_SCRIPT.rsplit("|", 1)[0] + "| 8V 1V 5V 4V")
    assert [len(holder) for holder in state.holders] == [0, 1, 5, 2]
    assert state.end is None
    assert state.team_points == (0, 16)
    # Seat 1 won trick 8 and leads; it reaches only holder 1's Wall (A8).
    assert state.to_act == 1
    assert legal(state) == {"W@1"}
    # Seat 1's holders are now both empty, but no trick has completed: the
    # hand ends only when seat 3, with 3B and two Walls in reach and a Wall in
    # the trick, has no legal play (A12a); the trick scores for nobody.
    state, _ = run(state, "W@1 1M")
    assert state.holders[0] == () and state.holders[1] == ()
    assert state.end == "no_legal_play"
    assert state.team_points == (0, 16) and state.winner == 1


@pytest.mark.parametrize(("early_end_points", "tricks"), [(None, 3), (8, 1), (16, 2), (17, 3), (24, 3)])
def test_a12c_hand_ends_when_a_team_reaches_22_or_early_end_points(early_end_points, tricks):
    # Each trick of POINT_TRICKS gives team 0 8 points: 8, 16, 24; by default
    # (22) the hand ends after the third.
    options = {} if early_end_points is None else {"early_end_points": early_end_points}
    played = POINT_TRICKS.split("|")
    state, _ = run(deal(OPENING, **options), "|".join(played[: tricks - 1]))
    assert state.end is None
    state, events = run(state, played[tricks - 1])
    assert state.end == "points_reached"
    assert state.team_points == (8 * tricks, 0)
    assert events[-1]["end"] == "points_reached" and events[-1]["winner"] == 0


def test_a12c_hand_goes_on_below_early_end_points():
    state, _ = run(deal(OPENING, early_end_points=25), POINT_TRICKS)
    assert state.team_points == (24, 0)
    assert state.end is None and state.to_act == 0


# -- A13 the hand's winner -----------------------------------------------------


def test_a13_more_points_wins_even_without_the_last_trick():
    state, _ = run(deal(MORE), MORE_SCRIPT)
    assert state.end == "no_legal_play"
    assert state.team_points == (6, 2)
    assert state.tricks[-1].winner == 1
    assert state.winner == 0


@pytest.mark.parametrize("turn", range(4))
def test_a13_equal_points_won_by_the_team_of_the_last_trick(turn):
    # The TIE deal turned by ``turn`` seats: seat 1 + turn wins trick 2.
    rows = [TIE[(seat - turn) % 4] for seat in range(4)]
    state, _ = run(deal(rows, leader=turn), TIE_SCRIPT.format(wall=(2 + turn) % 4))
    assert state.end == "no_legal_play"
    assert sorted(state.team_points) == [2, 2]
    assert state.tricks[-1].winner == (1 + turn) % 4
    assert state.winner == (1 + turn) % 2
    assert GAME.score(state)["winner"] == (1 + turn) % 2


def test_a13_void_hand_when_no_trick_completed():
    state, events = run(deal(STRANDED), "9H W@1 5H")
    assert state.tricks == ()
    assert state.winner is None
    assert events[-1]["type"] == "hand_over" and events[-1]["winner"] is None


def test_a13_no_winner_while_the_hand_runs():
    state, _ = run(deal(OPENING), POINT_TRICKS.split("|")[0])
    assert state.team_points == (8, 0)
    assert state.winner is None


# -- the value of a hand for a seat (analysis; A13) ----------------------------


def test_a13_seat_value_is_1_for_the_winning_team_and_minus_1_for_the_other():
    state, _ = run(deal(MORE), MORE_SCRIPT)  # team 0 wins on points, 6 to 2
    assert [GAME.seat_value(state, seat) for seat in range(4)] == [1, -1, 1, -1]


@pytest.mark.parametrize("turn", range(4))
def test_a13_seat_value_on_equal_points_follows_the_last_trick(turn):
    rows = [TIE[(seat - turn) % 4] for seat in range(4)]
    state, _ = run(deal(rows, leader=turn), TIE_SCRIPT.format(wall=(2 + turn) % 4))
    last_team = (1 + turn) % 2  # seat 1 + turn won the last completed trick
    assert [GAME.seat_value(state, seat) for seat in range(4)] == [1 if seat % 2 == last_team else -1 for seat in range(4)]


def test_a13_seat_value_of_a_void_hand_is_0_for_every_seat():
    state, _ = run(deal(STRANDED), "9H W@1 5H")
    assert [GAME.seat_value(state, seat) for seat in range(4)] == [0, 0, 0, 0]


def test_a13_seat_value_is_refused_while_the_hand_runs():
    with pytest.raises(ValueError, match="over"):
        GAME.seat_value(deal(OPENING), 0)


# -- A3, A7, A11-A13 over random hands ------------------------------------------


def rule_winner(plays):
    """A11 from the text: the highest Van, else the highest of the led suit."""
    vans = [p for p in plays if p.card.suit == "V"]
    led = next(p.card.suit for p in plays if not p.card.is_wall)
    pool = vans or [p for p in plays if p.card.suit == led]
    return max(pool, key=lambda p: int(p.card.rank)).seat


def hand_points(cards_):
    return sum(RULE_POINTS[str(card)] for card in cards_)


@pytest.mark.parametrize("offsuit_discard", [False, True])
def test_a3_points_credited_never_exceed_points_dealt(offsuit_discard):
    for seed in range(100):
        rng = random.Random(seed)
        state = GAME.deal(seed=seed, first_leader=seed % 4, options={"offsuit_discard": offsuit_discard})
        dealt = hand_points(card for holder in state.holders for card in holder)
        assert dealt == 40 - hand_points(state.undealt)
        while not state.hand_over:
            state, _ = GAME.play(state, rng.choice(state.legal_moves()))
        won = [0, 0]
        for done in state.tricks:
            assert done.winner == rule_winner(done.plays)
            assert done.points == hand_points(p.card for p in done.plays)
            won[done.winner % 2] += done.points
        assert list(state.team_points) == won
        left = hand_points(card for holder in state.holders for card in holder)
        discarded = hand_points(p.card for p in state.trick.plays)
        assert sum(won) + left + discarded == dealt
        assert sum(won) <= dealt <= 40
        before = [0, 0]
        for done in state.tricks[:-1]:
            before[done.winner % 2] += done.points
            assert max(before) < 22, "the hand went on after a team reached 22 (A12c)"
        assert (max(won) >= 22) == (state.end == "points_reached") or state.end == "out_of_cards"
        if state.tricks:
            ahead = 0 if won[0] > won[1] else 1 if won[1] > won[0] else state.tricks[-1].winner % 2
            assert state.winner == ahead
        else:
            assert state.winner is None


def rule_legal(state, seat, offsuit_discard):
    """A6 and A8-A10 from the text, as ``CODE@holder`` strings: what ``seat`` may play."""
    reached = []
    for holder, row in ((seat, state.holders[seat]), ((seat - 1) % 4, state.holders[(seat - 1) % 4][::-1])):
        for card in row:
            reached.append((holder, card))
            if card.is_wall:
                break
    plays = state.trick.plays
    led = next((p.card.suit for p in plays if not p.card.is_wall), None)
    void = not any(card.suit == led for _, card in reached)

    def allowed(card):
        if card.is_wall:
            return not any(p.card.is_wall for p in plays) and (bool(plays) or all(c.is_wall for _, c in reached))
        return led is None or card.suit in (led, "V") or (offsuit_discard and void)

    return {f"{card}@{holder}" for holder, card in reached if allowed(card)}


@pytest.mark.parametrize("offsuit_discard", [False, True])
def test_a6_to_a10_legal_moves_are_the_rules_over_random_hands(offsuit_discard):
    for seed in range(50):
        rng = random.Random(seed)
        state = GAME.deal(seed=seed, first_leader=seed % 4, options={"offsuit_discard": offsuit_discard})
        while not state.hand_over:
            assert legal(state) == rule_legal(state, state.to_act, offsuit_discard)
            state, _ = GAME.play(state, rng.choice(state.legal_moves()))
        if state.end == "no_legal_play":
            stuck = (state.trick.leader + len(state.trick.plays)) % 4
            assert rule_legal(state, stuck, offsuit_discard) == set()


# -- who chooses the next hand (A14) ---------------------------------------------


def test_a14_the_seats_of_the_team_that_lost_choose_the_next_hand():
    won, _ = run(deal(MORE), MORE_SCRIPT)  # team 0 wins on points: team 1 lost and names the next leader
    assert won.winner == 0 and GAME.choosers(won) == (1, 3)
    assert GAME.choosers(deal(MORE)) == ()  # a hand in play has no next hand yet


def test_a14_after_a_void_first_hand_nobody_chooses_and_after_a_later_one_the_team_that_chose():
    void, _ = run(deal(STRANDED), "9H W@1 5H")
    assert void.winner is None and GAME.choosers(void) == ()
    from service.games.records import MatchRecord

    rows = [STRANDED[(seat - 1) % 4] for seat in range(4)]  # the same hand turned one seat on, seat 1 leading
    chosen = GAME.deal(first_leader=1, hands=[list(cards(row)) for row in rows], match=MatchRecord(hand=2, previous=(1, 0), chooser=1))
    void_again, _ = run(chosen, "9H W@2 5H")
    assert void_again.winner is None and void_again.match.chooser == 1
    assert GAME.choosers(void_again) == (1, 3)


def test_a14_no_seat_chooses_after_the_hand_that_ends_the_match():
    from service.games.records import MatchRecord

    last = GAME.deal(hands=[list(cards(row)) for row in MORE], match=MatchRecord(hand=3, previous=(1, 1), chooser=0),
                     first_leader=0)  # team 0 wins it: 2 game points, the target
    won, _ = run(last, MORE_SCRIPT)
    assert GAME.match_status(won)["over"] and GAME.choosers(won) == ()
