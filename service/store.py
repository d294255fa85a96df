"""Where spent states are recorded: the token store.

In signed and sealed modes the referee vouches for the states it issues, and
each of them may be spent once (CONTRACT: States spent once): the first
spending operation that succeeds on a state (``play``, ``deal`` with
``previous``) records it here, keyed by the state, with what the request
answered. ``REFEREE_TOKEN_STORE`` chooses the store (:func:`store_for`):

* unset: :class:`EmbeddedStore`, an LMDB database on the machine's disk
  (``REFEREE_TOKEN_STORE_PATH``), shared by every worker process of the
  machine;
* ``redis://host:port/db``: :class:`RedisStore`, a Redis (7.0 or later) or
  Valkey server shared by every replica;
* ``none``: no store; states can be spent again and again.

A store does one thing atomically, :meth:`Store.claim`: record a value under
a key unless one is there (a script in Redis; a write transaction in
LMDB), and answer what was there. Every
record expires ``ttl`` seconds after it was made. A store that cannot be
reached raises :class:`~service.errors.StoreUnavailable`, and the request
that needed it applies nothing (``service.api.spending``).

This module knows nothing of HTTP, games or what a record holds.

:class:`RedisStore` is written for redis-py 8.2.0 (:data:`WRITTEN_FOR`); what
it uses of it that is not documented API is :data:`TOUCHED`, and
``tests/test_adapters.py`` fails when an installed version moves any of it,
or is not the version written for.
"""

from __future__ import annotations

import logging
import math
import os
import select
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

import lmdb

from . import deadline as _deadline
from .config import NO_STORE, SEALING_KEYS, SIGNING_KEYS, TOKEN_STORE, TOKEN_STORE_PATH, SettingError
from .errors import StoreUnavailable
from .greenlets import original, patched

log = logging.getLogger("referee.store")

LOG_EVERY_SECONDS = 10.0
"""At most one log line per process in this time while the store cannot be reached."""
_last_logged = [float("-inf")]


WRITTEN_FOR = {"redis": "8.2.0"}
"""The redis-py version :class:`RedisStore` was written for."""

TOUCHED: dict[str, tuple[str, ...]] = {
    "redis.connection.AbstractConnection": ("_sock",),
    "redis.connection.ConnectionPool": ("make_connection", "reset"),
}
"""Each name :class:`RedisStore` reaches past redis-py's documented API, by where it is kept:
a connection's socket (checked for an idle close with one ``poll``, and written
with one ``send``: ``_send``), a connection made and lent by the store itself, and
the pool's count of connections made reset in a forked worker."""


def _unreachable(store: str, error: BaseException) -> StoreUnavailable:
    """The refusal for ``error`` met while reaching ``store``, logged as a
    warning at most once every :data:`LOG_EVERY_SECONDS` in this process (an
    outage must not flood the log with a line per request)."""
    refusal = StoreUnavailable.because(store, error)
    now = time.monotonic()
    if now - _last_logged[0] >= LOG_EVERY_SECONDS:
        _last_logged[0] = now
        log.warning("The token store cannot be reached: %s", refusal.cause)
    return refusal


class Store(Protocol):
    """Where spent states are recorded."""

    description: str
    """What the startup log says of the store: its kind and where it is (never a password)."""
    remote: bool
    """Whether a call waits for another process (a server) rather than
    working in this one: the request is then not counted among the
    worker's requests at work while it waits (``waiting_elsewhere``)."""

    def claim(self, key: bytes, value: bytes, ttl: int) -> bytes | None:
        """Record ``value`` under ``key`` for ``ttl`` seconds unless a record
        is there, atomically for every process that shares the store.

        Returns:
            ``None`` when ``value`` was recorded; else the value recorded
            before, which stays.

        Raises:
            StoreUnavailable: the store cannot be reached; nothing was recorded.
        """
        ...

    def get(self, key: bytes) -> bytes | None:
        """The value recorded under ``key``, or ``None``.

        Raises:
            StoreUnavailable: the store cannot be reached.
        """
        ...

    def check(self) -> None:
        """Reach the store, as the service does at start.

        Raises:
            StoreUnavailable: it cannot be reached (or, embedded, written).
        """
        ...

    def close(self) -> None:
        """Let go of this process's connections (the next call opens new ones)."""
        ...


class EmbeddedStore:
    """Spent states in an LMDB database file, shared by the processes of one machine.

    LMDB (the ``lmdb`` binding), a key-value store made for this: a
    B+tree in a memory-mapped file that many processes open at once, one
    writer at a time under a lock in shared memory (a process that dies
    holding it releases it), readers never blocked. A claim is one write
    transaction: read the key's record, and record the value unless an
    unexpired record is there; the writers' lock makes it atomic for every
    process, so two never both find the key free. Nothing is copied after
    a commit (no log to fold back, as SQLite's write-ahead log needs), and
    a writer waiting for another's claim is woken as soon as it ends (where
    SQLite's busy handler sleeps a millisecond): bench/README.md compares
    the two.

    A committed claim survives the crash of any process: its pages are in
    the operating system's cache, and every process maps the same file.
    Commits are not flushed to the disk one by one (``sync=False``); one
    operating-system thread in each process that claims flushes them every
    :data:`SYNC_SECONDS` (one at a time, however often the file is opened
    again: a full disk's refused claims each close it), so a crash of the
    machine itself may lose the claims of the last :data:`SYNC_SECONDS`
    (``deploy/README.md``). LMDB
    writes a transaction's pages before the page that makes it current, so
    where the disk keeps that order such a crash loses the last
    transactions, not the database.

    Each record is kept under its key with the time it expires (8 bytes,
    big-endian milliseconds, before the value), and under that time and
    the key in a second table, in the order records expire: each
    :data:`PURGE_EVERY` claims, the claim deletes the expired records first
    in that order, at most :data:`PURGE_BATCH` of them, so the file holds
    about what ``ttl`` seconds of spending recorded (freed pages are used
    again). The file may grow to :data:`MAP_BYTES` (the address space
    mapped, not space taken: the file grows with its records); a disk or
    map that is full answers unavailable, as a store that cannot be
    reached.

    Each process opens the database when it first needs it (LMDB's
    handles must not cross a ``fork``, and a process opens a file once:
    the stores of one process on one file share it). In a gevent worker a
    claim does not yield, so one greenlet's transaction is never
    interleaved with another's; a claim of another process is waited for
    (tens of microseconds).
    """

    remote = False
    """A claim is this process's own work (LMDB in the process)."""
    PURGE_EVERY = 64
    """Claims between two deletions of expired records."""
    PURGE_BATCH = 512
    """The most expired records one deletion removes (more than the claims between two)."""
    SYNC_SECONDS = 0.25
    """How often a process that claims flushes the commits to the disk."""
    MAP_BYTES = 1 << 40
    """The most the database file may grow to (1 TiB of address space)."""
    EARLIER_SUFFIX = ".sqlite3"
    """The suffix, in place of the file's own, of the SQLite file that held
    the spends before (``spent-states.sqlite3`` by default)."""

    def __init__(self, path: str | os.PathLike[str], now: Callable[[], float] = time.time) -> None:
        self.path = Path(os.path.abspath(path))
        self.now = now
        """The clock records expire by (the machine's: every worker of it reads the same)."""
        self.description = f"embedded (LMDB) at {path}"
        self._claims = 0
        self._lock = threading.Lock()

    def _database(self, flushed: bool = True) -> _Database:
        return _Database.of(self.path, self.SYNC_SECONDS, self.MAP_BYTES, flushed)

    def claim(self, key: bytes, value: bytes, ttl: int) -> bytes | None:
        now = self.now()
        try:
            with self._lock:
                database = self._database()
                with database.env.begin(write=True) as transaction:
                    record = transaction.get(key, db=database.spent)
                    if record is not None and _expires(record) > now:
                        return bytes(record[_TIME_BYTES:])
                    if record is not None:
                        transaction.delete(record[:_TIME_BYTES] + key, db=database.expiry)
                    database.record(transaction, key, value, now + ttl)
                    self._claims += 1
                    if self._claims % self.PURGE_EVERY == 0:
                        self._purge(transaction, database, now)
        except (lmdb.Error, OSError) as error:
            raise self._unreachable(error) from None
        return None

    def _unreachable(self, error: BaseException) -> StoreUnavailable:
        """The refusal for ``error``; this process's handle is closed, so the next call opens the file again."""
        try:
            _Database.close(self.path)
        except lmdb.Error:
            pass
        return _unreachable(self.description, error)

    def _purge(self, transaction: lmdb.Transaction, database: _Database, now: float) -> None:
        """Delete the records expired by ``now``, the first to expire first,
        at most :data:`PURGE_BATCH` (a bounded read, whatever the file's size)."""
        cursor = transaction.cursor(db=database.expiry)
        limit = _time(now)
        for _ in range(self.PURGE_BATCH):
            entry = bytes(cursor.key()) if cursor.first() else b""
            if not entry or entry[:_TIME_BYTES] > limit:
                break
            transaction.delete(entry[_TIME_BYTES:], db=database.spent)
            cursor.delete()

    def get(self, key: bytes) -> bytes | None:
        try:
            with self._lock:
                database = self._database()
                with database.env.begin() as transaction:
                    record = transaction.get(key, db=database.spent)
        except (lmdb.Error, OSError) as error:
            raise self._unreachable(error) from None
        return None if record is None or _expires(record) <= self.now() else bytes(record[_TIME_BYTES:])

    def check(self) -> None:
        """Open the database (creating it and its folder when missing) and
        take its writers' lock once, as a claim does. A file made now takes
        the unexpired spends of the SQLite file an earlier version of the
        referee kept beside it, if there is one (:data:`EARLIER_SUFFIX`),
        so that no state spent before the upgrade can be spent again."""
        earlier = self.path.with_suffix(self.EARLIER_SUFFIX)
        carry = not self.path.exists() and earlier.exists()
        try:
            with self._lock:
                database = self._database(flushed=False)  # a process that checks (gunicorn's master) does not claim
                with database.env.begin(write=True) as transaction:
                    carried = _carry_over(earlier, transaction, database, self.now()) if carry else 0
                database.env.sync(True)
                _Database.close(self.path)
        except (lmdb.Error, OSError, sqlite3.Error) as error:
            raise _unreachable(self.description, error) from None
        if carry:
            log.info("The token store took %d unexpired spent states from %s", carried, earlier)

    def close(self) -> None:
        with self._lock:
            _Database.close(self.path)


def _carry_over(earlier: Path, transaction: lmdb.Transaction, database: _Database, now: float) -> int:
    """Record in ``database`` the spends of the SQLite file ``earlier`` (a
    table ``spent`` of ``key``, ``value`` and ``expires``, in seconds) that
    have not expired by ``now``, each expiring when it did there; how many."""
    source = sqlite3.connect(f"{earlier.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = source.execute("SELECT key, value, expires FROM spent WHERE expires > ?", (now,))
        count = 0
        for key, value, expires in rows:
            database.record(transaction, bytes(key), bytes(value), expires)
            count += 1
    finally:
        source.close()
    return count


_TIME_BYTES = 8
"""A record's expiry time before its value: big-endian milliseconds since the epoch."""


def _time(seconds: float) -> bytes:
    return int(seconds * 1000).to_bytes(_TIME_BYTES, "big")


def _expires(record: bytes) -> float:
    return int.from_bytes(record[:_TIME_BYTES], "big") / 1000


class _Database:
    """One process's handle on an LMDB file (:class:`EmbeddedStore`) and its
    two tables; the one thread of the process that flushes the commits of
    every handle open in it to the disk, while any is."""

    _open: dict[Path, _Database] = {}
    """The database each absolute path is open as in this process, or was in
    the process this one was forked from (a process must open an LMDB file
    once; py-lmdb refuses a second opening of one file, by any path)."""
    _flushing: int | None = None
    """The process whose flushing thread runs (a forked child starts its own)."""
    _lock: Any = None
    """An operating-system lock of the flushing process, held while its
    thread flushes, and to open or close a handle: none is closed while it
    is flushed, and none is opened while the thread decides to end."""

    def __init__(self, path: Path, sync_seconds: float, map_bytes: int) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.pid = os.getpid()
        self.path = path
        self.env = lmdb.open(str(path), subdir=False, map_size=map_bytes, max_dbs=2, sync=False, metasync=False,
                             readahead=False)
        self.spent = self.env.open_db(b"spent")
        self.expiry = self.env.open_db(b"expiry")
        self.sync_seconds = sync_seconds

    @classmethod
    def of(cls, path: Path, sync_seconds: float, map_bytes: int, flushed: bool = True) -> _Database:
        """The database at ``path`` in this process, opened when it is not
        yet (a handle inherited across a ``fork`` is closed first: LMDB's
        must not be used by the child, and the file is open in it until
        closed), with the process's flushing thread running unless not
        ``flushed`` (its caller syncs what it writes itself, and closes it)."""
        database = cls._open.get(path)
        if database is None or database.pid != os.getpid():
            cls.close(path)
            with cls._held():
                database = cls._open[path] = cls(path, sync_seconds, map_bytes)
                if flushed and cls._flushing != database.pid:
                    cls._flushing = database.pid
                    # an operating-system thread, beside a gevent worker's loop rather than in it
                    original("_thread", "start_new_thread")(cls._flush, (database.pid, original("time", "sleep")))
        return database

    def record(self, transaction: lmdb.Transaction, key: bytes, value: bytes, expires: float) -> None:
        """Record ``value`` under ``key`` until ``expires`` (seconds since the
        epoch), in both tables, within ``transaction`` (a write one)."""
        when = _time(expires)
        transaction.put(key, when + value, db=self.spent)
        transaction.put(when + key, b"", db=self.expiry)

    @classmethod
    def close(cls, path: Path) -> None:
        """Close this process's handle on ``path``, if open (the next call opens it again)."""
        database = cls._open.pop(path, None)
        if database is not None:
            with cls._held():
                database.env.close()

    @classmethod
    def _held(cls) -> AbstractContextManager[Any]:
        """The flushing lock of this process, made when it has none (a forked
        child leaves its parent's, which the parent's thread may have held)."""
        if cls._flushing != os.getpid() or cls._lock is None:
            cls._flushing, cls._lock = None, original("_thread", "allocate_lock")()
        return cls._lock  # type: ignore[no-any-return]

    @classmethod
    def _flush(cls, pid: int, sleep: Callable[[float], None]) -> None:
        """Process ``pid``'s flushing thread: each period (the shortest of
        the open handles'), a forced sync of every handle open in it; it
        ends once none is."""
        while True:
            databases = [database for database in list(cls._open.values()) if database.pid == pid]
            sleep(min((database.sync_seconds for database in databases), default=EmbeddedStore.SYNC_SECONDS))
            with cls._lock:
                if os.getpid() != pid or not any(database.pid == pid for database in cls._open.values()):
                    if cls._flushing == pid:
                        cls._flushing = None
                    return
                for database in databases:
                    if cls._open.get(database.path) is database:
                        try:
                            database.env.sync(True)
                        except lmdb.Error:  # the disk failing: the claims say so
                            pass


class RedisStore:
    """Spent states in a Redis (7.0 or later) or Valkey server, shared by every replica.

    Through redis-py, the standard client: its connections (sockets,
    timeouts, reading answers) and its retry policy. A claim is one script
    (:data:`CLAIM`, sent with ``EVAL``), atomic on the server, whichever
    replica sends it: it records the value unless a record is there, and
    answers what was there. Each call borrows an idle connection of this
    process (or opens one), writes the command (:func:`_command`) and reads
    its answer; a call that finds all of the process's connections busy
    (redis-py's bound, ``max_connections``, 100 by default) waits for one,
    until the request's deadline. The client's pool and command methods are left out of this
    path, since they cost a claim more CPU than its round trip
    (bench/README.md, "States spent once"). A call interrupted in any way
    (an error, the request's deadline) closes its connection, so no later
    call can read an answer meant for another.

    **A claim refused is never recorded later** (CONTRACT: States spent
    once, "fail closed"). A server that is paused rather than down (a
    stopped process, a stalled disk, a network that holds packets) still
    takes the command into its socket's buffer, and would run it when it
    wakes, after the referee answered 503. So each claim carries the last
    instant, on the server's clock, at which it may still be recorded: the
    moment its sender stops waiting for the answer
    (:data:`COMMAND_SECONDS`, or the request's deadline if that comes
    first), less :data:`CLOCK_MARGIN_SECONDS`. The script reads the
    server's clock (``TIME``) and records nothing past that instant. The
    server's clock is read against this process's own from the answers
    (:class:`_ServerClock`), so the two machines' clocks need not agree.
    And before a claim is refused, its sender waits until the last instant
    of every try it sent has passed. One case is left, as for any store
    reached over a network: a claim recorded in time whose answer was lost,
    every try after it failing; the same request sent again (as the 503
    asks) then answers what was recorded.

    A connection that cannot be opened is tried :data:`RETRIES` more times,
    0.1, 0.2, 0.4 and 0.5 s apart (the backoff doubles, capped at half of
    :data:`RETRY_SECONDS`), then the store counts as unreachable: a claim
    sent while the server is down is refused after about 1.2 s. A claim
    whose connection breaks while it waits for the answer (the server
    stopping under it), or that reached the server too late, is sent again
    on a new connection, up to :data:`RETRIES` times, each opening tried as
    above: it keeps trying for about 6 s, and a server back within that
    time answers it. A retried claim whose first try did reach the server
    finds its own value there, which the caller reads as its own
    (``service.api.spending``). No try starts, and no wait between tries
    lasts, past the request's deadline (``service.deadline``): a request
    answers by its deadline, give or take one wait for an answer.
    Keys are :data:`PREFIX` followed by the state's key.
    """

    remote = True
    """A claim waits for the Redis server."""
    PREFIX = b"referee:spent:"
    CONNECT_SECONDS = 0.5
    """The longest wait for a connection to open."""
    COMMAND_SECONDS = 1.0
    """The longest wait for a command's answer."""
    RETRIES = 4
    RETRY_SECONDS = 1.0
    """Twice the longest wait between two tries."""
    CLOCK_MARGIN_SECONDS = 0.25
    """How much sooner than its sender stops waiting a claim stops being
    recordable: room for the two clocks to drift apart between readings."""
    CLAIM = b"""
local now = redis.call('TIME')
local at = tonumber(now[1]) * 1000000 + tonumber(now[2])
if at > tonumber(ARGV[3]) then return {1, at} end
local before = redis.call('GET', KEYS[1])
if before then return {0, at, before} end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return {0, at}
"""
    """The claim: ``KEYS[1]`` the key, ``ARGV`` the value, its lifetime in
    seconds and the last instant it may be recorded (microseconds since
    the epoch, the server's clock). Answers ``{1, now}`` when that instant
    has passed (nothing recorded), else ``{0, now}`` when the value was
    recorded, or ``{0, now, before}`` with the record already there; ``now``
    is the server's clock in microseconds."""

    def __init__(self, url: str) -> None:
        import redis
        from redis.backoff import ExponentialBackoff
        from redis.retry import Retry

        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError, _OutOfTime)
        self._late = redis.TimeoutError
        retry = Retry(_Backoff(ExponentialBackoff(cap=self.RETRY_SECONDS / 2, base=0.05)), self.RETRIES,  # type: ignore[arg-type]  # the two methods it calls
                      supported_errors=(redis.ConnectionError, redis.TimeoutError, OSError))
        self.client = redis.Redis.from_url(
            url, socket_connect_timeout=self.CONNECT_SECONDS, socket_timeout=self.COMMAND_SECONDS, retry=retry,
            health_check_interval=0, client_name="referee")
        kwargs = self.client.connection_pool.connection_kwargs
        self.description = (f"Redis at {kwargs.get('host', 'localhost')}:{kwargs.get('port', 6379)}/{kwargs.get('db', 0)}"
                            if "path" not in kwargs else f"Redis at {kwargs['path']}")
        self._idle: list[Any] = []
        self._free: Any = None
        """How many more connections this process may use at once (:func:`_semaphore`), made at its first call."""
        self._poll: Callable[[], Any] = select.poll
        """The operating system's ``select.poll`` (not gevent's, whose ``poll(0)`` waits for its loop), found at the first call."""
        self._pid = os.getpid()
        self._clock = _ServerClock()

    def claim(self, key: bytes, value: bytes, ttl: int) -> bytes | None:
        head = (b"EVAL", self.CLAIM, b"1", self.PREFIX + key, value, b"%d" % ttl)
        last: list[float] = []  # each try's last instant, this process's clock

        def send(connection: Any) -> Any:
            offset = self._clock.offset
            if offset is None:
                self._clock.learn(self._time(connection))
                offset = self._clock.offset
            assert offset is not None
            sent = time.perf_counter()
            last.append(sent + min(self.COMMAND_SECONDS, _Backoff.in_time()) - self.CLOCK_MARGIN_SECONDS)
            if last[-1] <= sent:
                raise _OutOfTime("too little of the request's time is left for a claim to be recorded")
            _send(connection, _command((*head, b"%d" % (round(last[-1] * 1_000_000) + offset))))
            status, at, *before = connection.read_response()
            self._clock.learn(at)
            if status:
                raise self._late("the claim reached the server after its last instant")
            return before[0] if before else None

        try:
            return self._call(send)  # type: ignore[no-any-return]
        except StoreUnavailable:
            if last:  # a try may still wait in the server's buffer: refuse once none can be recorded
                _wait_until(max(last) + self.CLOCK_MARGIN_SECONDS)
            raise

    def get(self, key: bytes) -> bytes | None:
        command = _command((b"GET", self.PREFIX + key))

        def send(connection: Any) -> Any:
            _send(connection, command)
            return connection.read_response()

        return self._call(send)  # type: ignore[no-any-return]

    @staticmethod
    def _time(connection: Any) -> int:
        """The server's clock (microseconds since the epoch)."""
        _send(connection, _command((b"TIME",)))
        seconds, micros = connection.read_response()
        return int(seconds) * 1_000_000 + int(micros)

    def _call(self, send: Callable[[Any], Any]) -> Any:
        """``send(connection)``'s answer, on a connection of this process,
        retried as the client's retry policy says.

        Raises:
            StoreUnavailable: the server cannot be reached (within the
                request's deadline), or refused the command.
        """
        if self._pid != os.getpid() or self._free is None:  # a forked child: the parent's connections are not its own
            self._idle, self._pid, self._clock = [], os.getpid(), _ServerClock()
            self._free = _semaphore(self.client.connection_pool.max_connections)
            self._poll = original("select", "poll")  # after the fork, once gevent has patched the worker
            # the pool's count of connections made is the process's own from now on: it held the
            # connection of ``check`` (gunicorn's master's, before the fork), which it never gave back
            self.client.connection_pool.reset()
        free = self._free
        try:  # a connection of the process's, once one is free, by the request's deadline
            left = _Backoff.in_time()
            if not free.acquire(timeout=None if left == math.inf else left):
                raise _OutOfTime("every connection to the token store was busy until the request's deadline")
        except self._errors as error:
            raise _unreachable(self.description, error) from None
        try:
            return self._borrowed(send)
        finally:
            free.release()

    def _borrowed(self, send: Callable[[Any], Any]) -> Any:
        """``send(connection)``'s answer as :meth:`_call` says, once a connection of the process is free."""
        try:  # a new connection past the pool's bound (``max_connections``) is refused as unreachable too
            connection: Any = self._idle.pop() if self._idle else self.client.connection_pool.make_connection()
        except self._errors as error:
            raise _unreachable(self.description, error) from None

        def round_trip() -> Any:
            _Backoff.in_time()
            return send(connection)

        answered = False
        try:
            self._ready(connection)
            answer = connection.retry.call_with_retry(round_trip, lambda error: connection.disconnect())
            answered = True
        except self._errors as error:
            raise _unreachable(self.description, error) from None
        finally:
            if not answered:
                connection.disconnect()
            self._idle.append(connection)
        return answer

    def _ready(self, connection: Any) -> None:
        """Open ``connection`` if it is closed, or again if the server closed
        it while it was idle (as the client's pool checks a connection it
        lends), each opening tried as the retry policy says: so a call made
        while the server is down is refused after one opening's tries.

        An idle connection has nothing to read unless the server closed it:
        one ``poll`` of its socket, the operating system's own, which comes
        back at once. Not the client's check (``can_read``), which in a
        gevent worker polls through gevent's loop: it lets the worker's
        other requests run to their next wait before the claim is even
        sent, and costs more CPU than the claim's own round trip
        (bench/README.md, "States spent once")."""
        connection.connect()
        try:
            poller = self._poll()
            poller.register(connection._sock.fileno(), _READABLE)
            closed = bool(poller.poll(0))
        except (OSError, ValueError, AttributeError):  # a socket closed under it
            closed = True
        if closed:
            connection.disconnect()
            connection.connect()

    def check(self) -> None:
        """``PING``, and refuse a server older than 7.0 (before it, a script that
        reads the clock, as a claim does, may not be allowed to write)."""
        try:
            self.client.ping()
            version = str(self.client.info("server").get("redis_version", "0"))
        except self._errors as error:
            raise _unreachable(self.description, error) from None
        finally:
            self.client.connection_pool.disconnect()
        major = version.split(".")[0]
        if not major.isdigit() or int(major) < 7:
            raise StoreUnavailable(cause=f"{self.description} is Redis {version}: the token store needs Redis 7.0 or later, or Valkey")

    def close(self) -> None:
        for connection in self._idle:
            connection.disconnect()
        self.client.connection_pool.disconnect()


class _OutOfTime(Exception):
    """The request's deadline has passed: no more tries of a store's call."""


class _Backoff:
    """redis-py's exponential backoff (``inner``), bounded by the request's
    deadline (``service.deadline``): a wait between two tries ends by it,
    and past it no more tries are made (:class:`_OutOfTime`, which the
    retry policy does not retry), neither of a command nor of opening a
    connection. redis-py's retry policy calls ``reset`` and ``compute``.

    The wait itself is made here, by ``time.sleep`` as it is when the wait
    comes, and ``compute`` answers 0, so the retry policy does not wait
    again. Its own wait is the ``time.sleep`` of when its module was
    imported: in a gunicorn worker, before gevent patched it (the master
    reaches the store at start), so it would stop every request of the
    worker, its probes among them, for the whole wait."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def reset(self) -> None:
        self.inner.reset()

    def compute(self, failures: int) -> float:
        time.sleep(min(self.inner.compute(failures), self.in_time()))
        return 0.0

    @staticmethod
    def in_time() -> float:
        """The seconds left to the request's deadline (``math.inf`` without one).

        Raises:
            _OutOfTime: none are left.
        """
        end = _deadline.ends_at()
        if end is None:
            return math.inf
        left = end - time.perf_counter()
        if left <= 0:
            raise _OutOfTime("the request's deadline passed while the token store was waited for")
        return left


class _ServerClock:
    """The Redis server's clock read against this process's (``time.perf_counter``).

    ``offset`` is a lower bound of the server's clock less this process's
    (microseconds): each answer that says the server's time ``at`` and
    arrives at ``received`` shows the offset is at least ``at - received``
    (the server read its clock before the answer arrived). An instant of
    this process's, put on the server's clock by a lower bound, comes
    sooner there than it should: a claim is refused early, never recorded
    late. The bound kept is the largest of the answers that arrived in the
    current epoch (:data:`EPOCH_SECONDS` of this process's clock) and the
    one before it, whatever their round trips: so it rests on answers at
    most two epochs old, a clock set back (or running slower than this
    process's) is followed within two epochs, and
    :data:`RedisStore.CLOCK_MARGIN_SECONDS` covers the drift within them,
    however slow every answer is (a distant server, a busy worker). With
    no answer in the last two
    epochs there is no bound (``None``): the next claim reads the server's
    clock first (``TIME``).
    """

    EPOCH_SECONDS = 10.0

    def __init__(self) -> None:
        self._epoch: int | None = None
        """The epoch of the last answer (its start over :data:`EPOCH_SECONDS`)."""
        self._best = 0
        """The largest bound of the answers of that epoch."""
        self._before: int | None = None
        """The largest bound of the epoch before it, if any answer arrived in it."""

    @property
    def offset(self) -> int | None:
        """The largest bound of the answers of this epoch and the one before, or ``None`` if none arrived in them."""
        epoch = self._index(time.perf_counter())
        if self._epoch is None or epoch > self._epoch + 1:
            return None
        if epoch == self._epoch + 1 or self._before is None:
            return self._best
        return max(self._best, self._before)

    def learn(self, at: int) -> None:
        """Read an answer that said the server's time ``at`` (µs), arriving now."""
        received = time.perf_counter()
        bound = at - round(received * 1_000_000)
        epoch = self._index(received)
        if self._epoch is None or epoch > self._epoch + 1:
            self._before, self._best = None, bound
        elif epoch == self._epoch + 1:
            self._before, self._best = self._best, bound
        else:
            self._best = max(self._best, bound)
        self._epoch = epoch

    def _index(self, instant: float) -> int:
        return math.floor(instant / self.EPOCH_SECONDS)


def _semaphore(count: int) -> Any:
    """A semaphore of ``count`` for the threads of this process, or for its
    greenlets once gevent has patched it (a gunicorn worker): gevent's own
    then, whose wait lets the worker's other requests run. Not
    ``threading``'s, though it would wait on gevent's patched lock too: it
    is a ``Condition`` kept in Python, whose bookkeeping gunicorn's timer
    for the request (``TimeoutError``, raised wherever the request waits)
    can interrupt half done, and a move then answered 500."""
    if patched("threading"):
        from gevent.lock import BoundedSemaphore  # type: ignore[import-untyped]  # no type information

        return BoundedSemaphore(count)
    return threading.BoundedSemaphore(count)


def _wait_until(instant: float) -> None:
    """Sleep until ``instant`` (``time.perf_counter``), if it is to come,
    whatever interrupts the sleep: a refused claim's answer must not leave
    before its tries' last instant. gunicorn's timer for the request
    (``deploy/gunicorn.conf.py``) raises ``TimeoutError`` wherever the
    request waits, once, at about its deadline, and a claim refused just
    before it (its last try found too little time left) may be waiting
    here then: it must still answer 503, not the timer's error."""
    while (left := instant - time.perf_counter()) > 0:
        try:
            time.sleep(left)
        except TimeoutError:
            pass


_READABLE = select.POLLIN | select.POLLPRI | getattr(select, "POLLRDHUP", 0)
"""What ``poll`` reports of a socket with something to read, or closed by its peer (it reports errors and hang-ups anyway)."""


def _send(connection: Any, command: bytes) -> None:
    """Write ``command`` on ``connection``, opened first if a failed try closed it.

    As redis-py's ``send_packed_command``, less its wrappers: one ``send``
    of the socket (gevent's in a worker, which waits cooperatively only if
    the socket's buffer is full), and ``sendall`` for any rest. A write
    that fails closes the connection (what follows a half-sent command is
    unreadable) and raises the client's ``ConnectionError`` (a timeout its
    ``TimeoutError``), which the retry policy retries.
    """
    sock = connection._sock
    if sock is None:
        connection.send_packed_command([command], check_health=False)
        return
    try:
        sent = sock.send(command)
        if sent < len(command):
            sock.sendall(memoryview(command)[sent:])
    except BaseException as error:
        connection.disconnect()
        if isinstance(error, OSError):
            import redis

            if isinstance(error, socket.timeout) and not error.errno:
                raise redis.TimeoutError("Timeout writing to socket") from error
            raise redis.ConnectionError(f"Error while writing to the socket: {error}") from error
        raise


def _command(parts: tuple[bytes, ...]) -> bytes:
    """A Redis command as the protocol sends it (RESP): an array of bulk strings."""
    return b"*%d\r\n" % len(parts) + b"".join(b"$%d\r\n%s\r\n" % (len(part), part) for part in parts)


def store_for(config: Mapping[str, Any]) -> Store | None:
    """The store the settings choose (:mod:`service.config`), reached once:
    none in open mode (open states are not vouched for) or with
    ``REFEREE_TOKEN_STORE=none``.

    Raises:
        SettingError: the store cannot be reached (or, embedded, written),
            or its URL cannot be read; the message names the variable.
    """
    if not (config.get(SEALING_KEYS) or config.get(SIGNING_KEYS)) or config[TOKEN_STORE] == NO_STORE:
        return None
    store: Store
    if config[TOKEN_STORE] is None:
        store, variable = EmbeddedStore(config[TOKEN_STORE_PATH]), TOKEN_STORE_PATH
    else:
        try:
            store, variable = RedisStore(config[TOKEN_STORE]), TOKEN_STORE
        except ValueError as error:
            raise SettingError(f"{TOKEN_STORE} is not a Redis URL that can be read ({error}); "
                               "give redis://host:port/db, or none") from None
    try:
        store.check()
    except StoreUnavailable as error:
        unset = f"; or set {TOKEN_STORE}=none to record nothing (states can then be spent again and again)"
        raise SettingError(f"The token store cannot be reached ({error.cause}): check {variable}{unset}") from None
    return store
