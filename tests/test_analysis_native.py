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


def test_agency_is_searched_in_c_and_the_agram_family_by_the_compiled_solver():
    """Agency's tests run in ``agency_search.c`` where it is built (``make
    test`` builds it), the other games' in the compiled ``solver``."""
    assert native.native_solver.NativeSearch is not None
    assert native.reference()[1].NativeSearch is None  # the reference searches in Python
    for game_id in GAMES:
        hand = native.deal(game_id, GAMES[game_id].min_players, {}, random.Random(1))
        position = native.native_engine.Position.from_hand(hand)
        assert (native.native_solver.native_search(position) is not None) == (game_id == "agency")


def test_agency_searched_in_c_answers_as_the_reference_past_the_first_tricks():
    """Longer solves than the test above, from the deal and from later
    tricks, so that both searches run (proof numbers in the first two
    tricks, alpha-beta after) and the tables fill: the same bounds in the
    same nodes, every option of Agency in turn."""
    assert native.solves("agency", 6, 60_000, random.Random(11)) > 100_000


def test_a_difference_in_c_is_found():
    """The comparison of Agency's search in C sees a change in what the engine answers (the reference's
    ``decided`` or its order of moves changed)."""
    engine, _ = native.reference()
    hand = GAMES["agency"].deal(seed=4, first_leader=1)
    moves = engine.AgencyPosition.moves
    for name, changed in (("moves", lambda self: moves(self)[::-1]), ("decided", lambda self, move, side: 1)):
        reference_ = engine.Position.from_hand(hand)
        search = native.native_solver.native_search(native.native_engine.Position.from_hand(hand))
        original = getattr(engine.AgencyPosition, name)
        setattr(engine.AgencyPosition, name, changed)
        try:
            with pytest.raises(native.Differ, match=f"C {name}"):
                native.compare_search_position(search, reference_)
        finally:
            setattr(engine.AgencyPosition, name, original)


def test_c_refuses_a_state_out_of_range():
    """Agency's search in C checks what it indexes by: a state it cannot
    have been given by the engine is a ``ValueError``, never a read out of
    bounds."""
    position = native.native_engine.Position.from_hand(GAMES["agency"].deal(seed=4, first_leader=1))
    search = native.native_solver.native_search(position)
    state = list(position.state())
    undealt = position.constants()[1].index(-1)  # one of the four cards left out of the deal (A7): no holder
    starts = (state[0][0] | 1 << undealt, *state[0][1:])
    for index, wrong in ((7, 4), (8, -1), (9, 4), (10, 36), (3, (0, 3, 0, 0)), (6, (70,)), (6, (1, 2, 3, 4)), (0, starts)):
        bad = list(state)
        bad[index] = wrong
        with pytest.raises(ValueError):
            search.probe(tuple(bad))
        with pytest.raises(ValueError):
            search.test(tuple(bad), 0, 2, True, 0, 1_000, False)
    for side, target, nodes in ((2, 2, 0), (-1, 2, 0), (0, 3, 0), (0, -1, 0), (0, 2, -5)):
        with pytest.raises(ValueError):
            search.test(tuple(state), side, target, True, nodes, 1_000, False)


def test_an_answer_of_the_compiled_solver_crosses_a_pipe():
    """The analysis pool pickles each answer back (``service.analysis.pool``):
    the compiled solver's answer comes back equal."""
    hand = GAMES["agency"].deal(seed=3, first_leader=0)
    solution = native.native_solver.solve(hand, budget=2_000)
    assert pickle.loads(pickle.dumps(solution)) == solution
