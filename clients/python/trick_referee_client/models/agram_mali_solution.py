from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_mali_move_value import AgramMaliMoveValue


T = TypeVar("T", bound="AgramMaliSolution")


@_attrs_define
class AgramMaliSolution:
    """
    Attributes:
        exact (bool): Whether every value was proved within the budget.
        moves (list[AgramMaliMoveValue]): Every legal move of the seat to act, with the most it can guarantee after it,
            every card known; empty once the hand is over.
        nodes (int): The work spent, in search nodes (at most the referee's budget).
        to_act (int | None): The seat to act; null once the hand is over.
        value (int | None | Unset): Exact: the best move's value; null once the hand is over; absent when not exact.
    """

    exact: bool
    moves: list[AgramMaliMoveValue]
    nodes: int
    to_act: int | None
    value: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        exact = self.exact

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        nodes = self.nodes

        to_act: int | None
        to_act = self.to_act

        value: int | None | Unset
        if isinstance(self.value, Unset):
            value = UNSET
        else:
            value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "exact": exact,
                "moves": moves,
                "nodes": nodes,
                "to_act": to_act,
            }
        )
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agram_mali_move_value import AgramMaliMoveValue  # noqa: PLC0415

        d = dict(src_dict)
        exact = d.pop("exact")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AgramMaliMoveValue.from_dict(moves_item_data)

            moves.append(moves_item)

        nodes = d.pop("nodes")

        def _parse_to_act(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_act = _parse_to_act(d.pop("to_act"))

        def _parse_value(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        value = _parse_value(d.pop("value", UNSET))

        agram_mali_solution = cls(
            exact=exact,
            moves=moves,
            nodes=nodes,
            to_act=to_act,
            value=value,
        )

        return agram_mali_solution
