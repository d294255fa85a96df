"""Request bodies: received whole and bounded before the app sees them, then
checked for their media type and decoded once when an operation reads one.

``receive`` (called by the WSGI plumbing for every request with a body)
reads the body into memory, so every fault in it is answered there, as a
problem:

* 413 ``payload_too_large``: over ``REFEREE_MAX_BODY_BYTES``, by its
  ``Content-Length`` (not read), or chunked: by the sizes its chunks
  announce, as soon as they add up past it, or in more than
  :data:`MAX_BODY_CHUNKS` chunks (:class:`BodyTooLarge`);
* 400 ``malformed_body``: the body's framing is broken (a chunk size that is
  not hexadecimal, a line ended by a bare LF, a missing CRLF, a bad
  trailer...) or it ended before it was complete; :data:`BODY_FAULTS` names
  each fault;
* 408 ``request_timeout``: the server's deadline for the request passed while
  the body was still awaited (``TimeoutError``, raised by the gunicorn
  config's per-request deadline);
* 503 ``service_unavailable`` with ``Retry-After``: a large body that would
  take the worker past ``REFEREE_BODY_BUDGET_BYTES`` of large bodies being
  received at once (``budgets.BODIES``): a body with a ``Content-Length`` is
  counted whole before it is read, a chunked one a step
  (:data:`CHUNKED_STEP`) at a time as its bytes arrive, so connections that
  stall a chunked body after a few bytes hold none of the budget.

A request with neither ``Content-Length`` nor chunked framing has no body
(RFC 9112, 6.3): nothing is read, so a ``100 Continue`` it asked for is
never sent.

``json_body`` (called by the operations) then refuses, with 415
``unsupported_media_type``, a body that is not JSON in UTF-8 sent unencoded
(``Content-Type`` other than ``application/json`` or ``application/*+json``,
or missing; another ``charset``; a ``Content-Encoding`` other than
``identity``; a ``Transfer-Encoding`` other than ``chunked``), refuses with
422 one that holds more than :data:`MAX_CONTAINERS` objects and arrays
before decoding it, and decodes it once (orjson: strict RFC 8259).
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from typing import Any

import flask
import orjson
from flask_smorest import abort
from gunicorn.http import errors as http_errors
from werkzeug.exceptions import UnsupportedMediaType
from werkzeug.wsgi import get_content_length

from ..errors import echo
from .budgets import BODIES, SMALL_BYTES
from .http_errors import BODIES_BUSY, HTTP_DETAILS, Problem, unavailable

SMALL_BODY_BYTES = SMALL_BYTES
"""Bodies up to this size are received without counting against the budget
(a worker's connections times this bounds them)."""

CHARSET_PARAMETER = re.compile(r";\s*charset\s*=([^;]*)", re.IGNORECASE)
MAX_CONTAINERS = 10_000
"""The most JSON objects and arrays a body may hold, counted by their opening
brackets before the body is decoded: the largest valid body (a replay of 101
hands of 64 moves) holds under 8,000, and decoding a megabyte of ``[]`` costs
a second of a worker. A body past it answers 422 at once."""
_BODY = "referee.json_body"
"""Environ key of the decoded body."""
RECEIVED = "referee.body"
"""Environ key of the body's bytes, as :func:`receive` read them whole."""
_UNREAD = object()


MAX_BODY_CHUNKS = 4096
"""The most chunks a chunked body may be sent in. Decoding costs a worker
per chunk, not per byte: a body of the largest size sent a byte a chunk
costs it about two hundred times what the same body costs with a
``Content-Length``, and 4,096 chunks cost about what reading the largest
body does (bench/README.md). A body in more answers 413 as the next chunk
is announced."""
CHUNKED_STEP = 64 * 1024
"""How much of a chunked body is read at a time: the budget is asked for
each step before it is read, past the first :data:`SMALL_BODY_BYTES`."""


class BodyTooLarge(Exception):
    """A chunked body refused before it is read whole: its chunks announce
    more bytes than a body may have, or there are too many of them. Its
    message is the problem's detail (413 ``payload_too_large``)."""


class BareLineFeed(ValueError):
    """A line of a chunked body's framing (a chunk size, the end of a chunk)
    ends with a bare LF: RFC 9112 (7.1, 2.2) ends each with CRLF."""


# What each fault met while a body is read means, most specific first.
BODY_FAULTS: tuple[tuple[type[BaseException] | tuple[type[BaseException], ...], str], ...] = (
    (BareLineFeed, "a line of its chunked framing ends with a bare LF, not CRLF"),
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
    reason = next((text for kinds, text in BODY_FAULTS if isinstance(error, kinds)), None)
    return HTTP_DETAILS["malformed_body"] if reason is None else f"The request body could not be read: {reason}."


def too_large(limit: int) -> str:
    """The detail of a 413 for a body past ``limit`` bytes (``REFEREE_MAX_BODY_BYTES``)."""
    return f"The request body is larger than this service accepts: at most {limit:,} bytes."


def too_many_chunks() -> str:
    """The detail of a 413 for a body in more than :data:`MAX_BODY_CHUNKS` chunks."""
    return (f"The request body is sent in more chunks than this service reads: at most {MAX_BODY_CHUNKS:,}; "
            "send it in larger chunks, or with a Content-Length.")


def is_chunked(environ: Mapping[str, Any]) -> bool:
    """Whether the request's body is sent chunked (the server checked its framing)."""
    return "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()


def receive(environ: dict[str, Any], limit: int, budget: int) -> Problem | None:
    """Read the whole request body now and put it back in ``environ`` as a
    stream in memory, so the app reads it from there; or the refusal that
    answers the request instead (see the module docstring).

    Args:
        environ: the WSGI environ.
        limit: the most bytes a body may have (``REFEREE_MAX_BODY_BYTES``).
        budget: the most bytes of large bodies received at once (``REFEREE_BODY_BUDGET_BYTES``).
    """
    length = get_content_length(environ)
    chunked = is_chunked(environ)
    if not chunked and not length:  # no body (RFC 9112, 6.3): nothing to read, and so no 100 Continue
        environ["wsgi.input"] = io.BytesIO(b"")
        environ[RECEIVED] = b""
        return None
    if length is not None and length > limit:
        return Problem("payload_too_large", too_large(limit))
    stream = environ["wsgi.input"]
    held = 0
    try:
        if length is not None:
            reserved = BODIES.reserve(length, budget)
            if reserved is None:
                return unavailable(BODIES_BUSY)
            held = reserved
            body = stream.read(length)
            if len(body) < length:
                return Problem("malformed_body", f"The request body ended after {len(body)} of the {length} bytes its Content-Length announced.")
        else:
            pieces: list[bytes] = []
            received = 0
            while True:
                if received >= SMALL_BODY_BYTES:  # past a small body's share: the next step counts first
                    if not BODIES.take(CHUNKED_STEP, budget):
                        return unavailable(BODIES_BUSY)
                    held += CHUNKED_STEP
                piece = stream.read(CHUNKED_STEP)
                if not piece:
                    break
                pieces.append(piece)
                received += len(piece)
                if received > limit:
                    return Problem("payload_too_large", too_large(limit))
            body = b"".join(pieces)
    except BodyTooLarge as error:
        return Problem("payload_too_large", str(error))
    except TimeoutError:
        return Problem("request_timeout", HTTP_DETAILS["request_timeout"])
    except Exception as error:  # noqa: BLE001 - whatever the server raises, the body is unreadable
        return Problem("malformed_body", body_fault(error))
    finally:
        BODIES.release(held)
    environ["wsgi.input"] = io.BytesIO(body)
    environ[RECEIVED] = body
    return None


def is_json(mimetype: str) -> bool:
    """``application/json`` or ``application/*+json``."""
    return mimetype == "application/json" or (mimetype.startswith("application/") and mimetype.endswith("+json"))


def require_json(environ: Mapping[str, Any], mimetype: str) -> None:
    """Refuse a body that is not JSON in UTF-8 sent unencoded (415).

    Raises:
        HTTPException: 415 ``unsupported_media_type``, its detail naming what
            is not accepted (cut to 40 characters).
    """
    if not is_json(mimetype):  # includes a missing Content-Type (and body)
        raise UnsupportedMediaType()
    # JSON is UTF-8 (RFC 8259). Every charset parameter is read from the raw
    # header: werkzeug drops one it cannot parse, and keeps only the last.
    for charset in CHARSET_PARAMETER.findall(environ.get("CONTENT_TYPE", "")):
        if charset.strip().strip('"').lower() not in ("utf-8", "utf8"):
            abort(415, message=f"The request body must be JSON in UTF-8: charset {echo(charset.strip())} is not accepted.")
    encoding = environ.get("HTTP_CONTENT_ENCODING", "identity").strip().lower()
    if encoding != "identity":  # read as JSON, an encoded body would be a 400 that blames its JSON
        abort(415, message=f"The request body must be sent unencoded: Content-Encoding {echo(encoding)} is not accepted.")
    codings = [coding.strip().lower() for coding in environ.get("HTTP_TRANSFER_ENCODING", "").split(",") if coding.strip()]
    if any(coding != "chunked" for coding in codings):  # gunicorn undoes chunked only
        abort(415, message=f"The request body must be sent as is or chunked: Transfer-Encoding {echo(', '.join(codings))} is not accepted.")


NOT_UTF8 = "str is not valid UTF-8"
"""How orjson's message for a body that is not UTF-8 begins (it then names
surrogates and the first character, whatever the bytes at fault)."""
PAST_A_DOUBLE = "number is infinity when parsed as double"
"""How orjson's message for a number past a double's range begins (then where it is)."""


def json_body() -> Any:
    """The request's JSON body, its media type checked and decoded once per
    request by orjson (strict RFC 8259: ``NaN``, ``Infinity``, an empty body
    or nesting past orjson's depth limit is not JSON).

    Raises:
        HTTPException: 415 (``require_json``).
        ValueError: the body is not JSON.
    """
    request = flask.request
    environ = request.environ
    body = environ.get(_BODY, _UNREAD)
    if body is _UNREAD:
        if environ.get("CONTENT_TYPE") != "application/json" or "HTTP_CONTENT_ENCODING" in environ or (
                "HTTP_TRANSFER_ENCODING" in environ):
            require_json(environ, request.mimetype)  # what clients send most is plain application/json
        data = environ.get(RECEIVED)
        if data is None:  # an app called without the plumbing in front (a test request context)
            data = request.get_data(cache=True)
        if not data:
            raise ValueError("it is empty")
        containers = data.count(b"{") + data.count(b"[")  # an upper bound: brackets in strings count too
        if containers > MAX_CONTAINERS:
            abort(422, messages={"json": {"_schema": [
                f"The body holds up to {containers:,} JSON objects and arrays; a request holds at most {MAX_CONTAINERS:,}."]}})
        try:
            body = orjson.loads(data)
        except orjson.JSONDecodeError as error:  # a ValueError: its message says what and where
            message = str(error)
            if message.startswith(NOT_UTF8):  # orjson says "surrogates" and char 0 of any bad UTF-8
                raise ValueError("it is not UTF-8 text (RFC 8259, 8.1)") from None
            if message.startswith(PAST_A_DOUBLE):  # valid JSON, past the limit a reader may set
                where = message.removeprefix(PAST_A_DOUBLE)
                raise ValueError(f"a number is too large to read (past a double's range, the limit RFC 8259, 6 lets a reader set){where}") from None
            raise
        environ[_BODY] = body
    return body
