"""Agency: a 4-player partnership point-trick game with shared hands.

Source: the Agency rules as ``docs/rules.md`` gives them, RULINGS C1-C3 and
A1-A14.

Table conventions (RULINGS A4-A6):

* Seats 0..3 in play order; team 0 is seats 0 and 2, team 1 is seats 1 and 3.
* Holder h stands between seat h and seat h+1 (mod 4). It is listed from seat
  h's end: ``c1 c2 c3 W c4 c5 W c6 c7 c8`` at the deal.
* Seat s plays from holder s, read from its start, and from holder s-1, read
  from its end. From each end it reaches every card up to and including the
  first Wall still there; with no Wall left, the whole holder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..cards import CARD_COUNT, WALL, Card, build_deck, marks
from ..errors import IllegalMove, RulesRefusal
from ..tricks import Play, Trick, led_suit
from .base import (
    Hand,
    TrickGame,
)
from .checks import (
    card_problems,
    hands_problems,
    refuse_seat,
    tally_problems,
    trick_shape_problems,
)
from .records import (
    COMMON_PROBLEMS,
    Claims,
    End,
    Family,
    MatchRecord,
    MatchStatus,
    OptionSpec,
    ProblemCode,
    Refusal,
    Score,
    Seating,
    TallyUnit,
    TeamMatchStatus,
)

SEATS = 4
TRUMP = "V"
HAND_SIZE = 8
DEALT_CARDS = 32
"""Cards dealt from the 36 (RULINGS A7): the last 4 stay undealt."""
RANK_ORDER = ("9", "8", "7", "6", "5", "4", "3", "2", "1")
SUIT_NAMES = {"H": "Hats", "M": "Moustaches", "B": "Briefcases", "V": "Vans"}
DECK = build_deck("HMBV", {suit: RANK_ORDER for suit in "HMBV"})
"""The 36 suited cards (RULINGS A1); the 8 Walls are added at the deal (A5)."""
WALLS = 8
WALLS_PER_HOLDER = 2
CARD_POINTS = {"3": 2, "7": 2, "5": 4}
"""Points of the suited cards that score (A3): 3s and 7s of H, M and B are 2, their 5s 4."""


def card_points(card: Card) -> int:
    """A card's points (RULINGS A3): 3s and 7s of H, M and B are 2, their 5s
    are 4, each Wall is 2, everything else (Vans included) 0. Total 40."""
    if card.is_wall:
        return 2
    if card.suit == TRUMP:
        return 0
    return CARD_POINTS.get(card.rank, 0)


def team(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (RULINGS A4)."""
    return seat % 2


def holders_of(seat: int) -> tuple[int, int]:
    """The two holders a seat plays from: its own (read from the start) and the
    one before it (read from the end) (RULINGS A5)."""
    return seat, (seat - 1) % SEATS


HOLDERS_OF = tuple(holders_of(seat) for seat in range(SEATS))
"""Each seat's two holders (A5)."""
_END = tuple((2 * holder, 2 * holder + 1) for holder in range(SEATS))
"""Where ``AgencyHand._ends`` keeps each holder's end: ``_END[holder][from_start]``."""

POINTS = {card: card_points(card) for card in (*DECK, WALL)}
"""Every card's points (A3)."""


def splay(dealt: Sequence[Card]) -> tuple[Card, ...]:
    """A holder at the deal: its cards splayed in the order dealt, with the
    Walls inserted, ``c1 c2 c3 W c4 c5 W c6 c7 c8`` (RULINGS A5)."""
    return (*dealt[:3], WALL, *dealt[3:5], WALL, *dealt[5:])


def reach(holder: Sequence[Card], from_start: bool) -> list[Card]:
    """The cards reachable in a holder from one end, nearest first: up to and
    including the first Wall, or the whole holder with no Wall (RULINGS A6)."""
    ordered = holder if from_start else holder[::-1]
    try:
        return list(ordered[: ordered.index(WALL) + 1])  # cards are interned: index compares by identity
    except ValueError:
        return list(ordered)


OPTIONS = (
    OptionSpec(
        name="offsuit_discard", type="boolean", default=False,
        description="A seat with no reachable card of the led suit may also play any other reachable suited card (RULINGS A9).",
    ),
    OptionSpec(
        name="early_end_points", type="integer", default=22, minimum=1, maximum=40,
        description="The hand ends after a trick when a team has this many points (RULINGS A12c).",
    ),
    OptionSpec(
        name="target_game_points", type="integer", default=2, minimum=1, maximum=100,
        description="Game points that win the match; 3 for a longer game (RULINGS A14).",
    ),
)

PROBLEMS = (
    ProblemCode(code="wall_not_allowed", kind=IllegalMove,
                description="A second Wall in one trick, or a Wall led while other cards are within reach. `legal_moves` lists the moves allowed now."),
    ProblemCode(code="holder_required", kind=IllegalMove,
                description="Agency: a Wall was played without `holder`. The detail names the holders it could come from; `legal_moves` lists the moves with their holders."),
    ProblemCode(code="leader_not_from_losing_team", kind=RulesRefusal,
                description="Agency: the next hand's leader must be a seat of the team that lost the last decided hand (RULINGS A14). `allowed_leaders` lists them."),
)
"""Agency's own refusal codes (A8-A10, A14)."""


@dataclass(frozen=True, slots=True)
class TeamScore(Score):
    """Agency's result (A3, A13): ``winner`` is a team (``None`` while the hand
    runs or for a void hand); ``team_points`` are the card points won by team
    0 and team 1."""

    team_points: tuple[int, int] = field(metadata={"description": "Card points of team 0 and team 1 (A3, A4)."})


@dataclass(frozen=True, slots=True)
class HolderView:
    """A holder as one seat sees it: ``count`` cards, Walls included, and the
    cards themselves (from seat h's end) only when the seat sits beside it."""

    holder: int
    count: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class Reach:
    """What a seat reaches in one holder, nearest first (A6)."""

    holder: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class AgencyView:
    """What one seat may know (A5, A6): the two holders beside it in full,
    the others as counts, its reach, every card played, whose turn it is, the
    points, its legal moves and the match. Never the deal or the seed.

    With no seat (``seat`` ``None``): what every seat may know, each holder
    as a count; the members in ``PRIVATE`` are then ``None`` or empty."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("seat", "team", "reach", "legal_moves")

    game: str
    options: Mapping[str, Any]
    seat: int | None
    first_leader: int
    team: int | None
    holders: tuple[HolderView, ...]
    reach: tuple[Reach, ...] | None
    tricks: tuple[Trick, ...]
    trick: Trick
    to_act: int | None
    hand_over: bool
    winner: int | None
    team_points: tuple[int, int]
    end: str | None
    legal_moves: tuple[Play, ...]
    match: MatchStatus | TeamMatchStatus


class AgencyHand(Hand):
    """A hand of Agency.

    Attributes (besides ``Hand``'s):
        holders: the four holders now, each listed from seat h's end (A5).
        team_points: card points won by team 0 and team 1 (A3, A4).
        end: why the hand ended (``End``: A12a, b or c); ``None``
            while the hand runs.
        plays: once the hand is over, the unfinished trick A12a discarded
            (else empty).
    """

    __slots__ = ("holders", "team_points", "_reach", "_reachable", "_ends")

    HAND_OVER = Refusal("hand_over", "The hand is over (RULINGS A12)")

    holders: tuple[tuple[Card, ...], ...]
    team_points: tuple[int, int]
    _reach: list[list[tuple[int, list[Card]]] | None]
    """Each seat's reach (``reach``), by seat; ``None``: not yet worked out for the hand as it is."""
    _reachable: list[list[tuple[int, Card]] | None]
    """Each seat's reachable cards (``reachable``), by seat, as ``_reach``."""
    _ends: list[tuple[tuple[Card, ...], list[Card]] | None]
    """What each end of each holder reaches, at ``_END[holder][from_start]``,
    with the holder it was worked out for (``_end``)."""

    def _lay_out(self) -> None:
        """Each seat's dealt cards laid out in its holder with the Walls (A5); no points yet."""
        self.holders = tuple([splay(hand) for hand in self.deal_hands])
        self.team_points = (0, 0)
        self._ends = [None] * (2 * SEATS)

    @property
    def hand_over(self) -> bool:
        """Whether the hand has ended (A12)."""
        return self.end is not None

    @property
    def first_leader(self) -> int:
        """The seat that led the first trick (A14)."""
        return self.seating.first_leader

    @property
    def winner(self) -> int | None:
        """The winning team once the hand is over (A13): more points; on equal
        points the team that won the last completed trick; ``None`` for a void
        hand (no trick completed) and while the hand runs."""
        if self.end is None or not self.tricks:
            return None
        zero, one = self.team_points
        if zero != one:
            return 0 if zero > one else 1
        last = self.tricks[-1].winner
        assert last is not None
        return team(last)

    def reach(self, seat: int) -> list[tuple[int, list[Card]]]:
        """What ``seat`` reaches now: ``(holder, cards nearest first)`` for its
        own holder, then the holder before it (A5, A6); worked out once per
        hand (the dump, the checks of a restore and the legal moves all read
        it). Callers must not change it."""
        cached = self._reach[seat]
        if cached is None:
            own, before = HOLDERS_OF[seat]
            cached = self._reach[seat] = [(own, self._end(own, True)), (before, self._end(before, False))]
        return cached

    def _end(self, holder: int, from_start: bool) -> list[Card]:
        """What one end of a holder reaches; kept while the holder is the same
        (a play changes one holder: the other's reach is not worked out again)."""
        cards = self.holders[holder]
        at = _END[holder][from_start]
        kept = self._ends[at]
        if kept is None or kept[0] is not cards:
            kept = self._ends[at] = (cards, reach(cards, from_start))
        return kept[1]

    def reachable(self, seat: int) -> list[tuple[int, Card]]:
        """``(holder, card)`` for every card ``seat`` reaches now; worked out once per hand."""
        cached = self._reachable[seat]
        if cached is None:
            cached = self._reachable[seat] = [(holder, card) for holder, cards in self.reach(seat) for card in cards]
        return cached

    def _forget_caches(self) -> None:
        self._reach = [None] * SEATS
        self._reachable = [None] * SEATS

    def _copy_caches(self, new: Hand) -> None:
        """The reach of each holder's ends, kept while the holder is the same (``_end``)."""
        assert isinstance(new, AgencyHand)
        new._ends = self._ends.copy()

    def _candidates(self, seat: int) -> list[Play]:
        return [Play(seat, card, holder) for holder, card in self.reachable(seat)]

    def _card_refusal(self, seat: int, move: Play) -> Refusal | None:
        own, before = HOLDERS_OF[seat]
        holder = move.holder
        if holder is not None and holder not in (own, before):
            return Refusal(
                "card_not_available", f"Seat {seat} plays only from holders {own} and {before}, not {holder} (RULINGS A5)"
            )
        ends = self.reach(seat)
        card = move.card
        if holder is None:
            sources = [h for h, cards in ends if card in cards]
        else:  # the one end of the named holder the seat reaches (ends: its own holder's, then the one before)
            sources = [holder] if card in ends[holder != own][1] else []
        if not sources:
            return Refusal("card_not_available", self._unavailable(seat, move))
        if card.is_wall:
            if any(play.card.is_wall for play in self.plays):
                return Refusal("wall_not_allowed", "A Wall has already been played to this trick; a second is never legal (RULINGS A9, A10)")
            if not self.plays and any(not reached.is_wall for _, cards in ends for reached in cards):
                return Refusal(
                    "wall_not_allowed",
                    f"A Wall may be led only when every card seat {seat} can reach is a Wall (RULINGS A8)",
                )
            if move.holder is None:
                return Refusal(
                    "holder_required",
                    f"Say which holder the Wall comes from: seat {seat} can play a Wall from holder "
                    + " or holder ".join(str(h) for h in sources)
                    + " (RULINGS A5: a seat plays from two holders, and a Wall's move names which)",
                )
            return None
        led = led_suit(self.plays)
        if led is None or card.suit in (led, TRUMP):
            return None
        if self.options["offsuit_discard"] and not any(reached.suit == led for _, cards in ends for reached in cards):
            return None
        return Refusal(
            "must_follow_suit",
            f"{SUIT_NAMES[led]} ({led}) were led: seat {seat} may play a card of {led}, a Van, or a Wall "
            f"if none is in the trick, not {move.card} (RULINGS A9)",
        )

    def _recorded_problem(self, history: Sequence[Play], seats: Sequence[int]) -> str | None:
        owner = [-1] * CARD_COUNT  # by Card.number: the same work whatever the cards (base.marks)
        for holder, cards in enumerate(self.deal_hands):
            for card in cards:
                owner[card.number] = holder
        if all([play.seat == seat and play.holder in HOLDERS_OF[seat] and (play.card.is_wall or owner[play.card.number] == play.holder)
                for play, seat in zip(history, seats)]):
            suited = [play.card for play in history if not play.card.is_wall]
            return None if sum(marks(suited)) == len(suited) else "a card is played twice"
        return "a play is not by the seat whose turn it was, from one of its holders, of a card dealt to that holder"

    def _take_all(self, history: Sequence[Play]) -> None:
        """Each holder less the suited cards taken from it, and less its
        Walls taken from each end: a seat takes the first Wall from its own
        end (A6), so Walls taken from the start are the first ones and Walls
        taken from the end the last ones, in any order of play. Each trick's
        points to the team that won it (A3)."""
        taken = marks(play.card for play in history if not play.card.is_wall)  # a suited card is in one holder only
        walls = [[0, 0] for _ in range(SEATS)]
        for play in history:
            assert play.holder is not None  # a recorded play names its holder
            if play.card.is_wall:
                walls[play.holder][play.seat != play.holder] += 1
        holders = []
        for h, cards in enumerate(self.holders):
            first, last = walls[h]
            count = cards.count(WALL)
            at = range(count)  # the holder's Walls, in order
            gone = set(at[:first]) | set(at[count - last :] if last else ())
            left = []
            wall = -1
            for card in cards:  # one pass: each card looked at once, the same way
                if card.is_wall:
                    wall += 1
                    if wall not in gone:
                        left.append(card)
                elif not taken[card.number]:
                    left.append(card)
            holders.append(tuple(left))
        self.holders = tuple(holders)
        points = [0, 0]
        for done in self.tricks:
            assert done.winner is not None and done.points is not None
            points[team(done.winner)] += done.points
        self.team_points = (points[0], points[1])

    def _after_trick(self, done: Trick) -> None:
        """A completed trick's points go to the winner's team (A3); then the end (A12b, c)."""
        assert done.winner is not None and done.points is not None
        points = list(self.team_points)
        points[team(done.winner)] += done.points
        self.team_points = (points[0], points[1])
        self._end_after_trick()

    def _has_legal_play(self, seat: int) -> bool:
        """A8-A10 as counts over every card ``seat`` reaches: leading, any
        card it reaches (a Wall when all it reaches are Walls); following,
        a card of the led suit or a Van, a Wall if the trick has none, and
        with ``offsuit_discard`` any suited card when it reaches none of the
        led suit. Each reachable card is looked at once, the same way."""
        reachable = self.reachable(seat)
        if not self.plays:
            return bool(reachable)
        led = led_suit(self.plays)
        walls = following = of_led = 0
        for _, card in reachable:
            walls += card.is_wall
            following += card.suit == led or card.suit == TRUMP
            of_led += card.suit == led
        suited = len(reachable) - walls
        wall_allowed = walls > 0 and not any(play.card.is_wall for play in self.plays)
        if led is None:  # a Wall was led: any suited card sets the suit (A10)
            return suited > 0 or wall_allowed
        offsuit = bool(self.options["offsuit_discard"]) and of_led == 0 and suited > 0
        return following > 0 or wall_allowed or offsuit

    def _unavailable(self, seat: int, move: Play) -> str:
        where = [move.holder] if move.holder is not None else list(holders_of(seat))
        if any(move.card in self.holders[h] for h in where):
            return f"{move.card} is behind a Wall: seat {seat} cannot reach it yet (RULINGS A6)"
        return f"{move.card} is not in seat {seat}'s reach in holder " + " or ".join(map(str, where)) + " (RULINGS A5, A6)"

    def _take(self, move: Play) -> Play:
        seat, holder = move.seat, move.holder
        if holder is None:
            holder = next(h for h, card in self.reachable(seat) if card == move.card)
        cards = list(self.holders[holder])
        if move.card is WALL:
            ordered = range(len(cards)) if holder == seat else range(len(cards) - 1, -1, -1)
            del cards[next(i for i in ordered if cards[i] is WALL)]
        else:
            cards.remove(move.card)
        holders = list(self.holders)
        holders[holder] = tuple(cards)
        self.holders = tuple(holders)
        return move if move.holder is not None else Play(seat, move.card, holder)  # a move that names its holder is its play

    def _end_after_trick(self) -> None:
        """A12b, then A12c, once a trick is complete."""
        if any(not self.holders[a] and not self.holders[b] for a, b in HOLDERS_OF):
            self.end = End.OUT_OF_CARDS
        elif max(self.team_points) >= self.options["early_end_points"]:
            self.end = End.POINTS_REACHED


@dataclass(frozen=True, kw_only=True)
class AgencyGame(TrickGame[AgencyHand]):
    """The Agency rules, as one registry value (RULINGS A1-A14).

    ``deal`` takes ``first_leader`` (the seat that leads the first trick, A14;
    default 0, or in a match the lower seat of the team that lost the last
    decided hand); a ``deck`` is dealt card k (k < 32) to seat k mod 4, the
    last 4 left undealt (A7), and ``hands`` are each seat's 8 suited cards,
    the Walls added as A5 says.
    """

    HAND: ClassVar[type[AgencyHand]] = AgencyHand  # type: ignore[misc]
    CHOICE = ("first_leader",)

    id: str = "agency"
    name: str = "Agency"
    family: Family = Family.AGENCY
    deck: tuple[Card, ...] = DECK
    rank_order: tuple[str, ...] = RANK_ORDER
    trump: str | None = TRUMP
    hand_size: int = HAND_SIZE
    walls: int | None = WALLS_PER_HOLDER
    min_players: int = SEATS
    max_players: int = SEATS
    options: tuple[OptionSpec, ...] = OPTIONS
    max_tricks: int = 10
    target_option: str = "target_game_points"
    problem_codes: tuple[ProblemCode, ...] = COMMON_PROBLEMS + PROBLEMS

    @property
    def unit(self) -> TallyUnit:
        """Agency's match counts game points (A14)."""
        return TallyUnit.GAME_POINTS

    @property
    def score_type(self) -> type[Score]:
        return TeamScore

    @property
    def view_type(self) -> type[AgencyView]:
        return AgencyView

    def trick_points(self, plays: Sequence[Play]) -> int:
        """The card points in a trick (A3)."""
        return sum([POINTS[play.card] for play in plays])

    # -- deal -------------------------------------------------------------------

    def deal_deck(self, deck: Sequence[Card], seating: Seating) -> list[list[Card]]:
        """Card k (k < 32) goes to seat k mod 4; the last 4 stay undealt (A7)."""
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        for k in range(DEALT_CARDS):
            hands[k % SEATS].append(deck[k])
        return hands

    def _seat(self, previous: AgencyHand | None, match: MatchRecord | None, seating: Mapping[str, int | None]) -> Seating:
        """``first_leader`` leads the first trick (A14): default 0, or in a
        match the lower seat of the choosing team, which it must be of.

        Raises:
            RulesRefusal: ``seat_out_of_range``, ``leader_not_from_losing_team``.
        """
        first_leader = seating.get("first_leader")
        chooser = None if match is None else match.chooser
        if first_leader is None:
            first_leader = 0 if chooser is None else chooser
        refuse_seat(first_leader, SEATS, "first_leader")
        if chooser is not None and team(first_leader) != chooser:
            raise RulesRefusal(
                "leader_not_from_losing_team",
                f"Team {chooser} (seats {chooser} and {chooser + 2}) chooses who leads this hand, "
                f"so seat {first_leader} may not lead (RULINGS A14)",
                allowed_leaders=[chooser, chooser + 2],
            )
        return Seating(SEATS, first_leader)

    def _chooser(self, previous: AgencyHand) -> int | None:
        """The team that lost the last hand chooses the next leader; after a
        void hand, the team that chose before chooses again (A14)."""
        return previous.match.chooser if previous.winner is None else 1 - previous.winner

    def choosers(self, previous: AgencyHand) -> tuple[int, ...]:
        """The two seats of the team that names the next hand's leader (A14)."""
        if not previous.hand_over or self.match_status(previous).over:
            return ()
        chooser = self._chooser(previous)
        return () if chooser is None else (chooser, chooser + 2)

    def _tally_entries(self, seating: Seating) -> int:
        return 2

    # -- states from clients ------------------------------------------------------

    def seating_problems(self, seating: Seating) -> list[str]:
        if seating.players != SEATS or seating.dealer is not None:
            return [f"Agency seats {SEATS} players and names no dealer (RULINGS A4, A14)"]
        if not 0 <= seating.first_leader < SEATS:
            return [f"first_leader {seating.first_leader} is not a seat"]
        return []

    def match_problems(self, match: MatchRecord, options: Mapping[str, Any], seating: Seating) -> list[str]:
        """A14 as far as a match record can show it: game points won by earlier
        hands (void hands give none), and the team that chose this hand's leader."""
        problems = tally_problems(match, 2, options["target_game_points"], "teams", total=(0, match.hand - 1))
        decided = sum(match.previous)
        if match.chooser is None and decided:
            problems.append("match.chooser is null, but an earlier hand was won: the team that lost it chooses (RULINGS A14)")
        if match.chooser is not None and not decided:
            problems.append("match.chooser must be null while no hand of the match has been won (RULINGS A14)")
        if decided and 0 in match.previous and match.chooser == match.previous.index(0) ^ 1:
            problems.append(f"match.chooser is {match.chooser}, but only team {match.chooser} has won hands: the other team lost them and chooses (RULINGS A14)")
        if match.chooser is not None and team(seating.first_leader) != match.chooser:
            problems.append(f"first_leader {seating.first_leader} is not of team {match.chooser}, which chose the leader (RULINGS A14)")
        return problems

    def _claimed_cards(self, claims: Claims, hand: AgencyHand) -> list[str]:
        if "holders" in claims.fields:
            return hands_problems(claims.fields["holders"], hand.holders, "holders")
        return []

    def _derived(self, hand: AgencyHand) -> dict[str, Any]:
        return {
            "team_points": list(hand.team_points),
            "end": hand.end,
            "reach": [[{"holder": h, "cards": cards} for h, cards in hand.reach(s)] for s in range(SEATS)],
        }

    # -- play ---------------------------------------------------------------------

    def trick_problems(self, plays: Sequence[Play]) -> list[str]:
        """A11's trick: cards of the deck (Walls aside), seats in turn, each
        from its own holders (A5), at most one Wall (A10), a suited card (A11)."""
        problems = card_problems("plays", [p.card for p in plays if not p.card.is_wall], self.facts)
        problems += trick_shape_problems(self.facts, plays, SEATS)
        problems += [
            f"seat {p.seat} plays from holders {' and '.join(map(str, holders_of(p.seat)))}, not holder {p.holder} (RULINGS A5)"
            for p in plays
            if p.holder is not None and p.holder not in holders_of(p.seat)
        ]
        if sum(p.card.is_wall for p in plays) > 1:
            problems.append("a trick holds at most one Wall (RULINGS A10)")
        if led_suit(plays) is None:
            problems.append("no suited card was played, and a Wall never wins (RULINGS A11)")
        return problems

    # -- results ------------------------------------------------------------------

    def score(self, hand: AgencyHand) -> TeamScore:
        """The hand's result (A3, A13): ``winner`` the winning team (0 or 1)
        once the hand is over, ``None`` while it runs or for a void hand;
        ``team_points`` the card points won by team 0 and team 1."""
        return TeamScore(hand.hand_over, hand.winner, hand.team_points)

    def _seat_value(self, hand: AgencyHand, seat: int) -> int:
        """1 if the seat's team won the hand, 0 for a void hand, -1 if the other team won (A13)."""
        winner = hand.winner
        return 0 if winner is None else 1 if winner == team(seat) else -1

    def _tally(self, hand: AgencyHand) -> tuple[int, ...]:
        """Each hand won is worth 1 game point to its team; a void hand gives none (A14)."""
        tally = list(hand.match.previous)
        if hand.winner is not None:
            tally[hand.winner] += 1
        return tuple(tally)

    def _status(self, hand: AgencyHand, target: int | None, tally: tuple[int, ...], over: bool,
                winner: int | None) -> TeamMatchStatus:
        return TeamMatchStatus(hand.match.hand, target, self.unit, hand.match.previous, tally, hand.match.chooser, over, winner)

    def observe(self, hand: AgencyHand, seat: int | None) -> AgencyView:
        """What ``seat`` may know: the two holders beside it in full, the
        others as counts, its reach (A5, A6), and what every seat sees. With
        ``seat`` ``None``: what every seat sees, each holder as a count.

        Raises:
            RulesRefusal: ``seat_out_of_range``.
        """
        beside: tuple[int, ...] = ()
        if seat is not None:
            refuse_seat(seat, SEATS, "seat")
            beside = holders_of(seat)
        return AgencyView(
            game=self.id,
            options=hand.options,
            seat=seat,
            first_leader=hand.first_leader,
            team=None if seat is None else team(seat),
            holders=tuple(HolderView(h, len(cards), cards if h in beside else None) for h, cards in enumerate(hand.holders)),
            reach=None if seat is None else tuple(Reach(h, tuple(cards)) for h, cards in hand.reach(seat)),
            tricks=hand.tricks,
            trick=Trick(leader=hand.leader, plays=hand.plays),
            to_act=hand.to_act,
            hand_over=hand.hand_over,
            winner=hand.winner,
            team_points=hand.team_points,
            end=hand.end,
            legal_moves=tuple(hand.legal_moves()) if seat is not None and hand.to_act == seat else (),
            match=self.match_status(hand),
        )


AGENCY = AgencyGame()
"""The registry value for Agency."""
