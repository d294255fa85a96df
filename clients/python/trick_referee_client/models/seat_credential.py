from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatCredential")


@_attrs_define
class SeatCredential:
    """
    Attributes:
        credential (str): Its credential: send it as `Authorization: Bearer <credential>`.
        seat (int): The seat.
    """

    credential: str
    seat: int

    def to_dict(self) -> dict[str, Any]:
        credential = self.credential

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "credential": credential,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        credential = d.pop("credential")

        seat = d.pop("seat")

        seat_credential = cls(
            credential=credential,
            seat=seat,
        )

        return seat_credential
