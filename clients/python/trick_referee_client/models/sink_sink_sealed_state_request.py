from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SinkSinkSealedStateRequest")


@_attrs_define
class SinkSinkSealedStateRequest:
    """
    Attributes:
        token (str): Sealed mode: the hand's token, in place of its state.
    """

    token: str

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        sink_sink_sealed_state_request = cls(
            token=token,
        )

        return sink_sink_sealed_state_request
