from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agency_move import AgencyMove
    from ..models.agency_transcript_deck_deal import AgencyTranscriptDeckDeal
    from ..models.agency_transcript_hands_deal import AgencyTranscriptHandsDeal
    from ..models.agency_transcript_random_deal import AgencyTranscriptRandomDeal
    from ..models.agency_transcript_seed_deal import AgencyTranscriptSeedDeal


T = TypeVar("T", bound="AgencyHandTranscript")


@_attrs_define
class AgencyHandTranscript:
    """
    Attributes:
        deal (AgencyTranscriptDeckDeal | AgencyTranscriptHandsDeal | AgencyTranscriptRandomDeal |
            AgencyTranscriptSeedDeal): The deal: the hand before it is its previous hand.
        moves (list[AgencyMove]): The moves, in order.
    """

    deal: AgencyTranscriptDeckDeal | AgencyTranscriptHandsDeal | AgencyTranscriptRandomDeal | AgencyTranscriptSeedDeal
    moves: list[AgencyMove]

    def to_dict(self) -> dict[str, Any]:
        from ..models.agency_transcript_deck_deal import AgencyTranscriptDeckDeal  # noqa: PLC0415
        from ..models.agency_transcript_random_deal import AgencyTranscriptRandomDeal  # noqa: PLC0415
        from ..models.agency_transcript_seed_deal import AgencyTranscriptSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, AgencyTranscriptRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgencyTranscriptSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgencyTranscriptDeckDeal):
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
        from ..models.agency_move import AgencyMove  # noqa: PLC0415
        from ..models.agency_transcript_deck_deal import AgencyTranscriptDeckDeal  # noqa: PLC0415
        from ..models.agency_transcript_hands_deal import AgencyTranscriptHandsDeal  # noqa: PLC0415
        from ..models.agency_transcript_random_deal import AgencyTranscriptRandomDeal  # noqa: PLC0415
        from ..models.agency_transcript_seed_deal import AgencyTranscriptSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            AgencyTranscriptDeckDeal | AgencyTranscriptHandsDeal | AgencyTranscriptRandomDeal | AgencyTranscriptSeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = AgencyTranscriptRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = AgencyTranscriptSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = AgencyTranscriptDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_3 = AgencyTranscriptHandsDeal.from_dict(data)

            return deal_type_3

        deal = _parse_deal(d.pop("deal"))

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
