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
from collections.abc import Callable
from types import FunctionType
from typing import Any

from flask import Flask, Request, Response
from flask.ctx import RequestContext
from flask.globals import request_ctx
from flask.sessions import NullSession, SecureCookieSessionInterface
from flask.signals import appcontext_tearing_down, request_finished, request_started, request_tearing_down
from werkzeug.datastructures import Headers
from werkzeug.exceptions import BadHost
from werkzeug.routing import MapAdapter, Rule
from werkzeug.wsgi import get_host

WRITTEN_FOR = {"gunicorn": "27.0.1", "flask": "3.1.3", "werkzeug": "3.1.9", "python": "3.11"}
"""The versions this module was written for."""

TOUCHED: dict[str, tuple[str, ...]] = {
    "gunicorn.http.message.Request": ("_expected_100_continue",),
    "logging.StreamHandler": ("stream", "terminator", "lock", "handleError"),
    "flask.Flask": ("create_url_adapter", "request_context", "ensure_sync", "full_dispatch_request", "finalize_request",
                    "process_response", "do_teardown_request", "do_teardown_appcontext"),
    "flask.Flask.full_dispatch_request": ("_got_first_request",),
    "flask.ctx.RequestContext": ("_after_request_functions", "_session", "match_request"),
    "werkzeug.routing.MapAdapter": ("__init__",),
    "werkzeug.wrappers.Request": ("close",),
    "werkzeug.wrappers.Response": ("__init__", "_status", "_status_code", "_on_close"),
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
    lock = handler.lock  # what handler.acquire() and release() take and let go of
    if lock:
        lock.acquire()
    try:
        stream = handler.stream
        stream.write(line + handler.terminator)
        stream.flush()  # as handler.flush() does, the lock already held
    except Exception:  # noqa: BLE001 - as StreamHandler.emit: report, never fail the request
        handler.handleError(record())
    finally:
        if lock:
            lock.release()


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


ROUTES_REMEMBERED = 1024
"""The most (method, scheme, path) whose route :class:`ThinRequestContext` remembers
(every method of each of the app's fixed paths, on http and https); others are matched every time."""
SYNCED_REMEMBERED = 256
"""The most functions whose synchronous form :meth:`ThinFlask.ensure_sync` remembers."""


class ThinFlask(Flask):
    """Flask that pays, on each request, for nothing the referee does not
    use: no sessions (:class:`NoSessions`), a URL adapter bound without
    reading the host twice (:meth:`create_url_adapter`), a route matched
    once per method and path (:class:`ThinRequestContext`), a view function
    asked once whether it is a coroutine function (:meth:`ensure_sync`),
    and no walk of hooks, signals or teardowns while none is registered.
    Each method is Flask's own whenever what it leaves out could make a
    difference."""

    session_interface = NoSessions()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.routes: dict[tuple[str, str, str | None], Rule] = {}
        """Each request's (method, scheme, path) and the route it matched, of a fixed path (:class:`ThinRequestContext`)."""
        self.synced: dict[Callable[..., Any], Callable[..., Any]] = {}
        """Each function and its synchronous form (:meth:`ensure_sync`)."""

    def binds_itself(self, environ: dict[str, Any]) -> bool:
        """Whether :meth:`create_url_adapter` binds the request's URL adapter
        itself: unless a setting or the request makes a difference to it
        (``SERVER_NAME``, host or subdomain matching, a connection upgrade)."""
        return not (self.config["SERVER_NAME"] is not None or self.url_map.host_matching or self.subdomain_matching
                    or "HTTP_UPGRADE" in environ)

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        """The request's URL adapter, as Flask binds it (werkzeug's
        ``Map.bind_to_environ``), but from the host Flask has just read and
        checked (``request.host``) where ``bind_to_environ`` would read it
        again. Flask's own where :meth:`binds_itself` says a setting or the
        request makes a difference; ``tests/test_plumbing.py`` checks both
        bind requests alike."""
        environ = request.environ if request is not None else None
        if environ is None or not self.binds_itself(environ):
            return super().create_url_adapter(request)
        assert request is not None
        if (trusted_hosts := self.config["TRUSTED_HOSTS"]) is not None:
            request.trusted_hosts = trusted_hosts
        host = request.host = get_host(environ, request.trusted_hosts)  # as Flask sets it
        script_name, path_info = _wsgi_text(environ.get("SCRIPT_NAME")), _wsgi_text(environ.get("PATH_INFO"))
        return MapAdapter(self.url_map, _server_name(host), "/" if script_name is None else script_name,  # as Map.bind makes it
                          self.url_map.default_subdomain or "", environ["wsgi.url_scheme"], "/" if path_info is None else path_info,
                          environ["REQUEST_METHOD"], _wsgi_text(environ.get("QUERY_STRING")))

    def request_context(self, environ: dict[str, Any]) -> RequestContext:
        """Flask's request context, as :class:`ThinRequestContext`."""
        return ThinRequestContext(self, environ)

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """Flask's, which asks of the view function, on every request,
        whether it is a coroutine function: asked once per function (a
        function's code does not change)."""
        synced = self.synced.get(func)
        if synced is None:
            synced = super().ensure_sync(func)
            if isinstance(func, FunctionType) and len(self.synced) < SYNCED_REMEMBERED:
                self.synced[func] = synced
        return synced

    def full_dispatch_request(self) -> Response:
        """Flask's, which sends ``request_started`` and runs the URL value
        preprocessors and ``before_request`` functions before the view
        function: the view function at once while there is neither a
        receiver nor a function (the referee registers none)."""
        if request_started.receivers or self.url_value_preprocessors or self.before_request_funcs:
            return super().full_dispatch_request()
        self._got_first_request = True  # as Flask's
        try:
            answer = self.dispatch_request()
        except Exception as error:  # noqa: BLE001 - as Flask's: its error handlers answer
            answer = self.handle_user_exception(error)
        return self.finalize_request(answer)

    def finalize_request(self, rv: Any, from_error_handler: bool = False) -> Response:
        """Flask's, which makes the view function's value a response, runs
        the ``after_request`` functions, saves the session and sends
        ``request_finished``: a response as it is while there is nothing to
        run, no session and no receiver (Flask's ``make_response`` gives a
        response back as it is)."""
        if isinstance(rv, self.response_class) and not request_finished.receivers and self._nothing_after():
            return rv
        return super().finalize_request(rv, from_error_handler)

    def process_response(self, response: Response) -> Response:
        """Flask's, which runs the ``after_request`` functions and saves the
        session: the response as it is while there is no function to run
        and no session (the referee registers none, and keeps none)."""
        if self._nothing_after():
            return response
        return super().process_response(response)

    def _nothing_after(self) -> bool:
        """Whether Flask's ``process_response`` has nothing to do: no
        ``after_request`` function, of the request or the app, and no session to save."""
        ctx = request_ctx._get_current_object()  # type: ignore[attr-defined]
        return not (ctx._after_request_functions or self.after_request_funcs
                    or not self.session_interface.is_null_session(ctx._session))

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


class ThinRequestContext(RequestContext):
    """Flask's request context, which matches a request to its route
    (werkzeug's ``MapAdapter.match``) once per method, scheme and path
    where its app binds the URL adapter itself (:meth:`ThinFlask.binds_itself`)
    and the route takes no part of the path as an argument: a match then
    depends on nothing else, and the URL map stays as it is once the app
    serves (Flask refuses a new route after the first request). So only
    the app's fixed paths are remembered (every operation's), never a path
    a client makes up; a request no route takes (404, 405, a redirect) is
    matched every time."""

    app: ThinFlask

    def match_request(self) -> None:
        """Flask's hook for matching the request (``request.url_rule`` and
        ``request.view_args``), a fixed path's route remembered."""
        app, request = self.app, self.request
        environ = request.environ
        if not app.binds_itself(environ):
            super().match_request()
            return
        key = (environ["REQUEST_METHOD"], environ["wsgi.url_scheme"], environ.get("PATH_INFO"))
        rule = app.routes.get(key)
        if rule is not None:
            request.url_rule, request.view_args = rule, {}
            return
        super().match_request()
        rule = request.url_rule
        if request.routing_exception is None and rule is not None and not rule.arguments and len(app.routes) < ROUTES_REMEMBERED:
            app.routes[key] = rule


class ThinRequest(Request):
    """Flask's request, whose ``close`` looks for a form's files only when
    the request has read a form (werkzeug's walks an empty tuple as a
    mapping of files, on every request; the referee reads no forms)."""

    def close(self) -> None:
        """werkzeug's, which closes the files of a form the request has read (``files``, kept once read)."""
        if "files" in self.__dict__:
            super().close()


class BytesAnswer(Response):
    """A 200 answer of bytes encoded once, which go to the server as they
    are (``direct_passthrough``: one piece, nothing to run when they are
    sent), with two headers, ``Content-Type`` and ``Content-Length``. Made
    without werkzeug's ``__init__``, which builds and checks a ``Headers``
    of them on every answer: they stay a list until something reads
    ``headers``. While they do (and the status is still 200, and the
    request is no ``HEAD``), werkzeug's answer to the server
    (``get_wsgi_response``) would be the bytes, the status and that list
    as they are: given so, without werkzeug's walk of them; otherwise
    werkzeug's. ``tests/test_plumbing.py`` checks both alike."""

    def __init__(self, body: bytes, content_type: str) -> None:  # noqa: D107 - what werkzeug's __init__ sets, set here
        self.response = [body]
        self.direct_passthrough = True
        self._on_close: list[Callable[[], Any]] = []
        self._status, self._status_code = "200 OK", 200
        self._listed: list[tuple[str, str]] | None = [("Content-Type", content_type), ("Content-Length", str(len(body)))]
        self._headers: Headers | None = None

    @property
    def headers(self) -> Headers:
        """werkzeug's ``Headers`` of the answer, made when first read."""
        made = self._headers
        if made is None:
            made = self._headers = Headers(self._listed)
            self._listed = None
        return made

    @headers.setter
    def headers(self, value: Headers) -> None:
        self._headers, self._listed = value, None

    def get_wsgi_response(self, environ: dict[str, Any]) -> tuple[Any, str, list[tuple[str, str]]]:
        listed = self._listed
        if listed is None or self._status_code != 200 or environ["REQUEST_METHOD"] == "HEAD":
            return super().get_wsgi_response(environ)
        return self.response, self._status, listed
