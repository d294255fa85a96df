"""What the exact solver answers (``solver.solve``): each legal move with its
value or proved bounds.

Plain classes outside the compiled search (``tools.native``), so that an
answer crosses the analysis pool's pipe (pickled) as any object does.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tricks import Play


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move and what it is worth to the seat making it.

    Attributes:
        move: the move, as the core gives it (Agency: with its ``holder``).
        lower: a value the seat can guarantee after this move (proved).
        upper: a value the other side can hold it to (proved); equal to
            ``lower`` when the value is exact.
    """

    move: Play
    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        """Whether the value was proved (``lower == upper``)."""
        return self.lower == self.upper

    @property
    def value(self) -> int | None:
        """The exact value, or ``None`` where only bounds were proved."""
        return self.lower if self.lower == self.upper else None


@dataclass(frozen=True, slots=True)
class Solution:
    """What ``solve`` answers.

    Attributes:
        to_act: the seat to act; ``None`` once the hand is over.
        moves: every legal move, in the order ``Hand.legal_moves`` gives
            them, each with its value or bounds; empty once the hand is over.
        nodes: the work spent, in nodes.
    """

    to_act: int | None
    moves: tuple[MoveValue, ...]
    nodes: int

    @property
    def exact(self) -> bool:
        """Whether every move's value was proved."""
        return all(move.exact for move in self.moves)

    @property
    def value(self) -> int | None:
        """The best move's value when every value was proved; ``None`` when
        not exact or once the hand is over."""
        if not self.moves or not self.exact:
            return None
        return max(move.lower for move in self.moves)
