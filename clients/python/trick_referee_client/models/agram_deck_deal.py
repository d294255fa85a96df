from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.agram_card import AgramCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_options import AgramOptions
    from ..models.deal_clock import DealClock


T = TypeVar("T", bound="AgramDeckDeal")


@_attrs_define
class AgramDeckDeal:
    """
    Attributes:
        deck (list[AgramCard]): A full deck order: dealt in batches from the seat after the dealer, the dealer last
            (F3).
        players (int): Number of seats: 2 to 5 (RULINGS F8).
        clock (DealClock | Unset):
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (AgramOptions | Unset):
    """

    deck: list[AgramCard]
    players: int
    clock: DealClock | Unset = UNSET
    dealer: int | Unset = UNSET
    options: AgramOptions | Unset = UNSET

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
        from ..models.agram_options import AgramOptions  # noqa: PLC0415
        from ..models.deal_clock import DealClock  # noqa: PLC0415

        d = dict(src_dict)
        deck = []
        _deck = d.pop("deck")
        for deck_item_data in _deck:
            deck_item = AgramCard(deck_item_data)

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
        options: AgramOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgramOptions.from_dict(_options)

        agram_deck_deal = cls(
            deck=deck,
            players=players,
            clock=clock,
            dealer=dealer,
            options=options,
        )

        return agram_deck_deal
