from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agency_play_review import AgencyPlayReview


T = TypeVar("T", bound="AgencyReview")


@_attrs_define
class AgencyReview:
    """
    Attributes:
        exact (bool): Whether every entry is exact.
        nodes (int): The work spent, in search nodes (at most the referee's budget).
        plays (list[AgencyPlayReview]): One entry per play made so far, in order.
    """

    exact: bool
    nodes: int
    plays: list[AgencyPlayReview]

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
        from ..models.agency_play_review import AgencyPlayReview  # noqa: PLC0415

        d = dict(src_dict)
        exact = d.pop("exact")

        nodes = d.pop("nodes")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = AgencyPlayReview.from_dict(plays_item_data)

            plays.append(plays_item)

        agency_review = cls(
            exact=exact,
            nodes=nodes,
            plays=plays,
        )

        return agency_review
