from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agram_mali_move import AgramMaliMove
    from ..models.agram_mali_transcript_deck_deal import AgramMaliTranscriptDeckDeal
    from ..models.agram_mali_transcript_hands_deal import AgramMaliTranscriptHandsDeal
    from ..models.agram_mali_transcript_random_deal import AgramMaliTranscriptRandomDeal
    from ..models.agram_mali_transcript_seed_deal import AgramMaliTranscriptSeedDeal


T = TypeVar("T", bound="AgramMaliHandTranscript")


@_attrs_define
class AgramMaliHandTranscript:
    """
    Attributes:
        deal (AgramMaliTranscriptDeckDeal | AgramMaliTranscriptHandsDeal | AgramMaliTranscriptRandomDeal |
            AgramMaliTranscriptSeedDeal): The deal: the hand before it is its previous hand.
        moves (list[AgramMaliMove]): The moves, in order.
    """

    deal: (
        AgramMaliTranscriptDeckDeal
        | AgramMaliTranscriptHandsDeal
        | AgramMaliTranscriptRandomDeal
        | AgramMaliTranscriptSeedDeal
    )
    moves: list[AgramMaliMove]

    def to_dict(self) -> dict[str, Any]:
        from ..models.agram_mali_transcript_deck_deal import AgramMaliTranscriptDeckDeal  # noqa: PLC0415
        from ..models.agram_mali_transcript_random_deal import AgramMaliTranscriptRandomDeal  # noqa: PLC0415
        from ..models.agram_mali_transcript_seed_deal import AgramMaliTranscriptSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, AgramMaliTranscriptRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramMaliTranscriptSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramMaliTranscriptDeckDeal):
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
        from ..models.agram_mali_move import AgramMaliMove  # noqa: PLC0415
        from ..models.agram_mali_transcript_deck_deal import AgramMaliTranscriptDeckDeal  # noqa: PLC0415
        from ..models.agram_mali_transcript_hands_deal import AgramMaliTranscriptHandsDeal  # noqa: PLC0415
        from ..models.agram_mali_transcript_random_deal import AgramMaliTranscriptRandomDeal  # noqa: PLC0415
        from ..models.agram_mali_transcript_seed_deal import AgramMaliTranscriptSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            AgramMaliTranscriptDeckDeal
            | AgramMaliTranscriptHandsDeal
            | AgramMaliTranscriptRandomDeal
            | AgramMaliTranscriptSeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = AgramMaliTranscriptRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = AgramMaliTranscriptSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = AgramMaliTranscriptDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_3 = AgramMaliTranscriptHandsDeal.from_dict(data)

            return deal_type_3

        deal = _parse_deal(d.pop("deal"))

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
