"""Load generators: wrk when available, else a small multi-process http.client loop.

Both drive one fixed POST body at one URL for a bounded time and return the
same summary: requests, requests/s, latency percentiles (ms) and error counts.
Both also drive a list of requests, each sent once in turn (``run_wrk_list``,
``run_python_list``): a request that spends what it names (a sealed play)
cannot be sent twice and measure the same thing; the summary then also says
how many requests were sent past the end of the list (``reused``), again.

A list can be sent at saturation (each connection sends its next request as
soon as it has the answer: what a server can serve) or paced (``rate``:
about that many requests a second in all, each connection waiting a random
time, exponential with mean ``connections / rate``, after each answer, with
wrk's ``delay`` hook). At saturation a closed loop keeps every connection's
request queued at the server, so a latency percentile there measures the
queue as much as the request; paced well below saturation, it measures what
each request costs, and what a change adds to it.
"""

from __future__ import annotations

import http.client
import itertools
import json
import multiprocessing
import os
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
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


LIST_LUA = """\
local threads, next_id = {}, 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(1 + id)
  requests, index, reused, wrapped = {}, 0, 0, false
  for line in io.lines(args[1] .. "." .. id) do
    local tab = line:find("\\t", 1, true)
    local headers = {["Content-Type"] = "application/json"}
    if tab > 1 then headers["Authorization"] = line:sub(1, tab - 1) end
    table.insert(requests, wrk.format("POST", args[2], headers, line:sub(tab + 1)))
  end
end

function request()
  index = index + 1
  if index > #requests then
    index, wrapped = 1, true
  end
  if wrapped then
    reused = reused + 1
  end
  return requests[index]
end

%(pacing)sdone = function(summary, latency, requests)
  local e, again = summary.errors, 0
  for _, thread in ipairs(threads) do
    again = again + (thread:get("reused") or 0)
  end
  io.write(string.format(
    "BENCH-RESULT {\\"requests\\": %%d, \\"duration_us\\": %%d, \\"p50_us\\": %%d, \\"p90_us\\": %%d, " ..
    "\\"p99_us\\": %%d, \\"max_us\\": %%d, \\"mean_us\\": %%.1f, \\"connect_errors\\": %%d, " ..
    "\\"read_errors\\": %%d, \\"write_errors\\": %%d, \\"status_errors\\": %%d, \\"timeouts\\": %%d, \\"reused\\": %%d}\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, latency.mean, e.connect, e.read, e.write, e.status, e.timeout, again))
end
"""

PACING_LUA = """\
function delay()
  return math.floor(-math.log(1 - math.random()) * %(mean_ms).3f + 0.5)
end

"""
"""wrk's hook for a paced list: milliseconds to wait before a connection's next request."""

Request = tuple[str, bytes]
"""One request of a list: its ``Authorization`` header's value (``""``: none) and its JSON body."""


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
    return _wrk_summary(run)


def run_wrk_list(binary: str, url: str, requests: list[Request], duration: float, connections: int, threads: int,
                 rate: float | None = None) -> dict:
    """Load ``url`` for ``duration`` seconds with ``requests``, each thread
    sending its share once in turn (again from its start past its end: the
    summary's ``reused``); at saturation, or paced at about ``rate`` requests
    a second (the module's docstring)."""
    threads = max(1, min(threads, connections))
    with tempfile.TemporaryDirectory(prefix="bench-requests-") as folder:
        base = Path(folder) / "requests"
        for number in range(threads):
            share = requests[number::threads]
            text = "".join(f"{authorization}\t{body.decode()}\n" for authorization, body in share)
            if any("\n" in body.decode() or "\t" in authorization for authorization, body in share):
                raise ValueError("a request of the list holds a tab or a line break")
            Path(f"{base}.{number}").write_text(text)
        script = Path(folder) / "list.lua"
        pacing = "" if rate is None else PACING_LUA % {"mean_ms": _pause_s(connections, rate) * 1000}
        script.write_text(LIST_LUA % {"pacing": pacing})
        command = [binary, "-t", str(threads), "-c", str(connections), "-d", f"{max(1, round(duration))}s",
                   "--timeout", "10s", "-s", str(script), url, "--", str(base), urlsplit(url).path]
        run = subprocess.run(command, capture_output=True, text=True, timeout=duration + 60)
    return _wrk_summary(run)


def _wrk_summary(run: subprocess.CompletedProcess[str]) -> dict:
    """The summary of a wrk run whose script printed its ``BENCH-RESULT`` line."""
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
        **({"reused": raw["reused"]} if "reused" in raw else {}),
    }


def _pause_s(connections: int, rate: float) -> float:
    """The mean pause of each connection after an answer, in seconds, for about ``rate`` requests a second in all."""
    if rate <= 0:
        raise ValueError("a paced load needs a rate above 0")
    return connections / rate


def _python_worker(args: tuple) -> tuple[int, int, int, list[float], int]:
    """One connection's loop: POST each of ``items`` ((headers, body)) in turn
    until ``stop``, pausing a random time of mean ``pause`` seconds after each
    answer (0: none); (ok, bad status, socket errors, latencies s, requests sent again)."""
    host, port, path, items, start, stop, pause = args
    ok = bad = errors = reused = 0
    pauses = random.Random(os.getpid())
    latencies: list[float] = []
    connection = http.client.HTTPConnection(host, port, timeout=10)
    while time.time() < start:
        time.sleep(0.001)
    for sent in itertools.count():
        began = time.perf_counter()
        if time.time() >= stop:
            break
        extra, body = items[sent % len(items)]
        reused += sent >= len(items)
        try:
            connection.request("POST", path, body=body, headers={"Content-Type": "application/json", **extra})
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
        if pause:
            time.sleep(pauses.expovariate(1 / pause))
    connection.close()
    return ok, bad, errors, latencies, reused


def run_python(url: str, body: bytes, duration: float, connections: int, threads: int = 0,
               headers: dict[str, str] | None = None) -> dict:
    """Closed loop: ``connections`` processes, each with one connection and one request at a time."""
    summary = _run_python(url, [[(headers or {}, body)]] * connections, duration)
    del summary["reused"]  # one body, sent again and again by design
    return summary


def run_python_list(url: str, requests: list[Request], duration: float, connections: int, threads: int = 0,
                    rate: float | None = None) -> dict:
    """As :func:`run_python`, each process sending its share of ``requests``
    once in turn; at saturation, or paced at about ``rate`` requests a second."""
    shares = [[({"Authorization": authorization} if authorization else {}, body) for authorization, body in requests[number::connections]]
              for number in range(connections)]
    return _run_python(url, shares, duration, 0.0 if rate is None else _pause_s(connections, rate))


def _run_python(url: str, shares: list[list[tuple[dict[str, str], bytes]]], duration: float, pause: float = 0.0) -> dict:
    parts = urlsplit(url)
    start = time.time() + 0.3
    stop = start + duration
    jobs = [(parts.hostname, parts.port, parts.path, share, start, stop, pause) for share in shares]
    with multiprocessing.get_context("fork").Pool(len(shares)) as pool:
        results = pool.map(_python_worker, jobs)
    latencies = sorted(x for r in results for x in r[3])
    total = sum(r[0] + r[1] for r in results)
    reused = sum(r[4] for r in results)

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
        "reused": reused,
    }
