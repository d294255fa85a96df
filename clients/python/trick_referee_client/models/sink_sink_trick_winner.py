from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sink_sink_card import SinkSinkCard
from ..types import UNSET, Unset

T = TypeVar("T", bound="SinkSinkTrickWinner")


@_attrs_define
class SinkSinkTrickWinner:
    """
    Attributes:
        card (SinkSinkCard):
        winner (int): The winning seat.
        led_suit (None | str | Unset): The led suit.
    """

    card: SinkSinkCard
    winner: int
    led_suit: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        winner = self.winner

        led_suit: None | str | Unset
        if isinstance(self.led_suit, Unset):
            led_suit = UNSET
        else:
            led_suit = self.led_suit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "winner": winner,
            }
        )
        if led_suit is not UNSET:
            field_dict["led_suit"] = led_suit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = SinkSinkCard(d.pop("card"))

        winner = d.pop("winner")

        def _parse_led_suit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        led_suit = _parse_led_suit(d.pop("led_suit", UNSET))

        sink_sink_trick_winner = cls(
            card=card,
            winner=winner,
            led_suit=led_suit,
        )

        return sink_sink_trick_winner
