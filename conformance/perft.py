"""Trick perft: how many legal play sequences of each length start at a position.

``perft(d)`` of a position is the number of distinct sequences of exactly
``d`` legal plays from it, each play a move its position's legal moves list
(in Agency a Wall from holder 0 and a Wall from holder 3 are two moves). A
hand that ends sooner (the last trick, or Agency's A12) adds nothing at
greater depths. One number checks a whole move generator at once: every
legal move of every position on the way, following suit (A9, F5), reach
and Walls (A5, A6, A8, A10), who leads the next trick (C2, A11, F1) and
when the hand ends (A12, F2).

``perft_counts`` takes any engine as two functions, so a port calls it with
its own; ``core_counts`` runs this referee's rules core and ``http_counts``
any implementation over HTTP (``conformance.kit.Transport``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

P = TypeVar("P")
M = TypeVar("M")


def perft_counts(root: P, depth: int, moves: Callable[[P], Sequence[M]], play: Callable[[P, M], P]) -> list[int]:
    """``[perft(1), ..., perft(depth)]`` from ``root``.

    Args:
        root: a position, in whatever form the engine takes.
        depth: the longest sequences counted, at least 1.
        moves: a position's legal moves (none once the hand is over).
        play: the position after a legal move.

    The last level's moves are counted, not played: ``perft(depth)`` costs
    ``perft(depth - 1)`` calls of ``moves``.
    """
    if depth < 1:
        raise ValueError("depth is at least 1")
    counts = [0] * depth

    def walk(position: P, level: int) -> None:
        legal = moves(position)
        counts[level] += len(legal)
        if level + 1 < depth:
            for move in legal:
                walk(play(position, move), level + 1)

    walk(root, 0)
    return counts


def core_counts(game: Any, hand: Any, depth: int) -> list[int]:
    """``perft_counts`` with this referee's rules core: ``hand`` a core hand
    of ``game`` (a ``service.games`` registry value)."""
    return perft_counts(hand, depth, lambda position: position.legal_moves(), lambda position, move: game.play(position, move)[0])


class PerftRefused(Exception):
    """An implementation refused a request of the walk (a legal move, or a
    state it answered itself)."""


def http_counts(transport: Any, game: str, state: dict[str, Any], depth: int) -> list[int]:
    """``perft_counts`` over HTTP: ``legal-moves`` and ``play`` of ``game``
    sent through ``transport`` (``conformance.kit.Transport``), from ``state``.

    Raises:
        PerftRefused: a request answered other than 200.
    """
    base = f"/v1/games/{game}"

    def ask(operation: str, body: dict[str, Any]) -> Any:
        status, answer = transport.send("POST", f"{base}/{operation}", body)
        if status != 200:
            raise PerftRefused(f"{operation} answered {status}: {answer}")
        return answer

    return perft_counts(
        state,
        depth,
        lambda position: ask("legal-moves", {"state": position})["moves"],
        lambda position, move: ask("play", {"state": position, "move": move})["state"],
    )
