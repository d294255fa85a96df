from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_first_hand_deal import AgramFirstHandDeal
    from ..models.agram_hand_transcript import AgramHandTranscript
    from ..models.agram_move import AgramMove
    from ..models.agram_next_hand_deal import AgramNextHandDeal


T = TypeVar("T", bound="AgramReplayRequest")


@_attrs_define
class AgramReplayRequest:
    """
    Attributes:
        deal (AgramFirstHandDeal | AgramNextHandDeal): The deal request of the first hand.
        moves (list[AgramMove]): Its moves, in order.
        next_hands (list[AgramHandTranscript] | Unset): Later hands of the match, each dealt after the hand before it.
    """

    deal: AgramFirstHandDeal | AgramNextHandDeal
    moves: list[AgramMove]
    next_hands: list[AgramHandTranscript] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agram_first_hand_deal import AgramFirstHandDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, AgramFirstHandDeal):
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
        from ..models.agram_first_hand_deal import AgramFirstHandDeal  # noqa: PLC0415
        from ..models.agram_hand_transcript import AgramHandTranscript  # noqa: PLC0415
        from ..models.agram_move import AgramMove  # noqa: PLC0415
        from ..models.agram_next_hand_deal import AgramNextHandDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(data: object) -> AgramFirstHandDeal | AgramNextHandDeal:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = AgramFirstHandDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_1 = AgramNextHandDeal.from_dict(data)

            return deal_type_1

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
