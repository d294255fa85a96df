"""Agency's search in C (``agency_search.c``); see ``solver.Solver``."""

from collections.abc import Callable, Hashable, Sequence

class Search:
    def __init__(self, card_points: Sequence[int], holders: Sequence[int], trumps: int, suit_masks: Sequence[int],
                 classes: Sequence[Sequence[int]], early: int, offsuit: int, proof_weight: int, proof_growth: int,
                 deadline_every: int, passed: Callable[[], bool], /) -> None: ...
    def test(self, state: Hashable, side: int, target: int, proof_numbers: bool, nodes: int, limit: int,
             stopped: bool, /) -> tuple[int, int, bool]: ...
