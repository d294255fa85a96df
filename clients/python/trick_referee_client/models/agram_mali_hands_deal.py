from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.agram_mali_card import AgramMaliCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_mali_options import AgramMaliOptions
    from ..models.deal_clock import DealClock


T = TypeVar("T", bound="AgramMaliHandsDeal")


@_attrs_define
class AgramMaliHandsDeal:
    """
    Attributes:
        hands (list[list[AgramMaliCard]]): hands[s]: seat s's 5 dealt cards, in dealt order.
        players (int): Number of seats: 2 to 6 (RULINGS F8).
        clock (DealClock | Unset):
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (AgramMaliOptions | Unset):
    """

    hands: list[list[AgramMaliCard]]
    players: int
    clock: DealClock | Unset = UNSET
    dealer: int | Unset = UNSET
    options: AgramMaliOptions | Unset = UNSET

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
        from ..models.agram_mali_options import AgramMaliOptions  # noqa: PLC0415
        from ..models.deal_clock import DealClock  # noqa: PLC0415

        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = []
            _hands_item = hands_item_data
            for hands_item_item_data in _hands_item:
                hands_item_item = AgramMaliCard(hands_item_item_data)

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
        options: AgramMaliOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgramMaliOptions.from_dict(_options)

        agram_mali_hands_deal = cls(
            hands=hands,
            players=players,
            clock=clock,
            dealer=dealer,
            options=options,
        )

        return agram_mali_hands_deal
