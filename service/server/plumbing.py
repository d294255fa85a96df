"""The plumbing around every request, as WSGI middleware in front of the Flask app.

:class:`Plumbing` wraps ``app.wsgi_app`` and, for each request, in order:

1. takes or makes its ``X-Request-ID`` (``headers.request_id_of``);
2. refuses a ``Host`` that names no host (400 ``invalid_host``) and, for a
   request waiting for ``100 Continue``, what its headers alone decide
   (:meth:`Plumbing._before_continue`), then receives its body whole,
   bounded (``bodies.receive``: 413, 400, 408 or 503 are answered here,
   before the app);
3. admits it (:class:`Admission`: past ``REFEREE_MAX_ACTIVE`` requests at
   work in this worker, or past its client's share of them,
   ``REFEREE_CLIENT_SHARE``, 503 at once) and calls the Flask app under the
   request's deadline (``service.deadline``, ``REFEREE_DEADLINE_SECONDS``);
4. counts a large answer against the worker's answer budget while the
   server writes it (:meth:`Plumbing._held`: 503 past it), and finishes
   the answer's headers (``headers.finish``: the request id, security
   headers, ``Cache-Control``, CORS);
5. writes one access line (``logs.log_access``) and records the request's
   metrics (``metrics.record``, as the app gives them).

Written as middleware rather than Flask hooks, the plumbing reads the WSGI
environ and the answer's header list directly: no request context, no
context-local lookups, no hook dispatch per step.
"""

from __future__ import annotations

import io
import socket
import struct
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from flask import Flask
from werkzeug import Request
from werkzeug.exceptions import HTTPException

from service import config as settings
from service.deadline import deadline

from . import answers, bodies, headers, logs
from .adapters import ThinRequest
from .budgets import ANSWERS
from .http_errors import ADMISSION_BUSY, ANSWERS_BUSY, CLIENT_BUSY, HTTP_DETAILS, Problem, unavailable

REQUEST = "referee.request"
"""Environ key: the Flask request (``RefereeRequest``), for its route once the app has answered."""
REQUEST_ID = "referee.request_id"
STARTED = "referee.started"
"""Environ keys: the request's id, and when its plumbing started (``time.perf_counter``)."""

StartResponse = Callable[..., Any]


def client_of(environ: dict[str, Any]) -> str:
    """The client a request comes from, as the shares per client tell
    clients apart (``REFEREE_CLIENT_SHARE``): its peer's address."""
    return str(environ.get("REMOTE_ADDR") or "")


_TCP_CLOSE_WAIT = 8
"""Linux's TCP state once the peer has closed its side (``tcpi_state``, the first byte of ``TCP_INFO``)."""


def client_gone(environ: dict[str, Any]) -> bool:
    """Whether the request's client has closed its connection (its side of
    it: the server reads a FIN), so no answer would reach it: the socket's
    TCP state, read without reading the socket. ``False`` where it cannot
    be told (no socket in the environ, not TCP, not Linux)."""
    sock = environ.get("gunicorn.socket")
    option = getattr(socket, "TCP_INFO", None)
    if sock is None or option is None:
        return False
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, option, 8)
    except (OSError, AttributeError):
        return False
    return bool(info) and struct.unpack_from("B", info)[0] == _TCP_CLOSE_WAIT


class Admission:
    """How many requests this worker process is working on at once (past
    their bodies, inside the app), bounded by ``REFEREE_MAX_ACTIVE``, and
    how many of them one client may have (``per_client``: its share,
    ``REFEREE_CLIENT_SHARE``), so that one client's requests never take
    every place from the others.

    A gevent worker runs one greenlet per connection and switches between
    them at I/O and at ``service.deadline.checkpoint``; without a bound, a
    burst of costly requests shares the CPU among all of them, each answer
    comes later, and ``/healthz`` waits behind every one. Past the bound a
    request answers 503 with ``Retry-After`` at once, before any work.
    gevent switches greenlets only at those points, so the count needs no lock.
    """

    def __init__(self, limit: int, probes: frozenset[str] = frozenset(), per_client: int | None = None) -> None:
        self.limit = limit
        self.probes = probes
        self.per_client = limit if per_client is None else per_client
        self.active = 0
        self.by_client: dict[str, int] = {}

    def refusal(self, environ: dict[str, Any]) -> str | None:
        """Count the request in (``None``), or the detail of its 503: past
        the worker's bound, or past its client's share. The probes' paths
        (health, readiness, metrics) always get in, uncounted."""
        if environ.get("PATH_INFO") in self.probes:
            environ[_COUNTED] = False
            return None
        client = client_of(environ)
        refused = self._refusal(client)
        if refused is None:
            self._count(environ, client)
        return refused

    def _refusal(self, client: str) -> str | None:
        if self.active >= self.limit:
            return ADMISSION_BUSY
        if self.by_client.get(client, 0) >= self.per_client:
            return CLIENT_BUSY
        return None

    def _count(self, environ: dict[str, Any], client: str) -> None:
        self.active += 1
        self.by_client[client] = self.by_client.get(client, 0) + 1
        environ[_COUNTED] = True

    def would_refuse(self, environ: dict[str, Any]) -> str | None:
        """The detail of the 503 :meth:`refusal` would answer now, or ``None`` when it would count the request in."""
        return None if environ.get("PATH_INFO") in self.probes else self._refusal(client_of(environ))

    def release(self, environ: dict[str, Any]) -> None:
        if environ.pop(_COUNTED, False):
            client = client_of(environ)
            self.active -= 1
            left = self.by_client[client] - 1
            if left:
                self.by_client[client] = left
            else:
                del self.by_client[client]

    @contextmanager
    def stepped_out(self, environ: dict[str, Any]) -> Iterator[None]:
        """A counted request out of the count for the block, and counted
        again afterwards, even past the limit (its answer only has to be
        written); an uncounted one stays as it is."""
        if not environ.get(_COUNTED, False):
            yield
            return
        self.release(environ)
        try:
            yield
        finally:
            self._count(environ, client_of(environ))


_COUNTED = "referee.counted"
ADMISSION = "referee.admission"
"""Environ key: the worker's :class:`Admission`, for :func:`waiting_elsewhere`."""


@contextmanager
def waiting_elsewhere(environ: dict[str, Any]) -> Iterator[None]:
    """While a request waits for work done in another process (the analysis
    pool, ``service.analysis.pool``), it uses none of this worker's CPU:
    it is not counted among the requests at work (``REFEREE_MAX_ACTIVE``),
    so a burst of analysis never refuses the rules operations; the pool
    bounds its own waiting requests (:meth:`Admission.stepped_out`)."""
    admission: Admission | None = environ.get(ADMISSION)
    if admission is None:
        yield
        return
    with admission.stepped_out(environ):
        yield


class RefereeRequest(ThinRequest):
    """Flask's request, which leaves itself in the environ: the plumbing reads
    the route it was matched to (its endpoint labels the metrics) after Flask
    has answered, and takes it out again."""

    def __init__(self, environ: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(environ, *args, **kwargs)
        environ[REQUEST] = self


class Metrics(Protocol):
    """What the plumbing records of each request (the app's metrics)."""

    def record(self, method: str, endpoint: str | None, status: int, seconds: float) -> None:
        """One answered request: its method, the endpoint it was routed to
        (``None``: none), its status and how long it took, in seconds."""


class Plumbing:
    """The referee's WSGI middleware (see the module docstring).

    Args:
        app: the Flask app it wraps (its ``wsgi_app``, its settings, its URL map).
        cors: the CORS rules every answer's headers follow.
        metrics: where each request is recorded.
        probes: the paths admitted whatever the load (health, readiness, metrics).
    """

    def __init__(self, app: Flask, cors: headers.Cors, metrics: Metrics, probes: frozenset[str]) -> None:
        self.app = app
        self.inner = app.wsgi_app
        self.cors = cors
        self.metrics = metrics
        self.limit = int(app.config[settings.MAX_BODY_BYTES])
        self.budget = int(app.config[settings.BODY_BUDGET_BYTES])
        self.answer_budget = int(app.config[settings.ANSWER_BUDGET_BYTES])
        self.seconds = float(app.config[settings.DEADLINE_SECONDS])
        limit = int(app.config[settings.MAX_ACTIVE])
        self.admission = Admission(limit, probes, settings.client_places(limit, float(app.config[settings.CLIENT_SHARE])))

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        request_id = environ[REQUEST_ID] = headers.request_id_of(environ)
        environ[STARTED] = started
        environ[ADMISSION] = self.admission
        refused = _encoded_slash(environ) or _no_host(environ)
        if refused is None and environ.get("HTTP_EXPECT") is not None:  # 100-continue (the server refuses any other)
            refused = self._before_continue(environ)
        if refused is None:
            refused = bodies.receive(environ, self.limit, self.budget)
        if refused is None and (busy := self.admission.refusal(environ)) is not None:
            refused = unavailable(busy)
        answered: list[Any] = []
        if refused is None:
            def capture(status: str, answer_headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], None]:
                answered[:] = [status, answer_headers, exc_info]
                return _no_write

            try:
                with deadline(self.seconds, started):
                    body = self.inner(environ, capture)
            finally:
                self.admission.release(environ)
            status, answer_headers, exc_info = answered
            request = environ.pop(REQUEST, None)
            body, refused = self._held(environ, answer_headers, body)
        if refused is not None:
            payload = answers.problem_bytes(refused.status, refused.code, refused.detail)
            status, exc_info = answers.status_line(refused.status), None
            answer_headers = [("Content-Type", answers.PROBLEM_MEDIA_TYPE), ("Content-Length", str(len(payload))),
                              *refused.headers.items()]
            body = [payload]
            request = None
        if request is None:
            request = Request(environ, populate_request=False, shallow=True)
        method, path = request.method, request.path
        allow = next((value for name, value in answer_headers if name == "Allow"), None) if method == "OPTIONS" else None
        cors = self.cors.headers(environ, method, allow)
        start_response(status, headers.finish(answer_headers, path, request_id, cors), exc_info)
        code_ = int(status[:3])
        elapsed = max(time.perf_counter() - started, 0.0)
        logs.log_access({"method": method, "path": path, "status": code_, "duration_ms": round(elapsed * 1000, 3),
                         "request_id": request_id})
        self.metrics.record(method, self._endpoint(request), code_, elapsed)
        return body

    def _held(self, environ: dict[str, Any], answer_headers: list[tuple[str, str]],
              body: Iterable[bytes]) -> tuple[Iterable[bytes], Problem | None]:
        """The app's answer, counted against this worker's answer budget
        (``budgets.ANSWERS``, ``REFEREE_ANSWER_BUDGET_BYTES``) while the
        server writes it when it is larger than ``budgets.SMALL_BYTES`` and
        made for this request alone (not :data:`answers.SHARED`); or, when
        the budget has no room for it, no answer and the 503 that replaces
        it. An answer a client reads slowly waits in the worker past the
        kernel's send buffer until it is read or the deadline cuts it, so
        the bound keeps slow readers from filling the worker's memory."""
        if environ.get(answers.SHARED):
            return body, None
        length = next((value for name, value in answer_headers if name == "Content-Length"), None)
        size = int(length) if length is not None and length.isdigit() else 0
        held = ANSWERS.reserve(size, self.answer_budget)
        if held is None:
            _close(body)
            return [], unavailable(ANSWERS_BUSY)
        return (body, None) if held == 0 else (HeldAnswer(body, held), None)

    def _before_continue(self, environ: dict[str, Any]) -> Problem | None:
        """For a request that waits for ``100 Continue`` before it sends its
        body: the refusal its headers decide, answered before the body is
        read (so no ``100`` is sent, RFC 9110, 10.1.1): 503 when this
        worker's admission would refuse it. A request no route takes (404,
        405) goes to the app with an empty body, unread, which answers it as
        any other: it is never told to send a body no one would read."""
        busy = self.admission.would_refuse(environ)
        if busy is not None:
            return unavailable(busy)
        try:
            self.app.url_map.bind_to_environ(environ).match(method=environ.get("REQUEST_METHOD"))
        except HTTPException:
            environ["wsgi.input"] = io.BytesIO(b"")
            environ["CONTENT_LENGTH"] = "0"
            environ.pop("HTTP_TRANSFER_ENCODING", None)
        return None

    def _endpoint(self, request: Request) -> str | None:
        """The Flask endpoint the request was routed to (routed here when the
        plumbing answered it before the app), else ``None``."""
        rule = getattr(request, "url_rule", None)
        if rule is not None:
            return str(rule.endpoint)
        if getattr(request, "routing_exception", None) is not None:
            return None
        try:
            endpoint, _ = self.app.url_map.bind_to_environ(request.environ).match(method=request.method)
        except HTTPException:
            return None
        return str(endpoint)


def _encoded_slash(environ: dict[str, Any]) -> Problem | None:
    """404 for a path with an encoded slash (``/v1/games/agram%2Fdeal``): the
    server decodes it into the path, which would then route as if the slash
    were there."""
    raw = environ.get("RAW_URI") or environ.get("REQUEST_URI") or ""
    if "%" in raw and "%2f" in raw.split("?", 1)[0].lower():
        return Problem("not_found", "A path may not hold an encoded slash (%2F): there is nothing at this path.")
    return None


def _no_host(environ: dict[str, Any]) -> Problem | None:
    """400 ``invalid_host`` for a ``Host`` that names no host
    (``headers.is_host``), whatever the path: werkzeug refuses only what it
    cannot encode (a label over 63 characters). A request without Host
    (HTTP/1.0; an HTTP/1.1 one is refused by the server) has nothing to check."""
    host = environ.get("HTTP_HOST")
    if host is None or headers.is_host(host):
        return None
    return Problem("invalid_host", HTTP_DETAILS["invalid_host"])


class HeldAnswer:
    """An answer's body, counted against the worker's answer budget until
    the server has written it or given up on it: it calls ``close`` either
    way (WSGI), which releases its ``size`` bytes once."""

    def __init__(self, body: Iterable[bytes], size: int) -> None:
        self.body = body
        self.size = size

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        try:
            _close(self.body)
        finally:
            ANSWERS.release(self.size)
            self.size = 0


def _close(body: Iterable[bytes]) -> None:
    """Close an answer's body, as a WSGI server does once it has written it."""
    close = getattr(body, "close", None)
    if close is not None:
        close()


def _no_write(data: bytes) -> None:
    raise RuntimeError("the referee's app answers with an iterable, never write()")
