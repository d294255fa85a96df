from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SinkSinkRecordsReplay")


@_attrs_define
class SinkSinkRecordsReplay:
    """
    Attributes:
        records (list[str]): The records of a match's hands in order (docs/notation.md), each as `record` answers it, in
            place of a transcript's deal, moves and `next_hands` (at most 101 hands, as a transcript): replayed exactly as
            those hands given that way, each later hand dealt after the one before. A line that cannot be read answers 422
            `record_invalid` with `position` on that line and `record`, its index in `records`; a refused deal or play 409
            with `record`, `hand` and `position`.
    """

    records: list[str]

    def to_dict(self) -> dict[str, Any]:
        records = self.records

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "records": records,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        records = cast(list[str], d.pop("records"))

        sink_sink_records_replay = cls(
            records=records,
        )

        return sink_sink_records_replay
