"""What a seat knows, as the rules of thumb read it (``tips.Knows``): from its
view (the ``rules`` level), or from a world's engine position during a
playout, where each seat is given only what its own view would hold (its own
cards, the trick, every card played) and nothing of the others' cards. Each
family's reading is in ``KNOWS``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..games import GAMES
from ..games.agency import HOLDERS_OF, SEATS, AgencyView
from ..games.last_trick import LastTrickView
from ..tricks import Play
from .engine import WALL_MOVE, AgencyPosition, LastTrickPosition, Position
from .tips import CardBits, Knows, card_bits
from .worlds import View


def move_of(play: Play, cards: CardBits) -> int:
    """A core play as an engine move (a Wall: ``WALL_MOVE`` plus its holder)."""
    if play.card.is_wall:
        assert play.holder is not None
        return WALL_MOVE + play.holder
    return cards.bit_of[play.card]


def knows_of(view: View) -> Knows:
    """What the view's seat knows; its ``legal`` are ``view.legal_moves``
    as engine moves, in the same order.

    Raises:
        ValueError: the view is not of the seat to act, or the hand is over.
    """
    seat = view.seat
    if seat is None or seat != view.to_act or not view.legal_moves:
        raise ValueError("a move is suggested for the seat to act, from its own view, while the hand runs")
    game = GAMES[view.game]
    cards = card_bits(game)
    trick = view.trick.plays if view.trick is not None else ()
    leader = view.trick.leader if view.trick is not None else seat
    played = cards.mask([play.card for done in view.tricks for play in done.plays] + [play.card for play in trick])
    legal = [move_of(play, cards) for play in view.legal_moves]
    moves = [move_of(play, cards) for play in trick]
    return KNOWS[game.family].of_view(view, seat, legal, moves, leader, played, cards)


def knows_in(position: Position, played: int, cards: CardBits, end_points: int, legal: list[int]) -> Knows:
    """What the seat to act in ``position`` (a world, during a playout)
    knows: its own cards, its ``legal`` moves (``position.legal()``), the
    trick, and ``played`` (the cards played so far, as a mask)."""
    return KNOWS[position.family].in_position(position, played, cards, end_points, legal)


def _agency_of(view: AgencyView, seat: int, legal: list[int], moves: list[int], leader: int, played: int,
               cards: CardBits) -> Knows:
    own = cards.mask([card for h in HOLDERS_OF[seat] for card in view.holders[h].cards or ()])  # A5
    return Knows(seat, legal, moves, leader, own, cards.deck & ~own & ~played, 0, SEATS, view.team_points,
                 view.options["early_end_points"], cards)


def _agency_in(position: AgencyPosition, played: int, cards: CardBits, end_points: int, legal: list[int]) -> Knows:
    seat = position.to_act
    before = HOLDERS_OF[seat][1]
    own = (position.start[seat] | position.middle[seat] | position.end[seat]
           | position.start[before] | position.middle[before] | position.end[before])
    return Knows(seat, legal, position.trick, position.leader, own, cards.deck & ~own & ~played, 0, SEATS,
                 (position.points[0], position.points[1]), end_points, cards)


def _last_trick_of(view: LastTrickView, seat: int, legal: list[int], moves: list[int], leader: int, played: int,
                   cards: CardBits) -> Knows:
    assert view.hand is not None  # a seat's view holds its cards
    own = cards.mask(view.hand)
    return Knows(seat, legal, moves, leader, own, cards.deck & ~own & ~played, GAMES[view.game].hand_size - len(view.tricks),
                 view.players, (0, 0), 0, cards)


def _last_trick_in(position: LastTrickPosition, played: int, cards: CardBits, end_points: int, legal: list[int]) -> Knows:
    seat = position.to_act
    own = position.hands[seat]
    return Knows(seat, legal, position.trick, position.leader, own, cards.deck & ~own & ~played,
                 position.tricks_left, position.players, (0, 0), 0, cards)


@dataclass(frozen=True, slots=True)
class Knowing:
    """How a family reads what a seat knows.

    Attributes:
        of_view: from the seat's view (``knows_of``'s work once the moves are engine moves).
        in_position: from a world's engine position (``knows_in``).
    """

    of_view: Callable[..., Knows]
    in_position: Callable[..., Knows]


KNOWS: dict[str, Knowing] = {
    "agency": Knowing(_agency_of, _agency_in),
    "last-trick": Knowing(_last_trick_of, _last_trick_in),
}
"""Each family's reading, by ``game.family``."""

