"""The referee's time: when it issues a state, and how it writes that time.

Every state the referee vouches for carries when it was issued (a sealed
token's payload, a signed state's ``issued_at``), which decides whether it
can still be spent (``REFEREE_TOKEN_TTL_SECONDS``). Read the time through
:func:`now_ms` only, as ``clock.now_ms()`` (the golden corpus replaces it to
record and check answers that carry times).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime


def now_ms() -> int:
    """The wall-clock time now, in whole milliseconds since the Unix epoch (UTC)."""
    return time.time_ns() // 1_000_000


def rfc3339(ms: int) -> str:
    """``ms`` (milliseconds since the epoch) as an RFC 3339 time in UTC with
    milliseconds: ``2026-12-03T21:09:45.123Z``."""
    seconds, millis = divmod(ms, 1000)
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S") + f".{millis:03d}Z"


def parse_rfc3339(text: object) -> int | None:
    """The milliseconds since the epoch of a time :func:`rfc3339` wrote;
    ``None`` for anything else (another spelling, another zone, not a string)."""
    if not isinstance(text, str) or len(text) != 24 or not text.endswith("Z"):
        return None
    try:
        moment = datetime.strptime(text[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=UTC)
        millis = int(text[20:23]) if text[19] == "." and text[20:23].isdigit() else None
    except ValueError:
        return None
    if millis is None:
        return None
    return int(moment.timestamp()) * 1000 + millis
