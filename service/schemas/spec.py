"""apispec additions, so the spec says what the validator enforces.

* ``SchemaExtrasPlugin`` adds a schema class's ``JSON_SCHEMA_EXTRA``
  keywords to its OpenAPI component, for rules marshmallow fields cannot
  state (such as "at most one of seed, deck and hands").
* ``one_of_properties`` writes the fields that take one of several shapes
  (``StateOrToken``, ``OneOf``) as ``oneOf``.
"""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin
from marshmallow import fields

from .fields import OneOf, StateOrToken


class SchemaExtrasPlugin(BasePlugin):  # type: ignore[misc]
    """Merges ``JSON_SCHEMA_EXTRA`` (a dict of JSON Schema keywords) into components."""

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        schema = kwargs.get("schema")
        cls = schema if isinstance(schema, type) else type(schema)
        extra = getattr(cls, "JSON_SCHEMA_EXTRA", None)
        return dict(extra) if extra else None


def one_of_properties(self: Any, field: fields.Field[Any], ret: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """An apispec attribute function: ``oneOf`` for ``StateOrToken`` and ``OneOf`` fields."""
    if isinstance(field, StateOrToken):
        state = {"$ref": ret.pop("$ref")} if "$ref" in ret else ret.pop("allOf")[0]
        return {"oneOf": [state, {"type": "string", "maxLength": field.max_token, "description": "Sealed mode: the token of the hand."}]}
    if isinstance(field, OneOf):
        return {"oneOf": [self.field2property(choice) for choice in field.choices]}
    return {}
