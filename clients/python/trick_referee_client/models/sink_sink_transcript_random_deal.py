from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sink_sink_options import SinkSinkOptions


T = TypeVar("T", bound="SinkSinkTranscriptRandomDeal")


@_attrs_define
class SinkSinkTranscriptRandomDeal:
    """
    Attributes:
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (SinkSinkOptions | Unset):
        players (int | Unset): Number of seats: 2 to 7 (RULINGS F8).
    """

    dealer: int | Unset = UNSET
    options: SinkSinkOptions | Unset = UNSET
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
        from ..models.sink_sink_options import SinkSinkOptions  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer", UNSET)

        _options = d.pop("options", UNSET)
        options: SinkSinkOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = SinkSinkOptions.from_dict(_options)

        players = d.pop("players", UNSET)

        sink_sink_transcript_random_deal = cls(
            dealer=dealer,
            options=options,
            players=players,
        )

        return sink_sink_transcript_random_deal
