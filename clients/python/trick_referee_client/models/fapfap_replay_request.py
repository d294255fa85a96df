from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fapfap_deck_deal import FapfapDeckDeal
    from ..models.fapfap_hand_transcript import FapfapHandTranscript
    from ..models.fapfap_hands_deal import FapfapHandsDeal
    from ..models.fapfap_move import FapfapMove
    from ..models.fapfap_next_deck_deal import FapfapNextDeckDeal
    from ..models.fapfap_next_hands_deal import FapfapNextHandsDeal
    from ..models.fapfap_next_random_deal import FapfapNextRandomDeal
    from ..models.fapfap_next_seed_deal import FapfapNextSeedDeal
    from ..models.fapfap_random_deal import FapfapRandomDeal
    from ..models.fapfap_seed_deal import FapfapSeedDeal


T = TypeVar("T", bound="FapfapReplayRequest")


@_attrs_define
class FapfapReplayRequest:
    """
    Attributes:
        deal (FapfapDeckDeal | FapfapHandsDeal | FapfapNextDeckDeal | FapfapNextHandsDeal | FapfapNextRandomDeal |
            FapfapNextSeedDeal | FapfapRandomDeal | FapfapSeedDeal): The deal request of the first hand.
        moves (list[FapfapMove]): Its moves, in order.
        next_hands (list[FapfapHandTranscript] | Unset): Later hands of the match, each dealt after the hand before it.
    """

    deal: (
        FapfapDeckDeal
        | FapfapHandsDeal
        | FapfapNextDeckDeal
        | FapfapNextHandsDeal
        | FapfapNextRandomDeal
        | FapfapNextSeedDeal
        | FapfapRandomDeal
        | FapfapSeedDeal
    )
    moves: list[FapfapMove]
    next_hands: list[FapfapHandTranscript] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.fapfap_deck_deal import FapfapDeckDeal  # noqa: PLC0415
        from ..models.fapfap_hands_deal import FapfapHandsDeal  # noqa: PLC0415
        from ..models.fapfap_next_deck_deal import FapfapNextDeckDeal  # noqa: PLC0415
        from ..models.fapfap_next_random_deal import FapfapNextRandomDeal  # noqa: PLC0415
        from ..models.fapfap_next_seed_deal import FapfapNextSeedDeal  # noqa: PLC0415
        from ..models.fapfap_random_deal import FapfapRandomDeal  # noqa: PLC0415
        from ..models.fapfap_seed_deal import FapfapSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, FapfapRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, FapfapSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, FapfapDeckDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, FapfapHandsDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, FapfapNextRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, FapfapNextSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, FapfapNextDeckDeal):
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
        from ..models.fapfap_deck_deal import FapfapDeckDeal  # noqa: PLC0415
        from ..models.fapfap_hand_transcript import FapfapHandTranscript  # noqa: PLC0415
        from ..models.fapfap_hands_deal import FapfapHandsDeal  # noqa: PLC0415
        from ..models.fapfap_move import FapfapMove  # noqa: PLC0415
        from ..models.fapfap_next_deck_deal import FapfapNextDeckDeal  # noqa: PLC0415
        from ..models.fapfap_next_hands_deal import FapfapNextHandsDeal  # noqa: PLC0415
        from ..models.fapfap_next_random_deal import FapfapNextRandomDeal  # noqa: PLC0415
        from ..models.fapfap_next_seed_deal import FapfapNextSeedDeal  # noqa: PLC0415
        from ..models.fapfap_random_deal import FapfapRandomDeal  # noqa: PLC0415
        from ..models.fapfap_seed_deal import FapfapSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            FapfapDeckDeal
            | FapfapHandsDeal
            | FapfapNextDeckDeal
            | FapfapNextHandsDeal
            | FapfapNextRandomDeal
            | FapfapNextSeedDeal
            | FapfapRandomDeal
            | FapfapSeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = FapfapRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = FapfapSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = FapfapDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_3 = FapfapHandsDeal.from_dict(data)

                return deal_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_4 = FapfapNextRandomDeal.from_dict(data)

                return deal_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_5 = FapfapNextSeedDeal.from_dict(data)

                return deal_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_6 = FapfapNextDeckDeal.from_dict(data)

                return deal_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_7 = FapfapNextHandsDeal.from_dict(data)

            return deal_type_7

        deal = _parse_deal(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = FapfapMove.from_dict(moves_item_data)

            moves.append(moves_item)

        _next_hands = d.pop("next_hands", UNSET)
        next_hands: list[FapfapHandTranscript] | Unset = UNSET
        if _next_hands is not UNSET:
            next_hands = []
            for next_hands_item_data in _next_hands:
                next_hands_item = FapfapHandTranscript.from_dict(next_hands_item_data)

                next_hands.append(next_hands_item)

        fapfap_replay_request = cls(
            deal=deal,
            moves=moves,
            next_hands=next_hands,
        )

        return fapfap_replay_request
