from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DealClock")


@_attrs_define
class DealClock:
    """
    Attributes:
        move_seconds (int): How long each move may take, in seconds (1 to 86,400).
    """

    move_seconds: int

    def to_dict(self) -> dict[str, Any]:
        move_seconds = self.move_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "move_seconds": move_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        move_seconds = d.pop("move_seconds")

        deal_clock = cls(
            move_seconds=move_seconds,
        )

        return deal_clock
