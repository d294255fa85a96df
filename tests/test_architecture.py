"""The import graph of ``service/`` (docs/architecture.md): layers that
import only downwards, no circle, and the frameworks each layer may touch.

Imports are read from the source (``ast``), every one of them, at module
level or inside a function; those under ``if TYPE_CHECKING:`` are left out
(they run at no time)."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "service"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("service.errors", "service.cards", "service.tricks", "service.deadline", "service.config", "service.signing",
     "service.sealing", "service.store", "service.clock"),
    ("service.games",),
    ("service.notation", "service.analysis"),
    ("service.schemas",),
    ("service.server",),
    ("service.api",),
    ("service.app",),
)
"""From the bottom up: the values, settings and stores everything shares, the rules
core, what is built on the core alone (records, analysis), the JSON edge,
the HTTP server's wing, the views, and the app factory that joins them."""

FRAMEWORKS = frozenset({"flask", "flask_smorest", "flask_cors", "marshmallow", "werkzeug", "webargs", "apispec",
                        "gunicorn", "prometheus_client", "prometheus_flask_exporter"})
"""What the rules core, the records and the analysis never import: they are pure."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(SERVICE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(module: str, path: Path) -> set[str]:
    """Every module ``module`` imports: a service module by its name, any other by its top-level package."""
    tree = ast.parse(path.read_text())
    skipped = {id(node) for branch in ast.walk(tree)
               if isinstance(branch, ast.If) and "TYPE_CHECKING" in ast.unparse(branch.test)
               for node in ast.walk(branch)}
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1] + [node.module or ""]).strip(".") if node.level else node.module or ""
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name in MODULES:
                found.add(name)
            elif not name.startswith("service"):
                found.add(name.split(".")[0])
    found.discard(module)
    return found


GRAPH = {module: _imports(module, path) for module, path in MODULES.items()}


def layer_of(module: str) -> int:
    """The layer of a service module (the bare ``service`` package: the lowest)."""
    for index, prefixes in enumerate(LAYERS):
        if any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes):
            return index
    if module == "service":
        return 0
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in tests/test_architecture.py")


def test_every_module_is_in_a_layer():
    assert all(layer_of(module) >= 0 for module in MODULES)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_nothing_from_a_higher_layer(module):
    upward = sorted(name for name in GRAPH[module] if name in MODULES and layer_of(name) > layer_of(module))
    assert upward == [], f"{module} (layer {layer_of(module)}) imports {upward}"


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles a depth-first walk of ``graph`` meets, each as the path that closes it."""
    seen: dict[str, bool] = {}  # False while on the walk's path, True once left
    found: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        seen[module] = False
        for name in sorted(graph.get(module, ())):
            if seen.get(name) is False:
                found.append(path[path.index(name):] + [name])
            elif name not in seen:
                visit(name, [*path, name])
        seen[module] = True

    for module in sorted(graph):
        if module not in seen:
            visit(module, [module])
    return found


def test_the_import_graph_has_no_circle():
    """A package's ``__init__`` only gathers its modules (``GAMES``), so an
    import of the package is not an edge back into it."""
    service = {module: {name for name in names if name in MODULES and MODULES[name].name != "__init__.py"}
               for module, names in GRAPH.items()}
    assert circles(service) == []


def test_a_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("module", sorted(name for name in MODULES if layer_of(name) <= 2))
def test_the_core_records_and_analysis_import_no_web_framework(module):
    assert sorted(GRAPH[module] & FRAMEWORKS) == []


@pytest.mark.parametrize("module", sorted(name for name in MODULES if name.startswith("service.api")))
def test_no_view_imports_the_http_server(module):
    assert "gunicorn" not in GRAPH[module]


def test_the_checks_see_the_layers_as_they_are():
    """The graph is read right: known imports are found, in every form."""
    assert "service.games.base" in GRAPH["service.games.agency"]  # from .base import ...
    assert "service.server.answers" in GRAPH["service.server.worker"]  # from .answers import ...
    assert "gunicorn" in GRAPH["service.server.worker"]
    assert "flask" in GRAPH["service.api.games"]
    assert any(layer_of(a) < layer_of(b) for a, b in itertools.combinations(sorted(MODULES), 2))
