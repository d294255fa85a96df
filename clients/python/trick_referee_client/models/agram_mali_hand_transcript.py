from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agram_mali_move import AgramMaliMove
    from ..models.agram_mali_transcript_deal import AgramMaliTranscriptDeal


T = TypeVar("T", bound="AgramMaliHandTranscript")


@_attrs_define
class AgramMaliHandTranscript:
    """
    Attributes:
        deal (AgramMaliTranscriptDeal):
        moves (list[AgramMaliMove]): The moves, in order.
    """

    deal: AgramMaliTranscriptDeal
    moves: list[AgramMaliMove]

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
        from ..models.agram_mali_move import AgramMaliMove  # noqa: PLC0415
        from ..models.agram_mali_transcript_deal import AgramMaliTranscriptDeal  # noqa: PLC0415

        d = dict(src_dict)
        deal = AgramMaliTranscriptDeal.from_dict(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AgramMaliMove.from_dict(moves_item_data)

            moves.append(moves_item)

        agram_mali_hand_transcript = cls(
            deal=deal,
            moves=moves,
        )

        return agram_mali_hand_transcript
