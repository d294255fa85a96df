from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fapfap_card_played import FapfapCardPlayed
    from ..models.fapfap_hand_over import FapfapHandOver
    from ..models.fapfap_match_over import FapfapMatchOver
    from ..models.fapfap_public_state import FapfapPublicState
    from ..models.fapfap_state import FapfapState
    from ..models.fapfap_trick_won import FapfapTrickWon


T = TypeVar("T", bound="FapfapPlayResponse")


@_attrs_define
class FapfapPlayResponse:
    """
    Attributes:
        events (list[FapfapCardPlayed | FapfapHandOver | FapfapMatchOver | FapfapTrickWon]):
        state (FapfapPublicState | FapfapState): The state (open and signed modes), or the public state (sealed mode).
        token (str | Unset): Sealed mode: the hand's token, to send back in place of the state.
    """

    events: list[FapfapCardPlayed | FapfapHandOver | FapfapMatchOver | FapfapTrickWon]
    state: FapfapPublicState | FapfapState
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.fapfap_card_played import FapfapCardPlayed  # noqa: PLC0415
        from ..models.fapfap_hand_over import FapfapHandOver  # noqa: PLC0415
        from ..models.fapfap_state import FapfapState  # noqa: PLC0415
        from ..models.fapfap_trick_won import FapfapTrickWon  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, FapfapCardPlayed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FapfapTrickWon):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FapfapHandOver):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        state: dict[str, Any]
        if isinstance(self.state, FapfapState):
            state = self.state.to_dict()
        else:
            state = self.state.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "state": state,
            }
        )
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fapfap_card_played import FapfapCardPlayed  # noqa: PLC0415
        from ..models.fapfap_hand_over import FapfapHandOver  # noqa: PLC0415
        from ..models.fapfap_match_over import FapfapMatchOver  # noqa: PLC0415
        from ..models.fapfap_public_state import FapfapPublicState  # noqa: PLC0415
        from ..models.fapfap_state import FapfapState  # noqa: PLC0415
        from ..models.fapfap_trick_won import FapfapTrickWon  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> FapfapCardPlayed | FapfapHandOver | FapfapMatchOver | FapfapTrickWon:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_0 = FapfapCardPlayed.from_dict(data)

                    return events_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_1 = FapfapTrickWon.from_dict(data)

                    return events_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_2 = FapfapHandOver.from_dict(data)

                    return events_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                events_item_type_3 = FapfapMatchOver.from_dict(data)

                return events_item_type_3

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        def _parse_state(data: object) -> FapfapPublicState | FapfapState:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = FapfapState.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            state_type_1 = FapfapPublicState.from_dict(data)

            return state_type_1

        state = _parse_state(d.pop("state"))

        token = d.pop("token", UNSET)

        fapfap_play_response = cls(
            events=events,
            state=state,
            token=token,
        )

        return fapfap_play_response
