"""The referee's problems as exceptions, one class per kind of refusal.

Every problem the referee answers (RFC 9457) has a ``code``, and each code
belongs to one class (``problem_classes.CODES``, written by ``make clients``
from the referee's own table of refusal classes). ``refusal(problem)`` is the
exception of a problem's class, and ``raise_for_problem(answer)`` passes a
call's answer through, or raises the refusal of the problem it answered::

    try:
        played = raise_for_problem(agram_play.sync(client=client, body=request))
    except IllegalMove as refused:  # 409: the rules do not allow the move now
        print(refused.code, refused.legal_moves)
    except (StateSpent, StateExpired):  # the state can no longer be played from
        ...

The classes, and what each adds to ``code``, ``detail``, ``status`` and
``problem`` (the problem's model, as the call answered it):

* ``IllegalMove`` (409): ``legal_moves``, the mover's own legal moves.
* ``InvalidState`` (409, ``invalid_state``): ``problems``, every invariant the state breaks.
* ``RulesRefusal`` (409), and ``ClockRefusal`` (``clock_running``: ``remaining_ms``).
* ``UnsupportedVersion`` (409): ``supported``, the versions the referee reads.
* ``StateSpent`` (409) and ``StateExpired`` (403): the state can no longer be played from.
* ``SignatureInvalid`` (403); ``SealRefused`` (403), and its ``CredentialRefused``
  (``seat_credential_invalid``) and ``TokenInvalid`` (``state_token_invalid``).
* ``RecordInvalid`` (422): ``position``, where the record line is at fault.
* ``DeadlineExceeded`` and ``StoreUnavailable`` (503, with ``Retry-After``).
* ``HttpError``: a plain HTTP error (400, 404, 413, 503...), and its
  ``ValidationFailed`` (422, ``validation_failed``): ``errors``, every fault by member.

A code this version of the client does not know is a ``Refusal``.
"""

from __future__ import annotations

from typing import TypeVar

from .models import FieldErrors, SupportedVersions
from .problem_classes import CLASSES, CODES, GameMove, ProblemModel
from .types import Unset

__all__ = [
    "ClockRefusal", "CredentialRefused", "DeadlineExceeded", "HttpError", "IllegalMove", "InvalidState", "RecordInvalid",
    "Refusal", "RulesRefusal", "SealRefused", "SignatureInvalid", "StateExpired", "StateSpent", "StoreUnavailable",
    "TokenInvalid", "UnsupportedVersion", "ValidationFailed", "is_problem", "raise_for_problem", "refusal", "refusal_class",
]

_T = TypeVar("_T")


class Refusal(Exception):
    """A problem the referee answered, raised; the base of every class below.

    Attributes:
        problem: the problem's model, as the call answered it (``AgramProblem``, ``Problem``...).
    """

    def __init__(self, problem: ProblemModel) -> None:
        super().__init__(f"{problem.code}: {problem.detail}")
        self.problem = problem

    @property
    def code(self) -> str:
        """The machine-readable code, e.g. ``must_follow_suit``."""
        return self.problem.code

    @property
    def detail(self) -> str:
        """What went wrong, in one sentence (a rule's refusal cites the rule)."""
        return self.problem.detail

    @property
    def status(self) -> int:
        """The HTTP status it was answered with."""
        return self.problem.status


class HttpError(Refusal):
    """A plain HTTP error (``type: about:blank``): a body not read, a path not found, too large, too slow, a bug; 503: busy."""


class ValidationFailed(HttpError):
    """422 ``validation_failed``: the body does not match the operation's schema."""

    @property
    def errors(self) -> FieldErrors:
        """Every fault, by location (``json``) then member; ``detail`` names the first."""
        errors = self.problem.errors
        return FieldErrors() if isinstance(errors, Unset) else errors


class IllegalMove(Refusal):
    """409: a well-formed move the rules do not allow now (``not_your_turn``, ``must_follow_suit``...)."""

    @property
    def legal_moves(self) -> list[GameMove]:
        """The mover's own legal moves now (empty when it is not its turn)."""
        moves = getattr(self.problem, "legal_moves", None)
        return [] if moves is None or isinstance(moves, Unset) else list(moves)


class InvalidState(Refusal):
    """409 ``invalid_state``: a state the rules could not have produced."""

    @property
    def problems(self) -> list[str]:
        """Every invariant the state breaks, each in a sentence."""
        problems = self.problem.problems
        return [] if isinstance(problems, Unset) else list(problems)


class RulesRefusal(Refusal):
    """409: a well-formed request the rules refuse for another reason (``hand_not_over``, ``match_over``...)."""


class ClockRefusal(RulesRefusal):
    """409: a ``timeout`` the hand's clock does not allow (``clock_running``, ``no_clock``)."""

    @property
    def remaining_ms(self) -> int | None:
        """``clock_running``: how long the seat to act has left, in milliseconds."""
        remaining = self.problem.remaining_ms
        return None if isinstance(remaining, Unset) else remaining


class SignatureInvalid(Refusal):
    """403 ``state_signature_invalid``: a signed referee's state, missing its signature or changed."""


class UnsupportedVersion(Refusal):
    """409 ``unsupported_version``: a state of a rules or schema version this referee does not read."""

    @property
    def supported(self) -> SupportedVersions | None:
        """The versions this referee reads."""
        supported = getattr(self.problem, "supported", None)
        return None if supported is None or isinstance(supported, Unset) else supported


class SealRefused(Refusal):
    """403: sealed mode refuses the request (``chosen_deal_refused``, ``hidden_cards``, and the two classes below)."""


class CredentialRefused(SealRefused):
    """403 ``seat_credential_invalid``: no seat credential, another seat's, or one of another match."""


class TokenInvalid(SealRefused):
    """403 ``state_token_invalid``: a token the referee did not seal or that was changed; a state where it takes tokens."""


class DeadlineExceeded(Refusal):
    """503 ``deadline_exceeded``: the work passed its deadline; send it again after ``Retry-After`` seconds."""


class StateSpent(Refusal):
    """409 ``state_spent``: another request already played or dealt from this state; go on from the newest."""


class StateExpired(Refusal):
    """403 ``state_expired``: the state was issued too long ago to be played or dealt from."""


class StoreUnavailable(Refusal):
    """503 ``token_store_unavailable``: nothing was applied; send the same request again after ``Retry-After`` seconds."""


class RecordInvalid(Refusal):
    """422 ``record_invalid``: a record line that cannot be read (docs/notation.md)."""

    @property
    def position(self) -> int | None:
        """The 0-based offset of the first character at fault on the line."""
        position = self.problem.position
        return None if isinstance(position, Unset) else position


REFUSALS: dict[str, type[Refusal]] = {
    kind.__name__: kind
    for kind in (HttpError, ValidationFailed, IllegalMove, InvalidState, RulesRefusal, ClockRefusal, SignatureInvalid,
                 UnsupportedVersion, SealRefused, CredentialRefused, TokenInvalid, DeadlineExceeded, StateSpent, StateExpired,
                 StoreUnavailable, RecordInvalid)
}
"""Each class of ``problem_classes.CLASSES`` by its name."""


def refusal_class(code: str) -> type[Refusal]:
    """The class of a problem's ``code`` (``Refusal`` for a code this client does not know).

    A class the referee names that this module does not define yet is read as
    the nearest class it refines."""
    name: str | None = CODES.get(code)
    while name is not None and name not in REFUSALS:
        name = CLASSES[name][0] if name in CLASSES else None
    return REFUSALS[name] if name is not None else Refusal


def refusal(problem: ProblemModel) -> Refusal:
    """The exception of a problem's class, not raised: ``isinstance(refusal(p), IllegalMove)``."""
    return refusal_class(problem.code)(problem)


def is_problem(answer: object) -> bool:
    """Whether a call's answer is a problem (any game's, or the plain one)."""
    return isinstance(answer, ProblemModel)


def raise_for_problem(answer: _T | ProblemModel | None) -> _T:
    """A call's answer (``sync``'s), or raise the refusal of the problem it answered.

    Raises:
        Refusal: the class of the problem's code (``IllegalMove``, ``StateSpent``...).
        ValueError: ``None``, what ``sync`` answers to a status the operation does
            not document when the client does not raise on those.
    """
    if answer is None:
        raise ValueError("The referee answered a status this operation does not document")
    if isinstance(answer, ProblemModel):
        raise refusal(answer)
    return answer
