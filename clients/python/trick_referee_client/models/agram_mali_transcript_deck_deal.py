from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.agram_mali_card import AgramMaliCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_mali_options import AgramMaliOptions


T = TypeVar("T", bound="AgramMaliTranscriptDeckDeal")


@_attrs_define
class AgramMaliTranscriptDeckDeal:
    """
    Attributes:
        deck (list[AgramMaliCard]): A full deck order: dealt in batches from the seat after the dealer, the dealer last
            (F3).
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (AgramMaliOptions | Unset):
        players (int | Unset): Number of seats: 2 to 6 (RULINGS F8).
    """

    deck: list[AgramMaliCard]
    dealer: int | Unset = UNSET
    options: AgramMaliOptions | Unset = UNSET
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
        from ..models.agram_mali_options import AgramMaliOptions  # noqa: PLC0415

        d = dict(src_dict)
        deck = []
        _deck = d.pop("deck")
        for deck_item_data in _deck:
            deck_item = AgramMaliCard(deck_item_data)

            deck.append(deck_item)

        dealer = d.pop("dealer", UNSET)

        _options = d.pop("options", UNSET)
        options: AgramMaliOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgramMaliOptions.from_dict(_options)

        players = d.pop("players", UNSET)

        agram_mali_transcript_deck_deal = cls(
            deck=deck,
            dealer=dealer,
            options=options,
            players=players,
        )

        return agram_mali_transcript_deck_deal
