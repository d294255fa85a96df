"""The frameworks' internals the referee reaches are where the adapter
modules say, in the versions they were written for: a new version of
flask-smorest, marshmallow, gunicorn, Flask, werkzeug, redis-py, prometheus_client or Python that moves any of them
fails here, before it fails a request."""

from __future__ import annotations

import inspect
import logging
import subprocess
import sys
from importlib.metadata import version

import flask
import flask_smorest
import gunicorn
import marshmallow
import werkzeug.wrappers
from gunicorn.http import wsgi
from gunicorn.http.message import Request
from werkzeug.routing import Map, MapAdapter

from service.app import create_app
from service.schemas import fields, smorest
from service.server import adapters


def test_the_installed_versions_are_those_the_adapters_were_written_for():
    assert version("flask-smorest") == smorest.WRITTEN_FOR
    assert gunicorn.__version__ == adapters.WRITTEN_FOR["gunicorn"]
    assert version("flask") == adapters.WRITTEN_FOR["flask"] and version("werkzeug") == adapters.WRITTEN_FOR["werkzeug"]
    assert f"{sys.version_info.major}.{sys.version_info.minor}" == adapters.WRITTEN_FOR["python"]


def test_flask_smorest_keeps_what_the_referee_reaches():
    for name in smorest.TOUCHED["Api"][:4]:  # the hooks AdaptedApi renames: methods of self alone
        hook = getattr(flask_smorest.Api, name)
        assert list(inspect.signature(hook).parameters) == ["self"], name
    assert list(inspect.signature(flask_smorest.Blueprint.register_views_in_doc).parameters) == [
        "self", "api", "app", "spec", "name", "parameters"]
    app = create_app({"REFEREE_MODE": "open"})
    registry = app.extensions["flask-smorest"]["blp_name_to_api"]
    assert registry and all(isinstance(each, smorest.AdaptedApi) for each in registry.values())
    api = next(iter(registry.values()))
    assert api._app is app and api.app is app and api._spec is not None
    assert smorest.api_of(app) is api  # where the tools and tests read the spec from
    view = app.view_functions["games.agency_play"]
    assert view._apidoc["arguments"]  # the documentation copied onto the view (copy_doc) is what the spec reads
    assert "/v1/games/agency/play" in api.spec.to_dict()["paths"]


def test_gunicorn_and_logging_keep_what_the_referee_reaches():
    assert Request._expected_100_continue is False  # a parsed request's flag, False unless it sent Expect
    assert "if req._expected_100_continue:" in inspect.getsource(wsgi.create)  # where gunicorn would send 100 itself
    handler = logging.StreamHandler()
    for name in adapters.TOUCHED["logging.StreamHandler"]:
        assert hasattr(handler, name), name
    assert handler.terminator == "\n"
    assert "self.lock.acquire()" in inspect.getsource(logging.Handler.acquire)  # the lock write_straight holds
    assert "self.lock.release()" in inspect.getsource(logging.Handler.release)


def test_flask_and_werkzeug_keep_what_the_referee_reaches():
    """ThinFlask overrides Flask's methods by name, does what Flask's
    dispatch does where it leaves out what has nothing to do, reads two
    members of its request context and overrides its hook for matching,
    makes werkzeug's MapAdapter as Map.bind does, closes a request as
    werkzeug does, and makes a response as werkzeug's ``__init__`` does."""
    for name in adapters.TOUCHED["flask.Flask"]:
        assert name in vars(flask.Flask) and name in vars(adapters.ThinFlask), name
    assert list(inspect.signature(flask.Flask.process_response).parameters) == ["self", "response"]
    assert list(inspect.signature(flask.Flask.finalize_request).parameters) == ["self", "rv", "from_error_handler"]
    assert "ctx._after_request_functions" in inspect.getsource(flask.Flask.process_response)  # what the override reads
    dispatch = inspect.getsource(flask.Flask.full_dispatch_request)
    for step in ("self._got_first_request = True", "request_started.send(", "rv = self.preprocess_request()",
                 "rv = self.dispatch_request()", "rv = self.handle_user_exception(e)", "return self.finalize_request(rv)"):
        assert step in dispatch, step  # the steps ThinFlask takes, or leaves out while nothing is registered for them
    for step in ("response = self.make_response(rv)", "response = self.process_response(response)", "request_finished.send("):
        assert step in inspect.getsource(flask.Flask.finalize_request), step
    assert "if not isinstance(rv, self.response_class):" in inspect.getsource(flask.Flask.make_response)  # a response: as it is
    assert "return RequestContext(self, environ)" in inspect.getsource(flask.Flask.request_context)
    assert "self.match_request()" in inspect.getsource(flask.ctx.RequestContext.push)
    app = create_app({"REFEREE_MODE": "open"})
    with app.test_request_context("/healthz"):
        context = flask.globals.request_ctx._get_current_object()
        assert isinstance(context, adapters.ThinRequestContext)
        for name in adapters.TOUCHED["flask.ctx.RequestContext"]:
            assert hasattr(context, name), name
    assert list(inspect.signature(MapAdapter.__init__).parameters) == [
        "self", "map", "server_name", "script_name", "subdomain", "url_scheme", "path_info", "default_method", "query_args"]
    assert "MapAdapter(" in inspect.getsource(Map.bind)  # what create_url_adapter makes as bind does
    assert 'self.__dict__.get("files")' in inspect.getsource(werkzeug.wrappers.Request.close)  # all it closes
    made = werkzeug.wrappers.Response(b"{}", content_type="application/json", direct_passthrough=True)
    assert set(vars(made)) == {"headers", "_status", "_status_code", "direct_passthrough", "_on_close", "response"}
    answer = adapters.BytesAnswer(b"{}", "application/json")
    assert {name: value for name, value in vars(answer).items() if name not in ("_listed", "_headers")} == {
        name: value for name, value in vars(made).items() if name != "headers"}
    assert answer.headers == made.headers


def test_marshmallow_keeps_what_the_referee_reaches():
    """OneOf binds its loading field to the schema by the hook marshmallow's
    own containers use, with the arguments they pass."""
    assert version("marshmallow") == fields.WRITTEN_FOR
    for name in fields.TOUCHED["marshmallow.fields.Field"]:
        assert list(inspect.signature(getattr(marshmallow.fields.Field, name)).parameters) == ["self", "field_name", "parent"]
    assert "self.inner._bind_to_schema(field_name, self)" in inspect.getsource(marshmallow.fields.List._bind_to_schema)

    class Body(marshmallow.Schema):
        member = fields.OneOf(fields.Int(), load=fields.Int())

    body = Body()
    loading = body.fields["member"].load
    assert (loading.name, loading.parent, loading.root) == ("member", body, body)
    assert body.load({"member": 3}) == {"member": 3}


def test_redis_py_keeps_what_the_store_reaches():
    """The Redis store writes a claim on a connection's socket itself (``_send``,
    as ``send_packed_command`` writes it), checks an idle connection by
    polling that socket, lends connections it makes from the pool, and
    resets the pool's count in a forked worker."""
    import redis
    import redis.connection

    from service import store

    assert version("redis") == store.WRITTEN_FOR["redis"]
    assert "_sock" in vars(redis.connection.Connection())  # None until connected, the socket after
    assert "self._sock.sendall(item)" in inspect.getsource(redis.connection.AbstractConnection.send_packed_command)
    assert "self._sock = sock" in inspect.getsource(redis.connection.AbstractConnection.connect_check_health)
    for name in store.TOUCHED["redis.connection.ConnectionPool"]:
        assert callable(getattr(redis.connection.ConnectionPool, name)), name
    assert list(inspect.signature(redis.connection.ConnectionPool.make_connection).parameters) == ["self"]
    assert "self._created_connections = 0" in inspect.getsource(redis.connection.ConnectionPool.reset)
    assert redis.__version__ == store.WRITTEN_FOR["redis"]


def test_prometheus_client_keeps_the_metrics_files_the_master_folds(tmp_path, monkeypatch):
    """``retire_metrics`` reads an exited worker's counter and histogram
    files and adds their values into the retired ones, which
    prometheus_client's collector reads as any other file of their kind:
    the totals of processes that wrote and exited, each counted once."""
    from prometheus_client import CollectorRegistry, generate_latest, mmap_dict, multiprocess

    from service.server import metrics

    assert version("prometheus-client") == metrics.WRITTEN_FOR["prometheus-client"]
    for name in metrics.TOUCHED["prometheus_client.mmap_dict.MmapedDict"]:
        assert callable(getattr(mmap_dict.MmapedDict, name)), name
    assert "typ = parts[0]" in inspect.getsource(multiprocess.MultiProcessCollector._read_metrics)  # the kind: the name's first part
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    worker = ("import sys\nfrom prometheus_client import Counter, Histogram\n"
              "counted, timed = Counter('done', 'd', ['kind']), Histogram('took', 't')\n"
              "for index in range(int(sys.argv[1])):\n"
              "    counted.labels(kind=('even', 'odd')[index % 2]).inc()\n    timed.observe(index / 8)\n")
    for requests in range(1, 9):  # eight workers, each its own files, then gone
        subprocess.run([sys.executable, "-c", worker, str(requests)], check=True)
    for path in sorted(tmp_path.glob("*_*.db")):
        metrics.retire_metrics(int(path.name.removesuffix(".db").split("_")[1]))
    assert sorted(path.name for path in tmp_path.glob("*.db")) == ["counter_retired.db", "histogram_retired.db"]
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    text = generate_latest(registry).decode()
    made = [index for requests in range(1, 9) for index in range(requests)]  # 36 observations: 0..k-1 for k = 1..8
    assert f'done_total{{kind="even"}} {float(sum(1 for index in made if index % 2 == 0))}' in text
    assert f'done_total{{kind="odd"}} {float(sum(1 for index in made if index % 2))}' in text
    assert f"took_count {float(len(made))}" in text and f"took_sum {sum(index / 8 for index in made)}" in text
