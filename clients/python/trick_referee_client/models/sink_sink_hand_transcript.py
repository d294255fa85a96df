from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sink_sink_move import SinkSinkMove
    from ..models.sink_sink_transcript_deal import SinkSinkTranscriptDeal


T = TypeVar("T", bound="SinkSinkHandTranscript")


@_attrs_define
class SinkSinkHandTranscript:
    """
    Attributes:
        deal (SinkSinkTranscriptDeal):
        moves (list[SinkSinkMove]): The moves, in order.
    """

    deal: SinkSinkTranscriptDeal
    moves: list[SinkSinkMove]

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
        from ..models.sink_sink_move import SinkSinkMove  # noqa: PLC0415
        from ..models.sink_sink_transcript_deal import SinkSinkTranscriptDeal  # noqa: PLC0415

        d = dict(src_dict)
        deal = SinkSinkTranscriptDeal.from_dict(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = SinkSinkMove.from_dict(moves_item_data)

            moves.append(moves_item)

        sink_sink_hand_transcript = cls(
            deal=deal,
            moves=moves,
        )

        return sink_sink_hand_transcript
