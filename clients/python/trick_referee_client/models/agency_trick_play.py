from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard
from ..types import UNSET, Unset

T = TypeVar("T", bound="AgencyTrickPlay")


@_attrs_define
class AgencyTrickPlay:
    """
    Attributes:
        card (AgencyCard):
        seat (int): The seat that played.
        holder (int | None | Unset): The holder it came from; accepted so moves can be sent as they are, and not needed.
    """

    card: AgencyCard
    seat: int
    holder: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        seat = self.seat

        holder: int | None | Unset
        if isinstance(self.holder, Unset):
            holder = UNSET
        else:
            holder = self.holder

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "seat": seat,
            }
        )
        if holder is not UNSET:
            field_dict["holder"] = holder

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = AgencyCard(d.pop("card"))

        seat = d.pop("seat")

        def _parse_holder(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        holder = _parse_holder(d.pop("holder", UNSET))

        agency_trick_play = cls(
            card=card,
            seat=seat,
            holder=holder,
        )

        return agency_trick_play
