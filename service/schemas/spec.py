"""An apispec plugin that adds a schema class's ``JSON_SCHEMA_EXTRA`` keywords
to its OpenAPI component, for rules marshmallow fields cannot state (such as
"at most one of seed, deck and hands"), so the spec says what the validator
enforces."""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin


class SchemaExtrasPlugin(BasePlugin):
    """Merges ``JSON_SCHEMA_EXTRA`` (a dict of JSON Schema keywords) into components."""

    def schema_helper(self, name: str, definition: dict, **kwargs: Any) -> dict | None:
        schema = kwargs.get("schema")
        cls = schema if isinstance(schema, type) else type(schema)
        extra = getattr(cls, "JSON_SCHEMA_EXTRA", None)
        return dict(extra) if extra else None
