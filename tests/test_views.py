"""Seat views: what one seat may know, and nothing more.

The property: two states that differ only in cards hidden from a seat give
that seat identical views, in every field, history included. Twins are made
from random playouts by dealing the hidden cards again and replaying the same
moves from the changed deal; both are built and viewed over the API, and the
whole answers are compared. The worked views below pin every field of the
answer for a small deal, from the rules.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.cards import WALL, Card, cards
from service.errors import IllegalMove
from service.games import GAMES, AgencyGame
from service.games.agency import holders_of, splay
from service.schemas.records import dump_event, to_json
from service.tricks import Play
from support import case, deal_state, examples, play_script, post


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


def _twin_hands(game, state, seat, rng):
    """The dealt hands with the cards hidden from ``seat`` dealt differently."""
    hands = [[card.code for card in hand] for hand in state.deal_hands]
    slots = _hidden_slots(game, state, seat)
    pool = [hands[owner][i] for owner, i in slots] + [card.code for card in state.undealt]
    rng.shuffle(pool)
    for (owner, i), card in zip(slots, pool):
        hands[owner][i] = card
    return hands


def _view_after(client, game, state, deal, seat):
    """``seat``'s view, over the API, of ``deal`` (a deal request) followed by
    ``state``'s moves; ``None`` if a move is illegal from that deal."""
    if isinstance(game, AgencyGame):
        deal = {**deal, "first_leader": state.first_leader}
        moves = [{"seat": p.seat, "card": p.card.code, "holder": p.holder} for p in _history(state)]
    else:
        deal = {**deal, "players": state.players, "dealer": state.dealer}
        moves = [{"seat": p.seat, "card": p.card.code} for p in _history(state)]
    status, replayed = post(client, f"/v1/games/{game.id}/replay", {"deal": deal, "moves": moves})
    if status == 409:
        return None
    assert status == 200, replayed
    status, view = post(client, f"/v1/games/{game.id}/view", {"state": replayed["state"], "seat": seat})
    assert status == 200, view
    return view


def _playout(game, players, rng, stop):
    if isinstance(game, AgencyGame):
        state = game.deal(seed=rng.randrange(2**32), first_leader=rng.randrange(4))
    else:
        state = game.deal(players=players, seed=rng.randrange(2**32), dealer=rng.randrange(players))
    while not state.hand_over and rng.random() > stop:
        state, _ = game.play(state, rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_views_ignore_hidden_cards(client, game_id, data):
    game = GAMES[game_id]
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    state = _playout(game, players, rng, stop=data.draw(st.floats(0.0, 0.2), label="stop"))
    seat = data.draw(st.integers(0, (4 if isinstance(game, AgencyGame) else players) - 1), label="seat")
    hands = _twin_hands(game, state, seat, rng)
    # Twins that hold the same cards prove nothing: the hidden cards must differ.
    assume(hands != [[card.code for card in hand] for hand in state.deal_hands])
    view = _view_after(client, game, state, {"seed": state.seed}, seat)
    assert view is not None, "the playout's own moves were refused"
    twin = _view_after(client, game, state, {"hands": hands}, seat)
    # A new deal that makes a past play illegal, or ends the hand differently,
    # changed what is public: that is not a twin.
    assume(twin is not None and twin["hand_over"] == view["hand_over"])
    assert twin == view


# A worked Agency view (RULINGS A4-A6, A9, A11, A3): the opening case's deal,
# each seat dealt one suit in order, so each holder at the deal is
# "1x 2x 3x W 4x 5x W 6x 7x 8x" (A5). Trick 1: seat 0 3H from holder 0, seat 1
# 8H from holder 0's far end, seat 2 holder 2's first Wall, seat 3 1V: the
# only Van wins (A11), 3H 2 + W 2 = 4 points to team 1 (A3, A4). Seat 3 leads
# 7B from holder 2's end. Seat 0 then sees holders 0 and 3 (A5), reaches
# 1H 2H W and 8V 7V 6V W (A6), and, Briefcases led and none in reach, may play
# a Van or a Wall (A9).
AGENCY_SEAT_0 = {
    "game": "agency",
    "options": {"offsuit_discard": False, "early_end_points": 22, "target_game_points": 2},
    "seat": 0,
    "first_leader": 0,
    "team": 0,
    "holders": [
        {"holder": 0, "count": 8, "cards": "1H 2H W 4H 5H W 6H 7H".split()},
        {"holder": 1, "count": 10, "cards": None},
        {"holder": 2, "count": 8, "cards": None},
        {"holder": 3, "count": 9, "cards": "2V 3V W 4V 5V W 6V 7V 8V".split()},
    ],
    "reach": [{"holder": 0, "cards": ["1H", "2H", "W"]}, {"holder": 3, "cards": ["8V", "7V", "6V", "W"]}],
    "tricks": [
        {
            "leader": 0,
            "plays": [
                {"seat": 0, "card": "3H", "holder": 0},
                {"seat": 1, "card": "8H", "holder": 0},
                {"seat": 2, "card": "W", "holder": 2},
                {"seat": 3, "card": "1V", "holder": 3},
            ],
            "winner": 3,
            "card": "1V",
            "points": 4,
        }
    ],
    "trick": {"leader": 3, "plays": [{"seat": 3, "card": "7B", "holder": 2}]},
    "to_act": 0,
    "hand_over": False,
    "winner": None,
    "team_points": [0, 4],
    "end": None,
    "legal_moves": {"W@0", "W@3", "8V@3", "7V@3", "6V@3"},
    "match": {"hand": 1, "target": 2, "unit": "game_points", "previous": [0, 0], "tally": [0, 0], "chooser": None,
              "over": False, "winner": None},
}

# A worked Agram view (RULINGS F1, F3-F5): the three-player case's deal,
# dealer 0. Trick 1: seat 1 6H, seat 2 4H, seat 0 AH wins it (F1) and leads
# 9S. Seat 1 sees only its own five cards, the others' counts, and must
# follow with its one spade (F5).
AGRAM_SEAT_1 = {
    "game": "agram",
    "options": {"target": 5},
    "seat": 1,
    "players": 3,
    "dealer": 0,
    "hand": ["10H", "8S", "4D", "AC", "9D"],
    "hand_sizes": [4, 5, 5],
    "tricks": [
        {"leader": 1, "plays": [{"seat": 1, "card": "6H"}, {"seat": 2, "card": "4H"}, {"seat": 0, "card": "AH"}],
         "winner": 0, "card": "AH"}
    ],
    "trick": {"leader": 0, "plays": [{"seat": 0, "card": "9S"}]},
    "to_act": 1,
    "hand_over": False,
    "winner": None,
    "legal_moves": {"8S"},
    "match": {"hand": 1, "target": 5, "unit": "hands", "previous": [0, 0, 0], "tally": [0, 0, 0], "over": False,
              "winner": None},
}


@pytest.mark.parametrize(
    ("name", "script", "seat", "expected"),
    [
        ("agency-opening", "3H@0 8H@0 W@2 1V@3 | 7B@2", 0, AGENCY_SEAT_0),
        ("agram-three-players", "6H 4H AH | 9S", 1, AGRAM_SEAT_1),
    ],
)
def test_worked_view_is_exactly_what_the_seat_may_know(client, name, script, seat, expected):
    example = case(name)
    state, _ = play_script(client, example["game"], deal_state(client, example["game"], example["deal"]), script)
    # legal_moves is compared as a set: its order is not fixed.
    status, view = post(client, f"/v1/games/{example['game']}/view", {"state": state, "seat": seat})
    assert status == 200, view
    moves = {move["card"] + (f"@{move['holder']}" if "holder" in move else "") for move in view["legal_moves"]}
    assert {**view, "legal_moves": moves} == expected


def test_view_of_a_seat_not_to_act_lists_no_legal_moves(client):
    example = case("agram-three-players")
    state = deal_state(client, "agram", example["deal"])  # seat 1 leads (F4)
    status, view = post(client, "/v1/games/agram/view", {"state": state, "seat": 2})
    assert status == 200, view
    assert view["hand"] == ["9H", "10S", "AD", "3C", "7S", "4H"] and view["legal_moves"] == []


def test_a5_splay_puts_walls_after_the_third_and_fifth_cards():
    # RULINGS A5: c1 c2 c3 W c4 c5 W c6 c7 c8.
    assert " ".join(map(str, splay(cards("9H 1M 5B 2V 8H 3M 6B 4V")))) == "9H 1M 5B W 2V 8H W 3M 6B 4V"


def _core_twin(game, state, seat, rng):
    """The rules core's hand dealt as ``_twin_hands`` says, then ``state``'s
    moves; ``None`` if a move is illegal from that deal."""
    hands = [[Card.parse(code) for code in hand] for hand in _twin_hands(game, state, seat, rng)]
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
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    twin = _core_twin(game, state, seat, rng)
    assume(twin is not None and twin.hand_over == state.hand_over)
    for move in _tries(game, state, seat):
        mine, theirs = _answer(game, state, move), _answer(game, twin, move)
        if mine[0] == theirs[0] == "played" and mine[2] != theirs[2]:
            continue
        assert mine == theirs, move
