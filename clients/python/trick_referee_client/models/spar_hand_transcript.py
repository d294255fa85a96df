from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.spar_move import SparMove
    from ..models.spar_transcript_deck_deal import SparTranscriptDeckDeal
    from ..models.spar_transcript_hands_deal import SparTranscriptHandsDeal
    from ..models.spar_transcript_random_deal import SparTranscriptRandomDeal
    from ..models.spar_transcript_seed_deal import SparTranscriptSeedDeal


T = TypeVar("T", bound="SparHandTranscript")


@_attrs_define
class SparHandTranscript:
    """
    Attributes:
        deal (SparTranscriptDeckDeal | SparTranscriptHandsDeal | SparTranscriptRandomDeal | SparTranscriptSeedDeal): The
            deal: the hand before it is its previous hand.
        moves (list[SparMove]): The moves, in order.
    """

    deal: SparTranscriptDeckDeal | SparTranscriptHandsDeal | SparTranscriptRandomDeal | SparTranscriptSeedDeal
    moves: list[SparMove]

    def to_dict(self) -> dict[str, Any]:
        from ..models.spar_transcript_deck_deal import SparTranscriptDeckDeal  # noqa: PLC0415
        from ..models.spar_transcript_random_deal import SparTranscriptRandomDeal  # noqa: PLC0415
        from ..models.spar_transcript_seed_deal import SparTranscriptSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, SparTranscriptRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SparTranscriptSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SparTranscriptDeckDeal):
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
        from ..models.spar_move import SparMove  # noqa: PLC0415
        from ..models.spar_transcript_deck_deal import SparTranscriptDeckDeal  # noqa: PLC0415
        from ..models.spar_transcript_hands_deal import SparTranscriptHandsDeal  # noqa: PLC0415
        from ..models.spar_transcript_random_deal import SparTranscriptRandomDeal  # noqa: PLC0415
        from ..models.spar_transcript_seed_deal import SparTranscriptSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> SparTranscriptDeckDeal | SparTranscriptHandsDeal | SparTranscriptRandomDeal | SparTranscriptSeedDeal:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = SparTranscriptRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = SparTranscriptSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = SparTranscriptDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_3 = SparTranscriptHandsDeal.from_dict(data)

            return deal_type_3

        deal = _parse_deal(d.pop("deal"))

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
