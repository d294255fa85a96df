from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_options import AgencyOptions
    from ..models.deal_clock import DealClock


T = TypeVar("T", bound="AgencyFirstHandDeal")


@_attrs_define
class AgencyFirstHandDeal:
    """
    Attributes:
        clock (DealClock | Unset):
        deck (list[AgencyCard] | Unset): A full deck order: card k (k < 32) goes to seat k mod 4; the last 4 stay
            undealt (A7).
        first_leader (int | Unset): The seat that leads the first trick (A14). Default 0; with previous, it must be of
            the team that lost (default: that team's lower seat).
        hands (list[list[AgencyCard]] | Unset): hands[s]: seat s's 8 dealt cards, in dealt order (Walls are added, A5).
        options (AgencyOptions | Unset):
        seed (int | Unset): Deal from this seed: the same seed, game and options give the same deal (see docs/api.md,
            Seeded deals).
    """

    clock: DealClock | Unset = UNSET
    deck: list[AgencyCard] | Unset = UNSET
    first_leader: int | Unset = UNSET
    hands: list[list[AgencyCard]] | Unset = UNSET
    options: AgencyOptions | Unset = UNSET
    seed: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        deck: list[str] | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = []
            for deck_item_data in self.deck:
                deck_item = deck_item_data.value
                deck.append(deck_item)

        first_leader = self.first_leader

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

        field_dict.update({})
        if clock is not UNSET:
            field_dict["clock"] = clock
        if deck is not UNSET:
            field_dict["deck"] = deck
        if first_leader is not UNSET:
            field_dict["first_leader"] = first_leader
        if hands is not UNSET:
            field_dict["hands"] = hands
        if options is not UNSET:
            field_dict["options"] = options
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_options import AgencyOptions  # noqa: PLC0415
        from ..models.deal_clock import DealClock  # noqa: PLC0415

        d = dict(src_dict)
        _clock = d.pop("clock", UNSET)
        clock: DealClock | Unset
        if isinstance(_clock, Unset):
            clock = UNSET
        else:
            clock = DealClock.from_dict(_clock)

        _deck = d.pop("deck", UNSET)
        deck: list[AgencyCard] | Unset = UNSET
        if _deck is not UNSET:
            deck = []
            for deck_item_data in _deck:
                deck_item = AgencyCard(deck_item_data)

                deck.append(deck_item)

        first_leader = d.pop("first_leader", UNSET)

        _hands = d.pop("hands", UNSET)
        hands: list[list[AgencyCard]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = []
                _hands_item = hands_item_data
                for hands_item_item_data in _hands_item:
                    hands_item_item = AgencyCard(hands_item_item_data)

                    hands_item.append(hands_item_item)

                hands.append(hands_item)

        _options = d.pop("options", UNSET)
        options: AgencyOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgencyOptions.from_dict(_options)

        seed = d.pop("seed", UNSET)

        agency_first_hand_deal = cls(
            clock=clock,
            deck=deck,
            first_leader=first_leader,
            hands=hands,
            options=options,
            seed=seed,
        )

        return agency_first_hand_deal
