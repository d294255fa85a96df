from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agram_move import AgramMove
    from ..models.agram_transcript_deal import AgramTranscriptDeal


T = TypeVar("T", bound="AgramHandTranscript")


@_attrs_define
class AgramHandTranscript:
    """
    Attributes:
        deal (AgramTranscriptDeal):
        moves (list[AgramMove]): The moves, in order.
    """

    deal: AgramTranscriptDeal
    moves: list[AgramMove]

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal.to_dict()

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agram_move import AgramMove  # noqa: PLC0415
        from ..models.agram_transcript_deal import AgramTranscriptDeal  # noqa: PLC0415

        d = dict(src_dict)
        deal = AgramTranscriptDeal.from_dict(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AgramMove.from_dict(moves_item_data)

            moves.append(moves_item)

        agram_hand_transcript = cls(
            deal=deal,
            moves=moves,
        )

        return agram_hand_transcript
