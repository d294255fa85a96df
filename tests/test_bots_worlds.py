"""Worlds: the deals a seat cannot tell apart from its view.

Every world drawn from a seat's view has exactly that view, replays its
history legally (so it keeps every void and Agency reveal), and keeps the
true hand's segment sizes in the holders the seat cannot see (A5, A6). The
draw among consistent assignments is uniform (checked against a count
written here by brute force)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot_hands import configurations, part_played, replays_legally
from service.analysis.draw import Draw
from service.analysis.worlds import Group, NoWorld, share_out, worlds_of
from service.cards import cards
from service.games import GAMES, AgencyGame
from service.games.agency import holders_of
from service.games.records import End
from service.tricks import Play
from support import examples

CONFIGURATIONS = configurations()


def _runs(holder):
    """Suited cards between Walls (A5, A6): the sizes of a holder's segments."""
    sizes = [0]
    for card in holder:
        if card.is_wall:
            sizes.append(0)
        else:
            sizes[-1] += 1
    return sizes


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_world_has_the_seats_view_and_a_legal_history(data):
    game_id, players = data.draw(st.sampled_from(CONFIGURATIONS), label="game")
    game = GAMES[game_id]
    options = {"offsuit_discard": data.draw(st.booleans(), label="offsuit_discard")} if isinstance(game, AgencyGame) else None
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    hand = part_played(game, players, rng, data.draw(st.integers(0, 40), label="plies"), options)
    seat = hand.to_act if hand.to_act is not None else rng.randrange(hand.players)
    view = game.observe(hand, seat)
    worlds = worlds_of(view)
    draw = Draw(rng.randrange(2**32))
    for _ in range(4):
        try:
            world = worlds.draw(draw)
        except NoWorld:
            # An Agency hand ended for want of a legal play (A12a), seen from another seat: its worlds
            # are drawn by rejection, which can miss the rare deals where that seat had none. No bot
            # draws them: suggest answers a finished hand 409 hand_over first.
            assert hand.hand_over and hand.end == End.NO_LEGAL_PLAY and seat != (hand.leader + len(hand.plays)) % hand.players
            continue
        assert game.observe(world, seat) == view
        assert replays_legally(game, world)
        if isinstance(game, AgencyGame):
            hidden = [h for h in range(4) if h not in holders_of(seat)]
            assert [_runs(world.holders[h]) for h in hidden] == [_runs(hand.holders[h]) for h in hidden]


@pytest.mark.parametrize(("game_id", "players"), CONFIGURATIONS)
def test_worlds_differ_from_the_hand_where_cards_are_hidden(game_id, players):
    """The worlds are not the hand itself: the hidden cards move (else the
    property above would hold by copying the hand)."""
    game = GAMES[game_id]
    hand = part_played(game, players, random.Random(players), plies=players)
    view = game.observe(hand, hand.to_act)
    worlds = worlds_of(view)
    draw = Draw(1)
    assert any(worlds.draw(draw).deal_hands != hand.deal_hands for _ in range(5))


def test_a_seat_that_did_not_follow_holds_none_of_the_led_suit():
    """F5: seat 1 threw a spade on a heart lead, so no world gives it a heart."""
    game = GAMES["agram"]
    hand = game.deal(players=3, dealer=2, hands=[
        cards("AH 9S 8S 7S 6S 5S"), cards("10S 4D 5D 6D 7D 8D"), cards("3H 4H 5H 6H 7H 8H"),
    ])
    for move in (Play(0, hand.hands[0][0]), Play(1, hand.hands[1][0])):
        hand, _ = game.play(hand, move)
    view = game.observe(hand, 2)
    worlds = worlds_of(view)
    draw = Draw(7)
    seen = [worlds.draw(draw) for _ in range(200)]
    assert all(card.suit != "H" for world in seen for card in world.hands[1])
    # Seat 0 showed nothing: it may hold hearts, and does in some worlds.
    assert any(card.suit == "H" for world in seen for card in world.hands[0])


def test_shares_are_uniform_over_the_assignments_the_voids_allow():
    """Five cards to three groups of 2, 1 and 2, the first void in spades: a
    brute-force count of the allowed assignments, each drawn about as often."""
    deck = cards("AH 10H 9H AS 10S")
    groups = [Group(2, frozenset("S")), Group(1), Group(2)]
    allowed = set()
    for order in itertools.permutations(deck):
        first, second, third = frozenset(order[:2]), order[2], frozenset(order[3:])
        if all(card.suit != "S" for card in first):
            allowed.add((first, second, third))
    # Two of the three hearts for the first group (3 ways), then one of the
    # three cards left for the second (3 ways); the third takes the rest.
    assert len(allowed) == 9
    draw = Draw(11)
    counts = Counter()
    rounds = 9000
    for _ in range(rounds):
        shares = share_out(deck, groups, draw)
        counts[(frozenset(shares[0]), shares[1][0], frozenset(shares[2]))] += 1
    assert set(counts) == allowed
    expected = rounds / len(allowed)
    assert all(abs(count - expected) < 0.2 * expected for count in counts.values())


def test_no_share_when_the_voids_cannot_all_hold():
    assert share_out(cards("AS 10S"), [Group(1, frozenset("S")), Group(1)], Draw(0)) is None


def test_a_view_no_deal_gives_is_refused():
    """A view claiming more hidden cards than the deck leaves unknown (35
    cards, seat 2's 6, F2): no deal fits it."""
    game = GAMES["agram"]
    hand = game.deal(players=3, dealer=2, seed=5)
    view = dataclasses.replace(game.observe(hand, 0), hand_sizes=(6, 20, 20))
    with pytest.raises(NoWorld):
        worlds_of(view).draw(Draw(0))
