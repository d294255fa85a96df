from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agency_card import AgencyCard
from ..models.agency_end import AgencyEnd
from ..models.agency_state_game import AgencyStateGame
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agency_completed_trick import AgencyCompletedTrick
    from ..models.agency_deal_record import AgencyDealRecord
    from ..models.agency_match import AgencyMatch
    from ..models.agency_options import AgencyOptions
    from ..models.agency_reach import AgencyReach
    from ..models.agency_trick import AgencyTrick
    from ..models.clock import Clock


T = TypeVar("T", bound="AgencyState")


@_attrs_define
class AgencyState:
    """
    Attributes:
        deal (AgencyDealRecord):
        first_leader (int): The seat that led the first trick (A14).
        game (AgencyStateGame): The game id.
        trick (AgencyTrick):
        tricks (list[AgencyCompletedTrick]): Completed tricks, in order.
        clock (Clock | Unset):
        end (AgencyEnd | None | Unset): Why the hand ended (A12a, b, c); null while it runs.
        hand_over (bool | Unset): Whether the hand is over.
        holders (list[list[AgencyCard]] | Unset): holders[h]: holder h, between seat h and seat h+1.
        issued_at (str | Unset): Signed mode: when the referee issued the state (RFC 3339, UTC, with milliseconds),
            which its signature covers: send it back as it came, not as a time value written again. A state issued longer
            ago than the referee remembers spent states (`REFEREE_TOKEN_TTL_SECONDS`) can no longer be played or dealt from
            (403 `state_expired`); reading it still works.
        match (AgencyMatch | Unset):
        options (AgencyOptions | Unset):
        reach (list[list[AgencyReach]] | Unset): reach[s]: what seat s reaches now, in its own holder then the one
            before (A6).
        rules_version (str | Unset): Rules version the state was made under (now '1').
        schema_version (int | Unset): Shape version of this state (now 1).
        signature (str | Unset): HMAC-SHA256 of the state, when the referee signs states (see docs/holding.md, Signed).
        team_points (list[int] | Unset): Card points won by team 0 (seats 0, 2) and team 1 (seats 1, 3).
        timeouts (list[int] | Unset): The plies (from 1, in increasing order) of the plays the referee made on timeout,
            for a seat whose time ran out (`timeout`); absent when there is none.
        to_act (int | None | Unset): The seat whose turn it is; null once the hand is over.
        winner (int | None | Unset): The winning team once the hand is over; null while it runs or when void (A13).
    """

    deal: AgencyDealRecord
    first_leader: int
    game: AgencyStateGame
    trick: AgencyTrick
    tricks: list[AgencyCompletedTrick]
    clock: Clock | Unset = UNSET
    end: AgencyEnd | None | Unset = UNSET
    hand_over: bool | Unset = UNSET
    holders: list[list[AgencyCard]] | Unset = UNSET
    issued_at: str | Unset = UNSET
    match: AgencyMatch | Unset = UNSET
    options: AgencyOptions | Unset = UNSET
    reach: list[list[AgencyReach]] | Unset = UNSET
    rules_version: str | Unset = UNSET
    schema_version: int | Unset = UNSET
    signature: str | Unset = UNSET
    team_points: list[int] | Unset = UNSET
    timeouts: list[int] | Unset = UNSET
    to_act: int | None | Unset = UNSET
    winner: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal.to_dict()

        first_leader = self.first_leader

        game = self.game.value

        trick = self.trick.to_dict()

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

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

        hand_over = self.hand_over

        holders: list[list[str]] | Unset = UNSET
        if not isinstance(self.holders, Unset):
            holders = []
            for holders_item_data in self.holders:
                holders_item = []
                for holders_item_item_data in holders_item_data:
                    holders_item_item = holders_item_item_data.value
                    holders_item.append(holders_item_item)

                holders.append(holders_item)

        issued_at = self.issued_at

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        reach: list[list[dict[str, Any]]] | Unset = UNSET
        if not isinstance(self.reach, Unset):
            reach = []
            for reach_item_data in self.reach:
                reach_item = []
                for reach_item_item_data in reach_item_data:
                    reach_item_item = reach_item_item_data.to_dict()
                    reach_item.append(reach_item_item)

                reach.append(reach_item)

        rules_version = self.rules_version

        schema_version = self.schema_version

        signature = self.signature

        team_points: list[int] | Unset = UNSET
        if not isinstance(self.team_points, Unset):
            team_points = self.team_points

        timeouts: list[int] | Unset = UNSET
        if not isinstance(self.timeouts, Unset):
            timeouts = self.timeouts

        to_act: int | None | Unset
        if isinstance(self.to_act, Unset):
            to_act = UNSET
        else:
            to_act = self.to_act

        winner: int | None | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "first_leader": first_leader,
                "game": game,
                "trick": trick,
                "tricks": tricks,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if end is not UNSET:
            field_dict["end"] = end
        if hand_over is not UNSET:
            field_dict["hand_over"] = hand_over
        if holders is not UNSET:
            field_dict["holders"] = holders
        if issued_at is not UNSET:
            field_dict["issued_at"] = issued_at
        if match is not UNSET:
            field_dict["match"] = match
        if options is not UNSET:
            field_dict["options"] = options
        if reach is not UNSET:
            field_dict["reach"] = reach
        if rules_version is not UNSET:
            field_dict["rules_version"] = rules_version
        if schema_version is not UNSET:
            field_dict["schema_version"] = schema_version
        if signature is not UNSET:
            field_dict["signature"] = signature
        if team_points is not UNSET:
            field_dict["team_points"] = team_points
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts
        if to_act is not UNSET:
            field_dict["to_act"] = to_act
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agency_completed_trick import AgencyCompletedTrick  # noqa: PLC0415
        from ..models.agency_deal_record import AgencyDealRecord  # noqa: PLC0415
        from ..models.agency_match import AgencyMatch  # noqa: PLC0415
        from ..models.agency_options import AgencyOptions  # noqa: PLC0415
        from ..models.agency_reach import AgencyReach  # noqa: PLC0415
        from ..models.agency_trick import AgencyTrick  # noqa: PLC0415
        from ..models.clock import Clock  # noqa: PLC0415

        d = dict(src_dict)
        deal = AgencyDealRecord.from_dict(d.pop("deal"))

        first_leader = d.pop("first_leader")

        game = AgencyStateGame(d.pop("game"))

        trick = AgencyTrick.from_dict(d.pop("trick"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = AgencyCompletedTrick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

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

        hand_over = d.pop("hand_over", UNSET)

        _holders = d.pop("holders", UNSET)
        holders: list[list[AgencyCard]] | Unset = UNSET
        if _holders is not UNSET:
            holders = []
            for holders_item_data in _holders:
                holders_item = []
                _holders_item = holders_item_data
                for holders_item_item_data in _holders_item:
                    holders_item_item = AgencyCard(holders_item_item_data)

                    holders_item.append(holders_item_item)

                holders.append(holders_item)

        issued_at = d.pop("issued_at", UNSET)

        _match = d.pop("match", UNSET)
        match: AgencyMatch | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = AgencyMatch.from_dict(_match)

        _options = d.pop("options", UNSET)
        options: AgencyOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = AgencyOptions.from_dict(_options)

        _reach = d.pop("reach", UNSET)
        reach: list[list[AgencyReach]] | Unset = UNSET
        if _reach is not UNSET:
            reach = []
            for reach_item_data in _reach:
                reach_item = []
                _reach_item = reach_item_data
                for reach_item_item_data in _reach_item:
                    reach_item_item = AgencyReach.from_dict(reach_item_item_data)

                    reach_item.append(reach_item_item)

                reach.append(reach_item)

        rules_version = d.pop("rules_version", UNSET)

        schema_version = d.pop("schema_version", UNSET)

        signature = d.pop("signature", UNSET)

        team_points = cast(list[int], d.pop("team_points", UNSET))

        timeouts = cast(list[int], d.pop("timeouts", UNSET))

        def _parse_to_act(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        to_act = _parse_to_act(d.pop("to_act", UNSET))

        def _parse_winner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))

        agency_state = cls(
            deal=deal,
            first_leader=first_leader,
            game=game,
            trick=trick,
            tricks=tricks,
            clock=clock,
            end=end,
            hand_over=hand_over,
            holders=holders,
            issued_at=issued_at,
            match=match,
            options=options,
            reach=reach,
            rules_version=rules_version,
            schema_version=schema_version,
            signature=signature,
            team_points=team_points,
            timeouts=timeouts,
            to_act=to_act,
            winner=winner,
        )

        return agency_state
