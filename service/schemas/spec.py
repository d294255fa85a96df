"""apispec additions, so the spec says what the validator enforces.

* ``SchemaExtrasPlugin`` adds a schema class's ``JSON_SCHEMA_EXTRA``
  keywords to its OpenAPI component, for rules marshmallow fields cannot
  state (such as "at most one of seed, deck and hands").
* ``one_of_properties`` writes the fields that take one of several shapes
  (``StateOrToken``, ``OneOf``) as ``oneOf``.
* ``component_properties`` writes a named value type once, as a component.
"""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin
from marshmallow import fields

from .family import BoundedSchema
from .fields import OneOf, StateOrToken


class SchemaExtrasPlugin(BasePlugin):
    """Merges ``JSON_SCHEMA_EXTRA`` (a dict of JSON Schema keywords) into
    components, and ``additionalProperties: false`` where unknown members are
    refused (every schema of the referee's, ``BoundedSchema``)."""

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        schema = kwargs.get("schema")
        cls = schema if isinstance(schema, type) else type(schema)
        extra = dict(getattr(cls, "JSON_SCHEMA_EXTRA", None) or {})
        if isinstance(cls, type) and issubclass(cls, BoundedSchema):
            extra.setdefault("additionalProperties", False)
        return extra or None


COMPONENT_KEYWORDS = ("type", "enum", "pattern", "example")
"""The keywords a named value type (``metadata["component"]``) moves into its component."""


def component_properties(self: Any, field: fields.Field[Any], ret: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """An apispec attribute function: a field whose metadata names a
    ``component`` (a game's card code, Agency's end reason) refers to one
    component schema instead of repeating its enum, so generated clients get
    one type; a nullable one is ``anyOf`` the component and ``null``."""
    name = field.metadata.get("component")
    if not name:
        return {}
    shape = {key: ret.pop(key) for key in COMPONENT_KEYWORDS if key in ret}
    nullable = isinstance(shape.get("type"), list) and "null" in shape["type"]
    if nullable:
        shape["type"] = next(kind for kind in shape["type"] if kind != "null")
        shape["enum"] = [value for value in shape.get("enum", []) if value is not None] or shape.pop("enum", None)
    shape = {key: value for key, value in shape.items() if value is not None}
    if name not in self.spec.components.schemas:
        self.spec.components.schema(name, shape)
    ref = {"$ref": f"#/components/schemas/{name}"}
    return {"anyOf": [ref, {"type": "null"}]} if nullable else ref


def one_of_properties(self: Any, field: fields.Field[Any], ret: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """An apispec attribute function: ``oneOf`` for ``StateOrToken`` and ``OneOf`` fields."""
    if isinstance(field, StateOrToken):
        state = {"$ref": ret.pop("$ref")} if "$ref" in ret else ret.pop("allOf")[0]
        return {"oneOf": [state, {"type": "string", "maxLength": field.max_token, "description": "Sealed mode: the token of the hand."}]}
    if isinstance(field, OneOf):
        out: dict[str, Any] = {"oneOf": [self.field2property(choice) for choice in field.choices]}
        if field.discriminator is not None:
            name, schemas = field.discriminator
            out["discriminator"] = {"propertyName": name, "mapping": {
                value: self.field2property(fields.Nested(schema))["$ref"] for value, schema in schemas.items()}}
        return out
    return {}
