"""The ``rules`` level: rules of thumb taken from the rule texts' own tips.

Each rule below cites its source: the Agram text's "Tips from the table"
(quoted as *Tips*), its Objective and Variations, or the Agency rulebook's
Overview and Gameplay, with the ruling that makes it precise. A rule reads
only what its seat knows (``Seen``): its own cards, its legal moves, the
trick so far and every card played, so the same rules serve the ``rules``
level (from a view) and the searching level's playouts (from a world, for
each seat in turn, with that seat's knowledge only).

The Agram family (``agram_move``):

1. *Last trick* (Objective: "whoever wins the sixth trick wins the hand"):
   one card is left; it is played.
2. *Penultimate trick, leading* (Tips: "On the sixth trick the leader has a
   big edge, so winning the fifth trick often matters as much as holding a
   high card"; "Watch which aces and 10s have been played so you know when
   your 9 has become the top card of its suit"): lead a card that is the top
   of its suit (no unseen card of its suit ranks above it, so it wins the
   trick it leads, F1), keeping the other for the last trick; with two such
   cards, keep the one the last trick pays more for (Variations: Fapfap's 3,
   Spar's 6 and 7; else the higher). With none, lead the card with the fewest
   unseen cards above it.
3. *Penultimate trick, following* (the same tips): take the trick if a card
   can be sure to (it beats the trick so far and no unseen card of the led
   suit beats it, or the seat plays last), keeping the better card for the
   last trick; otherwise play the weaker card and keep the stronger.
4. *Earlier tricks, leading* (Tips: "Lead your weak suits early... you are
   more likely to save your best card for the end"): lead the lowest card of
   the weakest suit: the suit whose best card has the most unseen cards above
   it.
5. *Earlier tricks, following* (Objective: "make your opponents spend their
   strong cards before it arrives"; Tips: "save your best card for the
   end"): follow with the lowest card of the led suit; when void (F5), throw
   the lowest card of the weakest suit.

"Strength" of a card for the last trick: a card that is the top of its suit
is best (Tips: "A lone card in a suit nobody else holds wins the last trick
if you get to lead it" is the case where no card of its suit is unseen), then
fewer unseen cards above it, then what the last trick pays for its rank.

Agency (``agency_move``):

1. *Giving points to a partner* (Overview: "specific cards have points on
   them and those are the only ones that score", A3; Gameplay: partners
   share their tricks' points, A4): when the partner wins the trick so far
   and the seat plays last, play its card with the most points, a suited one
   before a Wall (Overview: "Walls ... are used to separate the shared
   hands": a Wall played opens a holder to the opponent beside it too, A6).
2. *Taking a trick with points* (Overview: "Vans are trump, can be played at
   any time"; A11): when an opponent wins the trick so far and the trick
   holds points, or taking it reaches the points that end the hand (Gameplay:
   "A hand can also end early if one team collects 22 points", A12c), take
   it with the cheapest card that wins it now: the lowest winning card of the
   led suit, else the lowest winning Van.
3. *Otherwise, giving nothing away* (A3): play the card with the fewest
   points, a non-Van before a Van (Vans take tricks later), the lowest rank
   first; never a Wall while another card is legal (a Wall gives 2 points to
   whoever wins the trick, and opens a holder).
4. *Leading* (A8): lead the lowest card with no points of a suit other than
   Vans; without one, the lowest Van, then the card with fewest points.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..games.agency import POINTS, TRUMP, team
from ..tricks import Play, winning_play

# -- what a seat knows -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seen:
    """What one seat knows, as the rules of thumb read it.

    Attributes:
        seat: the seat to act.
        legal: its legal moves, in the view's order (not empty).
        trick: the trick so far, in order.
        unseen: every card of the deck neither the seat's own nor played
            (the other seats' cards and the undealt ones, as far as it knows).
        strength: rank -> strength, higher wins (the game's rank order).
        tricks_left: tricks still to play, this one included (the Agram family).
        players: seats at the table.
        pays: rank -> what winning the last trick with it pays, relative
            (Fapfap's 3, Spar's 6 and 7; empty for the other games).
        team_points: Agency: points won so far by team 0 and team 1 (A3, A4).
        end_points: Agency: the points that end the hand (A12c).
    """

    seat: int
    legal: Sequence[Play]
    trick: Sequence[Play]
    unseen: Collection[Card]
    strength: Mapping[str, int]
    tricks_left: int = 0
    players: int = 4
    pays: Mapping[str, int] | None = None
    team_points: tuple[int, int] = (0, 0)
    end_points: int = 22


def above(card: Card, seen: Seen) -> int:
    """How many unseen cards of ``card``'s suit rank above it: 0 makes it
    the top of its suit, sure to win a trick it leads (F1; *Tips*)."""
    strength = seen.strength
    mine = strength[card.rank]
    return sum(1 for other in seen.unseen if other.suit == card.suit and strength[other.rank] > mine)


# -- the Agram family ------------------------------------------------------------------


def agram_move(seen: Seen) -> Play:
    """The ``rules`` level's move in an Agram-family game (module docstring,
    rules 1-5)."""
    legal = seen.legal
    if len(legal) == 1:
        return legal[0]
    if seen.tricks_left == 2:
        return _penultimate(seen)  # two cards, both legal
    if not seen.trick:
        return min(legal, key=lambda play: (-_weakness(play.card, seen), seen.strength[play.card.rank]))
    led = seen.trick[0].card.suit
    following = [play for play in legal if play.card.suit == led]
    if following:
        return min(following, key=lambda play: seen.strength[play.card.rank])
    return min(legal, key=lambda play: (-_weakness(play.card, seen), seen.strength[play.card.rank]))


def _weakness(card: Card, seen: Seen) -> int:
    """How weak ``card``'s suit is in the seat's hand: the unseen cards above
    its best card of that suit (rule 4). Used when every card is legal
    (leading, or void in the led suit: F4, F5), so the legal moves are the
    seat's cards."""
    best = max((play.card for play in seen.legal if play.card.suit == card.suit), key=lambda c: seen.strength[c.rank])
    return above(best, seen)


def _keeps(card: Card, seen: Seen) -> tuple[int, int, int]:
    """How good ``card`` is to keep for the last trick, higher better: top of
    its suit, fewer unseen cards above it, what its rank pays, its rank."""
    over = above(card, seen)
    pays = (seen.pays or {}).get(card.rank, 1)
    return (int(over == 0), -over, pays * 100 + seen.strength[card.rank])


def _penultimate(seen: Seen) -> Play:
    """Rules 2 and 3: win the penultimate trick and keep the better card, or
    keep the better card (the seat holds two, both legal)."""
    first, second = seen.legal
    options = [(first, second.card), (second, first.card)]
    if not seen.trick:
        sure = [(play, kept) for play, kept in options if above(play.card, seen) == 0]
        if sure:
            return max(sure, key=lambda option: _keeps(option[1], seen))[0]
        return min(options, key=lambda option: above(option[0].card, seen))[0]
    winners = [(play, kept) for play, kept in options if _takes(play, seen)]
    if winners:
        return max(winners, key=lambda option: _keeps(option[1], seen))[0]
    return max(options, key=lambda option: _keeps(option[1], seen))[0]


def _takes(play: Play, seen: Seen) -> bool:
    """Whether ``play`` is sure to win the trick: it beats the trick so far
    and no unseen card of the led suit beats it, or the seat plays last (F1)."""
    trick = (*seen.trick, play)
    best = winning_play(trick, seen.strength)
    if best is None or best.card is not play.card:
        return False
    return len(trick) == seen.players or above(play.card, seen) == 0


# -- Agency ------------------------------------------------------------------------------


def agency_move(seen: Seen) -> Play:
    """The ``rules`` level's move in Agency (module docstring, rules 1-4)."""
    legal = seen.legal
    if len(legal) == 1:
        return legal[0]
    if not seen.trick:
        return min(legal, key=lambda play: _cost(play.card, seen))
    best = winning_play(seen.trick, seen.strength, TRUMP)
    mine = team(seen.seat)
    last = len(seen.trick) == 3
    if best is not None and team(best.seat) == mine:
        if last and any(POINTS[play.card] for play in legal):
            return max(legal, key=lambda play: (POINTS[play.card], not play.card.is_wall, -_cost(play.card, seen)[2]))
        return min(legal, key=lambda play: _cost(play.card, seen))
    points = sum(POINTS[play.card] for play in seen.trick)
    winners = [play for play in legal if _wins_now(play, seen)]
    if winners and (points or seen.team_points[mine] + points + min(POINTS[p.card] for p in winners) >= seen.end_points):
        return min(winners, key=lambda play: (play.card.suit == TRUMP, seen.strength[play.card.rank], POINTS[play.card]))
    return min(legal, key=lambda play: _cost(play.card, seen))


def _cost(card: Card, seen: Seen) -> tuple[int, int, int]:
    """What playing ``card`` gives away, lower better (rules 3 and 4): a Wall
    last, then its points, a Van after the other suits, then its rank."""
    if card.is_wall:
        return (1, POINTS[card], 0)
    return (0, POINTS[card] * 2 + (card.suit == TRUMP), seen.strength[card.rank])


def _wins_now(play: Play, seen: Seen) -> bool:
    """Whether ``play`` would win the trick as it stands (A11)."""
    if play.card.is_wall:
        return False
    best = winning_play((*seen.trick, play), seen.strength, TRUMP)
    return best is not None and best.card is play.card
