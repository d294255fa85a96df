from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fapfap_options import FapfapOptions


T = TypeVar("T", bound="FapfapTranscriptRandomDeal")


@_attrs_define
class FapfapTranscriptRandomDeal:
    """
    Attributes:
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (FapfapOptions | Unset):
        players (int | Unset): Number of seats: 2 to 7 (RULINGS F8).
    """

    dealer: int | Unset = UNSET
    options: FapfapOptions | Unset = UNSET
    players: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        players = self.players

        field_dict: dict[str, Any] = {}

        field_dict.update({})
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
        dealer = d.pop("dealer", UNSET)

        _options = d.pop("options", UNSET)
        options: FapfapOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = FapfapOptions.from_dict(_options)

        players = d.pop("players", UNSET)

        fapfap_transcript_random_deal = cls(
            dealer=dealer,
            options=options,
            players=players,
        )

        return fapfap_transcript_random_deal
