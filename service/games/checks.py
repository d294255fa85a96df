"""The checks of a state: each finds the problems ``invalid_state`` lists, as sentences.

Each function returns every problem it finds (a list of sentences, empty
when there is none), so a state's check reports all that is wrong at once
(``InvalidState``); the rules modules and ``TrickGame.build`` call them.
They take plain values (cards, seats, records, a game's ``DeckFacts``) and
call nothing of a game's, so a check never calls back into the rules that
asked for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, codes_text, duplicates, marks
from ..errors import STATE, InvalidState, RulesRefusal, counted
from ..tricks import Play, Trick
from .records import MatchRecord


@dataclass(frozen=True, slots=True)
class DeckFacts:
    """What the checks read of a game, as plain values (``TrickGame.facts``).

    Attributes:
        game: the game id, as sentences name the game.
        cards: every card of its deck, in the order seeds shuffle.
        marks: 1 at each of its cards' ``Card.number``, else 0.
        hand_size: the cards dealt to each seat.
        max_players: the most seats at a table (the most plays in a trick).
    """

    game: str
    cards: tuple[Card, ...]
    marks: tuple[int, ...]
    hand_size: int
    max_players: int


def deal_record_problems(seed: int | None, hands: Sequence[Sequence[Card]], seed_hands: Sequence[Sequence[Card]] | None,
                         undealt: Sequence[Card] | None, derived_undealt: Sequence[Card], seed_text: str | None = None) -> list[str]:
    """Problems with a state's deal record: dealt ``hands`` that are not
    ``seed_hands``, the deal of its ``seed`` (``None``: not compared),
    ``undealt`` cards (``None``: not sent) other than those the deal leaves,
    and a ``seed_text`` (``None``: not sent) that is not the seed written in
    decimal (CONTRACT: Seeds in JavaScript)."""
    problems = []
    if seed_text is not None and seed is None:
        problems.append(f"deal.seed_text {seed_text!r} is given for a deal with no seed (deal.seed is null)")
    elif seed_text is not None and seed_text != str(seed):
        problems.append(f"deal.seed_text {seed_text!r} is not deal.seed {seed} written in decimal "
                        "(a client whose numbers are doubles rounds a seed of 2^53 or more: send the state back as it was answered)")
    if seed_hands is not None and [list(hand) for hand in hands] != [list(hand) for hand in seed_hands]:
        problems.append(f"deal.hands are not the deal of seed {seed}")
    if undealt is not None:
        problems += mismatch("deal.undealt", tuple(undealt), tuple(derived_undealt), codes_text)
    return problems


def dealt_hands_problems(deck: DeckFacts, hands: Sequence[Sequence[Card]], seats: int, where: str = "hands") -> list[str]:
    """Problems with dealt hands: seat count, hand sizes, cards not in the deck,
    repeats; each names the hands by ``where`` (a ``deal`` request's ``hands``,
    a state's ``deal.hands``)."""
    dealt = [card for hand in hands for card in hand]
    in_deck = deck.marks
    if (len(hands) == seats and all(len(hand) == deck.hand_size for hand in hands)
            and sum(marks(dealt)) == len(dealt) and all([in_deck[card.number] for card in dealt])):
        return []  # the common case, the same work whatever the cards; the sentences below name what is wrong
    problems = []
    if len(hands) != seats:
        problems.append(f"{where} lists {len(hands)} seats; this hand has {seats}")
    for seat, hand in enumerate(hands):
        if len(hand) != deck.hand_size:
            problems.append(f"{where}[{seat}] has {counted(len(hand), 'card')}; {deck.game} deals {deck.hand_size} to each seat")
        problems += card_problems(f"{where}[{seat}]", hand, deck)
    return problems + duplicate_problems(where, dealt)


def card_problems(where: str, cards: Sequence[Card], deck: DeckFacts) -> list[str]:
    """Problems with one list of cards: each card not in the game's deck, once."""
    in_deck = deck.marks
    return [f"{where}: {card} is not in the {deck.game} deck" for card in dict.fromkeys(cards) if not in_deck[card.number]]


def duplicate_problems(where: str, cards: Sequence[Card]) -> list[str]:
    """One problem naming every card that appears more than once in ``cards``.

    Walls are alike by nature (RULINGS A1): their number is checked elsewhere.
    """
    repeated = [card for card in duplicates(list(cards)) if not card.is_wall]
    if not repeated:
        return []
    verb = "appears" if len(repeated) == 1 else "appear"
    return [f"{where}: {codes_text(repeated)} {verb} more than once; every card is unique"]


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


def claimed_trick_problems(where: str, claimed: Trick, done: Trick) -> list[str]:
    """Problems with a completed trick as a state claims it (``claimed``,
    at ``where``): a winner, winning card or points other than the rules
    give (``done``; RULINGS A3, A11, F1). A member not sent is not compared."""
    problems = []
    if claimed.winner is not None and claimed.winner != done.winner:
        problems.append(f"{where}.winner is {claimed.winner} but seat {done.winner} won it with {done.card}")
    if claimed.card is not None and claimed.card != done.card:
        problems.append(f"{where}.card is {claimed.card} but the winning card is {done.card}")
    if claimed.points is not None and claimed.points != done.points:
        problems.append(f"{where}.points is {claimed.points} but the trick holds {done.points} points")
    return problems


def hands_problems(claimed: Sequence[Sequence[Card]], derived: Sequence[Sequence[Card]], name: str = "hands") -> list[str]:
    """Problems with card lists the client sent (``hands``, ``holders``):
    repeats, wrong sizes, and any difference from what the rules derive."""
    if len(claimed) != len(derived):
        return [f"{name} lists {len(claimed)} entries; there are {len(derived)}"]
    if all([tuple(theirs) == tuple(mine) for mine, theirs in zip(derived, claimed)]):
        return []  # the rules' own cards (no card twice, each list its size): the common case
    problems = duplicate_problems(name, [card for cards in claimed for card in cards])
    for index, (mine, theirs) in enumerate(zip(derived, claimed, strict=True)):
        where = f"{name}[{index}]"
        if len(mine) != len(theirs):
            problems.append(f"{where} has {counted(len(theirs), 'card')} but should have {len(mine)}: {codes_text(mine)}")
        else:
            problems += mismatch(where, tuple(theirs), tuple(mine), codes_text)
    return problems


def tally_problems(
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
    can tell (a signed or sealed state is the full guarantee, docs/holding.md).

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


def trick_shape_problems(deck: DeckFacts, plays: Sequence[Play], seats: int | None) -> list[str]:
    """Problems shared by every game's ``trick_winner``: sizes, repeats and
    the order of play.

    Args:
        deck: what the checks read of the game.
        plays: the plays, in order.
        seats: the table's size when it is fixed (Agency); ``None`` when it
            is not known (the Agram family), where the seats must still go up
            one at a time, wrapping round to seat 0.
    """
    problems = []
    if len(plays) > deck.max_players:
        problems.append(f"{len(plays)} plays; a trick has at most {deck.max_players}")
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


def timeout_problems(timeouts: Sequence[int], plays: int) -> list[str]:
    """Why a record's timeout marks cannot be: each is the ply (from 1) of
    one of its ``plays`` plays, in increasing order (CONTRACT: clocks)."""
    if all(0 < ply <= plays for ply in timeouts) and all(a < b for a, b in zip(timeouts, timeouts[1:])):
        return []
    return [f"timeouts: {list(timeouts)} are not the plies (from 1, in increasing order) of plays of this hand, "
            f"which has {plays} play{'s' if plays != 1 else ''}"]


def raise_problems(problems: list[str], what: str = STATE) -> None:
    """Raise ``InvalidState`` listing ``problems``, if any; ``what`` is what
    breaks the invariants (a deal's cards are not a state)."""
    if problems:
        raise InvalidState(problems, what)


def refuse_seat(seat: int, players: int, what: str) -> None:
    """Refuse a seat number outside ``0 .. players - 1`` (RULINGS C1).

    Raises:
        RulesRefusal: code ``seat_out_of_range``.
    """
    if not 0 <= seat < players:
        raise RulesRefusal("seat_out_of_range", f"{what} {seat} is not a seat: seats are 0 to {players - 1} (RULINGS C1)")
