"""The game protocol, and what every game shares: records, the hand, and the
orchestration of deal, restore, legal moves and play.

A game module (``agency.py``, ``last_trick.py``) is its constants, its variant
data, a ``Hand`` subclass with the rules of play (``_candidates``,
``_card_refusal``, ``_take``, ``_after_trick``) and a ``TrickGame`` subclass
with its seating, scoring and what a seat may see (``observe``). Everything
else is written once, here:

* ``deal``: the hand from one source (a seed, a deck order, explicit hands, or
  at random), and the next hand of a match (RULINGS A14, F7);
* ``restore``: a client's state rebuilt by replaying its plays from its deal
  with the same rules that judge a live move (one source of legality), every
  derived field the client sent compared with what the rules give, and every
  problem reported at once (``invalid_state``);
* ``legal_moves`` and ``play``: through ``Hand.refusal`` and ``Hand.apply``.

The core returns values, never JSON: states are ``Hand`` objects, and events,
scores and match results are frozen records that ``service.schemas`` dumps.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from functools import cached_property
from typing import Any, ClassVar, TypeVar

from ..cards import Card, codes, duplicates, shuffled
from ..errors import IllegalMove, InvalidState, RefereeError, RulesRefusal, UnsupportedVersion
from ..tricks import Play, Trick, winning_play
from .records import (
    MAX_HANDS,
    CardPlayed,
    Event,
    HandOver,
    MatchOver,
    MatchRecord,
    MatchStatus,
    OptionSpec,
    ProblemCode,
    RawState,
    Refusal,
    Score,
    Seating,
    TeamMatchStatus,
    TrickDiscarded,
    TrickWon,
    resolve_options,
)

RULES_VERSION = "1"
"""Version of the rules as implemented. A seed gives the same deal for as long
as this does not change."""

STATE_SCHEMA_VERSION = 1
"""Version of the serialized state's shape."""

RANDOM_SEEDS = 2**53
"""A random deal's seed is below this, so every JSON reader (JavaScript's
among them) reads the state's seed exactly; a seed a request gives may be
any up to ``SEED_MAX``. (Sealed mode draws its own 64-bit seeds, revealed
with their nonce once the hand is over.)"""


# -- the hand -----------------------------------------------------------------

H = TypeVar("H", bound="Hand")


class Hand:
    """One hand of a trick game: its canonical record (seating, options, deal,
    plays, match) and what the rules derive from it.

    A hand is a value: the core builds each one (by a deal, a replay or a
    move) and never changes a hand it has returned; ``play`` works on a copy.
    Subclasses add their live cards and fill in the rules of play:
    ``_candidates``, ``_card_refusal``, ``_take`` and ``_after_trick``.

    Attributes:
        game: the game this hand is of.
        seating: players, first leader and dealer.
        options: every rules option, defaults filled in.
        seed: the seed the hand was dealt from, if any.
        match: the match record carried from earlier hands.
        deal_hands: each seat's dealt cards, in dealt order.
        undealt: the cards left undealt, in deck order (A7, F3).
        tricks: the completed tricks, each with its winner and card.
        leader: the seat that leads (or led) the trick in progress.
        plays: the plays of the trick in progress (Agency, once the hand is
            over: the trick A12a discarded).
        end: why the hand ended, once it has (Agency's A12 reason).
    """

    __slots__ = ("game", "seating", "options", "seed", "match", "deal_hands", "undealt", "tricks", "leader", "plays", "end",
                 "_legal", "_status")

    HAND_OVER: ClassVar[Refusal]
    """The refusal of any move once the hand is over."""

    game: TrickGame
    seating: Seating
    options: Mapping[str, Any]
    seed: int | None
    match: MatchRecord
    deal_hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    leader: int
    plays: tuple[Play, ...]
    end: str | None
    _legal: list[Play] | None
    _status: MatchStatus | TeamMatchStatus | None

    def __init__(self, game: TrickGame, seating: Seating, options: Mapping[str, Any], hands: Sequence[Sequence[Card]],
                 seed: int | None, match: MatchRecord) -> None:
        """The hand just after the deal: ``hands[s]`` is seat s's dealt cards."""
        self.game, self.seating, self.options, self.seed, self.match = game, seating, options, seed, match
        self.deal_hands = tuple(tuple(hand) for hand in hands)
        dealt = {card for hand in hands for card in hand}
        self.undealt = tuple(card for card in game.deck if card not in dealt)
        self.tricks, self.leader, self.plays, self.end = (), seating.first_leader, (), None
        self._forget()

    # -- what every seat sees -------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats (F2; Agency: 4)."""
        return self.seating.players

    @property
    def hand_over(self) -> bool:
        """Whether the hand is over."""
        return self.end is not None

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is; ``None`` once the hand is over (C1, C2)."""
        return None if self.hand_over else (self.leader + len(self.plays)) % self.seating.players

    @property
    def trick(self) -> Trick | None:
        """The trick in progress: its leader and plays so far."""
        return Trick(leader=self.leader, plays=self.plays)

    @property
    def winner(self) -> int | None:
        """The hand's winner once it is over (a seat, or Agency's team)."""
        raise NotImplementedError

    @property
    def history(self) -> tuple[Play, ...]:
        """Every play of the hand so far, in order (its length is the ply)."""
        return tuple(play for trick in self.tricks for play in trick.plays) + self.plays

    # -- the rules of play: one source of legality ----------------------------

    def refusal(self, move: Play) -> Refusal | None:
        """Why ``move`` is not legal now, or ``None`` if it is (C1, C2, then the game's rules)."""
        if self.hand_over:
            return self.HAND_OVER
        seat = (self.leader + len(self.plays)) % self.seating.players
        if move.seat != seat:
            return Refusal("not_your_turn", f"It is seat {seat}'s turn, not seat {move.seat}'s (RULINGS C1, C2)")
        return self._card_refusal(seat, move)

    def candidates(self) -> list[Play]:
        """Every move the seat to act could try (each checked by ``refusal``)."""
        seat = self.to_act
        return [] if seat is None else self._candidates(seat)

    def legal_moves(self) -> list[Play]:
        """Every move the seat to act may make now; none once the hand is over.
        Worked out once per hand."""
        if self._legal is None:
            self._legal = [move for move in self.candidates() if self.refusal(move) is None]
        return self._legal

    def apply(self, move: Play) -> list[Event]:
        """Play a legal ``move`` on this hand (the core calls it only on a hand
        it is still building). Returns ``card_played``, then ``trick_won`` when
        the trick completes (C2: its winner leads next)."""
        play, done = self.put(move)
        events: list[Event] = [CardPlayed(play)]
        if done is not None:
            assert done.winner is not None and done.card is not None
            events.append(TrickWon(done.winner, done.card, done.points, len(self.tricks)))
        return events

    def put(self, move: Play) -> tuple[Play, Trick | None]:
        """``apply`` without the events: the play as recorded, and the trick
        it completed (its winner then leads), if any."""
        play = self._take(move)
        self.plays += (play,)
        self._forget()
        if len(self.plays) < self.seating.players:
            return play, None
        done = self.game.judge(self.leader, self.plays)
        self.tricks += (done,)
        self.leader, self.plays = done.winner, ()  # type: ignore[assignment]
        self._after_trick(done)
        return play, done

    def has_legal_move(self) -> bool:
        """Whether the seat to act has a legal move (stops at the first)."""
        if self._legal is not None:
            return bool(self._legal)
        return any(self.refusal(move) is None for move in self.candidates())

    def settle(self) -> None:
        """End the hand when the seat to act has no legal play (A12a). Asked
        once a hand is built, not after every replayed play: a play after
        such an end is refused anyway, since no play is legal."""
        if not self.hand_over and not self.has_legal_move():
            self.end = "no_legal_play"

    def copy(self: H) -> H:
        """A copy to build the next hand on (the live cards are tuples, so
        sharing them is safe)."""
        cls = type(self)
        new = object.__new__(cls)
        names = _COPIED.get(cls)
        if names is None:
            names = _COPIED[cls] = tuple(
                name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ()) if not name.startswith("_")
            )
        for name in names:
            setattr(new, name, getattr(self, name))
        new._forget()
        return new

    def _forget(self) -> None:
        """Drop what was worked out for the hand as it was."""
        self._legal = None
        self._status = None

    # -- hooks a game fills in -------------------------------------------------

    def _candidates(self, seat: int) -> list[Play]:
        raise NotImplementedError

    def _card_refusal(self, seat: int, move: Play) -> Refusal | None:
        raise NotImplementedError

    def _take(self, move: Play) -> Play:
        """Take the card of a legal move from the seat's live cards; the play as recorded."""
        raise NotImplementedError

    def _after_trick(self, done: Trick) -> None:
        """What a completed trick changes beyond the leader (points, the end)."""
        raise NotImplementedError


_COPIED: dict[type[Hand], tuple[str, ...]] = {}
"""The public slots of each hand class: what ``Hand.copy`` copies."""


# -- the game -----------------------------------------------------------------


class TrickGame:
    """A trick game as the referee serves it: the protocol every game meets,
    with the orchestration written once.

    A game is a value: its data (``id``, ``deck``, ``rank_order``, ...) as
    attributes, and these operations:

    ``deal``, ``restore``, ``legal_moves``, ``play``, ``score``,
    ``match_status``, ``trick_winner``, ``observe``.

    Subclasses set the data and fill in the hooks: ``_seat``, ``_continue``,
    ``seating_problems``, ``match_problems``, ``_derived``, ``_claimed_cards``,
    ``_tally``, ``trick_problems``, ``score`` and ``observe``.
    """

    HAND: ClassVar[type[Hand]]
    """The game's hand class."""

    id: str
    name: str
    family: str
    """``"agency"`` or ``"last-trick"``: which edge module writes its JSON."""
    deck: tuple[Card, ...]
    rank_order: tuple[str, ...]
    trump: str | None
    hand_size: int
    """Cards dealt to each seat (Agency: 8 suited cards; Walls are added, A5)."""
    walls: int | None
    """Agency: Wall cards added to each holder's layout at the deal; else ``None``."""
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    max_tricks: int
    """The most tricks a hand can have (a bound for the schemas)."""
    target_option: str
    """The option holding the match target (RULINGS A14, F7)."""
    problem_codes: tuple[ProblemCode, ...]
    """Every refusal code this game's rules raise."""

    @cached_property
    def strength(self) -> dict[str, int]:
        """Rank -> strength for the rank order, higher wins."""
        return {rank: len(self.rank_order) - index for index, rank in enumerate(self.rank_order)}

    @cached_property
    def deck_set(self) -> frozenset[Card]:
        """The deck as a set."""
        return frozenset(self.deck)

    @property
    def unit(self) -> str:
        """What the match tally counts (RULINGS A14, F7)."""
        raise NotImplementedError

    @property
    def score_type(self) -> type[Score]:
        """The record ``score`` returns (its fields are the score's)."""
        raise NotImplementedError

    @property
    def view_type(self) -> Any:
        """The record ``observe`` returns; its ``PRIVATE`` members belong to one seat."""
        raise NotImplementedError

    def trick_points(self, plays: Sequence[Play]) -> int | None:
        """The card points in a trick (Agency, A3), or ``None`` in games
        whose cards carry no points."""
        return None

    # -- deal -----------------------------------------------------------------

    def deal(
        self,
        *,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        options: Mapping[str, Any] | None = None,
        previous: Hand | None = None,
        **seating: int | None,
    ) -> Hand:
        """A new hand: from ``seed``, a ``deck`` order, explicit ``hands``, or at random.

        Args:
            seed: ``0 .. SEED_MAX``; the deck is shuffled as ``service.cards`` says.
            deck: a full deck order, dealt as the game deals (A7, F3).
            hands: ``hands[s]`` is seat s's cards in dealt order.
            options: rules options; defaults apply.
            previous: the finished hand this one follows in a match (A14,
                F7); its options and tally carry over.
            **seating: the game's seating (Agency: ``first_leader``; the
                Agram family: ``players`` and ``dealer``).

        Raises:
            RulesRefusal: the seating is refused; with ``previous``:
                ``hand_not_over``, ``match_over``, ``match_mismatch``, and the
                game's own refusals.
            InvalidState: a deck or hands that are not this game's.
        """
        match = None
        if previous is not None:
            match = self._next_match(previous, options, seating)
            options = previous.options
        seat = self._seat(previous, match, seating)
        if match is None:
            match = MatchRecord(previous=(0,) * self._tally_entries(seat))
        resolved = resolve_options(self.options, options)
        hands, seed = deal_hands(self, seat, seed=seed, deck=deck, hands=hands)
        hand = self.HAND(self, seat, resolved, hands, seed, match)
        hand.settle()
        return hand

    def deal_deck(self, deck: Sequence[Card], seating: Seating) -> list[list[Card]]:
        """The dealt hands of a deck order (A7, F3)."""
        raise NotImplementedError

    def _next_match(self, previous: Hand, options: Mapping[str, Any] | None, seating: Mapping[str, int | None]) -> MatchRecord:
        """The match record of the hand after ``previous``, refusing a deal that
        cannot follow it (A14, F7)."""
        status = self.match_status(previous)
        if not previous.hand_over:
            raise RulesRefusal("hand_not_over", "previous is a hand still in play: finish it before dealing the next")
        if status.over:
            raise RulesRefusal(
                "match_over",
                f"The match is over (target {status.target} reached, winner {status.winner}); deal a new match without previous",
                match=status,
            )
        if previous.match.hand >= MAX_HANDS:
            raise RulesRefusal("match_over", f"The match has had {MAX_HANDS:,} hands, the most the referee deals in one match; deal a new match without previous")
        mismatches = self._continue(previous, seating)
        if options is not None and resolve_options(self.options, options) != dict(previous.options):
            mismatches.append("the options of a match stay as they were for its first hand")
        if mismatches:
            raise RulesRefusal("match_mismatch", "This deal does not continue the match: " + "; ".join(mismatches), problems=mismatches)
        return MatchRecord(hand=previous.match.hand + 1, previous=status.tally, chooser=self._chooser(previous))

    def _seat(self, previous: Hand | None, match: MatchRecord | None, seating: Mapping[str, int | None]) -> Seating:
        """The seating of a new hand, from the request or the match (A14, F7).

        Raises:
            RulesRefusal: a seating the rules refuse.
        """
        raise NotImplementedError

    def _continue(self, previous: Hand, seating: Mapping[str, int | None]) -> list[str]:
        """How a next-hand request contradicts its match (``match_mismatch``)."""
        return []

    def _chooser(self, previous: Hand) -> int | None:
        """Agency: the team that chooses the next hand's leader (A14)."""
        return None

    def _tally_entries(self, seating: Seating) -> int:
        """How many tallies a match keeps: one per seat, or per team."""
        return seating.players

    # -- states from clients --------------------------------------------------

    def restore(self, raw: RawState) -> Hand:
        """Rebuild a client's state from its deal and plays, checking every field.

        Raises:
            InvalidState: ``invalid_state``, with every problem found.
        """
        seating = raw.seating
        raise_problems(self.seating_problems(seating))
        deal_problems = dealt_hands_problems(self, raw.deal_hands, seating.players)
        options = resolve_options(self.options, raw.options)
        match = raw.match or MatchRecord(previous=(0,) * self._tally_entries(seating))
        problems = deal_problems + self.match_problems(match, options, seating)
        if deal_problems or len(match.previous) != self._tally_entries(seating):
            raise_problems(problems)  # nothing can be replayed or tallied
        hand = self.HAND(self, seating, options, raw.deal_hands, raw.seed, match)
        problems += deal_record_problems(self, raw, hand.undealt)
        if replay(hand, raw.tricks, raw.trick, problems):
            hand.settle()
            problems += self._claimed_problems(raw, hand)
        raise_problems(problems)
        return hand

    def rebuild(self, seating: Seating, options: Mapping[str, Any], hands: Sequence[Sequence[Card]], seed: int | None,
                match: MatchRecord | None, plays: Sequence[Play]) -> Hand:
        """A hand from a record this referee made itself (a state it signed, a
        token it sealed): the deal, then its plays applied in order with no
        legality check (each was checked when it was made), A12a settled.
        ``match`` ``None``: a first hand.

        Never call it with a client's unsigned state: ``restore`` checks those.
        """
        match = match or MatchRecord(previous=(0,) * self._tally_entries(seating))
        hand = self.HAND(self, seating, resolve_options(self.options, options), hands, seed, match)
        for play in plays:
            hand.put(play)
        hand.settle()
        return hand

    def seating_problems(self, seating: Seating) -> list[str]:
        """Problems with a state's seating; any of them stops the restore."""
        raise NotImplementedError

    def match_problems(self, match: MatchRecord, options: Mapping[str, Any], seating: Seating) -> list[str]:
        """Problems with a match record, as far as the record alone can show them."""
        raise NotImplementedError

    def _claimed_problems(self, raw: RawState, hand: Hand) -> list[str]:
        """A problem for each derived field the client sent that the rules disagree with."""
        problems = self._claimed_cards(raw, hand)
        derived = {"to_act": hand.to_act, "hand_over": hand.hand_over, "winner": hand.winner, **self._derived(hand)}
        problems += claimed_problems(raw.claimed, derived)
        status = self.match_status(hand)
        fields = {name: list(value) if isinstance(value, tuple) else value for name, value in _record_items(status)}
        return problems + claimed_problems(raw.claimed_match, fields, "match.")

    def _claimed_cards(self, raw: RawState, hand: Hand) -> list[str]:
        """Problems with the live cards (and trick) a client sent."""
        raise NotImplementedError

    def _derived(self, hand: Hand) -> dict[str, Any]:
        """The game's own derived fields, as the rules give them, for comparison."""
        return {}

    # -- play -----------------------------------------------------------------

    def legal_moves(self, hand: Hand) -> list[Play]:
        """Every move the seat to act may make; empty once the hand is over."""
        return hand.legal_moves()

    def play(self, hand: Hand, move: Play) -> tuple[Hand, list[Event]]:
        """The hand after ``move``, and the events it caused.

        Events, in order: ``card_played``; when the trick completes,
        ``trick_won``; when the hand ends, ``trick_discarded`` if an
        unfinished trick is discarded (A12a), then ``hand_over`` with the
        score, then ``match_over`` when the hand ends the match (A14, F7).

        Raises:
            IllegalMove: the move breaks a rule; nothing is applied. Its
                ``legal_moves`` are the mover's own: empty unless the move's
                seat is the seat to act, so no refusal shows a seat another
                seat's cards.
        """
        refusal = hand.refusal(move)
        if refusal is not None:
            mine = hand.legal_moves() if move.seat == hand.to_act else []
            raise IllegalMove(refusal.code, refusal.detail, legal_moves=mine)
        after = hand.copy()
        events = after.apply(move)
        after.settle()
        if after.hand_over:
            if after.plays:
                events.append(TrickDiscarded(after.plays))
            events.append(HandOver(after.end, self.score(after)))
            status = self.match_status(after)
            if status.over:
                assert status.winner is not None
                events.append(MatchOver(status.winner, status.tally))
        return after, events

    def judge(self, leader: int, plays: tuple[Play, ...]) -> Trick:
        """A completed trick: its winner, winning card and card points (A11, F1)."""
        best = winning_play(plays, self.strength, self.trump)
        if best is None:  # only a Wall: trick_winner refuses it, and play never completes such a trick
            return Trick(leader=leader, plays=plays)
        return Trick(leader=leader, plays=plays, winner=best.seat, card=best.card, points=self.trick_points(plays))

    def trick_winner(self, plays: Sequence[Play]) -> Trick:
        """Judge the cards given, with no state: the highest trump if any,
        otherwise the highest card of the led suit (A11, F1). Returns the trick
        with ``winner``, ``card`` and, where cards carry points, ``points``.

        Raises:
            RulesRefusal: ``invalid_trick``, listing every problem (cards not in
                the deck, a card or seat twice, seats out of turn, too many
                plays, and the game's own).
        """
        problems = self.trick_problems(plays)
        if problems:
            raise RulesRefusal("invalid_trick", "These plays are not a trick: " + "; ".join(problems), problems=problems)
        return self.judge(plays[0].seat, tuple(plays))

    def trick_problems(self, plays: Sequence[Play]) -> list[str]:
        """Why ``plays`` cannot be a trick of this game."""
        raise NotImplementedError

    # -- results --------------------------------------------------------------

    def score(self, hand: Hand) -> Score:
        """The hand's result so far (the game's scoring)."""
        raise NotImplementedError

    def seat_value(self, hand: Hand, seat: int) -> int:
        """What a finished hand's result is worth to ``seat`` (Agency: to its
        team), the number analysis reports (the contract's table): 1 or 0 for
        a hand won or lost (agram, sink-sink, agram-mali); Spar's points
        (F2); Fapfap's net payout in stake units (F6); Agency 1, 0 for a void
        hand, -1 (A13).

        Raises:
            ValueError: the hand is not over, or ``seat`` is not a seat of it.
        """
        if not hand.hand_over:
            raise ValueError("a hand's value is known once the hand is over")
        if not 0 <= seat < hand.players:
            raise ValueError(f"seat {seat} is not a seat: seats are 0 to {hand.players - 1} (RULINGS C1)")
        return self._seat_value(hand, seat)

    def _seat_value(self, hand: Hand, seat: int) -> int:
        raise NotImplementedError

    def match_status(self, hand: Hand) -> MatchStatus | TeamMatchStatus:
        """Where the match stands with this hand (A14, F7); worked out once per hand."""
        if hand._status is None:
            previous = hand.match.previous
            tally = self._tally(hand) if hand.hand_over else previous
            target = hand.options.get(self.target_option)
            leader = tally.index(max(tally))
            over = target is not None and tally[leader] >= target
            hand._status = self._status(hand, target, tally, over, leader if over else None)
        return hand._status

    def _status(self, hand: Hand, target: int | None, tally: tuple[int, ...], over: bool,
                winner: int | None) -> MatchStatus | TeamMatchStatus:
        return MatchStatus(hand.match.hand, target, self.unit, hand.match.previous, tally, over, winner)

    def _tally(self, hand: Hand) -> tuple[int, ...]:
        """The match tally once this hand is over."""
        raise NotImplementedError

    def observe(self, hand: Hand, seat: int | None) -> Any:
        """What ``seat`` may know of ``hand``, and nothing more: a record of
        the game's (the visibility rule belongs to the game). With ``seat``
        ``None``: what every seat may know; the record's ``PRIVATE`` members
        are then ``None`` or empty.

        Raises:
            RulesRefusal: ``seat_out_of_range`` for a seat not at this table.
        """
        raise NotImplementedError


def _record_items(record: Any) -> list[tuple[str, Any]]:
    return [(field.name, getattr(record, field.name)) for field in fields(record)]


# -- replaying a history --------------------------------------------------------


def replay(hand: Hand, tricks: Sequence[Trick], trick: Trick | None, problems: list[str]) -> bool:
    """Replay a history into ``hand``, appending a problem for what does not fit.

    Args:
        hand: the hand just after the deal.
        tricks: the completed tricks the state claims, with their winners.
        trick: the trick in progress the state claims (``None``: none).
        problems: where problems are appended; replay stops at the first
            illegal play, since nothing after it can be judged.

    Returns:
        Whether the whole history was replayed (so the derived fields can be
        compared with what it leads to).
    """
    players = hand.players
    for index, claimed in enumerate(tricks):
        where = f"tricks[{index}]"
        if not _replay_plays(hand, claimed, where, problems):
            return False
        if len(claimed.plays) != players:
            problems.append(f"{where} has {len(claimed.plays)} plays; a completed trick has {players}")
            return False
        done = hand.tricks[index]
        if claimed.winner is not None and claimed.winner != done.winner:
            problems.append(f"{where}.winner is {claimed.winner} but seat {done.winner} won it with {done.card}")
        if claimed.card is not None and claimed.card != done.card:
            problems.append(f"{where}.card is {claimed.card} but the winning card is {done.card}")
        if claimed.points is not None and claimed.points != done.points:
            problems.append(f"{where}.points is {claimed.points} but the trick holds {done.points} points")
    if trick is None:
        return True
    if hand.hand_over or not hand.legal_moves():
        if trick.plays:
            problems.append("trick has plays but the hand was already over")
        elif trick.leader != hand.leader:
            problems.append(f"trick.leader is {trick.leader} but seat {hand.leader} won the last trick")
        return not trick.plays
    if not _replay_plays(hand, trick, "trick", problems):
        return False
    if len(hand.tricks) > len(tricks):
        problems.append(f"trick has {len(trick.plays)} plays: a trick of {players} plays is complete")
        return False
    return True


def _after_the_end(hand: Hand, what: str) -> str | None:
    """The problem for ``what`` when it came after an A12a end, else ``None``."""
    if hand.legal_moves():
        return None
    return f"{what} was played after the hand was over: the seat to act had no legal play (RULINGS A12a)"


def _replay_plays(hand: Hand, claimed: Trick, where: str, problems: list[str]) -> bool:
    """Replay one claimed trick. A12a is not asked after every play (it costs
    a legal-move search); only when something does not fit, to name it."""
    if hand.hand_over:
        problems.append(f"{where} was played after the hand was over")
        return False
    if claimed.leader != hand.leader:
        problems.append(_after_the_end(hand, where) or f"{where}.leader is {claimed.leader} but seat {hand.leader} leads it")
        return False
    for position, play in enumerate(claimed.plays):
        refusal = hand.refusal(play)
        if refusal is not None:
            what = f"{where}.plays[{position}]"
            problems.append(_after_the_end(hand, what) or f"{what} is not legal: {refusal.detail}")
            return False
        hand.apply(play)
    return True


def replay_transcript(
    game: TrickGame, hands: Sequence[tuple[Mapping[str, Any], Sequence[Play]]]
) -> tuple[Hand, list[tuple[int, Event]], list[Score]]:
    """Play a whole transcript: one or more hands of a match, each a deal and its moves.

    Args:
        game: a registry value.
        hands: ``(deal keyword arguments, moves)`` per hand, in order; each hand
            after the first is dealt with ``previous`` = the hand before it.

    Returns:
        ``(final hand, every event in order with the number of its hand in
        the transcript (from 1, like ``match.hand``), each hand's score)``.

    Raises:
        IllegalMove: the first illegal move, with ``hand`` (from 1) and
            ``index`` (its position in that hand's ``moves``, from 0), the
            ``move`` and the legal moves at that point.
        RulesRefusal, InvalidState: a deal that cannot be made, with ``hand``.
    """
    state: Hand | None = None
    events: list[tuple[int, Event]] = []
    scores: list[Score] = []
    for number, (deal, moves) in enumerate(hands, start=1):
        kwargs = dict(deal)
        if state is not None:
            kwargs["previous"] = state
        try:
            state = game.deal(**kwargs)
        except RefereeError as refusal:
            refusal.detail = f"The deal of hand {number}: {refusal.detail}"
            refusal.extra["hand"] = number
            raise
        for index, move in enumerate(moves):
            try:
                state, happened = game.play(state, move)
            except IllegalMove as refusal:
                raise IllegalMove(
                    refusal.code,
                    f"moves[{index}] of hand {number} (seat {move.seat} plays {move.card}) is illegal: {refusal.detail}",
                    hand=number,
                    index=index,
                    move=move,
                    **refusal.extra,
                ) from None
            events += [(number, event) for event in happened]
        scores.append(game.score(state))
    assert state is not None
    return state, events, scores


# -- dealing ----------------------------------------------------------------------


def deal_hands(
    game: TrickGame,
    seating: Seating,
    *,
    seed: int | None,
    deck: Sequence[Card] | None,
    hands: Sequence[Sequence[Card]] | None,
) -> tuple[Sequence[Sequence[Card]], int | None]:
    """The dealt hands from exactly one source, and the seed used (if any).

    ``hands`` as given; else ``deck`` dealt by the game; else the game's deck
    shuffled by ``seed`` (a random seed below ``RANDOM_SEEDS`` when none is
    given) and dealt.

    Raises:
        InvalidState: a deck or hands that are not the game's.
    """
    if hands is None:
        if deck is None:
            seed = secrets.randbelow(RANDOM_SEEDS) if seed is None else seed
            deck = shuffled(game.deck, seed)
        else:
            refuse_deck(game, deck)
        hands = game.deal_deck(deck, seating)
    raise_problems(dealt_hands_problems(game, hands, seating.players))
    return hands, seed


def refuse_deck(game: TrickGame, deck: Sequence[Card]) -> None:
    """Refuse a ``deck`` order that is not exactly the game's deck, reordered.

    Raises:
        InvalidState: listing every problem.
    """
    problems = card_problems("deck", deck, game) + duplicate_problems("deck", deck)
    if not problems and len(deck) != len(game.deck):
        problems.append(f"deck has {len(deck)} cards; the {game.id} deck has {len(game.deck)}")
    raise_problems(problems)


def deal_record_problems(game: TrickGame, raw: RawState, derived_undealt: tuple[Card, ...]) -> list[str]:
    """Problems with a state's deal record: hands that are not its seed's
    deal, and undealt cards other than those the deal leaves."""
    problems = []
    if raw.seed is not None and [list(hand) for hand in raw.deal_hands] != game.deal_deck(shuffled(game.deck, raw.seed), raw.seating):
        problems.append(f"deal.hands are not the deal of seed {raw.seed}")
    if raw.undealt is not None:
        problems += mismatch("deal.undealt", tuple(raw.undealt), derived_undealt, codes)
    return problems


def dealt_hands_problems(game: TrickGame, hands: Sequence[Sequence[Card]], seats: int) -> list[str]:
    """Problems with dealt hands: seat count, hand sizes, cards not in the deck, repeats."""
    problems = []
    if len(hands) != seats:
        problems.append(f"hands lists {len(hands)} seats; this hand has {seats}")
    for seat, hand in enumerate(hands):
        if len(hand) != game.hand_size:
            problems.append(f"hands[{seat}] has {len(hand)} cards; {game.id} deals {game.hand_size} to each seat")
        problems += card_problems(f"hands[{seat}]", hand, game)
    return problems + duplicate_problems("hands", [card for hand in hands for card in hand])


# -- problems -----------------------------------------------------------------------


def card_problems(where: str, cards: Sequence[Card], game: TrickGame) -> list[str]:
    """Problems with one list of cards: each card not in the game's deck, once."""
    deck = game.deck_set
    return [f"{where}: {card} is not in the {game.id} deck" for card in dict.fromkeys(cards) if card not in deck]


def duplicate_problems(where: str, cards: Sequence[Card]) -> list[str]:
    """One problem naming every card that appears more than once in ``cards``.

    Walls are alike by nature (RULINGS A1): their number is checked elsewhere.
    """
    repeated = [card for card in duplicates(list(cards)) if not card.is_wall]
    if not repeated:
        return []
    verb = "appears" if len(repeated) == 1 else "appear"
    return [f"{where}: {codes(repeated)} {verb} more than once; every card is unique"]


def mismatch(field: str, claimed: Any, derived: Any, show: Callable[[Any], str] = str) -> list[str]:
    """A problem when a derived field the client sent differs from the rules'."""
    if claimed == derived:
        return []
    return [f"{field} is {show(claimed)} but the deal and the plays give {show(derived)}"]


def claimed_problems(claimed: Mapping[str, Any], derived: Mapping[str, Any], prefix: str = "") -> list[str]:
    """A problem for each derived field the client sent that the rules disagree with.

    Args:
        claimed: only the fields the client included.
        derived: the same fields as the rules derive them.
        prefix: put before each field's name in messages (e.g. ``"match."``).
    """
    problems = []
    for name, value in derived.items():
        if name in claimed:
            problems += mismatch(prefix + name, claimed[name], value, show)
    return problems


def hands_problems(claimed: Sequence[Sequence[Card]], derived: Sequence[Sequence[Card]], name: str = "hands") -> list[str]:
    """Problems with card lists the client sent (``hands``, ``holders``):
    repeats, wrong sizes, and any difference from what the rules derive."""
    if len(claimed) != len(derived):
        return [f"{name} lists {len(claimed)} entries; there are {len(derived)}"]
    problems = duplicate_problems(name, [card for cards in claimed for card in cards])
    for index, (mine, theirs) in enumerate(zip(derived, claimed, strict=True)):
        where = f"{name}[{index}]"
        if len(mine) != len(theirs):
            problems.append(f"{where} has {len(theirs)} cards but should have {len(mine)}: {codes(mine)}")
        else:
            problems += mismatch(where, tuple(theirs), tuple(mine), codes)
    return problems


def match_problems(
    match: MatchRecord,
    entries: int,
    target: int | None,
    what: str,
    *,
    total: tuple[int, int],
    each: tuple[int, int] | None = None,
    non_negative: bool = True,
    step: int = 1,
) -> list[str]:
    """Problems with a match record a client sent, as far as the tally alone
    can tell (a signed or sealed state is the full guarantee, README: Who holds the state).

    Args:
        match: the record.
        entries: how many tallies (seats or teams).
        target: the target that ends the match, if any.
        what: ``"seats"`` or ``"teams"``, for messages.
        total: the smallest and largest sum the earlier hands can give.
        each: the smallest and largest tally one seat or team can have
            after the earlier hands, if narrower than ``total`` says.
        non_negative: whether every tally is at least 0.
        step: every tally is a multiple of this (Fapfap: the stake).
    """
    problems = []
    previous = match.previous
    if len(previous) != entries:
        problems.append(f"match.previous lists {len(previous)} {what}; there are {entries}")
    if target is not None and any(value >= target for value in previous):
        problems.append(f"match.previous already reaches the target {target}: the match was over before this hand")
    if non_negative and any(value < 0 for value in previous):
        problems.append("match.previous has a negative tally")
    if any(value % step for value in previous):
        problems.append(f"match.previous has a tally that is not a multiple of {step}")
    if each is not None and not all(each[0] <= value <= each[1] for value in previous):
        problems.append(f"match.previous has a tally that {match.hand - 1} earlier hand(s) cannot give (each from {each[0]} to {each[1]})")
    low, high = total
    if not low <= sum(previous) <= high:
        earlier = match.hand - 1
        problems.append(
            f"match.previous adds up to {sum(previous)}, which {earlier} earlier hand(s) cannot give "
            f"(from {low} to {high})"
        )
    return problems


def trick_shape_problems(game: TrickGame, plays: Sequence[Play], seats: int | None) -> list[str]:
    """Problems shared by every game's ``trick_winner``: sizes, repeats and
    the order of play.

    Args:
        game: the game.
        plays: the plays, in order.
        seats: the table's size when it is fixed (Agency); ``None`` when it
            is not known (the Agram family), where the seats must still go up
            one at a time, wrapping round to seat 0.
    """
    problems = []
    if len(plays) > game.max_players:
        problems.append(f"{len(plays)} plays; a trick has at most {game.max_players}")
    order = [play.seat for play in plays]
    if len(set(order)) != len(order):
        problems.append("a seat plays twice")
    elif any(b != (a + 1) % seats if seats else b not in (a + 1, 0) for a, b in zip(order, order[1:])):
        problems.append(f"seats {', '.join(map(str, order))} do not play in turn (RULINGS C1)")
    return problems + duplicate_problems("plays", [p.card for p in plays])


def show(value: Any) -> str:
    """A value in a problem's sentence: cards by their codes (C3), ``null``,
    ``true`` and ``false`` as JSON writes them."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {show(item)}" for key, item in value.items()) + "}"
    return str(value)


def check_versions(rules_version: str | None, schema_version: int | None) -> None:
    """Refuse a state written by another rules or state-schema version.

    Raises:
        UnsupportedVersion: ``unsupported_version``.
    """
    if rules_version not in (None, RULES_VERSION) or schema_version not in (None, STATE_SCHEMA_VERSION):
        raise UnsupportedVersion(
            "unsupported_version",
            f"This referee reads states of rules version {RULES_VERSION} and state schema version "
            f"{STATE_SCHEMA_VERSION}, not rules version {rules_version} and schema version {schema_version}",
            supported={"rules_version": RULES_VERSION, "schema_version": STATE_SCHEMA_VERSION},
        )


def raise_problems(problems: list[str]) -> None:
    """Raise ``InvalidState`` listing ``problems``, if any."""
    if problems:
        raise InvalidState(problems)


def refuse_seat(seat: int, players: int, what: str) -> None:
    """Refuse a seat number outside ``0 .. players - 1`` (RULINGS C1).

    Raises:
        RulesRefusal: code ``seat_out_of_range``.
    """
    if not 0 <= seat < players:
        raise RulesRefusal("seat_out_of_range", f"{what} {seat} is not a seat: seats are 0 to {players - 1} (RULINGS C1)")
