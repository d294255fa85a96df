"""Refusals raised by the rules core.

The core knows nothing of HTTP: each refusal carries a machine-readable
``code``, a human sentence ``detail`` and optional ``extra`` fields. The API
layer (``service.api.problems``) maps each class to one HTTP status and renders
it as ``application/problem+json`` (RFC 9457).
"""

from __future__ import annotations

from typing import Any

ECHO_CHARACTERS = 40
"""The most characters of a client's value a refusal's sentence quotes."""


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless it is one: "1 card", "2 cards"."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def echo(value: object, limit: int = ECHO_CHARACTERS) -> str:
    """A client's value as a refusal quotes it: a string in quotes, cut to
    ``limit`` characters (an ellipsis marks the cut) with control characters
    shown as ``?``; a number, ``true``, ``false`` or ``null`` as JSON writes it;
    an object or an array by its kind only. Never its ``repr``, which can be
    several times longer than the value (a megabyte of U+007F is five as a
    repr), and never more than ``limit`` characters of it.
    """
    if isinstance(value, str):
        shown = "".join(character if character.isprintable() else "?" for character in value[:limit])
        return f"'{shown}…'" if len(value) > limit else f"'{shown}'"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, (int, float)):
        text = str(value)
        return text if len(text) <= limit else text[:limit] + "…"
    return "an object" if isinstance(value, dict) else "an array" if isinstance(value, (list, tuple)) else "a value"


class RefereeError(Exception):
    """Base of every refusal the rules core raises.

    Attributes:
        code: machine-readable snake_case code, e.g. ``must_follow_suit``.
        detail: one sentence a person understands, naming the rule broken.
        extra: extra members for the problem body (e.g. ``legal_moves``).
    """

    title = "Request refused"

    def __init__(self, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.extra = extra


class IllegalMove(RefereeError):
    """A well-formed move the rules do not allow now (HTTP 409).

    ``extra["legal_moves"]`` lists the moves a correct client could have made.
    """

    title = "Illegal move"


STATE = "The state"
"""What ``InvalidState``'s detail says breaks the invariants unless told otherwise."""


class InvalidState(RefereeError):
    """A state the referee could not have produced (HTTP 409, ``invalid_state``).

    ``extra["problems"]`` lists every problem found, not only the first.
    """

    title = "Invalid state"

    def __init__(self, problems: list[str], what: str = STATE) -> None:
        detail = f"{what} breaks the rules' invariants: {problems[0]}" + (
            f" (and {counted(len(problems) - 1, 'more problem')})" if len(problems) > 1 else ""
        )
        super().__init__("invalid_state", detail, problems=list(problems))


class RulesRefusal(RefereeError):
    """A well-formed request the rules refuse for another reason (HTTP 409).

    Examples: an impossible trick given to ``trick-winner``, a deal after the
    match is over, a next leader from the wrong team.
    """

    title = "Refused by the rules"


class ClockRefusal(RulesRefusal):
    """A ``timeout`` the hand's clock does not allow (HTTP 409): its hand
    has no clock (``no_clock``), or the seat to act's time has not run out
    (``clock_running``, with ``remaining_ms``). A refusal of the rules, so
    on a state already spent it answers ``state_spent`` instead."""

    title = "Refused by the clock"


class SignatureInvalid(RefereeError):
    """A state whose signature is missing or wrong (HTTP 403)."""

    title = "State signature invalid"


class UnsupportedVersion(RefereeError):
    """A state from an unknown rules or schema version (HTTP 409)."""

    title = "Unsupported state version"


class SealRefused(RefereeError):
    """Sealed mode refuses the request (HTTP 403): a chosen deal the operator
    has not allowed (``chosen_deal_refused``), cards hidden from every seat
    (``hidden_cards``); and, as its subclasses, a missing or wrong seat
    credential (:class:`CredentialRefused`) or a token this referee did not
    seal (:class:`TokenInvalid`)."""

    title = "Refused by sealed mode"


class CredentialRefused(SealRefused):
    """Sealed mode: the request needs a seat's credential (``Authorization:
    Bearer``) and has none, another seat's, or one of another match
    (HTTP 403, ``seat_credential_invalid``)."""

    title = "Seat credential invalid"


class TokenInvalid(SealRefused):
    """A token this referee did not seal, changed or cut, or of another game;
    a state where a sealed referee takes tokens; a token where a referee
    that does not seal takes states (HTTP 403, ``state_token_invalid``)."""

    title = "State token invalid"


class DeadlineExceeded(RefereeError):
    """The request's deadline passed before its work was done (HTTP 503 with
    ``Retry-After``, ``deadline_exceeded``).

    Raised by ``service.deadline.checkpoint`` between the stages of long work."""

    title = "Deadline exceeded"


class StateSpent(RefereeError):
    """A spending operation on a state already spent by another request
    (HTTP 409, ``state_spent``): nothing was applied (CONTRACT: States spent once)."""

    title = "State spent"


class StateExpired(RefereeError):
    """A spending operation on a state issued longer ago than the token
    store remembers spent states (HTTP 403, ``state_expired``), or at a time
    the state does not say (one issued before states carried it)."""

    title = "State expired"


class StoreUnavailable(RefereeError):
    """The token store cannot be reached, so no state can be spent now (HTTP
    503 with ``Retry-After``, ``token_store_unavailable``): nothing was applied."""

    title = "Token store unavailable"

    DETAIL = ("The store where this referee records spent states cannot be reached, so no state can be spent now: "
              "nothing was applied. Send the same request again after Retry-After seconds")

    def __init__(self, code: str = "token_store_unavailable", detail: str = DETAIL, *, cause: str | None = None) -> None:
        super().__init__(code, detail)
        self.cause = cause
        """What failed, for the service's own log and its start (never in an answer: it may name hosts)."""

    @classmethod
    def because(cls, store: str, error: BaseException) -> StoreUnavailable:
        """The refusal for ``error`` met while reaching ``store`` (its description)."""
        return cls(cause=f"{store}: {type(error).__name__}: {str(error)[:300]}")


class RecordInvalid(RefereeError):
    """A record line that cannot be read (docs/notation.md): a grammar
    error, an unknown game or card, a cut line, another rules version.

    Attributes:
        position: the 0-based character offset of the first character at
            fault (the length of the line when it ends too soon); also in
            ``extra["position"]``.
    """

    title = "Record invalid"

    def __init__(self, position: int, detail: str) -> None:
        super().__init__("record_invalid", detail, position=position)
        self.position = position
