"""The embedded token store (LMDB on the machine's disk) and the store settings.

A claim records a value under a key unless one is there, atomically for
every process of the machine; records expire; a store that cannot be
reached refuses (``StoreUnavailable``) and records nothing. The Redis store
is tested against a real server in ``tests/test_store_redis.py``.
"""

from __future__ import annotations

import _thread
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from service import store as store_module
from service.config import SettingError, load_settings
from service.errors import StoreUnavailable
from service.greenlets import original
from service.store import EmbeddedStore, store_for
from support import claims_at_once, cut_off

SEALED = {"REFEREE_SEALING_KEYS": "k" * 40}
SIGNED = {"REFEREE_SIGNING_KEYS": "s" * 40}


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_claim_records_once_and_answers_the_first_value(tmp_path: Path) -> None:
    store = EmbeddedStore(tmp_path / "spent.lmdb")
    assert store.claim(b"k1", b"first", 60) is None
    assert store.claim(b"k1", b"second", 60) == b"first"
    assert store.claim(b"k1", b"third", 60) == b"first"
    assert store.get(b"k1") == b"first"
    assert store.get(b"k2") is None
    assert store.claim(b"k2", b"other", 60) is None
    assert store.get(b"k2") == b"other"


def test_records_expire_after_their_ttl_and_the_key_is_free_again(tmp_path: Path) -> None:
    clock = FakeClock()
    store = EmbeddedStore(tmp_path / "spent.lmdb", now=clock)
    assert store.claim(b"k", b"first", 10) is None
    clock.now += 9.9
    assert store.claim(b"k", b"second", 10) == b"first"
    clock.now += 0.2
    assert store.get(b"k") is None
    assert store.claim(b"k", b"second", 10) is None
    assert store.get(b"k") == b"second"


def test_expired_records_are_deleted_as_claims_are_made(tmp_path: Path) -> None:
    """The file holds about what one ttl of spending recorded: each batch of
    claims deletes up to PURGE_BATCH expired records."""
    clock = FakeClock()
    path = tmp_path / "spent.lmdb"
    store = EmbeddedStore(path, now=clock)
    for number in range(300):
        store.claim(b"old%d" % number, b"v", 5)
    clock.now += 6
    for number in range(EmbeddedStore.PURGE_EVERY):
        store.claim(b"new%d" % number, b"v", 5)
    assert records(store) == (EmbeddedStore.PURGE_EVERY, EmbeddedStore.PURGE_EVERY)  # (kept, in the order they expire)
    assert store.get(b"old0") is None and store.get(b"new0") == b"v"


def records(store: EmbeddedStore) -> tuple[int, int]:
    """How many records the store's file holds, under their keys and in the order they expire."""
    database = store._database()
    with database.env.begin() as transaction:
        return transaction.stat(database.spent)["entries"], transaction.stat(database.expiry)["entries"]


def test_a_record_claimed_again_once_expired_is_kept_once(tmp_path: Path) -> None:
    """An expired record's key claimed again: the new record replaces it, and
    its place in the order of expiry moves with it (nothing left to delete twice)."""
    clock = FakeClock()
    store = EmbeddedStore(tmp_path / "spent.lmdb", now=clock)
    assert store.claim(b"k", b"first", 5) is None
    clock.now += 6
    assert store.claim(b"k", b"second", 5) is None
    assert records(store) == (1, 1)
    clock.now += 6
    for number in range(EmbeddedStore.PURGE_EVERY):  # the purge deletes the expired second record
        store.claim(b"n%d" % number, b"v", 60)
    assert records(store) == (EmbeddedStore.PURGE_EVERY, EmbeddedStore.PURGE_EVERY) and store.get(b"k") is None


def test_claims_are_flushed_to_the_disk_by_an_operating_system_thread_even_in_a_gevent_worker() -> None:
    """In a gunicorn gevent worker a flush (an fsync, milliseconds) in the
    loop would stop the whole worker; the flushing thread is one of the
    operating system's, started with the functions gevent kept, and its
    lock one of the operating system's (a gevent lock cannot be shared
    with a thread beside the loop)."""
    assert original("_thread", "start_new_thread") is _thread.start_new_thread
    assert original("_thread", "allocate_lock") is _thread.allocate_lock
    patched = subprocess.run(
        [sys.executable, "-c", "import os, tempfile; from gevent import monkey; monkey.patch_all(); "
                               "from service.store import EmbeddedStore; from service.greenlets import original; "
                               "store = EmbeddedStore(os.path.join(tempfile.mkdtemp(), 'spent.lmdb')); "
                               "before = len(os.listdir('/proc/self/task')); store.claim(b'k', b'v', 60); "
                               "print(len(os.listdir('/proc/self/task')) == before + 1 "
                               "and original('_thread', 'allocate_lock') is monkey.get_original('_thread', 'allocate_lock'))"],
        cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True, check=True, timeout=60)
    assert patched.stdout.strip() == "True"


def test_each_claim_is_flushed_within_the_sync_period(tmp_path: Path) -> None:
    """The commits reach the disk within SYNC_SECONDS: the thread calls
    LMDB's sync, forced (an fsync of the file), seen by watching the calls."""
    store = EmbeddedStore(tmp_path / "spent.lmdb")
    store.SYNC_SECONDS = 0.05
    flushed: list[bool] = []
    database = store._database()
    sync = database.env.sync
    database.env = Flushes(database.env, lambda force: flushed.append(force) or sync(force))  # type: ignore[assignment]
    assert store.claim(b"k", b"v", 60) is None
    deadline = time.monotonic() + 5
    while not flushed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert flushed and all(flushed)  # forced: the file is opened without a sync at each commit
    store.close()


class Flushes:
    """An LMDB environment whose ``sync`` is watched."""

    def __init__(self, env: Any, sync: Any) -> None:
        self._env, self.sync = env, sync

    def __getattr__(self, name: str) -> Any:
        return getattr(self._env, name)


def test_of_many_processes_claiming_one_key_at_once_exactly_one_records_it(tmp_path: Path) -> None:
    """The machine's workers are processes: each opens the file itself, and
    LMDB's writers' lock lets exactly one claim win; every other answers the
    winner's value."""
    path = str(tmp_path / "spent.lmdb")
    EmbeddedStore(path).check()
    answers = claims_at_once(lambda: EmbeddedStore(path), 8)
    winners = [value for value, before in answers if before is None]
    assert len(winners) == 1
    assert all(before == winners[0] for value, before in answers if before is not None)
    assert EmbeddedStore(path).get(b"contested") == winners[0]


def test_a_handle_is_not_carried_across_a_fork(tmp_path: Path) -> None:
    """A process forked after the store was used opens the file itself."""
    store = EmbeddedStore(tmp_path / "spent.lmdb")
    store.claim(b"parent", b"p", 60)
    parent_database = store._database()
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        try:
            ok = store.claim(b"child", b"c", 60) is None and store._database() is not parent_database
            os.write(writer, b"1" if ok else b"0")
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(reader, 1) == b"1"
    assert store.get(b"child") == b"c" and store._database() is parent_database


def test_a_process_killed_while_it_claims_does_not_hold_up_the_others(tmp_path: Path) -> None:
    """A worker killed inside a claim (holding the writers' lock, its
    transaction not committed) leaves the lock to the next claim, and
    nothing of its transaction."""
    path = tmp_path / "spent.lmdb"
    store = EmbeddedStore(path)
    store.check()
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: a claim's transaction, left open, then killed
        database = EmbeddedStore(path)._database()
        transaction = database.env.begin(write=True)
        transaction.put(b"half", b"never committed", db=database.spent)
        os.write(writer, b"1")
        time.sleep(60)
        os._exit(0)
    assert os.read(reader, 1) == b"1"
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    began = time.monotonic()
    assert store.claim(b"k", b"v", 60) is None
    assert time.monotonic() - began < 5
    assert store.get(b"half") is None


def test_a_store_that_cannot_be_reached_refuses_records_nothing_and_works_again_once_back(tmp_path: Path) -> None:
    path = tmp_path / "store" / "spent.lmdb"
    store = EmbeddedStore(path)
    assert store.claim(b"before", b"b", 60) is None
    with cut_off(store):
        with pytest.raises(StoreUnavailable) as refused:
            store.claim(b"k", b"v", 60)
        assert refused.value.code == "token_store_unavailable"
        assert str(path) not in refused.value.detail  # the answer names no path or host; the log does
        assert str(path) in (refused.value.cause or "")
        with pytest.raises(StoreUnavailable):
            store.get(b"before")
    assert store.get(b"k") is None and store.get(b"before") == b"b"  # nothing recorded, nothing lost
    assert store.claim(b"k", b"v", 60) is None  # reachable again: it works again


def test_a_record_the_file_has_no_room_for_is_refused_and_the_store_works_on(tmp_path: Path) -> None:
    """A file at MAP_BYTES (or a full disk) cannot record: the claim counts
    the store as unreachable, records nothing, and a claim with room works."""
    store = EmbeddedStore(tmp_path / "spent.lmdb")
    store.MAP_BYTES = 1 << 18
    with pytest.raises(StoreUnavailable):
        store.claim(b"large", b"x" * (1 << 19), 60)
    assert store.get(b"large") is None
    assert store.claim(b"small", b"v", 60) is None and store.get(b"small") == b"v"


def test_a_lasting_outage_runs_one_flushing_thread_not_one_a_refused_claim(tmp_path: Path) -> None:
    """While the file cannot record (a full disk, here a full map), each
    claim is refused and closes the handle, and the next opens the file
    again: the process keeps its one flushing thread through all of it."""
    store = EmbeddedStore(tmp_path / "spent.lmdb")
    store.MAP_BYTES = 1 << 18
    assert store.claim(b"small", b"v", 60) is None
    threads = len(os.listdir("/proc/self/task"))
    for number in range(50):
        with pytest.raises(StoreUnavailable):
            store.claim(b"large%d" % number, b"x" * (1 << 19), 60)
    assert len(os.listdir("/proc/self/task")) <= threads
    assert store.claim(b"small2", b"v", 60) is None
    store.close()


def test_a_store_whose_file_cannot_be_written_stops_the_service_naming_the_variable(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for mode in (SEALED, SIGNED):
        settings = load_settings({}, {**mode, "REFEREE_TOKEN_STORE_PATH": str(blocker / "spent.lmdb")})
        with pytest.raises(SettingError) as refused:
            store_for(settings)
        assert "REFEREE_TOKEN_STORE_PATH" in str(refused.value) and "none" in str(refused.value)


def test_the_store_is_on_with_no_setting_in_signed_and_sealed_modes_only(tmp_path: Path) -> None:
    path = str(tmp_path / "spent.lmdb")
    assert store_for(load_settings({}, {"REFEREE_TOKEN_STORE_PATH": path})) is None  # open mode
    for mode in (SEALED, SIGNED):
        store = store_for(load_settings({}, {**mode, "REFEREE_TOKEN_STORE_PATH": path}))
        assert isinstance(store, EmbeddedStore) and store.path == Path(path)
        assert store.description == f"embedded (LMDB) at {path}"
        assert store_for(load_settings({}, {**mode, "REFEREE_TOKEN_STORE": "none"})) is None
        assert store_for(load_settings({}, {**mode, "REFEREE_TOKEN_STORE": " NONE "})) is None
    assert Path(path).exists()  # the start's check made it


def test_the_default_path_is_documented_and_the_folder_is_made(tmp_path: Path) -> None:
    assert load_settings({})["REFEREE_TOKEN_STORE_PATH"] == "/var/lib/referee/spent-states.lmdb"
    path = tmp_path / "deep" / "folder" / "spent.lmdb"
    store_for(load_settings({}, {**SEALED, "REFEREE_TOKEN_STORE_PATH": str(path)}))
    assert path.exists()


@pytest.mark.parametrize("value", ["", "  ", "redis:/x", "http://127.0.0.1:6379", "memcached://x", "sqlite:///x", "None-ish"])
def test_a_token_store_setting_that_is_none_of_its_forms_is_refused_naming_the_variable(value: str) -> None:
    with pytest.raises(SettingError) as refused:
        load_settings({"REFEREE_TOKEN_STORE": value})
    assert "REFEREE_TOKEN_STORE" in str(refused.value)


@pytest.mark.parametrize("value", ["0", "-5", "1.5", "x", str(366 * 86_400 + 1)])
def test_a_ttl_that_is_not_a_whole_number_of_seconds_in_range_is_refused(value: str) -> None:
    with pytest.raises(SettingError) as refused:
        load_settings({"REFEREE_TOKEN_TTL_SECONDS": value})
    assert "REFEREE_TOKEN_TTL_SECONDS" in str(refused.value)


def test_the_ttl_defaults_to_a_day() -> None:
    assert load_settings({})["REFEREE_TOKEN_TTL_SECONDS"] == 86_400
    assert load_settings({"REFEREE_TOKEN_TTL_SECONDS": "60"})["REFEREE_TOKEN_TTL_SECONDS"] == 60


def test_an_outage_is_logged_at_most_once_in_a_while(tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "_last_logged", [float("-inf")])
    store = EmbeddedStore(tmp_path / "store" / "spent.lmdb")
    store.check()
    with cut_off(store), caplog.at_level("WARNING", logger="referee.store"):
        for _ in range(5):
            with pytest.raises(StoreUnavailable):
                store.claim(b"k", b"v", 60)
    lines = [record for record in caplog.records if record.name == "referee.store"]
    assert len(lines) == 1 and str(store.path) in lines[0].getMessage()


def test_a_new_file_takes_the_unexpired_spends_of_the_sqlite_file_beside_it(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Upgrading from the SQLite store: no state spent before can be spent again."""
    import sqlite3

    clock = FakeClock()
    earlier = sqlite3.connect(tmp_path / "spent-states.sqlite3")
    earlier.execute("CREATE TABLE spent (id INTEGER PRIMARY KEY, key BLOB NOT NULL UNIQUE, value BLOB NOT NULL, expires REAL NOT NULL)")
    earlier.executemany("INSERT INTO spent (key, value, expires) VALUES (?, ?, ?)",
                        [(b"live", b"answer", clock.now + 30), (b"gone", b"old", clock.now - 1)])
    earlier.commit()
    earlier.close()
    store = EmbeddedStore(tmp_path / "spent-states.lmdb", now=clock)
    with caplog.at_level("INFO", logger="referee.store"):
        store.check()
    assert store.claim(b"live", b"another", 60) == b"answer"  # spent before the upgrade: still spent
    assert store.get(b"gone") is None
    assert any("took 1 unexpired spent states" in record.getMessage() for record in caplog.records)
    clock.now += 31
    assert store.get(b"live") is None  # it expires when it did there
    with sqlite3.connect(tmp_path / "spent-states.sqlite3") as later:
        later.execute("INSERT INTO spent (key, value, expires) VALUES (?, ?, ?)", (b"later", b"v", clock.now + 30))
    EmbeddedStore(tmp_path / "spent-states.lmdb", now=clock).check()  # a file already made takes nothing again
    assert store.get(b"later") is None


def test_the_check_at_start_starts_no_flushing_thread_and_flushes_what_it_wrote(tmp_path: Path) -> None:
    """gunicorn's master checks the store at start and never claims: it
    starts no flushing thread (one forked into the workers' parent for
    nothing), and what the check wrote (the file, with any spends carried
    over) is flushed before it lets go of it."""
    import time

    from service.store import _Database

    for path in list(_Database._open):  # an earlier test's handles: their flushing thread then ends
        _Database.close(path)
    time.sleep(EmbeddedStore.SYNC_SECONDS * 2)
    threads = len(os.listdir("/proc/self/task"))
    store = EmbeddedStore(tmp_path / "checked.lmdb")
    store.check()
    assert len(os.listdir("/proc/self/task")) == threads
    assert (tmp_path / "checked.lmdb").exists()
    assert store.claim(b"k", b"v", 60) is None  # a claim then starts it
    assert len(os.listdir("/proc/self/task")) == threads + 1
    store.close()
