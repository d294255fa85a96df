from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.spar_card import SparCard
from ..models.spar_card_played_type import SparCardPlayedType
from ..types import UNSET, Unset

T = TypeVar("T", bound="SparCardPlayed")


@_attrs_define
class SparCardPlayed:
    """
    Attributes:
        card (SparCard):
        seat (int): The seat that played.
        type_ (SparCardPlayedType): What happened.
        hand (int | Unset): replay: the hand's number in the transcript, from 1.
        timeout (bool | Unset): true when the referee made the play for a seat whose time ran out (`timeout`); absent
            otherwise.
    """

    card: SparCard
    seat: int
    type_: SparCardPlayedType
    hand: int | Unset = UNSET
    timeout: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        seat = self.seat

        type_ = self.type_.value

        hand = self.hand

        timeout = self.timeout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "seat": seat,
                "type": type_,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand
        if timeout is not UNSET:
            field_dict["timeout"] = timeout

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = SparCard(d.pop("card"))

        seat = d.pop("seat")

        type_ = SparCardPlayedType(d.pop("type"))

        hand = d.pop("hand", UNSET)

        timeout = d.pop("timeout", UNSET)

        spar_card_played = cls(
            card=card,
            seat=seat,
            type_=type_,
            hand=hand,
            timeout=timeout,
        )

        return spar_card_played
