from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.seat_credential import SeatCredential
    from ..models.spar_card_played import SparCardPlayed
    from ..models.spar_hand_over import SparHandOver
    from ..models.spar_match_over import SparMatchOver
    from ..models.spar_public_state import SparPublicState
    from ..models.spar_score import SparScore
    from ..models.spar_state import SparState
    from ..models.spar_trick_won import SparTrickWon


T = TypeVar("T", bound="SparReplayResult")


@_attrs_define
class SparReplayResult:
    """
    Attributes:
        events (list[SparCardPlayed | SparHandOver | SparMatchOver | SparTrickWon]): Every event in order; `hand` is the
            hand's number in the transcript, from 1.
        score (SparScore):
        scores (list[SparScore]): The score of each hand.
        state (SparPublicState | SparState): The state (open and signed modes), or the public state (sealed mode).
        host (str | Unset): Sealed mode, a transcript whose first deal starts a match: the match's host credential,
            which gives a seat a new player (`reseat`) and acts for no seat.
        seats (list[SeatCredential] | Unset): Sealed mode, a transcript whose first deal starts a match: each seat's
            credential.
        token (str | Unset): Sealed mode: the hand's token, to send back in place of the state.
    """

    events: list[SparCardPlayed | SparHandOver | SparMatchOver | SparTrickWon]
    score: SparScore
    scores: list[SparScore]
    state: SparPublicState | SparState
    host: str | Unset = UNSET
    seats: list[SeatCredential] | Unset = UNSET
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.spar_card_played import SparCardPlayed  # noqa: PLC0415
        from ..models.spar_hand_over import SparHandOver  # noqa: PLC0415
        from ..models.spar_state import SparState  # noqa: PLC0415
        from ..models.spar_trick_won import SparTrickWon  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, SparCardPlayed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SparTrickWon):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SparHandOver):
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
        if isinstance(self.state, SparState):
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
        from ..models.seat_credential import SeatCredential  # noqa: PLC0415
        from ..models.spar_card_played import SparCardPlayed  # noqa: PLC0415
        from ..models.spar_hand_over import SparHandOver  # noqa: PLC0415
        from ..models.spar_match_over import SparMatchOver  # noqa: PLC0415
        from ..models.spar_public_state import SparPublicState  # noqa: PLC0415
        from ..models.spar_score import SparScore  # noqa: PLC0415
        from ..models.spar_state import SparState  # noqa: PLC0415
        from ..models.spar_trick_won import SparTrickWon  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(data: object) -> SparCardPlayed | SparHandOver | SparMatchOver | SparTrickWon:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_0 = SparCardPlayed.from_dict(data)

                    return events_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_1 = SparTrickWon.from_dict(data)

                    return events_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_2 = SparHandOver.from_dict(data)

                    return events_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                events_item_type_3 = SparMatchOver.from_dict(data)

                return events_item_type_3

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        score = SparScore.from_dict(d.pop("score"))

        scores = []
        _scores = d.pop("scores")
        for scores_item_data in _scores:
            scores_item = SparScore.from_dict(scores_item_data)

            scores.append(scores_item)

        def _parse_state(data: object) -> SparPublicState | SparState:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = SparState.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            state_type_1 = SparPublicState.from_dict(data)

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

        spar_replay_result = cls(
            events=events,
            score=score,
            scores=scores,
            state=state,
            host=host,
            seats=seats,
            token=token,
        )

        return spar_replay_result
