"""Operations endpoints: health, readiness, metrics, problem types and the docs.

* ``GET /healthz``: the process answers (liveness).
* ``GET /readyz``: the game registry loads and is not empty (readiness); 503 otherwise.
* ``GET /metrics``: Prometheus text; request count and latency per operation
  (Flask endpoint), method and status, each label from a closed set. Under gunicorn it aggregates every
  worker when ``PROMETHEUS_MULTIPROC_DIR`` is set (``deploy/gunicorn.conf.py`` does), the exited
  workers' counts folded into two files (:func:`service.server.metrics.retire_metrics`).
* ``GET /problems`` and ``GET /problems/<code>``: the referee's problem types,
  so a problem's ``type`` URI dereferences.
* ``GET /docs``: Swagger UI, served from the bundled assets (no CDN);
  ``GET /openapi.json`` (served by flask-smorest) is the spec it shows.
* ``GET /``: a small page linking the table page, the docs and the spec, with
  its own Content-Security-Policy (its one inline style, by hash; nothing else).
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import importlib
import importlib.resources
import logging
import mimetypes
import time
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

import flask
import marshmallow as ma
from flask_smorest import Blueprint
from markupsafe import escape
from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.exposition import choose_encoder
from prometheus_client.openmetrics import exposition as openmetrics
from prometheus_flask_exporter import PrometheusMetrics

from service.api import problems
from service.api.documents import document
from service.api.operations import NO_CREDENTIAL
from service.errors import echo
from service.server.answers import SHARED
from service.server.headers import CSP_HEADER
from service.server.http_errors import HTTP_CODES
from service.server.metrics import metrics_files

log = logging.getLogger("referee.ops")
blp = Blueprint("ops", __name__, description="Operations: health, readiness, metrics, problem types")
docs = flask.Blueprint("docs", __name__)

HEALTH, READINESS, METRICS = "/healthz", "/readyz", "/metrics"
PROBES = frozenset({HEALTH, READINESS, METRICS})
"""The probes' and the scrape's paths: the plumbing admits them whatever the
load (``service.server.plumbing.Admission``), so they answer under any burst."""

METRICS_EXTENSION = "referee-metrics"
SCRAPES_EXTENSION = "referee-scrapes"
SCRAPE_REUSE_SECONDS = 1.0
"""How long one worker answers ``/metrics`` with the bytes it last made (per
format): a scrape reads every worker's metrics files, and ``/metrics`` is
admitted whatever the load (:data:`PROBES`), so a flood of scrapes costs at
most one such read per second per worker. Every answer within it is the same
bytes, encoded once and shared (``service.server.answers.SHARED``), so many
clients reading it slowly hold one copy, not one each. Prometheus scrapes
every 15 s or more, and never sees the difference."""
OPENMETRICS = "application/openmetrics-text"
OPENMETRICS_VERSIONS = ("1.0.0", "2.0.0")
"""The OpenMetrics versions ``/metrics`` answers in, prometheus_client's own
(its ``CONTENT_TYPE_LATEST`` and ``CONTENT_TYPE_LATEST_2_0``); the first
stands for any other version it would accept (any at or above 1.0.0)."""
SWAGGER_UI_DIST = importlib.resources.files("flask_swagger_ui") / "dist"
SWAGGER_UI_ASSETS = frozenset(
    {"swagger-ui.css", "index.css", "swagger-ui-bundle.js", "favicon-32x32.png", "favicon-16x16.png"}
)


class HealthSchema(ma.Schema):
    """Liveness answer."""

    status = ma.fields.String(required=True, metadata={"description": "Always `ok`."})


class ReadinessSchema(ma.Schema):
    """Readiness answer."""

    status = ma.fields.String(required=True, metadata={"description": "`ready`."})
    games = ma.fields.Integer(required=True, metadata={"description": "Number of games the referee serves."})


class ProblemTypesSchema(ma.Schema):
    """Every documented referee problem type."""

    problems = ma.fields.List(ma.fields.Nested(problems.ProblemTypeSchema), required=True)


# Label values come only from these closed sets; anything else is OTHER, so a
# client cannot grow /metrics (and the shared metrics files) by inventing
# methods or statuses. Operations are the Flask endpoints, or "unmatched".
STANDARD_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"})
KNOWN_STATUSES = frozenset(
    {200, 206, 304, 416, *HTTP_CODES, *problems.REFUSAL_STATUS.values()}
)  # 206, 304 and 416: conditional and range requests for the docs' assets
OTHER = "other"
UNMATCHED = "unmatched"
UNTRACKED_ENDPOINTS = frozenset({"ops.metrics", "docs.docs_asset"})


LABELS = ("method", "operation", "status")


def label_values(method: str, endpoint: str | None, status: int) -> tuple[str, str, str]:
    """The :data:`LABELS` values of one request, each from a closed set (:data:`OTHER` else)."""
    return (method if method in STANDARD_METHODS else OTHER, endpoint or UNMATCHED,
            str(status) if status in KNOWN_STATUSES else OTHER)


class RequestMetrics:
    """``referee_http_request_duration_seconds`` (histogram, seconds) and
    ``referee_http_request_total`` by method, operation and status
    (:func:`label_values`), recorded for each request by the plumbing
    (``service.server.plumbing``), from its first step, so requests refused
    before the view function (413, 415) are timed too. ``/metrics`` and the docs'
    assets are not counted."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.duration = Histogram("referee_http_request_duration_seconds", "HTTP request duration in seconds", LABELS,
                                  registry=registry)
        self.total = Counter("referee_http_request_total", "Total number of HTTP requests", LABELS, registry=registry)
        # Each label set's two children, looked up once: ``labels()`` checks and
        # locks on every call. The label sets are closed, so this stays small.
        self.children: dict[tuple[str, str, str], tuple[Histogram, Counter]] = {}

    def record(self, method: str, endpoint: str | None, status: int, elapsed: float) -> None:
        """Count one request and its duration in seconds."""
        if endpoint in UNTRACKED_ENDPOINTS:
            return
        values = label_values(method, endpoint, status)
        pair = self.children.get(values)
        if pair is None:
            pair = self.children[values] = (self.duration.labels(*values), self.total.labels(*values))
        pair[0].observe(elapsed)
        pair[1].inc()


def init_metrics(app: flask.Flask) -> RequestMetrics:
    """The request metrics of ``app``, served at ``/metrics``.

    prometheus-flask-exporter serves the metrics (all workers together in
    multiprocess mode) but labels its default metrics with the raw method and
    status, so those are off and :class:`RequestMetrics`, with the same
    names, replaces them. Each app gets its own registry (so several apps
    can live in one process, as in tests); in multiprocess mode the values
    go to the shared directory.
    """
    registry = CollectorRegistry(auto_describe=True)
    app.extensions[METRICS_EXTENSION] = PrometheusMetrics(app, path=None, registry=registry, export_defaults=False)
    return RequestMetrics(registry)


def _game_count() -> int | None:
    """Number of games in the registry, or None if it does not load or is empty."""
    try:
        games = getattr(importlib.import_module("service.games"), "GAMES", None)
    except Exception:  # noqa: BLE001 - any failure to load means "not ready"
        log.exception("The game registry does not load")
        return None
    return len(games) if isinstance(games, Mapping) and games else None


@blp.route(HEALTH)
@blp.doc(operationId="get_health", security=NO_CREDENTIAL)
@blp.response(200, HealthSchema)
def healthz() -> dict[str, str]:
    """Liveness: the process answers

    Cheap and dependency-free: a failure means the process should be restarted.
    """
    return {"status": "ok"}


@blp.route(READINESS)
@blp.doc(operationId="get_readiness", security=NO_CREDENTIAL)
@blp.response(200, ReadinessSchema)
@blp.alt_response(503, **problems.problem_response(503, "Not ready: the game registry does not load"))
def readyz() -> dict[str, Any] | flask.Response:
    """Readiness: the referee can serve games

    Ready when the game registry loads and lists at least one game.
    """
    count = _game_count()
    if count is None:
        return problems.problem(503, "not_ready", "The game registry is not loaded yet.")
    return {"status": "ready", "games": count}


@blp.route(METRICS)
@blp.doc(operationId="get_metrics", security=NO_CREDENTIAL)
@blp.response(
    200,
    {"type": "string"},
    content_type="text/plain",
    description="Prometheus text exposition format",
)
def metrics() -> flask.Response:
    """Prometheus metrics

    Request counts and latencies (seconds) per operation, method and status:
    the OpenMetrics text format when `Accept` asks for
    `application/openmetrics-text` in a version this server knows, the
    Prometheus text format otherwise. Each worker makes the text at most once
    a second and answers the same text within it.
    """
    exporter: PrometheusMetrics = flask.current_app.extensions[METRICS_EXTENSION]
    form = scrape_format(flask.request.headers.get("Accept"))
    scrapes: dict[str, tuple[float, bytes, str]] = flask.current_app.extensions.setdefault(SCRAPES_EXTENSION, {})
    now = time.monotonic()
    last = scrapes.get(form)
    if last is None or now - last[0] >= SCRAPE_REUSE_SECONDS:
        with metrics_files(fcntl.LOCK_SH):
            text, content_type = exporter.generate_metrics(form)
        last = scrapes[form] = (now, text.encode(), content_type)
    flask.request.environ[SHARED] = True
    return flask.Response(last[1], content_type=last[2])


def scrape_format(accept: str | None) -> str:
    """The format a scrape's ``Accept`` header asks for, as the media type
    ``/metrics`` answers with: one of a closed set (thirteen: the Prometheus
    text format 0.0.4, or 1.0.0 with one of four escapings; OpenMetrics in
    one of :data:`OPENMETRICS_VERSIONS` with one of those escapings),
    whatever the header says, since each worker keeps one text per format
    (:data:`SCRAPE_REUSE_SECONDS`). prometheus_client's choice
    (``choose_encoder``), but for the version of OpenMetrics, which it
    takes from the header as written (any at or above 1.0.0), and its
    escaping, which it names only when the header names a version. A
    version it cannot parse (``version=abc``, on which it raises) asks for
    the default format."""
    try:
        content_type: str = choose_encoder(accept or "")[1]
    except (TypeError, ValueError):  # prometheus_client compares the version's parts, read as ints
        content_type = choose_encoder("")[1]
    media, *parameters = (part.strip() for part in content_type.split(";"))
    if media != OPENMETRICS:
        return content_type  # text/plain: version 0.0.4, or 1.0.0 with one of four escapings
    named = dict(parameter.split("=", 1) for parameter in parameters)
    if named["version"] not in OPENMETRICS_VERSIONS:
        named["version"] = OPENMETRICS_VERSIONS[0]
    named.setdefault("escaping", openmetrics.UNDERSCORES)  # what it makes the text with when the header names no version
    return "; ".join([media, *(f"{name}={value}" for name, value in named.items())])


@blp.route("/problems")
@blp.doc(operationId="list_problem_types", security=NO_CREDENTIAL)
@blp.response(200, ProblemTypesSchema)
def list_problem_types() -> dict[str, Any]:
    """List the referee's problem types

    Each is the target of a problem's `type` URI, `/problems/<code>`.
    """
    return {"problems": [vars(problem) for problem in problems.PROBLEM_TYPES.values()]}


@blp.route("/problems/<string:code>")
@blp.doc(operationId="get_problem_type", security=NO_CREDENTIAL)
@blp.response(200, problems.ProblemTypeSchema)
@blp.alt_response(404, **problems.problem_response(404, "No problem type has this code"))
def get_problem_type(code: str) -> dict[str, Any] | flask.Response:
    """Describe one problem type

    The document a problem's `type` URI (`/problems/<code>`) points to.
    """
    known = problems.PROBLEM_TYPES.get(code)
    if known is None:
        return problems.problem(404, "not_found", f"There is no problem type {echo(code)}.")
    return vars(known)


_HOME_STYLE = "body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}"
_HOME_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<h1>{title}</h1>
<p>A stateless referee for trick-taking card games: Agency and the Agram family.</p>
<ul>
<li><a href="/play">Play a hand</a> against bots at the table page.</li>
<li><a href="/docs">The API's documentation</a>, where each operation can be tried.</li>
<li><a href="/openapi.json">The OpenAPI document</a> (OpenAPI 3.1, JSON).</li>
</ul>
<p>Version {version}.</p>
</body>
</html>
"""
# The page may apply its one inline style sheet (by hash) and load nothing.
HOME_CSP = (
    "default-src 'none'; style-src 'sha256-"
    + base64.b64encode(hashlib.sha256(_HOME_STYLE.encode()).digest()).decode()
    + "'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


@docs.get("/")
def home_page() -> flask.Response:
    """A page linking the table page (``/play``), the docs (``/docs``) and the spec (``/openapi.json``)."""
    config = flask.current_app.config
    page = _HOME_PAGE.format(title=escape(config["API_TITLE"]), style=_HOME_STYLE, version=escape(config["API_VERSION"]))
    return flask.Response(page, mimetype="text/html", headers={CSP_HEADER: HOME_CSP})


_DOCS_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<link rel="stylesheet" href="{assets}/swagger-ui.css">
<link rel="stylesheet" href="{assets}/index.css">
<link rel="icon" type="image/png" href="{assets}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui" data-spec-url="{spec_url}"></div>
<script src="{assets}/swagger-ui-bundle.js"></script>
<script src="{init}"></script>
</body>
</html>
"""

# Kept out of the page so the docs' Content-Security-Policy needs no inline script.
_DOCS_INIT = """window.addEventListener("load", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.dataset.specUrl,
    dom_id: "#swagger-ui",
    deepLinking: true
  });
});
"""


@docs.get("/docs")
def docs_page() -> flask.Response:
    """Swagger UI page for ``/openapi.json``; every asset is served by this app."""
    base = flask.url_for("docs.docs_page")
    page = _DOCS_PAGE.format(
        title=escape(flask.current_app.config["API_TITLE"]),
        assets=escape(base + "/assets"),
        init=escape(base + "/init.js"),
        spec_url=escape(flask.url_for("api-docs.openapi_json")),
    )
    return flask.Response(page, mimetype="text/html")


@docs.get("/docs/init.js")
def docs_init() -> flask.Response:
    """The script that starts Swagger UI."""
    return flask.Response(_DOCS_INIT, mimetype="text/javascript")


@docs.get("/docs/assets/<string:filename>")
def docs_asset(filename: str) -> flask.Response:
    """One Swagger UI asset from the bundled distribution (``documents``:
    gzipped, the script 1.4 MB and a third of that gzipped; with its ETag),
    cacheable for :data:`ASSET_MAX_AGE`."""
    if filename not in SWAGGER_UI_ASSETS:
        flask.abort(HTTPStatus.NOT_FOUND)
    return document(SWAGGER_UI_DIST, filename, mimetypes.guess_type(filename)[0] or "application/octet-stream",
                    max_age=ASSET_MAX_AGE)


ASSET_MAX_AGE = 86400
"""How long a client may keep a Swagger UI asset, in seconds."""
