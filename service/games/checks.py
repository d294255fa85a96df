"""The checks of a state: each finds the problems ``invalid_state`` lists, as sentences.

Each function returns every problem it finds (a list of sentences, empty
when there is none), so a state's check reports all that is wrong at once
(``InvalidState``); the rules modules and ``TrickGame.restore`` call them.
They read a game only through :class:`DeckFacts`, so this module does not
depend on the game protocol that calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..cards import Card, codes, duplicates, marks, shuffled
from ..errors import STATE, InvalidState, counted
from ..tricks import Play
from .records import MatchRecord, RawState, Seating


class DeckFacts(Protocol):
    """What the checks read of a game (``TrickGame`` meets it)."""

    @property
    def id(self) -> str:
        """The game id, as sentences name the game."""

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card, in the order seeds shuffle."""

    @property
    def deck_set(self) -> frozenset[Card]:
        """The deck as a set."""

    @property
    def deck_marks(self) -> list[int]:
        """The deck as ``marks``: 1 at each of its cards' ``Card.number``."""

    @property
    def hand_size(self) -> int:
        """The cards dealt to each seat."""

    @property
    def max_players(self) -> int:
        """The most seats at a table (the most plays in a trick)."""

    def deal_deck(self, deck: Sequence[Card], seating: Seating) -> list[list[Card]]:
        """The seats' dealt cards from a deck order (RULINGS A7, F3)."""


def deal_record_problems(game: DeckFacts, raw: RawState, derived_undealt: tuple[Card, ...]) -> list[str]:
    """Problems with a state's deal record: hands that are not its seed's
    deal, and undealt cards other than those the deal leaves."""
    problems = []
    if raw.seed is not None and [list(hand) for hand in raw.deal_hands] != game.deal_deck(shuffled(game.deck, raw.seed), raw.seating):
        problems.append(f"deal.hands are not the deal of seed {raw.seed}")
    if raw.undealt is not None:
        problems += mismatch("deal.undealt", tuple(raw.undealt), derived_undealt, codes)
    return problems


def dealt_hands_problems(game: DeckFacts, hands: Sequence[Sequence[Card]], seats: int) -> list[str]:
    """Problems with dealt hands: seat count, hand sizes, cards not in the deck, repeats."""
    dealt = [card for hand in hands for card in hand]
    in_deck = game.deck_marks
    if (len(hands) == seats and all(len(hand) == game.hand_size for hand in hands)
            and sum(marks(dealt)) == len(dealt) and all(in_deck[card.number] for card in dealt)):
        return []  # the common case, the same work whatever the cards; the sentences below name what is wrong
    problems = []
    if len(hands) != seats:
        problems.append(f"hands lists {len(hands)} seats; this hand has {seats}")
    for seat, hand in enumerate(hands):
        if len(hand) != game.hand_size:
            problems.append(f"hands[{seat}] has {counted(len(hand), 'card')}; {game.id} deals {game.hand_size} to each seat")
        problems += card_problems(f"hands[{seat}]", hand, game)
    return problems + duplicate_problems("hands", dealt)


def card_problems(where: str, cards: Sequence[Card], game: DeckFacts) -> list[str]:
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
            problems.append(f"{where} has {counted(len(theirs), 'card')} but should have {len(mine)}: {codes(mine)}")
        else:
            problems += mismatch(where, tuple(theirs), tuple(mine), codes)
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


def trick_shape_problems(game: DeckFacts, plays: Sequence[Play], seats: int | None) -> list[str]:
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


def raise_problems(problems: list[str], what: str = STATE) -> None:
    """Raise ``InvalidState`` listing ``problems``, if any; ``what`` is what
    breaks the invariants (a deal's cards are not a state)."""
    if problems:
        raise InvalidState(problems, what)
