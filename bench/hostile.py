"""Hostile clients against gunicorn: what one slow or malicious client does to everyone else.

Usage: ``python -m bench.hostile [--root PATH] [--workers N] [--stalled 3,50,200] [--only NAME ...]``
(``make hostile``). Starts gunicorn with the checkout's own ``deploy/gunicorn.conf.py``
(``--root`` serves another checkout with its own ``.venv``, to measure before and
after a change) and prints one line per figure:

* ``stall``: N connections that send part of a request (the headers, the
  headers and part of a body, or 990 KB of a 1 MB body: ``--kinds
  large-body``; the most headers the config allows, never ended, or ended
  and followed by most of a 64 KiB body: ``--kinds
  largest-headers,largest-headers-body``) and then wait, while ``/healthz`` is probed every
  0.25 s with a 1 s deadline: probes answered, the longest time ``/healthz``
  went unanswered (s), when the server dropped the stalled connections (s after
  they stalled) and the workers' RSS (MiB).
* ``metrics``: 2,000 requests with made-up methods and random paths, then the
  size of ``/metrics`` (bytes), its number of series and of distinct
  ``method`` values, and the size of the metrics directory (KiB).
* ``errors``: the status of each framing and encoding attack (non-ASCII
  signature, bad chunk size, a chunked body cut short, doubled slashes with a
  foreign ``Host``) and whether any answer carries ``Location``.
* ``config``: whether gunicorn refuses to start on each bad setting, and
  whether its output names the variable.

The same probes (:func:`stall`, :func:`raw_request`...) serve ``tests/test_hostile.py``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import selectors
import socket
import string
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: python bench/hostile.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import ROOT, Gunicorn, children, config_values, rss_kib  # noqa: E402
from service.server.bodies import SMALL_BODY_BYTES  # noqa: E402

SIGNING_KEY = "hostile-bench-signing-key-0123456789abcdef"
JSON_HEADERS = "Content-Type: application/json\r\n"
STANDARD_METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH")

# Each kind of stall: the bytes sent before the client stops sending.
STALLS: dict[str, bytes] = {
    "silent": b"",
    "request-line": b"POST /v1/games/agram/deal HTTP/1.1\r\n",
    "headers": b"POST /v1/games/agram/deal HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n",
    "body": (b"POST /v1/games/agram/deal HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n"
             b"Content-Length: 40\r\n\r\n{\"players\": 3,"),
    "chunked-body": (b"POST /v1/games/agram/deal HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n10\r\n{\"players\": 3, \r\n"),
    # 990,000 of a 1,000,000-byte body, then nothing: the memory a stalled body holds.
    "large-body": (b"POST /v1/games/agram/deal HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n"
                   b"Content-Length: 1000000\r\n\r\n" + b" " * 990_000),
}
LARGEST = ("largest-headers", "largest-headers-body")
"""Stall kinds built from gunicorn.conf.py's header limits (:func:`largest_headers`): the most a
connection can make a worker hold, with its headers never ended, or ended and followed by most of
the largest body that is not counted against the body budget."""


def largest_headers(fields: int, field_size: int, body: int = 0) -> bytes:
    """A request whose headers fill gunicorn's limits: ``fields`` header lines of
    ``field_size`` bytes each, CRLF included (``limit_request_fields``,
    ``limit_request_field_size``), never ended with the blank line; with
    ``body``, ended, announcing a body of ``body`` bytes and sending all but
    100 of them."""
    start = b"POST /v1/games/agram/deal HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n"
    own = 2 + (1 if body else 0)  # Host, Content-Type (and Content-Length)
    filler = b"".join(b"X-Filler-%03d: " % index + b"a" * (field_size - 16) + b"\r\n" for index in range(fields - own))
    if not body:
        return start + filler
    return start + filler + b"Content-Length: %d\r\n\r\n" % body + b" " * (body - 100)


def stall_bytes(kind: str) -> bytes:
    """What a connection of ``kind`` (:data:`STALLS` or :data:`LARGEST`) sends before it stops."""
    if kind not in LARGEST:
        return STALLS[kind]
    limits = config_values("limit_request_fields", "limit_request_field_size")
    return largest_headers(limits["limit_request_fields"], limits["limit_request_field_size"],
                           SMALL_BODY_BYTES if kind == "largest-headers-body" else 0)


# -- raw HTTP ---------------------------------------------------------------------


@dataclass
class Answer:
    """One raw HTTP answer: status (0 when the server closed without one), headers, body."""

    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    def json(self):
        return json.loads(self.body) if self.body else None


def parse_answer(data: bytes) -> Answer:
    """Parse the bytes of one HTTP/1.1 answer (headers lower-cased; body as sent)."""
    head, _, body = data.partition(b"\r\n\r\n")
    if not head:
        return Answer(0)
    lines = head.decode("latin-1").split("\r\n")
    match = re.match(r"HTTP/1\.[01] (\d{3})", lines[0])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = _dechunk(body)
    return Answer(int(match.group(1)) if match else 0, headers, body)


def _dechunk(data: bytes) -> bytes:
    out = bytearray()
    while data:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out += data[:size]
        data = data[size + 2:]
    return bytes(out)


CLIENT_A, CLIENT_B = "127.0.0.2", "127.0.0.3"
"""Two clients the server tells apart by their address: loopback answers on
all of 127.0.0.0/8, so a connection bound to either comes from a peer of its own."""


def connect(port: int, *, source: str | None = None, timeout: float = 10.0, receive_buffer: int | None = None) -> socket.socket:
    """A connection to the server on loopback, from ``source`` (an address of
    127.0.0.0/8; default the kernel's choice, 127.0.0.1), with a receive
    buffer of ``receive_buffer`` bytes (set before connecting, so the window
    the server sees is that small)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if receive_buffer is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        if source is not None:
            sock.bind((source, 0))
        sock.settimeout(timeout)
        sock.connect(("127.0.0.1", port))
    except BaseException:
        sock.close()
        raise
    return sock


def raw_request(port: int, data: bytes, *, shutdown: bool = False, timeout: float = 10.0, source: str | None = None) -> Answer:
    """Send ``data`` as is on a new connection (from ``source``, see
    :func:`connect`) and read the answer until the server closes.

    ``shutdown`` closes our side for writing after sending (a client that stops
    mid-request and hangs up).
    """
    return timed_request(port, data, shutdown=shutdown, timeout=timeout, source=source)[1]


def timed_request(port: int, data: bytes, *, shutdown: bool = False, timeout: float = 10.0,
                  source: str | None = None) -> tuple[float, Answer]:
    """:func:`raw_request`, with the seconds from the last byte sent to the
    answer's first byte received (the server's part: a slow client's reading
    of a long answer is not counted)."""
    with connect(port, source=source, timeout=timeout) as sock:
        sock.sendall(data)
        if shutdown:
            sock.shutdown(socket.SHUT_WR)
        sent = time.monotonic()
        received = bytearray()
        first = None
        try:
            while chunk := sock.recv(65536):
                first = first or time.monotonic()
                received += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    return (first or time.monotonic()) - sent, parse_answer(bytes(received))


def request_bytes(method: str, path: str, body: bytes | None = None, headers: str = "", *,
                  host: str = "referee") -> bytes:
    """One HTTP/1.1 request with ``Connection: close`` (and ``Content-Length`` when there is a body)."""
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{headers}"
    if body is not None:
        head += f"Content-Length: {len(body)}\r\n"
    return head.encode("latin-1") + b"\r\n" + (body or b"")


def chunked_request(path: str, chunks: bytes) -> bytes:
    """A POST of JSON whose body is ``chunks``, already framed (or misframed) by the caller."""
    return (f"POST {path} HTTP/1.1\r\nHost: referee\r\nConnection: close\r\n{JSON_HEADERS}"
            "Transfer-Encoding: chunked\r\n\r\n").encode() + chunks


def healthz_seconds(port: int, deadline: float = 1.0) -> float | None:
    """Seconds ``GET /healthz`` took on a new connection, or None when no 200 came within ``deadline``."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=deadline)
    try:
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        response.read()
        elapsed = time.monotonic() - start
        return elapsed if response.status == 200 and elapsed <= deadline else None
    except OSError:
        return None
    finally:
        connection.close()


# -- stalled connections ------------------------------------------------------------


@dataclass
class StallResult:
    kind: str
    connections: int
    probes: int
    answered: int
    longest_gap_s: float
    dropped: int  # stalled connections the server closed (or answered) within the watch
    dropped_after_s: list[float]  # seconds after stalling, per dropped connection
    answers: dict[int, int]  # status (0: closed without an answer) -> count
    rss_mib: float | None = None

    def line(self) -> str:
        drops = sorted(self.dropped_after_s)
        when = (f"dropped {self.dropped}/{self.connections} after {drops[0]:.1f}-{drops[-1]:.1f} s"
                if drops else f"dropped 0/{self.connections}")
        rss = f", workers' RSS {self.rss_mib:.1f} MiB" if self.rss_mib is not None else ""
        return (f"stall {self.kind} x{self.connections}: /healthz answered {self.answered}/{self.probes} within 1 s, "
                f"longest gap {self.longest_gap_s:.1f} s; {when}; answers {self.answers}{rss}")


def stall(port: int, kind: str, connections: int, watch: float, *, probe_every: float = 0.25,
          workers_rss=None, until_dropped: bool = False) -> StallResult:
    """Open ``connections`` connections that send ``STALLS[kind]`` and wait; probe /healthz for ``watch`` s
    (with ``until_dropped``, only until the server has dropped every one).

    ``workers_rss`` is an optional callable giving the workers' total RSS in KiB,
    read halfway through the watch.
    """
    sent = stall_bytes(kind)
    sockets = []
    for _ in range(connections):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        if sent:
            try:
                sock.sendall(sent)
            except OSError:
                pass  # answered (a 503 for a body past the budget) and closed before all was sent
        sock.setblocking(False)
        sockets.append(sock)
    stalled_at = time.monotonic()
    open_ = {sock: bytearray() for sock in sockets}
    watcher = selectors.DefaultSelector()  # epoll: select() stops at descriptor 1024
    for sock in sockets:
        watcher.register(sock, selectors.EVENT_READ)
    dropped_after: list[float] = []
    answers: dict[int, int] = {}
    probes = answered = 0
    gap_start: float | None = None
    longest_gap = 0.0
    rss = None
    try:
        while (now := time.monotonic()) - stalled_at < watch:
            probes += 1
            ok = healthz_seconds(port) is not None
            now = time.monotonic()
            if ok:
                answered += 1
                if gap_start is not None:
                    longest_gap = max(longest_gap, now - gap_start)
                gap_start = None
            elif gap_start is None:
                gap_start = now - 1.0
            if rss is None and workers_rss and now - stalled_at > watch / 2:
                rss = workers_rss()
            for key, _ in watcher.select(0) if open_ else []:
                sock = key.fileobj
                try:
                    chunk = sock.recv(65536)
                except OSError:
                    chunk = b""
                if chunk:
                    open_[sock] += chunk
                    continue
                watcher.unregister(sock)
                status = parse_answer(bytes(open_.pop(sock))).status
                answers[status] = answers.get(status, 0) + 1
                dropped_after.append(time.monotonic() - stalled_at)
            if until_dropped and not open_:
                break
            time.sleep(max(0.0, probe_every - (time.monotonic() - now)))
        if gap_start is not None:
            longest_gap = max(longest_gap, time.monotonic() - gap_start)
    finally:
        watcher.close()
        for sock in sockets:
            sock.close()
    return StallResult(kind, connections, probes, answered, longest_gap, len(dropped_after), dropped_after,
                       answers, None if rss is None else rss / 1024)


# -- metric labels -------------------------------------------------------------------


def random_token(rng: random.Random, low: int = 4, high: int = 12) -> str:
    return "".join(rng.choice(string.ascii_uppercase) for _ in range(rng.randint(low, high)))


def junk_requests(port: int, count: int, seed: int = 1) -> dict[int, int]:
    """``count`` requests with made-up methods (and random paths); status -> count."""
    rng = random.Random(seed)
    statuses: dict[int, int] = {}
    for _ in range(count):
        path = "/" + "/".join(random_token(rng, 1, 8).lower() for _ in range(rng.randint(1, 3)))
        answer = raw_request(port, request_bytes(random_token(rng), path))
        statuses[answer.status] = statuses.get(answer.status, 0) + 1
    return statuses


def metrics_figures(port: int) -> dict:
    """Size of /metrics (bytes), its series and the distinct values of each label."""
    answer = raw_request(port, request_bytes("GET", "/metrics"), timeout=60)
    text = answer.body.decode()
    series = [line for line in text.splitlines() if line and not line.startswith("#")]
    labels: dict[str, set[str]] = {}
    for line in series:
        for name, value in re.findall(r'(\w+)="([^"]*)"', line):
            labels.setdefault(name, set()).add(value)
    return {"bytes": len(answer.body), "series": len(series), "labels": labels}


def directory_kib(path: str) -> int:
    """KiB the files in ``path`` occupy (allocated blocks: an in-memory volume's cost)."""
    return sum(f.stat().st_blocks * 512 for f in Path(path).glob("*")) // 1024


# -- the report ------------------------------------------------------------------------


# -- bursts: admission and the deadline --------------------------------------------

REFUSED_REPLAY = {"deal": {"seed": 1}, "moves": [{}] * 64, "next_hands": [{"deal": {}, "moves": [{}] * 64}] * 100}
"""The costliest refused body found (21.6 KB): 12,928 missing members, named in 50."""


def long_replay(hands: int = 101, players: int = 5, game_id: str = "agram") -> dict:
    """The costliest valid body of its kind: a replay of ``hands`` hands (the
    most a replay takes is 101) of ``game_id`` (``players`` seats in the
    Agram family), its target as high as it goes so the match runs on, each
    hand played out with each seat's first legal move (about 100 KB at 101
    hands of 5-player Agram, 70 KB of Agency)."""
    from service.games import GAMES

    game = GAMES[game_id]
    agency = game_id == "agency"
    first = {"seed": 1, "options": {"target_game_points": 100}} if agency else \
        {"players": players, "seed": 1, "options": {"target": 1000}}
    body: dict = {"deal": first, "next_hands": []}
    state = None
    for number in range(hands):
        deal = first if state is None else {"seed": number + 1}
        state = game.deal(**deal) if state is None else game.deal(previous=state, **deal)
        moves = []
        while state.to_act is not None:
            move = state.legal_moves()[0]
            moves.append({"seat": move.seat, "card": move.card.code}
                         | ({"holder": move.holder} if agency and move.holder is not None else {}))
            state, _ = game.play(state, move)
        if number == 0:
            body["moves"] = moves
        else:
            body["next_hands"].append({"deal": deal, "moves": moves})
    return body


def burst(port: int, request: bytes, clients: int, *, timeout: float = 60.0) -> list[tuple[float, Answer]]:
    """``clients`` connections that send ``request`` at the same moment: for
    each, the seconds from its last byte sent to its answer's first byte
    received (the server's part: a slow client's reading of a long answer is
    not counted), and the answer."""
    import threading

    start = threading.Barrier(clients)
    results: list[tuple[float, Answer]] = []

    def one() -> None:
        start.wait()
        results.append(timed_request(port, request, timeout=timeout))

    threads = [threading.Thread(target=one, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout + 5)
    return results


def signed_state(port: int) -> dict:
    body = json.dumps({"players": 3, "seed": 9}).encode()
    answer = raw_request(port, request_bytes("POST", "/v1/games/agram/deal", body, JSON_HEADERS))
    return answer.json()["state"]


def error_cases(port: int) -> dict[str, Answer]:
    """Each framing or encoding attack -> the server's answer."""
    state = signed_state(port)
    state["signature"] = "hmac-sha256:\u00e9"
    non_ascii = json.dumps({"state": state}, ensure_ascii=False).encode()
    deal = "/v1/games/agram/deal"
    return {
        "non-ASCII signature": raw_request(
            port, request_bytes("POST", "/v1/games/agram/legal-moves", non_ascii, JSON_HEADERS)),
        "bad chunk size": raw_request(port, chunked_request(deal, b"zz\r\n{}\r\n0\r\n\r\n")),
        "chunked body cut short": raw_request(port, chunked_request(deal, b"20\r\n{\"players\": 3"), shutdown=True),
        "doubled slashes, foreign Host": raw_request(
            port, request_bytes("GET", "//v1//games", host="attacker.example")),
    }


# -- one client against the others: memory, CPU, the pool, admission, the body budget ------


def workers_rss_kib(master: int) -> int:
    """The resident set of ``master``'s workers in KiB, summed (their analysis processes not counted)."""
    return sum(filter(None, map(rss_kib, children(master))))


def workers_cpu_seconds(master: int) -> float:
    """CPU seconds (user and system) ``master``'s workers have used so far, summed."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in children(master):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


@dataclass
class Readers:
    """Slow readers of one answer: how many, the answer's size, the workers' memory before and at most while they wait."""

    path: str
    readers: int
    answer_bytes: int
    before_mib: float
    most_mib: float
    begun: int  # readers whose answer had begun (a status line came) when they read at last

    def line(self) -> str:
        return (f"slow readers of {self.path} ({self.answer_bytes:,} bytes) x{self.readers}: workers' RSS "
                f"{self.before_mib:.0f} -> {self.most_mib:.0f} MiB (+{self.most_mib - self.before_mib:.0f}); "
                f"{self.begun} answers begun")


def slow_readers(port: int, path: str, readers: int, memory, *, source: str = CLIENT_A, hold: float = 6.0) -> Readers:
    """``readers`` connections, each with a 4 KiB receive buffer, that send
    ``GET path`` and read nothing for ``hold`` seconds (under the server's
    request deadline): the most the workers' memory (``memory()``, KiB) rose
    meanwhile, read every 0.25 s. Each then reads the start of its answer."""
    size = len(raw_request(port, request_bytes("GET", path), timeout=60).body)
    time.sleep(0.5)
    before = most = memory()
    sockets: list[socket.socket] = []
    begun = 0
    try:
        for _ in range(readers):
            sock = connect(port, source=source, receive_buffer=4096)
            sock.sendall(request_bytes("GET", path))
            sockets.append(sock)
        until = time.monotonic() + hold
        while time.monotonic() < until:
            most = max(most, memory())
            time.sleep(0.25)
        for sock in sockets:
            sock.settimeout(0.5)
            try:
                begun += sock.recv(16).startswith(b"HTTP/1.1 200")
            except OSError:
                pass
    finally:
        for sock in sockets:
            sock.close()
    return Readers(path, readers, size, before / 1024, most / 1024, begun)


def inflate_metrics(port: int) -> int:
    """Send each operation of the spec the requests that give its label sets
    (method, operation, status) the most values: the answers' statuses 200,
    204, 400, 404, 405, 413, 415 and 422 and made-up methods. The size of
    ``/metrics`` afterwards, in bytes."""
    spec = raw_request(port, request_bytes("GET", "/openapi.json"), timeout=60).json()
    too_large = b"[" + b" " * (1024 * 1024) + b"]"
    for path in spec["paths"]:
        concrete = path.replace("{game}", "agram").replace("{code}", "not_found")
        for method, body, headers in (("POST", b"{}", JSON_HEADERS), ("POST", b"{", JSON_HEADERS),
                                      ("POST", b"{}", "Content-Type: text/plain\r\n"), ("GET", None, ""),
                                      ("PUT", b"{}", JSON_HEADERS), ("DELETE", None, ""), ("PATCH", b"{}", JSON_HEADERS),
                                      ("OPTIONS", None, ""), ("HEAD", None, ""), ("BREW", None, ""),
                                      ("POST", too_large, JSON_HEADERS)):
            if len(body or b"") > 1024 * 1024:
                head = request_bytes(method, concrete, None, headers + f"Content-Length: {len(body)}\r\n")
                raw_request(port, head, shutdown=True)
            else:
                raw_request(port, request_bytes(method, concrete, body, headers))
    return len(raw_request(port, request_bytes("GET", "/metrics"), timeout=60).body)


@dataclass
class Probes:
    """``/healthz`` probed while something else goes on: each probe's seconds (``None``: no answer within the cap)."""

    seconds: list[float | None] = field(default_factory=list)

    @property
    def worst(self) -> float | None:
        return None if None in self.seconds else max(self.seconds, default=0.0)

    def text(self) -> str:
        worst = self.worst
        return (f"/healthz {len(self.seconds)} probes, worst {'past the cap' if worst is None else f'{worst:.2f} s'}, "
                f"{sum(1 for s in self.seconds if s is not None and s <= 1.0)} within 1 s")


def probing(port: int, probes: Probes, stop, *, every: float = 0.2, cap: float = 30.0, source: str = CLIENT_B):
    """A thread that probes ``/healthz`` every ``every`` s into ``probes`` until ``stop`` is set."""
    import threading

    def run() -> None:
        while True:
            started = time.monotonic()
            try:
                answer = raw_request(port, request_bytes("GET", "/healthz"), timeout=cap, source=source)
                probes.seconds.append(time.monotonic() - started if answer.status == 200 else None)
            except OSError:
                probes.seconds.append(None)
            if stop.wait(every):
                return

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@dataclass
class Uploads:
    uploads: int
    body_bytes: int
    answers: dict[int, int]
    slowest_s: float
    cpu_s: float
    probes: Probes

    def line(self) -> str:
        return (f"{self.uploads} clients uploading {self.body_bytes:,} bytes in 1-byte chunks: answers {self.answers}, "
                f"slowest {self.slowest_s:.1f} s, workers' CPU {self.cpu_s:.2f} s; {self.probes.text()}")


def one_byte_chunks(size: int, path: str = "/v1/games/agram/deal") -> bytes:
    """A POST of a ``size``-byte body (``{"x": "XXX...`` JSON) sent as one chunk per byte."""
    body = b'{"x": "' + b"X" * (size - 9) + b'"}'
    return chunked_request(path, b"".join(b"1\r\n%c\r\n" % byte for byte in body) + b"0\r\n\r\n")


def chunked_uploads(port: int, master: int, uploads: int, *, body_bytes: int = 1_000_000, seconds: float = 5.0,
                    source: str = CLIENT_A) -> Uploads:
    """``uploads`` clients each send a ``body_bytes`` body in 1-byte chunks,
    again as soon as it is answered, for ``seconds``, while ``/healthz`` is
    probed: each answer's status, the slowest, the workers' CPU seconds
    meanwhile and the probes."""
    import threading

    data = one_byte_chunks(body_bytes)
    answers: dict[int, int] = {}
    slowest = 0.0
    probes, stop = Probes(), threading.Event()
    cpu = workers_cpu_seconds(master)
    until = time.monotonic() + seconds

    def upload() -> None:
        nonlocal slowest
        while time.monotonic() < until:
            started = time.monotonic()
            try:
                status = raw_request(port, data, timeout=60, source=source).status
            except OSError:
                status = 0
            slowest = max(slowest, time.monotonic() - started)
            answers[status] = answers.get(status, 0) + 1

    prober = probing(port, probes, stop)
    threads = [threading.Thread(target=upload, daemon=True) for _ in range(uploads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 90)
    stop.set()
    prober.join(35)
    return Uploads(uploads, body_bytes, answers, slowest, workers_cpu_seconds(master) - cpu, probes)


def dealt_state(port: int, game: str = "agency", body: bytes = b'{"seed": 7}') -> dict:
    """A fresh state of ``game`` from the server (signed or open, as it holds them)."""
    return raw_request(port, request_bytes("POST", f"/v1/games/{game}/deal", body, JSON_HEADERS)).json()["state"]


@dataclass
class Share:
    """One client looping costly requests on many connections, another sending a cheap one again and again."""

    what: str
    loopers: int
    looped: dict[int, int]
    other: dict[int, int]
    other_seconds: list[float]

    @property
    def answered(self) -> float:
        """The other client's share of 200 answers."""
        return self.other.get(200, 0) / max(1, sum(self.other.values()))

    def line(self) -> str:
        slowest = max(self.other_seconds, default=0.0)
        return (f"{self.what}: the looping client's answers {self.looped}; the other client's {self.other} "
                f"({self.answered:.0%} answered, slowest {slowest:.1f} s)")


def shared_against(port: int, what: str, looped: bytes, loopers: int, other: bytes, tries: int, *,
                   pause: float = 0.1, warmup: float = 1.0) -> Share:
    """Client A (:data:`CLIENT_A`) sends ``looped`` on ``loopers`` connections,
    each again as soon as it is answered; meanwhile client B
    (:data:`CLIENT_B`) sends ``other`` ``tries`` times, one after another
    ``pause`` s apart: every answer's status, by client."""
    import threading

    stop = threading.Event()
    statuses: dict[int, int] = {}

    def loop() -> None:
        while not stop.is_set():
            try:
                status = raw_request(port, looped, timeout=30, source=CLIENT_A).status
            except OSError:
                status = 0
            statuses[status] = statuses.get(status, 0) + 1

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(loopers)]
    for thread in threads:
        thread.start()
    time.sleep(warmup)
    answers: dict[int, int] = {}
    seconds: list[float] = []
    try:
        for _ in range(tries):
            started = time.monotonic()
            try:
                status = raw_request(port, other, timeout=30, source=CLIENT_B).status
            except OSError:
                status = 0
            seconds.append(time.monotonic() - started)
            answers[status] = answers.get(status, 0) + 1
            time.sleep(pause)
    finally:
        stop.set()
        for thread in threads:
            thread.join(35)
    return Share(what, loopers, statuses, answers, seconds)


def analysis_share(port: int, loopers: int, tries: int) -> Share:
    """Client A loops Agency ``solve`` at the deal; client B asks ``suggest`` on the same hand."""
    state = dealt_state(port)
    solve = request_bytes("POST", "/v1/games/agency/solve", json.dumps({"state": state}).encode(), JSON_HEADERS)
    suggest = request_bytes("POST", "/v1/games/agency/suggest", json.dumps({"state": state, "seed": 1}).encode(), JSON_HEADERS)
    return shared_against(port, f"solve x{loopers} against suggest", solve, loopers, suggest, tries)


def admission_share(port: int, loopers: int, tries: int) -> Share:
    """Client A loops the longest Agency replay (101 hands); client B asks ``legal-moves``."""
    replay = request_bytes("POST", "/v1/games/agency/replay", json.dumps(long_replay(game_id="agency")).encode(), JSON_HEADERS)
    legal = request_bytes("POST", "/v1/games/agency/legal-moves", json.dumps({"state": dealt_state(port)}).encode(), JSON_HEADERS)
    return shared_against(port, f"replay x{loopers} against legal-moves", replay, loopers, legal, tries, pause=0.05)


def stalled_chunked(port: int, stalled: int) -> tuple[Answer, float]:
    """Client A opens ``stalled`` connections that each send a chunked POST's
    headers and its first 1-byte chunk and stop; client B then sends a small
    chunked body: its answer, and the seconds it took."""
    head = chunked_request("/v1/games/agram/deal", b"1\r\n{\r\n")
    sockets = []
    try:
        for _ in range(stalled):
            sock = connect(port, source=CLIENT_A)
            sock.sendall(head)
            sockets.append(sock)
        time.sleep(0.5)
        started = time.monotonic()
        answer = raw_request(port, chunked_request("/v1/games/agram/deal", b'e\r\n{"players": 3}\r\n0\r\n\r\n'),
                             source=CLIENT_B)
        return answer, time.monotonic() - started
    finally:
        for sock in sockets:
            sock.close()


def abandoned_solves(port: int, abandoned: int, *, source: str = CLIENT_A, patience: float = 30.0) -> tuple[list[int], float]:
    """``abandoned`` Agency ``solve`` requests, each on a connection closed as
    soon as it is sent; then one more from the same client, sent again a
    second after each 503 (its ``Retry-After``) for up to ``patience`` s:
    the statuses it got, and the seconds until the last."""
    solve = request_bytes("POST", "/v1/games/agency/solve", json.dumps({"state": dealt_state(port)}).encode(), JSON_HEADERS)
    for _ in range(abandoned):
        with connect(port, source=source) as sock:
            sock.sendall(solve)
    time.sleep(0.2)
    started = time.monotonic()
    statuses = [raw_request(port, solve, timeout=30, source=source).status]
    while statuses[-1] == 503 and time.monotonic() - started < patience:
        time.sleep(1)
        statuses.append(raw_request(port, solve, timeout=30, source=source).status)
    return statuses, time.monotonic() - started


HOSTS = {"space": "x y", "slash": "x/y", "binary": "\xff\xfe", "bad IP literal": "[zz]", "empty": ""}
"""Host values that are no host name (RFC 9110, 7.2; RFC 3986, 3.2.2)."""


def first_bytes(port: int, data: bytes, *, wait: float = 1.0, timeout: float = 15.0) -> tuple[bytes, float, bytes]:
    """Send ``data`` and read: what came within ``wait`` s, then everything
    until the server closes (at most ``timeout`` s), and the seconds until it did."""
    with connect(port, timeout=timeout) as sock:
        sock.sendall(data)
        started = time.monotonic()
        sock.settimeout(wait)
        early = b""
        try:
            early = sock.recv(65536)
        except TimeoutError:
            pass
        sock.settimeout(timeout)
        rest = early
        try:
            while early and (chunk := sock.recv(65536)):
                rest += chunk
            if not early:
                while chunk := sock.recv(65536):
                    rest += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        return early, time.monotonic() - started, rest


def cosmetic_cases(port: int) -> dict[str, str]:
    """Each of the small faults -> what the server answered (status, code, seconds, whether a 100 came first)."""
    out: dict[str, str] = {}
    for name, host in HOSTS.items():
        data = f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode("latin-1")
        answer = raw_request(port, data)
        out[f"Host {name}"] = f"{answer.status} {(answer.json() or {}).get('code') if answer.status != 200 else ''}".strip()
    deal = "/v1/games/agram/deal"
    for name, chunks in (("chunk size past the limit", b"ffffffffffffffffffff\r\n"), ("LF-only framing", b"2\n{}\n0\n\n")):
        seconds, answer = timed_request(port, chunked_request(deal, chunks), timeout=20)
        out[name] = f"{answer.status} {(answer.json() or {}).get('code')} after {seconds:.1f} s"
    expect = "Expect: 100-continue\r\n"
    for name, data in (("GET with Expect", request_bytes("GET", "/healthz", None, expect)),
                       ("POST to an unknown path with Expect", request_bytes("POST", "/nowhere", None, JSON_HEADERS + expect
                                                                             + "Content-Length: 20\r\n"))):
        early, seconds, whole = first_bytes(port, data)
        final = parse_answer(whole.split(b"\r\n\r\n", 1)[1] if whole.startswith(b"HTTP/1.1 100") else whole)
        out[name] = f"100 first: {early.startswith(b'HTTP/1.1 100')}; then {final.status} after {seconds:.1f} s"
    return out


CASES = ("stall", "metrics", "errors", "readers", "chunks", "shares", "stalled-chunked", "abandoned", "cosmetics")
"""What ``--only`` may name besides ``config``."""

BAD_CONFIG = {
    "REFEREE_SIGNING_KEYS": ["", " , ", ",,", "x"],
    "REFEREE_SEALING_KEYS": ["", "short"],
    "REFEREE_ALLOW_CHOSEN_DEALS": ["maybe"],
}


def refuses_to_start(env: dict[str, str], root: Path = ROOT, timeout: float = 20.0) -> tuple[int | None, str]:
    """Start gunicorn with ``env``; (exit code or None if it kept running, its output)."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    python = root / ".venv" / "bin" / "python"
    with tempfile.TemporaryDirectory() as metrics:
        process = subprocess.Popen(
            [str(python) if python.exists() else sys.executable, "-m", "gunicorn", "--config",
             str(root / "deploy" / "gunicorn.conf.py"), "service.app:create_app()"],
            cwd=root, env={**os.environ, "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": "1",
                           "PROMETHEUS_MULTIPROC_DIR": metrics, **env},
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            output, _ = process.communicate(timeout=timeout)
            return process.returncode, output
        except subprocess.TimeoutExpired:
            process.terminate()
            output, _ = process.communicate(timeout=30)
            return None, output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout to serve (default: this one)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--stalled", default="3,50,200", help="stalled connection counts (default 3,50,200)")
    parser.add_argument("--kinds", default="headers,body", help=f"stall kinds, of {','.join((*STALLS, *LARGEST))}")
    parser.add_argument("--watch", type=float, default=40.0, help="seconds to watch each stall (default 40)")
    parser.add_argument("--readers", type=int, default=300, help="slow readers of each large answer (default 300)")
    parser.add_argument("--uploads", type=int, default=4, help="uploads in 1-byte chunks at once (default 4)")
    parser.add_argument("--loopers", default="10,12", help="client A's connections looping solve, and replay (default 10,12)")
    parser.add_argument("--tries", type=int, default=40, help="client B's requests beside them (default 40)")
    parser.add_argument("--stalled-chunked", type=int, default=140, help="stalled chunked bodies (default 140)")
    parser.add_argument("--abandoned", type=int, default=30, help="abandoned solves before one waited for (default 30)")
    parser.add_argument("--only", nargs="*", choices=(*CASES, "config"), default=[*CASES, "config"])
    args = parser.parse_args(argv)
    root = args.root.resolve()
    metrics_dir = tempfile.mkdtemp(prefix="hostile-metrics-")
    server = Gunicorn("hostile", "service.app:create_app()", ("/v1/games/agency/legal-moves", b"{}"), root=root,
                      env={"GUNICORN_WORKERS": str(args.workers), "REFEREE_SIGNING_KEYS": SIGNING_KEY,
                           "PROMETHEUS_MULTIPROC_DIR": metrics_dir})
    print(f"serving {root} with {args.workers} workers", flush=True)
    server.start()
    try:
        if "stall" in args.only:
            for kind in args.kinds.split(","):
                for count in (int(n) for n in args.stalled.split(",")):
                    result = stall(server.port, kind, count, args.watch,
                                   workers_rss=lambda: sum(filter(None, map(rss_kib, server.workers()))))
                    print(result.line(), flush=True)
                    time.sleep(2)
        if "metrics" in args.only:
            before = {**metrics_figures(server.port), "directory_kib": directory_kib(metrics_dir)}
            statuses = junk_requests(server.port, 2000)
            after = {**metrics_figures(server.port), "directory_kib": directory_kib(metrics_dir)}
            for name, figures in (("before", before), ("after 2,000 made-up methods", after)):
                print(f"metrics {name}: /metrics {figures['bytes']:,} bytes, {figures['series']:,} series, "
                      f"{len(figures['labels'].get('method', ()))} methods, "
                      f"{len(figures['labels'].get('operation', ()))} operations, "
                      f"{len(figures['labels'].get('status', ()))} statuses; "
                      f"metrics directory {figures['directory_kib']:,} KiB", flush=True)
            print(f"metrics: junk requests answered {statuses}", flush=True)
        if "readers" in args.only:
            memory = lambda: workers_rss_kib(server.process.pid)  # noqa: E731
            print(slow_readers(server.port, "/openapi.json", args.readers, memory).line(), flush=True)
            time.sleep(12)  # the readers' connections dropped at the request deadline
            print(f"/metrics inflated to {inflate_metrics(server.port):,} bytes", flush=True)
            print(slow_readers(server.port, "/metrics", args.readers, memory).line(), flush=True)
            time.sleep(12)
        if "chunks" in args.only:
            print(chunked_uploads(server.port, server.process.pid, args.uploads).line(), flush=True)
        if "shares" in args.only:
            solvers, replayers = (int(n) for n in args.loopers.split(","))
            print(analysis_share(server.port, solvers, args.tries).line(), flush=True)
            print(admission_share(server.port, replayers, args.tries).line(), flush=True)
        if "stalled-chunked" in args.only:
            answer, seconds = stalled_chunked(server.port, args.stalled_chunked)
            print(f"a small chunked body beside {args.stalled_chunked} stalled ones: {answer.status} "
                  f"{(answer.json() or {}).get('code', '') if answer.status != 200 else ''} in {seconds:.2f} s", flush=True)
        if "abandoned" in args.only:
            statuses, seconds = abandoned_solves(server.port, args.abandoned)
            print(f"a solve after {args.abandoned} abandoned ones, sent again after each 503: {statuses}, "
                  f"answered after {seconds:.2f} s", flush=True)
        if "cosmetics" in args.only:
            for name, outcome in cosmetic_cases(server.port).items():
                print(f"cosmetics {name}: {outcome}", flush=True)
        if "errors" in args.only:
            for name, answer in error_cases(server.port).items():
                code = (answer.json() or {}).get("code") if answer.body.startswith(b"{") else None
                print(f"errors {name}: {answer.status} {code or answer.body[:60]!r}"
                      f"{'; Location: ' + answer.headers['location'] if 'location' in answer.headers else ''}",
                      flush=True)
    finally:
        server.stop()
    if "config" in args.only:
        for name, values in BAD_CONFIG.items():
            for value in values:
                code, output = refuses_to_start({name: value}, root)
                print(f"config {name}={value!r}: "
                      + ("kept running" if code is None else f"exit {code}")
                      + f", names the variable: {name in output}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
