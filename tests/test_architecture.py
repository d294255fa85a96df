"""The import graph of ``service/`` (docs/architecture.md): layers that
import only downwards, no circle, and the frameworks each layer may touch.

Imports are read from the source (``ast``), every one of them, at module
level or inside a function; those under ``if TYPE_CHECKING:`` are left out
(they run at no time)."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import callgraph
import pytest

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "service"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("service.errors", "service.greenlets", "service.cards", "service.tricks", "service.deadline", "service.config", "service.signing",
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
the HTTP server's wing, the view functions, and the app factory that joins them."""

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


# -- the core's calls: one way down ------------------------------------------------------

PACKAGE = callgraph.Package(ROOT, "service")

DOORS = ("service.games.base:TrickGame.build", "service.games.base:TrickGame.play", "service.games.base:TrickGame.deal")
"""The ways into the rules core: a hand from its record (at either trust),
a move, a deal."""


@pytest.mark.parametrize("door", DOORS)
def test_following_the_cores_calls_returns_to_no_module_it_left(door):
    """From each door, every call path goes one way through the modules: the
    orchestration (``games/base.py``) calls a game's rules (``agency.py``,
    ``last_trick.py``), and both call the checks and values below them,
    none of which calls back up (docs/architecture.md)."""
    assert [str(found) for found in callgraph.returns(PACKAGE, door)] == []


def test_the_call_graph_holds_every_call_a_traced_hand_makes():
    """The graph is read right: every call between service functions that
    deals, plays and builds real hands of every game (from their states at
    both trusts, and from broken states) is one the graph from ``ast`` has."""
    traced = _traced_calls()
    missing = sorted(f"{caller} ({klass}) -> {callee}" for caller, klass, callee in traced
                     if callee not in {name for name, _ in PACKAGE.calls((caller, klass))})
    assert len(traced) > 150
    assert missing == [], '\n'.join(missing)


def test_a_return_to_a_module_is_found(tmp_path):
    """A hook that calls back up (``super()``, a property of the base class,
    a function of the module that called it) is a return; a call down is not."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "low.py").write_text("def helper(x: int) -> int:\n    return x\n")
    (tmp_path / "pkg" / "base.py").write_text(
        "from .low import helper\n\n\nclass Base:\n    @property\n    def size(self) -> int:\n        return helper(1)\n\n"
        "    def run(self) -> int:\n        return self.hook()\n\n    def hook(self) -> int:\n        raise NotImplementedError\n\n"
        "    def tidy(self) -> None:\n        pass\n\n\ndef shared() -> int:\n    return 1\n")
    (tmp_path / "pkg" / "game.py").write_text(
        "from .base import Base, shared\nfrom .low import helper\n\n\nclass Game(Base):\n    def hook(self) -> int:\n"
        "        super().tidy()\n        return self.size + shared() + helper(2)\n")
    package = callgraph.Package(tmp_path, "pkg")
    found = sorted(found.calls[-1] for found in callgraph.returns(package, "pkg.base:Base.run"))
    assert found == ["pkg.base:Base.size", "pkg.base:Base.tidy", "pkg.base:shared"]


def _traced_calls() -> set[tuple[str, str | None, str]]:
    """``(caller, the class of its self, callee)`` for every call between
    service functions while hands of every game are dealt, played and built."""
    import contextlib
    import inspect
    import random
    import sys

    import orjson

    from service.errors import InvalidState
    from service.games import GAMES, Trust
    from service.schemas.games import schemas_for
    from service.schemas.reading import read
    from service.schemas.records import dump_state

    known = {name for name in PACKAGE.functions}
    calls: set[tuple[str, str | None, str]] = set()

    def function_of(frame):
        """The service function a frame runs (a comprehension's or lambda's: the function it is in)."""
        qualname = frame.f_code.co_qualname.split(".<locals>.")[0]
        name = f"{frame.f_globals.get('__name__')}:{qualname}"
        return name if name in known else None

    def self_class(frame, name):
        while frame is not None:
            if function_of(frame) == name and "self" in frame.f_locals:
                klass = type(frame.f_locals["self"])
                return f"{klass.__module__}:{klass.__qualname__}"
            frame = frame.f_back
        return None

    def profile(frame, event, _):
        code = frame.f_code
        if event != "call" or code.co_name.startswith("<") or code.co_flags & inspect.CO_GENERATOR:
            return  # a generator resumed, a comprehension run: not a call of a function
        callee = function_of(frame)
        if callee is None:
            return
        caller_frame = frame.f_back
        while caller_frame is not None and function_of(caller_frame) is None:
            caller_frame = caller_frame.f_back
        if caller_frame is None:
            return
        caller = function_of(caller_frame)
        if caller != callee:
            calls.add((caller, PACKAGE.functions[caller][1] and self_class(caller_frame, caller), callee))

    def record_of(game, state):
        return read(schemas_for(game.id).state(), orjson.loads(orjson.dumps(state)))

    rng = random.Random(35)
    for game in GAMES.values():
        for players in sorted({game.min_players, game.max_players}):
            seating = {"first_leader": rng.randrange(4)} if game.family == "agency" else {"players": players, "dealer": 0}
            sys.setprofile(profile)
            hand = game.deal(seed=rng.randrange(2**32), **seating)
            sys.setprofile(None)
            while True:
                state = dump_state(hand)
                records = [record_of(game, state), hand.record]
                broken = record_of(game, {**state, "to_act": None if hand.to_act is None else (hand.to_act + 1) % hand.players,
                                          "winner": 0})
                sys.setprofile(profile)
                try:
                    for record in records:
                        for trust in Trust:
                            game.build(record, trust)
                    with contextlib.suppress(InvalidState):
                        game.build(broken, Trust.RESTORE)
                    if hand.to_act is None:
                        break
                    hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
                finally:
                    sys.setprofile(None)
    return calls


# -- one word names one thing -------------------------------------------------------------

def _definitions() -> dict[str, list[str]]:
    """Every class, function and capitalised name defined at the top of a
    service module, with the modules that define it."""
    found: dict[str, list[str]] = {}
    for module, path in MODULES.items():
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                names = [node.name]
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [target.id for target in targets if isinstance(target, ast.Name) and target.id[0].isupper()]
            else:
                continue
            for name in names:
                found.setdefault(name, []).append(module)
    return found


DEFINITIONS = _definitions()

WORDS = ("Refusal", "DealSource", "Trust", "Family", "HandRecord", "Claims", "Provenance", "Hand", "TrickGame",
         "codes", "codes_text", "replay_transcript", "replay_record", "replay_records", "ViewFunction", "HeldBytes", "Budget")
"""Names of docs/architecture.md's "Words" and the house's review, each one thing, defined once."""

PER_MODULE = frozenset({"PROBLEMS", "TOUCHED", "WRITTEN_FOR", "DEFAULT_BUDGET", "T", "H"})
"""Names every module of a kind defines for itself, one meaning in each: the
problem codes a module raises (``problem_codes`` gathers them), an adapter
module's touch points and versions, an analysis's default budget, type variables."""


@pytest.mark.parametrize("word", WORDS)
def test_each_word_is_defined_once(word):
    assert len(DEFINITIONS.get(word, [])) == 1, DEFINITIONS.get(word)


def test_no_two_modules_give_a_class_or_constant_one_name():
    """Two things of one name in two modules is two meanings of one word."""
    shared = {name: modules for name, modules in DEFINITIONS.items()
              if len(modules) > 1 and name[0].isupper() and name not in PER_MODULE}
    assert shared == {}


def test_one_problems_module():
    """The problem documents' types and schemas in one module (``api/problems.py``); the core's
    sentences are ``problems`` of ``games/checks.py``, not a module of that name."""
    assert sorted(name for name in MODULES if name.rsplit(".", 1)[-1] == "problems") == ["service.api.problems"]


def test_the_code_says_what_it_does_not_how_fast_it_ran():
    """Docstrings and comments of ``service/`` quote no timing of a machine
    (figures in µs or ns go stale; they live in bench/README.md) and narrate
    no regression: they say what the code does and why."""
    stale = re.compile(r"\d\s*(?:µs|ns)\b|\bregress", re.I)
    found = [f"{path.relative_to(ROOT)}:{number}" for path in MODULES.values()
             for number, line in enumerate(path.read_text().splitlines(), 1) if stale.search(line)]
    assert found == []
