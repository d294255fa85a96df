"""Whole matches (RULINGS A14, F7): the next hand is dealt from the last one."""

from __future__ import annotations

import random

import pytest

from support import (
    VOID_HANDS,
    a13_hand_result,
    deal_state,
    f7_hand_result,
    next_hand,
    play_hand,
    play_script,
    post,
    walk_agency_match,
    walk_agram_match,
    walk_last_trick_match,
)


def test_agram_match_plays_to_its_target(client):
    walk_agram_match(client)


def test_f7_spar_tally_adds_the_hands_points(client):
    """RULINGS F2, F7: Spar's match tally is in points. Hand 1, two players,
    dealer 1: seat 0 leads and wins four Hearts while seat 1 discards
    Diamonds; at trick 5 seat 0 leads 6C and seat 1, with only 10D, cannot
    follow: the 6 wins the last trick and scores 3. Hand 2 is dealt by seat 0,
    the winner, so seat 1 leads (F7, F4) and wins the same way with 7C: 2."""
    script = "AH AD | KH KD | QH QD | JH JD | {last} 10D"
    hearts, diamonds = ["AH", "KH", "QH", "JH"], ["AD", "KD", "QD", "JD", "10D"]
    state = deal_state(client, "spar", {"players": 2, "dealer": 1, "hands": [hearts + ["6C"], diamonds]})
    state, _ = play_script(client, "spar", state, script.format(last="6C"))
    assert state["match"]["tally"] == [3, 0]
    state = deal_state(client, "spar", {"previous": state, "hands": [diamonds, hearts + ["7C"]]})
    assert (state["dealer"], state["to_act"]) == (0, 1)
    state, _ = play_script(client, "spar", state, script.format(last="7C"))
    assert state["match"]["previous"] == [3, 0]
    assert state["match"]["tally"] == [3, 2]


@pytest.mark.parametrize(("game", "target"), [("agram-mali", 5), ("spar", 10)])
def test_f7_match_plays_to_its_default_target(client, game, target):
    """RULINGS F7: with no ``target`` option the agram-mali match ends when a
    seat has won 5 hands, the Spar match when a seat has 10 points; each
    hand's result is worked out from its plays (F1, F2)."""
    hands, tally = walk_last_trick_match(client, game, 3, target, random.Random(7))
    assert max(tally) >= target > sorted(tally)[-2]
    if game == "spar":
        assert sum(tally) > hands  # some hand was won with a 6 or a 7


def test_f7_fapfap_match_ends_at_a_given_target(client):
    """RULINGS F6, F7: Fapfap has no target by default; with ``target`` 12 and
    stake 2 the match ends on the hand that takes a seat's balance to 12 or
    more (each hand pays the winner 2 x 1, 2 or 4 from each other seat)."""
    hands, tally = walk_last_trick_match(client, "fapfap", 3, 12, random.Random(9), options={"stake": 2, "target": 12})
    assert hands >= 2 and sum(tally) == 0


def test_a14_agency_match_to_3_game_points(client):
    """RULINGS A14: with ``target_game_points`` 3 the match ends when a team
    has won 3 hands; each hand's winner is worked out from its plays (A3,
    A11, A13). This seeded match has a void hand and ends 3 to 2."""
    winners = walk_agency_match(client, target=3, rng=random.Random(0))
    assert None in winners and sorted([winners.count(0), winners.count(1)]) == [2, 3]


def test_next_hand_refuses_a_dealer_other_than_the_winner(client):
    hand = play_hand(client, "sink-sink", {"players": 3, "seed": 3}, random.Random(3))
    winner, _ = f7_hand_result("sink-sink", hand["state"])
    status, body = next_hand(client, "sink-sink", hand["state"], dealer=(winner + 1) % 3)
    assert status == 409 and body["code"] == "match_mismatch"
    status, body = next_hand(client, "sink-sink", hand["state"], players=4)
    assert status == 409 and body["code"] == "match_mismatch"


def test_next_hand_needs_a_finished_hand(client):
    status, body = post(client, "/v1/games/agram/deal", {"players": 3, "seed": 3})
    status, body = next_hand(client, "agram", body["state"])
    assert status == 409 and body["code"] == "hand_not_over"


def test_fapfap_balance_carries_over_and_sums_to_zero(client):
    # RULINGS F6: each other seat pays stake 3 x the multiplier to the winner.
    hand = play_hand(client, "fapfap", {"players": 4, "seed": 8, "options": {"stake": 3}}, random.Random(8))
    _, first = f7_hand_result("fapfap", hand["state"], stake=3)
    assert hand["state"]["match"]["tally"] == first
    assert sum(first) == 0 and max(first) in (9, 18, 36)
    second = play_hand(client, "fapfap", {"previous": hand["state"], "seed": 9}, random.Random(9))
    _, paid = f7_hand_result("fapfap", second["state"], stake=3)
    assert second["state"]["match"]["previous"] == first
    assert second["state"]["match"]["tally"] == [a + b for a, b in zip(first, paid)]
    assert second["state"]["match"]["over"] is False  # no target unless one is given (F7)


def test_agency_match_to_two_game_points_with_the_losing_team_leading(client):
    walk_agency_match(client)


def test_after_a_void_hand_the_same_team_chooses(client):
    status, body = post(client, "/v1/games/agency/deal", {"hands": VOID_HANDS, "first_leader": 1})
    state = body["state"]
    # As hand 2 of a match whose hand 1 team 1 lost: team 1 chose seat 1 to lead.
    state["match"] = {"hand": 2, "previous": [1, 0], "chooser": 1}
    for move in ({"seat": 1, "card": "1M", "holder": 1}, {"seat": 2, "card": "W", "holder": 2}):
        status, body = post(client, "/v1/games/agency/play", {"state": state, "move": move})
        assert status == 200, body
        state = body["state"]
    assert [event["type"] for event in body["events"]] == ["card_played", "trick_discarded", "hand_over"]
    assert body["events"][-1]["winner"] is None
    assert state["end"] == "no_legal_play" and state["team_points"] == [0, 0]
    assert state["match"]["tally"] == [1, 0]
    status, body = next_hand(client, "agency", state, seed=4, first_leader=0)
    assert status == 409 and body["code"] == "leader_not_from_losing_team"
    status, body = next_hand(client, "agency", state, seed=4)
    assert status == 200, body
    assert body["state"]["first_leader"] == 1
    assert body["state"]["match"]["chooser"] == 1 and body["state"]["match"]["previous"] == [1, 0]


@pytest.mark.parametrize(("game", "players", "seed"), [("agram", 3, 3), ("sink-sink", 5, 4), ("spar", 2, 6)])
def test_f4_next_hand_by_default_dealt_by_the_last_winner_and_led_by_the_seat_after(client, game, players, seed):
    """README, Matches: with no dealer, the last hand's winner deals (the
    only dealer allowed), so the seat after it leads the first trick (F4)."""
    hand = play_hand(client, game, {"players": players, "seed": seed}, random.Random(seed))
    winner, _ = f7_hand_result(game, hand["state"])
    status, body = next_hand(client, game, hand["state"], seed=seed + 1)
    assert status == 200, body
    assert body["state"]["dealer"] == winner and body["state"]["to_act"] == (winner + 1) % players


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a14_next_hand_by_default_led_by_the_lower_seat_of_the_losing_team(client, seed):
    """README, Matches: with no first_leader, the team that lost the hand
    chooses (A14) and its lower seat leads: seat 0 for team 0, seat 1 for team 1."""
    hand = play_hand(client, "agency", {"seed": seed}, random.Random(seed))
    _, winning_team = a13_hand_result(hand["state"])
    assert winning_team is not None  # these seeds give decided hands
    status, body = next_hand(client, "agency", hand["state"], seed=seed + 10)
    assert status == 200, body
    losing_team = 1 - winning_team
    assert body["state"]["first_leader"] == losing_team and body["state"]["to_act"] == losing_team
