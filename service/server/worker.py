"""The gunicorn worker that serves the referee: gevent's, answering its own refusals as problems.

gunicorn refuses a request its parser cannot read, or that breaks its limits
(``limit_request_line``, ``limit_request_fields``,
``limit_request_field_size``), before the app sees it, and answers it with
an HTML page of its own that quotes what the client sent.
:class:`RefereeWorker` answers each of them instead with an
``application/problem+json`` body like the app's (``type: about:blank``,
``title``, ``status``, ``detail``, ``code``; the codes of
:data:`~service.server.http_errors.PARSER_ERRORS`), with the status gunicorn
gives it, a ``detail`` that names the limit broken and never the
client's bytes, the app's CORS headers (so a page on another origin can
read it; :meth:`RefereeWorker.cors_headers`) and ``Connection: close``.
gunicorn still logs each
refusal as it did (its warning, cut by ``service.server.logs.Capped``), and an
error that is not the client's (a bug) with its traceback; that one is
answered 500 ``internal_error``, without it.

It also serves later HTTP/1 minor versions as HTTP/1.1, refuses an
HTTP/1.1 request without ``Host``, reads a chunked body within bounds
(:class:`ChunkedBody`), answers ``Expect: 100-continue`` only when the body
is first read (:class:`ContinueOnRead`), closes a connection whose body was
not read whole without resetting it (:func:`linger`;
:meth:`RefereeWorker.handle_request` does all five),
caps each connection's send buffer (:data:`SEND_BUFFER_BYTES`), and
recycles one worker at a time (:func:`may_recycle`).

Use: ``worker_class = "service.server.worker.RefereeWorker"``
(``deploy/gunicorn.conf.py``). gunicorn imports this module in the master,
before the fork, so the problem builder it imports (and Flask with it) is
loaded unpatched there, as the preloaded app is; gevent patches each worker
after the fork, and nothing here does I/O at import.
"""

from __future__ import annotations

import fcntl
import os
import random
import socket
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from ssl import SSLError
from typing import Any

import gevent  # type: ignore[import-untyped]  # no type information; only its sleep is used
import gunicorn
from gunicorn import util
from gunicorn.http import errors as http_errors
from gunicorn.http.body import ChunkedReader
from gunicorn.workers.ggevent import GeventWorker

from ..config import DEFAULTS, MAX_BODY_BYTES
from .adapters import take_expect_continue
from .answers import PROBLEM_MEDIA_TYPE, problem_bytes, status_line
from .bodies import MAX_BODY_CHUNKS, BareLineFeed, BodyTooLarge, body_fault, too_large, too_many_chunks
from .headers import API_CSP, CACHE_HEADER, CORS_EXTENSION, CSP_HEADER, SECURITY_HEADERS
from .http_errors import HTTP_DETAILS, Problem

INTERNAL_DETAIL = "The server failed unexpectedly while reading or answering the request. The error was logged."

class MissingHost(http_errors.InvalidHeader):  # type: ignore[misc]  # gunicorn ships no types
    """An HTTP/1.1 request with no ``Host`` header, which a server must
    refuse with 400 (RFC 9112, 3.2); gunicorn logs it as an invalid header."""

    def __init__(self) -> None:
        super().__init__("HOST")


# The code of each refusal class, most specific first (a class's subclasses
# before it); its status is the code's in the one table (service.server.http_errors),
# which is the one gunicorn's own page has (Worker.handle_error), but for a
# Transfer-Encoding not ending chunked (400 invalid_framing, :func:`refusal`).
# Any other error is a bug: 500 internal_error.
_CODES: tuple[tuple[type[BaseException] | tuple[type[BaseException], ...], str], ...] = (
    # A header the app tried to send: the app's fault, not the client's.
    ((http_errors.InvalidResponseHeader, http_errors.InvalidResponseHeaderName), "internal_error"),
    (http_errors.LimitRequestLine, "request_line_too_long"),
    (http_errors.LimitRequestHeaders, "headers_too_large"),  # unless its message says which limit (_LIMITS)
    (http_errors.InvalidRequestLine, "malformed_request_line"),
    (http_errors.InvalidRequestMethod, "invalid_method"),
    (http_errors.InvalidHTTPVersion, "invalid_http_version"),
    (http_errors.InvalidHeaderName, "invalid_header_name"),
    (MissingHost, "missing_host"),
    (http_errors.InvalidHeader, "invalid_header"),  # invalid_framing when it names a framing header
    (http_errors.ObsoleteFolding, "obsolete_line_folding"),
    (http_errors.InvalidSchemeHeaders, "conflicting_scheme_headers"),
    (http_errors.ExpectationFailed, "expectation_failed"),
    (http_errors.UnsupportedTransferCoding, "unsupported_transfer_coding"),
    ((http_errors.InvalidChunkSize, http_errors.ChunkMissingTerminator, http_errors.InvalidChunkExtension), "malformed_body"),
    ((http_errors.InvalidProxyLine, http_errors.InvalidH2CPreface), "bad_request"),
    ((http_errors.ForbiddenProxyRequest, SSLError), "forbidden"),
)
# gunicorn's messages for the header limits it checks one by one (its own text, never the client's).
_LIMITS = {"limit request headers fields": "too_many_headers", "limit request headers fields size": "header_too_long"}
_FRAMING_HEADERS = frozenset({"CONTENT-LENGTH", "TRANSFER-ENCODING"})
CODES = frozenset({code for _, code in _CODES} | set(_LIMITS.values()) | {"invalid_framing", "internal_error"})
"""Every code :func:`refusal` answers: those of ``PARSER_ERRORS``, and
``malformed_body``, ``bad_request``, ``forbidden`` and ``internal_error``."""


def refusal(error: BaseException, limits: dict[str, int]) -> Problem:
    """The answer to an error gunicorn met before or around the app: its
    code (with the status gunicorn's own page has) and detail.

    Args:
        error: what gunicorn's parser raised (``gunicorn.http.errors``), or
            anything else (answered 500 ``internal_error``).
        limits: the server's ``limit_request_line``, ``limit_request_fields``
            and ``limit_request_field_size`` (bytes, headers, bytes), which
            the details name.

    Returns:
        The problem; its detail is a sentence of this service's, never text
        the client sent.
    """
    code = next((code for kinds, code in _CODES if isinstance(error, kinds)), "internal_error")
    if code == "headers_too_large":
        code = _LIMITS.get(str(error), code)
    elif code == "invalid_header" and getattr(error, "hdr", None) in _FRAMING_HEADERS:
        code = "invalid_framing"
    elif code == "unsupported_transfer_coding" and not _ends_with_chunked(getattr(error, "hdr", "")):
        code = "invalid_framing"
    if code == "internal_error":
        return Problem(code, INTERNAL_DETAIL)
    if code == "malformed_body":
        return Problem(code, body_fault(error))
    return Problem(code, HTTP_DETAILS[code].format(**limits))


def _ends_with_chunked(value: str) -> bool:
    """Whether a ``Transfer-Encoding`` value's last coding is ``chunked``.

    A request's body whose last coding is another cannot be delimited, which
    a server must refuse with 400 (RFC 9112, 6.3), whatever its codings are;
    only an unknown coding before a final ``chunked`` is 501 (RFC 9112, 6.1:
    the body can be read, not decoded). gunicorn alone answers 501 whenever
    a coding is unknown to it (``br``, ``chunked, br``)."""
    codings = [coding.split(";")[0].strip(" \t").lower() for coding in value.split(",")]
    return [coding for coding in codings if coding][-1:] == ["chunked"]


_HEADERS = (
    b"".join(f"{name}: {value}\r\n".encode() for name, value in (*SECURITY_HEADERS.items(), (CSP_HEADER, API_CSP)))
    + f"{CACHE_HEADER}: no-store\r\n".encode()
)


def answer_bytes(refused: Problem, extra: Sequence[tuple[str, str]] = ()) -> bytes:
    """The whole HTTP/1.1 answer of a refusal: the status line; ``Server``,
    ``Date`` and ``Connection: close`` as gunicorn writes them; the media
    type and ``Content-Length``; the API's security headers and
    ``Cache-Control: no-store``; the ``extra`` headers (the CORS ones:
    values of the service's settings, never the client's bytes); then the
    problem (:func:`problem_bytes`)."""
    body = problem_bytes(refused.status, refused.code, refused.detail)
    head = (f"HTTP/1.1 {status_line(refused.status)}\r\nServer: {gunicorn.SERVER}\r\nDate: {util.http_date()}\r\n"
            f"Connection: close\r\nContent-Type: {PROBLEM_MEDIA_TYPE}\r\nContent-Length: {len(body)}\r\n")
    added = "".join(f"{name}: {value}\r\n" for name, value in extra)
    return head.encode() + _HEADERS + added.encode("latin-1") + b"\r\n" + body


class _Unsent:
    """A socket that sends nothing: where gunicorn's own page goes (:meth:`RefereeWorker.handle_error`)."""

    def gettimeout(self) -> float:
        return 0.0

    def setblocking(self, flag: bool) -> None:
        """Nothing to set."""

    def sendall(self, data: bytes) -> None:
        """Nothing sent."""


CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


class ContinueOnRead:
    """A request body that sends ``100 Continue`` on ``sock`` when it is
    first read, for a request that asked for it (``Expect: 100-continue``).

    gunicorn sends it as soon as the headers are read, which tells a client
    to send a body the referee may refuse by its headers alone: 413
    ``payload_too_large`` by its ``Content-Length``, 503 when the worker's
    body budget is spent (``service.server.bodies.receive``, which reads the body
    only once it has passed both). The client would send its body to a
    connection being closed, and could lose the refusal to a reset. Sent on
    the first read instead, a request refused before its body is read gets
    the final status and no ``100`` (RFC 9110, 10.1.1: a status the headers
    decide is sent instead of it).
    """

    def __init__(self, body: Any, sock: Any) -> None:
        self.body = body
        self.sock = sock
        self.sent = False

    def _continue(self) -> None:
        if not self.sent:
            self.sent = True
            self.sock.sendall(CONTINUE)

    def read(self, size: int | None = None) -> bytes:
        self._continue()
        return self.body.read(size)  # type: ignore[no-any-return]

    def readline(self, size: int | None = None) -> bytes:
        self._continue()
        return self.body.readline(size)  # type: ignore[no-any-return]

    def readlines(self, hint: int | None = None) -> list[bytes]:
        self._continue()
        return self.body.readlines(hint)  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[bytes]:
        self._continue()
        return iter(self.body)


CHUNKS_BETWEEN_TURNS = 256
"""How many chunks of a body a worker decodes before it lets its other requests run."""


class ChunkedBody(ChunkedReader):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's reader of a chunked request body, bounded
    (``service.server.bodies``), so that a chunked body costs a worker what
    the same body costs with a ``Content-Length``:

    * a body whose chunks announce more than ``limit`` bytes in all raises
      :class:`~service.server.bodies.BodyTooLarge` (413) as soon as the size
      that passes it is read, not once its bytes have come (they never
      need to: a size of ``ffffffffffffffffffff`` would hold the request
      until its deadline);
    * so does a chunk past :data:`~service.server.bodies.MAX_BODY_CHUNKS`:
      the cost of decoding is per chunk, not per byte;
    * a line of the framing that ends with a bare LF raises
      :class:`~service.server.bodies.BareLineFeed` (400) as soon as it is
      seen, rather than waiting for a CRLF that may never come;
    * every :data:`CHUNKS_BETWEEN_TURNS` chunks the worker's other requests
      run (``gevent.sleep(0)``), and the request's deadline can fire there:
      bytes already received are decoded without any other switch.
    """

    def __init__(self, req: Any, unreader: Any, limit: int) -> None:
        super().__init__(req, unreader)
        self.limit = limit
        self.chunks = 0
        self.announced = 0

    def parse_chunk_size(self, unreader: Any, data: bytes | None = None) -> tuple[int, bytes | None]:
        """The next chunk's size and what came after its line, refused past the bounds."""
        size, rest = super().parse_chunk_size(unreader, data)
        if size:  # the last chunk (0) is not counted
            self.chunks += 1
            self.announced += size
            if self.chunks > MAX_BODY_CHUNKS:
                raise BodyTooLarge(too_many_chunks())
            if self.announced > self.limit:
                raise BodyTooLarge(too_large(self.limit))
            if self.chunks % CHUNKS_BETWEEN_TURNS == 0:
                gevent.sleep(0)
        return size, rest

    def read_into(self, unreader: Any, buf: bytearray) -> None:
        """More bytes of a line still without its CRLF, unless what came holds a bare LF."""
        if buf.count(b"\n") != buf.count(b"\r\n"):
            raise BareLineFeed("a line of the chunked framing ends with a bare LF")
        super().read_into(unreader, buf)


LINGER_SECONDS = 2.0
"""How long a connection whose request was answered before its body was
read whole is kept open, reading and dropping what the client still sends."""


def body_unread(body: Any) -> bool:
    """Whether a request's body (gunicorn's, or :class:`ContinueOnRead`
    around it) may still be on its way: its reader has not come to its end,
    and the client was not left waiting for a ``100 Continue``."""
    if isinstance(body, ContinueOnRead):
        if not body.sent:
            return False
        body = body.body
    reader = getattr(body, "reader", None)
    if isinstance(reader, ChunkedReader):
        return reader.parser is not None
    return getattr(reader, "length", 0) > 0


def linger(sock: Any, seconds: float = LINGER_SECONDS) -> None:
    """Close ``sock`` as HTTP servers do when they answer before the
    request's body is read (RFC 9112, 9.6): stop writing, then read and drop
    what the client still sends, until it closes or ``seconds`` pass. Closed
    at once with bytes unread, the kernel resets the connection, and a
    client still sending its body (past the size limit, 413, or the body
    budget, 503) meets the reset before it reads the answer."""
    end = time.monotonic() + seconds
    try:
        sock.shutdown(socket.SHUT_WR)
        while (left := end - time.monotonic()) > 0:
            sock.settimeout(left)
            if not sock.recv(64 * 1024):
                return
    except OSError:  # the client has gone, or the time is up
        return


SEND_BUFFER_BYTES = 64 * 1024
"""The kernel send buffer asked for each connection (``SO_SNDBUF``; Linux
doubles it): the most of an answer the kernel holds for a client that reads
slowly, past which the worker's write waits, under the request's deadline."""


RECYCLE_QUIET_SECONDS = 30.0
"""How long a worker's mark that it is recycling holds the others back, at
most: its replacement clears it once booted (:func:`recycle_booted`); a mark
no replacement cleared (a worker killed while it booted) ends then."""
RECYCLE_RETRY_REQUESTS = 100
"""Requests a worker held back from recycling serves before it asks again."""


def staggered_max_requests(age: int, workers: int, max_requests: int, jitter: int) -> int:
    """Requests the worker of ``age`` (1 for the first one gunicorn starts)
    serves before it is recycled, of ``workers``.

    gunicorn gives every worker ``max_requests`` plus a random extra of at
    most ``jitter``, so workers started together recycle together: under
    load every worker drains or boots at once, and every request waits
    with no worker to serve it. The first
    ``workers`` workers are staggered instead: worker ``k`` recycles after
    ``max_requests * k / workers`` requests, and each replacement after the
    full ``max_requests``, so with the load shared evenly one worker recycles
    every ``max_requests`` requests to the server, never two together. A
    reload (SIGHUP) starts its workers with the full count. ``jitter`` is
    still added (``GUNICORN_MAX_REQUESTS_JITTER``, default 0: any jitter lets
    the phases drift together again). Where the phases meet all the same (the
    load shared unevenly, a reload), :func:`may_recycle` holds one back.
    """
    share = max_requests * age // workers if age <= workers else max_requests
    return max(1, share) + (random.randint(0, jitter) if jitter else 0)


def recycle_marker(directory: str | None, master_pid: int) -> Path:
    """The file that says one of the workers of ``master_pid`` is recycling
    (in gunicorn's ``worker_tmp_dir``, or the temporary directory)."""
    return Path(directory or tempfile.gettempdir()) / f"referee-recycling-{master_pid}"


def _lock_path(marker: Path) -> Path:
    return marker.with_name(marker.name + ".lock")


@contextmanager
def _locked(marker: Path) -> Iterator[None]:
    """Hold the lock beside ``marker`` (``flock``, for the instants a worker reads or writes the mark)."""
    with open(_lock_path(marker), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def remove_recycle_files(directory: str | None, master_pid: int) -> None:
    """Remove the mark of :func:`recycle_marker` and its lock (the master, as it exits)."""
    marker = recycle_marker(directory, master_pid)
    for path in (marker, _lock_path(marker)):
        path.unlink(missing_ok=True)


def may_recycle(marker: Path, now: float | None = None, quiet: float = RECYCLE_QUIET_SECONDS) -> bool:
    """Whether a worker that has served its count may recycle now: no other
    worker's mark younger than ``quiet`` seconds (``now``: seconds since the
    epoch, default the time). If so, it marks itself (under a lock, so two
    workers never both get yes). A file system error answers yes: the
    worker recycles as gunicorn would."""
    now = time.time() if now is None else now
    try:
        with _locked(marker):
            try:
                if now - marker.stat().st_mtime < quiet:
                    return False
            except FileNotFoundError:
                pass
            marker.touch()
            os.utime(marker, (now, now))
            return True
    except OSError:
        return True


def recycle_booted(marker: Path, started: float) -> None:
    """A worker started at ``started`` (seconds since the epoch) has booted
    and is about to serve: a mark made before it started (the one of the
    worker it replaces) is cleared, so another may recycle. A later mark is
    another worker's, recycling while this one booted: it stays (clearing
    it would let another worker recycle while that one does)."""
    try:
        with _locked(marker):
            if marker.stat().st_mtime <= started:
                marker.unlink()
    except OSError:  # no mark, or none that can be read: nothing to clear
        pass


class RefereeWorker(GeventWorker):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's gevent worker (``gevent``), whose own refusals are problems (see the module).

    The first workers recycle staggered (:func:`staggered_max_requests`), and
    workers recycle one at a time (:func:`may_recycle`): one that has served
    its ``max_requests`` while another is draining or its replacement
    booting serves :data:`RECYCLE_RETRY_REQUESTS` more before it asks again,
    so some worker is always serving.
    """

    max_requests: int  # gunicorn's: the requests this worker serves before it recycles
    nr: int  # gunicorn's: the requests it has served

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As gunicorn's, with the staggered count; made in the master just before the fork."""
        super().__init__(*args, **kwargs)
        if self.cfg.max_requests > 0:
            self.max_requests = staggered_max_requests(self.age, self.cfg.workers, self.cfg.max_requests,
                                                       self.cfg.max_requests_jitter)
        self.started = time.time()
        self.recycle_marker = recycle_marker(self.cfg.worker_tmp_dir, self.ppid)
        self.quitting = False

    @property
    def body_limit(self) -> int:
        """The most bytes a request body may have: the app's ``REFEREE_MAX_BODY_BYTES``."""
        return int(getattr(self.wsgi, "config", DEFAULTS).get(MAX_BODY_BYTES, DEFAULTS[MAX_BODY_BYTES]))

    def handle_quit(self, sig: Any, frame: Any) -> None:
        """Quit at once (SIGINT, SIGQUIT) as gunicorn does, on the first
        signal only. Ctrl-C in a terminal signals the whole process group, so
        each worker gets SIGINT from the terminal and again from its master;
        the second, arriving while the worker exits, would raise
        ``SystemExit`` in gevent's hub and print a traceback on stderr."""
        if self.quitting:
            return
        self.quitting = True
        super().handle_quit(sig, frame)

    def run(self) -> None:
        """Clear the mark of the worker this one replaces (:func:`recycle_booted`), then serve as gunicorn does."""
        recycle_booted(self.recycle_marker, self.started)
        super().run()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        """Serve the connection ``client`` as gunicorn does, with its send
        buffer capped (:data:`SEND_BUFFER_BYTES`). Left alone, the kernel
        sizes it to the answer (up to megabytes): a worker would hand a large
        answer (``/openapi.json``) over at once and close, and a client
        reading it slowly would keep it, and the kernel's memory, past the
        request's deadline. Capped, the rest waits in the worker, where the
        deadline (``GUNICORN_REQUEST_TIMEOUT``) cuts it."""
        try:
            client.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
        except OSError:  # the client is gone: gunicorn's handling says so
            pass
        super().handle(listener, client, addr)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        """Serve ``req`` as gunicorn does, once it is read as HTTP/1.1 at most.

        A request of a later HTTP/1 minor version (1.2 to 1.9, which gunicorn
        accepts) is served as HTTP/1.1, the highest this server speaks
        (RFC 9110, 2.5): gunicorn would have answered in the client's
        version. An HTTP/1.1 request with no ``Host`` raises
        :class:`MissingHost` (400 ``missing_host``, RFC 9112, 3.2). A
        chunked body is read by :class:`ChunkedBody`, one that asked for
        ``100 Continue`` gets it at its first read (:class:`ContinueOnRead`),
        and a connection answered before its body was read whole lingers
        (:func:`linger`). The request that completes the worker's count
        recycles it only if no other worker is recycling (see the class).
        """
        if req.version > (1, 1):
            req.version = (1, 1)
        if req.version == (1, 1) and not any(name == "HOST" for name, _ in req.headers):
            raise MissingHost()
        if isinstance(req.body.reader, ChunkedReader):
            req.body.reader = ChunkedBody(req, req.unreader, self.body_limit)
        if take_expect_continue(req):
            req.body = ContinueOnRead(req.body, sock)
        if self.nr + 1 >= self.max_requests and self.alive \
                and not may_recycle(self.recycle_marker):
            self.max_requests = self.nr + RECYCLE_RETRY_REQUESTS  # another worker is recycling: later
        try:
            return super().handle_request(listener_name, req, sock, addr)
        except StopIteration:  # answered, and the connection is to close
            if body_unread(req.body):
                linger(sock)
            raise

    def cors_headers(self, req: Any) -> Sequence[tuple[str, str]]:
        """The app's CORS headers (``REFEREE_CORS_ORIGINS``) for a refusal of
        ``req``, by the app's own rules (``service.server.headers.Cors``).

        A request the parser refused has no headers to read (gunicorn passes
        none), so its answer has the headers the app gives a request without
        ``Origin``: ``*`` when every origin is allowed, else the first allowed
        origin (with ``Vary: Origin`` when there are several). A request read
        whole and then refused (``missing_host``) is answered for its own
        ``Origin``. None when the app is not the referee's (a failed load)."""
        cors = getattr(self.wsgi, "extensions", {}).get(CORS_EXTENSION)
        if cors is None:
            return ()
        headers = req.headers if req is not None else ()
        environ = {f"HTTP_{name.replace('-', '_')}": value for name, value in headers
                   if name in ("ORIGIN", "ACCESS-CONTROL-REQUEST-PRIVATE-NETWORK")}
        return cors.headers(environ, "GET", None)  # type: ignore[no-any-return]

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        """Log ``exc`` as gunicorn does (its warning for a refused request,
        the traceback of any other error), then answer it on ``client`` as
        a problem (:func:`refusal`) instead of gunicorn's HTML page."""
        super().handle_error(req, _Unsent(), addr, exc)
        limits = {name: getattr(self.cfg, name) for name in ("limit_request_line", "limit_request_fields", "limit_request_field_size")}
        try:
            util.write_nonblock(client, answer_bytes(refusal(exc, limits), self.cors_headers(req)))
        except Exception:  # noqa: BLE001 - as gunicorn: the client may be gone
            self.log.debug("Failed to send error message.")
