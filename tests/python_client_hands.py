"""Whole hands of every game through the generated Python client (``clients/python``).

Each hand is dealt, then played by asking ``legal-moves`` and playing a move
taken unchanged from its answer until the hand is over; then ``score``. In
sealed mode each seat acts with its own credential (``Authorization:
Bearer``, the client's ``AuthenticatedClient``) and the hand travels as its
token. ``tests/test_clients.py`` runs these against gunicorn and checks this
module with ``mypy --strict``, so it uses the client exactly as typed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from trick_referee_client import AuthenticatedClient, Client
from trick_referee_client.api.agency import agency_deal, agency_legal_moves, agency_play, agency_score, agency_suggest
from trick_referee_client.api.agram import agram_deal, agram_legal_moves, agram_play, agram_score, agram_suggest
from trick_referee_client.api.agram_mali import (
    agram_mali_deal,
    agram_mali_legal_moves,
    agram_mali_play,
    agram_mali_score,
    agram_mali_suggest,
)
from trick_referee_client.api.fapfap import fapfap_deal, fapfap_legal_moves, fapfap_play, fapfap_score, fapfap_suggest
from trick_referee_client.api.sink_sink import sink_sink_deal, sink_sink_legal_moves, sink_sink_play, sink_sink_score, sink_sink_suggest
from trick_referee_client.api.spar import spar_deal, spar_legal_moves, spar_play, spar_score, spar_suggest
from trick_referee_client.models import (
    AgencyLegalMoves,
    AgencyMove,
    AgencyOpenPlayRequest,
    AgencyOpenStateRequest,
    AgencyOpenSuggestRequest,
    AgencyPlayResponse,
    AgencyRandomDeal,
    AgencyScore,
    AgencySealedPlayRequest,
    AgencySealedStateRequest,
    AgencySealedSuggestRequest,
    AgencySeedDeal,
    AgencyState,
    AgencyStateResponse,
    AgencySuggestion,
    AgramLegalMoves,
    AgramMaliLegalMoves,
    AgramMaliMove,
    AgramMaliOpenPlayRequest,
    AgramMaliOpenStateRequest,
    AgramMaliOpenSuggestRequest,
    AgramMaliPlayResponse,
    AgramMaliRandomDeal,
    AgramMaliScore,
    AgramMaliSealedPlayRequest,
    AgramMaliSealedStateRequest,
    AgramMaliSealedSuggestRequest,
    AgramMaliSeedDeal,
    AgramMaliState,
    AgramMaliStateResponse,
    AgramMaliSuggestion,
    AgramMove,
    AgramOpenPlayRequest,
    AgramOpenStateRequest,
    AgramOpenSuggestRequest,
    AgramPlayResponse,
    AgramRandomDeal,
    AgramScore,
    AgramSealedPlayRequest,
    AgramSealedStateRequest,
    AgramSealedSuggestRequest,
    AgramSeedDeal,
    AgramState,
    AgramStateResponse,
    AgramSuggestion,
    DealClock,
    FapfapLegalMoves,
    FapfapMove,
    FapfapOpenPlayRequest,
    FapfapOpenStateRequest,
    FapfapOpenSuggestRequest,
    FapfapPlayResponse,
    FapfapRandomDeal,
    FapfapScore,
    FapfapSealedPlayRequest,
    FapfapSealedStateRequest,
    FapfapSealedSuggestRequest,
    FapfapSeedDeal,
    FapfapState,
    FapfapStateResponse,
    FapfapSuggestion,
    SealedDeal,
    SeatCredential,
    SinkSinkLegalMoves,
    SinkSinkMove,
    SinkSinkOpenPlayRequest,
    SinkSinkOpenStateRequest,
    SinkSinkOpenSuggestRequest,
    SinkSinkPlayResponse,
    SinkSinkRandomDeal,
    SinkSinkScore,
    SinkSinkSealedPlayRequest,
    SinkSinkSealedStateRequest,
    SinkSinkSealedSuggestRequest,
    SinkSinkSeedDeal,
    SinkSinkState,
    SinkSinkStateResponse,
    SinkSinkSuggestion,
    SparLegalMoves,
    SparMove,
    SparOpenPlayRequest,
    SparOpenStateRequest,
    SparOpenSuggestRequest,
    SparPlayResponse,
    SparRandomDeal,
    SparScore,
    SparSealedPlayRequest,
    SparSealedStateRequest,
    SparSealedSuggestRequest,
    SparSeedDeal,
    SparState,
    SparStateResponse,
    SparSuggestion,
)
from trick_referee_client.types import UNSET, Unset

X = TypeVar("X")
S = TypeVar("S")  # a game's (open) state
M = TypeVar("M")  # a game's move
D = TypeVar("D", bound="Dealt")  # a game's deal answer
L = TypeVar("L", bound="Legal")  # its legal moves answer
P = TypeVar("P", bound="Played")  # its play answer
C = TypeVar("C", bound="Scored")  # its score answer


def expect(parsed: object, kind: type[X]) -> X:
    """An answer the client parsed, which must be a ``kind`` (not a problem)."""
    if not isinstance(parsed, kind):
        raise AssertionError(f"expected {kind.__name__}, got {parsed!r}")
    return parsed


class Dealt(Protocol):
    @property
    def token(self) -> str | Unset: ...


class Legal(Protocol):
    @property
    def to_act(self) -> int | None: ...


class Played(Protocol):
    @property
    def token(self) -> str | Unset: ...


class Scored(Protocol):
    @property
    def hand_over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...




@dataclass(frozen=True)
class Game(Generic[S, M, D, L, P, C]):
    """One game through the client: each operation with its request built from
    the game's own models, and how to read its answers."""

    id: str
    players: int
    deal: Callable[[Client | AuthenticatedClient, int | None, int | None], object]  # client, seed (None: random), move seconds (None: no clock)
    dealt: type[D]
    state_of: Callable[[D], S | None]  # the open state, None when sealed
    seats_of: Callable[[D], dict[int, str]]  # sealed mode: each seat's credential
    legal_moves: Callable[[Client | AuthenticatedClient, S | str], object]
    legal: type[L]
    moves_of: Callable[[L], list[M]]
    suggest: Callable[[Client | AuthenticatedClient, S | str, int], M]  # client, hand, seed: a bot's move at the default level
    play: Callable[[Client | AuthenticatedClient, S | str, M], object]
    played: type[P]
    after: Callable[[P], S | None]
    score: Callable[[Client | AuthenticatedClient, S | str], object]
    scored: type[C]
    public_deal: Callable[[D | P], SealedDeal | None]  # the public state's deal, sealed mode


@dataclass(frozen=True)
class HandPlayed(Generic[M, P, C]):
    """What a hand through the client gave."""

    moves: list[M]
    plays: list[P]  # each play's answer, with its events
    score: C
    sealed_deals: list[SealedDeal]  # sealed mode: the public deal after the deal and after the last play


def play_hand(game: Game[S, M, D, L, P, C], base_url: str, rng: random.Random, seed: int | None = None,
              bots: frozenset[int] = frozenset(), clock: int | None = None) -> HandPlayed[M, P, C]:
    """Deal (with a clock of ``clock`` seconds a move, signed and sealed modes), then play moves taken unchanged
    from ``legal-moves`` until the hand is over; then score it. The seats in ``bots`` play the move ``suggest``
    answers them instead (sealed mode: asked with their own credential)."""
    anonymous = Client(base_url=base_url, raise_on_unexpected_status=True)
    dealt = expect(game.deal(anonymous, seed, clock), game.dealt)
    state, token = game.state_of(dealt), dealt.token
    hand: S | str = token if isinstance(token, str) else _required(state)
    seats = {seat: AuthenticatedClient(base_url=base_url, token=credential) for seat, credential in game.seats_of(dealt).items()}
    public = [deal for deal in [game.public_deal(dealt)] if deal is not None]
    moves: list[M] = []
    plays: list[P] = []
    while True:
        to_act = expect(game.legal_moves(anonymous, hand), game.legal).to_act
        if to_act is None:
            break
        seat = seats.get(to_act, anonymous)  # sealed mode: only the seat's own credential lists its moves
        legal = game.moves_of(expect(game.legal_moves(seat, hand), game.legal))
        move = game.suggest(seat, hand, rng.randrange(2**63)) if to_act in bots else rng.choice(legal)
        if move not in legal:
            raise AssertionError(f"seat {to_act}'s bot suggested {move}, not a legal move")
        played = expect(game.play(seat, hand, move), game.played)
        token, state = played.token, game.after(played)
        hand = token if isinstance(token, str) else _required(state)
        moves.append(move)
        plays.append(played)
    if plays and (deal := game.public_deal(plays[-1])) is not None:
        public.append(deal)
    return HandPlayed(moves, plays, expect(game.score(anonymous, hand), game.scored), public)


def _required(value: X | None) -> X:
    if value is None:
        raise AssertionError("an open-mode answer without its state")
    return value


def _credentials(seats: list[SeatCredential] | Unset) -> dict[int, str]:
    return {} if isinstance(seats, Unset) else {entry.seat: entry.credential for entry in seats}


class HasState(Protocol):
    @property
    def state(self) -> object: ...


def _sealed(answer: HasState) -> SealedDeal | None:
    """The public state's deal (sealed mode), or None for an open state."""
    deal = getattr(answer.state, "deal", None)
    return deal if isinstance(deal, SealedDeal) else None


def _clock(move_seconds: int | None) -> DealClock | Unset:
    return UNSET if move_seconds is None else DealClock(move_seconds=move_seconds)


# -- the six games ------------------------------------------------------------------


def _open(state: object, kind: type[X]) -> X | None:
    return state if isinstance(state, kind) else None


AGENCY = Game[AgencyState, AgencyMove, AgencyStateResponse, AgencyLegalMoves, AgencyPlayResponse, AgencyScore](
    id="agency", players=4,
    deal=lambda client, seed, clock: agency_deal.sync(client=client, body=AgencySeedDeal(seed=seed, clock=_clock(clock)) if seed is not None
                                                        else AgencyRandomDeal(clock=_clock(clock))),
    dealt=AgencyStateResponse,
    state_of=lambda dealt: _open(dealt.state, AgencyState),
    seats_of=lambda dealt: _credentials(dealt.seats),
    legal_moves=lambda client, hand: agency_legal_moves.sync(
        client=client, body=AgencySealedStateRequest(token=hand) if isinstance(hand, str) else AgencyOpenStateRequest(state=hand)),
    legal=AgencyLegalMoves,
    moves_of=lambda legal: legal.moves,
    suggest=lambda client, hand, seed: expect(agency_suggest.sync(
        client=client, body=AgencySealedSuggestRequest(token=hand, seed=seed) if isinstance(hand, str) else AgencyOpenSuggestRequest(state=hand, seed=seed)),
        AgencySuggestion).move,
    play=lambda client, hand, move: agency_play.sync(
        client=client, body=AgencySealedPlayRequest(token=hand, move=move) if isinstance(hand, str) else AgencyOpenPlayRequest(state=hand, move=move)),
    played=AgencyPlayResponse,
    after=lambda played: _open(played.state, AgencyState),
    score=lambda client, hand: agency_score.sync(
        client=client, body=AgencySealedStateRequest(token=hand) if isinstance(hand, str) else AgencyOpenStateRequest(state=hand)),
    scored=AgencyScore,
    public_deal=_sealed,
)

AGRAM = Game[AgramState, AgramMove, AgramStateResponse, AgramLegalMoves, AgramPlayResponse, AgramScore](
    id="agram", players=3,
    deal=lambda client, seed, clock: agram_deal.sync(client=client, body=AgramSeedDeal(players=3, seed=seed, clock=_clock(clock)) if seed is not None
                                                        else AgramRandomDeal(players=3, clock=_clock(clock))),
    dealt=AgramStateResponse,
    state_of=lambda dealt: _open(dealt.state, AgramState),
    seats_of=lambda dealt: _credentials(dealt.seats),
    legal_moves=lambda client, hand: agram_legal_moves.sync(
        client=client, body=AgramSealedStateRequest(token=hand) if isinstance(hand, str) else AgramOpenStateRequest(state=hand)),
    legal=AgramLegalMoves,
    moves_of=lambda legal: legal.moves,
    suggest=lambda client, hand, seed: expect(agram_suggest.sync(
        client=client, body=AgramSealedSuggestRequest(token=hand, seed=seed) if isinstance(hand, str) else AgramOpenSuggestRequest(state=hand, seed=seed)),
        AgramSuggestion).move,
    play=lambda client, hand, move: agram_play.sync(
        client=client, body=AgramSealedPlayRequest(token=hand, move=move) if isinstance(hand, str) else AgramOpenPlayRequest(state=hand, move=move)),
    played=AgramPlayResponse,
    after=lambda played: _open(played.state, AgramState),
    score=lambda client, hand: agram_score.sync(
        client=client, body=AgramSealedStateRequest(token=hand) if isinstance(hand, str) else AgramOpenStateRequest(state=hand)),
    scored=AgramScore,
    public_deal=_sealed,
)

SINK_SINK = Game[SinkSinkState, SinkSinkMove, SinkSinkStateResponse, SinkSinkLegalMoves, SinkSinkPlayResponse, SinkSinkScore](
    id="sink-sink", players=7,
    deal=lambda client, seed, clock: sink_sink_deal.sync(client=client, body=SinkSinkSeedDeal(players=7, seed=seed, clock=_clock(clock)) if seed is not None
                                                        else SinkSinkRandomDeal(players=7, clock=_clock(clock))),
    dealt=SinkSinkStateResponse,
    state_of=lambda dealt: _open(dealt.state, SinkSinkState),
    seats_of=lambda dealt: _credentials(dealt.seats),
    legal_moves=lambda client, hand: sink_sink_legal_moves.sync(
        client=client, body=SinkSinkSealedStateRequest(token=hand) if isinstance(hand, str) else SinkSinkOpenStateRequest(state=hand)),
    legal=SinkSinkLegalMoves,
    moves_of=lambda legal: legal.moves,
    suggest=lambda client, hand, seed: expect(sink_sink_suggest.sync(
        client=client, body=SinkSinkSealedSuggestRequest(token=hand, seed=seed) if isinstance(hand, str) else SinkSinkOpenSuggestRequest(state=hand, seed=seed)),
        SinkSinkSuggestion).move,
    play=lambda client, hand, move: sink_sink_play.sync(
        client=client, body=SinkSinkSealedPlayRequest(token=hand, move=move) if isinstance(hand, str) else SinkSinkOpenPlayRequest(state=hand, move=move)),
    played=SinkSinkPlayResponse,
    after=lambda played: _open(played.state, SinkSinkState),
    score=lambda client, hand: sink_sink_score.sync(
        client=client, body=SinkSinkSealedStateRequest(token=hand) if isinstance(hand, str) else SinkSinkOpenStateRequest(state=hand)),
    scored=SinkSinkScore,
    public_deal=_sealed,
)

FAPFAP = Game[FapfapState, FapfapMove, FapfapStateResponse, FapfapLegalMoves, FapfapPlayResponse, FapfapScore](
    id="fapfap", players=4,
    deal=lambda client, seed, clock: fapfap_deal.sync(client=client, body=FapfapSeedDeal(players=4, seed=seed, clock=_clock(clock)) if seed is not None
                                                        else FapfapRandomDeal(players=4, clock=_clock(clock))),
    dealt=FapfapStateResponse,
    state_of=lambda dealt: _open(dealt.state, FapfapState),
    seats_of=lambda dealt: _credentials(dealt.seats),
    legal_moves=lambda client, hand: fapfap_legal_moves.sync(
        client=client, body=FapfapSealedStateRequest(token=hand) if isinstance(hand, str) else FapfapOpenStateRequest(state=hand)),
    legal=FapfapLegalMoves,
    moves_of=lambda legal: legal.moves,
    suggest=lambda client, hand, seed: expect(fapfap_suggest.sync(
        client=client, body=FapfapSealedSuggestRequest(token=hand, seed=seed) if isinstance(hand, str) else FapfapOpenSuggestRequest(state=hand, seed=seed)),
        FapfapSuggestion).move,
    play=lambda client, hand, move: fapfap_play.sync(
        client=client, body=FapfapSealedPlayRequest(token=hand, move=move) if isinstance(hand, str) else FapfapOpenPlayRequest(state=hand, move=move)),
    played=FapfapPlayResponse,
    after=lambda played: _open(played.state, FapfapState),
    score=lambda client, hand: fapfap_score.sync(
        client=client, body=FapfapSealedStateRequest(token=hand) if isinstance(hand, str) else FapfapOpenStateRequest(state=hand)),
    scored=FapfapScore,
    public_deal=_sealed,
)

AGRAM_MALI = Game[AgramMaliState, AgramMaliMove, AgramMaliStateResponse, AgramMaliLegalMoves, AgramMaliPlayResponse, AgramMaliScore](
    id="agram-mali", players=2,
    deal=lambda client, seed, clock: agram_mali_deal.sync(client=client, body=AgramMaliSeedDeal(players=2, seed=seed, clock=_clock(clock)) if seed is not None
                                                        else AgramMaliRandomDeal(players=2, clock=_clock(clock))),
    dealt=AgramMaliStateResponse,
    state_of=lambda dealt: _open(dealt.state, AgramMaliState),
    seats_of=lambda dealt: _credentials(dealt.seats),
    legal_moves=lambda client, hand: agram_mali_legal_moves.sync(
        client=client, body=AgramMaliSealedStateRequest(token=hand) if isinstance(hand, str) else AgramMaliOpenStateRequest(state=hand)),
    legal=AgramMaliLegalMoves,
    moves_of=lambda legal: legal.moves,
    suggest=lambda client, hand, seed: expect(agram_mali_suggest.sync(
        client=client, body=AgramMaliSealedSuggestRequest(token=hand, seed=seed) if isinstance(hand, str) else AgramMaliOpenSuggestRequest(state=hand, seed=seed)),
        AgramMaliSuggestion).move,
    play=lambda client, hand, move: agram_mali_play.sync(
        client=client, body=AgramMaliSealedPlayRequest(token=hand, move=move) if isinstance(hand, str) else AgramMaliOpenPlayRequest(state=hand, move=move)),
    played=AgramMaliPlayResponse,
    after=lambda played: _open(played.state, AgramMaliState),
    score=lambda client, hand: agram_mali_score.sync(
        client=client, body=AgramMaliSealedStateRequest(token=hand) if isinstance(hand, str) else AgramMaliOpenStateRequest(state=hand)),
    scored=AgramMaliScore,
    public_deal=_sealed,
)

SPAR = Game[SparState, SparMove, SparStateResponse, SparLegalMoves, SparPlayResponse, SparScore](
    id="spar", players=5,
    deal=lambda client, seed, clock: spar_deal.sync(client=client, body=SparSeedDeal(players=5, seed=seed, clock=_clock(clock)) if seed is not None
                                                        else SparRandomDeal(players=5, clock=_clock(clock))),
    dealt=SparStateResponse,
    state_of=lambda dealt: _open(dealt.state, SparState),
    seats_of=lambda dealt: _credentials(dealt.seats),
    legal_moves=lambda client, hand: spar_legal_moves.sync(
        client=client, body=SparSealedStateRequest(token=hand) if isinstance(hand, str) else SparOpenStateRequest(state=hand)),
    legal=SparLegalMoves,
    moves_of=lambda legal: legal.moves,
    suggest=lambda client, hand, seed: expect(spar_suggest.sync(
        client=client, body=SparSealedSuggestRequest(token=hand, seed=seed) if isinstance(hand, str) else SparOpenSuggestRequest(state=hand, seed=seed)),
        SparSuggestion).move,
    play=lambda client, hand, move: spar_play.sync(
        client=client, body=SparSealedPlayRequest(token=hand, move=move) if isinstance(hand, str) else SparOpenPlayRequest(state=hand, move=move)),
    played=SparPlayResponse,
    after=lambda played: _open(played.state, SparState),
    score=lambda client, hand: spar_score.sync(
        client=client, body=SparSealedStateRequest(token=hand) if isinstance(hand, str) else SparOpenStateRequest(state=hand)),
    scored=SparScore,
    public_deal=_sealed,
)
