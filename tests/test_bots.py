"""Bots (``service.analysis.bots``): a move from the seat's view alone.

- Twins: two hands whose view for the seat to act is the same (hidden cards
  dealt again among the other seats, the undealt pile and, in Agency, the
  places of the holders the seat does not see) get the same move for the
  same level and seed, at every level.
- Every suggested move is legal: bots on every seat, at every level, play
  hands of every game and player count to their end.
- Seeded: the same view, level and seed give the same move, in this process
  and in a fresh one (so no answer depends on the order of a set of cards or
  on object addresses).
"""

from __future__ import annotations

import itertools
import json
import math
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot_hands import configurations, part_played, twin
from service.analysis import bots as bots_module
from service.analysis.bots import (
    DEFAULT_BACKUP,
    DEFAULT_LEVEL,
    RULES_PRIOR,
    RULES_PRIOR_STRENGTH,
    SLIPS,
    Backup,
    Budget,
    Level,
    _searched,
    kinds_of,
    playout,
    rules_move,
    suggest,
    weigh,
)
from service.analysis.draw import Draw
from service.analysis.engine import Position
from service.analysis.knows import knows_of
from service.analysis.tips import agram_move
from service.cards import Card
from service.games import GAMES, AgencyGame
from support import examples

CONFIGURATIONS = configurations()
SMALL = Budget(worlds=6, plies=1_500)
"""A small search budget: the properties hold for any budget."""


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_twins_get_the_same_move_at_every_level(data):
    game_id, players = data.draw(st.sampled_from(CONFIGURATIONS), label="game")
    game = GAMES[game_id]
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    hand = part_played(game, players, rng, data.draw(st.integers(0, 30), label="plies"))
    assume(not hand.hand_over)
    seat = hand.to_act
    other = twin(game, hand, seat, rng)
    # A twin holds other hidden cards and keeps every public fact.
    assume(other is not None and other.deal_hands != hand.deal_hands)
    view = game.observe(hand, seat)
    assert game.observe(other, seat) == view
    seed = data.draw(st.integers(0, 2**63 - 1), label="bot seed")
    for level in Level:
        move = suggest(view, level=level, seed=seed, budget=SMALL)
        assert suggest(game.observe(other, seat), level=level, seed=seed, budget=SMALL) == move
        assert move in view.legal_moves
    for backup in Backup:  # every per-world backup reads only the worlds the view allows
        move = suggest(view, seed=seed, budget=SMALL, backup=backup)
        assert suggest(game.observe(other, seat), seed=seed, budget=SMALL, backup=backup) == move
        assert move in view.legal_moves


@pytest.mark.parametrize(("game_id", "players"), CONFIGURATIONS)
def test_bots_on_every_seat_play_legal_moves_to_the_end(game_id, players):
    game = GAMES[game_id]
    rng = random.Random(f"{game_id}/{players}")
    levels = list(Level)
    for number in range(2):
        hand = part_played(game, players, rng, plies=0)
        seats = [levels[(seat + number) % len(levels)] for seat in range(hand.players)]
        while not hand.hand_over:
            seat = hand.to_act
            move = suggest(game.observe(hand, seat), level=seats[seat], seed=rng.randrange(2**32), budget=SMALL)
            hand, _ = game.play(hand, move)  # IllegalMove if it is not legal
        assert game.score(hand).hand_over


def test_the_default_level_is_the_search():
    assert DEFAULT_LEVEL is Level.SEARCH
    assert [level.value for level in Level] == ["random", "rules", "search"]
    assert DEFAULT_BACKUP is Backup.PLAYOUT


def _world_values(backup: Backup, hand, limit: int = 10**7) -> list[float]:
    """Each of the seat to act's moves' value in the world ``hand`` itself under ``backup``."""
    position = Position.from_hand(hand)
    seat = position.to_act
    knows = knows_of(hand.game.observe(hand, seat))
    from service.analysis.bots import _rules
    rules = _rules(hand.game.observe(hand, seat))
    played = knows.cards.mask([play.card for play in hand.history])
    before = position.state()
    values, _ = _searched(backup, position, position.moves(), position.side_of[seat], played, knows.cards,
                          hand.options.get("early_end_points", 0), rules, limit)
    assert position.state() == before  # the world is left as it was found
    assert values is not None
    return values


TWO_SIDED = [("agram", 2), ("fapfap", 2), ("agram-mali", 2), ("sink-sink", 2)]
"""Two seats whose values sum to a constant (1 and 0; Fapfap's payouts, F6). Not
Spar: its loser scores 0 whatever the winner's points (F2), so maxⁿ's loser
may let the winner score more than paranoid's would."""


@pytest.mark.parametrize(("game_id", "players"), TWO_SIDED)
def test_with_two_sides_every_backup_searched_is_the_minimax_value(game_id, players):
    """Two seats (each the other's only opponent) whose values sum to a
    constant: maxⁿ, Best-Reply Search and paranoid are one minimax, so each
    move's value is the solver's."""
    game = GAMES[game_id]
    rng = random.Random(f"{game_id}/two sides")
    for _ in range(6):
        hand = part_played(game, players, rng, plies=rng.randrange(0, 6))
        if hand.hand_over:
            continue
        paranoid = _world_values(Backup.PARANOID, hand)
        assert _world_values(Backup.MAXN, hand) == paranoid
        assert _world_values(Backup.MAXN_EVEN, hand) == paranoid
        assert _world_values(Backup.BEST_REPLY, hand) == paranoid


@pytest.mark.parametrize(("game_id", "players"), [("agram", 3), ("agram", 4), ("fapfap", 3), ("spar", 4), ("agency", 4)])
def test_paranoid_is_the_least_any_backup_searched_gives(game_id, players):
    """Paranoid is the worst case: every other seat against the bot's side.
    maxⁿ's opponents (either tie rule: the even one mixes moves) and BRS's
    (one opponent a trick leaves the tips) are some of the ways the others
    can play, and the bot's side answers them at its best, so none values a
    move below it."""
    game = GAMES[game_id]
    rng = random.Random(f"{game_id}/{players}/paranoid")
    tried = 0
    while tried < 4:
        hand = part_played(game, players, rng, plies=rng.randrange(2 * players, 4 * players) if game_id != "agency" else 24)
        if hand.hand_over:
            continue
        tried += 1
        paranoid = _world_values(Backup.PARANOID, hand)
        for backup in (Backup.MAXN, Backup.MAXN_EVEN, Backup.BEST_REPLY):
            assert all(value >= low for value, low in zip(_world_values(backup, hand), paranoid)), backup


def _two_tricks_left(game_id: str):
    """A hand-built hand of a five-trick game (Fapfap, Sink-Sink: F2), 3
    players (Fapfap's stake 1): three tricks of clubs
    played (seat 0 leads each with its highest, F4, and wins it, F1), so seat
    0 leads trick 4 of 5 holding 4H 10H; seat 1 holds 9H 5H, seat 2 7H 3D."""
    game = GAMES[game_id]
    cards = [[Card.parse(code) for code in seat.split()] for seat in ("AC 10C 9C 4H 10H", "3C 5C 7C 9H 5H", "4C 6C 8C 7H 3D")]
    hand = game.deal(hands=cards, players=3, dealer=2)
    for code in "AC 3C 4C 10C 5C 6C 9C 7C 8C".split():
        hand, _ = game.play(hand, next(move for move in hand.legal_moves() if str(move.card) == code))
    assert hand.to_act == 0
    return hand


def _by_card(hand, values) -> dict[str, float]:
    position = Position.from_hand(hand)
    return {str(position.to_play(move).card): value for move, value in zip(position.moves(), values)}


def test_each_backup_on_a_hand_built_fapfap_position():
    """Values worked out by hand from the rules (F1 the highest card of the
    led suit wins, F5 follow suit, F2 the winner of trick 5 wins, times 2
    when its winning card is a 3, F6 each other seat pays stake times the
    multiplier: the winner +2m, each other seat -m at 3 players).

    Seat 0 leads 10H: it wins trick 4 whatever seat 1 plays (nobody holds a
    higher heart) and leads 4H; seat 1 keeps 9H or 5H, either beats 4H, and
    seat 2 holds only 3D: seat 1 wins at x1 and seat 0 pays 1 (-1 under every
    backup). Seat 0 leads 4H: seat 2 must follow with 7H (F5). If seat 1
    plays 9H it wins trick 4 and leads 5H, which seat 0's 10H beats: seat 0
    wins at x1 (+2; seat 1 pays 1). If seat 1 plays 5H, seat 2's 7H wins
    trick 4 and it leads 3D, which nobody can follow: seat 2 wins with a 3
    (x2: seat 0 and seat 1 each pay 2). Seat 1 loses either way and pays
    less by letting seat 0 win, so maxⁿ (each seat for its own payout) gives
    4H +2; paranoid (every other seat against seat 0) gives -2; Best-Reply
    Search lets seat 1, the one opponent with a choice in the trick, play
    its best reply against seat 0: -2. The playout with every seat playing
    the rules of thumb: seat 1 ducks with 5H, keeping the 9H no card it
    knows can beat but the 10H (tips rule 3), so 4H gives -2 and 10H -1."""
    hand = _two_tricks_left("fapfap")
    assert _by_card(hand, _world_values(Backup.MAXN, hand)) == {"4H": 2, "10H": -1}
    assert _by_card(hand, _world_values(Backup.PARANOID, hand)) == {"4H": -2, "10H": -1}
    assert _by_card(hand, _world_values(Backup.BEST_REPLY, hand)) == {"4H": -2, "10H": -1}
    position = Position.from_hand(hand)
    knows = knows_of(hand.game.observe(hand, 0))
    played = knows.cards.mask([play.card for play in hand.history])
    ends = {str(position.to_play(move).card): playout(position, move, played, 0, knows.cards, 0, agram_move,
                                                     [1.0] * 3, Draw(1))[0] for move in position.moves()}
    assert ends == {"4H": -2, "10H": -1}


def test_maxn_tie_rules_on_a_hand_built_sink_sink_position():
    """The same cards in Sink-Sink (F2: the winner of trick 5 scores 1, every
    other seat 0). Seat 0 leads 10H: seat 1 wins trick 5 whatever it plays
    (above): 0 under every backup. Seat 0 leads 4H: seat 1 loses either way
    (9H: seat 0 wins; 5H: seat 2 wins with 3D), so its moves tie. maxⁿ's
    first tie rule plays the engine's first move, the cheapest card that
    takes the trick (5H): 0; the even rule plays each with chance 1/2: 0.5;
    paranoid and Best-Reply Search (seat 1 the one opponent with a choice in
    the trick): 0."""
    hand = _two_tricks_left("sink-sink")
    assert _by_card(hand, _world_values(Backup.MAXN, hand)) == {"4H": 0, "10H": 0}
    assert _by_card(hand, _world_values(Backup.MAXN_EVEN, hand)) == {"4H": 0.5, "10H": 0}
    assert _by_card(hand, _world_values(Backup.PARANOID, hand)) == {"4H": 0, "10H": 0}
    assert _by_card(hand, _world_values(Backup.BEST_REPLY, hand)) == {"4H": 0, "10H": 0}


def test_a_world_searched_past_its_limit_gives_no_values():
    """A world whose search needs more positions than its share has no
    values from the search (``search_move`` then values it by playouts)."""
    game = GAMES["agram"]
    hand = game.deal(players=4, dealer=0, seed=5)
    position = Position.from_hand(hand)
    knows = knows_of(game.observe(hand, hand.to_act))
    for backup in (Backup.MAXN, Backup.MAXN_EVEN, Backup.BEST_REPLY):
        values, spent = _searched(backup, position, position.moves(), hand.to_act, 0, knows.cards, 0, agram_move, 50)
        assert values is None and spent == 51
    values, spent = _searched(Backup.PARANOID, position, position.moves(), hand.to_act, 0, knows.cards, 0, agram_move, 50)
    assert values is None and spent <= 51  # the solver proves no move's value in 50 positions


def test_worlds_past_their_share_are_valued_by_the_playout(monkeypatch):
    """With a share of one position no world's search ends, so every
    searching backup values every world by the playout, on the same draws:
    the same move as the playout backup. Not the rules of thumb's move (the
    move of a search with no world valued) on some of these views."""
    monkeypatch.setattr(bots_module, "WORLD_SHARE", 0)
    budget = Budget(worlds=6, plies=10**6)
    assert bots_module.world_share(budget) == 1
    differs = 0
    for _, game, hand in _views(12):
        view = game.observe(hand, hand.to_act)
        played = suggest(view, seed=3, budget=budget, backup=Backup.PLAYOUT)
        differs += played != suggest(view, level=Level.RULES)
        for backup in Backup:
            assert suggest(view, seed=3, budget=budget, backup=backup) == played, (game.id, backup)
    assert differs


def test_random_level_draws_among_all_legal_moves():
    """``random`` is uniform among the legal moves: over many seeds, each of
    the leader's six cards is drawn (F4: any card may be led)."""
    game = GAMES["agram"]
    view = game.observe(game.deal(players=3, dealer=0, seed=9), 1)
    drawn = {suggest(view, level=Level.RANDOM, seed=seed) for seed in range(200)}
    assert drawn == set(view.legal_moves) and len(drawn) == 6


def test_a_view_that_is_not_the_seat_to_acts_is_refused():
    game = GAMES["agram"]
    hand = game.deal(players=3, dealer=0, seed=9)
    with pytest.raises(ValueError):
        suggest(game.observe(hand, 2), level=Level.RANDOM)


def _views(count: int) -> list[tuple[str, object]]:
    rng = random.Random(5)
    found = []
    for game_id, players in CONFIGURATIONS[:: max(1, len(CONFIGURATIONS) // count)]:
        game = GAMES[game_id]
        hand = part_played(game, players, rng, plies=rng.randrange(2 * players))
        if not hand.hand_over:
            found.append((game_id, game, hand))
    return found


def _suggest_everywhere(cases, budget):
    """Each case's moves at every level for seeds 0 and 1, as codes."""
    return [[str(suggest(game.observe(hand, hand.to_act), level=level, seed=seed, budget=budget).card)
             for level in Level for seed in (0, 1)] for _, game, hand in cases]


CHILD = """
import json, sys
sys.path.insert(0, "tests")
import test_bots
cases = test_bots._views(8)
print(json.dumps(test_bots._suggest_everywhere(cases, test_bots.SMALL)))
"""


def test_the_same_seed_gives_the_same_move_in_a_fresh_process():
    cases = _views(8)
    here = _suggest_everywhere(cases, SMALL)
    assert here == _suggest_everywhere(cases, SMALL)
    child = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "123", "PATH": ""})
    assert json.loads(child.stdout) == here


def test_a_tiny_budget_still_searches_one_world():
    game = GAMES["agency"]
    assert isinstance(game, AgencyGame)
    hand = game.deal(seed=3, first_leader=0)
    view = game.observe(hand, 0)
    move = suggest(view, level=Level.SEARCH, seed=1, budget=Budget(worlds=1, plies=1))
    assert move in view.legal_moves


def _agram_hand_after(plays: int):
    """A 3-player Agram hand (seed 5) after ``plays`` plays, each by the
    rules of thumb; and each play with a choice: (seat, legal moves, by the tips)."""
    game = GAMES["agram"]
    hand = game.deal(players=3, dealer=2, seed=5)
    choices = []
    for _ in range(plays):
        view = game.observe(hand, hand.to_act)
        if len(view.legal_moves) > 1:
            choices.append((hand.to_act, len(view.legal_moves), True))
        hand, _ = game.play(hand, rules_move(view, knows_of(view)))
    return hand, choices


def _beta(a: float, b: float) -> float:
    return math.exp(math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b))


@pytest.mark.parametrize("against_the_tips", [False, True])
def test_weigh_gives_each_opponent_the_chance_its_plays_make_likely(against_the_tips):
    """``weigh``'s model of the other seats: each plays by the rules of thumb
    (slipping to a random legal card with chance SLIPS) or a random legal
    card, the table's share of the first drawn from Beta(a, b) of mean
    RULES_PRIOR and a + b = RULES_PRIOR_STRENGTH. Summed here over every kind
    of table (which seats play by the tips), each with its prior
    B(a + k, b + m - k) / B(a, b): the weight is the likelihood of the plays,
    and an opponent's chance to play by the tips in a playout is its
    posterior times 1 - SLIPS; the searching seat's own is 1."""
    hand, choices = _agram_hand_after(6)
    game = hand.game
    if against_the_tips:  # the next seat plays a card the tips do not
        view = game.observe(hand, hand.to_act)
        assert len(view.legal_moves) > 1
        other = next(move for move in view.legal_moves if move != rules_move(view, knows_of(view)))
        choices.append((hand.to_act, len(view.legal_moves), False))
        hand, _ = game.play(hand, other)
    seat = hand.to_act
    knows = knows_of(game.observe(hand, seat))
    position, weight, by_rules = weigh(hand, hand.history, seat, knows.cards, 0, agram_move)
    assert Position.from_hand(hand).state() == position.state()
    opponents = [other for other in range(3) if other != seat]
    ruled = dict.fromkeys(opponents, 1.0)
    chance = dict.fromkeys(opponents, 1.0)
    for who, legal, by_the_tips in choices:
        if who != seat:
            chance[who] /= legal
            ruled[who] *= SLIPS / legal + (1 - SLIPS) * by_the_tips
    a = RULES_PRIOR * RULES_PRIOR_STRENGTH
    b = (1 - RULES_PRIOR) * RULES_PRIOR_STRENGTH
    expected_weight = 0.0
    by_the_tips_weight = dict.fromkeys(opponents, 0.0)
    for kinds in itertools.product([True, False], repeat=len(opponents)):
        k = sum(kinds)
        likelihood = _beta(a + k, b + len(opponents) - k) / _beta(a, b)
        for other, tips in zip(opponents, kinds):
            likelihood *= ruled[other] if tips else chance[other]
        expected_weight += likelihood
        for other, tips in zip(opponents, kinds):
            if tips:
                by_the_tips_weight[other] += likelihood
    assert weight == pytest.approx(expected_weight)
    assert by_rules[seat] == 1.0
    for other in opponents:
        assert by_rules[other] == pytest.approx((1 - SLIPS) * by_the_tips_weight[other] / expected_weight)
    assert any(who != seat for who, _, _ in choices)  # the hand tests something


def test_what_one_opponent_shows_holds_for_the_others():
    """``kinds_of`` under the Beta(a, b) prior of the table's share by the
    tips: an opponent with no play yet (its likelihoods 1 either way) is
    held to play by the tips with the posterior mean of the share, (a + 1) /
    (a + b + 1) once another is known to play by the tips, a / (a + b + 1)
    once another is known to play at random (the rule of succession), and
    RULES_PRIOR before anything is known; a lone opponent is the mixture of
    the two kinds with prior RULES_PRIOR, whatever the strength."""
    a = RULES_PRIOR * RULES_PRIOR_STRENGTH
    b = (1 - RULES_PRIOR) * RULES_PRIOR_STRENGTH
    likelihood, kinds = kinds_of([1.0, 1.0], [0.0, 1.0])
    assert kinds == pytest.approx([1.0, (a + 1) / (a + b + 1)])
    assert likelihood == pytest.approx(RULES_PRIOR)
    _, kinds = kinds_of([0.0, 1.0], [1.0, 1.0])
    assert kinds == pytest.approx([0.0, a / (a + b + 1)])
    _, kinds = kinds_of([1.0, 1.0, 1.0], [1.0, 1.0, 1.0])
    assert kinds == pytest.approx([RULES_PRIOR] * 3)
    likelihood, kinds = kinds_of([0.3], [0.1])
    assert likelihood == pytest.approx(RULES_PRIOR * 0.3 + (1 - RULES_PRIOR) * 0.1)
    assert kinds == pytest.approx([RULES_PRIOR * 0.3 / likelihood])


def test_playouts_draw_opponents_cards_only_where_the_model_says():
    """``playout``: with every chance 1 it is the rules of thumb for every
    seat, whatever the draw; with the opponents' chances 0 their cards are
    drawn, so different draws finish the hand differently."""
    hand, _ = _agram_hand_after(0)
    seat = hand.to_act
    knows = knows_of(hand.game.observe(hand, seat))
    position = Position.from_hand(hand)
    state = position.state()
    move = position.legal()[0]

    def ends(chance: float) -> set[tuple[int, int]]:
        by_rules = [chance] * 3
        by_rules[seat] = 1.0
        return {playout(position, move, 0, seat, knows.cards, 0, agram_move, by_rules, Draw(seed)) for seed in range(40)}

    assert len(ends(1.0)) == 1
    assert len(ends(0.0)) > 1
    assert position.state() == state  # left as it was
