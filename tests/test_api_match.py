"""Whole matches (RULINGS A14, F7): the next hand is dealt from the last one."""

from __future__ import annotations

import random

from support import VOID_HANDS, next_hand, play_hand, post, walk_agency_match, walk_agram_match


def test_agram_match_plays_to_its_target(client):
    walk_agram_match(client)


def test_next_hand_refuses_a_dealer_other_than_the_winner(client):
    hand = play_hand(client, "sink-sink", {"players": 3, "seed": 3}, random.Random(3))
    winner = hand["state"]["winner"]
    status, body = next_hand(client, "sink-sink", hand["state"], dealer=(winner + 1) % 3)
    assert status == 409 and body["code"] == "match_mismatch"
    status, body = next_hand(client, "sink-sink", hand["state"], players=4)
    assert status == 409 and body["code"] == "match_mismatch"


def test_next_hand_needs_a_finished_hand(client):
    status, body = post(client, "/v1/games/agram/deal", {"players": 3, "seed": 3})
    status, body = next_hand(client, "agram", body["state"])
    assert status == 409 and body["code"] == "hand_not_over"


def test_fapfap_balance_carries_over_and_sums_to_zero(client):
    hand = play_hand(client, "fapfap", {"players": 4, "seed": 8, "options": {"stake": 3}}, random.Random(8))
    first = hand["state"]["match"]["tally"]
    assert sum(first) == 0 and max(first) in (9, 18, 36)  # stake 3 x multiplier 1, 2 or 4, from 3 seats
    second = play_hand(client, "fapfap", {"previous": hand["state"], "seed": 9}, random.Random(9))
    assert second["state"]["match"]["previous"] == first
    assert sum(second["state"]["match"]["tally"]) == 0
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
