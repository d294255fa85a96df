from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AgramMaliRecordResponse")


@_attrs_define
class AgramMaliRecordResponse:
    """
    Attributes:
        record (str): The hand's canonical record: one line (docs/notation.md).
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

        agram_mali_record_response = cls(
            record=record,
        )

        return agram_mali_record_response
