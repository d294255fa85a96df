from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.fapfap_spectator_view_game import FapfapSpectatorViewGame
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.fapfap_completed_trick import FapfapCompletedTrick
    from ..models.fapfap_match import FapfapMatch
    from ..models.fapfap_move import FapfapMove
    from ..models.fapfap_options import FapfapOptions
    from ..models.fapfap_trick import FapfapTrick
    from ..models.sealed_deal import SealedDeal


T = TypeVar("T", bound="FapfapSpectatorView")


@_attrs_define
class FapfapSpectatorView:
    """
    Attributes:
        deal (SealedDeal):
        dealer (int): The dealing seat.
        game (FapfapSpectatorViewGame): The game id.
        hand (None): Null: the spectator's view belongs to no seat.
        hand_over (bool):
        hand_sizes (list[int]): How many cards each seat holds.
        legal_moves (list[FapfapMove]): Empty: a spectator has no moves.
        match (FapfapMatch):
        match_id (str): The same for every hand of a match.
        options (FapfapOptions):
        players (int): Number of seats: 2 to 7 (RULINGS F8).
        ply (int): Plays made in this hand: the newest token of a match has the highest.
        seat (None): Null: the spectator's view belongs to no seat.
        to_act (int | None):
        trick (FapfapTrick | None):
        tricks (list[FapfapCompletedTrick]): Completed tricks (public).
        winner (int | None):
        clock (Clock | Unset):
        reseats (list[int] | Unset): Sealed mode, once the match's host has given a seat a new player (`reseat`): seat
            by seat, how many times it did in this match; absent before the first. A `reseat` answers the event
            `seat_reseated`.
        timeouts (list[int] | Unset): The plies (from 1, in increasing order) of the plays the referee made on timeout,
            for a seat whose time ran out (`timeout`); absent when there is none.
    """

    deal: SealedDeal
    dealer: int
    game: FapfapSpectatorViewGame
    hand: None
    hand_over: bool
    hand_sizes: list[int]
    legal_moves: list[FapfapMove]
    match: FapfapMatch
    match_id: str
    options: FapfapOptions
    players: int
    ply: int
    seat: None
    to_act: int | None
    trick: FapfapTrick | None
    tricks: list[FapfapCompletedTrick]
    winner: int | None
    clock: Clock | Unset = UNSET
    reseats: list[int] | Unset = UNSET
    timeouts: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.fapfap_trick import FapfapTrick  # noqa: PLC0415

        deal = self.deal.to_dict()

        dealer = self.dealer

        game = self.game.value

        hand = self.hand

        hand_over = self.hand_over

        hand_sizes = self.hand_sizes

        legal_moves = []
        for legal_moves_item_data in self.legal_moves:
            legal_moves_item = legal_moves_item_data.to_dict()
            legal_moves.append(legal_moves_item)

        match = self.match.to_dict()

        match_id = self.match_id

        options = self.options.to_dict()

        players = self.players

        ply = self.ply

        seat = self.seat

        to_act: int | None
        to_act = self.to_act

        trick: dict[str, Any] | None
        if isinstance(self.trick, FapfapTrick):
            trick = self.trick.to_dict()
        else:
            trick = self.trick

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        winner: int | None
        winner = self.winner

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

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
                "dealer": dealer,
                "game": game,
                "hand": hand,
                "hand_over": hand_over,
                "hand_sizes": hand_sizes,
                "legal_moves": legal_moves,
                "match": match,
                "match_id": match_id,
                "options": options,
                "players": players,
                "ply": ply,
                "seat": seat,
                "to_act": to_act,
                "trick": trick,
                "tricks": tricks,
                "winner": winner,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if reseats is not UNSET:
            field_dict["reseats"] = reseats
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.fapfap_completed_trick import FapfapCompletedTrick  # noqa: PLC0415
        from ..models.fapfap_match import FapfapMatch  # noqa: PLC0415
        from ..models.fapfap_move import FapfapMove  # noqa: PLC0415
        from ..models.fapfap_options import FapfapOptions  # noqa: PLC0415
        from ..models.fapfap_trick import FapfapTrick  # noqa: PLC0415
        from ..models.sealed_deal import SealedDeal  # noqa: PLC0415

        d = dict(src_dict)
        deal = SealedDeal.from_dict(d.pop("deal"))

        dealer = d.pop("dealer")

        game = FapfapSpectatorViewGame(d.pop("game"))

        hand = d.pop("hand")

        hand_over = d.pop("hand_over")

        hand_sizes = cast(list[int], d.pop("hand_sizes"))

        legal_moves = []
        _legal_moves = d.pop("legal_moves")
        for legal_moves_item_data in _legal_moves:
            legal_moves_item = FapfapMove.from_dict(legal_moves_item_data)

            legal_moves.append(legal_moves_item)

        match = FapfapMatch.from_dict(d.pop("match"))

        match_id = d.pop("match_id")

        options = FapfapOptions.from_dict(d.pop("options"))

        players = d.pop("players")

        ply = d.pop("ply")

        seat = d.pop("seat")

        def _parse_to_act(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_act = _parse_to_act(d.pop("to_act"))

        def _parse_trick(data: object) -> FapfapTrick | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trick_type_0 = FapfapTrick.from_dict(data)

                return trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FapfapTrick | None, data)

        trick = _parse_trick(d.pop("trick"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = FapfapCompletedTrick.from_dict(tricks_item_data)

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

        reseats = cast(list[int], d.pop("reseats", UNSET))

        timeouts = cast(list[int], d.pop("timeouts", UNSET))

        fapfap_spectator_view = cls(
            deal=deal,
            dealer=dealer,
            game=game,
            hand=hand,
            hand_over=hand_over,
            hand_sizes=hand_sizes,
            legal_moves=legal_moves,
            match=match,
            match_id=match_id,
            options=options,
            players=players,
            ply=ply,
            seat=seat,
            to_act=to_act,
            trick=trick,
            tricks=tricks,
            winner=winner,
            clock=clock,
            reseats=reseats,
            timeouts=timeouts,
        )

        return fapfap_spectator_view
