from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sink_sink_card_played import SinkSinkCardPlayed
    from ..models.sink_sink_hand_over import SinkSinkHandOver
    from ..models.sink_sink_match_over import SinkSinkMatchOver
    from ..models.sink_sink_public_state import SinkSinkPublicState
    from ..models.sink_sink_state import SinkSinkState
    from ..models.sink_sink_trick_won import SinkSinkTrickWon


T = TypeVar("T", bound="SinkSinkPlayResponse")


@_attrs_define
class SinkSinkPlayResponse:
    """
    Attributes:
        events (list[SinkSinkCardPlayed | SinkSinkHandOver | SinkSinkMatchOver | SinkSinkTrickWon]):
        state (SinkSinkPublicState | SinkSinkState): The state (open and signed modes), or the public state (sealed
            mode).
        token (str | Unset): Sealed mode: the hand's token, to send back in place of the state.
    """

    events: list[SinkSinkCardPlayed | SinkSinkHandOver | SinkSinkMatchOver | SinkSinkTrickWon]
    state: SinkSinkPublicState | SinkSinkState
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.sink_sink_card_played import SinkSinkCardPlayed  # noqa: PLC0415
        from ..models.sink_sink_hand_over import SinkSinkHandOver  # noqa: PLC0415
        from ..models.sink_sink_state import SinkSinkState  # noqa: PLC0415
        from ..models.sink_sink_trick_won import SinkSinkTrickWon  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, SinkSinkCardPlayed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SinkSinkTrickWon):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SinkSinkHandOver):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        state: dict[str, Any]
        if isinstance(self.state, SinkSinkState):
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
        from ..models.sink_sink_card_played import SinkSinkCardPlayed  # noqa: PLC0415
        from ..models.sink_sink_hand_over import SinkSinkHandOver  # noqa: PLC0415
        from ..models.sink_sink_match_over import SinkSinkMatchOver  # noqa: PLC0415
        from ..models.sink_sink_public_state import SinkSinkPublicState  # noqa: PLC0415
        from ..models.sink_sink_state import SinkSinkState  # noqa: PLC0415
        from ..models.sink_sink_trick_won import SinkSinkTrickWon  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> SinkSinkCardPlayed | SinkSinkHandOver | SinkSinkMatchOver | SinkSinkTrickWon:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_0 = SinkSinkCardPlayed.from_dict(data)

                    return events_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_1 = SinkSinkTrickWon.from_dict(data)

                    return events_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_2 = SinkSinkHandOver.from_dict(data)

                    return events_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                events_item_type_3 = SinkSinkMatchOver.from_dict(data)

                return events_item_type_3

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        def _parse_state(data: object) -> SinkSinkPublicState | SinkSinkState:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = SinkSinkState.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            state_type_1 = SinkSinkPublicState.from_dict(data)

            return state_type_1

        state = _parse_state(d.pop("state"))

        token = d.pop("token", UNSET)

        sink_sink_play_response = cls(
            events=events,
            state=state,
            token=token,
        )

        return sink_sink_play_response
