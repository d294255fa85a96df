"""Request plumbing: request ids, body limits, media types, headers and access logs.

:func:`init_app` installs, in this order for each request:

1. ``X-Request-ID``: taken from the request when it is 1-128 characters of
   ``[A-Za-z0-9._:+/=-]``, otherwise a new UUID4 hex; echoed on the response.
2. Body: read whole here (:func:`_read_body`). Over
   ``REFEREE_MAX_BODY_BYTES`` answers 413, whether it came with a
   ``Content-Length`` or chunked; a body whose framing is broken or that ends
   early answers 400 ``malformed_body``, and one that does not arrive within
   the server's deadline 408 ``request_timeout``. A large body that would take
   the worker past ``REFEREE_BODY_BUDGET_BYTES`` of large bodies being
   received at once answers 503 with ``Retry-After`` (:class:`BodyBudget`).
3. Media type: a POST, PUT or PATCH to a known route whose ``Content-Type`` is
   not JSON (``application/json`` or ``application/*+json``), or is missing,
   answers 415: every such operation requires a JSON body in UTF-8, sent
   unencoded (another ``charset``, a ``Content-Encoding`` other than
   ``identity`` or a ``Transfer-Encoding`` other than ``chunked`` is a 415
   too).
4. Security headers on every response (a Content-Security-Policy for the API,
   another for the docs and another for the table page), and ``Cache-Control: no-store`` on all
   but the documentation's static assets.
5. One JSON log line per request on the ``referee.access`` logger with
   ``method``, ``path``, ``status``, ``duration_ms`` and ``request_id``
   (:func:`log_access`).

Every step runs on every request, so each is written to cost a few
microseconds: headers are added in one pass over the response's (werkzeug's
``setdefault`` raises and catches an exception per missing header), request
headers are read from the WSGI environ, and the access line is written
straight to the log handler's stream when nothing else would see its record.
"""

from __future__ import annotations

import io
import logging
import re
import sys
import time
import uuid
from datetime import UTC, datetime
from typing import IO, Any, cast

import flask
import orjson
from flask_cors import CORS
from flask_smorest import abort
from gunicorn.http import errors as http_errors
from pythonjsonlogger.orjson import OrjsonFormatter
from werkzeug.datastructures import Headers
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from service import config as settings
from service.api import problems

REQUEST_ID_HEADER = "X-Request-ID"
REQUEST_ID_PATTERN = re.compile(r"[A-Za-z0-9._:+/=-]{1,128}")
CHARSET_PARAMETER = re.compile(r";\s*charset\s*=([^;]*)", re.IGNORECASE)
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})

# API responses load nothing and may not be framed.
API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
# The Swagger UI page loads its own scripts, styles and images, and fetches the spec.
DOCS_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
DOCS_PREFIX = "/docs"
# The table page (/play) runs its own script and style sheet and calls this API.
PLAY_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
PLAY_PREFIX = "/play"
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
CSP_HEADER = "Content-Security-Policy"
CACHE_HEADER = "Cache-Control"
# What every response gets unless it already has the header, in the order added.
_DEFAULT_HEADERS = {
    area: tuple(SECURITY_HEADERS.items()) + ((CSP_HEADER, csp),)
    for area, csp in (("api", API_CSP), ("docs", DOCS_CSP), ("play", PLAY_CSP))
}

HANDLER_NAME = "referee-json"
access_log = logging.getLogger("referee.access")


class JsonFormatter(OrjsonFormatter):
    """python-json-logger's orjson formatter: ``level``, ``logger``,
    ``message``, any extras, then ``time`` (ISO 8601, UTC).

    :meth:`access_line` writes the line of an access record from its fields
    directly, the same bytes :meth:`format` writes for the record
    (``tests/test_ops.py`` compares them).
    """

    def access_line(self, level: str, logger: str, message: str, fields: dict[str, Any], created: float) -> str:
        """The line of a record with no exception, stack or arguments, whose extras are ``fields``."""
        return orjson.dumps(
            {"level": level, "logger": logger, "message": message, **fields, "time": datetime.fromtimestamp(created, tz=UTC)},
            default=self.json_default, option=orjson.OPT_NON_STR_KEYS,
        ).decode()


def json_formatter() -> JsonFormatter:
    """The JSON log formatter: ``time``, ``level``, ``logger``, ``message`` and any extras."""
    return JsonFormatter(
        "{levelname}{name}{message}",
        style="{",
        timestamp="time",  # ISO 8601, UTC
        rename_fields={"levelname": "level", "name": "logger"},
    )


def configure_logging(level: str, stream: IO[str] | None = None) -> None:
    """Send the ``referee`` loggers to ``stream`` (default stdout) as JSON lines.

    Idempotent: a second call replaces the handler instead of adding one.
    """
    logger = logging.getLogger("referee")
    logger.setLevel(level)
    logger.propagate = False
    handler = logging.StreamHandler(stream or sys.stdout)
    handler.setFormatter(json_formatter())
    handler.set_name(HANDLER_NAME)
    logger.handlers = [h for h in logger.handlers if h.get_name() != HANDLER_NAME] + [handler]


def _only_handler() -> tuple[logging.StreamHandler[Any], JsonFormatter] | None:
    """The handler of :func:`configure_logging` when it is the only thing an
    access record would reach (no filter, no other handler, no propagation
    past ``referee``), else ``None``."""
    parent = access_log.parent
    if (access_log.handlers or access_log.filters or not access_log.propagate or parent is None
            or parent.name != "referee" or parent.propagate or parent.filters or len(parent.handlers) != 1):
        return None
    handler = parent.handlers[0]
    formatter = handler.formatter
    if (type(handler) is not logging.StreamHandler or handler.get_name() != HANDLER_NAME or handler.filters
            or handler.level > logging.INFO or type(formatter) is not JsonFormatter):
        return None
    return handler, formatter


def log_access(fields: dict[str, Any]) -> None:
    """Log one request on ``referee.access`` at INFO with ``fields`` as extras.

    When the JSON handler of :func:`configure_logging` is the only one the
    record would reach, its line is written to the handler's stream without
    making a record (a ``LogRecord`` and the logging calls cost about five
    times the line itself); otherwise, or if the write fails, the record goes
    through ``logging`` as usual. Either way, the same line.
    """
    if not access_log.isEnabledFor(logging.INFO):
        return
    only = _only_handler()
    if only is None:
        access_log.info("request", extra=fields)
        return
    handler, formatter = only
    line = formatter.access_line("INFO", access_log.name, "request", fields, time.time())
    handler.acquire()
    try:
        handler.stream.write(line + handler.terminator)
        handler.flush()
    except Exception:  # noqa: BLE001 - as StreamHandler.emit: report, never fail the request
        handler.handleError(access_log.makeRecord(access_log.name, logging.INFO, __file__, 0, "request", (), None, extra=fields))
    finally:
        handler.release()


def _is_json(mimetype: str) -> bool:
    return mimetype == "application/json" or (mimetype.startswith("application/") and mimetype.endswith("+json"))


def request_id() -> str:
    """The current request's id (set by :func:`_start`)."""
    return str(flask.g.get("request_id", "-"))


def elapsed_seconds() -> float | None:
    """Seconds since the current request started (:func:`_start`), or None outside a request's hooks."""
    start = flask.g.get("start")
    return None if start is None else max(time.perf_counter() - start, 0.0)


def _start() -> None:
    g = flask.g
    g.start = time.perf_counter()
    given = flask.request.environ.get("HTTP_X_REQUEST_ID", "")  # the X-Request-ID header
    g.request_id = given if REQUEST_ID_PATTERN.fullmatch(given) else uuid.uuid4().hex


def _read_body() -> flask.Response | None:
    """Read the whole request body now, so every fault in it is answered here.

    The rest of Flask then reads the body from memory. Answers, as problems:

    * 413 ``payload_too_large``: over ``REFEREE_MAX_BODY_BYTES``, by its
      ``Content-Length`` (not read) or chunked (read one byte past the limit;
      werkzeug would silently cut it at the limit);
    * 400 ``malformed_body``: the body's framing is broken (a chunk size that
      is not hexadecimal, a missing CRLF, a bad trailer...) or it ended before
      it was complete (the connection closed mid-body, or fewer bytes than its
      ``Content-Length``); :data:`BODY_FAULTS` names each fault gunicorn raises;
    * 408 ``request_timeout``: the server's deadline for the request passed
      while the body was still awaited (``TimeoutError``, raised by the
      gunicorn config's per-request deadline).
    """
    request = flask.request
    environ = request.environ
    limit = flask.current_app.config.get("MAX_CONTENT_LENGTH")
    length = request.content_length
    if length is None and "wsgi.input_terminated" not in environ:
        return None  # no length and no server framing: werkzeug reads no body
    if length is not None and limit is not None and length > limit:
        raise RequestEntityTooLarge()
    wanted = length if length is not None else (limit + 1 if limit is not None else -1)
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    held = BODY_BUDGET.reserve(length if length is not None else wanted if chunked else 0)
    if held is None:
        return problems.problem(503, "service_unavailable", BUSY_DETAIL, headers={"Retry-After": "1"})
    try:
        body = environ["wsgi.input"].read(wanted)
    except TimeoutError:
        return problems.problem(408, "request_timeout", problems.HTTP_DETAILS["request_timeout"])
    except Exception as error:  # noqa: BLE001 - whatever the server raises, the body is unreadable
        return problems.problem(400, "malformed_body", body_fault(error))
    finally:
        BODY_BUDGET.release(held)
    if length is None and limit is not None and len(body) > limit:
        raise RequestEntityTooLarge()
    if length is not None and len(body) < length:
        return problems.problem(
            400, "malformed_body",
            f"The request body ended after {len(body)} of the {length} bytes its Content-Length announced.")
    environ["wsgi.input"] = io.BytesIO(body)
    return None


SMALL_BODY_BYTES = 64 * 1024
"""Bodies up to this size are received without counting against the budget
(a worker's connections times this bounds them)."""
BUSY_DETAIL = ("The server is receiving too many large request bodies at once; "
               "send this one again in a moment (Retry-After).")


class BodyBudget:
    """How many bytes of large request bodies this worker process is
    receiving at once (bodies over :data:`SMALL_BODY_BYTES`, counted by their
    announced size, or the size limit when chunked).

    A client that sends most of a large body and stops holds that much memory
    until the request deadline; without a bound, a few hundred such
    connections fill a pod. Past ``REFEREE_BODY_BUDGET_BYTES`` one more large
    body answers 503 at once and is not read. gevent switches greenlets only
    at I/O, so the count needs no lock.
    """

    def __init__(self) -> None:
        self.receiving = 0

    def reserve(self, size: int) -> int | None:
        """Count a body of ``size`` bytes (a chunked one: the size limit,
        plus one): the bytes to release after reading (0 for a small body or
        none), or ``None`` when over the budget."""
        if size <= SMALL_BODY_BYTES:
            return 0
        if self.receiving + size > flask.current_app.config[settings.BODY_BUDGET_BYTES]:
            return None
        self.receiving += size
        return size

    def release(self, size: int) -> None:
        self.receiving -= size


BODY_BUDGET = BodyBudget()
"""This worker's budget (one per process: gunicorn's workers are processes)."""


# What each fault gunicorn raises while a body is read means, most specific first.
BODY_FAULTS: tuple[tuple[type[BaseException] | tuple[type[BaseException], ...], str], ...] = (
    (http_errors.InvalidChunkSize, "a chunk size is not a hexadecimal number, or its line is too long"),
    (http_errors.InvalidChunkExtension, "a chunk extension is malformed"),
    (http_errors.ChunkMissingTerminator, "a chunk is not followed by CRLF, or the last chunk's CRLF is missing"),
    (http_errors.NoMoreData, "the connection closed before the body was complete"),
    (http_errors.LimitRequestHeaders, "its trailer section is too large"),
    ((http_errors.InvalidHeader, http_errors.InvalidHeaderName, http_errors.ObsoleteFolding),
     "its trailer section is malformed"),
    (ConnectionError, "the connection closed before the body was complete"),
)


def body_fault(error: BaseException) -> str:
    """The ``detail`` sentence for an error raised while reading a request body."""
    reason = next((text for kinds, text in BODY_FAULTS if isinstance(error, kinds)),
                  "its framing is broken or the connection closed early")
    return f"The request body could not be read: {reason}."


def _require_json() -> None:
    request = flask.request
    if request.method not in BODY_METHODS or request.url_rule is None:
        return  # no body expected, or a 404/405 that routing answers first
    if not _is_json(request.mimetype):  # includes a missing Content-Type (and body)
        raise UnsupportedMediaType()
    environ = request.environ
    # JSON is UTF-8 (RFC 8259). Every charset parameter is read from the raw
    # header: werkzeug drops one it cannot parse, and keeps only the last.
    for charset in CHARSET_PARAMETER.findall(environ.get("CONTENT_TYPE", "")):
        if charset.strip().strip('"').lower() not in ("utf-8", "utf8"):
            abort(415, message=f"The request body must be JSON in UTF-8: charset {charset.strip()[:40]!r} is not accepted.")
    encoding = environ.get("HTTP_CONTENT_ENCODING", "identity").strip().lower()
    if encoding != "identity":  # read as JSON, a gzip body was a 400 that blamed its JSON
        abort(415, message=f"The request body must be sent unencoded: Content-Encoding {encoding[:40]!r} is not accepted.")
    codings = [coding.strip().lower() for coding in environ.get("HTTP_TRANSFER_ENCODING", "").split(",") if coding.strip()]
    if any(coding != "chunked" for coding in codings):  # gunicorn undoes chunked only
        abort(415, message=f"The request body must be sent as is or chunked: Transfer-Encoding {', '.join(codings)[:40]!r} is not accepted.")


def _put(headers: Headers, present: set[str], name: str, value: str) -> None:
    """Set header ``name`` to ``value``; ``present``: the lower-case names
    ``headers`` has (``add`` when it is missing: werkzeug's ``set`` looks for
    the name first)."""
    if name.lower() in present:
        headers.set(name, value)
    else:
        headers.add(name, value)


def _finish(response: flask.Response) -> flask.Response:
    rid = request_id()
    path = flask.request.path
    headers = response.headers
    present = {name.lower() for name, _ in headers}
    _put(headers, present, REQUEST_ID_HEADER, rid)
    in_docs = path == DOCS_PREFIX or path.startswith(DOCS_PREFIX + "/")
    in_play = path == PLAY_PREFIX or path.startswith(PLAY_PREFIX + "/")
    area = "docs" if in_docs else "play" if in_play else "api"
    for name, value in _DEFAULT_HEADERS[area]:
        if name.lower() not in present:
            headers.add(name, value)
    if not path.startswith(DOCS_PREFIX + "/assets/"):
        _put(headers, present, CACHE_HEADER, "no-store")
    elapsed = elapsed_seconds()
    log_access({
        "method": flask.request.method,
        "path": path,
        "status": response.status_code,
        "duration_ms": round(elapsed * 1000, 3) if elapsed is not None else None,
        "request_id": rid,
    })
    return response


CORS_ORIGIN_LOWER = "access-control-allow-origin"
CORS_REMEMBERED = 64
"""The most (Origin, Access-Control-Request-Private-Network) pairs whose CORS
headers are remembered; others are worked out by flask-cors every time."""


def init_cors(app: flask.Flask, **options: Any) -> None:
    """CORS by flask-cors (``CORS(app, **options)``), its answer to a request
    that is not a preflight remembered.

    flask-cors works out a response's headers on every request (about 20 µs)
    although, for one app, they depend only on the request's ``Origin`` and
    ``Access-Control-Request-Private-Network`` headers, its method (a
    preflight ``OPTIONS`` also reads the requested method and headers) and,
    with ``resources``, its path: this app sets no ``resources`` (every path
    is one resource), so apart from preflights they depend on the two
    headers only. Their first answer is remembered for up to
    :data:`CORS_REMEMBERED` pairs of them. Preflights, responses that already
    carry CORS headers (errors, which flask-cors answers in its exception
    handlers) and pairs past the bound go to flask-cors itself.
    """
    CORS(app, **options)
    hooks = app.after_request_funcs[None]
    cors_after = hooks[-1]  # the hook CORS() just added
    remembered: dict[tuple[str | None, str | None], list[tuple[str, str]]] = {}

    def cors(response: flask.Response) -> flask.Response:
        request = flask.request
        if request.method == "OPTIONS" or any(name.lower() == CORS_ORIGIN_LOWER for name, _ in response.headers):
            return cast(flask.Response, cors_after(response))
        environ = request.environ
        key = (environ.get("HTTP_ORIGIN"), environ.get("HTTP_ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK"))
        added = remembered.get(key)
        if added is None:
            probe = app.response_class()
            before = len(probe.headers)
            cors_after(probe)
            added = list(probe.headers)[before:]
            if len(remembered) < CORS_REMEMBERED:
                remembered[key] = added
        response.headers.extend(added)
        return response

    hooks[-1] = cors


def init_app(app: flask.Flask) -> None:
    """Install the request hooks on ``app`` (see the module docstring for the order)."""
    app.before_request(_start)
    app.before_request(_read_body)
    app.before_request(_require_json)
    app.after_request(_finish)
