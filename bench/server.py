"""Start and stop gunicorn with the service's config, and read its workers' memory."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "deploy" / "gunicorn.conf.py"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def expected_workers() -> int:
    """The worker count the config will choose (it reads the same variable and mask)."""
    if os.environ.get("GUNICORN_WORKERS"):
        return int(os.environ["GUNICORN_WORKERS"])
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def children(pid: int) -> list[int]:
    """Direct children of ``pid`` (gunicorn's workers when ``pid`` is the master)."""
    found: set[int] = set()
    task_dir = Path(f"/proc/{pid}/task")
    try:
        for task in task_dir.iterdir():
            try:
                found.update(int(c) for c in (task / "children").read_text().split())
            except OSError:
                pass
    except OSError:
        return []
    if found:
        return sorted(found)
    # Kernels without the children file: scan every process's parent id.
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields and int(fields[1]) == pid:
                found.add(int(entry.name))
    return sorted(found)


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user and system) the processes ``pids`` have used so
    far, in seconds (``/proc/<pid>/stat``; a process gone counts 0)."""
    ticks = sum(int(fields[11]) + int(fields[12]) for fields in map(_stat_fields, pids) if fields)
    return ticks / os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the command's name (the
    process's state first, then its parent, ...); none for a process gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []


def config_values(*names: str, root: Path = ROOT) -> dict:
    """What ``deploy/gunicorn.conf.py`` sets ``names`` to with no ``GUNICORN_*``
    variable set (its defaults): ``{name: value}``.

    Read by running the file as gunicorn does, in a process of its own, since
    running it sets environment variables and makes a metrics directory.
    """
    env = {name: value for name, value in os.environ.items() if not name.startswith("GUNICORN_")}
    with tempfile.TemporaryDirectory(prefix="config-metrics-") as metrics:
        output = subprocess.run(
            [sys.executable, "-c", "import json, runpy, sys; values = runpy.run_path(sys.argv[1]); "
                                   "print(json.dumps({name: values[name] for name in sys.argv[2:]}))",
             str(root / CONFIG.relative_to(ROOT)), *names],
            cwd=root, env={**env, "PROMETHEUS_MULTIPROC_DIR": metrics}, capture_output=True, text=True, check=True,
        ).stdout
    return json.loads(output)


def _proc_kib(pid: int, file: str, field: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def rss_kib(pid: int) -> int | None:
    """Resident set size of ``pid`` in KiB (``VmRSS`` in /proc/<pid>/status):
    every page it maps, those it shares with other processes included."""
    return _proc_kib(pid, "status", "VmRSS:")


def peak_kib(pid: int) -> int | None:
    """The most resident memory ``pid`` has held, in KiB (``VmHWM`` in /proc/<pid>/status)."""
    return _proc_kib(pid, "status", "VmHWM:")


def pss_kib(pid: int) -> int | None:
    """Proportional set size of ``pid`` in KiB (``Pss`` in
    /proc/<pid>/smaps_rollup): its own pages, and its share of those it shares
    with other processes (a worker's with its master), so the sum over a pod's
    processes is the memory they use together."""
    return _proc_kib(pid, "smaps_rollup", "Pss:")


class Gunicorn:
    """One gunicorn master started with ``deploy/gunicorn.conf.py`` on a free loopback port.

    ``probe`` is a (path, body) POST used to tell when the app answers.
    ``config`` is another gunicorn config file to start it with (e.g. an older
    one, to compare); ``root`` another checkout to serve (its own ``.venv`` and
    config); ``env`` extra environment variables (``None`` unsets one);
    ``options`` gunicorn command-line options, which win over the config's.
    """

    def __init__(self, name: str, app_spec: str, probe: tuple[str, bytes], *, config: Path | None = None,
                 root: Path | None = None, env: dict[str, str | None] | None = None,
                 options: tuple[str, ...] = ()) -> None:
        self.name = name
        self.options = options
        self.app_spec = app_spec
        self.probe = probe
        self.root = root or ROOT
        self.config = config or self.root / CONFIG.relative_to(ROOT)
        venv_python = self.root / ".venv" / "bin" / "python"
        self.python = str(venv_python) if root is not None and venv_python.exists() else sys.executable
        self.env = env or {}
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.log = tempfile.NamedTemporaryFile(prefix=f"bench-{name}-", suffix=".log", delete=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        if not self.config.exists():
            raise SystemExit(f"{self.config} is missing: the bench serves the app with the service's own config")
        env = {**os.environ, **self.env, "GUNICORN_BIND": f"127.0.0.1:{self.port}"}
        env = {name: value for name, value in env.items() if value is not None}  # None: unset
        self.process = subprocess.Popen(
            [self.python, "-m", "gunicorn", "--config", str(self.config), *self.options, self.app_spec],
            cwd=self.root,
            env=env,
            stdout=subprocess.DEVNULL,  # the referee's JSON access log (one line per request)
            stderr=self.log,
        )
        deadline = time.monotonic() + timeout
        want = int(self.env["GUNICORN_WORKERS"]) if self.env.get("GUNICORN_WORKERS") else expected_workers()
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn ({self.name}) exited:\n{self.tail()}")
            if len(self.workers()) >= want and self._answers():
                break
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"gunicorn ({self.name}) did not answer within {timeout:.0f} s:\n{self.tail()}")
            time.sleep(0.1)

    def _answers(self) -> bool:
        path, body = self.probe
        try:
            status, _ = post(self.port, path, body)
        except OSError:
            return False
        return status < 500

    def workers(self) -> list[int]:
        return children(self.process.pid) if self.process else []

    def memory(self) -> dict[str, int | None]:
        """Worker pid -> RSS in KiB."""
        return {str(pid): rss_kib(pid) for pid in self.workers()}

    def tail(self, limit: int = 3000) -> str:
        try:
            return Path(self.log.name).read_text(errors="replace")[-limit:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        try:
            os.unlink(self.log.name)
        except OSError:
            pass


def post(port: int, path: str, body: bytes, timeout: float = 10.0, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    """One POST on a new connection; (status, body)."""
    status, _, data = exchange(port, path, body, timeout, headers)
    return status, data


def exchange(port: int, path: str, body: bytes, timeout: float = 10.0,
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One POST on a new connection; (status, the answer's headers by lower-case name, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, response.read()
    finally:
        connection.close()
