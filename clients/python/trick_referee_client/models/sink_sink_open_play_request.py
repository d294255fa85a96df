from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sink_sink_move import SinkSinkMove
    from ..models.sink_sink_state import SinkSinkState


T = TypeVar("T", bound="SinkSinkOpenPlayRequest")


@_attrs_define
class SinkSinkOpenPlayRequest:
    """
    Attributes:
        move (SinkSinkMove):
        state (SinkSinkState):
    """

    move: SinkSinkMove
    state: SinkSinkState

    def to_dict(self) -> dict[str, Any]:
        move = self.move.to_dict()

        state = self.state.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "move": move,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sink_sink_move import SinkSinkMove  # noqa: PLC0415
        from ..models.sink_sink_state import SinkSinkState  # noqa: PLC0415

        d = dict(src_dict)
        move = SinkSinkMove.from_dict(d.pop("move"))

        state = SinkSinkState.from_dict(d.pop("state"))

        sink_sink_open_play_request = cls(
            move=move,
            state=state,
        )

        return sink_sink_open_play_request
