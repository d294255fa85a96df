from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.fapfap_card import FapfapCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deal_clock import DealClock
    from ..models.fapfap_options import FapfapOptions


T = TypeVar("T", bound="FapfapHandsDeal")


@_attrs_define
class FapfapHandsDeal:
    """
    Attributes:
        hands (list[list[FapfapCard]]): hands[s]: seat s's 5 dealt cards, in dealt order.
        players (int): Number of seats: 2 to 7 (RULINGS F8).
        clock (DealClock | Unset):
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (FapfapOptions | Unset):
    """

    hands: list[list[FapfapCard]]
    players: int
    clock: DealClock | Unset = UNSET
    dealer: int | Unset = UNSET
    options: FapfapOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = []
            for hands_item_item_data in hands_item_data:
                hands_item_item = hands_item_item_data.value
                hands_item.append(hands_item_item)

            hands.append(hands_item)

        players = self.players

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        dealer = self.dealer

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
                "players": players,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_clock import DealClock  # noqa: PLC0415
        from ..models.fapfap_options import FapfapOptions  # noqa: PLC0415

        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = []
            _hands_item = hands_item_data
            for hands_item_item_data in _hands_item:
                hands_item_item = FapfapCard(hands_item_item_data)

                hands_item.append(hands_item_item)

            hands.append(hands_item)

        players = d.pop("players")

        _clock = d.pop("clock", UNSET)
        clock: DealClock | Unset
        if isinstance(_clock, Unset):
            clock = UNSET
        else:
            clock = DealClock.from_dict(_clock)

        dealer = d.pop("dealer", UNSET)

        _options = d.pop("options", UNSET)
        options: FapfapOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = FapfapOptions.from_dict(_options)

        fapfap_hands_deal = cls(
            hands=hands,
            players=players,
            clock=clock,
            dealer=dealer,
            options=options,
        )

        return fapfap_hands_deal
