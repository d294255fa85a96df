"""A real Redis server for the tests and the benches: Debian's ``redis-server``,
started on a free loopback port with its data in a folder of its own."""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path


class RedisServer:
    """A real Redis server (Debian's ``redis-server``) on a free loopback
    port, its data in ``folder`` with the append-only file written and
    fsynced at every write (``--appendonly yes --appendfsync always``), as
    deploy/README.md asks of a production table's Redis (``appendfsync``
    says otherwise: ``everysec``), eviction off. It can be stopped and
    started again on the same port and data (:meth:`stop`, :meth:`start`),
    and paused (:meth:`pause`, :meth:`resume`)."""

    def __init__(self, folder: Path, appendfsync: str = "always") -> None:
        executable = shutil.which("redis-server") or "/usr/bin/redis-server"
        assert Path(executable).exists(), "Debian's redis-server is missing: `make test` installs it (apt-get install redis-server)"
        self.executable = executable
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.appendfsync = appendfsync
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        """Start the server and wait until it answers ``PING`` (it has loaded its append-only file)."""
        assert self.process is None, "already running"
        self.process = subprocess.Popen(
            [self.executable, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--appendfsync", self.appendfsync, "--save", "", "--maxmemory-policy", "noeviction",
             "--protected-mode", "yes", "--daemonize", "no", "--logfile", str(self.folder / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not self.answers():
            if self.process.poll() is not None:
                raise RuntimeError("redis-server exited: " + (self.folder / "redis.log").read_text()[-2000:])
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not answer within 20 s")
            time.sleep(0.02)

    def answers(self) -> bool:
        """Whether the server answers ``PING`` with ``PONG``."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as connection:
                connection.sendall(b"PING\r\n")
                return connection.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self, kill: bool = False) -> None:
        """Stop the server: SIGTERM (it writes its append-only file and
        exits), or SIGKILL with ``kill`` (a crash: only what was fsynced remains)."""
        if self.process is None:
            return
        if kill:
            self.process.kill()
        else:
            self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def pause(self) -> None:
        """Stop the server's process where it is (SIGSTOP): it answers
        nothing, but the kernel still takes connections and commands into
        its buffers, which it runs on :meth:`resume`."""
        assert self.process is not None, "not running"
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        """Let a paused server go on (SIGCONT)."""
        assert self.process is not None, "not running"
        self.process.send_signal(signal.SIGCONT)

    def command(self, *args: str) -> bytes:
        """One command by redis-cli's protocol, answered as raw bytes (for tests' inspection)."""
        body = f"*{len(args)}\r\n" + "".join(f"${len(arg.encode())}\r\n{arg}\r\n" for arg in args)
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as connection:
            connection.sendall(body.encode())
            return connection.recv(65536)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def running_redis(folder: Path, appendfsync: str = "always") -> Iterator[RedisServer]:
    """A :class:`RedisServer` in ``folder``, started, and stopped afterwards."""
    server = RedisServer(folder, appendfsync)
    server.start()
    try:
        yield server
    finally:
        server.stop()
