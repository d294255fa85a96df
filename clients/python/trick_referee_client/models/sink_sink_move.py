from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.sink_sink_card import SinkSinkCard

T = TypeVar("T", bound="SinkSinkMove")


@_attrs_define
class SinkSinkMove:
    """
    Attributes:
        card (SinkSinkCard):
        seat (int): The seat that plays.
    """

    card: SinkSinkCard
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
        card = SinkSinkCard(d.pop("card"))

        seat = d.pop("seat")

        sink_sink_move = cls(
            card=card,
            seat=seat,
        )

        return sink_sink_move
