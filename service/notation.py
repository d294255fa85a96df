"""Records: one hand on one line, written and read back (docs/notation.md).

A record says the game and its rules version, the options that differ from
the defaults, the seating, the match record of a later hand, the deal, every
play in the order it was made, the result of a finished hand and, for a
finished sealed hand, the nonce and commitment that prove its seed::

    agram/1 p3 d0 s42 3D10DAD 9C... =2

``write_record`` writes the one canonical spelling of a hand (card codes as
RULINGS C3 writes them); ``read_record`` reads it, and the lenient spellings
(any run of spaces or tabs for a space, spaces around ``/ , : =`` and
between plays, a final line break, lower case, ``T`` for 10), into a
``Record``: what the line says, with the offset of each part and play.
``replay_record`` turns a record into its hand by the rules: the deal, then
every play checked as ``replay`` checks moves given apart.

A line that cannot be read raises ``RecordInvalid`` with the position of the
first character at fault; a well-formed line the rules refuse raises the
core's own refusal with ``position`` added. Pure: no I/O, no framework.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import product
from typing import Any, NoReturn, Protocol

from .cards import SEED_MAX, WALL, Card
from .errors import IllegalMove, InvalidState, RecordInvalid, RefereeError
from .games import GAMES, Game, Hand
from .games.base import MATCH_RECORD_NOT_FOLLOWING, RULES_VERSION, replay_transcript
from .games.last_trick import seating_of
from .games.records import MAX_HANDS, DealSource, Event, Family, MatchRecord, OptionSpec, ProblemCode, Score, Seating, resolve_options
from .sealing import commitment
from .tricks import Play, winning_play

MAX_RECORD_CHARS = 4096
"""The longest line read (the longest canonical record is under 500
characters); a longer one is refused at this offset."""

NUMBER_DIGITS = 20
"""The most digits of a number in a record (a seed below 2**64 has 20)."""

NONCE_HEX = 32
COMMITMENT_HEX = 64

PROBLEMS = (
    ProblemCode(code="record_invalid", kind=RecordInvalid,
                description="The record cannot be read (docs/notation.md): `position` is the 0-based offset of the first "
                            "character at fault, and the detail says what was expected there."),
)
"""The refusal code of reading a record (its HTTP status is the edge's: 422)."""


class Part(StrEnum):
    """The parts of a record, in the order a line gives them."""

    GAME = "game"
    VERSION = "version"
    PLAYERS = "players"
    DEALER = "dealer"
    FIRST_LEADER = "first_leader"
    MATCH = "match"
    DEAL = "deal"
    PLAYS = "plays"
    RESULT = "result"
    NONCE = "nonce"
    COMMITMENT = "commitment"


@dataclass(frozen=True, slots=True)
class Deal:
    """A record's deal: ``seed`` (the game's deck shuffled and dealt,
    docs/api.md: Seeded deals), or ``hands``, each seat's dealt cards in dealt
    order, seat 0 first (Agency: the 8 suited cards; A5 lays out the Walls)."""

    seed: int | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None

    @property
    def source(self) -> DealSource:
        """Which of the two the deal is (a record names no other source)."""
        return DealSource.SEED if self.seed is not None else DealSource.HANDS


@dataclass(frozen=True, slots=True)
class Result:
    """A finished hand's result as its record states it: ``winner`` as a
    ``hand_over`` event gives it (a seat, F2; Agency: a team, or ``None``
    for a void hand, A13)."""

    winner: int | None


@dataclass(frozen=True, slots=True)
class DealCommitment:
    """A finished sealed hand's proof (CONTRACT: Sealed states): the 16-byte
    ``nonce`` and ``commitment``, the lowercase hex SHA-256 of the nonce
    followed by the deal's seed as 8 bytes big-endian."""

    nonce: bytes
    commitment: str


class Sealed(Protocol):
    """What ``write_record`` needs of a sealed hand's provenance: its nonce
    (``None`` for a deal that was not committed to)."""

    @property
    def nonce(self) -> bytes | None: ...


@dataclass(frozen=True, slots=True)
class Where:
    """Where each thing a record says begins: 0-based character offsets.

    Attributes:
        parts: the first character of each part the line has.
        options: the first character of each option, by name.
        hands: the first card of each seat's dealt cards (a deal by hands).
        plays: the first character of each play, in play order.
    """

    parts: Mapping[Part, int]
    options: Mapping[str, int]
    hands: tuple[int, ...]
    plays: tuple[int, ...]


OptionValue = bool | int | None


@dataclass(frozen=True, kw_only=True)
class Record:
    """What one record line says (docs/notation.md). Two records are equal
    when they say the same, wherever on the line they say it (``where`` is
    not compared), so a lenient spelling reads to the record its canonical
    spelling reads to.

    Attributes:
        game: the game id.
        rules_version: the rules version (always this referee's, ``RULES_VERSION``).
        options: the options that differ from the defaults, in the game's
            option order, as ``(name, value)`` pairs.
        seating: players, first leader and dealer (RULINGS C1, F3, F4, A14).
        match: where the hand stands in its match; ``None`` for a first hand.
        deal: the seed or the dealt cards.
        plays: every play in play order; each seat is the one C1 and C2
            give, following the winner of each trick as written (A11, F1);
            Agency's suited cards carry no holder (the card says it, A5), a
            Wall the holder the line names.
        result: the result the line states, if any.
        provenance: a finished sealed hand's nonce and commitment, if any.
        where: the offset of each part and play.
        timeouts: the plies (from 1) of the plays marked as made on timeout
            (``~`` after the play).
    """

    game: str
    rules_version: str
    options: tuple[tuple[str, OptionValue], ...]
    seating: Seating
    match: MatchRecord | None
    deal: Deal
    plays: tuple[Play, ...]
    result: Result | None
    provenance: DealCommitment | None
    where: Where = field(compare=False)
    timeouts: tuple[int, ...] = ()

    def deal_arguments(self) -> dict[str, Any]:
        """The keyword arguments of ``TrickGame.deal`` for this record's hand
        (also what ``replay_transcript`` takes as a hand's deal)."""
        family = _FAMILIES[GAMES[self.game].family]
        kwargs: dict[str, Any] = {"options": dict(self.options), **family.seating_arguments(self.seating)}
        if self.deal.seed is not None:
            kwargs["seed"] = self.deal.seed
        else:
            kwargs["hands"] = self.deal.hands
        if self.match is not None:
            kwargs["match"] = self.match
        return kwargs


# -- what differs between families of games ---------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Family:
    """How a family of games writes its seating, match and result.

    Attributes:
        dealer: the record names the players and the dealer, and the seat
            after the dealer leads (the Agram family, F3, F4, F8); else it
            names the first leader at a table of fixed size (Agency, A14).
        chooser: a later hand's match record names the team that chose its
            leader (Agency, A14).
        teams: the result names a team, or ``-`` for a void hand (Agency,
            A13); else the winning seat (F2).
    """

    dealer: bool
    chooser: bool
    teams: bool

    def seating_arguments(self, seating: Seating) -> dict[str, int | None]:
        """The seating as ``TrickGame.deal`` takes it."""
        if self.dealer:
            return {"players": seating.players, "dealer": seating.dealer}
        return {"first_leader": seating.first_leader}

    def write_seating(self, seating: Seating) -> list[str]:
        if self.dealer:
            return [f"p{seating.players}", f"d{seating.dealer}"]
        return [f"f{seating.first_leader}"]


_FAMILIES: dict[Family, _Family] = {
    Family.LAST_TRICK: _Family(dealer=True, chooser=False, teams=False),
    Family.AGENCY: _Family(dealer=False, chooser=True, teams=True),
}
"""Each family of games (``TrickGame.family``) and how its records differ."""


# -- writing ----------------------------------------------------------------------


def write_record(hand: Hand, provenance: Sealed | None = None) -> str:
    """The canonical record of ``hand``: the one spelling ``read_record``
    reads back to it (docs/notation.md, "Canonical form").

    Args:
        hand: any hand the rules core built.
        provenance: a sealed hand's provenance; when it has a nonce and the
            hand a seed, the record ends with the nonce and the commitment,
            so anyone can check the seed (CONTRACT: Records, Sealed states).
            The caller gives it only once the hand is over.

    Returns:
        One line, without a line break.
    """
    game = hand.game
    family = _FAMILIES[game.family]
    parts = [f"{game.id}/{RULES_VERSION}"]
    parts += [f"{spec.name}={_value(hand.options[spec.name])}" for spec in game.options
              if not _same(hand.options[spec.name], spec.default)]
    parts += family.write_seating(hand.seating)
    if not _first_hand(hand.match):
        match = hand.match
        chooser = "" if match.chooser is None else f":{match.chooser}"
        parts.append(f"#{match.hand}:{','.join(map(str, match.previous))}{chooser}")
    if hand.seed is not None:
        parts.append(f"s{hand.seed}")
    else:
        parts.append("/".join("".join(card.code for card in cards) for cards in hand.deal_hands))
    tricks = [trick.plays for trick in hand.tricks] + ([hand.plays] if hand.plays else [])
    timed, ply, written = frozenset(hand.timeouts), 0, []
    for plays in tricks:
        codes = []
        for play in plays:
            ply += 1
            codes.append(_play_code(play) + (TIMEOUT_MARK if ply in timed else ""))
        written.append("".join(codes))
    parts += written
    if hand.hand_over:
        parts.append("=" + ("-" if hand.winner is None else str(hand.winner)))
    nonce = None if provenance is None else provenance.nonce
    if nonce is not None and hand.seed is not None:
        parts += [f"n{nonce.hex()}", f"c{commitment(nonce, hand.seed)}"]
    return " ".join(parts)


def _value(value: OptionValue) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _same(value: Any, default: Any) -> bool:
    """Whether an option has its default (``True`` is not the integer 1)."""
    return type(value) is type(default) and value == default


def _first_hand(match: MatchRecord) -> bool:
    """A match's first hand: number 1, nothing tallied, nobody chose."""
    return match.hand == 1 and not any(match.previous) and match.chooser is None


def _play_code(play: Play) -> str:
    """A play as a record writes it: the card's code; a Wall with its holder (A5)."""
    return f"W{play.holder}" if play.card.is_wall else play.card.code


# -- reading ----------------------------------------------------------------------


def read_record(text: str, *, game: str | None = None) -> Record:
    """What a record line says, in the canonical or a lenient spelling
    (docs/notation.md). It checks the line alone: the grammar, the game and
    its rules version, its option names and values, the seating's ranges,
    the cards (each in the game's deck), and the commitment against the seed
    and nonce; the rules judge the rest (``replay_record``).

    Args:
        text: one line (a final line break is allowed).
        game: the game id the record must be of (the URL's), if any.

    Raises:
        RecordInvalid: ``record_invalid``, with ``position`` (the 0-based
            offset of the first character at fault) and a sentence saying
            what was expected there.
    """
    return _Reader(text, game).record()


def replay_record(record: Record) -> tuple[Hand, list[tuple[int, Event]], list[Score]]:
    """The hand a record replays to: its deal, then every play checked by
    the rules, exactly as ``replay`` plays the same deal and moves given
    apart (``replay_transcript``, one hand); then the stated result is
    compared with the hand's.

    Returns:
        What ``replay_transcript`` returns: the hand, every event with its
        hand's number (1), and the score.

    Raises:
        IllegalMove: the first illegal play (a play after the hand ended is
            ``hand_over``), with ``hand`` 1, ``index``, ``move`` and
            ``legal_moves`` as ``replay`` gives them, and ``position``, the
            play's offset.
        RulesRefusal, InvalidState: a deal the rules refuse (a duplicated
            card, a hand of the wrong size, a match record that cannot be,
            a leader of the wrong team), with ``hand`` 1 and ``position``:
            the offset of the match record when it is at fault, of the
            first leader for ``leader_not_from_losing_team``, else of the
            deal. ``invalid_state`` also when the stated result is not the
            hand's, at the result's offset.
    """
    return replay_records([record])


def read_records(lines: Sequence[str], *, game: str) -> list[Record]:
    """What each line of a match's records says (``read_record``), all of ``game``.

    Raises:
        RecordInvalid: ``record_invalid`` for the first line that cannot be
            read (or is of another game), with ``position`` on that line and
            ``record``, its index in ``lines`` (from 0).
    """
    records = []
    for index, line in enumerate(lines):
        try:
            records.append(read_record(line, game=game))
        except RecordInvalid as invalid:
            name_record(invalid, index)
            raise
    return records


def name_record(refusal: RefereeError, index: int) -> None:
    """Say in ``refusal`` that it is of a match's ``records[index]``: its
    ``detail`` begins with it and its ``record`` member is ``index`` (from 0)."""
    refusal.detail = f"records[{index}]: {refusal.detail}"
    refusal.extra["record"] = index


def replay_records(records: Sequence[Record]) -> tuple[Hand, list[tuple[int, Event]], list[Score]]:
    """The hands a match's records replay to, in order: exactly as
    ``replay`` plays the same hands given as a deal and moves and
    ``next_hands`` (``replay_transcript``), each later hand dealt after the
    one before it and judged as a next hand is (``TrickGame.deal`` with
    ``previous``: the hand before over, the match not, its seating, options
    and match record the ones the hand before gives, A14, F7); each
    record's stated result compared with its hand's.

    Returns:
        What ``replay_transcript`` returns: the last hand, every event with
        its hand's number (from 1), and each hand's score.

    Raises:
        IllegalMove, RulesRefusal, InvalidState: as ``replay_record`` says
            for one record, with ``hand`` the number of the record at fault
            (from 1) and ``position`` on its line: a later hand that does
            not follow the one before (``match_mismatch``) at its match
            record when that is what the hand before does not give (at its
            deal when its line has none: a first hand's record), else at
            its seating; ``hand_not_over`` and ``match_over`` at its match
            record (its deal when it has none).
    """
    game = GAMES[records[0].game]

    def played(number: int, hand: Hand) -> None:
        stated = records[number - 1].result
        if stated is not None and (not hand.hand_over or hand.winner != stated.winner):
            said, given = _result_words(game, stated.winner), _result_words(game, hand.winner)
            problem = f"the record's result is {said}, but the deal and the plays give {given if hand.hand_over else 'a hand still in play'}"
            wrong = InvalidState([problem])
            wrong.detail = f"The record's result does not follow from its deal and plays: {problem}"
            wrong.extra.update(hand=number, position=records[number - 1].where.parts[Part.RESULT])
            raise wrong

    hands = [(record.deal_arguments() if number == 0 else {**record.deal_arguments(), "match": record.match or game.first_match(record.seating)},
              record.plays) for number, record in enumerate(records)]
    timeouts = {(number, ply - 1) for number, record in enumerate(records, start=1) for ply in record.timeouts}
    try:
        return replay_transcript(game, hands, timeouts, played)
    except IllegalMove as refusal:
        refusal.extra["position"] = records[refusal.extra["hand"] - 1].where.plays[refusal.extra["index"]]
        raise
    except RefereeError as refusal:
        if "hand" in refusal.extra and "position" not in refusal.extra:  # not a deadline passed between hands
            record = records[refusal.extra["hand"] - 1]
            refusal.extra["position"] = record.where.parts[_deal_fault(game, record, refusal)]
        raise


def _deal_fault(game: Game, record: Record, refusal: RefereeError) -> Part:
    """The part a refused deal points to: the leader the chooser's team
    refuses (A14); for a later hand of a match's records that does not
    follow the hand before, its match record (its deal when it has none) or
    its seating (F7, and the options that stay); the match record when the
    rules refuse it; else the deal."""
    if refusal.code == "leader_not_from_losing_team":
        return Part.FIRST_LEADER
    if refusal.code in ("match_mismatch", "hand_not_over", "match_over"):
        stated = Part.MATCH if Part.MATCH in record.where.parts else Part.DEAL
        if refusal.code != "match_mismatch" or any(problem.startswith(MATCH_RECORD_NOT_FOLLOWING) for problem in refusal.extra["problems"]):
            return stated
        return Part.PLAYERS if _FAMILIES[game.family].dealer else Part.FIRST_LEADER
    if record.match is not None and game.match_problems(record.match, resolve_options(game.options, dict(record.options)), record.seating):
        return Part.MATCH
    return Part.DEAL


def _result_words(game: Game, winner: int | None) -> str:
    if _FAMILIES[game.family].teams:
        return "a void hand (=-)" if winner is None else f"team {winner} (={winner})"
    return f"seat {winner} (={winner})"


_SPELLINGS: dict[tuple[str, bool], dict[str, tuple[Card, int | None]]] = {}


def _spellings(game_id: str, walls: bool) -> dict[str, tuple[Card, int | None]]:
    """Every spelling the lenient form reads of a card of the game (its C3
    code in any case, ``T`` for 10), with ``None``; with ``walls``, also
    Agency's Wall plays ``W0`` to ``W3`` with their holder (A5). Made once."""
    key = (game_id, walls)
    table = _SPELLINGS.get(key)
    if table is None:
        table = {}
        for card in GAMES[game_id].deck:
            assert card.suit is not None
            for rank in ("10", "T") if card.rank == "10" else (card.rank,):
                for spelled in product(*({char.upper(), char.lower()} for char in rank + card.suit)):
                    table["".join(spelled)] = (card, None)
        if walls:
            for holder in range(4):
                table[f"W{holder}"] = table[f"w{holder}"] = (WALL, holder)
        _SPELLINGS[key] = table
    return table


_RANKS = {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "10", **{str(n): str(n) for n in range(1, 10)}}
"""A rank's first character -> its canonical rank (``T``: 10, C3); ``1``
may also begin ``10``."""
RANK_CHARS = {**_RANKS, **{key.lower(): value for key, value in _RANKS.items()}}
SUIT_CHARS = {suit: suit for suit in "SHDCMBV"} | {suit.lower(): suit for suit in "SHDCMBV"}
PLAY_START = frozenset(RANK_CHARS) | {"W", "w"}
"""Every character a card or a Wall play can begin with (any case)."""
SPACE = " \t"
TIMEOUT_MARK = "~"
"""After a play: the referee made it for a seat whose time ran out (``timeout``)."""
HEX = frozenset("0123456789abcdefABCDEF")
_GAME = re.compile(r"[A-Za-z-]*")
_WORD = re.compile(r"[A-Za-z0-9._-]*")
_OPTION = re.compile(r"([A-Za-z_]+)[ \t]*=")
_DIGITS = re.compile(r"-?[0-9]*")


class _Reader:
    """One pass over a record line, left to right, refusing at the first
    character that cannot be read."""

    def __init__(self, text: str, expected_game: str | None) -> None:
        self.text, self.expected_game, self.at = text, expected_game, 0
        self.parts: dict[Part, int] = {}

    # -- the line, part by part -----------------------------------------------

    def record(self) -> Record:
        text = self.text
        if len(text) > MAX_RECORD_CHARS:
            self.fail(f"a record of at most {MAX_RECORD_CHARS:,} characters", MAX_RECORD_CHARS)
        self.skip_space()
        game = self.header()
        family = _FAMILIES[game.family]
        options, option_at = self.options(game, family)
        seating = self.seating(game, family)
        match = None
        self.next_part(self.deal_words(game), required=True)
        if self.peek() == "#":
            match = self.match(game, family)
            self.next_part(self.deal_words(game), required=True)
        deal, hand_at = self.deal(game)
        cards: list[tuple[Card, int | None]] = []
        play_at: list[int] = []
        timeouts: list[int] = []
        result: Result | None = None
        proof: DealCommitment | None = None
        expected = "a play, the result (= and the winner), the nonce (n and 32 hex digits) or the end of the line"
        more = self.next_part(expected)
        if more and self.peek() in PLAY_START:
            cards, play_at, timeouts = self.plays(game)
            expected = expected.removeprefix("a play, ")
            more = self.next_part(expected)
        if more and self.peek() == "=":
            result = self.result(family, seating)
            expected = "the nonce (n and 32 hex digits) or the end of the line"
            more = self.next_part(expected)
        if more:
            proof = self.commitment(deal, expected)
            more = self.next_part("the end of the line")
        if more:
            self.fail("the end of the line")
        return Record(
            game=game.id, rules_version=RULES_VERSION, options=options, seating=seating, match=match, deal=deal,
            plays=_seat_plays(game, seating, cards), result=result, provenance=proof,
            where=Where(parts=dict(self.parts), options=option_at, hands=tuple(hand_at), plays=tuple(play_at)),
            timeouts=tuple(timeouts),
        )

    def header(self) -> Game:
        """``game "/" version``."""
        start = self.mark(Part.GAME)
        word = self.match_word(_GAME).lower()
        game = GAMES.get(word)
        if game is None:
            self.fail("a game id: " + _alternatives(list(GAMES)), start)
        if self.expected_game is not None and game.id != self.expected_game:
            self.fail(f"a record of {self.expected_game}, the game it is sent to (this is a record of {game.id})", start)
        if self.peek() != "/":
            self.fail(f'"/" and the rules version, as in {game.id}/{RULES_VERSION}')
        self.at += 1
        start = self.mark(Part.VERSION)
        if self.match_word(_WORD) != RULES_VERSION:
            self.fail(f"the rules version {RULES_VERSION}: this referee implements rules version {RULES_VERSION} only", start)
        return game

    def options(self, game: Game, family: _Family) -> tuple[tuple[tuple[str, OptionValue], ...], dict[str, int]]:
        """``*(sep option)``, up to the seating; only the options that differ
        from the defaults are kept, in the game's option order."""
        given: dict[str, OptionValue] = {}
        where: dict[str, int] = {}
        specs = {spec.name: spec for spec in game.options}
        expected = "an option (name=value) or " + self.seating_words(game, family)
        while self.next_part(expected, required=True):
            found = _OPTION.match(self.text, self.at)
            if found is None:
                break
            name = found.group(1).lower()
            if name not in specs:
                names = _alternatives(list(specs)) if specs else "none"
                self.fail(f"an option of {game.id} ({names}) or " + self.seating_words(game, family))
            if name in given:
                self.fail(f"each option once: {name} is already given")
            where[name] = self.at
            self.at = found.end()
            self.skip_space()
            given[name] = self.option_value(specs[name])
        options = tuple((spec.name, given[spec.name]) for spec in game.options
                        if spec.name in given and not _same(given[spec.name], spec.default))
        return options, {name: where[name] for name, _ in options}

    def option_value(self, spec: OptionSpec) -> OptionValue:
        start = self.at
        word = self.match_word(_WORD).lower()
        value: OptionValue
        if spec.type == "boolean":
            value = {"true": True, "false": False}.get(word)
            expected = "true or false"
        else:
            value = None if word == "null" else _integer(word)
            expected = f"an integer from {spec.minimum} to {spec.maximum}" + (", or null" if spec.nullable else "")
        if (value is None and word != "null") or not spec.accepts(value):
            self.fail(f"the value of {spec.name}: {expected}", start)
        return value

    def seating(self, game: Game, family: _Family) -> Seating:
        """``p`` players ``d`` dealer (the Agram family, F8, F3), or ``f``
        the first leader (Agency, A14)."""
        if not family.dealer:
            self.tag("f", Part.FIRST_LEADER, self.seating_words(game, family))
            leader = self.number(f"the first leader: a seat from 0 to {game.max_players - 1}", 0, game.max_players - 1)
            return Seating(game.max_players, leader)
        self.tag("p", Part.PLAYERS, self.seating_words(game, family))
        players = self.number(
            f"the number of players: {game.name} is played by {game.min_players} to {game.max_players} (RULINGS F8)",
            game.min_players, game.max_players)
        self.next_part(f"the dealer: d and a seat from 0 to {players - 1}", required=True)
        self.tag("d", Part.DEALER, f"the dealer: d and a seat from 0 to {players - 1}")
        dealer = self.number(f"the dealer: a seat from 0 to {players - 1}", 0, players - 1)
        return seating_of(players, dealer)

    def match(self, game: Game, family: _Family) -> MatchRecord | None:
        """``#`` hand ``:`` tally, and Agency's ``:`` chooser (A14, F7)."""
        self.mark(Part.MATCH)
        self.at += 1
        number = self.number(f"the hand's number in its match: 1 to {MAX_HANDS:,}", 1, MAX_HANDS)
        self.punctuation(":", "the tally before this hand, one number per " + ("team" if family.chooser else "seat"))
        tally = [self.signed("a tally: a whole number")]
        while self.lookahead(","):
            self.punctuation(",", "")
            tally.append(self.signed("a tally: a whole number"))
        chooser = None
        if self.lookahead(":"):
            if not family.chooser:
                self.skip_space()
                self.fail(f"the deal: {game.name}'s match record is its hand number and tally, with no chooser (A14 is Agency's)")
            self.punctuation(":", "")
            chooser = self.number("the team that chose this hand's leader: 0 or 1 (RULINGS A14)", 0, 1)
        record = MatchRecord(hand=number, previous=tuple(tally), chooser=chooser)
        return None if _first_hand(record) else record

    def deal(self, game: Game) -> tuple[Deal, list[int]]:
        """``s`` seed, or each seat's dealt cards, ``/`` between seats."""
        start = self.mark(Part.DEAL)
        char = self.peek()
        if char in ("s", "S"):
            self.at += 1
            return Deal(seed=self.number(f"the seed: a whole number from 0 to {SEED_MAX}", 0, SEED_MAX)), []
        if char not in PLAY_START:
            self.fail(self.deal_words(game), start)
        hands: list[tuple[Card, ...]] = []
        where: list[int] = []
        spellings = _spellings(game.id, walls=False)
        while True:
            where.append(self.at)
            cards: list[Card] = []
            while True:
                hit = self.known_card(spellings)
                if hit is None:
                    if cards and self.peek() not in PLAY_START:
                        break
                    self.refuse_dealt_card(game, len(hands))
                cards.append(hit[0])
            hands.append(tuple(cards))
            if not self.lookahead("/"):
                if self.peek() not in ("", " ", "\t", "\r", "\n"):
                    self.fail(f"a card of {game.id}, / and seat {len(hands)}'s dealt cards, or a space")
                return Deal(hands=tuple(hands)), where
            self.punctuation("/", "")
            if self.peek() not in PLAY_START:
                self.fail(f"seat {len(hands)}'s dealt cards")

    def plays(self, game: Game) -> tuple[list[tuple[Card, int | None]], list[int], list[int]]:
        """Every play in order, and the plies (from 1) of those marked as
        made on timeout (``~`` right after the play): tricks apart in the
        canonical form; any spaces (or none) between plays are read alike."""
        self.mark(Part.PLAYS)
        cards: list[tuple[Card, int | None]] = []
        where: list[int] = []
        timeouts: list[int] = []
        walls = game.walls is not None
        spellings = _spellings(game.id, walls=walls)
        text, end = self.text, len(self.text)
        while True:
            where.append(self.at)
            hit = self.known_card(spellings)
            if hit is None:
                self.refuse_card(game, walls=walls)
            cards.append(hit)
            if self.peek() == TIMEOUT_MARK:
                timeouts.append(len(cards))
                self.at += 1
            ahead = self.at
            while ahead < end and text[ahead] in SPACE:
                ahead += 1
            if ahead == end or text[ahead] not in PLAY_START:
                if ahead == self.at and self.peek() not in ("", "\r", "\n"):
                    self.fail(f"a card of {game.id}, or a space and the result (= and the winner)")
                return cards, where, timeouts
            self.at = ahead

    def result(self, family: _Family, seating: Seating) -> Result:
        """``=`` and the winner: a seat (F2), or Agency's team or ``-`` (A13)."""
        self.mark(Part.RESULT)
        self.at += 1
        if family.teams:
            if self.peek() == "-":
                self.at += 1
                return Result(None)
            return Result(self.number("the winning team: 0 or 1, or - for a void hand (RULINGS A13)", 0, 1))
        return Result(self.number(f"the winning seat: 0 to {seating.players - 1}", 0, seating.players - 1))

    def commitment(self, deal: Deal, expected: str) -> DealCommitment:
        """``n`` nonce ``c`` commitment, checked against the seed; anything
        else here is refused as not ``expected``."""
        start = self.at
        if self.peek() not in ("n", "N"):
            self.fail(expected)
        if deal.seed is None:
            self.fail("the end of the line: a nonce and a commitment go with a deal from a seed (CONTRACT: Sealed states)", start)
        self.mark(Part.NONCE)
        self.at += 1
        nonce = bytes.fromhex(self.hex(NONCE_HEX, "the nonce: 32 hex digits"))
        self.next_part("the commitment: c and 64 hex digits", required=True)
        self.tag("c", Part.COMMITMENT, "the commitment: c and 64 hex digits")
        digits_at = self.at
        digest = self.hex(COMMITMENT_HEX, "the commitment: 64 hex digits").lower()
        if digest != commitment(nonce, deal.seed):
            self.fail("the commitment of this seed and nonce: the SHA-256 of the nonce followed by the seed as "
                      "8 bytes big-endian (CONTRACT: Sealed states)", digits_at)
        return DealCommitment(nonce, digest)

    # -- cards ----------------------------------------------------------------

    def refuse_dealt_card(self, game: Game, seat: int) -> NoReturn:
        if game.walls is not None and self.peek() in ("W", "w"):
            self.fail(f"a suited card of seat {seat}: a deal lists each seat's {game.hand_size} suited cards, "
                      "and the Walls are laid out as RULINGS A5 says")
        self.refuse_card(game, walls=False)

    def known_card(self, spellings: Mapping[str, tuple[Card, int | None]]) -> tuple[Card, int | None] | None:
        """The card (and a Wall's holder) spelled here, if it is one of the
        game's, read past: three characters (a ten) or two."""
        text, at = self.text, self.at
        three = text[at:at + 3]
        hit = spellings.get(three)
        if hit is not None:
            self.at = at + len(three)  # two at the end of the line
            return hit
        hit = spellings.get(text[at:at + 2])
        if hit is not None:
            self.at = at + 2
        return hit

    def refuse_card(self, game: Game, walls: bool) -> NoReturn:
        """Why no card of the game is spelled here: a card code (C3; ``T``
        or lower case allowed) needs a rank, then a suit, of a card in the
        game's deck; Agency's Wall play, ``W`` and its holder (A5)."""
        text, start = self.text, self.at
        char = self.peek()
        if char in ("W", "w"):
            if not walls:
                self.fail(f"a card of {game.id}: the Wall is Agency's (RULINGS A1)")
            self.at += 1
            self.fail("the holder the Wall is taken from: 0 to 3, as in W0 (RULINGS A5)")
        if text.startswith("10", start):
            rank, self.at = "10", start + 2
        elif char in RANK_CHARS:
            rank, self.at = RANK_CHARS[char], start + 1
        else:
            self.fail(f"a card of {game.id}: rank then suit, as in {game.deck[1].code}")
        suit = SUIT_CHARS.get(self.peek())
        if suit is None:
            suits = dict.fromkeys(card.suit for card in game.deck if card.suit is not None)
            self.fail(f"the suit of a card of {game.id}: {_alternatives(list(suits))}")
        self.fail(f"a card of {game.id}'s deck ({rank + suit} is not one, RULINGS {'A1' if game.walls is not None else 'F2'})", start)

    # -- small pieces -----------------------------------------------------------

    def fail(self, expected: str, at: int | None = None) -> NoReturn:
        position = self.at if at is None else at
        raise RecordInvalid(position, f"The record cannot be read at character {position}: expected {expected}, "
                                      f"found {_found(self.text, position)}")

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def mark(self, part: Part) -> int:
        self.parts[part] = self.at
        return self.at

    def skip_space(self) -> bool:
        start = self.at
        text = self.text
        while self.at < len(text) and text[self.at] in SPACE:
            self.at += 1
        return self.at > start

    def at_end(self) -> bool:
        rest = self.text[self.at:]
        return rest in ("", "\n", "\r\n")

    def next_part(self, expected: str, required: bool = False) -> bool:
        """Past the space before the next part: whether there is one (a
        required part refuses the end of the line, naming ``expected``)."""
        spaced = self.skip_space()
        if self.at_end():
            if required:
                self.fail(expected)
            return False
        if not spaced:
            self.fail("a space, then " + expected)
        return True

    def tag(self, letter: str, part: Part, expected: str) -> None:
        if self.peek() not in (letter, letter.upper()):
            self.fail(expected)
        self.mark(part)
        self.at += 1

    def lookahead(self, char: str) -> bool:
        """Whether ``char`` comes next, after any spaces (a lenient spelling)."""
        ahead = self.at
        while ahead < len(self.text) and self.text[ahead] in SPACE:
            ahead += 1
        return self.text[ahead:ahead + 1] == char

    def punctuation(self, char: str, expected: str) -> None:
        """``char`` with any spaces around it, then something: ``expected``."""
        self.skip_space()
        if self.peek() != char:
            self.fail(f'"{char}" and ' + expected)
        self.at += 1
        self.skip_space()

    def match_word(self, pattern: re.Pattern[str]) -> str:
        found = pattern.match(self.text, self.at)
        assert found is not None  # every pattern here matches the empty string
        self.at = found.end()
        return found.group()

    def number(self, expected: str, low: int, high: int) -> int:
        """A whole number in ``low .. high`` (no sign, no leading zero)."""
        start = self.at
        word = self.match_word(_DIGITS)
        value = _integer(word)
        if value is None or value < 0 or not low <= value <= high:
            self.fail(expected + (", written without leading zeros" if word[1:2].isdigit() and word[0] == "0" else ""), start)
        return value

    def signed(self, expected: str) -> int:
        start = self.at
        value = _integer(self.match_word(_DIGITS))
        if value is None:
            self.fail(expected, start)
        return value

    def hex(self, count: int, expected: str) -> str:
        text, start = self.text, self.at
        end = start
        while end < len(text) and end - start < count and text[end] in HEX:
            end += 1
        self.at = end
        if end - start < count:
            self.fail(expected)
        return text[start:end]

    # -- what is expected, in words ----------------------------------------------

    @staticmethod
    def seating_words(game: Game, family: _Family) -> str:
        if family.dealer:
            return f"the number of players: p and {game.min_players} to {game.max_players}"
        return f"the first leader: f and a seat from 0 to {game.max_players - 1}"

    @staticmethod
    def deal_words(game: Game) -> str:
        return (f"the deal: s and a seed, or each seat's {game.hand_size} dealt cards, seat 0 first, / between seats"
                + ("" if game.walls is None else " (suited cards only)"))


def _integer(word: str) -> int | None:
    """A number as a record writes it: digits, a ``-`` only before a
    number above 0, no leading zero, at most ``NUMBER_DIGITS`` digits."""
    digits = word[1:] if word.startswith("-") else word
    if not digits or len(digits) > NUMBER_DIGITS or not digits.isascii() or not digits.isdigit():
        return None
    if (len(digits) > 1 and digits[0] == "0") or word == "-0":
        return None
    return int(word)


def _alternatives(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _found(text: str, position: int) -> str:
    """What stands at ``position``, for a refusal's sentence: at most a dozen
    characters of the line, printable ASCII only, never the whole input."""
    if position >= len(text):
        return "the end of the line"
    char = text[position]
    if char in "\r\n":
        return "a line break (a record is one line)"
    if char == " ":
        return "a space"
    if not ("!" <= char <= "~"):
        return f"the character U+{ord(char):04X}"
    end = position
    while end < len(text) and end - position < 12 and "!" <= text[end] <= "~":
        end += 1
    more = "..." if end < len(text) and "!" <= text[end] <= "~" else ""
    return f'"{text[position:end]}{more}"'


def _seat_plays(game: Game, seating: Seating, cards: Sequence[tuple[Card, int | None]]) -> tuple[Play, ...]:
    """The plays with their seats: each trick's seats in turn from its leader
    (C1), the winner of each trick leading the next (C2, A11, F1; a trick of
    Walls alone, which the rules never let be, keeps its leader)."""
    plays: list[Play] = []
    leader, trick = seating.first_leader, list[Play]()
    for card, holder in cards:
        play = Play((leader + len(trick)) % seating.players, card, holder)
        plays.append(play)
        trick.append(play)
        if len(trick) == seating.players:
            best = winning_play(trick, game.strength, game.trump)
            leader = leader if best is None else best.seat
            trick = []
    return tuple(plays)
