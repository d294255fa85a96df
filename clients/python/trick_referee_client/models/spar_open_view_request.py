from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.spar_state import SparState


T = TypeVar("T", bound="SparOpenViewRequest")


@_attrs_define
class SparOpenViewRequest:
    """
    Attributes:
        seat (int): The seat whose view is wanted.
        state (SparState):
    """

    seat: int
    state: SparState

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        state = self.state.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spar_state import SparState  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        state = SparState.from_dict(d.pop("state"))

        spar_open_view_request = cls(
            seat=seat,
            state=state,
        )

        return spar_open_view_request
