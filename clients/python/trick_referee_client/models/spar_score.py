from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SparScore")


@_attrs_define
class SparScore:
    """
    Attributes:
        hand_over (bool): Whether the hand is over.
        points (int | None): Points the hand scores for its winner: 3 for a 6, 2 for a 7, else 1 (F2).
        winner (int | None): The seat that won the last trick; null while the hand runs (F2).
    """

    hand_over: bool
    points: int | None
    winner: int | None

    def to_dict(self) -> dict[str, Any]:
        hand_over = self.hand_over

        points: int | None
        points = self.points

        winner: int | None
        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand_over": hand_over,
                "points": points,
                "winner": winner,
            }
        )

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

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        spar_score = cls(
            hand_over=hand_over,
            points=points,
            winner=winner,
        )

        return spar_score
