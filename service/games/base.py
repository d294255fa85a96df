"""The game protocol, and what every game shares: the hand, and the
orchestration of deal, build, legal moves and play.

A game module (``agency.py``, ``last_trick.py``) is its constants, its variant
data, a ``Hand`` subclass with the rules of play (``_lay_out``,
``_candidates``, ``_card_refusal``, ``_take``, ``_after_trick``...) and a
``TrickGame`` subclass with its seating, scoring and what a seat may see
(``observe``). Everything else is written once, here:

* ``deal``: the hand from one source (a seed, a deck order, explicit hands, or
  at random), and the next hand of a match (RULINGS A14, F7);
* ``build``: the hand of a record (``HandRecord``: a state, a token's
  payload, a one-line record), trusted as far as ``Trust`` says: rebuilt at
  once, or restored by replaying its plays from its deal with the rules that
  judge a live move (one source of legality), every claim compared with what
  the rules give and every problem reported at once (``invalid_state``);
* ``legal_moves`` and ``play``: through ``Hand.refusal`` and ``Hand.apply``.

Calls go one way: this module calls the game modules' hooks, and both call
the checks (``checks.py``) and values (``records.py``) below them; nothing a
hook calls comes back here (``tests/test_architecture.py``). So a hook reads
the hand's slots and its own game's members, never a property of ``Hand``.

The core returns values, never JSON: states are ``Hand`` objects, and events,
scores and match results are frozen records that ``service.schemas`` dumps.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar

from ..cards import Card, marks, shuffled
from ..deadline import checkpoint
from ..errors import IllegalMove, InvalidState, RefereeError, RulesRefusal, UnsupportedVersion, counted, echo
from ..tricks import Play, Trick, winning_play
from .checks import (
    DeckFacts,
    card_problems,
    claimed_problems,
    claimed_trick_problems,
    deal_record_problems,
    dealt_hands_problems,
    duplicate_problems,
    raise_problems,
    timeout_problems,
)
from .records import (
    MAX_HANDS,
    CardPlayed,
    Claims,
    End,
    Event,
    Family,
    HandOver,
    HandRecord,
    MatchOver,
    MatchRecord,
    MatchStatus,
    OptionSpec,
    ProblemCode,
    Refusal,
    Score,
    Seating,
    TallyUnit,
    TeamMatchStatus,
    TrickDiscarded,
    TrickWon,
    Trust,
    field_names,
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
        players: the number of seats (F8; Agency: 4).
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
        timeouts: the plies (from 1, in order) of the plays the referee made
            for a seat whose time ran out (CONTRACT: clocks, ``timeout``).
    """

    __slots__ = ("game", "seating", "players", "options", "seed", "match", "deal_hands", "undealt", "tricks", "leader", "plays",
                 "end", "timeouts", "_legal", "_status")

    HAND_OVER: ClassVar[Refusal]
    """The refusal of any move once the hand is over."""

    game: TrickGame[Any]
    seating: Seating
    players: int
    options: Mapping[str, Any]
    seed: int | None
    match: MatchRecord
    deal_hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    leader: int
    plays: tuple[Play, ...]
    end: End | None
    _legal: list[Play] | None
    _status: MatchStatus | TeamMatchStatus | None

    def __init__(self, game: TrickGame[Any], seating: Seating, options: Mapping[str, Any], hands: Sequence[Sequence[Card]],
                 seed: int | None, match: MatchRecord) -> None:
        """The hand just after the deal: ``hands[s]`` is seat s's dealt cards."""
        self.game, self.seating, self.options, self.seed, self.match = game, seating, options, seed, match
        self.players = seating.players
        self.deal_hands = tuple([tuple(hand) for hand in hands])
        dealt = marks([card for hand in hands for card in hand])
        self.undealt = tuple([card for card in game.deck if not dealt[card.number]])
        self.tricks, self.leader, self.plays, self.end = (), seating.first_leader, (), None
        self.timeouts: tuple[int, ...] = ()
        self._lay_out()
        self._forget()

    # -- what every seat sees -------------------------------------------------

    @property
    def hand_over(self) -> bool:
        """Whether the hand is over (the game's rule: A12, F2)."""
        raise NotImplementedError

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is; ``None`` once the hand is over (C1, C2)."""
        return None if self.hand_over else (self.leader + len(self.plays)) % self.players

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
        return tuple([play for trick in self.tricks for play in trick.plays]) + self.plays

    @property
    def ply(self) -> int:
        """How many plays the hand has had: the length of ``history``, without making it."""
        return sum([len(trick.plays) for trick in self.tricks]) + len(self.plays)

    @property
    def record(self) -> HandRecord:
        """The hand's record: what ``TrickGame.build`` makes this hand from."""
        return HandRecord(seating=self.seating, options=self.options, seed=self.seed, deal_hands=self.deal_hands,
                          plays=self.history, match=self.match, timeouts=self.timeouts)

    # -- the rules of play: one source of legality ----------------------------

    def refusal(self, move: Play) -> Refusal | None:
        """Why ``move`` is not legal now, or ``None`` if it is (C1, C2, then the game's rules)."""
        if self.hand_over:
            return self.HAND_OVER
        players = self.players
        seat = (self.leader + len(self.plays)) % players
        if move.seat != seat:
            absent = f": this hand has seats 0 to {players - 1}" if move.seat >= players else ""
            return Refusal("not_your_turn", f"It is seat {seat}'s turn, not seat {move.seat}'s{absent} (RULINGS C1, C2)")
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
        if len(self.plays) < self.players:
            return play, None
        done = self.game.judge(self.leader, self.plays)
        self.tricks += (done,)
        self.leader, self.plays = done.winner, ()  # type: ignore[assignment]
        self._after_trick(done)
        return play, done

    def settle(self) -> None:
        """End the hand when the seat to act has no legal play (A12a). Asked
        once a hand is built, not after every replayed play: a play after
        such an end is refused anyway, since no play is legal. The question
        is answered by ``_has_legal_play``, whose work does not depend on the
        seat's cards (they are hidden from whoever holds a sealed token)."""
        seat = self.to_act
        if seat is not None and not self._has_legal_play(seat):
            self.end = End.NO_LEGAL_PLAY

    def take_history(self, history: Sequence[Play]) -> None:
        """Put a record's plays (in order, each as recorded) on the hand just
        after its deal, all at once: the tricks judged as they complete (C2:
        each winner leads the next), the live cards left, and what the
        completed tricks add (points, an end). The same hand as putting each
        play in turn, without the work of each step; only for plays that were
        legal when they were made (``TrickGame.rebuild``).

        Legality is not checked, but the record's shape is, so that nothing
        after can fail on it: each play by the seat whose turn it was, of a
        card it was dealt, none twice (``_recorded_problem``), each trick won
        by a card, no trick past the hand's last.

        Raises:
            InvalidState: a record no referee wrote (forged with its key).
        """
        players = self.players
        complete = len(history) - len(history) % players
        leader = self.leader
        tricks: list[Trick] = []
        seats = []
        for start in range(0, len(history), players):
            seats += [(leader + position) % players for position in range(min(players, len(history) - start))]
            if start + players <= complete:
                done = self.game.judge(leader, tuple(history[start : start + players]))
                if done.winner is None or len(tricks) >= self.game.max_tricks:
                    raise InvalidState([f"the plays from play {start} do not make a trick the rules complete"])
                tricks.append(done)
                leader = done.winner
        problem = self._recorded_problem(history, seats)
        if problem is not None:
            raise InvalidState([f"the record's plays: {problem}"])
        self.tricks, self.leader, self.plays = tuple(tricks), leader, tuple(history[complete:])
        self._take_all(history)
        if tricks and not self.plays:
            self._end_after_trick()
        self._forget()

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
        self._copy_caches(new)
        new._forget()
        return new

    def _forget(self) -> None:
        """Drop what was worked out for the hand as it was."""
        self._legal = None
        self._status = None
        self._forget_caches()

    # -- hooks a game fills in -------------------------------------------------

    def _lay_out(self) -> None:
        """Set the live cards just after the deal, from ``deal_hands``."""
        raise NotImplementedError

    def _forget_caches(self) -> None:
        """Drop what the game's own hand class worked out for the hand as it was."""

    def _copy_caches(self, new: Hand) -> None:
        """Give a copy (``new``) what it may keep of this hand's own caches."""

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

    def _end_after_trick(self) -> None:
        """Whether the hand ends once a trick is complete (Agency's A12b, c);
        in games where the last trick ends it, ``hand_over`` counts tricks."""

    def _recorded_problem(self, history: Sequence[Play], seats: Sequence[int]) -> str | None:
        """Why recorded plays cannot be (``take_history``): a play not by the
        seat whose turn it was (``seats[i]`` for ``history[i]``), of a card
        that seat was not dealt, or of a card played twice; ``None`` if they can."""
        raise NotImplementedError

    def _take_all(self, history: Sequence[Play]) -> None:
        """``take_history``'s part: the live cards left once every play of
        ``history`` is taken, and what the completed tricks score."""
        raise NotImplementedError

    def _has_legal_play(self, seat: int) -> bool:
        """Whether ``seat`` has a legal play now, with the same work whatever
        its cards (no refusal built, no early stop)."""
        raise NotImplementedError


_COPIED: dict[type[Hand], tuple[str, ...]] = {}
"""The public slots of each hand class: what ``Hand.copy`` copies."""


# -- the game -----------------------------------------------------------------


class TrickGame(Generic[H]):
    """A trick game as the referee serves it: the protocol every game meets,
    with the orchestration written once. ``H`` is the game's hand class:
    every operation takes and returns hands of it.

    A game is a value: its data (``id``, ``deck``, ``rank_order``, ...) as
    attributes, and these operations:

    ``deal``, ``build``, ``play``, ``score``, ``match_status``,
    ``trick_winner``, ``observe``.

    Subclasses set the data and fill in the hooks: ``_seat``, ``_continue``,
    ``seating_problems``, ``match_problems``, ``_derived``, ``_claimed_cards``,
    ``_tally``, ``trick_problems``, ``score`` and ``observe``.
    """

    HAND: type[H]
    """The game's hand class (a class attribute)."""

    id: str
    name: str
    family: Family
    """Its family: the key of every layer's registry of what differs by family."""
    deck: tuple[Card, ...]
    rank_order: tuple[str, ...]
    trump: str | None
    hand_size: int
    """Cards dealt to each seat (Agency: 8 suited cards; Walls are added, A5)."""
    walls: int | None
    """Agency: Wall cards inserted into each holder at the deal; else ``None``."""
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    max_tricks: int
    """The most tricks a hand can have (a bound for the schemas)."""
    target_option: str
    """The option holding the match target (RULINGS A14, F7)."""
    problem_codes: tuple[ProblemCode, ...]
    """Every refusal code this game's rules raise."""
    facts: DeckFacts
    """What the checks of a state read of the game, as plain values (set once, ``__post_init__``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", DeckFacts(self.id, self.deck, tuple(marks(self.deck)), self.hand_size, self.max_players))

    @cached_property
    def strength(self) -> dict[str, int]:
        """Rank -> strength for the rank order, higher wins."""
        return {rank: len(self.rank_order) - index for index, rank in enumerate(self.rank_order)}

    @property
    def unit(self) -> TallyUnit:
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
        previous: H | None = None,
        match: MatchRecord | None = None,
        **seating: int | None,
    ) -> H:
        """A new hand: from ``seed``, a ``deck`` order, explicit ``hands``, or at random.

        Args:
            seed: ``0 .. SEED_MAX``; the deck is shuffled as ``service.cards`` says.
            deck: a full deck order, dealt as the game deals (A7, F3).
            hands: ``hands[s]`` is seat s's cards in dealt order.
            options: rules options; defaults apply.
            previous: the finished hand this one follows in a match (A14,
                F7); its options and tally carry over.
            match: where the hand stands in its match when the hand before
                it is not given (the record of a later hand,
                docs/notation.md): its number, the tally before it and
                Agency's chooser, checked as ``build`` checks a state's
                (``match_problems``), and seated as after ``previous`` (A14:
                a seat of the choosing team leads). With ``previous`` (a
                match's records replayed in order), what ``previous`` gives
                must be it (``match_mismatch``); ``None``: a first hand, or
                whatever ``previous`` gives.
            **seating: the game's seating (Agency: ``first_leader``; the
                Agram family: ``players`` and ``dealer``).

        Raises:
            RulesRefusal: the seating is refused; with ``previous``:
                ``hand_not_over``, ``match_over``, ``match_mismatch`` (also a
                ``match`` that ``previous`` does not give), and the game's
                own refusals.
            InvalidState: a ``match`` the rules refuse (every problem
                listed); a deck or hands that are not this game's.
        """
        given = match is not None
        if previous is not None:
            following = self._next_match(previous, options, seating)
            if given and match != following:
                assert match is not None
                mismatch = f"{MATCH_RECORD_NOT_FOLLOWING} {_match_words(match)}, and the hand before gives {_match_words(following)}"
                raise RulesRefusal("match_mismatch", f"This deal does not continue the match: {mismatch}", problems=[mismatch])
            match, given = following, False
            options = previous.options
        seat = self._seat(previous, match, seating)
        resolved = resolve_options(self.options, options)
        if match is None:
            match = self.first_match(seat)
        elif given:
            raise_problems(self.match_problems(match, resolved, seat))
        hands, seed = deal_hands(self, seat, seed=seed, deck=deck, hands=hands)
        hand = self.HAND(self, seat, resolved, hands, seed, match)
        hand.settle()
        return hand

    def deal_deck(self, deck: Sequence[Card], seating: Seating) -> list[list[Card]]:
        """The dealt hands of a deck order (A7, F3)."""
        raise NotImplementedError

    def _next_match(self, previous: H, options: Mapping[str, Any] | None, seating: Mapping[str, int | None]) -> MatchRecord:
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

    def _seat(self, previous: H | None, match: MatchRecord | None, seating: Mapping[str, int | None]) -> Seating:
        """The seating of a new hand, from the request or the match (A14, F7).

        Raises:
            RulesRefusal: a seating the rules refuse.
        """
        raise NotImplementedError

    def _continue(self, previous: H, seating: Mapping[str, int | None]) -> list[str]:
        """How a next-hand request contradicts its match (``match_mismatch``)."""
        return []

    def _chooser(self, previous: H) -> int | None:
        """Agency: the team that chooses the next hand's leader (A14)."""
        return None

    def choosers(self, previous: H) -> tuple[int, ...]:
        """The seats whose choice the hand after ``previous`` is, one of which
        must ask for it (Agency: the seats of the team that lost, A14).

        Returns:
            Seat numbers; empty when the rules leave the next hand to whoever
            asks (the Agram family: its dealer is the winner, F7; Agency
            after a void first hand), or when no hand may follow
            ``previous`` (still in play, or its match over: ``deal`` refuses it).
        """
        return ()

    CHOICE: ClassVar[tuple[str, ...]] = ()
    """The deal's seating arguments that make the :meth:`choosers`' choice
    (Agency: ``first_leader``); a deal naming none of them takes the rules'
    default (Agency: the lower seat of the team that lost, A14)."""

    def _tally_entries(self, seating: Seating) -> int:
        """How many tallies a match keeps: one per seat, or per team."""
        return seating.players

    # -- a hand from its record: the one door --------------------------------

    def build(self, record: HandRecord, trust: Trust) -> H:
        """The hand of ``record`` (a state, a token's payload, a one-line
        record, a hand the referee holds): its deal, then its plays, A12a
        settled. ``trust`` chooses only how much is checked:

        * ``Trust.REBUILD``, a record this referee made: the plays taken at
          once (``Hand.take_history``, no legality check: each was checked
          when it was made). The record's shape is still checked (seating,
          deal, match, whose turn each play was and whose cards it took), so
          that a record forged with the referee's key is refused rather than
          failing later. Never for a client's unsigned state.
        * ``Trust.RESTORE``, anyone else's: the deal compared with its seed's,
          every play replayed with ``Hand.refusal`` and ``Hand.put``, the
          steps that judge a live move (one source of legality), and every
          claim compared with what the rules derive.

        Raises:
            InvalidState: ``invalid_state``, with every problem found.
        """
        hand, problems = self._dealt(record)
        problems += timeout_problems(record.timeouts, len(record.plays))
        hand.timeouts = tuple(record.timeouts)
        if trust is Trust.REBUILD:
            raise_problems(problems)
            hand.take_history(record.plays)
            hand.settle()
            return hand
        claims = record.claims
        seed_hands = (None if record.seed is None or record.deal_hands is None
                      else self.deal_deck(shuffled(self.deck, record.seed), record.seating))
        problems += deal_record_problems(record.seed, hand.deal_hands, seed_hands, None if claims is None else claims.undealt,
                                         hand.undealt, None if claims is None else claims.seed_text)
        if _restore_plays(hand, record.plays, problems) if claims is None else _restore_claimed(hand, claims, problems):
            hand.settle()
            if claims is not None:
                problems += self._claimed_problems(claims, hand)
        raise_problems(problems)
        return hand

    def first_match(self, seating: Seating) -> MatchRecord:
        """The match record of a match's first hand at ``seating``: hand 1, nothing tallied, no chooser."""
        return MatchRecord(previous=(0,) * self._tally_entries(seating))

    def _dealt(self, record: HandRecord) -> tuple[H, list[str]]:
        """The hand of a record just after its deal, and the problems of its
        seating, deal and match record.

        Raises:
            InvalidState: problems that leave nothing to replay or tally.
        """
        seating = record.seating
        raise_problems(self.seating_problems(seating))
        hands = record.deal_hands
        if hands is None:
            assert record.seed is not None  # HandRecord refuses a deal that is neither
            hands = self.deal_deck(shuffled(self.deck, record.seed), seating)
        deal_problems = dealt_hands_problems(self.facts, hands, seating.players, "deal.hands")
        options = resolve_options(self.options, record.options)
        match = record.match or self.first_match(seating)
        problems = deal_problems + self.match_problems(match, options, seating)
        if deal_problems or len(match.previous) != self._tally_entries(seating):
            raise_problems(problems)  # nothing can be replayed or tallied
        return self.HAND(self, seating, options, hands, record.seed, match), problems

    def seating_problems(self, seating: Seating) -> list[str]:
        """Problems with a state's seating; any of them stops the restore."""
        raise NotImplementedError

    def match_problems(self, match: MatchRecord, options: Mapping[str, Any], seating: Seating) -> list[str]:
        """Problems with a match record, as far as the record alone can show them."""
        raise NotImplementedError

    def _claimed_problems(self, claims: Claims, hand: H) -> list[str]:
        """A problem for each derived field the client sent that the rules disagree with."""
        problems = self._claimed_cards(claims, hand)
        derived = {"to_act": hand.to_act, "hand_over": hand.hand_over, "winner": hand.winner, **self._derived(hand)}
        problems += claimed_problems(claims.fields, derived)
        status = self.match_status(hand)
        fields = {name: list(value) if isinstance(value, tuple) else value for name, value in _record_items(status)}
        return problems + claimed_problems(claims.match, fields, "match.")

    def _claimed_cards(self, claims: Claims, hand: H) -> list[str]:
        """Problems with the live cards (and trick) a client sent."""
        raise NotImplementedError

    def _derived(self, hand: H) -> dict[str, Any]:
        """The game's own derived fields, as the rules give them, for comparison."""
        return {}

    # -- play -----------------------------------------------------------------

    def play(self, hand: H, move: Play, *, timeout: bool = False) -> tuple[H, list[Event]]:
        """The hand after ``move``, and the events it caused; with
        ``timeout``, a play the referee made for a seat whose time ran out,
        marked so in its ``card_played`` and the hand's ``timeouts``.

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
        if timeout:
            after.timeouts += (hand.ply + 1,)
            played = events[0]
            assert isinstance(played, CardPlayed)
            events[0] = CardPlayed(played.play, timeout=True)
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
        return Trick(leader, plays, best.seat, best.card, self.trick_points(plays))  # leader, plays, winner, card, points

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

    def score(self, hand: H) -> Score:
        """The hand's result so far (the game's scoring)."""
        raise NotImplementedError

    def seat_value(self, hand: H, seat: int) -> int:
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

    def _seat_value(self, hand: H, seat: int) -> int:
        raise NotImplementedError

    def match_status(self, hand: H) -> MatchStatus | TeamMatchStatus:
        """Where the match stands with this hand (A14, F7); worked out once per hand."""
        if hand._status is None:
            previous = hand.match.previous
            tally = self._tally(hand) if hand.hand_over else previous
            target = hand.options.get(self.target_option)
            leader = tally.index(max(tally))
            over = target is not None and tally[leader] >= target
            hand._status = self._status(hand, target, tally, over, leader if over else None)
        return hand._status

    def _status(self, hand: H, target: int | None, tally: tuple[int, ...], over: bool,
                winner: int | None) -> MatchStatus | TeamMatchStatus:
        return MatchStatus(hand.match.hand, target, self.unit, hand.match.previous, tally, over, winner)

    def _tally(self, hand: H) -> tuple[int, ...]:
        """The match tally once this hand is over."""
        raise NotImplementedError

    def observe(self, hand: H, seat: int | None) -> Any:
        """What ``seat`` may know of ``hand``, and nothing more: a record of
        the game's (the visibility rule belongs to the game). With ``seat``
        ``None``: what every seat may know; the record's ``PRIVATE`` members
        are then ``None`` or empty.

        Raises:
            RulesRefusal: ``seat_out_of_range`` for a seat not at this table.
        """
        raise NotImplementedError


Game: TypeAlias = "TrickGame[Any]"
"""A game of the registry, whatever its hand class."""


def _record_items(record: Any) -> list[tuple[str, Any]]:
    return [(name, getattr(record, name)) for name in field_names(type(record))]


# -- restoring a record's plays ------------------------------------------------------


def _restore_plays(hand: Hand, plays: Sequence[Play], problems: list[str]) -> bool:
    """Replay a record's plays into ``hand`` (just after its deal), each as
    a live move is judged, appending a problem for the first that does not
    fit (``plays[i]``: nothing after it can be judged). Returns whether every
    play was replayed."""
    for index, play in enumerate(plays):
        if hand.hand_over:
            problems.append(f"plays[{index}] was played after the hand was over")
            return False
        if not _restore_play(hand, play, "plays", index, problems):
            return False
    return True


def _restore_claimed(hand: Hand, claims: Claims, problems: list[str]) -> bool:
    """Replay a state's plays into ``hand`` (just after its deal) as the
    state groups them into tricks, appending a problem for what does not
    fit: a play the rules refuse (replay stops there, since nothing after it
    can be judged), a trick grouped otherwise than the rules group it, a
    winner, card or points other than the rules give.

    Returns:
        Whether the whole history was replayed (so the derived fields can be
        compared with what it leads to).
    """
    players = hand.players
    for index, claimed in enumerate(claims.tricks):
        where = f"tricks[{index}]"
        if not _restore_trick(hand, claimed, where, problems):
            return False
        if len(claimed.plays) != players:
            problems.append(f"{where} has {counted(len(claimed.plays), 'play')}; a completed trick has {players}")
            return False
        problems += claimed_trick_problems(where, claimed, hand.tricks[index])
    trick = claims.trick
    if trick is None:
        return True
    if hand.hand_over or not hand._has_legal_play(hand.leader):
        if trick.plays:
            problems.append("trick has plays but the hand was already over")
        elif trick.leader != hand.leader:
            problems.append(f"trick.leader is {trick.leader} but seat {hand.leader} won the last trick")
        return not trick.plays
    if not _restore_trick(hand, trick, "trick", problems):
        return False
    if len(hand.tricks) > len(claims.tricks):
        problems.append(f"trick has {counted(len(trick.plays), 'play')}: a trick of {players} plays is complete")
        return False
    return True


def _after_the_end(hand: Hand, what: str) -> str | None:
    """The problem for ``what`` when it came after an A12a end, else ``None``."""
    if hand.legal_moves():
        return None
    return f"{what} was played after the hand was over: the seat to act had no legal play (RULINGS A12a)"


def _restore_trick(hand: Hand, claimed: Trick, where: str, problems: list[str]) -> bool:
    """Replay one claimed trick. A12a is not asked after every play (it costs
    a legal-move search); only when something does not fit, to name it."""
    if hand.hand_over:
        problems.append(f"{where} was played after the hand was over")
        return False
    if claimed.leader != hand.leader:
        problems.append(_after_the_end(hand, where) or f"{where}.leader is {claimed.leader} but seat {hand.leader} leads it")
        return False
    for position, play in enumerate(claimed.plays):
        if not _restore_play(hand, play, f"{where}.plays", position, problems):
            return False
    return True


def _restore_play(hand: Hand, play: Play, plays: str, index: int, problems: list[str]) -> bool:
    """Put one play (``plays[index]``, as a problem names it) on ``hand`` if
    the rules allow it now (``Hand.refusal``); otherwise append its problem
    and return ``False``."""
    refusal = hand.refusal(play)
    if refusal is None:
        hand.put(play)
        return True
    what = f"{plays}[{index}]"
    problems.append(_after_the_end(hand, what) or f"{what} is not legal: {refusal.detail}")
    return False


def replay_transcript(
    game: TrickGame[H], hands: Sequence[tuple[Mapping[str, Any], Sequence[Play]]], timeouts: Collection[tuple[int, int]] = (),
    played: Callable[[int, H], None] | None = None,
) -> tuple[H, list[tuple[int, Event]], list[Score]]:
    """Play a whole transcript: one or more hands of a match, each a deal and its moves.

    Args:
        game: a registry value.
        hands: ``(deal keyword arguments, moves)`` per hand, in order; each hand
            after the first is dealt with ``previous`` = the hand before it
            (a ``match`` among its arguments must be the one it gives).
        timeouts: ``(hand, index)`` of each move made on timeout (a record's marks).
        played: called with each hand's number and the hand once its moves
            are played (a record's stated result compared), before the next is dealt.

    Returns:
        ``(final hand, every event in order with the number of its hand in
        the transcript (from 1, like ``match.hand``), each hand's score)``.

    Raises:
        IllegalMove: the first illegal move, with ``hand`` (from 1) and
            ``index`` (its position in that hand's ``moves``, from 0), the
            ``move`` and the legal moves at that point.
        RulesRefusal, InvalidState: a deal that cannot be made, with ``hand``.
        DeadlineExceeded: the request's deadline passed (checked before each
            hand, ``service.deadline``).
    """
    hand: H | None = None
    events: list[tuple[int, Event]] = []
    scores: list[Score] = []
    for number, (deal, moves) in enumerate(hands, start=1):
        checkpoint()
        kwargs = dict(deal)
        if hand is not None:
            kwargs["previous"] = hand
        try:
            hand = game.deal(**kwargs)
        except RefereeError as refusal:
            refusal.detail = f"The deal of hand {number}: {refusal.detail}"
            refusal.extra["hand"] = number
            raise
        for index, move in enumerate(moves):
            try:
                hand, happened = game.play(hand, move, timeout=(number, index) in timeouts)
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
        if played is not None:
            played(number, hand)
        scores.append(game.score(hand))
    assert hand is not None
    return hand, events, scores


MATCH_RECORD_NOT_FOLLOWING = "the match record given is"
"""How the ``match_mismatch`` sentence of a match record that the hand before does not give begins."""


def _match_words(match: MatchRecord) -> str:
    chooser = "" if match.chooser is None else f", chosen by team {match.chooser}"
    return f"hand {match.hand} with the tally {list(match.previous)} before it{chooser}"


# -- dealing ----------------------------------------------------------------------

DEALT = "The deal"
"""What a deal's ``deck`` or ``hands`` that are not the game's break (``InvalidState``'s detail): the deal
request's cards, not a state."""


def deal_hands(
    game: TrickGame[Any],
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
    raise_problems(dealt_hands_problems(game.facts, hands, seating.players), DEALT)
    return hands, seed


def refuse_deck(game: TrickGame[Any], deck: Sequence[Card]) -> None:
    """Refuse a ``deck`` order that is not exactly the game's deck, reordered.

    Raises:
        InvalidState: listing every problem.
    """
    problems = card_problems("deck", deck, game.facts) + duplicate_problems("deck", deck)
    if not problems and len(deck) != len(game.deck):
        problems.append(f"deck has {counted(len(deck), 'card')}; the {game.id} deck has {len(game.deck)}")
    raise_problems(problems, DEALT)


def check_versions(rules_version: str | None, schema_version: int | None) -> None:
    """Refuse a state written by another rules or state-schema version.

    Raises:
        UnsupportedVersion: ``unsupported_version``.
    """
    sent = [f"{name} {echo(value)}" for name, value, known in (("rules version", rules_version, RULES_VERSION),
                                                               ("schema version", schema_version, STATE_SCHEMA_VERSION))
            if value not in (None, known)]
    if sent:
        raise UnsupportedVersion(
            "unsupported_version",
            f"This referee reads states of rules version {RULES_VERSION} and state schema version "
            f"{STATE_SCHEMA_VERSION}, not {' and '.join(sent)}",
            supported={"rules_version": RULES_VERSION, "schema_version": STATE_SCHEMA_VERSION},
        )
