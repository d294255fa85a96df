from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.agency_trick_discarded_type import AgencyTrickDiscardedType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_move import AgencyMove


T = TypeVar("T", bound="AgencyTrickDiscarded")


@_attrs_define
class AgencyTrickDiscarded:
    """
    Attributes:
        plays (list[AgencyMove]): The discarded plays.
        type_ (AgencyTrickDiscardedType): What happened.
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
    """

    plays: list[AgencyMove]
    type_: AgencyTrickDiscardedType
    hand: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        type_ = self.type_.value

        hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plays": plays,
                "type": type_,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_move import AgencyMove  # noqa: PLC0415

        d = dict(src_dict)
        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = AgencyMove.from_dict(plays_item_data)

            plays.append(plays_item)

        type_ = AgencyTrickDiscardedType(d.pop("type"))

        hand = d.pop("hand", UNSET)

        agency_trick_discarded = cls(
            plays=plays,
            type_=type_,
            hand=hand,
        )

        return agency_trick_discarded
