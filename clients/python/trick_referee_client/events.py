"""Events and cards in words: what ``play``, ``timeout`` and ``reseat`` answer in
``events``, each as the sentence a person reads, and a card's name as a
screen reader says it. The TypeScript client's ``eventSentence`` (and the
referee's table page) writes the same sentences, word for word::

    for event in played.events:
        print(event_sentence(event, "agram"))  # Seat 1 plays the 3 of diamonds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Protocol

__all__ = ["SUIT_NAMES", "Deck", "card_name", "event_sentence", "game_deck", "suit_name"]

Deck = Literal["agency", "french"]
"""Which deck a game uses: Agency's (RULINGS A1) or the Agram family's French cards (F1, F2)."""

SUIT_NAMES: dict[Deck, dict[str, str]] = {
    "french": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "agency": {"H": "Hats", "M": "Moustaches", "B": "Briefcases", "V": "Vans"},
}
"""Each deck's suits, by their letters, as a screen reader says them."""

_RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}


class _Event(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


def game_deck(game: str) -> Deck:
    """The deck of a game, by its id (``agency``: Agency's; every other game: French cards)."""
    return "agency" if game == "agency" else "french"


def suit_name(deck: Deck, letter: str) -> str:
    """A suit's name ("spades", "Vans") by its letter.

    Raises:
        ValueError: a letter the deck has not.
    """
    try:
        return SUIT_NAMES[deck][letter]
    except KeyError:
        raise ValueError(f"Not a suit of this deck: {letter}") from None


def card_name(deck: Deck, code: str, holder: int | None = None) -> str:
    """A card's name: "10 of spades", "ace of hearts", "5 of Hats", "Wall from
    holder 2" ("Wall" with no holder).

    Raises:
        ValueError: a code the deck has not.
    """
    if code == "W":
        return "Wall" if holder is None else f"Wall from holder {holder}"
    rank = code[:-1]
    return f"{_RANK_NAMES.get(rank, rank)} of {suit_name(deck, code[-1:])}"


def _joined(values: list[Any], between: str) -> str:
    return between.join(str(value) for value in values)


def event_sentence(event: _Event | Mapping[str, Any], game: str) -> str:
    """An event as a sentence: "Seat 1 plays the 3 of diamonds.", "Seat 2 wins
    trick 4 with the ace of spades.", "The hand is over: team 0 wins it.
    Points 32 to 20."

    Args:
        event: an event of a ``play``, ``timeout`` or ``reseat`` answer (a model of the
            client, such as ``AgramCardPlayed``, or its dict).
        game: the game's id; in Agency a winner is a team (A4), elsewhere a seat.

    Returns:
        The sentence; an event of a type this version does not know is its type.
    """
    fields = dict(event) if isinstance(event, Mapping) else event.to_dict()
    deck = game_deck(game)
    teams = deck == "agency"

    def side(winner: int | None) -> str:
        return "nobody (a void hand)" if winner is None else f"team {winner}" if teams else f"seat {winner}"

    def name(card: str | None, holder: int | None = None) -> str:
        return "?" if card is None else card_name(deck, str(card), holder)

    kind, card, holder = fields.get("type"), fields.get("card"), fields.get("holder")
    if kind == "card_played":
        played = f"the {name(card, holder)}{'' if holder is None or card == 'W' else f' from holder {holder}'}"
        if fields.get("timeout") is True:
            return f"Seat {fields.get('seat')}'s time ran out: the referee plays {played} for it."
        return f"Seat {fields.get('seat')} plays {played}."
    if kind == "trick_won":
        points = fields.get("points")
        scored = f" ({points} points)" if isinstance(points, int) and not isinstance(points, bool) else ""
        return f"Seat {fields.get('winner')} wins trick {fields.get('trick', '')} with the {name(card)}{scored}."
    if kind == "seat_reseated":
        return f"Seat {fields.get('seat')} has a new player: the match's host gave the seat a new credential."
    if kind == "trick_discarded":
        return "Nobody can play: the trick is discarded and the hand ends."
    if kind == "hand_over":
        parts = [f"The hand is over: {side(fields.get('winner'))} wins it."]
        if "team_points" in fields:
            parts.append(f"Points {_joined(fields['team_points'], ' to ')}.")
        if isinstance(fields.get("points"), int) and not isinstance(fields.get("points"), bool):
            parts.append(f"It scores {fields['points']}.")
        if fields.get("multiplier") is not None:
            parts.append(f"Multiplier ×{fields['multiplier']}.")
        if "payouts" in fields:
            parts.append(f"Payouts {_joined(fields['payouts'], ', ')}.")
        return " ".join(parts)
    if kind == "match_over":
        return f"The match is over: {side(fields.get('winner'))} wins it ({_joined(fields.get('tally', []), ' to ')})."
    return str(kind)
