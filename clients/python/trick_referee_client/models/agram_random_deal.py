from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_options import AgramOptions
    from ..models.deal_clock import DealClock


T = TypeVar("T", bound="AgramRandomDeal")


@_attrs_define
class AgramRandomDeal:
    """
    Attributes:
        players (int): Number of seats: 2 to 5 (RULINGS F8).
        clock (DealClock | Unset):
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (AgramOptions | Unset):
    """

    players: int
    clock: DealClock | Unset = UNSET
    dealer: int | Unset = UNSET
    options: AgramOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
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

        agram_random_deal = cls(
            players=players,
            clock=clock,
            dealer=dealer,
            options=options,
        )

        return agram_random_deal
