"""The analysis operations under ``/v1/games/<id>/``: ``solve``, ``suggest``
and ``analyze`` (CONTRACT, "Analysis and bots"), registered for every game
like the game operations (``operations.operations``).

Each takes the hand as ``legal-moves`` does (an open or signed ``state``, or
a sealed ``token``), loaded by the holding, so it answers 409
``invalid_state`` and 403 exactly as ``legal-moves`` does. Sealed mode adds
(``Holding.disclose``, ``Holding.bot_seat``): ``solve`` answers 403
``hidden_cards`` while the hand runs, ``analyze`` until it is over;
``suggest`` needs the credential of the seat to act (403
``seat_credential_invalid``). ``suggest`` on a finished hand answers 409
``hand_over``.

Cost is bounded by work, never time (``REFEREE_SOLVE_NODES``,
``REFEREE_ANALYZE_NODES``, ``REFEREE_SUGGEST_WORLDS``,
``REFEREE_SUGGEST_PLIES``; ``service.config``): past its budget ``solve``
and ``analyze`` answer proved bounds (``exact`` false) and ``suggest`` the
best move found.

The work runs in the worker's analysis pool (``service.analysis.pool``,
``REFEREE_ANALYSIS_PROCESSES``), not on the worker's own event loop, so a
burst of analysis does not delay the rules operations: the hand is loaded
and checked here as for any operation (every refusal above is answered
here), then the pool computes the answer under the request's deadline, and
it is dumped here. ``suggest`` sends the pool the seat's view, not the
hand. A full pool (``REFEREE_ANALYSIS_QUEUE`` requests already waiting),
and a pool process that died while it worked on the request, answer 503
``service_unavailable`` with ``Retry-After`` at once, as the worker's own
admission does.

The deadline: the work stops :func:`answer_margin` before the request's
deadline (a tenth of ``REFEREE_DEADLINE_SECONDS``, from a quarter of a
second to a second, at most half of it), so
that what it found is dumped and sent by then; a request whose work's
deadline passes while it waits for a pool process is answered here at once,
its work stopping at its first checkpoint (bounds, the first world's move):
past the deadline the contract's answer, never a 503 or a timeout.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TypeVar

import flask
from flask_smorest import Blueprint

from .. import deadline
from ..analysis.bots import DEFAULT_LEVEL, Budget, Level, suggest
from ..analysis.pool import Asker, Pool, PoolBusy, PoolFailed, PoolLate, PoolLeft
from ..analysis.review import analyze
from ..analysis.solver import solve
from ..config import (
    ANALYSIS_NICE,
    ANALYSIS_PROCESSES,
    ANALYSIS_QUEUE,
    ANALYZE_NODES,
    CLIENT_SHARE,
    DEADLINE_SECONDS,
    SOLVE_NODES,
    SUGGEST_PLIES,
    SUGGEST_WORLDS,
    client_places,
)
from ..games import GAMES, Game
from ..games.base import RANDOM_SEEDS
from ..schemas.analysis import analysis_schemas, dump_review, dump_solution, dump_suggestion
from ..server.http_errors import unavailable
from ..server.plumbing import client_gone, client_of, waiting_elsewhere
from .holding import Held, Holding
from .operations import INVALID, conflict_response, on_hand, operations
from .problems import problem

blp = Blueprint(
    "analysis", __name__, url_prefix="/v1",
    description="Solve a hand with every card known, suggest a bot's move from one seat's view, review a hand's plays: "
                "each game's three operations are under the game's own tag (<game>_solve, <game>_suggest, <game>_analyze).",
)


POOL = "referee-analysis-pool"
"""``app.extensions`` key: the app's analysis pool, or ``None`` (in-process)."""
PRELOAD = ("service.analysis.solver", "service.analysis.review", "service.analysis.bots")
"""What a pool process imports when it starts."""
POOL_BUSY = ("This server's analysis processes are all working and as many analysis requests as it holds are waiting "
               "for them, or as many from your address as one client may have; send this one again in a moment (Retry-After).")
POOL_LEFT = ("The client closed its connection while this request waited for an analysis process: nothing was computed, "
             "and no one reads this answer.")
POOL_FAILED = ("The analysis process working on this request stopped before it answered, and was replaced; "
                 "send the request again (Retry-After).")

T = TypeVar("T")


def pool_for(config: Mapping[str, Any]) -> Pool | None:
    """The analysis pool the settings ask for (not started), or ``None`` for
    ``REFEREE_ANALYSIS_PROCESSES`` 0: the work then runs in the worker."""
    processes = config[ANALYSIS_PROCESSES]
    if not processes:
        return None
    places = processes + config[ANALYSIS_QUEUE]
    return Pool(processes, config[ANALYSIS_QUEUE], config[ANALYSIS_NICE], PRELOAD, client_places(places, config[CLIENT_SHARE]))


def start_pool(app: flask.Flask) -> None:
    """Start the app's pool processes in this process now rather than at
    its first analysis request (gunicorn's ``post_worker_init``)."""
    pool: Pool | None = app.extensions.get(POOL)
    if pool is not None:
        pool.start()


ANSWER_SHARE = 0.1
"""The share of ``REFEREE_DEADLINE_SECONDS`` the analysis leaves for its answer to be sent."""
ANSWER_LEAST_SECONDS = 0.25
"""The least it leaves, in seconds (but never more than half the deadline):
the work at its first checkpoint past its deadline, and the answer's
encoding, take tens of milliseconds on a processor that was idle while the
request waited for the pool."""
ANSWER_MOST_SECONDS = 1.0
"""The most it leaves, in seconds."""


def answer_margin(deadline_seconds: float) -> float:
    """How long before the request's deadline the analysis work stops, in
    seconds: a tenth of the deadline, at least a quarter of a second and at
    most a second, and never more than half the deadline."""
    share = min(ANSWER_MOST_SECONDS, max(ANSWER_LEAST_SECONDS, ANSWER_SHARE * deadline_seconds))
    return min(share, deadline_seconds / 2)


def _work(function: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` in the app's analysis pool, or here
    without one; the same answer either way. Its deadline is the request's
    less :func:`answer_margin`; when that passes while the request waits
    for a pool process, the function runs here, where it answers at its
    first checkpoint (at most 1,024 nodes, or one world).

    The request's client (its address, ``REFEREE_CLIENT_SHARE``) holds at
    most its share of the pool's places, and its work is not started once
    it has closed its connection.

    Raises:
        HTTPException: 503 ``service_unavailable`` with ``Retry-After``: the
            pool is full or the client holds its share of it, its process
            died, or the client left (``PoolBusy``, ``PoolFailed``, ``PoolLeft``).
    """
    pool: Pool | None = flask.current_app.extensions.get(POOL)
    with deadline.sooner(answer_margin(flask.current_app.config[DEADLINE_SECONDS])):
        if pool is None:
            return function(*args, **kwargs)
        environ = flask.request.environ
        try:
            with waiting_elsewhere(environ):
                return pool.run_for(Asker(client_of(environ), lambda: client_gone(environ)), function, *args, **kwargs)
        except PoolLate:
            return function(*args, **kwargs)
        except PoolBusy:
            _unavailable(POOL_BUSY)
        except PoolFailed:
            _unavailable(POOL_FAILED)
        except PoolLeft:
            _unavailable(POOL_LEFT)


def _unavailable(detail: str) -> NoReturn:
    refused = unavailable(detail)
    flask.abort(problem(refused.status, refused.code, refused.detail, headers=refused.headers))


def _solve(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    holding.disclose(held, "solve")
    return dump_solution(_work(solve, held.hand, budget=flask.current_app.config[SOLVE_NODES]))


def _analyze(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    holding.disclose(held, "analyze")
    return dump_review(_work(analyze, held.hand, budget=flask.current_app.config[ANALYZE_NODES]))


def _suggest(game: Game, holding: Holding, held: Held, args: dict[str, Any]) -> dict[str, Any]:
    """The bot is given the view of the seat to act and nothing else
    (``TrickGame.observe``), so two hands with the same view get the same
    move for the same seed and level."""
    seat = holding.bot_seat(held)
    seed = args["seed"] if "seed" in args else secrets.randbelow(RANDOM_SEEDS)  # below 2**53: JSON readers keep it exact
    level = Level(args.get("level", DEFAULT_LEVEL))
    config = flask.current_app.config
    budget = Budget(worlds=config[SUGGEST_WORLDS], plies=config[SUGGEST_PLIES])
    move = _work(suggest, game.observe(held.hand, seat), level=level, seed=seed, budget=budget)
    return dump_suggestion(seat, move, level, seed)


def _register(game: Game) -> None:
    """Add one game's analysis operations to the blueprint."""
    schemas = analysis_schemas(game.id)
    operation = operations(game, blp)
    invalid = conflict_response(game, INVALID)

    @operation("solve", f"Solve the hand with every card known ({game.name})", schemas.solve_request(), schemas.solve_response, invalid)
    def solve_view(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Solve the hand with every card known.

        Every legal move of the seat to act, with the most that seat (Agency:
        its team) can guarantee if it makes the move and plays on perfectly,
        whatever every other seat does (they play as one side against it;
        Agency: team against team). Values as the contract's table:
        Agram, Sink-Sink, Agram Mali 1 or 0; Spar the winner's points (RULINGS
        F2); Fapfap the net payout with the stake (F6); Agency 1, 0 for a
        void hand, -1 (A13).

        Past the referee's node budget the answer is not `exact`: each move
        carries proved `lower` and `upper` in place of `value`, and the top
        `value` is absent. Once the hand is over: `to_act` and `value` null,
        no moves. Sealed mode: 403 `hidden_cards` while the hand runs.
        """
        return on_hand(game, holding, _solve, args)

    @operation("suggest", f"Suggest a bot's move ({game.name})", schemas.suggest_request(), schemas.suggest_response,
               conflict_response(game, "The hand is over (`hand_over`); invalid state (`problems` lists every problem); or unsupported version."))
    def suggest_view(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Suggest a bot's move.

        A legal move for the seat to act, chosen from that seat's view alone
        (what `view` answers for it): two hands with the same view get the
        same move for the same `seed` and `level`, whatever the hidden cards.
        The same body with a `seed` always gets the same answer; without one
        the referee draws a seed (below 2^53, so a JavaScript client reads it
        exactly) and answers it. (Only an overloaded server, whose deadline
        for the request passes before the search's budget is spent, answers
        the best move found by then instead.) The `search` level's work is
        bounded by the referee's budget of worlds and playout plays.

        409 `hand_over` once the hand is over. Sealed mode: needs the
        credential of the seat to act (403 `seat_credential_invalid`).
        """
        return on_hand(game, holding, _suggest, args)

    @operation("analyze", f"Review the hand's plays ({game.name})", schemas.analyze_request(), schemas.analyze_response, invalid)
    def analyze_view(args: dict[str, Any], holding: Holding) -> flask.Response:
        """Review the hand's plays.

        For each play so far, `value_before` and `value_after`: the most the
        seat that made it (Agency: its team) could guarantee before it and
        after it, every card known (`solve`'s values). A play whose
        `value_after` is below its `value_before` lost something. Past the
        referee's node budget (shared by the whole hand) an entry is not
        `exact`: both values are null and `before` and `after` give proved
        bounds. Sealed mode: 403 `hidden_cards` until the hand is over.
        """
        return on_hand(game, holding, _analyze, args)


for _game in GAMES.values():
    _register(_game)
