"""``openapi.yaml``: the app's OpenAPI document (``/openapi.json``) written as YAML.

The document comes from the code (flask-smorest and apispec, from the
marshmallow schemas and the views); this module only writes it, with every
repeated object written out in full: no YAML anchors and aliases
(``&id001``, ``*id001``), which some OpenAPI tools do not resolve.
``make openapi`` runs it; ``tests/test_openapi.py`` fails while the committed
file differs from what it writes.

Usage (from the repository root)::

    .venv/bin/python -m tools.openapi
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SPEC_PATH = ROOT / "openapi.yaml"


_Dumper: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's, where PyYAML has it: the same text, faster
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _NoAliases(_Dumper):  # type: ignore[misc]
    """A YAML dumper that writes an object each time it occurs, never an alias to it."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def spec_yaml(spec: dict[str, Any]) -> str:
    """``spec`` as YAML text: keys sorted, block style, no aliases."""
    return yaml.dump(spec, Dumper=_NoAliases, sort_keys=True, default_flow_style=False)


def load_spec(path: Path = SPEC_PATH) -> dict[str, Any]:
    """The document in ``path`` (the committed ``openapi.yaml``), read with libyaml where PyYAML has it."""
    spec: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)  # noqa: S506 - a safe loader
    return spec


def app_spec() -> dict[str, Any]:
    """The OpenAPI document the app serves (an open-mode app; the document is the same in every mode)."""
    from service.app import create_app
    from service.schemas.smorest import api_of

    spec: dict[str, Any] = api_of(create_app({"TESTING": True})).spec.to_dict()
    return spec


def main() -> None:
    SPEC_PATH.write_text(spec_yaml(app_spec()), encoding="utf-8")


if __name__ == "__main__":
    main()
