from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agram_move import AgramMove
    from ..models.agram_transcript_deck_deal import AgramTranscriptDeckDeal
    from ..models.agram_transcript_hands_deal import AgramTranscriptHandsDeal
    from ..models.agram_transcript_random_deal import AgramTranscriptRandomDeal
    from ..models.agram_transcript_seed_deal import AgramTranscriptSeedDeal


T = TypeVar("T", bound="AgramHandTranscript")


@_attrs_define
class AgramHandTranscript:
    """
    Attributes:
        deal (AgramTranscriptDeckDeal | AgramTranscriptHandsDeal | AgramTranscriptRandomDeal | AgramTranscriptSeedDeal):
            The deal: the hand before it is its previous hand.
        moves (list[AgramMove]): The moves, in order.
    """

    deal: AgramTranscriptDeckDeal | AgramTranscriptHandsDeal | AgramTranscriptRandomDeal | AgramTranscriptSeedDeal
    moves: list[AgramMove]

    def to_dict(self) -> dict[str, Any]:
        from ..models.agram_transcript_deck_deal import AgramTranscriptDeckDeal  # noqa: PLC0415
        from ..models.agram_transcript_random_deal import AgramTranscriptRandomDeal  # noqa: PLC0415
        from ..models.agram_transcript_seed_deal import AgramTranscriptSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, AgramTranscriptRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramTranscriptSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramTranscriptDeckDeal):
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
        from ..models.agram_move import AgramMove  # noqa: PLC0415
        from ..models.agram_transcript_deck_deal import AgramTranscriptDeckDeal  # noqa: PLC0415
        from ..models.agram_transcript_hands_deal import AgramTranscriptHandsDeal  # noqa: PLC0415
        from ..models.agram_transcript_random_deal import AgramTranscriptRandomDeal  # noqa: PLC0415
        from ..models.agram_transcript_seed_deal import AgramTranscriptSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> AgramTranscriptDeckDeal | AgramTranscriptHandsDeal | AgramTranscriptRandomDeal | AgramTranscriptSeedDeal:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = AgramTranscriptRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = AgramTranscriptSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = AgramTranscriptDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_3 = AgramTranscriptHandsDeal.from_dict(data)

            return deal_type_3

        deal = _parse_deal(d.pop("deal"))

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
