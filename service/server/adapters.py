"""gunicorn's, Flask's, werkzeug's and logging's internals the referee reaches, in one place.

Written for gunicorn 27.0.1, Flask 3.1.3, werkzeug 3.1.9 and Python 3.11's
``logging`` (:data:`WRITTEN_FOR`). What the referee uses of them that is not public
API goes through this module; ``tests/test_adapters.py`` fails when an
installed version moves any of :data:`TOUCHED`, or is not the version
written for, so a new version is read against this list before it is used.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from flask import Flask, Request, Response
from flask.globals import request_ctx
from flask.sessions import NullSession, SecureCookieSessionInterface
from flask.signals import appcontext_tearing_down, request_tearing_down
from werkzeug.exceptions import BadHost
from werkzeug.routing import MapAdapter
from werkzeug.wsgi import get_host

WRITTEN_FOR = {"gunicorn": "27.0.1", "flask": "3.1.3", "werkzeug": "3.1.9", "python": "3.11"}
"""The versions this module was written for."""

TOUCHED: dict[str, tuple[str, ...]] = {
    "gunicorn.http.message.Request": ("_expected_100_continue",),
    "logging.StreamHandler": ("stream", "terminator", "acquire", "release", "handleError"),
    "flask.Flask": ("create_url_adapter", "preprocess_request", "process_response", "do_teardown_request",
                    "do_teardown_appcontext"),
    "flask.ctx.RequestContext": ("_after_request_functions", "_session"),
    "werkzeug.routing.MapAdapter": ("__init__",),
}
"""Each name the referee reaches past the public API, by where it is kept."""


def take_expect_continue(request: Any) -> bool:
    """Whether gunicorn's parsed request awaits a ``100 Continue``, taking the
    answer over: gunicorn no longer sends it itself (the referee sends it
    when the body is first read, once the request is admitted)."""
    if not request._expected_100_continue:
        return False
    request._expected_100_continue = False
    return True


def write_straight(handler: logging.StreamHandler[Any], line: str, record: Any) -> None:
    """Write one formatted line to a stream handler's stream, as its
    ``emit`` would, without making a ``LogRecord``; ``record()`` makes one
    only to report a failed write (``handleError``), never failing the caller."""
    handler.acquire()
    try:
        stream = handler.stream
        stream.write(line + handler.terminator)
        stream.flush()  # as handler.flush() does, the lock already held
    except Exception:  # noqa: BLE001 - as StreamHandler.emit: report, never fail the request
        handler.handleError(record())
    finally:
        handler.release()


class NoSessions(SecureCookieSessionInterface):
    """The referee keeps no sessions (it keeps nothing between requests):
    every request gets the one empty, read-only session, where Flask would
    make a new one for each (``flask.session`` refuses to be written, as
    Flask's own does without a secret key)."""

    EMPTY = NullSession()

    def open_session(self, app: Flask, request: Request) -> NullSession:
        return self.EMPTY


@functools.lru_cache(maxsize=64)
def _server_name(host: str) -> str:
    """A request's host as werkzeug's ``Map.bind`` names the server: in
    lower case, its name IDNA-encoded (not its port), once per host.

    Raises:
        BadHost: a name IDNA cannot encode (400, as werkzeug refuses it).
    """
    name, colon, port = host.lower().partition(":")
    try:
        name = name.encode("idna").decode("ascii")
    except UnicodeError as error:
        raise BadHost() from error
    return f"{name}{colon}{port}"


def _wsgi_text(value: str | None) -> str | None:
    """A WSGI environ's string (its bytes as latin-1, PEP 3333) as the text it
    encodes (UTF-8, a bad byte replaced), as werkzeug's routing reads it."""
    return None if value is None else value.encode("latin1").decode(errors="replace")


class ThinFlask(Flask):
    """Flask that pays, on each request, for nothing the referee does not
    use: no sessions (:class:`NoSessions`), a URL adapter bound without
    reading the host twice (:meth:`create_url_adapter`), and no walk of
    hooks, signals or teardowns while none is registered. Each method is
    Flask's own whenever what it leaves out could make a difference."""

    session_interface = NoSessions()

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        """The request's URL adapter, as Flask binds it (werkzeug's
        ``Map.bind_to_environ``), but from the host Flask has just read and
        checked (``request.host``) where ``bind_to_environ`` would read it
        again. Flask's own when a setting or the request makes a difference
        (``SERVER_NAME``, host or subdomain matching, a connection upgrade);
        ``tests/test_plumbing.py`` checks both bind requests alike."""
        environ = request.environ if request is not None else None
        if (environ is None or self.config["SERVER_NAME"] is not None or self.url_map.host_matching
                or self.subdomain_matching or "HTTP_UPGRADE" in environ):
            return super().create_url_adapter(request)
        assert request is not None
        if (trusted_hosts := self.config["TRUSTED_HOSTS"]) is not None:
            request.trusted_hosts = trusted_hosts
        host = request.host = get_host(environ, request.trusted_hosts)  # as Flask sets it
        script_name, path_info = _wsgi_text(environ.get("SCRIPT_NAME")), _wsgi_text(environ.get("PATH_INFO"))
        return MapAdapter(self.url_map, _server_name(host), "/" if script_name is None else script_name,  # as Map.bind makes it
                          self.url_map.default_subdomain or "", environ["wsgi.url_scheme"], "/" if path_info is None else path_info,
                          environ["REQUEST_METHOD"], _wsgi_text(environ.get("QUERY_STRING")))

    def do_teardown_request(self, *exc: BaseException | None) -> None:
        """Flask's, which runs the ``teardown_request`` functions and sends
        ``request_tearing_down``: nothing while there is neither a function
        nor a receiver (the referee registers none)."""
        if self.teardown_request_funcs or request_tearing_down.receivers:
            super().do_teardown_request(*exc)

    def do_teardown_appcontext(self, *exc: BaseException | None) -> None:
        """Flask's, which runs the ``teardown_appcontext`` functions and sends
        ``appcontext_tearing_down``: nothing while there is neither."""
        if self.teardown_appcontext_funcs or appcontext_tearing_down.receivers:
            super().do_teardown_appcontext(*exc)

    def preprocess_request(self) -> Any:
        """Flask's, which looks for URL value preprocessors and
        ``before_request`` functions of the app and the request's
        blueprints: at once ``None`` while none is registered (the referee
        registers none)."""
        if self.url_value_preprocessors or self.before_request_funcs:
            return super().preprocess_request()
        return None

    def process_response(self, response: Response) -> Response:
        """Flask's, which runs the ``after_request`` functions and saves the
        session: the response as it is while there is no function to run
        and no session (the referee registers none, and keeps none)."""
        ctx = request_ctx._get_current_object()  # type: ignore[attr-defined]
        if ctx._after_request_functions or self.after_request_funcs or not self.session_interface.is_null_session(ctx._session):
            return super().process_response(response)
        return response
