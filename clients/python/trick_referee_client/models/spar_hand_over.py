from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.spar_hand_over_type import SparHandOverType
from ..types import UNSET, Unset

T = TypeVar("T", bound="SparHandOver")


@_attrs_define
class SparHandOver:
    """
    Attributes:
        hand_over (bool): Whether the hand is over.
        points (int | None): Points the hand scores for its winner: 3 for a 6, 2 for a 7, else 1 (F2).
        type_ (SparHandOverType): What happened.
        winner (int | None): The seat that won the last trick; null while the hand runs (F2).
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
    """

    hand_over: bool
    points: int | None
    type_: SparHandOverType
    winner: int | None
    hand: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hand_over = self.hand_over

        points: int | None
        points = self.points

        type_ = self.type_.value

        winner: int | None
        winner = self.winner

        hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand_over": hand_over,
                "points": points,
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

        def _parse_points(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        points = _parse_points(d.pop("points"))

        type_ = SparHandOverType(d.pop("type"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        hand = d.pop("hand", UNSET)

        spar_hand_over = cls(
            hand_over=hand_over,
            points=points,
            type_=type_,
            winner=winner,
            hand=hand,
        )

        return spar_hand_over
