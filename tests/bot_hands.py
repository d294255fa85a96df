"""Hands for the bots' tests, built in the rules core: random hands part
played, a checked replay, and twins (the same view for a seat, other hidden
cards)."""

from __future__ import annotations

import random

from service.games import AgencyGame, Hand, TrickGame
from service.games.agency import holders_of
from service.tricks import Play


def configurations() -> list[tuple[str, int]]:
    """Every game and player count it allows."""
    from service.games import GAMES

    return [(game.id, players) for game in GAMES.values() for players in range(game.min_players, game.max_players + 1)]


def deal(game: TrickGame, players: int, rng: random.Random, options: dict | None = None) -> Hand:
    if isinstance(game, AgencyGame):
        return game.deal(seed=rng.randrange(2**32), first_leader=rng.randrange(4), options=options)
    return game.deal(players=players, seed=rng.randrange(2**32), dealer=rng.randrange(players), options=options)


def part_played(game: TrickGame, players: int, rng: random.Random, plies: int, options: dict | None = None) -> Hand:
    """A random hand after up to ``plies`` random legal moves (fewer if it ends)."""
    hand = deal(game, players, rng, options)
    for _ in range(plies):
        if hand.hand_over:
            break
        hand, _ = game.play(hand, rng.choice(hand.legal_moves()))
    return hand


def replays_legally(game: TrickGame, hand: Hand) -> bool:
    """Whether every play of ``hand`` is legal from its deal (the same
    ``Hand.refusal`` that judges a live move)."""
    fresh = game.HAND(game, hand.seating, hand.options, hand.deal_hands, None, hand.match)
    for play in hand.history:
        if fresh.refusal(play) is not None:
            return False
        fresh.put(play)
    return True


def twin(game: TrickGame, hand: Hand, seat: int, rng: random.Random) -> Hand | None:
    """``hand`` with the cards hidden from ``seat`` dealt again among their
    places: other seats' unplayed cards and the undealt ones (Agency: the
    unplayed cards of the two holders the seat does not see, each place a
    position in a holder, so in one of its segments, A5). The same plays
    replayed; ``None`` when one of them becomes illegal (a twin must keep
    every public fact, voids included)."""
    played = {play.card for play in hand.history}
    if isinstance(game, AgencyGame):
        owners = [h for h in range(4) if h not in holders_of(seat)]
    else:
        owners = [s for s in range(hand.players) if s != seat]
    hands = [list(cards) for cards in hand.deal_hands]
    places = [(owner, i) for owner in owners for i, card in enumerate(hands[owner]) if card not in played]
    pool = [hands[owner][i] for owner, i in places] + list(hand.undealt)
    rng.shuffle(pool)
    for (owner, i), card in zip(places, pool):
        hands[owner][i] = card
    other = game.HAND(game, hand.seating, hand.options, hands, None, hand.match)
    for play in hand.history:
        if other.refusal(play) is not None:
            return None
        other.put(play)
    other.settle()
    return other


def moves_of(hand: Hand) -> list[Play]:
    return list(hand.legal_moves())
