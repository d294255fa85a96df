from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard
from ..types import UNSET, Unset

T = TypeVar("T", bound="AgencyDealRecord")


@_attrs_define
class AgencyDealRecord:
    """
    Attributes:
        hands (list[list[AgencyCard]]): hands[s]: seat s's dealt cards in dealt order.
        seed (int | None | Unset): The seed it was dealt from, if any.
        seed_text (None | str | Unset): The seed as a decimal string, which JavaScript reads exactly; null without a
            seed. Sent back, it must be the seed written in decimal.
        undealt (list[AgencyCard] | Unset): The cards left undealt.
    """

    hands: list[list[AgencyCard]]
    seed: int | None | Unset = UNSET
    seed_text: None | str | Unset = UNSET
    undealt: list[AgencyCard] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = []
            for hands_item_item_data in hands_item_data:
                hands_item_item = hands_item_item_data.value
                hands_item.append(hands_item_item)

            hands.append(hands_item)

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        seed_text: None | str | Unset
        if isinstance(self.seed_text, Unset):
            seed_text = UNSET
        else:
            seed_text = self.seed_text

        undealt: list[str] | Unset = UNSET
        if not isinstance(self.undealt, Unset):
            undealt = []
            for undealt_item_data in self.undealt:
                undealt_item = undealt_item_data.value
                undealt.append(undealt_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed
        if seed_text is not UNSET:
            field_dict["seed_text"] = seed_text
        if undealt is not UNSET:
            field_dict["undealt"] = undealt

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = []
            _hands_item = hands_item_data
            for hands_item_item_data in _hands_item:
                hands_item_item = AgencyCard(hands_item_item_data)

                hands_item.append(hands_item_item)

            hands.append(hands_item)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_seed_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed_text = _parse_seed_text(d.pop("seed_text", UNSET))

        _undealt = d.pop("undealt", UNSET)
        undealt: list[AgencyCard] | Unset = UNSET
        if _undealt is not UNSET:
            undealt = []
            for undealt_item_data in _undealt:
                undealt_item = AgencyCard(undealt_item_data)

                undealt.append(undealt_item)

        agency_deal_record = cls(
            hands=hands,
            seed=seed,
            seed_text=seed_text,
            undealt=undealt,
        )

        return agency_deal_record
