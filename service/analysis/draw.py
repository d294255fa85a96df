"""Seeded draws for the bots: every random choice a bot makes comes from here.

A ``Draw`` is a local generator (never the global one) that reads only
``random.Random.random()``, the one method whose sequence Python promises to
keep for a given integer seed across versions; ``choice``, ``shuffle`` and
``below`` are built on it here, so a seed gives the same move on any machine
and Python version the referee runs on.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Draw:
    """A seeded stream of draws.

    Args:
        seed: any integer (the contract's seeds are ``0 .. 2**63 - 1``).
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def unit(self) -> float:
        """A float in ``[0, 1)``."""
        return self._random()

    def below(self, n: int) -> int:
        """An integer in ``0 .. n - 1`` (``n`` at least 1)."""
        return min(int(self._random() * n), n - 1)

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items`` (not empty), each equally likely."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def split(self) -> Draw:
        """A new stream seeded from this one (for work done in another order)."""
        return Draw(int(self._random() * 2**53))
