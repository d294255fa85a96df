"""The one reader of request bodies: JSON (already decoded) into the core's values.

marshmallow is the single source of the shapes: its schemas generate the
spec and name every fault in a 422. Running marshmallow on every body costs
more than the rest of a request, so each schema is also *compiled* here, once,
into one plain Python function per schema that reads exactly what the
schema accepts and builds the same values (``Play``, ``Trick``,
``HandRecord``...), through the schema's own hooks (``BoundedSchema.pre_read``,
``checks`` and ``build``). A compiled reader does not explain a refusal: at
the first thing it does not accept it stops, and :func:`faults` names the
body's faults with marshmallow's own messages, reading no further than the
faults it names.

Each kind of field the referee's schemas use is one entry of :data:`KINDS`:
the compiled reader's lines for it and how its faults are named, side by
side; a field of any other kind stops the compiler with a ``TypeError`` when
the schema is first read, so a new kind of field cannot be read wrongly in
silence. Adding a kind of body means writing its marshmallow schema; its
reader follows.
``tests/test_reading.py`` checks, on bodies generated from the spec, that
reader and marshmallow agree on what they accept and on the value read.
``source_of(schema)`` shows a compiled reader's code.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError, fields, missing, validate

from ..cards import Card, all_codes
from .family import MAX_UNKNOWN_FIELDS, BoundedSchema
from .fields import EXACT_FLOAT, Bool, CardField, CardList, Int, List, OneOf, StateOrToken

Reader = Callable[[Any], Any]
"""Reads one JSON value: returns what the schema loads it as, or raises ``Refused``."""


class Refused(Exception):
    """The compiled reader does not accept a value; marshmallow says why."""


class ReaderDisagrees(AssertionError):
    """A compiled reader refused what its schema accepts: a bug in this module."""


MAX_FAULTS = 50
"""The most faults of a refused body that are named; past them it is not read."""


def read(schema: Schema, body: Any) -> Any:
    """``body`` (decoded JSON: dicts, lists, str, int, float, bool, ``None``)
    loaded as ``schema`` loads it, by its compiled reader.

    Raises:
        Faults: the body does not match the schema: its first
            :data:`MAX_FAULTS` faults in marshmallow's own messages (``faults``).
        RefereeError: raised by a schema's hook (``unsupported_version``).
        ReaderDisagrees: the reader refused a body the schema accepts.
    """
    try:
        return reader_of(schema)(body)
    except Refused:
        pass
    named = faults(schema, body, MAX_FAULTS)
    if named is None:
        raise ReaderDisagrees(f"the compiled reader of {type(schema).__name__} refused a body its schema accepts")
    raise named


_COMPILED: dict[tuple[Any, ...], tuple[Reader, str]] = {}
"""Each compiled reader and its source, by what the schema reads (:func:`_reading_of`)."""
MAX_READERS = 256
"""The most readers kept: the app's schemas are a fixed set, a few dozen per
game; past the bound the oldest reader is dropped (and compiled again when
asked), so no caller, however it makes its schemas, grows this cache."""


def reader_of(schema: Schema) -> Reader:
    """The compiled reader of a schema (compiled once for its class and
    settings, and kept on the instance, whose settings are fixed when it is
    made: a request reads its body with no further lookup)."""
    reader: Reader | None = vars(schema).get(_KEPT)
    if reader is None:
        reader = vars(schema)[_KEPT] = _compiled(schema)[0]
    return reader


_KEPT = "_compiled_reader"
"""The attribute of a schema instance that keeps its reader (:func:`reader_of`)."""


def source_of(schema: Schema) -> str:
    """The Python source of a schema's compiled reader (its nested schemas' included)."""
    return _compiled(schema)[1]


def _compiled(schema: Schema) -> tuple[Reader, str]:
    key = _reading_of(schema)
    known = _COMPILED.get(key)
    if known is None:
        compiler = _Compiler()
        name = compiler.schema(schema)
        source = "\n\n".join(compiler.functions)
        exec(compile(source, f"<reader of {type(schema).__name__}>", "exec"), compiler.namespace)  # noqa: S102 - our own code
        if len(_COMPILED) >= MAX_READERS:
            del _COMPILED[next(iter(_COMPILED))]
        known = _COMPILED[key] = (compiler.namespace[name], source)
    return known


def _reading_of(schema: Schema) -> tuple[Any, ...]:
    """What decides a schema instance's reading: its class and the settings
    it was made with (two instances alike in these read alike)."""
    def frozen(value: Any) -> Any:
        return frozenset(value) if isinstance(value, (set, frozenset, list, tuple)) else value
    return (type(schema), schema.many, schema.unknown, frozen(schema.partial), frozen(schema.only),
            frozenset(schema.exclude), frozenset(schema.load_only), frozenset(schema.dump_only))


CARDS: dict[str, Card] = {code: Card.parse(code) for code in all_codes()}
MISSING = object()
"""A member the body leaves out (no JSON value is this object)."""


class _Compiler:
    """Writes one function per schema, and for list items that are not
    objects one function per item type."""

    def __init__(self) -> None:
        self.functions: list[str] = []
        self.namespace: dict[str, Any] = {
            "Refused": Refused, "ValidationError": ValidationError, "CARDS": CARDS, "MISSING": MISSING, "E": EXACT_FLOAT,
        }
        self.names: dict[int, str] = {}
        self.counter = itertools.count()

    def constant(self, value: Any) -> str:
        name = f"c{next(self.counter)}"
        self.namespace[name] = value
        return name

    def schema(self, schema: Schema) -> str:
        """The name of the function reading ``schema`` (written once per instance)."""
        known = self.names.get(id(schema))
        if known is not None:
            return known
        if not isinstance(schema, BoundedSchema):
            raise TypeError(f"{type(schema).__name__} is not a BoundedSchema: its hooks would not be read")
        name = self.names[id(schema)] = f"read_{type(schema).__name__}_{next(self.counter)}"
        members = [(field.attribute or attr, field.data_key or attr, field) for attr, field in schema.load_fields.items()]
        lines = [f"def {name}(v):", f"    if type(v) is not dict or len(v) > {len(members) + MAX_UNKNOWN_FIELDS}:", "        raise Refused"]
        if _overrides(schema, "pre_read"):
            lines += ["    try:", f"        {self.constant(schema.pre_read)}(v)",
                      "    except ValidationError:", "        raise Refused from None"]
        # No member but the schema's: every member present is counted as it is read (the
        # required ones all are, or the object is refused), so one more means an unknown one.
        required = sum(1 for _, _, field in members if field.required)
        optional = len(members) > required
        lines += ["    out = {}", *(["    n = 0"] if optional else [])]
        for attribute, key, field in members:
            lines.append(f"    x = v.get({key!r}, MISSING)")
            lines.append("    if x is MISSING:")
            if field.required:
                lines.append("        raise Refused")
            elif field.load_default is missing:
                lines.append("        pass")
            else:
                default = field.load_default
                call = "()" if callable(default) else ""
                lines.append(f"        out[{attribute!r}] = {self.constant(default)}{call}")
            lines.append("    else:")
            if not field.required:
                lines.append("        n += 1")
            lines += ["        " + line for line in self.field(field)]
            lines.append(f"        out[{attribute!r}] = x")
        lines += [f"    if len(v) != {required}{' + n' if optional else ''}:", "        raise Refused"]
        if _overrides(schema, "checks"):
            lines += ["    try:", f"        {self.constant(schema.checks)}(out)",
                      "    except ValidationError:", "        raise Refused from None"]
        lines.append(f"    return {self.constant(schema.build)}(out)" if _overrides(schema, "build") else "    return out")
        self.functions.append("\n".join(lines))
        return name

    def item(self, field: fields.Field[Any]) -> str:
        """The name of a function reading one list item of type ``field``."""
        if isinstance(field, fields.Nested) and not isinstance(field, StateOrToken):
            return self.schema(field.schema)
        name = f"read_item_{next(self.counter)}"
        self.functions.append("\n".join([f"def {name}(x):", *("    " + line for line in self.field(field)), "    return x"]))
        return name

    def field(self, field: fields.Field[Any]) -> list[str]:
        """Lines that check the JSON value ``x`` and leave in ``x`` what the field loads it as."""
        body = self.typed(field) + self.validators(field)
        if not field.allow_none:
            return body
        return ["if x is not None:", *("    " + line for line in body)]

    def typed(self, field: fields.Field[Any]) -> list[str]:
        """Lines that check ``x``'s type and shape and leave in it what the field loads it as (its kind's ``reads``)."""
        return kind_of(field).reads(self, field)

    def list_length(self, field: List) -> list[str]:
        """A list, its length checked before its items (as ``List`` does)."""
        tests = ["type(x) is not list"]
        for validator in field.validators:
            if isinstance(validator, validate.Length):
                tests.append(_length_test(validator))
        return [f"if {' or '.join(tests)}:", "    raise Refused"]

    def validators(self, field: fields.Field[Any]) -> list[str]:
        tests = []
        for validator in field.validators:
            if isinstance(validator, validate.Range):
                low, high = validator.min, validator.max
                if low is not None:
                    tests.append(f"x {'<' if validator.min_inclusive else '<='} {low!r}")
                if high is not None:
                    tests.append(f"x {'>' if validator.max_inclusive else '>='} {high!r}")
            elif isinstance(validator, validate.Length):
                if not isinstance(field, List):  # lists check theirs first (list_length)
                    tests.append(_length_test(validator))
            elif isinstance(validator, validate.OneOf):
                tests.append(f"x not in {self.constant(frozenset(validator.choices))}")
            elif isinstance(validator, validate.Regexp):
                tests.append(f"{self.constant(validator.regex)}.match(x) is None")  # as marshmallow matches it
            else:
                raise TypeError(f"no reader for the validator {type(validator).__name__}")
        return [f"if {' or '.join(tests)}:", "    raise Refused"] if tests else []


def _length_test(validator: validate.Length) -> str:
    """A test that is true when ``len(x)`` breaks ``validator``."""
    if validator.equal is not None:
        return f"len(x) != {validator.equal}"
    tests = []
    if validator.min is not None:
        tests.append(f"len(x) < {validator.min}")
    if validator.max is not None:
        tests.append(f"len(x) > {validator.max}")
    return " or ".join(tests) or "False"


def _overrides(schema: Schema, hook: str) -> bool:
    """Whether a schema defines a hook of its own (``BoundedSchema``'s do nothing)."""
    return isinstance(schema, BoundedSchema) and getattr(type(schema), hook) is not getattr(BoundedSchema, hook)


# -- naming the faults of a refused body ----------------------------------------


class Faults(ValidationError):
    """marshmallow's field errors for the first faults of a body, as
    ``schema.load`` would name them; ``truncated`` when the body has more
    and was not read further."""

    def __init__(self, messages: dict[str, Any], truncated: bool) -> None:
        super().__init__(messages)
        self.truncated = truncated


class _Budget:
    """How many messages are still to be named. Reading goes on past the
    last one named until one more is found (``truncated``: read no further)
    or the body ends, so a body of exactly ``limit`` faults is not called
    truncated."""

    def __init__(self, limit: int) -> None:
        self.left = limit
        self.truncated = False

    def spend(self, messages: list[Any]) -> list[Any]:
        """The part of ``messages`` still named (none past the limit)."""
        if len(messages) > self.left:
            self.truncated = True
            messages = messages[: self.left]
        self.left -= len(messages)
        return messages


def _pruned(tree: dict[Any, Any]) -> dict[Any, Any]:
    """An error tree without the empty entries the faults past the limit left."""
    out = {}
    for key, value in tree.items():
        kept = _pruned(value) if isinstance(value, dict) else value
        if kept:
            out[key] = kept
    return out


def faults(schema: Schema, body: Any, limit: int) -> Faults | None:
    """The faults of a body the compiled reader refused, named with
    marshmallow's own messages, in marshmallow's order (members in the
    schema's order, then unknown ones in the body's), at most ``limit`` of
    them: the body is read only until then, so naming its faults never
    costs more than reading it (marshmallow's own load builds every message
    of a body of a hundred thousand faults). ``None``: no fault (the reader
    and the schema disagree).

    Raises:
        RefereeError: a schema's hook refuses what it reads (another state
            version), where marshmallow's load would raise it too.
    """
    budget = _Budget(limit)
    errors = _pruned(_object_faults(schema, body, budget))
    return None if not errors else Faults(errors, budget.truncated)


def _object_faults(schema: Schema, data: Any, budget: _Budget) -> dict[str, Any]:
    if not isinstance(data, dict):
        return {"_schema": budget.spend([schema.error_messages["type"]])}
    try:
        schema.read_first(data)  # type: ignore[attr-defined]  # a BoundedSchema (its reader is compiled)
    except ValidationError as error:
        return {"_schema": budget.spend(list(error.messages) if isinstance(error.messages, list) else [error.messages])}
    errors: dict[str, Any] = {}
    members = set()
    for attribute, field in schema.load_fields.items():
        key = field.data_key or attribute
        members.add(key)
        if budget.truncated:
            return errors
        found = _field_faults(field, data.get(key, missing), budget)
        if found:
            errors[key] = found
    for key in data:
        if key not in members:
            if budget.truncated:
                return errors
            errors[key] = budget.spend([schema.NOT_MEMBERS.get(key, schema.error_messages["unknown"])])  # type: ignore[attr-defined]
    if not errors:
        try:
            schema.checks(_read_members(schema, data))  # type: ignore[attr-defined]
        except ValidationError as error:
            return {key: budget.spend(list(value)) for key, value in error.normalized_messages().items()}  # type: ignore[no-untyped-call]
    return errors


def _read_members(schema: Schema, data: dict[str, Any]) -> dict[str, Any]:
    """The members of an object whose every member reads, as the schema's
    checks see them (each field's value, defaults filled)."""
    out: dict[str, Any] = {}
    for attribute, field in schema.load_fields.items():
        value = data.get(field.data_key or attribute, missing)
        loaded = field.deserialize(value, attribute, data)
        if loaded is not missing:
            out[field.attribute or attribute] = loaded
    return out


def _field_faults(field: fields.Field[Any], value: Any, budget: _Budget) -> Any:
    """A member's faults, shaped as marshmallow stores them: a list of
    messages, or for an object or a list of them a tree by member or index
    (its kind's ``faults``; a missing or null member as the field loads it)."""
    if value is missing or value is None:
        return _value_faults(field, value, budget)
    return kind_of(field).faults(field, value, budget)


def _value_faults(field: fields.Field[Any], value: Any, budget: _Budget) -> Any:
    """The faults the field itself names of ``value`` (its ``deserialize``)."""
    try:
        field.deserialize(value)
    except ValidationError as error:
        messages = error.messages
        return budget.spend(messages) if isinstance(messages, list) else _spent_tree(messages, budget)
    return None


def _spent_tree(messages: dict[Any, Any], budget: _Budget) -> dict[Any, Any]:
    """A field's own error tree (a card list's by index), cut to the budget."""
    out: dict[Any, Any] = {}
    for key, value in messages.items():
        if budget.truncated:
            break
        out[key] = budget.spend(list(value)) if isinstance(value, list) else _spent_tree(value, budget)
    return out


def _reads(schema: Schema, value: Any) -> bool:
    """Whether a nested value reads, by its schema's compiled reader."""
    try:
        reader_of(schema)(value)
    except Refused:
        return False
    return True


# -- each kind of field: how it is read, and how its faults are named -----------


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of field, read and explained side by side.

    Attributes:
        reads: the compiled reader's lines for a member of this kind: check
            the JSON value ``x`` and leave in ``x`` what the field loads it as
            (``raise Refused`` at the first thing it does not accept).
        faults: the faults of a value of this kind that is neither missing
            nor null, named as marshmallow names them, within the budget.
    """

    reads: Callable[[_Compiler, Any], list[str]]
    faults: Callable[[Any, Any, _Budget], Any]


def _reads_state_or_token(compiler: _Compiler, field: StateOrToken) -> list[str]:
    state = compiler.schema(field.schema)
    return ["if type(x) is str:", f"    if len(x) > {field.max_token}:", "        raise Refused", "else:", f"    x = {state}(x)"]


def _state_or_token_faults(field: StateOrToken, value: Any, budget: _Budget) -> Any:
    return _value_faults(field, value, budget) if isinstance(value, str) else _nested_faults(field, value, budget)


def _reads_one_of(compiler: _Compiler, field: OneOf) -> list[str]:
    if field.load is None:
        raise TypeError("a response member is not read")
    return compiler.typed(field.load) + compiler.validators(field.load)


def _one_of_faults(field: OneOf, value: Any, budget: _Budget) -> Any:
    assert field.load is not None  # a response member has no reader (_reads_one_of)
    return _field_faults(field.load, value, budget)


def _reads_card_list(compiler: _Compiler, field: CardList) -> list[str]:
    return [*compiler.list_length(field), "x = [CARDS.get(c) if type(c) is str else None for c in x]", "if None in x:",
            "    raise Refused"]


def _reads_list(compiler: _Compiler, field: List) -> list[str]:
    return [*compiler.list_length(field), f"x = [{compiler.item(field.inner)}(i) for i in x]"]


def _list_faults(field: List, value: Any, budget: _Budget) -> Any:
    """A list's own length first (before any item, as ``List`` reads it),
    then its items' faults by index, then the list's other validators."""
    if isinstance(value, list):
        try:
            field.refuse_overlong(value)
        except ValidationError as error:
            return budget.spend(list(error.messages))
        errors: dict[int, Any] = {}
        for index, item in enumerate(value):
            if budget.truncated:
                break
            found = _field_faults(field.inner, item, budget)
            if found:
                errors[index] = found
        if errors:
            return errors
    return _value_faults(field, value, budget)


def _reads_nested(compiler: _Compiler, field: fields.Nested) -> list[str]:
    if getattr(field, "many", False):
        raise TypeError("Nested(many=True) has no reader: use List(Nested(...))")
    return [f"x = {compiler.schema(field.schema)}(x)"]


def _nested_faults(field: fields.Nested, value: Any, budget: _Budget) -> Any:
    if _reads(field.schema, value):
        return None
    return _object_faults(field.schema, value, budget) or None


def _reads_card(compiler: _Compiler, field: CardField) -> list[str]:
    return ["x = CARDS.get(x) if type(x) is str else None", "if x is None:", "    raise Refused"]


def _reads_int(compiler: _Compiler, field: Int) -> list[str]:
    return ["if type(x) is not int:", "    if type(x) is float and x.is_integer() and -E < x < E:", "        x = int(x)",
            "    else:", "        raise Refused"]


def _reads_bool(compiler: _Compiler, field: Bool) -> list[str]:
    return ["if type(x) is not bool:", "    raise Refused"]


def _reads_string(compiler: _Compiler, field: fields.String) -> list[str]:
    return ["if type(x) is not str:", "    raise Refused"]


KINDS: tuple[tuple[type[fields.Field[Any]], Kind], ...] = (
    (StateOrToken, Kind(_reads_state_or_token, _state_or_token_faults)),
    (OneOf, Kind(_reads_one_of, _one_of_faults)),
    (CardList, Kind(_reads_card_list, _value_faults)),
    (List, Kind(_reads_list, _list_faults)),
    (fields.Nested, Kind(_reads_nested, _nested_faults)),
    (CardField, Kind(_reads_card, _value_faults)),
    (Int, Kind(_reads_int, _value_faults)),
    (Bool, Kind(_reads_bool, _value_faults)),
    (fields.String, Kind(_reads_string, _value_faults)),
)
"""Every kind of field the referee's schemas use, the most specific first:
the one table both the compiled reader and the fault namer read, so a kind
is read and explained in one place. A field of no kind here stops the
compiler with a ``TypeError`` when its schema is first read."""


def kind_of(field: fields.Field[Any]) -> Kind:
    """The kind a field is read as (the first in :data:`KINDS` it is an instance of).

    Raises:
        TypeError: a field of no kind the reader knows.
    """
    for type_, kind in KINDS:
        if isinstance(field, type_):
            return kind
    raise TypeError(f"no reader for {type(field).__name__}: add its kind to KINDS beside its marshmallow field")
