from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_mali_first_hand_deal import AgramMaliFirstHandDeal
    from ..models.agram_mali_hand_transcript import AgramMaliHandTranscript
    from ..models.agram_mali_move import AgramMaliMove
    from ..models.agram_mali_next_hand_deal import AgramMaliNextHandDeal


T = TypeVar("T", bound="AgramMaliReplayRequest")


@_attrs_define
class AgramMaliReplayRequest:
    """
    Attributes:
        deal (AgramMaliFirstHandDeal | AgramMaliNextHandDeal): The deal request of the first hand.
        moves (list[AgramMaliMove]): Its moves, in order.
        next_hands (list[AgramMaliHandTranscript] | Unset): Later hands of the match, each dealt after the hand before
            it.
    """

    deal: AgramMaliFirstHandDeal | AgramMaliNextHandDeal
    moves: list[AgramMaliMove]
    next_hands: list[AgramMaliHandTranscript] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agram_mali_first_hand_deal import AgramMaliFirstHandDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, AgramMaliFirstHandDeal):
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
        from ..models.agram_mali_first_hand_deal import AgramMaliFirstHandDeal  # noqa: PLC0415
        from ..models.agram_mali_hand_transcript import AgramMaliHandTranscript  # noqa: PLC0415
        from ..models.agram_mali_move import AgramMaliMove  # noqa: PLC0415
        from ..models.agram_mali_next_hand_deal import AgramMaliNextHandDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(data: object) -> AgramMaliFirstHandDeal | AgramMaliNextHandDeal:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = AgramMaliFirstHandDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_1 = AgramMaliNextHandDeal.from_dict(data)

            return deal_type_1

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
