from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.agram_mali_card import AgramMaliCard
from ..models.agram_mali_seat_view_game import AgramMaliSeatViewGame
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agram_mali_completed_trick import AgramMaliCompletedTrick
    from ..models.agram_mali_match import AgramMaliMatch
    from ..models.agram_mali_move import AgramMaliMove
    from ..models.agram_mali_options import AgramMaliOptions
    from ..models.agram_mali_trick import AgramMaliTrick
    from ..models.clock import Clock
    from ..models.sealed_deal import SealedDeal


T = TypeVar("T", bound="AgramMaliSeatView")


@_attrs_define
class AgramMaliSeatView:
    """
    Attributes:
        dealer (int): The dealing seat.
        game (AgramMaliSeatViewGame): The game id.
        hand (list[AgramMaliCard]): This seat's cards now, in dealt order.
        hand_over (bool):
        hand_sizes (list[int]): How many cards each seat holds.
        legal_moves (list[AgramMaliMove]): This seat's legal moves; empty when it is not its turn.
        match (AgramMaliMatch):
        options (AgramMaliOptions):
        players (int): Number of seats: 2 to 6 (RULINGS F8).
        seat (int): The seat this view is for.
        to_act (int | None):
        trick (AgramMaliTrick | None):
        tricks (list[AgramMaliCompletedTrick]): Completed tricks (public).
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
    game: AgramMaliSeatViewGame
    hand: list[AgramMaliCard]
    hand_over: bool
    hand_sizes: list[int]
    legal_moves: list[AgramMaliMove]
    match: AgramMaliMatch
    options: AgramMaliOptions
    players: int
    seat: int
    to_act: int | None
    trick: AgramMaliTrick | None
    tricks: list[AgramMaliCompletedTrick]
    winner: int | None
    clock: Clock | Unset = UNSET
    deal: SealedDeal | Unset = UNSET
    match_id: str | Unset = UNSET
    ply: int | Unset = UNSET
    reseats: list[int] | Unset = UNSET
    timeouts: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agram_mali_trick import AgramMaliTrick  # noqa: PLC0415

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
        if isinstance(self.trick, AgramMaliTrick):
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
        from ..models.agram_mali_completed_trick import AgramMaliCompletedTrick  # noqa: PLC0415
        from ..models.agram_mali_match import AgramMaliMatch  # noqa: PLC0415
        from ..models.agram_mali_move import AgramMaliMove  # noqa: PLC0415
        from ..models.agram_mali_options import AgramMaliOptions  # noqa: PLC0415
        from ..models.agram_mali_trick import AgramMaliTrick  # noqa: PLC0415
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.sealed_deal import SealedDeal  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer")

        game = AgramMaliSeatViewGame(d.pop("game"))

        hand = []
        _hand = d.pop("hand")
        for hand_item_data in _hand:
            hand_item = AgramMaliCard(hand_item_data)

            hand.append(hand_item)

        hand_over = d.pop("hand_over")

        hand_sizes = cast(list[int], d.pop("hand_sizes"))

        legal_moves = []
        _legal_moves = d.pop("legal_moves")
        for legal_moves_item_data in _legal_moves:
            legal_moves_item = AgramMaliMove.from_dict(legal_moves_item_data)

            legal_moves.append(legal_moves_item)

        match = AgramMaliMatch.from_dict(d.pop("match"))

        options = AgramMaliOptions.from_dict(d.pop("options"))

        players = d.pop("players")

        seat = d.pop("seat")

        def _parse_to_act(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_act = _parse_to_act(d.pop("to_act"))

        def _parse_trick(data: object) -> AgramMaliTrick | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trick_type_0 = AgramMaliTrick.from_dict(data)

                return trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgramMaliTrick | None, data)

        trick = _parse_trick(d.pop("trick"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = AgramMaliCompletedTrick.from_dict(tricks_item_data)

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

        agram_mali_seat_view = cls(
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

        return agram_mali_seat_view
