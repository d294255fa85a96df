from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.fapfap_card import FapfapCard
from ..models.fapfap_trick_won_type import FapfapTrickWonType
from ..types import UNSET, Unset

T = TypeVar("T", bound="FapfapTrickWon")


@_attrs_define
class FapfapTrickWon:
    """
    Attributes:
        card (FapfapCard):
        trick (int): The trick's number in the hand, from 1.
        type_ (FapfapTrickWonType): What happened.
        winner (int): The seat that won it.
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
    """

    card: FapfapCard
    trick: int
    type_: FapfapTrickWonType
    winner: int
    hand: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        trick = self.trick

        type_ = self.type_.value

        winner = self.winner

        hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
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
        card = FapfapCard(d.pop("card"))

        trick = d.pop("trick")

        type_ = FapfapTrickWonType(d.pop("type"))

        winner = d.pop("winner")

        hand = d.pop("hand", UNSET)

        fapfap_trick_won = cls(
            card=card,
            trick=trick,
            type_=type_,
            winner=winner,
            hand=hand,
        )

        return fapfap_trick_won
