from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sink_sink_state import SinkSinkState


T = TypeVar("T", bound="SinkSinkOpenStateRequest")


@_attrs_define
class SinkSinkOpenStateRequest:
    """
    Attributes:
        state (SinkSinkState):
    """

    state: SinkSinkState

    def to_dict(self) -> dict[str, Any]:
        state = self.state.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sink_sink_state import SinkSinkState  # noqa: PLC0415

        d = dict(src_dict)
        state = SinkSinkState.from_dict(d.pop("state"))

        sink_sink_open_state_request = cls(
            state=state,
        )

        return sink_sink_open_state_request
