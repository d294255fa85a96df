from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sink_sink_deck_deal import SinkSinkDeckDeal
    from ..models.sink_sink_hand_transcript import SinkSinkHandTranscript
    from ..models.sink_sink_hands_deal import SinkSinkHandsDeal
    from ..models.sink_sink_move import SinkSinkMove
    from ..models.sink_sink_next_deck_deal import SinkSinkNextDeckDeal
    from ..models.sink_sink_next_hands_deal import SinkSinkNextHandsDeal
    from ..models.sink_sink_next_random_deal import SinkSinkNextRandomDeal
    from ..models.sink_sink_next_seed_deal import SinkSinkNextSeedDeal
    from ..models.sink_sink_random_deal import SinkSinkRandomDeal
    from ..models.sink_sink_seed_deal import SinkSinkSeedDeal


T = TypeVar("T", bound="SinkSinkReplayRequest")


@_attrs_define
class SinkSinkReplayRequest:
    """
    Attributes:
        deal (SinkSinkDeckDeal | SinkSinkHandsDeal | SinkSinkNextDeckDeal | SinkSinkNextHandsDeal |
            SinkSinkNextRandomDeal | SinkSinkNextSeedDeal | SinkSinkRandomDeal | SinkSinkSeedDeal): The deal request of the
            first hand.
        moves (list[SinkSinkMove]): Its moves, in order.
        next_hands (list[SinkSinkHandTranscript] | Unset): Later hands of the match, each dealt after the hand before
            it.
    """

    deal: (
        SinkSinkDeckDeal
        | SinkSinkHandsDeal
        | SinkSinkNextDeckDeal
        | SinkSinkNextHandsDeal
        | SinkSinkNextRandomDeal
        | SinkSinkNextSeedDeal
        | SinkSinkRandomDeal
        | SinkSinkSeedDeal
    )
    moves: list[SinkSinkMove]
    next_hands: list[SinkSinkHandTranscript] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.sink_sink_deck_deal import SinkSinkDeckDeal  # noqa: PLC0415
        from ..models.sink_sink_hands_deal import SinkSinkHandsDeal  # noqa: PLC0415
        from ..models.sink_sink_next_deck_deal import SinkSinkNextDeckDeal  # noqa: PLC0415
        from ..models.sink_sink_next_random_deal import SinkSinkNextRandomDeal  # noqa: PLC0415
        from ..models.sink_sink_next_seed_deal import SinkSinkNextSeedDeal  # noqa: PLC0415
        from ..models.sink_sink_random_deal import SinkSinkRandomDeal  # noqa: PLC0415
        from ..models.sink_sink_seed_deal import SinkSinkSeedDeal  # noqa: PLC0415

        deal: dict[str, Any]
        if isinstance(self.deal, SinkSinkRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SinkSinkSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SinkSinkDeckDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SinkSinkHandsDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SinkSinkNextRandomDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SinkSinkNextSeedDeal):
            deal = self.deal.to_dict()
        elif isinstance(self.deal, SinkSinkNextDeckDeal):
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
        from ..models.sink_sink_deck_deal import SinkSinkDeckDeal  # noqa: PLC0415
        from ..models.sink_sink_hand_transcript import SinkSinkHandTranscript  # noqa: PLC0415
        from ..models.sink_sink_hands_deal import SinkSinkHandsDeal  # noqa: PLC0415
        from ..models.sink_sink_move import SinkSinkMove  # noqa: PLC0415
        from ..models.sink_sink_next_deck_deal import SinkSinkNextDeckDeal  # noqa: PLC0415
        from ..models.sink_sink_next_hands_deal import SinkSinkNextHandsDeal  # noqa: PLC0415
        from ..models.sink_sink_next_random_deal import SinkSinkNextRandomDeal  # noqa: PLC0415
        from ..models.sink_sink_next_seed_deal import SinkSinkNextSeedDeal  # noqa: PLC0415
        from ..models.sink_sink_random_deal import SinkSinkRandomDeal  # noqa: PLC0415
        from ..models.sink_sink_seed_deal import SinkSinkSeedDeal  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deal(
            data: object,
        ) -> (
            SinkSinkDeckDeal
            | SinkSinkHandsDeal
            | SinkSinkNextDeckDeal
            | SinkSinkNextHandsDeal
            | SinkSinkNextRandomDeal
            | SinkSinkNextSeedDeal
            | SinkSinkRandomDeal
            | SinkSinkSeedDeal
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = SinkSinkRandomDeal.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_1 = SinkSinkSeedDeal.from_dict(data)

                return deal_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_2 = SinkSinkDeckDeal.from_dict(data)

                return deal_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_3 = SinkSinkHandsDeal.from_dict(data)

                return deal_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_4 = SinkSinkNextRandomDeal.from_dict(data)

                return deal_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_5 = SinkSinkNextSeedDeal.from_dict(data)

                return deal_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_6 = SinkSinkNextDeckDeal.from_dict(data)

                return deal_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deal_type_7 = SinkSinkNextHandsDeal.from_dict(data)

            return deal_type_7

        deal = _parse_deal(d.pop("deal"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = SinkSinkMove.from_dict(moves_item_data)

            moves.append(moves_item)

        _next_hands = d.pop("next_hands", UNSET)
        next_hands: list[SinkSinkHandTranscript] | Unset = UNSET
        if _next_hands is not UNSET:
            next_hands = []
            for next_hands_item_data in _next_hands:
                next_hands_item = SinkSinkHandTranscript.from_dict(next_hands_item_data)

                next_hands.append(next_hands_item)

        sink_sink_replay_request = cls(
            deal=deal,
            moves=moves,
            next_hands=next_hands,
        )

        return sink_sink_replay_request
