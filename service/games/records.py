"""The core's values: options, seating, match records and results, scores,
events and refusals. All frozen; ``service.schemas`` writes them as JSON."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from ..cards import Card
from ..errors import IllegalMove, InvalidState, RefereeError, RulesRefusal, UnsupportedVersion
from ..tricks import Play, Trick

# -- closed sets --------------------------------------------------------------


class Family(StrEnum):
    """A family of games: the games of one family share their rules module
    and everything each layer adds to them (their JSON edge, how their
    records are written, their analysis), which each layer keeps in one
    registry keyed by this value."""

    AGENCY = "agency"
    """Agency alone (RULINGS A1-A14): partnerships, holders and Walls, trump and card points."""
    LAST_TRICK = "last-trick"
    """The Agram family (F1-F8): Agram, Sink-Sink, Fapfap, the Mali version and Spar."""


class End(StrEnum):
    """Why a hand ended before its last trick (Agency, RULINGS A12); in the
    Agram family the last trick ends the hand and ``Hand.end`` stays ``None``."""

    NO_LEGAL_PLAY = "no_legal_play"
    """A12a: the seat to act has no legal play (the unfinished trick is discarded)."""
    OUT_OF_CARDS = "out_of_cards"
    """A12b: after a trick, a seat has no cards left in both its holders."""
    POINTS_REACHED = "points_reached"
    """A12c: after a trick, a team has ``early_end_points`` points or more."""


class TallyUnit(StrEnum):
    """What a match tally counts (RULINGS A14, F7)."""

    HANDS = "hands"
    """Hands won (Agram, Sink-Sink, Agram-mali; F7)."""
    POINTS = "points"
    """Spar's points: 3 for the last trick won with a 6, 2 with a 7, else 1 (F2)."""
    BALANCE = "balance"
    """Fapfap: stake units won minus paid, so the tally sums to 0 (F6)."""
    GAME_POINTS = "game_points"
    """Agency: one per hand won, none for a void hand (A14)."""


class DealSource(StrEnum):
    """Where a hand's deal came from (the contract's ``deal.source``)."""

    RANDOM = "random"
    SEED = "seed"
    DECK = "deck"
    HANDS = "hands"


CHOSEN_SOURCES: tuple[DealSource, ...] = (DealSource.SEED, DealSource.DECK, DealSource.HANDS)
"""The sources a request chooses, each the name of its member in a deal request."""


# -- options ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionSpec:
    """A rules option a request may set per hand (RULINGS: *option*).

    Attributes:
        name: the option's name in ``options``.
        type: ``"boolean"`` or ``"integer"``.
        default: the value when the request does not set it (``None``: unset).
        description: one sentence, citing the ruling.
        minimum: smallest integer value allowed.
        maximum: largest integer value allowed.
        nullable: whether ``null`` is accepted (meaning "none").
    """

    name: str
    type: str
    default: Any
    description: str
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` is one this option takes: its JSON type, within
        its range, or ``None`` when nullable."""
        if value is None:
            return self.nullable
        if self.type == "boolean":
            return isinstance(value, bool)
        return (type(value) is int and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The field names of a record class (a dataclass), in order; worked out once per class."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(item.name for item in fields(cls))
    return names


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """``given`` completed with each option's default, in spec order.

    The schema has already refused unknown names and wrong types.
    """
    given = given or {}
    return {spec.name: given.get(spec.name, spec.default) for spec in specs}


@dataclass(frozen=True, slots=True, kw_only=True)
class ProblemCode:
    """A refusal code a game's rules can raise, declared next to those rules.

    Attributes:
        code: the machine-readable code, e.g. ``must_follow_suit``.
        kind: the refusal class raised with it (``IllegalMove``, ...), which
            the API maps to an HTTP status.
        description: what it means and what a client should do.
        title: its problem type's title, where its class's (``kind.title``)
            would say less than it should.
    """

    code: str
    kind: type[RefereeError]
    description: str
    title: str | None = None

    @property
    def problem_title(self) -> str:
        """The title of this code's problem type."""
        return self.title or self.kind.title


MAX_HANDS = 1_000_000
"""The most hands a match can have: a state's ``match.hand`` is at most
this, and no hand is dealt after it (so every number the referee writes it
also reads)."""


COMMON_PROBLEMS: tuple[ProblemCode, ...] = (
    ProblemCode(code="not_your_turn", kind=IllegalMove,
                description="The move's seat is not the seat to act. `legal_moves` is empty: the seat has no move now."),
    ProblemCode(code="card_not_available", kind=IllegalMove,
                description="The card is not held by the seat, or not within its reach. `legal_moves` lists the moves allowed now."),
    ProblemCode(code="must_follow_suit", kind=IllegalMove,
                description="The seat holds a card of the led suit and must play one. `legal_moves` lists the moves allowed now."),
    ProblemCode(code="hand_over", kind=IllegalMove, title="Hand over",
                description="The hand is over: no move can be played or suggested. Deal a new hand."),
    ProblemCode(code="invalid_state", kind=InvalidState,
                description="The state, or the `deck` or `hands` a deal was given, breaks the rules' invariants (a duplicated card, a card not in the deck, wrong hand sizes, an impossible trick...). `problems` lists every problem found."),
    ProblemCode(code="unsupported_version", kind=UnsupportedVersion,
                description="The state was made by a rules or schema version this referee does not know."),
    ProblemCode(code="invalid_trick", kind=RulesRefusal,
                description="The plays given to `trick-winner` cannot form a trick: a card not in the deck, a card or seat twice, too many plays, two Walls, or no suited card. `problems` lists each."),
    ProblemCode(code="seat_out_of_range", kind=RulesRefusal,
                description="A seat number (dealer, first leader) is not a seat of this hand."),
    ProblemCode(code="hand_not_over", kind=RulesRefusal,
                description="`previous` is a hand still in play: the next hand of a match is dealt from a finished one."),
    ProblemCode(code="match_over", kind=RulesRefusal,
                description="The match of `previous` is over (its target reached, or its hands at the referee's limit of "
                            f"{MAX_HANDS:,}): start a new match with a deal that has no `previous`."),
    ProblemCode(code="match_mismatch", kind=RulesRefusal,
                description="The deal contradicts its match: other players, another dealer than the last hand's winner (F7), or other options."),
)
"""The codes every game can raise (RULINGS C1-C3 and the contract's refusals)."""


# -- records ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits at a hand and who leads its first trick (RULINGS C1, C2).

    Attributes:
        players: the number of seats, ``0 .. players - 1`` in play order.
        first_leader: the seat that leads the first trick (Agency: named by
            the request, A14; the Agram family: the seat after the dealer, F4).
        dealer: the dealing seat (the Agram family, F3); ``None`` in Agency.
    """

    players: int
    first_leader: int
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """Where a hand stands in its match (RULINGS A14, F7): what the state
    carries from earlier hands.

    Attributes:
        hand: this hand's number in the match, from 1.
        previous: the tally before this hand, per seat (Agram family: hands
            won, Spar points or Fapfap balance) or per team (Agency: game
            points).
        chooser: Agency: the team that chose this hand's leader (the team
            that lost the last decided hand); ``None`` for the first hand.
    """

    hand: int = 1
    previous: tuple[int, ...] = ()
    chooser: int | None = None


@dataclass(frozen=True, slots=True)
class MatchStatus:
    """Where a match stands after a hand (RULINGS F7).

    Attributes:
        hand: the hand's number, from 1.
        target: the tally that wins the match; ``None``: no target.
        unit: what the tally counts (``TallyUnit``).
        previous: the tally per seat (or team) before this hand.
        tally: the tally with this hand, once it is over.
        over: whether a seat (or team) has reached the target.
        winner: that seat (or team), else ``None``.
    """

    hand: int
    target: int | None
    unit: TallyUnit
    previous: tuple[int, ...]
    tally: tuple[int, ...]
    over: bool
    winner: int | None


@dataclass(frozen=True, slots=True)
class TeamMatchStatus:
    """Where an Agency match stands (RULINGS A14): ``MatchStatus`` per team,
    with ``chooser``, the team that chose this hand's leader (``None`` for the
    first hand)."""

    hand: int
    target: int | None
    unit: TallyUnit
    previous: tuple[int, ...]
    tally: tuple[int, ...]
    chooser: int | None
    over: bool
    winner: int | None


@dataclass(frozen=True, slots=True)
class Score:
    """A hand's result so far.

    Attributes:
        hand_over: whether the hand is over.
        winner: the winning seat (the Agram family) or team (Agency) once the
            hand is over; ``None`` while it runs, or for a void hand (A13).
    """

    hand_over: bool
    winner: int | None


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card was played (``play.holder``: Agency's holder it came from)."""

    type: ClassVar[str] = "card_played"
    play: Play
    timeout: bool | None = None
    """``True`` when the referee made the play for a seat whose time ran
    out (``timeout``); ``None`` (not written) for any other play."""


@dataclass(frozen=True, slots=True)
class TrickWon:
    """A trick was completed: ``winner`` won it with ``card``; ``points`` are
    its card points (Agency, A3; ``None`` in games without card points);
    ``trick`` is its number in the hand, from 1."""

    type: ClassVar[str] = "trick_won"
    winner: int
    card: Card
    points: int | None
    trick: int


@dataclass(frozen=True, slots=True)
class TrickDiscarded:
    """The unfinished trick was discarded when the hand ended (A12a)."""

    type: ClassVar[str] = "trick_discarded"
    plays: tuple[Play, ...]


@dataclass(frozen=True, slots=True)
class HandOver:
    """The hand is over: its ``score``, and why it ended (``end``, Agency's
    A12 reason; ``None`` in games where the last trick ends it)."""

    type: ClassVar[str] = "hand_over"
    end: str | None
    score: Score


@dataclass(frozen=True, slots=True)
class MatchOver:
    """The hand ended the match: ``winner`` (a seat, or Agency's team)
    reached the target; ``tally`` is the final tally."""

    type: ClassVar[str] = "match_over"
    winner: int
    tally: tuple[int, ...]


Event = CardPlayed | TrickWon | TrickDiscarded | HandOver | MatchOver
"""Something a move caused, in order (``play``)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is not legal now: a contract ``code`` and a ``detail`` sentence."""

    code: str
    detail: str


class Trust(StrEnum):
    """How far ``TrickGame.build`` trusts a hand's record: trust chooses how
    much of the record is checked, never which door it goes through."""

    REBUILD = "rebuild"
    """A record this referee made (a state it signed, a token it sealed, a
    hand it holds itself): the deal, then every play taken at once
    (``Hand.take_history``: the record's shape checked, not each play's legality)."""
    RESTORE = "restore"
    """A record from anyone else: every play replayed with ``Hand.refusal``,
    the check that judges a live move, and every claim compared with what
    the rules derive; every problem is reported at once (``invalid_state``)."""


@dataclass(frozen=True, kw_only=True)
class Claims:
    """What a client's state says beyond its hand's record, each part
    compared by ``Trust.RESTORE`` with what the rules derive.

    Attributes:
        tricks: the completed tricks as the state groups the plays, with
            each trick's leader, winner, card and points.
        trick: the trick in progress as sent (``None``: none was sent).
        undealt: the undealt cards, if sent.
        seed_text: the seed as the decimal string the state shows beside it, if sent.
        fields: only the derived fields the state included (``to_act``,
            ``hands``, ``holders``...), by name.
        match: only the match status fields it included (``tally``, ``over``...).
    """

    tricks: Sequence[Trick] = ()
    trick: Trick | None = None
    undealt: Sequence[Card] | None = None
    seed_text: str | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)
    match: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class HandRecord:
    """A hand as a record: its seating, options, deal, every play in order
    and the match record it carries. A state, a sealed token's payload and a
    one-line record are each read into one, and ``TrickGame.build`` makes the
    hand from it (``Trust`` says how much it checks).

    Attributes:
        seating: players, first leader and dealer (RULINGS C1, C2).
        options: the rules options as recorded; one not given takes its default.
        seed: the seed the hand was dealt from, if any.
        deal_hands: each seat's dealt cards in dealt order; ``None``: the
            seed's deal (RULINGS A7, F3).
        plays: every play in the order it was made (Agency's each naming
            its holder once recorded, A5).
        match: where the hand stands in its match (RULINGS A14, F7);
            ``None``: a match's first hand.
        claims: what a client's state says beyond the record; ``None`` for
            a record that says nothing more (a token's, a line's).
        timeouts: the plies (from 1, in increasing order) of the plays the
            referee made on timeout (CONTRACT: clocks).
    """

    seating: Seating
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None
    deal_hands: Sequence[Sequence[Card]] | None = None
    plays: Sequence[Play] = ()
    match: MatchRecord | None = None
    claims: Claims | None = None
    timeouts: Sequence[int] = ()

    def __post_init__(self) -> None:
        if self.seed is None and self.deal_hands is None:
            raise ValueError("a hand's record deals from its seed or its dealt cards: give one")
