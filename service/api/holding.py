"""How states travel between the referee and its clients: open, signed or sealed.

The referee keeps nothing between requests, so a client holds each hand. The
app holds states one way, chosen by its settings at start:

* **open** (no keys): the client holds the whole state; every state sent back
  is replayed from its deal and checked (``Trust.RESTORE``).
* **signed** (``REFEREE_SIGNING_KEYS``): the same states, each carrying an
  HMAC signature (``service.signing``); a state sent back must carry a valid
  one (403 ``state_signature_invalid``).
* **sealed** (``REFEREE_SEALING_KEYS``): the client holds an opaque token and
  sees only the public state (``service.sealing``, ``service.schemas.sealed``);
  a seat acts with its credential (``Authorization: Bearer``); random deals
  are committed to and revealed once the hand is over; chosen deals and
  replays are refused unless ``REFEREE_ALLOW_CHOSEN_DEALS`` is true.

Signed and sealed states carry when the referee issued them, and each may be
spent once (``service.api.spending``): the holding names the state a
request spends (:attr:`Held.spent`, :attr:`Dealing.spent`), and every
spending operation goes through :meth:`Holding.spend`.

The view functions call a ``Holding`` for the hand a request names and for the state
members of their answer, so they never test which way states are held.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, NoReturn

import flask
import orjson
from flask_smorest import abort

from .. import clock, signing
from ..clock import MoveClock
from ..config import ALLOW_CHOSEN_DEALS, SEALING_KEYS, SIGNING_KEYS, TIMEOUT_PAD_MS, TOKEN_TTL_SECONDS, SettingError
from ..errors import CredentialRefused, IllegalMove, InvalidState, RefereeError, SealRefused, SignatureInvalid, TokenInvalid, echo
from ..games import Game, Hand, HandRecord, Trust
from ..games.checks import refuse_seat
from ..games.records import CHOSEN_SOURCES, DealSource, Event, Score
from ..notation import Record, replay_record
from ..schemas.clocks import dump_clock
from ..schemas.records import dump_state, dump_view
from ..schemas.sealed import MAX_GENERATION, Provenance, dump_progress, dump_public, dump_reseated, dump_timed, payload, read_payload
from ..sealing import Sealer, Unsealable, commitment_nonce, draw, new_match_id
from ..server.answers import json_bytes
from ..server.bodies import json_body
from ..store import Store
from ..tricks import Play
from .spending import Spendable, Spending

EXTENSION = "referee-holding"

Replayed = tuple[Hand, list[tuple[int, Event]], list[Score]]
"""A replay's last hand, every event with its hand's number, and each hand's score (``replay_transcript``)."""


@dataclass(frozen=True)
class Held:
    """The hand a request names, and what the request may do with it.

    Attributes:
        hand: the hand.
        seat: sealed mode: the seat the request's credential proves, or
            ``None`` without one; open and signed modes: ``None``, any seat.
        provenance: sealed mode: where the deal came from and its match.
        spent: the state a spending operation on this hand spends (signed
            and sealed modes); ``None`` for an open state.
        host: sealed mode: whether the request's credential is the match's
            host's (which acts for no seat: ``seat`` is then ``None``).
        clock: the hand's clock, counted from when its state was issued
            (signed and sealed modes, a match dealt with a clock); else ``None``.
    """

    hand: Hand
    seat: int | None = None
    provenance: Provenance | None = None
    spent: Spendable | None = None
    host: bool = False
    clock: MoveClock | None = None

    @property
    def move_seconds(self) -> int | None:
        """The match's move time, which the states answered for this hand carry on."""
        return None if self.clock is None else self.clock.move_seconds


class Dealing(NamedTuple):
    """What a deal request asks for, read by the holding."""

    arguments: dict[str, Any]
    """``Game.deal``'s keyword arguments (``previous`` loaded into its hand)."""
    provenance: Provenance | None
    """Sealed mode: where the deal comes from and its match."""
    spent: Spendable | None = None
    """The finished hand's state that a deal with ``previous`` spends (signed and sealed modes)."""
    move_seconds: int | None = None
    """The match's clock: the deal's ``clock``, or the one ``previous`` carries (signed and sealed modes)."""


class Holding:
    """Open states: the whole state goes back and forth, and every state sent
    back is replayed and checked."""

    MODE = "open"
    """How this holding holds states (docs/holding.md)."""
    TRUST = Trust.RESTORE
    """How far the states a request sends are trusted: open states are
    replayed from their deal and checked."""

    spending = Spending(None, 0)
    """How states are spent: open states are not vouched for, so never recorded."""

    def spend(self, state: Spendable | None, request: Any, answer: Callable[[], Any],
              checks: Callable[[], object] | None = None) -> bytes:
        """The one way a spending operation answers (``play``, ``deal`` with
        ``previous``): ``answer()``'s bytes, ``state`` spent once
        (:meth:`service.api.spending.Spending.spend`, which says what it
        refuses, and what ``checks`` are for)."""
        return self.spending.spend(state, request, answer, checks)

    def hand_of(self, game: Game, record: HandRecord) -> Hand:
        """The hand of a state a request sent, built from its record as far
        as the holding trusts it (``TRUST``): trust decides this alone.

        Raises:
            InvalidState: the state is not one the rules could have produced.
        """
        hand: Hand = game.build(record, self.TRUST)
        return hand

    def load(self, game: Game, args: dict[str, Any]) -> Held:
        """The hand of a request's ``state``.

        Raises:
            InvalidState: the state is not one the rules could have produced.
            TokenInvalid: a ``token`` where this referee holds open states.
        """
        if "state" not in args:
            self._refuse_token()
        return Held(self.hand_of(game, args["state"]), spent=self._sent_state("state"))

    def deal_arguments(self, game: Game, args: dict[str, Any], *, spends: bool = True, where: str = "previous") -> Dealing:
        """What a deal request asks for: ``Game.deal``'s keyword arguments
        (its ``previous`` hand loaded), the deal's provenance, the state
        it spends (none when not ``spends``: a transcript's first deal), and
        the match's clock (the deal's, or the one the state sent as
        ``where`` carries).

        Raises:
            HTTPException: 422, a clock where states are open.
        """
        spent, move_seconds = None, self._clock(args)
        if "previous" in args:
            if not isinstance(args["previous"], HandRecord):
                self._refuse_token()
            args["previous"] = self.hand_of(game, args["previous"])
            spent = self._sent_state("previous") if spends else None
            move_seconds = self._sent_move_seconds(where)
        return Dealing(args, None, spent, move_seconds)

    def _clock(self, args: dict[str, Any]) -> int | None:
        """The deal's ``clock`` (taken out of ``args``): refused, since the
        referee cannot vouch for the times of an open state.

        Raises:
            HTTPException: 422 on the ``clock`` member.
        """
        if "clock" in args:
            abort(422, errors={"json": {"clock": [
                "This referee holds open states, whose times it cannot vouch for: a clock needs signed or sealed states "
                "(REFEREE_SIGNING_KEYS or REFEREE_SEALING_KEYS)."]}})
        return None

    def _sent_state(self, where: str) -> Spendable | None:
        """The state the request's body sends as ``where``, as spendable (signed mode)."""
        return None

    def _sent_move_seconds(self, where: str) -> int | None:
        """The move time of the clock the state sent as ``where`` (a dotted
        path in the body) carries (signed mode)."""
        return None

    def transcript(self, game: Game, args: dict[str, Any]) -> Dealing:
        """The first deal of a replayed transcript, as ``deal_arguments`` gives
        it (a refusal where replays are not allowed)."""
        return self.deal_arguments(game, args["deal"], spends=False, where="deal.previous")

    def transcript_provenance(self, hand: Hand, args: dict[str, Any], first: Provenance | None) -> Provenance | None:
        """The provenance of a transcript's last hand."""
        return None

    def replay_record(self, game: Game, record: Record) -> tuple[Replayed, Provenance | None]:
        """``replay`` of one hand's record: the hand replayed
        (``notation.replay_record``), and its provenance, the holding judging
        it as the transcript of its deal and plays (sealed mode, with chosen
        deals allowed: a record with a provenance keeps its nonce, so the
        replayed hand's record is the same line).

        Raises:
            RefereeError: the holding's refusal of the transcript; the rules'
                refusals of the record (``replay_record``).
        """
        provenance = self.transcript(game, {"deal": record.deal_arguments()}).provenance
        return replay_record(record), _with_record_nonce(provenance, record)

    def answer(self, hand: Hand, provenance: Provenance | None, first: bool = False,
               move_seconds: int | None = None) -> dict[str, Any]:
        """The state members of an answer: ``{"state": ...}`` (``move_seconds``,
        the match's clock, is never set for open states)."""
        return {"state": dump_state(hand)}

    def moves(self, held: Held) -> list[Play]:
        """The legal moves this request may see: every legal move."""
        return held.hand.legal_moves()

    def authorize(self, held: Held, move: Play) -> None:
        """Refuse a move the request may not make for its seat (sealed mode)."""

    def reseat(self, game: Game, args: dict[str, Any]) -> bytes:
        """``reseat``'s answer (sealed mode); here a refusal (:meth:`refuse_reseat`)."""
        self._no_seats()

    def refuse_reseat(self) -> None:
        """Refuse ``reseat`` before its body is read where states are not
        sealed: open and signed states have no seats' credentials, and so no
        player to replace (CONTRACT: Replacing a seat's player).

        Raises:
            TokenInvalid: ``state_token_invalid``.
        """
        self._no_seats()

    def _no_seats(self) -> NoReturn:
        raise TokenInvalid("state_token_invalid", "This referee does not seal states (no sealing keys), so it issues no "
                                                  "seats' credentials and has no player to replace: reseat is a sealed "
                                                  "referee's operation")

    def authorize_timeout(self, held: Held) -> None:
        """Refuse a ``timeout`` from outside the table (sealed mode: no credential of the match)."""

    def revealed(self, held: Held) -> Provenance | None:
        """The provenance an answer that shows the whole deal may carry (a
        hand's record): none for open and signed states, which show it all."""
        return None

    def view(self, held: Held, seat: int | None) -> dict[str, Any]:
        """``view``'s answer: the view of ``seat`` (required here).

        Raises:
            RulesRefusal: ``seat_out_of_range``.
        """
        if seat is None:
            abort(422, errors={"json": {"seat": ["Missing data for required field."]}})
        assert seat is not None  # abort raised
        return dump_view(held.hand, seat)

    def disclose(self, held: Held, operation: str) -> None:
        """Refuse an answer that reads cards hidden from every seat (sealed
        mode, while the hand runs: ``solve``, ``analyze``); open and signed
        states show every card already."""

    def bot_seat(self, held: Held) -> int:
        """The seat a ``suggest`` plays for: the seat to act, whose view alone the bot is given.

        Raises:
            IllegalMove: ``hand_over``, no seat is to act.
        """
        hand = held.hand
        if hand.to_act is None:
            raise IllegalMove(hand.HAND_OVER.code, hand.HAND_OVER.detail, legal_moves=[])
        return hand.to_act

    def check(self, game: Game, args: dict[str, Any]) -> list[str]:
        """Every problem of the state a ``check`` request sends: its record
        restored, whatever the holding trusts (``restored_problems``)."""
        if "state" not in args:
            self._refuse_token()
        return restored_problems(game, args["state"])

    def verify(self, body: Any, checking: bool) -> list[str]:
        """Where a request's body carries a state this referee did not sign
        (signed mode); none here."""
        return []

    def _refuse_token(self) -> NoReturn:
        raise TokenInvalid("state_token_invalid", "This referee does not seal states (no sealing keys): send the state it returned, not a token")


class SignedHolding(Holding):
    """Signed states: open states, each signed; a state sent back must carry a
    valid signature (``check`` lists a bad one as a problem instead)."""

    MODE = "signed"
    TRUST = Trust.REBUILD
    """A signed state is one this referee made (its signature was checked
    when the body was read): rebuilt, not replayed."""

    def __init__(self, keys: list[str], spending: Spending) -> None:
        self.keys = [key.encode() for key in keys]
        self.spending = spending

    def load(self, game: Game, args: dict[str, Any]) -> Held:
        """As :meth:`Holding.load`, with the hand's clock, counted from the state's ``issued_at``."""
        held = super().load(game, args)
        move_seconds, issued = self._sent_move_seconds("state"), held.spent.issued_ms if held.spent else None
        if move_seconds is None or issued is None:
            return held
        return replace(held, clock=MoveClock(move_seconds, issued))

    def answer(self, hand: Hand, provenance: Provenance | None, first: bool = False,
               move_seconds: int | None = None) -> dict[str, Any]:
        """The signed state with the time it is issued (``issued_at``) and,
        in a match with a clock, ``clock`` counted from that time, encoded
        once: the bytes that carry it are the bytes its signature covers
        (keys sorted), with the signature added."""
        issued = clock.now_ms()
        state = {**dump_state(hand), ISSUED_AT: clock.rfc3339(issued)}
        if move_seconds is not None:
            state["clock"] = dump_clock(MoveClock(move_seconds, issued), hand.to_act)
        return {"state": orjson.Fragment(signing.signed_bytes(state, self.keys[0]))}

    def _clock(self, args: dict[str, Any]) -> int | None:
        """The deal's ``clock``, taken out of ``args``."""
        move_seconds: int | None = args.pop("clock", None)
        return move_seconds

    def _sent_move_seconds(self, where: str) -> int | None:
        """The move time of the signed state's ``clock`` (its signature covers it)."""
        state: Any = json_body()
        for name in where.split("."):
            state = state[name]
        sent = state.get("clock")
        return sent["move_seconds"] if isinstance(sent, dict) else None

    def _sent_state(self, where: str) -> Spendable | None:
        """The signed state the body sends as ``where`` (its signature was
        checked as the body was read): keyed by its signature (one for the
        bytes it covers, under the key that signed them), issued when its
        ``issued_at`` says."""
        state = json_body()[where]
        return Spendable(b"signed", state[signing.FIELD].encode(), clock.parse_rfc3339(state.get(ISSUED_AT)))

    def transcript(self, game: Game, args: dict[str, Any]) -> Dealing:
        """As :meth:`Holding.transcript`; a record of a later hand of a match
        is refused: its match part (``#…``, docs/notation.md) carries the
        match's tally with no signature, and a signed state's tally comes
        only from the signed hand before it (a deal's ``previous``).

        Raises:
            SignatureInvalid: ``state_signature_invalid``, a record of a later hand.
        """
        if args["deal"].get("match") is not None:
            raise SignatureInvalid(
                "state_signature_invalid",
                "The record is of a later hand of a match (its # part): its tally carries no signature, and this referee "
                "signs its states; replay the match from its first hand (a transcript with next_hands), or deal the next "
                "hand from the signed state of the hand before (previous)")
        return super().transcript(game, args)

    def verify(self, body: Any, checking: bool) -> list[str]:
        sent = sent_states(body)
        bad = [where for where, state in sent if not signing.verify(state, self.keys)]
        if bad and not checking:
            raise SignatureInvalid(
                "state_signature_invalid",
                f"The state sent as {' and '.join(bad)} is not one this referee signed: its signature is missing or wrong, "
                "or the state was changed after it was signed",
            )
        return [f"{where}: the signature is missing or wrong" for where in bad]


class SealedHolding(Holding):
    """Sealed states: tokens, public states and seat credentials."""

    MODE = "sealed"

    def __init__(self, keys: list[str], allow_chosen: bool, spending: Spending) -> None:
        self.sealer = Sealer(keys)
        self.allow_chosen = allow_chosen
        self.spending = spending

    def load(self, game: Game, args: dict[str, Any]) -> Held:
        """The hand of a request's ``token``, and the seat its credential proves.

        Raises:
            TokenInvalid: ``state_token_invalid`` (a state object, or a token
                this referee did not seal for this game),
                ``seat_credential_invalid`` (a credential of another match or seat).
        """
        hand, provenance, spent = self._open(game, args.get("token"))
        seat, host = self._credential_seat(hand, provenance)
        return Held(hand, seat, provenance, spent, host, provenance.clock)

    def deal_arguments(self, game: Game, args: dict[str, Any], *, spends: bool = True, where: str = "previous",
                       redraw: bool = False, audit: bool = False) -> Dealing:
        """As :meth:`Holding.deal_arguments`; a random next hand is the one
        drawn with the finished hand (sealed in its tokens), unless
        ``redraw``: a replay draws afresh, since it checks no credential and
        its refusals list the named seat's moves, so it must never deal the
        match's real next hand. A replay from a token (``previous``) starts a
        match of its own, the tally and clock carried over: a new
        ``match_id``, whose credentials the replay answers, so no credential
        of the token's match acts on its hands. It spends nothing and names
        its hands' every move, so were they the match's, anyone could deal
        the match's next hand again and again (each a hand a seat could view
        and keep, or play on as if dealt), without the spend or the choice
        the rules give the losing team (RULINGS A14). With ``audit`` (a
        finished hand's record replayed, :meth:`replay_record`) its chosen
        deal is answered whatever ``REFEREE_ALLOW_CHOSEN_DEALS`` says, and
        its tokens start no next hand.

        Raises:
            SealRefused: ``chosen_deal_refused``, a chosen deal where they
                are not allowed; ``audit_token``, a next hand of an audit.
            CredentialRefused: ``seat_credential_invalid``, a credential
                not of ``previous``'s match (a replay's too), or a deal that
                is not the credential's seat's choice (:meth:`_authorize_choice`).
        """
        chosen = [source for source in CHOSEN_SOURCES if source in args]
        if chosen and not self.allow_chosen and not audit:
            raise SealRefused(
                "chosen_deal_refused",
                f"This referee deals at random: a deal from {chosen[0]} is refused (REFEREE_ALLOW_CHOSEN_DEALS is off)",
            )
        source = chosen[0] if chosen else DealSource.RANDOM
        earlier_chosen, spent, move_seconds = False, None, args.pop("clock", None)
        generations: tuple[int, ...]
        if "previous" in args:
            previous, before, spent = self._open(game, args["previous"], "previous")
            if before.audit:
                raise SealRefused("audit_token", "The previous token is an audit's (a replay of a finished hand's record): it "
                                                 "shows that hand, and no next hand is dealt from it; deal the match's next "
                                                 "hand from the token of the hand as it was played")
            args["previous"], earlier_chosen, move_seconds = previous, before.chosen, before.move_seconds
            if redraw:  # a replay: no choice made, but a credential sent must be one of the match's, as on every operation on a token
                self._credential_seat(previous, before)
                match_id, (seed, nonce), generations = new_match_id(), draw(), ()
            else:
                self._authorize_choice(game, previous, before, args)
                # Drawn with the finished hand: the same for every deal from it.
                match_id, (seed, nonce), generations = before.match_id, before.next_draw, before.generations
        else:
            match_id, (seed, nonce), generations = new_match_id(), draw(), ()
        if source is DealSource.RANDOM:
            args["seed"] = seed
        elif source is DealSource.SEED and "previous" in args and not redraw:
            nonce = commitment_nonce()  # one nonce per commitment: the one drawn with the hand before is its real next hand's
        return Dealing(args, Provenance(match_id, source, nonce if source in (DealSource.RANDOM, DealSource.SEED) else None,
                                        chosen=earlier_chosen or redraw or source is not DealSource.RANDOM, generations=generations,
                                        audit=audit),
                       spent if spends else None, move_seconds)

    def _authorize_choice(self, game: Game, previous: Hand, provenance: Provenance, args: Mapping[str, Any]) -> None:
        """Refuse a deal of the hand after ``previous`` without the credential
        of a seat whose choice it is (``Game.choosers``; Agency: the team that
        lost names the next leader, A14). Dealing the next hand spends the
        finished hand's token, so a deal that names no leader (the default one)
        is a choice too, and needs the same credential. Where anyone may deal
        it, a credential sent must still be one of the match's, as on every
        operation on a token (a replaced player's old one is refused).

        In a match with a clock the choosers have the move time to choose,
        counted from the finished hand's state (its ``clock.deadline``). Once
        it has run out, any seat of the match, or its host, may deal the next
        hand with the rules' default choice (naming none of ``Game.CHOICE``),
        as ``timeout`` moves for a seat whose time ran out: a team that lost
        cannot stall the match. That hand is the one drawn with the finished
        hand: where chosen deals are allowed, a seed, deck or hands stay the
        choosers' choice too, as a seat that chose the cards would know
        every one of them.

        Raises:
            CredentialRefused: ``seat_credential_invalid``.
        """
        seat, host = self._credential_seat(previous, provenance)
        seats = game.choosers(previous)
        if not seats or seat in seats:
            return
        named = " and ".join(str(seat) for seat in seats)
        if provenance.clock is None or provenance.clock.remaining_ms() > 0:
            late = "" if provenance.clock is None else (
                f"; once their time runs out ({clock.rfc3339(provenance.clock.deadline_ms)}, the finished hand's clock.deadline), "
                "any seat of the match, or its host, may deal it with the default leader")
            raise CredentialRefused(
                "seat_credential_invalid",
                f"Seats {named} choose the next hand's leader (their team lost this hand, RULINGS A14): dealing it needs "
                f"the credential of one of them (Authorization: Bearer <credential>){late}")
        if seat is None and not host:
            raise CredentialRefused(
                "seat_credential_invalid",
                f"Seats {named} let their time to choose the next hand's leader run out (RULINGS A14): any seat of the "
                "match, or its host, may now deal it with the default leader (Authorization: Bearer <credential>)")
        choice = [name for name in (*game.CHOICE, *CHOSEN_SOURCES) if args.get(name) is not None]
        if choice:
            raise CredentialRefused(
                "seat_credential_invalid",
                f"Seats {named} let their time to choose the next hand's leader run out (RULINGS A14): the next hand is "
                f"now dealt at random with the default leader, and only they may name one or choose the deal ({', '.join(choice)})")

    def transcript(self, game: Game, args: dict[str, Any]) -> Dealing:
        if not self.allow_chosen:
            raise SealRefused("chosen_deal_refused", "This referee deals at random: a replay is refused (REFEREE_ALLOW_CHOSEN_DEALS is off)")
        return self.deal_arguments(game, args["deal"], spends=False, redraw=True)

    def replay_record(self, game: Game, record: Record) -> tuple[Replayed, Provenance | None]:
        """As :meth:`Holding.replay_record`; where chosen deals are not
        allowed, a finished hand's record is still answered, as an audit
        (CONTRACT: Records): the hand is over, so nothing is hidden any
        more, and its tokens start no next hand (``audit_token``). A record
        of a hand not over, or one the rules refuse, is refused as any replay.

        Raises:
            SealRefused: ``chosen_deal_refused``, a record that is not of a
                finished hand where chosen deals are not allowed.
        """
        if self.allow_chosen:
            return super().replay_record(game, record)
        try:
            replayed: Replayed | None = replay_record(record)
        except RefereeError:
            replayed = None
        if replayed is None or not replayed[0].hand_over:
            raise SealRefused("chosen_deal_refused", "This referee deals at random: a replay is refused (REFEREE_ALLOW_CHOSEN_DEALS is "
                                                     "off), but for the record of a finished hand, which it replays as an audit")
        dealing = self.deal_arguments(game, record.deal_arguments(), spends=False, redraw=True, audit=True)
        return replayed, _with_record_nonce(dealing.provenance, record)

    def transcript_provenance(self, hand: Hand, args: dict[str, Any], first: Provenance | None) -> Provenance | None:
        """The last hand's provenance: its deal request's source, the match of
        the transcript's first deal, a fresh nonce for a seeded deal."""
        assert first is not None
        if not args.get("next_hands"):
            return first
        chosen = [source for source in CHOSEN_SOURCES if source in args["next_hands"][-1]["deal"]]
        nonce = commitment_nonce() if hand.seed is not None else None
        return Provenance(first.match_id, chosen[0] if chosen else DealSource.RANDOM, nonce, chosen=True, generations=first.generations)

    def answer(self, hand: Hand, provenance: Provenance | None, first: bool = False,
               move_seconds: int | None = None) -> dict[str, Any]:
        """``{"state": <public state>, "token": ...}``, and on a match's first
        deal ``"seats"`` (each seat's credential) and ``"host"`` (the host's
        credential, for ``reseat``). The token's payload holds the time it is issued and
        the match's clock, which the public state shows counted from that time."""
        assert provenance is not None
        provenance = replace(provenance, issued_ms=clock.now_ms(), move_seconds=move_seconds)
        sealed = payload(hand, provenance)
        out: dict[str, Any] = {"state": dump_public(hand, provenance), "token": self.sealer.seal(sealed)}
        if first:
            out["seats"] = [{"seat": seat, "credential": self.sealer.credential(provenance.match_id, seat)} for seat in range(hand.players)]
            out["host"] = self.sealer.host_credential(provenance.match_id)
        return out

    def refuse_reseat(self) -> None:
        """A sealed referee serves ``reseat``."""

    def reseat(self, game: Game, args: dict[str, Any]) -> bytes:
        """``reseat`` (CONTRACT: Replacing a seat's player): the same hand
        in a new token in which seat ``args["seat"]`` is in its next
        generation, so its old credential no longer acts, on this token and
        every later one of the match; the seat's new credential; and the
        event ``seat_reseated`` (the public state counts it in ``reseats``,
        ``service.schemas.sealed.dump_progress``). It
        spends the token as a ``play`` does (``Holding.spend``; its
        fingerprint is the seat). The token store records the answer but
        for the credential, which is derived again for each answer (the
        same for the same request, while the first sealing key is): a
        credential is a secret, and the store keeps none.

        Raises:
            CredentialRefused: ``seat_credential_invalid``, not the host's credential.
            RulesRefusal: ``seat_out_of_range``.
        """
        held = self.load(game, args)
        if not held.host:
            raise CredentialRefused("seat_credential_invalid", "Giving a seat a new player needs the match's host credential "
                                                               "(Authorization: Bearer <host>, answered by the match's first deal)")
        seat, provenance = args["seat"], held.provenance
        refuse_seat(seat, held.hand.players, "seat")
        assert provenance is not None

        generations = tuple(provenance.generation(other) + (other == seat) for other in range(held.hand.players))

        def answer() -> dict[str, Any]:
            if generations[seat] > MAX_GENERATION:
                raise CredentialRefused("seat_credential_invalid", f"Seat {seat}'s player was replaced as many times as a match allows")
            return {**self.answer(held.hand, replace(provenance, generations=generations), move_seconds=held.move_seconds), "seat": seat,
                    "events": [dump_reseated(seat)]}

        recorded = orjson.loads(self.spend(held.spent, ["reseat", seat], answer))
        events = recorded.pop("events")
        return json_bytes({**recorded, "credential": self.sealer.credential(provenance.match_id, seat, generations[seat]), "events": events})

    def moves(self, held: Held) -> list[Play]:
        """The credential's seat's legal moves; none for another seat, or without a credential."""
        return held.hand.legal_moves() if held.seat is not None and held.seat == held.hand.to_act else []

    def authorize(self, held: Held, move: Play) -> None:
        if held.seat is None or held.seat != move.seat:
            raise CredentialRefused(
                "seat_credential_invalid",
                f"A move for seat {move.seat} needs seat {move.seat}'s credential (Authorization: Bearer <credential>)",
            )

    def authorize_timeout(self, held: Held) -> None:
        if held.seat is None:
            raise CredentialRefused("seat_credential_invalid",
                                    "A timeout needs the credential of a seat of this match (Authorization: Bearer <credential>)")

    def revealed(self, held: Held) -> Provenance:
        """A finished hand's provenance (its record then carries the nonce and
        commitment, CONTRACT: Records).

        Raises:
            SealRefused: ``hidden_cards`` while the hand runs: its dealt
                cards are hidden from every seat until it is over.
        """
        if not held.hand.hand_over:
            raise SealRefused("hidden_cards", "A sealed hand's record shows every seat's dealt cards: it is answered once the hand is over")
        assert held.provenance is not None
        return held.provenance

    def view(self, held: Held, seat: int | None) -> dict[str, Any]:
        """The credential's seat's view, with the hand's progress as the
        public state shows it (``deal``, ``match_id``, ``ply``: CONTRACT:
        Progress); without a credential, the spectator's view (CONTRACT:
        Spectators), whatever ``seat`` says: a seat number proves nothing, so
        it never shows more than the public state.

        Raises:
            CredentialRefused: ``seat_credential_invalid``, a credential of a seat other than ``seat``.
        """
        if held.seat is None:
            assert held.provenance is not None
            return dump_public(held.hand, held.provenance, spectator=True)
        if seat is not None and seat != held.seat:
            raise CredentialRefused("seat_credential_invalid", "A seat's view needs that seat's credential (Authorization: Bearer <credential>)")
        assert held.provenance is not None
        return {**dump_view(held.hand, held.seat), **dump_progress(held.hand, held.provenance), **dump_timed(held.hand, held.provenance)}

    def disclose(self, held: Held, operation: str) -> None:
        """``hidden_cards`` while the hand runs: its unplayed and undealt cards
        are hidden from every seat until the hand is over (the deal is revealed then).

        Raises:
            SealRefused: ``hidden_cards``.
        """
        if not held.hand.hand_over:
            raise SealRefused("hidden_cards", f"{operation} reads cards hidden from every seat, which a sealed hand shows "
                                              "no one while it runs; once the hand is over its deal is revealed, and analyze reviews it")

    def bot_seat(self, held: Held) -> int:
        """The seat to act, when the request's credential is that seat's.

        Raises:
            IllegalMove: ``hand_over``.
            CredentialRefused: ``seat_credential_invalid``, no credential or another seat's.
        """
        seat = super().bot_seat(held)
        if held.seat != seat:
            raise CredentialRefused("seat_credential_invalid",
                                    f"A suggestion for seat {seat}, the seat to act, needs seat {seat}'s credential (Authorization: Bearer <credential>)")
        return seat

    def check(self, game: Game, args: dict[str, Any]) -> list[str]:
        """A token always opens to a hand the rules produced; its record is
        restored all the same (``restored_problems``). A credential sent must
        be one of the match's, as on every operation on a token (:meth:`load`)."""
        return restored_problems(game, self.load(game, args).hand.record)

    def _open(self, game: Game, token: Any, where: str = "token") -> tuple[Hand, Provenance, Spendable]:
        """The hand and provenance of a token this referee sealed for
        ``game``: opened, read, rebuilt (a token's record is the referee's
        own); and the token's state as spendable, keyed by its payload (the
        same for any copy of the token).

        Raises:
            TokenInvalid: ``state_token_invalid`` for anything else.
        """
        if not isinstance(token, str):
            raise TokenInvalid("state_token_invalid", f"This referee seals its states: send the token it returned as {where}, not a state")
        try:
            sealed = self.sealer.open(token)
            sealed_game, record, provenance = read_payload(sealed)
        except Unsealable:
            raise _not_sealed(where) from None
        if sealed_game is not game:
            raise TokenInvalid("state_token_invalid", f"The {where} is a token of {sealed_game.id}, not {game.id}")
        if provenance.chosen and not self.allow_chosen and not provenance.audit:
            raise SealRefused("chosen_deal_refused", f"The {where} is of a match a chosen deal or a replay made, which this referee "
                                                     "does not allow (REFEREE_ALLOW_CHOSEN_DEALS is off)")
        try:
            return game.build(record, Trust.REBUILD), provenance, Spendable(b"sealed", sealed, provenance.issued_ms)
        except InvalidState:  # a record no referee wrote: sealed with its key by someone else
            raise _not_sealed(where) from None

    def _credential_seat(self, hand: Hand, provenance: Provenance) -> tuple[int | None, bool]:
        """The seat the request's credential proves (``None`` without one,
        or for the host's), and whether it is the host's."""
        header = flask.request.environ.get("HTTP_AUTHORIZATION")  # the Authorization header, as werkzeug's headers read it
        if header is None:
            return None, False
        scheme, _, credential = header.partition(" ")
        if scheme.lower() != "bearer":
            raise CredentialRefused("seat_credential_invalid", "A credential is sent as Authorization: Bearer <credential>; "
                                                               f"the {echo(scheme)} scheme is not accepted")
        try:
            seat = self.sealer.credential_seat(credential.strip(), provenance.match_id, provenance.generation)
        except Unsealable:
            raise _not_issued() from None
        if seat is not None and seat >= hand.players:
            raise _not_issued()
        return seat, seat is None


def _not_sealed(where: str) -> TokenInvalid:
    """The refusal of a token this referee did not seal (sent as ``where``)."""
    return TokenInvalid("state_token_invalid", f"The {where} is not a token this referee sealed, or it was changed")


def _not_issued() -> CredentialRefused:
    """The refusal of a credential this referee did not issue for a seat of the match, or no longer takes."""
    return CredentialRefused("seat_credential_invalid", "The credential is not one this referee issued for a seat of this match, "
                                                        "or the match's host has since given its seat a new player (reseat)")


def restored_problems(game: Game, record: HandRecord) -> list[str]:
    """Every problem restoring ``record`` finds (``Trust.RESTORE``, every play
    replayed and every claim compared); none for a record the rules could
    have produced."""
    try:
        game.build(record, Trust.RESTORE)
    except InvalidState as invalid:
        return list(invalid.extra["problems"])
    return []


def _with_record_nonce(provenance: Provenance | None, record: Record) -> Provenance | None:
    """A sealed replay's provenance with the nonce of the record's proof, if it has one."""
    if provenance is not None and record.provenance is not None:
        return replace(provenance, nonce=record.provenance.nonce)
    return provenance


def sent_states(body: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every state object a request body carries, with where it is."""
    found = []
    if isinstance(body, dict):
        for where, value in (("state", body.get("state")), ("previous", body.get("previous"))):
            if isinstance(value, dict):
                found.append((where, value))
        deal = body.get("deal")
        if isinstance(deal, dict) and isinstance(deal.get("previous"), dict):
            found.append(("deal.previous", deal["previous"]))
    return found


ISSUED_AT = "issued_at"
"""The signed state's member that says when the referee issued it (RFC 3339, UTC: ``service.clock``)."""


def holding_for(config: dict[str, Any], store: Store | None = None) -> Holding:
    """The holding the settings choose, spending states in ``store`` (signed
    and sealed modes; ``None``: nothing recorded) for ``REFEREE_TOKEN_TTL_SECONDS``,
    a timeout's work padded to ``REFEREE_TIMEOUT_PAD_MS``.

    Raises:
        SettingError: both signing and sealing keys are set.
    """
    if config.get(SEALING_KEYS) and config.get(SIGNING_KEYS):
        raise SettingError(f"Set {SIGNING_KEYS} or {SEALING_KEYS}, not both: sealed tokens are already authenticated")
    spending = Spending(store, config[TOKEN_TTL_SECONDS], config[TIMEOUT_PAD_MS] / 1000)
    if config.get(SEALING_KEYS):
        return SealedHolding(config[SEALING_KEYS], bool(config.get(ALLOW_CHOSEN_DEALS)), spending)
    if config.get(SIGNING_KEYS):
        return SignedHolding(config[SIGNING_KEYS], spending)
    return Holding()


def current() -> Holding:
    """The app's holding."""
    holding: Holding = flask.current_app.extensions[EXTENSION]
    return holding
