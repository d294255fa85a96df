from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.spar_card import SparCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deal_clock import DealClock
    from ..models.spar_options import SparOptions


T = TypeVar("T", bound="SparFirstHandDeal")


@_attrs_define
class SparFirstHandDeal:
    """
    Attributes:
        players (int): Number of seats: 2 to 7 (RULINGS F8).
        clock (DealClock | Unset):
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        deck (list[SparCard] | Unset): A full deck order: dealt in batches from the seat after the dealer, the dealer
            last (F3).
        hands (list[list[SparCard]] | Unset): hands[s]: seat s's 5 dealt cards, in dealt order.
        options (SparOptions | Unset):
        seed (int | Unset): Deal from this seed: the same seed, game and options give the same deal (see docs/api.md,
            Seeded deals).
    """

    players: int
    clock: DealClock | Unset = UNSET
    dealer: int | Unset = UNSET
    deck: list[SparCard] | Unset = UNSET
    hands: list[list[SparCard]] | Unset = UNSET
    options: SparOptions | Unset = UNSET
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
        from ..models.deal_clock import DealClock  # noqa: PLC0415
        from ..models.spar_options import SparOptions  # noqa: PLC0415

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
        deck: list[SparCard] | Unset = UNSET
        if _deck is not UNSET:
            deck = []
            for deck_item_data in _deck:
                deck_item = SparCard(deck_item_data)

                deck.append(deck_item)

        _hands = d.pop("hands", UNSET)
        hands: list[list[SparCard]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = []
                _hands_item = hands_item_data
                for hands_item_item_data in _hands_item:
                    hands_item_item = SparCard(hands_item_item_data)

                    hands_item.append(hands_item_item)

                hands.append(hands_item)

        _options = d.pop("options", UNSET)
        options: SparOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = SparOptions.from_dict(_options)

        seed = d.pop("seed", UNSET)

        spar_first_hand_deal = cls(
            players=players,
            clock=clock,
            dealer=dealer,
            deck=deck,
            hands=hands,
            options=options,
            seed=seed,
        )

        return spar_first_hand_deal
