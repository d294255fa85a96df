"""Whole hands over real HTTP against gunicorn started with the deploy config.

A client that only ever plays a move from ``legal-moves`` plays seeded hands
to the end; the last ``play`` announces the winner the rules name, and
``score`` agrees.
"""

from __future__ import annotations

import random

import pytest

from service.games import GAMES, LastTrickGame
from support import HttpClient, play_hand, post, running_gunicorn, walk_agency_match, walk_agram_match

AGENCY_SEEDS = range(200)


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
    tricks_won = [event for event in hand["events"] if event["type"] == "trick_won"]
    assert len(tricks_won) == rules.hand_size
    last = hand["events"][-1]
    assert last["type"] == "hand_over"
    assert hand["events"][-2] == tricks_won[-1]
    assert last["winner"] == tricks_won[-1]["winner"]
    status, score = post(http, f"/v1/games/{game}/score", {"state": hand["state"]})
    assert status == 200
    assert score["hand_over"] is True and score["winner"] == last["winner"]
    if rules.unit == "balance":  # Fapfap: payouts (F6)
        assert sum(score["payouts"]) == 0
    assert len(hand["moves"]) == players * rules.hand_size


def _winner_by_the_rules(tricks_won, points):
    """RULINGS A13 from the events alone: more points wins; on equal points the
    team of the last trick's winner; no completed trick: void."""
    if not tricks_won:
        return None
    if points[0] != points[1]:
        return 0 if points[0] > points[1] else 1
    return tricks_won[-1]["winner"] % 2


def test_agency_hands_over_http(http):
    for seed in AGENCY_SEEDS:
        hand = play_hand(http, "agency", {"seed": seed, "first_leader": seed % 4}, random.Random(seed))
        tricks_won = [event for event in hand["events"] if event["type"] == "trick_won"]
        points = [0, 0]
        for event in tricks_won:
            points[event["winner"] % 2] += event["points"]
        status, score = post(http, "/v1/games/agency/score", {"state": hand["state"]})
        assert status == 200, score
        assert score["team_points"] == points, seed
        last = hand["events"][-1]
        assert last["type"] == "hand_over", seed
        assert last["winner"] == score["winner"] == _winner_by_the_rules(tricks_won, points), seed
        assert sum(points) <= 40


def test_agram_match_over_http(http):
    walk_agram_match(http)


def test_agency_match_over_http(http):
    walk_agency_match(http)
