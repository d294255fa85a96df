from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Readiness")


@_attrs_define
class Readiness:
    """
    Attributes:
        games (int): Number of games the referee serves.
        status (str): `ready`.
    """

    games: int
    status: str

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "games": games,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = d.pop("games")

        status = d.pop("status")

        readiness = cls(
            games=games,
            status=status,
        )

        return readiness
