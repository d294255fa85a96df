"""The one reader of request bodies: JSON (already decoded) into the core's values.

marshmallow is the single source of the shapes: its schemas generate the
spec and name every fault in a 422. Running marshmallow on every body costs
more than the rest of a request, so each schema is also *compiled* here, once,
into plain functions that read exactly what the schema accepts and build the
same values (``Play``, ``Trick``, ``RawState``...), through the schema's own
hooks (``BoundedSchema.pre_read``, ``checks`` and ``build``). A compiled
reader does not explain a refusal: at the first thing it does not accept it
stops, and :func:`read` lets the schema itself load the body, so every
message is marshmallow's.

So adding a kind of body means writing its marshmallow schema; its reader
follows. ``tests/test_reading.py`` checks, on bodies generated from the spec,
that the reader and marshmallow agree on what they accept and on the value
read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import Schema, ValidationError, fields, missing, validate

from ..cards import Card
from .family import MAX_UNKNOWN_FIELDS
from .fields import EXACT_FLOAT, Bool, CardField, CardList, Int, List, OneOf, StateOrToken

Reader = Callable[[Any], Any]
"""Reads one JSON value: returns what the schema or field loads it as, or raises ``Refused``."""


class Refused(Exception):
    """The compiled reader does not accept a value; marshmallow says why."""


REFUSED = Refused()


class ReaderDisagrees(AssertionError):
    """A compiled reader refused what its schema accepts: a bug in this module."""


def read(schema: Schema, body: Any) -> Any:
    """``body`` loaded as ``schema`` loads it, by its compiled reader.

    Raises:
        ValidationError: the body does not match the schema (marshmallow's
            own messages, from ``schema.load``).
        RefereeError: raised by a schema's hook (``unsupported_version``).
        ReaderDisagrees: the reader refused a body the schema accepts.
    """
    try:
        return reader_of(schema)(body)
    except Refused:
        pass
    schema.load(body)
    raise ReaderDisagrees(f"the compiled reader of {type(schema).__name__} refused a body its schema accepts")


_READERS: dict[int, tuple[Schema, Reader]] = {}


def reader_of(schema: Schema) -> Reader:
    """The compiled reader of a schema instance (compiled once per instance)."""
    known = _READERS.get(id(schema))
    if known is None or known[0] is not schema:
        known = _READERS[id(schema)] = (schema, _schema_reader(schema))
    return known[1]


# -- schemas ----------------------------------------------------------------------


def _schema_reader(schema: Schema) -> Reader:
    """A schema's reader: its known members only, each by its field's reader
    in the schema's order, defaults filled, then its checks and its build."""
    members = []
    for name, field in schema.load_fields.items():
        key = field.data_key or name
        members.append((field.attribute or name, key, _field_reader(field), field.required, field.load_default))
    known = frozenset(key for _, key, _, _, _ in members)
    most = len(known) + MAX_UNKNOWN_FIELDS  # beyond it, marshmallow refuses before any hook
    pre_read = getattr(schema, "pre_read", None)
    checks = getattr(schema, "checks", None)
    build = getattr(schema, "build", None)

    def read_object(value: Any) -> Any:
        if type(value) is not dict or len(value) > most:
            raise REFUSED
        if pre_read is not None:
            pre_read(value)
        if not value.keys() <= known:
            raise REFUSED
        out: dict[str, Any] = {}
        for name, key, reader, required, default in members:
            if key in value:
                out[name] = reader(value[key])
            elif required:
                raise REFUSED
            elif default is not missing:
                out[name] = default() if callable(default) else default
        if checks is not None:
            try:
                checks(out)
            except ValidationError:
                raise REFUSED from None
        return out if build is None else build(out)

    return read_object


# -- fields -----------------------------------------------------------------------


def _field_reader(field: fields.Field[Any]) -> Reader:
    """A field's reader: ``null`` where the field allows it, then its type, then its validators."""
    reader = _typed_reader(field)
    check = _validators(field)
    if check is not None:
        typed = reader

        def reader(value: Any) -> Any:
            out = typed(value)
            check(out)
            return out

    if field.allow_none:
        inner = reader

        def reader(value: Any) -> Any:
            return None if value is None else inner(value)

    return reader


def _typed_reader(field: fields.Field[Any]) -> Reader:
    if isinstance(field, StateOrToken):
        state = _nested(field)
        most = field.max_token

        def state_or_token(value: Any) -> Any:
            if type(value) is str:
                if len(value) > most:
                    raise REFUSED
                return value
            return state(value)

        return state_or_token
    if isinstance(field, OneOf):
        if field.load is None:
            raise TypeError("a response member is not read")
        return _field_reader(field.load)
    if isinstance(field, CardList):
        return _list(_card, field)
    if isinstance(field, List):
        return _list(_field_reader(field.inner), field)
    if isinstance(field, fields.Nested):
        return _nested(field)
    if isinstance(field, CardField):
        return _card
    if isinstance(field, Int):
        return _int
    if isinstance(field, Bool):
        return _bool
    if isinstance(field, fields.String):
        return _string
    raise TypeError(f"no reader for {type(field).__name__}: add one beside its marshmallow field")


def _nested(field: fields.Nested) -> Reader:
    schema = field.schema
    if getattr(field, "many", False):
        raise TypeError("Nested(many=True) has no reader: use List(Nested(...))")
    return reader_of(schema)


def _list(item: Reader, field: List) -> Reader:
    lengths = [(v.min, v.max, v.equal) for v in field.validators if isinstance(v, validate.Length)]

    def read_list(value: Any) -> list[Any]:
        if type(value) is not list:
            raise REFUSED
        size = len(value)
        for low, high, equal in lengths:
            if (equal is not None and size != equal) or (low is not None and size < low) or (high is not None and size > high):
                raise REFUSED
        return [item(entry) for entry in value]

    return read_list


def _card(value: Any) -> Card:
    try:
        return Card.parse(value)
    except ValueError:
        raise REFUSED from None


def _int(value: Any) -> int:
    kind = type(value)
    if kind is int:
        return value  # type: ignore[no-any-return]
    if kind is float and value.is_integer() and abs(value) < EXACT_FLOAT:
        return int(value)
    raise REFUSED


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise REFUSED
    return value


def _string(value: Any) -> str:
    if type(value) is not str:
        raise REFUSED
    return value


def _validators(field: fields.Field[Any]) -> Callable[[Any], None] | None:
    """One check for every validator of a field (lists check their lengths
    before their items, in ``_list``)."""
    checks: list[Callable[[Any], bool]] = []
    for validator in field.validators:
        if isinstance(validator, validate.Range):
            checks.append(_in_range(validator))
        elif isinstance(validator, validate.Length):
            if not isinstance(field, List):
                checks.append(_of_length(validator))
        elif isinstance(validator, validate.OneOf):
            choices = frozenset(validator.choices)
            checks.append(lambda value, choices=choices: value in choices)  # type: ignore[misc]
        else:
            raise TypeError(f"no reader for the validator {type(validator).__name__}")
    if not checks:
        return None

    def check(value: Any) -> None:
        for ok in checks:
            if not ok(value):
                raise REFUSED

    return check


def _in_range(validator: validate.Range) -> Callable[[Any], bool]:
    low, high = validator.min, validator.max
    low_in, high_in = validator.min_inclusive, validator.max_inclusive

    def ok(value: Any) -> bool:
        if low is not None and (value < low if low_in else value <= low):
            return False
        return not (high is not None and (value > high if high_in else value >= high))

    return ok


def _of_length(validator: validate.Length) -> Callable[[Any], bool]:
    low, high, equal = validator.min, validator.max, validator.equal

    def ok(value: Any) -> bool:
        size = len(value)
        if equal is not None:
            return size == equal
        return (low is None or size >= low) and (high is None or size <= high)

    return ok
