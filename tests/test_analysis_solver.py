"""The exact solver (``service.analysis.solver``) against a brute-force minimax
written here from the rule texts (RULINGS F1-F6 and A3-A13, the contract's
value table), on small positions of every game: late in a hand, few cards
left, reached by random play from seeded deals.

The brute force knows nothing of the engine or of the core's rules: it reads
a position's cards as data (each seat's cards, Agency's holders as listed
from seat h's end, the trick, the points) and plays every line to the end,
the seat to act (Agency: its team) against all the others.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.analysis import engine
from service.analysis.engine import Position
from service.analysis.solver import Solver, solve
from service.cards import Card, cards
from service.games import AGENCY, GAMES
from service.tricks import Play
from support import VOID_HANDS, examples

# -- the Agram family, from F1-F6 -----------------------------------------------------

RANKS = {  # F2: high to low
    "agram": "A 10 9 8 7 6 5 4 3", "sink-sink": "A 10 9 8 7 6 5 4 3", "fapfap": "A 10 9 8 7 6 5 4 3",
    "agram-mali": "A K 10 Q 9 8 J 7", "spar": "A K Q J 10 9 8 7 6",
}


def last_trick_value(game_id, players, stake, winner, last_card, before_card, seat):
    """The contract's value of a finished hand for ``seat`` (F2, F6)."""
    if game_id == "fapfap":
        multiplier = 1
        if last_card.rank == "3":
            multiplier = 4 if before_card is not None and before_card.rank == "3" else 2
        return (players - 1) * stake * multiplier if seat == winner else -stake * multiplier
    if game_id == "spar":
        return {"6": 3, "7": 2}.get(last_card.rank, 1) if seat == winner else 0
    return 1 if seat == winner else 0


class TooBig(Exception):
    """The brute force met more positions than a test affords."""


def last_trick_minimax(game_id, hand, limit, me=None):
    """Each legal move's value for the seat to act (as ``{Play: value}``), by
    trying every line of play; with ``me``, the value for that seat instead,
    which plays against all the others.

    Raises:
        TooBig: more than ``limit`` positions.
    """
    order = RANKS[game_id].split()
    players, stake = hand.players, hand.options.get("stake", 1)
    me = hand.to_act if me is None else me
    seen = [0]

    @cache
    def value(hands, leader, trick, tricks_left, last, before):
        seen[0] += 1
        if seen[0] > limit:
            raise TooBig
        if tricks_left == 0:
            return last_trick_value(game_id, players, stake, leader, last, before, me)
        seat = (leader + len(trick)) % players
        results = [after(hands, leader, trick, tricks_left, last, before, card) for card in options(hands[seat], trick)]
        return max(results) if seat == me else min(results)

    def options(held, trick):
        if trick and any(card.suit == trick[0].suit for card in held):  # F5: follow suit when able
            return [card for card in held if card.suit == trick[0].suit]
        return list(held)

    def after(hands, leader, trick, tricks_left, last, before, card):
        seat = (leader + len(trick)) % players
        rest = tuple(tuple(c for c in h if c is not card) if s == seat else h for s, h in enumerate(hands))
        played = trick + (card,)
        if len(played) < players:
            return value(rest, leader, played, tricks_left, last, before)
        led = played[0].suit  # F1: the highest card of the led suit wins
        best = min((c for c in played if c.suit == led), key=lambda c: order.index(c.rank))
        winner = (leader + played.index(best)) % players
        return value(rest, winner, (), tricks_left - 1, best, last)

    winners = [done.card for done in hand.tricks]
    state = (tuple(tuple(h) for h in hand.hands), hand.leader, tuple(play.card for play in hand.plays),
             hand.game.hand_size - len(hand.tricks), winners[-1] if winners else None, winners[-2] if len(winners) > 1 else None)
    mover = hand.to_act
    return {Play(mover, card): after(*state, card) for card in options(state[0][mover], state[2])}


# -- Agency, from A3-A13 ----------------------------------------------------------------

POINTS = {"3": 2, "7": 2, "5": 4}  # A3, H M B; a Wall is 2; Vans 0


def points(card):
    if card.is_wall:
        return 2
    return 0 if card.suit == "V" else POINTS.get(card.rank, 0)


def agency_moves(holders, seat, trick, offsuit):
    """(holder, index in the holder, card) for each legal play (A5, A6, A8-A10)."""
    reach = []
    for holder, from_start in ((seat, True), ((seat - 1) % 4, False)):
        cards_ = holders[holder]
        indices = range(len(cards_)) if from_start else range(len(cards_) - 1, -1, -1)
        for index in indices:
            reach.append((holder, index, cards_[index]))
            if cards_[index].is_wall:
                break  # A6: up to and including the first Wall from the seat's end
    suited = [r for r in reach if not r[2].is_wall]
    walls = [r for r in reach if r[2].is_wall]
    if not trick:
        return suited or walls  # A8: a Wall is led only when nothing else is reached
    led = next((card.suit for _, card in trick if not card.is_wall), None)
    wall_allowed = not any(card.is_wall for _, card in trick)  # A10
    if led is None:
        return suited  # A10: after a Wall lead, any suited card
    follow = [r for r in suited if r[2].suit in (led, "V")]
    if offsuit and not any(r[2].suit == led for r in suited):
        follow = suited  # A9 option
    return follow + (walls if wall_allowed else [])


def agency_value(tpoints, last_winner, tricks_done, team):
    """A13 for ``team``: 1 if it won, 0 for a void hand, -1 if it lost."""
    if tricks_done == 0:
        return 0
    if tpoints[team] != tpoints[1 - team]:
        return 1 if tpoints[team] > tpoints[1 - team] else -1
    return 1 if last_winner % 2 == team else -1


def agency_minimax(hand, limit):
    """Each legal move's value for the team to act (as ``{Play: value}``),
    by trying every line of play.

    Raises:
        TooBig: more than ``limit`` positions.
    """
    offsuit, early = hand.options["offsuit_discard"], hand.options["early_end_points"]
    me = hand.to_act % 2
    seen = [0]

    @cache
    def value(holders, leader, trick, tpoints, tricks_done):
        seen[0] += 1
        if seen[0] > limit:
            raise TooBig
        seat = (leader + len(trick)) % 4
        moves = agency_moves(holders, seat, trick, offsuit)
        if not moves:  # A12a: the unfinished trick scores for nobody
            ENDS["A12a"] += 1
            return agency_value(tpoints, leader, tricks_done, me)
        results = [after(holders, leader, trick, tpoints, tricks_done, m) for m in moves]
        return max(results) if seat % 2 == me else min(results)

    def after(holders, leader, trick, tpoints, tricks_done, move):
        holder, index, card = move
        seat = (leader + len(trick)) % 4
        rest = tuple(h[:index] + h[index + 1:] if n == holder else h for n, h in enumerate(holders))
        played = trick + ((seat, card),)
        if len(played) < 4:
            return value(rest, leader, played, tpoints, tricks_done)
        vans = [(s, c) for s, c in played if c.suit == "V"]  # A11
        led = next(c.suit for _, c in played if not c.is_wall)
        pool = vans or [(s, c) for s, c in played if c.suit == led]
        winner = max(pool, key=lambda p: int(p[1].rank))[0]
        gained = list(tpoints)
        gained[winner % 2] += sum(points(c) for _, c in played)
        gained = tuple(gained)
        if any(not rest[s] and not rest[(s - 1) % 4] for s in range(4)):  # A12b
            ENDS["A12b"] += 1
        elif max(gained) >= early:  # A12c
            ENDS["A12c"] += 1
        else:
            return value(rest, winner, (), gained, tricks_done + 1)
        ENDS["tie"] += gained[0] == gained[1]
        return agency_value(gained, winner, tricks_done + 1, me)

    holders = tuple(tuple(h) for h in hand.holders)
    trick = tuple((play.seat, play.card) for play in hand.plays)
    state = (holders, hand.leader, trick, tuple(hand.team_points), len(hand.tricks))
    return {Play(hand.to_act, card, holder): after(*state, (holder, index, card))
            for holder, index, card in agency_moves(holders, hand.to_act, trick, offsuit)}


ENDS: Counter = Counter()
"""How the brute force's lines of Agency ended, over the tests (A12a, b, c, and ties on points)."""


# -- positions -----------------------------------------------------------------------------


def late_position(game, players, options, seed, left, keep_walls):
    """A hand dealt from ``seed`` and played at random (Agency: preferring
    suited cards when ``keep_walls``) until at most ``left`` cards (Agency:
    holder items, Walls included) are still to be played; when the hand
    ends sooner, the position a few plays before its end (1 to 8, by the
    seed)."""
    rng = random.Random(seed)
    if game.id == "agency":
        hand = game.deal(seed=seed, first_leader=seed % 4, options=options)
    else:
        hand = game.deal(players=players, dealer=seed % players, seed=seed, options=options)
    played = [hand]
    while not hand.hand_over and remaining(hand) > left:
        moves = hand.legal_moves()
        suited = [m for m in moves if not m.card.is_wall]
        hand, _ = game.play(hand, rng.choice(suited if keep_walls and suited else moves))
        played.append(hand)
    if not hand.hand_over or len(played) == 1:
        return hand
    return played[max(0, len(played) - 2 - seed % 8)]


def small_positions(game, players, options, seeds, left, keep_walls, most):
    """``late_position`` for each seed, the hands still running with at most ``most`` cards to play."""
    for seed in seeds:
        hand = late_position(game, players, options, seed, left, keep_walls)
        if not hand.hand_over and remaining(hand) <= most:
            yield hand


def remaining(hand):
    """Cards still to be played (Agency: holder items, Walls included)."""
    return sum(len(cards_) for cards_ in getattr(hand, "holders", None) or hand.hands)


def check_against_brute_force(hand, brute, limit):
    """Whether the solver's values are the brute force's; ``False`` for a
    position with more than ``limit`` positions to brute-force."""
    try:
        expected = brute(hand, limit)
    except TooBig:
        return False
    solution = solve(hand, budget=10**9)
    assert solution.exact
    assert [m.move for m in solution.moves] == hand.legal_moves()
    assert {m.move: m.value for m in solution.moves} == expected
    assert solution.value == max(expected.values())
    return True


LAST_TRICK_CASES = [
    pytest.param(game.id, players, id=f"{game.id}-{players}")
    for game in GAMES.values() if game.id != "agency"
    for players in range(game.min_players, game.max_players + 1)
]


@pytest.mark.parametrize(("game_id", "players"), LAST_TRICK_CASES)
def test_solver_values_equal_brute_force_minimax_in_the_agram_family(game_id, players):
    game = GAMES[game_id]
    left = {2: 8, 3: 9, 4: 12}.get(players, 2 * players + 1)
    checked = 0
    for seed in range(25):
        options = {"stake": 1 + seed % 3} if game_id == "fapfap" else {}
        hand = late_position(game, players, options, seed, left, keep_walls=False)
        if hand.hand_over:
            continue
        checked += check_against_brute_force(hand, lambda h, limit: last_trick_minimax(game_id, h, limit), 100_000)
    assert checked >= 15


@pytest.mark.parametrize(("game_id", "players"), LAST_TRICK_CASES)
def test_two_tricks_from_the_end_the_engine_settles_what_the_brute_force_finds(game_id, players):
    """``Position.settled`` (two tricks left: the trick before the last
    tried out, the last one forced) answers each value as the brute force
    does, for the seat to lead or another, and counts at least the
    position itself."""
    game = GAMES[game_id]
    checked = 0
    for seed in range(40):
        options = {"stake": 1 + seed % 3} if game_id == "fapfap" else {}
        rng = random.Random(seed)
        hand = game.deal(players=players, dealer=seed % players, seed=seed, options=options)
        while len(hand.tricks) < game.hand_size - 2 or hand.plays:
            hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
        position = Position.from_hand(hand)
        side = (hand.to_act + seed) % players  # the seat to lead, or another
        found = last_trick_minimax(game_id, hand, 10_000, me=side).values()
        best = max(found) if side == hand.to_act else min(found)
        for value in position.values:
            settled = position.settled(side, value)
            assert settled is not None and settled[1] >= 1
            assert settled[0] == (best >= value), (seed, side, value)
        assert Position.from_hand(hand).state() == position.state()
        checked += 1
    assert checked == 40


def test_settled_answers_only_two_tricks_from_the_end():
    hand = GAMES["agram"].deal(players=3, seed=1)
    assert Position.from_hand(hand).settled(hand.to_act, 1) is None
    assert Position.from_hand(AGENCY.deal(seed=1, first_leader=0)).settled(0, 1) is None


SEEDS = 20


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fapfap_settled_a_loss_at_no_multiplier_only_where_the_brute_force_finds_it(players):
    """Three tricks from the end, ``Position.settled`` answers a Fapfap
    test only when the seat can make sure no other seat wins the last trick
    with a 3 (F2, F6: then it loses at most the plain stake), and then the
    brute force finds that value; it answers no win and no multiplier. Some
    of those positions leave another seat's 3 able to win the last trick if
    the seat plays badly (``outcomes`` still holds the loss at ×2)."""
    game = GAMES["fapfap"]
    settled = threatened = checked = 0
    for seed in range(SEEDS):
        stake = 1 + seed % 3
        rng = random.Random(seed)
        hand = game.deal(players=players, dealer=seed % players, seed=seed, options={"stake": stake})
        while len(hand.tricks) < game.hand_size - 3 or hand.plays:
            hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
        position = Position.from_hand(hand)
        for side in range(players):
            found = last_trick_minimax("fapfap", hand, 100_000, me=side).values()
            best = max(found) if side == hand.to_act else min(found)
            for value in position.values:
                answer = position.settled(side, value)
                if answer is None:
                    continue
                assert value <= -stake and answer[0] and answer[1] >= 1, (seed, side, value)
                assert best >= value, (seed, side, value)
                settled += value == -stake
                threatened += value == -stake and min(position.outcomes(side)) < -stake
            checked += 1
        assert Position.from_hand(hand).state() == position.state()
    assert checked == SEEDS * players
    assert settled >= SEEDS * players // 8, settled
    assert threatened, "no case where another seat's 3 could still win the last trick"


AGENCY_OPTIONS = [  # with the most cards left to try: a low early_end_points ends lines soon (A12c)
    pytest.param({"offsuit_discard": False, "early_end_points": 22}, 16, id="default"),
    pytest.param({"offsuit_discard": True, "early_end_points": 22}, 16, id="offsuit_discard"),
    pytest.param({"offsuit_discard": False, "early_end_points": 12}, 32, id="early_end_12"),
    pytest.param({"offsuit_discard": True, "early_end_points": 8}, 26, id="offsuit-early_end_8"),
]


@pytest.mark.parametrize(("options", "most"), AGENCY_OPTIONS)
@pytest.mark.parametrize("keep_walls", [True, False], ids=["walls_kept", "walls_played"])
def test_solver_values_equal_brute_force_minimax_in_agency(options, most, keep_walls):
    checked = walls = 0
    for hand in small_positions(AGENCY, 4, options, range(80), 12, keep_walls, most):
        if check_against_brute_force(hand, agency_minimax, 2_500):
            checked += 1
            walls += any(card.is_wall for holder in hand.holders for card in holder)
            if checked == 8:
                break
    assert checked >= 5
    assert walls  # Walls still in the holders, in reach or behind others


def test_a13_a_team_behind_by_exactly_the_points_left_can_still_win_on_the_last_trick():
    """Seed 873 played at random for 32 plays: team 1 leads 18 to 16 and 2
    points are left; team 0, to lead, can take them and the last trick, and a
    tie goes to the team of the last trick (A13): the hand is not decided."""
    rng = random.Random(873)
    hand = AGENCY.deal(seed=873, first_leader=1)
    for _ in range(32):
        hand, _ = AGENCY.play(hand, rng.choice(hand.legal_moves()))
    assert (hand.team_points, remaining(hand), hand.to_act) == ((16, 18), 8, 2)
    assert check_against_brute_force(hand, agency_minimax, 100_000)
    assert solve(hand).value == 1
    # The same position is worth -1 to team 1 (the team ahead), which is not to act.
    assert Solver(Position.from_hand(hand)).bounds(1, 100_000) == (-1, -1)


def test_the_brute_force_met_every_end_of_an_agency_hand():
    """Run after the tests above: their lines ended by A12a, A12b, A12c and on equal points (A13)."""
    assert all(ENDS[end] for end in ("A12a", "A12b", "A12c", "tie")), ENDS


def test_solver_a12a_a_wall_that_strands_the_next_seat_makes_the_hand_void():
    """VOID_HANDS: seat 1 leads 1M; a Wall from seat 2 leaves seat 3 with no
    legal play before any trick is complete: the hand is void, worth 0 to
    both teams (A12a, A13), whatever the budget."""
    hand = AGENCY.deal(first_leader=1, hands=[list(cards(" ".join(row))) for row in VOID_HANDS])
    hand, _ = AGENCY.play(hand, Play(1, Card.parse("1M"), 1))
    for budget in (0, 1_000, 100_000):
        solution = solve(hand, budget=budget)
        walls = [m for m in solution.moves if m.move.card.is_wall]
        assert len(walls) == 2
        if budget:
            assert all((m.lower, m.upper) == (0, 0) for m in walls)


# -- proof numbers against alpha-beta ------------------------------------------------------


def test_proof_numbers_prove_the_values_alpha_beta_proves_in_agency(monkeypatch):
    """Agency's tests from its first two tricks search by proof numbers
    (``Solver._prove``), here made to at every trick; the alpha-beta search,
    checked against the brute force above on small positions, is the
    reference on positions too big for the brute force: both solve seeded
    hands from after 3 and 4 tricks exactly, with the same value for every
    legal move (A13)."""
    found = {}
    for searched in (True, False):
        monkeypatch.setattr(engine, "PROOF_TRICKS", 100 if searched else 0)
        for seed in range(1, 7):
            rng = random.Random(seed)
            hand = AGENCY.deal(seed=seed, first_leader=seed % 4)
            while len(hand.tricks) < 3 + seed % 2 and not hand.hand_over:
                hand, _ = AGENCY.play(hand, rng.choice(hand.legal_moves()))
            solution = solve(hand, budget=10**7)
            assert solution.exact
            found.setdefault(seed, []).append([(move.move, move.value) for move in solution.moves])
    assert all(by_proofs == by_alpha_beta for by_proofs, by_alpha_beta in found.values())


def test_proof_numbers_cut_short_by_the_budget_keep_what_they_proved():
    """A test cut short by its budget keeps what it proved at the start of
    each trick: asked again with more, the solver still answers the value
    a fresh one proves (A13), whatever budget it had before. From the deal,
    where the proof takes some thousands of nodes."""
    hand = AGENCY.deal(seed=8, first_leader=0)
    fresh = Solver(Position.from_hand(hand))
    exact = fresh.bounds(0, 10**7)
    assert exact[0] == exact[1] and fresh.nodes > 1_000
    solver = Solver(Position.from_hand(hand))
    for budget in (10, 100, 1_000):
        low, high = solver.bounds(0, budget)
        assert low <= exact[0] <= high
    assert solver.bounds(0, 10**7) == exact


# -- budgets ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["agency", "agram", "fapfap", "spar"])
def test_a_small_budget_answers_bounds_that_contain_the_exact_value(game_id):
    game = GAMES[game_id]
    for seed in range(4):
        if game_id == "agency":  # from trick 5: solved exactly within seconds
            hand = late_position(game, 4, {}, seed, 24, keep_walls=True)
        else:
            hand = game.deal(players=3, seed=seed, options={"stake": 2} if game_id == "fapfap" else {})
        exact = solve(hand, budget=10**8)
        assert exact.exact
        for budget in (0, 1, 10, 100, 1_000):
            bounded = solve(hand, budget=budget)
            assert bounded.nodes <= budget
            assert [m.move for m in bounded.moves] == [m.move for m in exact.moves]
            for rough, proved in zip(bounded.moves, exact.moves):
                assert rough.lower <= proved.value <= rough.upper
            if not bounded.exact:
                assert bounded.value is None
        assert solve(hand, budget=0).moves[0].lower == min(hand_values(game, hand))


@pytest.mark.parametrize("game_id", ["agency", "fapfap"])
def test_the_same_hand_and_budget_always_give_the_same_answer(game_id):
    """The budget counts nodes, not time: a solve cut short by it is cut at
    the same node every time, on any machine."""
    game = GAMES[game_id]
    hand = game.deal(seed=11, first_leader=3) if game_id == "agency" else game.deal(players=6, seed=11)
    first, again = solve(hand, budget=5_000), solve(hand, budget=5_000)
    assert first == again and first.nodes == 5_000 and not first.exact


def hand_values(game, hand):
    """The contract's values (lowest and highest) for the game."""
    if game.id == "agency":
        return (-1, 1)
    if game.id == "fapfap":
        stake, players = hand.options["stake"], hand.players
        return (-4 * stake, 4 * stake * (players - 1))
    return (0, 3 if game.id == "spar" else 1)


def test_solve_of_a_finished_hand_has_no_seat_no_moves_and_no_value():
    game, rng = GAMES["agram"], random.Random(0)
    hand = game.deal(players=2, seed=0)
    while not hand.hand_over:
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
    solution = solve(hand)
    assert (solution.to_act, solution.moves, solution.value, solution.exact) == (None, (), None, True)


# -- what one side proves, read by the other ------------------------------------------------

CONFIGURATIONS = [(game.id, players) for game in GAMES.values() for players in range(game.min_players, game.max_players + 1)]
MIRRORED = [("agency", 4)] * 8 + [("fapfap", 2)] * 4
"""Drawn more often: the configurations whose two sides share what is proved."""


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_one_solver_for_both_sides_proves_what_a_fresh_solver_per_question_does(data):
    """A solver asked about both sides in turn, along a line of play walked
    back as ``analyze`` does (its tables shared between the sides where
    ``Position.mirrored``), answers each question as a fresh solver does:
    the same values with budget enough, bounds that hold them with little."""
    game_id, players = data.draw(st.sampled_from(CONFIGURATIONS + MIRRORED), label="game")
    game = GAMES[game_id]
    seed = data.draw(st.integers(0, 10**6), label="seed")
    options = {"stake": 1 + seed % 3} if game_id == "fapfap" else {}
    left = 20 if game_id == "agency" else {2: 8, 3: 9, 4: 12}.get(players, 2 * players + 1)
    hand = late_position(game, players, options, seed, left, keep_walls=seed % 2 == 0)
    assume(not hand.hand_over and remaining(hand) <= left)  # not a hand that ended sooner: too big to solve here
    rng = random.Random(seed)
    hands, plays = [hand], []
    while not hands[-1].hand_over:
        plays.append(rng.choice(hands[-1].legal_moves()))
        hands.append(game.play(hands[-1], plays[-1])[0])
    budget = data.draw(st.sampled_from([10**7, 10**7, 30, 300]), label="budget")
    shared = Solver(Position.from_hand(hand))
    for play in plays:
        shared.position.play(shared.position.from_play(play))
    for index in range(len(hands) - 1, -1, -1):
        if index < len(hands) - 1:
            shared.position.undo()
        assert shared.position.state() == Position.from_hand(hands[index]).state()
        sides = data.draw(st.permutations(sorted(set(shared.position.side_of))), label="sides")[:2]
        for side, other in zip(sides, reversed(sides)):
            exact = Solver(Position.from_hand(hands[index])).bounds(side, 10**7)
            assert exact[0] == exact[1]
            found = shared.bounds(side, budget)
            assert found[0] <= exact[0] <= found[1]
            if budget == 10**7:
                assert found == exact
            assert shared.carried(side, found, side) == found
            assert shared.carried(side, found, other) == ((-found[1], -found[0]) if shared.position.mirrored else None)
