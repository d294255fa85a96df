from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AgramOptions")


@_attrs_define
class AgramOptions:
    """
    Attributes:
        target (int | Unset): Hands won to win the match (RULINGS F7). Default: 5.
    """

    target: int | Unset = 5

    def to_dict(self) -> dict[str, Any]:
        target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target = d.pop("target", UNSET)

        agram_options = cls(
            target=target,
        )

        return agram_options
