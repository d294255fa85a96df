from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agency_end import AgencyEnd
from ..models.agency_public_state_game import AgencyPublicStateGame
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_completed_trick import AgencyCompletedTrick
    from ..models.agency_holder_view import AgencyHolderView
    from ..models.agency_match import AgencyMatch
    from ..models.agency_options import AgencyOptions
    from ..models.agency_trick import AgencyTrick
    from ..models.clock import Clock
    from ..models.sealed_deal import SealedDeal


T = TypeVar("T", bound="AgencyPublicState")


@_attrs_define
class AgencyPublicState:
    """
    Attributes:
        deal (SealedDeal):
        first_leader (int): The seat that led the first trick (A14).
        game (AgencyPublicStateGame): The game id.
        hand_over (bool):
        holders (list[AgencyHolderView]): All four holders: the two beside the seat in full, the others as counts.
        match (AgencyMatch):
        match_id (str): The same for every hand of a match.
        options (AgencyOptions):
        ply (int): Plays made in this hand: the newest token of a match has the highest.
        team_points (list[int]): Card points won by team 0 and team 1.
        to_act (int | None):
        trick (AgencyTrick):
        tricks (list[AgencyCompletedTrick]): Completed tricks (public).
        winner (int | None):
        clock (Clock | Unset):
        end (AgencyEnd | None | Unset): Why the hand ended (A12a, b, c); null while it runs.
        reseats (list[int] | Unset): Sealed mode, once the match's host has given a seat a new player (`reseat`): seat
            by seat, how many times it did in this match; absent before the first. A `reseat` answers the event
            `seat_reseated`.
        timeouts (list[int] | Unset): The plies (from 1, in increasing order) of the plays the referee made on timeout,
            for a seat whose time ran out (`timeout`); absent when there is none.
    """

    deal: SealedDeal
    first_leader: int
    game: AgencyPublicStateGame
    hand_over: bool
    holders: list[AgencyHolderView]
    match: AgencyMatch
    match_id: str
    options: AgencyOptions
    ply: int
    team_points: list[int]
    to_act: int | None
    trick: AgencyTrick
    tricks: list[AgencyCompletedTrick]
    winner: int | None
    clock: Clock | Unset = UNSET
    end: AgencyEnd | None | Unset = UNSET
    reseats: list[int] | Unset = UNSET
    timeouts: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal.to_dict()

        first_leader = self.first_leader

        game = self.game.value

        hand_over = self.hand_over

        holders = []
        for holders_item_data in self.holders:
            holders_item = holders_item_data.to_dict()
            holders.append(holders_item)

        match = self.match.to_dict()

        match_id = self.match_id

        options = self.options.to_dict()

        ply = self.ply

        team_points = self.team_points

        to_act: int | None
        to_act = self.to_act

        trick = self.trick.to_dict()

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        winner: int | None
        winner = self.winner

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        end: None | str | Unset
        if isinstance(self.end, Unset):
            end = UNSET
        elif isinstance(self.end, AgencyEnd):
            end = self.end.value
        else:
            end = self.end

        reseats: list[int] | Unset = UNSET
        if not isinstance(self.reseats, Unset):
            reseats = self.reseats

        timeouts: list[int] | Unset = UNSET
        if not isinstance(self.timeouts, Unset):
            timeouts = self.timeouts

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "first_leader": first_leader,
                "game": game,
                "hand_over": hand_over,
                "holders": holders,
                "match": match,
                "match_id": match_id,
                "options": options,
                "ply": ply,
                "team_points": team_points,
                "to_act": to_act,
                "trick": trick,
                "tricks": tricks,
                "winner": winner,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if end is not UNSET:
            field_dict["end"] = end
        if reseats is not UNSET:
            field_dict["reseats"] = reseats
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_completed_trick import AgencyCompletedTrick  # noqa: PLC0415
        from ..models.agency_holder_view import AgencyHolderView  # noqa: PLC0415
        from ..models.agency_match import AgencyMatch  # noqa: PLC0415
        from ..models.agency_options import AgencyOptions  # noqa: PLC0415
        from ..models.agency_trick import AgencyTrick  # noqa: PLC0415
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.sealed_deal import SealedDeal  # noqa: PLC0415

        d = dict(src_dict)
        deal = SealedDeal.from_dict(d.pop("deal"))

        first_leader = d.pop("first_leader")

        game = AgencyPublicStateGame(d.pop("game"))

        hand_over = d.pop("hand_over")

        holders = []
        _holders = d.pop("holders")
        for holders_item_data in _holders:
            holders_item = AgencyHolderView.from_dict(holders_item_data)

            holders.append(holders_item)

        match = AgencyMatch.from_dict(d.pop("match"))

        match_id = d.pop("match_id")

        options = AgencyOptions.from_dict(d.pop("options"))

        ply = d.pop("ply")

        team_points = cast(list[int], d.pop("team_points"))

        def _parse_to_act(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_act = _parse_to_act(d.pop("to_act"))

        trick = AgencyTrick.from_dict(d.pop("trick"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = AgencyCompletedTrick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        _clock = d.pop("clock", UNSET)
        clock: Clock | Unset
        if isinstance(_clock, Unset):
            clock = UNSET
        else:
            clock = Clock.from_dict(_clock)

        def _parse_end(data: object) -> AgencyEnd | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_type_0 = AgencyEnd(data)

                return end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgencyEnd | None | Unset, data)

        end = _parse_end(d.pop("end", UNSET))

        reseats = cast(list[int], d.pop("reseats", UNSET))

        timeouts = cast(list[int], d.pop("timeouts", UNSET))

        agency_public_state = cls(
            deal=deal,
            first_leader=first_leader,
            game=game,
            hand_over=hand_over,
            holders=holders,
            match=match,
            match_id=match_id,
            options=options,
            ply=ply,
            team_points=team_points,
            to_act=to_act,
            trick=trick,
            tricks=tricks,
            winner=winner,
            clock=clock,
            end=end,
            reseats=reseats,
            timeouts=timeouts,
        )

        return agency_public_state
