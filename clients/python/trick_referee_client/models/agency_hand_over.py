from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agency_end import AgencyEnd
from ..models.agency_hand_over_type import AgencyHandOverType
from ..types import UNSET, Unset

T = TypeVar("T", bound="AgencyHandOver")


@_attrs_define
class AgencyHandOver:
    """
    Attributes:
        end (AgencyEnd):
        hand_over (bool): Whether the hand is over.
        team_points (list[int]): Card points of team 0 and team 1 (A3, A4).
        type_ (AgencyHandOverType): What happened.
        winner (int | None): The winning team (0 or 1); null while the hand runs or for a void hand (A13).
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
    """

    end: AgencyEnd
    hand_over: bool
    team_points: list[int]
    type_: AgencyHandOverType
    winner: int | None
    hand: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        end = self.end.value

        hand_over = self.hand_over

        team_points = self.team_points

        type_ = self.type_.value

        winner: int | None
        winner = self.winner

        hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "end": end,
                "hand_over": hand_over,
                "team_points": team_points,
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
        end = AgencyEnd(d.pop("end"))

        hand_over = d.pop("hand_over")

        team_points = cast(list[int], d.pop("team_points"))

        type_ = AgencyHandOverType(d.pop("type"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        hand = d.pop("hand", UNSET)

        agency_hand_over = cls(
            end=end,
            hand_over=hand_over,
            team_points=team_points,
            type_=type_,
            winner=winner,
            hand=hand,
        )

        return agency_hand_over
