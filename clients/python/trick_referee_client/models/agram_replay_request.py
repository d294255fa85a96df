from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_deck_deal import AgramDeckDeal
    from ..models.agram_hand_transcript import AgramHandTranscript
    from ..models.agram_hands_deal import AgramHandsDeal
    from ..models.agram_move import AgramMove
    from ..models.agram_next_deck_deal import AgramNextDeckDeal
    from ..models.agram_next_hands_deal import AgramNextHandsDeal
    from ..models.agram_next_random_deal import AgramNextRandomDeal
    from ..models.agram_next_seed_deal import AgramNextSeedDeal
    from ..models.agram_random_deal import AgramRandomDeal
    from ..models.agram_seed_deal import AgramSeedDeal


T = TypeVar("T", bound="AgramReplayRequest")


@_attrs_define
class AgramReplayRequest:
    """
    Attributes:
        deal (AgramDeckDeal | AgramHandsDeal | AgramNextDeckDeal | AgramNextHandsDeal | AgramNextRandomDeal |
            AgramNextSeedDeal | AgramRandomDeal | AgramSeedDeal): The deal request of the first hand.
        moves (list[AgramMove]): Its moves, in order.
        next_hands (list[AgramHandTranscript] | Unset): Later hands of the match, each dealt after the hand before it.
    """

    deal: (
        AgramDeckDeal
        | AgramHandsDeal
        | AgramNextDeckDeal
        | AgramNextHandsDeal
        | AgramNextRandomDeal
        | AgramNextSeedDeal
        | AgramRandomDeal
        | AgramSeedDeal
    )
    moves: list[AgramMove]
    next_hands: list[AgramHandTranscript] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agram_deck_deal import AgramDeckDeal  # noqa: PLC0415
        from ..models.agram_hands_deal import AgramHandsDeal  # noqa: PLC0415
        from ..models.agram_next_deck_deal import AgramNextDeckDeal  # noqa: PLC0415
        from ..models.agram_next_random_deal import AgramNextRandomDeal  # noqa: PLC0415
        from ..models.agram_next_seed_deal import AgramNextSeedDeal  # noqa: PLC0415
        from ..models.agram_random_deal import AgramRandomDeal  # noqa: PLC0415
        from ..models.agram_seed_deal import AgramSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, AgramRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramDeckDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramHandsDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramNextRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramNextSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, AgramNextDeckDeal):
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
        from ..models.agram_deck_deal import AgramDeckDeal  # noqa: PLC0415
        from ..models.agram_hand_transcript import AgramHandTranscript  # noqa: PLC0415
        from ..models.agram_hands_deal import AgramHandsDeal  # noqa: PLC0415
        from ..models.agram_move import AgramMove  # noqa: PLC0415
        from ..models.agram_next_deck_deal import AgramNextDeckDeal  # noqa: PLC0415
        from ..models.agram_next_hands_deal import AgramNextHandsDeal  # noqa: PLC0415
        from ..models.agram_next_random_deal import AgramNextRandomDeal  # noqa: PLC0415
        from ..models.agram_next_seed_deal import AgramNextSeedDeal  # noqa: PLC0415
        from ..models.agram_random_deal import AgramRandomDeal  # noqa: PLC0415
        from ..models.agram_seed_deal import AgramSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            AgramDeckDeal
            | AgramHandsDeal
            | AgramNextDeckDeal
            | AgramNextHandsDeal
            | AgramNextRandomDeal
            | AgramNextSeedDeal
            | AgramRandomDeal
            | AgramSeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = AgramRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = AgramSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = AgramDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_3 = AgramHandsDeal.from_dict(data)

                return deal_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_4 = AgramNextRandomDeal.from_dict(data)

                return deal_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_5 = AgramNextSeedDeal.from_dict(data)

                return deal_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_6 = AgramNextDeckDeal.from_dict(data)

                return deal_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_7 = AgramNextHandsDeal.from_dict(data)

            return deal_type_7

        deal = _parse_deal(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AgramMove.from_dict(moves_item_data)

            moves.append(moves_item)

        _next_hands = d.pop("next_hands", UNSET)
        next_hands: list[AgramHandTranscript] | Unset = UNSET
        if _next_hands is not UNSET:
            next_hands = []
            for next_hands_item_data in _next_hands:
                next_hands_item = AgramHandTranscript.from_dict(next_hands_item_data)

                next_hands.append(next_hands_item)

        agram_replay_request = cls(
            deal=deal,
            moves=moves,
            next_hands=next_hands,
        )

        return agram_replay_request
