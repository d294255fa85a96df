from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AgramSealedViewRequest")


@_attrs_define
class AgramSealedViewRequest:
    """
    Attributes:
        token (str): Sealed mode: the hand's token, in place of its state.
        seat (int | Unset): The credential's seat, if given.
    """

    token: str
    seat: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        seat = d.pop("seat", UNSET)

        agram_sealed_view_request = cls(
            token=token,
            seat=seat,
        )

        return agram_sealed_view_request
