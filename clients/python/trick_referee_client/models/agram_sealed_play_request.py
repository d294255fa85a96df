from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agram_move import AgramMove


T = TypeVar("T", bound="AgramSealedPlayRequest")


@_attrs_define
class AgramSealedPlayRequest:
    """
    Attributes:
        move (AgramMove):
        token (str): Sealed mode: the hand's token, in place of its state.
    """

    move: AgramMove
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
        from ..models.agram_move import AgramMove  # noqa: PLC0415

        d = dict(src_dict)
        move = AgramMove.from_dict(d.pop("move"))

        token = d.pop("token")

        agram_sealed_play_request = cls(
            move=move,
            token=token,
        )

        return agram_sealed_play_request
