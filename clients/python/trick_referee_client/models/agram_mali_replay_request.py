from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_mali_deck_deal import AgramMaliDeckDeal
    from ..models.agram_mali_hand_transcript import AgramMaliHandTranscript
    from ..models.agram_mali_hands_deal import AgramMaliHandsDeal
    from ..models.agram_mali_move import AgramMaliMove
    from ..models.agram_mali_next_deck_deal import AgramMaliNextDeckDeal
    from ..models.agram_mali_next_hands_deal import AgramMaliNextHandsDeal
    from ..models.agram_mali_next_random_deal import AgramMaliNextRandomDeal
    from ..models.agram_mali_next_seed_deal import AgramMaliNextSeedDeal
    from ..models.agram_mali_random_deal import AgramMaliRandomDeal
    from ..models.agram_mali_seed_deal import AgramMaliSeedDeal


T = TypeVar("T", bound="AgramMaliReplayRequest")


@_attrs_define
class AgramMaliReplayRequest:
    """
    Attributes:
        deal (AgramMaliDeckDeal | AgramMaliHandsDeal | AgramMaliNextDeckDeal | AgramMaliNextHandsDeal |
            AgramMaliNextRandomDeal | AgramMaliNextSeedDeal | AgramMaliRandomDeal | AgramMaliSeedDeal): The deal request of
            the first hand.
        moves (list[AgramMaliMove]): Its moves, in order.
        next_hands (list[AgramMaliHandTranscript] | Unset): Later hands of the match, each dealt after the hand before
            it.
    """

    deal: (
        AgramMaliDeckDeal
        | AgramMaliHandsDeal
        | AgramMaliNextDeckDeal
        | AgramMaliNextHandsDeal
        | AgramMaliNextRandomDeal
        | AgramMaliNextSeedDeal
        | AgramMaliRandomDeal
        | AgramMaliSeedDeal
    )
    moves: list[AgramMaliMove]
    next_hands: list[AgramMaliHandTranscript] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agram_mali_deck_deal import AgramMaliDeckDeal  # noqa: PLC0415
        from ..models.agram_mali_hands_deal import AgramMaliHandsDeal  # noqa: PLC0415
        from ..models.agram_mali_next_deck_deal import AgramMaliNextDeckDeal  # noqa: PLC0415
        from ..models.agram_mali_next_random_deal import AgramMaliNextRandomDeal  # noqa: PLC0415
        from ..models.agram_mali_next_seed_deal import AgramMaliNextSeedDeal  # noqa: PLC0415
        from ..models.agram_mali_random_deal import AgramMaliRandomDeal  # noqa: PLC0415
        from ..models.agram_mali_seed_deal import AgramMaliSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, AgramMaliRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramMaliSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramMaliDeckDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramMaliHandsDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramMaliNextRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramMaliNextSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramMaliNextDeckDeal):
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
        from ..models.agram_mali_deck_deal import AgramMaliDeckDeal  # noqa: PLC0415
        from ..models.agram_mali_hand_transcript import AgramMaliHandTranscript  # noqa: PLC0415
        from ..models.agram_mali_hands_deal import AgramMaliHandsDeal  # noqa: PLC0415
        from ..models.agram_mali_move import AgramMaliMove  # noqa: PLC0415
        from ..models.agram_mali_next_deck_deal import AgramMaliNextDeckDeal  # noqa: PLC0415
        from ..models.agram_mali_next_hands_deal import AgramMaliNextHandsDeal  # noqa: PLC0415
        from ..models.agram_mali_next_random_deal import AgramMaliNextRandomDeal  # noqa: PLC0415
        from ..models.agram_mali_next_seed_deal import AgramMaliNextSeedDeal  # noqa: PLC0415
        from ..models.agram_mali_random_deal import AgramMaliRandomDeal  # noqa: PLC0415
        from ..models.agram_mali_seed_deal import AgramMaliSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            AgramMaliDeckDeal
            | AgramMaliHandsDeal
            | AgramMaliNextDeckDeal
            | AgramMaliNextHandsDeal
            | AgramMaliNextRandomDeal
            | AgramMaliNextSeedDeal
            | AgramMaliRandomDeal
            | AgramMaliSeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = AgramMaliRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = AgramMaliSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = AgramMaliDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_3 = AgramMaliHandsDeal.from_dict(data)

                return deal_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_4 = AgramMaliNextRandomDeal.from_dict(data)

                return deal_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_5 = AgramMaliNextSeedDeal.from_dict(data)

                return deal_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_6 = AgramMaliNextDeckDeal.from_dict(data)

                return deal_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_7 = AgramMaliNextHandsDeal.from_dict(data)

            return deal_type_7

        deal = _parse_deal(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AgramMaliMove.from_dict(moves_item_data)

            moves.append(moves_item)

        _next_hands = d.pop("next_hands", UNSET)
        next_hands: list[AgramMaliHandTranscript] | Unset = UNSET
        if _next_hands is not UNSET:
            next_hands = []
            for next_hands_item_data in _next_hands:
                next_hands_item = AgramMaliHandTranscript.from_dict(next_hands_item_data)

                next_hands.append(next_hands_item)

        agram_mali_replay_request = cls(
            deal=deal,
            moves=moves,
            next_hands=next_hands,
        )

        return agram_mali_replay_request
