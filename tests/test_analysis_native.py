"""The compiled engine and search answer as the pure-Python ones do.

``tools.native`` compiles ``service/analysis/engine.py`` and ``solver.py``
with mypyc (``make test`` builds them first); the sources are the reference,
loaded again beside the compiled modules (``bench.native.reference``). On
random hands of every game, each player count and option in turn, every
position of a play-out is compared (``bench.native.compare_position``: the
state, legal moves, their classes and order, keys, outcomes, ``settled``,
``decided``, each move played and undone, the value at the end), and
``solve`` of random hands answers the same bounds in the same nodes.
``python -m bench.native`` compares 100,000 positions of each game.

Skipped where the compiled modules are not imported (not built for the
sources as they are, or ``REFEREE_NATIVE=0``), unless ``REFEREE_NATIVE`` is
``1``, as ``make test`` sets it: there they must be.
"""

from __future__ import annotations

import os
import pickle
import random

import pytest

import service.analysis
from bench import native
from service.games import GAMES

pytestmark = pytest.mark.skipif(not service.analysis.compiled and os.environ.get("REFEREE_NATIVE") != "1",
                                reason="the compiled engine is not built for these sources (python -m tools.native)")


def test_the_compiled_modules_are_imported():
    assert service.analysis.compiled
    assert native.native_engine.__file__ != native.reference()[0].__file__
    assert not native.native_engine.__file__.endswith(".py")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_compiled_engine_agrees_with_the_reference_position_by_position(game_id):
    assert native.positions(game_id, 4_000, random.Random(game_id)) >= 4_000


@pytest.mark.parametrize("game_id", list(GAMES))
def test_compiled_solver_answers_as_the_reference_node_for_node(game_id):
    native.solves(game_id, 6, 4_000, random.Random(game_id))


def test_a_difference_is_found():
    """The comparison sees a change in what the engine answers (here the reference's move order reversed)."""
    engine, _ = native.reference()
    moves = engine.AgencyPosition.moves
    engine.AgencyPosition.moves = lambda self: moves(self)[::-1]
    try:
        with pytest.raises(native.Differ, match="moves"):
            native.positions("agency", 100, random.Random(1))
    finally:
        engine.AgencyPosition.moves = moves


def test_an_answer_of_the_compiled_solver_crosses_a_pipe():
    """The analysis pool pickles each answer back (``service.analysis.pool``):
    the compiled solver's answer comes back equal."""
    hand = GAMES["agency"].deal(seed=3, first_leader=0)
    solution = native.native_solver.solve(hand, budget=2_000)
    assert pickle.loads(pickle.dumps(solution)) == solution
