from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agency_move import AgencyMove
    from ..models.agency_transcript_deal import AgencyTranscriptDeal


T = TypeVar("T", bound="AgencyHandTranscript")


@_attrs_define
class AgencyHandTranscript:
    """
    Attributes:
        deal (AgencyTranscriptDeal):
        moves (list[AgencyMove]): The moves, in order.
    """

    deal: AgencyTranscriptDeal
    moves: list[AgencyMove]

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
        from ..models.agency_move import AgencyMove  # noqa: PLC0415
        from ..models.agency_transcript_deal import AgencyTranscriptDeal  # noqa: PLC0415

        d = dict(src_dict)
        deal = AgencyTranscriptDeal.from_dict(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AgencyMove.from_dict(moves_item_data)

            moves.append(moves_item)

        agency_hand_transcript = cls(
            deal=deal,
            moves=moves,
        )

        return agency_hand_transcript
