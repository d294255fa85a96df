from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.fapfap_card import FapfapCard
from ..models.fapfap_state_game import FapfapStateGame
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.fapfap_completed_trick import FapfapCompletedTrick
    from ..models.fapfap_deal_record import FapfapDealRecord
    from ..models.fapfap_match import FapfapMatch
    from ..models.fapfap_options import FapfapOptions
    from ..models.fapfap_trick import FapfapTrick


T = TypeVar("T", bound="FapfapState")


@_attrs_define
class FapfapState:
    """
    Attributes:
        deal (FapfapDealRecord):
        dealer (int): The dealing seat.
        game (FapfapStateGame): The game id.
        players (int): Number of seats: 2 to 7 (RULINGS F8).
        trick (FapfapTrick | None): The trick in progress; null once the hand is over.
        tricks (list[FapfapCompletedTrick]): Completed tricks, in order.
        clock (Clock | Unset):
        hand_over (bool | Unset): Whether the hand is over.
        hands (list[list[FapfapCard]] | Unset): hands[s]: seat s's cards now.
        issued_at (str | Unset): Signed mode: when the referee issued the state (RFC 3339, UTC, with milliseconds),
            which its signature covers: send it back as it came, not as a time value written again. A state issued longer
            ago than the referee remembers spent states (`REFEREE_TOKEN_TTL_SECONDS`) can no longer be played or dealt from
            (403 `state_expired`); reading it still works.
        match (FapfapMatch | Unset):
        options (FapfapOptions | Unset):
        rules_version (str | Unset): Rules version the state was made under (now '1').
        schema_version (int | Unset): Shape version of this state (now 1).
        signature (str | Unset): HMAC-SHA256 of the state, when the referee signs states (see docs/holding.md, Signed).
        timeouts (list[int] | Unset): The plies (from 1, in increasing order) of the plays the referee made on timeout,
            for a seat whose time ran out (`timeout`); absent when there is none.
        to_act (int | None | Unset): The seat whose turn it is; null once the hand is over.
        winner (int | None | Unset): The seat that won the last trick, once the hand is over.
    """

    deal: FapfapDealRecord
    dealer: int
    game: FapfapStateGame
    players: int
    trick: FapfapTrick | None
    tricks: list[FapfapCompletedTrick]
    clock: Clock | Unset = UNSET
    hand_over: bool | Unset = UNSET
    hands: list[list[FapfapCard]] | Unset = UNSET
    issued_at: str | Unset = UNSET
    match: FapfapMatch | Unset = UNSET
    options: FapfapOptions | Unset = UNSET
    rules_version: str | Unset = UNSET
    schema_version: int | Unset = UNSET
    signature: str | Unset = UNSET
    timeouts: list[int] | Unset = UNSET
    to_act: int | None | Unset = UNSET
    winner: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.fapfap_trick import FapfapTrick  # noqa: PLC0415

        deal = self.deal.to_dict()

        dealer = self.dealer

        game = self.game.value

        players = self.players

        trick: dict[str, Any] | None
        if isinstance(self.trick, FapfapTrick):
            trick = self.trick.to_dict()
        else:
            trick = self.trick

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        hand_over = self.hand_over

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = []
                for hands_item_item_data in hands_item_data:
                    hands_item_item = hands_item_item_data.value
                    hands_item.append(hands_item_item)

                hands.append(hands_item)

        issued_at = self.issued_at

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        rules_version = self.rules_version

        schema_version = self.schema_version

        signature = self.signature

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
                "dealer": dealer,
                "game": game,
                "players": players,
                "trick": trick,
                "tricks": tricks,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if hand_over is not UNSET:
            field_dict["hand_over"] = hand_over
        if hands is not UNSET:
            field_dict["hands"] = hands
        if issued_at is not UNSET:
            field_dict["issued_at"] = issued_at
        if match is not UNSET:
            field_dict["match"] = match
        if options is not UNSET:
            field_dict["options"] = options
        if rules_version is not UNSET:
            field_dict["rules_version"] = rules_version
        if schema_version is not UNSET:
            field_dict["schema_version"] = schema_version
        if signature is not UNSET:
            field_dict["signature"] = signature
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts
        if to_act is not UNSET:
            field_dict["to_act"] = to_act
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.fapfap_completed_trick import FapfapCompletedTrick  # noqa: PLC0415
        from ..models.fapfap_deal_record import FapfapDealRecord  # noqa: PLC0415
        from ..models.fapfap_match import FapfapMatch  # noqa: PLC0415
        from ..models.fapfap_options import FapfapOptions  # noqa: PLC0415
        from ..models.fapfap_trick import FapfapTrick  # noqa: PLC0415

        d = dict(src_dict)
        deal = FapfapDealRecord.from_dict(d.pop("deal"))

        dealer = d.pop("dealer")

        game = FapfapStateGame(d.pop("game"))

        players = d.pop("players")

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

        _clock = d.pop("clock", UNSET)
        clock: Clock | Unset
        if isinstance(_clock, Unset):
            clock = UNSET
        else:
            clock = Clock.from_dict(_clock)

        hand_over = d.pop("hand_over", UNSET)

        _hands = d.pop("hands", UNSET)
        hands: list[list[FapfapCard]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = []
                _hands_item = hands_item_data
                for hands_item_item_data in _hands_item:
                    hands_item_item = FapfapCard(hands_item_item_data)

                    hands_item.append(hands_item_item)

                hands.append(hands_item)

        issued_at = d.pop("issued_at", UNSET)

        _match = d.pop("match", UNSET)
        match: FapfapMatch | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = FapfapMatch.from_dict(_match)

        _options = d.pop("options", UNSET)
        options: FapfapOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = FapfapOptions.from_dict(_options)

        rules_version = d.pop("rules_version", UNSET)

        schema_version = d.pop("schema_version", UNSET)

        signature = d.pop("signature", UNSET)

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

        fapfap_state = cls(
            deal=deal,
            dealer=dealer,
            game=game,
            players=players,
            trick=trick,
            tricks=tricks,
            clock=clock,
            hand_over=hand_over,
            hands=hands,
            issued_at=issued_at,
            match=match,
            options=options,
            rules_version=rules_version,
            schema_version=schema_version,
            signature=signature,
            timeouts=timeouts,
            to_act=to_act,
            winner=winner,
        )

        return fapfap_state
