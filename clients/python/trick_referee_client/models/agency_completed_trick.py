from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_play import AgencyPlay


T = TypeVar("T", bound="AgencyCompletedTrick")


@_attrs_define
class AgencyCompletedTrick:
    """
    Attributes:
        leader (int): The seat that led it.
        plays (list[AgencyPlay]):
        card (AgencyCard | Unset):
        points (int | Unset): Card points in it (A3).
        winner (int | Unset): The seat that won it.
    """

    leader: int
    plays: list[AgencyPlay]
    card: AgencyCard | Unset = UNSET
    points: int | Unset = UNSET
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

        points = self.points

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
        if points is not UNSET:
            field_dict["points"] = points
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_play import AgencyPlay  # noqa: PLC0415

        d = dict(src_dict)
        leader = d.pop("leader")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = AgencyPlay.from_dict(plays_item_data)

            plays.append(plays_item)

        _card = d.pop("card", UNSET)
        card: AgencyCard | Unset
        if isinstance(_card, Unset):
            card = UNSET
        else:
            card = AgencyCard(_card)

        points = d.pop("points", UNSET)

        winner = d.pop("winner", UNSET)

        agency_completed_trick = cls(
            leader=leader,
            plays=plays,
            card=card,
            points=points,
            winner=winner,
        )

        return agency_completed_trick
