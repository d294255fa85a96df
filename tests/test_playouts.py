"""Random playouts over every game and every allowed player count.

At every step of every hand (OpenSpiel-style generic checks):
- cards are conserved and never duplicated;
- exactly one seat is to act, and every legal move is that seat's;
- there is a legal move until the hand is over;
- every legal move is accepted, and every other card is refused;
- a state dumped to JSON and loaded again is unchanged.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from service.cards import WALL
from service.errors import IllegalMove
from service.games import AgencyGame, Trust
from service.games.agency import WALLS
from service.schemas.games import schemas_for
from service.schemas.records import dump_state
from service.tricks import Play
from support import GAMES

HANDS_PER_COUNT = 6


def _configurations():
    for game in GAMES.values():
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(game.id, players, id=f"{game.id}-{players}")


def _deal(game, players, seed):
    if isinstance(game, AgencyGame):
        return game.deal(seed=seed, first_leader=seed % 4)
    return game.deal(players=players, dealer=seed % players, seed=seed)


def _cards_in_play(state) -> Counter:
    live = state.holders if hasattr(state, "holders") else state.hands
    counted = Counter(card for cards in live for card in cards)
    counted.update(play.card for trick in state.tricks for play in trick.plays)
    if state.trick is not None:
        counted.update(play.card for play in state.trick.plays)
    counted.update(state.undealt)
    return counted


def _expected_cards(game) -> Counter:
    expected = Counter(game.deck)
    if isinstance(game, AgencyGame):
        expected[WALL] = WALLS
    return expected


def _round_trip(game, state):
    dumped = dump_state(state)
    raw = schemas_for(game.id).state().load(dumped)
    restored = game.build(raw, Trust.RESTORE)
    assert dump_state(restored) == dumped
    return restored


def _candidate_moves(game, state, seat):
    """Every move a seat could try: each card of the deck (Agency: from each of its holders)."""
    if isinstance(game, AgencyGame):
        holders = (seat, (seat - 1) % 4)
        return [Play(seat, card, holder) for card in (*game.deck, WALL) for holder in holders]
    return [Play(seat, card) for card in game.deck]


@pytest.mark.parametrize(("game_id", "players"), list(_configurations()))
def test_random_playout_invariants(game_id, players):
    game = GAMES[game_id]
    expected = _expected_cards(game)
    for seed in range(HANDS_PER_COUNT):
        rng = random.Random(f"{game_id}/{players}/{seed}")
        state = _deal(game, players, seed)
        while True:
            assert _cards_in_play(state) == expected
            state = _round_trip(game, state)
            legal = state.legal_moves()
            if state.hand_over:
                assert state.to_act is None and legal == []
                break
            assert legal, "no legal move while the hand runs"
            assert {move.seat for move in legal} == {state.to_act}
            legal_set = set(legal)
            for move in _candidate_moves(game, state, state.to_act):
                if move in legal_set:
                    continue
                with pytest.raises(IllegalMove):
                    game.play(state, move)
            for move in legal:
                after, events = game.play(state, move)
                assert events[0] == {"type": "card_played", **game.dump_move(move)}
            state, _ = game.play(state, rng.choice(legal))
        score = game.score(state)
        assert score["hand_over"] is True
