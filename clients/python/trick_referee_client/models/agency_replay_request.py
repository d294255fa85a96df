from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_deck_deal import AgencyDeckDeal
    from ..models.agency_hand_transcript import AgencyHandTranscript
    from ..models.agency_hands_deal import AgencyHandsDeal
    from ..models.agency_move import AgencyMove
    from ..models.agency_next_deck_deal import AgencyNextDeckDeal
    from ..models.agency_next_hands_deal import AgencyNextHandsDeal
    from ..models.agency_next_random_deal import AgencyNextRandomDeal
    from ..models.agency_next_seed_deal import AgencyNextSeedDeal
    from ..models.agency_random_deal import AgencyRandomDeal
    from ..models.agency_seed_deal import AgencySeedDeal


T = TypeVar("T", bound="AgencyReplayRequest")


@_attrs_define
class AgencyReplayRequest:
    """
    Attributes:
        deal (AgencyDeckDeal | AgencyHandsDeal | AgencyNextDeckDeal | AgencyNextHandsDeal | AgencyNextRandomDeal |
            AgencyNextSeedDeal | AgencyRandomDeal | AgencySeedDeal): The deal request of the first hand.
        moves (list[AgencyMove]): Its moves, in order.
        next_hands (list[AgencyHandTranscript] | Unset): Later hands of the match, each dealt after the hand before it.
    """

    deal: (
        AgencyDeckDeal
        | AgencyHandsDeal
        | AgencyNextDeckDeal
        | AgencyNextHandsDeal
        | AgencyNextRandomDeal
        | AgencyNextSeedDeal
        | AgencyRandomDeal
        | AgencySeedDeal
    )
    moves: list[AgencyMove]
    next_hands: list[AgencyHandTranscript] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agency_deck_deal import AgencyDeckDeal  # noqa: PLC0415
        from ..models.agency_hands_deal import AgencyHandsDeal  # noqa: PLC0415
        from ..models.agency_next_deck_deal import AgencyNextDeckDeal  # noqa: PLC0415
        from ..models.agency_next_random_deal import AgencyNextRandomDeal  # noqa: PLC0415
        from ..models.agency_next_seed_deal import AgencyNextSeedDeal  # noqa: PLC0415
        from ..models.agency_random_deal import AgencyRandomDeal  # noqa: PLC0415
        from ..models.agency_seed_deal import AgencySeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, AgencyRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgencySeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgencyDeckDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgencyHandsDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgencyNextRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgencyNextSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgencyNextDeckDeal):
            deal = self.deal.to_dict()
        else:
            deal = self.deal.to_dict()

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        next_hands: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.next_hands, Unset):
            next_hands = []
            for next_hands_item_data in self.next_hands:
                next_hands_item = next_hands_item_data.to_dict()
                next_hands.append(next_hands_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "moves": moves,
            }
        )
        if next_hands is not UNSET:
            field_dict["next_hands"] = next_hands

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_deck_deal import AgencyDeckDeal  # noqa: PLC0415
        from ..models.agency_hand_transcript import AgencyHandTranscript  # noqa: PLC0415
        from ..models.agency_hands_deal import AgencyHandsDeal  # noqa: PLC0415
        from ..models.agency_move import AgencyMove  # noqa: PLC0415
        from ..models.agency_next_deck_deal import AgencyNextDeckDeal  # noqa: PLC0415
        from ..models.agency_next_hands_deal import AgencyNextHandsDeal  # noqa: PLC0415
        from ..models.agency_next_random_deal import AgencyNextRandomDeal  # noqa: PLC0415
        from ..models.agency_next_seed_deal import AgencyNextSeedDeal  # noqa: PLC0415
        from ..models.agency_random_deal import AgencyRandomDeal  # noqa: PLC0415
        from ..models.agency_seed_deal import AgencySeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            AgencyDeckDeal
            | AgencyHandsDeal
            | AgencyNextDeckDeal
            | AgencyNextHandsDeal
            | AgencyNextRandomDeal
            | AgencyNextSeedDeal
            | AgencyRandomDeal
            | AgencySeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = AgencyRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = AgencySeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = AgencyDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_3 = AgencyHandsDeal.from_dict(data)

                return deal_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_4 = AgencyNextRandomDeal.from_dict(data)

                return deal_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_5 = AgencyNextSeedDeal.from_dict(data)

                return deal_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_6 = AgencyNextDeckDeal.from_dict(data)

                return deal_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_7 = AgencyNextHandsDeal.from_dict(data)

            return deal_type_7

        deal = _parse_deal(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AgencyMove.from_dict(moves_item_data)

            moves.append(moves_item)

        _next_hands = d.pop("next_hands", UNSET)
        next_hands: list[AgencyHandTranscript] | Unset = UNSET
        if _next_hands is not UNSET:
            next_hands = []
            for next_hands_item_data in _next_hands:
                next_hands_item = AgencyHandTranscript.from_dict(next_hands_item_data)

                next_hands.append(next_hands_item)

        agency_replay_request = cls(
            deal=deal,
            moves=moves,
            next_hands=next_hands,
        )

        return agency_replay_request
