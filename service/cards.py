"""Cards, card codes, decks and the seeded shuffle.

A card code is rank then suit, upper case: ``10S``, ``AH``, ``3C``, ``7V``;
Agency's Wall is ``W`` (RULINGS C3). Only canonical codes are accepted: there
are no aliases, so what a client sends is exactly what it gets back.

The seeded shuffle is part of the public contract (a seed must give the same
deal on any machine and in any later version of the same rules version), so it
is specified here precisely enough to reimplement in another language:

1. **Byte stream.** Block ``i`` (``i = 0, 1, 2, ...``) is
   ``SHA-256(seed as 8 bytes big-endian || i as 8 bytes big-endian)``; the
   stream is the blocks concatenated. The seed is an integer in
   ``0 .. 2**64 - 1``.
2. **Uniform integer below m.** Read the next 8 bytes of the stream as a
   big-endian unsigned integer ``x``. If ``x >= 2**64 - (2**64 mod m)``, discard
   it and read again; otherwise the result is ``x mod m``.
3. **Fisher-Yates.** Start from the game's deck in its listed order (``GET
   /v1/games/{game}``). For ``i`` from ``n - 1`` down to ``1``: draw
   ``j = uniform_below(i + 1)`` (step 2) and swap positions ``i`` and ``j``.

The shuffled order is then dealt exactly as a ``deck`` given in the request
(RULINGS A7, F3). Test vectors pin it in ``tests/test_rules_cards.py``.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

SEED_MAX = 2**64 - 1
"""The largest seed accepted (seeds are unsigned 64-bit integers)."""

WALL_CODE = "W"

_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1")
_SUITS = ("S", "H", "D", "C", "M", "B", "V")


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A playing card: ``rank`` (``"A"``, ``"10"``, ``"7"`` ...) and ``suit``.

    The Wall has rank ``"W"`` and suit ``None``. ``str(card)`` is its code and
    ``Card.parse(str(card)) == card``. Cards are interned: ``Card(rank, suit)``
    and ``parse`` return the same object for the same card, so equality and
    hashing are by identity (fast, and the same as by value).
    """

    rank: str
    suit: str | None
    code: str = field(init=False, repr=False)
    """The canonical code, e.g. ``"10S"`` or ``"W"`` (RULINGS C3)."""
    is_wall: bool = field(init=False, repr=False)
    """True for Agency's Wall card (RULINGS A1)."""
    number: int = field(init=False, repr=False, compare=False)
    """The card's place among every card there is, ``0 .. CARD_COUNT - 1``:
    work over a seat's cards can index lists by it instead of hashing cards
    into sets and dicts, whose probing differs with which cards they hold
    (a sealed token's answers must take the same time whatever its hidden cards)."""

    def __new__(cls, rank: str, suit: str | None) -> Card:
        known = _BY_CODE.get(rank if suit is None else rank + suit) if _BY_CODE else None
        return known if known is not None else object.__new__(cls)

    def __post_init__(self) -> None:
        # Worked out once per card (cards are interned): every dump reads them.
        object.__setattr__(self, "code", self.rank if self.suit is None else self.rank + self.suit)
        object.__setattr__(self, "is_wall", self.suit is None)
        if not hasattr(self, "number"):  # Card(rank, suit) of a known card is that card again
            object.__setattr__(self, "number", next(_NUMBERS))

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Card.parse, (self.code,))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    @staticmethod
    def parse(code: str) -> Card:
        """The card for a canonical code.

        Raises:
            ValueError: the code is not a canonical card code.
        """
        try:
            return _BY_CODE[code]
        except (KeyError, TypeError):
            raise ValueError(f"{code!r} is not a card code") from None


def _all_cards() -> dict[str, Card]:
    cards = {rank + suit: Card(rank, suit) for rank in _RANKS for suit in _SUITS}
    cards[WALL_CODE] = Card(WALL_CODE, None)
    return cards


_NUMBERS = itertools.count()
_BY_CODE: dict[str, Card] = {}
for _code, _card in _all_cards().items():  # filled after the class exists: Card() looks here first
    _BY_CODE[_code] = _card
CARD_COUNT = len(_BY_CODE)
"""How many cards there are (every rank of every suit, and the Wall): the length of a list indexed by ``Card.number``."""
WALL = _BY_CODE[WALL_CODE]

CARD_CODE_PATTERN = r"^(10|[2-9AKQJ1])[SHDCMBV]$|^W$"
"""Every code ``Card.parse`` accepts, as a regular expression (for the schema)."""


def marks(cards: Iterable[Card], value: int = 1) -> list[int]:
    """A list indexed by ``Card.number``: ``value`` at each of ``cards``, 0
    elsewhere. Where the cards are hidden from a caller (a sealed token's),
    looking them up here takes the same time whichever they are; a set or a
    dict of them would not quite (its probing differs with its contents)."""
    out = [0] * CARD_COUNT
    for card in cards:
        out[card.number] = value
    return out


def all_codes() -> frozenset[str]:
    """Every code ``Card.parse`` accepts."""
    return frozenset(_BY_CODE)


def cards(codes: str) -> tuple[Card, ...]:
    """Cards from space-separated codes, e.g. ``cards("AH 10S W")``."""
    return tuple(Card.parse(code) for code in codes.split())


def build_deck(suits: str, ranks_by_suit: dict[str, tuple[str, ...]]) -> tuple[Card, ...]:
    """A deck in listed order: suit by suit, each suit's ranks high to low."""
    return tuple(Card.parse(rank + suit) for suit in suits for rank in ranks_by_suit[suit])


def _stream(seed: int) -> Iterator[int]:
    block = 0
    while True:
        digest = hashlib.sha256(seed.to_bytes(8, "big") + block.to_bytes(8, "big")).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(digest[offset : offset + 8], "big")
        block += 1


def uniform_below(m: int, words: Iterator[int]) -> int:
    """A number in ``0 .. m - 1`` drawn from 64-bit words, as step 2 of the
    module docstring specifies: the first word ``x`` below
    ``2**64 - (2**64 mod m)`` gives ``x mod m``; each word at or above that
    bound is discarded and the next one read.

    Args:
        m: the number of outcomes, ``1 .. 2**64``.
        words: unsigned 64-bit integers; only the words used are consumed.

    Raises:
        ValueError: ``m`` is out of range.
        StopIteration: ``words`` ran out before a word was accepted.
    """
    if not 1 <= m <= 2**64:
        raise ValueError(f"m is an integer from 1 to 2**64, not {m}")
    limit = 2**64 - (2**64 % m)
    x = next(words)
    while x >= limit:
        x = next(words)
    return x % m


@lru_cache(maxsize=4096)
def shuffled(deck: tuple[Card, ...], seed: int) -> tuple[Card, ...]:
    """The deck shuffled by ``seed`` as the module docstring specifies.

    Args:
        deck: the game's deck in listed order.
        seed: an integer in ``0 .. SEED_MAX``.

    Raises:
        ValueError: the seed is out of range.
    """
    if not 0 <= seed <= SEED_MAX:
        raise ValueError(f"a seed is an integer from 0 to {SEED_MAX}")
    order = list(deck)
    words = _stream(seed)
    for i in range(len(order) - 1, 0, -1):
        j = uniform_below(i + 1, words)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def duplicates(cards_: list[Card]) -> list[Card]:
    """The cards that appear more than once, each listed once, in first-seen order."""
    seen: set[Card] = set()
    repeated: dict[Card, None] = {}
    for card in cards_:
        if card in seen:
            repeated[card] = None
        seen.add(card)
    return list(repeated)


def codes_text(cards_: Sequence[Card]) -> str:
    """Cards as a space-separated list of codes, for messages."""
    return " ".join(card.code for card in cards_) or "(none)"
