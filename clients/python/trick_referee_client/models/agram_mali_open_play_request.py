from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agram_mali_move import AgramMaliMove
    from ..models.agram_mali_state import AgramMaliState


T = TypeVar("T", bound="AgramMaliOpenPlayRequest")


@_attrs_define
class AgramMaliOpenPlayRequest:
    """
    Attributes:
        move (AgramMaliMove):
        state (AgramMaliState):
    """

    move: AgramMaliMove
    state: AgramMaliState

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
        from ..models.agram_mali_move import AgramMaliMove  # noqa: PLC0415
        from ..models.agram_mali_state import AgramMaliState  # noqa: PLC0415

        d = dict(src_dict)
        move = AgramMaliMove.from_dict(d.pop("move"))

        state = AgramMaliState.from_dict(d.pop("state"))

        agram_mali_open_play_request = cls(
            move=move,
            state=state,
        )

        return agram_mali_open_play_request
