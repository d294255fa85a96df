from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agency_move import AgencyMove


T = TypeVar("T", bound="AgencyLegalMoves")


@_attrs_define
class AgencyLegalMoves:
    """
    Attributes:
        moves (list[AgencyMove]): Every legal move.
        to_act (int | None): The seat to act; null once the hand is over.
    """

    moves: list[AgencyMove]
    to_act: int | None

    def to_dict(self) -> dict[str, Any]:
        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        to_act: int | None
        to_act = self.to_act

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "moves": moves,
                "to_act": to_act,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_move import AgencyMove  # noqa: PLC0415

        d = dict(src_dict)
        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AgencyMove.from_dict(moves_item_data)

            moves.append(moves_item)

        def _parse_to_act(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_act = _parse_to_act(d.pop("to_act"))

        agency_legal_moves = cls(
            moves=moves,
            to_act=to_act,
        )

        return agency_legal_moves
