"""Whole hands over real HTTP against gunicorn started with the deploy config.

A client that only ever plays a move from ``legal-moves`` plays seeded hands
to the end; the last ``play`` announces the winner the rules name (worked out
from the hand's plays by ``support``'s own reading of F1, A3, A11 and A13),
and ``score`` agrees.
"""

from __future__ import annotations

import random

import pytest

from service.games import GAMES, LastTrickGame
from support import (
    HttpClient,
    a13_hand_result,
    f1_trick_winner,
    play_hand,
    post,
    running_gunicorn,
    walk_agency_match,
    walk_agram_match,
)

AGENCY_SEEDS = range(50)
"""Whole Agency hands over real HTTP: the transport's part (the rules of each
hand are checked in-process over thousands more, tests/test_rules_agency.py)."""


@pytest.fixture(scope="module")
def server():
    with running_gunicorn(workers=2) as process:
        yield process


@pytest.fixture
def http(server):
    client = HttpClient(server.port)
    yield client
    client.close()


def _last_trick_configurations():
    yield "agram", 4
    for game in GAMES.values():
        if isinstance(game, LastTrickGame):
            yield game.id, 2
            yield game.id, game.max_players


@pytest.mark.parametrize(("game", "players"), sorted(set(_last_trick_configurations())))
def test_last_trick_hand_to_the_end(http, game, players):
    rules = GAMES[game]
    hand = play_hand(http, game, {"players": players, "seed": 1000 + players}, random.Random(players))
    tricks = hand["state"]["tricks"]
    assert len(tricks) == rules.hand_size
    winner = f1_trick_winner(game, tricks[-1]["plays"])["seat"]  # F1, F2: the last trick wins the hand
    assert [event["type"] for event in hand["events"][-2:]] == ["trick_won", "hand_over"]
    assert hand["events"][-1]["winner"] == winner
    status, score = post(http, f"/v1/games/{game}/score", {"state": hand["state"]})
    assert status == 200
    assert score["hand_over"] is True and score["winner"] == winner
    if rules.unit == "balance":  # Fapfap: payouts (F6)
        assert sum(score["payouts"]) == 0
    assert len(hand["moves"]) == players * rules.hand_size


@pytest.mark.slow
def test_agency_hands_over_http(http):
    for seed in AGENCY_SEEDS:
        hand = play_hand(http, "agency", {"seed": seed, "first_leader": seed % 4}, random.Random(seed))
        points, winner = a13_hand_result(hand["state"])
        status, score = post(http, "/v1/games/agency/score", {"state": hand["state"]})
        assert status == 200, score
        assert score["team_points"] == points, seed
        last = hand["events"][-1]
        assert last["type"] == "hand_over", seed
        assert last["winner"] == score["winner"] == winner, seed
        assert sum(points) <= 40


def test_agram_match_over_http(http):
    walk_agram_match(http)


def test_agency_match_over_http(http):
    walk_agency_match(http)
