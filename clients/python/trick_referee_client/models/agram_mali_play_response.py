from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_mali_card_played import AgramMaliCardPlayed
    from ..models.agram_mali_hand_over import AgramMaliHandOver
    from ..models.agram_mali_match_over import AgramMaliMatchOver
    from ..models.agram_mali_public_state import AgramMaliPublicState
    from ..models.agram_mali_state import AgramMaliState
    from ..models.agram_mali_trick_won import AgramMaliTrickWon


T = TypeVar("T", bound="AgramMaliPlayResponse")


@_attrs_define
class AgramMaliPlayResponse:
    """
    Attributes:
        events (list[AgramMaliCardPlayed | AgramMaliHandOver | AgramMaliMatchOver | AgramMaliTrickWon]):
        state (AgramMaliPublicState | AgramMaliState): The state (open and signed modes), or the public state (sealed
            mode).
        token (str | Unset): Sealed mode: the hand's token, to send back in place of the state.
    """

    events: list[AgramMaliCardPlayed | AgramMaliHandOver | AgramMaliMatchOver | AgramMaliTrickWon]
    state: AgramMaliPublicState | AgramMaliState
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agram_mali_card_played import AgramMaliCardPlayed  # noqa: PLC0415
        from ..models.agram_mali_hand_over import AgramMaliHandOver  # noqa: PLC0415
        from ..models.agram_mali_state import AgramMaliState  # noqa: PLC0415
        from ..models.agram_mali_trick_won import AgramMaliTrickWon  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, AgramMaliCardPlayed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AgramMaliTrickWon):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AgramMaliHandOver):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        state: dict[str, Any]
        if isinstance(self.state, AgramMaliState):
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
        from ..models.agram_mali_card_played import AgramMaliCardPlayed  # noqa: PLC0415
        from ..models.agram_mali_hand_over import AgramMaliHandOver  # noqa: PLC0415
        from ..models.agram_mali_match_over import AgramMaliMatchOver  # noqa: PLC0415
        from ..models.agram_mali_public_state import AgramMaliPublicState  # noqa: PLC0415
        from ..models.agram_mali_state import AgramMaliState  # noqa: PLC0415
        from ..models.agram_mali_trick_won import AgramMaliTrickWon  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> AgramMaliCardPlayed | AgramMaliHandOver | AgramMaliMatchOver | AgramMaliTrickWon:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_0 = AgramMaliCardPlayed.from_dict(data)

                    return events_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_1 = AgramMaliTrickWon.from_dict(data)

                    return events_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_2 = AgramMaliHandOver.from_dict(data)

                    return events_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                events_item_type_3 = AgramMaliMatchOver.from_dict(data)

                return events_item_type_3

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        def _parse_state(data: object) -> AgramMaliPublicState | AgramMaliState:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = AgramMaliState.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            state_type_1 = AgramMaliPublicState.from_dict(data)

            return state_type_1

        state = _parse_state(d.pop("state"))

        token = d.pop("token", UNSET)

        agram_mali_play_response = cls(
            events=events,
            state=state,
            token=token,
        )

        return agram_mali_play_response
