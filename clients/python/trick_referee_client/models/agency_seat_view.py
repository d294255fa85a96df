from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agency_end import AgencyEnd
from ..models.agency_seat_view_game import AgencySeatViewGame
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_completed_trick import AgencyCompletedTrick
    from ..models.agency_holder_view import AgencyHolderView
    from ..models.agency_match import AgencyMatch
    from ..models.agency_move import AgencyMove
    from ..models.agency_options import AgencyOptions
    from ..models.agency_reach import AgencyReach
    from ..models.agency_trick import AgencyTrick
    from ..models.clock import Clock
    from ..models.sealed_deal import SealedDeal


T = TypeVar("T", bound="AgencySeatView")


@_attrs_define
class AgencySeatView:
    """
    Attributes:
        first_leader (int): The seat that led the first trick (A14).
        game (AgencySeatViewGame): The game id.
        hand_over (bool):
        holders (list[AgencyHolderView]): All four holders: the two beside the seat in full, the others as counts.
        legal_moves (list[AgencyMove]): This seat's legal moves; empty when it is not its turn.
        match (AgencyMatch):
        options (AgencyOptions):
        reach (list[AgencyReach]): What this seat reaches now, in its own holder then the one before (A6).
        seat (int): The seat this view is for.
        team (int): The seat's team (A4).
        team_points (list[int]): Card points won by team 0 and team 1.
        to_act (int | None):
        trick (AgencyTrick):
        tricks (list[AgencyCompletedTrick]): Completed tricks (public).
        winner (int | None):
        clock (Clock | Unset):
        deal (SealedDeal | Unset):
        end (AgencyEnd | None | Unset): Why the hand ended (A12a, b, c); null while it runs.
        match_id (str | Unset): Sealed mode: the same for every hand of a match.
        ply (int | Unset): Sealed mode: plays made in this hand: the newest token of a match has the highest.
        reseats (list[int] | Unset): Sealed mode, once the match's host has given a seat a new player (`reseat`): seat
            by seat, how many times it did in this match; absent before the first. A `reseat` answers the event
            `seat_reseated`.
        timeouts (list[int] | Unset): The plies (from 1, in increasing order) of the plays the referee made on timeout,
            for a seat whose time ran out (`timeout`); absent when there is none.
    """

    first_leader: int
    game: AgencySeatViewGame
    hand_over: bool
    holders: list[AgencyHolderView]
    legal_moves: list[AgencyMove]
    match: AgencyMatch
    options: AgencyOptions
    reach: list[AgencyReach]
    seat: int
    team: int
    team_points: list[int]
    to_act: int | None
    trick: AgencyTrick
    tricks: list[AgencyCompletedTrick]
    winner: int | None
    clock: Clock | Unset = UNSET
    deal: SealedDeal | Unset = UNSET
    end: AgencyEnd | None | Unset = UNSET
    match_id: str | Unset = UNSET
    ply: int | Unset = UNSET
    reseats: list[int] | Unset = UNSET
    timeouts: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        first_leader = self.first_leader

        game = self.game.value

        hand_over = self.hand_over

        holders = []
        for holders_item_data in self.holders:
            holders_item = holders_item_data.to_dict()
            holders.append(holders_item)

        legal_moves = []
        for legal_moves_item_data in self.legal_moves:
            legal_moves_item = legal_moves_item_data.to_dict()
            legal_moves.append(legal_moves_item)

        match = self.match.to_dict()

        options = self.options.to_dict()

        reach = []
        for reach_item_data in self.reach:
            reach_item = reach_item_data.to_dict()
            reach.append(reach_item)

        seat = self.seat

        team = self.team

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

        deal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.deal, Unset):
            deal = self.deal.to_dict()

        end: None | str | Unset
        if isinstance(self.end, Unset):
            end = UNSET
        elif isinstance(self.end, AgencyEnd):
            end = self.end.value
        else:
            end = self.end

        match_id = self.match_id

        ply = self.ply

        reseats: list[int] | Unset = UNSET
        if not isinstance(self.reseats, Unset):
            reseats = self.reseats

        timeouts: list[int] | Unset = UNSET
        if not isinstance(self.timeouts, Unset):
            timeouts = self.timeouts

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "first_leader": first_leader,
                "game": game,
                "hand_over": hand_over,
                "holders": holders,
                "legal_moves": legal_moves,
                "match": match,
                "options": options,
                "reach": reach,
                "seat": seat,
                "team": team,
                "team_points": team_points,
                "to_act": to_act,
                "trick": trick,
                "tricks": tricks,
                "winner": winner,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if deal is not UNSET:
            field_dict["deal"] = deal
        if end is not UNSET:
            field_dict["end"] = end
        if match_id is not UNSET:
            field_dict["match_id"] = match_id
        if ply is not UNSET:
            field_dict["ply"] = ply
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
        from ..models.agency_move import AgencyMove  # noqa: PLC0415
        from ..models.agency_options import AgencyOptions  # noqa: PLC0415
        from ..models.agency_reach import AgencyReach  # noqa: PLC0415
        from ..models.agency_trick import AgencyTrick  # noqa: PLC0415
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.sealed_deal import SealedDeal  # noqa: PLC0415

        d = dict(src_dict)
        first_leader = d.pop("first_leader")

        game = AgencySeatViewGame(d.pop("game"))

        hand_over = d.pop("hand_over")

        holders = []
        _holders = d.pop("holders")
        for holders_item_data in _holders:
            holders_item = AgencyHolderView.from_dict(holders_item_data)

            holders.append(holders_item)

        legal_moves = []
        _legal_moves = d.pop("legal_moves")
        for legal_moves_item_data in _legal_moves:
            legal_moves_item = AgencyMove.from_dict(legal_moves_item_data)

            legal_moves.append(legal_moves_item)

        match = AgencyMatch.from_dict(d.pop("match"))

        options = AgencyOptions.from_dict(d.pop("options"))

        reach = []
        _reach = d.pop("reach")
        for reach_item_data in _reach:
            reach_item = AgencyReach.from_dict(reach_item_data)

            reach.append(reach_item)

        seat = d.pop("seat")

        team = d.pop("team")

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

        _deal = d.pop("deal", UNSET)
        deal: SealedDeal | Unset
        if isinstance(_deal, Unset):
            deal = UNSET
        else:
            deal = SealedDeal.from_dict(_deal)

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

        match_id = d.pop("match_id", UNSET)

        ply = d.pop("ply", UNSET)

        reseats = cast(list[int], d.pop("reseats", UNSET))

        timeouts = cast(list[int], d.pop("timeouts", UNSET))

        agency_seat_view = cls(
            first_leader=first_leader,
            game=game,
            hand_over=hand_over,
            holders=holders,
            legal_moves=legal_moves,
            match=match,
            options=options,
            reach=reach,
            seat=seat,
            team=team,
            team_points=team_points,
            to_act=to_act,
            trick=trick,
            tricks=tricks,
            winner=winner,
            clock=clock,
            deal=deal,
            end=end,
            match_id=match_id,
            ply=ply,
            reseats=reseats,
            timeouts=timeouts,
        )

        return agency_seat_view
