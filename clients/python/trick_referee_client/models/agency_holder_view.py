from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard

T = TypeVar("T", bound="AgencyHolderView")


@_attrs_define
class AgencyHolderView:
    """
    Attributes:
        cards (list[AgencyCard] | None): Its cards from seat h's end, when the seat sits beside it; else null.
        count (int): Cards in it, Walls included.
        holder (int): The holder.
    """

    cards: list[AgencyCard] | None
    count: int
    holder: int

    def to_dict(self) -> dict[str, Any]:
        cards: list[str] | None
        if isinstance(self.cards, list):
            cards = []
            for cards_type_0_item_data in self.cards:
                cards_type_0_item = cards_type_0_item_data.value
                cards.append(cards_type_0_item)

        else:
            cards = self.cards

        count = self.count

        holder = self.holder

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "count": count,
                "holder": holder,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_cards(data: object) -> list[AgencyCard] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_0 = []
                _cards_type_0 = data
                for cards_type_0_item_data in _cards_type_0:
                    cards_type_0_item = AgencyCard(cards_type_0_item_data)

                    cards_type_0.append(cards_type_0_item)

                return cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[AgencyCard] | None, data)

        cards = _parse_cards(d.pop("cards"))

        count = d.pop("count")

        holder = d.pop("holder")

        agency_holder_view = cls(
            cards=cards,
            count=count,
            holder=holder,
        )

        return agency_holder_view
