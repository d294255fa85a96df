from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agency_move import AgencyMove
    from ..models.agency_state import AgencyState


T = TypeVar("T", bound="AgencyOpenPlayRequest")


@_attrs_define
class AgencyOpenPlayRequest:
    """
    Attributes:
        move (AgencyMove):
        state (AgencyState):
    """

    move: AgencyMove
    state: AgencyState

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
        from ..models.agency_move import AgencyMove  # noqa: PLC0415
        from ..models.agency_state import AgencyState  # noqa: PLC0415

        d = dict(src_dict)
        move = AgencyMove.from_dict(d.pop("move"))

        state = AgencyState.from_dict(d.pop("state"))

        agency_open_play_request = cls(
            move=move,
            state=state,
        )

        return agency_open_play_request
