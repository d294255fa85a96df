from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AgencyRecordReplay")


@_attrs_define
class AgencyRecordReplay:
    """
    Attributes:
        record (str): One hand's record (docs/notation.md), as `record` answers it, in place of `deal` and `moves`: it
            is replayed exactly as its deal and plays given apart. A line that cannot be read answers 422 `record_invalid`
            with `position`, the 0-based offset of the first character at fault.
    """

    record: str

    def to_dict(self) -> dict[str, Any]:
        record = self.record

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "record": record,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        record = d.pop("record")

        agency_record_replay = cls(
            record=record,
        )

        return agency_record_replay
