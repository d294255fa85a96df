"""The requests gunicorn refuses before the app sees them are problems too
(``service/server/worker.py`` RefereeWorker), against real gunicorn
(deploy/gunicorn.conf.py) over raw sockets.

Each kind of refusal answers gunicorn's status with ``application/problem+json``:
the five members, its code, a detail naming the limit broken and never the
client's bytes, and ``Connection: close``, and the connection closes.
"""

from __future__ import annotations

import io
import json
import re
import socket
import ssl
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from types import SimpleNamespace

import gunicorn.config
import pytest
from gunicorn.http import errors as http_errors
from gunicorn.http.body import ChunkedReader
from gunicorn.http.unreader import IterUnreader
from gunicorn.workers.base import Worker
from gunicorn.workers.ggevent import GeventWorker

from bench.hostile import Answer, chunked_request, parse_answer, request_bytes
from bench.server import config_values
from service.server.answers import PROBLEM_MEDIA_TYPE
from service.server.bodies import MAX_BODY_CHUNKS, BareLineFeed, BodyTooLarge
from service.server.http_errors import PARSER_ERRORS
from service.server.worker import (
    CHUNKS_BETWEEN_TURNS,
    CODES,
    CONTINUE,
    RECYCLE_QUIET_SECONDS,
    ChunkedBody,
    ContinueOnRead,
    RefereeWorker,
    may_recycle,
    recycle_booted,
    recycle_marker,
    refusal,
    staggered_max_requests,
)
from support import ROOT, running_gunicorn
from tools.openapi import load_spec

pytestmark = pytest.mark.timeout(60)

MARK = "zq7xw"
"""In every refused request: no answer may contain it."""
LIMITS = {"limit_request_line": 2000, "limit_request_fields": 40, "limit_request_field_size": 3000}
"""The server's limits (set by :func:`server`, whatever deploy/gunicorn.conf.py's defaults are)."""
BODY_LIMIT = 100_000
"""The server's ``REFEREE_MAX_BODY_BYTES``, and its ``REFEREE_BODY_BUDGET_BYTES`` too: one large body in flight spends it."""
HEAD = f"Host: referee\r\nX-Mark: {MARK}\r\n".encode()
HEADERS_READ = LIMITS["limit_request_fields"] * (LIMITS["limit_request_field_size"] + 2) + 4
"""The most bytes of headers gunicorn reads before it refuses them all
(``max_buffer_headers``): the request that breaks it sends no more, so that
nothing is left unread when the server closes (and the kernel resets the
connection, answer and all)."""


def _request(line: bytes = f"GET /{MARK} HTTP/1.1".encode(), headers: bytes = b"", body: bytes = b"") -> bytes:
    return line + b"\r\n" + HEAD + headers + b"\r\n" + body


# Each kind of refusal: the request, and the status, code and words of the detail it answers.
KINDS: dict[str, tuple[bytes, int, str, str]] = {
    "request-line-too-long": (_request(f"GET /{MARK * 500} HTTP/1.1".encode()), 414, "request_line_too_long", "2,000 bytes"),
    "too-many-headers": (_request(headers=b"".join(b"X-%s-%d: %s\r\n" % (MARK.encode(), i, MARK.encode()) for i in range(LIMITS["limit_request_fields"] + 10))),
                         431, "too_many_headers", "more than 40 headers"),
    "header-too-long": (_request(headers=f"X-Long: {MARK * 1000}\r\n".encode()), 431, "header_too_long", "3,000 bytes"),
    "headers-too-large": (_request(headers=b"X-Long: " + (MARK * HEADERS_READ).encode()[:HEADERS_READ - len(HEAD) - len("X-Long: \r\n") + 1]),
                          431, "headers_too_large", "40 headers"),
    "malformed-request-line": (_request(f"GET  /{MARK} HTTP/1.1".encode()), 400, "malformed_request_line", "request line"),
    "non-ascii-target": (_request(f"GET /{MARK}\u00e9 HTTP/1.1".encode("latin-1")), 400, "malformed_request_line", "printable ASCII"),
    "bad-method": (_request(f"{MARK} /{MARK} HTTP/1.1".encode()), 400, "invalid_method", "method"),
    "bad-http-version": (_request(f"GET /{MARK} HTTP/2.0".encode()), 400, "invalid_http_version", "HTTP/1.1"),
    "malformed-http-version": (_request(f"GET /{MARK} HTTP/1.{MARK}".encode()), 400, "invalid_http_version", "HTTP/1.1"),
    "invalid-header-name": (_request(headers=f"X {MARK}: 1\r\n".encode()), 400, "invalid_header_name", "header name"),
    "header-without-colon": (_request(headers=f"X-{MARK}\r\n".encode()), 400, "invalid_header", "Name: value"),
    "control-byte-in-header": (_request(headers=f"X-A: {MARK}\x01\r\n".encode()), 400, "invalid_header", "control characters"),
    "no-host": (f"GET /{MARK} HTTP/1.1\r\nX-Mark: {MARK}\r\n\r\n".encode(), 400, "missing_host", "Host header"),
    "host-twice": (_request(headers=f"Host: {MARK}\r\n".encode()), 400, "invalid_header", "Host"),
    "two-content-lengths": (_request(headers=b"Content-Length: 2\r\nContent-Length: 3\r\n", body=b"{}"), 400, "invalid_framing", "Content-Length"),
    "content-length-and-chunked": (_request(headers=b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", body=b"0\r\n\r\n"),
                                   400, "invalid_framing", "Transfer-Encoding"),
    "content-length-not-digits": (_request(headers=f"Content-Length: {MARK}\r\n".encode()), 400, "invalid_framing", "digits"),
    "folded-header": (_request(headers=f"X-A: 1\r\n {MARK}\r\n".encode()), 400, "obsolete_line_folding", "one line"),
    "conflicting-scheme-headers": (_request(headers=b"X-Forwarded-Proto: https\r\nX-Forwarded-Ssl: off\r\n"),
                                   400, "conflicting_scheme_headers", "HTTPS"),
    "unmet-expectation": (_request(headers=f"Expect: {MARK}\r\nContent-Length: 0\r\n".encode()), 417, "expectation_failed", "100-continue"),
    "unknown-coding-then-chunked": (_request(headers=f"Transfer-Encoding: {MARK}, chunked\r\n".encode()), 501,
                                    "unsupported_transfer_coding", "chunked"),
    # Regression: these two were 501, for the unknown coding; a body not ending chunked has no length (RFC 9112, 6.3).
    "unknown-transfer-coding": (_request(headers=f"Transfer-Encoding: {MARK}\r\n".encode()), 400, "invalid_framing", "ends with chunked"),
    "chunked-then-unknown-coding": (_request(headers=f"Transfer-Encoding: chunked, {MARK}\r\n".encode()), 400,
                                    "invalid_framing", "ends with chunked"),
    "chunked-then-known-coding": (_request(headers=b"Transfer-Encoding: chunked, gzip\r\n"), 400, "invalid_framing", "ends with chunked"),
    # gunicorn reads a chunked body as the app reads it: the app answers its faults (tests/test_hostile.py has them all).
    "invalid-chunked-body": (_request(f"POST /{MARK} HTTP/1.1".encode(), b"Transfer-Encoding: chunked\r\n", f"{MARK}\r\n".encode()),
                             400, "malformed_body", "chunk size"),
    # Regression: these two waited for the request deadline (408): a chunk size past the body limit, a bare LF.
    "chunk-size-past-the-limit": (_request(f"POST /{MARK} HTTP/1.1".encode(), b"Transfer-Encoding: chunked\r\n",
                                           b"ffffffffffffffffffff\r\n"), 413, "payload_too_large", "100,000 bytes"),
    "bare-lf-framing": (_request(f"POST /{MARK} HTTP/1.1".encode(), b"Transfer-Encoding: chunked\r\n", b"2\n{}\n0\n\n"),
                        400, "malformed_body", "bare LF"),
    # Regression: each of these Host values was served (RFC 9110, 7.2).
    **{f"host-{name}": (f"GET /{MARK} HTTP/1.1\r\nHost: {host}\r\nX-Mark: {MARK}\r\n\r\n".encode("latin-1"),
                        400, "invalid_host", "Host header")
       for name, host in (("space", f"{MARK} {MARK}"), ("slash", f"{MARK}/{MARK}"), ("binary", "\xff\xfe"),
                          ("bad-ip-literal", "[zz]"), ("empty", ""), ("long-label", MARK * 13), ("port-not-digits", f"{MARK}:{MARK}"))},
}


@pytest.fixture(scope="module")
def server():
    env = {f"GUNICORN_{name.upper()}": str(value) for name, value in LIMITS.items()}
    env |= {"REFEREE_MAX_BODY_BYTES": str(BODY_LIMIT), "REFEREE_BODY_BUDGET_BYTES": str(BODY_LIMIT)}
    with running_gunicorn(workers=1, env=env) as process:
        yield process


def _received(port: int, data: bytes) -> bytes:
    """Send ``data`` and read until the server closes the connection (within 5 s)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(data)
        return _received_from(sock)


def _received_from(sock: socket.socket) -> bytes:
    """Read ``sock`` until the server closes it (a TimeoutError: the server kept the connection open)."""
    received = bytearray()
    while chunk := sock.recv(65536):
        received += chunk
    return bytes(received)


def _closed_answer(port: int, data: bytes) -> Answer:
    """:func:`_received`, parsed."""
    return parse_answer(_received(port, data))


@pytest.mark.parametrize("kind", KINDS)
def test_each_refusal_is_a_problem_that_repeats_nothing_the_client_sent(server, kind):
    data, status, code, words = KINDS[kind]
    answer = _closed_answer(server.port, data)
    assert answer.status == status, (answer.status, answer.body[:300])
    assert answer.headers["content-type"] == PROBLEM_MEDIA_TYPE and answer.headers["connection"] == "close"
    assert answer.headers["x-content-type-options"] == "nosniff" and answer.headers["cache-control"] == "no-store"
    # Regression: no CORS headers, so a page on another origin could not read the refusal.
    assert answer.headers["access-control-allow-origin"] == "*"  # the server's REFEREE_CORS_ORIGINS: the default, any
    assert answer.headers["access-control-expose-headers"] == "Allow, X-Request-ID"
    assert int(answer.headers["content-length"]) == len(answer.body)
    body = answer.json()
    assert body.keys() == {"type", "title", "status", "detail", "code"}
    assert (body["type"], body["status"], body["code"]) == ("about:blank", status, code), body
    assert words in body["detail"] and body["detail"].endswith("."), body["detail"]
    assert MARK.encode() not in answer.body.lower() and MARK not in json.dumps(answer.headers).lower()
    assert b"<" not in answer.body  # no HTML


ORIGINS = ("https://table.example", "https://other.example")


@pytest.mark.parametrize("origin", [*ORIGINS, "https://elsewhere.example"])
def test_a_refusal_has_the_cors_headers_of_the_allowed_origins(origin):
    """With exact origins allowed: a request the parser refused (its headers
    unread) has the CORS headers the app gives a request without ``Origin``
    (one allowed origin, and ``Vary: Origin``); one read whole
    (``missing_host``) is answered for its own ``Origin`` as the app answers
    it: for it when it is allowed, with no ``Access-Control-Allow-Origin``
    when it is not."""
    def cors(answer: Answer) -> dict[str, str]:
        return {name: value for name, value in answer.headers.items() if name.startswith("access-control-") or name == "vary"}

    with running_gunicorn(workers=1, env={"REFEREE_CORS_ORIGINS": ",".join(ORIGINS)}) as process:
        unread = _closed_answer(process.port, f"GET /healthz HTTP/1.1\r\nOrigin: {origin}\r\nX-Bad\x01: 1\r\n\r\n".encode())
        read = _closed_answer(process.port, f"GET /healthz HTTP/1.1\r\nOrigin: {origin}\r\n\r\n".encode())
        without = _closed_answer(process.port, b"GET /healthz HTTP/1.1\r\nHost: referee\r\n\r\n")
        served = _closed_answer(process.port, f"GET /healthz HTTP/1.1\r\nHost: referee\r\nOrigin: {origin}\r\n\r\n".encode())
    assert (unread.status, unread.json()["code"], read.status, read.json()["code"]) == (400, "invalid_header_name", 400, "missing_host")
    assert (without.status, served.status) == (200, 200)
    assert cors(unread) == cors(without) and cors(unread)["access-control-allow-origin"] in ORIGINS
    assert cors(unread)["vary"] == "Origin" and cors(unread)["access-control-expose-headers"] == "Allow, X-Request-ID"
    assert cors(read) == cors(served)
    assert cors(read).get("access-control-allow-origin") == (origin if origin in ORIGINS else None)


def test_gunicorn_still_logs_each_refusal(server):
    """gunicorn's own warning, as before the worker answered its refusals: one line, cut to its bound."""
    before = server.stderr_text().count("Invalid request from ip=")
    _closed_answer(server.port, KINDS["bad-method"][0])
    for _ in range(50):  # the worker writes it as it answers: within a second
        lines = [json.loads(line) for line in server.stderr_text().splitlines() if "Invalid request from ip=" in line]
        if len(lines) > before:
            break
        time.sleep(0.02)
    assert len(lines) == before + 1 and lines[-1]["level"] == "WARNING" and lines[-1]["logger"] == "gunicorn.error"


def test_the_refusals_leave_the_worker_serving(server):
    for data, *_ in KINDS.values():
        _closed_answer(server.port, data)
    assert _closed_answer(server.port, b"GET /healthz HTTP/1.1\r\nHost: referee\r\n\r\n").status == 200
    assert server.poll() is None


# Without a server: every refusal's status is gunicorn's own, and an error that is no refusal is a 500.


class _Sent:
    """A socket that keeps what is sent on it."""

    def __init__(self) -> None:
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def setblocking(self, flag: bool) -> None:
        pass

    def sendall(self, data: bytes) -> None:
        self.data += data


class _Log:
    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    def __getattr__(self, level: str):
        return lambda message, *args, **_: self.lines.append((level, message % args if args else message))


def _worker(kind: type[Worker]) -> Worker:
    """A worker of ``kind`` that only handles errors (no process, no sockets)."""
    worker = kind.__new__(kind)
    worker.cfg, worker.log, worker.wsgi = SimpleNamespace(**LIMITS), _Log(), None
    return worker


# gunicorn's status for each (one exception: a Transfer-Encoding not ending chunked is 400 here, where
# gunicorn says 501 when it names a coding it does not know; the case "unknown-transfer-coding" above).
ERRORS = [
    http_errors.LimitRequestLine(3000, 2048), http_errors.LimitRequestHeaders("limit request headers fields"),
    http_errors.LimitRequestHeaders("limit request headers fields size"), http_errors.LimitRequestHeaders("max buffer headers"),
    http_errors.InvalidRequestLine(MARK), http_errors.InvalidRequestMethod(MARK), http_errors.InvalidHTTPVersion(MARK),
    http_errors.InvalidHeaderName(MARK), http_errors.InvalidHeader(MARK), http_errors.InvalidHeader("CONTENT-LENGTH"),
    http_errors.ObsoleteFolding(MARK), http_errors.InvalidSchemeHeaders(), http_errors.ExpectationFailed(MARK),
    http_errors.UnsupportedTransferCoding(f"{MARK}, chunked"), http_errors.InvalidChunkSize(MARK.encode()),
    http_errors.ChunkMissingTerminator(MARK.encode()), http_errors.InvalidChunkExtension(MARK),
    http_errors.InvalidProxyLine(MARK), http_errors.InvalidH2CPreface(MARK.encode()), http_errors.ForbiddenProxyRequest(MARK),
    ssl.SSLError(MARK), http_errors.ConfigurationProblem(MARK), http_errors.InvalidResponseHeader(MARK),
    http_errors.InvalidResponseHeaderName(MARK), http_errors.InvalidProxyHeader(MARK), RuntimeError(MARK),
]


def _answered(kind: type[Worker], error: BaseException) -> tuple[bytes, list[tuple[str, str]]]:
    worker, sent = _worker(kind), _Sent()
    try:
        raise error
    except BaseException as raised:  # as gunicorn calls it: in the except clause
        worker.handle_error(None, sent, ("127.0.0.1", 1), raised)
    return sent.data, worker.log.lines


@pytest.mark.parametrize("error", ERRORS, ids=lambda error: type(error).__name__)
def test_each_refusal_has_gunicorns_status_and_log_line(error):
    ours, our_lines = _answered(RefereeWorker, error)
    theirs, their_lines = _answered(GeventWorker, error)
    status = int(re.match(rb"HTTP/1\.1 (\d{3}) ", theirs).group(1))
    answer = parse_answer(ours)
    assert answer.status == status == refusal(error, LIMITS).status == answer.json()["status"]
    assert answer.json()["code"] in CODES and MARK.encode() not in ours
    assert our_lines == their_lines  # gunicorn's warning, or its traceback for a 500


def test_an_error_that_is_no_refusal_is_a_500_without_its_traceback():
    data, lines = _answered(RefereeWorker, RuntimeError(MARK))
    answer = parse_answer(data)
    assert answer.status == 500 and answer.headers["content-type"] == PROBLEM_MEDIA_TYPE
    assert answer.json()["code"] == "internal_error" and b"Traceback" not in data and MARK.encode() not in data
    assert lines == [("exception", "Error handling request (no URI read)")]


def test_every_code_answered_is_documented():
    """Each code of the worker's is a code of the service's (``PARSER_ERRORS``
    and four of the app's), in docs/errors.md's table, and named by the
    spec's default response, with its status."""
    documented = {error.code for error in PARSER_ERRORS}
    assert CODES == documented | {"malformed_body", "bad_request", "forbidden", "internal_error"}
    table = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8").split("## The codes", 1)[1].split("\n\n")[1]
    rows = {code: row.split(" | ")[-2] for row in table.splitlines() for code in re.findall(r"`([a-z_]+)`", row.split(" | ")[-1])}
    default = load_spec(ROOT / "openapi.yaml")["components"]["responses"]["DEFAULT_ERROR"]["description"]
    named = {code: status for status, codes in re.findall(r"(\d{3}) ((?:`[a-z_]+`(?:, )?)+)", default) for code in re.findall("[a-z_]+", codes)}
    for error in PARSER_ERRORS:
        assert rows.get(error.code) == named.get(error.code) == str(error.status), error.code


@pytest.mark.parametrize("minor", range(2, 10))
def test_a_later_http1_minor_version_is_answered_as_http11(server, minor):
    """Regression: HTTP/1.2 to 1.9 were served with a status line in the
    client's version (``HTTP/1.9 200 OK``); a server answers in its own,
    the highest minor version it speaks (RFC 9110, 2.5)."""
    received = _received(server.port, b"GET /healthz HTTP/1.%d\r\nHost: referee\r\n\r\n" % minor)
    assert received.startswith(b"HTTP/1.1 200 "), received[:100]


def test_an_http10_request_needs_no_host(server):
    received = _received(server.port, b"GET /healthz HTTP/1.0\r\n\r\n")
    assert received.startswith(b"HTTP/1.0 200 "), received[:100]


@pytest.mark.parametrize("header", ["SCRIPT_NAME: /zq7xw", "PATH_INFO: /zq7xw", "Script-Name: /zq7xw"])
def test_no_header_rewrites_the_path_the_app_routes_on(server, header):
    """Regression: from 127.0.0.1 (gunicorn's trusted forwarder by default) a
    ``SCRIPT_NAME`` header set the WSGI script name: a path it did not
    begin was a 500, one it did was routed without it. Now no header sets
    it (``forwarder_headers`` empty): the path is the request's."""
    healthz = _closed_answer(server.port, f"GET /healthz HTTP/1.1\r\nHost: referee\r\n{header}\r\n\r\n".encode())
    assert healthz.status == 200, healthz.body[:200]
    moved = _closed_answer(server.port, f"GET /zq7xw/healthz HTTP/1.1\r\nHost: referee\r\n{header}\r\n\r\n".encode())
    assert moved.status == 404, moved.body[:200]


def _expecting(length: int) -> bytes:
    """The headers of a deal whose ``length``-byte body waits for ``100 Continue``."""
    return (f"POST /v1/games/agram/deal HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n"
            f"Expect: 100-continue\r\nContent-Length: {length}\r\n\r\n").encode()


def test_a_body_waiting_for_100_continue_gets_it_then_its_answer(server):
    body = b'{"players": 3, "seed": 7}'
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(_expecting(len(body)))
        assert sock.recv(len(CONTINUE)) == CONTINUE
        sock.sendall(body)
        answer = parse_answer(_received_from(sock))
    assert answer.status == 200 and answer.json()["state"]["players"] == 3, answer.body[:200]


@contextmanager
def _budget_spent(port: int) -> Iterator[None]:
    """A connection holding the server's whole body budget: a large body, mostly sent, never ended."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as holder:
        holder.sendall(request_bytes("POST", "/v1/games/agram/deal", b" " * BODY_LIMIT)[:-1000])
        time.sleep(0.5)  # the worker reads the headers and reserves the body's size
        yield


@pytest.mark.parametrize("kind", ["too-large", "budget-spent"])
def test_a_body_refused_by_its_headers_is_refused_before_100_continue(server, kind):
    """Regression: gunicorn sent ``100 Continue`` as soon as the headers were
    read, so a client was told to send a body the referee then refused by
    its headers alone (413 by its ``Content-Length``, 503 with the body
    budget spent), and sent it to a connection already closing. The final
    status comes instead, first, and nothing asks for the body (RFC 9110,
    10.1.1)."""
    status, length, holding = {"too-large": (413, BODY_LIMIT + 1, nullcontext()),
                               "budget-spent": (503, 70_000, _budget_spent(server.port))}[kind]
    with holding, socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(_expecting(length))
        received = _received_from(sock)
    assert received.startswith(b"HTTP/1.1 %d " % status), received[:200]
    assert parse_answer(received).json()["code"] == {413: "payload_too_large", 503: "service_unavailable"}[status]


@pytest.mark.parametrize("kind", ["no-body", "empty-body", "no-route", "no-method"])
def test_a_request_that_will_not_read_a_body_gets_no_100_continue(server, kind):
    """Regression: a ``GET`` asking for ``100 Continue`` got one, and a
    ``POST`` to a path no route takes got one and then waited, until its
    deadline, for a body it would never read. A request with no body, or
    one the routes refuse, gets its final answer at once instead (RFC 9110,
    10.1.1), and nothing asks for a body."""
    request, status = {
        "no-body": ("GET /healthz HTTP/1.1\r\nHost: referee\r\nExpect: 100-continue\r\n\r\n", 200),
        "empty-body": (_expecting(0).decode(), 400),  # malformed_json: an empty body is no JSON
        "no-route": (_expecting(20).decode().replace("/v1/games/agram/deal", f"/{MARK}"), 404),
        "no-method": (_expecting(20).decode().replace("POST", "PUT"), 405),
    }[kind]
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(request.encode())
        started = time.monotonic()
        received = _received_from(sock)
    assert received.startswith(b"HTTP/1.1 %d " % status), received[:200]
    assert time.monotonic() - started < 1.5


def test_a_chunked_body_fits_a_budget_of_the_largest_body(server):
    """Regression: a chunked body was counted as one byte over the largest
    body, so with ``REFEREE_BODY_BUDGET_BYTES`` at its least (equal to
    ``REFEREE_MAX_BODY_BYTES``, as this server has it) every one was 503."""
    body = b'{"players": 4, "seed": 2}'
    answer = _closed_answer(server.port, chunked_request("/v1/games/agram/deal", b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)))
    assert answer.status == 200 and answer.json()["state"]["players"] == 4, answer.body[:200]


def _chunked(data: bytes, limit: int = BODY_LIMIT) -> ChunkedBody:
    """The worker's reader of a chunked body whose bytes are ``data``, then the end of the connection."""
    request = SimpleNamespace(limit_request_field_size=1024, max_buffer_headers=32 * 1026, trailers=None)
    return ChunkedBody(request, IterUnreader([data]), limit)


def test_a_body_in_the_most_chunks_is_read_and_one_more_is_413(monkeypatch):
    """Regression: a megabyte sent a byte a chunk cost a worker 1.9 s, and
    its decoding never let the worker's other requests run. The reader
    takes :data:`MAX_BODY_CHUNKS` chunks, letting the others run every
    :data:`CHUNKS_BETWEEN_TURNS`, and refuses the next as it is announced."""
    turns: list[float] = []
    monkeypatch.setattr("service.server.worker.gevent.sleep", turns.append)
    most = b"1\r\nx\r\n" * MAX_BODY_CHUNKS
    assert _chunked(most + b"0\r\n\r\n").read(2 * MAX_BODY_CHUNKS) == b"x" * MAX_BODY_CHUNKS
    assert len(turns) == MAX_BODY_CHUNKS // CHUNKS_BETWEEN_TURNS
    with pytest.raises(BodyTooLarge, match="at most 4,096"):
        _chunked(most + b"1\r\nx\r\n0\r\n\r\n").read(2 * MAX_BODY_CHUNKS)


@pytest.mark.parametrize("data", [b"ffffffffffffffffffff\r\n", b"186a1\r\n", b"186a0\r\n" + b"x" * 100_000 + b"\r\n1\r\n"],
                         ids=["huge", "one-past", "two-chunks-past"])
def test_chunks_announcing_more_than_a_body_may_have_are_413_before_their_bytes(data):
    """The sizes announced are added up and refused when they pass the body
    limit (here 100,000 bytes), without waiting for bytes that would be
    refused anyway (the connection ends right after the size)."""
    with pytest.raises(BodyTooLarge, match="at most 100,000 bytes"):
        _chunked(data).read(BODY_LIMIT + 1)


@pytest.mark.parametrize("data", [b"2\n{}\n0\n\n", b"2\r\n{}\r\n0\n\n", b"2;a=b\n"])
def test_a_bare_lf_in_the_framing_is_refused_without_waiting_for_more(data):
    """A size line or the last chunk's line ended by a bare LF, with nothing
    after it: refused as it is seen (gunicorn's reader waits for a CRLF;
    here the connection ends, which it would report as cut short)."""
    with pytest.raises(BareLineFeed):
        _chunked(data).read(100)
    with pytest.raises(http_errors.NoMoreData):  # what gunicorn's own reader makes of the same bytes
        ChunkedReader(SimpleNamespace(limit_request_field_size=1024, max_buffer_headers=32 * 1026), IterUnreader([data])).read(100)


def test_100_continue_is_sent_once_at_the_first_read():
    class Sock:
        sent: list[bytes] = []

        def sendall(self, data: bytes) -> None:
            self.sent.append(data)

    sock = Sock()
    body = ContinueOnRead(io.BytesIO(b"ab\ncd\n"), sock)
    assert sock.sent == []
    assert body.read(1) == b"a" and body.readline() == b"b\n" and list(body) == [b"cd\n"]
    assert sock.sent == [CONTINUE]


def test_an_answer_read_too_slowly_is_cut_at_the_deadline():
    """Regression: the kernel took a large answer (``/openapi.json``) whole
    into a send buffer it sized to it, the worker closed, and a client
    reading 4 KB every 0.1 s received all of it 27 s later, long past the
    request's deadline. With the worker's send buffer capped, the rest of
    the answer waits in the worker, and the deadline (here 2 s) cuts it:
    the connection closes with the answer incomplete, well before a slow
    reader could have read it all."""
    with running_gunicorn(workers=1, env={"GUNICORN_REQUEST_TIMEOUT": "2"}) as server:
        whole = len(_received(server.port, b"GET /openapi.json HTTP/1.1\r\nHost: referee\r\n\r\n"))
        assert whole > 500_000
        received, started = 0, time.monotonic()
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.settimeout(15)
            sock.connect(("127.0.0.1", server.port))
            sock.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: referee\r\n\r\n")
            while chunk := sock.recv(4096):
                received += len(chunk)
                time.sleep(0.1)
        assert received < whole / 2, (received, whole)
        assert time.monotonic() - started < 12


# Recycling staggered and one worker at a time (RefereeWorker, staggered_max_requests, may_recycle)


def _recycles(workers: int, max_requests: int, requests: int) -> list[tuple[int, int]]:
    """(request, slot) of every recycle when ``requests`` are shared out in turn
    among ``workers`` slots, each worker's count set as RefereeWorker sets it."""
    ages, counts, limits, recycles = list(range(1, workers + 1)), [0] * workers, [0] * workers, []
    for slot, age in enumerate(ages):
        limits[slot] = staggered_max_requests(age, workers, max_requests, 0)
    next_age = workers + 1
    for request in range(requests):
        slot = request % workers
        counts[slot] += 1
        if counts[slot] >= limits[slot]:
            recycles.append((request, slot))
            counts[slot], limits[slot] = 0, staggered_max_requests(next_age, workers, max_requests, 0)
            next_age += 1
    return recycles


@pytest.mark.parametrize("workers", [1, 2, 3, 4, 7])
def test_workers_recycle_evenly_apart(workers):
    """Regression: workers started together recycled together (every worker
    after max_requests plus a small jitter), so under load all of them were
    draining or booting at once. With the load shared evenly, the first
    workers are staggered and every later one serves the full count: one
    worker recycles every max_requests requests to the server, each one every
    max_requests of its own."""
    recycles = _recycles(workers, 1000, 50_000)
    assert {slot for _, slot in recycles} == set(range(workers))
    # In requests to the whole server: one recycle every max_requests (each worker's max_requests / workers).
    gaps = [later[0] - earlier[0] for earlier, later in zip(recycles, recycles[1:])]
    assert 1000 - 2 * workers <= min(gaps) and max(gaps) <= 1000 + 2 * workers, gaps  # whole-number shares
    for slot in range(workers):
        own = [request for request, at in recycles if at == slot]
        assert len(own) >= 2 and {later - earlier for earlier, later in zip(own, own[1:])} == {1000 * workers}, (slot, own[:4])


def _worker_made(age: int, **settings: int) -> RefereeWorker:
    """A RefereeWorker as gunicorn's master makes it, before the fork, with ``settings``."""
    cfg = gunicorn.config.Config()
    for name, value in settings.items():
        cfg.set(name, value)
    return RefereeWorker(age, 4242, [], None, 30, cfg, None)


def test_each_worker_gets_its_staggered_count():
    """Each worker has its staggered count (and gunicorn's own, no limit, when
    recycling is off, GUNICORN_MAX_REQUESTS=0); a jitter adds at most itself."""
    settings = {"workers": 4, "max_requests": 10_000, "max_requests_jitter": 0}
    counts = [_worker_made(age, **settings).max_requests for age in (1, 2, 3, 4, 5, 9)]
    assert counts == [2500, 5000, 7500, 10_000, 10_000, 10_000]
    assert all(2500 <= staggered_max_requests(1, 4, 10_000, 100) <= 2600 for _ in range(50))
    assert _worker_made(1, **{**settings, "max_requests": 0}).max_requests == sys.maxsize


def test_a_worker_may_recycle_only_while_no_other_is(tmp_path):
    """The first worker to finish its count recycles and marks itself; another
    is held back until the first one's replacement has booted, or the mark is
    older than its bound (a replacement that never booted)."""
    marker = recycle_marker(str(tmp_path), 4242)
    assert marker.parent == tmp_path and "4242" in marker.name
    assert may_recycle(marker, now=1000.0)
    assert not may_recycle(marker, now=1000.0 + RECYCLE_QUIET_SECONDS - 1)
    recycle_booted(marker, started=999.0)  # a worker started before the mark: not its replacement
    assert not may_recycle(marker, now=1005.0)
    recycle_booted(marker, started=1001.0)  # the replacement, started after the mark
    assert may_recycle(marker, now=1010.0)
    assert may_recycle(marker, now=1010.0 + RECYCLE_QUIET_SECONDS + 1)  # a mark no replacement cleared ends
    recycle_booted(marker, started=2000.0)
    recycle_booted(marker, started=2000.0)  # no mark: nothing to clear
    assert may_recycle(marker, now=2001.0)


def test_a_file_system_error_lets_the_worker_recycle(tmp_path):
    assert may_recycle(tmp_path / "no-such-directory" / "marker")


def test_workers_recycle_one_at_a_time_under_load():
    """Two workers recycled every 20 requests (10 for the first, staggered),
    four clients until the workers have been recycled three times (at most
    60 s): every request is answered, never two workers recycling before a
    replacement has booted, and the mark is gone once gunicorn has stopped."""
    env = {"GUNICORN_MAX_REQUESTS": "20"}
    with running_gunicorn(workers=2, env=env) as server:
        statuses: list[int] = []
        until = time.monotonic() + 60
        recycled = threading.Event()

        def client() -> None:
            while not recycled.is_set() and time.monotonic() < until:
                statuses.append(parse_answer(_received(server.port, b"GET /healthz HTTP/1.1\r\nHost: referee\r\n\r\n")).status)

        threads = [threading.Thread(target=client) for _ in range(4)]
        for thread in threads:
            thread.start()
        while time.monotonic() < until and server.stderr_text().count("Autorestarting") < 3:
            time.sleep(0.1)
        recycled.set()
        for thread in threads:
            thread.join()
        marker = recycle_marker(config_values("worker_tmp_dir")["worker_tmp_dir"], server.pid)
    assert set(statuses) == {200}
    events = [json.loads(line)["message"] for line in server.stderr_text().splitlines()
              if "Autorestarting" in line or "Booting worker" in line]
    restarts = [index for index, message in enumerate(events) if message.startswith("Autorestarting")]
    assert len(restarts) >= 3, events
    for earlier, later in zip(restarts, restarts[1:]):
        assert any(message.startswith("Booting worker") for message in events[earlier:later]), events
    assert not marker.exists() and not marker.with_name(marker.name + ".lock").exists()
