"""Seat views: what one seat may know, and nothing more.

The property: two states that differ only in cards hidden from a seat give
that seat identical views, in every field, history included. Twins are made
from random playouts by shuffling the hidden cards and replaying the same
moves from the changed deal.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.cards import WALL
from service.errors import IllegalMove
from service.games import GAMES, AgencyGame
from service.games.agency import holders_of, layout
from service.schemas.games import dump_view
from service.schemas.records import dump_event, to_json
from service.tricks import Play
from support import post


def _history(state):
    plays = [play for trick in state.tricks for play in trick.plays]
    return plays + (list(state.trick.plays) if state.trick is not None else [])


def _hidden_slots(game, state, seat):
    """(seat, position) of each dealt card still unplayed and hidden from ``seat``."""
    played = {play.card for play in _history(state)}
    if isinstance(game, AgencyGame):
        beside = set(holders_of(seat))
        owners = [h for h in range(4) if h not in beside]  # holder h is seat h's dealt cards (A5)
    else:
        owners = [s for s in range(state.players) if s != seat]
    return [(owner, i) for owner in owners for i, card in enumerate(state.deal_hands[owner]) if card not in played]


def _twin(game, state, seat, rng):
    """The same hand with the cards hidden from ``seat`` dealt differently, or None."""
    hands = [list(hand) for hand in state.deal_hands]
    slots = _hidden_slots(game, state, seat)
    pool = [hands[owner][i] for owner, i in slots] + list(state.undealt)
    rng.shuffle(pool)
    for (owner, i), card in zip(slots, pool):
        hands[owner][i] = card
    if isinstance(game, AgencyGame):
        twin = game.deal(hands=hands, first_leader=state.first_leader, options=state.options)
    else:
        twin = game.deal(hands=hands, players=state.players, dealer=state.dealer, options=state.options)
    try:
        for play in _history(state):
            twin, _ = game.play(twin, play)
    except IllegalMove:
        return None
    return twin


def _playout(game, players, rng, stop):
    if isinstance(game, AgencyGame):
        state = game.deal(seed=rng.randrange(2**32), first_leader=rng.randrange(4))
    else:
        state = game.deal(players=players, seed=rng.randrange(2**32), dealer=rng.randrange(players))
    while not state.hand_over and rng.random() > stop:
        state, _ = game.play(state, rng.choice(game.legal_moves(state)))
    return state


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_views_ignore_hidden_cards(game_id, data):
    game = GAMES[game_id]
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    state = _playout(game, players, rng, stop=data.draw(st.floats(0.0, 0.2), label="stop"))
    seat = data.draw(st.integers(0, (4 if isinstance(game, AgencyGame) else players) - 1), label="seat")
    twin = _twin(game, state, seat, rng)
    # A shuffle that makes a past play illegal, or ends the hand differently,
    # changed what is public: that is not a twin.
    assume(twin is not None and twin.hand_over == state.hand_over)
    assert dump_view(twin, seat) == dump_view(state, seat)


def test_view_shows_own_hand_and_hides_the_rest(client):
    status, body = post(client, "/v1/games/agram/deal", {"players": 4, "seed": 21})
    state = body["state"]
    status, view = post(client, "/v1/games/agram/view", {"state": state, "seat": 2})
    assert status == 200, view
    assert view["hand"] == state["hands"][2]
    assert view["hand_sizes"] == [6, 6, 6, 6]
    text = str(view)
    for seat in (0, 1, 3):
        assert not any(card in view["hand"] for card in state["hands"][seat])
    assert "deal" not in view and "undealt" not in text and "seed" not in text
    assert view["legal_moves"] == []  # seat 1 is to act
    status, view1 = post(client, "/v1/games/agram/view", {"state": state, "seat": 1})
    assert {m["card"] for m in view1["legal_moves"]} == set(state["hands"][1])


def test_agency_view_shows_the_two_holders_beside_the_seat(client):
    status, body = post(client, "/v1/games/agency/deal", {"seed": 5})
    state = body["state"]
    status, view = post(client, "/v1/games/agency/view", {"state": state, "seat": 0})
    assert status == 200, view
    holders = {entry["holder"]: entry for entry in view["holders"]}
    assert holders[0]["cards"] == state["holders"][0] and holders[3]["cards"] == state["holders"][3]
    assert holders[1]["cards"] is None and holders[2]["cards"] is None
    assert [holders[h]["count"] for h in range(4)] == [10, 10, 10, 10]
    assert view["team"] == 0 and "deal" not in view
    assert view["reach"] == state["reach"][0]


def test_layout_puts_walls_after_the_third_and_fifth_cards():
    dealt = list(GAMES["agency"].deck[:8])
    assert [card.code for card in layout(dealt)].index("W") == 3
    assert [card.code for card in layout(dealt)][6] == "W"


def _answer(game, state, move):
    """What a seat learns from trying ``move``: the refusal, or the events and
    whether the hand went on (as JSON, the way the API writes them)."""
    try:
        after, events = game.play(state, move)
    except IllegalMove as refusal:
        return ("refused", refusal.code, refusal.detail, to_json(refusal.extra))
    return ("played", [dump_event(event) for event in events], after.hand_over)


def _tries(game, state, seat):
    """Every move ``seat`` could send: each card of the deck and the Wall, from
    each holder it could name (Agency), or none."""
    cards_ = [*game.deck, WALL] if isinstance(game, AgencyGame) else list(game.deck)
    holders = [None, *range(4)] if isinstance(game, AgencyGame) else [None]
    return [Play(seat, card, holder) for card in cards_ for holder in holders]


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_refusals_and_events_ignore_hidden_cards(game_id, data):
    """No refusal (its code, sentence and legal moves) and no event tells a
    seat anything about cards hidden from it: twins that differ only in those
    cards answer every move the seat can send in the same words. (A move that
    ends the hand on one twin and not the other changes what is public, A12a:
    those are not compared.)"""
    game = GAMES[game_id]
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    state = _playout(game, players, rng, stop=data.draw(st.floats(0.0, 0.2), label="stop"))
    seat = data.draw(st.integers(0, (4 if isinstance(game, AgencyGame) else players) - 1), label="seat")
    twin = _twin(game, state, seat, rng)
    assume(twin is not None and twin.hand_over == state.hand_over)
    for move in _tries(game, state, seat):
        mine, theirs = _answer(game, state, move), _answer(game, twin, move)
        if mine[0] == theirs[0] == "played" and mine[2] != theirs[2]:
            continue
        assert mine == theirs, move
