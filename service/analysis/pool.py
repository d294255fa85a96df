"""A small pool of processes that run the analysis work away from a worker's event loop.

A gevent worker serves all its requests on one thread: a request's Python
runs until it yields, so a ``solve`` of a second delays every ``legal-moves``
of its worker by as long as it computes between its checkpoints. The pool
runs that work in separate processes instead, started by the worker that
owns the pool, at a lower CPU priority (a higher nice value): the kernel then gives
the workers' short requests the CPU first, and the analysis what is left.
The worker's request waits for its answer on a socket, which under gevent's
monkey patching is cooperative, so the worker serves its other requests
meanwhile (in a plain threaded server the waiting thread blocks, as on any
socket).

:meth:`Pool.run` calls ``function(*args, **kwargs)`` in a process of the
pool and returns what it returns. Arguments and answers travel pickled; a
game of the registry travels by its id (so a hand's ``game`` is the
registry's own object again there), and a card by its code (``Card`` is
interned). The request's deadline (``service.deadline``) travels along as
an absolute ``time.perf_counter`` reading, so work there that asks
``deadline.passed()`` stops at the same instant it would have stopped in the
worker.

Bounds and failures, each raised at once:

* :class:`PoolBusy`: every process is working and ``queue`` more requests
  already wait for one; or the asking client (:class:`Asker`) already holds
  ``per_client`` of the pool's places (processes and queue together), so
  that one client never fills the queue for everyone else.
* :class:`PoolLeft`: the asking client closed its connection before a
  process was free for its request: nothing was run (no one would read it);
  or while its work ran: the process is told to stop (``SIGUSR1``), stops at
  its next check (within 1,024 nodes or a world, as at a deadline) and is
  free for the next request, and its answer is dropped.
* :class:`PoolLate`: the request's deadline passed while it waited for a
  process; nothing was run (its caller may answer what the work finds at
  once when past its deadline).
* :class:`PoolFailed`: the process working on the request died or stopped
  answering (killed, out of memory, a crash); it is replaced by a new one
  before the error is raised, so the next request is served. A process found
  dead before a request is given to it is replaced silently.

Fairness: a process that comes free goes to the waiting request whose
client holds the fewest places, working and waiting (the longest waiting
first among equals), not merely the first to come, so a client that queued many
requests waits behind every other client's one.

An exception the function raises is raised again by ``run`` (with the
process's traceback as a note); one that cannot travel pickled becomes a
``RuntimeError`` naming its type.

A pool belongs to the process that started its processes: a forked copy
(gunicorn forks its workers from the master) starts processes of its own
when first used, and never uses its parent's. The processes exit when their
socket closes: when the pool is closed, or when its process exits.
"""

from __future__ import annotations

import copyreg
import importlib
import io
import logging
import os
import pickle
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .. import deadline
from ..games import GAMES, Game
from ..greenlets import patched

log = logging.getLogger("referee.analysis")

T = TypeVar("T")

GONE_CHECK_SECONDS = 0.2
"""How often a worker waiting for its process's answer asks whether the
client is still there; once it has left, the process is told to stop
(``SIGUSR1``: :func:`service.deadline.abandon`) and stops at its next check,
within 1,024 nodes or a world."""

GRACE_SECONDS = 2.0
"""How long past the request's deadline a worker waits for its process's
answer: work that asks ``deadline.passed()`` stops within 1,024 nodes or a
world of it, milliseconds even at the lowest priority on a loaded machine.
A process that has not answered then is taken as stuck, killed and replaced."""

_HEADER = struct.Struct("!Q")
"""Each message: its length in bytes (8 bytes, big-endian), then its pickle."""
_PROTOCOL = pickle.HIGHEST_PROTOCOL
_MODULE = __name__
_ROOT = str(Path(__file__).resolve().parents[2])
"""The directory holding the ``service`` package this module is part of: the
processes import the same code as the process that starts them."""


class PoolBusy(Exception):
    """Every process of the pool is working and the queue is full."""


class PoolLate(Exception):
    """The request's deadline passed while it waited for a process: its
    work was given to none."""


class PoolFailed(Exception):
    """The process working on the request died or stopped answering; it has
    been replaced."""


class PoolLeft(Exception):
    """The client closed its connection while its request waited for a
    process (its work was given to none), or while its work ran (the
    process was told to stop it at its next check, and its answer dropped)."""


def _never() -> bool:
    return False


@dataclass(frozen=True)
class Asker:
    """Who asks for a pool's work: ``client``, the key its share is counted
    under (``None``: no share, as for work no client asked), and ``gone``,
    whether that client has left (then the work is not started)."""

    client: str | None = None
    gone: Callable[[], bool] = _never


ANYONE = Asker()


class _Waiter:
    """A request waiting for a process: its client, and the event set when a
    process is handed to it."""

    __slots__ = ("client", "event")

    def __init__(self, client: str | None) -> None:
        self.client = client
        self.event = threading.Event()


def _registered(game_id: str) -> Game:
    return GAMES[game_id]


def _reduce_game(game: Game) -> Any:
    """A game of the registry by its id; any other game whole."""
    if GAMES.get(game.id) is game:
        return _registered, (game.id,)
    return game.__reduce_ex__(_PROTOCOL)


_TABLE: dict[type, Callable[[Any], Any]] = dict(copyreg.dispatch_table)
_TABLE.update({type(game): _reduce_game for game in GAMES.values()})


def dumps(value: Any) -> bytes:
    """``value`` pickled as the pool sends it (games of the registry by id)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=_PROTOCOL)
    pickler.dispatch_table = _TABLE
    pickler.dump(value)
    return buffer.getvalue()


loads = pickle.loads


def _apart(call: Callable[[], T]) -> T:
    """``call()``, where the server's timer for the request cannot break into it.

    In a gevent worker, gunicorn.conf.py's ``pre_request`` starts a timer
    that raises ``TimeoutError`` in the request's greenlet wherever it waits
    when the deadline comes, even inside a lock's bookkeeping. The pool's
    work (its counts, its processes' sockets) must never stop half done, so
    under gevent it runs in a greenlet of its own, and the request's
    greenlet only waits for it, and waits on once the timer has fired (the
    process answers at the same deadline). Anywhere else ``call`` runs here.

    The helper greenlet returns what ``call`` raised rather than dying of
    it: gevent prints the traceback of every greenlet that dies of an
    exception to stderr, which made each ``PoolBusy`` refusal write a dozen
    lines of plain text among the JSON logs (and, on a pipe no one read,
    filled it until the worker blocked writing).
    """
    if not patched("socket"):
        return call()
    import gevent  # type: ignore[import-untyped]  # no type information; only its spawn is used

    helper = gevent.spawn(_outcome, call)
    while True:
        try:
            answered, value = helper.get()
            break
        except TimeoutError:  # the request's timer: wait on (the helper's own errors come back as values)
            continue
    if answered:
        answer: T = value
        return answer
    raise value


def _outcome(call: Callable[[], T]) -> tuple[bool, Any]:
    """``(True, call())``, or ``(False, exception)`` for what it raised."""
    try:
        return True, call()
    except Exception as error:
        return False, error


def _send(channel: socket.socket, payload: bytes) -> None:
    channel.sendall(_HEADER.pack(len(payload)) + payload)


def _read(channel: socket.socket, count: int, limit: float | None) -> bytes:
    """Exactly ``count`` bytes from ``channel``, waiting until ``limit`` (a
    ``time.perf_counter`` reading) at most, or for ever (``None``).

    Raises:
        EOFError: the other end closed first.
        TimeoutError: ``limit`` passed.
    """
    buffer = bytearray()
    while len(buffer) < count:
        if limit is not None:
            left = limit - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no answer in time")
            channel.settimeout(left)
        try:
            chunk = channel.recv(min(count - len(buffer), 1 << 20))
        except TimeoutError:  # the socket's timeout: the loop sees the limit passed
            continue
        if not chunk:
            raise EOFError("the other end closed")
        buffer += chunk
    return bytes(buffer)


def _await_answer(process: _Process, limit: float | None, asker: Asker) -> bool:
    """Wait until ``process``'s answer begins to arrive (or ``limit``, a
    ``time.perf_counter`` reading, passes), asking every
    ``GONE_CHECK_SECONDS`` whether ``asker`` has left; once it has, tell the
    process to stop (``SIGUSR1``) and wait on. Whether it was told."""
    told = False
    while not _ready(process.channel, GONE_CHECK_SECONDS):
        if limit is not None and time.perf_counter() >= limit:
            break
        if not told and asker.gone():
            told = True
            try:
                os.kill(process.popen.pid, signal.SIGUSR1)
            except OSError:  # it has stopped: reading its answer says so
                break
    process.channel.settimeout(None)
    return told


def _ready(channel: socket.socket, seconds: float) -> bool:
    """Whether ``channel`` has bytes to read (or its other end closed)
    within ``seconds``; a peek, through the socket (gevent's in a worker,
    which waits without blocking the worker's other requests)."""
    channel.settimeout(seconds)
    try:
        channel.recv(1, socket.MSG_PEEK)
    except TimeoutError:
        return False
    return True


def _receive(channel: socket.socket, limit: float | None = None) -> bytes:
    (length,) = _HEADER.unpack(_read(channel, _HEADER.size, limit))
    return _read(channel, length, limit)


@dataclass(eq=False)
class _Process:
    """One process of the pool, the worker's end of its socket, and the
    process that started it (its owner)."""

    popen: subprocess.Popen[bytes]
    channel: socket.socket
    owner: int

    def stop(self) -> None:
        """Close the socket; in its owner, also kill the process and reap it
        (a fork only closes its copy of the socket)."""
        self.channel.close()
        if os.getpid() != self.owner:
            return
        if self.popen.poll() is None:
            self.popen.kill()
        try:
            self.popen.wait(timeout=1)
        except subprocess.TimeoutExpired:  # reaped by subprocess later
            pass


class Pool:
    """``processes`` processes at ``nice`` below this process's CPU priority,
    at most ``queue`` requests waiting for one, at most ``per_client`` of
    the two together for one client (see the module docstring).

    Args:
        processes: how many processes, at least 1.
        queue: how many requests may wait for a process when all are
            working, at least 0; one more raises :class:`PoolBusy` at once.
        nice: how much higher the processes' nice value is than this process's, 0 to 19 (higher:
            lower priority).
        preload: modules the processes import when they start, so that the
            first request does not wait for them.
        per_client: how many places (working or waiting) one client may
            hold, at least 1; ``None``: all of them.
    """

    def __init__(self, processes: int, queue: int, nice: int, preload: Sequence[str] = (), per_client: int | None = None) -> None:
        if processes < 1 or queue < 0 or not 0 <= nice <= 19 or (per_client is not None and per_client < 1):
            raise ValueError("a pool needs at least 1 process, a queue of at least 0, a nice increment of 0 to 19 "
                             "and at least 1 place per client")
        self.processes, self.queue, self.nice, self.preload = processes, queue, nice, tuple(preload)
        self.per_client = processes + queue if per_client is None else per_client
        self._guard = threading.Lock()
        self._owner: int | None = None
        self._lock = threading.Lock()
        self._free = 0
        self._waiting: list[_Waiter] = []
        self._places: dict[str | None, int] = {}
        self._idle: list[_Process | None] = []
        self._taken = 0
        self._all: list[_Process] = []
        weakref.finalize(self, _stop_all, self._all)

    # -- the worker's side -------------------------------------------------------

    def start(self) -> None:
        """Start the processes, if this process has not yet (``run`` does it when first called)."""
        with self._guard:
            if self._owner == os.getpid():
                return
            # A fork of the process that started them (gunicorn's master) holds copies of
            # their sockets: close the copies, start processes of its own.
            for inherited in self._all:
                inherited.channel.close()
            self._all.clear()
            self._owner = os.getpid()
            self._lock = threading.Lock()
            self._free, self._waiting, self._places = 0, [], {}
            self._idle, self._taken = [], 0
        for _ in range(self.processes):
            try:
                self._idle.append(self._spawn())
            except OSError:
                log.exception("could not start an analysis process; it is started again when needed")
                self._idle.append(None)
            with self._lock:
                self._free += 1

    def run(self, function: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """``function(*args, **kwargs)`` in a process of the pool, under the
        current request's deadline; its answer.

        ``function`` must be importable by name (a module's function), and
        the arguments and answer picklable.

        Raises:
            PoolBusy: every process is working and the queue is full.
            PoolLate: the deadline passed while waiting for a process.
            PoolFailed: the process died or stopped answering (replaced).
            Exception: whatever ``function`` raised there.
        """
        return self.run_for(ANYONE, function, *args, **kwargs)

    def run_for(self, asker: Asker, function: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """As :meth:`run`, for ``asker``: counted against its client's share,
        and not started once it has gone.

        Raises:
            PoolBusy: also when the client holds its share of the places.
            PoolLeft: the client left while its request waited.
        """
        end = deadline.ends_at()
        task = dumps((function, args, kwargs, end))
        ok, value = _apart(lambda: self._run(task, end, asker))
        if ok:
            answer: T = value
            return answer
        raise value

    def _run(self, task: bytes, end: float | None, asker: Asker) -> tuple[bool, Any]:
        """Take a place in the pool, wait for a process (until ``end`` at
        most), and give it ``task``: ``(True, answer)`` or ``(False,
        exception)``."""
        self.start()
        client = asker.client
        with self._lock:
            if self._taken >= self.processes + self.queue:
                raise PoolBusy("every analysis process is working and the queue is full")
            if client is not None and self._places.get(client, 0) >= self.per_client:
                raise PoolBusy("the client holds its share of the analysis places")
            self._taken += 1
            self._places[client] = self._places.get(client, 0) + 1
        try:
            self._acquire(client, end)
            try:
                if asker.gone():
                    raise PoolLeft("the client closed its connection before a process was free")
                return self._exchange(task, end, asker)
            finally:
                self._hand_on()
        finally:
            with self._lock:
                self._taken -= 1
                self._places[client] -= 1
                if not self._places[client]:
                    del self._places[client]

    def _acquire(self, client: str | None, end: float | None) -> None:
        """A free process for ``client``'s request: at once when one is free
        and no request waits, else when :meth:`_hand_on` hands it one.

        Raises:
            PoolLate: ``end`` passed first.
        """
        with self._lock:
            if self._free and not self._waiting:
                self._free -= 1
                return
            waiter = _Waiter(client)
            self._waiting.append(waiter)
        if waiter.event.wait(None if end is None else max(0.0, end - time.perf_counter())):
            return
        with self._lock:
            if waiter.event.is_set():  # handed a process as the wait ended
                return
            self._waiting.remove(waiter)
        raise PoolLate("no analysis process was free before the request's deadline")

    def _hand_on(self) -> None:
        """A process is free again: handed to the waiting request whose
        client holds the fewest places (the longest waiting among equals),
        or kept free."""
        with self._lock:
            if not self._waiting:
                self._free += 1
                return
            waiter = min(self._waiting, key=lambda waiting: self._places.get(waiting.client, 0))
            self._waiting.remove(waiter)
            waiter.event.set()

    def _exchange(self, task: bytes, end: float | None, asker: Asker) -> tuple[bool, Any]:
        """Give ``task`` to an idle process and wait for its answer; the
        caller holds a slot, so there is one.

        Raises:
            PoolLeft: ``asker`` left while the process worked (told to stop,
                its answer is read and dropped).
        """
        process = self._idle.pop()
        try:
            if process is None or process.popen.poll() is not None:
                if process is not None:
                    self._forget(process, "was found stopped")
                process = self._spawn()
        except OSError as error:
            self._idle.append(None)
            raise PoolFailed("no analysis process could be started") from error
        try:
            process.channel.settimeout(None)
            _send(process.channel, task)
            limit = None if end is None else end + GRACE_SECONDS
            abandoned = _await_answer(process, limit, asker)
            reply = _receive(process.channel, limit)
        except (OSError, EOFError) as error:  # TimeoutError is an OSError
            stuck = isinstance(error, TimeoutError)
            self._forget(process, ("did not answer in time" if stuck else "stopped while working on a request") + f" ({error!r})")
            self._idle.append(self._respawn())
            raise PoolFailed("the analysis process working on the request stopped") from None
        except BaseException:  # cut off mid-message (e.g. the greenlet killed): the socket is out of step
            self._forget(process, "was cut off mid-request")
            self._idle.append(self._respawn())
            raise
        self._idle.append(process)
        if abandoned:
            raise PoolLeft("the client closed its connection while its analysis ran")
        result: tuple[bool, Any] = loads(reply)
        return result

    def _spawn(self) -> _Process:
        ours, theirs = socket.socketpair()
        try:
            environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (_ROOT, os.environ.get("PYTHONPATH"))))}
            # A process group of its own: a terminal's Ctrl-C, sent to gunicorn's group, must not
            # reach a process still starting (before it ignores SIGINT, Python's start-up dies
            # of it with a traceback). It ends when its worker does: its socket closes.
            popen = subprocess.Popen([sys.executable, "-m", _MODULE, str(theirs.fileno()), *self.preload],
                                     pass_fds=(theirs.fileno(),), env=environment, stdin=subprocess.DEVNULL,
                                     process_group=0)
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        process = _Process(popen, ours, os.getpid())
        try:  # set here, before it runs a task, rather than by the process itself once it has started
            os.setpriority(os.PRIO_PROCESS, popen.pid, min(19, os.getpriority(os.PRIO_PROCESS, 0) + self.nice))
        except BaseException:
            process.stop()
            raise
        self._all.append(process)
        return process

    def _respawn(self) -> _Process | None:
        try:
            return self._spawn()
        except OSError:
            log.exception("could not start an analysis process; it is started again when needed")
            return None

    def _forget(self, process: _Process, what: str) -> None:
        process.stop()
        if process in self._all:
            self._all.remove(process)
        log.warning("analysis process %d %s (exit status %s); replaced", process.popen.pid, what, process.popen.returncode)

    def pids(self) -> list[int]:
        """The process ids of this pool's processes (none before ``start``)."""
        return [process.popen.pid for process in self._all] if self._owner == os.getpid() else []

    def close(self) -> None:
        """Stop every process; the pool starts new ones if used again."""
        with self._guard:
            _stop_all(self._all)
            self._owner = None


def _stop_all(processes: list[_Process]) -> None:
    for process in processes:
        process.stop()
    processes.clear()


# -- the pool process's side -------------------------------------------------------


def serve(channel: socket.socket) -> None:
    """Answer tasks from ``channel`` until it closes: each ``(function,
    args, kwargs, end)`` answered ``(True, answer)``, or ``(False,
    exception)`` when the function raised one."""
    while True:
        try:
            task = _receive(channel)
        except (EOFError, OSError):
            return
        function, args, kwargs, end = loads(task)
        deadline.resume()
        try:
            with deadline.until(end):
                reply = dumps((True, function(*args, **kwargs)))
        except Exception as error:  # the worker raises it again, as if it ran there
            reply = dumps((False, _portable(error)))
        try:
            _send(channel, reply)
        except OSError:  # the worker is gone
            return


def _portable(error: Exception) -> Exception:
    """``error`` as it can travel: with this process's traceback as a note,
    or a ``RuntimeError`` naming it when it cannot be pickled and read back."""
    error.add_note(f"in analysis process {os.getpid()}:\n" + "".join(traceback.format_exception(error)).rstrip())
    try:
        loads(dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__} in an analysis process (it cannot be sent back): {error}")
    return error


def main(argv: Sequence[str] | None = None) -> int:
    """A pool process: ``python -m service.analysis.pool FD [MODULE ...]``.

    FD is the inherited socket to the worker, each MODULE imported at start
    (the worker has set the process's priority). The process leads a
    process group of its own, so a terminal's Ctrl-C does not reach it;
    SIGINT is ignored all the same, and the process ends when its worker
    does (its socket closes).
    """
    fd, *preload = sys.argv[1:] if argv is None else argv
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGUSR1, deadline.abandon)  # the worker's client left (Pool._exchange)
    for module in preload:
        importlib.import_module(module)
    channel = socket.socket(fileno=int(fd))
    channel.setblocking(True)  # the worker's gevent made the socket pair non-blocking, a flag its two ends share with us
    serve(channel)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
