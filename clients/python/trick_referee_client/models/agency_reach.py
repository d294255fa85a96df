from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard

T = TypeVar("T", bound="AgencyReach")


@_attrs_define
class AgencyReach:
    """
    Attributes:
        cards (list[AgencyCard]): The cards the seat reaches in it, nearest first (A6).
        holder (int): The holder.
    """

    cards: list[AgencyCard]
    holder: int

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)

        holder = self.holder

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "holder": holder,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = AgencyCard(cards_item_data)

            cards.append(cards_item)

        holder = d.pop("holder")

        agency_reach = cls(
            cards=cards,
            holder=holder,
        )

        return agency_reach
