"""What every trick game here shares: plays, tricks, the led suit and the winner.

A trick is led by its first card and won by the highest trump if any trump was
played, otherwise by the highest card of the led suit (RULINGS C2, A11, F1).
Agency's Wall has no suit: it never sets the led suit and never wins (A10, A11).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .cards import Card


class Play(NamedTuple):
    """One card played to a trick (an immutable value: a named tuple, which
    the rules make by the hundred per request).

    Attributes:
        seat: the seat that played it, ``0 .. players - 1`` (RULINGS C1).
        card: the card.
        holder: Agency only: the holder the card was taken from (RULINGS A5);
            ``None`` in the Agram family.
    """

    seat: int
    card: Card
    holder: int | None = None


class Trick(NamedTuple):
    """A trick: its leader and the plays so far, in order (RULINGS C2); an
    immutable value (a named tuple).

    When completed, ``winner`` is the winning seat, ``card`` the winning card
    and ``points`` the card points it holds (Agency, A3; ``None`` in games
    whose cards carry no points).
    """

    leader: int
    plays: tuple[Play, ...] = ()
    winner: int | None = None
    card: Card | None = None
    points: int | None = None

    @property
    def led_suit(self) -> str | None:
        """The suit of the first suited card, or ``None`` (RULINGS A9, A10, F5)."""
        return led_suit(self.plays)


def led_suit(plays: Sequence[Play]) -> str | None:
    """The suit of the first suited card among ``plays``, or ``None``."""
    for play in plays:
        if play.card.suit is not None:
            return play.card.suit
    return None


def winning_play(
    plays: Sequence[Play], strength: Mapping[str, int], trump: str | None = None
) -> Play | None:
    """The play that wins (or is winning) a trick, or ``None`` if no card can win.

    Args:
        plays: the trick's plays in order; the first leads.
        strength: rank -> strength, higher wins (the game's rank order).
        trump: the trump suit, or ``None`` for games without trumps.

    Returns:
        The highest trump if any trump was played, otherwise the highest card
        of the led suit (RULINGS A11, F1). ``None`` when no suited card was
        played (only a Wall).
    """
    suit: str | None = None  # the suit that wins: the led suit until a trump is played
    best: Play | None = None
    top = 0
    for play in plays:
        card = play.card
        if card.suit is None:
            continue
        if suit is None or (card.suit == trump and suit != trump):
            suit, best, top = card.suit, play, strength[card.rank]
        elif card.suit == suit and (rank := strength[card.rank]) > top:
            best, top = play, rank
    return best
