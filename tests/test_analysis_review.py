"""The review of a hand (``service.analysis.review.analyze``): ply by ply, the
value before and after each play for the seat that made it.

A hand built by hand with one known blunder is marked at that play and
nowhere else; on random hands of every game, each entry is the ``solve`` of
the position before the play (its best value, and the played move's value);
a small budget answers bounds that contain those values, never an error.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from service.analysis.review import analyze
from service.analysis.solver import solve
from service.cards import Card, cards
from service.games import GAMES, Trust
from service.tricks import Play

# Two players, dealer 1: seat 0 leads. Seat 0 wins the four Diamond tricks
# and leads trick 5 holding AH and 3C against seat 1's 10H and 4C. Leading
# 3C wins the hand: seat 1 takes it with 4C and must lead 10H into the AH
# (F1, F2). Leading AH (the blunder) wins trick 5, and then 3C loses the
# last trick to 4C. Every other play is forced or keeps the win.
BLUNDER = ("AD 10D 9D 8D AH 3C", "7D 6D 5D 4D 10H 4C")
BLUNDER_SCRIPT = "AD 7D 10D 6D 9D 5D 8D 4D AH 10H 3C 4C"


def played(game_id, rows, dealer, script, **options):
    game = GAMES[game_id]
    hand = game.deal(players=len(rows), dealer=dealer, hands=[list(cards(row)) for row in rows], options=options)
    for code in script.split():
        hand, _ = game.play(hand, Play(hand.to_act, Card.parse(code)))
    return hand


def test_analyze_marks_the_play_that_lost_the_hand():
    review = analyze(played("agram", BLUNDER, 1, BLUNDER_SCRIPT))
    assert review.exact
    assert [entry.ply for entry in review.plays] == list(range(12))
    assert [str(entry.move.card) for entry in review.plays] == BLUNDER_SCRIPT.split()
    blunder = review.plays[8]
    assert (blunder.move.seat, str(blunder.move.card)) == (0, "AH")
    assert (blunder.value_before, blunder.value_after) == (1, 0) and blunder.lost
    assert [entry.ply for entry in review.plays if entry.lost] == [8]
    # Seat 0 could guarantee the hand until the blunder; seat 1, from then on (F2: 1 or 0).
    assert [entry.value_after for entry in review.plays] == [1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1]


def test_analyze_of_the_same_hand_played_well_marks_nothing():
    script = BLUNDER_SCRIPT.replace("AH 10H 3C 4C", "3C 4C 10H AH")
    review = analyze(played("agram", BLUNDER, 1, script))
    assert review.exact and not any(entry.lost for entry in review.plays)
    assert review.plays[-1].value_after == 1 and review.plays[-1].move.seat == 0


def test_analyze_of_a_hand_with_no_play_is_empty():
    hand = GAMES["agency"].deal(seed=3)
    assert analyze(hand).plays == ()


def random_hand(game_id, players, seed, plays):
    """A seeded deal played at random for ``plays`` plays (or to its end)."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    if game_id == "agency":
        hand = game.deal(seed=seed, first_leader=seed % 4)
    else:
        hand = game.deal(players=players, dealer=seed % players, seed=seed, options={"stake": 3} if game_id == "fapfap" else {})
    for _ in range(plays):
        if hand.hand_over:
            break
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
    return hand


def prefix(hand, plays):
    """The hand after its first ``plays`` plays."""
    return hand.game.build(replace(hand.record, plays=hand.history[:plays]), Trust.REBUILD)


BUDGET = {"agency": 60_000, "agram": 10**7, "sink-sink": 10**7, "fapfap": 10**7, "spar": 10**7, "agram-mali": 10**7}
"""Enough for every ply to be exact in the Agram family, and Agency's last ones (its first plies: bounds)."""

REVIEWED = [("agram", 3, 100), ("sink-sink", 5, 100), ("fapfap", 4, 100), ("fapfap", 2, 100), ("spar", 3, 100),
            ("agram-mali", 2, 100), ("agency", 4, 8)]


@pytest.mark.parametrize(("game_id", "players", "plays"), REVIEWED)
def test_analyze_gives_each_play_the_solve_values_of_its_seat(game_id, players, plays):
    """value_before: the best move's value in ``solve`` before the play;
    value_after: the played move's value there (Agency: its last 8 plays,
    exact within the budget; the first ones may be bounds). Two Agency hands, three of the others. In Agency and
    Fapfap with 2 players, what a play's "before" proved is carried to the "after" of the play before it, negated
    for the other side."""
    for seed in range(2 if game_id == "agency" else 3):
        hand = random_hand(game_id, players, seed, 10**3)
        first = max(0, len(hand.history) - plays)
        review = analyze(hand, budget=BUDGET[game_id])
        assert len(review.plays) == len(hand.history)
        for entry in review.plays[first:]:
            solution = solve(prefix(hand, entry.ply), budget=10**7)
            assert solution.exact and entry.exact
            assert entry.value_before == solution.value
            assert entry.value_after == next(m.value for m in solution.moves if m.move == entry.move)
            assert entry.lost == (entry.value_after < entry.value_before)


@pytest.mark.parametrize(("game_id", "players"), [("agency", 4), ("fapfap", 6), ("agram", 5)])
def test_analyze_with_a_small_budget_answers_bounds_that_hold_the_values(game_id, players):
    hand = random_hand(game_id, players, 7, 10**3)
    exact = analyze(hand, budget=BUDGET[game_id])
    last = [entry for entry in exact.plays if entry.exact][-8:]
    for budget in (0, 50, 2_000):
        rough = analyze(hand, budget=budget)
        assert rough.nodes <= budget
        assert [entry.move for entry in rough.plays] == list(hand.history)
        for entry in last:
            bounded = rough.plays[entry.ply]
            assert bounded.before[0] <= entry.value_before <= bounded.before[1]
            assert bounded.after[0] <= entry.value_after <= bounded.after[1]
            if not bounded.exact:
                assert bounded.value_before is None and bounded.value_after is None
