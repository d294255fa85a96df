from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.fapfap_move import FapfapMove
    from ..models.fapfap_transcript_deal import FapfapTranscriptDeal


T = TypeVar("T", bound="FapfapHandTranscript")


@_attrs_define
class FapfapHandTranscript:
    """
    Attributes:
        deal (FapfapTranscriptDeal):
        moves (list[FapfapMove]): The moves, in order.
    """

    deal: FapfapTranscriptDeal
    moves: list[FapfapMove]

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
        from ..models.fapfap_move import FapfapMove  # noqa: PLC0415
        from ..models.fapfap_transcript_deal import FapfapTranscriptDeal  # noqa: PLC0415

        d = dict(src_dict)
        deal = FapfapTranscriptDeal.from_dict(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = FapfapMove.from_dict(moves_item_data)

            moves.append(moves_item)

        fapfap_hand_transcript = cls(
            deal=deal,
            moves=moves,
        )

        return fapfap_hand_transcript
