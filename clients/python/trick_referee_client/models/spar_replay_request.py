from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.spar_deck_deal import SparDeckDeal
    from ..models.spar_hand_transcript import SparHandTranscript
    from ..models.spar_hands_deal import SparHandsDeal
    from ..models.spar_move import SparMove
    from ..models.spar_next_deck_deal import SparNextDeckDeal
    from ..models.spar_next_hands_deal import SparNextHandsDeal
    from ..models.spar_next_random_deal import SparNextRandomDeal
    from ..models.spar_next_seed_deal import SparNextSeedDeal
    from ..models.spar_random_deal import SparRandomDeal
    from ..models.spar_seed_deal import SparSeedDeal


T = TypeVar("T", bound="SparReplayRequest")


@_attrs_define
class SparReplayRequest:
    """
    Attributes:
        deal (SparDeckDeal | SparHandsDeal | SparNextDeckDeal | SparNextHandsDeal | SparNextRandomDeal |
            SparNextSeedDeal | SparRandomDeal | SparSeedDeal): The deal request of the first hand.
        moves (list[SparMove]): Its moves, in order.
        next_hands (list[SparHandTranscript] | Unset): Later hands of the match, each dealt after the hand before it.
    """

    deal: (
        SparDeckDeal
        | SparHandsDeal
        | SparNextDeckDeal
        | SparNextHandsDeal
        | SparNextRandomDeal
        | SparNextSeedDeal
        | SparRandomDeal
        | SparSeedDeal
    )
    moves: list[SparMove]
    next_hands: list[SparHandTranscript] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.spar_deck_deal import SparDeckDeal  # noqa: PLC0415
        from ..models.spar_hands_deal import SparHandsDeal  # noqa: PLC0415
        from ..models.spar_next_deck_deal import SparNextDeckDeal  # noqa: PLC0415
        from ..models.spar_next_random_deal import SparNextRandomDeal  # noqa: PLC0415
        from ..models.spar_next_seed_deal import SparNextSeedDeal  # noqa: PLC0415
        from ..models.spar_random_deal import SparRandomDeal  # noqa: PLC0415
        from ..models.spar_seed_deal import SparSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, SparRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SparSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SparDeckDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SparHandsDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SparNextRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SparNextSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SparNextDeckDeal):
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
        from ..models.spar_deck_deal import SparDeckDeal  # noqa: PLC0415
        from ..models.spar_hand_transcript import SparHandTranscript  # noqa: PLC0415
        from ..models.spar_hands_deal import SparHandsDeal  # noqa: PLC0415
        from ..models.spar_move import SparMove  # noqa: PLC0415
        from ..models.spar_next_deck_deal import SparNextDeckDeal  # noqa: PLC0415
        from ..models.spar_next_hands_deal import SparNextHandsDeal  # noqa: PLC0415
        from ..models.spar_next_random_deal import SparNextRandomDeal  # noqa: PLC0415
        from ..models.spar_next_seed_deal import SparNextSeedDeal  # noqa: PLC0415
        from ..models.spar_random_deal import SparRandomDeal  # noqa: PLC0415
        from ..models.spar_seed_deal import SparSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            SparDeckDeal
            | SparHandsDeal
            | SparNextDeckDeal
            | SparNextHandsDeal
            | SparNextRandomDeal
            | SparNextSeedDeal
            | SparRandomDeal
            | SparSeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = SparRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = SparSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = SparDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_3 = SparHandsDeal.from_dict(data)

                return deal_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_4 = SparNextRandomDeal.from_dict(data)

                return deal_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_5 = SparNextSeedDeal.from_dict(data)

                return deal_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_6 = SparNextDeckDeal.from_dict(data)

                return deal_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_7 = SparNextHandsDeal.from_dict(data)

            return deal_type_7

        deal = _parse_deal(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = SparMove.from_dict(moves_item_data)

            moves.append(moves_item)

        _next_hands = d.pop("next_hands", UNSET)
        next_hands: list[SparHandTranscript] | Unset = UNSET
        if _next_hands is not UNSET:
            next_hands = []
            for next_hands_item_data in _next_hands:
                next_hands_item = SparHandTranscript.from_dict(next_hands_item_data)

                next_hands.append(next_hands_item)

        spar_replay_request = cls(
            deal=deal,
            moves=moves,
            next_hands=next_hands,
        )

        return spar_replay_request
