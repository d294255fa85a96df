from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SinkSinkCheckResult")


@_attrs_define
class SinkSinkCheckResult:
    """
    Attributes:
        problems (list[str]): Every problem found, in the words of `invalid_state`.
        valid (bool): Whether the state is one the referee could have produced.
    """

    problems: list[str]
    valid: bool

    def to_dict(self) -> dict[str, Any]:
        problems = self.problems

        valid = self.valid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "problems": problems,
                "valid": valid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        problems = cast(list[str], d.pop("problems"))

        valid = d.pop("valid")

        sink_sink_check_result = cls(
            problems=problems,
            valid=valid,
        )

        return sink_sink_check_result
