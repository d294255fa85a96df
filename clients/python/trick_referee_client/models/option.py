from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Option")


@_attrs_define
class Option:
    """
    Attributes:
        default (bool | int | None): The value when a request does not set it (of the option's `type`, or null).
        description (str):
        name (str):
        type_ (str): `boolean` or `integer`.
        maximum (int | None | Unset):
        minimum (int | None | Unset):
        nullable (bool | Unset): Whether null (none) is accepted.
    """

    default: bool | int | None
    description: str
    name: str
    type_: str
    maximum: int | None | Unset = UNSET
    minimum: int | None | Unset = UNSET
    nullable: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        default: bool | int | None
        default = self.default

        description = self.description

        name = self.name

        type_ = self.type_

        maximum: int | None | Unset
        if isinstance(self.maximum, Unset):
            maximum = UNSET
        else:
            maximum = self.maximum

        minimum: int | None | Unset
        if isinstance(self.minimum, Unset):
            minimum = UNSET
        else:
            minimum = self.minimum

        nullable = self.nullable

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "default": default,
                "description": description,
                "name": name,
                "type": type_,
            }
        )
        if maximum is not UNSET:
            field_dict["maximum"] = maximum
        if minimum is not UNSET:
            field_dict["minimum"] = minimum
        if nullable is not UNSET:
            field_dict["nullable"] = nullable

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_default(data: object) -> bool | int | None:
            if data is None:
                return data
            return cast(bool | int | None, data)

        default = _parse_default(d.pop("default"))

        description = d.pop("description")

        name = d.pop("name")

        type_ = d.pop("type")

        def _parse_maximum(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        maximum = _parse_maximum(d.pop("maximum", UNSET))

        def _parse_minimum(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        minimum = _parse_minimum(d.pop("minimum", UNSET))

        nullable = d.pop("nullable", UNSET)

        option = cls(
            default=default,
            description=description,
            name=name,
            type_=type_,
            maximum=maximum,
            minimum=minimum,
            nullable=nullable,
        )

        return option
