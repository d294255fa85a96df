"""The embedded token store (SQLite on the machine's disk) and the store settings.

A claim records a value under a key unless one is there, atomically for
every process of the machine; records expire; a store that cannot be
reached refuses (``StoreUnavailable``) and records nothing. The Redis store
is tested against a real server in ``tests/test_store_redis.py``.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from service import store as store_module
from service.config import SettingError, load_settings
from service.errors import StoreUnavailable
from service.store import EmbeddedStore, store_for
from support import claims_at_once

SEALED = {"REFEREE_SEALING_KEYS": "k" * 40}
SIGNED = {"REFEREE_SIGNING_KEYS": "s" * 40}


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_claim_records_once_and_answers_the_first_value(tmp_path: Path) -> None:
    store = EmbeddedStore(tmp_path / "spent.sqlite3")
    assert store.claim(b"k1", b"first", 60) is None
    assert store.claim(b"k1", b"second", 60) == b"first"
    assert store.claim(b"k1", b"third", 60) == b"first"
    assert store.get(b"k1") == b"first"
    assert store.get(b"k2") is None
    assert store.claim(b"k2", b"other", 60) is None
    assert store.get(b"k2") == b"other"


def test_records_expire_after_their_ttl_and_the_key_is_free_again(tmp_path: Path) -> None:
    clock = FakeClock()
    store = EmbeddedStore(tmp_path / "spent.sqlite3", now=clock)
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
    path = tmp_path / "spent.sqlite3"
    store = EmbeddedStore(path, now=clock)
    for number in range(300):
        store.claim(b"old%d" % number, b"v", 5)
    clock.now += 6
    for number in range(EmbeddedStore.PURGE_EVERY):
        store.claim(b"new%d" % number, b"v", 5)
    with sqlite3.connect(path) as connection:
        (count,) = connection.execute("SELECT count(*) FROM spent").fetchone()
    assert count == EmbeddedStore.PURGE_EVERY


def database_pages(path: Path) -> int:
    """Pages in the database file itself (a checkpoint copies the log's pages there)."""
    return path.stat().st_size // 4096


def test_where_a_thread_checkpoints_the_log_no_claim_does_and_the_thread_does(tmp_path: Path) -> None:
    """A claim that fills the log past 1,000 pages would checkpoint it (3 to
    15 ms a time); with ``checkpoints`` the claims leave that to a thread of
    the process, which copies the log into the database every
    CHECKPOINT_SECONDS, and each record is there to read."""
    path = tmp_path / "spent.sqlite3"
    store = EmbeddedStore(path, checkpoints=True)
    store.CHECKPOINT_SECONDS = 3600.0  # the thread waits: only a claim could checkpoint
    value = b"v" * 1500
    for number in range(1500):  # about 3 pages of log each: past SQLite's 1,000 pages
        assert store.claim(b"k%d" % number, value, 60) is None
    assert database_pages(path) < 10  # nothing copied from the log yet
    store.close()
    store = EmbeddedStore(path, checkpoints=True)
    store.CHECKPOINT_SECONDS = 0.05
    assert store.claim(b"last", value, 60) is None
    deadline = time.monotonic() + 10
    while database_pages(path) < 1500 * 1500 // 4096 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert database_pages(path) >= 1500 * 1500 // 4096  # the thread copied the log in
    assert all(store.get(b"k%d" % number) == value for number in (0, 749, 1499)) and store.get(b"last") == value
    store.close()


def test_a_thread_checkpoints_the_log_only_where_gevent_made_threads_greenlets() -> None:
    """In a gunicorn gevent worker a claim's checkpoint would stop the whole
    worker; elsewhere SQLite's own checkpoints, in the claim, stop only its thread."""
    assert EmbeddedStore("unused.sqlite3")._threaded() is False
    # Made before gevent patches the process (gunicorn makes the app in its master, then forks and patches each worker).
    patched = subprocess.run(
        [sys.executable, "-c", "from service.store import EmbeddedStore; store = EmbeddedStore('unused.sqlite3'); "
                               "from gevent import monkey; monkey.patch_all(); print(store._threaded())"],
        cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True, check=True, timeout=60)
    assert patched.stdout.strip() == "True"


def test_of_many_processes_claiming_one_key_at_once_exactly_one_records_it(tmp_path: Path) -> None:
    """The machine's workers are processes: each opens its own connection,
    and SQLite's lock lets exactly one claim win; every other answers the
    winner's value."""
    path = str(tmp_path / "spent.sqlite3")
    EmbeddedStore(path).check()
    answers = claims_at_once(lambda: EmbeddedStore(path), 8)
    winners = [value for value, before in answers if before is None]
    assert len(winners) == 1
    assert all(before == winners[0] for value, before in answers if before is not None)
    assert EmbeddedStore(path).get(b"contested") == winners[0]


def test_a_connection_is_not_carried_across_a_fork(tmp_path: Path) -> None:
    """A process forked after the store was used opens a connection of its own."""
    store = EmbeddedStore(tmp_path / "spent.sqlite3")
    store.claim(b"parent", b"p", 60)
    parent_connection = store._local
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        try:
            ok = store.claim(b"child", b"c", 60) is None and store._local is not parent_connection
            os.write(writer, b"1" if ok else b"0")
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(reader, 1) == b"1"
    assert store.get(b"child") == b"c"


def test_a_store_held_locked_by_another_process_too_long_refuses_and_records_nothing(tmp_path: Path) -> None:
    path = tmp_path / "spent.sqlite3"
    store = EmbeddedStore(path)
    store.BUSY_MS = 100
    store.check()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailable) as refused:
            store.claim(b"k", b"v", 60)
        assert refused.value.code == "token_store_unavailable"
        assert str(path) not in refused.value.detail  # the answer names no path or host; the log does
        assert str(path) in (refused.value.cause or "")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.get(b"k") is None
    assert store.claim(b"k", b"v", 60) is None  # reachable again: it works again


def test_a_store_whose_file_cannot_be_written_stops_the_service_naming_the_variable(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for mode in (SEALED, SIGNED):
        settings = load_settings({}, {**mode, "REFEREE_TOKEN_STORE_PATH": str(blocker / "spent.sqlite3")})
        with pytest.raises(SettingError) as refused:
            store_for(settings)
        assert "REFEREE_TOKEN_STORE_PATH" in str(refused.value) and "none" in str(refused.value)


def test_the_store_is_on_with_no_setting_in_signed_and_sealed_modes_only(tmp_path: Path) -> None:
    path = str(tmp_path / "spent.sqlite3")
    assert store_for(load_settings({}, {"REFEREE_TOKEN_STORE_PATH": path})) is None  # open mode
    for mode in (SEALED, SIGNED):
        store = store_for(load_settings({}, {**mode, "REFEREE_TOKEN_STORE_PATH": path}))
        assert isinstance(store, EmbeddedStore) and store.path == Path(path)
        assert store.description == f"embedded (SQLite) at {path}"
        assert store_for(load_settings({}, {**mode, "REFEREE_TOKEN_STORE": "none"})) is None
        assert store_for(load_settings({}, {**mode, "REFEREE_TOKEN_STORE": " NONE "})) is None
    assert Path(path).exists()  # the start's check made it


def test_the_default_path_is_documented_and_the_folder_is_made(tmp_path: Path) -> None:
    assert load_settings({})["REFEREE_TOKEN_STORE_PATH"] == "/var/lib/referee/spent-states.sqlite3"
    path = tmp_path / "deep" / "folder" / "spent.sqlite3"
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
    store = EmbeddedStore(tmp_path / "spent.sqlite3")
    store.BUSY_MS = 10
    store.check()
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with caplog.at_level("WARNING", logger="referee.store"):
            for _ in range(5):
                with pytest.raises(StoreUnavailable):
                    store.claim(b"k", b"v", 60)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    lines = [record for record in caplog.records if record.name == "referee.store"]
    assert len(lines) == 1 and str(store.path) in lines[0].getMessage()
