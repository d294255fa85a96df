from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.spar_move import SparMove
    from ..models.spar_state import SparState


T = TypeVar("T", bound="SparOpenPlayRequest")


@_attrs_define
class SparOpenPlayRequest:
    """
    Attributes:
        move (SparMove):
        state (SparState):
    """

    move: SparMove
    state: SparState

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
        from ..models.spar_move import SparMove  # noqa: PLC0415
        from ..models.spar_state import SparState  # noqa: PLC0415

        d = dict(src_dict)
        move = SparMove.from_dict(d.pop("move"))

        state = SparState.from_dict(d.pop("state"))

        spar_open_play_request = cls(
            move=move,
            state=state,
        )

        return spar_open_play_request
