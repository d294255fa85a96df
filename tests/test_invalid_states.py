"""Every kind of impossible state is refused with a problem that names it.

States are made by the API and then changed one way each; the problem text is
what the referee must say (the same words ``check`` lists).
"""

from __future__ import annotations

import copy
import random

import pytest

from service.games.records import MAX_HANDS
from support import VOID_HANDS, case, play_hand, play_out, post

EXAMPLE = case("agram-three-players")


def _agram_after(client, plays):
    status, body = post(client, "/v1/games/agram/deal", EXAMPLE["deal"])
    state = body["state"]
    for step in EXAMPLE["steps"][:plays]:
        state = post(client, "/v1/games/agram/play", {"state": state, "move": step["play"]})[1]["state"]
    return state


def _problems(client, game, state):
    status, body = post(client, f"/v1/games/{game}/legal-moves", {"state": state})
    assert status == 409 and body["code"] == "invalid_state", body
    return " | ".join(body["problems"])


def _set(path, value):
    def change(state):
        target = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value(target[path[-1]]) if callable(value) else value
    return change


AGRAM_CHANGES = {
    # (plays made first, change, what the problem says)
    "wrong trick winner": (4, _set(("tricks", 0, "winner"), 1), "tricks[0].winner is 1 but seat 0 won it with AH"),
    "wrong winning card": (4, _set(("tricks", 0, "card"), "5H"), "tricks[0].card is 5H but the winning card is AH"),
    "short completed trick": (4, _set(("tricks", 0, "plays"), lambda plays: plays[:2]), "tricks[0] has 2 plays; a completed trick has 3"),
    "wrong leader": (4, _set(("trick", "leader"), 2), "trick.leader is 2 but seat 0 leads it"),
    "complete trick in progress": (5, _set(("trick", "plays"), lambda plays: plays + [{"seat": 2, "card": "10S"}]), "a trick of 3 plays is complete"),
    "a seat's card not in its hand": (4, _set(("trick", "plays", 0), {"seat": 0, "card": "10H"}), "trick.plays[0] is not legal: Seat 0 does not hold 10H"),
    "not the seed's deal": (0, _set(("deal", "seed"), 5), "deal.hands are not the deal of seed 5"),
    # the dealt hands are named as the state names them (a deal request's are its "hands")
    "a dealt card twice": (0, _set(("deal", "hands", 1, 0), "AH"), "deal.hands: AH appears more than once; every card is unique"),
    "a dealt card not in the deck": (0, _set(("deal", "hands", 2, 0), "1V"), "deal.hands[2]: 1V is not in the agram deck"),
    "a dealt hand short": (0, _set(("deal", "hands", 0), lambda hand: hand[:5]), "deal.hands[0] has 5 cards; agram deals 6 to each seat"),
    "dealer not a seat": (0, _set(("dealer",), 3), "dealer 3 is not a seat"),
    "match tally of the wrong size": (0, _set(("match",), {"hand": 1, "previous": [0, 0]}), "match.previous lists 2 seats; there are 3"),
    "hand over claimed": (4, _set(("hand_over",), True), "hand_over is true but the deal and the plays give false"),
}


@pytest.mark.parametrize("name", list(AGRAM_CHANGES))
def test_impossible_agram_state(client, name):
    plays, change, expected = AGRAM_CHANGES[name]
    state = _agram_after(client, plays)
    change(state)
    assert expected in _problems(client, "agram", state)


def test_plays_after_the_hand_is_over_are_impossible(client):
    state = _agram_after(client, len(EXAMPLE["steps"]))
    extra_play = copy.deepcopy(state)
    extra_play["trick"] = {"leader": 0, "plays": [{"seat": 0, "card": "10D"}]}
    assert "trick has plays but the hand was already over" in _problems(client, "agram", extra_play)


def test_a_trick_after_the_hand_is_over_is_impossible(client):
    for seed in range(50):  # a hand that ended after some tricks, short of the schema's 10
        state = copy.deepcopy(play_hand(client, "agency", {"seed": seed}, random.Random(seed))["state"])
        done = len(state["tricks"])
        if 0 < done < 10 and not state["trick"]["plays"]:  # ended between tricks
            break
    state["tricks"].append(copy.deepcopy(state["tricks"][-1]))
    assert f"tricks[{done}] was played after the hand was over" in _problems(client, "agency", state)


@pytest.mark.parametrize("game,deal,previous", [("agram", {"players": 3, "seed": 1}, [0, 0]), ("spar", {"players": 2, "seed": 1}, [0, 0, 0])])
def test_a_match_tally_of_the_wrong_size_is_impossible(client, game, deal, previous):
    status, body = post(client, f"/v1/games/{game}/deal", deal)
    state = body["state"]
    state["match"] = {"hand": 1, "previous": previous}
    assert "match.previous lists" in _problems(client, game, state)


def test_wrong_trick_points_in_agency(client):
    hand = play_hand(client, "agency", {"seed": 3}, random.Random(3))
    state = copy.deepcopy(hand["state"])
    won = state["tricks"][0]
    won["points"] = won["points"] + 2
    assert f"tricks[0].points is {won['points']} but the trick holds {won['points'] - 2} points" in _problems(client, "agency", state)


def test_a_play_after_an_a12a_end_is_named_as_such(client):
    status, body = post(client, "/v1/games/agency/deal", {"hands": VOID_HANDS, "first_leader": 1})
    state = body["state"]
    state["trick"]["plays"] = [
        {"seat": 1, "card": "1M", "holder": 1},
        {"seat": 2, "card": "W", "holder": 2},
        {"seat": 3, "card": "1B", "holder": 3},  # seat 3 had no legal play: the hand was over
    ]
    assert "trick.plays[2] was played after the hand was over" in _problems(client, "agency", state)


def _hand_in_a_match(client, game, players, dealer, hand, previous, options=None):
    """A fresh hand claimed to be hand number ``hand`` of a match, after ``previous``."""
    target = {} if game == "fapfap" else {"target": 1000}  # Fapfap has no target unless given (F7)
    request = {"players": players, "seed": 11, "dealer": dealer, "options": {**target, **(options or {})}}
    state = post(client, f"/v1/games/{game}/deal", request)[1]["state"]
    state["match"] = {"hand": hand, "previous": previous}
    return state


# RULINGS F7 with F2/F6: what earlier hands can leave in a match's tally.
# Spar: a hand scores 3 (won with a 6), 2 (a 7) or 1 for its winner, so a
# tally of 5 takes at least two hands; Fapfap with stake 1: a hand pays its
# winner 1, 2 or 4 from each other seat, so after two hands of 3 players no
# seat is above 16 or below -8.
IMPOSSIBLE_TALLIES = [
    ("spar", 3, 1, 3, [1, 5, 0], "match.previous [1, 5, 0] needs at least 3 earlier hands; there were 2"),
    ("spar", 3, 1, 3, [0, 4, 2], "match.previous [0, 4, 2] needs at least 3 earlier hands; there were 2"),
    ("agram", 3, 1, 3, [1, 2, 0], "match.previous adds up to 3, which 2 earlier hand(s) cannot give (from 2 to 2)"),
    ("fapfap", 3, 1, 3, [-12, 16, -4], "match.previous has a tally that 2 earlier hand(s) cannot give (each from -8 to 16)"),
    ("fapfap", 3, 1, 3, [-100, 200, -100], "match.previous has a tally that 2 earlier hand(s) cannot give (each from -8 to 16)"),
]
POSSIBLE_TALLIES = [
    ("spar", 3, 1, 3, [0, 6, 0]),  # two hands won with a 6
    ("spar", 3, 1, 3, [1, 3, 0]),
    ("agram", 3, 1, 3, [0, 2, 0]),
    ("fapfap", 3, 1, 3, [-8, 16, -8]),  # two hands paid at x4 to seat 1
    ("fapfap", 3, 1, 3, [-5, 10, -5]),  # x4 then x1
]


@pytest.mark.parametrize("game,players,dealer,hand,previous,expected", IMPOSSIBLE_TALLIES)
def test_a_tally_no_earlier_hands_can_give_is_impossible(client, game, players, dealer, hand, previous, expected):
    state = _hand_in_a_match(client, game, players, dealer, hand, previous)
    assert expected in _problems(client, game, state)


@pytest.mark.parametrize("game,players,dealer,hand,previous", POSSIBLE_TALLIES)
def test_a_tally_earlier_hands_can_give_is_accepted(client, game, players, dealer, hand, previous):
    state = _hand_in_a_match(client, game, players, dealer, hand, previous)
    status, body = post(client, f"/v1/games/{game}/legal-moves", {"state": state})
    assert status == 200, body


def test_no_hand_is_dealt_after_the_last_one_a_state_may_number(client):
    """Regression: a match's hand 1,000,000 was accepted and its next hand
    dealt as 1,000,001, which no request could then send back."""
    for hand, allowed in ((MAX_HANDS - 1, True), (MAX_HANDS, False)):
        earlier = hand - 1  # every earlier hand won by seat 1 at x1: each other seat paid 1
        state = _hand_in_a_match(client, "fapfap", 3, 1, hand, [-earlier, 2 * earlier, -earlier])
        finished = play_out(client, "fapfap", state, random.Random(hand))["state"]
        assert finished["hand_over"] and finished["match"]["hand"] == hand
        status, body = post(client, "/v1/games/fapfap/deal", {"previous": finished})
        if allowed:
            assert status == 200 and body["state"]["match"]["hand"] == MAX_HANDS
        else:
            assert status == 409 and body["code"] == "match_over" and "1,000,000 hands" in body["detail"]


def test_a_foreign_card_is_named_once_however_often_it_appears(client):
    """Regression: a deck of 35 Walls listed "deck: W is not in the agram deck" 35 times."""
    status, body = post(client, "/v1/games/agram/deal", {"players": 3, "deck": ["W"] * 30 + ["7V"] * 5})
    assert status == 409 and body["code"] == "invalid_state"
    assert body["problems"] == [
        "deck: W is not in the agram deck", "deck: 7V is not in the agram deck",
        "deck: 7V appears more than once; every card is unique",
    ]
