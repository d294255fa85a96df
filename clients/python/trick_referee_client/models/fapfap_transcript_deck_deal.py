from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.fapfap_card import FapfapCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fapfap_options import FapfapOptions


T = TypeVar("T", bound="FapfapTranscriptDeckDeal")


@_attrs_define
class FapfapTranscriptDeckDeal:
    """
    Attributes:
        deck (list[FapfapCard]): A full deck order: dealt in batches from the seat after the dealer, the dealer last
            (F3).
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (FapfapOptions | Unset):
        players (int | Unset): Number of seats: 2 to 7 (RULINGS F8).
    """

    deck: list[FapfapCard]
    dealer: int | Unset = UNSET
    options: FapfapOptions | Unset = UNSET
    players: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deck = []
        for deck_item_data in self.deck:
            deck_item = deck_item_data.value
            deck.append(deck_item)

        dealer = self.dealer

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        players = self.players

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deck": deck,
            }
        )
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if options is not UNSET:
            field_dict["options"] = options
        if players is not UNSET:
            field_dict["players"] = players

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fapfap_options import FapfapOptions  # noqa: PLC0415

        d = dict(src_dict)
        deck = []
        _deck = d.pop("deck")
        for deck_item_data in _deck:
            deck_item = FapfapCard(deck_item_data)

            deck.append(deck_item)

        dealer = d.pop("dealer", UNSET)

        _options = d.pop("options", UNSET)
        options: FapfapOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = FapfapOptions.from_dict(_options)

        players = d.pop("players", UNSET)

        fapfap_transcript_deck_deal = cls(
            deck=deck,
            dealer=dealer,
            options=options,
            players=players,
        )

        return fapfap_transcript_deck_deal
