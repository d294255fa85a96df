from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sink_sink_move import SinkSinkMove


T = TypeVar("T", bound="SinkSinkMoveValue")


@_attrs_define
class SinkSinkMoveValue:
    """
    Attributes:
        move (SinkSinkMove):
        lower (int | Unset): Not exact: a value the seat can guarantee after this move (proved).
        upper (int | Unset): Not exact: a value the other seats can hold it to (proved).
        value (int | Unset): Exact: the most the seat can guarantee after this move. Its value for the seat to act
            (Agency: its team), as the contract's table gives it: 1 or 0 (Agram, Sink-Sink, Agram Mali); the winner's points
            (Spar, RULINGS F2); the net payout with the stake (Fapfap, F6); 1, 0 or -1 (Agency, A13).
    """

    move: SinkSinkMove
    lower: int | Unset = UNSET
    upper: int | Unset = UNSET
    value: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        move = self.move.to_dict()

        lower = self.lower

        upper = self.upper

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "move": move,
            }
        )
        if lower is not UNSET:
            field_dict["lower"] = lower
        if upper is not UNSET:
            field_dict["upper"] = upper
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sink_sink_move import SinkSinkMove  # noqa: PLC0415

        d = dict(src_dict)
        move = SinkSinkMove.from_dict(d.pop("move"))

        lower = d.pop("lower", UNSET)

        upper = d.pop("upper", UNSET)

        value = d.pop("value", UNSET)

        sink_sink_move_value = cls(
            move=move,
            lower=lower,
            upper=upper,
            value=value,
        )

        return sink_sink_move_value
