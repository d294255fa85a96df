from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sink_sink_play import SinkSinkPlay


T = TypeVar("T", bound="SinkSinkTrick")


@_attrs_define
class SinkSinkTrick:
    """
    Attributes:
        leader (int): The seat that led it (RULINGS C2).
        plays (list[SinkSinkPlay]):
    """

    leader: int
    plays: list[SinkSinkPlay]

    def to_dict(self) -> dict[str, Any]:
        leader = self.leader

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "leader": leader,
                "plays": plays,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sink_sink_play import SinkSinkPlay  # noqa: PLC0415

        d = dict(src_dict)
        leader = d.pop("leader")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = SinkSinkPlay.from_dict(plays_item_data)

            plays.append(plays_item)

        sink_sink_trick = cls(
            leader=leader,
            plays=plays,
        )

        return sink_sink_trick
