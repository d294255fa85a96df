"""The referee's logs: JSON lines on stdout, and one access line per request.

``configure_logging`` sends the ``referee`` loggers to stdout through
python-json-logger (``JsonFormatter``); ``log_access`` writes each request's
line on ``referee.access``: ``method``, ``path``, ``status``,
``duration_ms`` and ``request_id``.
"""

from __future__ import annotations

import logging
import sys
import time
from datetime import UTC, datetime
from typing import IO, Any

import orjson
from gunicorn.glogging import Logger as GunicornBaseLogger
from pythonjsonlogger.orjson import OrjsonFormatter

from .adapters import write_straight

HANDLER_NAME = "referee-json"
access_log = logging.getLogger("referee.access")


class JsonFormatter(OrjsonFormatter):
    """python-json-logger's orjson formatter: ``level``, ``logger``,
    ``message``, any extras, then ``time`` (ISO 8601, UTC).

    :meth:`access_line` writes the line of an access record from its fields
    directly, the same bytes :meth:`format` writes for the record
    (``tests/test_ops.py`` compares them).
    """

    def access_line(self, level: str, logger: str, message: str, fields: dict[str, Any], created: float) -> str:
        """The line of a record with no exception, stack or arguments, whose
        extras are ``fields`` (named by strings: orjson then writes what
        :meth:`format` writes with ``OPT_NON_STR_KEYS``, without its slower
        walk of the keys)."""
        return orjson.dumps(
            {"level": level, "logger": logger, "message": message, **fields, "time": datetime.fromtimestamp(created, tz=UTC)},
            default=self.json_default,
        ).decode()


class GunicornLogger(GunicornBaseLogger):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's logger (``logger_class`` in ``deploy/gunicorn.conf.py``),
    without its access lines: the app writes one JSON line per request
    itself (:func:`log_access`). gunicorn writes its own access line whenever
    a ``logconfig_dict`` is set, whatever ``accesslog`` says, and works out
    its atoms first; this skips both."""

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        """No access line (see the class)."""


MESSAGE_CHARACTERS = 200
"""The most characters of a gunicorn message a log line keeps (``Capped``)."""


class Capped(logging.Filter):
    """Cuts a record's message to ``MESSAGE_CHARACTERS``, saying how much
    was cut: gunicorn quotes the client's bytes in its refusals ("Invalid
    request from ip=...: Invalid HTTP header name: ..."), and each control
    byte comes out as six characters of JSON, so a long request line would
    write a line six times its size to stderr. Its own messages are far
    shorter."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if len(message) > MESSAGE_CHARACTERS:
            record.msg = f"{message[:MESSAGE_CHARACTERS]}... ({len(message) - MESSAGE_CHARACTERS:,} more characters cut)"
            record.args = ()
        return True


def json_formatter() -> JsonFormatter:
    """The JSON log formatter: ``time``, ``level``, ``logger``, ``message`` and any extras."""
    return JsonFormatter(
        "{levelname}{name}{message}",
        style="{",
        timestamp="time",  # ISO 8601, UTC
        rename_fields={"levelname": "level", "name": "logger"},
    )


def configure_logging(level: str, stream: IO[str] | None = None) -> None:
    """Send the ``referee`` loggers to ``stream`` (default stdout) as JSON lines.

    Idempotent: a second call replaces the handler instead of adding one.
    """
    logger = logging.getLogger("referee")
    logger.setLevel(level)
    logger.propagate = False
    handler = logging.StreamHandler(stream or sys.stdout)
    handler.setFormatter(json_formatter())
    handler.set_name(HANDLER_NAME)
    logger.handlers = [h for h in logger.handlers if h.get_name() != HANDLER_NAME] + [handler]


def _only_handler() -> tuple[logging.StreamHandler[Any], JsonFormatter] | None:
    """The handler of :func:`configure_logging` when it is the only thing an
    access record would reach (no filter, no other handler, no propagation
    past ``referee``), else ``None``."""
    parent = access_log.parent
    if (access_log.handlers or access_log.filters or not access_log.propagate or parent is None
            or parent.name != "referee" or parent.propagate or parent.filters or len(parent.handlers) != 1):
        return None
    handler = parent.handlers[0]
    formatter = handler.formatter
    if (type(handler) is not logging.StreamHandler or handler.get_name() != HANDLER_NAME or handler.filters
            or handler.level > logging.INFO or type(formatter) is not JsonFormatter):
        return None
    return handler, formatter


def log_access(fields: dict[str, Any]) -> None:
    """Log one request on ``referee.access`` at INFO with ``fields`` as extras.

    When the JSON handler of :func:`configure_logging` is the only one the
    record would reach, its line is written to the handler's stream without
    making a record (a ``LogRecord`` and the logging calls cost about five
    times the line itself); otherwise, or if the write fails, the record goes
    through ``logging`` as usual. Either way, the same line.
    """
    if not access_log.isEnabledFor(logging.INFO):
        return
    only = _only_handler()
    if only is None:
        access_log.info("request", extra=fields)
        return
    handler, formatter = only
    line = formatter.access_line("INFO", access_log.name, "request", fields, time.time())
    write_straight(handler, line, lambda: access_log.makeRecord(access_log.name, logging.INFO, __file__, 0, "request", (), None,
                                                                extra=fields))
