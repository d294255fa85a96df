"""Transcript replay and state checks."""

from __future__ import annotations

import copy
import random

import pytest

from support import case, play_hand, post


@pytest.mark.parametrize("game,deal", [("agency", {"seed": 17, "first_leader": 2}), ("spar", {"players": 5, "seed": 17})])
def test_replaying_a_played_hand_gives_the_same_state_and_score(client, game, deal):
    hand = play_hand(client, game, deal, random.Random(17))
    status, body = post(client, f"/v1/games/{game}/replay", {"deal": deal, "moves": hand["moves"]})
    assert status == 200, body
    assert body["state"] == hand["state"]
    assert [{k: v for k, v in e.items() if k != "hand"} for e in body["events"]] == hand["events"]
    status, score = post(client, f"/v1/games/{game}/score", {"state": hand["state"]})
    assert body["score"] == score


def test_replay_stops_at_the_first_illegal_move(client):
    example = case("agram-three-players")
    moves = [step["play"] for step in example["steps"]]
    moves[4] = {"seat": 1, "card": "4D"}  # seat 1 holds 8S and must follow spades (F5)
    status, body = post(client, "/v1/games/agram/replay", {"deal": example["deal"], "moves": moves})
    assert status == 409, body
    assert body["code"] == "must_follow_suit"
    assert body["index"] == 4 and body["hand"] == 1
    assert body["legal_moves"] == [{"seat": 1, "card": "8S"}]


def test_replay_refuses_a_move_after_the_hand_is_over(client):
    example = case("agram-three-players")
    moves = [step["play"] for step in example["steps"]] + [{"seat": 1, "card": "4D"}]
    status, body = post(client, "/v1/games/agram/replay", {"deal": example["deal"], "moves": moves})
    assert status == 409 and body["code"] == "hand_over" and body["index"] == len(moves) - 1


def test_replay_of_a_whole_match(client):
    rng = random.Random(2)
    first_deal = {"players": 2, "seed": 1, "options": {"target": 2}}
    hands = [play_hand(client, "agram", first_deal, rng)]
    deals = [first_deal]
    while hands[-1]["events"][-1]["type"] != "match_over":
        deals.append({"seed": len(deals)})
        hands.append(play_hand(client, "agram", {**deals[-1], "previous": hands[-1]["state"]}, rng))
    body = {
        "deal": deals[0],
        "moves": hands[0]["moves"],
        "next_hands": [{"deal": deal, "moves": hand["moves"]} for deal, hand in zip(deals[1:], hands[1:])],
    }
    status, result = post(client, "/v1/games/agram/replay", body)
    assert status == 200, result
    assert result["state"] == hands[-1]["state"]
    assert result["events"][-1]["type"] == "match_over"
    assert len(result["scores"]) == len(hands) >= 2


def test_check_reports_a_valid_state(client):
    status, body = post(client, "/v1/games/agram/deal", {"players": 4, "seed": 3})
    status, result = post(client, "/v1/games/agram/check", {"state": body["state"]})
    assert status == 200 and result == {"valid": True, "problems": []}


def test_check_lists_the_same_problems_as_invalid_state(client):
    status, body = post(client, "/v1/games/agency/deal", {"seed": 3})
    bad = copy.deepcopy(body["state"])
    bad["holders"][2].pop()
    bad["team_points"] = [0, 4]
    status, result = post(client, "/v1/games/agency/check", {"state": bad})
    assert status == 200 and result["valid"] is False
    status, refused = post(client, "/v1/games/agency/legal-moves", {"state": bad})
    assert refused["code"] == "invalid_state"
    assert result["problems"] == refused["problems"] and len(result["problems"]) == 2
