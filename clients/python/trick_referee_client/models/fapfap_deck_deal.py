from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.fapfap_card import FapfapCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deal_clock import DealClock
    from ..models.fapfap_options import FapfapOptions


T = TypeVar("T", bound="FapfapDeckDeal")


@_attrs_define
class FapfapDeckDeal:
    """
    Attributes:
        deck (list[FapfapCard]): A full deck order: dealt in batches from the seat after the dealer, the dealer last
            (F3).
        players (int): Number of seats: 2 to 7 (RULINGS F8).
        clock (DealClock | Unset):
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (FapfapOptions | Unset):
    """

    deck: list[FapfapCard]
    players: int
    clock: DealClock | Unset = UNSET
    dealer: int | Unset = UNSET
    options: FapfapOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deck = []
        for deck_item_data in self.deck:
            deck_item = deck_item_data.value
            deck.append(deck_item)

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
                "deck": deck,
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
        deck = []
        _deck = d.pop("deck")
        for deck_item_data in _deck:
            deck_item = FapfapCard(deck_item_data)

            deck.append(deck_item)

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

        fapfap_deck_deal = cls(
            deck=deck,
            players=players,
            clock=clock,
            dealer=dealer,
            options=options,
        )

        return fapfap_deck_deal
