from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.fapfap_play_review import FapfapPlayReview


T = TypeVar("T", bound="FapfapReview")


@_attrs_define
class FapfapReview:
    """
    Attributes:
        exact (bool): Whether every entry is exact.
        nodes (int): The work spent, in search nodes (at most the referee's budget).
        plays (list[FapfapPlayReview]): One entry per play made so far, in order.
    """

    exact: bool
    nodes: int
    plays: list[FapfapPlayReview]

    def to_dict(self) -> dict[str, Any]:
        exact = self.exact

        nodes = self.nodes

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "exact": exact,
                "nodes": nodes,
                "plays": plays,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fapfap_play_review import FapfapPlayReview  # noqa: PLC0415

        d = dict(src_dict)
        exact = d.pop("exact")

        nodes = d.pop("nodes")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = FapfapPlayReview.from_dict(plays_item_data)

            plays.append(plays_item)

        fapfap_review = cls(
            exact=exact,
            nodes=nodes,
            plays=plays,
        )

        return fapfap_review
