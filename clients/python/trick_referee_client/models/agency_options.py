from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AgencyOptions")


@_attrs_define
class AgencyOptions:
    """
    Attributes:
        early_end_points (int | Unset): The hand ends after a trick when a team has this many points (RULINGS A12c).
            Default: 22.
        offsuit_discard (bool | Unset): A seat with no reachable card of the led suit may also play any other reachable
            suited card (RULINGS A9). Default: False.
        target_game_points (int | Unset): Game points that win the match; 3 for a longer game (RULINGS A14). Default: 2.
    """

    early_end_points: int | Unset = 22
    offsuit_discard: bool | Unset = False
    target_game_points: int | Unset = 2

    def to_dict(self) -> dict[str, Any]:
        early_end_points = self.early_end_points

        offsuit_discard = self.offsuit_discard

        target_game_points = self.target_game_points

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if early_end_points is not UNSET:
            field_dict["early_end_points"] = early_end_points
        if offsuit_discard is not UNSET:
            field_dict["offsuit_discard"] = offsuit_discard
        if target_game_points is not UNSET:
            field_dict["target_game_points"] = target_game_points

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        early_end_points = d.pop("early_end_points", UNSET)

        offsuit_discard = d.pop("offsuit_discard", UNSET)

        target_game_points = d.pop("target_game_points", UNSET)

        agency_options = cls(
            early_end_points=early_end_points,
            offsuit_discard=offsuit_discard,
            target_game_points=target_game_points,
        )

        return agency_options
