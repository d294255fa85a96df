"""Where spent states are recorded: the token store.

In signed and sealed modes the referee vouches for the states it issues, and
each of them may be spent once (CONTRACT: States spent once): the first
spending operation that succeeds on a state (``play``, ``deal`` with
``previous``) records it here, keyed by the state, with what the request
answered. ``REFEREE_TOKEN_STORE`` chooses the store (:func:`store_for`):

* unset: :class:`EmbeddedStore`, an SQLite database on the machine's disk
  (``REFEREE_TOKEN_STORE_PATH``), shared by every worker process of the
  machine;
* ``redis://host:port/db``: :class:`RedisStore`, a Redis (7.0 or later) or
  Valkey server shared by every replica;
* ``none``: no store; states can be spent again and again.

A store does one thing atomically, :meth:`Store.claim`: record a value under
a key unless one is there (Redis's ``SET key value NX GET EX ttl``; an
``IMMEDIATE`` transaction in SQLite), and answer what was there. Every
record expires ``ttl`` seconds after it was made. A store that cannot be
reached raises :class:`~service.errors.StoreUnavailable`, and the request
that needed it applies nothing (``service.api.spending``).

This module knows nothing of HTTP, games or what a record holds.
"""

from __future__ import annotations

import _thread
import logging
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from .config import NO_STORE, SEALING_KEYS, SIGNING_KEYS, TOKEN_STORE, TOKEN_STORE_PATH, SettingError
from .errors import StoreUnavailable

log = logging.getLogger("referee.store")

LOG_EVERY_SECONDS = 10.0
"""At most one log line per process in this time while the store cannot be reached."""
_last_logged = [float("-inf")]


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
    """Spent states in an SQLite database file, shared by the processes of one machine.

    SQLite (Python's standard library) rather than a key-value library: it
    is on every Python, its file locks make one transaction at a time
    atomic across processes without a server, its write-ahead log lets
    readers run beside the writer, and a record survives a crash of the
    process once its transaction commits. Each claim is one statement, an
    ``INSERT`` that does nothing when an unexpired record has the key (its
    own transaction under the database's write lock, so two processes never
    both find the key free), and a read of the record that was there only
    when there was one. ``synchronous=NORMAL`` in WAL mode: a committed claim
    survives the crash of any process, and a crash of the machine itself may
    lose the last claims before it, never the database (``deploy/README.md``).
    Records are kept in the order they were made (the table's rowid), the
    key in an index of its own: a claim appends, which costs about a third
    of keeping them in key order. The oldest records are deleted a batch at
    a time as claims are made, once expired, so the file holds about what
    ``ttl`` seconds of spending recorded.

    Each process opens its own connection when it first needs one (an
    SQLite connection must not cross a ``fork``). In a gevent worker a call
    does not yield, so one greenlet's transaction is never interleaved with
    another's; a transaction of another process holding the lock is waited
    for at most :data:`BUSY_MS`, then the store counts as unreachable.

    Checkpoints (copying the write-ahead log into the database, and the two
    fsyncs ``synchronous=NORMAL`` makes there) are the only slow part of a
    claim: SQLite runs one in the claim that fills the log past 1,000
    pages, about every 330th, and it takes 3 to 15 ms, during which a
    gevent worker serves nothing. So where gevent has patched the threads
    of the process that claims (``checkpoints``: ``None``), the claims make none and an
    operating-system thread of the process checkpoints the log every
    :data:`CHECKPOINT_SECONDS` instead (``PASSIVE``: it never holds up a
    claim); the claims still checkpoint once the log passes
    :data:`CHECKPOINT_BACKSTOP_PAGES`, should that thread fall behind.
    """

    remote = False
    """A claim is this process's own work (SQLite in the process)."""
    BUSY_MS = 2000
    """How long a claim waits for another process's transaction before answering unavailable."""
    PURGE_EVERY = 64
    """Claims between two deletions of expired records."""
    PURGE_BATCH = 512
    """The most expired records one deletion removes (more than the claims between two)."""
    CHECKPOINT_SECONDS = 0.25
    """How often the checkpointing thread checkpoints the log (where there is one)."""
    CHECKPOINT_BACKSTOP_PAGES = 10_000
    """The log's size, in pages of 4 KiB, past which a claim checkpoints it all the same (where a thread does it)."""

    def __init__(self, path: str | os.PathLike[str], now: Callable[[], float] = time.time,
                 checkpoints: bool | None = None) -> None:
        self.path = Path(path)
        self.now = now
        """The clock records expire by (the machine's: every worker of it reads the same)."""
        self.description = f"embedded (SQLite) at {self.path}"
        self.checkpoints = checkpoints
        """Whether an operating-system thread checkpoints the log, rather than the claims
        (``None``: where gevent has patched the threads of the process that claims, which
        gunicorn's master, where the app is made, has not; its workers have)."""
        self._local: tuple[int, sqlite3.Connection] | None = None
        self._checkpointer: _Checkpointer | None = None
        self._claims = 0
        self._lock = threading.Lock()

    def _connection(self) -> sqlite3.Connection:
        pid = os.getpid()
        if self._local is None or self._local[0] != pid:
            self._local = (pid, self._open())
            if self._threaded() and (self._checkpointer is None or self._checkpointer.pid != pid):
                self._checkpointer = _Checkpointer(self.path, self.CHECKPOINT_SECONDS, self.BUSY_MS / 1000)
        return self._local[1]

    def _threaded(self) -> bool:
        """Whether a thread checkpoints the log in this process (:attr:`checkpoints`)."""
        return _threads_are_greenlets() if self.checkpoints is None else self.checkpoints

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=self.BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            if self._threaded():
                connection.execute(f"PRAGMA wal_autocheckpoint={self.CHECKPOINT_BACKSTOP_PAGES:d}")
            connection.execute(
                "CREATE TABLE IF NOT EXISTS spent (id INTEGER PRIMARY KEY, key BLOB NOT NULL UNIQUE, value BLOB NOT NULL, expires REAL NOT NULL)")
        except BaseException:
            connection.close()
            raise
        return connection

    def claim(self, key: bytes, value: bytes, ttl: int) -> bytes | None:
        now = self.now()
        try:
            with self._lock:
                connection = self._connection()
                for _ in range(3):  # again only when the record there expired between the two statements
                    recorded = connection.execute(
                        "INSERT INTO spent (key, value, expires) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE "
                        "SET value = excluded.value, expires = excluded.expires WHERE spent.expires <= ?",
                        (key, value, now + ttl, now)).rowcount
                    if recorded:
                        self._claims += 1
                        if self._claims % self.PURGE_EVERY == 0:
                            self._purge(connection, now)
                        return None
                    row = connection.execute("SELECT value FROM spent WHERE key = ? AND expires > ?", (key, now)).fetchone()
                    if row is not None:
                        return bytes(row[0])
                    now = self.now()
        except (sqlite3.Error, OSError) as error:
            self._forget()
            raise _unreachable(self.description, error) from None
        raise _unreachable(self.description, RuntimeError("a record kept expiring while it was claimed"))

    def _purge(self, connection: sqlite3.Connection, now: float) -> None:
        """Delete the expired ones of the :data:`PURGE_BATCH` oldest records
        (a bounded read, whatever the table's size)."""
        connection.execute(
            "DELETE FROM spent WHERE id IN (SELECT id FROM (SELECT id, expires FROM spent ORDER BY id LIMIT ?) WHERE expires <= ?)",
            (self.PURGE_BATCH, now))

    def get(self, key: bytes) -> bytes | None:
        try:
            with self._lock:
                row = self._connection().execute("SELECT value FROM spent WHERE key = ? AND expires > ?", (key, self.now())).fetchone()
        except (sqlite3.Error, OSError) as error:
            self._forget()
            raise _unreachable(self.description, error) from None
        return None if row is None else bytes(row[0])

    def check(self) -> None:
        """Open the database (creating it and its folder when missing) and
        take its write lock once, as a claim does."""
        try:
            connection = self._open()
            try:
                connection.execute("BEGIN IMMEDIATE")
                connection.execute("ROLLBACK")
            finally:
                connection.close()
        except (sqlite3.Error, OSError) as error:
            raise _unreachable(self.description, error) from None

    def close(self) -> None:
        with self._lock:
            self._forget()
            if self._checkpointer is not None:
                self._checkpointer.stop()
                self._checkpointer = None

    def _forget(self) -> None:
        """Close this process's connection, if any: the next call opens a new one."""
        if self._local is not None and self._local[0] == os.getpid():
            try:
                self._local[1].close()
            except sqlite3.Error:
                pass
        self._local = None


def _threads_are_greenlets() -> bool:
    """Whether gevent has patched this process's ``threading`` (a gunicorn
    gevent worker), so that a thread it starts is a greenlet of the loop."""
    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey is not None and monkey.is_module_patched("threading"))


class _Checkpointer:
    """An operating-system thread of this process that checkpoints an SQLite
    database's write-ahead log every ``every`` seconds (``PASSIVE``: as much
    as it can without waiting for a reader or a writer), on a connection of
    its own, until :meth:`stop`. In a process gevent has patched it is
    started with the thread functions gevent kept (``get_original``), so
    the checkpoints' copying and fsyncs run beside the loop, not in it (the
    sqlite3 module lets go of the GIL while SQLite works)."""

    def __init__(self, path: Path, every: float, busy_seconds: float) -> None:
        self.pid = os.getpid()
        self.path, self.every, self.busy_seconds = path, every, busy_seconds
        self.stopped = False
        if _threads_are_greenlets():
            from gevent import monkey  # type: ignore[import-untyped]  # no type information

            start, self.sleep = monkey.get_original("_thread", "start_new_thread"), monkey.get_original("time", "sleep")
        else:
            start, self.sleep = _thread.start_new_thread, time.sleep
        start(self._run, ())

    def stop(self) -> None:
        """Stop after the checkpoint under way, if any (the thread closes its connection)."""
        self.stopped = True

    def _run(self) -> None:
        connection: sqlite3.Connection | None = None
        while not self.stopped:
            self.sleep(self.every)
            if self.stopped or os.getpid() != self.pid:
                break
            try:
                if connection is None:
                    connection = sqlite3.connect(self.path, timeout=self.busy_seconds, isolation_level=None, check_same_thread=False)
                connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            except sqlite3.Error:  # the claims count the store as unreachable and say so; try again later
                if connection is not None:
                    connection.close()
                connection = None
        if connection is not None:
            connection.close()


class RedisStore:
    """Spent states in a Redis (7.0 or later) or Valkey server, shared by every replica.

    Through redis-py, the standard client. A claim is one command, ``SET key
    value NX GET EX ttl``: atomic on the server, whichever replica sends it.
    A connection that cannot be opened is tried :data:`RETRIES` more times,
    0.1, 0.2, 0.4 and 0.5 s apart (the backoff doubles, capped at half of
    :data:`RETRY_SECONDS`), then the store counts as unreachable: a claim
    sent while the server is down is refused after about 1.2 s. A claim
    whose connection breaks while it waits for the answer (the server
    stopping under it) is sent again on a new connection, up to
    :data:`RETRIES` times, each opening tried as above: it keeps trying for
    about 6 s, and a server back within that time answers it. A retried
    claim whose first attempt did reach the server finds its own value
    there, which the caller reads as its own (``service.api.spending``).
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

    def __init__(self, url: str) -> None:
        import redis
        from redis.backoff import ExponentialBackoff
        from redis.retry import Retry

        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        retry = Retry(ExponentialBackoff(cap=self.RETRY_SECONDS / 2, base=0.05), self.RETRIES,
                      supported_errors=(redis.ConnectionError, redis.TimeoutError, OSError))
        self.client = redis.Redis.from_url(
            url, socket_connect_timeout=self.CONNECT_SECONDS, socket_timeout=self.COMMAND_SECONDS, retry=retry,
            health_check_interval=0, client_name="referee")
        kwargs = self.client.connection_pool.connection_kwargs
        self.description = (f"Redis at {kwargs.get('host', 'localhost')}:{kwargs.get('port', 6379)}/{kwargs.get('db', 0)}"
                            if "path" not in kwargs else f"Redis at {kwargs['path']}")

    def claim(self, key: bytes, value: bytes, ttl: int) -> bytes | None:
        try:
            before = self.client.set(self.PREFIX + key, value, ex=ttl, nx=True, get=True)
        except self._errors as error:
            raise _unreachable(self.description, error) from None
        return None if before is None else bytes(before)  # type: ignore[arg-type]

    def get(self, key: bytes) -> bytes | None:
        try:
            value = self.client.get(self.PREFIX + key)
        except self._errors as error:
            raise _unreachable(self.description, error) from None
        return None if value is None else bytes(value)  # type: ignore[arg-type]

    def check(self) -> None:
        """``PING``, and refuse a server older than 7.0 (``SET`` with both ``NX`` and ``GET``)."""
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
        self.client.connection_pool.disconnect()


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
