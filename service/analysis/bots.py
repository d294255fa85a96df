"""Bots: a move for the seat to act, from that seat's view alone.

``suggest(view, level=..., seed=..., budget=...)`` takes what
``TrickGame.observe(hand, seat)`` returns for the seat to act, and nothing
else: the bot never receives the hand, so two hands with the same view for
that seat get the same move for the same level and seed, by construction
(CONTRACT, Analysis and bots: "The suggestion sees only what its seat may
see"). The move is always one of ``view.legal_moves``.

The levels (``Level``), whose names and meanings are part of the contract:

* ``random``: a uniformly random legal move, drawn from the seed.
* ``rules``: rules of thumb from the rule texts' own tips (``tips``).
* ``search`` (the default): perfect-information Monte Carlo over sampled
  worlds, each finished by playouts in which the bot and its partner play the
  rules of thumb and each opponent plays them or at random, as likely as its
  plays so far make it (``search_move``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .. import deadline
from ..games import GAMES, Hand
from ..games.records import Trust
from ..tricks import Play
from .draw import Draw
from .engine import WALL_MOVE, Position
from .knows import knows_in, knows_of
from .solver import Solver
from .tips import TIPS, CardBits, Knows
from .worlds import View, Worlds, worlds_of


class Level(StrEnum):
    """A bot's level: the contract's ``level`` strings."""

    RANDOM = "random"
    """A uniformly random legal move (CONTRACT: fixed)."""
    RULES = "rules"
    """The rules of thumb of ``tips``, from the seat's view."""
    SEARCH = "search"
    """The default: sampled worlds, each played out with a model of each other seat (``search_move``)."""


DEFAULT_LEVEL = Level.SEARCH


@dataclass(frozen=True, slots=True, kw_only=True)
class Budget:
    """How much work the searching level may do, counted in work, never in
    time, so a seed gives the same move on any machine.

    Attributes:
        worlds: the most worlds sampled.
        plies: the most plays made in playouts, all worlds and moves
            together; no world is begun once they are spent (at least one
            world is always searched).
    """

    worlds: int = 200
    plies: int = 60_000


DEFAULT_BUDGET = Budget()


class Backup(StrEnum):
    """How the searching level values each of its moves in one sampled world
    (the per-world backup of perfect-information Monte Carlo). Every one
    reads the world's hidden cards, which the bot drew, never the hand's.

    A value is the contract's value of the finished hand for the bot's side
    (``TrickGame.seat_value``): in the Agram family only the last trick
    counts (F2: its winner wins the hand; Agram, Sink-Sink and the Mali
    version 1 to the winner and 0 to every other seat; Spar 3, 2 or 1 by the
    winning card; Fapfap the net payout, the winner receiving stake times
    multiplier from each other seat, the multiplier 2 or 4 by the 3s that won
    the last tricks, F6), so a seat that cannot win any more is indifferent
    between its cards, except in Fapfap, where it still pays less when the
    winner's card is not a 3. In Agency it is the team's (A4, A13), and the
    bot's partner plays on its side in every backup.

    The searching backups (all but ``PLAYOUT``) search a world to the end of
    the hand; each world has a share of the budget (``world_share``), and
    worlds too large for it are valued by the playout (``search_move``)."""

    PLAYOUT = "playout"
    """The default. The hand finished once per move by a model of every seat
    (``playout``): the bot's side plays the rules of thumb, each opponent
    them or at random as its plays so far make likely (``weigh``)."""
    PARANOID = "paranoid"
    """Every other seat plays as one side against the bot's, perfectly
    (Sturtevant and Korf's paranoid algorithm): the world's minimax value,
    the solver's (``Solver``). A world whose value the solver does not prove
    within the world's share is left to the playout."""
    MAXN = "maxn"
    """Every seat plays for its own value (Agency: its team's), perfectly
    (maxⁿ, Luckhardt and Irani). Tie rule: a seat to which several moves are
    worth the same plays the one the engine tries first (``Position.moves``:
    following, the cheapest card that takes the trick, then low cards first;
    leading, high cards first; Fapfap's 3s last)."""
    MAXN_EVEN = "maxn-even"
    """maxⁿ with the other tie rule: a seat to which several moves are worth
    the same is as likely to play any of them (the unbiased player of
    Hashavit and Markovitch's Max-Prob), so the position's value for each
    side is the mean over those moves (one move per class of equivalent
    cards, ``Position.moves``). In Agram a seat that can no longer win is
    thus taken to play any of its cards, as a random player does."""
    BEST_REPLY = "best-reply"
    """Best-Reply Search (Schadd and Winands) as Esser et al.'s BRS+ adapts
    it to games whose seats take turns: alpha-beta on the bot's side's value
    where, in each trick, at most one opponent plays its best reply against
    the bot's side and the others the rules of thumb (``tips``)."""


DEFAULT_BACKUP = Backup.PLAYOUT


def suggest(view: View, *, level: Level = DEFAULT_LEVEL, seed: int = 0, budget: Budget = DEFAULT_BUDGET,
            backup: Backup = DEFAULT_BACKUP) -> Play:
    """A move for the view's seat, which is the seat to act.

    Args:
        view: ``game.observe(hand, seat)`` for the seat to act, while the hand runs.
        level: see ``Level``.
        seed: any integer; the same view, level, seed and budget give the same move.
        budget: the searching level's work (the other levels do little).
        backup: how the searching level values a move in one world (``Backup``).

    Returns:
        One of ``view.legal_moves``.

    Raises:
        ValueError: the view is not the seat to act's, or the hand is over.
    """
    knows = knows_of(view)
    if level is Level.RANDOM:
        return Draw(seed).choice(view.legal_moves)
    if level is Level.RULES:
        return rules_move(view, knows)
    return search_move(view, knows, Draw(seed), budget, backup=backup)


def _rules(view: View) -> Callable[[Knows], int]:
    """The rules of thumb of the view's game's family (``tips.TIPS``)."""
    return TIPS[GAMES[view.game].family].move


def rules_move(view: View, knows: Knows) -> Play:
    """The ``rules`` level (``tips``)."""
    return view.legal_moves[knows.legal.index(_rules(view)(knows))]


# -- the searching level ----------------------------------------------------------


def search_move(view: View, knows: Knows, draw: Draw, budget: Budget, *, worlds: Worlds[Any] | None = None,
                backup: Backup = DEFAULT_BACKUP) -> Play:
    """Perfect-information Monte Carlo with playouts (Furtak and Buro's
    IIMC; Long, Sturtevant, Buro and Furtak, AAAI 2010, on why sampling suits
    games like these, where play reveals the hidden cards quickly).

    Worlds are drawn from the view (``worlds``) and weighed by how likely the
    other seats' plays so far are in each (``weigh``). In each world one
    move of each class of equivalent legal moves (``move_classes``) is played
    and the hand finished (``playout``): the seat and its partner (Agency,
    A4) play the rules of thumb with their own knowledge, and each opponent
    plays them or a legal card at random, with the chances ``weigh`` found
    for that opponent in that world, so the other seats are modelled as
    self-interested players as likely as their plays make it, not as one
    side against the seat. Each move's playout of a world draws the same
    random numbers (common random numbers), so the moves are compared on the
    same chances. The move with the best total value over the worlds (the
    contract's value: ``TrickGame.seat_value``) is chosen; ties go to the
    rules of thumb's move, then to the first in the view's order.

    ``backup`` chooses how a move is valued in one world (``Backup``). The
    searching backups count their positions as plies, and each world's
    search has at most its share of the budget (``world_share``): the first
    world whose search does not end within it is valued by the playout, and
    so is every world after it (they are as far from the end), so the
    searches decide the last tricks and the playouts the first, and a move
    always has as many worlds as the playout alone would give it at most.

    ``worlds`` replaces the view's worlds (the benchmark's perfect-information
    bot passes the true hand); a bot never passes it.
    """
    legal = view.legal_moves
    if len(legal) == 1:
        return legal[0]
    worlds = worlds or worlds_of(view)
    classes = move_classes(knows, view)
    moves = [knows.legal[members[0]] for members in classes]
    cards = knows.cards
    played = cards.mask([play.card for play in worlds.history])
    end_points = view.options.get("early_end_points", 0)
    rules = _rules(view)
    totals = [0.0] * len(moves)
    spent = 0
    searching = backup is not Backup.PLAYOUT
    share = world_share(budget)
    for _ in range(budget.worlds):
        if spent >= budget.plies or deadline.passed():  # the deadline: the best move of the worlds so far
            break
        position, weight, by_rules = weigh(worlds.draw(draw), worlds.history, knows.seat, cards, end_points, rules)
        spent += len(worlds.history)
        side = position.side_of[knows.seat]
        if searching:
            values, plies = _searched(backup, position, moves, side, played, cards, end_points, rules,
                                      max(min(share, budget.plies - spent), 1))
            spent += plies
            if values is not None:
                for index, value in enumerate(values):
                    totals[index] += weight * value
                continue
            searching = False  # past its share: this world and the rest (as large) are played out
        chances = draw.below(1 << 62)
        for index, move in enumerate(moves):
            value, plies = playout(position, move, played, side, cards, end_points, rules, by_rules, Draw(chances))
            totals[index] += weight * value
            spent += plies
    best = max(totals)
    tied = {i for members, total in zip(classes, totals) if total == best for i in members}
    preferred = knows.legal.index(rules(knows))
    return legal[preferred if preferred in tied else min(tied)]


def move_classes(knows: Knows, view: View) -> list[list[int]]:
    """The seat's legal moves (indices into ``knows.legal``) in classes that
    lead to the same play in every world: cards of one suit in one place
    (its hand; in Agency one holder's reach, A6), adjacent once the cards
    played in completed tricks are left out, and equal in what the score
    reads of them (Agency's points, A3; the ranks Spar and Fapfap pay for,
    F2). A Wall is a class of its own."""
    cards = knows.cards
    live = cards.deck & ~cards.mask([play.card for done in view.tricks for play in done.plays])
    places = [play.holder for play in view.legal_moves]
    classes: list[list[int]] = []
    order = sorted(range(len(knows.legal)), key=lambda i: knows.legal[i])
    for i in order:
        move = knows.legal[i]
        last = classes[-1][-1] if classes else -1
        if last >= 0 and _alike(knows.legal[last], move, places[last] == places[i], live, cards):
            classes[-1].append(i)
        else:
            classes.append([i])
    return classes


def _alike(low: int, high: int, same_place: bool, live: int, cards: CardBits) -> bool:
    """Whether cards ``low < high`` are equivalent (``move_classes``)."""
    if high >= WALL_MOVE or not same_place or low // cards.ranks != high // cards.ranks:
        return False
    if cards.pays[low % cards.ranks] != cards.pays[high % cards.ranks] or cards.points[low] != cards.points[high]:
        return False
    between = live & ((1 << high) - 1) & ~((2 << low) - 1)
    return not between


WORLD_SHARE = 2
"""How many times a world's even share of the plies (``Budget.plies`` over
``Budget.worlds``) a searching backup may spend on one world (``world_share``)."""


def world_share(budget: Budget) -> int:
    """The most positions a searching backup (``Backup``: every one but the
    playout) may visit in one world: ``WORLD_SHARE`` times the plies each of
    the budget's worlds would have if all were searched."""
    return max(1, WORLD_SHARE * budget.plies // max(1, budget.worlds))


RULES_PRIOR = 0.5
"""How likely the search holds it, before any play, that an opponent plays
by the rules of thumb rather than anything legal at random: the mean of the
prior of ``weigh``."""

RULES_PRIOR_STRENGTH = 1.0
"""How alike the search holds a table's opponents before any play: the prior
of ``weigh``, a Beta distribution of mean ``RULES_PRIOR``, is Beta(a, b) with
a + b this strength (Beta(1/2, 1/2) here). The smaller it is, the more what
one opponent's plays show is taken to hold for the others: here, once one
opponent is known to play by the rules of thumb, another is held to with
chance (a + 1) / (a + b + 1) = 3/4, and once one is known to play at random,
with a / (a + b + 1) = 1/4. Without end, the seats would be independent,
each with chance ``RULES_PRIOR``."""

SLIPS = 0.2
"""How often a seat that plays by the rules of thumb is expected to play
something else (``weigh``)."""


def weigh(world: Hand, history: Sequence[Play], seat: int, cards: CardBits, end_points: int,
           rules: Callable[[Knows], int]) -> tuple[Position, float, list[float]]:
    """The engine position of ``world``, its ``history`` played again from the
    deal; the weight of the world given how the other seats played; and per
    seat, the chance that it plays by the rules of thumb in this world.

    Each other seat is taken to play either by the rules of thumb (each seat
    from its own knowledge then), slipping to any legal play with
    probability ``SLIPS``, or at random. The weight is the likelihood of the
    other seats' plays with a choice in this world under that model, so a
    world in which a seat that plays by the rules of thumb would have played
    as it did counts for more, and a seat that plays at random leaves the
    worlds as they were drawn (Bayesian inference over the drawn worlds, as
    bridge programs weigh their deals by the bidding).

    The opponents are exchangeable, not independent (a hierarchical model:
    Gelman et al., Bayesian Data Analysis, ch. 5): the table has one share of
    opponents that play by the rules of thumb, unknown, with a Beta prior of
    mean ``RULES_PRIOR`` and strength ``RULES_PRIOR_STRENGTH``, and each
    opponent plays by them with that chance (``kinds_of``). So every
    opponent's plays are evidence about the others too: a play that a random
    player makes as often as one by the rules of thumb in the drawn worlds
    (which, with the hidden cards unknown, is most plays) says little about
    its seat alone, and the table's plays together settle what kind of
    table it is several times sooner than one seat's would. Agency's partner
    (A4), not an opponent, is a seat of its own, by the rules of thumb with
    prior ``RULES_PRIOR``.

    The chance of the rules of thumb for a seat is its posterior times
    ``1 - SLIPS``: with the rest, the seat plays any legal card
    (``playout``); the seat itself gets 1."""
    dealt = world.game.build(replace(world.record, plays=()), Trust.REBUILD)
    position = Position.from_hand(dealt)
    played = 0
    ruled = [1.0] * position.players
    chance = [1.0] * position.players
    for play in history:
        move = position.from_play(play)
        if play.seat != seat:
            legal = position.legal()
            if len(legal) > 1:
                guess = rules(knows_in(position, played, cards, end_points, legal))
                chance[play.seat] /= len(legal)
                ruled[play.seat] *= SLIPS / len(legal) + (1 - SLIPS) * (guess == move)
        position.play(move)
        if move < WALL_MOVE:
            played |= 1 << move
    by_rules = [1.0] * position.players
    side = position.side_of[seat]
    opponents = [other for other in range(position.players) if position.side_of[other] != side]
    partners = [[other] for other in range(position.players) if other != seat and position.side_of[other] == side]
    weight = 1.0
    for table in [opponents, *partners]:  # Agency's partner (A4) a table of its own: the prior's mean, alone
        likelihood, kinds = kinds_of([ruled[other] for other in table], [chance[other] for other in table])
        weight *= likelihood
        for other, kind in zip(table, kinds):
            by_rules[other] = (1 - SLIPS) * kind
    return position, weight, by_rules


def kinds_of(ruled: Sequence[float], chance: Sequence[float]) -> tuple[float, list[float]]:
    """The likelihood of the opponents' plays, and each opponent's posterior
    chance of playing by the rules of thumb, under ``weigh``'s prior.

    Args:
        ruled: per opponent, the likelihood of its plays if it plays by the
            rules of thumb (slips included).
        chance: per opponent, their likelihood if it plays at random.

    A given ``k`` of the ``m`` opponents play by the rules of thumb, and the
    others at random, with prior B(a + k, b + m - k) / B(a, b), the Beta
    prior's a and b from ``RULES_PRIOR`` and ``RULES_PRIOR_STRENGTH`` (the
    beta-binomial). The likelihood sums the ``2**m`` kinds of table, each
    its prior times its opponents' likelihoods; the sums for each ``k`` are
    the coefficients of the polynomial ``prod(chance + x * ruled)``."""
    priors = _table_priors(len(ruled))

    def by_count(left_out: int) -> list[float]:
        """Per k, the sum over the tables with k opponents by the rules of thumb, one left out."""
        sums = [1.0]
        for index, (by_rules, at_random) in enumerate(zip(ruled, chance)):
            if index != left_out:
                sums = [(sums[k] * at_random if k < len(sums) else 0.0) + (sums[k - 1] * by_rules if k else 0.0)
                        for k in range(len(sums) + 1)]
        return sums

    likelihood = sum(prior * found for prior, found in zip(priors, by_count(-1)))
    kinds = [by_rules * sum(priors[k + 1] * found for k, found in enumerate(by_count(index))) / likelihood
             for index, by_rules in enumerate(ruled)]
    return likelihood, kinds


@functools.cache
def _table_priors(m: int) -> tuple[float, ...]:
    """Per k, the prior of one kind of table of ``m`` opponents with ``k`` of
    them by the rules of thumb: B(a + k, b + m - k) / B(a, b) (``kinds_of``)."""
    a = RULES_PRIOR * RULES_PRIOR_STRENGTH
    b = RULES_PRIOR_STRENGTH - a
    priors = []
    for k in range(m + 1):
        prior = 1.0
        for i in range(k):
            prior *= (a + i) / (a + b + i)
        for j in range(m - k):
            prior *= (b + j) / (a + b + k + j)
        priors.append(prior)
    return tuple(priors)


def playout(position: Position, move: int, played: int, side: int, cards: CardBits, end_points: int,
            rules: Callable[[Knows], int], by_rules: Sequence[float], draw: Draw) -> tuple[int, int]:
    """``move`` played in ``position``, and the hand finished: the seats of
    ``side`` play ``rules`` from their own knowledge (``knows_in``), every
    other seat plays them with its chance in ``by_rules`` (``weigh``) and
    otherwise a legal card drawn at random from ``draw``. Returns the value
    of the end for ``side`` (``TrickGame.seat_value``) and the plays made.
    The position is left as it was."""
    position.play(move)
    made = 1
    if move < WALL_MOVE:
        played |= 1 << move
    value = None
    while not position.over:
        if not position.trick:
            outcomes = position.outcomes(side)  # one when play can no longer change it (the forced last trick, A13)
            if len(outcomes) == 1:
                value = outcomes[0]
                break
        legal = position.legal()
        seat = position.to_act
        if len(legal) == 1:
            choice = legal[0]
        elif position.side_of[seat] == side or draw.unit() < by_rules[seat]:
            choice = rules(knows_in(position, played, cards, end_points, legal))
        else:
            choice = draw.choice(legal)
        position.play(choice)
        made += 1
        if choice < WALL_MOVE:
            played |= 1 << choice
    if value is None:
        value = position.value(side)
    for _ in range(made):
        position.undo()
    return value, made


# -- the per-world searches of the other backups -------------------------------------------------


class _Spent(Exception):
    """A world's search reached its limit of positions."""


def _searched(backup: Backup, position: Position, moves: Sequence[int], side: int, played: int, cards: CardBits,
              end_points: int, rules: Callable[[Knows], int], limit: int) -> tuple[list[float] | None, int]:
    """Each of ``moves``'s value for ``side`` in the world ``position`` under
    ``backup``, and the positions searched (at most ``limit``); ``None`` for
    the values when ``limit`` ran out first (the position is left as it was)."""
    if backup is Backup.PARANOID:
        solver = Solver(position)
        values = []
        for number, move in enumerate(moves):
            position.play(move)
            try:
                low, high = solver.bounds(side, (limit - solver.nodes) // (len(moves) - number))
            finally:
                position.undo()
            if low != high:
                return None, solver.nodes
            values.append(float(low))
        return values, solver.nodes
    search: _MaxN | _BestReply
    if backup in (Backup.MAXN, Backup.MAXN_EVEN):
        search = _MaxN(position, side, even=backup is Backup.MAXN_EVEN)
    else:
        search = _BestReply(position, side, played, cards, end_points, rules)
    search.limit = limit
    found = []
    try:
        for move in moves:
            found.append(search.after(move))
    except _Spent:
        return None, search.nodes
    return found, search.nodes


class _MaxN:
    """maxⁿ over one world (``Backup.MAXN``, ``Backup.MAXN_EVEN``): each
    seat's side takes the move worth most to it; ties to the first the
    engine tries, or with ``even`` the mean of the tied moves' values.
    Finished hands' values per side, stored at the start of each trick
    (``Position.key``)."""

    def __init__(self, position: Position, side: int, *, even: bool = False) -> None:
        self.position, self.side, self.even = position, side, even
        self.sides = sorted(set(position.side_of))
        self.table: dict[Any, tuple[float, ...]] = {}
        self.nodes = 0
        self.limit = 0

    def after(self, move: int) -> float:
        position = self.position
        position.play(move)
        try:
            return float(self._values()[self.sides.index(self.side)])
        finally:
            position.undo()

    def _values(self) -> tuple[float, ...]:
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Spent
        position = self.position
        key = None
        if not position.trick:
            key = position.key()
            found = self.table.get(key)
            if found is not None:
                return found
        moves = position.moves()
        values: tuple[float, ...]
        if not moves:
            values = tuple(float(position.value(side)) for side in self.sides)
        else:
            mover = self.sides.index(position.side_of[position.to_act])
            tied: list[tuple[float, ...]] = []
            for move in moves:
                position.play(move)
                try:
                    found = self._values()
                finally:
                    position.undo()
                if not tied or found[mover] > tied[0][mover]:
                    tied = [found]
                elif self.even and found[mover] == tied[0][mover]:
                    tied.append(found)
            values = tied[0] if len(tied) == 1 else tuple(sum(column) / len(tied) for column in zip(*tied))
        if key is not None:
            self.table[key] = values
        return values


class _BestReply:
    """Best-Reply Search over one world (``Backup.BEST_REPLY``): alpha-beta on
    ``side``'s value where, in each trick, the first opponent to leave the
    rules of thumb is the only one that may (BRS+, Esser, Gras, Winands,
    Schadd and Lanctot, 2013): the others play the tips' move."""

    def __init__(self, position: Position, side: int, played: int, cards: CardBits, end_points: int,
                 rules: Callable[[Knows], int]) -> None:
        self.position, self.side, self.played = position, side, played
        self.cards, self.end_points, self.rules = cards, end_points, rules
        self.nodes = 0
        self.limit = 0

    def after(self, move: int) -> float:
        return float(self._value(move, -1 << 30, 1 << 30, False))

    def _value(self, move: int, alpha: int, beta: int, replied: bool) -> int:
        """The value of ``move`` played now, searched with ``alpha``/``beta``;
        ``replied``: an opponent already left the tips in this trick."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Spent
        position = self.position
        played = self.played
        position.play(move)
        if move < WALL_MOVE:
            self.played = played | 1 << move
        try:
            if not position.trick:
                replied = False
                outcomes = position.outcomes(self.side)
                if len(outcomes) == 1:
                    return outcomes[0]
            legal = position.legal()
            if not legal:
                return position.value(self.side)
            if position.side_of[position.to_act] == self.side:
                best = -1 << 30
                for reply in position.moves():
                    best = max(best, self._value(reply, alpha, beta, replied))
                    alpha = max(alpha, best)
                    if alpha >= beta:
                        break
                return best
            tips = self.rules(knows_in(position, self.played, self.cards, self.end_points, legal))
            worst = self._value(tips, alpha, beta, replied)
            if not replied:
                beta = min(beta, worst)
                for reply in position.moves():
                    if alpha >= beta:
                        break
                    if reply != tips:
                        worst = min(worst, self._value(reply, alpha, beta, True))
                        beta = min(beta, worst)
            return worst
        finally:
            position.undo()
            self.played = played
