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
    from ..models.fapfap_score import FapfapScore
    from ..models.fapfap_state import FapfapState
    from ..models.fapfap_trick_won import FapfapTrickWon
    from ..models.seat_credential import SeatCredential


T = TypeVar("T", bound="FapfapReplayResult")


@_attrs_define
class FapfapReplayResult:
    """
    Attributes:
        events (list[FapfapCardPlayed | FapfapHandOver | FapfapMatchOver | FapfapTrickWon]): Every event in order;
            `hand` is the hand's number in the transcript, from 1.
        score (FapfapScore):
        scores (list[FapfapScore]): The score of each hand.
        state (FapfapPublicState | FapfapState): The state (open and signed modes), or the public state (sealed mode).
        host (str | Unset): Sealed mode, a transcript whose first deal starts a match: the match's host credential,
            which gives a seat a new player (`reseat`) and acts for no seat.
        seats (list[SeatCredential] | Unset): Sealed mode, a transcript whose first deal starts a match: each seat's
            credential.
        token (str | Unset): Sealed mode: the hand's token, to send back in place of the state.
    """

    events: list[FapfapCardPlayed | FapfapHandOver | FapfapMatchOver | FapfapTrickWon]
    score: FapfapScore
    scores: list[FapfapScore]
    state: FapfapPublicState | FapfapState
    host: str | Unset = UNSET
    seats: list[SeatCredential] | Unset = UNSET
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

        score = self.score.to_dict()

        scores = []
        for scores_item_data in self.scores:
            scores_item = scores_item_data.to_dict()
            scores.append(scores_item)

        state: dict[str, Any]
        if isinstance(self.state, FapfapState):
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
                "events": events,
                "score": score,
                "scores": scores,
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
        from ..models.fapfap_card_played import FapfapCardPlayed  # noqa: PLC0415
        from ..models.fapfap_hand_over import FapfapHandOver  # noqa: PLC0415
        from ..models.fapfap_match_over import FapfapMatchOver  # noqa: PLC0415
        from ..models.fapfap_public_state import FapfapPublicState  # noqa: PLC0415
        from ..models.fapfap_score import FapfapScore  # noqa: PLC0415
        from ..models.fapfap_state import FapfapState  # noqa: PLC0415
        from ..models.fapfap_trick_won import FapfapTrickWon  # noqa: PLC0415
        from ..models.seat_credential import SeatCredential  # noqa: PLC0415

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

        score = FapfapScore.from_dict(d.pop("score"))

        scores = []
        _scores = d.pop("scores")
        for scores_item_data in _scores:
            scores_item = FapfapScore.from_dict(scores_item_data)

            scores.append(scores_item)

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

        host = d.pop("host", UNSET)

        _seats = d.pop("seats", UNSET)
        seats: list[SeatCredential] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:
                seats_item = SeatCredential.from_dict(seats_item_data)

                seats.append(seats_item)

        token = d.pop("token", UNSET)

        fapfap_replay_result = cls(
            events=events,
            score=score,
            scores=scores,
            state=state,
            host=host,
            seats=seats,
            token=token,
        )

        return fapfap_replay_result
