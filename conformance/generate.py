"""Write the conformance kit from this referee: ``python -m conformance.generate``
(``make conformance-kit``); ``--check`` writes nothing and fails when a committed
file differs from what the referee answers now.

Every case is a request sent to the app in-process (open mode) and the
answer it gave, so a case is exactly what the HTTP API answers. The cases
are chosen, deterministically, to name every ruling of ``docs/rules.md``:

* each game's description, and deals from seeds, deck orders and hands,
  with options, and the deals the rules refuse;
* hands played out by a seeded chooser among the legal moves, for several
  player counts: at every ply the legal moves and the play, with refusals
  of each kind the position allows, the score and a seat's view;
* positions found by playing many seeded hands in the rules core, for the
  rulings a hand meets only now and then (a Wall lead, A12's three ends
  and a void hand, a tie on points, Fapfap's multipliers, Spar's points);
* the next hands of matches, tricks judged without a state, whole
  transcripts replayed, broken states checked;
* trick perft from fixed deals, counted with the rules core.

A generation step that does not get the answer it was written for (a
refusal code, a status) stops the generation: a case names only rulings it
was seen to exercise.
"""

from __future__ import annotations

import argparse
import functools
import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .kit import ROOT, RULES_VERSION, AppTransport, Transport, dumps
from .perft import core_counts

PLAYERS: dict[str, tuple[int, ...]] = {
    "agency": (4,),
    "agram": (2, 3, 4, 5),
    "sink-sink": (2, 4, 7),
    "fapfap": (2, 3, 7),
    "agram-mali": (2, 4, 6),
    "spar": (2, 5, 7),
}
"""The player counts whose hands are played out, per game (F2: each game's range, ends and middle)."""

PERFT_LIMIT = 2_500
"""Perft depths are counted from a position until a count passes this."""

REFUSALS_PER_KIND = 3
"""At most this many refusals of one kind (code and ruling) per game from played-out hands."""

VOID_HANDS = [
    ["1V", "2V", "3V", "4V", "5V", "6V", "7V", "8V"],
    ["1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M"],
    ["9M", "9V", "1H", "2H", "3H", "4H", "5H", "6H"],
    ["1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B"],
]
"""Agency hands where seat 1 leads 1M and seat 2 plays a Wall; seat 3 then
reaches only Briefcases, Hats and a Wall it may not play: no legal play,
the trick discarded with no trick complete, a void hand (A12a, A13)."""

_RULING = re.compile(r"^(open-)?([CAF]?)(\d+)([a-c]?)$")


def ruling_key(ruling: str) -> tuple[int, int, str]:
    """The order rulings are listed in: C, A, F, then the readings of the open cases (``open-N``)."""
    match = _RULING.match(ruling)
    assert match is not None, ruling
    opened, letter, number, part = match.groups()
    return (3 if opened else "CAF".index(letter), int(number), part)


def suit(code: str) -> str | None:
    """A card code's suit (C3); ``None`` for the Wall."""
    return None if code == "W" else code[-1]


def chosen(body: dict[str, Any]) -> None:
    """Refuse a deal (or a replay's deals) that would be random: a case's answer must be the same every time
    (a record always names its deal: a seed or the dealt cards, docs/notation.md)."""
    if "record" in body or "records" in body:
        return
    deals = [body["deal"], *(hand["deal"] for hand in body.get("next_hands", ()))] if "moves" in body else [body]
    for deal in deals:
        assert any(source in deal for source in ("seed", "deck", "hands")), f"a random deal: {deal}"


class Kit:
    """The cases being written: each request sent to the referee, checked to
    answer as expected, and kept with its answer."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport
        self.cases: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.ids: set[str] = set()
        self.refused: Counter[tuple[str, str]] = Counter()

    def ask(self, game: str, kind: str, name: str, rulings: list[str] | Callable[[Any], list[str]], body: Any = None, *,
            operation: str | None = None, method: str = "POST", expect: int | str = 200, note: str | None = None) -> Any:
        """Send one request, check its answer, keep it as a case; the answer's body.

        ``expect`` is the status (200), or the refusal's ``code``;
        ``rulings`` may be worked out from the answer's body.
        """
        path = f"/v1/games/{game}" + ("" if method == "GET" else f"/{operation or kind}")
        if path.endswith(("/deal", "/replay")):
            chosen(body)
        status, answer = self.transport.send(method, path, body)
        got: int | str = status if status == 200 else answer.get("code", status)
        if got != expect:
            raise AssertionError(f"{game}/{kind}/{name}: expected {expect}, got {status} {answer}")
        if callable(rulings):
            rulings = rulings(answer)
        self.keep(game, kind, name, rulings, {"method": method, "path": path, **({} if body is None else {"body": body})},
                  {"status": status, "body": answer}, note)
        return answer

    def keep(self, game: str, kind: str, name: str, rulings: list[str], request: dict[str, Any], answer: dict[str, Any],
             note: str | None = None, **members: Any) -> None:
        case_id = f"{game}/{kind}/{name}"
        assert case_id not in self.ids, case_id
        self.ids.add(case_id)
        case = {"id": case_id, "game": game, "kind": kind, "rulings": sorted(set(rulings), key=ruling_key),
                **({"note": note} if note else {}), **members}
        if request:
            case["request"], case["answer"] = request, answer
        self.cases.setdefault((game, kind), []).append(case)

    def limited(self, game: str, what: str) -> bool:
        """Whether another refusal of ``what`` may still be kept for ``game``."""
        self.refused[(game, what)] += 1
        return self.refused[(game, what)] <= REFUSALS_PER_KIND

    def state_at(self, game: str, deal: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
        """The state after ``moves`` from ``deal`` (a replay; not kept as a case)."""
        status, answer = self.transport.send("POST", f"/v1/games/{game}/replay", {"deal": deal, "moves": moves})
        assert status == 200, answer
        state: dict[str, Any] = answer["state"]
        return state

    def files(self) -> dict[Path, str]:
        """Each file's text: ``<game>/<rules version>/<kind>.jsonl``."""
        return {ROOT / game / RULES_VERSION / f"{kind}.jsonl": "".join(dumps(case) + "\n" for case in cases)
                for (game, kind), cases in sorted(self.cases.items())}


# -- what a position and a play exercise ----------------------------------------

AGENCY_ENDS = {"no_legal_play": "A12a", "out_of_cards": "A12b", "points_reached": "A12c"}
"""Agency's ``end`` and the clause of A12 that gives it."""


def end_rulings(game: str, state: dict[str, Any]) -> list[str]:
    """The rulings of a finished hand's result: A12's clause and A13 (Agency), F2 (and F6, Fapfap's payouts)."""
    if game == "agency":
        return [AGENCY_ENDS[state["end"]], "A13"]
    return ["F2"] + (["F6"] if game == "fapfap" else [])


def position_rulings(game: str, state: dict[str, Any], moves: list[dict[str, Any]]) -> list[str]:
    """The rulings that give a position's legal moves (and whose turn it is)."""
    if state["hand_over"]:
        return end_rulings(game, state)
    plays = state["trick"]["plays"]
    found = ["C1", "C2"]
    if game != "agency":
        return found + (["F4"] if not plays else ["F5"])
    found += ["A5", "A6"]
    if not plays:
        found += ["A8"] + (["A2"] if any(suit(move["card"]) == "V" for move in moves) else [])
    elif all(play["card"] == "W" for play in plays):
        found += ["A10"]
    else:
        found += ["A9"]
    return found


def play_rulings(game: str, answer: dict[str, Any]) -> list[str]:
    """The rulings a play's answer shows: whose turn is next (C1), trick
    winners (C2, A11, F1), card points (A3, A4), the end of the hand (A12,
    A13, F2), the match (A14, F7)."""
    found = ["C1"]
    for event in answer["events"]:
        kind = event["type"]
        if kind == "trick_won":
            found += ["C2"] + (["A11", "A3", "A4"] if game == "agency" else ["F1"])
            if game == "agency" and event["card"].endswith("V"):
                found.append("A2")
        elif kind == "trick_discarded":
            found += ["A12a", "open-4"]
        elif kind == "hand_over":
            found += end_rulings(game, answer["state"])
        elif kind == "match_over":
            found.append("A14" if game == "agency" else "F7")
    return found


# -- played-out hands ----------------------------------------------------------------

Chooser = Callable[[int, list[dict[str, Any]]], dict[str, Any]]
"""Picks the move to play at a ply from the legal moves."""


def seating(game: str, players: int, seat: int = 0) -> dict[str, int]:
    """A deal's seating: Agency's first leader, or the Agram family's players and dealer."""
    return {"first_leader": seat} if game == "agency" else {"players": players, "dealer": seat}


def random_chooser(rng: random.Random) -> Chooser:
    return lambda ply, moves: rng.choice(moves)


def by_cards(cards: list[str]) -> Chooser:
    """Plays ``cards[ply]`` (the first legal move of that card)."""
    return lambda ply, moves: next(move for move in moves if move["card"] == cards[ply])


def refusals_at(kit: Kit, game: str, name: str, state: dict[str, Any], moves: list[dict[str, Any]], deck: list[str],
                rng: random.Random) -> None:
    """A refusal of each kind the position allows (at most ``REFUSALS_PER_KIND`` of a kind per game)."""
    to_act, plays = state["to_act"], state["trick"]["plays"]
    players = 4 if game == "agency" else state["players"]
    legal = {(move["card"], move.get("holder")) for move in moves}
    tried: list[tuple[str, list[str], dict[str, Any], str]] = [
        ("not-your-turn", ["C1", "C2"], {**moves[0], "seat": (to_act + 1) % players}, "not_your_turn"),
    ]
    if game == "agency":
        own, before = to_act, (to_act - 1) % 4
        reachable = sorted((card, entry["holder"]) for entry in state["reach"][to_act] for card in entry["cards"])
        held = {(card, holder) for holder in (own, before) for card in state["holders"][holder]}
        behind = sorted(held - set(reachable))
        if behind:
            tried.append(("behind-a-wall", ["A6"], {"seat": to_act, "card": behind[0][0], "holder": behind[0][1]}, "card_not_available"))
        across = [card for card in state["holders"][(to_act + 2) % 4] if card != "W"]
        if across:
            tried.append(("holder-not-beside", ["A5"], {"seat": to_act, "card": across[0], "holder": (to_act + 2) % 4}, "card_not_available"))
        mine = {card for card, _ in held}
        tried.append(("not-held", ["A5", "A6"], {"seat": to_act, "card": rng.choice([c for c in deck if c not in mine])}, "card_not_available"))
        walls = [holder for card, holder in reachable if card == "W"]
        if any(card == "W" for card, _ in legal):
            tried.append(("holder-required", ["A6", "open-3"], {"seat": to_act, "card": "W"}, "holder_required"))
        if walls and not plays and ("W", walls[0]) not in legal:
            tried.append(("wall-led", ["A8"], {"seat": to_act, "card": "W", "holder": walls[0]}, "wall_not_allowed"))
        if walls and any(play["card"] == "W" for play in plays):
            tried.append(("second-wall", ["A10"], {"seat": to_act, "card": "W", "holder": walls[0]}, "wall_not_allowed"))
        off = [(card, holder) for card, holder in reachable if card != "W" and (card, holder) not in legal]
        if plays and off:
            tried.append(("must-follow", ["A9"], {"seat": to_act, "card": off[0][0], "holder": off[0][1]}, "must_follow_suit"))
    else:
        hand = state["hands"][to_act]
        tried.append(("not-held", ["F2"], {"seat": to_act, "card": rng.choice([c for c in deck if c not in hand])}, "card_not_available"))
        off = [card for card in hand if (card, None) not in legal]
        if off:
            tried.append(("must-follow", ["F5"], {"seat": to_act, "card": off[0]}, "must_follow_suit"))
    for what, rulings, move, code in tried:
        if kit.limited(game, what):
            kit.ask(game, "refusal", f"{name}-{what}", rulings, {"state": state, "move": move}, operation="play", expect=code)


def play_out(kit: Kit, game: str, name: str, deal: dict[str, Any], choose: Chooser, deck: list[str], rng: random.Random, *,
             every_ply: bool = True, kind: str = "deal") -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Deal (a case of ``kind``) and play a hand to its end, ``choose``
    picking each move. With ``every_ply``: the legal moves, refusals and the
    play at every ply, the score and views at the start and after a trick;
    else only the last play. The score at the end, and ``hand_over``
    refused once the hand is over.

    Returns:
        The final state, the moves played, and every state on the way.
    """
    rulings = ["A5", "A7"] if game == "agency" else ["F3", "F4"]
    if kind == "match":
        rulings.append("A14" if game == "agency" else "F7")
    state = kit.ask(game, kind, f"{name}-deal", rulings, deal, operation="deal")["state"]
    players = 4 if game == "agency" else state["players"]
    if every_ply:
        kit.ask(game, "score", f"{name}-start", ["A3", "A13"] if game == "agency" else ["F2"], {"state": state}, note="a hand just dealt")
        kit.ask(game, "view", f"{name}-start", ["A5", "A6"] if game == "agency" else ["F2"], {"state": state, "seat": state["to_act"]})
        if game != "agency" and players < 5 and kit.limited(game, "view-seat"):
            kit.ask(game, "view", f"{name}-no-such-seat", ["C1"], {"state": state, "seat": players}, expect="seat_out_of_range")
    played: list[dict[str, Any]] = []
    states = [state]
    while True:
        ply = len(played)
        status, legal = kit.transport.send("POST", f"/v1/games/{game}/legal-moves", {"state": state})
        assert status == 200, legal
        moves = legal["moves"]
        if every_ply or legal["to_act"] is None:
            kit.keep(game, "legal-moves", f"{name}-{ply}", position_rulings(game, state, moves),
                     {"method": "POST", "path": f"/v1/games/{game}/legal-moves", "body": {"state": state}}, {"status": 200, "body": legal})
        if legal["to_act"] is None:
            break
        if every_ply:
            refusals_at(kit, game, f"{name}-{ply}", state, moves, deck, rng)
            if ply == players + 1:
                kit.ask(game, "score", f"{name}-{ply}", ["A3", "A4"] if game == "agency" else ["F2"], {"state": state}, note="a hand in play")
                seat = (state["to_act"] + 1) % players
                kit.ask(game, "view", f"{name}-{ply}", ["A5", "A6"] if game == "agency" else ["F2"], {"state": state, "seat": seat})
        move = choose(ply, moves)
        if game == "agency" and ply == 1 and move["card"] != "W":
            move = {"seat": move["seat"], "card": move["card"]}  # a suited card's holder may be omitted
        status, answer = kit.transport.send("POST", f"/v1/games/{game}/play", {"state": state, "move": move})
        assert status == 200, answer
        if every_ply or any(event["type"] == "hand_over" for event in answer["events"]):
            kit.keep(game, "play", f"{name}-{ply}", play_rulings(game, answer),
                     {"method": "POST", "path": f"/v1/games/{game}/play", "body": {"state": state, "move": move}},
                     {"status": 200, "body": answer})
        played.append(move)
        state = answer["state"]
        states.append(state)
    kit.ask(game, "score", f"{name}-end", ["A3"] + end_rulings(game, state) if game == "agency" else end_rulings(game, state),
            {"state": state}, note="a finished hand")
    if kit.limited(game, "hand-over"):
        move = {"seat": 0, "card": deck[0], **({"holder": 0} if game == "agency" else {})}
        kit.ask(game, "refusal", f"{name}-over", [AGENCY_ENDS[state["end"]]] if game == "agency" else ["F2"],
                {"state": state, "move": move}, operation="play", expect="hand_over")
    return state, played, states


# -- descriptions and deals ------------------------------------------------------------


def describe_game(kit: Kit, game: str) -> None:
    rulings = ["A1", "A2"] if game == "agency" else ["F1", "F2", "F8"]
    kit.ask(game, "game", game, rulings, method="GET", note="the deck in listed order (the order a seed shuffles), the rank order")


def deals(kit: Kit, game: str, deck: list[str], low: int, high: int, size: int) -> None:
    """Seeded deals for every seating, a deck order, hands, options, and the deals the rules refuse."""
    agency = game == "agency"
    dealing = ["A5", "A7"] if agency else ["F3", "F4"]
    if agency:
        for leader in range(4):
            kit.ask(game, "deal", f"seed-leader-{leader}", dealing + ["A14", "C1"], {"seed": 1000 + leader, "first_leader": leader})
    else:
        for players in range(low, high + 1):
            kit.ask(game, "deal", f"seed-{players}p", dealing + ["C1"], {"players": players, "seed": 1000 + players})
            kit.ask(game, "deal", f"seed-{players}p-dealer", dealing + ["C1"], {"players": players, "seed": 2000 + players, "dealer": players - 1})
    players = 4 if agency else low + 1
    kit.ask(game, "deal", "seed-0", dealing, {**seating(game, players), "seed": 0})
    kit.ask(game, "deal", "seed-max", dealing, {**seating(game, players), "seed": 2**64 - 1}, note="the largest seed, 2^64 - 1")
    kit.ask(game, "deal", "deck", dealing + ["open-1"], {**seating(game, players, 1), "deck": deck[::-1]},
            note="the listed deck reversed, dealt as a deck order; the undealt cards in listed order")
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(players)]
    kit.ask(game, "deal", "hands", ["A5", "A6"] if agency else ["F2", "F4"], {**seating(game, players), "hands": hands})
    if agency:
        options, rulings = {"offsuit_discard": True, "early_end_points": 12, "target_game_points": 3}, ["A9", "A12c", "A14"]
    elif game == "fapfap":
        options, rulings = {"stake": 5, "target": 40}, ["F6", "F7", "open-8"]
    else:
        options, rulings = {"target": 2}, ["F7"]
    kit.ask(game, "deal", "options", rulings, {**seating(game, players), "seed": 5, "options": options})
    kit.ask(game, "deal", "seat-out-of-range", ["C1"], {**seating(game, players, 4 if agency else players), "seed": 1},
            expect="validation_failed" if agency else "seat_out_of_range",
            note="Agency's seats are 0 to 3 in the schema" if agency else f"{players} players: seats 0 to {players - 1}")
    foreign = "AS" if agency else "2H"
    deck_ruling = "A1" if agency else "F2"
    kit.ask(game, "deal", "deck-foreign-card", ["C3", deck_ruling], {**seating(game, players), "deck": [foreign, *deck[1:]]},
            expect="invalid_state", note=f"{foreign} is a card, but not of this game's deck")
    kit.ask(game, "deal", "deck-repeated-card", [deck_ruling], {**seating(game, players), "deck": [deck[1], *deck[1:]]}, expect="invalid_state")
    kit.ask(game, "deal", "deck-short", ["A7" if agency else "F3"], {**seating(game, players), "deck": deck[:-1]}, expect="invalid_state")
    wrong = [hand[:-1] for hand in hands[:-1]] + [[hands[0][0], *hands[-1][1:]]]
    kit.ask(game, "deal", "hands-wrong", ["A5" if agency else "F2"], {**seating(game, players), "hands": wrong}, expect="invalid_state",
            note="every hand a card short but the last, which repeats seat 0's first card")
    kit.ask(game, "deal", "not-a-card-code", ["C3"], {**seating(game, players), "deck": [deck[0].lower(), *deck[1:]]},
            expect="validation_failed", note="only canonical codes are cards: no lower case")
    kit.ask(game, "deal", "ten-as-t", ["C3"], {**seating(game, players), "hands": [["TH", *hand[1:]] for hand in hands]},
            expect="validation_failed", note="no T for 10")
    if not agency:
        kit.ask(game, "deal", "players-too-many", ["F8"], {"players": high + 1, "seed": 1}, expect="validation_failed")
        kit.ask(game, "deal", "players-too-few", ["F8"], {"players": low - 1, "seed": 1}, expect="validation_failed")


# -- positions found by playing many hands in the rules core ----------------------------

Position = Callable[[Any, list[Any]], Any]
"""A position feature: the move (a core ``Play``) that shows it, or ``None``."""

Outcome = Callable[[Any, Any, list[Any]], bool]
"""An outcome feature: whether a play (the hand before, after, the events) shows it."""


def search(game_id: str, deal_of: Callable[[int], dict[str, Any]], positions: dict[str, Position], outcomes: dict[str, Outcome],
           tries: int) -> dict[str, tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]]:
    """Play seeded random hands in the rules core until each feature is seen.

    Returns:
        For each feature: the deal request, the moves before the position
        and the move that shows it (as the API writes them).

    Raises:
        AssertionError: a feature not seen in ``tries`` hands.
    """
    from service.games import GAMES
    from service.schemas.records import dump_play

    game = GAMES[game_id]
    found: dict[str, tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]] = {}
    for number in range(tries):
        if len(found) == len(positions) + len(outcomes):
            break
        deal = deal_of(number)
        rng = random.Random(f"search-{game_id}-{number}")
        seats = {key: deal[key] for key in ("first_leader", "players", "dealer") if key in deal}
        hand = game.deal(seed=deal["seed"], options=deal.get("options"), **seats)
        moves: list[dict[str, Any]] = []
        while not hand.hand_over:
            legal = hand.legal_moves()
            for name, feature in positions.items():
                move = None if name in found else feature(hand, legal)
                if move is not None:
                    found[name] = (deal, list(moves), dump_play(move))
            move = rng.choice(legal)
            after, events = game.play(hand, move)
            for name, outcome in outcomes.items():
                if name not in found and outcome(hand, after, events):
                    found[name] = (deal, list(moves), dump_play(move))
            moves.append(dump_play(move))
            hand = after
    missing = (set(positions) | set(outcomes)) - set(found)
    assert not missing, f"{game_id}: not seen in {tries} hands: {sorted(missing)}"
    return found


def _led(hand: Any) -> str | None:
    return next((play.card.suit for play in hand.plays if not play.card.is_wall), None)


AGENCY_POSITIONS: dict[str, tuple[list[str], Position]] = {
    "wall-lead": (["A8", "A10"], lambda hand, legal: None if hand.plays else next((m for m in legal if m.card.is_wall), None)),
    "walls-from-two-holders": (["A6", "open-3"], lambda hand, legal: next(
        (m for m in legal if m.card.is_wall), None) if len({m.holder for m in legal if m.card.is_wall}) > 1 else None),
    "offsuit-discard": (["A9"], lambda hand, legal: next(
        (m for m in legal if hand.plays and _led(hand) and not m.card.is_wall and m.card.suit not in (_led(hand), "V")), None)
        if hand.options["offsuit_discard"] else None),
}
"""Agency positions a random hand meets now and then: the rulings each shows, and how to find it."""

AGENCY_OUTCOMES: dict[str, tuple[list[str], Outcome]] = {
    "discarded": (["A12a", "open-4"], lambda before, after, events: any(event.type == "trick_discarded" for event in events)),
    "out-of-cards": (["A12b"], lambda before, after, events: after.end == "out_of_cards"
                     and max(after.team_points) < after.options["early_end_points"]),
    "out-of-cards-and-points": (["A12b", "A12c", "open-2"], lambda before, after, events: after.end == "out_of_cards"
                                and max(after.team_points) >= after.options["early_end_points"]),
    "points-reached": (["A12c"], lambda before, after, events: after.end == "points_reached"),
    "tie-on-points": (["A13"], lambda before, after, events: after.hand_over and bool(after.tricks)
                      and after.team_points[0] == after.team_points[1]),
}
"""Agency's ends of a hand (A12, A13), each from a play that brings it."""

AGENCY_SEARCH_OPTIONS: tuple[dict[str, Any], ...] = ({}, {"offsuit_discard": True}, {"early_end_points": 40}, {"offsuit_discard": True, "early_end_points": 40})

FAMILY_OUTCOMES: dict[str, dict[str, tuple[list[str], Outcome]]] = {
    "fapfap": {
        "multiplier-2": (["F2", "F6"], lambda before, after, events: after.hand_over and after.game.score(after).multiplier == 2),
        "multiplier-4": (["F2", "F6", "open-9"], lambda before, after, events: after.hand_over and after.game.score(after).multiplier == 4),
    },
    "spar": {
        "points-3": (["F2"], lambda before, after, events: after.hand_over and after.game.score(after).points == 3),
        "points-2": (["F2"], lambda before, after, events: after.hand_over and after.game.score(after).points == 2),
    },
}
"""The Agram family's rarer results (F2, F6), each from the play that ends the hand."""


def shown_by_play(game: str, named: list[str], answer: dict[str, Any]) -> list[str]:
    """A found play's rulings: what it was found for, and what its answer shows."""
    return play_rulings(game, answer) + named


def found_positions(kit: Kit, game: str, low: int, high: int) -> None:
    """The rarer positions and ends, each as its legal moves, the play that shows it and what follows."""
    if game == "agency":
        positions, outcomes = AGENCY_POSITIONS, AGENCY_OUTCOMES

        def deal_of(number: int) -> dict[str, Any]:
            options = AGENCY_SEARCH_OPTIONS[number % len(AGENCY_SEARCH_OPTIONS)]
            return {"seed": 500 + number, "first_leader": number % 4, **({"options": options} if options else {})}
    else:
        positions, outcomes = {}, FAMILY_OUTCOMES.get(game, {})

        def deal_of(number: int) -> dict[str, Any]:
            players = low + number % (high - low + 1)
            return {"players": players, "seed": 500 + number, "dealer": number % players}
    if not positions and not outcomes:
        return
    found = search(game, deal_of, {name: feature for name, (_, feature) in positions.items()},
                   {name: outcome for name, (_, outcome) in outcomes.items()}, tries=4000)
    for name, (deal, moves, move) in sorted(found.items()):
        rulings = {**positions, **outcomes}[name][0]
        state = kit.state_at(game, deal, moves)
        legal = kit.ask(game, "legal-moves", name, position_rulings(game, state, []) + rulings, {"state": state})
        assert move in legal["moves"]
        answer = kit.ask(game, "play", name, functools.partial(shown_by_play, game, rulings), {"state": state, "move": move})
        after = answer["state"]
        if name == "walls-from-two-holders":
            kit.ask(game, "refusal", name, rulings, {"state": state, "move": {"seat": move["seat"], "card": "W"}}, operation="play",
                    expect="holder_required", note="a Wall in reach in both holders: the move must say which")
        if name == "wall-lead" and not after["hand_over"]:
            moves_after = kit.ask(game, "legal-moves", f"{name}-next", ["A10"], {"state": after})["moves"]
            walls = [m for m in moves_after if m["card"] == "W"]
            assert not walls, "a second Wall is never legal (A10)"
            reach = [entry for entry in after["reach"][after["to_act"]] if "W" in entry["cards"]]
            if reach:
                kit.ask(game, "refusal", f"{name}-second-wall", ["A10"],
                        {"state": after, "move": {"seat": after["to_act"], "card": "W", "holder": reach[0]["holder"]}},
                        operation="play", expect="wall_not_allowed")
        if after["hand_over"]:
            kit.ask(game, "score", name, rulings + end_rulings(game, after), {"state": after})


# -- matches ------------------------------------------------------------------------------


def family_matches(kit: Kit, game: str, finished: dict[str, Any], running: dict[str, Any], deck: list[str], rng: random.Random) -> None:
    """The next hand of an Agram-family match (F7), and the next hands refused."""
    players, winner = finished["players"], finished["winner"]
    kit.ask(game, "match", "next-hand", ["F4", "F7"], {"previous": finished, "seed": 2}, operation="deal",
            note="the winner of the last hand deals; the seat after it leads")
    kit.ask(game, "match", "next-hand-seated", ["F7"], {"previous": finished, "players": players, "dealer": winner, "seed": 3}, operation="deal")
    kit.ask(game, "match", "other-players", ["F7", "open-7"], {"previous": finished, "seed": 1, "players": 3 if players == 2 else 2},
            operation="deal", expect="match_mismatch")
    kit.ask(game, "match", "other-dealer", ["F7", "open-7"], {"previous": finished, "seed": 1, "dealer": (winner + 1) % players}, operation="deal",
            expect="match_mismatch")
    options = {"stake": 2} if game == "fapfap" else {"target": 9}
    kit.ask(game, "match", "other-options", ["open-7"], {"previous": finished, "seed": 1, "options": options}, operation="deal", expect="match_mismatch")
    kit.ask(game, "match", "hand-not-over", ["F7"], {"previous": running, "seed": 1}, operation="deal", expect="hand_not_over")
    # A match played to its target: hand 1 with a target of 1 (Fapfap: a balance of 1) ends it.
    over, _, _ = play_out(kit, game, "target-1", {"players": 3, "seed": 77, "options": {"target": 1}}, random_chooser(rng), deck, rng,
                          every_ply=False, kind="match")
    assert over["match"]["over"], over["match"]
    kit.ask(game, "match", "after-the-target", ["F7"] + (["open-8"] if game == "fapfap" else []), {"previous": over, "seed": 1}, operation="deal",
            expect="match_over")
    # A second hand, with the tally so far.
    second = kit.ask(game, "match", "hand-2", ["F7"], {"previous": finished, "seed": 4}, operation="deal")["state"]
    state = second
    while not state["hand_over"]:
        status, legal = kit.transport.send("POST", f"/v1/games/{game}/legal-moves", {"state": state})
        status, answer = kit.transport.send("POST", f"/v1/games/{game}/play", {"state": state, "move": rng.choice(legal["moves"])})
        state = answer["state"]
    kit.ask(game, "match", "hand-2-over", ["F7"] + (["F6"] if game == "fapfap" else []), {"state": state}, operation="score")
    kit.ask(game, "match", "hand-3", ["F7"], {"previous": state, "seed": 5}, operation="deal", note="the tally of two hands carried")


def agency_matches(kit: Kit, decided: dict[int, dict[str, Any]], running: dict[str, Any], deck: list[str], rng: random.Random) -> None:
    """The next hands of Agency matches (A14): who leads, void hands, the target."""
    game = "agency"
    for team, finished in sorted(decided.items()):
        loser = 1 - team
        kit.ask(game, "match", f"won-by-{team}-next", ["A14", "open-6"], {"previous": finished, "seed": 3}, operation="deal",
                note=f"team {loser} lost: its lower seat leads when the deal names no leader")
        kit.ask(game, "match", f"won-by-{team}-upper-seat", ["A14"], {"previous": finished, "seed": 3, "first_leader": loser + 2},
                operation="deal")
        kit.ask(game, "match", f"won-by-{team}-winner-leads", ["A14", "open-6"], {"previous": finished, "seed": 3, "first_leader": team},
                operation="deal", expect="leader_not_from_losing_team")
    finished = decided[0]
    limit = {**finished, "match": {"hand": 1_000_000, "previous": [0, 0], "chooser": None}}
    kit.ask(game, "match", "hand-limit", ["A14"], {"previous": limit, "seed": 1}, operation="deal", expect="match_over",
            note="a match has at most 1,000,000 hands")
    kit.ask(game, "match", "other-options", ["open-7"], {"previous": finished, "seed": 1, "options": {"offsuit_discard": True}}, operation="deal",
            expect="match_mismatch")
    kit.ask(game, "match", "hand-not-over", ["A14"], {"previous": running, "seed": 1}, operation="deal", expect="hand_not_over")
    over, _, _ = play_out(kit, game, "target-1", {"seed": 77, "options": {"target_game_points": 1}}, random_chooser(rng), deck, rng,
                          every_ply=False, kind="match")
    assert over["match"]["over"], over["match"]
    kit.ask(game, "match", "after-the-target", ["A14"], {"previous": over, "seed": 1}, operation="deal", expect="match_over")
    # A void first hand: nobody chose, so any seat may lead the next (open-5).
    void, _, _ = play_out(kit, game, "void-first", {"hands": VOID_HANDS, "first_leader": 1}, by_cards(["1M", "W"]), deck, rng,
                          every_ply=False, kind="match")
    assert void["winner"] is None and not void["tricks"], void
    kit.ask(game, "match", "after-void-first", ["A13", "A14", "open-5"], {"previous": void, "seed": 5, "first_leader": 2}, operation="deal")
    # A void second hand: the team that chose before (team 1, which lost hand 1) chooses again (A14).
    hand2, _, _ = play_out(kit, game, "void-second", {"previous": decided[0], "hands": VOID_HANDS, "first_leader": 1}, by_cards(["1M", "W"]),
                           deck, rng, every_ply=False, kind="match")
    assert hand2["match"]["chooser"] == 1 and hand2["winner"] is None, hand2["match"]
    kit.ask(game, "match", "after-void-second", ["A14"], {"previous": hand2, "seed": 6}, operation="deal",
            note="team 1 chose hand 2's leader and chooses again after the void hand: seat 1 leads")
    kit.ask(game, "match", "after-void-second-team-0", ["A14"], {"previous": hand2, "seed": 6, "first_leader": 0}, operation="deal",
            expect="leader_not_from_losing_team")


# -- tricks judged without a state ------------------------------------------------------


def family_tricks(kit: Kit, game: str, deck: list[str], high: int) -> None:
    """F1: the highest card of the led suit wins; the trick's plays refused (open-10)."""
    by_suit = {s: [card for card in deck if suit(card) == s] for s in "SHDC"}
    hearts, diamonds = by_suit["H"], by_suit["D"]

    def plays(cards: list[str], first: int = 0) -> dict[str, Any]:
        return {"plays": [{"seat": first + index, "card": card} for index, card in enumerate(cards)]}

    kit.ask(game, "trick-winner", "led-suit-wins", ["F1"], plays([hearts[-1], hearts[0], diamonds[0]]),
            note="the ace of another suit never wins")
    kit.ask(game, "trick-winner", "lead-holds", ["F1"], plays([hearts[3], hearts[5], by_suit["S"][0], by_suit["C"][0]]))
    kit.ask(game, "trick-winner", "one-play", ["F1"], plays([diamonds[-1]], first=3))
    kit.ask(game, "trick-winner", "full-table", ["F1"], plays([by_suit["C"][i] for i in (5, 1, 4, 2, 6, 3, 0)][:high]))
    kit.ask(game, "trick-winner", "round-to-seat-0", ["C1", "open-10"],
            {"plays": [{"seat": 2, "card": hearts[4]}, {"seat": 0, "card": hearts[2]}, {"seat": 1, "card": hearts[6]}]},
            note="the table's size is not given: after seat 2, seat 3 or seat 0 may play")
    refused = {
        "seat-twice": {"plays": [{"seat": 0, "card": hearts[0]}, {"seat": 0, "card": hearts[1]}]},
        "out-of-turn": {"plays": [{"seat": 0, "card": hearts[0]}, {"seat": 2, "card": hearts[1]}]},
        "card-twice": {"plays": [{"seat": 0, "card": hearts[0]}, {"seat": 1, "card": hearts[0]}]},
        "not-in-deck": plays([hearts[0], "2H"]),
    }
    for name, body in refused.items():
        kit.ask(game, "trick-winner", name, ["C1", "open-10"] + (["C3", "F2"] if name == "not-in-deck" else []), body,
                expect="invalid_trick")
    kit.ask(game, "trick-winner", "too-many-plays", ["F8"], {"plays": [{"seat": index, "card": card} for index, card in enumerate(deck[: high + 1])]},
            expect="validation_failed", note=f"at most {high} seats: a trick has at most {high} plays (the schema refuses more)")


def agency_tricks(kit: Kit) -> None:
    """A2, A3, A10, A11: Vans win, then the led suit; a Wall never wins; the trick's plays refused (open-10)."""
    game = "agency"

    def plays(cards: list[str], first: int = 0, holders: bool = False) -> dict[str, Any]:
        return {"plays": [{"seat": (first + i) % 4, "card": card, **({"holder": (first + i) % 4} if holders else {})}
                          for i, card in enumerate(cards)]}

    kit.ask(game, "trick-winner", "van-wins", ["A2", "A11", "A3"], plays(["9M", "2M", "1V", "5M"]), note="the only Van wins")
    kit.ask(game, "trick-winner", "highest-van", ["A2", "A11"], plays(["3V", "9V", "1B", "8V"], first=2))
    kit.ask(game, "trick-winner", "led-suit", ["A11", "A3"], plays(["3H", "5H", "9H", "7M"], first=1), note="3H, 5H and 7M: 8 points")
    kit.ask(game, "trick-winner", "wall-led", ["A10", "A11", "A3"], plays(["W", "3B", "9B", "1B"], first=3, holders=True),
            note="after a Wall lead the next card sets the led suit; the Wall is worth 2 and never wins")
    kit.ask(game, "trick-winner", "wall-follows", ["A10", "A11", "A3"], plays(["5M", "W", "2H", "9H"]))
    kit.ask(game, "trick-winner", "one-play", ["A11"], plays(["7B"], first=2))
    kit.ask(game, "trick-winner", "holder-before", ["A5", "A11"], {"plays": [{"seat": 1, "card": "4H", "holder": 0}, {"seat": 2, "card": "6H"}]})
    refused: dict[str, tuple[list[str], dict[str, Any]]] = {
        "only-a-wall": (["A11", "open-10"], plays(["W"])),
        "two-walls": (["A10", "open-10"], plays(["4B", "W", "W"])),
        "holder-not-beside": (["A5", "open-10"], {"plays": [{"seat": 0, "card": "4B", "holder": 2}]}),
        "out-of-turn": (["C1", "open-10"], {"plays": [{"seat": 0, "card": "4B"}, {"seat": 2, "card": "5B"}]}),
        "seat-twice": (["C1", "open-10"], {"plays": [{"seat": 0, "card": "4B"}, {"seat": 0, "card": "5B"}]}),
        "card-twice": (["open-10"], plays(["4B", "4B"])),
        "not-in-deck": (["A1", "C3", "open-10"], plays(["AH", "4H"])),
    }
    for name, (rulings, body) in refused.items():
        kit.ask(game, "trick-winner", name, rulings, body, expect="invalid_trick")
    kit.ask(game, "trick-winner", "too-many-plays", ["A4"], plays(["1H", "2H", "3H", "4H", "5H"]), expect="validation_failed",
            note="four seats: a trick has at most four plays (the schema refuses more)")


# -- check: every problem of a broken state ---------------------------------------------


MINIMAL = ("rules_version", "schema_version", "game", "options", "players", "dealer", "first_leader", "tricks", "trick")
"""The members of a state the referee needs (its deal aside): the rest is derived and may be left out."""


def _with(state: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``state`` with the member at ``path`` (``a.b.0``) set to ``value``."""
    import copy

    changed = copy.deepcopy(state)
    *parents, last = path.split(".")
    target: Any = changed
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return changed


def checks(kit: Kit, game: str, mid: dict[str, Any], finished: dict[str, Any], ended: dict[str, Any] | None,
           closed: dict[str, Any] | None, deck: list[str]) -> None:
    """``check`` on valid and broken states: each problem listed (and, for a
    few, the same state refused by legal-moves and play with ``invalid_state``).
    ``mid`` is a hand in play after its first trick, ``finished`` one over,
    ``ended`` (Agency) one ended by A12a with a discarded trick, ``closed``
    (Agency) one ended after a trick (A12b or c)."""
    agency = game == "agency"
    players = 4 if agency else mid["players"]
    cards = "holders" if agency else "hands"
    hands = mid["deal"]["hands"]
    foreign = "AS" if agency else "2H"
    first = mid["tricks"][0]
    follower = first["plays"][1]
    broken: dict[str, tuple[list[str], dict[str, Any]]] = {
        "valid": (["C1", "C2"], mid),
        "valid-finished": (["C2"] + end_rulings(game, finished), finished),
        "valid-minimal": (["C1", "C2"], {**{key: value for key, value in mid.items() if key in MINIMAL}, "deal": {"hands": hands}}),
        "trick-short": (["C2"], _with(mid, "tricks.0.plays", first["plays"][:-1])),
        "trick-leader-after-the-end": (["C2"], {**finished, "trick": {"leader": (finished["tricks"][-1]["winner"] + 1) % players, "plays": []}}),
        "trick-plays-after-the-end": (["C2"], {**finished, "trick": {"leader": finished["tricks"][-1]["winner"],
                                                                      "plays": [{"seat": finished["tricks"][-1]["winner"], "card": deck[0],
                                                                                 **({"holder": finished["tricks"][-1]["winner"]} if agency else {})}]}}),
        "deal-seat-missing": (["A5"] if agency else ["F2"], _with(mid, "deal.hands", hands[:-1])),
        f"{cards}-seat-missing": (["A5"] if agency else ["F2"], {**mid, cards: mid[cards][:-1]}),
        f"{cards}-reversed": (["A5"] if agency else ["F2"], {**mid, cards: mid[cards][::-1]}),
        "to-act": (["C1", "C2"], {**mid, "to_act": (mid["to_act"] + 1) % players}),
        "hand-over": (["A12a"] if agency else ["F2"], {**mid, "hand_over": True}),
        "winner-while-running": (["A13"] if agency else ["F2"], {**mid, "winner": 0}),
        "seed": (["A7"] if agency else ["F3"], _with(_with(mid, "deal.seed", mid["deal"]["seed"] + 1), "deal.seed_text", str(mid["deal"]["seed"] + 1))),
        "seed-text": (["A7"] if agency else ["F3"], _with(mid, "deal.seed_text", str(mid["deal"]["seed"] + 1))),
        "deal-foreign-card": (["C3", "A1" if agency else "F2"], _with(mid, "deal.hands.0.0", foreign)),
        "deal-repeated-card": (["A1" if agency else "F2"], _with(mid, "deal.hands.1.0", hands[0][0])),
        "deal-short-hand": (["A5"] if agency else ["F2"], _with(mid, "deal.hands.0", hands[0][:-1])),
        "undealt": (["open-1"], _with(mid, "deal.undealt", mid["deal"]["undealt"][::-1])),
        "trick-leader": (["C2"], _with(mid, "trick.leader", (mid["trick"]["leader"] + 1) % players)),
        "trick-won-by": (["C2", "A11" if agency else "F1"], _with(mid, "tricks.0.winner", (first["winner"] + 1) % players)),
        "trick-won-with": (["A11" if agency else "F1"], _with(mid, "tricks.0.card", follower["card"] if follower["card"] != first["card"]
                                                                 else first["plays"][0]["card"])),
        "trick-out-of-turn": (["C1"], _with(mid, "tricks.0.plays", first["plays"][::-1])),
        "trick-card-not-held": (["A5", "A6"] if agency else ["F2"], _with(mid, "tricks.0.plays.0.card", hands[1][-1])),
        "trick-complete-in-progress": (["C2"], {**mid, "tricks": [], "trick": {"leader": first["leader"], "plays": first["plays"]}}),
        "match-tally": (["A14"] if agency else ["F7"], _with(mid, "match.tally", [1] + [0] * (len(mid["match"]["tally"]) - 1))),
        "match-target-reached": (["A14"] if agency else ["F7"],
                                 {**_with(mid, "match.previous", [5, 0] if agency else [9] + [0] * (players - 1)),
                                  "match": {"hand": 10, "previous": [5, 0] if agency else [9] + [0] * (players - 1)}}),
        "match-first-hand-tally": (["A14"] if agency else ["F7"], {**mid, "match": {"hand": 1, "previous": [1] + [0] * (len(mid["match"]["previous"]) - 1)}}),
    }
    if game != "fapfap":  # a balance may be negative (F6)
        broken["match-negative"] = (["A14"] if agency else ["F7"], {**mid, "match": {"hand": 2, "previous": [-1, 1] + [0] * (len(mid["match"]["previous"]) - 2)}})
    if agency:
        broken |= {
            "team-points": (["A3", "A4"], {**mid, "team_points": [mid["team_points"][1] + 1, mid["team_points"][0]]}),
            "end": (["A12b"], {**mid, "end": "out_of_cards"}),
            "reach": (["A6"], _with(mid, "reach.0.0.cards", mid["reach"][0][0]["cards"][1:])),
            "trick-points": (["A3"], _with(mid, "tricks.0.points", first["points"] + 2)),
            "deal-wall": (["A1", "A5"], _with(mid, "deal.hands.0.0", "W")),
            "match-chooser-first-hand": (["A14"], _with(mid, "match.chooser", 1)),
            "match-chooser-missing": (["A14"], {**mid, "match": {"hand": 2, "previous": [1, 0], "chooser": None}}),
            "match-chooser-winner": (["A14"], {**mid, "first_leader": 0, "match": {"hand": 2, "previous": [1, 0], "chooser": 0}}),
            "match-leader-not-chooser": (["A14"], {**mid, "first_leader": 0, "match": {"hand": 3, "previous": [1, 1], "chooser": 1}}),
        }
        if closed is not None:
            broken["tricks-after-the-end"] = ([AGENCY_ENDS[closed["end"]]], {**closed, "tricks": closed["tricks"] + [closed["tricks"][-1]]})
        if ended is not None:
            seat = (ended["trick"]["leader"] + len(ended["trick"]["plays"])) % 4
            card = next(card for card in ended["holders"][seat] if card != "W")
            late = {"seat": seat, "card": card, "holder": seat}
            broken["play-after-no-legal-play"] = (["A12a"], _with(ended, "trick.plays", ended["trick"]["plays"] + [late]))
    else:
        seat_after = (mid["dealer"] + 1) % players
        broken |= {
            "dealer-not-a-seat": (["C1"], {**mid, "dealer": players}),
            "match-previous-length": (["F7"], _with(mid, "match.previous", [0] * (players + 1))),
            "trick-missing": (["F2"], {**mid, "trick": None}),
            "trick-after-the-end": (["F2"], {**finished, "trick": {"leader": finished["winner"], "plays": []}}),
            "match-not-after-the-dealer": (["F7"], {**mid, "match": {"hand": 2, "previous": [1 if seat == seat_after else 0 for seat in range(players)]}}),
        }
        if game == "spar":
            broken["match-more-winners-than-hands"] = (["F2", "F7"], {**mid, "match": {"hand": 2, "previous": [1, 1] + [0] * (players - 2)}})
        if game == "fapfap":
            one_hand = [players - 1 if seat == seat_after else -1 for seat in range(players)]
            broken["match-not-after-the-dealer"] = (["F6", "F7"], {**mid, "match": {"hand": 2, "previous": one_hand}})
            broken["match-balance-not-zero"] = (["F6"], {**mid, "match": {"hand": 2, "previous": [1] + [0] * (players - 1)}})
            broken["match-balance-not-stake"] = (["F6"], {**mid, "options": {**mid["options"], "stake": 2},
                                                          "match": {"hand": 3, "previous": [3, -3] + [0] * (players - 2)}})
    for name, (rulings, state) in broken.items():
        answer = kit.ask(game, "check", name, rulings, {"state": state})
        assert answer["valid"] == name.startswith("valid"), (game, name, answer)
    kit.ask(game, "check", "legal-moves-refused", ["C1", "C2"], {"state": broken["to-act"][1]}, operation="legal-moves",
            expect="invalid_state")
    kit.ask(game, "check", "play-refused", ["C2"], {"state": broken["trick-leader"][1], "move": {"seat": 0, "card": deck[0]}},
            operation="play", expect="invalid_state")
    kit.ask(game, "check", "score-refused", ["C3"], {"state": broken["deal-foreign-card"][1]}, operation="score", expect="invalid_state")
    kit.ask(game, "check", "rules-version", [], {"state": {**mid, "rules_version": "2"}}, expect="unsupported_version")
    kit.ask(game, "check", "schema-version", [], {"state": {**mid, "schema_version": 2}}, operation="legal-moves",
            expect="unsupported_version")


# -- transcripts ---------------------------------------------------------------------------


def replays(kit: Kit, game: str, deal: dict[str, Any], moves: list[dict[str, Any]], finished: dict[str, Any], rng: random.Random) -> None:
    """A whole hand replayed, half a hand, an illegal move located, and two hands of a match."""
    kit.ask(game, "replay", "whole-hand", play_rulings(game, {"events": [], "state": finished}) + end_rulings(game, finished),
            {"deal": deal, "moves": moves})
    kit.ask(game, "replay", "half-hand", ["C1", "C2"], {"deal": deal, "moves": moves[: len(moves) // 2]})
    wrong = [dict(move) for move in moves]
    wrong[3]["seat"] = (wrong[3]["seat"] + 1) % (4 if game == "agency" else deal["players"])
    kit.ask(game, "replay", "out-of-turn", ["C1", "C2"], {"deal": deal, "moves": wrong}, expect="not_your_turn",
            note="moves[3] of hand 1 is by the wrong seat: hand and index locate it")
    status, next_hand = kit.transport.send("POST", f"/v1/games/{game}/deal", {"previous": finished, "seed": 8})
    assert status == 200, next_hand
    second: list[dict[str, Any]] = []
    state = next_hand["state"]
    while not state["hand_over"]:
        status, legal = kit.transport.send("POST", f"/v1/games/{game}/legal-moves", {"state": state})
        second.append(rng.choice(legal["moves"]))
        status, played = kit.transport.send("POST", f"/v1/games/{game}/play", {"state": state, "move": second[-1]})
        state = played["state"]
    kit.ask(game, "replay", "two-hands", ["A14"] if game == "agency" else ["F7"],
            {"deal": deal, "moves": moves, "next_hands": [{"deal": {"seed": 8}, "moves": second}]})
    if game == "agency":
        refused, code, rulings = {"seed": 8, "first_leader": finished["winner"]}, "leader_not_from_losing_team", ["A14"]
    else:
        refused, code, rulings = {"seed": 8, "dealer": (finished["winner"] + 1) % deal["players"]}, "match_mismatch", ["F7", "open-7"]
    kit.ask(game, "replay", "second-deal-refused", rulings, {"deal": deal, "moves": moves, "next_hands": [{"deal": refused, "moves": []}]},
            expect=code)
    kit.ask(game, "replay", "second-hand-illegal", ["C1"],
            {"deal": deal, "moves": moves, "next_hands": [{"deal": {"seed": 8}, "moves": second[1:]}]}, expect="not_your_turn")
    lines = []
    for hand in (finished, state):
        status, recorded = kit.transport.send("POST", f"/v1/games/{game}/record", {"state": hand})
        assert status == 200, recorded
        lines.append(recorded["record"])
    kit.ask(game, "replay", "two-hands-records", ["A14"] if game == "agency" else ["F7"], {"records": lines},
            note="a match's records, each hand's in order: answered as the same two hands with next_hands")
    answer = kit.ask(game, "replay", "records-out-of-order", ["A14"] if game == "agency" else ["F7"], {"records": lines[::-1]},
                     expect="match_mismatch", note="the second hand's record first: the first hand's record (no match part) does not follow it")
    assert answer["record"] == 1 and answer["hand"] == 2, answer


# -- records ----------------------------------------------------------------------------------


RECORD_RULINGS = ["C1", "C2", "C3"]
"""What a record rests on (docs/notation.md): card codes (C3), and the seat of
each play following from the rules (C1: seats play in turn; C2: the winner
of a trick leads the next)."""


def records(kit: Kit, game: str, walked: list[tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]],
            deck: list[str]) -> None:
    """Records (docs/notation.md): the record of a hand just dealt, in play
    and over, from a seed and from dealt cards, and of a later hand of a
    match; the replay of each record, and of a lenient spelling; records
    refused with the ``position`` of the first character at fault: a wrong
    rules version, an unknown card, a line cut short, a card dealt twice, a
    card the seat does not hold, a play after the hand ended, a result that
    is not the hand's."""
    from service.errors import RefereeError
    from service.notation import Part, read_record, replay_record

    deal, _, states = walked[0]
    players = 4 if game == "agency" else deal["players"]
    start, mid, finished = states[0], states[players + 1], states[-1]

    def record_of(name: str, state: dict[str, Any], rulings: list[str], note: str | None = None) -> str:
        line: str = kit.ask(game, "record", name, RECORD_RULINGS + rulings, {"state": state}, note=note)["record"]
        kit.ask(game, "record", f"{name}-replay", RECORD_RULINGS + rulings, {"record": line}, operation="replay")
        return line

    def refused(name: str, line: str, code: str, position: int, rulings: list[str], note: str) -> None:
        answer = kit.ask(game, "record", name, rulings, {"record": line}, operation="replay", expect=code, note=note)
        assert answer["position"] == position, (name, line, answer)

    record_of("deal", start, [])
    running = record_of("in-play", mid, position_rulings(game, mid, []))
    over = record_of("over", finished, end_rulings(game, finished), note="a finished hand's record ends with its result")
    seat_of = {"first_leader": deal["first_leader"]} if game == "agency" else {"players": players, "dealer": deal["dealer"]}
    status, by_hands = kit.transport.send("POST", f"/v1/games/{game}/deal", {
        **seat_of, "options": finished["options"], "hands": [[card for card in hand] for hand in finished["deal"]["hands"]]})
    assert status == 200, by_hands
    dealt = record_of("dealt-cards", by_hands["state"], [], note="dealt card by card, seat 0 first, / between seats")
    status, later = kit.transport.send("POST", f"/v1/games/{game}/deal", {"previous": finished, "seed": 8})
    assert status == 200, later
    record_of("later-hand", later["state"], ["A14"] if game == "agency" else ["F7"], note="a later hand carries its match's tally")
    plays_at = read_record(over).where.plays[0]
    lenient = "  " + (over[:plays_at] + over[plays_at:].replace("10", "T")).upper().replace(" ", " \t ") + "\r\n"
    kit.ask(game, "record", "lenient-replay", RECORD_RULINGS, {"record": lenient}, operation="replay",
            note="the lenient form: any case, T for 10, runs of spaces and tabs, a final line break")
    header = len(f"{game}/{RULES_VERSION}")
    options = {"agency": "offsuit_discard=true early_end_points=12", "fapfap": "stake=3 target=2"}.get(game, "target=9")
    with_options = kit.ask(game, "record", "options-replay", RECORD_RULINGS, {"record": f"{running[:header]} {options}{running[header:]}"},
                           operation="replay", note="the options that differ from the defaults, after the header")
    kit.ask(game, "record", "options", RECORD_RULINGS, {"state": with_options["state"]}, note="options in the order the game lists them")
    null = {"agency": "early_end_points", "fapfap": "stake"}.get(game, "target")
    refused("option-null", f"{running[:header]} {null}=null{running[header:]}", "record_invalid", header + len(null) + 2,
            {"agency": ["A12c"], "fapfap": ["F6"]}.get(game, ["F7"]),
            f"{null} takes a whole number, not null: the position of the value")
    slash = over.index("/")
    refused("wrong-version", over[:slash + 1] + "2" + over[slash + 2:], "record_invalid", slash + 1, ["C3"],
            "another rules version: the position of the version")
    first_play = read_record(running).where.plays[0]
    unknown = next(rank + suit_ for rank in ("A", "K", "Q", "J", "10", "9") for suit_ in "SHDCMBV" if rank + suit_ not in deck)
    first_code = running[first_play:].split(" ")[0]
    length = 2 if first_code.startswith("W") else 3 if first_code.startswith("10") else 2
    refused("unknown-card", running[:first_play] + unknown + running[first_play + length:], "record_invalid", first_play, ["C3"],
            f"{unknown} is no card of the deck: the position of the play")
    refused("cut-short", running[:-1], "record_invalid", len(running) - 1, ["C3"], "a line cut inside its last play: the end of the line")
    deal_at = read_record(dealt).where.parts
    hands_at = read_record(dealt).where.hands
    first, second = (3 if dealt[at:].startswith("10") else 2 for at in hands_at[:2])
    twice = dealt[:hands_at[1]] + dealt[hands_at[0]:hands_at[0] + first] + dealt[hands_at[1] + second:]
    refused("dealt-twice", twice, "invalid_state", deal_at[Part.DEAL], ["A1"] if game == "agency" else ["F2"],
            "seat 0's first card dealt to seat 1 too: the position of the deal")
    # A card the seat to lead does not hold, at the first play.
    record = read_record(running)
    for card in (code for seat, hand in enumerate(finished["deal"]["hands"]) if seat != record.plays[0].seat for code in hand):
        line = running[:first_play] + card + running[first_play + length:]
        try:
            replay_record(read_record(line))
        except RefereeError as refusal:
            if refusal.code == "card_not_available":
                refused("not-held", line, "card_not_available", first_play, ["A5"] if game == "agency" else ["F2"],
                        "the first play names a card another seat was dealt: the position of the play")
                break
    ended = over.rsplit(" ", 1)[0]
    refused("after-the-end", f"{ended} {finished['deal']['hands'][0][0]}", "hand_over", len(ended) + 1, end_rulings(game, finished),
            "a play after the hand ended: the position of the play")
    winner = finished["winner"]
    other = "0" if winner != 0 else "1"
    refused("wrong-result", f"{ended} ={other}", "invalid_state", len(ended) + 1, end_rulings(game, finished),
            "a stated result that is not the hand's: the position of the =")


# -- perft ------------------------------------------------------------------------------------


def perft(kit: Kit, game: str, positions: dict[str, dict[str, Any]]) -> None:
    """Perft from each position, counted with the rules core, a line per depth
    until a count passes ``PERFT_LIMIT`` (or the hand can go no deeper)."""
    from service.games import GAMES, Trust
    from service.schemas.games import schemas_for
    from service.schemas.reading import read

    rules = GAMES[game]
    rulings = ["A5", "A6", "A8", "A9", "A10", "A11", "C2"] if game == "agency" else ["C2", "F1", "F4", "F5"]
    for position, state in positions.items():
        hand = rules.build(read(schemas_for(game).state(), {**state}), Trust.RESTORE)
        depth, counts = 1, [0]
        while True:
            counts = core_counts(rules, hand, depth)
            if counts[-1] == 0:
                counts.pop()
                break
            if counts[-1] > PERFT_LIMIT:
                break
            depth += 1
        for depth, count in enumerate(counts, start=1):
            kit.keep(game, "perft", f"{position}-d{depth}", rulings, {}, {}, position=position, state=state, depth=depth, count=count)


# -- the whole kit -------------------------------------------------------------------------


def walk_name(game: str, deal: dict[str, Any]) -> str:
    """A played-out hand's name in its cases' ids: Agency's seed, or the Agram family's player count."""
    return f"s{deal['seed']}" if game == "agency" else f"{deal['players']}p"


def generate(transport: Transport | None = None) -> Kit:
    """Every case of the kit, sent to ``transport`` (default: this referee in-process, open mode)."""
    from service.games import GAMES

    kit = Kit(transport or AppTransport())
    for game, counts in PLAYERS.items():
        rules = GAMES[game]
        deck = [card.code for card in rules.deck]
        rng = random.Random(f"conformance-{game}")
        describe_game(kit, game)
        deals(kit, game, deck, rules.min_players, rules.max_players, rules.hand_size)
        walked: list[tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]] = []
        configs: list[dict[str, Any]]
        if game == "agency":
            configs = [{"seed": 7, "first_leader": 0}, {"seed": 8, "first_leader": 1, "options": {"offsuit_discard": True}},
                       {"seed": 9, "first_leader": 2, "options": {"early_end_points": 12}}, {"seed": 10, "first_leader": 3}]
        else:
            configs = [{"players": players, "seed": 100 + players, "dealer": players // 2} for players in counts]
        for deal in configs:
            final, moves, states = play_out(kit, game, walk_name(game, deal), deal, random_chooser(rng), deck, rng)
            walked.append((deal, moves, states))
        found_positions(kit, game, rules.min_players, rules.max_players)
        deal, moves, states = walked[0]
        players = 4 if game == "agency" else deal["players"]
        mid, finished = states[players + 1], states[-1]
        if game == "agency":
            decided: dict[int, dict[str, Any]] = {}
            for _, _, hand_states in walked:
                winner = hand_states[-1]["winner"]
                if winner is not None:
                    decided.setdefault(winner, hand_states[-1])
            seed = 11
            while set(decided) != {0, 1}:  # a hand won by each team, for the next hands (A14)
                final, _, _ = play_out(kit, game, f"s{seed}", {"seed": seed, "first_leader": seed % 4}, random_chooser(rng), deck, rng,
                                       every_ply=False)
                if final["winner"] is not None:
                    decided.setdefault(final["winner"], final)
                seed += 1
            agency_matches(kit, decided, mid, deck, rng)
            agency_tricks(kit)
        else:
            family_matches(kit, game, finished, mid, deck, rng)
            family_tricks(kit, game, deck, rules.max_players)
        ends = [hand_states[-1] for _, _, hand_states in walked]
        ended = next((state for state in ends if state.get("end") == "no_legal_play" and state["trick"]["plays"]), None)
        assert game != "agency" or ended is not None, "a played-out Agency hand ends with a discarded trick"
        closed = next((state for state in ends if state.get("end") in ("out_of_cards", "points_reached")), None)
        assert game != "agency" or closed is not None, "a played-out Agency hand ends after a trick"
        checks(kit, game, mid, finished, ended, closed, deck)
        replays(kit, game, deal, moves, finished, rng)
        records(kit, game, walked, deck)
        label = {id(hand_states): walk_name(game, deal_) for deal_, _, hand_states in walked}
        starts = {f"{label[id(hand_states)]}-deal": hand_states[0] for _, _, hand_states in walked[:2] + walked[-1:]}
        starts[f"{walk_name(game, deal)}-ply-{players + 1}"] = mid
        perft(kit, game, starts)
    return kit


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance.generate", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail when a committed file differs")
    args = parser.parse_args(argv)
    files = generate().files()
    stale = [path for path, text in files.items() if not path.exists() or path.read_text(encoding="utf-8") != text]
    stray = sorted(set(ROOT.glob("*/*/*.jsonl")) - set(files))
    if args.check:
        for path in stale + stray:
            print(f"stale: {path.relative_to(ROOT.parent)}", file=sys.stderr)
        return 1 if stale or stray else 0
    for path in stray:
        path.unlink()
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    cases = Counter(path.parent.parent.name for path in files for _ in files[path].splitlines())
    size = sum(len(text.encode()) for text in files.values())
    print(", ".join(f"{game} {count}" for game, count in cases.items()) + f" cases; {size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
