from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fapfap_options import FapfapOptions
    from ..models.fapfap_state import FapfapState


T = TypeVar("T", bound="FapfapNextRandomDeal")


@_attrs_define
class FapfapNextRandomDeal:
    """
    Attributes:
        previous (FapfapState | str): The finished hand this one follows in a match (RULINGS F7): its winner deals.
            Sealed mode: its token.
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (FapfapOptions | Unset):
        players (int | Unset): Number of seats: 2 to 7 (RULINGS F8).
    """

    previous: FapfapState | str
    dealer: int | Unset = UNSET
    options: FapfapOptions | Unset = UNSET
    players: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.fapfap_state import FapfapState  # noqa: PLC0415

        previous: dict[str, Any] | str
        if isinstance(self.previous, FapfapState):
            previous = self.previous.to_dict()
        else:
            previous = self.previous

        dealer = self.dealer

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        players = self.players

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "previous": previous,
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
        from ..models.fapfap_state import FapfapState  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_previous(data: object) -> FapfapState | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                previous_type_0 = FapfapState.from_dict(data)

                return previous_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FapfapState | str, data)

        previous = _parse_previous(d.pop("previous"))

        dealer = d.pop("dealer", UNSET)

        _options = d.pop("options", UNSET)
        options: FapfapOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = FapfapOptions.from_dict(_options)

        players = d.pop("players", UNSET)

        fapfap_next_random_deal = cls(
            previous=previous,
            dealer=dealer,
            options=options,
            players=players,
        )

        return fapfap_next_random_deal
