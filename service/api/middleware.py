"""Request plumbing: request ids, body limits, media types, headers and access logs.

:func:`init_app` installs, in this order for each request:

1. ``X-Request-ID``: taken from the request when it is 1-128 characters of
   ``[A-Za-z0-9._:+/=-]``, otherwise a new UUID4 hex; echoed on the response.
2. Body limit: a body over ``REFEREE_MAX_BODY_BYTES`` answers 413, whether it
   came with a ``Content-Length`` (Flask's ``MAX_CONTENT_LENGTH``) or chunked
   (read here one byte past the limit).
3. Media type: a POST, PUT or PATCH to a known route whose ``Content-Type`` is
   not JSON (``application/json`` or ``application/*+json``), or is missing,
   answers 415: every such operation requires a JSON body.
4. Security headers on every response, and ``Cache-Control: no-store`` on all
   but the documentation's static assets.
5. One JSON log line per request on the ``referee.access`` logger with
   ``method``, ``path``, ``status``, ``duration_ms`` and ``request_id``.
"""

from __future__ import annotations

import io
import logging
import re
import sys
import time
import uuid
from typing import IO

import flask
from pythonjsonlogger.orjson import OrjsonFormatter
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

REQUEST_ID_HEADER = "X-Request-ID"
REQUEST_ID_PATTERN = re.compile(r"[A-Za-z0-9._:+/=-]{1,128}")
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
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}

access_log = logging.getLogger("referee.access")


def json_formatter() -> logging.Formatter:
    """The JSON log formatter: ``time``, ``level``, ``logger``, ``message`` and any extras."""
    return OrjsonFormatter(
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
    handler.set_name("referee-json")
    logger.handlers = [h for h in logger.handlers if h.get_name() != "referee-json"] + [handler]


def _is_json(mimetype: str) -> bool:
    return mimetype == "application/json" or (mimetype.startswith("application/") and mimetype.endswith("+json"))


def request_id() -> str:
    """The current request's id (set by :func:`_start`)."""
    return flask.g.get("request_id", "-")


def elapsed_seconds() -> float | None:
    """Seconds since the current request started (:func:`_start`), or None outside a request's hooks."""
    start = flask.g.get("start")
    return None if start is None else max(time.perf_counter() - start, 0.0)


def _start() -> None:
    flask.g.start = time.perf_counter()
    given = flask.request.headers.get(REQUEST_ID_HEADER, "")
    flask.g.request_id = given if REQUEST_ID_PATTERN.fullmatch(given) else uuid.uuid4().hex


def _limit_streamed_body() -> None:
    """413 for a body without Content-Length (chunked) longer than the limit.

    Werkzeug would silently cut such a body at the limit; read it here, one
    byte past the limit, and hand the rest of Flask the bytes read.
    """
    request = flask.request
    limit = flask.current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is None or request.content_length is not None:
        return
    if "wsgi.input_terminated" not in request.environ:  # werkzeug reads no body then
        return
    body = request.environ["wsgi.input"].read(limit + 1)
    if len(body) > limit:
        raise RequestEntityTooLarge()
    request.environ["wsgi.input"] = io.BytesIO(body)


def _require_json() -> None:
    request = flask.request
    if request.method not in BODY_METHODS or request.url_rule is None:
        return  # no body expected, or a 404/405 that routing answers first
    if not _is_json(request.mimetype):  # includes a missing Content-Type (and body)
        raise UnsupportedMediaType()


def _finish(response: flask.Response) -> flask.Response:
    rid = request_id()
    response.headers[REQUEST_ID_HEADER] = rid
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    path = flask.request.path
    in_docs = path == DOCS_PREFIX or path.startswith(DOCS_PREFIX + "/")
    response.headers.setdefault("Content-Security-Policy", DOCS_CSP if in_docs else API_CSP)
    if not path.startswith(DOCS_PREFIX + "/assets/"):
        response.headers["Cache-Control"] = "no-store"
    elapsed = elapsed_seconds()
    duration_ms = round(elapsed * 1000, 3) if elapsed is not None else None
    access_log.info(
        "request",
        extra={
            "method": flask.request.method,
            "path": path,
            "status": response.status_code,
            "duration_ms": duration_ms,
            "request_id": rid,
        },
    )
    return response


def init_app(app: flask.Flask) -> None:
    """Install the request hooks on ``app`` (see the module docstring for the order)."""
    app.before_request(_start)
    app.before_request(_limit_streamed_body)
    app.before_request(_require_json)
    app.after_request(_finish)
