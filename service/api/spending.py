"""States spent once: the one place every spending operation goes through.

In signed and sealed modes the referee vouches for each state it issues,
and a state may be spent once (CONTRACT: States spent once). A spending
operation (``play``, ``deal`` with ``previous``; any other that moves a hand
on) names the state it spends (a :class:`Spendable`, which the holding
makes when it opens the state: ``service.api.holding``), what identifies
the request besides the state (its fingerprint's parts: the operation, its
move or arguments, the credential's seat), and how to work out its answer;
:meth:`Spending.spend` does the rest:

1. A state issued longer ago than ``REFEREE_TOKEN_TTL_SECONDS`` (or at a
   time it does not say) is refused: 403 ``state_expired``.
2. The answer is worked out, and its bytes encoded once. A refusal of the
   rules (an illegal move) on a state that is already spent answers 409
   ``state_spent`` in its place: the client holds an old state.
3. The store records, atomically for every worker and replica
   (:meth:`service.store.Store.claim`), the request's fingerprint and the
   answer's bytes under the state's key, unless a record is there:
   - none was: this request spent the state, and its answer is sent;
   - one with the same fingerprint: the same request again (a retry, or
     the same request sent twice at once): the recorded answer is sent,
     byte for byte the first one, new token included;
   - one with another fingerprint: 409 ``state_spent``, and nothing of this
     request's answer leaves the referee.
4. A store that cannot be reached answers 503 ``token_store_unavailable``
   (with ``Retry-After``) and this request's answer is dropped: nothing is
   applied, since the client never sees the state it would have made.

An operation whose answer is worked out from cards its caller may not see
(``timeout``: the stand-in's move, from the stalled seat's hand) passes its
refusals first (``checks``), and everything after them, the store's
answer or the work and its record, is padded to a whole multiple of
``REFEREE_TIMEOUT_PAD_MS`` (one, while the work takes less): the time of
each such answer is the pad's, whatever the hidden cards and whichever
request did the work (tests/test_timing.py, tests/test_clocks.py).

The record is the fingerprint (16 bytes of SHA-256) and the answer's bytes
as they were sent: 1.1 to 3.5 KB for a sealed ``play``, about 2 KB as a rule
(deploy/README.md sizes a store from it); it lives
``REFEREE_TOKEN_TTL_SECONDS``. They are not compressed: deflate keeps a
third fewer bytes for a share of a sealed ``play``'s CPU that the store's
bytes are not worth (bench/README.md, States spent once). While a request waits for a remote store (Redis)
it is not counted among the requests its worker works on
(``REFEREE_MAX_ACTIVE``): like the analysis pool, the store is another
process, and the wait uses none of the worker's CPU
(``service.server.plumbing.waiting_elsewhere``); the embedded store's work
is the worker's own, and stays counted. Keeping the
bytes, rather than what would rebuild them, keeps no secret in the store:
a sealed answer's hidden part is its token, which only the referee's keys
open, and the one answer that carries a credential (``reseat``'s) has it
added past the store (``SealedHolding.reseat``).

Without a store (open mode, or ``REFEREE_TOKEN_STORE=none``) the answer is
worked out and sent, and nothing is recorded or refused.
"""

from __future__ import annotations

import functools
import hashlib
import math
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

import flask
import orjson

from .. import clock
from ..errors import IllegalMove, RulesRefusal, StateExpired, StateSpent
from ..server.answers import json_bytes
from ..server.plumbing import waiting_elsewhere
from ..store import Store

FINGERPRINT_BYTES = 16
KEY_BYTES = 16
SPIN_SECONDS = 0.0002
"""The last part of a padded wait (:meth:`Spending.spend`'s ``checks``),
spent reading the monotonic clock rather than asleep: a sleep may end
tens of microseconds late, at random; the spin ends within one."""


@dataclass(frozen=True)
class Spendable:
    """A state the referee vouches for, as a spending request names it.

    Attributes:
        kind: ``b"sealed"`` (a sealed token) or ``b"signed"`` (a signed state).
        vouched: what the referee vouched for: a sealed token's payload, a
            signed state's signature.
        issued_ms: when the referee issued it (milliseconds since the
            epoch, its own clock: ``service.clock``), or ``None`` for a
            state issued before states carried their time.
    """

    kind: bytes
    vouched: bytes
    issued_ms: int | None

    @functools.cached_property
    def key(self) -> bytes:
        """The store's key for the state: 16 bytes (128 bits) of a SHA-256
        of its kind and what the referee vouched for, so any copy of the
        state has the one key. Worked out where a store is asked about the
        state (:meth:`Spending.spend`), and only there."""
        return hashlib.sha256(self.kind + b"\0" + self.vouched).digest()[:KEY_BYTES]


def fingerprint(request: Any) -> bytes:
    """What identifies a spending request besides its state: the SHA-256 of
    ``request`` (JSON values: the operation, its canonical move or
    arguments, the credential's seat) as JSON with sorted keys, cut to
    :data:`FINGERPRINT_BYTES`."""
    return hashlib.sha256(orjson.dumps(request, option=orjson.OPT_SORT_KEYS)).digest()[:FINGERPRINT_BYTES]


class Spending:
    """How an app spends states: its store (``None``: nothing recorded), how
    long a spent state is remembered (``ttl``, seconds), and the time the
    work on cards hidden from the caller is padded to (``pad``, seconds:
    ``REFEREE_TIMEOUT_PAD_MS``)."""

    def __init__(self, store: Store | None, ttl: int, pad: float = 0.01) -> None:
        self.store = store
        self.ttl = ttl
        self.pad = pad

    def spend(self, state: Spendable | None, request: Any, answer: Callable[[], Any],
              checks: Callable[[], object] | None = None) -> bytes:
        """The bytes of a spending operation's answer (JSON, as
        ``service.server.answers.json_bytes`` encodes it), the state spent once.

        Args:
            state: the state the request spends; ``None`` when it spends
                none the referee vouched for (an open state).
            request: the fingerprint's parts (see :func:`fingerprint`).
            answer: works out the answer's body; raises the operation's refusals.
            checks: for an operation whose answer reads cards hidden from
                its caller (``timeout``: the stalled seat's): its refusals,
                which read none. They run first; what follows lasts a whole
                multiple of ``pad`` from their end (one, as a rule), however
                it answers: a state already spent is answered from the store
                (the same request: its recorded bytes; another:
                ``state_spent``) without calling ``answer``, and a state not
                yet spent calls it, then records it. So the time of an answer
                says nothing of the hidden cards, whether this request worked
                on them, or another did (requests sent at once before the
                first is recorded each work them out, each padded).

        Raises:
            StateExpired: 403 ``state_expired``.
            StateSpent: 409 ``state_spent``.
            StoreUnavailable: 503 ``token_store_unavailable``.
            RefereeError: ``answer``'s own refusals.
        """
        store = self.store
        if store is None or state is None:
            if checks is None:
                return json_bytes(answer())
            checks()
            with self._padded():
                return json_bytes(answer())
        if state.issued_ms is None or clock.now_ms() - state.issued_ms > self.ttl * 1000:
            raise self._expired(state)
        mine = fingerprint(request)
        if checks is None:
            return self._claimed(store, state, mine, answer)
        try:
            checks()
        except (IllegalMove, RulesRefusal):
            self._refuse_if_spent(store, state)
            raise
        with self._padded():
            with self._waiting():
                recorded = store.get(state.key)
            if recorded is not None:
                return self._recorded(recorded, mine)
            return self._claimed(store, state, mine, answer)

    def _claimed(self, store: Store, state: Spendable, mine: bytes, answer: Callable[[], Any]) -> bytes:
        """``answer()``'s bytes, once the store has recorded them as the
        answer of the request with fingerprint ``mine`` on ``state``; or the
        answer recorded before (the same request) or ``state_spent`` (another)."""
        try:
            body = json_bytes(answer())
        except (IllegalMove, RulesRefusal):
            self._refuse_if_spent(store, state)
            raise
        with self._waiting():
            before = store.claim(state.key, mine + body, self.ttl)
        return body if before is None else self._recorded(before, mine)

    def _refuse_if_spent(self, store: Store, state: Spendable) -> None:
        """After a refusal of the rules: ``state_spent`` in its place when
        ``state`` is spent (the client holds an old state).

        Raises:
            StateSpent: it is.
        """
        with self._waiting():
            spent = store.get(state.key) is not None
        if spent:
            raise self._spent() from None

    @contextmanager
    def _padded(self) -> Iterator[None]:
        """The block, which works on cards hidden from the caller (the
        stand-in's move), made to last a whole multiple of ``pad`` seconds
        from its start (one, while it does its work in less): its time tells
        nothing of those cards. The wait sleeps (in a gevent worker, the
        worker's other requests run meanwhile; the request is not counted
        among those at work, as while it waits for a remote store) and spins
        its last :data:`SPIN_SECONDS` on the monotonic clock, so it ends
        within a microsecond or so of its mark when the machine is not
        busier than that. Refusals are padded as well."""
        started = time.perf_counter()
        try:
            yield
        finally:
            elapsed = time.perf_counter() - started
            end = started + self.pad * max(1, math.ceil(elapsed / self.pad))
            asleep = end - SPIN_SECONDS - time.perf_counter()
            if asleep > 0:
                with waiting_elsewhere(flask.request.environ):
                    time.sleep(asleep)
            while time.perf_counter() < end:
                pass

    def _recorded(self, record: bytes, mine: bytes) -> bytes:
        """The answer to a request on a state spent with ``record``: its
        recorded bytes for the same request (fingerprint ``mine``).

        Raises:
            StateSpent: another request spent it.
        """
        if record[:FINGERPRINT_BYTES] == mine:
            return record[FINGERPRINT_BYTES:]
        raise self._spent()

    def _waiting(self) -> AbstractContextManager[None]:
        """Around a call of the store: the request waits elsewhere while a
        remote store answers (``Store.remote``); an embedded one's call is
        this worker's own work, and stays counted."""
        assert self.store is not None
        return waiting_elsewhere(flask.request.environ) if self.store.remote else nullcontext()

    def _expired(self, state: Spendable) -> StateExpired:
        when = ("at a time it does not say (it was issued before states carried their time)" if state.issued_ms is None
                else f"more than {self.ttl} seconds ago")
        return StateExpired(
            "state_expired",
            f"This state was issued {when}, longer than this referee remembers spent states "
            "(REFEREE_TOKEN_TTL_SECONDS): it can no longer be played or dealt from, only read")

    @staticmethod
    def _spent() -> StateSpent:
        return StateSpent(
            "state_spent",
            "This state was already spent by another request (another move was played from it, or its next hand dealt): "
            "nothing was applied. Go on from the newest state (sealed mode: the newest token); "
            "the same request sent again answers what it answered the first time")
