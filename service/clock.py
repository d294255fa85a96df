"""The referee's time: when it issues a state, and how it writes that time.

Every state the referee vouches for carries when it was issued (a sealed
token's payload, a signed state's ``issued_at``), which decides whether it
can still be spent (``REFEREE_TOKEN_TTL_SECONDS``). Read the time through
:func:`now_ms` only, as ``clock.now_ms()`` (the golden corpus replaces it to
record and check answers that carry times).

A deal may give its match a clock (:class:`MoveClock`): each state then
shows the seat to act and its deadline, and after it ``timeout`` moves for
that seat (``service.api.clocks``).
"""

from __future__ import annotations

import functools
import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime


def now_ms() -> int:
    """The wall-clock time now, in whole milliseconds since the Unix epoch (UTC)."""
    return time.time_ns() // 1_000_000


def rfc3339(ms: int) -> str:
    """``ms`` (milliseconds since the epoch) as an RFC 3339 time in UTC with
    milliseconds: ``2026-12-03T21:09:45.123Z``."""
    seconds, millis = divmod(ms, 1000)
    return f"{_second(seconds)}.{millis:03d}Z"


@functools.lru_cache(maxsize=4)
def _second(seconds: int) -> str:
    """The whole second ``seconds`` (since the epoch) as :func:`rfc3339`
    writes it, without its milliseconds: the states a worker issues within
    one second share it, so it is worked out once a second."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S")


RFC3339_PATTERN = r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})\.([0-9]{3})Z"
"""Exactly what :func:`rfc3339` writes: ASCII digits, ``T``, milliseconds,
``Z`` (a regular expression, the same in Python and in JSON Schema)."""
_RFC3339 = re.compile(RFC3339_PATTERN)


def parse_rfc3339(text: object) -> int | None:
    """The milliseconds since the epoch of a time :func:`rfc3339` wrote;
    ``None`` for anything else (another spelling, another zone, not a
    string, a date or time that does not exist). Read by its fixed fields,
    not ``strptime`` (every signed ``play`` reads one)."""
    if not isinstance(text, str) or _RFC3339.fullmatch(text) is None:
        return None
    seconds = _seconds(text[:19])
    return None if seconds is None else seconds * 1000 + int(text[20:23])


@functools.lru_cache(maxsize=16)
def _seconds(second: str) -> int | None:
    """The seconds since the epoch of the whole second :func:`rfc3339`
    writes first (``2026-12-03T21:09:45``, its digits checked), or ``None``
    for a date or time that does not exist: the states sent back within a
    while of each other share a few, so each is worked out once."""
    fields = (second[0:4], second[5:7], second[8:10], second[11:13], second[14:16], second[17:19])
    year, month, day, hour, minute, seconds = map(int, fields)
    try:
        moment = datetime(year, month, day, hour, minute, seconds, tzinfo=UTC)
    except ValueError:
        return None
    return int(moment.timestamp())


MOVE_SECONDS_MAX = 86_400
"""The longest time a deal's clock may give each move, in seconds (one day)."""


@dataclass(frozen=True, slots=True)
class MoveClock:
    """A hand's clock as a state the referee issued carries it (CONTRACT:
    clocks): each move may take ``move_seconds`` (1 to
    :data:`MOVE_SECONDS_MAX`), counted from ``issued_ms``, when the referee
    issued the state (milliseconds since the epoch, its own clock)."""

    move_seconds: int
    issued_ms: int

    @property
    def deadline_ms(self) -> int:
        """When the seat to act's time runs out (milliseconds since the epoch)."""
        return self.issued_ms + self.move_seconds * 1000

    def remaining_ms(self) -> int:
        """How long the seat to act has left (milliseconds, the referee's
        clock now): its time has run out once this is 0 or less."""
        return self.deadline_ms - now_ms()
