from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FapfapOptions")


@_attrs_define
class FapfapOptions:
    """
    Attributes:
        stake (int | Unset): What each other seat pays the winner, times the multiplier (RULINGS F6). Default: 1.
        target (int | None | Unset): A balance that wins the match when a seat reaches it; none by default (RULINGS F7).
    """

    stake: int | Unset = 1
    target: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        stake = self.stake

        target: int | None | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if stake is not UNSET:
            field_dict["stake"] = stake
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stake = d.pop("stake", UNSET)

        def _parse_target(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        target = _parse_target(d.pop("target", UNSET))

        fapfap_options = cls(
            stake=stake,
            target=target,
        )

        return fapfap_options
