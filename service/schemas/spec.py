"""apispec additions, so the spec says what the validator enforces.

* ``SchemaExtrasPlugin`` adds a schema class's ``JSON_SCHEMA_EXTRA``
  keywords to its OpenAPI component, for rules marshmallow fields cannot
  state (such as the tree of a 422's field errors).
* ``one_of_properties`` writes the fields that take one of several shapes
  (``StateOrToken``, ``OneOf``) as ``oneOf``.
* ``component_properties`` writes a named value type once, as a component.
* ``SpecOnReadApi`` builds the spec when it is first read, not with the app.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from apispec import BasePlugin
from marshmallow import fields

from . import examples
from .family import BoundedSchema
from .fields import OneOf, StateOrToken
from .smorest import AdaptedApi


class SchemaExtrasPlugin(BasePlugin):
    """Merges ``JSON_SCHEMA_EXTRA`` (a dict of JSON Schema keywords) into
    components, ``additionalProperties: false`` where unknown members are
    refused (every schema of the referee's, ``BoundedSchema``), and a
    component's example (``schemas.examples``) as its ``examples``."""

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        schema = kwargs.get("schema")
        cls = schema if isinstance(schema, type) else type(schema)
        extra = dict(getattr(cls, "JSON_SCHEMA_EXTRA", None) or {})
        if isinstance(cls, type) and issubclass(cls, BoundedSchema):
            extra.setdefault("additionalProperties", False)
        example = examples.schema(name)
        if example is not None:
            extra["examples"] = [example]
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


class SpecOnReadApi(AdaptedApi):
    """flask-smorest's ``Api``, documenting its blueprints when its spec is first read.

    ``register_blueprint`` routes the blueprint at once, as flask-smorest's
    does, and keeps its documentation for later: building the spec (apispec
    turning every schema of six games into JSON Schema) is most of the cost
    of making an app, and an app that never serves
    ``/openapi.json`` or ``/docs`` (a test's, a bench's) never pays it. The
    first read of ``spec`` documents the waiting blueprints in the order they
    were registered, so the document is the same as one built eagerly
    (``tests/test_openapi.py`` compares it with the committed
    ``openapi.yaml``). A lock makes concurrent first reads build it once.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._undocumented: list[Callable[[Any], None]] = []
        """What is still to be written into the spec, in order: each function writes its part."""
        self._documenting = threading.RLock()
        self._building = False
        self._spec: Any = None
        super().__init__(*args, **kwargs)

    @property
    def spec(self) -> Any:
        """The ``apispec.APISpec``, with every blueprint registered so far documented."""
        if self._undocumented:
            with self._documenting:
                if not self._building:  # documenting reads the spec too (the converters): as it is then
                    self._building = True
                    try:
                        while self._undocumented:
                            self._undocumented.pop(0)(self._spec)
                    finally:
                        self._building = False
        return self._spec

    @spec.setter
    def spec(self, value: Any) -> None:
        self._spec = value

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        """Route ``blp`` now (as ``Api.register_blueprint``), document it when the spec is read."""
        name = options.get("name", blp.name)
        self.map_blueprint(name)
        self.app.register_blueprint(blp, **options)
        def document(spec: Any) -> None:
            self.document_blueprint(blp, spec, name, parameters)
            spec.tag({"name": name, "description": blp.description})

        self._undocumented.append(document)

    def tag_later(self, tag: dict[str, Any]) -> None:
        """Add ``tag`` (an OpenAPI tag object: ``name``, ``description``) to
        the spec's tags when the spec is built, after what was registered before it."""
        self._undocumented.append(lambda spec: spec.tag(tag))
