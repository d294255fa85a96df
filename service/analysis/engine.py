"""A search engine of its own: compact, mutable positions for the solver.

The rules core (``service.games``) is written to be clear; a solver visits
hundreds of thousands of positions, so it keeps its own representation,
written for speed and tested against the core position by position
(``tests/test_analysis_engine.py``: legal moves, trick winners, ends of hand
and values on random positions of every game, player count and option, and
perft counts from fixed deals).

Cards are bits: card ``(suit i, rank r)`` is bit ``i * R + r``, ``r`` counted
from the lowest rank, so within a suit a higher bit is a higher card. A
position is built from a core hand (``Position.from_hand``, by the engine of
the game's family in ``ENGINES``), then played and undone in place; an engine move is an ``int`` (a card's bit; in Agency a Wall
from holder ``h`` is ``WALL_MOVE + h``), turned back into a core ``Play`` by
``to_play``.

Agency (RULINGS A5, A6): what a seat reaches in a holder depends only on which
segment between Walls a card lies in, never on the order inside a segment, so
a holder is three masks, ``start`` (reached from seat h's end), ``middle``
(behind both Walls) and ``end`` (reached from seat h+1's end), and its number
of Walls. With no Wall left, ``start`` and ``end`` are the same mask: the
whole holder, which both seats reach.

Equivalent cards (``groups``, ``moves``): two cards of one suit in the same
place (the same seat's hand; in Agency the same segment of a holder), with no
card between them in rank that lies anywhere else still in play (another hand
or segment, or the trick in progress), and equal in what the score reads of
them (Agency's points, A3; the ranks that set Spar's points and Fapfap's
multiplier, F2), lead to positions that differ only by relabelling ranks: one
of them is searched for all. That needs the two never to meet in the trick
in progress: in Agency a holder with no Wall left is reached by both seats
beside it (A6), so while the second of them has still to play, its cards are
not grouped. The transposition key (``key``) relabels ranks
the same way: each suit's cards still in play, low to high, by place and by
what the score reads of them, so the gaps left by cards gone do not count.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ..cards import WALL, Card
from ..games.agency import POINTS, TRUMP, AgencyHand
from ..games.base import Hand
from ..games.last_trick import LastTrickHand
from ..tricks import Play

WALL_MOVE = 64
"""Agency: the engine move of a Wall from holder ``h`` is ``WALL_MOVE + h``
(suited cards are their bits, below 64)."""


SearchConstants = tuple[list[int], list[int], int, list[int], list[tuple[int, ...]], int, int]
"""What ``Position.constants`` gives a search written in C."""


class Position:
    """A position of a hand, as the solver searches it; each family of games
    has its engine (``LastTrickPosition``, ``AgencyPosition``).

    Attributes:
        family: the game's family (``game.family``), the key of every
            analysis registry.
        players: the number of seats.
        to_act: the seat to act (meaningless once ``over``).
        leader: the seat that leads the trick in progress; after a trick,
            its winner (C2).
        trick: the moves of the trick in progress, in order.
        values: every value a finished hand can have for one side, ascending
            (the contract's value table, ``TrickGame.seat_value``).
        side_of: each seat's side: the seat itself, or Agency's team (A4).
        mirrored: whether there are two sides and a finished hand is worth
            to one the negation of what it is worth to the other (Agency,
            A13; Fapfap with 2 players, F6), so what is proved for one side
            holds, negated, for the other.
    """

    __slots__ = ("family", "players", "to_act", "leader", "trick", "values", "side_of", "mirrored", "decides", "_ranks", "_bit_of",
                 "_cards", "_suit_of", "_suits")

    family: str
    players: int
    to_act: int
    leader: int
    trick: list[int]
    values: tuple[int, ...]
    side_of: tuple[int, ...]
    mirrored: bool
    decides: bool
    """Whether ``decided`` can answer anything but ``None`` (Agency), so the
    solver asks it only then."""

    def __init__(self, hand: Hand) -> None:
        game = hand.game
        ranks = tuple(reversed(game.rank_order))  # lowest first
        suits = tuple(dict.fromkeys([card.suit for card in game.deck]))
        count = len(ranks)
        self._ranks = count
        self._bit_of: dict[Card, int] = {card: suits.index(card.suit) * count + ranks.index(card.rank) for card in game.deck}
        self._cards: dict[int, Card] = {bit: card for card, bit in self._bit_of.items()}
        self._suit_of = tuple(bit // count for bit in range(len(suits) * count))
        self._suits = tuple((((1 << count) - 1) << (suit * count), suit * count) for suit in range(len(suits)))
        """Each suit's mask and the shift of its lowest rank."""
        self.family = game.family
        self.players = hand.players
        self.leader = self.to_act = hand.leader
        self.trick = []
        self.decides = False

    @staticmethod
    def from_hand(hand: Hand) -> Position:
        """The engine position of a core hand (as ``deal``, ``play``,
        ``restore`` or ``rebuild`` return it), with its trick in progress,
        by its game's family (``ENGINES``)."""
        return ENGINES[hand.game.family](hand)

    @property
    def over(self) -> bool:
        """Whether the hand is over (the Agram family: every trick played,
        F2; Agency: A12a, b or c)."""
        raise NotImplementedError

    def legal(self) -> list[int]:
        """Every legal move of the seat to act; none once the hand is over."""
        raise NotImplementedError

    def groups(self) -> list[list[int]]:
        """The legal moves in classes of equivalent moves (the module
        docstring), each class's first member standing for it; none once
        the hand is over."""
        raise NotImplementedError

    def moves(self) -> list[int]:
        """The moves the search tries: one per class of ``groups``, the
        likeliest to be best for the seat to act first (none once the hand
        is over)."""
        raise NotImplementedError

    def play(self, move: int) -> None:
        """Play a legal move of the seat to act (an illegal one is not checked)."""
        raise NotImplementedError

    def undo(self) -> None:
        """Take back the last move played (never one the position was built with)."""
        raise NotImplementedError

    def value(self, side: int) -> int:
        """The finished hand's value for ``side`` (``TrickGame.seat_value``)."""
        raise NotImplementedError

    def outcomes(self, side: int) -> tuple[int, ...]:
        """At the start of a trick: the values the hand can still end with
        for ``side``, ascending, a subset of ``values`` that holds every
        value play can reach (one value when play can no longer change it,
        or once the hand is over)."""
        raise NotImplementedError

    def key(self) -> Hashable:
        """At the start of a trick: the transposition key (the cards left
        with ranks made relative, who leads, what the score still needs)."""
        raise NotImplementedError

    def settled(self, side: int, at_least: int) -> tuple[bool, int] | None:
        """At the start of a trick: whether ``side`` can make the hand worth
        ``at_least`` (a value) to it, whatever every other seat does, and
        the positions visited to find it, when the engine answers that
        without the solver's search (the Agram family: two tricks left, each
        seat's two cards tried out; Fapfap before that: a loss at no
        multiplier that ``side`` can make sure of, F2, F6), else ``None``."""
        return None

    def decided(self, move: int, side: int) -> int | None:
        """What the hand is worth to ``side`` after ``move`` when the move
        settles it and the engine reads that without playing it (Agency: the
        next seat left with no legal play ends the hand at once, A12a; the
        trick's last card ends it, A12b, A12c, or leaves a lead beyond the
        points left, A13); else ``None`` (always in the Agram family)."""
        return None

    def constants(self) -> SearchConstants | None:
        """What a search written in C needs of the hand beyond ``state``
        (``agency_search.Search``'s first arguments), where the family has
        one (Agency); else ``None``."""
        return None

    def proof_numbers(self) -> bool:
        """Whether the solver's tests from this position search by proof
        numbers rather than by alpha-beta (``Solver._prove``; Agency before
        ``PROOF_TRICKS`` tricks are done, where a team's winning moves
        differ most in the size of their proofs); the engine then gives
        ``relative``, ``layout`` and ``translate``."""
        return False

    def relative(self, move: int) -> Hashable:
        """A move of the trick in progress as the transposition key reads it
        (its card's rank among its suit's cards still in play, not the rank
        itself), so that two positions with one key that play moves with
        one relative code reach positions that share a key too."""
        raise NotImplementedError

    def layout(self) -> int:
        """What ``relative`` codes are read against (Agency: the cards still in
        play, as a mask); two positions with one key and one layout have the
        same legal moves."""
        raise NotImplementedError

    def translate(self, move: int, layout: int) -> int:
        """The move here with the ``relative`` code ``move`` had in a position
        with this one's key and the given ``layout``."""
        raise NotImplementedError

    def to_play(self, move: int) -> Play:
        """The core ``Play`` of an engine move by the seat to act."""
        raise NotImplementedError

    def from_play(self, play: Play) -> int:
        """The engine move of a core ``Play`` by the seat to act."""
        raise NotImplementedError

    def state(self) -> Hashable:
        """Everything the position holds, for comparing two positions."""
        raise NotImplementedError


# -- what both engines share: runs of equivalent cards, relative keys ---------------

_RUNS: dict[tuple[int, ...], dict[int, tuple[tuple[int, int], ...]]] = {}
"""Per score classes (a rank -> class tuple): ``(own << 16) | other`` -> ``_runs``."""
_CODES: dict[tuple[int, ...], dict[int, int]] = {}
"""Per score classes: a suit's place digits -> its relative code (``_code``)."""
MAX_SUIT_ENTRIES = 1 << 15
"""The most entries each of a suit kind's two caches holds (a few MB): they
are keyed by card layouts, which requests choose, so past the bound a cache
starts again empty rather than grow with every request."""


def _runs(classes: tuple[int, ...], own: int, other: int) -> tuple[tuple[int, int], ...]:
    """The classes of equivalent cards among ``own`` (a suit's cards in one
    place, as rank bits) when ``other`` holds the suit's cards elsewhere in
    play: ``(lowest rank, ranks mask)`` per class, highest class first. A
    class is a run of own cards, adjacent in rank once the cards gone are
    left out, with one ``classes[rank]`` (what the score reads of a rank)."""
    runs: list[tuple[int, int]] = []
    low, members, kind = -1, 0, -1
    for rank in range(len(classes) - 1, -1, -1):
        bit = 1 << rank
        if own & bit:
            if members and classes[rank] == kind:
                members |= bit
                low = rank
            else:
                if members:
                    runs.append((low, members))
                low, members, kind = rank, bit, classes[rank]
        elif other & bit and members:
            runs.append((low, members))
            members = 0
    if members:
        runs.append((low, members))
    return tuple(runs)


def _code(classes: tuple[int, ...], digits: int) -> int:
    """A suit's cards still in play as a relative key: ``digits`` holds one
    4-bit place label per rank (0: gone); the code lists the labels of the
    cards left, high to low, each with ``classes[rank]``."""
    code = 0
    for rank in range(len(classes) - 1, -1, -1):
        label = (digits >> (4 * rank)) & 15
        if label:
            code = code * 64 + label * 4 + classes[rank] + 1
    return code


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class _Suits:
    """One suit kind's caches (its score classes): runs and relative codes."""

    __slots__ = ("classes", "runs", "codes")

    def __init__(self, classes: tuple[int, ...]) -> None:
        self.classes = classes
        self.runs = _RUNS.setdefault(classes, {})
        self.codes = _CODES.setdefault(classes, {})

    def runs_of(self, own: int, other: int) -> tuple[tuple[int, int], ...]:
        key = (own << 16) | other
        found = self.runs.get(key)
        if found is None:
            if len(self.runs) >= MAX_SUIT_ENTRIES:
                self.runs.clear()
            found = self.runs[key] = _runs(self.classes, own, other)
        return found

    def code_of(self, digits: int) -> int:
        found = self.codes.get(digits)
        if found is None:
            if len(self.codes) >= MAX_SUIT_ENTRIES:
                self.codes.clear()
            found = self.codes[digits] = _code(self.classes, digits)
        return found


# -- the Agram family -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _LastTrickScoring:
    """What the engine reads of a variant's scoring (F2, F6).

    Attributes:
        classes: per rank (from the lowest): what the score reads of it
            (Spar's points, Fapfap's bonus rank; 0 where nothing is read).
        worth: per rank: what the hand scores for its winner when the last
            trick is won with that rank (``HandsWon``); ``None`` for Fapfap.
        bonus: Fapfap's bonus rank (from the lowest), else ``-1``.
        stake: Fapfap's stake (F6), else 0.
    """

    classes: tuple[int, ...]
    worth: tuple[int, ...] | None
    bonus: int
    stake: int

    @staticmethod
    def of(hand: LastTrickHand) -> _LastTrickScoring:
        """What the variant's scoring values say (``Scoring``: ``staked``,
        ``bonus_rank``, ``points_by_rank``)."""
        ranks = tuple(reversed(hand.game.rank_order))
        scoring = hand.game.scoring
        if scoring.staked:
            bonus = -1 if scoring.bonus_rank is None else ranks.index(scoring.bonus_rank)
            classes = tuple(int(rank == bonus) for rank in range(len(ranks)))
            return _LastTrickScoring(classes, None, bonus, hand.options["stake"])
        worth = tuple(scoring.points_by_rank.get(rank, 1) for rank in ranks)
        classes = worth if scoring.points_by_rank else (0,) * len(ranks)
        return _LastTrickScoring(classes, worth, -1, 0)

    def values(self, players: int) -> tuple[int, ...]:
        if self.worth is not None:
            return tuple(sorted({0, *self.worth}))
        return tuple(sorted(v * self.stake * m for m in (1, 2, 4) for v in (-1, players - 1)))


_LAST_VALUES: dict[tuple[_LastTrickScoring, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
"""Per scoring and player count: ``LastTrickPosition._last_values``."""
MAX_LAST_VALUES = 64
"""The most scorings kept in ``_LAST_VALUES`` (each some KB; a Fapfap stake is one more)."""


class LastTrickPosition(Position):
    """A position of an Agram-family hand (RULINGS F1-F6): each seat's cards
    as a mask, the trick in progress, the winning cards of the tricks done.

    The value of a finished hand (``value``) is the contract's: the winner's
    points (1; Spar 3, 2 or 1) and 0 for the others, or Fapfap's net
    payout with the stake."""

    __slots__ = ("hands", "alive", "digits", "led", "best", "best_seat", "wins", "tricks_left", "_scoring", "_kind",
                 "_worth_masks", "_bonus", "_above", "_plain", "_played", "_done", "_suit_mask", "_last_values", "_clear")

    def __init__(self, hand: LastTrickHand) -> None:
        super().__init__(hand)
        count = self._ranks
        self._scoring = scoring = _LastTrickScoring.of(hand)
        self._kind = _Suits(scoring.classes)
        self.values = scoring.values(self.players)
        self._plain = (0, 1) if scoring.worth is not None else (-scoring.stake, scoring.stake * (self.players - 1))
        """The outcomes with no bonus rank in play: a hand lost or won, at 1 (F2, F6)."""
        self.side_of = tuple(range(self.players))
        self.mirrored = self.players == 2 and scoring.worth is None  # F6: the loser pays the winner the stake
        worth = scoring.worth or ()
        self._worth_masks = tuple(
            (value, sum(1 << (shift + rank) for _, shift in self._suits for rank in range(count) if worth[rank] == value))
            for value in sorted(set(worth))
        )
        """``HandsWon``: each value a last trick can score, with the cards that score it."""
        self._bonus = 0 if scoring.bonus < 0 else sum(1 << (shift + scoring.bonus) for _, shift in self._suits)
        """Fapfap: the bonus rank's cards."""
        self._above = [sum(1 << above for above in range(bit + 1, shift + count)) for _, shift in self._suits for bit in
                       range(shift, shift + count)]
        """Per card: the higher cards of its suit."""
        bits = len(self._suit_of)
        self._suit_mask = tuple(self._suits[self._suit_of[bit]][0] for bit in range(bits))
        """Per card: its suit's mask."""
        if (scoring, self.players) not in _LAST_VALUES:
            if len(_LAST_VALUES) >= MAX_LAST_VALUES:  # Fapfap's stake is the request's: keyed by it, bounded
                _LAST_VALUES.clear()
            won, lost = [tuple([self._worth(winner, card, before, 0) for card in range(bits) for before in range(-1, bits)])
                         for winner in (0, 1)]
            _LAST_VALUES[scoring, self.players] = (won, lost)
        self._last_values: tuple[tuple[int, ...], tuple[int, ...]] = _LAST_VALUES[scoring, self.players]
        """The value of a finished hand for a seat that won the last trick (first) or did not
        (second), per the last trick's winning card ``c`` and the one before ``b`` (-1: none), at
        ``c * (bits + 1) + b + 1``, ``bits`` the deck's cards (F2, F6)."""
        self.hands = [sum(1 << self._bit_of[card] for card in cards) for cards in hand.hands]
        self.digits = [0] * len(self._suits)
        for seat, cards in enumerate(hand.hands):
            for card in cards:
                bit = self._bit_of[card]
                self.digits[bit // count] |= (seat + 1) << (4 * (bit % count))  # a card's place label: its seat + 1
        self.alive = sum(self.hands)
        self.led, self.best, self.best_seat = -1, -1, -1
        self.wins = [self._bit_of[done.card] for done in hand.tricks if done.card is not None]
        self.tricks_left = hand.game.hand_size - len(hand.tricks)
        self._clear = [~(15 << (4 * (bit % count))) for bit in range(len(self._suit_of))]
        """Per card: the mask that clears its place label in its suit's digits."""
        self._played: list[tuple[int, int, int, int, int]] = []
        self._done: list[tuple[int, list[int]]] = []
        for play in hand.plays:
            bit = self._bit_of[play.card]
            self.alive |= 1 << bit
            self.play(bit)

    @property
    def over(self) -> bool:
        return self.tricks_left == 0

    def _legal_mask(self) -> int:
        held = self.hands[self.to_act]
        if self.trick:
            follow = held & self._suits[self.led][0]
            if follow:
                return follow  # F5: follow suit when able
        return held  # F4, F5: lead anything; void: play anything

    def legal(self) -> list[int]:
        return [] if self.tricks_left == 0 else _bits(self._legal_mask())

    def groups(self) -> list[list[int]]:
        if self.tricks_left == 0:
            return []
        legal = self._legal_mask()
        other = self.alive & ~self.hands[self.to_act]
        found = []
        for mask, shift in self._suits:
            own = legal & mask
            if own:
                for _, members in self._kind.runs_of(own >> shift, (other & mask) >> shift):
                    found.append([bit + shift for bit in _bits(members)])
        return found

    def moves(self) -> list[int]:
        if self.tricks_left == 0:
            return []
        seat = self.to_act
        held = self.hands[seat]
        trick = self.trick
        if trick:
            follow = held & self._suits[self.led][0]
            if follow:
                held = follow
        if not held & (held - 1):
            return [held.bit_length() - 1]  # one card to play
        other = self.alive & ~self.hands[seat]
        runs_of = self._kind.runs_of
        found = []
        for mask, shift in self._suits:
            own = held & mask
            if own:
                for low, _ in runs_of(own >> shift, (other & mask) >> shift):
                    found.append(low + shift)
        threes = held & self._bonus
        if trick:
            found.reverse()  # following: low cards first, the high ones kept (leading: high cards first)
            winners = held & self._above[self.best]  # none when void: only the led suit is above the best
            if winners:  # F1: the cheapest card that takes the trick first; it is its run's lowest (the best
                cheapest = (winners & -winners).bit_length() - 1  # card so far, another seat's, lies below it)
                found.remove(cheapest)
                found.insert(0, cheapest)
        while threes:  # Fapfap: a bonus card (the lowest rank, its run's lowest card) never wins a trick it follows (F1)
            three = threes.bit_length() - 1  # and is kept for the last tricks (F2): tried last, leading or following
            threes ^= 1 << three
            found.remove(three)
            found.append(three)
        return found

    def play(self, move: int) -> None:
        seat = self.to_act
        suit = self._suit_of[move]
        digits, best = self.digits, self.best
        self._played.append((digits[suit], best, self.best_seat, self.led, seat))
        digits[suit] &= self._clear[move]
        self.hands[seat] &= ~(1 << move)
        trick = self.trick
        if not trick:
            self.led, self.best, self.best_seat = suit, move, seat
        elif move > best and suit == self.led:
            self.best, self.best_seat = move, seat  # F1: the highest card of the led suit
        trick.append(move)
        players = self.players
        if len(trick) < players:
            seat += 1
            self.to_act = seat if seat < players else 0
            return
        gone = 0
        for card in trick:
            gone |= 1 << card
        self.alive &= ~gone
        self._done.append((self.leader, trick))
        self.wins.append(self.best)
        self.trick = []
        self.tricks_left -= 1
        self.leader = self.to_act = self.best_seat  # C2

    def undo(self) -> None:
        trick = self.trick
        if not trick:
            self.leader, trick = self._done.pop()
            self.trick = trick
            self.wins.pop()
            self.tricks_left += 1
            gone = 0
            for card in trick:
                gone |= 1 << card
            self.alive |= gone
        move = trick.pop()
        digits, self.best, self.best_seat, self.led, seat = self._played.pop()
        self.digits[self._suit_of[move]] = digits
        self.hands[seat] |= 1 << move
        self.to_act = seat

    def _worth(self, winner: int, card: int, before: int, side: int) -> int:
        """The value for ``side`` of a hand whose last trick ``winner`` won
        with ``card``, the trick before it being won with ``before`` (F2, F6)."""
        scoring, count = self._scoring, self._ranks
        if scoring.worth is not None:
            return scoring.worth[card % count] if side == winner else 0
        multiplier = 1
        if card % count == scoring.bonus:
            multiplier = 4 if before >= 0 and before % count == scoring.bonus else 2
        stake = scoring.stake * multiplier
        return stake * (self.players - 1) if side == winner else -stake

    def value(self, side: int) -> int:
        before = self.wins[-2] if len(self.wins) > 1 else -1
        return self._worth(self.leader, self.wins[-1], before, side)

    def outcomes(self, side: int) -> tuple[int, ...]:
        if self.tricks_left == 0:
            return (self.value(side),)
        hands = self.hands
        if self.tricks_left == 1:  # the last trick: one card each, so it is forced (F1, F5)
            led = hands[self.leader]
            mask = self._suits[self._suit_of[led.bit_length() - 1]][0]
            best, winner = 0, -1
            for seat, held in enumerate(hands):
                if held & mask and held > best:
                    best, winner = held, seat
            return (self._worth(winner, best.bit_length() - 1, self.wins[-1] if self.wins else -1, side),)
        mine = hands[side]
        scoring = self._scoring
        if scoring.worth is not None:
            if len(self._worth_masks) == 1:
                return self._plain  # every card wins 1 (F2)
            # The side wins with one of its own cards, worth its rank (F2), or scores 0; a card that
            # scores more than 1 counts only if it can still win the last trick.
            found = [0]
            for value, cards in self._worth_masks:
                held = mine & cards
                if held and (value == 1 or any(self._can_win(card, side, 1) for card in _bits(held))):
                    found.append(value)
            return tuple(found)
        # Fapfap (F2, F6): a multiplier of 2 needs a 3 winning the last trick; 4, a 3 winning trick 4 too,
        # whose seat then leads the last trick: one seat holds both 3s.
        bonus = self._bonus
        if not self.alive & bonus:
            return self._plain
        loss, win = self._plain
        payouts = {loss, win}
        for holder, held in enumerate(hands):
            threes = held & bonus
            if not threes:
                continue
            double, quadruple = (2 * win, 4 * win) if holder == side else (2 * loss, 4 * loss)
            if quadruple in payouts:
                continue
            for card in _bits(threes):
                if not self._can_win(card, holder, 1):
                    continue
                payouts.add(double)
                if threes & (threes - 1) and any(other != card and self._can_win(other, holder, 2) for other in _bits(threes)):
                    payouts.add(quadruple)
                    break
        return tuple(sorted(payouts))

    def settled(self, side: int, at_least: int) -> tuple[bool, int] | None:
        if self.tricks_left != 2:
            if self._bonus and at_least <= self._plain[0] and self._bonus_kept_off(side):
                return True, 1  # a loss at a multiplier needs another seat's bonus card to win the last trick (F2, F6)
            return None
        # The trick before the last: each seat plays one of its two cards in turn, following suit
        # when able (F5), the side to reach ``at_least``, every other seat to keep it below; the last
        # trick is then forced (F1): its winner's card is the highest left of the suit that the
        # winner of the trick before leads with its last card (C2), and the hand scores on both
        # winning cards (F2, F6).
        players, leader, suit_mask = self.players, self.leader, self._suit_mask
        hands = self.hands
        left = list(hands)
        count = len(suit_mask) + 1
        won, lost = self._last_values
        visited = [0]

        def reached(turn: int, led: int, best: int, best_seat: int, rest: int) -> bool:
            visited[0] += 1
            if turn == players:
                first = left[best_seat]
                top = 1 << ((rest & suit_mask[first.bit_length() - 1]).bit_length() - 1)
                index = (top.bit_length() - 1) * count + best + 1
                return (won[index] if left[side] & top else lost[index]) >= at_least
            seat = leader + turn
            if seat >= players:
                seat -= players
            held = hands[seat]
            legal = held & led if turn else held
            if not legal:
                legal = held
            ours = seat == side
            found = not ours
            while legal:
                bit = legal & -legal
                legal ^= bit
                left[seat] = held ^ bit
                if not turn:
                    card = bit.bit_length() - 1
                    found = reached(1, suit_mask[card], card, seat, rest ^ bit)
                elif bit & led and bit > 1 << best:
                    found = reached(turn + 1, led, bit.bit_length() - 1, seat, rest ^ bit)
                else:
                    found = reached(turn + 1, led, best, best_seat, rest ^ bit)
                if found == ours:
                    break
            left[seat] = held
            return found

        return reached(0, 0, -1, -1, self.alive), visited[0]

    def _bonus_kept_off(self, side: int) -> bool:
        """Fapfap (F2, F6): a sufficient test that ``side`` can make sure no
        other seat wins the last trick with a bonus-rank card: for each
        other seat's bonus card, ``side`` holds a card of its suit above it
        and at least as many cards of the suit as its holder, and at most
        one of them can still win the last trick (``_can_win``). The holder
        keeps the card to the last trick only if the suit is led fewer
        times than it holds cards of it before then (each such lead takes
        one, F5); ``side`` plays the suit only when it must follow it or
        holds nothing else, its lowest card of the suit first, so it still
        holds its highest one at the last trick, which beats the bonus card
        there (F1)."""
        blocks, bonus, above, suit_mask = self.hands[side], self._bonus, self._above, self._suit_mask
        threats = 0
        for holder, held in enumerate(self.hands):
            if holder == side or not held & bonus:
                continue
            for card in _bits(held & bonus):
                suit = suit_mask[card]
                if not blocks & above[card] or (blocks & suit).bit_count() < (held & suit).bit_count():
                    return False
                threats += self._can_win(card, holder, 1)
        return threats <= 1

    def _can_win(self, card: int, holder: int, trick: int) -> bool:
        """Whether ``card``, held by ``holder``, can still win the trick
        ``trick`` tricks from the end (1: the last), as far as the cards held
        tell: it must then be led (F1) by its holder, which leads the last
        trick only as the winner of the trick before, and every other seat
        must have played all its higher cards of the suit by then, one card
        a trick. Two tricks from the end, the leader now leads it."""
        tricks = self.tricks_left - trick
        if tricks < 0 or (tricks == 0 and holder != self.leader):
            return False
        above = self._above[card]
        for seat, held in enumerate(self.hands):
            if seat != holder and (held & above).bit_count() > tricks:
                return False
        return True

    def key(self) -> Hashable:
        try:
            return (self.leader, *map(self._kind.codes.__getitem__, self.digits))
        except KeyError:  # a suit's cards not met before
            return (self.leader, *map(self._kind.code_of, self.digits))

    def to_play(self, move: int) -> Play:
        return Play(self.to_act, self._cards[move])

    def from_play(self, play: Play) -> int:
        return self._bit_of[play.card]

    def state(self) -> Hashable:
        return (tuple(self.hands), self.alive, tuple(self.digits), tuple(self.trick), self.leader, self.to_act,
                self.led if self.trick else -1, self.best if self.trick else -1, self.best_seat if self.trick else -1,
                tuple(self.wins), self.tricks_left)


# -- Agency ---------------------------------------------------------------------------

_SEATS = 4
PROOF_TRICKS = 2
"""Agency: tests from a position before this many tricks are done search by
proof numbers, later ones by alpha-beta, which proves those in fewer nodes
(bench/README.md)."""
_START, _MIDDLE, _END = 0, 1, 2
_WALL_LEFT = 1 << 62
"""In a mask of a holder's cards: a Wall left in it (above every card's bit,
so that taking a card out never takes the Wall out too)."""
_ANY, _DECIDED, _VOID = (-1, 1), {1: (1,), -1: (-1,)}, (-1, 0, 1)


class AgencyPosition(Position):
    """A position of an Agency hand (RULINGS A1-A13): each holder as its
    segments between Walls and its number of Walls, the trick in progress,
    the team points, the points left in the holders.

    The value of a finished hand for a team (``value``) is 1 if it won, 0
    for a void hand, -1 if the other team won (A13)."""

    __slots__ = ("start", "middle", "end", "walls", "alive", "digits", "led", "best", "best_seat", "wall_in_trick",
                 "trick_points", "points", "left", "tricks_done", "ended", "_offsuit", "_early", "_holder_of", "_trumps",
                 "_card_points", "_kinds", "_trump_of", "_keep", "_clear", "_played")

    def __init__(self, hand: AgencyHand) -> None:
        super().__init__(hand)
        count = self._ranks
        suits = tuple(dict.fromkeys([card.suit for card in hand.game.deck]))
        self._trumps = self._suits[suits.index(TRUMP)][0]
        self._card_points = [0] * (len(suits) * count)
        for card, bit in self._bit_of.items():
            self._card_points[bit] = POINTS[card]
        ranks = tuple(reversed(hand.game.rank_order))
        self._kinds = tuple(_Suits(tuple(POINTS[Card(rank, suit)] // 2 for rank in ranks)) for suit in suits)
        """Per suit: its score classes, A3's 0, 2 or 4 points as 0, 1, 2."""
        every = range(len(suits) * count)
        self._trump_of = [bool(self._trumps >> bit & 1) for bit in every]
        self._keep = [~(1 << bit) for bit in every]
        self._clear = [~(15 << (4 * (bit % count))) for bit in every]
        self._offsuit = bool(hand.options["offsuit_discard"])
        self._early = int(hand.options["early_end_points"])
        self.values = (-1, 0, 1)
        self.side_of = tuple(seat % 2 for seat in range(_SEATS))  # A4
        self.mirrored = True  # A13: a hand won by one team is lost by the other; a void hand is 0 to both
        self.decides = True  # A12a-c, A13: plays that end or settle the hand
        self.start, self.middle, self.end, self.walls = [0] * _SEATS, [0] * _SEATS, [0] * _SEATS, [0] * _SEATS
        self.digits = [0] * len(suits)
        self._holder_of = [-1] * (len(suits) * count)
        self.left = 0
        for holder, cards in enumerate(hand.holders):
            self._lay(holder, cards)
        self.alive = 0
        for holder in range(_SEATS):
            self.alive |= self.start[holder] | self.middle[holder] | self.end[holder]
        self.points = list(hand.team_points)
        self.tricks_done = len(hand.tricks)
        self.ended = hand.end in ("out_of_cards", "points_reached")
        self.led, self.best, self.best_seat, self.wall_in_trick, self.trick_points = -1, -1, -1, False, 0
        self._played: list[tuple[int, ...]] = []
        for play in hand.plays:  # the trick in progress, played again from the holders it came from
            assert play.holder is not None  # the core records every Agency play with its holder
            if play.card.is_wall:
                self.walls[play.holder] += 1
                self.left += POINTS[WALL]
                self.play(WALL_MOVE + play.holder)
            else:
                bit = self._bit_of[play.card]
                self._holder_of[bit] = play.holder
                self.alive |= 1 << bit
                self.left += self._card_points[bit]
                self.play(bit)

    def _lay(self, holder: int, cards: Sequence[Card]) -> None:
        """A core holder (listed from seat h's end, A5) as segments between Walls."""
        parts: list[int] = [0]
        for card in cards:
            if card.is_wall:
                parts.append(0)
                self.left += POINTS[WALL]
            else:
                bit = self._bit_of[card]
                parts[-1] |= 1 << bit
                self._holder_of[bit] = holder
                self.left += self._card_points[bit]
        walls = len(parts) - 1
        self.walls[holder] = walls
        if walls == 0:
            self.start[holder] = self.end[holder] = parts[0]
        else:
            self.start[holder], self.end[holder] = parts[0], parts[-1]
            self.middle[holder] = parts[1] if walls == 2 else 0
        for place, mask in ((_START, self.start[holder]), (_MIDDLE, self.middle[holder]), (_END, self.end[holder])):
            self._label(holder, place if walls else _START, mask)

    def _label(self, holder: int, place: int, mask: int) -> None:
        """Write the place label of every card in ``mask`` into the digits."""
        label = holder * 3 + place + 1
        count = self._ranks
        while mask:
            low = mask & -mask
            bit = low.bit_length() - 1
            suit = bit // count
            shift = 4 * (bit - suit * count)
            self.digits[suit] = (self.digits[suit] & ~(15 << shift)) | (label << shift)
            mask ^= low

    @property
    def over(self) -> bool:
        cards, walls = self._legal_cards_and_walls()
        return self.ended or not (cards or walls)  # A12a: no legal play; A12b, A12c

    def _legal_cards_and_walls(self) -> tuple[int, list[int]]:
        """The suited cards (a mask) and the Walls (moves) the seat to act may play (A8-A10)."""
        if self.ended:
            return 0, []
        seat = self.to_act
        before = (seat + 3) % _SEATS
        suited = self.start[seat] | self.end[before]
        walls: list[int] = []
        if not self.wall_in_trick if self.trick else not suited:  # A8: a Wall led only with nothing else; A10: one a trick
            if self.walls[seat]:
                walls.append(WALL_MOVE + seat)
            if self.walls[before]:
                walls.append(WALL_MOVE + before)
        if not self.trick:
            return suited, walls
        if self.led < 0:
            return suited, walls  # A10: after a Wall lead, any suited card sets the led suit
        led = self._suits[self.led][0]
        if self._offsuit and not suited & led:
            return suited, walls  # A9 option: void in the led suit, any suited card
        return suited & (led | self._trumps), walls  # A9: the led suit, a Van, or a Wall

    def legal(self) -> list[int]:
        cards, walls = self._legal_cards_and_walls()
        return _bits(cards) + walls

    def _classes(self, cards: int) -> list[tuple[int, int]]:
        """The legal suited ``cards`` in classes of equivalent cards: ``(its
        lowest card, members mask)`` per class. A holder with no Wall left is
        reached from both ends (A6): while the other seat beside it has still
        to play to the trick, two of its cards may meet in the trick, so
        each card there is a class of its own."""
        found: list[tuple[int, int]] = []
        seat = self.to_act
        before = (seat + 3) % _SEATS
        alive, played = self.alive, len(self.trick)
        for place, shared in ((self.start[seat], not self.walls[seat] and played < 3),
                              (self.end[before], not self.walls[before] and played == 0)):
            reached = cards & place
            if not reached:
                continue
            if shared:
                while reached:
                    low = reached & -reached
                    found.append((low.bit_length() - 1, low))
                    reached ^= low
                continue
            other = alive & ~place
            for kind, (mask, shift) in zip(self._kinds, self._suits):
                own = reached & mask
                if own:
                    for low, members in kind.runs_of(own >> shift, (other & mask) >> shift):
                        found.append((low + shift, members << shift))
        return found

    def groups(self) -> list[list[int]]:
        cards, walls = self._legal_cards_and_walls()
        return [_bits(members) for _, members in self._classes(cards)] + [[wall] for wall in walls]

    def moves(self) -> list[int]:
        cards, walls = self._legal_cards_and_walls()
        if not walls and not cards & (cards - 1):
            return [cards.bit_length() - 1] if cards else []  # one card to play, or none (A12a)
        found = []
        if cards:
            for low, _ in self._classes(cards):
                found.append(low)
        if walls:
            found += walls
        if len(found) > 1:
            found.sort(key=self._lead_order if not self.trick else self._follow_order)
        return found

    def proof_numbers(self) -> bool:
        return self.tricks_done < PROOF_TRICKS

    def constants(self) -> SearchConstants | None:
        # each card's points (A3) and holder, the trumps (A2), each suit's mask and score classes, A12c's points, A9's option
        return (self._card_points, self._holder_of, self._trumps, [mask for mask, _ in self._suits],
                [kind.classes for kind in self._kinds], self._early, int(self._offsuit))

    def relative(self, move: int) -> int:
        if move >= WALL_MOVE:
            return move  # the key counts each holder's Walls (A5)
        suit = self._suit_of[move]
        return suit * 16 + (self.alive & self._suits[suit][0] & ((1 << move) - 1)).bit_count()  # the suit, its cards below

    def layout(self) -> int:
        return self.alive

    def translate(self, move: int, layout: int) -> int:
        if move >= WALL_MOVE:
            return move
        mask = self._suits[self._suit_of[move]][0]
        cards = self.alive & mask
        for _ in range((layout & mask & ((1 << move) - 1)).bit_count()):
            cards &= cards - 1  # as many of the suit's cards in play left out as lay below the move there
        return (cards & -cards).bit_length() - 1

    def decided(self, move: int, side: int) -> int | None:
        if len(self.trick) < _SEATS - 1:
            return self.value(side) if self._strands_next(move) else None  # A12a: the trick is discarded
        # The trick's last card: who wins it (A11) and with what points (A3), read without playing it.
        best, seat = self.best, self.best_seat
        if move >= WALL_MOVE:
            points = 2
            held = move - WALL_MOVE
        else:
            points = self._card_points[move]
            held = self._holder_of[move]
            if self._trump_of[move]:
                if move > best or not self._trump_of[best]:
                    seat = self.to_act
            elif self._suit_of[move] == self.led and move > best and not self._trump_of[best]:
                seat = self.to_act
        team = seat % 2
        scored = [self.points[0], self.points[1]]
        scored[team] += self.trick_points + points
        lead = scored[side] - scored[1 - side]
        ended = scored[team] >= self._early  # A12c
        if not ended:
            starts, middles, ends, walls = self.start, self.middle, self.end, self.walls
            held_ = [starts[0] | middles[0] | ends[0] | (_WALL_LEFT if walls[0] else 0),
                     starts[1] | middles[1] | ends[1] | (_WALL_LEFT if walls[1] else 0),
                     starts[2] | middles[2] | ends[2] | (_WALL_LEFT if walls[2] else 0),
                     starts[3] | middles[3] | ends[3] | (_WALL_LEFT if walls[3] else 0)]
            if move >= WALL_MOVE:
                held_[held] = starts[held] | middles[held] | ends[held] | (_WALL_LEFT if walls[held] > 1 else 0)
            else:
                held_[held] &= self._keep[move]
            held0, held1, held2, held3 = held_
            # A12b: a seat with no card left in both its holders (seat s: holders s and s-1)
            ended = not (held0 or held3) or not (held1 or held0) or not (held2 or held1) or not (held3 or held2)
        if ended:
            return (1 if lead > 0 or (not lead and team == side) else -1)  # A13: a tie to the team of the last trick
        left = self.left - points
        if lead > left:
            return 1  # A13: beyond what the other team can still reach
        if -lead > left:
            return -1
        return None

    def _strands_next(self, move: int) -> bool:
        """Whether ``move`` (not the trick's last) leaves the next seat with
        no legal play (A9, A10), which ends the hand at once (A12a)."""
        if move < WALL_MOVE and not self.wall_in_trick:
            seat, walls = self.to_act, self.walls
            if walls[seat] or walls[(seat + 1) % _SEATS]:
                return False  # the next seat may still play a Wall (A9)
        return not self._replies(move)

    def _replies(self, move: int) -> int:
        """How many legal plays the next seat (of the other team, A4) has
        after ``move``, not the trick's last: the cards it reaches (A6) of
        the led suit and Vans, and a Wall from each of its holders that
        has one while no Wall is in the trick (A9, A10)."""
        seat = self.to_act
        after = (seat + 1) % _SEATS
        walls = self.walls
        reach = self.start[after] | self.end[seat]
        if move >= WALL_MOVE:
            if move - WALL_MOVE == seat and walls[seat] == 1:
                reach |= self.start[seat]  # the last Wall of the holder between them: the whole holder in reach (A6)
            led, free = self.led, 0
        else:
            reach &= self._keep[move]
            led = self.led if self.led >= 0 else self._suit_of[move]
            free = 0 if self.wall_in_trick else (walls[after] > 0) + (walls[seat] > 0)
        if led < 0:
            return reach.bit_count() + free  # A10: after a Wall lead, any suited card
        mask = self._suits[led][0]
        if self._offsuit and not reach & mask:
            return reach.bit_count() + free
        return (reach & (mask | self._trumps)).bit_count() + free

    def _lead_order(self, move: int) -> tuple[int, int, int]:
        """Leading: the fewest answers first, the number of legal plays of
        the next seat times that of the trick's last seat (the other team's
        two, A4; the last seat's read as it stands, A9), since a proof must
        answer each of them; then the top card left in its suit, high
        before low; a Wall last."""
        if move >= WALL_MOVE:
            return (1 << 12, 0, 0)
        suit = self._suits[self._suit_of[move]][0]
        seat = self.to_act
        last, before = (seat + 3) % _SEATS, (seat + 2) % _SEATS
        walls = self.walls
        answers = ((self.start[last] | self.end[before]) & (suit | self._trumps)).bit_count() + (walls[last] > 0) + (walls[before] > 0)
        top = (self.alive & suit).bit_length() - 1 == move
        return (self._replies(move) * answers, 0 if top else 1, -move)

    def _follow_order(self, move: int) -> tuple[int, ...]:
        """Following: before the trick's last seat, the fewest legal plays
        left to the next seat first (``_replies``: a proof must answer each);
        then, with the partner winning the trick and sure to keep it (the
        seat plays last, or the partner's card is the top Van left), the
        most points first (A3), else the fewest; with the other team winning,
        a card that wins the trick (the last seat: the one with the most
        points; else the highest), then the fewest points given away."""
        if len(self.trick) < _SEATS - 1:
            return (self._replies(move), *self._taking_order(move))
        return self._taking_order(move)

    def _taking_order(self, move: int) -> tuple[int, int, int]:
        """``_follow_order`` after the next seat's plays: who takes the trick, and the points."""
        points = 2 if move >= WALL_MOVE else self._card_points[move]
        best = self.best
        if move >= WALL_MOVE:
            wins = False
        elif best < 0:
            wins = True  # after a Wall lead, the first suited card leads the trick (A10)
        elif self._trump_of[move]:
            wins = move > best or not self._trump_of[best]
        else:
            wins = self._suit_of[move] == self.led and move > best and not self._trump_of[best]
        last = len(self.trick) == 3
        if best >= 0 and self.best_seat % 2 == self.to_act % 2:
            trumps = self._trumps
            if last or (self._trump_of[best] and (self.alive & trumps).bit_length() - 1 == best):
                return (1 if wins else 0, -points, move)
            return (1 if wins else 0, points, move % WALL_MOVE)
        if wins:
            return (0, -points, move) if last else (0, 0, -move)
        return (1, points, move % WALL_MOVE)

    def play(self, move: int) -> None:
        seat = self.to_act
        if move >= WALL_MOVE:
            holder = move - WALL_MOVE
            self._played.append((move, self.start[holder], self.middle[holder], self.end[holder], *self.digits,
                                 self.led, self.best, self.best_seat, self.trick_points, self.left))
            if self.walls[holder] == 2:  # the Wall nearest the seat's end: the middle joins the seat's segment (A6)
                middle = self.middle[holder]
                if holder == seat:
                    self.start[holder] |= middle
                    self._label(holder, _START, middle)
                else:
                    self.end[holder] |= middle
                    self._label(holder, _END, middle)
                self.middle[holder] = 0
            else:  # the last Wall: the whole holder is reached from both ends (A6)
                whole = self.start[holder] | self.end[holder]
                self._label(holder, _START, self.end[holder])
                self.start[holder] = self.end[holder] = whole
            self.walls[holder] -= 1
            self.wall_in_trick = True
            self.trick_points += 2
            self.left -= 2
        else:
            holder = self._holder_of[move]
            suit = self._suit_of[move]
            starts, middles, ends, digits = self.start, self.middle, self.end, self.digits
            start, middle, end = starts[holder], middles[holder], ends[holder]
            best = self.best
            self._played.append((move, start, middle, end, digits[suit], self.led, best, self.best_seat, self.trick_points,
                                 self.left))
            keep = self._keep[move]
            starts[holder], middles[holder], ends[holder] = start & keep, middle & keep, end & keep
            digits[suit] &= self._clear[move]
            points = self._card_points[move]
            self.trick_points += points
            self.left -= points
            if best < 0:
                self.led, self.best, self.best_seat = suit, move, seat  # A9, A10: the first suited card sets the led suit
            elif self._trump_of[move]:
                if move > best or not self._trump_of[best]:
                    self.best, self.best_seat = move, seat  # A11: the highest Van
            elif suit == self.led and move > best and not self._trump_of[best]:
                self.best, self.best_seat = move, seat  # A11: else the highest of the led suit
        trick = self.trick
        trick.append(move)
        if len(trick) < _SEATS:
            self.to_act = (seat + 1) % _SEATS
            return
        # The trick is complete: its points to the winner's team (A3, A11), its winner leads (C2).
        winner = self.best_seat
        points_ = self.points
        self._played.append((-1, self.leader, points_[0], points_[1], int(self.ended), int(self.wall_in_trick), *trick))
        points_[winner % 2] += self.trick_points
        alive = self.alive
        for card in trick:
            if card < WALL_MOVE:
                alive &= self._keep[card]
        self.alive = alive
        self.tricks_done += 1
        self.leader = self.to_act = winner
        self.trick = []
        self.led, self.best, self.best_seat, self.wall_in_trick, self.trick_points = -1, -1, -1, False, 0
        starts, middles, ends, walls = self.start, self.middle, self.end, self.walls
        held0, held1, held2, held3 = (starts[0] | middles[0] | ends[0] | walls[0], starts[1] | middles[1] | ends[1] | walls[1],
                                      starts[2] | middles[2] | ends[2] | walls[2], starts[3] | middles[3] | ends[3] | walls[3])
        if not (held0 or held3) or not (held1 or held0) or not (held2 or held1) or not (held3 or held2):
            self.ended = True  # A12b: a seat with no card left in both its holders (seat s: holders s and s-1)
        elif points_[winner % 2] >= self._early:
            self.ended = True  # A12c

    def undo(self) -> None:
        saved = self._played.pop()
        if saved[0] == -1:
            self.leader, self.points[0], self.points[1] = saved[1], saved[2], saved[3]
            self.ended, self.wall_in_trick = bool(saved[4]), bool(saved[5])
            self.trick = trick = list(saved[6:])
            self.tricks_done -= 1
            for card in trick:
                if card < WALL_MOVE:
                    self.alive |= 1 << card
            saved = self._played.pop()
        move = saved[0]
        if move >= WALL_MOVE:
            holder = move - WALL_MOVE
            suits = len(self.digits)
            self.digits[:] = saved[4 : 4 + suits]
            self.led, self.best, self.best_seat, self.trick_points, self.left = saved[4 + suits :]
            self.walls[holder] += 1
            self.wall_in_trick = False
        else:
            holder = self._holder_of[move]
            self.digits[self._suit_of[move]] = saved[4]
            self.led, self.best, self.best_seat, self.trick_points, self.left = saved[5:]
        self.start[holder], self.middle[holder], self.end[holder] = saved[1], saved[2], saved[3]
        self.trick.pop()
        self.to_act = (self.leader + len(self.trick)) % _SEATS

    def value(self, side: int) -> int:
        if not self.tricks_done:
            return 0  # A13: a void hand
        ours, theirs = self.points[side], self.points[1 - side]
        if ours != theirs:
            return 1 if ours > theirs else -1
        return 1 if self.leader % 2 == side else -1  # A13: the team of the last completed trick

    def outcomes(self, side: int) -> tuple[int, ...]:
        if not self.tricks_done:
            return _VOID  # A13: a void hand is still possible
        if self.ended:
            return _DECIDED[self.value(side)]
        lead = self.points[side] - self.points[1 - side]
        if lead > self.left:
            return _DECIDED[1]  # A13: more points than the other team can still reach
        if -lead > self.left:
            return _DECIDED[-1]
        return _ANY  # not void: a completed trick decides a tie (A13)

    def key(self) -> Hashable:
        left, (zero, one) = self.left, self.points
        if not self.tricks_done:
            score = -1  # A13: a void hand is still possible
        elif zero + left < self._early and one + left < self._early:
            score = 10_000 + max(-left - 1, min(left + 1, zero - one))  # A12c out of reach: only the difference counts
        else:
            score = zero * 64 + one
        walls = self.walls
        return (self.leader, walls[0] + 3 * walls[1] + 9 * walls[2] + 27 * walls[3], score,
                *map(_Suits.code_of, self._kinds, self.digits))

    def to_play(self, move: int) -> Play:
        if move >= WALL_MOVE:
            return Play(self.to_act, WALL, move - WALL_MOVE)
        return Play(self.to_act, self._cards[move], self._holder_of[move])

    def from_play(self, play: Play) -> int:
        if play.card.is_wall:
            assert play.holder is not None
            return WALL_MOVE + play.holder
        return self._bit_of[play.card]

    def state(self) -> Hashable:
        return (tuple(self.start), tuple(self.middle), tuple(self.end), tuple(self.walls), self.alive, tuple(self.digits),
                tuple(self.trick), self.leader, self.to_act, self.led, self.best, self.best_seat, self.wall_in_trick,
                self.trick_points, tuple(self.points), self.left, self.tricks_done, self.ended)


ENGINES: dict[str, type[Position]] = {"agency": AgencyPosition, "last-trick": LastTrickPosition}
"""Each family's engine, by ``game.family`` (as ``schemas/edges.py``'s ``EDGES``)."""
