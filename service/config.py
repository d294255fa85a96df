"""Settings read from the environment, with defaults that suit production.

Every setting is a Flask config key named like its environment variable. The
environment is read once, when the app is created; a mapping passed to
``create_app`` overrides it key by key (handy in tests).

| key | type | default | meaning |
|---|---|---|---|
| ``REFEREE_MAX_BODY_BYTES`` | int, bytes | 1048576 (1 MiB) | largest request body; larger answers 413 |
| ``REFEREE_BODY_BUDGET_BYTES`` | int, bytes | 67108864 (64 MiB) | bodies over 64 KiB that one worker process may be receiving at once, counted by their size; one more answers 503 (at least ``REFEREE_MAX_BODY_BYTES``) |
| ``REFEREE_ANSWER_BUDGET_BYTES`` | int, bytes | 16777216 (16 MiB) | answers over 64 KiB that one worker process may be writing at once to clients still reading them, counted by their size; one more answers 503 instead (at least 1 MiB). ``/openapi.json`` and ``/metrics`` are made once and shared, and not counted |
| ``REFEREE_DEADLINE_SECONDS`` | number, seconds | 10 | a request's deadline, from when the app receives its headers: long work stops at its next checkpoint past it and answers 503 ``deadline_exceeded`` (``service/deadline.py``); the gunicorn config sets it from ``GUNICORN_REQUEST_TIMEOUT`` |
| ``REFEREE_MAX_ACTIVE`` | int, requests | 4 | requests one worker process works on at once (past their bodies); one more answers 503 ``service_unavailable`` with ``Retry-After`` at once. ``/healthz``, ``/readyz`` and ``/metrics`` are not counted |
| ``REFEREE_CLIENT_SHARE`` | number, 0 to 1 | 0.75 | the most one client (one source address) may hold of a worker process's ``REFEREE_MAX_ACTIVE`` requests at work and of its analysis pool's places (processes and queue), as a part of each, rounded down and at least 1; past it that client's next request answers 503 ``service_unavailable`` with ``Retry-After`` |
| ``REFEREE_CORS_ORIGINS`` | list of origins | ``["*"]`` | origins allowed by CORS (comma-separated in the environment) |
| ``REFEREE_LOG_LEVEL`` | str | ``INFO`` | level of the ``referee`` loggers |
| ``REFEREE_SIGNING_KEYS`` | list of str | ``[]`` (unset: signing off) | state signing keys, comma-separated; the first signs, all verify |
| ``REFEREE_SEALING_KEYS`` | list of str | ``[]`` (unset: sealing off) | state sealing keys, comma-separated; the first seals, all open |
| ``REFEREE_ALLOW_CHOSEN_DEALS`` | bool | ``False`` | sealed mode: accept deals from a seed, deck or hands, and replays |
| ``REFEREE_TOKEN_STORE`` | str | unset: embedded | signed and sealed modes: where spent states are recorded (``service.store``): unset, the embedded store (LMDB at ``REFEREE_TOKEN_STORE_PATH``, shared by the machine's workers); ``redis://host:port/db`` (or ``rediss://`` for TLS), a Redis 7+ or Valkey server shared by every replica; ``none``, nothing recorded (a state can be spent again and again). A store that cannot be reached stops the service at start |
| ``REFEREE_TOKEN_STORE_PATH`` | str, a file path | ``/var/lib/referee/spent-states.lmdb`` | the embedded store's database file, and beside it the same name ending ``-lock`` (its folder is made when missing) |
| ``REFEREE_TOKEN_TTL_SECONDS`` | int, seconds | 86400 (a day) | how long a spent state is remembered; a state issued longer ago can no longer be spent (403 ``state_expired``) |
| ``REFEREE_TIMEOUT_PAD_MS`` | int, milliseconds, 1 to 10000 | 10 | signed and sealed modes: a ``timeout``'s work past its refusals (the stand-in's move, worked out from the stalled seat's hidden cards, or its answer from the store) lasts a whole multiple of this, one while it takes less, so its time tells nothing of those cards (``service.api.spending``) |
| ``REFEREE_SOLVE_NODES`` | int, nodes | unset: each family's own (Agency 3500000, the Agram family 70000) | the most search nodes one ``solve`` visits; past them it answers bounds (``exact`` false) |
| ``REFEREE_ANALYZE_NODES`` | int, nodes | unset: each family's own (Agency 2000000, the Agram family 120000) | the most search nodes one ``analyze`` visits over the whole hand; past them entries carry bounds |
| ``REFEREE_SUGGEST_WORLDS`` | int, worlds | 200 | the most worlds the ``search`` level of ``suggest`` samples |
| ``REFEREE_SUGGEST_PLIES`` | int, plays | 60000 | the most plays the ``search`` level makes in its playouts, all worlds together (one world is always played) |
| ``REFEREE_ANALYSIS_PROCESSES`` | int, processes | 0 (``deploy/gunicorn.conf.py`` sets 1) | per worker process: the processes that run ``solve``, ``suggest`` and ``analyze`` (``service.analysis.pool``); 0 runs them in the worker itself |
| ``REFEREE_ANALYSIS_QUEUE`` | int, requests | 4 | per worker process: analysis requests that may wait for a busy pool; one more answers 503 ``service_unavailable`` with ``Retry-After`` at once |
| ``REFEREE_ANALYSIS_NICE`` | int, 0 to 19 | 10 | how much lower the pool's CPU priority is than the worker's (an ``os.nice`` increment) |

The analysis budgets count work, never time, so an answer does not depend
on the machine; bench/README.md gives the worst-case time of
each default here. An app made outside ``deploy/gunicorn.conf.py`` (the
tests, ``flask``, the in-process benches) runs the analysis in-process
unless ``REFEREE_ANALYSIS_PROCESSES`` says otherwise: only a server's
workers have other requests to keep waiting.

A key list, once set, must hold only keys of at least :data:`MIN_KEY_CHARS`
characters (surrounding spaces are not counted): an empty or blank value, an
empty entry (``"a,,b"``) or a short key is refused, so a typo never turns
signing off silently. A boolean takes ``true``/``false``, ``1``/``0`` or
``yes``/``no`` in any case. Any other value stops the app at start with a
:class:`SettingError` naming the variable.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from typing import Any

MAX_BODY_BYTES = "REFEREE_MAX_BODY_BYTES"
BODY_BUDGET_BYTES = "REFEREE_BODY_BUDGET_BYTES"
ANSWER_BUDGET_BYTES = "REFEREE_ANSWER_BUDGET_BYTES"
CORS_ORIGINS = "REFEREE_CORS_ORIGINS"
LOG_LEVEL = "REFEREE_LOG_LEVEL"
SIGNING_KEYS = "REFEREE_SIGNING_KEYS"
SEALING_KEYS = "REFEREE_SEALING_KEYS"
ALLOW_CHOSEN_DEALS = "REFEREE_ALLOW_CHOSEN_DEALS"
DEADLINE_SECONDS = "REFEREE_DEADLINE_SECONDS"
MAX_ACTIVE = "REFEREE_MAX_ACTIVE"
CLIENT_SHARE = "REFEREE_CLIENT_SHARE"
TOKEN_STORE = "REFEREE_TOKEN_STORE"
TOKEN_STORE_PATH = "REFEREE_TOKEN_STORE_PATH"
TOKEN_TTL_SECONDS = "REFEREE_TOKEN_TTL_SECONDS"
TIMEOUT_PAD_MS = "REFEREE_TIMEOUT_PAD_MS"
SOLVE_NODES = "REFEREE_SOLVE_NODES"
ANALYZE_NODES = "REFEREE_ANALYZE_NODES"
SUGGEST_WORLDS = "REFEREE_SUGGEST_WORLDS"
SUGGEST_PLIES = "REFEREE_SUGGEST_PLIES"
ANALYSIS_PROCESSES = "REFEREE_ANALYSIS_PROCESSES"
ANALYSIS_QUEUE = "REFEREE_ANALYSIS_QUEUE"
ANALYSIS_NICE = "REFEREE_ANALYSIS_NICE"

MIN_KEY_CHARS = 32
MIN_ANSWER_BUDGET_BYTES = 1024 * 1024
"""The least answer budget: every answer fits in it (the largest, a replay of 101 hands, is about a quarter of it)."""
ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")
"""An exact origin: a scheme, a host and maybe a port, nothing else."""
NO_STORE = "none"
"""``REFEREE_TOKEN_STORE``'s value for no store."""
STORE_SCHEMES = ("redis://", "rediss://")
MAX_TTL_SECONDS = 366 * 86_400
MAX_TIMEOUT_PAD_MS = 10_000
TRUE_WORDS = frozenset({"true", "1", "yes"})
FALSE_WORDS = frozenset({"false", "0", "no"})

DEFAULTS: dict[str, Any] = {
    MAX_BODY_BYTES: 1024 * 1024,
    BODY_BUDGET_BYTES: 64 * 1024 * 1024,
    ANSWER_BUDGET_BYTES: 16 * 1024 * 1024,
    CORS_ORIGINS: ["*"],
    LOG_LEVEL: "INFO",
    SIGNING_KEYS: None,
    SEALING_KEYS: None,
    ALLOW_CHOSEN_DEALS: False,
    DEADLINE_SECONDS: 10.0,
    MAX_ACTIVE: 4,
    CLIENT_SHARE: 0.75,
    TOKEN_STORE: None,
    TOKEN_STORE_PATH: "/var/lib/referee/spent-states.lmdb",
    TOKEN_TTL_SECONDS: 86_400,
    TIMEOUT_PAD_MS: 10,
    SOLVE_NODES: None,
    ANALYZE_NODES: None,
    SUGGEST_WORLDS: 200,
    SUGGEST_PLIES: 60_000,
    ANALYSIS_PROCESSES: 0,
    ANALYSIS_QUEUE: 4,
    ANALYSIS_NICE: 10,
}
"""The analysis budgets' defaults are ``service.analysis``'s own (``tests/test_api_analysis.py`` checks they agree);
the node budgets' ``None`` leaves each game family its own."""

ANALYSIS_UNITS = {SOLVE_NODES: "nodes", ANALYZE_NODES: "nodes", SUGGEST_WORLDS: "worlds", SUGGEST_PLIES: "plays"}
"""Each analysis budget's unit, as its messages name it."""


class SettingError(ValueError, RuntimeError):
    """A setting has a value the service refuses; the message names the variable.

    Also a ``RuntimeError``, which gunicorn reports as one ``Error: ...`` line
    (no traceback) before it exits with status 1.
    """


def _origins(name: str, origins: list[str]) -> list[str]:
    """CORS origins: ``*`` alone (any origin), or exact origins. A pattern
    (``https://*.example.com``) is refused: flask-cors would read it as an
    unanchored regular expression, which matches origins it was never meant to
    (``https://x.example.com.attacker.net``)."""
    if origins == ["*"]:
        return origins
    for origin in origins:
        if not ORIGIN.fullmatch(origin):
            raise SettingError(f"{name} lists exact origins such as https://a.example or https://a.example:8443, "
                               f"or * alone for any origin; {origin[:80]!r} is neither (no patterns, paths or *)")
    return origins


def split_list(value: str | list[str] | tuple[str, ...]) -> list[str]:
    """Turn ``"a, b,,c"`` (or a list) into ``["a", "b", "c"]``: stripped, empties dropped."""
    items = value.split(",") if isinstance(value, str) else list(value)
    return [item.strip() for item in items if item.strip()]


def _positive_int(name: str, value: Any, unit: str = "bytes") -> int:
    return _whole(name, value, unit, 1)


def _whole(name: str, value: Any, unit: str, low: int, high: int | None = None) -> int:
    """A whole number of ``unit`` from ``low`` to ``high`` (no upper bound: ``None``)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise SettingError(f"{name} must be a whole number of {unit}, not {value!r}") from None
    if high is not None and not low <= number <= high:
        raise SettingError(f"{name} must be from {low} to {high}, not {number}")
    if number < low:
        raise SettingError(f"{name} must be positive, not {number}" if low == 1 else f"{name} must be at least {low}, not {number}")
    return number


def _seconds(name: str, value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise SettingError(f"{name} must be a number of seconds, not {value!r}") from None
    if not 0 < number < float("inf"):
        raise SettingError(f"{name} must be a positive number of seconds, not {value!r}")
    return number


def _share(name: str, value: Any) -> float:
    """A part of a whole: a number above 0 and at most 1."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise SettingError(f"{name} must be a number above 0 and at most 1, not {value!r}") from None
    if not 0 < number <= 1:
        raise SettingError(f"{name} must be a number above 0 and at most 1, not {value!r}")
    return number


def client_places(places: int, share: float) -> int:
    """How many of ``places`` one client may hold: ``share`` of them, rounded down, at least 1."""
    return max(1, int(places * share))


def _log_level(name: str, value: Any) -> str:
    level = str(value).strip().upper()
    if not isinstance(logging.getLevelName(level), int):
        raise SettingError(f"{name} must be a logging level such as INFO, not {value!r}")
    return level


def _keys(name: str, value: str | list[str] | tuple[str, ...] | None) -> list[str]:
    """A comma-separated key list: ``None`` (unset) or an empty sequence is ``[]``.

    Raises:
        SettingError: a string with no key, an empty entry, or a key shorter
            than :data:`MIN_KEY_CHARS` characters. The message counts entries
            from 1 and never shows a key.
    """
    if value is None or (not isinstance(value, str) and not value):
        return []
    keys = [item.strip() for item in (value.split(",") if isinstance(value, str) else value)]
    for number, key in enumerate(keys, 1):
        if not key:
            raise SettingError(
                f"{name} is set but entry {number} of {len(keys)} is empty; give comma-separated keys "
                f"of at least {MIN_KEY_CHARS} characters, or unset the variable to turn this off"
            )
        if len(key) < MIN_KEY_CHARS:
            raise SettingError(
                f"{name}: key {number} of {len(keys)} has {len(key)} characters; "
                f"every key needs at least {MIN_KEY_CHARS}"
            )
    return keys


def _token_store(name: str, value: Any) -> str | None:
    """``None`` (unset: the embedded store), ``none``, or a Redis URL."""
    if value is None:
        return None
    text = str(value).strip()
    if text.lower() == NO_STORE:
        return NO_STORE
    if not text.lower().startswith(STORE_SCHEMES) or len(text) > 2048:
        raise SettingError(f"{name} must be a Redis URL (redis://host:port/db, or rediss:// for TLS) or none, "
                           f"or be left unset for the embedded store; {text[:80]!r} is none of them")
    return text


def _path(name: str, value: Any) -> str:
    text = str(value).strip()
    if not text or "\x00" in text:
        raise SettingError(f"{name} must be the path of a file, not {text[:80]!r}")
    return text


def _boolean(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in TRUE_WORDS or word in FALSE_WORDS:
        return word in TRUE_WORDS
    raise SettingError(f"{name} must be true or false (also 1/0, yes/no), not {value!r}")


def _normalise(settings: Mapping[str, Any]) -> dict[str, Any]:
    """Parse and check the referee's own keys; leave any other key as it is.

    Raises:
        SettingError: a setting has a value of the wrong kind, named in the message.
    """
    result = dict(settings)
    result[MAX_BODY_BYTES] = _positive_int(MAX_BODY_BYTES, result[MAX_BODY_BYTES])
    result[BODY_BUDGET_BYTES] = _positive_int(BODY_BUDGET_BYTES, result[BODY_BUDGET_BYTES])
    if result[BODY_BUDGET_BYTES] < result[MAX_BODY_BYTES]:
        raise SettingError(
            f"{BODY_BUDGET_BYTES} ({result[BODY_BUDGET_BYTES]}) must be at least {MAX_BODY_BYTES} "
            f"({result[MAX_BODY_BYTES]}), or no body of the largest size could ever be received"
        )
    result[ANSWER_BUDGET_BYTES] = _whole(ANSWER_BUDGET_BYTES, result[ANSWER_BUDGET_BYTES], "bytes", MIN_ANSWER_BUDGET_BYTES)
    result[DEADLINE_SECONDS] = _seconds(DEADLINE_SECONDS, result[DEADLINE_SECONDS])
    result[MAX_ACTIVE] = _positive_int(MAX_ACTIVE, result[MAX_ACTIVE], "requests")
    result[CLIENT_SHARE] = _share(CLIENT_SHARE, result[CLIENT_SHARE])
    result[CORS_ORIGINS] = _origins(CORS_ORIGINS, split_list(result[CORS_ORIGINS]) or ["*"])
    result[LOG_LEVEL] = _log_level(LOG_LEVEL, result[LOG_LEVEL])
    result[SIGNING_KEYS] = _keys(SIGNING_KEYS, result[SIGNING_KEYS])
    result[SEALING_KEYS] = _keys(SEALING_KEYS, result[SEALING_KEYS])
    result[ALLOW_CHOSEN_DEALS] = _boolean(ALLOW_CHOSEN_DEALS, result[ALLOW_CHOSEN_DEALS])
    result[TOKEN_STORE] = _token_store(TOKEN_STORE, result[TOKEN_STORE])
    result[TOKEN_STORE_PATH] = _path(TOKEN_STORE_PATH, result[TOKEN_STORE_PATH])
    result[TOKEN_TTL_SECONDS] = _whole(TOKEN_TTL_SECONDS, result[TOKEN_TTL_SECONDS], "seconds", 1, MAX_TTL_SECONDS)
    result[TIMEOUT_PAD_MS] = _whole(TIMEOUT_PAD_MS, result[TIMEOUT_PAD_MS], "milliseconds", 1, MAX_TIMEOUT_PAD_MS)
    for name, unit in ANALYSIS_UNITS.items():
        if result[name] is not None or name not in (SOLVE_NODES, ANALYZE_NODES):
            result[name] = _positive_int(name, result[name], unit)
    result[ANALYSIS_PROCESSES] = _whole(ANALYSIS_PROCESSES, result[ANALYSIS_PROCESSES], "processes", 0)
    result[ANALYSIS_QUEUE] = _whole(ANALYSIS_QUEUE, result[ANALYSIS_QUEUE], "requests", 0)
    result[ANALYSIS_NICE] = _whole(ANALYSIS_NICE, result[ANALYSIS_NICE], "steps of priority", 0, 19)
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
        SettingError: a setting cannot be parsed (a ``ValueError``).
    """
    environ = os.environ if environ is None else environ
    merged: dict[str, Any] = dict(DEFAULTS)
    merged.update({key: environ[key] for key in DEFAULTS if key in environ})
    merged.update(overrides or {})
    return _normalise(merged)
