"""What both game modules share: options, refusals and replaying a history.

A state the referee returns carries its deal and every play since. When a
client sends a state back, the game rebuilds it by replaying those plays from
the deal with the same rules that judge a live move (one source of legality),
then compares every derived field the client sent with what the rules derive.
Each mismatch is a problem; all problems are reported at once
(``invalid_state``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..cards import SEED_MAX, Card, codes, duplicates, shuffled
from ..errors import IllegalMove, InvalidState, RefereeError, RulesRefusal, UnsupportedVersion
from ..tricks import Play, Trick

RULES_VERSION = "1"
"""Version of the rules as implemented. A seed gives the same deal for as long
as this does not change."""

STATE_SCHEMA_VERSION = 1
"""Version of the serialized state's shape."""


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


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """``given`` completed with each option's default, in spec order.

    The schema has already refused unknown names and wrong types.
    """
    given = given or {}
    return {spec.name: given.get(spec.name, spec.default) for spec in specs}


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


def match_problems(
    match: MatchRecord,
    entries: int,
    target: int | None,
    what: str,
    *,
    total: tuple[int, int],
    non_negative: bool = True,
    step: int = 1,
) -> list[str]:
    """Problems with a match record a client sent, as far as the tally alone
    can tell (a signed state is the full guarantee, README: Signed states).

    Args:
        match: the record.
        entries: how many tallies (seats or teams).
        target: the target that ends the match, if any.
        what: ``"seats"`` or ``"teams"``, for messages.
        total: the smallest and largest sum the earlier hands can give.
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
    low, high = total
    if not low <= sum(previous) <= high:
        earlier = match.hand - 1
        problems.append(
            f"match.previous adds up to {sum(previous)}, which {earlier} earlier hand(s) cannot give "
            f"(from {low} to {high})"
        )
    return problems


def refuse_next_hand(hand_over: bool, status: Mapping[str, Any]) -> None:
    """Refuse to deal after a hand that is not over, or after the match's end.

    Raises:
        RulesRefusal: ``hand_not_over`` or ``match_over`` (RULINGS A14, F7).
    """
    if not hand_over:
        raise RulesRefusal("hand_not_over", "previous is a hand still in play: finish it before dealing the next")
    if status["over"]:
        raise RulesRefusal(
            "match_over",
            f"The match is over (target {status['target']} reached, winner {status['winner']}); deal a new match without previous",
            match=dict(status),
        )


def refuse_mismatches(mismatches: list[str]) -> None:
    """Refuse a next-hand deal that contradicts its match.

    Raises:
        RulesRefusal: ``match_mismatch``, naming each difference.
    """
    if mismatches:
        raise RulesRefusal("match_mismatch", "This deal does not continue the match: " + "; ".join(mismatches), problems=mismatches)


def match_events(status: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A ``match_over`` event when the hand just played ended the match."""
    if not status["over"]:
        return []
    return [{"type": "match_over", "winner": status["winner"], "tally": status["tally"]}]


@dataclass(frozen=True, kw_only=True)
class RawState:
    """A state as a client sent it, before it is checked: its canonical part
    (options, deal, plays, match record), plus in ``claimed`` and
    ``claimed_match`` only the derived fields the client included. Each game
    adds its seating (players and dealer, or the first leader)."""

    options: Mapping[str, Any]
    seed: int | None
    deal_hands: Sequence[Sequence[Card]]
    undealt: Sequence[Card] | None
    tricks: Sequence[Trick]
    trick: Trick | None
    match: MatchRecord | None = None
    claimed: Mapping[str, Any] = field(default_factory=dict)
    claimed_match: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is not legal now: a contract ``code`` and a ``detail`` sentence."""

    code: str
    detail: str


class Table(Protocol):
    """A mutable working copy of one hand, private to a game module.

    ``refusal`` and ``apply`` are the single source of legality: ``play``,
    ``legal_moves`` and ``restore`` all go through them.
    """

    leader: int
    plays: list[Play]
    tricks: list[Trick]

    def refusal(self, move: Play) -> Refusal | None: ...

    def apply(self, move: Play) -> list[dict[str, Any]]: ...

    def is_over(self) -> bool: ...

    def candidates(self) -> list[Play]: ...


def legal(table: Table) -> list[Play]:
    """Every move the seat to act may make now (none when the hand is over)."""
    return [move for move in table.candidates() if table.refusal(move) is None]


def checked_apply(table: Table, move: Play, dump_move) -> list[dict[str, Any]]:
    """Apply ``move`` or raise ``IllegalMove`` with the legal moves.

    Raises:
        IllegalMove: the move breaks a rule; nothing is applied.
    """
    refusal = table.refusal(move)
    if refusal is not None:
        raise IllegalMove(refusal.code, refusal.detail, legal_moves=[dump_move(m) for m in legal(table)])
    return table.apply(move)


def replay(table: Table, tricks: Sequence[Trick], trick: Trick | None, players: int, problems: list[str]) -> bool:
    """Replay a history into ``table``, appending a problem for what does not fit.

    Args:
        table: the hand just after the deal.
        tricks: the completed tricks the state claims, with their winners.
        trick: the trick in progress the state claims (``None``: none).
        players: how many plays complete a trick.
        problems: where problems are appended; replay stops at the first
            illegal play, since nothing after it can be judged.

    Returns:
        Whether the whole history was replayed (so the derived fields can be
        compared with what it leads to).
    """
    for index, claimed in enumerate(tricks):
        where = f"tricks[{index}]"
        if not _replay_plays(table, claimed, where, problems):
            return False
        if len(claimed.plays) != players:
            problems.append(f"{where} has {len(claimed.plays)} plays; a completed trick has {players}")
            return False
        done = table.tricks[index]
        if claimed.winner is not None and claimed.winner != done.winner:
            problems.append(f"{where}.winner is {claimed.winner} but seat {done.winner} won it with {done.card}")
        if claimed.card is not None and claimed.card != done.card:
            problems.append(f"{where}.card is {claimed.card} but the winning card is {done.card}")
        if claimed.points is not None and claimed.points != done.points:
            problems.append(f"{where}.points is {claimed.points} but the trick holds {done.points} points")
    if trick is None:
        return True
    if _ended(table):
        if trick.plays:
            problems.append("trick has plays but the hand was already over")
        elif trick.leader != table.leader:
            problems.append(f"trick.leader is {trick.leader} but seat {table.leader} won the last trick")
        return not trick.plays
    if not _replay_plays(table, trick, "trick", problems):
        return False
    if len(table.tricks) > len(tricks):
        problems.append(f"trick has {len(trick.plays)} plays: a trick of {players} plays is complete")
        return False
    return True


def has_legal_move(table: Table) -> bool:
    """Whether the seat to act has a legal move (RULINGS A12a: if not, the hand is over)."""
    return any(table.refusal(move) is None for move in table.candidates())


def _ended(table: Table) -> bool:
    """Whether the hand is over, A12a included (a seat to act with no legal play)."""
    return table.is_over() or not has_legal_move(table)


def _after_the_end(table: Table, what: str) -> str | None:
    """The problem for ``what`` when it came after an A12a end, else ``None``."""
    if has_legal_move(table):
        return None
    return f"{what} was played after the hand was over: the seat to act had no legal play (RULINGS A12a)"


def _replay_plays(table: Table, claimed: Trick, where: str, problems: list[str]) -> bool:
    """Replay one claimed trick. A12a is not asked after every play (it costs
    a legal-move search); only when something does not fit, to name it."""
    if table.is_over():
        problems.append(f"{where} was played after the hand was over")
        return False
    if claimed.leader != table.leader:
        problems.append(_after_the_end(table, where) or f"{where}.leader is {claimed.leader} but seat {table.leader} leads it")
        return False
    for position, play in enumerate(claimed.plays):
        refusal = table.refusal(play)
        if refusal is not None:
            what = f"{where}.plays[{position}]"
            problems.append(_after_the_end(table, what) or f"{what} is not legal: {refusal.detail}")
            return False
        table.apply(play)
    return True


def refuse_deck(deck: Sequence[Card], full: tuple[Card, ...], game: str) -> None:
    """Refuse a ``deck`` order that is not exactly the game's deck, reordered.

    Raises:
        InvalidState: listing every problem.
    """
    problems = card_problems("deck", deck, deck_set(full), game) + duplicate_problems("deck", deck)
    if not problems and len(deck) != len(full):
        problems.append(f"deck has {len(deck)} cards; the {game} deck has {len(full)}")
    raise_problems(problems)


def deal_hands(
    *,
    seed: int | None,
    deck: Sequence[Card] | None,
    hands: Sequence[Sequence[Card]] | None,
    full: tuple[Card, ...],
    deal_deck: Callable[[Sequence[Card]], list[list[Card]]],
    seats: int,
    hand_size: int,
    game: str,
) -> tuple[Sequence[Sequence[Card]], int | None]:
    """The dealt hands from exactly one source, and the seed used (if any).

    ``hands`` as given; else ``deck`` dealt by ``deal_deck``; else ``full``
    shuffled by ``seed`` (a random seed when none is given) and dealt.

    Raises:
        InvalidState: a deck or hands that are not the game's.
    """
    if hands is None:
        if deck is None:
            seed = secrets.randbelow(SEED_MAX + 1) if seed is None else seed
            deck = shuffled(full, seed)
        else:
            refuse_deck(deck, full, game)
        hands = deal_deck(deck)
    raise_problems(dealt_hands_problems(hands, seats, hand_size, deck_set(full), game))
    return hands, seed


def deal_record_problems(
    seed: int | None,
    hands: Sequence[Sequence[Card]],
    undealt: Sequence[Card] | None,
    derived_undealt: tuple[Card, ...],
    full: tuple[Card, ...],
    deal_deck: Callable[[Sequence[Card]], list[list[Card]]],
) -> list[str]:
    """Problems with a state's deal record: hands that are not its seed's
    deal, and undealt cards other than those the deal leaves."""
    problems = []
    if seed is not None and [list(hand) for hand in hands] != deal_deck(shuffled(full, seed)):
        problems.append(f"deal.hands are not the deal of seed {seed}")
    if undealt is not None:
        problems += mismatch("deal.undealt", tuple(undealt), derived_undealt, codes)
    return problems


def dealt_hands_problems(
    hands: Sequence[Sequence[Card]], seats: int, hand_size: int, deck: frozenset[Card], game: str
) -> list[str]:
    """Problems with dealt hands: seat count, hand sizes, cards not in the deck, repeats."""
    problems = []
    if len(hands) != seats:
        problems.append(f"hands lists {len(hands)} seats; this hand has {seats}")
    for seat, hand in enumerate(hands):
        if len(hand) != hand_size:
            problems.append(f"hands[{seat}] has {len(hand)} cards; {game} deals {hand_size} to each seat")
        problems += card_problems(f"hands[{seat}]", hand, deck, game)
    return problems + duplicate_problems("hands", [card for hand in hands for card in hand])


def card_problems(where: str, cards: Sequence[Card], deck: frozenset[Card], game: str) -> list[str]:
    """Problems with one list of cards: cards not in the game's deck."""
    return [f"{where}: {card} is not in the {game} deck" for card in cards if card not in deck]


def duplicate_problems(where: str, cards: Sequence[Card]) -> list[str]:
    """One problem naming every card that appears more than once in ``cards``.

    Walls are alike by nature (RULINGS A1): their number is checked elsewhere.
    """
    repeated = [card for card in duplicates(list(cards)) if not card.is_wall]
    if not repeated:
        return []
    verb = "appears" if len(repeated) == 1 else "appear"
    return [f"{where}: {codes(repeated)} {verb} more than once; every card is unique"]


def mismatch(field: str, claimed: Any, derived: Any, show=str) -> list[str]:
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
            problems += mismatch(prefix + name, claimed[name], value, _show)
    return problems


def hands_problems(claimed: Sequence[Sequence[Card]], derived: Sequence[Sequence[Card]], name: str = "hands") -> list[str]:
    """Problems with card lists the client sent (``hands``, ``holders``):
    repeats, wrong sizes, and any difference from what the rules derive."""
    if len(claimed) != len(derived):
        return [f"{name} lists {len(claimed)} entries; there are {len(derived)}"]
    problems = duplicate_problems(name, [card for cards in claimed for card in cards])
    for index, (mine, theirs) in enumerate(zip(derived, claimed)):
        where = f"{name}[{index}]"
        if len(mine) != len(theirs):
            problems.append(f"{where} has {len(theirs)} cards but should have {len(mine)}: {codes(mine)}")
        else:
            problems += mismatch(where, tuple(theirs), tuple(mine), codes)
    return problems


def trick_shape_problems(plays: Sequence[Play], max_plays: int, seats: int | None = None) -> list[str]:
    """Problems shared by every game's ``trick_winner``: sizes, repeats and
    the order of play.

    Args:
        plays: the plays, in order.
        max_plays: the most plays a trick can have.
        seats: the table's size when it is fixed (Agency); ``None`` when it
            is not known (the Agram family), where the seats must still go up
            one at a time, wrapping round to seat 0.
    """
    problems = []
    if len(plays) > max_plays:
        problems.append(f"{len(plays)} plays; a trick has at most {max_plays}")
    order = [play.seat for play in plays]
    if len(set(order)) != len(order):
        problems.append("a seat plays twice")
    elif any(b != (a + 1) % seats if seats else b not in (a + 1, 0) for a, b in zip(order, order[1:])):
        problems.append(f"seats {', '.join(map(str, order))} do not play in turn (RULINGS C1)")
    return problems + duplicate_problems("plays", [p.card for p in plays])


_STRENGTHS: dict[tuple[str, ...], dict[str, int]] = {}
_DECK_SETS: dict[tuple[Card, ...], frozenset[Card]] = {}


def strengths(order: tuple[str, ...]) -> dict[str, int]:
    """Rank -> strength for a rank order listed high to low (higher wins); cached."""
    if order not in _STRENGTHS:
        _STRENGTHS[order] = {rank: len(order) - index for index, rank in enumerate(order)}
    return _STRENGTHS[order]


def deck_set(deck: tuple[Card, ...]) -> frozenset[Card]:
    """The deck as a frozen set; cached."""
    if deck not in _DECK_SETS:
        _DECK_SETS[deck] = frozenset(deck)
    return _DECK_SETS[deck]


def _show(value: Any) -> str:
    return "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


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


def replay_transcript(game: Any, hands: Sequence[tuple[Mapping[str, Any], Sequence[Play]]]) -> tuple[Any, list[dict[str, Any]], list[dict[str, Any]]]:
    """Play a whole transcript: one or more hands of a match, each a deal and its moves.

    Args:
        game: a registry value.
        hands: ``(deal keyword arguments, moves)`` per hand, in order; each hand
            after the first is dealt with ``previous`` = the hand before it.

    Returns:
        ``(final state, every event in order, each hand's score)``; each event
        carries ``hand``, the hand's number in the transcript (from 1, like
        ``match.hand``).

    Raises:
        IllegalMove: the first illegal move, with ``hand`` (from 1) and
            ``index`` (its position in that hand's ``moves``, from 0) and the
            legal moves at that point.
        RulesRefusal, InvalidState: a deal that cannot be made, with ``hand``.
    """
    state = None
    events: list[dict[str, Any]] = []
    scores: list[dict[str, Any]] = []
    for hand, (deal, moves) in enumerate(hands, start=1):
        try:
            state = game.deal(**deal, **({"previous": state} if state is not None else {}))
        except RefereeError as refusal:
            refusal.detail = f"The deal of hand {hand}: {refusal.detail}"
            refusal.extra["hand"] = hand
            raise
        for index, move in enumerate(moves):
            try:
                state, happened = game.play(state, move)
            except IllegalMove as refusal:
                raise IllegalMove(
                    refusal.code,
                    f"moves[{index}] of hand {hand} (seat {move.seat} plays {move.card}) is illegal: {refusal.detail}",
                    hand=hand,
                    index=index,
                    move=game.dump_move(move),
                    **refusal.extra,
                ) from None
            events += [{**event, "hand": hand} for event in happened]
        scores.append(game.score(state))
    return state, events, scores
