"""The Agram family: last-trick games with no trumps (Agram, Sink-Sink, Fapfap,
the Mali version, Spar).

Source: the Agram rule text (``rules/001_*.txt``) and RULINGS C1-C3, F1-F8.
Each variant is one ``LastTrickGame`` value in ``VARIANTS``; adding a variant
means adding a value, not code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, build_deck, codes
from ..errors import RulesRefusal
from ..tricks import Play, Trick, winning_play
from .base import (
    MatchRecord,
    OptionSpec,
    RawState,
    Refusal,
    card_problems,
    checked_apply,
    claimed_problems,
    deal_hands,
    deal_record_problems,
    dealt_hands_problems,
    deck_set,
    hands_problems,
    legal,
    match_events,
    match_problems,
    raise_problems,
    refuse_mismatches,
    refuse_next_hand,
    refuse_seat,
    replay,
    resolve_options,
    strengths,
    trick_shape_problems,
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


@dataclass(frozen=True, slots=True, kw_only=True)
class LastTrickGame:
    """One variant of the Agram family, as data (RULINGS F2).

    Attributes:
        id: the game id in URLs.
        name: the game's name for people.
        deck: every card, in listed order (suit by suit, high to low).
        rank_order: ranks high to low (F1: only the led suit wins).
        batches: cards dealt to each seat per round (3+3 or 3+2, F3).
        min_players: fewest seats (F8).
        max_players: most seats (F8).
        hand_points: what the winning card of the last trick scores, by rank;
            any other rank scores 1 (Spar, F2; 1 everywhere else).
        bonus_rank: Fapfap: the rank whose last-trick win doubles the stake,
            and quadruples it when it also won the trick before (F2, F6).
        target_unit: what ``target`` counts: ``"hands"`` won, ``"points"``
            scored (Spar) or ``"balance"`` (Fapfap, F7).
        options: the rules options a request may set (F6, F7).
    """

    id: str
    name: str
    deck: tuple[Card, ...]
    rank_order: tuple[str, ...]
    batches: tuple[int, ...]
    min_players: int
    max_players: int
    hand_points: Mapping[str, int] = field(default_factory=dict)
    bonus_rank: str | None = None
    target_unit: str = "hands"
    options: tuple[OptionSpec, ...] = ()

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat, which is also the number of tricks (F2)."""
        return sum(self.batches)

    @property
    def strength(self) -> dict[str, int]:
        """Rank -> strength, higher wins."""
        return strengths(self.rank_order)

    @property
    def deck_set(self) -> frozenset[Card]:
        return deck_set(self.deck)

    # -- deal ---------------------------------------------------------------

    def deal(
        self,
        *,
        players: int | None = None,
        dealer: int | None = None,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        options: Mapping[str, Any] | None = None,
        previous: LastTrickState | None = None,
    ) -> LastTrickState:
        """A new hand: from ``seed``, a ``deck`` order, explicit ``hands``, or at random.

        Args:
            players: number of seats, within ``min_players .. max_players``
                (F8); required unless ``previous`` is given.
            dealer: the dealing seat (default 0); the seat after it leads
                first (F3, F4). In a match, the last hand's winner (F7).
            seed: ``0 .. SEED_MAX``; the deck is shuffled as ``service.cards`` says.
            deck: a full deck order, dealt in batches from the seat after the
                dealer round to the dealer (F3); cards left over stay undealt.
            hands: ``hands[s]`` is seat s's cards in dealt order.
            options: rules options; defaults apply.
            previous: the finished hand this one follows in a match (F7): its
                players, options and tally carry over.

        Raises:
            RulesRefusal: ``players_out_of_range`` (F8), ``seat_out_of_range``,
                and with ``previous``: ``hand_not_over``, ``match_over``,
                ``match_mismatch`` (players, dealer or options that differ).
            InvalidState: a deck or hands that are not this game's.
        """
        match = MatchRecord(hand=1, previous=(0,) * (players or 0))
        if previous is not None:
            match = self._next_hand(previous, players, dealer, options)
            players, dealer, options = previous.players, previous.winner, previous.options
        if players is None:
            raise RulesRefusal("players_required", "Say how many players: players is required for a first hand")
        if not self.min_players <= players <= self.max_players:
            raise RulesRefusal(
                "players_out_of_range",
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players} (RULINGS F8)",
            )
        dealer = 0 if dealer is None else dealer
        refuse_seat(dealer, players, "dealer")
        opts = resolve_options(self.options, options)
        hands, seed = deal_hands(
            seed=seed, deck=deck, hands=hands, full=self.deck, deal_deck=lambda order: self._deal_deck(order, players, dealer),
            seats=players, hand_size=self.hand_size, game=self.id,
        )
        return _Table.dealt(self, players, dealer, opts, hands, seed, match).freeze()

    def _next_hand(self, previous: LastTrickState, players, dealer, options) -> MatchRecord:
        status = self.match_status(previous)
        refuse_next_hand(previous.hand_over, status)
        mismatches = []
        if players is not None and players != previous.players:
            mismatches.append(f"the match has {previous.players} players, not {players}")
        if dealer is not None and dealer != previous.winner:
            mismatches.append(f"seat {previous.winner} won the last hand and deals the next (RULINGS F7), not seat {dealer}")
        if options is not None and resolve_options(self.options, options) != dict(previous.options):
            mismatches.append("the options of a match stay as they were for its first hand")
        refuse_mismatches(mismatches)
        return MatchRecord(hand=previous.match.hand + 1, previous=tuple(status["tally"]))

    def _deal_deck(self, deck: Sequence[Card], players: int, dealer: int) -> list[list[Card]]:
        hands: list[list[Card]] = [[] for _ in range(players)]
        position = 0
        for batch in self.batches:
            for offset in range(1, players + 1):
                seat = (dealer + offset) % players
                hands[seat].extend(deck[position : position + batch])
                position += batch
        return hands

    # -- play ---------------------------------------------------------------

    def legal_moves(self, state: LastTrickState) -> list[Play]:
        """Every move the seat to act may make (F4, F5); empty once the hand is over."""
        return legal(_Table.of(state))

    def play(self, state: LastTrickState, move: Play) -> tuple[LastTrickState, list[dict[str, Any]]]:
        """The state after ``move``, and the events it caused.

        Events, in order: ``card_played`` {seat, card}; when the trick completes,
        ``trick_won`` {winner, card, trick}; after the last trick, ``hand_over``
        with the fields of ``score``, then ``match_over`` {winner, tally} when
        the hand ends the match (F7).

        Raises:
            IllegalMove: ``hand_over``, ``not_your_turn``, ``card_not_available``
                or ``must_follow_suit`` (F5), with ``legal_moves``.
        """
        table = _Table.of(state)
        events = checked_apply(table, move, self.dump_move)
        after = table.freeze()
        if after.hand_over:
            events.append({"type": "hand_over", **self.score(after)})
            events += match_events(self.match_status(after))
        return after, events

    def trick_winner(self, plays: Sequence[Play]) -> Trick:
        """Judge the cards given, with no state: the winner is the highest card
        of the led suit (F1). Returns the trick with ``winner`` and ``card``.

        Raises:
            RulesRefusal: ``invalid_trick``: cards not in the deck, a card or
                seat twice, seats out of turn, or more plays than the variant
                has players.
        """
        problems = card_problems("plays", [p.card for p in plays], self.deck_set, self.id)
        problems += trick_shape_problems(plays, self.max_players)
        if problems:
            raise RulesRefusal("invalid_trick", "These plays are not a trick: " + "; ".join(problems), problems=problems)
        best = winning_play(plays, self.strength)
        return Trick(leader=plays[0].seat, plays=tuple(plays), winner=best.seat, card=best.card)

    def score(self, state: LastTrickState) -> dict[str, Any]:
        """The hand's result (F2, F6).

        Returns:
            ``hand_over`` (bool), ``winner`` (the seat that won the last trick,
            ``None`` while the hand runs); Fapfap adds ``multiplier`` (1, 2 or
            4; ``None`` while the hand runs) and ``payouts`` (stake units per
            seat, summing to 0; zeros while the hand runs); Spar adds
            ``points`` (what the hand scores for its winner: 3 for a 6, 2 for a
            7, otherwise 1; ``None`` while the hand runs).
        """
        over = state.hand_over
        result: dict[str, Any] = {"hand_over": over, "winner": state.winner}
        if self.bonus_rank is not None:
            multiplier = self._multiplier(state.tricks) if over else None
            stake = state.options["stake"] * (multiplier or 0)
            result["multiplier"] = multiplier
            result["payouts"] = [
                0 if not over else stake * (state.players - 1) if seat == state.winner else -stake
                for seat in range(state.players)
            ]
        if self.hand_points:
            result["points"] = self.hand_points.get(state.tricks[-1].card.rank, 1) if over else None
        return result

    def match_status(self, state: LastTrickState) -> dict[str, Any]:
        """Where the match stands (RULINGS F7).

        Returns:
            ``hand`` (from 1), ``target`` (``None``: no target), ``unit``
            (``"hands"`` won, ``"points"`` or ``"balance"``), ``previous`` (the
            tally per seat before this hand), ``tally`` (with this hand once it
            is over), ``over`` and ``winner`` (the seat that reached the
            target, else ``None``).
        """
        tally = list(state.match.previous)
        if state.hand_over:
            score = self.score(state)
            if self.target_unit == "balance":
                tally = [before + paid for before, paid in zip(tally, score["payouts"])]
            else:
                tally[state.winner] += score.get("points") or 1
        target = state.options.get("target")
        leader = max(range(state.players), key=tally.__getitem__)
        over = target is not None and tally[leader] >= target
        return {
            "hand": state.match.hand,
            "target": target,
            "unit": self.target_unit,
            "previous": list(state.match.previous),
            "tally": tally,
            "over": over,
            "winner": leader if over else None,
        }

    def _multiplier(self, tricks: Sequence[Trick]) -> int:
        last, before = tricks[-1], tricks[-2] if len(tricks) > 1 else None
        if last.card.rank != self.bonus_rank:
            return 1
        return 4 if before is not None and before.card.rank == self.bonus_rank else 2

    # -- states from clients ------------------------------------------------

    def restore(self, raw: RawLastTrickState) -> LastTrickState:
        """Rebuild a client's state from its deal and plays, checking every field.

        Raises:
            InvalidState: ``invalid_state``, with every problem found.
        """
        problems: list[str] = []
        if not self.min_players <= raw.players <= self.max_players:
            problems.append(f"players is {raw.players}; {self.name} is played by {self.min_players} to {self.max_players}")
        if not 0 <= raw.dealer < raw.players:
            problems.append(f"dealer {raw.dealer} is not a seat")
        if problems:
            raise_problems(problems)
        deal_problems = dealt_hands_problems(raw.deal_hands, raw.players, self.hand_size, self.deck_set, self.id)
        options = resolve_options(self.options, raw.options)
        match = raw.match or MatchRecord(previous=(0,) * raw.players)
        problems += deal_problems + self._match_problems(match, options, raw.players, raw.dealer)
        if deal_problems or len(match.previous) != raw.players:
            raise_problems(problems)  # nothing can be replayed or tallied
        table = _Table.dealt(self, raw.players, raw.dealer, options, raw.deal_hands, raw.seed, match)
        deal_deck = lambda order: self._deal_deck(order, raw.players, raw.dealer)  # noqa: E731
        problems += deal_record_problems(raw.seed, raw.deal_hands, raw.undealt, table.undealt, self.deck, deal_deck)
        if replay(table, raw.tricks, raw.trick, raw.players, problems):
            after = table.freeze()
            problems += _claimed_problems(raw, after)
        raise_problems(problems)
        return after

    def _match_problems(self, match: MatchRecord, options: Mapping[str, Any], players: int, dealer: int) -> list[str]:
        """F7 as far as a match record can show it. The dealer of a later
        hand won the hand before, so after one hand the tally is exactly that
        hand's result for the dealer; later, the dealer has won something."""
        earlier = match.hand - 1
        balance = self.target_unit == "balance"
        stake = options.get("stake", 1)
        values = {1} | set(self.hand_points.values())
        total = (0, 0) if balance else (min(values) * earlier, max(values) * earlier)
        problems = match_problems(match, players, options["target"], "seats", total=total, non_negative=not balance,
                                  step=stake if balance else 1)
        if problems or earlier == 0 or not 0 <= dealer < players:
            return problems
        previous = list(match.previous)
        if balance:
            one_hand = [[stake * m * (players - 1) if seat == dealer else -stake * m for seat in range(players)] for m in (1, 2, 4)]
            possible = earlier > 1 or previous in one_hand
        else:
            possible = previous[dealer] >= 1 and (earlier > 1 or (previous[dealer] in values and sum(previous) == previous[dealer]))
        if not possible:
            problems.append(
                f"match.previous {previous} cannot follow a hand won by seat {dealer}, which deals this one (RULINGS F7)"
            )
        return problems

    @staticmethod
    def dump_move(move: Play) -> dict[str, Any]:
        """A move as the contract writes it: ``{"seat": s, "card": "10S"}``."""
        return {"seat": move.seat, "card": move.card.code}


@dataclass(frozen=True, slots=True, kw_only=True)
class LastTrickState:
    """A hand of an Agram-family game, frozen.

    Attributes:
        game: the variant.
        players: number of seats.
        dealer: the dealing seat (F3).
        options: every rules option, defaults filled in.
        seed: the seed the hand was dealt from, if any.
        deal_hands: each seat's dealt cards, in dealt order.
        undealt: the cards left over, in deck order (F3).
        hands: each seat's cards now, in dealt order.
        tricks: the completed tricks, each with ``winner`` and ``card``.
        trick: the trick in progress (``None`` once the hand is over).
    """

    game: LastTrickGame
    players: int
    dealer: int
    options: Mapping[str, Any]
    seed: int | None
    match: MatchRecord
    deal_hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    trick: Trick | None

    @property
    def hand_over(self) -> bool:
        """True once every trick has been played (F2)."""
        return self.trick is None

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, ``None`` once the hand is over (C1, C2)."""
        if self.trick is None:
            return None
        return (self.trick.leader + len(self.trick.plays)) % self.players

    @property
    def winner(self) -> int | None:
        """The seat that won the last trick, once the hand is over (F2)."""
        return self.tricks[-1].winner if self.trick is None else None


@dataclass(frozen=True, slots=True, kw_only=True)
class RawLastTrickState(RawState):
    """An Agram-family state as a client sent it (see ``RawState``)."""

    players: int
    dealer: int


def _claimed_problems(raw: RawLastTrickState, state: LastTrickState) -> list[str]:
    problems = []
    if "hands" in raw.claimed:
        problems += hands_problems(raw.claimed["hands"], state.hands)
    if raw.trick is None and not state.hand_over:
        problems.append("trick is missing but the hand is not over")
    if raw.trick is not None and state.hand_over:
        problems.append("trick must be null once the hand is over")
    derived = {"to_act": state.to_act, "hand_over": state.hand_over, "winner": state.winner}
    problems += claimed_problems(raw.claimed, derived)
    return problems + claimed_problems(raw.claimed_match, state.game.match_status(state), "match.")


class _Table:
    """A mutable working copy of one hand: the single place the Agram-family
    rules of play live (F4, F5)."""

    __slots__ = ("game", "players", "dealer", "options", "seed", "match", "deal_hands", "undealt", "hands", "tricks", "leader", "plays")

    @classmethod
    def dealt(cls, game, players, dealer, options, hands, seed, match) -> _Table:
        table = cls()
        table.game, table.players, table.dealer, table.options, table.seed, table.match = game, players, dealer, options, seed, match
        table.deal_hands = tuple(tuple(hand) for hand in hands)
        dealt = {card for hand in hands for card in hand}
        table.undealt = tuple(card for card in game.deck if card not in dealt)
        table.hands = [list(hand) for hand in hands]
        table.tricks = []
        table.leader = (dealer + 1) % players
        table.plays = []
        return table

    @classmethod
    def of(cls, state: LastTrickState) -> _Table:
        table = cls()
        table.game, table.players, table.dealer, table.options = state.game, state.players, state.dealer, state.options
        table.seed, table.match, table.deal_hands, table.undealt = state.seed, state.match, state.deal_hands, state.undealt
        table.hands = [list(hand) for hand in state.hands]
        table.tricks = list(state.tricks)
        table.leader = state.trick.leader if state.trick else state.tricks[-1].winner
        table.plays = list(state.trick.plays) if state.trick else []
        return table

    def is_over(self) -> bool:
        return len(self.tricks) == self.game.hand_size

    def to_act(self) -> int:
        return (self.leader + len(self.plays)) % self.players

    def candidates(self) -> list[Play]:
        if self.is_over():
            return []
        seat = self.to_act()
        return [Play(seat, card) for card in self.hands[seat]]

    def refusal(self, move: Play) -> Refusal | None:
        if self.is_over():
            return Refusal("hand_over", "The hand is over: all its tricks have been played (RULINGS F2)")
        seat = self.to_act()
        if move.seat != seat:
            return Refusal("not_your_turn", f"It is seat {seat}'s turn, not seat {move.seat}'s (RULINGS C1, C2)")
        hand = self.hands[seat]
        if move.card not in hand:
            return Refusal("card_not_available", f"Seat {seat} does not hold {move.card}")
        if self.plays:
            led = self.plays[0].card.suit
            if move.card.suit != led and any(card.suit == led for card in hand):
                return Refusal(
                    "must_follow_suit",
                    f"Seat {seat} must follow suit: {led} was led and seat {seat} holds "
                    f"{codes([c for c in hand if c.suit == led])} (RULINGS F5)",
                )
        return None

    def apply(self, move: Play) -> list[dict[str, Any]]:
        self.hands[move.seat].remove(move.card)
        self.plays.append(Play(move.seat, move.card))
        events: list[dict[str, Any]] = [{"type": "card_played", "seat": move.seat, "card": move.card.code}]
        if len(self.plays) == self.players:
            best = winning_play(self.plays, self.game.strength)
            self.tricks.append(Trick(leader=self.leader, plays=tuple(self.plays), winner=best.seat, card=best.card))
            self.leader, self.plays = best.seat, []
            events.append({"type": "trick_won", "winner": best.seat, "card": best.card.code, "trick": len(self.tricks)})
        return events

    def freeze(self) -> LastTrickState:
        over = self.is_over()
        return LastTrickState(
            game=self.game,
            players=self.players,
            dealer=self.dealer,
            options=self.options,
            seed=self.seed,
            match=self.match,
            deal_hands=self.deal_hands,
            undealt=self.undealt,
            hands=tuple(tuple(hand) for hand in self.hands),
            tricks=tuple(self.tricks),
            trick=None if over else Trick(leader=self.leader, plays=tuple(self.plays)),
        )


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
        bonus_rank="3", target_unit="balance",
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
        hand_points={"6": 3, "7": 2}, target_unit="points",
        options=(
            OptionSpec(name="target", type="integer", default=10, minimum=1, maximum=1000,
                       description="Points to win the match (RULINGS F7)."),
        ),
    ),
)
