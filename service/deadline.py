"""A request's deadline, checked between the stages of long work.

The API gives each request a deadline (:func:`deadline`, from
``REFEREE_DEADLINE_SECONDS`` after the app receives the request's headers),
each operation calls :func:`check` when it starts, and long work calls
:func:`checkpoint` between its stages (the hands of a replay, and of its
answer); work that can answer in part asks :func:`passed` between its units
(every 1,024 nodes of a search, each world of a bot) and stops there. Past the deadline,
``checkpoint`` raises :class:`~service.errors.DeadlineExceeded` (the API
answers 503 ``deadline_exceeded`` with ``Retry-After``), so no more work is
spent on an answer nobody waits for. Before it, in a gevent worker,
``checkpoint`` lets the worker's other requests run (``gevent.sleep(0)``, a
switch to its other greenlets, ``/healthz`` among them); anywhere else it
does not yield (a plain ``time.sleep(0)`` would be a system call each time).

Work outside a request (the rules core called directly, the tests, the
benches) has no deadline, and ``checkpoint`` only yields. Work handed to
another process (``service.analysis.pool``) takes the request's deadline
along: :func:`ends_at` reads it here, :func:`until` sets it in the other
process. It is a reading of ``time.perf_counter``, the system's monotonic
clock on Linux and macOS, so it means the same instant in every process of
the machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from contextvars import ContextVar

from .errors import DeadlineExceeded
from .greenlets import patched

_END: ContextVar[float | None] = ContextVar("referee_deadline", default=None)
"""When the current request's deadline passes (``time.perf_counter``), if it has one.
gevent gives each greenlet its own context, so each request its own value."""

_abandoned = False
"""Whether the work this process is doing has been abandoned (:func:`abandon`):
an analysis process's one task at a time, never a worker's."""


def deadline(seconds: float, started: float) -> AbstractContextManager[None]:
    """Give the work inside the block a deadline ``seconds`` after ``started``
    (a ``time.perf_counter`` reading)."""
    return until(started + seconds)


class until:  # noqa: N801 - used as a function, ``with until(end):``
    """Give the work inside the block the deadline ``end``, a
    ``time.perf_counter`` reading (as :func:`ends_at` gives it), or none
    (``None``). A class rather than a generator: every request enters one."""

    __slots__ = ("end", "token")

    def __init__(self, end: float | None) -> None:
        self.end = end

    def __enter__(self) -> None:
        self.token = _END.set(self.end)

    def __exit__(self, *_exception: object) -> None:
        _END.reset(self.token)


def sooner(seconds: float) -> AbstractContextManager[None]:
    """Move the current request's deadline ``seconds`` earlier for the work
    inside the block (none stays none): work that answers in part stops
    that much before the request must be answered, leaving the time to
    send what it found."""
    end = _END.get()
    return until(None if end is None else end - seconds)


def ends_at() -> float | None:
    """When the current request's deadline passes (a ``time.perf_counter``
    reading), or ``None`` outside a request."""
    return _END.get()


def checkpoint() -> None:
    """Between two stages of long work: let the worker's other requests run,
    then go on unless the deadline passed.

    Raises:
        DeadlineExceeded: the current request's deadline has passed (also
            when the server's own timer for it fired while this request
            yielded: gevent raises ``TimeoutError`` in it then).
    """
    try:
        _switch()
    except TimeoutError:
        raise _exceeded() from None
    check()


def check() -> None:
    """Go on unless the deadline passed, without yielding (when an operation
    starts: a short request then runs from its start to its answer at once).

    Raises:
        DeadlineExceeded: the current request's deadline has passed.
    """
    if _past():
        raise _exceeded()


def passed() -> bool:
    """Between units of work that may stop early with a partial answer (the
    nodes of a search, the worlds of a bot): let the worker's other requests
    run, then say whether the deadline has passed. Such work answers what it
    has (bounds, the best move so far) instead of 503: the analysis
    operations' contract is never a timeout."""
    try:
        _switch()
    except TimeoutError:
        return True
    return _past()


def abandon(*_signal: object) -> None:
    """The work this process is doing is no longer wanted (its client
    left): from now on it stops as if its deadline had passed
    (:func:`passed` says so, :func:`checkpoint` raises), until
    :func:`resume`. An analysis process's handler of ``SIGUSR1``, which its
    worker sends (``service.analysis.pool``); the signal handler's
    arguments are ignored."""
    global _abandoned
    _abandoned = True


def resume() -> None:
    """The work this process starts next is wanted: undoes :func:`abandon`."""
    global _abandoned
    _abandoned = False


def _past() -> bool:
    """Whether the current work was abandoned, or the current request has a
    deadline and it has passed."""
    end = _END.get()
    return _abandoned or (end is not None and time.perf_counter() > end)


def _switch() -> None:
    """Switch to the worker's other greenlets when gevent has patched this
    process (gunicorn's gevent worker does, after the fork), else nothing."""
    if patched("time"):
        sleep: Callable[[float], None] = time.sleep  # gevent.sleep, patched in
        sleep(0)


def _exceeded() -> DeadlineExceeded:
    return DeadlineExceeded(
        "deadline_exceeded",
        "The request's work did not finish within the server's deadline, and it was stopped; "
        "send a smaller request, or this one again after Retry-After seconds.")
