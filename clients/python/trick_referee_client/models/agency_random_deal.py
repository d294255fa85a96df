from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_options import AgencyOptions
    from ..models.deal_clock import DealClock


T = TypeVar("T", bound="AgencyRandomDeal")


@_attrs_define
class AgencyRandomDeal:
    """
    Attributes:
        clock (DealClock | Unset):
        first_leader (int | Unset): The seat that leads the first trick (A14). Default 0; with previous, it must be of
            the team that lost (default: that team's lower seat).
        options (AgencyOptions | Unset):
    """

    clock: DealClock | Unset = UNSET
    first_leader: int | Unset = UNSET
    options: AgencyOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        first_leader = self.first_leader

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if clock is not UNSET:
            field_dict["clock"] = clock
        if first_leader is not UNSET:
            field_dict["first_leader"] = first_leader
        if options is not UNSET:
            field_dict["options"] = options

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

        first_leader = d.pop("first_leader", UNSET)

        _options = d.pop("options", UNSET)
        options: AgencyOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgencyOptions.from_dict(_options)

        agency_random_deal = cls(
            clock=clock,
            first_leader=first_leader,
            options=options,
        )

        return agency_random_deal
