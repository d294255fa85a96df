"""Request plumbing written for speed answers as the libraries it stands in for:
the access line as python-json-logger writes it, CORS headers as flask-cors
gives them, headers a response already has kept, and one pair of metric
children per label set."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import re

import flask
import pytest
from flask_cors import CORS

from service.app import create_app
from service.server import logs
from service.server.budgets import ANSWERS as ANSWER_BUDGET

FIELDS = {"method": "POST", "path": "/v1/games/agency/play", "status": 200, "duration_ms": 0.731, "request_id": "r-1"}


def test_access_line_is_what_python_json_logger_writes():
    formatter = logs.json_formatter()
    logger = logging.getLogger("referee.access")
    record = logger.makeRecord(logger.name, logging.INFO, __file__, 1, "request", (), None, extra=dict(FIELDS))
    line = formatter.access_line("INFO", logger.name, "request", dict(FIELDS), record.created)
    assert line == super(logs.JsonFormatter, formatter).format(record)
    assert list(json.loads(line)) == ["level", "logger", "message", *FIELDS, "time"]


@contextlib.contextmanager
def bare_logger():
    """The ``referee`` logger with no handler but what the block configures,
    restored after: pytest attaches its log capture to every logger that does
    not propagate, and a record then goes through logging."""
    logger = logging.getLogger("referee")
    kept = list(logger.handlers)
    logger.handlers = []
    try:
        yield logger
    finally:
        logger.handlers = kept


def _lines(client, stream: io.StringIO) -> list[dict]:
    client.get("/healthz", headers={"X-Request-ID": "same-id"})
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_access_line_is_the_same_through_logging():
    """With a filter on the logger, the record goes through logging: the same line but for the time and duration."""
    client = create_app({"TESTING": True}).test_client()
    direct, through = io.StringIO(), io.StringIO()
    with bare_logger():
        logs.configure_logging("INFO", direct)
        assert logs._only_handler() is not None  # the line is written straight to the stream
        (fast,) = _lines(client, direct)
        logs.configure_logging("INFO", through)
        accept = logging.Filter()
        logs.access_log.addFilter(accept)
        assert logs._only_handler() is None  # the record goes through logging
        try:
            (slow,) = _lines(client, through)
        finally:
            logs.access_log.removeFilter(accept)
    assert list(fast) == list(slow)
    assert {k: v for k, v in fast.items() if k not in ("time", "duration_ms")} == \
        {k: v for k, v in slow.items() if k not in ("time", "duration_ms")}
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00", fast["time"])


def test_access_records_reach_other_handlers_and_respect_the_level():
    client = create_app({"TESTING": True}).test_client()
    stream = io.StringIO()
    seen: list[logging.LogRecord] = []
    extra = logging.Handler()
    extra.emit = seen.append  # type: ignore[method-assign]
    with bare_logger() as logger:
        logs.configure_logging("INFO", stream)
        logger.addHandler(extra)
        client.get("/healthz", headers={"X-Request-ID": "both"})
        logger.removeHandler(extra)
        quiet = io.StringIO()
        logs.configure_logging("WARNING", quiet)
        client.get("/healthz")
        logs.configure_logging("INFO")
    assert [record.request_id for record in seen] == ["both"]  # type: ignore[attr-defined]
    assert json.loads(stream.getvalue())["request_id"] == "both"
    assert quiet.getvalue() == ""


REQUESTS = [
    ("GET", "/healthz", {}),
    ("GET", "/healthz", {"Origin": "https://a.example"}),
    ("GET", "/healthz", {"Origin": "https://b.example"}),
    ("GET", "/healthz", {"Origin": "https://a.example", "Access-Control-Request-Private-Network": "true"}),
    ("POST", "/v1/games/agram/legal-moves", {"Origin": "https://a.example", "Content-Type": "application/json"}),
    ("GET", "/nowhere", {"Origin": "https://a.example"}),
    ("DELETE", "/healthz", {}),
    ("OPTIONS", "/healthz", {"Origin": "https://a.example", "Access-Control-Request-Method": "POST",
                             "Access-Control-Request-Headers": "Content-Type, Authorization"}),
    ("OPTIONS", "/healthz", {"Origin": "https://b.example", "Access-Control-Request-Method": "PUT"}),
    ("GET", "/docs", {"Origin": "https://a.example"}),
]


PREFLIGHT_ONLY = ("Access-Control-Allow-Methods", "Access-Control-Allow-Headers", "Access-Control-Max-Age")


def _cors_headers(response) -> list[tuple[str, str]]:
    return sorted((name, value) for name, value in response.headers if name.startswith("Access-Control-") or name == "Vary")


@pytest.mark.parametrize("origins", ["*", "https://a.example", "https://a.example,https://c.example"])
def test_cors_headers_are_flask_cors_own(origins):
    """Every response's CORS headers, against an app served by plain flask-cors
    (each request twice: the second answer is the remembered one), but for a
    preflight's allowed methods: the route's own, as its ``Allow`` says, where
    flask-cors lists every method."""
    config = {"TESTING": True, "REFEREE_CORS_ORIGINS": origins}
    ours = create_app(config).test_client()
    app = flask.Flask("plain")
    CORS(app, origins=origins.split(","), send_wildcard=True, allow_headers=["Content-Type", "Authorization", "X-Request-ID"],
         expose_headers=["X-Request-ID", "Allow"], max_age=600)
    for rule in create_app(config).url_map.iter_rules():
        app.add_url_rule(rule.rule, rule.endpoint, lambda **kwargs: "", methods=rule.methods)
    plain = app.test_client()
    for method, path, headers in REQUESTS * 2:
        sent = {**headers, "X-Request-ID": "fixed"}
        mine = ours.open(path, method=method, headers=sent, data=b"{}" if method == "POST" else None)
        theirs = plain.open(path, method=method, headers=sent, data=b"{}" if method == "POST" else None)
        expected = _cors_headers(theirs)
        if method == "OPTIONS":
            allowed = mine.headers["Allow"].split(", ")
            if headers.get("Access-Control-Request-Method") in allowed:
                expected = sorted((name, ", ".join(sorted(allowed)) if name == "Access-Control-Allow-Methods" else value)
                                  for name, value in expected)
            else:  # the preflight asks for a method the route does not take: nothing is allowed
                expected = [(name, value) for name, value in expected if name not in PREFLIGHT_ONLY]
        assert _cors_headers(mine) == expected, (method, path, headers)


def test_headers_a_response_has_are_kept_or_replaced_as_before():
    """Security headers and the CSP a view sets are kept; X-Request-ID and Cache-Control are the middleware's."""
    app = create_app({"TESTING": True})

    @app.get("/own-headers")
    def own_headers() -> flask.Response:
        return flask.Response("{}", mimetype="application/json", headers={
            "x-frame-options": "SAMEORIGIN", "Content-Security-Policy": "default-src 'self'",
            "X-Request-ID": "from-view", "cache-control": "max-age=5",
        })

    response = app.test_client().get("/own-headers", headers={"X-Request-ID": "from-client"})
    assert response.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    assert response.headers.getlist("Content-Security-Policy") == ["default-src 'self'"]
    assert response.headers.getlist("X-Request-ID") == ["from-client"]
    assert response.headers.getlist("Cache-Control") == ["no-store"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_each_label_set_counts_apart(client):
    for _ in range(3):
        client.get("/healthz")
    client.get("/nowhere")
    client.delete("/healthz")
    text = client.get("/metrics").get_data(as_text=True)
    for labels, count in (('method="GET",operation="ops.healthz",status="200"', 3),
                          ('method="GET",operation="unmatched",status="404"', 1),
                          ('method="DELETE",operation="unmatched",status="405"', 1)):
        assert f"referee_http_request_total{{{labels}}} {count}.0" in text
        assert f"referee_http_request_duration_seconds_count{{{labels}}} {count}.0" in text
        assert f'referee_http_request_duration_seconds_bucket{{le="+Inf",{labels}}} {count}.0' in text


ANSWERS = {
    "a game's description": ("GET", "/v1/games/agram", None, 200),
    "the games": ("GET", "/v1/games", None, 200),
    "health": ("GET", "/healthz", None, 200),
    "a deal": ("POST", "/v1/games/agram/deal", {"players": 3, "seed": 1}, 200),
    "a trick's winner": ("POST", "/v1/games/agency/trick-winner", {"plays": [{"seat": 0, "card": "1V"}]}, 200),
    "a refusal of the rules": ("POST", "/v1/games/agram/deal", {"players": 9}, 422),
    "a refusal of the body's JSON": ("POST", "/v1/games/agram/deal", b"{", 400),
    "a refusal of the media type": ("POST", "/v1/games/agram/deal", b"players=3", 415),
    "an unknown game": ("POST", "/v1/games/nope/deal", {}, 404),
    "an unknown path": ("GET", "/nowhere", None, 404),
    "a method not allowed": ("PUT", "/v1/games/agram/deal", None, 405),
    "a body past its size, refused before the app": ("POST", "/v1/games/agram/deal", b"[" * 2_000_000, 413),
}


@pytest.mark.parametrize("kind", list(ANSWERS))
def test_every_json_answer_ends_with_one_newline(client, kind):
    """An operation's answer and a problem, from a view or from the plumbing,
    end as Flask's own JSON answers do: the JSON, then one newline."""
    method, path, body, status = ANSWERS[kind]
    kwargs = {"json": body} if isinstance(body, dict) else {"data": body, "content_type": "text/plain" if body == b"players=3" else "application/json"}
    response = client.open(path, method=method, **({} if body is None else kwargs))
    assert response.status_code == status
    data = response.get_data()
    assert data.endswith(b"\n") and not data.endswith(b"\n\n") and data.count(b"\n") == 1, data[-40:]
    json.loads(data)
    if response.headers.get("Content-Length"):
        assert int(response.headers["Content-Length"]) == len(data)


# The worker's budget of large answers (REFEREE_ANSWER_BUDGET_BYTES)

BUDGET = 1024 * 1024


@pytest.fixture
def busy_answers(monkeypatch):
    """A worker whose answer budget is all but 100,000 bytes taken by other answers still being written
    (the count is the process's: another test's streamed answer left unclosed would count too)."""
    monkeypatch.setattr(ANSWER_BUDGET, "held", BUDGET - 100_000)
    yield
    assert ANSWER_BUDGET.held == BUDGET - 100_000, "an answer was not released"


@pytest.fixture
def idle_answers(monkeypatch):
    """A worker writing no large answer."""
    monkeypatch.setattr(ANSWER_BUDGET, "held", 0)


def _replay_body() -> dict:
    """A replay whose answer is over 100,000 bytes (fifty Agency hands)."""
    from bench.hostile import long_replay

    return long_replay(hands=50, game_id="agency")


def test_a_large_answer_is_counted_while_it_is_written_and_released_after(idle_answers):
    app = create_app({"TESTING": True, "REFEREE_ANSWER_BUDGET_BYTES": BUDGET})
    response = app.test_client().post("/v1/games/agency/replay", json=_replay_body(), buffered=False)
    assert response.status_code == 200 and int(response.headers["Content-Length"]) > 100_000
    assert ANSWER_BUDGET.held == int(response.headers["Content-Length"])  # not yet written whole
    response.close()
    assert ANSWER_BUDGET.held == 0


def test_an_answer_past_the_budget_is_503_and_small_and_shared_answers_are_not(busy_answers):
    """Regression (the kind): an answer a client reads slowly waits in the
    worker, so answers made for each request are counted while they are
    written; one that would pass the budget is replaced by a 503 at once.
    Small answers (bounded by the connections) and the shared ones (one copy
    whoever reads them) are not counted."""
    client = create_app({"TESTING": True, "REFEREE_ANSWER_BUDGET_BYTES": BUDGET}).test_client()
    refused = client.post("/v1/games/agency/replay", json=_replay_body())
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "1"
    assert refused.get_json()["code"] == "service_unavailable" and "large answers" in refused.get_json()["detail"]
    assert client.post("/v1/games/agency/deal", json={"seed": 1}).status_code == 200
    document = client.get("/openapi.json")
    assert document.status_code == 200 and len(document.data) > 100_000


def test_the_openapi_document_and_metrics_are_made_once_and_shared():
    """Every answer of ``/openapi.json`` is the same bytes object, and so is
    every ``/metrics`` answer within its second: many readers, one copy."""
    app = create_app({"TESTING": True})
    client = app.test_client()
    for path in ("/openapi.json", "/metrics"):
        answers = [client.get(path, buffered=False) for _ in range(2)]
        first, second = (next(iter(answer.response)) for answer in answers)
        assert first is second and len(first) > 1000  # the same object, not an equal copy
        for answer in answers:
            answer.close()


def test_a_client_that_closed_its_connection_is_seen_gone_and_one_still_there_is_not():
    """``client_gone`` reads the socket's TCP state (the peer's FIN), not its bytes; without a socket nothing is gone."""
    import socket
    import time

    from service.server.plumbing import client_gone

    with socket.create_server(("127.0.0.1", 0)) as server:
        client = socket.create_connection(server.getsockname())
        accepted, _ = server.accept()
        with accepted:
            client.sendall(b"POST /v1/games/agency/solve HTTP/1.1\r\n\r\n")
            assert not client_gone({"gunicorn.socket": accepted})
            client.close()
            for _ in range(100):
                if client_gone({"gunicorn.socket": accepted}):
                    break
                time.sleep(0.01)
            assert client_gone({"gunicorn.socket": accepted})
            assert accepted.recv(100).startswith(b"POST")  # nothing of the request was read by looking
    assert not client_gone({})


URL_ADAPTER_ENVIRONS = [
    {},
    {"HTTP_HOST": "Referee.Example:8080", "wsgi.url_scheme": "https"},
    {"HTTP_HOST": "b\u00fccher.example"},
    {"SCRIPT_NAME": "/mounted", "PATH_INFO": "/v1/games/\u00c3\u00a9t\u00c3\u00a9", "QUERY_STRING": "a=%C3%A9&b"},
    {"REQUEST_METHOD": "OPTIONS", "HTTP_HOST": "[::1]:5000"},
    {"HTTP_CONNECTION": "Upgrade", "HTTP_UPGRADE": "websocket"},
]


@pytest.mark.parametrize("extra", URL_ADAPTER_ENVIRONS)
@pytest.mark.parametrize("settings", [{}, {"SERVER_NAME": "referee.example:8080"}, {"TRUSTED_HOSTS": ["referee.example"]}])
def test_the_url_adapter_is_bound_as_flask_binds_it(extra, settings):
    """The referee's ``create_url_adapter`` reads the host once; the adapter
    is the one Flask's own binds, member for member (or the same refusal)."""
    from werkzeug.test import EnvironBuilder

    app = create_app({"REFEREE_MODE": "open", **settings})
    environ = {**EnvironBuilder(path="/v1/games", method="GET").get_environ(), **extra}

    def bound(create):
        try:
            adapter = create(app, app.request_class(dict(environ)))
        except Exception as error:  # noqa: BLE001 - a refusal must be the same refusal
            return type(error)
        return {name: getattr(adapter, name) for name in (
            "server_name", "script_name", "subdomain", "url_scheme", "path_info", "default_method", "query_args", "websocket")}

    assert bound(type(app).create_url_adapter) == bound(flask.Flask.create_url_adapter)


ROUTED = [("POST", "/v1/games/agency/play"), ("OPTIONS", "/v1/games/agram/deal"), ("GET", "/healthz"), ("HEAD", "/healthz"),
          ("GET", "/v1/games/agency"), ("GET", "/v1/games/no-such-game"), ("GET", "/v1/games/agency/play"),
          ("POST", "/v1/nothing-here"), ("POST", "/v1/games/agency/play/")]


@pytest.mark.parametrize(("method", "path"), ROUTED)
@pytest.mark.parametrize("scheme", ["http", "https"])
def test_a_request_is_routed_as_werkzeug_matches_it_every_time(method, path, scheme):
    """A fixed path's route is remembered; the request is routed, the first
    time and after, as werkzeug's own match routes it (or refused alike);
    a path with an argument, or one no route takes, is never remembered."""
    from werkzeug.exceptions import HTTPException
    from werkzeug.test import EnvironBuilder

    app = create_app({"REFEREE_MODE": "open"})
    environ = EnvironBuilder(path=path, method=method).get_environ()
    environ["wsgi.url_scheme"] = scheme
    try:
        expected = app.url_map.bind_to_environ(environ).match(method=method, return_rule=True)
    except HTTPException as error:
        expected = type(error)
    for _ in range(3):
        with app.request_context(dict(environ)):
            request = flask.request
            routed = type(request.routing_exception) if request.routing_exception is not None else (
                request.url_rule, request.view_args)
            assert routed == expected
            if request.view_args is not None:
                request.view_args["changed"] = "by a view"  # what a view does to its arguments stays its own
    remembered = list(app.routes.values())
    assert remembered == ([] if isinstance(expected, type) or expected[1] else [expected[0]])


def test_what_is_registered_around_a_view_function_runs_as_in_flask():
    """Flask's dispatch, which the referee's skips while nothing is
    registered for it, runs whatever is: ``before_request`` and
    ``after_request`` functions and receivers of ``request_started`` and
    ``request_finished``; and a view function is asked once whether it is
    a coroutine function."""
    app = create_app({"REFEREE_MODE": "open"})
    seen: list[str] = []

    @app.before_request
    def before() -> None:
        seen.append("before")

    @app.after_request
    def after(response: flask.Response) -> flask.Response:
        response.headers["X-After"] = "yes"
        return response

    def started(sender: flask.Flask, **extra: object) -> None:
        seen.append("started")

    def finished(sender: flask.Flask, response: flask.Response, **extra: object) -> None:
        seen.append(f"finished {response.status_code}")

    client = app.test_client()
    with flask.request_started.connected_to(started, app), flask.request_finished.connected_to(finished, app):
        answer = client.post("/v1/games/agency/deal", json={"seed": 1})
    assert answer.status_code == 200 and answer.headers["X-After"] == "yes"
    assert seen == ["started", "before", "finished 200"]
    assert client.post("/v1/games/agency/deal", json={"seed": 1}).get_json() == answer.get_json()
    assert app.view_functions["games.agency_deal"] in app.synced


def test_the_referee_keeps_no_session():
    app = create_app({"REFEREE_MODE": "open"})
    with app.test_request_context("/healthz"):
        assert flask.session.new is False and not flask.session
        with pytest.raises(RuntimeError):
            flask.session["seat"] = 1


@pytest.mark.parametrize("method", ["POST", "HEAD"])
@pytest.mark.parametrize("change", ["none", "location", "status", "header"])
def test_a_json_answer_goes_to_the_server_as_werkzeug_gives_it(method, change):
    """A JSON answer hands the server its bytes, status and headers as they
    are only where werkzeug's own walk of them would change nothing."""
    from werkzeug.test import EnvironBuilder

    from service.api.operations import json_answer

    environ = EnvironBuilder(path="/v1/games", method=method).get_environ()
    answer = json_answer({"state": "caf\u00e9"})
    if change == "location":
        answer.headers["Location"] = "/v1/games/caf\u00e9"
    elif change == "status":
        answer.status_code = 204
    elif change == "header":
        answer.headers["Content-Length"] = "1"
        answer.headers.remove("Content-Type")
        answer.headers["Content-Location"] = "/caf\u00e9"
    body, status, headers = answer.get_wsgi_response(environ)
    werkzeugs = flask.Response.get_wsgi_response(answer, environ)
    assert (list(body), status, headers) == (list(werkzeugs[0]), werkzeugs[1], werkzeugs[2])
