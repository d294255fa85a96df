from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.field_errors import FieldErrors


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """
    Attributes:
        code (str): Machine-readable snake_case code, e.g. `must_follow_suit`, `validation_failed`.
        detail (str): What went wrong here, in one sentence; names the rule broken.
        status (int): HTTP status code.
        title (str): Short summary of the problem type.
        type_ (str): URI of the problem type: `about:blank` or `/problems/<code>`.
        errors (FieldErrors | Unset):
        errors_truncated (bool | Unset): 422 only: true when the body has more faults than the first 50 listed (the
            referee stops reading a body there).
        position (int | Unset): A record refused (`record_invalid`, or a deal or play of a record the rules refuse): the
            0-based character offset of the first character at fault on its line (docs/notation.md).
        problems (list[str] | Unset): Every invariant the state breaks (`invalid_state` only).
        record (int | Unset): `replay` of a match's `records`: the index in `records` (from 0) of the record at fault.
        remaining_ms (int | Unset): `clock_running`: how long the seat to act has left, in milliseconds.
    """

    code: str
    detail: str
    status: int
    title: str
    type_: str
    errors: FieldErrors | Unset = UNSET
    errors_truncated: bool | Unset = UNSET
    position: int | Unset = UNSET
    problems: list[str] | Unset = UNSET
    record: int | Unset = UNSET
    remaining_ms: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        detail = self.detail

        status = self.status

        title = self.title

        type_ = self.type_

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        errors_truncated = self.errors_truncated

        position = self.position

        problems: list[str] | Unset = UNSET
        if not isinstance(self.problems, Unset):
            problems = self.problems

        record = self.record

        remaining_ms = self.remaining_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "detail": detail,
                "status": status,
                "title": title,
                "type": type_,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors
        if errors_truncated is not UNSET:
            field_dict["errors_truncated"] = errors_truncated
        if position is not UNSET:
            field_dict["position"] = position
        if problems is not UNSET:
            field_dict["problems"] = problems
        if record is not UNSET:
            field_dict["record"] = record
        if remaining_ms is not UNSET:
            field_dict["remaining_ms"] = remaining_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.field_errors import FieldErrors  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        detail = d.pop("detail")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        _errors = d.pop("errors", UNSET)
        errors: FieldErrors | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = FieldErrors.from_dict(_errors)

        errors_truncated = d.pop("errors_truncated", UNSET)

        position = d.pop("position", UNSET)

        problems = cast(list[str], d.pop("problems", UNSET))

        record = d.pop("record", UNSET)

        remaining_ms = d.pop("remaining_ms", UNSET)

        problem = cls(
            code=code,
            detail=detail,
            status=status,
            title=title,
            type_=type_,
            errors=errors,
            errors_truncated=errors_truncated,
            position=position,
            problems=problems,
            record=record,
            remaining_ms=remaining_ms,
        )

        return problem
