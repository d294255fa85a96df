from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ProblemType")


@_attrs_define
class ProblemType:
    """
    Attributes:
        code (str): Machine code of the problem type.
        description (str): What it means.
        status (int): HTTP status it answers with.
        title (str): Short summary.
    """

    code: str
    description: str
    status: int
    title: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        description = self.description

        status = self.status

        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "description": description,
                "status": status,
                "title": title,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        description = d.pop("description")

        status = d.pop("status")

        title = d.pop("title")

        problem_type = cls(
            code=code,
            description=description,
            status=status,
            title=title,
        )

        return problem_type
