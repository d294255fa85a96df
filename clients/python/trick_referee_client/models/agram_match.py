from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agram_match_unit import AgramMatchUnit
from ..types import UNSET, Unset

T = TypeVar("T", bound="AgramMatch")


@_attrs_define
class AgramMatch:
    """
    Attributes:
        hand (int): This hand's number in the match, from 1.
        previous (list[int]): The tally per seat before this hand.
        over (bool | Unset): Whether the match is over.
        tally (list[int] | Unset): The tally per seat, with this hand once it is over.
        target (int | None | Unset): What wins the match (the target option); null: no target.
        unit (AgramMatchUnit | Unset): What the tally counts: `hands`, `points`, `balance` or `game_points`.
        winner (int | None | Unset): The seat that won the match, once it is over.
    """

    hand: int
    previous: list[int]
    over: bool | Unset = UNSET
    tally: list[int] | Unset = UNSET
    target: int | None | Unset = UNSET
    unit: AgramMatchUnit | Unset = UNSET
    winner: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hand = self.hand

        previous = self.previous

        over = self.over

        tally: list[int] | Unset = UNSET
        if not isinstance(self.tally, Unset):
            tally = self.tally

        target: int | None | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target

        unit: str | Unset = UNSET
        if not isinstance(self.unit, Unset):
            unit = self.unit.value

        winner: int | None | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand": hand,
                "previous": previous,
            }
        )
        if over is not UNSET:
            field_dict["over"] = over
        if tally is not UNSET:
            field_dict["tally"] = tally
        if target is not UNSET:
            field_dict["target"] = target
        if unit is not UNSET:
            field_dict["unit"] = unit
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand = d.pop("hand")

        previous = cast(list[int], d.pop("previous"))

        over = d.pop("over", UNSET)

        tally = cast(list[int], d.pop("tally", UNSET))

        def _parse_target(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        target = _parse_target(d.pop("target", UNSET))

        _unit = d.pop("unit", UNSET)
        unit: AgramMatchUnit | Unset
        if isinstance(_unit, Unset):
            unit = UNSET
        else:
            unit = AgramMatchUnit(_unit)

        def _parse_winner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))

        agram_match = cls(
            hand=hand,
            previous=previous,
            over=over,
            tally=tally,
            target=target,
            unit=unit,
            winner=winner,
        )

        return agram_match
