from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.spar_trick_play import SparTrickPlay


T = TypeVar("T", bound="SparTrickRequest")


@_attrs_define
class SparTrickRequest:
    """
    Attributes:
        plays (list[SparTrickPlay]):
    """

    plays: list[SparTrickPlay]

    def to_dict(self) -> dict[str, Any]:
        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plays": plays,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spar_trick_play import SparTrickPlay  # noqa: PLC0415

        d = dict(src_dict)
        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = SparTrickPlay.from_dict(plays_item_data)

            plays.append(plays_item)

        spar_trick_request = cls(
            plays=plays,
        )

        return spar_trick_request
