from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_state import AgramState


T = TypeVar("T", bound="AgramOpenSuggestRequest")


@_attrs_define
class AgramOpenSuggestRequest:
    """
    Attributes:
        state (AgramState):
        level (BotLevel | Unset):
        seed (int | Unset): Any integer 0 to 2^63-1: the same body with a seed always gets the same move. Without one,
            the referee draws one.
    """

    state: AgramState
    level: BotLevel | Unset = UNSET
    seed: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        state = self.state.to_dict()

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value

        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "state": state,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agram_state import AgramState  # noqa: PLC0415

        d = dict(src_dict)
        state = AgramState.from_dict(d.pop("state"))

        _level = d.pop("level", UNSET)
        level: BotLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = BotLevel(_level)

        seed = d.pop("seed", UNSET)

        agram_open_suggest_request = cls(
            state=state,
            level=level,
            seed=seed,
        )

        return agram_open_suggest_request
