from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_move import AgramMove


T = TypeVar("T", bound="AgramPlayReview")


@_attrs_define
class AgramPlayReview:
    """
    Attributes:
        exact (bool): Whether both values were proved within the budget.
        move (AgramMove):
        ply (int): The play's index in the hand, from 0.
        value_after (int | None): The most it can guarantee after the play; null when not exact. Below `value_before`:
            the play lost something.
        value_before (int | None): The most its seat (Agency: team) could guarantee before the play; null when not
            exact.
        after (list[int] | Unset): Not exact: proved bounds `[lower, upper]` of the value after.
        before (list[int] | Unset): Not exact: proved bounds `[lower, upper]` of the value before.
    """

    exact: bool
    move: AgramMove
    ply: int
    value_after: int | None
    value_before: int | None
    after: list[int] | Unset = UNSET
    before: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        exact = self.exact

        move = self.move.to_dict()

        ply = self.ply

        value_after: int | None
        value_after = self.value_after

        value_before: int | None
        value_before = self.value_before

        after: list[int] | Unset = UNSET
        if not isinstance(self.after, Unset):
            after = self.after

        before: list[int] | Unset = UNSET
        if not isinstance(self.before, Unset):
            before = self.before

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "exact": exact,
                "move": move,
                "ply": ply,
                "value_after": value_after,
                "value_before": value_before,
            }
        )
        if after is not UNSET:
            field_dict["after"] = after
        if before is not UNSET:
            field_dict["before"] = before

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agram_move import AgramMove  # noqa: PLC0415

        d = dict(src_dict)
        exact = d.pop("exact")

        move = AgramMove.from_dict(d.pop("move"))

        ply = d.pop("ply")

        def _parse_value_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        value_after = _parse_value_after(d.pop("value_after"))

        def _parse_value_before(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        value_before = _parse_value_before(d.pop("value_before"))

        after = cast(list[int], d.pop("after", UNSET))

        before = cast(list[int], d.pop("before", UNSET))

        agram_play_review = cls(
            exact=exact,
            move=move,
            ply=ply,
            value_after=value_after,
            value_before=value_before,
            after=after,
            before=before,
        )

        return agram_play_review
