"""The worked examples in ``tests/cases``, request by request over the API."""

from __future__ import annotations

import pytest

from support import case, post

HAND_CASES = ["agency-opening", "agram-three-players", "fapfap-double"]


def _as_set(moves):
    return {tuple(sorted(move.items())) for move in moves}


def _subset(expected: dict, actual: dict) -> bool:
    return all(actual.get(key) == value for key, value in expected.items())


@pytest.mark.parametrize("name", HAND_CASES)
def test_worked_hand_step_by_step(client, name):
    example = case(name)
    game = example["game"]
    deal = dict(example["deal"], **({"options": example["options"]} if "options" in example else {}))
    status, body = post(client, f"/v1/games/{game}/deal", deal)
    assert status == 200, body
    state = body["state"]
    for number, step in enumerate(example["steps"]):
        status, legal = post(client, f"/v1/games/{game}/legal-moves", {"state": state})
        assert status == 200, legal
        assert legal["to_act"] == step["to_act"], f"step {number}"
        assert _as_set(legal["moves"]) == _as_set(step["legal_moves"]), f"step {number}"
        status, played = post(client, f"/v1/games/{game}/play", {"state": state, "move": step["play"]})
        assert status == 200, played
        assert [event["type"] for event in played["events"]] == [event["type"] for event in step["events"]], f"step {number}"
        for expected, actual in zip(step["events"], played["events"]):
            assert _subset(expected, actual), f"step {number}: {actual} lacks {expected}"
        state = played["state"]
    status, score = post(client, f"/v1/games/{game}/score", {"state": state})
    assert status == 200, score
    assert _subset(example["score_after"], score), score
    if "legal_moves_after" in example:
        status, legal = post(client, f"/v1/games/{game}/legal-moves", {"state": state})
        assert _as_set(legal["moves"]) == _as_set(example["legal_moves_after"])


@pytest.mark.parametrize("example", case("trick-winner"), ids=lambda example: f"{example['game']}: {example['note']}")
def test_trick_winner_examples(client, example):
    status, body = post(client, f"/v1/games/{example['game']}/trick-winner", {"plays": example["plays"]})
    assert status == 200, body
    assert body["winner"] == example["winner"]
    assert body["card"] == example["card"]
    if "points" in example:
        assert body["points"] == example["points"]
