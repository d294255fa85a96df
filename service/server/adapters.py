"""gunicorn's and logging's internals the referee reaches, in one place.

Written for gunicorn 27.0.1 and Python 3.11's ``logging``
(:data:`WRITTEN_FOR`). What the referee uses of them that is not public
API goes through this module; ``tests/test_adapters.py`` fails when an
installed version moves any of :data:`TOUCHED`, or is not the version
written for, so a new version is read against this list before it is used.
"""

from __future__ import annotations

import logging
from typing import Any

WRITTEN_FOR = {"gunicorn": "27.0.1", "python": "3.11"}
"""The versions this module was written for."""

TOUCHED: dict[str, tuple[str, ...]] = {
    "gunicorn.http.message.Request": ("_expected_100_continue",),
    "logging.StreamHandler": ("stream", "terminator", "acquire", "release", "handleError"),
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
