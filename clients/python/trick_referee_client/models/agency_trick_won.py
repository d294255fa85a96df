from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard
from ..models.agency_trick_won_type import AgencyTrickWonType
from ..types import UNSET, Unset

T = TypeVar("T", bound="AgencyTrickWon")


@_attrs_define
class AgencyTrickWon:
    """
    Attributes:
        card (AgencyCard):
        points (int): Card points in the trick (A3).
        trick (int): The trick's number in the hand, from 1.
        type_ (AgencyTrickWonType): What happened.
        winner (int): The seat that won it.
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
    """

    card: AgencyCard
    points: int
    trick: int
    type_: AgencyTrickWonType
    winner: int
    hand: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        points = self.points

        trick = self.trick

        type_ = self.type_.value

        winner = self.winner

        hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "points": points,
                "trick": trick,
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
        card = AgencyCard(d.pop("card"))

        points = d.pop("points")

        trick = d.pop("trick")

        type_ = AgencyTrickWonType(d.pop("type"))

        winner = d.pop("winner")

        hand = d.pop("hand", UNSET)

        agency_trick_won = cls(
            card=card,
            points=points,
            trick=trick,
            type_=type_,
            winner=winner,
            hand=hand,
        )

        return agency_trick_won
