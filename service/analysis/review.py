"""The review of a hand: ply by ply, what each play was worth to the seat that
made it (the contract's ``analyze``).

For each play of the hand so far, ``value_before`` is the most its seat
(Agency: its team, A4) could guarantee before it, every card known, and
``value_after`` the most it can guarantee after it (``solve`` values, the
contract's value table). A play whose ``value_after`` is below its
``value_before`` lost something: a better move was there.

The plays are searched from the last back to the first with one solver, so
its transposition tables carry what later positions proved into earlier
ones (a position near the end is cheap, and the positions before it find
their subtrees solved). The budget is counted in nodes for the whole review:
each play in turn may spend all that is left (half of it on its "after"),
since a position nearer the end is cheaper to prove: the review is exact
from the last play back as far as the budget reaches, and the plays before
get the bounds what is left proves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..games.base import Hand
from ..games.records import Trust
from ..tricks import Play
from .engine import Position
from .solver import Solver

DEFAULT_REVIEW_BUDGET: dict[str, int] = {"agency": 2_000_000, "last-trick": 120_000}
"""Nodes one ``analyze`` may search over the whole hand by default
(``REFEREE_ANALYZE_NODES`` unset), by the game's family: in Agency, what
reviews 99 entries in 100 of a finished hand exactly (those of its first
trick nine times in ten); in the Agram family, more than ``solve``'s. What
it costs in time is measured by ``python -m bench.solver --analyze``
(bench/README.md). A review exact within a smaller budget is answered the
same, node for node, within a larger one (each play stops where it is
proved)."""


@dataclass(frozen=True, slots=True)
class PlayReview:
    """One play of the hand, reviewed.

    Attributes:
        ply: its index in the hand's plays (``Hand.history``), from 0.
        move: the play, as the core recorded it (Agency: with its holder).
        before: proved bounds ``(lower, upper)`` of what the seat could
            guarantee before the play.
        after: proved bounds of what it can guarantee after it.
    """

    ply: int
    move: Play
    before: tuple[int, int]
    after: tuple[int, int]

    @property
    def exact(self) -> bool:
        """Whether both values were proved."""
        return self.before[0] == self.before[1] and self.after[0] == self.after[1]

    @property
    def value_before(self) -> int | None:
        """The most the seat could guarantee before the play; ``None`` unless
        the entry is ``exact``, both values proved (CONTRACT "Analysis and
        bots": where an entry is not exact, both values are null and its
        bounds say the rest)."""
        return self.before[0] if self.exact else None

    @property
    def value_after(self) -> int | None:
        """The most the seat can guarantee after the play; ``None`` unless the
        entry is ``exact``, as ``value_before``."""
        return self.after[0] if self.exact else None

    @property
    def lost(self) -> bool:
        """Whether the play is proved to have lost something (``after`` below ``before``)."""
        return self.after[1] < self.before[0]


@dataclass(frozen=True, slots=True)
class Review:
    """What ``analyze`` answers.

    Attributes:
        plays: one entry per play made so far, in order.
        nodes: the work spent, in nodes.
    """

    plays: tuple[PlayReview, ...]
    nodes: int

    @property
    def exact(self) -> bool:
        """Whether every value was proved."""
        return all(play.exact for play in self.plays)


def analyze(hand: Hand, *, budget: int | None = None) -> Review:
    """Review every play of ``hand`` so far (finished or not).

    Args:
        hand: a core hand (as ``deal``, ``play``, ``restore`` or ``rebuild``
            return it).
        budget: the most nodes to search for the whole review, at least 0
            (``None``: the family's ``DEFAULT_REVIEW_BUDGET``); where it runs
            out, entries carry proved bounds (``exact`` false), never an
            error.

    Returns:
        The ``Review``: for each play, its ply, the move, and the values
        before and after it for the seat that made it.
    """
    if budget is None:
        budget = DEFAULT_REVIEW_BUDGET[hand.game.family]
    history = hand.history
    # The deal alone: no plays, so none made on timeout either (a hand's timeouts name its plays).
    start = hand.game.build(replace(hand.record, plays=(), timeouts=()), Trust.REBUILD)
    position = Position.from_hand(start)
    for play in history:
        position.play(position.from_play(play))
    solver = Solver(position)
    found: list[PlayReview] = []
    known: tuple[int, tuple[int, int]] | None = None  # a side, and what the later play's "before" proved for it here
    for ply in range(len(history) - 1, -1, -1):
        side = position.side_of[history[ply].seat]
        share = budget - solver.nodes
        spent = solver.nodes
        after = solver.bounds(side, share // 2, known=None if known is None else solver.carried(*known, side))
        position.undo()
        before = solver.bounds(side, share - (solver.nodes - spent), at_least=after[0])
        known = (side, before)
        found.append(PlayReview(ply=ply, move=history[ply], before=before, after=after))
    return Review(plays=tuple(reversed(found)), nodes=solver.nodes)
