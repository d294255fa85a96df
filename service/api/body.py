"""The request's JSON body, decoded once."""

from __future__ import annotations

from typing import Any

import flask
import orjson

_UNREAD = object()


def json_body() -> Any:
    """The request's JSON body, decoded once per request by orjson (strict
    RFC 8259: ``NaN``, ``Infinity``, an empty body or nesting past orjson's
    depth limit is not JSON). The argument parser, the signature check and
    the trusted path all read this one decoding.

    Raises:
        ValueError: the body is not JSON.
    """
    body = flask.g.get("json_body", _UNREAD)
    if body is _UNREAD:
        data = flask.request.get_data(cache=True)
        if not data:
            raise ValueError("The body is empty")
        body = flask.g.json_body = orjson.loads(data)  # orjson.JSONDecodeError is a ValueError
    return body
