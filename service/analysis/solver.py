"""The exact solver: what the seat to act can guarantee with every card known.

The contract's ``solve`` (section "Analysis and bots"): for the seat to act,
each legal move with the most that seat (Agency: its team, A4) can guarantee
if it makes that move and plays on perfectly, whatever every other seat does.
The other seats play as one side against it (in Agency the two teams play
against each other), so the hand is a two-sided game with perfect
information, and its value is the minimax value of ``TrickGame.seat_value``.

The search is the one double-dummy solvers use (DDS and its kin):

* zero-window tests (``value >= t?``, MTD-f style) over the handful of values
  a hand can have (the contract's table: 0 or 1; Spar 0-3; Fapfap six
  payouts; Agency -1, 0, 1), each an alpha-beta search that stops at the
  first refutation; in Agency's first two tricks a depth-first proof-number
  search (df-pn) instead, which goes down the move whose proof looks
  smallest (a team's winning moves differ most there in how much of the
  hand a proof must cover, A12c, A13);
* a transposition table per side, at the start of each trick, keyed on the
  cards left with ranks made relative once cards are gone, the leader, and
  what the score still needs (``Position.key``), holding proven bounds;
* two tricks from the end of an Agram-family hand, each test answered by
  the engine trying the trick before the last and the forced last one
  (``Position.settled``, F1, F5), its positions counted as nodes; in Fapfap,
  before them, a test of a loss at no multiplier answered when the side can
  keep a card above the one 3 that could win the last trick (F2, F6);
* equivalent cards searched once (``Position.moves``), and what the hand can
  still come to read at the start of each trick (``Position.outcomes``: the
  forced last trick of the Agram family, the multipliers and points the
  cards left can still make, Agency's points beyond reach), which answers
  many tests without a search;
* in Agency, a play that ends the hand (the next seat left with no legal
  play, A12a; the trick's last card reaching 22 points or emptying a seat,
  A12b, A12c) or leaves a lead beyond the points left (A13) read where it
  is tried, without playing it (``Position.decided``): the position it
  leads to is not searched, so it is no node;
* move ordering: the move that last proved a bound in a position first;
  in the Agram family, following, the cheapest card that takes the trick,
  then low cards; leading, high cards; Fapfap's 3s last; in Agency, the
  play that leaves the other team the fewest legal plays to answer it
  first (a proof must answer each), then by who takes the trick and the
  points (``Position.moves``).

Agency's tests run in C where it is built (``agency_search.c``, with
``tools.native``): the same search over the same engine position, written
again for speed, which answers every test as ``_test`` does here, node for
node (``tests/test_analysis_native.py``); a node there costs some twenty
times less than compiled here, which is what lets ``solve``'s default budget
prove nine Agency deals in ten (bench/README.md).

The budget is counted in work, never in time, so an answer does not depend on
the machine: one node is one position the search visits (the proof-number
search visits a position again as its numbers change: each visit is a
node). Where the budget
runs out, the answer is the bounds proved so far (``exact`` false).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from .. import deadline
from ..games.base import Hand
from ..tricks import Play
from .engine import Position
from .solution import MoveValue, Solution

NativeSearch: type[Search] | None
try:
    from .agency_search import Search  # built by tools.native beside the compiled modules

    NativeSearch = Search
except ImportError:
    NativeSearch = None
"""Agency's test written in C (``agency_search.c``): ``Solver._test`` move
for move and node for node, used where it is built; ``None`` runs the
search here (the reference, ``REFEREE_NATIVE=0``)."""

DEADLINE_EVERY = 1023
"""The request's deadline is asked after every 1,024 nodes (``service.deadline.passed``):
past it, the search stops as if its budget had run out."""
DEFAULT_BUDGET: dict[str, int] = {"agency": 3_500_000, "last-trick": 70_000}
"""Nodes one ``solve`` may search by default (``REFEREE_SOLVE_NODES`` unset),
by the game's family (``game.family``): in Agency, searched in C, the least
that solves nine deals in ten exactly from the deal; in the Agram family,
what solves every deal of 2 to 4 players exactly. Each within about a
second; what a node costs in time is measured by ``python -m bench.solver``
(bench/README.md)."""
FIRST_STAGE = 70_000
"""``solve`` first searches within this many nodes (or its budget, if less),
then gives what is left of its budget to the moves still open: a position
that this first stage answers exactly (every deal of the Agram family, most
of Agency's) is answered the same, node for node, whatever the budget."""


_Outcomes = tuple[int, int, list[int], list[int]]
"""What ``Solver._outcome_info`` reads of a position's outcomes."""


_Proof = tuple[list[int], int, list[int], list[int], list[Hashable]]
"""A position's entry in the proof-number search (``Solver._prove``): its
moves in the engine's order and the layout they were made in
(``Position.layout``: one entry serves every position with its key, each
move translated where the layout differs), each move's proof and disproof
numbers, and the key of the position it leads to (``()`` until first
searched)."""
INFINITE = 1 << 40
"""A proof or disproof number that means proved (the other number 0)."""
PROOF_WEIGHT = 1
"""Proof-number search: the n-th move of the engine's order (from 0) starts
with proof number ``1 + n * PROOF_WEIGHT`` where the side searched moves
(disproof number where the other side does), so the order is followed until
the proof of its first moves grows (bench/README.md)."""
PROOF_GROWTH = 2
"""Proof-number search: a move is searched until its number passes the
next-best move's times this (the 1 + epsilon trick of Pawlewicz and Lew),
so the search does not jump between two moves at every step."""


def native_search(position: Position) -> Search | None:
    """Agency's search in C over ``position``'s hand (its table empty), or
    ``None`` where it is not built or the family has none."""
    native, constants = NativeSearch, position.constants()
    if native is None or constants is None:
        return None
    return native(*constants, PROOF_WEIGHT, PROOF_GROWTH, DEADLINE_EVERY, deadline.passed)


class _Exhausted(Exception):
    """The node budget ran out inside a test."""


def solve(hand: Hand, *, budget: int | None = None) -> Solution:
    """Every legal move of the seat to act with the most that seat (Agency:
    its team) can guarantee after it, every card known (the contract's
    ``solve``; values as ``TrickGame.seat_value``).

    Args:
        hand: a core hand (as ``deal``, ``play``, ``restore`` or ``rebuild``
            return it), finished or not.
        budget: the most nodes to search, at least 0 (``None``: the
            family's ``DEFAULT_BUDGET``); where it runs out, moves carry
            proved bounds (``exact`` false), never an error.

    Returns:
        The ``Solution``; once the hand is over: ``to_act`` ``None``, no
        moves, ``value`` ``None``.
    """
    if hand.hand_over:
        return Solution(to_act=None, moves=(), nodes=0)
    if budget is None:
        budget = DEFAULT_BUDGET[hand.game.family]
    solver = Solver(Position.from_hand(hand))
    plays = hand.legal_moves()
    moves, nodes = solver.moves(plays, min(budget, FIRST_STAGE))
    if nodes < budget and any(move.lower < move.upper for move in moves):
        moves, more = solver.moves(plays, budget - nodes, known=moves)
        nodes += more
    return Solution(to_act=hand.to_act, moves=tuple(moves), nodes=nodes)


class Solver:
    """The search over one engine position, with a transposition table per
    side kept across searches (so the positions of one hand reuse each
    other's work, as ``analyze`` does). The position may be played and
    undone between searches.

    Attributes:
        position: the engine position searched (the search leaves it as it
            found it).
        nodes: the nodes searched so far, over every search.
    """

    def __init__(self, position: Position) -> None:
        self.position = position
        self.nodes = 0
        self._values = position.values
        self._index = {value: index for index, value in enumerate(position.values)}
        self._first = next((index for index, value in enumerate(position.values) if value > 0), len(position.values) - 1)
        self._tables: dict[int, dict[Hashable, tuple[int, int, _Outcomes]]] = {}
        self._outcomes: dict[tuple[int, ...], _Outcomes] = {}
        self._best: dict[int, dict[Hashable, int]] = {}
        self._mirrored = position.mirrored
        """Two sides whose values are each other's negation (``Position.mirrored``):
        what one side's search proves, the other's reads as well."""
        self._mirror: dict[int, _Outcomes] = {}
        self._other: dict[Hashable, tuple[int, int, _Outcomes]] | None = None
        # the search in progress
        self._side = 0
        self._limit = 0
        self._stopped = False  # the request's deadline passed: every search ends at once
        self._table: dict[Hashable, tuple[int, int, _Outcomes]] = {}
        self._best_moves: dict[Hashable, int] = {}
        self._proofs: dict[Hashable, _Proof] = {}
        self._native = native_search(position)
        """The search in C over this position's hand, its table kept between tests, where built."""

    # -- what callers ask --------------------------------------------------------------

    def moves(self, plays: Sequence[Play], budget: int,
              known: Sequence[MoveValue] | None = None) -> tuple[list[MoveValue], int]:
        """Each of ``plays`` (the seat to act's legal moves) with its proved
        bounds, searched within ``budget`` nodes; and the nodes spent.
        ``known``: bounds already proved for the same ``plays`` (as an
        earlier call answered them), searched on from there.

        The budget is shared: half of it in equal parts between the moves
        (the cheap ones are proved there), then each move still open in turn
        gets all that remains (so a hard position proves some moves rather
        than none)."""
        position = self.position
        side = position.side_of[position.to_act]
        groups = {move: group[0] for group in position.groups() for move in group}
        standing = [groups[position.from_play(play)] for play in plays]
        bounds = {move: (0, len(self._values) - 1) for move in standing}
        if known is not None:
            index = self._index
            for move, value in zip(standing, known):
                bounds[move] = (index[value.lower], index[value.upper])
        start = self.nodes
        for first_pass in (True, False):
            open_moves = [move for move in dict.fromkeys(standing) if bounds[move][0] < bounds[move][1]]
            for number, move in enumerate(open_moves):
                left = budget - (self.nodes - start)
                if left <= 0:
                    break
                share = (left - budget // 2) // (len(open_moves) - number) if first_pass else left
                if share <= 0:
                    continue
                position.play(move)
                try:
                    bounds[move] = self._narrow(side, bounds[move], self.nodes + share)
                finally:
                    position.undo()
        values = self._values
        found = [MoveValue(play, values[bounds[move][0]], values[bounds[move][1]]) for play, move in zip(plays, standing)]
        return found, self.nodes - start

    def bounds(self, side: int, budget: int, *, at_least: int | None = None,
               known: tuple[int, int] | None = None) -> tuple[int, int]:
        """The proved bounds ``(lower, upper)`` (values) of the current
        position for ``side``, searched within ``budget`` nodes; ``at_least``
        is a value already known to be a lower bound, ``known`` bounds
        already proved (as ``bounds`` or ``carried`` answered them)."""
        index = self._index
        low = 0 if at_least is None else index[at_least]
        high = len(self._values) - 1
        if known is not None:
            low, high = max(low, index[known[0]]), min(high, index[known[1]])
        low, high = self._narrow(side, (low, high), self.nodes + max(0, budget))
        return self._values[low], self._values[high]

    def carried(self, side: int, bounds: tuple[int, int], to: int) -> tuple[int, int] | None:
        """Proved ``bounds`` (values) of a position for ``side`` read as
        bounds for the side ``to``: the same for the same side, negated
        where the two sides mirror each other (Agency, A13), else ``None``."""
        if to == side:
            return bounds
        if self._mirrored:
            return -bounds[1], -bounds[0]
        return None

    def _narrow(self, side: int, bounds: tuple[int, int], limit: int) -> tuple[int, int]:
        """Tighten ``bounds`` (value indices) of the current position for
        ``side`` with zero-window tests until they meet or ``limit`` (in
        nodes, counted from 0 over the solver's life) is reached.

        The first test asks whether the side ends ahead at all (a value
        above 0: it wins the hand), the commonest question; then the tests
        step away from 0 one value at a time, the likeliest first: a win
        with no bonus before a win with one, a loss at the plain stake
        before a loss at a multiplier (F2, F6)."""
        low, high = bounds
        first = self._first
        while low < high:
            if low < first <= high:
                target = first
            elif low >= first:
                target = low + 1  # won: is the win worth more?
            else:
                target = high  # lost: is the loss as small as it can be?
            try:
                reached = self._test(side, target, limit)
            except _Exhausted:
                break
            if reached:
                low = target
            else:
                high = target - 1
        return low, high

    def _test(self, side: int, target: int, limit: int) -> bool:
        """Whether the current position is worth at least ``values[target]``
        to ``side``: by proof numbers where the engine asks for them
        (``Position.proof_numbers``), else by alpha-beta.

        Raises:
            _Exhausted: ``limit`` nodes were reached first (what was proved
                before stays in the tables).
        """
        native = self._native
        if native is not None:
            reached, self.nodes, self._stopped = native.test(self.position.state(), side, target,
                                                             self.position.proof_numbers(), self.nodes, limit,
                                                             self._stopped)
            if reached < 0:
                raise _Exhausted
            return bool(reached)
        self._side, self._limit = side, limit
        table = self._tables.get(side)
        if table is None:
            table = self._tables[side] = self._mirror_table(1 - side) if self._mirrored else {}
        self._table = table
        self._other = self._tables.get(1 - side) if self._mirrored else None
        self._best_moves = self._best.setdefault(0 if self._mirrored else side, {})
        if self.position.proof_numbers():
            self._proofs = {}
            return self._prove(target, INFINITE, INFINITE, ())[0] == 0
        return self._search(target)

    def _store(self, key: Hashable, low: int, high: int, info: _Outcomes) -> None:
        """Keep proved bounds (value indices) of the position ``key`` for the
        side searched, and the other side's too once it has a table of its
        own (``_mirrored``)."""
        self._table[key] = (low, high, info)
        other = self._other
        if other is not None:
            top = len(self._values) - 1
            found = other.get(key)
            if found is None:
                other[key] = (top - high, top - low, self._mirror_info(info))
            else:
                other[key] = (max(found[0], top - high), min(found[1], top - low), found[2])

    def _mirror_table(self, side: int) -> dict[Hashable, tuple[int, int, _Outcomes]]:
        """What ``side``'s table proved, read for the other side (``_mirrored``)."""
        top = len(self._values) - 1
        return {key: (top - high, top - low, self._mirror_info(info))
                for key, (low, high, info) in self._tables.get(side, {}).items()}

    def _mirror_info(self, info: _Outcomes) -> _Outcomes:
        """The outcomes ``info`` of a position for one side, read for the other (``_mirrored``)."""
        found = self._mirror.get(id(info))
        if found is None:
            values = self._values
            outcomes = tuple(sorted(-values[index] for index in range(info[0], info[1] + 1) if info[2][index] == index))
            found = self._mirror[id(info)] = self._outcome_info(outcomes)
        return found

    # -- the search ----------------------------------------------------------------------

    def _outcome_info(self, outcomes: tuple[int, ...]) -> _Outcomes:
        """For a position's possible ``outcomes``: the lowest and highest
        value index, and for each index t the lowest possible index at or
        above t (``up``) and the highest at or below t (``down``)."""
        found = self._outcomes.get(outcomes)
        if found is None:
            indices = [self._index[value] for value in outcomes]
            count = len(self._values)
            up = [min([i for i in indices if i >= t], default=count) for t in range(count + 1)]
            down = [max([i for i in indices if i <= t], default=-1) for t in range(count)]
            found = self._outcomes[outcomes] = (indices[0], indices[-1], up, down)
        return found

    def _count(self, more: int) -> None:
        """Count ``more`` nodes visited past this one (``Position.settled``'s),
        asking the deadline as the search does every 1,024 nodes.

        Raises:
            _Exhausted: they pass the limit (the nodes are then the limit).
        """
        nodes = self.nodes + more
        if nodes > self._limit:
            self.nodes = self._limit
            raise _Exhausted
        if (nodes ^ self.nodes) > DEADLINE_EVERY and deadline.passed():
            self._stopped = True
        self.nodes = nodes

    def _visit(self) -> None:
        """Count the node the search enters, asking the request's deadline
        every 1,024 nodes (past it, every search ends as at the budget's end).

        Raises:
            _Exhausted: the limit was reached before it.
        """
        if self.nodes >= self._limit or self._stopped:
            raise _Exhausted
        self.nodes += 1
        if not self.nodes & DEADLINE_EVERY and deadline.passed():
            self._stopped = True  # answered as a budget run out: bounds, never a timeout

    def _entry(self, key: Hashable) -> tuple[int, int, _Outcomes]:
        """The table's entry of the position ``key`` at the start of a trick
        (proved bounds, outcomes), its outcomes read the first time (once per
        position)."""
        entry = self._table.get(key)
        if entry is None:
            info = self._outcome_info(self.position.outcomes(self._side))
            entry = self._table[key] = (info[0], info[1], info)
        return entry

    def _search(self, target: int) -> bool:
        """Alpha-beta as a zero-window test: whether the position's value
        index for the side reaches ``target``."""
        self._visit()
        position = self.position
        side = self._side
        key = None
        if not position.trick:
            key = position.key()
            low, high, info = self._entry(key)
            if low >= target:
                return True
            if high < target:
                return False
            settled = position.settled(side, self._values[target])
            if settled is not None:
                reached, visited = settled
                if reached:
                    low = info[2][target]
                else:
                    high = info[3][target - 1]
                self._store(key, low, high, info)
                self._count(visited - 1)
                return reached
        moves = position.moves()
        if not moves:
            return self._index[position.value(side)] >= target  # Agency's A12a: no legal play
        ours = position.side_of[position.to_act] == side
        if key is not None:
            best = self._best_moves.get(key)
            if best is not None and best != moves[0] and best in moves:
                moves.remove(best)
                moves.insert(0, best)
        result = not ours
        search, play, undo, index = self._search, position.play, position.undo, self._index
        decided = position.decided if position.decides else None
        for move in moves:
            if decided is not None and (value := decided(move, side)) is not None:
                reached = index[value] >= target  # Agency: the move ends the hand or settles its value (A12, A13)
            else:
                play(move)
                try:
                    reached = search(target)
                finally:
                    undo()
            if reached == ours:
                result = ours
                if key is not None:
                    self._best_moves[key] = move
                break
        if key is not None:
            if result:
                low = max(low, info[2][target])
            else:
                high = min(high, info[3][target - 1])
            self._store(key, low, high, info)
        return result

    def _prove(self, target: int, most_proof: int, most_disproof: int, key: Hashable) -> tuple[int, int]:
        """Depth-first proof-number search (df-pn, Nagai) as a zero-window
        test: the proof and disproof numbers ``(pn, dn)`` of the current
        position for "the side's value index reaches ``target``" once one
        reaches its threshold (``most_proof``, ``most_disproof``); ``(0,
        INFINITE)`` when proved, ``(INFINITE, 0)`` when refuted.

        The side searched needs one move that proves the test, the other
        side must be answered at every move (A4: the two teams), so a
        position's proof number is its moves' least (the side searched to
        move) or their sum (the other side); the search goes down the move
        with the least such number, the smallest proof it can see, where
        alpha-beta goes down the first move of the order. Positions at the
        start of a trick share the alpha-beta search's table (``key``,
        outcomes, proved bounds); within a trick a position is keyed by the
        trick's start and the moves played since, made relative as the key
        is (``Position.relative``). ``key`` is the position's key, ``()``
        at the search's root. Every visit is a node."""
        self._visit()
        position = self.position
        side = self._side
        start = not position.trick
        if start:
            if key == ():
                key = position.key()
            entry = self._entry(key)
            if entry[0] >= target:
                return 0, INFINITE
            if entry[1] < target:
                return INFINITE, 0
        ours = position.side_of[position.to_act] == side
        found = self._proofs.get(key)
        if found is None:
            moves = position.moves()
            if not moves:
                return (0, INFINITE) if self._index[position.value(side)] >= target else (INFINITE, 0)  # A12a
            proofs, disproofs = [], []
            decided = position.decided if position.decides else None
            index = self._index
            for number, move in enumerate(moves):
                if decided is not None and (value := decided(move, side)) is not None:
                    if (index[value] >= target) == ours:  # the move ends the hand or settles it (A12, A13): proved
                        return self._proved(key, target, ours) if start else ((0, INFINITE) if ours else (INFINITE, 0))
                    proofs.append(INFINITE if ours else 0)
                    disproofs.append(0 if ours else INFINITE)
                elif ours:
                    proofs.append(1 + number * PROOF_WEIGHT)
                    disproofs.append(1)
                else:
                    proofs.append(1)
                    disproofs.append(1 + number * PROOF_WEIGHT)
            found = self._proofs[key] = (moves, position.layout(), proofs, disproofs, [()] * len(moves))
        moves, layout, proofs, disproofs, keys = found
        # The side to move needs its least number, the other side's are summed (as proof and disproof swap).
        numbers, others, most_least, most_total = (proofs, disproofs, most_proof, most_disproof) if ours else \
            (disproofs, proofs, most_disproof, most_proof)
        while True:
            least, total = min(numbers), min(INFINITE, sum(others))
            if least >= most_least or total >= most_total or not least or not total:
                break
            chosen = numbers.index(least)
            numbers[chosen] = INFINITE
            second = min(numbers)  # the next-best move's number
            numbers[chosen] = least
            move, child = moves[chosen], keys[chosen]
            if position.layout() != layout:
                move = position.translate(move, layout)  # the entry was made by another position with this key
            if child == () and len(position.trick) < position.players - 1:  # the move does not end the trick
                child = keys[chosen] = (key, position.relative(move))
            position.play(move)
            try:
                if child == ():
                    child = keys[chosen] = position.key()
                # the move is searched until it is no longer the best by the margin PROOF_GROWTH gives
                bounds = min(most_least, second * PROOF_GROWTH), most_total - total + others[chosen]
                found_ = self._prove(target, *(bounds if ours else bounds[::-1]), child)
            finally:
                position.undo()
            if ours:
                numbers[chosen], others[chosen] = found_
            else:
                others[chosen], numbers[chosen] = found_
        proof, disproof = (least, total) if ours else (total, least)
        if start and (not proof or not disproof):
            return self._proved(key, target, not proof)
        return proof, disproof

    def _proved(self, key: Hashable, target: int, reached: bool) -> tuple[int, int]:
        """Keep in the table what a test at the start of a trick proved (the
        position ``key`` reaches ``target`` or not) and answer it as ``_prove``."""
        low, high, info = self._table[key]
        if reached:
            low = max(low, info[2][target])
        else:
            high = min(high, info[3][target - 1])
        self._store(key, low, high, info)
        return (0, INFINITE) if reached else (INFINITE, 0)
