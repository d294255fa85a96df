from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sink_sink_card import SinkSinkCard
from ..models.sink_sink_seat_view_game import SinkSinkSeatViewGame
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.sealed_deal import SealedDeal
    from ..models.sink_sink_completed_trick import SinkSinkCompletedTrick
    from ..models.sink_sink_match import SinkSinkMatch
    from ..models.sink_sink_move import SinkSinkMove
    from ..models.sink_sink_options import SinkSinkOptions
    from ..models.sink_sink_trick import SinkSinkTrick


T = TypeVar("T", bound="SinkSinkSeatView")


@_attrs_define
class SinkSinkSeatView:
    """
    Attributes:
        dealer (int): The dealing seat.
        game (SinkSinkSeatViewGame): The game id.
        hand (list[SinkSinkCard]): This seat's cards now, in dealt order.
        hand_over (bool):
        hand_sizes (list[int]): How many cards each seat holds.
        legal_moves (list[SinkSinkMove]): This seat's legal moves; empty when it is not its turn.
        match (SinkSinkMatch):
        options (SinkSinkOptions):
        players (int): Number of seats: 2 to 7 (RULINGS F8).
        seat (int): The seat this view is for.
        to_act (int | None):
        trick (None | SinkSinkTrick):
        tricks (list[SinkSinkCompletedTrick]): Completed tricks (public).
        winner (int | None):
        clock (Clock | Unset):
        deal (SealedDeal | Unset):
        match_id (str | Unset): Sealed mode: the same for every hand of a match.
        ply (int | Unset): Sealed mode: plays made in this hand: the newest token of a match has the highest.
        reseats (list[int] | Unset): Sealed mode, once the match's host has given a seat a new player (`reseat`): seat
            by seat, how many times it did in this match; absent before the first. A `reseat` answers the event
            `seat_reseated`.
        timeouts (list[int] | Unset): The plies (from 1, in increasing order) of the plays the referee made on timeout,
            for a seat whose time ran out (`timeout`); absent when there is none.
    """

    dealer: int
    game: SinkSinkSeatViewGame
    hand: list[SinkSinkCard]
    hand_over: bool
    hand_sizes: list[int]
    legal_moves: list[SinkSinkMove]
    match: SinkSinkMatch
    options: SinkSinkOptions
    players: int
    seat: int
    to_act: int | None
    trick: None | SinkSinkTrick
    tricks: list[SinkSinkCompletedTrick]
    winner: int | None
    clock: Clock | Unset = UNSET
    deal: SealedDeal | Unset = UNSET
    match_id: str | Unset = UNSET
    ply: int | Unset = UNSET
    reseats: list[int] | Unset = UNSET
    timeouts: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.sink_sink_trick import SinkSinkTrick  # noqa: PLC0415

        dealer = self.dealer

        game = self.game.value

        hand = []
        for hand_item_data in self.hand:
            hand_item = hand_item_data.value
            hand.append(hand_item)

        hand_over = self.hand_over

        hand_sizes = self.hand_sizes

        legal_moves = []
        for legal_moves_item_data in self.legal_moves:
            legal_moves_item = legal_moves_item_data.to_dict()
            legal_moves.append(legal_moves_item)

        match = self.match.to_dict()

        options = self.options.to_dict()

        players = self.players

        seat = self.seat

        to_act: int | None
        to_act = self.to_act

        trick: dict[str, Any] | None
        if isinstance(self.trick, SinkSinkTrick):
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

        deal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.deal, Unset):
            deal = self.deal.to_dict()

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
                "dealer": dealer,
                "game": game,
                "hand": hand,
                "hand_over": hand_over,
                "hand_sizes": hand_sizes,
                "legal_moves": legal_moves,
                "match": match,
                "options": options,
                "players": players,
                "seat": seat,
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
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.sealed_deal import SealedDeal  # noqa: PLC0415
        from ..models.sink_sink_completed_trick import SinkSinkCompletedTrick  # noqa: PLC0415
        from ..models.sink_sink_match import SinkSinkMatch  # noqa: PLC0415
        from ..models.sink_sink_move import SinkSinkMove  # noqa: PLC0415
        from ..models.sink_sink_options import SinkSinkOptions  # noqa: PLC0415
        from ..models.sink_sink_trick import SinkSinkTrick  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer")

        game = SinkSinkSeatViewGame(d.pop("game"))

        hand = []
        _hand = d.pop("hand")
        for hand_item_data in _hand:
            hand_item = SinkSinkCard(hand_item_data)

            hand.append(hand_item)

        hand_over = d.pop("hand_over")

        hand_sizes = cast(list[int], d.pop("hand_sizes"))

        legal_moves = []
        _legal_moves = d.pop("legal_moves")
        for legal_moves_item_data in _legal_moves:
            legal_moves_item = SinkSinkMove.from_dict(legal_moves_item_data)

            legal_moves.append(legal_moves_item)

        match = SinkSinkMatch.from_dict(d.pop("match"))

        options = SinkSinkOptions.from_dict(d.pop("options"))

        players = d.pop("players")

        seat = d.pop("seat")

        def _parse_to_act(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_act = _parse_to_act(d.pop("to_act"))

        def _parse_trick(data: object) -> None | SinkSinkTrick:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trick_type_0 = SinkSinkTrick.from_dict(data)

                return trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SinkSinkTrick, data)

        trick = _parse_trick(d.pop("trick"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = SinkSinkCompletedTrick.from_dict(tricks_item_data)

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

        match_id = d.pop("match_id", UNSET)

        ply = d.pop("ply", UNSET)

        reseats = cast(list[int], d.pop("reseats", UNSET))

        timeouts = cast(list[int], d.pop("timeouts", UNSET))

        sink_sink_seat_view = cls(
            dealer=dealer,
            game=game,
            hand=hand,
            hand_over=hand_over,
            hand_sizes=hand_sizes,
            legal_moves=legal_moves,
            match=match,
            options=options,
            players=players,
            seat=seat,
            to_act=to_act,
            trick=trick,
            tricks=tricks,
            winner=winner,
            clock=clock,
            deal=deal,
            match_id=match_id,
            ply=ply,
            reseats=reseats,
            timeouts=timeouts,
        )

        return sink_sink_seat_view
