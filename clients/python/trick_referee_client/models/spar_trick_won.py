from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.spar_card import SparCard
from ..models.spar_trick_won_type import SparTrickWonType
from ..types import UNSET, Unset

T = TypeVar("T", bound="SparTrickWon")


@_attrs_define
class SparTrickWon:
    """
    Attributes:
        card (SparCard):
        trick (int): The trick's number in the hand, from 1.
        type_ (SparTrickWonType): What happened.
        winner (int): The seat that won it.
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
    """

    card: SparCard
    trick: int
    type_: SparTrickWonType
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
        card = SparCard(d.pop("card"))

        trick = d.pop("trick")

        type_ = SparTrickWonType(d.pop("type"))

        winner = d.pop("winner")

        hand = d.pop("hand", UNSET)

        spar_trick_won = cls(
            card=card,
            trick=trick,
            type_=type_,
            winner=winner,
            hand=hand,
        )

        return spar_trick_won
