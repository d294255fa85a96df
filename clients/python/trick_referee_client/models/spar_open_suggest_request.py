from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.spar_open_suggest_request_level import SparOpenSuggestRequestLevel
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.spar_state import SparState


T = TypeVar("T", bound="SparOpenSuggestRequest")


@_attrs_define
class SparOpenSuggestRequest:
    """
    Attributes:
        state (SparState):
        level (SparOpenSuggestRequestLevel | Unset): The bot's level. `random`: a uniformly random legal move, drawn
            from the seed; `rules`: the rule texts' own tips, from the seat's view: keep a card that can take the last trick
            and try to win the trick before it, lead weak suits early and follow low; in Agency give points to a partner's
            trick, take tricks with points with the cheapest winner, give nothing away otherwise; `search`: the default:
            worlds sampled from the seat's view (cards seen played, voids shown, Agency's holders, Walls and counts), each
            finished by every seat playing the tips from its own knowledge; the move with the best total value, the worlds
            weighted by how likely the other seats' plays are in them. Default: SparOpenSuggestRequestLevel.SEARCH.
        seed (int | Unset): Any integer 0 to 2^63-1: the same body with a seed always gets the same move. Without one,
            the referee draws one.
    """

    state: SparState
    level: SparOpenSuggestRequestLevel | Unset = SparOpenSuggestRequestLevel.SEARCH
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
        from ..models.spar_state import SparState  # noqa: PLC0415

        d = dict(src_dict)
        state = SparState.from_dict(d.pop("state"))

        _level = d.pop("level", UNSET)
        level: SparOpenSuggestRequestLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = SparOpenSuggestRequestLevel(_level)

        seed = d.pop("seed", UNSET)

        spar_open_suggest_request = cls(
            state=state,
            level=level,
            seed=seed,
        )

        return spar_open_suggest_request
