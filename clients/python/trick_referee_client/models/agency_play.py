from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard

T = TypeVar("T", bound="AgencyPlay")


@_attrs_define
class AgencyPlay:
    """
    Attributes:
        card (AgencyCard):
        holder (int): The holder the card came from.
        seat (int): The seat that played.
    """

    card: AgencyCard
    holder: int
    seat: int

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        holder = self.holder

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "holder": holder,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = AgencyCard(d.pop("card"))

        holder = d.pop("holder")

        seat = d.pop("seat")

        agency_play = cls(
            card=card,
            holder=holder,
            seat=seat,
        )

        return agency_play
