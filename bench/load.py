"""Load generators: wrk when available, else a small multi-process http.client loop.

Both drive one fixed POST body at one URL for a bounded time and return the
same summary: requests, requests/s, latency percentiles (ms) and error counts.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from urllib.parse import urlsplit

LUA = """\
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
%(headers)swrk.body = [==[
%(body)s]==]

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH-RESULT {\\"requests\\": %%d, \\"duration_us\\": %%d, \\"p50_us\\": %%d, \\"p90_us\\": %%d, " ..
    "\\"p99_us\\": %%d, \\"max_us\\": %%d, \\"mean_us\\": %%.1f, \\"connect_errors\\": %%d, " ..
    "\\"read_errors\\": %%d, \\"write_errors\\": %%d, \\"status_errors\\": %%d, \\"timeouts\\": %%d}\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, latency.mean, e.connect, e.read, e.write, e.status, e.timeout))
end
"""


def ensure_wrk(install: bool = True) -> tuple[str | None, str]:
    """The wrk binary, installing the Debian package when allowed and root.

    Returns (path or None, a note saying what happened).
    """
    found = shutil.which("wrk")
    if found:
        return found, "wrk found on PATH"
    if not install:
        return None, "wrk not found; installing was disabled"
    if not shutil.which("apt-get"):
        return None, "wrk not found and apt-get is not available"
    if os.geteuid() != 0:
        return None, "wrk not found and not root (cannot apt-get install wrk)"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print("wrk not found: apt-get install -y wrk ...", flush=True)
    if subprocess.run(["apt-get", "install", "-y", "-q", "wrk"], env=env, **quiet).returncode != 0:
        subprocess.run(["apt-get", "update", "-q"], env=env, **quiet)
        subprocess.run(["apt-get", "install", "-y", "-q", "wrk"], env=env, **quiet)
    found = shutil.which("wrk")
    return (found, "wrk installed with apt-get") if found else (None, "apt-get install wrk failed")


def wrk_version(binary: str) -> str:
    run = subprocess.run([binary, "--version"], capture_output=True, text=True)
    text = (run.stdout + run.stderr).strip().splitlines()
    return text[0] if text else "wrk"


def run_wrk(binary: str, url: str, body: bytes, duration: float, connections: int, threads: int,
            headers: dict[str, str] | None = None) -> dict:
    """Load ``url`` with ``body`` (and ``headers``, e.g. ``Authorization``) for ``duration`` seconds."""
    text = body.decode()
    if "]==]" in text:
        raise ValueError("body contains the Lua long-string terminator")
    lines = "".join(f"wrk.headers[{json.dumps(name)}] = {json.dumps(value)}\n" for name, value in (headers or {}).items())
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(LUA % {"body": text, "headers": lines})
    try:
        threads = max(1, min(threads, connections))
        command = [
            binary, "-t", str(threads), "-c", str(connections), "-d", f"{max(1, round(duration))}s",
            "--timeout", "10s", "-s", script.name, url,
        ]
        run = subprocess.run(command, capture_output=True, text=True, timeout=duration + 60)
    finally:
        os.unlink(script.name)
    line = next((x for x in run.stdout.splitlines() if x.startswith("BENCH-RESULT ")), None)
    if run.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({run.returncode}): {run.stdout[-1500:]} {run.stderr[-1500:]}")
    raw = json.loads(line.split(" ", 1)[1])
    seconds = raw["duration_us"] / 1e6
    errors = raw["connect_errors"] + raw["read_errors"] + raw["write_errors"] + raw["timeouts"]
    return {
        "requests": raw["requests"],
        "seconds": seconds,
        "rps": raw["requests"] / seconds if seconds else 0.0,
        "p50_ms": raw["p50_us"] / 1000,
        "p90_ms": raw["p90_us"] / 1000,
        "p99_ms": raw["p99_us"] / 1000,
        "max_ms": raw["max_us"] / 1000,
        "mean_ms": raw["mean_us"] / 1000,
        "socket_errors": errors,
        "non_2xx": raw["status_errors"],
    }


def _python_worker(args: tuple) -> tuple[int, int, int, list[float]]:
    """One connection's loop: POST until ``stop``; (ok, bad status, socket errors, latencies s)."""
    host, port, path, body, start, stop, extra = args
    headers = {"Content-Type": "application/json", **extra}
    ok = bad = errors = 0
    latencies: list[float] = []
    connection = http.client.HTTPConnection(host, port, timeout=10)
    while time.time() < start:
        time.sleep(0.001)
    while True:
        began = time.perf_counter()
        if time.time() >= stop:
            break
        try:
            connection.request("POST", path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.will_close:
                connection.close()  # gunicorn's sync workers close after each response
        except (OSError, http.client.HTTPException):
            errors += 1
            connection.close()
            continue
        latencies.append(time.perf_counter() - began)
        if 200 <= response.status < 400:
            ok += 1
        else:
            bad += 1
    connection.close()
    return ok, bad, errors, latencies


def run_python(url: str, body: bytes, duration: float, connections: int, threads: int = 0,
               headers: dict[str, str] | None = None) -> dict:
    """Closed loop: ``connections`` processes, each with one connection and one request at a time."""
    parts = urlsplit(url)
    start = time.time() + 0.3
    stop = start + duration
    jobs = [(parts.hostname, parts.port, parts.path, body, start, stop, headers or {})] * connections
    with multiprocessing.get_context("fork").Pool(connections) as pool:
        results = pool.map(_python_worker, jobs)
    latencies = sorted(x for r in results for x in r[3])
    total = sum(r[0] + r[1] for r in results)

    def pct(q: float) -> float:
        if not latencies:
            return 0.0
        return latencies[min(len(latencies) - 1, int(q / 100 * len(latencies)))] * 1000

    return {
        "requests": total,
        "seconds": duration,
        "rps": total / duration,
        "p50_ms": pct(50),
        "p90_ms": pct(90),
        "p99_ms": pct(99),
        "max_ms": latencies[-1] * 1000 if latencies else 0.0,
        "mean_ms": statistics.fmean(latencies) * 1000 if latencies else 0.0,
        "socket_errors": sum(r[2] for r in results),
        "non_2xx": sum(r[1] for r in results),
    }
