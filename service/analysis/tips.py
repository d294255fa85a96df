"""The ``rules`` level: rules of thumb taken from the rule texts' own tips.

Each rule below cites its source: the Agram text's "Tips from the table"
(quoted as *Tips*), its Objective and Variations, or the Agency rulebook's
Overview and Gameplay, with the ruling that makes it precise. A rule reads
only what its seat knows (``Knows``): its own cards, its legal moves, the
trick so far and which cards are still unseen, so the same rules serve the
``rules`` level (from a view) and the searching level's playouts (from a
world, for each seat in turn, with that seat's knowledge only). They work
on cards as bits, laid out as the search engine lays them
(``service.analysis.engine``): within a suit a higher bit is a higher card.

The Agram family (``agram_move``):

1. *Last trick* (Objective: "whoever wins the sixth trick wins the hand"):
   one card is left; it is played.
2. *Penultimate trick, leading* (Tips: "On the sixth trick the leader has a
   big edge, so winning the fifth trick often matters as much as holding a
   high card"; "Watch which aces and 10s have been played so you know when
   your 9 has become the top card of its suit"): lead a card that is the top
   of its suit (no unseen card of its suit ranks above it, so it wins the
   trick it leads, F1), keeping the other for the last trick; with two such
   cards, keep the better one to keep (below). With none, lead the card with
   the fewest unseen cards above it.
3. *Penultimate trick, following* (the same tips): take the trick if a card
   is sure to (it beats the trick so far and no unseen card of the led suit
   beats it, or the seat plays last), keeping the better card to keep;
   otherwise play the other card and keep the better one.
4. *Earlier tricks, leading* (Tips: "Lead your weak suits early... you are
   more likely to save your best card for the end"): lead the lowest card of
   the weakest suit: the suit whose best card has the most unseen cards above
   it.
5. *Earlier tricks, following* (Objective: "make your opponents spend their
   strong cards before it arrives"; Tips: "save your best card for the
   end"): follow with the lowest card of the led suit; when void (F5), throw
   the lowest card of the weakest suit.

The better card to keep for the last trick: the top of its suit (Tips: "A
lone card in a suit nobody else holds wins the last trick if you get to lead
it" is the case where no card of its suit is unseen at all), then the one
with fewer unseen cards above it, then the one whose rank the last trick
pays more for (Variations: Fapfap's 3 pays double, Spar's 6 and 7 score 3
and 2; F2), then the higher.

Agency (``agency_move``):

1. *Giving points to a partner* (Overview: "specific cards have points on
   them and those are the only ones that score", A3; partners score
   together, A4): when the partner wins the trick so far and the seat plays
   last, play its card with the most points, a suited one before a Wall
   (Overview: Walls "are used to separate the shared hands": a Wall played
   opens a holder to the opponent beside it too, A6).
2. *Taking a trick with points* (Overview: "Vans are trump, can be played at
   any time"; A11): when an opponent wins the trick so far and the trick
   holds points, or taking it reaches the points that end the hand (Gameplay:
   "A hand can also end early if one team collects 22 points", A12c), take
   it with the cheapest card that wins it now: the lowest winning card of the
   led suit, else the lowest winning Van.
3. *Otherwise, giving nothing away* (A3): play the card with the fewest
   points, a non-Van before a Van (Vans take tricks later), the lowest rank
   first; a Wall only when nothing else is legal (a Wall gives 2 points to
   whoever wins the trick, and opens a holder).
4. *Leading* (A8): lead the lowest card with no points of a suit other than
   Vans; without one, the lowest Van, then the card with fewest points.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import WALL, Card
from ..games import TrickGame
from ..games.agency import POINTS, SEATS, AgencyGame, team
from ..games.last_trick import LastTrickGame
from .engine import WALL_MOVE

# -- cards as bits -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardBits:
    """A game's cards as bits, as the engine lays them out: the card of suit
    ``i`` (in deck order) and rank ``r`` (counted from the lowest) is bit
    ``i * ranks + r``; an Agency Wall from holder ``h`` is the move
    ``WALL_MOVE + h``.

    Attributes:
        ranks: ranks per suit.
        suits: the suits' masks, in deck order.
        bit_of: card -> bit.
        card_of: bit -> card.
        deck: every card of the deck.
        pays: per rank (from the lowest): what winning the last trick with
            it pays, relative to the other ranks (F2: Spar's points, Fapfap's
            double for a 3; 1 elsewhere).
        points: per bit: the card's points (A3; 0 outside Agency).
        trumps: the trump suit's mask (Agency's Vans, A2; 0 without trumps).
    """

    ranks: int
    suits: tuple[int, ...]
    bit_of: Mapping[Card, int]
    card_of: Mapping[int, Card]
    deck: int
    pays: tuple[int, ...]
    points: tuple[int, ...]
    trumps: int

    def suit(self, bit: int) -> int:
        """The index of a card's suit."""
        return bit // self.ranks

    def mask(self, cards: Sequence[Card]) -> int:
        """The suited cards among ``cards`` as a mask (Walls left out)."""
        return sum(1 << self.bit_of[card] for card in cards if not card.is_wall)


def card_bits(game: TrickGame[Any]) -> CardBits:
    """``game``'s cards as bits (worked out once per game)."""
    found = _CARD_BITS.get(game.id)
    if found is None:
        ranks = tuple(reversed(game.rank_order))  # lowest first
        suits = tuple(dict.fromkeys(card.suit for card in game.deck))
        count = len(ranks)
        bit_of = {card: suits.index(card.suit) * count + ranks.index(card.rank) for card in game.deck}
        card_of = {bit: card for card, bit in bit_of.items()}
        tips = TIPS[game.family]
        rank_pays = tips.pays(game)
        found = _CARD_BITS[game.id] = CardBits(
            ranks=count,
            suits=tuple(((1 << count) - 1) << (i * count) for i in range(len(suits))),
            bit_of=bit_of,
            card_of=card_of,
            deck=sum(1 << bit for bit in bit_of.values()),
            pays=tuple(rank_pays.get(rank, 1) for rank in ranks),
            points=tuple(tips.points(card_of[bit]) if bit in card_of else 0 for bit in range(len(suits) * count)),
            trumps=(((1 << count) - 1) << (suits.index(game.trump) * count)) if game.trump else 0,
        )
    return found


_CARD_BITS: dict[str, CardBits] = {}


def _last_trick_pays(game: LastTrickGame) -> dict[str, int]:
    """Rank -> what winning the last trick with it pays, where ranks differ
    (F2: Spar's points, Fapfap's bonus rank doubling the stake)."""
    scoring = game.scoring
    pays = dict(scoring.points_by_rank)
    if scoring.bonus_rank is not None:
        pays[scoring.bonus_rank] = 2
    return pays


# -- what a seat knows ------------------------------------------------------------------


class Knows(NamedTuple):
    """What one seat knows, as the rules of thumb read it (a named tuple:
    playouts make one per play).

    Attributes:
        seat: the seat to act.
        legal: its legal moves, as engine moves (not empty).
        trick: the trick so far, as engine moves in order.
        leader: the seat that led the trick.
        own: the seat's cards (Agency: the suited cards of both holders
            beside it, A5).
        unseen: every card of the deck neither its own nor played (the other
            seats' cards and the undealt ones, as far as it knows).
        tricks_left: the Agram family: tricks still to play, this one included.
        players: seats at the table.
        team_points: Agency: points won so far by team 0 and team 1 (A3, A4).
        end_points: Agency: the points that end the hand (A12c).
        cards: the game's cards as bits.
    """

    seat: int
    legal: Sequence[int]
    trick: Sequence[int]
    leader: int
    own: int
    unseen: int
    tricks_left: int
    players: int
    team_points: tuple[int, int]
    end_points: int
    cards: CardBits


def above(bit: int, knows: Knows) -> int:
    """How many unseen cards of ``bit``'s suit rank above it: 0 makes it the
    top of its suit, sure to win a trick it leads (F1; *Tips*)."""
    cards = knows.cards
    return ((knows.unseen & cards.suits[bit // cards.ranks]) >> (bit + 1)).bit_count()


# -- the Agram family ----------------------------------------------------------------------


def agram_move(knows: Knows) -> int:
    """The ``rules`` level's move in an Agram-family game (module docstring,
    rules 1-5)."""
    legal = knows.legal
    if len(legal) == 1:
        return legal[0]
    if knows.tricks_left == 2:
        return _penultimate(knows)  # two cards, both legal
    ranks = knows.cards.ranks
    if knows.trick:
        led = knows.trick[0] // ranks
        following = [bit for bit in legal if bit // ranks == led]
        if following:
            return min(following)
    return min(legal, key=lambda bit: (-_weakness(bit, knows), bit % ranks))


def _weakness(bit: int, knows: Knows) -> int:
    """How weak ``bit``'s suit is in the seat's hand: the unseen cards above
    its best card of that suit (rule 4)."""
    best = (knows.own & knows.cards.suits[bit // knows.cards.ranks]).bit_length() - 1
    return above(best, knows)


def _keeps(bit: int, knows: Knows) -> tuple[int, int, int, int]:
    """How good ``bit`` is to keep for the last trick, higher better (the
    module docstring)."""
    over = above(bit, knows)
    rank = bit % knows.cards.ranks
    return (int(over == 0), -over, knows.cards.pays[rank], rank)


def _penultimate(knows: Knows) -> int:
    """Rules 2 and 3: the seat holds two cards, both legal."""
    first, second = knows.legal
    options = [(first, second), (second, first)]
    if not knows.trick:
        sure = [(bit, kept) for bit, kept in options if above(bit, knows) == 0]
        if sure:
            return max(sure, key=lambda option: _keeps(option[1], knows))[0]
        return min(options, key=lambda option: above(option[0], knows))[0]
    winners = [(bit, kept) for bit, kept in options if _takes(bit, knows)]
    return max(winners or options, key=lambda option: _keeps(option[1], knows))[0]


def _takes(bit: int, knows: Knows) -> bool:
    """Whether ``bit`` is sure to win the trick: it beats the trick so far
    and no unseen card of the led suit beats it, or the seat plays last (F1)."""
    ranks = knows.cards.ranks
    led = knows.trick[0] // ranks
    if bit // ranks != led or any(card > bit for card in knows.trick if card // ranks == led):
        return False
    return len(knows.trick) + 1 == knows.players or above(bit, knows) == 0


# -- Agency ---------------------------------------------------------------------------------


def agency_move(knows: Knows) -> int:
    """The ``rules`` level's move in Agency (module docstring, rules 1-4)."""
    legal = knows.legal
    if len(legal) == 1:
        return legal[0]
    if not knows.trick:
        return min(legal, key=lambda move: _cost(move, knows))
    cards = knows.cards
    best, best_seat = _winning(knows.trick, knows.leader, cards)
    if best >= 0 and team(best_seat) == team(knows.seat):
        if len(knows.trick) == 3 and any(_worth(move, cards) for move in legal):
            return max(legal, key=lambda move: (_worth(move, cards), move < WALL_MOVE, -_cost(move, knows)[2]))
        return min(legal, key=lambda move: _cost(move, knows))
    held = sum(_worth(move, cards) for move in knows.trick)
    winners = [move for move in legal if _wins_now(move, best, knows)]
    reaches = knows.team_points[team(knows.seat)] + held + min((_worth(m, cards) for m in winners), default=0)
    if winners and (held or reaches >= knows.end_points):
        trumps = cards.trumps
        return min(winners, key=lambda move: (bool(1 << move & trumps), move % cards.ranks, _worth(move, cards)))
    return min(legal, key=lambda move: _cost(move, knows))


def _worth(move: int, cards: CardBits) -> int:
    """An engine move's points (A3): a suited card's, or a Wall's 2."""
    return POINTS[WALL] if move >= WALL_MOVE else cards.points[move]


def _cost(move: int, knows: Knows) -> tuple[int, int, int]:
    """What playing ``move`` gives away, lower better (rules 3 and 4): a Wall
    last, then its points, a Van after the other suits, then its rank."""
    if move >= WALL_MOVE:
        return (1, POINTS[WALL], 0)
    cards = knows.cards
    return (0, cards.points[move] * 2 + bool(1 << move & cards.trumps), move % cards.ranks)


def _winning(trick: Sequence[int], leader: int, cards: CardBits) -> tuple[int, int]:
    """The card winning the trick so far and its seat, ``(-1, -1)`` after a
    lone Wall (A11: the highest Van, else the highest card of the led suit)."""
    best, seat = -1, -1
    for index, move in enumerate(trick):
        if move >= WALL_MOVE:
            continue
        if best < 0 or _beats(move, best, cards):
            best, seat = move, (leader + index) % SEATS
    return best, seat


def _beats(move: int, best: int, cards: CardBits) -> bool:
    """Whether suited ``move`` beats ``best``, the card winning so far (A11)."""
    trump, best_trump = bool(1 << move & cards.trumps), bool(1 << best & cards.trumps)
    if trump != best_trump:
        return trump
    return move // cards.ranks == best // cards.ranks and move > best


def _wins_now(move: int, best: int, knows: Knows) -> bool:
    """Whether ``move`` would win the trick as it stands (A11)."""
    return move < WALL_MOVE and (best < 0 or _beats(move, best, knows.cards))



# -- each family's tips ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tips:
    """What the rules of thumb read of a family of games.

    Attributes:
        move: the ``rules`` level's move from what a seat knows.
        pays: per game, rank -> what winning the last trick with it pays,
            where ranks differ (``CardBits.pays``).
        points: a card's points (``CardBits.points``; A3).
    """

    move: Callable[[Knows], int]
    pays: Callable[[Any], Mapping[str, int]]
    points: Callable[[Card], int]


def _agency_pays(game: AgencyGame) -> Mapping[str, int]:
    return {}  # the team with more points wins the hand, whatever card won the last trick (A13)


TIPS: dict[str, Tips] = {
    "agency": Tips(agency_move, _agency_pays, POINTS.__getitem__),
    "last-trick": Tips(agram_move, _last_trick_pays, lambda card: 0),
}
"""Each family's tips, by ``game.family``."""
