"""marshmallow fields that put domain types at the edge and agree with the spec.

JSON Schema's ``integer`` accepts ``3.0`` and its ``boolean`` accepts only
``true``/``false``; marshmallow's stock fields disagree on both (they refuse
``3.0`` with ``strict=True`` and accept ``"3"``, ``1`` or ``"yes"`` without).
These fields accept exactly what the generated OpenAPI document describes.

Written for marshmallow 4.4.0 (:data:`WRITTEN_FOR`). What they reach of it
that is not public is :data:`TOUCHED`; ``tests/test_adapters.py`` fails
when an installed version moves it, or is not the version written for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from marshmallow import ValidationError, fields, validate

from ..cards import CARD_CODE_PATTERN, Card
from ..clock import RFC3339_PATTERN
from ..errors import echo

WRITTEN_FOR = "4.4.0"
"""The marshmallow version these fields were written for."""

TOUCHED: dict[str, tuple[str, ...]] = {"marshmallow.fields.Field": ("_bind_to_schema",)}
"""marshmallow's one internal reached: :class:`OneOf` binds the field it
loads with to its schema, as marshmallow's own containers bind theirs."""

EXACT_FLOAT = 2**53
"""From here on, a number written with a fraction or exponent may not be the
integer the client meant (it was rounded when the JSON was read)."""


class Int(fields.Integer):
    """An integer: a JSON integer or an integral number such as ``3.0``;
    booleans, strings, and numbers like ``1e17`` too large to be read exactly
    are refused. A number past the field's range is refused with the range's
    message, however it is written (the JSON reader gives an integer past
    64 bits, such as ``18446744073709551616``, as a float)."""

    default_error_messages = {
        "inexact": "Number too large to read exactly: {input}. Integers here are plain JSON integers within the field's range."
    }

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.make_error("invalid", input=value)
        if isinstance(value, float):
            if not value.is_integer():
                raise self.make_error("invalid", input=value)
            if abs(value) >= EXACT_FLOAT:
                for validator in self.validators:
                    if isinstance(validator, validate.Range):
                        validator(value)  # past the field's range: the range's own message, as for an exact integer
                raise self.make_error("inexact", input=echo(value))
        return int(value)


class Bool(fields.Boolean):
    """A JSON boolean: only ``true`` or ``false``."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


NOT_A_CARD = "Not a card code: {input}. Codes are rank then suit, e.g. 10S, AH, 7V, or W."
"""Its ``input`` is the value as ``service.errors.echo`` quotes it."""


class CardField(fields.Field[Card]):
    """A card code (RULINGS C3) loaded as a ``Card``; only canonical codes.

    Whether the card belongs to the game's deck is a rules question, answered
    with ``invalid_state`` (409), not here.
    """

    default_error_messages = {"invalid": "Not a valid string.", "card": NOT_A_CARD}

    def __init__(self, *, codes: Sequence[str] | None = None, component: str | None = None, **kwargs: Any) -> None:
        """``codes``: the game's card codes, which the spec lists as an enum
        (the component ``component``): a canonical code of another game's
        deck still loads, and the rules refuse it with a 409, as the contract
        says. Without them, the spec gives the pattern of every canonical code."""
        shape: dict[str, Any] = {"pattern": CARD_CODE_PATTERN, "example": "10S"}
        if codes is not None:
            shape = {"enum": list(codes), "component": component}
        super().__init__(metadata={**shape, **kwargs.pop("metadata", {})}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Card:
        if not isinstance(value, str):
            raise self.make_error("invalid")
        try:
            return Card.parse(value)
        except ValueError:
            raise self.make_error("card", input=echo(value)) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else str(value)


def seat(description: str, *, maximum: int, **kwargs: Any) -> Int:
    """A seat number field, ``0 .. maximum`` (RULINGS C1)."""
    return Int(validate=validate.Range(min=0, max=maximum), metadata={"description": description}, **kwargs)


SEED_TEXT = r"0|[1-9][0-9]{0,19}"
"""A seed written in decimal (``seed_text``): at most 20 digits, no leading zero."""


def seed_text_field(description: str, **kwargs: Any) -> fields.String:
    """A seed as a decimal string, shown beside its integer so that a client
    whose numbers are doubles reads it exactly (CONTRACT: Seeds in JavaScript)."""
    return fields.String(validate=validate.Regexp(
        f"^(?:{SEED_TEXT})$", error="A seed written in decimal: 0, or up to 20 digits with no leading zero."),
                         metadata={"description": description}, **kwargs)


def referee_time_field(description: str, **kwargs: Any) -> fields.String:
    """A time the referee wrote (``clock.rfc3339``: RFC 3339, UTC, with
    milliseconds), which a signed state's signature covers byte for byte.
    The spec gives its spelling as a ``pattern``, not ``format: date-time``:
    a client's generator turns a date-time into its language's time value
    and writes it back in another spelling, which breaks the signature."""
    return fields.String(validate=validate.Regexp(
        f"^{RFC3339_PATTERN}$", error="A time as the referee writes it: 2026-12-03T21:09:45.123Z (RFC 3339, UTC, milliseconds)."),
                         metadata={"description": description}, **kwargs)


def players(game: Any, required: bool = True) -> Int:
    """The player count of ``game``, refused outside its range with a message naming it (F8)."""
    span = f"{game.min_players} to {game.max_players}"
    return Int(
        required=required,
        validate=validate.Range(min=game.min_players, max=game.max_players, error=f"{game.name} is played by {span} players (RULINGS F8)."),
        metadata={"description": f"Number of seats: {span} (RULINGS F8)."},
    )


class List(fields.List):  # type: ignore[type-arg]
    """marshmallow's ``List``, refusing a list longer than its ``Length``
    validator allows before reading a single item, with the validator's own
    message: a hostile body of a million items costs one comparison, not a
    million item errors."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        self.refuse_overlong(value)
        return super()._deserialize(value, attr, data, **kwargs)

    def refuse_overlong(self, value: Any) -> None:
        """Run the ``Length`` validators on a list, before its items are read.

        Raises:
            ValidationError: the list is longer than the field's maximum.
        """
        if isinstance(value, list):
            for validator in self.validators:
                if isinstance(validator, validate.Length) and (validator.max is not None or validator.equal is not None):
                    validator(value)


class CardList(List):
    """A list of card codes loaded as ``Card`` values in one pass.

    The same contract as ``List(CardField())`` (and the same OpenAPI), without
    marshmallow's per-item field machinery: states carry hundreds of cards.
    """

    def __init__(self, *, codes: Sequence[str] | None = None, component: str | None = None, **kwargs: Any) -> None:
        super().__init__(CardField(codes=codes, component=component), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise self.make_error("invalid")
        self.refuse_overlong(value)
        parse = Card.parse
        loaded: list[Card] = []
        errors: dict[int, list[str]] = {}
        for index, code in enumerate(value):
            try:
                loaded.append(parse(code))
            except ValueError:
                errors[index] = [NOT_A_CARD.format(input=echo(code))]
        if errors:
            raise ValidationError(errors, valid_data=loaded)
        return loaded


@dataclass(frozen=True)
class Deck:
    """One game's card fields: its codes, written in the spec as one enum
    component (``AgramCard``, ``AgencyCard``...)."""

    codes: tuple[str, ...]
    component: str

    def card(self, **kwargs: Any) -> CardField:
        """A card code field."""
        return CardField(codes=self.codes, component=self.component, **kwargs)

    def cards(self, description: str, *, max_items: int, min_items: int = 0, **kwargs: Any) -> CardList:
        """A list of card codes with bounded length."""
        return CardList(codes=self.codes, component=self.component, validate=validate.Length(min=min_items, max=max_items),
                        metadata={"description": description}, **kwargs)


class StateOrToken(fields.Nested):
    """A hand as a state object (loaded by the nested state schema) or, in
    sealed mode, the token the referee returned for it (kept as a string;
    ``service.api.holding`` opens it). The spec says ``oneOf`` the two."""

    default_error_messages = {"token": "A token is a string of at most {max} characters."}

    def __init__(self, schema: Any, *, max_token: int, **kwargs: Any) -> None:
        super().__init__(schema, **kwargs)
        self.max_token = max_token

    def _deserialize(self, value: Any, attr: str | None, data: Any, partial: Any = None, **kwargs: Any) -> Any:
        if isinstance(value, str):
            if len(value) > self.max_token:
                raise self.make_error("token", max=self.max_token)
            return value
        return super()._deserialize(value, attr, data, partial=partial, **kwargs)


class OneOf(fields.Field):  # type: ignore[type-arg]
    """A member that is one of several shapes: the spec says ``oneOf`` the
    ``choices`` (with a ``discriminator``: the member naming the shape, and
    each value's schema). A request member is loaded by ``load`` (a field
    that takes every choice); a response member is only documented (the
    view functions write their answers themselves)."""

    def __init__(self, *choices: fields.Field, load: fields.Field | None = None,  # type: ignore[type-arg]
                 discriminator: tuple[str, dict[str, type]] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices = choices
        self.load = load
        self.discriminator = discriminator

    def _bind_to_schema(self, field_name: str, parent: Any) -> None:
        super()._bind_to_schema(field_name, parent)
        if self.load is not None:
            self.load._bind_to_schema(field_name, parent)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if self.load is None:
            raise TypeError("a response member is not loaded")
        return self.load.deserialize(value, attr, data, **kwargs)
