from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_options import AgencyOptions


T = TypeVar("T", bound="AgencyTranscriptSeedDeal")


@_attrs_define
class AgencyTranscriptSeedDeal:
    """
    Attributes:
        seed (int): Deal from this seed: the same seed, game and options give the same deal (see docs/api.md, Seeded
            deals).
        first_leader (int | Unset): The seat that leads the first trick (A14). Default 0; with previous, it must be of
            the team that lost (default: that team's lower seat).
        options (AgencyOptions | Unset):
    """

    seed: int
    first_leader: int | Unset = UNSET
    options: AgencyOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seed = self.seed

        first_leader = self.first_leader

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seed": seed,
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

        d = dict(src_dict)
        seed = d.pop("seed")

        first_leader = d.pop("first_leader", UNSET)

        _options = d.pop("options", UNSET)
        options: AgencyOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgencyOptions.from_dict(_options)

        agency_transcript_seed_deal = cls(
            seed=seed,
            first_leader=first_leader,
            options=options,
        )

        return agency_transcript_seed_deal
