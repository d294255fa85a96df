"""How the service writes its answers as bytes: JSON of one line, and
problems (RFC 9457) bounded in size, for the view functions and the server alike."""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from itertools import islice
from typing import Any

import orjson
from werkzeug.http import HTTP_STATUS_CODES
from werkzeug.wrappers import Request, Response

SHARED = "referee.shared_answer"
"""Environ key a view function sets (to ``True``) when its answer's bytes are made
once and shared by every request that asks for them (``/openapi.json``,
``/metrics``): the plumbing then does not count them against the worker's
answer budget (``budgets.ANSWERS``), however many clients read them."""

JSON_MEDIA_TYPE = "application/json"
PROBLEM_MEDIA_TYPE = "application/problem+json"
BLANK_TYPE = "about:blank"


@dataclass(frozen=True)
class Packed:
    """A document's bytes, plain and gzipped once (``mtime`` 0: the same
    bytes on every start), answered either way by what the client accepts,
    with an entity tag worked out once (``tag``: 32 hex digits of the
    plain bytes' SHA-256)."""

    plain: bytes
    gzipped: bytes
    tag: str

    @classmethod
    def of(cls, plain: bytes) -> Packed:
        return cls(plain, gzip.compress(plain, mtime=0), hashlib.sha256(plain).hexdigest()[:32])

    def answer(self, request: Request, response_class: type[Response], mimetype: str) -> Response:
        """The gzipped bytes (``Content-Encoding: gzip``) to a client that
        accepts gzip (``Accept-Encoding``, RFC 9110, 12.5.3: werkzeug reads
        the qualities, and ``q=0`` refuses), else the plain ones; either
        answer says ``Vary: Accept-Encoding``, so a cache keeps both, and
        carries its ETag (the gzipped one's ends ``-gzip``): a request whose
        ``If-None-Match`` names it is answered 304 with no body. The bytes
        are this object's, shared by every request (:data:`SHARED`)."""
        request.environ[SHARED] = True
        packed = request.accept_encodings["gzip"] > 0
        answer = response_class(self.gzipped if packed else self.plain, mimetype=mimetype)
        if packed:
            answer.headers["Content-Encoding"] = "gzip"
        answer.vary.add("Accept-Encoding")
        answer.set_etag(self.tag + ("-gzip" if packed else ""))
        return answer.make_conditional(request)


def json_bytes(value: Any, option: int = 0) -> bytes:
    """The bytes of a JSON answer (orjson's, ``option`` its flags), ending
    with one newline as Flask's own JSON answers do, so that every answer,
    an operation's or a problem, is one line that ends where the answer does."""
    return orjson.dumps(value, option=option | orjson.OPT_APPEND_NEWLINE)


MAX_PROBLEM_BYTES = 128 * 1024
"""The most bytes a problem body has, whatever the request: every string in
it is cut to :data:`MAX_TEXT` characters, every member name to
:data:`MAX_NAME`, every list and object to :data:`MAX_ITEMS` entries (the
field errors of a 422 to ``service.api.problems.MAX_FIELD_ERRORS`` messages), which keeps the
largest well under it; a body past it all the same keeps only the five
standard members."""
MAX_TEXT = 1000
MAX_NAME = 64
MAX_ITEMS = 50


def problem_bytes(status: int, code: str, detail: str, *, type_: str = BLANK_TYPE, title: str | None = None,
                  **extra: Any) -> bytes:
    """The JSON of an ``application/problem+json`` body (its members as ``service.api.problems.problem`` describes them),
    at most :data:`MAX_PROBLEM_BYTES`: the one place a problem's size is bounded."""
    body: dict[str, Any] = {name: _bounded(value) for name, value in extra.items()}
    standard = {"type": type_, "title": title or HTTPStatus(status).phrase, "status": status, "detail": _bounded(detail), "code": code}
    body.update(standard)
    encoded = json_bytes(body, orjson.OPT_NON_STR_KEYS)
    return encoded if len(encoded) <= MAX_PROBLEM_BYTES else json_bytes(standard)


def _bounded(value: Any) -> Any:
    """A JSON-ready value cut to the sizes of :data:`MAX_PROBLEM_BYTES`."""
    if isinstance(value, str):
        return value if len(value) <= MAX_TEXT else value[:MAX_TEXT] + "…"
    if isinstance(value, Mapping):
        return {(name[:MAX_NAME] if isinstance(name, str) else name): _bounded(item)
                for name, item in islice(value.items(), MAX_ITEMS)}
    if isinstance(value, (list, tuple)):
        return [_bounded(item) for item in value[:MAX_ITEMS]]
    return value


def status_line(status: int) -> str:
    """A WSGI status line, e.g. ``413 Request Entity Too Large``, as werkzeug writes it."""
    return f"{status} {HTTP_STATUS_CODES[status].upper()}"
