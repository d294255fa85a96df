from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agency_state import AgencyState


T = TypeVar("T", bound="AgencyOpenViewRequest")


@_attrs_define
class AgencyOpenViewRequest:
    """
    Attributes:
        seat (int): The seat whose view is wanted.
        state (AgencyState):
    """

    seat: int
    state: AgencyState

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
        from ..models.agency_state import AgencyState  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        state = AgencyState.from_dict(d.pop("state"))

        agency_open_view_request = cls(
            seat=seat,
            state=state,
        )

        return agency_open_view_request
