"""A later hand of a match dealt from its match record alone (RULINGS A14,
F7): ``TrickGame.deal(match=...)``, which a record of such a hand needs
(docs/notation.md). It must give the very hand that dealing after the hand
before gives, and refuse what ``restore`` refuses in a state's match record.
"""

from __future__ import annotations

import random

import pytest

from service.errors import InvalidState, RulesRefusal
from service.games import GAMES
from service.games.records import MatchRecord
from support import hand_fields


def _finish(game, hand, rng):
    while not hand.hand_over:
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
    return hand


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_later_hand_from_its_match_record_is_the_hand_dealt_after_the_one_before(game_id):
    game, rng = GAMES[game_id], random.Random(game_id)
    seating = {"first_leader": 1} if game_id == "agency" else {"players": 3, "dealer": 2}
    first = _finish(game, game.deal(seed=11, **seating), rng)
    after = game.deal(seed=12, previous=first)
    again_seating = {"first_leader": after.seating.first_leader} if game_id == "agency" else {
        "players": after.players, "dealer": after.seating.dealer}
    alone = game.deal(seed=12, match=after.match, options=first.options, **again_seating)
    assert after.match.hand == 2
    assert hand_fields(alone) == hand_fields(after)


def test_f7_a_match_record_the_dealer_cannot_follow_is_refused():
    """F7: the winner of a hand deals the next, so after one hand of a
    3-player Agram match dealt now by seat 1, seat 1 has won 1 hand and no
    one else any: a tally of [0, 0, 1] cannot be."""
    with pytest.raises(InvalidState) as refused:
        GAMES["agram"].deal(seed=1, players=3, dealer=1, match=MatchRecord(hand=2, previous=(0, 0, 1)))
    assert refused.value.extra["problems"] == [
        "match.previous [0, 0, 1] cannot follow a hand won by seat 1, which deals this one (RULINGS F7)"]


def test_a14_the_leader_of_a_later_hand_is_of_the_choosing_team():
    """A14: team 1 lost hand 1 and chooses; seat 0 (team 0) may not lead."""
    record = MatchRecord(hand=2, previous=(1, 0), chooser=1)
    with pytest.raises(RulesRefusal) as refused:
        GAMES["agency"].deal(seed=1, first_leader=0, match=record)
    assert refused.value.code == "leader_not_from_losing_team"
    assert refused.value.extra["allowed_leaders"] == [1, 3]
    assert GAMES["agency"].deal(seed=1, first_leader=3, match=record).match == record


def test_a14_a_won_hand_names_the_team_that_chooses():
    """A14: once team 0 has won a hand, team 1 lost it and chooses; a record
    with no chooser cannot be."""
    with pytest.raises(InvalidState) as refused:
        GAMES["agency"].deal(seed=5, match=MatchRecord(hand=2, previous=(1, 0)))
    assert refused.value.extra["problems"] == [
        "match.chooser is null, but an earlier hand was won: the team that lost it chooses (RULINGS A14)"]


def test_a_match_record_given_with_the_hand_before_must_be_the_one_it_gives():
    """A match's records replayed in order (CONTRACT: Records): a later
    hand's record states its match record, and the hand before gives one
    (F7): they must agree, else the deal does not continue the match."""
    game = GAMES["sink-sink"]
    first = _finish(game, game.deal(seed=3, players=2), random.Random(3))
    following = game.deal(previous=first, seed=4).match
    assert following.hand == 2 and sum(following.previous) == 1  # one hand won (F2, F7)
    assert game.deal(previous=first, seed=4, match=following).match == following
    wrong = MatchRecord(hand=2, previous=following.previous[::-1])
    with pytest.raises(RulesRefusal) as refused:
        game.deal(previous=first, seed=4, match=wrong)
    assert refused.value.code == "match_mismatch"
    assert refused.value.extra["problems"] == [
        f"the match record given is hand 2 with the tally {list(wrong.previous)} before it, and the hand before gives "
        f"hand 2 with the tally {list(following.previous)} before it"]
