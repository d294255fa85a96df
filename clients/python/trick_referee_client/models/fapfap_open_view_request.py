from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.fapfap_state import FapfapState


T = TypeVar("T", bound="FapfapOpenViewRequest")


@_attrs_define
class FapfapOpenViewRequest:
    """
    Attributes:
        seat (int): The seat whose view is wanted.
        state (FapfapState):
    """

    seat: int
    state: FapfapState

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
        from ..models.fapfap_state import FapfapState  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        state = FapfapState.from_dict(d.pop("state"))

        fapfap_open_view_request = cls(
            seat=seat,
            state=state,
        )

        return fapfap_open_view_request
