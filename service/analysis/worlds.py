"""Worlds: the full hands a seat cannot tell apart from its view.

A bot sees only its seat's view (``TrickGame.observe``). To search, it draws
*worlds*: complete core hands (a deal, then every public play replayed) whose
view for that seat is exactly the view it was given, and which agree with
everything the public plays revealed. Each world is built from the view
alone; nothing here reads a hand.

What a view tells about the hidden cards:

* **The unknown cards** are the game's deck less the seat's own cards and
  every card seen played (RULINGS A7, F3: the cards left undealt are among
  them, never shown).
* **Where they may lie.** The Agram family: each other seat holds
  ``hand_sizes[seat]`` of them and the undealt pile the rest; a seat that did
  not follow the led suit holds none of it (F5). Agency: the seat sees the
  two holders beside it in full (A5) and the other two as counts; the cards
  of a holder lie in three *segments* of 3, 2 and 3 dealt cards between its
  two Walls (A5), and since each play names its holder and its seat (so the
  end it was taken from, A5) and a Wall merges the segments beside it (A6),
  the size of every current segment is public. What a seat may reach depends
  only on the segment a card lies in, so a world assigns the hidden cards to
  segments. A play reveals nothing about a hidden card under the default
  rules: A9 lets a seat play a Van or a Wall whatever it holds. With the
  ``offsuit_discard`` option, a seat that played a suited card of neither the
  led suit nor Vans had no card of the led suit within its reach *then*
  (A9): the segments it reached at that moment held none, among the cards
  still in them.

Within these constraints every assignment of the unknown cards is drawn with
equal probability (``share_out``). The Agency option's constraints are met by
placing played cards afresh until the constraints can be met, and only as
far as ``ATTEMPTS`` allows (then the world ignores what the reveals said
about the cards still hidden; it still has the seat's view exactly).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

from ..cards import Card
from ..games import GAMES, Hand, TrickGame
from ..games.agency import HOLDERS_OF, SEATS, TRUMP, AgencyView
from ..games.last_trick import LastTrickView, seating_of
from ..games.records import HandRecord, MatchRecord, MatchStatus, Seating, TeamMatchStatus, Trust
from ..tricks import Play, Trick
from .draw import Draw

View = AgencyView | LastTrickView
"""What ``TrickGame.observe`` returns for one seat."""

ATTEMPTS = 64
"""How many placements of played cards an Agency world with
``offsuit_discard`` reveals may try before it drops them (module docstring)."""

SEGMENTS = (3, 2, 3)
"""Dealt cards per segment of an Agency holder, from seat h's end (A5)."""


class NoWorld(ValueError):
    """No deal is consistent with the view (a view the rules cannot give)."""


# -- sharing unknown cards out: uniform over the consistent assignments -------------


@dataclass(frozen=True, slots=True)
class Group:
    """Hidden places that take ``count`` unknown cards, none of a suit in
    ``barred`` (a seat's hand, an Agency segment, the undealt pile)."""

    count: int
    barred: frozenset[str] = frozenset()


def share_out(cards: Sequence[Card], groups: Sequence[Group], draw: Draw) -> list[list[Card]] | None:
    """Deal ``cards`` to ``groups``, each assignment that respects every
    group's count and barred suits equally likely.

    Args:
        cards: the unknown cards, in a fixed order (the deck's), so a seed
            gives the same assignment whatever order sets would give.
        groups: their counts sum to ``len(cards)``.
        draw: the seeded stream.

    Returns:
        ``cards`` per group, in ``groups`` order; ``None`` when no assignment
        respects the barred suits.

    Raises:
        ValueError: the counts do not add up to the cards.

    How: the number of assignments with ``x[g][s]`` cards of suit ``s`` in
    group ``g`` is ``prod_s n_s! / prod_g,s x[g][s]!``. The groups that bar a
    suit present are drawn one by one, each row ``x[g]`` with probability in
    proportion to the assignments it leaves (a memoised count over the suit
    counts still to place); the groups that bar nothing are alike, so they
    take the cards left over, shuffled. Then each suit's cards are shuffled
    and handed out by the rows.
    """
    if sum(group.count for group in groups) != len(cards):
        raise ValueError(f"{sum(group.count for group in groups)} places for {len(cards)} cards")
    suits = list(dict.fromkeys(card.suit for card in cards if card.suit is not None))
    by_suit = {suit: [card for card in cards if card.suit == suit] for suit in suits}
    bound = [i for i, group in enumerate(groups) if group.barred.intersection(suits)]
    rows = _rows(tuple(tuple(suit in groups[i].barred for suit in suits) + (groups[i].count,) for i in bound))
    left = tuple(len(by_suit[suit]) for suit in suits)
    if rows.ways(0, left) == 0:
        return None
    chosen: dict[int, tuple[int, ...]] = {}
    for level, index in enumerate(bound):
        row = rows.pick(level, left, draw.unit())
        chosen[index] = row
        left = tuple(r - x for r, x in zip(left, row))
    for suit in suits:
        draw.shuffle(by_suit[suit])
    shares: list[list[Card]] = [[] for _ in groups]
    for index, row in chosen.items():
        for suit, taken in zip(suits, row):
            shares[index] += by_suit[suit][:taken]
            del by_suit[suit][:taken]
    rest = [card for suit in suits for card in by_suit[suit]]
    draw.shuffle(rest)
    for index, group in enumerate(groups):
        if index not in chosen:
            shares[index], rest = rest[: group.count], rest[group.count :]
    return shares


class _Rows:
    """The weighted count behind ``share_out`` for one shape of groups: each
    bound group's barred suits and count."""

    def __init__(self, shape: tuple[tuple[Any, ...], ...]) -> None:
        self.shape = shape
        self.memo: dict[tuple[int, tuple[int, ...]], float] = {}

    def options(self, level: int, left: tuple[int, ...]) -> list[tuple[tuple[int, ...], float]]:
        """Each row the group at ``level`` may take from ``left``, with its weight."""
        *barred, count = self.shape[level]
        bounds = [0 if bar else r for bar, r in zip(barred, left)]
        found = []
        for row in _compositions(count, bounds):
            rest = tuple(r - x for r, x in zip(left, row))
            weight = self.ways(level + 1, rest) / math.prod(math.factorial(x) for x in row)
            if weight:
                found.append((row, weight))
        return found

    def ways(self, level: int, left: tuple[int, ...]) -> float:
        """The assignments of ``left`` to the groups from ``level`` on, over ``prod n_s!``."""
        if level == len(self.shape):
            return 1 / math.prod(math.factorial(r) for r in left)
        key = (level, left)
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = sum(weight for _, weight in self.options(level, left))
        return value

    def pick(self, level: int, left: tuple[int, ...], unit: float) -> tuple[int, ...]:
        """The row at ``level``, drawn in proportion to its weight."""
        options = self.options(level, left)
        target = unit * sum(weight for _, weight in options)
        for row, weight in options:
            target -= weight
            if target < 0:
                return row
        return options[-1][0]


@lru_cache(maxsize=256)
def _rows(shape: tuple[tuple[Any, ...], ...]) -> _Rows:
    return _Rows(shape)


def _compositions(total: int, bounds: Sequence[int]) -> list[tuple[int, ...]]:
    """Every tuple of ``len(bounds)`` counts, each within its bound, summing to ``total``."""
    if not bounds:
        return [()] if total == 0 else []
    head, rest = bounds[0], bounds[1:]
    room = sum(rest)
    return [
        (x, *tail)
        for x in range(max(0, total - room), min(head, total) + 1)
        for tail in _compositions(total - x, rest)
    ]


# -- the worlds of a view -------------------------------------------------------------


V = TypeVar("V", AgencyView, LastTrickView)


class Worlds(Generic[V]):
    """The worlds of one view: worked out once, then drawn from; each
    family's kind in ``WORLDS``.

    Args:
        view: ``observe(hand, seat)`` for a seat (not ``None``).

    Raises:
        ValueError: a view with no seat.
    """

    def __init__(self, view: V) -> None:
        if view.seat is None:
            raise ValueError("a world is drawn for a seat's view, not the public one")
        self.view: V = view
        self.game: TrickGame[Any] = GAMES[view.game]
        self.history: tuple[Play, ...] = tuple(play for trick in _tricks(view) for play in trick.plays)
        self.match = _match_record(view.match)

    def draw(self, draw: Draw) -> Hand:
        """One world, drawn with ``draw``: a core hand whose view for the
        seat is the view (RULINGS A5-A9, F5: see the module docstring).

        Raises:
            NoWorld: no deal fits the view.
        """
        raise NotImplementedError

    def _build(self, seating: Seating, hands: Sequence[Sequence[Card]]) -> Hand:
        record = HandRecord(seating=seating, options=self.view.options, deal_hands=hands, plays=self.history, match=self.match)
        hand: Hand = self.game.build(record, Trust.REBUILD)
        return hand


def worlds_of(view: View) -> Worlds[Any]:
    """The worlds of ``view``, by its game's family (``WORLDS``)."""
    return WORLDS[GAMES[view.game].family](view)


def _tricks(view: View) -> tuple[Trick, ...]:
    return view.tricks if view.trick is None else (*view.tricks, view.trick)


def _match_record(status: MatchStatus | TeamMatchStatus) -> MatchRecord:
    return MatchRecord(hand=status.hand, previous=status.previous, chooser=getattr(status, "chooser", None))


class LastTrickWorlds(Worlds[LastTrickView]):
    """The Agram family: each other seat holds its count of the unknown cards,
    none of a suit it failed to follow (F5); the undealt pile holds the rest
    (F3)."""

    def __init__(self, view: LastTrickView) -> None:
        super().__init__(view)
        assert view.seat is not None and view.hand is not None
        players, seat = view.players, view.seat
        self.played: list[list[Card]] = [[] for _ in range(players)]
        voids: list[set[str]] = [set() for _ in range(players)]
        for trick in _tricks(view):
            led = trick.plays[0].card.suit if trick.plays else None
            for play in trick.plays:
                self.played[play.seat].append(play.card)
                if play.card.suit != led:
                    voids[play.seat].add(led)  # type: ignore[arg-type]
        seen = {play.card for play in self.history} | set(view.hand)
        self.unknown = [card for card in self.game.deck if card not in seen]
        self.others = [other for other in range(players) if other != seat]
        self.groups = [Group(view.hand_sizes[other], frozenset(voids[other])) for other in self.others]
        undealt = len(self.unknown) - sum(group.count for group in self.groups)
        if undealt < 0:
            raise NoWorld(f"the other seats hold {undealt + len(self.unknown)} cards; only {len(self.unknown)} are unknown")
        self.groups.append(Group(undealt))
        self.seating = seating_of(players, view.dealer)

    def draw(self, draw: Draw) -> Hand:
        view = self.view
        assert view.seat is not None and view.hand is not None
        shares = share_out(self.unknown, self.groups, draw)
        if shares is None:
            raise NoWorld("no deal gives this view: the voids it shows cannot all hold")
        hands = [list(cards) for cards in self.played]
        hands[view.seat] += view.hand
        for other, share in zip(self.others, shares):
            hands[other] += share
        return self._build(self.seating, hands)


@dataclass(slots=True)
class _Take:
    """A suited card taken from a holder: the segments it could have come
    from then, and the suits those segments had shown void of before."""

    card: Card
    region: tuple[int, ...]
    barred: list[frozenset[str]]


class AgencyWorlds(Worlds[AgencyView]):
    """Agency: the hidden cards are assigned to the segments of the two
    holders the seat does not see, and to the undealt pile (A5-A7); see the
    module docstring."""

    def __init__(self, view: AgencyView) -> None:
        super().__init__(view)
        assert view.seat is not None
        self.beside = HOLDERS_OF[view.seat]
        self.hidden = [h for h in range(SEATS) if h not in self.beside]
        self.takes: list[list[_Take]] = [[] for _ in range(SEATS)]
        self.barred: list[list[set[str]]] = [[set() for _ in SEGMENTS] for _ in range(SEATS)]
        current = [[[0], [1], [2]] for _ in range(SEATS)]
        reveals = view.options.get("offsuit_discard", False)
        for trick in _tricks(view):
            led: str | None = None
            for play in trick.plays:
                from_start = play.seat == play.holder
                segments = current[play.holder]  # type: ignore[index]
                if play.card.is_wall:
                    at = 0 if from_start else len(segments) - 2
                    segments[at : at + 2] = [segments[at] + segments[at + 1]]
                    continue
                region = segments[0] if from_start else segments[-1]
                barred = [frozenset(self.barred[play.holder][s]) for s in region]  # type: ignore[index]
                self.takes[play.holder].append(_Take(play.card, tuple(region), barred))  # type: ignore[index]
                if led is None:
                    led = play.card.suit
                elif reveals and play.card.suit not in (led, TRUMP):
                    own, before = HOLDERS_OF[play.seat]
                    for holder, end in ((own, 0), (before, -1)):
                        for segment in current[holder][end]:
                            self.barred[holder][segment].add(led)
        self.current = current
        seen = {play.card for play in self.history}
        for h in self.beside:
            cards = view.holders[h].cards
            assert cards is not None
            seen.update(card for card in cards if not card.is_wall)
        self.unknown = [card for card in self.game.deck if card not in seen]
        self.visible = {h: _runs(view.holders[h].cards or ()) for h in self.beside}
        self.seating = Seating(SEATS, view.first_leader)
        self.end = view.end

    def draw(self, draw: Draw) -> Hand:
        """See ``Worlds.draw``. A world whose end differs from the view's is
        drawn again: for the seat to act that never happens (it sees the
        holders that decide whether it has a legal play, A12a), but another
        seat's view of a running hand says that the seat to act can play."""
        for _ in range(ATTEMPTS):
            for attempt in range(ATTEMPTS + 1):
                hands = self._attempt(draw, strict=attempt < ATTEMPTS)
                if hands is not None:
                    break
            else:
                raise NoWorld("no deal gives this view: the segments' sizes do not add up")
            world = self._build(self.seating, hands)
            if world.end == self.end:
                return world
        raise NoWorld(f"no world drawn ends as the view does ({self.end})")

    def _attempt(self, draw: Draw, strict: bool) -> list[list[Card]] | None:
        """One try: place the played cards in segments, lay the visible
        holders' cards by their order, share the unknown cards out over the
        hidden segments; ``None`` when a reveal rules the try out."""
        room = [list(SEGMENTS) for _ in range(SEATS)]
        by_segment: list[list[list[Card]]] = [[[] for _ in SEGMENTS] for _ in range(SEATS)]
        for holder in range(SEATS):
            for take in self.takes[holder]:
                fits = [s for s, bar in zip(take.region, take.barred) if room[holder][s] and not (strict and take.card.suit in bar)]
                if not fits:
                    return None
                segment = draw.choice(fits)
                room[holder][segment] -= 1
                by_segment[holder][segment].append(take.card)
        for holder, runs in self.visible.items():
            if len(runs) != len(self.current[holder]):
                raise NoWorld(f"holder {holder} shows {len(runs) - 1} Walls; its plays leave {len(self.current[holder]) - 1}")
            for merged, run in zip(self.current[holder], runs):
                if sum(room[holder][s] for s in merged) != len(run):
                    raise NoWorld(f"holder {holder}'s cards do not fit the Walls its plays show")
                for segment in merged:
                    placed, run = run[: room[holder][segment]], run[room[holder][segment] :]
                    if strict and any(card.suit in self.barred[holder][segment] for card in placed):
                        return None
                    by_segment[holder][segment] += placed
        places = [(h, s) for h in self.hidden for s in range(len(SEGMENTS)) if room[h][s]]
        groups = [Group(room[h][s], frozenset(self.barred[h][s]) if strict else frozenset()) for h, s in places]
        undealt = len(self.unknown) - sum(group.count for group in groups)
        if undealt < 0:
            raise NoWorld("the hidden holders hold more cards than are unknown")
        shares = share_out(self.unknown, [*groups, Group(undealt)], draw)
        if shares is None:
            return None
        for (h, s), share in zip(places, shares):
            by_segment[h][s] += share
        return [[card for segment in segments for card in segment] for segments in by_segment]


def _runs(cards: Sequence[Card]) -> list[list[Card]]:
    """A holder's suited cards between its Walls, from seat h's end (A5)."""
    runs: list[list[Card]] = [[]]
    for card in cards:
        if card.is_wall:
            runs.append([])
        else:
            runs[-1].append(card)
    return runs


WORLDS: dict[str, type[Worlds[Any]]] = {"agency": AgencyWorlds, "last-trick": LastTrickWorlds}
"""Each family's worlds, by ``game.family``."""
