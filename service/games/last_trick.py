"""The Agram family: last-trick games with no trumps (Agram, Sink-Sink, Fapfap,
the Mali version, Spar).

Source: the Agram rules as ``docs/rules.md`` gives them, RULINGS C1-C3 and
F1-F8. Each variant is one ``LastTrickGame`` value in ``VARIANTS``; what a
variant scores is a value too (``HandsWon``, with Spar's points by rank, and
``FapfapPayouts``), so adding a variant means adding values, not code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Protocol

from ..cards import CARD_COUNT, Card, build_deck, codes_text, marks
from ..tricks import Play, Trick
from .base import (
    Hand,
    TrickGame,
)
from .checks import (
    card_problems,
    hands_problems,
    refuse_seat,
    tally_problems,
    trick_shape_problems,
)
from .records import (
    COMMON_PROBLEMS,
    Claims,
    Family,
    MatchRecord,
    MatchStatus,
    OptionSpec,
    ProblemCode,
    Refusal,
    Score,
    Seating,
    TallyUnit,
    TeamMatchStatus,
)

_STANDARD_RANKS = ("A", "10", "9", "8", "7", "6", "5", "4", "3")
_MALI_RANKS = ("A", "K", "10", "Q", "9", "8", "J", "7")
_SPAR_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
_SUITS = "HDCS"




def _cards(ranks: tuple[str, ...]) -> dict[str, Any]:
    """A variant's ``deck`` and ``rank_order`` from its ranks, high to low: every
    suit has them all but spades, whose top rank (the ace) is taken out (F2)."""
    by_suit = {suit: ranks[1:] if suit == "S" else ranks for suit in _SUITS}
    return {"deck": build_deck(_SUITS, by_suit), "rank_order": ranks}


# -- scoring: what a hand is worth, as values ------------------------------------


@dataclass(frozen=True, slots=True)
class PayoutScore(Score):
    """Fapfap's result (F2, F6): ``multiplier`` 1, 2 or 4 (``None`` while the
    hand runs) and ``payouts``, stake units per seat, summing to 0 (zeros
    while the hand runs)."""

    multiplier: int | None = field(metadata={"description": "1, 2 or 4 (F2); null while the hand runs."})
    payouts: tuple[int, ...] = field(
        metadata={"description": "Stake units won (+) or paid (-) per seat; they sum to 0 (F6)."}
    )


@dataclass(frozen=True, slots=True)
class PointsScore(Score):
    """Spar's result (F2): ``points`` the hand scores for its winner (3 for a
    6, 2 for a 7, otherwise 1; ``None`` while the hand runs)."""

    points: int | None = field(
        metadata={"description": "Points the hand scores for its winner: 3 for a 6, 2 for a 7, else 1 (F2)."}
    )


class Scoring(Protocol):
    """What a variant's hand is worth, and how its match is tallied (F2, F6, F7)."""

    @property
    def unit(self) -> TallyUnit:
        """What the match tally counts."""
        ...

    @property
    def record(self) -> type[Score]:
        """The record ``score`` returns."""
        ...

    def score(self, hand: LastTrickHand) -> Score:
        """The hand's result so far."""
        ...

    def tally(self, previous: tuple[int, ...], hand: LastTrickHand) -> tuple[int, ...]:
        """The match tally once ``hand`` (over) is added to ``previous``."""
        ...

    def seat_value(self, hand: LastTrickHand, seat: int) -> int:
        """What ``hand`` (over) is worth to ``seat``: what it scores, or pays."""
        ...

    def record_problems(self, match: MatchRecord, options: Mapping[str, Any], seating: Seating) -> list[str]:
        """F7 as far as a match record can show it under this scoring."""
        ...

    @property
    def points_by_rank(self) -> Mapping[str, int]:
        """The ranks whose winning of the last trick scores the hand other
        than 1 point for its winner, with their points (Spar, F2); empty
        where every rank scores 1 or the hand pays a stake (``staked``)."""
        ...

    @property
    def bonus_rank(self) -> str | None:
        """The rank that multiplies the stake when it wins the last trick (F2:
        Fapfap's 3), else ``None``."""
        ...

    @property
    def staked(self) -> bool:
        """Whether every other seat pays the winner the stake (F6), rather
        than the winner scoring the hand's points and the others nothing."""
        ...


@dataclass(frozen=True, slots=True)
class HandsWon:
    """The winner of the last trick wins the hand (F2); the match counts hands
    won (F7). With ``points_by_rank`` (Spar), the hand scores the points of
    the last trick's winning rank, any other rank 1, and the match counts
    points."""

    points_by_rank: Mapping[str, int] = field(default_factory=dict)

    @property
    def unit(self) -> TallyUnit:
        return TallyUnit.POINTS if self.points_by_rank else TallyUnit.HANDS

    @property
    def bonus_rank(self) -> None:
        return None

    @property
    def staked(self) -> bool:
        return False

    @property
    def record(self) -> type[Score]:
        return PointsScore if self.points_by_rank else Score

    def worth(self, hand: LastTrickHand) -> int:
        """What the finished hand scores for its winner."""
        card = hand.tricks[-1].card
        assert card is not None
        return self.points_by_rank.get(card.rank, 1)

    def score(self, hand: LastTrickHand) -> Score:
        if not self.points_by_rank:
            return Score(hand.hand_over, hand.winner)
        return PointsScore(hand.hand_over, hand.winner, self.worth(hand) if hand.hand_over else None)

    def seat_value(self, hand: LastTrickHand, seat: int) -> int:
        """The winner's points (1; Spar 3, 2 or 1, F2); 0 for every other seat."""
        return self.worth(hand) if seat == hand.winner else 0

    def tally(self, previous: tuple[int, ...], hand: LastTrickHand) -> tuple[int, ...]:
        winner = hand.winner
        assert winner is not None
        return tuple(value + self.worth(hand) if seat == winner else value for seat, value in enumerate(previous))

    def record_problems(self, match: MatchRecord, options: Mapping[str, Any], seating: Seating) -> list[str]:
        """Hands or points are never negative and each hand gives one of the
        possible values; the dealer of a later hand won the hand before, so
        after one hand the tally is exactly that hand's result for the dealer;
        later, the dealer has won something."""
        earlier = match.hand - 1
        values = {1} | set(self.points_by_rank.values())
        best = max(values)
        problems = tally_problems(match, seating.players, options["target"], "seats",
                                  total=(min(values) * earlier, best * earlier))
        previous = list(match.previous)
        # A tally a is a sum of hand values: at least ceil(a / best) hands. The
        # values are 1 to best with no gap (1; Spar 1, 2, 3), so that is exact.
        fewest = sum(-(-value // best) for value in previous)
        if not problems and fewest > earlier:
            problems.append(f"match.previous {previous} needs at least {fewest} earlier hands; there were {earlier}")
        dealer = seating.dealer
        if problems or earlier == 0 or dealer is None:
            return problems
        if not (previous[dealer] >= 1 and (earlier > 1 or (previous[dealer] in values and sum(previous) == previous[dealer]))):
            problems.append(_not_after_the_dealer(previous, dealer))
        return problems


MULTIPLIERS = (1, 2, 4)
"""Fapfap's payout multipliers (F2)."""


@dataclass(frozen=True, slots=True)
class FapfapPayouts:
    """Fapfap (F2, F6): each other seat pays the winner the stake times the
    multiplier: 2 when the last trick is won with a ``bonus_rank`` card, 4
    when the two last tricks both are; the match keeps a running balance."""

    bonus_rank: str

    @property
    def unit(self) -> TallyUnit:
        return TallyUnit.BALANCE

    @property
    def points_by_rank(self) -> Mapping[str, int]:
        return {}

    @property
    def staked(self) -> bool:
        return True

    @property
    def record(self) -> type[Score]:
        return PayoutScore

    def multiplier(self, tricks: Sequence[Trick]) -> int:
        """1, 2 or 4 (F2)."""
        last, before = tricks[-1], tricks[-2] if len(tricks) > 1 else None
        if last.card is None or last.card.rank != self.bonus_rank:
            return 1
        return 4 if before is not None and before.card is not None and before.card.rank == self.bonus_rank else 2

    def score(self, hand: LastTrickHand) -> PayoutScore:
        over = hand.hand_over
        multiplier = self.multiplier(hand.tricks) if over else None
        stake = hand.options["stake"] * (multiplier or 0)
        payouts = tuple(
            0 if not over else stake * (hand.players - 1) if seat == hand.winner else -stake for seat in range(hand.players)
        )
        return PayoutScore(over, hand.winner, multiplier, payouts)

    def seat_value(self, hand: LastTrickHand, seat: int) -> int:
        """The seat's net payout (F6): ``(n-1)*s*m`` for the winner, ``-s*m`` for every other seat."""
        return self.score(hand).payouts[seat]

    def tally(self, previous: tuple[int, ...], hand: LastTrickHand) -> tuple[int, ...]:
        return tuple(before + paid for before, paid in zip(previous, self.score(hand).payouts, strict=True))

    def record_problems(self, match: MatchRecord, options: Mapping[str, Any], seating: Seating) -> list[str]:
        """Balances sum to 0 in multiples of the stake; after one hand they
        are exactly one payout to the dealer, who won it (F6, F7)."""
        earlier = match.hand - 1
        stake = options["stake"]
        players = seating.players
        most = stake * max(MULTIPLIERS) * earlier  # every earlier hand paid at the highest multiplier
        problems = tally_problems(match, players, options["target"], "seats", total=(0, 0),
                                  each=(-most, most * (players - 1)), non_negative=False, step=stake)
        dealer = seating.dealer
        if problems or earlier == 0 or dealer is None:
            return problems
        previous = list(match.previous)
        one_hand = [[stake * m * (players - 1) if seat == dealer else -stake * m for seat in range(players)] for m in MULTIPLIERS]
        if not (earlier > 1 or previous in one_hand):
            problems.append(_not_after_the_dealer(previous, dealer))
        return problems


def _not_after_the_dealer(previous: list[int], dealer: int) -> str:
    return f"match.previous {previous} cannot follow a hand won by seat {dealer}, which deals this one (RULINGS F7)"


# -- the hand ---------------------------------------------------------------------


class LastTrickHand(Hand):
    """A hand of an Agram-family game.

    Attributes (besides ``Hand``'s):
        hands: each seat's cards now, in dealt order.
        trick: the trick in progress (``None`` once the hand is over).
    """

    __slots__ = ("hands",)

    HAND_OVER = Refusal("hand_over", "The hand is over: all its tricks have been played (RULINGS F2)")

    game: LastTrickGame
    hands: tuple[tuple[Card, ...], ...]

    def _lay_out(self) -> None:
        """Each seat holds its dealt cards (F3)."""
        self.hands = self.deal_hands

    @property
    def dealer(self) -> int:
        """The dealing seat (F3)."""
        assert self.seating.dealer is not None
        return self.seating.dealer

    @property
    def hand_over(self) -> bool:
        """True once every trick has been played (F2)."""
        return len(self.tricks) == self.game.hand_size

    @property
    def trick(self) -> Trick | None:
        """The trick in progress; ``None`` once the hand is over."""
        return None if self.hand_over else Trick(leader=self.leader, plays=self.plays)

    @property
    def winner(self) -> int | None:
        """The seat that won the last trick, once the hand is over (F2)."""
        return self.tricks[-1].winner if self.hand_over else None

    def _candidates(self, seat: int) -> list[Play]:
        return [Play(seat, card) for card in self.hands[seat]]

    def _card_refusal(self, seat: int, move: Play) -> Refusal | None:
        hand = self.hands[seat]
        if move.card not in hand:
            return Refusal("card_not_available", f"Seat {seat} does not hold {move.card}: a seat plays only the cards dealt to it (RULINGS F3)")
        if self.plays:
            led = self.plays[0].card.suit
            if move.card.suit != led and any(card.suit == led for card in hand):
                return Refusal(
                    "must_follow_suit",
                    f"Seat {seat} must follow suit: {led} was led and seat {seat} holds "
                    f"{codes_text([c for c in hand if c.suit == led])} (RULINGS F5)",
                )
        return None

    def _take(self, move: Play) -> Play:
        seat = move.seat
        self.hands = (*self.hands[:seat], tuple([card for card in self.hands[seat] if card is not move.card]), *self.hands[seat + 1 :])
        return move if move.holder is None else Play(seat, move.card)  # a move is its play (no holder in this family)

    def _after_trick(self, done: Trick) -> None:
        """The last trick ends the hand (F2): ``hand_over`` counts the tricks."""

    def _recorded_problem(self, history: Sequence[Play], seats: Sequence[int]) -> str | None:
        owner = [-1] * CARD_COUNT  # by Card.number: the same work whatever the cards (base.marks)
        for seat, cards in enumerate(self.deal_hands):
            for card in cards:
                owner[card.number] = seat
        if all(play.seat == seat and owner[play.card.number] == seat for play, seat in zip(history, seats)):
            return None if sum(marks(play.card for play in history)) == len(history) else "a card is played twice"
        return "a play is not by the seat whose turn it was, or not of a card that seat was dealt"

    def _take_all(self, history: Sequence[Play]) -> None:
        """Each seat's cards less those it played, in dealt order."""
        played = marks(play.card for play in history)
        self.hands = tuple(tuple(card for card in cards if not played[card.number]) for cards in self.hands)

    def _has_legal_play(self, seat: int) -> bool:
        """A seat to act holds a card, and may play any card when it cannot
        follow suit (F5): it always has a legal play."""
        return True


@dataclass(frozen=True, slots=True)
class LastTrickView:
    """What one seat may know (F2): its own cards, how many each seat holds,
    every card played, whose turn it is, its legal moves and the match. Never
    the deal or the seed.

    With no seat (``seat`` ``None``): what every seat may know; the members
    in ``PRIVATE`` are then ``None`` or empty."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("seat", "hand", "legal_moves")

    game: str
    options: Mapping[str, Any]
    seat: int | None
    players: int
    dealer: int
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    tricks: tuple[Trick, ...]
    trick: Trick | None
    to_act: int | None
    hand_over: bool
    winner: int | None
    legal_moves: tuple[Play, ...]
    match: MatchStatus | TeamMatchStatus


# -- the game ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class LastTrickGame(TrickGame[LastTrickHand]):
    """One variant of the Agram family, as data (RULINGS F2).

    Attributes:
        id: the game id in URLs.
        name: the game's name for people.
        deck: every card, in listed order (suit by suit, high to low).
        rank_order: ranks high to low (F1: only the led suit wins).
        batches: cards dealt to each seat per round (3+3 or 3+2, F3).
        min_players: fewest seats (F8).
        max_players: most seats (F8).
        scoring: what a hand is worth and how the match is tallied (F2, F6, F7).
        options: the rules options a request may set (F6, F7).

    ``deal`` takes ``players`` (required for a first hand, F8) and ``dealer``
    (default 0; the seat after it leads first, F3, F4); a ``deck`` is dealt in
    batches from the seat after the dealer round to the dealer, the cards
    left over undealt (F3). In a match the players carry over and the last
    hand's winner deals (F7).
    """

    HAND: ClassVar[type[LastTrickHand]] = LastTrickHand  # type: ignore[misc]

    id: str
    name: str
    deck: tuple[Card, ...]
    rank_order: tuple[str, ...]
    batches: tuple[int, ...]
    min_players: int
    max_players: int
    scoring: Scoring = HandsWon()
    options: tuple[OptionSpec, ...] = ()
    family: Family = Family.LAST_TRICK
    trump: str | None = None
    walls: int | None = None
    target_option: str = "target"
    problem_codes: tuple[ProblemCode, ...] = COMMON_PROBLEMS

    @cached_property
    def hand_size(self) -> int:  # type: ignore[override]
        """Cards dealt to each seat, which is also the number of tricks (F2)."""
        return sum(self.batches)

    @cached_property
    def max_tricks(self) -> int:  # type: ignore[override]
        """A hand has as many tricks as cards dealt to each seat (F2)."""
        return self.hand_size

    @property
    def unit(self) -> TallyUnit:
        return self.scoring.unit

    @property
    def score_type(self) -> type[Score]:
        return self.scoring.record

    @property
    def view_type(self) -> type[LastTrickView]:
        return LastTrickView

    # -- deal -------------------------------------------------------------------

    def deal_deck(self, deck: Sequence[Card], seating: Seating) -> list[list[Card]]:
        """Batches from the seat after the dealer round to the dealer (F3)."""
        players, dealer = seating.players, seating.dealer or 0
        hands: list[list[Card]] = [[] for _ in range(players)]
        position = 0
        for batch in self.batches:
            for offset in range(1, players + 1):
                seat = (dealer + offset) % players
                hands[seat].extend(deck[position : position + batch])
                position += batch
        return hands

    def _seat(self, previous: LastTrickHand | None, match: MatchRecord | None, seating: Mapping[str, int | None]) -> Seating:
        """``players`` seats (F8) and the ``dealer`` (default 0; F3, F4); in a
        match, the last hand's players, and its winner deals (F7).

        Raises:
            RulesRefusal: ``seat_out_of_range``.
            ValueError: no ``players`` for a first hand, or a player count
                outside the game's range (F8). A request never gets here with
                either: the deal's schema refuses both (422, naming the range).
        """
        players, dealer = seating.get("players"), seating.get("dealer")
        if previous is not None:
            players, dealer = previous.players, previous.winner
        if players is None:
            raise ValueError("Say how many players: players is required for a first hand")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players} (RULINGS F8)")
        dealer = 0 if dealer is None else dealer
        refuse_seat(dealer, players, "dealer")
        return seating_of(players, dealer)

    def _continue(self, previous: LastTrickHand, seating: Mapping[str, int | None]) -> list[str]:
        """The players and the dealer of a match's next hand are its own (F7)."""
        mismatches = []
        players, dealer = seating.get("players"), seating.get("dealer")
        if players is not None and players != previous.players:
            mismatches.append(f"the match has {previous.players} players, not {players}")
        if dealer is not None and dealer != previous.winner:
            mismatches.append(f"seat {previous.winner} won the last hand and deals the next (RULINGS F7), not seat {dealer}")
        return mismatches

    # -- states from clients ------------------------------------------------------

    def seating_problems(self, seating: Seating) -> list[str]:
        problems = []
        if not self.min_players <= seating.players <= self.max_players:
            problems.append(f"players is {seating.players}; {self.name} is played by {self.min_players} to {self.max_players}")
        if seating.dealer is None or not 0 <= seating.dealer < seating.players:
            problems.append(f"dealer {seating.dealer} is not a seat")
        return problems

    def match_problems(self, match: MatchRecord, options: Mapping[str, Any], seating: Seating) -> list[str]:
        return self.scoring.record_problems(match, options, seating)

    def _claimed_cards(self, claims: Claims, hand: LastTrickHand) -> list[str]:
        problems = hands_problems(claims.fields["hands"], hand.hands) if "hands" in claims.fields else []
        if claims.trick is None and not hand.hand_over:
            problems.append("trick is missing but the hand is not over")
        if claims.trick is not None and hand.hand_over:
            problems.append("trick must be null once the hand is over")
        return problems

    # -- play ---------------------------------------------------------------------

    def trick_problems(self, plays: Sequence[Play]) -> list[str]:
        """Cards of the deck, each once, seats in turn, at most one play per seat (F1)."""
        return card_problems("plays", [p.card for p in plays], self.facts) + trick_shape_problems(self.facts, plays, None)

    # -- results ------------------------------------------------------------------

    def score(self, hand: LastTrickHand) -> Score:
        """The hand's result (F2, F6): ``hand_over``, ``winner`` (the seat that
        won the last trick, ``None`` while the hand runs) and what the
        variant's scoring adds (Fapfap: ``multiplier``, ``payouts``; Spar:
        ``points``)."""
        return self.scoring.score(hand)

    def _tally(self, hand: LastTrickHand) -> tuple[int, ...]:
        return self.scoring.tally(hand.match.previous, hand)

    def _seat_value(self, hand: LastTrickHand, seat: int) -> int:
        return self.scoring.seat_value(hand, seat)

    def observe(self, hand: LastTrickHand, seat: int | None) -> LastTrickView:
        """What ``seat`` may know: its own cards and how many each seat
        holds, and what every seat sees. With ``seat`` ``None``: what every
        seat sees.

        Raises:
            RulesRefusal: ``seat_out_of_range``.
        """
        if seat is not None:
            refuse_seat(seat, hand.players, "seat")
        return LastTrickView(
            game=self.id,
            options=hand.options,
            seat=seat,
            players=hand.players,
            dealer=hand.dealer,
            hand=None if seat is None else hand.hands[seat],
            hand_sizes=tuple(len(cards) for cards in hand.hands),
            tricks=hand.tricks,
            trick=hand.trick,
            to_act=hand.to_act,
            hand_over=hand.hand_over,
            winner=hand.winner,
            legal_moves=tuple(hand.legal_moves()) if seat is not None and hand.to_act == seat else (),
            match=self.match_status(hand),
        )


def seating_of(players: int, dealer: int) -> Seating:
    """The seating of a hand: the seat after the dealer leads first (F3, F4)."""
    return Seating(players, (dealer + 1) % players, dealer)


_TARGET_HANDS = OptionSpec(
    name="target", type="integer", default=5, minimum=1, maximum=1000,
    description="Hands won to win the match (RULINGS F7).",
)

VARIANTS: tuple[LastTrickGame, ...] = (
    LastTrickGame(
        id="agram", name="Agram", **_cards(_STANDARD_RANKS), batches=(3, 3), min_players=2, max_players=5,
        options=(_TARGET_HANDS,),
    ),
    LastTrickGame(
        id="sink-sink", name="Sink-Sink", **_cards(_STANDARD_RANKS), batches=(3, 2), min_players=2, max_players=7,
        options=(_TARGET_HANDS,),
    ),
    LastTrickGame(
        id="fapfap", name="Fapfap", **_cards(_STANDARD_RANKS), batches=(3, 2), min_players=2, max_players=7,
        scoring=FapfapPayouts(bonus_rank="3"),
        options=(
            OptionSpec(name="stake", type="integer", default=1, minimum=1, maximum=1_000_000,
                       description="What each other seat pays the winner, times the multiplier (RULINGS F6)."),
            OptionSpec(name="target", type="integer", default=None, minimum=1, maximum=1_000_000_000, nullable=True,
                       description="A balance that wins the match when a seat reaches it; none by default (RULINGS F7)."),
        ),
    ),
    LastTrickGame(
        id="agram-mali", name="Agram (Mali version)", **_cards(_MALI_RANKS), batches=(3, 2), min_players=2, max_players=6,
        options=(_TARGET_HANDS,),
    ),
    LastTrickGame(
        id="spar", name="Spar", **_cards(_SPAR_RANKS), batches=(3, 2), min_players=2, max_players=7,
        scoring=HandsWon(points_by_rank={"6": 3, "7": 2}),
        options=(
            OptionSpec(name="target", type="integer", default=10, minimum=1, maximum=1000,
                       description="Points to win the match (RULINGS F7)."),
        ),
    ),
)
