from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.spar_move import SparMove
    from ..models.spar_transcript_deal import SparTranscriptDeal


T = TypeVar("T", bound="SparHandTranscript")


@_attrs_define
class SparHandTranscript:
    """
    Attributes:
        deal (SparTranscriptDeal):
        moves (list[SparMove]): The moves, in order.
    """

    deal: SparTranscriptDeal
    moves: list[SparMove]

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
        from ..models.spar_move import SparMove  # noqa: PLC0415
        from ..models.spar_transcript_deal import SparTranscriptDeal  # noqa: PLC0415

        d = dict(src_dict)
        deal = SparTranscriptDeal.from_dict(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = SparMove.from_dict(moves_item_data)

            moves.append(moves_item)

        spar_hand_transcript = cls(
            deal=deal,
            moves=moves,
        )

        return spar_hand_transcript
