from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.fapfap_move import FapfapMove
    from ..models.fapfap_state import FapfapState


T = TypeVar("T", bound="FapfapOpenPlayRequest")


@_attrs_define
class FapfapOpenPlayRequest:
    """
    Attributes:
        move (FapfapMove):
        state (FapfapState):
    """

    move: FapfapMove
    state: FapfapState

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
        from ..models.fapfap_move import FapfapMove  # noqa: PLC0415
        from ..models.fapfap_state import FapfapState  # noqa: PLC0415

        d = dict(src_dict)
        move = FapfapMove.from_dict(d.pop("move"))

        state = FapfapState.from_dict(d.pop("state"))

        fapfap_open_play_request = cls(
            move=move,
            state=state,
        )

        return fapfap_open_play_request
