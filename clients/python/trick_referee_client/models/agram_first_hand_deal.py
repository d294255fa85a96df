from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.agram_card import AgramCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_options import AgramOptions
    from ..models.deal_clock import DealClock


T = TypeVar("T", bound="AgramFirstHandDeal")


@_attrs_define
class AgramFirstHandDeal:
    """
    Attributes:
        players (int): Number of seats: 2 to 5 (RULINGS F8).
        clock (DealClock | Unset):
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        deck (list[AgramCard] | Unset): A full deck order: dealt in batches from the seat after the dealer, the dealer
            last (F3).
        hands (list[list[AgramCard]] | Unset): hands[s]: seat s's 6 dealt cards, in dealt order.
        options (AgramOptions | Unset):
        seed (int | Unset): Deal from this seed: the same seed, game and options give the same deal (see docs/api.md,
            Seeded deals).
    """

    players: int
    clock: DealClock | Unset = UNSET
    dealer: int | Unset = UNSET
    deck: list[AgramCard] | Unset = UNSET
    hands: list[list[AgramCard]] | Unset = UNSET
    options: AgramOptions | Unset = UNSET
    seed: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        dealer = self.dealer

        deck: list[str] | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = []
            for deck_item_data in self.deck:
                deck_item = deck_item_data.value
                deck.append(deck_item)

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = []
                for hands_item_item_data in hands_item_data:
                    hands_item_item = hands_item_item_data.value
                    hands_item.append(hands_item_item)

                hands.append(hands_item)

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if deck is not UNSET:
            field_dict["deck"] = deck
        if hands is not UNSET:
            field_dict["hands"] = hands
        if options is not UNSET:
            field_dict["options"] = options
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agram_options import AgramOptions  # noqa: PLC0415
        from ..models.deal_clock import DealClock  # noqa: PLC0415

        d = dict(src_dict)
        players = d.pop("players")

        _clock = d.pop("clock", UNSET)
        clock: DealClock | Unset
        if isinstance(_clock, Unset):
            clock = UNSET
        else:
            clock = DealClock.from_dict(_clock)

        dealer = d.pop("dealer", UNSET)

        _deck = d.pop("deck", UNSET)
        deck: list[AgramCard] | Unset = UNSET
        if _deck is not UNSET:
            deck = []
            for deck_item_data in _deck:
                deck_item = AgramCard(deck_item_data)

                deck.append(deck_item)

        _hands = d.pop("hands", UNSET)
        hands: list[list[AgramCard]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = []
                _hands_item = hands_item_data
                for hands_item_item_data in _hands_item:
                    hands_item_item = AgramCard(hands_item_item_data)

                    hands_item.append(hands_item_item)

                hands.append(hands_item)

        _options = d.pop("options", UNSET)
        options: AgramOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgramOptions.from_dict(_options)

        seed = d.pop("seed", UNSET)

        agram_first_hand_deal = cls(
            players=players,
            clock=clock,
            dealer=dealer,
            deck=deck,
            hands=hands,
            options=options,
            seed=seed,
        )

        return agram_first_hand_deal
