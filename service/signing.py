"""Tamper-evident states: an HMAC-SHA256 over a canonical serialization.

When the service has signing keys, every state it returns carries
``signature``, and every state it is sent must carry a signature that one of
its keys verifies. The first key signs; every key verifies, so a key can be
rolled without refusing states signed just before.

The canonical serialization is the state's JSON without ``signature``, with
object keys sorted, no insignificant white space, and UTF-8 text (orjson with
``OPT_SORT_KEYS``). The signature is ``"hmac-sha256:"`` followed by the MAC in
unpadded base64url.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

PREFIX = "hmac-sha256:"
FIELD = "signature"


def canonical(state: Mapping[str, Any]) -> bytes:
    """The bytes a signature covers: the state without its signature, keys sorted."""
    return orjson.dumps({key: value for key, value in state.items() if key != FIELD}, option=orjson.OPT_SORT_KEYS)


def sign(state: Mapping[str, Any], key: bytes) -> str:
    """The signature of ``state`` under ``key``."""
    return _signature(canonical(state), key)


def signed_bytes(state: Mapping[str, Any], key: bytes) -> bytes:
    """``state`` as JSON with its signature, encoded once: its canonical bytes
    (what the signature covers), with ``"signature"`` added as the last member.

    ``state`` must not already carry a signature, and must not be empty.
    """
    body = canonical(state)
    return body[:-1] + b',"' + FIELD.encode() + b'":"' + _signature(body, key).encode() + b'"}'


def _signature(body: bytes, key: bytes) -> str:
    mac = hmac.new(key, body, hashlib.sha256).digest()
    return PREFIX + base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def verify(state: Mapping[str, Any], keys: Sequence[bytes]) -> bool:
    """Whether ``state["signature"]`` is the signature of ``state`` under one of ``keys``.

    Returns ``False`` for a missing or malformed signature, including one with
    characters outside ASCII or lone surrogates; never raises on bad input.
    The comparison is on UTF-8 bytes (``hmac.compare_digest`` refuses a
    ``str`` that is not ASCII) and takes the same time wherever it differs.
    """
    claimed = state.get(FIELD)
    if not isinstance(claimed, str) or not claimed.startswith(PREFIX):
        return False
    try:
        body = canonical(state)
        claimed_bytes = claimed.encode("utf-8")
    except (TypeError, UnicodeEncodeError, orjson.JSONEncodeError):
        return False
    return any(hmac.compare_digest(claimed_bytes, _signature(body, key).encode()) for key in keys)
