from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agency_public_state import AgencyPublicState
    from ..models.seat_reseated import SeatReseated


T = TypeVar("T", bound="AgencyReseated")


@_attrs_define
class AgencyReseated:
    """
    Attributes:
        credential (str): The seat's new credential: send it as `Authorization: Bearer <credential>`, on this token and
            every later one of the match.
        events (list[SeatReseated]): What happened, as a play's events say it: the seat given a new player. The state's
            `reseats` counts it for every seat and spectator.
        seat (int): The seat given a new player.
        state (AgencyPublicState):
        token (str): The hand's new token, in which the seat's old credential no longer acts.
    """

    credential: str
    events: list[SeatReseated]
    seat: int
    state: AgencyPublicState
    token: str

    def to_dict(self) -> dict[str, Any]:
        credential = self.credential

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        seat = self.seat

        state = self.state.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "credential": credential,
                "events": events,
                "seat": seat,
                "state": state,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_public_state import AgencyPublicState  # noqa: PLC0415
        from ..models.seat_reseated import SeatReseated  # noqa: PLC0415

        d = dict(src_dict)
        credential = d.pop("credential")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = SeatReseated.from_dict(events_item_data)

            events.append(events_item)

        seat = d.pop("seat")

        state = AgencyPublicState.from_dict(d.pop("state"))

        token = d.pop("token")

        agency_reseated = cls(
            credential=credential,
            events=events,
            seat=seat,
            state=state,
            token=token,
        )

        return agency_reseated
