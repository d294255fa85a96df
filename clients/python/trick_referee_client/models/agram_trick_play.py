from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.agram_card import AgramCard

T = TypeVar("T", bound="AgramTrickPlay")


@_attrs_define
class AgramTrickPlay:
    """
    Attributes:
        card (AgramCard):
        seat (int): The seat that played.
    """

    card: AgramCard
    seat: int

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = AgramCard(d.pop("card"))

        seat = d.pop("seat")

        agram_trick_play = cls(
            card=card,
            seat=seat,
        )

        return agram_trick_play
