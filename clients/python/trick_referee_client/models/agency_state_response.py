from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_public_state import AgencyPublicState
    from ..models.agency_state import AgencyState
    from ..models.seat_credential import SeatCredential


T = TypeVar("T", bound="AgencyStateResponse")


@_attrs_define
class AgencyStateResponse:
    """
    Attributes:
        state (AgencyPublicState | AgencyState): The state (open and signed modes), or the public state (sealed mode).
        host (str | Unset): Sealed mode, a match's first deal: the match's host credential, which gives a seat a new
            player (`reseat`) and acts for no seat.
        seats (list[SeatCredential] | Unset): Sealed mode, a match's first deal: each seat's credential.
        token (str | Unset): Sealed mode: the hand's token, to send back in place of the state.
    """

    state: AgencyPublicState | AgencyState
    host: str | Unset = UNSET
    seats: list[SeatCredential] | Unset = UNSET
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agency_state import AgencyState  # noqa: PLC0415

        state: dict[str, Any]
        if isinstance(self.state, AgencyState):
            state = self.state.to_dict()
        else:
            state = self.state.to_dict()

        host = self.host

        seats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for seats_item_data in self.seats:
                seats_item = seats_item_data.to_dict()
                seats.append(seats_item)

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "state": state,
            }
        )
        if host is not UNSET:
            field_dict["host"] = host
        if seats is not UNSET:
            field_dict["seats"] = seats
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_public_state import AgencyPublicState  # noqa: PLC0415
        from ..models.agency_state import AgencyState  # noqa: PLC0415
        from ..models.seat_credential import SeatCredential  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_state(data: object) -> AgencyPublicState | AgencyState:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = AgencyState.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            state_type_1 = AgencyPublicState.from_dict(data)

            return state_type_1

        state = _parse_state(d.pop("state"))

        host = d.pop("host", UNSET)

        _seats = d.pop("seats", UNSET)
        seats: list[SeatCredential] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:
                seats_item = SeatCredential.from_dict(seats_item_data)

                seats.append(seats_item)

        token = d.pop("token", UNSET)

        agency_state_response = cls(
            state=state,
            host=host,
            seats=seats,
            token=token,
        )

        return agency_state_response
