from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_options import AgencyOptions
    from ..models.agency_state import AgencyState


T = TypeVar("T", bound="AgencyNextDeckDeal")


@_attrs_define
class AgencyNextDeckDeal:
    """
    Attributes:
        deck (list[AgencyCard]): A full deck order: card k (k < 32) goes to seat k mod 4; the last 4 stay undealt (A7).
        previous (AgencyState | str): The finished hand this one follows in a match (RULINGS A14): the team that lost it
            names the leader. Sealed mode: its token.
        first_leader (int | Unset): The seat that leads the first trick (A14). Default 0; with previous, it must be of
            the team that lost (default: that team's lower seat).
        options (AgencyOptions | Unset):
    """

    deck: list[AgencyCard]
    previous: AgencyState | str
    first_leader: int | Unset = UNSET
    options: AgencyOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agency_state import AgencyState  # noqa: PLC0415

        deck = []
        for deck_item_data in self.deck:
            deck_item = deck_item_data.value
            deck.append(deck_item)

        previous: dict[str, Any] | str
        if isinstance(self.previous, AgencyState):
            previous = self.previous.to_dict()
        else:
            previous = self.previous

        first_leader = self.first_leader

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deck": deck,
                "previous": previous,
            }
        )
        if first_leader is not UNSET:
            field_dict["first_leader"] = first_leader
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_options import AgencyOptions  # noqa: PLC0415
        from ..models.agency_state import AgencyState  # noqa: PLC0415

        d = dict(src_dict)
        deck = []
        _deck = d.pop("deck")
        for deck_item_data in _deck:
            deck_item = AgencyCard(deck_item_data)

            deck.append(deck_item)

        def _parse_previous(data: object) -> AgencyState | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                previous_type_0 = AgencyState.from_dict(data)

                return previous_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgencyState | str, data)

        previous = _parse_previous(d.pop("previous"))

        first_leader = d.pop("first_leader", UNSET)

        _options = d.pop("options", UNSET)
        options: AgencyOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgencyOptions.from_dict(_options)

        agency_next_deck_deal = cls(
            deck=deck,
            previous=previous,
            first_leader=first_leader,
            options=options,
        )

        return agency_next_deck_deal
