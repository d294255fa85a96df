from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.fapfap_move import FapfapMove
    from ..models.fapfap_transcript_deck_deal import FapfapTranscriptDeckDeal
    from ..models.fapfap_transcript_hands_deal import FapfapTranscriptHandsDeal
    from ..models.fapfap_transcript_random_deal import FapfapTranscriptRandomDeal
    from ..models.fapfap_transcript_seed_deal import FapfapTranscriptSeedDeal


T = TypeVar("T", bound="FapfapHandTranscript")


@_attrs_define
class FapfapHandTranscript:
    """
    Attributes:
        deal (FapfapTranscriptDeckDeal | FapfapTranscriptHandsDeal | FapfapTranscriptRandomDeal |
            FapfapTranscriptSeedDeal): The deal: the hand before it is its previous hand.
        moves (list[FapfapMove]): The moves, in order.
    """

    deal: FapfapTranscriptDeckDeal | FapfapTranscriptHandsDeal | FapfapTranscriptRandomDeal | FapfapTranscriptSeedDeal
    moves: list[FapfapMove]

    def to_dict(self) -> dict[str, Any]:
        from ..models.fapfap_transcript_deck_deal import FapfapTranscriptDeckDeal  # noqa: PLC0415
        from ..models.fapfap_transcript_random_deal import FapfapTranscriptRandomDeal  # noqa: PLC0415
        from ..models.fapfap_transcript_seed_deal import FapfapTranscriptSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, FapfapTranscriptRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, FapfapTranscriptSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, FapfapTranscriptDeckDeal):
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
        from ..models.fapfap_move import FapfapMove  # noqa: PLC0415
        from ..models.fapfap_transcript_deck_deal import FapfapTranscriptDeckDeal  # noqa: PLC0415
        from ..models.fapfap_transcript_hands_deal import FapfapTranscriptHandsDeal  # noqa: PLC0415
        from ..models.fapfap_transcript_random_deal import FapfapTranscriptRandomDeal  # noqa: PLC0415
        from ..models.fapfap_transcript_seed_deal import FapfapTranscriptSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            FapfapTranscriptDeckDeal | FapfapTranscriptHandsDeal | FapfapTranscriptRandomDeal | FapfapTranscriptSeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = FapfapTranscriptRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = FapfapTranscriptSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = FapfapTranscriptDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_3 = FapfapTranscriptHandsDeal.from_dict(data)

            return deal_type_3

        deal = _parse_deal(d.pop("deal"))

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
