from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sink_sink_hand_over_type import SinkSinkHandOverType
from ..types import UNSET, Unset

T = TypeVar("T", bound="SinkSinkHandOver")


@_attrs_define
class SinkSinkHandOver:
    """
    Attributes:
        hand_over (bool): Whether the hand is over.
        type_ (SinkSinkHandOverType): What happened.
        winner (int | None): The seat that won the last trick; null while the hand runs (F2).
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
    """

    hand_over: bool
    type_: SinkSinkHandOverType
    winner: int | None
    hand: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hand_over = self.hand_over

        type_ = self.type_.value

        winner: int | None
        winner = self.winner

        hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand_over": hand_over,
                "type": type_,
                "winner": winner,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand_over = d.pop("hand_over")

        type_ = SinkSinkHandOverType(d.pop("type"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        hand = d.pop("hand", UNSET)

        sink_sink_hand_over = cls(
            hand_over=hand_over,
            type_=type_,
            winner=winner,
            hand=hand,
        )

        return sink_sink_hand_over
