from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.fapfap_hand_over_type import FapfapHandOverType
from ..types import UNSET, Unset

T = TypeVar("T", bound="FapfapHandOver")


@_attrs_define
class FapfapHandOver:
    """
    Attributes:
        hand_over (bool): Whether the hand is over.
        multiplier (int | None): 1, 2 or 4 (F2); null while the hand runs.
        payouts (list[int]): Stake units won (+) or paid (-) per seat; they sum to 0 (F6).
        type_ (FapfapHandOverType): What happened.
        winner (int | None): The seat that won the last trick; null while the hand runs (F2).
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
    """

    hand_over: bool
    multiplier: int | None
    payouts: list[int]
    type_: FapfapHandOverType
    winner: int | None
    hand: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hand_over = self.hand_over

        multiplier: int | None
        multiplier = self.multiplier

        payouts = self.payouts

        type_ = self.type_.value

        winner: int | None
        winner = self.winner

        hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand_over": hand_over,
                "multiplier": multiplier,
                "payouts": payouts,
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

        def _parse_multiplier(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        multiplier = _parse_multiplier(d.pop("multiplier"))

        payouts = cast(list[int], d.pop("payouts"))

        type_ = FapfapHandOverType(d.pop("type"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        hand = d.pop("hand", UNSET)

        fapfap_hand_over = cls(
            hand_over=hand_over,
            multiplier=multiplier,
            payouts=payouts,
            type_=type_,
            winner=winner,
            hand=hand,
        )

        return fapfap_hand_over
