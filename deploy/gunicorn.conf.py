"""gunicorn settings for the referee; every value can be set from the environment.

Run: ``gunicorn --config deploy/gunicorn.conf.py 'service.app:create_app()'``.

| variable | default | meaning |
|---|---|---|
| ``GUNICORN_BIND`` | ``0.0.0.0:$PORT`` | address to listen on |
| ``PORT`` | ``8000`` | port, when ``GUNICORN_BIND`` is not set |
| ``GUNICORN_WORKERS`` | usable cores | gevent worker processes (the work is CPU-bound: one per core) |
| ``GUNICORN_WORKER_CONNECTIONS`` | ``400`` | open connections per worker, stalled ones included |
| ``GUNICORN_KEEPALIVE`` | ``5`` | seconds a client has to send a request's headers; then the connection is closed (one request per connection, so no connection is kept alive) |
| ``GUNICORN_REQUEST_TIMEOUT`` | ``10`` | seconds from a request's headers to its answer: a body still awaited then answers 408; work still running stops at its next checkpoint and answers 503 ``deadline_exceeded`` (the app reads it as ``REFEREE_DEADLINE_SECONDS``); an answer still being written is cut and the connection closed |
| ``GUNICORN_TIMEOUT`` | ``30`` | seconds a worker may go without a heartbeat (a request computing that long) before it is restarted |
| ``GUNICORN_GRACEFUL_TIMEOUT`` | ``20`` | seconds to finish requests on shutdown |
| ``GUNICORN_MAX_REQUESTS`` | ``10000`` | requests before a worker is recycled (0: never); the first workers are staggered, and one recycles at a time (``service/server/worker.py``) |
| ``GUNICORN_MAX_REQUESTS_JITTER`` | ``0`` | random extra per worker (it makes the staggered workers drift towards each other) |
| ``GUNICORN_LIMIT_REQUEST_LINE`` | ``2048`` | bytes in the request line |
| ``GUNICORN_LIMIT_REQUEST_FIELDS`` | ``32`` | number of headers |
| ``GUNICORN_LIMIT_REQUEST_FIELD_SIZE`` | ``1024`` | bytes in one header line, name and CRLF included |
| ``GUNICORN_LOG_LEVEL`` | ``info`` | gunicorn's own log level (errors, worker events; JSON lines on stderr) |
| ``GUNICORN_WORKER_TMP_DIR`` | ``/dev/shm`` if present | worker heartbeat files (keep off disk) |
| ``PROMETHEUS_MULTIPROC_DIR`` | a new temp dir | where workers share metrics; emptied at start |
| ``REFEREE_ANALYSIS_PROCESSES`` | ``1`` | per worker: the processes that run the analysis operations, started with the worker (the app's own default, for an app made elsewhere, is 0: in-process) |

Every number is a whole number of at least 1 (``GUNICORN_MAX_REQUESTS`` and
its jitter: at least 0), and the log level one of ``debug``, ``info``,
``warning``, ``error`` or ``critical``; any other value stops gunicorn at
start with a sentence naming the variable. No limit or deadline can be turned off: where
gunicorn reads 0 as "no limit" or "no deadline", 0 is refused.
"""

import glob
import os
import signal
import sys
import tempfile
import warnings

import gevent.monkey


def _int(name: str, default: int, minimum: int = 1) -> int:
    """The whole number a variable sets, or ``default``; anything else stops
    gunicorn at start with a sentence naming the variable (no traceback)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not (text.isascii() and text.isdigit()) or int(text) < minimum:
        raise SystemExit(f"{name}={text!r} is not valid: set it to a whole number of at least {minimum}, or leave it unset")
    return int(text)


def _level(name: str, default: str) -> str:
    """The log level a variable sets (any case), or ``default``; anything else
    stops gunicorn at start with a sentence naming the variable."""
    text = os.environ.get(name, "").strip()
    levels = ("debug", "info", "warning", "error", "critical")
    if text and text.lower() not in levels:
        raise SystemExit(f"{name}={text!r} is not valid: set it to one of {', '.join(levels)}, or leave it unset")
    return text.lower() or default


def _usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _metrics_dir() -> str:
    """Set up prometheus_client's multiprocess mode before the app imports it.

    Every worker writes its metrics to files in this directory, and /metrics
    adds them up, so the numbers cover the whole server whichever worker
    answers. Files from an earlier run are removed.
    """
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path:
        os.makedirs(path, exist_ok=True)
        for stale in glob.glob(os.path.join(path, "*.db")):
            os.remove(stale)
    else:
        path = tempfile.mkdtemp(prefix="referee-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = path
    return path


_metrics_dir()

# The preloaded app reaches its token store at start (service/store.py), in
# the master, before the fork: redis-py's package then imports redis.asyncio,
# which binds names from ssl, and each gevent worker warns when it patches
# ssl after that. The referee never uses redis.asyncio (its store is redis-py's
# synchronous client, which reads the ssl module's names when it connects,
# after the patch), so that warning alone is silenced; one naming any other
# module still shows.
warnings.filterwarnings(
    "ignore", category=gevent.monkey.MonkeyPatchWarning,
    message=r"(?s)Monkey-patching ssl after ssl has already been imported.*NOT patched\): \['redis\.asyncio\.connection \([^)]*\)'\]")

bind = os.environ.get("GUNICORN_BIND") or f"0.0.0.0:{os.environ.get('PORT', '8000')}"

# CPU-bound work: one worker per usable core (more workers, or gthread's
# threads, gave lower throughput and a worse p99 on 2 cores). In a container
# with a CPU limit, set GUNICORN_WORKERS to the limit: the affinity mask shows
# the node's cores, not the limit.
workers = _int("GUNICORN_WORKERS", _usable_cores())

# Slow and stalled clients. The service faces clients directly (no buffering
# proxy in front), so a worker must never wait on one client. A sync worker
# reads a request with a blocking recv() and no deadline: workers + 1
# connections that send half a request held every worker until the heartbeat
# timeout killed them (30 s without /healthz). gthread waits at most 5 s for a
# connection's first bytes, but then reads the rest blocking, with no
# deadline, and keeps its heartbeat: a half-sent request holds a thread for
# good. gevent's worker serves each connection in a greenlet, so a stalled one
# costs a greenlet and a socket, not a worker; it reads each request's headers
# under a deadline of `keepalive` seconds (then closes), and the hooks below
# put a deadline of GUNICORN_REQUEST_TIMEOUT on the rest (body, work, answer)
# and close each connection after its answer. Measured with bench/ against the
# sync config in the same runs: about 0.9 of its throughput for short requests,
# about 0.77 for replay, the heaviest (bench/README.md); p99 about the same.
# gevent patches the standard library in each worker after the fork; the app
# does no I/O of its own, so loading it unpatched in the master is safe.
# RefereeWorker is gevent's worker, answering the requests gunicorn refuses
# before the app (request line or headers unparsable or over the limits
# below) as problem+json instead of gunicorn's HTML page
# (service/server/worker.py).
worker_class = "service.server.worker.RefereeWorker"
worker_connections = _int("GUNICORN_WORKER_CONNECTIONS", 400)
keepalive = _int("GUNICORN_KEEPALIVE", 5)
_request_timeout = _int("GUNICORN_REQUEST_TIMEOUT", 10)
# The app checks the same deadline between the stages of its work
# (service/deadline.py): past it, 503 deadline_exceeded and no more work.
os.environ.setdefault("REFEREE_DEADLINE_SECONDS", str(_request_timeout))
# The analysis operations (solve, suggest, analyze) are CPU-heavy: each worker
# runs them in its own pool of processes at a lower CPU priority
# (service/analysis/pool.py), so they never hold up the event loop that serves
# legal-moves and play. One process per worker: as many as the workers, one
# per core by default (bench/isolation.py measures it).
os.environ.setdefault("REFEREE_ANALYSIS_PROCESSES", "1")
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 20)
max_requests = _int("GUNICORN_MAX_REQUESTS", 10000, minimum=0)
max_requests_jitter = _int("GUNICORN_MAX_REQUESTS_JITTER", 0, minimum=0)

# Tight request limits: the API takes small JSON bodies and few headers.
# What a stalled connection holds is bounded by these with
# worker_connections: gunicorn keeps two to three times the header bytes it
# has read (measured with `make hostile HOSTILE_ARGS="--only stall --kinds
# largest-headers,largest-headers-body"`). 32 headers of 1 KiB (32 KiB in
# all; nginx's default is 4 buffers of 8 KiB) held about 75 KiB per
# connection, and 175 to 205 KiB with the largest body under the body
# budget's threshold (64 KiB) behind them. 400 such connections are about
# 70 to 80 MiB; with
# the body budget (64 MiB, held as about 77) and the worker's own memory
# (about 58 MiB with its analysis process) a worker stays near 205 MiB, and
# two with their master inside the manifest's 512 Mi. The earlier 50 headers
# of 4 KiB held 568 KiB per connection: 1,000 connections took one worker
# past 500 MiB. tests/test_hostile.py checks the sum against the manifest.
limit_request_line = _int("GUNICORN_LIMIT_REQUEST_LINE", 2048)
limit_request_fields = _int("GUNICORN_LIMIT_REQUEST_FIELDS", 32)
limit_request_field_size = _int("GUNICORN_LIMIT_REQUEST_FIELD_SIZE", 1024)

# No header sets the WSGI environment's SCRIPT_NAME or PATH_INFO, not even a
# trusted proxy's (gunicorn's default lets one from 127.0.0.1, such as a
# sidecar passing a client's header on, rewrite the path the app routes on;
# a SCRIPT_NAME the path did not start with was a 500). The referee is served
# at the root. Header names with underscores are dropped (gunicorn's
# header_map default), uncounted by limit_request_fields but read within its
# bound on all the headers' bytes.
forwarder_headers = ""

# Load the app once in the master: a broken app fails at start, and workers
# share its memory.
preload_app = True

# gunicorn 27 opens a control socket under $HOME by default; a container has
# no use for it (and its root file system is read-only).
control_socket_disable = True

# No gunicorn access log: the app writes one JSON line per request itself
# (method, path, status, duration_ms, request_id), so a second line would
# only repeat it. gunicorn's own access log with a JSON-looking
# access_log_format was measured as the alternative: it cost more per request
# than the app's line (it works out every atom and goes through logging), its
# values are not JSON-escaped (a path with a quote breaks the line) and it has
# no sub-millisecond duration. gunicorn's own messages go to stderr.
accesslog = None
logger_class = "service.server.logs.GunicornLogger"
errorlog = "-"
loglevel = _level("GUNICORN_LOG_LEVEL", "info")

# gunicorn's own messages (starting, workers booting and exiting, errors) as
# JSON lines in the referee's format (the same formatter: level, logger,
# message, time), on stderr; anything logged to the root logger likewise on
# stdout. Without this, gunicorn's plain-text lines were mixed into the JSON.
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "service.server.logs.json_formatter"}},
    # gunicorn's messages quote what a client sent (a refused request line or
    # header): each is cut to a bounded length (service/server/logs.py Capped).
    "filters": {"capped": {"()": "service.server.logs.Capped"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stdout"},
        "error_console": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr",
                          "filters": ["capped"]},
    },
    "root": {"level": "INFO", "handlers": ["console"]},
    "loggers": {
        "gunicorn.error": {"level": loglevel.upper(), "handlers": ["error_console"], "propagate": False},
    },
}

worker_tmp_dir = os.environ.get("GUNICORN_WORKER_TMP_DIR") or (
    "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
)


def pre_request(worker, req):
    """Start the request's deadline, and close the connection after its answer.

    The deadline: GUNICORN_REQUEST_TIMEOUT seconds after the headers. Wherever
    the request then waits (reading its body, writing its answer),
    ``TimeoutError`` is raised in it: the app answers a body still awaited
    with 408 ``request_timeout`` (``service/server/bodies.py``), and gunicorn
    closes the connection. A gevent timer: it costs nothing until it fires.

    One request per connection, as the sync workers did: the kernel then
    hands each new connection to whichever worker is free. Kept-alive
    connections stay with the worker that accepted them, and with a few
    clients the workers' shares are uneven (6 of 8 connections on one of 2
    workers) and the p99 was two to five times the sync workers'.
    ``must_close`` is what gunicorn reads to answer
    ``Connection: close``; ``tests/test_hostile.py`` checks it still works.
    """
    import gevent

    req.must_close = True
    req.referee_deadline = gevent.Timeout(
        _request_timeout, TimeoutError(f"request not complete within {_request_timeout} s"))
    req.referee_deadline.start()


def post_request(worker, req, environ, resp):
    """Cancel the request's deadline (:func:`pre_request`)."""
    deadline = getattr(req, "referee_deadline", None)
    if deadline is not None:
        deadline.cancel()


_STOPS = (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT)
"""The signals by which gunicorn's master stops its workers (SIGTERM: a
graceful stop; SIGQUIT, on a SIGINT or SIGQUIT to the master: a quick one)."""


def _exit_at_once(*_signal):
    os._exit(0)


def pre_fork(server, worker):
    """In the master, just before it forks a worker: hold back the stopping
    signals (:data:`_STOPS`) until the fork is done, so that one sent to the
    new worker before its :func:`post_fork` stays pending rather than running
    the master's handler in the worker, which only queues the signal for a
    master loop the worker never runs. The master lets them through again
    as soon as it has forked (:func:`on_starting`)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)


def _let_through():
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)


def on_starting(server):
    """In the master, once: let the stopping signals through again after
    each fork (:func:`pre_fork`)."""
    os.register_at_fork(after_in_parent=_let_through)


def post_fork(server, worker):
    """In the new worker, before anything else: a stopping signal ends it at
    once until it sets its own handlers (``Worker.init_signals``), then the
    signals held back since the fork (:func:`pre_fork`) are let through, so
    a shutdown that began while the worker was booting (gevent's patching
    comes first) ends it at once, however soon after the fork it came.
    Otherwise the master would wait its whole graceful timeout (20 s) before
    killing the worker. A worker that has not yet booted serves no request,
    so ending it loses nothing."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, _exit_at_once)  # its own action would dump core
    _let_through()


def post_worker_init(worker):
    """Start the worker's analysis processes as it boots, not at its first
    analysis request (they take a fraction of a second to import)."""
    analysis = sys.modules.get("service.api.analysis")  # loaded with the referee's app (not with bench's floor app)
    if analysis is not None:
        analysis.start_pool(worker.wsgi)


def on_exit(server):
    """Remove the workers' recycling mark and its lock (service/server/worker.py)."""
    from service.server.worker import remove_recycle_files

    remove_recycle_files(server.cfg.worker_tmp_dir, server.pid)


def child_exit(server, worker):
    """Drop a dead worker's live gauges from the shared metrics, and fold its
    counters and histograms into the retired ones (service/server/metrics.py)."""
    from prometheus_client import multiprocess

    from service.server.metrics import retire_metrics

    multiprocess.mark_process_dead(worker.pid)
    retire_metrics(worker.pid)
