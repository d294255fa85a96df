"""The call graph of a package, read from its source with ``ast``, for
``tests/test_architecture.py``: which functions (and properties) each
function can call, and the call paths that return to a module they left.

Calls are resolved as far as the source says, erring on the side of more
edges, never fewer:

* a name: the function it is bound to (in the module, or imported from the
  package); a class: its ``__init__`` and ``__post_init__``, and those of
  its subclasses;
* ``super().m()``: the next definition of ``m`` up the class's bases;
* ``x.m()`` or a property ``x.p``, where ``x``'s class is known (``self``,
  an annotated parameter, a field or property of a known class, what a call
  returns, an element of a known sequence...): each definition of ``m``
  the class or one of its subclasses could run, each with ``self`` that
  class; where ``x``'s class is a ``Protocol``, every class that has all the
  protocol's members; where it is not known: every method of the package
  named ``m``.

A receiver whose type is outside the package (a ``dict``, a ``str``, an
``int``...) calls nothing of the package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SEQUENCES = frozenset({"Sequence", "list", "Iterable", "Iterator", "set", "frozenset", "Collection", "MutableSequence",
                       "Generator", "Reversible"})
"""Generic types whose parameter is the type of their elements."""

Type = frozenset
"""A value's possible types: class names (``module:Class``), ``("seq", Type)``,
``("tuple", (Type, ...))``, ``("type", Type)`` (the class itself) or
``("foreign",)`` (outside the package). Empty: not known."""

UNKNOWN: frozenset = frozenset()
FOREIGN: frozenset = frozenset({("foreign",)})

Function = tuple[str, str | None]
"""A function as the walk meets it: its name (``module:function`` or
``module:Class.method``) and the class ``self`` is an instance of."""


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


class Package:
    """Every module of a package, its functions, classes and names."""

    def __init__(self, root: Path, package: str) -> None:
        self.trees = {module_name(root, path): (path, ast.parse(path.read_text())) for path in sorted((root / package).rglob("*.py"))}
        self.functions: dict[str, tuple[str, str | None, ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        self.classes: dict[str, tuple[str, ast.ClassDef]] = {}
        self.values: dict[str, tuple[str, ast.expr | None, str]] = {}
        self.scope: dict[str, dict[str, str]] = {}
        for module, (_path, tree) in self.trees.items():
            names = self.scope.setdefault(module, {})
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names[node.name] = name = f"{module}:{node.name}"
                    self.functions[name] = (module, None, node)
                elif isinstance(node, ast.ClassDef):
                    names[node.name] = name = f"{module}:{node.name}"
                    self.classes[name] = (module, node)
                    for item in node.body:
                        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                            self.functions[f"{name}.{item.name}"] = (module, name, item)
                elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                    target = node.targets[0] if isinstance(node, ast.Assign) else node.target
                    if isinstance(target, ast.Name):
                        names.setdefault(target.id, f"{module}:{target.id}")
                        self.values[f"{module}:{target.id}"] = (module, node.value, self._kind(node))
        for module, (path, tree) in self.trees.items():
            package_parts = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
            for node in tree.body:
                if not isinstance(node, ast.ImportFrom):
                    continue
                if node.level:
                    base = ".".join(package_parts[: len(package_parts) - node.level + 1] + ([node.module] if node.module else []))
                elif (node.module or "").split(".")[0] == package:
                    base = node.module or ""
                else:
                    continue
                for alias in node.names:
                    self.scope[module].setdefault(alias.asname or alias.name, f"{base}:{alias.name}")
        self.bases = {name: [base for expr in node.bases for base in _classes(self.annotation(module, expr))]
                      for name, (module, node) in self.classes.items()}
        self.subclasses = {name: [other for other in self.classes if name in self.mro(other)[1:]] for name in self.classes}

    @staticmethod
    def _kind(node: ast.Assign | ast.AnnAssign) -> str:
        value = node.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "TypeVar":
            return "typevar"
        if isinstance(node, ast.AnnAssign) and "TypeAlias" in ast.unparse(node.annotation):
            return "alias"
        return "value"

    # -- names and types ----------------------------------------------------------

    def resolve(self, module: str, name: str) -> str | None:
        """The function, class or module-level value ``name`` is bound to in ``module``."""
        found = self.scope.get(module, {}).get(name)
        for _ in range(8):
            if found is None or found in self.functions or found in self.classes or found in self.values:
                return found
            home, _, short = found.partition(":")
            if home not in self.trees:
                return None
            found = self.scope[home].get(short)
        return None

    def annotation(self, module: str, node: ast.expr | None) -> frozenset:
        """The types an annotation names."""
        if node is None:
            return UNKNOWN
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return self.annotation(module, ast.parse(node.value, mode="eval").body)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return self.annotation(module, node.left) | self.annotation(module, node.right)
        if isinstance(node, ast.Subscript):
            head = node.value.id if isinstance(node.value, ast.Name) else getattr(node.value, "attr", None)
            args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if head in SEQUENCES or (head == "tuple" and len(args) == 2 and isinstance(args[1], ast.Constant) and args[1].value is Ellipsis):
                return frozenset({("seq", self.annotation(module, args[0]))})
            if head == "tuple":
                return frozenset({("tuple", tuple(self.annotation(module, arg) for arg in args))})
            if head == "type":
                return frozenset({("type", self.annotation(module, args[0]))})
            if head in ("ClassVar", "Optional", "Final"):
                return self.annotation(module, args[0])
            return self.annotation(module, node.value)
        if isinstance(node, ast.Name):
            found = self.resolve(module, node.id)
            if found in self.classes:
                return frozenset({found})
            if found in self.values:
                home, value, kind = self.values[found]
                if kind == "typevar" and isinstance(value, ast.Call):
                    bound = next((keyword.value for keyword in value.keywords if keyword.arg == "bound"), None)
                    return self.annotation(home, bound)
                return self.annotation(home, value) if kind == "alias" else UNKNOWN
            return UNKNOWN if found is not None or node.id in ("Any", "object", "Self") else FOREIGN
        if isinstance(node, ast.Attribute):
            return FOREIGN
        return UNKNOWN

    def mro(self, name: str) -> list[str]:
        order = [name]
        for base in self.bases.get(name, []):
            order += [klass for klass in self.mro(base) if klass not in order]
        return order

    def is_protocol(self, name: str) -> bool:
        return any(ast.unparse(base).startswith("Protocol") for base in self.classes[name][1].bases)

    def members(self, name: str) -> set[str]:
        """Every name a class (with its bases) declares: fields and functions."""
        found = set()
        for klass in self.mro(name):
            for item in self.classes[klass][1].body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    found.add(item.target.id)
                elif isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found.add(item.name)
        return found

    def lookup(self, klass: str, attribute: str, after: str | None = None) -> str | None:
        """The definition of ``attribute`` an instance of ``klass`` runs (``after``: above that class)."""
        order = self.mro(klass)
        if after is not None:
            order = order[order.index(after) + 1 :]
        return next((f"{k}.{attribute}" for k in order if f"{k}.{attribute}" in self.functions), None)

    def dispatch(self, klass: str, attribute: str) -> set[Function]:
        """What ``x.attribute`` can run for an ``x`` of ``klass``: for it and
        each subclass, the definition found first, with ``self`` that class."""
        if self.is_protocol(klass):
            wanted = self.members(klass) - {"__init__"}
            return {found for other in self.classes
                    if other != klass and not self.is_protocol(other) and wanted <= self.members(other)
                    for found in self.dispatch(other, attribute)}
        found = set()
        for concrete in (klass, *self.subclasses[klass]):
            definition = self.lookup(concrete, attribute)
            if definition is not None:
                found.add((definition, concrete))
        return found

    def construct(self, klass: str) -> set[Function]:
        """What making an instance of ``klass`` (or of a subclass) runs."""
        found = set()
        for concrete in (klass, *self.subclasses[klass]):
            for method in ("__new__", "__init__", "__post_init__"):
                definition = self.lookup(concrete, method)
                if definition is not None:
                    found.add((definition, concrete))
        return found

    def is_property(self, function: str) -> bool:
        decorators = self.functions[function][2].decorator_list
        return any(ast.unparse(decorator).split(".")[-1] in ("property", "cached_property") for decorator in decorators)

    def field_type(self, klass: str, attribute: str) -> frozenset:
        for k in self.mro(klass):
            module, node = self.classes[k]
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and item.target.id == attribute:
                    return self.annotation(module, item.annotation)
        return UNKNOWN

    def returns(self, function: str) -> frozenset:
        module, _, node = self.functions[function]
        return self.annotation(module, node.returns)

    def by_name(self, attribute: str) -> set[Function]:
        """Every method of the package named ``attribute``: a call on a receiver of unknown type."""
        return {(name, klass) for name, (_, klass, _) in self.functions.items()
                if klass is not None and name.rsplit(".", 1)[1] == attribute}

    # -- the graph ----------------------------------------------------------------------

    def calls(self, function: Function) -> set[Function]:
        """What ``function`` can call, each with the class of its ``self``."""
        return _Calls(self, function).found - {function}


def _classes(types: frozenset) -> list[str]:
    return [atom for atom in types if isinstance(atom, str)]


class _Calls(ast.NodeVisitor):
    """The calls in one function's body, receivers typed as the source says."""

    def __init__(self, package: Package, function: Function) -> None:
        self.package = package
        name, self.self_class = function
        self.module, self.klass, node = package.functions[name]
        self.env: dict[str, frozenset] = {}
        self.found: set[Function] = set()
        arguments = node.args
        positional = [*arguments.posonlyargs, *arguments.args]
        for argument in [*positional, *arguments.kwonlyargs]:
            self.env[argument.arg] = package.annotation(self.module, argument.annotation)
        if self.klass is not None and positional and positional[0].arg in ("self", "cls"):
            own = frozenset({self.self_class or self.klass})
            self.env[positional[0].arg] = own if positional[0].arg == "self" else frozenset({("type", own)})
        for statement in node.body:
            self.visit(statement)

    # -- types ---------------------------------------------------------------------------

    def type_of(self, node: ast.expr) -> frozenset:
        package = self.package
        if isinstance(node, ast.Name):
            if node.id in self.env:
                return self.env[node.id]
            found = package.resolve(self.module, node.id)
            if found in package.classes:
                return frozenset({("type", frozenset({found}))})
            if found in package.values:
                home, value, _ = package.values[found]
                if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and package.resolve(home, value.func.id) in package.classes:
                    return frozenset({package.resolve(home, value.func.id)})
            return UNKNOWN
        if isinstance(node, ast.Attribute):
            types: set = set()
            for atom in self.type_of(node.value):
                for klass in ([atom] if isinstance(atom, str) else _classes(atom[1]) if atom[0] == "type" else []):
                    types |= package.field_type(klass, node.attr)
                    types |= {t for function, _ in package.dispatch(klass, node.attr) if package.is_property(function)
                              for t in package.returns(function)}
            return frozenset(types)
        if isinstance(node, ast.Call):
            types = set()
            for function, klass in self.targets(node.func):
                types |= {klass} if function.rsplit(".", 1)[-1] in ("__new__", "__init__", "__post_init__") else package.returns(function)
            if isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple", "sorted", "reversed") and node.args:
                types |= {atom for atom in self.type_of(node.args[0]) if not isinstance(atom, str) and atom[0] == "seq"}
            return frozenset(types)
        if isinstance(node, ast.Subscript):
            return self.element(self.type_of(node.value), node.slice)
        if isinstance(node, ast.BoolOp):
            return frozenset().union(*(self.type_of(value) for value in node.values))
        if isinstance(node, ast.IfExp):
            return self.type_of(node.body) | self.type_of(node.orelse)
        if isinstance(node, ast.Tuple) and node.elts:
            return frozenset({("tuple", tuple(self.type_of(element) for element in node.elts))})
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
            return frozenset({("seq", self.type_of(node.elt))})
        if isinstance(node, (ast.Constant, ast.JoinedStr, ast.Dict, ast.DictComp, ast.Set, ast.SetComp, ast.List, ast.Compare)):
            return FOREIGN
        return UNKNOWN

    @staticmethod
    def element(types: frozenset, index: ast.expr | None = None) -> frozenset:
        found: set = set()
        for atom in types:
            if isinstance(atom, tuple) and atom[0] == "seq":
                found |= {atom} if isinstance(index, ast.Slice) else atom[1]
            elif isinstance(atom, tuple) and atom[0] == "tuple":
                if isinstance(index, ast.Constant) and isinstance(index.value, int) and -len(atom[1]) <= index.value < len(atom[1]):
                    found |= atom[1][index.value]
                else:
                    found |= frozenset().union(*atom[1])
        return frozenset(found)

    def bind(self, target: ast.expr, types: frozenset) -> None:
        if isinstance(target, ast.Name):
            self.env[target.id] = types
        elif isinstance(target, (ast.Tuple, ast.List)):
            for position, element in enumerate(target.elts):
                part: set = set()
                for atom in types:
                    if isinstance(atom, tuple) and atom[0] == "tuple" and position < len(atom[1]):
                        part |= atom[1][position]
                    elif isinstance(atom, tuple) and atom[0] == "seq":
                        part |= atom[1]
                self.bind(element, frozenset(part))

    def iterate(self, target: ast.expr, iterable: ast.expr) -> None:
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and isinstance(target, ast.Tuple):
            if iterable.func.id == "enumerate" and len(target.elts) == 2 and iterable.args:
                self.bind(target.elts[1], self.element(self.type_of(iterable.args[0])))
                return
            if iterable.func.id == "zip" and len(target.elts) == len(iterable.args):
                for element, argument in zip(target.elts, iterable.args, strict=True):
                    self.bind(element, self.element(self.type_of(argument)))
                return
        self.bind(target, self.element(self.type_of(iterable)))

    # -- statements that bind names --------------------------------------------------------

    def visit_Assign(self, node: ast.Assign) -> None:
        self.generic_visit(node)
        for target in node.targets:
            self.bind(target, self.type_of(node.value))

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.generic_visit(node)
        if isinstance(node.target, ast.Name):
            declared = self.package.annotation(self.module, node.annotation)
            self.env[node.target.id] = declared or (self.type_of(node.value) if node.value is not None else UNKNOWN)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.generic_visit(node)
        self.bind(node.target, self.type_of(node.value))

    def visit_For(self, node: ast.For) -> None:
        self.visit(node.iter)
        self.iterate(node.target, node.iter)
        for statement in node.body + node.orelse:
            self.visit(statement)

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp) -> None:
        for generator in node.generators:
            self.visit(generator.iter)
            self.iterate(generator.target, generator.iter)
            for condition in generator.ifs:
                self.visit(condition)
        for part in ("elt", "key", "value"):
            if hasattr(node, part):
                self.visit(getattr(node, part))

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """A nested function: its calls are counted as the enclosing function's."""
        for argument in node.args.args:
            self.env.setdefault(argument.arg, self.package.annotation(self.module, argument.annotation))
        for statement in node.body:
            self.visit(statement)

    visit_AsyncFunctionDef = visit_FunctionDef

    # -- what is called ---------------------------------------------------------------------

    def targets(self, function: ast.expr) -> set[Function]:
        package = self.package
        if isinstance(function, ast.Name):
            found = package.resolve(self.module, function.id)
            if found in package.functions:
                return {(found, None)}
            if found in package.classes:
                return package.construct(found)
            return {made for atom in self.env.get(function.id, UNKNOWN) if isinstance(atom, tuple) and atom[0] == "type"
                    for klass in _classes(atom[1]) for made in package.construct(klass)}
        if not isinstance(function, ast.Attribute):
            return set()
        receiver = function.value
        if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super" and self.klass:
            definition = package.lookup(self.self_class or self.klass, function.attr, after=self.klass)
            return {(definition, self.self_class)} if definition else set()
        types = self.type_of(receiver)
        found: set[Function] = set()
        for atom in types:
            if isinstance(atom, str):
                found |= package.dispatch(atom, function.attr)
                for made in package.field_type(atom, function.attr):  # a field holding a class: ``self.HAND(...)``
                    if isinstance(made, tuple) and made[0] == "type":
                        found |= {m for klass in _classes(made[1]) for m in package.construct(klass)}
            elif atom[0] == "type":
                found |= {m for klass in _classes(atom[1]) for m in package.dispatch(klass, function.attr)}
        if not types and not self._foreign_module(receiver):
            found |= package.by_name(function.attr)
        return found

    def _foreign_module(self, receiver: ast.expr) -> bool:
        """A name bound to nothing of the package or the function: an imported module (``secrets``...)."""
        return isinstance(receiver, ast.Name) and receiver.id not in self.env and self.package.resolve(self.module, receiver.id) is None

    def visit_Call(self, node: ast.Call) -> None:
        self.found |= self.targets(node.func)
        if isinstance(node.func, ast.Name) and node.func.id in ("str", "repr", "format") and node.args:
            self.found |= self.shown(node.args[0], "__repr__" if node.func.id == "repr" else "__str__")
        self.generic_visit(node)

    def visit_FormattedValue(self, node: ast.FormattedValue) -> None:
        """``f"{x}"`` calls ``x.__str__`` (``!r``: ``__repr__``)."""
        self.found |= self.shown(node.value, "__repr__" if node.conversion == ord("r") else "__str__")
        self.generic_visit(node)

    def shown(self, value: ast.expr, method: str) -> set[Function]:
        """What writing ``value`` as text runs: its class's ``method``, or any class's when its type is not known."""
        types = self.type_of(value)
        if not types:
            return self.package.by_name(method)
        return {found for klass in _classes(types) for found in self.package.dispatch(klass, method)}

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.ctx, ast.Load):
            for atom in self.type_of(node.value):
                if isinstance(atom, str):
                    self.found |= {found for found in self.package.dispatch(atom, node.attr) if self.package.is_property(found[0])}
        self.generic_visit(node)


@dataclass(frozen=True)
class Return:
    """A call path that enters a module it had left: the functions called, and the modules in order."""

    calls: tuple[str, ...]
    modules: tuple[str, ...]

    def __str__(self) -> str:
        return " -> ".join(self.calls) + "  (modules " + " > ".join(self.modules) + ")"


def returns(package: Package, start: str, klass: str | None = None) -> Iterator[Return]:
    """Every call path from ``start`` (``self`` an instance of ``klass``)
    that enters a module it had left, each ended where it returns."""
    first = (start, klass)
    seen: set[tuple[Function, tuple[str, ...]]] = set()
    stack = [(first, (package.functions[start][0],), (start,))]
    while stack:
        function, modules, path = stack.pop()
        for callee in sorted(package.calls(function), key=str):
            module = package.functions[callee[0]][0]
            if module != modules[-1] and module in modules:
                yield Return(path + (callee[0],), modules + (module,))
                continue
            after = modules if module == modules[-1] else modules + (module,)
            if (callee, after) not in seen:
                seen.add((callee, after))
                stack.append((callee, after, path + (callee[0],)))


def reached(package: Package, start: str, klass: str | None = None) -> set[Function]:
    """Every function a call of ``start`` can run."""
    found, stack = {(start, klass)}, [(start, klass)]
    while stack:
        for callee in package.calls(stack.pop()):
            if callee not in found:
                found.add(callee)
                stack.append(callee)
    return found
