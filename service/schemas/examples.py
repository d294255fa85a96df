"""The spec's examples: ``service/static/examples.json``, written by
``tools/examples.py`` from the referee's own answers (``make openapi``).

``operation(id)`` gives one operation's examples (``request``: named
example objects of its body; ``responses``: by status), which the
registrar puts in the spec (``api/operations.py``); ``schema(name)`` the
example of a component, which ``SchemaExtrasPlugin`` writes into it (each
alternative of a deal body has one); ``components()`` the examples several
operations share and ``responses()`` those of the shared problem responses,
which the API puts in the spec's components (``api/problems.py``). Read
once, when the spec is first built.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
from typing import Any

EXAMPLES_FILE = "examples.json"
"""The file, in the package's ``static`` folder."""


@functools.cache
def _examples() -> dict[str, Any]:
    """The file's examples (none while it does not exist: ``tools/examples.py`` runs an app to write it)."""
    path = importlib.resources.files("service").joinpath("static", EXAMPLES_FILE)
    if not path.is_file():
        return {}
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def operation(operation_id: str) -> dict[str, Any]:
    """``{"request": {name: example}, "responses": {status: {name: example}}}``; empty when it has none."""
    found: dict[str, Any] = _examples().get("operations", {}).get(operation_id, {})
    return found


def schema(name: str) -> Any | None:
    """The example of component ``name``, or ``None``."""
    return _examples().get("schemas", {}).get(name)


def components() -> dict[str, Any]:
    """The examples several operations share, by name (the spec's ``components.examples``)."""
    found: dict[str, Any] = _examples().get("components", {})
    return found


def responses() -> dict[str, Any]:
    """The examples of the responses every operation shares, by the response's name (``UNPROCESSABLE_ENTITY``...)."""
    found: dict[str, Any] = _examples().get("responses", {})
    return found
