from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agram_move import AgramMove
    from ..models.agram_state import AgramState


T = TypeVar("T", bound="AgramOpenPlayRequest")


@_attrs_define
class AgramOpenPlayRequest:
    """
    Attributes:
        move (AgramMove):
        state (AgramState):
    """

    move: AgramMove
    state: AgramState

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
        from ..models.agram_move import AgramMove  # noqa: PLC0415
        from ..models.agram_state import AgramState  # noqa: PLC0415

        d = dict(src_dict)
        move = AgramMove.from_dict(d.pop("move"))

        state = AgramState.from_dict(d.pop("state"))

        agram_open_play_request = cls(
            move=move,
            state=state,
        )

        return agram_open_play_request
