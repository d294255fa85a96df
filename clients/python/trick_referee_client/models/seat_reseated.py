from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.seat_reseated_type import SeatReseatedType

T = TypeVar("T", bound="SeatReseated")


@_attrs_define
class SeatReseated:
    """
    Attributes:
        seat (int): The seat given a new player.
        type_ (SeatReseatedType): What happened.
    """

    seat: int
    type_: SeatReseatedType

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        type_ = SeatReseatedType(d.pop("type"))

        seat_reseated = cls(
            seat=seat,
            type_=type_,
        )

        return seat_reseated
