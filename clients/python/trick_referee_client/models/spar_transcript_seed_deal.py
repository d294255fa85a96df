from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.spar_options import SparOptions


T = TypeVar("T", bound="SparTranscriptSeedDeal")


@_attrs_define
class SparTranscriptSeedDeal:
    """
    Attributes:
        seed (int): Deal from this seed: the same seed, game and options give the same deal (see docs/api.md, Seeded
            deals).
        dealer (int | Unset): The dealing seat (F3); the seat after it leads first (F4). Default 0; with previous, the
            last hand's winner.
        options (SparOptions | Unset):
        players (int | Unset): Number of seats: 2 to 7 (RULINGS F8).
    """

    seed: int
    dealer: int | Unset = UNSET
    options: SparOptions | Unset = UNSET
    players: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seed = self.seed

        dealer = self.dealer

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        players = self.players

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seed": seed,
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
        from ..models.spar_options import SparOptions  # noqa: PLC0415

        d = dict(src_dict)
        seed = d.pop("seed")

        dealer = d.pop("dealer", UNSET)

        _options = d.pop("options", UNSET)
        options: SparOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = SparOptions.from_dict(_options)

        players = d.pop("players", UNSET)

        spar_transcript_seed_deal = cls(
            seed=seed,
            dealer=dealer,
            options=options,
            players=players,
        )

        return spar_transcript_seed_deal
