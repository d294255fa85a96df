"""Response headers every answer gets: the request id, security headers,
``Cache-Control`` and CORS.

* ``X-Request-ID``: the client's when it is 1-128 characters of
  ``[A-Za-z0-9._:+/=-]``, otherwise a new UUID4 hex (:func:`request_id_of`).
* Security headers on every response, with a Content-Security-Policy for the
  API, another for the docs, another for the table page and another for
  the rules page.
* ``Cache-Control: no-store`` on all but the documents served from the
  service's packages (the Swagger UI's assets, the table and rules pages),
  whose view functions say how long they may be kept.
* CORS (:class:`Cors`), by flask-cors's own rules (``flask_cors.core``) for
  the configured origins: exact origins, or ``*`` for any.

Headers are added in one pass over the response's (:func:`finish`), each
only where the response does not set it already.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from flask_cors.core import DEFAULT_OPTIONS, get_cors_headers, serialize_options
from werkzeug.datastructures import EnvironHeaders

REQUEST_ID_HEADER = "X-Request-ID"
REQUEST_ID_PATTERN = re.compile(r"[A-Za-z0-9._:+/=-]{1,128}")
HOST_NAME = re.compile(r"(?=.{1,253}\.?(?::|$))(?:[A-Za-z0-9_-]{1,63}\.)*[A-Za-z0-9_-]{1,63}\.?")
"""A host name (RFC 3986's reg-name, as DNS names are written: labels of 1
to 63 letters, digits, hyphens or underscores between dots, at most 253
characters) or an IPv4 address, which is written the same way."""
IP_LITERAL = re.compile(r"\[([0-9A-Fa-f:.]{2,45})\]")
PORT = re.compile(r"(?::[0-9]{0,5})?")

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
# The rules page (/rules) is static HTML with the table page's style sheet.
RULES_CSP = "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
RULES_PATH = "/rules"
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
CSP_HEADER = "Content-Security-Policy"
CACHE_HEADER = "Cache-Control"
_DEFAULT_HEADERS = {
    area: tuple(SECURITY_HEADERS.items()) + ((CSP_HEADER, csp),)
    for area, csp in (("api", API_CSP), ("docs", DOCS_CSP), ("play", PLAY_CSP), ("rules", RULES_CSP))
}
"""What every response gets unless it already has the header, in the order added."""

Headers = list[tuple[str, str]]


def request_id_of(environ: dict[str, Any]) -> str:
    """The request's id: the client's ``X-Request-ID`` when it is a valid one, else a new one."""
    given: str | None = environ.get("HTTP_X_REQUEST_ID")
    if given is not None and REQUEST_ID_PATTERN.fullmatch(given):
        return given
    return f"{secrets.randbits(128) & _UUID4_MASK | _UUID4_BITS:032x}"


_UUID4_MASK = ~(0xF000 << 64 | 0xC000 << 48) & (1 << 128) - 1
_UUID4_BITS = 0x4000 << 64 | 0x8000 << 48
"""A UUID4's fixed bits (RFC 9562, 5.4: version 4, variant 10), set on 128
random bits as ``uuid.UUID(int=..., version=4)`` sets them: a new id is a
UUID4's hex, without making a ``UUID``."""


HOSTS_REMEMBERED = 64
"""The most ``Host`` values :func:`is_host` remembers as hosts (a server is
asked for by few names; others are checked every time)."""
_HOSTS: set[str] = set()


def is_host(value: str) -> bool:
    """Whether a ``Host`` header's value names a host (RFC 9110, 7.2;
    RFC 3986, 3.2.2): a host name or IPv4 address (:data:`HOST_NAME`), or
    an IPv6 address in brackets, then an optional port. A value with a
    space, a slash, bytes outside ASCII, a bracketed value that is no IPv6
    address, or nothing at all is not (an ``http`` URI's host is never
    empty, RFC 9110, 4.2.1)."""
    if value in _HOSTS:
        return True
    if not _is_host(value):
        return False
    if len(_HOSTS) < HOSTS_REMEMBERED:
        _HOSTS.add(value)
    return True


def _is_host(value: str) -> bool:
    literal = IP_LITERAL.match(value)
    if literal is not None:
        try:
            ipaddress.IPv6Address(literal.group(1))
        except ValueError:
            return False
        rest = value[literal.end():]
    else:
        name = HOST_NAME.match(value)
        if name is None:
            return False
        rest = value[name.end():]
    return PORT.fullmatch(rest) is not None


def _area(path: str) -> tuple[str, bool]:
    """The area ``path`` is in (``api``, ``docs``, ``play`` or ``rules``,
    each with its Content-Security-Policy), and whether it is one of the
    documents the service serves from its packages (``service.api.documents``:
    the Swagger UI's assets, the table page's files, the rules page), whose
    view functions set their own ``Cache-Control``."""
    if path == DOCS_PREFIX or path.startswith(DOCS_PREFIX + "/"):
        return "docs", path.startswith(DOCS_PREFIX + "/assets/")
    if path == PLAY_PREFIX or path.startswith(PLAY_PREFIX + "/"):
        return "play", True
    if path == RULES_PATH:
        return "rules", True
    return "api", False


def finish(headers: Headers, path: str, request_id: str, extra: Sequence[tuple[str, str]] = ()) -> Headers:
    """A response's headers with the request id, the security headers and
    ``Cache-Control`` in place, and ``extra`` (CORS) added where missing."""
    area, static = _area(path)
    key: tuple[str | bool, ...] = (area, static, *map(_name, headers))
    plan = _PLANS.get(key)
    if plan is None:
        plan = _plan([name for name, _ in headers], area, static)
        if len(_PLANS) < PLANS_REMEMBERED:
            _PLANS[key] = plan
    kept, added, present = plan
    out = list(map(headers.__getitem__, kept))
    out.append((REQUEST_ID_HEADER, request_id))
    out += added
    if extra:
        out += [(name, value) for name, value in extra if name.lower() not in present]
    return out


_name = itemgetter(0)
"""A header's name, of its (name, value) pair."""


PLANS_REMEMBERED = 64
"""The most plans (:func:`_plan`) remembered: one per set of header names
an answer comes with, in an area; others are worked out every time."""
_PLANS: dict[tuple[str | bool, ...], tuple[tuple[int, ...], Headers, frozenset[str]]] = {}


def _plan(names: list[str], area: str, static: bool) -> tuple[tuple[int, ...], Headers, frozenset[str]]:
    """How :func:`finish` finishes an answer whose headers are named
    ``names`` (in order), in ``area``: which of them it keeps (by index:
    not the client's request id, and ``Cache-Control`` only on a document
    that sets its own), the headers it adds after the request id, and the
    names present (lower case), which ``extra`` does not repeat."""
    lower = [name.lower() for name in names]
    present = frozenset(lower)
    kept = tuple(index for index, name in enumerate(lower)
                 if name not in ("x-request-id", "cache-control") or (name == "cache-control" and static))
    added = [(name, value) for name, value in _DEFAULT_HEADERS[area] if name.lower() not in present]
    if not static or CACHE_HEADER.lower() not in present:
        added.append((CACHE_HEADER, "no-store"))
    return kept, added, present


CORS_EXTENSION = "referee.cors"
"""``app.extensions`` key of the app's :class:`Cors` (the worker's own refusals read it)."""
CORS_REMEMBERED = 64
"""The most (Origin, Access-Control-Request-Private-Network) pairs whose CORS
headers are remembered; others are worked out every time."""


class Cors:
    """CORS headers by flask-cors's rules (``flask_cors.core.get_cors_headers``)
    for ``origins`` (exact origins, or ``["*"]``), without a Flask hook.

    A response's CORS headers depend only on the request's ``Origin`` and
    ``Access-Control-Request-Private-Network`` headers, except for a
    preflight (``OPTIONS``), which also reads the requested method and
    headers; so apart from preflights the first answer is remembered for up
    to :data:`CORS_REMEMBERED` pairs. A preflight's allowed methods are the
    route's own (its ``Allow`` header), not every method.
    """

    def __init__(self, origins: Sequence[str], *, allow_headers: Sequence[str], expose_headers: Sequence[str], max_age: int) -> None:
        self.options = {"origins": list(origins), "allow_headers": list(allow_headers), "expose_headers": list(expose_headers),
                        "max_age": max_age, "send_wildcard": True}  # "*" when every origin is allowed (no credentials are used)
        self.computed = self._computed(None)
        self.preflights: dict[str | None, Any] = {}
        self.remembered: dict[tuple[str | None, str | None], Headers] = {}

    def _computed(self, methods: str | None) -> Any:
        """flask-cors's options with these settings (and a preflight's ``methods``)."""
        options = dict(DEFAULT_OPTIONS, **self.options)
        if methods is not None:
            options["methods"] = methods
        return serialize_options(options)

    def headers(self, environ: dict[str, Any], method: str, allow: str | None) -> Headers:
        """The CORS headers of one response (``allow``: its ``Allow`` header, for a preflight)."""
        if method == "OPTIONS":
            options = self.preflights.get(allow)
            if options is None:
                options = self._computed(allow)
                if len(self.preflights) < CORS_REMEMBERED:
                    self.preflights[allow] = options
            return [(name, str(value)) for name, value in get_cors_headers(options, EnvironHeaders(environ), method).items()]
        key = (environ.get("HTTP_ORIGIN"), environ.get("HTTP_ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK"))
        added = self.remembered.get(key)
        if added is None:
            added = [(name, str(value)) for name, value in get_cors_headers(self.computed, EnvironHeaders(environ), method).items()]
            if len(self.remembered) < CORS_REMEMBERED:
                self.remembered[key] = added
        return added
