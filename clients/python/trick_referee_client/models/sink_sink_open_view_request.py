from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sink_sink_state import SinkSinkState


T = TypeVar("T", bound="SinkSinkOpenViewRequest")


@_attrs_define
class SinkSinkOpenViewRequest:
    """
    Attributes:
        seat (int): The seat whose view is wanted.
        state (SinkSinkState):
    """

    seat: int
    state: SinkSinkState

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
        from ..models.sink_sink_state import SinkSinkState  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        state = SinkSinkState.from_dict(d.pop("state"))

        sink_sink_open_view_request = cls(
            seat=seat,
            state=state,
        )

        return sink_sink_open_view_request
