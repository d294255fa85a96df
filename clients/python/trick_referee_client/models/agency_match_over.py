from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agency_match_over_type import AgencyMatchOverType
from ..types import UNSET, Unset

T = TypeVar("T", bound="AgencyMatchOver")


@_attrs_define
class AgencyMatchOver:
    """
    Attributes:
        tally (list[int]): The final tally.
        type_ (AgencyMatchOverType): What happened.
        winner (int): The team that reached the target.
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
    """

    tally: list[int]
    type_: AgencyMatchOverType
    winner: int
    hand: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        tally = self.tally

        type_ = self.type_.value

        winner = self.winner

        hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tally": tally,
                "type": type_,
                "winner": winner,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tally = cast(list[int], d.pop("tally"))

        type_ = AgencyMatchOverType(d.pop("type"))

        winner = d.pop("winner")

        hand = d.pop("hand", UNSET)

        agency_match_over = cls(
            tally=tally,
            type_=type_,
            winner=winner,
            hand=hand,
        )

        return agency_match_over
