from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.spar_move import SparMove


T = TypeVar("T", bound="SparSealedPlayRequest")


@_attrs_define
class SparSealedPlayRequest:
    """
    Attributes:
        move (SparMove):
        token (str): Sealed mode: the hand's token, in place of its state.
    """

    move: SparMove
    token: str

    def to_dict(self) -> dict[str, Any]:
        move = self.move.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "move": move,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spar_move import SparMove  # noqa: PLC0415

        d = dict(src_dict)
        move = SparMove.from_dict(d.pop("move"))

        token = d.pop("token")

        spar_sealed_play_request = cls(
            move=move,
            token=token,
        )

        return spar_sealed_play_request
