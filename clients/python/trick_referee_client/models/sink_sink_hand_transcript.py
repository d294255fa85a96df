from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sink_sink_move import SinkSinkMove
    from ..models.sink_sink_transcript_deck_deal import SinkSinkTranscriptDeckDeal
    from ..models.sink_sink_transcript_hands_deal import SinkSinkTranscriptHandsDeal
    from ..models.sink_sink_transcript_random_deal import SinkSinkTranscriptRandomDeal
    from ..models.sink_sink_transcript_seed_deal import SinkSinkTranscriptSeedDeal


T = TypeVar("T", bound="SinkSinkHandTranscript")


@_attrs_define
class SinkSinkHandTranscript:
    """
    Attributes:
        deal (SinkSinkTranscriptDeckDeal | SinkSinkTranscriptHandsDeal | SinkSinkTranscriptRandomDeal |
            SinkSinkTranscriptSeedDeal): The deal: the hand before it is its previous hand.
        moves (list[SinkSinkMove]): The moves, in order.
    """

    deal: (
        SinkSinkTranscriptDeckDeal
        | SinkSinkTranscriptHandsDeal
        | SinkSinkTranscriptRandomDeal
        | SinkSinkTranscriptSeedDeal
    )
    moves: list[SinkSinkMove]

    def to_dict(self) -> dict[str, Any]:
        from ..models.sink_sink_transcript_deck_deal import SinkSinkTranscriptDeckDeal  # noqa: PLC0415
        from ..models.sink_sink_transcript_random_deal import SinkSinkTranscriptRandomDeal  # noqa: PLC0415
        from ..models.sink_sink_transcript_seed_deal import SinkSinkTranscriptSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, SinkSinkTranscriptRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SinkSinkTranscriptSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SinkSinkTranscriptDeckDeal):
            deal = self.deal.to_dict()
        else:
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
        from ..models.sink_sink_transcript_deck_deal import SinkSinkTranscriptDeckDeal  # noqa: PLC0415
        from ..models.sink_sink_transcript_hands_deal import SinkSinkTranscriptHandsDeal  # noqa: PLC0415
        from ..models.sink_sink_transcript_random_deal import SinkSinkTranscriptRandomDeal  # noqa: PLC0415
        from ..models.sink_sink_transcript_seed_deal import SinkSinkTranscriptSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            SinkSinkTranscriptDeckDeal
            | SinkSinkTranscriptHandsDeal
            | SinkSinkTranscriptRandomDeal
            | SinkSinkTranscriptSeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = SinkSinkTranscriptRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = SinkSinkTranscriptSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = SinkSinkTranscriptDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_3 = SinkSinkTranscriptHandsDeal.from_dict(data)

            return deal_type_3

        deal = _parse_deal(d.pop("deal"))

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
