"""What a worker process holds at once for its clients, in bytes, bounded.

Two budgets, one each per process (gunicorn's workers are processes):

* :data:`BODIES`: the large request bodies it is receiving
  (``REFEREE_BODY_BUDGET_BYTES``; ``bodies.receive``): a client that sends
  most of a large body and stops holds that much memory until the request's
  deadline;
* :data:`ANSWERS`: the large answers it is still writing to clients that
  read them slowly (``REFEREE_ANSWER_BUDGET_BYTES``; ``plumbing``): past
  the kernel's send buffer, the rest of an answer waits in the worker until
  the client reads it, or the deadline cuts it.

Without a bound, a few hundred such connections fill a pod. Each counts
only what is over :data:`SMALL_BYTES`: the smaller ones are bounded by the
worker's connections (``GUNICORN_WORKER_CONNECTIONS``). Past a budget, one
more answers 503 with ``Retry-After`` at once. gevent switches greenlets
only at I/O, so a count needs no lock.
"""

from __future__ import annotations

SMALL_BYTES = 64 * 1024
"""A body or answer up to this size is not counted."""


class HeldBytes:
    """How many bytes of one kind this worker holds at once (``held``)."""

    def __init__(self) -> None:
        self.held = 0

    def reserve(self, size: int, budget: int) -> int | None:
        """Count one body or answer of ``size`` bytes: the bytes to release
        once it is done with (0 for one of at most :data:`SMALL_BYTES`), or
        ``None`` when it would take the count past ``budget``."""
        if size <= SMALL_BYTES:
            return 0
        return size if self.take(size, budget) else None

    def take(self, size: int, budget: int) -> bool:
        """Count ``size`` more bytes, unless that would pass ``budget``."""
        if self.held + size > budget:
            return False
        self.held += size
        return True

    def release(self, size: int) -> None:
        """Count ``size`` bytes fewer (what :meth:`reserve` or :meth:`take` counted)."""
        self.held -= size


BODIES = HeldBytes()
"""This worker's large bodies being received."""
ANSWERS = HeldBytes()
"""This worker's large answers being written."""
