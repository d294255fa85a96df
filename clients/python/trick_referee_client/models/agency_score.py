from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AgencyScore")


@_attrs_define
class AgencyScore:
    """
    Attributes:
        hand_over (bool): Whether the hand is over.
        team_points (list[int]): Card points of team 0 and team 1 (A3, A4).
        winner (int | None): The winning team (0 or 1); null while the hand runs or for a void hand (A13).
    """

    hand_over: bool
    team_points: list[int]
    winner: int | None

    def to_dict(self) -> dict[str, Any]:
        hand_over = self.hand_over

        team_points = self.team_points

        winner: int | None
        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand_over": hand_over,
                "team_points": team_points,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand_over = d.pop("hand_over")

        team_points = cast(list[int], d.pop("team_points"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        agency_score = cls(
            hand_over=hand_over,
            team_points=team_points,
            winner=winner,
        )

        return agency_score
