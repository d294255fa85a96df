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
  worlds, with each world finished by playouts in which every seat plays the
  rules of thumb from its own knowledge (``search_move``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..cards import Card
from ..games import GAMES, Hand
from ..games.agency import AgencyView
from ..tricks import Play
from .draw import Draw
from .seen import seen_in, seen_of
from .tips import Seen, agency_move, agram_move
from .worlds import View, Worlds, worlds_of


class Level(StrEnum):
    """A bot's level: the contract's ``level`` strings."""

    RANDOM = "random"
    """A uniformly random legal move (CONTRACT: fixed)."""
    RULES = "rules"
    """The rules of thumb of ``tips``, from the seat's view."""
    SEARCH = "search"
    """The default: sampled worlds, each played out by the rules of thumb (``search_move``)."""


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

    worlds: int = 40
    plies: int = 12_000


DEFAULT_BUDGET = Budget()


def suggest(view: View, *, level: Level = DEFAULT_LEVEL, seed: int = 0, budget: Budget = DEFAULT_BUDGET) -> Play:
    """A move for the view's seat, which is the seat to act.

    Args:
        view: ``game.observe(hand, seat)`` for the seat to act, while the hand runs.
        level: see ``Level``.
        seed: any integer; the same view, level, seed and budget give the same move.
        budget: the searching level's work (the other levels do little).

    Returns:
        One of ``view.legal_moves``.

    Raises:
        ValueError: the view is not the seat to act's, or the hand is over.
    """
    seen = seen_of(view)
    draw = Draw(seed)
    if level is Level.RANDOM:
        return draw.choice(seen.legal)
    if level is Level.RULES:
        return rules_move(view, seen)
    return search_move(view, seen, draw, budget)


def rules_move(view: View, seen: Seen) -> Play:
    """The ``rules`` level (``tips``)."""
    return agency_move(seen) if isinstance(view, AgencyView) else agram_move(seen)


# -- the searching level ----------------------------------------------------------


def search_move(view: View, seen: Seen, draw: Draw, budget: Budget, *, worlds: Worlds | None = None) -> Play:
    """Perfect-information Monte Carlo with playouts (Furtak and Buro's
    IIMC; Long, Sturtevant, Buro and Furtak, AAAI 2010, on why sampling suits
    games like these, where play reveals the hidden cards quickly).

    Worlds are drawn from the view (``worlds``); in each world every legal
    move is played and the hand finished by every seat playing the rules of
    thumb with its own knowledge (``playout``), so the other seats are
    modelled as self-interested players, not as one side against the seat.
    The move with the best total value over the worlds (the contract's value:
    ``TrickGame.seat_value``) is chosen; ties go to the rules of thumb's move,
    then to the first in the view's order.

    ``worlds`` replaces the view's worlds (the benchmark's perfect-information
    bot passes the true hand); a bot never passes it.
    """
    legal = list(seen.legal)
    if len(legal) == 1:
        return legal[0]
    game = GAMES[view.game]
    seat = seen.seat
    worlds = worlds or worlds_of(view)
    played = {play.card for play in worlds.history}
    totals = [0.0] * len(legal)
    spent = 0
    for _ in range(budget.worlds):
        if spent >= budget.plies:
            break
        world = worlds.draw(draw)
        for index, move in enumerate(legal):
            hand, plies = playout(world, move, played)
            spent += plies
            totals[index] += game.seat_value(hand, seat)
    preferred = rules_move(view, seen)
    best = max(totals)
    tied = [move for move, total in zip(legal, totals) if total == best]
    return preferred if preferred in tied else tied[0]


def playout(world: Hand, move: Play, played: set[Card]) -> tuple[Hand, int]:
    """``world`` after ``move``, finished with every seat playing the rules of
    thumb from its own knowledge (``seen_in``); and the plays made."""
    hand = world.copy()
    gone = set(played)
    hand.put(move)
    gone.add(move.card)
    plies = 1
    rules = agency_move if hand.game.family == "agency" else agram_move
    while True:
        hand.settle()
        if hand.hand_over:
            return hand, plies
        choice = rules(seen_in(hand, gone))
        hand.put(choice)
        gone.add(choice.card)
        plies += 1
