"""The solver's engine agrees with the rules core (``service.games``).

The engine (``service.analysis.engine``) is written for speed; the core is
the referee's one source of the rules. On random hands of every game, player
count and option, at every step: the same seat to act, the same legal moves,
the same trick winners, the same end of hand (Agency's A12a, including a
trick discarded mid-way, A12b and A12c), the same value of the finished hand
for every seat (``TrickGame.seat_value``); a position built afresh from the
core hand equals the one played move by move, and ``undo`` restores it. A
perft count (the number of distinct legal play sequences of a given length
from a fixed deal) is computed by both and pinned.
"""

from __future__ import annotations

import random

import pytest
from test_rules_agram import FAPFAP

from service.analysis.engine import WALL_MOVE, Position
from service.cards import Card, cards
from service.games import AGENCY, GAMES
from service.games.agency import POINTS
from service.games.base import Hand
from service.tricks import Play
from support import VOID_HANDS


def configurations():
    """Every game, player count and option value that changes the rules of play or the value."""
    for game in GAMES.values():
        if game.id == "agency":
            for offsuit in (False, True):
                for early in (22, 12, 40):
                    yield pytest.param(game.id, 4, {"offsuit_discard": offsuit, "early_end_points": early},
                                       id=f"agency-offsuit_{offsuit}-early_{early}")
            continue
        for players in range(game.min_players, game.max_players + 1):
            stakes = (1, 7) if game.id == "fapfap" else (None,)
            for stake in stakes:
                options = {} if stake is None else {"stake": stake}
                yield pytest.param(game.id, players, options, id=f"{game.id}-{players}" + (f"-stake_{stake}" if stake else ""))


def deal(game_id, players, options, seed):
    game = GAMES[game_id]
    if game_id == "agency":
        return game.deal(seed=seed, first_leader=seed % 4, options=options)
    return game.deal(players=players, dealer=seed % players, seed=seed, options=options)


def engine_legal(position: Position) -> list:
    return [position.to_play(move) for move in position.legal()]


def check_position(hand: Hand, position: Position) -> None:
    """The engine position says what the core hand says (C1, C2; A8-A10, A12a; F4, F5)."""
    assert position.over == hand.hand_over
    assert Position.from_hand(hand).state() == position.state()
    if hand.hand_over:
        assert position.legal() == [] and position.groups() == []
        return
    assert position.to_act == hand.to_act
    legal = engine_legal(position)
    assert len(legal) == len(set(legal))
    assert set(legal) == set(hand.legal_moves())
    grouped = [move for group in position.groups() for move in group]
    assert sorted(grouped) == sorted(position.legal())
    assert sorted(position.moves()) == sorted(group[0] for group in position.groups())


def play_out(game_id, hand: Hand, rng: random.Random) -> Hand:
    """Random legal moves to the end, checking the engine against the core at every step."""
    game = GAMES[game_id]
    position = Position.from_hand(hand)
    forecasts = []
    while True:
        check_position(hand, position)
        if hand.hand_over:
            break
        if not position.trick:
            forecasts.append(position.outcomes(position.side_of[0]))
        move = rng.choice(hand.legal_moves())
        before = position.state()
        engine_move = position.from_play(move)
        position.play(engine_move)
        position.undo()
        assert position.state() == before
        tricks = len(hand.tricks)
        hand, _ = game.play(hand, move)
        position.play(engine_move)
        if len(hand.tricks) > tricks:  # the trick completed: the same winner leads next (A11, F1, C2)
            assert position.leader == hand.tricks[-1].winner
    values = [game.seat_value(hand, seat) for seat in range(hand.players)]
    assert [position.value(position.side_of[seat]) for seat in range(hand.players)] == values
    # What outcomes foretold at each trick start holds what the hand came to.
    assert all(values[0] in forecast and list(forecast) == sorted(forecast) for forecast in forecasts)
    return hand


@pytest.mark.parametrize(("game_id", "players", "options"), list(configurations()))
def test_engine_agrees_with_the_core_on_random_hands(game_id, players, options):
    hands = 40 if game_id == "agency" else 12
    ends = set()
    for seed in range(hands):
        rng = random.Random(seed)
        hand = play_out(game_id, deal(game_id, players, options, seed), rng)
        ends.add(getattr(hand, "end", None))
    if game_id == "agency" and options["early_end_points"] == 22 and not options["offsuit_discard"]:
        assert {"no_legal_play", "points_reached"} <= ends  # both A12a and A12c came up


def test_engine_agrees_with_the_core_on_a_void_hand():
    """A12a in the first trick, after a Wall: the trick is discarded, no trick completed, value 0 (A13)."""
    hand = AGENCY.deal(first_leader=1, hands=[list(cards(" ".join(row))) for row in VOID_HANDS])
    position = Position.from_hand(hand)
    for code in ("1M", "W"):  # seat 1 leads 1M, seat 2 plays a Wall: seat 3 has no legal play
        play = next(p for p in hand.legal_moves() if p.card.code == code)
        hand, _ = AGENCY.play(hand, play)
        position.play(position.from_play(play))
        check_position(hand, position)
    assert hand.end == "no_legal_play" and position.over
    assert [position.value(position.side_of[seat]) for seat in range(4)] == [0, 0, 0, 0]


@pytest.mark.parametrize(("game_id", "players", "options"), [
    pytest.param("agency", 4, {"offsuit_discard": True, "early_end_points": 22}, id="agency-offsuit"),
    pytest.param("agency", 4, {"offsuit_discard": False, "early_end_points": 22}, id="agency"),
])
def test_engine_agrees_with_the_core_from_mid_trick_states(game_id, players, options):
    """A position built from a hand whose trick is under way (Walls in it included)."""
    for seed in range(30):
        rng = random.Random(1000 + seed)
        hand = deal(game_id, players, options, seed)
        for _ in range(rng.randrange(1, 30)):
            if hand.hand_over:
                break
            hand, _ = GAMES[game_id].play(hand, rng.choice(hand.legal_moves()))
        play_out(game_id, hand, rng)


@pytest.mark.parametrize("multiplier", [1, 2, 4])
def test_engine_values_fapfaps_worked_hands_with_the_stake(multiplier):
    """F2, F6: stake 5, three players: seat 0 wins (3 - 1) * 5 * m, each other seat pays 5 * m;
    the last trick is forced, so ``outcomes`` knows it at its start."""
    rows, script = FAPFAP[multiplier]
    game = GAMES["fapfap"]
    hand = game.deal(players=3, dealer=2, hands=[list(cards(row)) for row in rows], options={"stake": 5})
    position = Position.from_hand(hand)
    expected = [10 * multiplier, -5 * multiplier, -5 * multiplier]
    for number, code in enumerate(script.replace("|", " ").split()):
        if number == 12:
            assert [position.outcomes(seat) for seat in range(3)] == [(value,) for value in expected]
        play = Play(hand.to_act, Card.parse(code))
        hand, _ = game.play(hand, play)
        position.play(position.from_play(play))
        check_position(hand, position)
    assert [position.value(seat) for seat in range(3)] == expected


def reachable_values(position: Position, sides, found) -> None:
    """Every value, per side, that some line of legal play from ``position`` ends with."""
    if position.over:
        for side in sides:
            found[side].add(position.value(side))
        return
    for move in position.legal():
        position.play(move)
        reachable_values(position, sides, found)
        position.undo()


def small_enough(hand: Hand) -> bool:
    """Whether every line from ``hand`` can be tried: Agency with 10 holder
    items left; the Agram family with 3 tricks left (2 from 5 players on)."""
    if hand.game.id == "agency":
        return sum(len(holder) for holder in hand.holders) <= 10
    return hand.game.hand_size - len(hand.tricks) <= (3 if hand.players <= 4 else 2)


@pytest.mark.parametrize(("game_id", "players"), [
    pytest.param(game.id, players, id=f"{game.id}-{players}")
    for game in GAMES.values() for players in range(game.min_players, game.max_players + 1)
])
def test_outcomes_hold_every_value_a_line_of_play_reaches(game_id, players):
    """At the start of a trick, ``outcomes`` leaves out only values no line
    of play reaches (F2, F6: a bonus rank must win the last tricks; A13)."""
    game = GAMES[game_id]
    for seed in range(30):
        rng = random.Random(seed)
        options = {"stake": 1 + seed % 3} if game_id == "fapfap" else {}
        hand = deal(game_id, players, options, seed)
        while not hand.hand_over and not (small_enough(hand) and not hand.plays):
            hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
        if hand.hand_over:
            continue
        position = Position.from_hand(hand)
        sides = sorted(set(position.side_of))
        found = {side: set() for side in sides}
        reachable_values(position, sides, found)
        for side in sides:
            assert found[side] <= set(position.outcomes(side)), (seed, side)


# -- perft: distinct legal play sequences from fixed deals ---------------------------


def engine_perft(position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in position.legal():
        position.play(move)
        total += engine_perft(position, depth - 1)
        position.undo()
    return total


def core_perft(game, hand: Hand, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(core_perft(game, game.play(hand, move)[0], depth - 1) for move in hand.legal_moves())


PERFT = [
    # (game, players, options, seed, random plays first (rng seeded by the seed), depth, sequences)
    ("agram", 2, {}, 1, 0, 8, 9348),
    ("agram", 3, {}, 2, 0, 9, 2232),
    ("sink-sink", 7, {}, 3, 0, 9, 2636),
    ("fapfap", 4, {"stake": 3}, 4, 0, 7, 2696),
    ("agram-mali", 6, {}, 5, 0, 8, 2265),
    ("spar", 5, {}, 6, 0, 8, 992),
    ("agency", 4, {"offsuit_discard": False, "early_end_points": 22}, 7, 0, 6, 6726),
    ("agency", 4, {"offsuit_discard": True, "early_end_points": 22}, 8, 0, 6, 8985),
    ("agency", 4, {"offsuit_discard": False, "early_end_points": 22}, 9, 13, 6, 9425),  # mid-trick, Walls gone
]


@pytest.mark.parametrize(("game_id", "players", "options", "seed", "plays", "depth", "sequences"), PERFT)
def test_perft_counts_agree_with_the_core(game_id, players, options, seed, plays, depth, sequences):
    """A hand that ends sooner (Agency's A12) adds no sequence of the full depth."""
    hand = deal(game_id, players, options, seed)
    rng = random.Random(seed)
    for _ in range(plays):
        hand, _ = GAMES[game_id].play(hand, rng.choice(hand.legal_moves()))
    counted = engine_perft(Position.from_hand(hand), depth)
    assert counted == core_perft(GAMES[game_id], hand, depth)
    assert counted == sequences


def test_move_order_tries_the_cheapest_winner_first_and_fapfaps_threes_last():
    """The solver's move order (``Position.moves``), one card per run of
    equivalent cards: following, the lowest card above the best of the led
    suit first (F1: it takes the trick), then low to high; a bonus 3 last,
    leading or following (F2: kept for the last tricks)."""
    game = GAMES["fapfap"]
    hands = ["8H 7H 3D 8C 7S", "AH 9H 4H 7D 6C", "10H 6H 3C 5D 4C"]
    hand = game.deal(players=3, dealer=2, hands=[list(cards(row)) for row in hands])
    position = Position.from_hand(hand)

    def order() -> list[str]:
        return [str(position.to_play(move).card) for move in position.moves()]

    leading = order()
    assert leading[-1] == "3D" and sorted(leading) == sorted(["7H", "8C", "7S", "3D"])  # 8H 7H: one run, its lowest
    position.play(position.from_play(Play(0, Card.parse("8H"))))
    assert order() == ["9H", "4H", "AH"]  # 10H (seat 2) and 8H (in the trick) split seat 1's hearts
    position.play(position.from_play(Play(1, Card.parse("4H"))))
    assert order() == ["10H", "6H"]  # 10H beats 8H; 6H does not


@pytest.mark.parametrize(("game_id", "players"), [
    pytest.param(game.id, players, id=f"{game.id}-{players}")
    for game in GAMES.values() for players in range(game.min_players, game.max_players + 1)
])
def test_mirrored_only_where_a_finished_hand_is_worth_the_negation_to_the_other_side(game_id, players):
    """Two sides, and what one wins the other loses: Agency's teams (A4, A13:
    1 and -1, a void hand 0 to both) and Fapfap's two players (F6: the loser
    pays the winner); every other game and player count has more sides or
    pays the winner alone (F2)."""
    expected = game_id == "agency" or (game_id == "fapfap" and players == 2)
    for seed in range(20):
        rng = random.Random(seed)
        position = Position.from_hand(deal(game_id, players, {"stake": 1 + seed % 3} if game_id == "fapfap" else {}, seed))
        assert position.mirrored == expected
        while not position.over:
            position.play(rng.choice(position.legal()))
        if expected:
            assert sorted(set(position.side_of)) == [0, 1]
            assert position.value(0) == -position.value(1)


def agency_walk(seeds):
    """Each position of Agency hands dealt from ``seeds`` and played to their
    end at random: ``(core hand, engine position)``."""
    for seed in seeds:
        rng = random.Random(seed)
        hand = AGENCY.deal(seed=seed, first_leader=seed % 4)
        while not hand.hand_over:
            yield hand, Position.from_hand(hand)
            hand, _ = AGENCY.play(hand, rng.choice(hand.legal_moves()))


def test_agency_move_order_tries_first_a_play_that_ends_the_hand_won():
    """A seat whose team would win a hand ended now (A13: more points, or as
    many and the last trick) tries first a play that leaves the next seat
    with no legal play (A9, A10), which ends the hand at once (A12a) won."""
    met = 0
    for hand, position in agency_walk(range(80)):
        team = hand.to_act % 2
        ending = {}
        for play in hand.legal_moves():
            after, _ = AGENCY.play(hand, play)
            if after.hand_over and len(after.tricks) == len(hand.tricks):  # A12a: ended before the trick completed
                ending[position.from_play(play)] = after.winner
        ordered = position.moves()
        if ending and len(ordered) > 1:
            ahead = hand.tricks and hand.winner is None and any(winner == team for winner in ending.values())
            if ahead:
                met += 1
                assert ordered[0] in ending
                assert all(winner == team for winner in ending.values())  # ended now, the same team wins whatever the play
    assert met >= 20, met


@pytest.mark.parametrize(("options", "beyond"), [({}, 20), ({"offsuit_discard": True}, 20), ({"early_end_points": 12}, 0)],
                         ids=["default", "offsuit", "early_12"])
def test_agency_a_play_decided_without_playing_it_is_worth_what_every_line_after_it_gives(options, beyond):
    """``Position.decided``: a play that ends the hand (A12a: the next seat
    has no legal play; A12b, A12c after the trick's last card) is worth what
    the core's finished hand gives each team (A13); one that leaves a lead
    beyond the points left is worth it whatever is played after (random
    lines to the end). Every play that ends the hand at once is read so.
    (With 12 points ending the hand, A12c, no lead passes the points left first.)"""
    rng = random.Random(5)
    read = {"ended": 0, "beyond": 0}
    for seed in range(60):
        hand = AGENCY.deal(seed=seed, first_leader=seed % 4, options=options)
        while not hand.hand_over:
            position = Position.from_hand(hand)
            for play in hand.legal_moves():
                after, _ = AGENCY.play(hand, play)
                for team in (0, 1):
                    value = position.decided(position.from_play(play), team)
                    if after.hand_over:
                        assert value == AGENCY.seat_value(after, team)
                        read["ended"] += 1
                    elif value is not None:
                        read["beyond"] += 1
                        for _ in range(3):
                            line = after
                            while not line.hand_over:
                                line, _ = AGENCY.play(line, rng.choice(line.legal_moves()))
                            assert AGENCY.seat_value(line, team) == value
            hand, _ = AGENCY.play(hand, rng.choice(hand.legal_moves()))
    assert read["ended"] >= 100 and read["beyond"] >= beyond, read


def test_the_agram_family_decides_no_play_without_playing_it():
    """Every seat holding cards may play one (F5): no play ends a hand early."""
    for game in GAMES.values():
        if game.id == "agency":
            continue
        position = Position.from_hand(game.deal(players=3, seed=1))
        assert all(position.decided(move, side) is None for move in position.legal() for side in range(3))


def test_agency_move_order_tries_first_the_play_that_leaves_the_other_team_fewest_answers():
    """A proof must answer every play of the other team, so the engine
    tries first, within a trick, the card that leaves the next seat (of the
    other team, A4) the fewest legal plays, counted by the core after the
    play (A6, A9, A10); the trick's last seat keeps the order by who takes
    the trick (the next seat then leads a new trick). Leading, the count is
    the next seat's plays times the plays of the trick's last seat (the
    other of the other team) as it stands: cards of the led suit, Vans and
    Walls it reaches."""
    met = 0
    for hand, position in agency_walk(range(40)):
        if len(hand.plays) == 3:
            continue
        last = (hand.to_act + 3) % 4
        answers = {}
        for play in hand.legal_moves():
            if play.card.is_wall and not hand.plays:
                continue  # A8: a Wall is led only with nothing else to lead
            after, _ = AGENCY.play(hand, play)
            answers[position.from_play(play)] = 0 if after.hand_over else len(after.legal_moves())
            if not hand.plays:
                answers[position.from_play(play)] *= sum(card.is_wall or card.suit in (play.card.suit, "V")
                                                         for _, card in hand.reachable(last))
        if answers:
            assert answers[position.moves()[0]] == min(answers.values())
            met += len(set(answers.values())) > 1
    assert met >= 100, met


def test_agency_relative_codes_name_a_card_by_its_rank_among_its_suit_in_play():
    """A proof-number entry made by one position serves every position with
    its key (``Solver._prove``): a move is kept by where its card stands among
    its suit's cards still in play (A1: ranks 1 to 9 within a suit), so the
    same code names, in a position whose cards in play differ, the card that
    stands there; a Wall stays the Wall of its holder (A5)."""
    for _, position in agency_walk(range(6)):
        legal = position.legal()
        codes = [position.relative(move) for move in legal]
        assert len(set(codes)) == len(codes)
        alive = position.layout()
        for move in legal:
            assert position.translate(move, alive) == move
            if move >= WALL_MOVE:
                assert position.relative(move) == move
                continue
            suit = [card for card in range(64) if card // 9 == move // 9 and alive >> card & 1]
            lowest = sum(1 << (move // 9 * 9 + rank) for rank in range(len(suit)))  # the suit's lowest ranks instead
            other = alive & ~sum(1 << card for card in suit) | lowest
            stands = move // 9 * 9 + suit.index(move)
            assert position.translate(stands, other) == move


# A hand where seat 0's last card in holder 3 is the lowest Hat (1H) while a Wall is still there: that
# Wall is a card left (A5, A12b), so the trick it ends does not end the hand.
HAT_BESIDE_A_WALL = (820361660, {"offsuit_discard": True, "early_end_points": 40},
                     "0 1B 0|1 7V 1|2 W 2|3 3B 2|1 3V 0|2 W 2|3 2V 2|0 9V 3|0 8H 3|1 W 0|2 7H 2|3 8V 2|3 6M 3|0 8M 3|"
                     "1 W 1|2 2M 2|0 3H 0|1 4H 1|2 5H 2|3 1V 3|3 7M 2|0 W 3|1 6V 1|2 1M 1|1 5B 1|2 8B 1|3 7B 2|0 2B 3|"
                     "2 5V 1|3 W 3|0 4M 3")


def test_agency_the_last_card_of_a_holder_with_a_wall_left_does_not_end_the_hand():
    """``decided`` reads A12b (a seat with no card left in both its holders)
    counting a Wall as a card left (A5): when the trick's last card is the
    last suited card of its holder and a Wall is still in it, the hand goes
    on, as the core plays it. The lowest cards of the first suit share their
    bits with the count of Walls in the engine's masks, which once made
    ``decided`` read that holder empty and the hand over."""
    seed, options, plays = HAT_BESIDE_A_WALL
    hand = AGENCY.deal(seed=seed, first_leader=seed % 4, options=options)
    for part in plays.split("|"):
        seat, card, holder = part.split()
        hand, _ = AGENCY.play(hand, Play(int(seat), Card.parse(card), int(holder)))
    position = Position.from_hand(hand)
    play = Play(1, Card.parse("1H"), 1)
    assert len(hand.plays) == 3 and play in hand.legal_moves()
    after, _ = AGENCY.play(hand, play)
    assert not after.hand_over
    assert [position.decided(position.from_play(play), team) for team in (0, 1)] == [None, None]


def test_agency_a_trick_decided_without_playing_it_ends_the_hand_only_where_the_core_ends_it():
    """The whole kind: on walks that keep the lowest Hats for last (so that
    holders are left with one of them beside their Walls), the trick's last
    card is read as ending the hand (A12b, A12c) exactly where the core's
    hand ends, and otherwise as settled only where the lead passes the points
    left (A13)."""
    rng = random.Random(8)
    low = {Card.parse("1H"), Card.parse("2H")}
    checked = 0
    for seed in range(250):
        options = {"offsuit_discard": seed % 2 == 1, "early_end_points": 40}
        hand = AGENCY.deal(seed=seed, first_leader=seed % 4, options=options)
        while not hand.hand_over:
            legal = hand.legal_moves()
            if len(hand.plays) == 3:
                position = Position.from_hand(hand)
                for play in legal:
                    after, _ = AGENCY.play(hand, play)
                    left = sum(POINTS[card] for holder in after.holders for card in holder)  # the points still to win (A3)
                    for team in (0, 1):
                        value = position.decided(position.from_play(play), team)
                        lead = after.team_points[team] - after.team_points[1 - team]
                        if after.hand_over:
                            assert value == AGENCY.seat_value(after, team)
                        else:
                            assert value == (1 if lead > left else -1 if -lead > left else None)
                        checked += 1
            kept = [play for play in legal if play.card not in low]
            hand, _ = AGENCY.play(hand, rng.choice(kept or legal))
    assert checked >= 10_000, checked
