"""Agency: a 4-player partnership point-trick game with shared hands.

Source: the Agency rule text (``rules/000_*.txt``) and RULINGS C1-C3, A1-A14.

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
from dataclasses import dataclass
from typing import Any

from ..cards import WALL, Card, build_deck
from ..errors import RulesRefusal
from ..tricks import Play, Trick, led_suit, winning_play
from .base import (
    MatchRecord,
    OptionSpec,
    RawState,
    Refusal,
    card_problems,
    checked_apply,
    claimed_problems,
    deal_hands,
    deal_record_problems,
    dealt_hands_problems,
    deck_set,
    hands_problems,
    has_legal_move,
    legal,
    match_events,
    match_problems,
    raise_problems,
    refuse_mismatches,
    refuse_next_hand,
    refuse_seat,
    replay,
    resolve_options,
    strengths,
    trick_shape_problems,
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


def card_points(card: Card) -> int:
    """A card's points (RULINGS A3): 3s and 7s of H, M and B are 2, their 5s
    are 4, each Wall is 2, everything else (Vans included) 0. Total 40."""
    if card.is_wall:
        return 2
    if card.suit == TRUMP:
        return 0
    return {"3": 2, "7": 2, "5": 4}.get(card.rank, 0)


def team(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (RULINGS A4)."""
    return seat % 2


def holders_of(seat: int) -> tuple[int, int]:
    """The two holders a seat plays from: its own (read from the start) and the
    one before it (read from the end) (RULINGS A5)."""
    return seat, (seat - 1) % SEATS


def layout(dealt: Sequence[Card]) -> list[Card]:
    """A holder at the deal: ``c1 c2 c3 W c4 c5 W c6 c7 c8`` (RULINGS A5)."""
    return [*dealt[:3], WALL, *dealt[3:5], WALL, *dealt[5:]]


def reach(holder: Sequence[Card], from_start: bool) -> list[Card]:
    """The cards reachable in a holder from one end, nearest first: up to and
    including the first Wall, or the whole holder with no Wall (RULINGS A6)."""
    ordered = holder if from_start else holder[::-1]
    for index, card in enumerate(ordered):
        if card.is_wall:
            return list(ordered[: index + 1])
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


@dataclass(frozen=True, slots=True, kw_only=True)
class AgencyGame:
    """The Agency rules, as one registry value (RULINGS A1-A14)."""

    id: str = "agency"
    name: str = "Agency"
    deck: tuple[Card, ...] = DECK
    rank_order: tuple[str, ...] = RANK_ORDER
    min_players: int = SEATS
    max_players: int = SEATS
    options: tuple[OptionSpec, ...] = OPTIONS

    # -- deal ---------------------------------------------------------------

    def deal(
        self,
        *,
        first_leader: int | None = None,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        options: Mapping[str, Any] | None = None,
        previous: AgencyState | None = None,
    ) -> AgencyState:
        """A new hand: from ``seed``, a ``deck`` order, explicit ``hands``, or at random.

        Args:
            first_leader: the seat that leads the first trick (A14); default
                0, or in a match the lower seat of the choosing team.
            seed: ``0 .. SEED_MAX``; the 36 suited cards are shuffled as
                ``service.cards`` says, then dealt as a deck order.
            deck: the 36 suited cards in order: card k (k < 32) goes to seat
                k mod 4; the last 4 stay undealt (A7).
            hands: ``hands[s]`` is seat s's 8 suited cards in dealt order; the
                Walls are added as A5 says.
            options: rules options; defaults apply.
            previous: the finished hand this one follows in a match (A14):
                the team that lost it chooses the leader; after a void hand,
                the team that chose before chooses again.

        Raises:
            RulesRefusal: ``seat_out_of_range``; with ``previous``:
                ``hand_not_over``, ``match_over``, ``match_mismatch``
                (options that differ), ``leader_not_from_losing_team``.
            InvalidState: a deck or hands that are not this game's.
        """
        match = MatchRecord(previous=(0, 0))
        if previous is not None:
            match = self._next_hand(previous, first_leader, options)
            options = previous.options
            if first_leader is None and match.chooser is not None:
                first_leader = match.chooser
        first_leader = 0 if first_leader is None else first_leader
        refuse_seat(first_leader, SEATS, "first_leader")
        if match.chooser is not None and team(first_leader) != match.chooser:
            raise RulesRefusal(
                "leader_not_from_losing_team",
                f"Team {match.chooser} (seats {match.chooser} and {match.chooser + 2}) chooses who leads this hand, "
                f"so seat {first_leader} may not lead (RULINGS A14)",
                allowed_leaders=[match.chooser, match.chooser + 2],
            )
        hands, seed = deal_hands(
            seed=seed, deck=deck, hands=hands, full=self.deck, deal_deck=_deal_deck, seats=SEATS, hand_size=HAND_SIZE, game=self.id
        )
        return _Table.dealt(resolve_options(self.options, options), first_leader, hands, seed, match).freeze()

    def _next_hand(self, previous: AgencyState, first_leader, options) -> MatchRecord:
        status = self.match_status(previous)
        refuse_next_hand(previous.hand_over, status)
        if options is not None and resolve_options(self.options, options) != dict(previous.options):
            refuse_mismatches(["the options of a match stay as they were for its first hand"])
        chooser = previous.match.chooser if previous.winner is None else 1 - previous.winner
        return MatchRecord(hand=previous.match.hand + 1, previous=tuple(status["tally"]), chooser=chooser)

    def match_status(self, state: AgencyState) -> dict[str, Any]:
        """Where the match stands (RULINGS A14).

        Returns:
            ``hand`` (from 1), ``target`` (game points to win), ``unit``
            (``"game_points"``), ``previous`` (game points per team before
            this hand), ``tally`` (with this hand's game point once it is
            over; a void hand gives none), ``chooser`` (the team that chose
            this hand's leader, ``None`` for the first hand), ``over`` and
            ``winner`` (the team that reached the target).
        """
        tally = list(state.match.previous)
        if state.winner is not None:
            tally[state.winner] += 1
        target = state.options["target_game_points"]
        leader = 0 if tally[0] >= tally[1] else 1
        over = tally[leader] >= target
        return {
            "hand": state.match.hand,
            "target": target,
            "unit": "game_points",
            "previous": list(state.match.previous),
            "tally": tally,
            "chooser": state.match.chooser,
            "over": over,
            "winner": leader if over else None,
        }

    # -- play ---------------------------------------------------------------

    def legal_moves(self, state: AgencyState) -> list[Play]:
        """Every move the seat to act may make (A8-A10), each with its holder;
        empty once the hand is over."""
        return legal(_Table.of(state))

    def play(self, state: AgencyState, move: Play) -> tuple[AgencyState, list[dict[str, Any]]]:
        """The state after ``move``, and the events it caused.

        Events, in order: ``card_played`` {seat, card, holder}; when the trick
        completes, ``trick_won`` {winner, card, points, trick}; when the hand
        ends, ``trick_discarded`` {plays} if an unfinished trick is discarded
        (A12a), then ``hand_over`` with the fields of ``score`` and ``end``,
        then ``match_over`` {winner, tally} when the hand ends the match (A14).

        Raises:
            IllegalMove: ``hand_over``, ``not_your_turn``,
                ``card_not_available`` (not within reach, A6),
                ``wall_not_allowed`` (A8, A10), ``holder_required`` (a Wall
                without its holder), ``must_follow_suit`` (A9); with
                ``legal_moves``.
        """
        table = _Table.of(state)
        events = checked_apply(table, move, self.dump_move)
        after = table.freeze()
        if after.hand_over:
            if after.trick.plays:
                events.append({"type": "trick_discarded", "plays": [self.dump_move(p) for p in after.trick.plays]})
            events.append({"type": "hand_over", "end": after.end, **self.score(after)})
            events += match_events(self.match_status(after))
        return after, events

    def trick_winner(self, plays: Sequence[Play]) -> Trick:
        """Judge the cards given, with no state (A11): the highest Van if any,
        otherwise the highest card of the led suit; a Wall never wins. The
        trick's ``points`` are its card points (A3).

        Raises:
            RulesRefusal: ``invalid_trick``: a card not in the deck, a repeated
                card or seat, seats out of turn, a holder the seat does not
                play from, more than 4 plays, two Walls, or no suited card.
        """
        problems = card_problems("plays", [p.card for p in plays if not p.card.is_wall], deck_set(self.deck), self.id)
        problems += trick_shape_problems(plays, SEATS, SEATS)
        problems += [
            f"seat {p.seat} plays from holders {' and '.join(map(str, holders_of(p.seat)))}, not holder {p.holder} (RULINGS A5)"
            for p in plays
            if p.holder is not None and p.holder not in holders_of(p.seat)
        ]
        if sum(p.card.is_wall for p in plays) > 1:
            problems.append("a trick holds at most one Wall (RULINGS A10)")
        if led_suit(plays) is None:
            problems.append("no suited card was played, and a Wall never wins (RULINGS A11)")
        if problems:
            raise RulesRefusal("invalid_trick", "These plays are not a trick: " + "; ".join(problems), problems=problems)
        return _won(plays[0].seat, tuple(plays))

    def score(self, state: AgencyState) -> dict[str, Any]:
        """The hand's result (A3, A13).

        Returns:
            ``hand_over`` (bool); ``winner``: the winning team (0 or 1) once
            the hand is over, ``None`` while it runs or for a void hand;
            ``team_points``: card points won by team 0 and team 1.
        """
        return {"hand_over": state.hand_over, "winner": state.winner, "team_points": list(state.team_points)}

    # -- states from clients ------------------------------------------------

    def restore(self, raw: RawAgencyState) -> AgencyState:
        """Rebuild a client's state from its deal and plays, checking every field.

        Raises:
            InvalidState: ``invalid_state``, with every problem found.
        """
        problems: list[str] = []
        if not 0 <= raw.first_leader < SEATS:
            problems.append(f"first_leader {raw.first_leader} is not a seat")
        deal_problems = dealt_hands_problems(raw.deal_hands, SEATS, HAND_SIZE, deck_set(self.deck), self.id)
        options = resolve_options(self.options, raw.options)
        match = raw.match or MatchRecord(previous=(0, 0))
        problems += deal_problems + _match_problems(match, options, raw.first_leader)
        if deal_problems or len(match.previous) != 2:
            raise_problems(problems)  # nothing can be replayed or tallied
        table = _Table.dealt(options, raw.first_leader, raw.deal_hands, raw.seed, match)
        problems += deal_record_problems(raw.seed, raw.deal_hands, raw.undealt, table.undealt, self.deck, _deal_deck)
        if replay(table, raw.tricks, raw.trick, SEATS, problems):
            state = table.freeze()
            if "holders" in raw.claimed:
                problems += hands_problems(raw.claimed["holders"], state.holders, "holders")
            derived = {
                "to_act": state.to_act,
                "hand_over": state.hand_over,
                "winner": state.winner,
                "team_points": list(state.team_points),
                "end": state.end,
                "reach": [[{"holder": h, "cards": cards} for h, cards in state.reach(s)] for s in range(SEATS)],
            }
            problems += claimed_problems(raw.claimed, derived)
            problems += claimed_problems(raw.claimed_match, self.match_status(state), "match.")
        raise_problems(problems)
        return state

    @staticmethod
    def dump_move(move: Play) -> dict[str, Any]:
        """A move as the contract writes it: ``{"seat": s, "card": "W", "holder": h}``."""
        return {"seat": move.seat, "card": move.card.code, "holder": move.holder}


@dataclass(frozen=True, slots=True, kw_only=True)
class AgencyState:
    """A hand of Agency, frozen.

    Attributes:
        options: every rules option, defaults filled in.
        first_leader: the seat that led the first trick (A14).
        seed: the seed the hand was dealt from, if any.
        deal_hands: each seat's 8 dealt suited cards, in dealt order.
        undealt: the 4 suited cards left undealt (A7), in deck order.
        holders: the four holders now, each listed from seat h's end (A5).
        tricks: the completed tricks, each with ``winner``, ``card``, ``points``.
        trick: the trick in progress; once the hand is over, the discarded
            unfinished trick if A12a ended it (else empty).
        team_points: card points won by team 0 and team 1 (A3, A4).
        end: why the hand ended: ``"no_legal_play"`` (A12a),
            ``"out_of_cards"`` (A12b), ``"points_reached"`` (A12c); ``None``
            while the hand runs.
    """

    options: Mapping[str, Any]
    first_leader: int
    seed: int | None
    match: MatchRecord
    deal_hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    holders: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    trick: Trick
    team_points: tuple[int, int]
    end: str | None

    @property
    def hand_over(self) -> bool:
        return self.end is not None

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is; ``None`` once the hand is over (C1, C2)."""
        return None if self.end else (self.trick.leader + len(self.trick.plays)) % SEATS

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
        return team(self.tricks[-1].winner)

    def reach(self, seat: int) -> list[tuple[int, list[Card]]]:
        """What ``seat`` reaches now: ``(holder, cards nearest first)`` for its
        own holder, then the holder before it (A5, A6)."""
        own, before = holders_of(seat)
        return [(own, reach(self.holders[own], True)), (before, reach(self.holders[before], False))]


@dataclass(frozen=True, slots=True, kw_only=True)
class RawAgencyState(RawState):
    """An Agency state as a client sent it (see ``RawState``)."""

    first_leader: int


def _match_problems(match: MatchRecord, options: Mapping[str, Any], first_leader: int) -> list[str]:
    """A14 as far as a match record can show it: game points won by earlier
    hands (void hands give none), and the team that chose this hand's leader."""
    problems = match_problems(match, 2, options["target_game_points"], "teams", total=(0, match.hand - 1))
    decided = sum(match.previous)
    if match.chooser is None and decided:
        problems.append("match.chooser is null, but an earlier hand was won: the team that lost it chooses (RULINGS A14)")
    if match.chooser is not None and not decided:
        problems.append("match.chooser must be null while no hand of the match has been won (RULINGS A14)")
    if decided and 0 in match.previous and match.chooser == match.previous.index(0) ^ 1:
        problems.append(f"match.chooser is {match.chooser}, but only team {match.chooser} has won hands: the other team lost them and chooses (RULINGS A14)")
    if match.chooser is not None and team(first_leader) != match.chooser:
        problems.append(f"first_leader {first_leader} is not of team {match.chooser}, which chose the leader (RULINGS A14)")
    return problems


def _deal_deck(deck: Sequence[Card]) -> list[list[Card]]:
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for k in range(DEALT_CARDS):
        hands[k % SEATS].append(deck[k])
    return hands


_STRENGTH = strengths(RANK_ORDER)


def _won(leader: int, plays: tuple[Play, ...]) -> Trick:
    best = winning_play(plays, _STRENGTH, TRUMP)
    return Trick(leader=leader, plays=plays, winner=best.seat, card=best.card, points=sum(card_points(p.card) for p in plays))


class _Table:
    """A mutable working copy of one hand: the single place Agency's rules of
    play live (A6, A8-A13)."""

    __slots__ = ("options", "first_leader", "seed", "match", "deal_hands", "undealt", "holders", "tricks", "leader", "plays", "points", "end", "_reach")

    @classmethod
    def dealt(cls, options, first_leader, hands, seed, match) -> _Table:
        table = cls()
        table.options, table.first_leader, table.seed, table.match = options, first_leader, seed, match
        table.deal_hands = tuple(tuple(hand) for hand in hands)
        dealt = {card for hand in hands for card in hand}
        table.undealt = tuple(card for card in DECK if card not in dealt)
        table.holders = [layout(hand) for hand in hands]
        table.tricks, table.leader, table.plays, table.points, table.end = [], first_leader, [], [0, 0], None
        table._reach = {}
        return table

    @classmethod
    def of(cls, state: AgencyState) -> _Table:
        table = cls()
        table.options, table.first_leader, table.seed, table.match = state.options, state.first_leader, state.seed, state.match
        table.deal_hands, table.undealt = state.deal_hands, state.undealt
        table.holders = [list(holder) for holder in state.holders]
        table.tricks, table.leader, table.plays = list(state.tricks), state.trick.leader, list(state.trick.plays)
        table.points, table.end = list(state.team_points), state.end
        table._reach = {}
        return table

    def is_over(self) -> bool:
        return self.end is not None

    def to_act(self) -> int:
        return (self.leader + len(self.plays)) % SEATS

    def reachable(self, seat: int) -> list[tuple[int, Card]]:
        """``(holder, card)`` for every card ``seat`` reaches now; memoised until the next play."""
        cached = self._reach.get(seat)
        if cached is None:
            own, before = holders_of(seat)
            cached = self._reach[seat] = [(own, card) for card in reach(self.holders[own], True)] + [
                (before, card) for card in reach(self.holders[before], False)
            ]
        return cached

    def candidates(self) -> list[Play]:
        if self.is_over():
            return []
        seat = self.to_act()
        return [Play(seat, card, holder) for holder, card in self.reachable(seat)]

    def refusal(self, move: Play) -> Refusal | None:
        if self.is_over():
            return Refusal("hand_over", "The hand is over (RULINGS A12)")
        seat = self.to_act()
        if move.seat != seat:
            return Refusal("not_your_turn", f"It is seat {seat}'s turn, not seat {move.seat}'s (RULINGS C1, C2)")
        own, before = holders_of(seat)
        if move.holder is not None and move.holder not in (own, before):
            return Refusal(
                "card_not_available", f"Seat {seat} plays only from holders {own} and {before}, not {move.holder} (RULINGS A5)"
            )
        reachable = self.reachable(seat)
        sources = [h for h, card in reachable if card == move.card and move.holder in (None, h)]
        if not sources:
            return Refusal("card_not_available", self._unavailable(seat, move))
        if move.card.is_wall:
            if any(play.card.is_wall for play in self.plays):
                return Refusal("wall_not_allowed", "A Wall has already been played to this trick; a second is never legal (RULINGS A9, A10)")
            if not self.plays and any(not card.is_wall for _, card in reachable):
                return Refusal(
                    "wall_not_allowed",
                    f"A Wall may be led only when every card seat {seat} can reach is a Wall (RULINGS A8)",
                )
            if move.holder is None:
                return Refusal(
                    "holder_required",
                    f"Say which holder the Wall comes from: seat {seat} can play a Wall from holder "
                    + " or holder ".join(str(h) for h in sources)
                    + " (a Wall's move names its holder)",
                )
            return None
        led = led_suit(self.plays)
        if led is None or move.card.suit in (led, TRUMP):
            return None
        if self.options["offsuit_discard"] and not any(card.suit == led for _, card in reachable):
            return None
        return Refusal(
            "must_follow_suit",
            f"{SUIT_NAMES[led]} ({led}) were led: seat {seat} may play a card of {led}, a Van, or a Wall "
            f"if none is in the trick, not {move.card} (RULINGS A9)",
        )

    def _unavailable(self, seat: int, move: Play) -> str:
        where = [move.holder] if move.holder is not None else list(holders_of(seat))
        if any(move.card in self.holders[h] for h in where):
            return f"{move.card} is behind a Wall: seat {seat} cannot reach it yet (RULINGS A6)"
        return f"{move.card} is not in seat {seat}'s reach in holder " + " or ".join(map(str, where)) + " (RULINGS A5, A6)"

    def apply(self, move: Play) -> list[dict[str, Any]]:
        seat = move.seat
        holder = move.holder
        if holder is None:
            holder = next(h for h, card in self.reachable(seat) if card == move.card)
        self._reach = {}
        cards = self.holders[holder]
        if move.card.is_wall:
            ordered = range(len(cards)) if holder == seat else range(len(cards) - 1, -1, -1)
            del cards[next(i for i in ordered if cards[i].is_wall)]
        else:
            cards.remove(move.card)
        self.plays.append(Play(seat, move.card, holder))
        events: list[dict[str, Any]] = [{"type": "card_played", "seat": seat, "card": move.card.code, "holder": holder}]
        if len(self.plays) == SEATS:
            done = _won(self.leader, tuple(self.plays))
            self.tricks.append(done)
            self.points[team(done.winner)] += done.points
            self.leader, self.plays = done.winner, []
            events.append(
                {"type": "trick_won", "winner": done.winner, "card": done.card.code, "points": done.points, "trick": len(self.tricks)}
            )
            if any(not self.holders[a] and not self.holders[b] for a, b in map(holders_of, range(SEATS))):
                self.end = "out_of_cards"
            elif max(self.points) >= self.options["early_end_points"]:
                self.end = "points_reached"
        return events

    def freeze(self) -> AgencyState:
        """The frozen state, with A12a settled: a seat to act with no legal
        play ends the hand. (While a history is replayed this need not be
        asked after every play: a play after such an end is refused anyway,
        since no play is legal.)"""
        if self.end is None and not has_legal_move(self):
            self.end = "no_legal_play"
        return AgencyState(
            options=self.options,
            first_leader=self.first_leader,
            seed=self.seed,
            match=self.match,
            deal_hands=self.deal_hands,
            undealt=self.undealt,
            holders=tuple(tuple(holder) for holder in self.holders),
            tricks=tuple(self.tricks),
            trick=Trick(leader=self.leader, plays=tuple(self.plays)),
            team_points=(self.points[0], self.points[1]),
            end=self.end,
        )


AGENCY = AgencyGame()
"""The registry value for Agency."""
