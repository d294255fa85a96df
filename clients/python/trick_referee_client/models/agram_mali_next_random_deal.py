from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_mali_options import AgramMaliOptions
    from ..models.agram_mali_state import AgramMaliState


T = TypeVar("T", bound="AgramMaliNextRandomDeal")


@_attrs_define
class AgramMaliNextRandomDeal:
    """
    Attributes:
        previous (AgramMaliState | str): The finished hand this one follows in a match (RULINGS F7): its winner deals.
            Sealed mode: its token.
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (AgramMaliOptions | Unset):
        players (int | Unset): Number of seats: 2 to 6 (RULINGS F8).
    """

    previous: AgramMaliState | str
    dealer: int | Unset = UNSET
    options: AgramMaliOptions | Unset = UNSET
    players: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agram_mali_state import AgramMaliState  # noqa: PLC0415

        previous: dict[str, Any] | str
        if isinstance(self.previous, AgramMaliState):
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
        from ..models.agram_mali_options import AgramMaliOptions  # noqa: PLC0415
        from ..models.agram_mali_state import AgramMaliState  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_previous(data: object) -> AgramMaliState | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                previous_type_0 = AgramMaliState.from_dict(data)

                return previous_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgramMaliState | str, data)

        previous = _parse_previous(d.pop("previous"))

        dealer = d.pop("dealer", UNSET)

        _options = d.pop("options", UNSET)
        options: AgramMaliOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgramMaliOptions.from_dict(_options)

        players = d.pop("players", UNSET)

        agram_mali_next_random_deal = cls(
            previous=previous,
            dealer=dealer,
            options=options,
            players=players,
        )

        return agram_mali_next_random_deal
