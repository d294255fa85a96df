"""Operations endpoints and request plumbing: health, metrics, ids, headers, limits, errors."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import logging
import random
import re
import string

import marshmallow as ma
import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_smorest import Blueprint
from gunicorn.http import errors as gunicorn_errors
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import service.analysis
import service.games
from service import errors
from service.api import ops, problems
from service.api.holding import current
from service.api.operations import request_arguments
from service.app import create_app
from service.schemas.family import BoundedSchema
from service.schemas.smorest import api_of
from service.server import logs
from support import examples

PROBLEM = "application/problem+json"
STANDARD_MEMBERS = {"type", "title", "status", "detail", "code"}
LIMIT = 64


class EchoSchema(BoundedSchema):
    word = ma.fields.String(required=True)


def probe_app(**config) -> Flask:
    """A referee app plus a test-only blueprint exercising the error pipeline."""
    app = create_app({"TESTING": True, "REFEREE_MAX_BODY_BYTES": LIMIT, **config})
    blp = Blueprint("probe", __name__, url_prefix="/probe")

    @blp.route("/echo", methods=["POST"])
    def echo():
        """Reads its body as every operation does (``request_arguments``)."""
        return request_arguments(EchoSchema(), current())

    @blp.route("/illegal", methods=["POST"])
    def illegal():
        raise errors.IllegalMove("must_follow_suit", "Seat 1 holds a spade and must follow suit.",
                                 legal_moves=[{"seat": 1, "card": "10S"}])

    @blp.route("/invalid", methods=["POST"])
    def invalid():
        raise errors.InvalidState(["card 10S is held twice", "seat 2 holds 7 cards, not 8"])

    @blp.route("/forged", methods=["POST"])
    def forged():
        raise errors.SignatureInvalid("state_signature_invalid", "The state's signature does not match.")

    @blp.route("/boom")
    def boom():
        raise RuntimeError("secret internals")

    api_of(app).register_blueprint(blp)
    return app


@pytest.fixture
def probe() -> FlaskClient:
    return probe_app().test_client()


def assert_problem(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response.mimetype == PROBLEM
    body = response.get_json(force=True)
    assert STANDARD_MEMBERS <= body.keys()
    assert body["status"] == status and body["code"] == code
    assert isinstance(body["detail"], str) and body["detail"]
    return body


# Health, readiness, metrics, docs


def test_healthz_answers_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_readyz_counts_the_games(client, monkeypatch):
    monkeypatch.setattr(service.games, "GAMES", {"agency": object(), "spar": object()}, raising=False)
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ready", "games": 2}


def test_readyz_is_503_without_games(client, monkeypatch):
    monkeypatch.setattr(service.games, "GAMES", {}, raising=False)
    assert_problem(client.get("/readyz"), 503, "not_ready")


def test_metrics_count_requests_per_operation_and_status(client):
    client.get("/healthz")
    client.get("/healthz")
    client.get("/nowhere")
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    text = response.get_data(as_text=True)
    assert 'referee_http_request_duration_seconds_count{method="GET",operation="ops.healthz",status="200"} 2.0' in text
    assert 'operation="unmatched",status="404"' in text
    assert 'operation="ops.metrics"' not in text


OPENMETRICS = "application/openmetrics-text"


@pytest.mark.parametrize("accept", [
    f"{OPENMETRICS}; version=abc",  # regression: a 500 (prometheus_client compared 'abc' with ints)
    f"{OPENMETRICS}; version=", f"{OPENMETRICS}; version=1.x.0", f"{OPENMETRICS}; version=-1",
    f"{OPENMETRICS}; version=1.0.0; escaping=nonsense", f"{OPENMETRICS};;;", "text/plain; version=abc",
    "text/plain; version=1.0.0; escaping=", "*/*", "", "é/é", ",,,;;;",
])
def test_metrics_answer_any_accept_header(client, accept):
    response = client.get("/metrics", headers={"Accept": accept})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype in ("text/plain", OPENMETRICS)
    assert "referee_http_request_duration_seconds" in response.get_data(as_text=True)


ESCAPINGS = ("allow-utf-8", "underscores", "dots", "values")
FORMATS = frozenset({
    "text/plain; version=0.0.4; charset=utf-8",
    *(f"text/plain; version=1.0.0; charset=utf-8; escaping={escaping}" for escaping in ESCAPINGS),
    *(f"{OPENMETRICS}; version={version}; charset=utf-8; escaping={escaping}" for version in ("1.0.0", "2.0.0") for escaping in ESCAPINGS),
})
"""What ``/metrics`` may answer: the Prometheus text format (0.0.4, or 1.0.0
with a name escaping) and OpenMetrics in the versions prometheus_client
writes (1.0.0 and 2.0.0), with each escaping it knows."""


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(accept=st.lists(st.sampled_from([OPENMETRICS, "text/plain", ";", ",", "version=", "escaping=", "1", ".", "a", "0", " ",
                                        "dots", "2"]), max_size=12).map("".join))
def test_metrics_never_fail_on_an_accept_header(client, accept):
    response = client.get("/metrics", headers={"Accept": accept})
    assert response.status_code == 200 and response.content_type in FORMATS, response.content_type


def test_any_accept_header_gets_one_of_a_closed_set_of_formats_made_once_a_second(app, client, monkeypatch):
    """Each worker keeps one text per format it answers (SCRAPE_REUSE_SECONDS),
    so the formats are a closed set whatever ``Accept`` says (regression:
    the format was prometheus_client's media type, which repeats the
    OpenMetrics version the header asks for, any at or above 1.0.0: each
    new version, ``1.0.1``, ``1.0.2``..., made the text afresh and kept
    another copy of it, about 240 KB under gunicorn, in the worker for good,
    and came back in the answer's Content-Type)."""
    exporter = app.extensions[ops.METRICS_EXTENSION]
    made = []
    generate = exporter.generate_metrics
    monkeypatch.setattr(exporter, "generate_metrics", lambda accept=None: made.append(accept) or generate(accept))
    rng = random.Random(11)
    versions = ["1.0.0", "2.0.0", "0.0.4", "1", "1.0", "2", "2.0.0.0", "10.0.0", "1.0.0-rc1", "01.0.0", " 1.0.0"]
    answered = set()
    for index in range(400):
        version = rng.choice([*versions, f"1.0.{index}", f"{index + 1}.0", f"2.{index}.0"])
        escaping = rng.choice([*ESCAPINGS, f"e{index}", ""])
        media = rng.choice([OPENMETRICS, "text/plain", f"{OPENMETRICS}, text/plain", "*/*"])
        accept = rng.choice([f"{media}; version={version}; escaping={escaping}", f"{media};version={version}", media,
                             f"text/plain;q=0.1, {media}; version={version}; charset=latin-1; q=0.{index}"])
        response = client.get("/metrics", headers={"Accept": accept})
        assert response.status_code == 200 and response.content_type in FORMATS, (accept, response.content_type)
        answered.add(response.content_type)
    assert {OPENMETRICS, "text/plain"} <= {answer.split(";")[0] for answer in answered}
    assert len(made) <= len(FORMATS) and len(app.extensions[ops.SCRAPES_EXTENSION]) <= len(FORMATS)


def test_openmetrics_is_served_when_asked_for(client):
    response = client.get("/metrics", headers={"Accept": f"{OPENMETRICS}; version=1.0.0"})
    assert response.status_code == 200 and response.mimetype == OPENMETRICS
    assert response.get_data(as_text=True).rstrip().endswith("# EOF")


def _series(client) -> list[str]:
    text = client.get("/metrics").get_data(as_text=True)
    return [line for line in text.splitlines() if line.startswith("referee_http_request")]


def _random_request(client, rng: random.Random) -> None:
    method = "".join(rng.choice(string.ascii_uppercase) for _ in range(rng.randint(3, 12)))
    path = "/" + "/".join(rng.choice(["v1", "games", "x" * rng.randint(1, 9), str(rng.random())])
                          for _ in range(rng.randint(1, 4)))
    client.open(rng.choice([path, "/v1/games/agram/deal", "/healthz"]), method=rng.choice([method, method.lower()]))


def test_metric_labels_stay_bounded_whatever_the_method_or_path(app, client, monkeypatch):
    monkeypatch.setattr(ops, "SCRAPE_REUSE_SECONDS", 0.0)  # each scrape made afresh
    rng = random.Random(7)
    for _ in range(300):
        _random_request(client, rng)
    first = _series(client)
    for _ in range(300):
        _random_request(client, rng)
    second = _series(client)
    # The same series, only their values grow: nothing new per made-up method or path.
    assert [line.rsplit(" ", 1)[0] for line in first] == [line.rsplit(" ", 1)[0] for line in second]
    values = {name: set() for name in ("method", "operation", "status")}
    for line in second:
        for name, value in re.findall(r'(\w+)="([^"]*)"', line):
            values.setdefault(name, set()).add(value)
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert values["method"] <= ops.STANDARD_METHODS | {"other"} and "other" in values["method"]
    assert values["operation"] <= endpoints | {"unmatched"}
    assert values["status"] <= {str(status) for status in ops.KNOWN_STATUSES} | {"other"}
    assert len(second) < 400


def test_a_flood_of_scrapes_makes_the_text_once_a_second(app, client, monkeypatch):
    """``/metrics`` is admitted whatever the load, and a scrape reads every
    worker's files: within SCRAPE_REUSE_SECONDS a worker answers the text it
    made, per format, so 50 scrapes cost two makings (one per format)."""
    exporter = app.extensions[ops.METRICS_EXTENSION]
    made = []
    generate = exporter.generate_metrics
    monkeypatch.setattr(exporter, "generate_metrics", lambda accept=None: made.append(accept) or generate(accept))
    client.get("/healthz")
    first = client.get("/metrics").get_data(as_text=True)
    for index in range(50):
        client.get("/healthz")
        accept = f"{OPENMETRICS}; version=1.0.0" if index % 2 else "text/plain"
        answer = client.get("/metrics", headers={"Accept": accept})
        assert answer.mimetype == (OPENMETRICS if index % 2 else "text/plain")
        if not index % 2:
            assert answer.get_data(as_text=True) == first  # the text made before, not one counting these requests
    assert len(made) == 2
    monkeypatch.setattr(ops, "SCRAPE_REUSE_SECONDS", 0.0)  # past the second: made afresh, with every request since
    assert 'operation="ops.healthz",status="200"} 51.0' in client.get("/metrics").get_data(as_text=True)


def test_metric_labels_come_from_closed_sets():
    assert ops.label_values("BREW", None, 418) == ("other", "unmatched", "other")
    assert ops.label_values("PATCH", "games.agram_play", 409) == ("PATCH", "games.agram_play", "409")


def test_docs_page_is_served_offline(client):
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "http" not in html.replace('lang="en"', "")  # every asset is local
    assert "<script>" not in html  # no inline script: the CSP forbids it
    for asset in ("/docs/assets/swagger-ui-bundle.js", "/docs/assets/swagger-ui.css", "/docs/init.js"):
        assert asset in html
        assert client.get(asset).status_code == 200
    assert client.get("/docs/assets/../../pyproject.toml").status_code == 404
    assert client.get("/openapi.json").get_json()["openapi"] == "3.1.0"


@pytest.mark.parametrize(("path", "cache_control"), [
    ("/docs/assets/swagger-ui-bundle.js", "public, max-age=86400"), ("/play", "no-cache"), ("/play/play.js", "no-cache"),
])
def test_the_docs_assets_are_kept_a_day_and_the_pages_files_asked_for_again(client, path, cache_control):
    """The Swagger UI's assets change only with the service's dependencies:
    a browser keeps them a day. The table page's files keep their address
    from one version of the service to the next: a browser asks again each
    time, and an unchanged file costs a 304 (its ETag)."""
    answer = client.get(path)
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == cache_control and answer.headers["ETag"]


@pytest.mark.parametrize(("accept", "packed"), [
    ("gzip", True), ("gzip, deflate, br", True), ("br;q=1.0, gzip;q=0.5", True), ("*", True),
    (None, False), ("identity", False), ("br", False), ("gzip;q=0", False), ("*;q=0", False),
])
@pytest.mark.parametrize(("path", "shrinks"), [("/openapi.json", 5), ("/docs/assets/swagger-ui-bundle.js", 3),
                                           ("/docs/assets/swagger-ui.css", 4), ("/play", 2), ("/play/play.js", 3),
                                           ("/play/play.css", 2), ("/rules", 2)])
def test_the_documents_the_pages_load_are_gzipped_for_a_client_that_accepts_gzip(client, accept, packed, path, shrinks):
    """``/openapi.json`` (over a megabyte with its examples), the Swagger
    UI's script and style (1.4 MB and 150 KB) and the table page's files
    (its script 90 KB) go gzipped to a client whose
    Accept-Encoding takes gzip (RFC 9110, 12.5.3: a quality of 0 refuses
    it), as the same document; every answer varies on Accept-Encoding, so a
    cache keeps the two apart, and its ETag names its bytes: If-None-Match
    with it answers 304 and no body, the other encoding's ETag does not."""
    plain = client.get(path, headers={"Accept-Encoding": "identity"}).get_data()
    answer = client.get(path, headers={"Accept-Encoding": accept} if accept else {})
    assert answer.status_code == 200 and "Accept-Encoding" in answer.headers.get("Vary", "")
    assert answer.headers.get("Content-Encoding") == ("gzip" if packed else None)
    body = answer.get_data()
    assert (gzip.decompress(body) if packed else body) == plain
    assert int(answer.headers["Content-Length"]) == len(body)
    if packed:
        assert len(body) * shrinks < len(plain)
    tag = answer.headers["ETag"]
    headers = {"Accept-Encoding": accept} if accept else {}
    again = client.get(path, headers={**headers, "If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b"" and again.headers["ETag"] == tag
    other = client.get(path, headers={"Accept-Encoding": "identity" if packed else "gzip", "If-None-Match": tag})
    assert other.status_code == 200 and other.headers["ETag"] != tag


def test_problem_types_dereference(client):
    listed = client.get("/problems").get_json()["problems"]
    assert {"not_your_turn", "must_follow_suit", "invalid_state"} <= {p["code"] for p in listed}
    one = client.get("/problems/must_follow_suit")
    assert one.status_code == 200 and one.get_json()["status"] == 409
    assert_problem(client.get("/problems/no_such_code"), 404, "not_found")


# Request ids, headers, CORS, logs


def test_request_id_is_echoed(client):
    response = client.get("/healthz", headers={"X-Request-ID": "trace-42.a_b"})
    assert response.headers["X-Request-ID"] == "trace-42.a_b"


@pytest.mark.parametrize("given", [None, "", "x" * 129, "bad id with spaces", "ünï"])
def test_request_id_is_generated_when_missing_or_invalid(client, given):
    headers = {} if given is None else {"X-Request-ID": given}
    rid = client.get("/healthz", headers=headers).headers["X-Request-ID"]
    assert rid != given and len(rid) == 32 and int(rid, 16) >= 0


def test_security_headers_on_api_responses(client):
    for response in (client.get("/healthz"), client.get("/nowhere")):
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert response.headers["Cache-Control"] == "no-store"
        assert response.headers["Content-Security-Policy"].startswith("default-src 'none'")


def test_docs_csp_allows_own_scripts_only(client):
    csp = client.get("/docs").headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-eval" not in csp
    assert "'unsafe-inline'" not in csp.split("script-src", 1)[1].split(";")[0]
    assert "no-store" not in client.get("/docs/assets/swagger-ui.css").headers.get("Cache-Control", "")


def test_cors_preflight_is_answered(client):
    response = client.options(
        "/healthz",
        headers={"Origin": "https://table.example", "Access-Control-Request-Method": "GET",
                 "Access-Control-Request-Headers": "Content-Type, X-Request-ID"},
    )
    assert response.status_code == 204 and response.data == b""
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "x-request-id" in response.headers["Access-Control-Allow-Headers"].lower()


def test_cors_origins_come_from_config():
    client = create_app({"TESTING": True, "REFEREE_CORS_ORIGINS": "https://a.example"}).test_client()
    allowed = client.get("/healthz", headers={"Origin": "https://a.example"})
    refused = client.get("/healthz", headers={"Origin": "https://b.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://a.example"
    assert "Access-Control-Allow-Origin" not in refused.headers
    assert "X-Request-ID" in allowed.headers["Access-Control-Expose-Headers"]


def test_each_request_logs_one_json_line(app, client):
    stream = io.StringIO()
    logs.configure_logging("INFO", stream)
    client.get("/healthz", headers={"X-Request-ID": "log-me"})
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    entry = json.loads(lines[0])
    assert entry["method"] == "GET" and entry["path"] == "/healthz" and entry["status"] == 200
    assert entry["request_id"] == "log-me"
    assert isinstance(entry["duration_ms"], float) and entry["duration_ms"] >= 0
    assert {"time", "level", "logger", "message"} <= entry.keys()


# Errors as problem+json, one test per limit


def test_unknown_path_is_404_problem(client):
    body = assert_problem(client.get("/nowhere"), 404, "not_found")
    assert body["type"] == "about:blank"


def test_wrong_method_is_405_problem_with_allow(client):
    response = client.delete("/healthz")
    assert_problem(response, 405, "method_not_allowed")
    assert set(response.headers["Allow"].split(", ")) >= {"GET", "HEAD"}


def test_malformed_json_is_400(probe):
    response = probe.post("/probe/echo", data='{"word": ', content_type="application/json")
    assert_problem(response, 400, "malformed_json")


def test_schema_mismatch_is_422_with_field_errors(probe):
    response = probe.post("/probe/echo", json={"word": 3})
    body = assert_problem(response, 422, "validation_failed")
    assert body["errors"] == {"json": {"word": ["Not a valid string."]}}


def test_valid_body_passes(probe):
    assert probe.post("/probe/echo", json={"word": "ok"}).get_json() == {"word": "ok"}


def test_body_over_content_length_limit_is_413(probe):
    response = probe.post("/probe/echo", data=json.dumps({"word": "x" * LIMIT}), content_type="application/json")
    assert_problem(response, 413, "payload_too_large")


def _chunked(client, body: bytes):
    return client.post(
        "/probe/echo",
        input_stream=io.BytesIO(body),
        headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},  # as gunicorn sets it
    )


def test_chunked_body_over_limit_is_413(probe):
    assert_problem(_chunked(probe, json.dumps({"word": "x" * LIMIT}).encode()), 413, "payload_too_large")


def test_chunked_body_at_limit_is_read_whole(probe):
    body = json.dumps({"word": "y" * (LIMIT - 12)}).encode()
    assert len(body) == LIMIT
    response = _chunked(probe, body)
    assert response.status_code == 200 and response.get_json() == {"word": "y" * (LIMIT - 12)}


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml"])
def test_non_json_body_is_415(probe, content_type):
    response = probe.post("/probe/echo", data='{"word": "ok"}', content_type=content_type)
    assert_problem(response, 415, "unsupported_media_type")


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br", "x-made-up", "GZIP", "gzip, identity"])
def test_an_encoded_body_is_415(probe, encoding):
    """Regression: a gzip body was read as JSON (a 400 that blamed its JSON)."""
    body = gzip.compress(b'{"word": "ok"}') if encoding.lower().startswith("gzip") else b'{"word": "ok"}'
    response = probe.post("/probe/echo", data=body, content_type="application/json", headers={"Content-Encoding": encoding})
    problem = assert_problem(response, 415, "unsupported_media_type")
    assert "Content-Encoding" in problem["detail"]


@pytest.mark.parametrize("parameters", ["charset=utf-16", "charset=latin-1", "charset=ascii", "charset=x", "charset=",
                                        "charset=\u00e9", "charset=utf-16; charset=utf-8", "charset=utf-8;charset=utf-16",
                                        'charset="utf-16"', "CHARSET=utf-16"])
def test_a_body_in_another_charset_is_415(probe, parameters):
    """Regression: `charset=utf-16` was accepted and the body read as UTF-8;
    then a charset werkzeug cannot parse (empty, non-ASCII) or one before
    another was dropped unseen."""
    response = probe.post("/probe/echo", data=b'{"word": "ok"}', content_type=f"application/json; {parameters}")
    problem = assert_problem(response, 415, "unsupported_media_type")
    assert "UTF-8" in problem["detail"]


@pytest.mark.parametrize("charset", ["utf-8", "UTF-8", "utf8", '"utf-8"', " utf-8 "])
def test_a_utf8_charset_is_read(probe, charset):
    response = probe.post("/probe/echo", data='{"word": "ok"}', content_type=f"application/json; charset={charset}")
    assert response.status_code == 200 and response.get_json() == {"word": "ok"}


@pytest.mark.parametrize("coding", ["gzip, chunked", "deflate, chunked", "gzip"])
def test_a_transfer_coding_other_than_chunked_is_415(probe, coding):
    """Regression: `Transfer-Encoding: gzip, chunked` was read as if only chunked."""
    response = probe.post("/probe/echo", data=b'{"word": "ok"}', content_type="application/json",
                          headers={"Transfer-Encoding": coding})
    problem = assert_problem(response, 415, "unsupported_media_type")
    assert "Transfer-Encoding" in problem["detail"]


def test_an_identity_encoded_body_is_read(probe):
    response = probe.post("/probe/echo", data='{"word": "ok"}', content_type="application/json", headers={"Content-Encoding": "identity"})
    assert response.status_code == 200 and response.get_json() == {"word": "ok"}


def test_json_suffix_media_type_is_accepted(probe):
    response = probe.post("/probe/echo", data='{"word": "ok"}', content_type="application/merge-patch+json")
    assert response.status_code == 200


def test_illegal_move_is_409_with_legal_moves(probe):
    body = assert_problem(probe.post("/probe/illegal", json={}), 409, "must_follow_suit")
    assert body["type"] == "/problems/must_follow_suit"
    assert body["title"] == "Illegal move"
    assert body["legal_moves"] == [{"seat": 1, "card": "10S"}]


def test_invalid_state_is_409_listing_every_problem(probe):
    body = assert_problem(probe.post("/probe/invalid", json={}), 409, "invalid_state")
    assert body["problems"] == ["card 10S is held twice", "seat 2 holds 7 cards, not 8"]
    assert "1 more" in body["detail"]


def test_bad_signature_is_403(probe):
    assert_problem(probe.post("/probe/forged", json={}), 403, "state_signature_invalid")


def test_unexpected_error_is_500_without_trace(probe, caplog):
    with caplog.at_level(logging.ERROR, logger="referee"):
        response = probe.get("/probe/boom")
    body = assert_problem(response, 500, "internal_error")
    assert "secret internals" not in response.get_data(as_text=True)
    assert "Traceback" not in response.get_data(as_text=True)
    assert body["type"] == "about:blank"
    assert any(record.exc_info for record in caplog.records)


def test_problem_response_documents_problem_json():
    kwargs = problems.problem_response(409, "Illegal move")
    assert kwargs["content_type"] == PROBLEM
    assert kwargs["schema"] is problems.ProblemSchema
    assert kwargs["description"] == "Illegal move"


def test_missing_body_is_415(probe):
    assert_problem(probe.post("/probe/echo"), 415, "unsupported_media_type")


def test_empty_json_body_is_refused(probe):
    response = probe.post("/probe/echo", data="", content_type="application/json")
    assert response.status_code in (400, 422) and response.mimetype == PROBLEM


# No redirect built from the Host header


def _paths(app) -> list[str]:
    """Every route with its variables filled in, plus doubled, leading and trailing slashes of each."""
    paths = set()
    for rule in app.url_map.iter_rules():
        path = rule.rule.replace("<game>", "agram").replace("<string:code>", "not_your_turn")
        path = path.replace("<string:filename>", "swagger-ui.css")
        paths |= {path, path + "/", "/" + path, path.replace("/", "//"), path.replace("/", "//", 2)[1:]}
    return sorted(paths)


def test_no_route_ends_with_a_slash(app):
    # werkzeug redirects "/x" to "/x/" (a Location built from Host) for such a
    # route; the root page's "/" has no shorter form to redirect from.
    assert [rule.rule for rule in app.url_map.iter_rules() if rule.rule.endswith("/") and rule.rule != "/"] == []


@pytest.mark.parametrize("method", ["GET", "POST", "HEAD", "OPTIONS", "DELETE"])
def test_no_answer_carries_a_location_built_from_host(app, client, method):
    for path in _paths(app):
        response = client.open(path, method=method, headers={"Host": "attacker.example"},
                               environ_overrides={"PATH_INFO": path})
        assert "Location" not in response.headers, (path, response.status_code)
        assert response.status_code < 300 or response.status_code >= 400, (path, response.status_code)


# A leading "//" is read as a host by the test client: tests/test_hostile.py sends those over gunicorn.
@pytest.mark.parametrize("path", ["/v1//games", "/v1/games//agram", "/v1//games/agram/deal", "/problems//hand_over"])
def test_doubled_slashes_are_404_not_a_redirect(client, path):
    response = client.get(path, headers={"Host": "attacker.example"}, environ_overrides={"PATH_INFO": path})
    assert_problem(response, 404, "not_found")
    assert "Location" not in response.headers


# A body that cannot be read: each fault gunicorn raises while the app reads it


class FailingInput:
    """A ``wsgi.input`` whose read raises ``error`` (as gunicorn's body reader does on bad framing)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def read(self, size: int = -1) -> bytes:
        raise self.error


def _failing(probe, error: BaseException, headers: dict | None = None):
    """A POST whose body raises ``error`` when read: chunked, unless ``headers``
    give its ``Content-Length`` (set in the environ: the test client drops that header)."""
    headers = headers or {"Transfer-Encoding": "chunked"}
    length = {"CONTENT_LENGTH": headers["Content-Length"]} if "Content-Length" in headers else {}
    return probe.post("/probe/echo", headers={"Content-Type": "application/json", **headers},
                      environ_overrides={"wsgi.input": FailingInput(error), "wsgi.input_terminated": True, **length})


@pytest.mark.parametrize(
    "error,words",
    [(gunicorn_errors.InvalidChunkSize(b"zz"), "hexadecimal"),
     (gunicorn_errors.InvalidChunkExtension("bare CR not allowed"), "extension"),
     (gunicorn_errors.ChunkMissingTerminator(b"xx"), "CRLF"),
     (gunicorn_errors.NoMoreData(), "closed before"),
     (gunicorn_errors.LimitRequestHeaders("limit request trailer section size"), "too large"),
     (gunicorn_errors.InvalidHeader("bare LF as line terminator"), "trailer"),
     (gunicorn_errors.InvalidHeaderName("Content-Length"), "trailer"),
     (gunicorn_errors.ObsoleteFolding("X-A"), "trailer"),
     (ConnectionResetError(104, "reset"), "closed before"),
     (ValueError("anything else"), "framing is broken")],
    ids=lambda value: type(value).__name__ if isinstance(value, BaseException) else None,
)
def test_an_unreadable_body_is_400_malformed_body(probe, error, words):
    for headers in ({}, {"Content-Length": "10"}):
        body = assert_problem(_failing(probe, error, headers), 400, "malformed_body")
        assert words in body["detail"] and "Traceback" not in body["detail"]


def test_a_body_still_awaited_at_the_deadline_is_408(probe):
    body = assert_problem(_failing(probe, TimeoutError("request deadline")), 408, "request_timeout")
    assert "in time" in body["detail"]


def test_a_body_shorter_than_its_content_length_is_400(probe):
    response = probe.post("/probe/echo", content_type="application/json",
                          environ_overrides={"wsgi.input": io.BytesIO(b'{"word": "x"}'), "CONTENT_LENGTH": "14"})
    body = assert_problem(response, 400, "malformed_body")
    assert "13 of the 14 bytes" in body["detail"]


# The startup line


def documented_key_id(key: str) -> str:
    """A key's id as service.sealing documents it, worked again here."""
    digest = hashlib.sha256(b"referee key id/" + key.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:8]


STARTUP_KEYS = ["ops-tests-first-key-0123456789abcdefgh", "ops-tests-second-key-0123456789abcdefg"]


@pytest.mark.parametrize(("settings", "mode"), [
    ({}, "open"),
    ({"REFEREE_SIGNING_KEYS": ",".join(STARTUP_KEYS)}, "signed"),
    ({"REFEREE_SEALING_KEYS": ",".join(STARTUP_KEYS), "REFEREE_ALLOW_CHOSEN_DEALS": True}, "sealed"),
])
def test_startup_line_names_the_mode_the_version_and_the_key_ids(capsys, settings, mode):
    capsys.readouterr()
    app = create_app(settings)
    (line,) = [json.loads(text) for text in capsys.readouterr().out.splitlines() if '"referee.startup"' in text]
    version = app.config["API_VERSION"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    assert line["message"].startswith(f"Referee {version} serving in {mode} mode")
    assert (line["mode"], line["version"]) == (mode, version)
    assert line["key_ids"] == ([] if mode == "open" else [documented_key_id(key) for key in STARTUP_KEYS])
    assert line["allow_chosen_deals"] is (mode == "sealed")
    assert line["solver_compiled"] is service.analysis.compiled
    assert not any(key in json.dumps(line) for key in STARTUP_KEYS)  # ids, never keys


def _startup_line(capsys, settings):
    capsys.readouterr()
    create_app(settings)
    (line,) = [json.loads(text) for text in capsys.readouterr().out.splitlines() if '"referee.startup"' in text]
    return line


@pytest.mark.parametrize("keys", ["REFEREE_SIGNING_KEYS", "REFEREE_SEALING_KEYS"])
def test_startup_line_names_the_token_store(capsys, tmp_path, keys):
    """Signed and sealed modes: where spent states are recorded and for how
    long, or that states can be spent again and again; open mode says
    nothing of a store (it has none)."""
    path = tmp_path / "spent.lmdb"
    line = _startup_line(capsys, {keys: STARTUP_KEYS[0], "REFEREE_TOKEN_STORE_PATH": str(path), "REFEREE_TOKEN_TTL_SECONDS": 600})
    assert line["token_store"] == f"embedded (LMDB) at {path}" and line["token_ttl_seconds"] == 600
    assert line["message"].endswith(f"spent states recorded in the token store, embedded (LMDB) at {path}, for 600 s")
    line = _startup_line(capsys, {keys: STARTUP_KEYS[0], "REFEREE_TOKEN_STORE": "none"})
    assert line["token_store"] == "none"
    assert "REFEREE_TOKEN_STORE=none" in line["message"] and "again and again" in line["message"]
    assert "token_store" not in _startup_line(capsys, {})


def test_the_sealing_key_id_logged_is_the_one_tokens_carry(capsys):
    app = create_app({"REFEREE_SEALING_KEYS": ",".join(STARTUP_KEYS)})
    (line,) = [json.loads(text) for text in capsys.readouterr().out.splitlines() if '"referee.startup"' in text]
    token = app.test_client().post("/v1/games/agram/deal", json={"players": 2}).get_json()["token"]
    assert token.split(".")[:2] == ["t1", line["key_ids"][0]]  # the first key seals
