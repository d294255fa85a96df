"""Settings read from the environment, with defaults that suit production.

Every setting is a Flask config key named like its environment variable. The
environment is read once, when the app is created; a mapping passed to
``create_app`` overrides it key by key (handy in tests).

| key | type | default | meaning |
|---|---|---|---|
| ``REFEREE_MAX_BODY_BYTES`` | int, bytes | 1048576 (1 MiB) | largest request body; larger answers 413 |
| ``REFEREE_CORS_ORIGINS`` | list of origins | ``["*"]`` | origins allowed by CORS (comma-separated in the environment) |
| ``REFEREE_LOG_LEVEL`` | str | ``INFO`` | level of the ``referee`` loggers |
| ``REFEREE_SIGNING_KEYS`` | list of str | ``[]`` | state signing keys, comma-separated; the first signs, all verify |
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Any

MAX_BODY_BYTES = "REFEREE_MAX_BODY_BYTES"
CORS_ORIGINS = "REFEREE_CORS_ORIGINS"
LOG_LEVEL = "REFEREE_LOG_LEVEL"
SIGNING_KEYS = "REFEREE_SIGNING_KEYS"

DEFAULTS: dict[str, Any] = {
    MAX_BODY_BYTES: 1024 * 1024,
    CORS_ORIGINS: ["*"],
    LOG_LEVEL: "INFO",
    SIGNING_KEYS: [],
}


def split_list(value: str | list[str] | tuple[str, ...]) -> list[str]:
    """Turn ``"a, b,,c"`` (or a list) into ``["a", "b", "c"]``: stripped, empties dropped."""
    items = value.split(",") if isinstance(value, str) else list(value)
    return [item.strip() for item in items if item.strip()]


def _positive_int(name: str, value: Any) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a whole number of bytes, not {value!r}") from None
    if number <= 0:
        raise ValueError(f"{name} must be positive, not {number}")
    return number


def _log_level(name: str, value: Any) -> str:
    level = str(value).strip().upper()
    if not isinstance(logging.getLevelName(level), int):
        raise ValueError(f"{name} must be a logging level such as INFO, not {value!r}")
    return level


def _normalise(settings: Mapping[str, Any]) -> dict[str, Any]:
    """Parse and check the referee's own keys; leave any other key as it is.

    Raises:
        ValueError: a setting has a value of the wrong kind, named in the message.
    """
    result = dict(settings)
    result[MAX_BODY_BYTES] = _positive_int(MAX_BODY_BYTES, result[MAX_BODY_BYTES])
    result[CORS_ORIGINS] = split_list(result[CORS_ORIGINS]) or ["*"]
    result[LOG_LEVEL] = _log_level(LOG_LEVEL, result[LOG_LEVEL])
    result[SIGNING_KEYS] = split_list(result[SIGNING_KEYS])
    return result


def load_settings(
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Return the settings: defaults, then the environment, then ``overrides``.

    Args:
        environ: where to read ``REFEREE_*`` variables (default ``os.environ``).
        overrides: keys that win over the environment; keys that are not
            referee settings (e.g. ``TESTING``) are passed through unchanged.

    Returns:
        A dict of Flask config keys, the referee's parsed to their types.

    Raises:
        ValueError: a setting cannot be parsed.
    """
    environ = os.environ if environ is None else environ
    merged: dict[str, Any] = dict(DEFAULTS)
    merged.update({key: environ[key] for key in DEFAULTS if key in environ})
    merged.update(overrides or {})
    return _normalise(merged)
