from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="FapfapScore")


@_attrs_define
class FapfapScore:
    """
    Attributes:
        hand_over (bool): Whether the hand is over.
        multiplier (int | None): 1, 2 or 4 (F2); null while the hand runs.
        payouts (list[int]): Stake units won (+) or paid (-) per seat; they sum to 0 (F6).
        winner (int | None): The seat that won the last trick; null while the hand runs (F2).
    """

    hand_over: bool
    multiplier: int | None
    payouts: list[int]
    winner: int | None

    def to_dict(self) -> dict[str, Any]:
        hand_over = self.hand_over

        multiplier: int | None
        multiplier = self.multiplier

        payouts = self.payouts

        winner: int | None
        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand_over": hand_over,
                "multiplier": multiplier,
                "payouts": payouts,
                "winner": winner,
            }
        )

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

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        fapfap_score = cls(
            hand_over=hand_over,
            multiplier=multiplier,
            payouts=payouts,
            winner=winner,
        )

        return fapfap_score
