from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_card_played import AgencyCardPlayed
    from ..models.agency_hand_over import AgencyHandOver
    from ..models.agency_match_over import AgencyMatchOver
    from ..models.agency_public_state import AgencyPublicState
    from ..models.agency_score import AgencyScore
    from ..models.agency_state import AgencyState
    from ..models.agency_trick_discarded import AgencyTrickDiscarded
    from ..models.agency_trick_won import AgencyTrickWon
    from ..models.seat_credential import SeatCredential


T = TypeVar("T", bound="AgencyReplayResult")


@_attrs_define
class AgencyReplayResult:
    """
    Attributes:
        events (list[AgencyCardPlayed | AgencyHandOver | AgencyMatchOver | AgencyTrickDiscarded | AgencyTrickWon]):
            Every event in order; `hand` is the hand's number in the transcript, from 1.
        score (AgencyScore):
        scores (list[AgencyScore]): The score of each hand.
        state (AgencyPublicState | AgencyState): The state (open and signed modes), or the public state (sealed mode).
        host (str | Unset): Sealed mode, a transcript whose first deal starts a match: the match's host credential,
            which gives a seat a new player (`reseat`) and acts for no seat.
        seats (list[SeatCredential] | Unset): Sealed mode, a transcript whose first deal starts a match: each seat's
            credential.
        token (str | Unset): Sealed mode: the hand's token, to send back in place of the state.
    """

    events: list[AgencyCardPlayed | AgencyHandOver | AgencyMatchOver | AgencyTrickDiscarded | AgencyTrickWon]
    score: AgencyScore
    scores: list[AgencyScore]
    state: AgencyPublicState | AgencyState
    host: str | Unset = UNSET
    seats: list[SeatCredential] | Unset = UNSET
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agency_card_played import AgencyCardPlayed  # noqa: PLC0415
        from ..models.agency_hand_over import AgencyHandOver  # noqa: PLC0415
        from ..models.agency_state import AgencyState  # noqa: PLC0415
        from ..models.agency_trick_discarded import AgencyTrickDiscarded  # noqa: PLC0415
        from ..models.agency_trick_won import AgencyTrickWon  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, AgencyCardPlayed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AgencyTrickWon):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AgencyTrickDiscarded):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AgencyHandOver):
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
        from ..models.agency_card_played import AgencyCardPlayed  # noqa: PLC0415
        from ..models.agency_hand_over import AgencyHandOver  # noqa: PLC0415
        from ..models.agency_match_over import AgencyMatchOver  # noqa: PLC0415
        from ..models.agency_public_state import AgencyPublicState  # noqa: PLC0415
        from ..models.agency_score import AgencyScore  # noqa: PLC0415
        from ..models.agency_state import AgencyState  # noqa: PLC0415
        from ..models.agency_trick_discarded import AgencyTrickDiscarded  # noqa: PLC0415
        from ..models.agency_trick_won import AgencyTrickWon  # noqa: PLC0415
        from ..models.seat_credential import SeatCredential  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> AgencyCardPlayed | AgencyHandOver | AgencyMatchOver | AgencyTrickDiscarded | AgencyTrickWon:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_0 = AgencyCardPlayed.from_dict(data)

                    return events_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_1 = AgencyTrickWon.from_dict(data)

                    return events_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_2 = AgencyTrickDiscarded.from_dict(data)

                    return events_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_3 = AgencyHandOver.from_dict(data)

                    return events_item_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                events_item_type_4 = AgencyMatchOver.from_dict(data)

                return events_item_type_4

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        score = AgencyScore.from_dict(d.pop("score"))

        scores = []
        _scores = d.pop("scores")
        for scores_item_data in _scores:
            scores_item = AgencyScore.from_dict(scores_item_data)

            scores.append(scores_item)

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

        agency_replay_result = cls(
            events=events,
            score=score,
            scores=scores,
            state=state,
            host=host,
            seats=seats,
            token=token,
        )

        return agency_replay_result
