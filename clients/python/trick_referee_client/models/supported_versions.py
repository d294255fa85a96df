from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SupportedVersions")


@_attrs_define
class SupportedVersions:
    """
    Attributes:
        rules_version (str):
        schema_version (int):
    """

    rules_version: str
    schema_version: int

    def to_dict(self) -> dict[str, Any]:
        rules_version = self.rules_version

        schema_version = self.schema_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rules_version": rules_version,
                "schema_version": schema_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rules_version = d.pop("rules_version")

        schema_version = d.pop("schema_version")

        supported_versions = cls(
            rules_version=rules_version,
            schema_version=schema_version,
        )

        return supported_versions
