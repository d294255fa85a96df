from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.fapfap_card import FapfapCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fapfap_play import FapfapPlay


T = TypeVar("T", bound="FapfapCompletedTrick")


@_attrs_define
class FapfapCompletedTrick:
    """
    Attributes:
        leader (int): The seat that led it.
        plays (list[FapfapPlay]):
        card (FapfapCard | Unset):
        winner (int | Unset): The seat that won it.
    """

    leader: int
    plays: list[FapfapPlay]
    card: FapfapCard | Unset = UNSET
    winner: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        leader = self.leader

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        card: str | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card.value

        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "leader": leader,
                "plays": plays,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fapfap_play import FapfapPlay  # noqa: PLC0415

        d = dict(src_dict)
        leader = d.pop("leader")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = FapfapPlay.from_dict(plays_item_data)

            plays.append(plays_item)

        _card = d.pop("card", UNSET)
        card: FapfapCard | Unset
        if isinstance(_card, Unset):
            card = UNSET
        else:
            card = FapfapCard(_card)

        winner = d.pop("winner", UNSET)

        fapfap_completed_trick = cls(
            leader=leader,
            plays=plays,
            card=card,
            winner=winner,
        )

        return fapfap_completed_trick
