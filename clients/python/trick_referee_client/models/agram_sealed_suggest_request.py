from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..types import UNSET, Unset

T = TypeVar("T", bound="AgramSealedSuggestRequest")


@_attrs_define
class AgramSealedSuggestRequest:
    """
    Attributes:
        token (str): Sealed mode: the hand's token, in place of its state.
        level (BotLevel | Unset):
        seed (int | Unset): Any integer 0 to 2^63-1: the same body with a seed always gets the same move. Without one,
            the referee draws one.
    """

    token: str
    level: BotLevel | Unset = UNSET
    seed: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value

        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        _level = d.pop("level", UNSET)
        level: BotLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = BotLevel(_level)

        seed = d.pop("seed", UNSET)

        agram_sealed_suggest_request = cls(
            token=token,
            level=level,
            seed=seed,
        )

        return agram_sealed_suggest_request
