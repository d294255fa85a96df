"""The referee's classes of problems and the codes of each, written by tools/clients.py (make clients) from service.api.problems.problem_classes(): do not edit."""

from __future__ import annotations

from typing import TypeAlias

from .models import (
    AgencyMove,
    AgencyProblem,
    AgramMaliMove,
    AgramMaliProblem,
    AgramMove,
    AgramProblem,
    FapfapMove,
    FapfapProblem,
    Problem,
    SinkSinkMove,
    SinkSinkProblem,
    SparMove,
    SparProblem,
)

ProblemModel: TypeAlias = AgencyProblem | AgramMaliProblem | AgramProblem | FapfapProblem | Problem | SinkSinkProblem | SparProblem
"""Every problem body the referee answers (its games' and the plain one)."""
GameMove: TypeAlias = AgencyMove | AgramMaliMove | AgramMove | FapfapMove | SinkSinkMove | SparMove
"""A move of any game (an illegal move's ``legal_moves``)."""

CLASSES: dict[str, tuple[str | None, str]] = {
    "HttpError": (None, "A plain HTTP error (`type: about:blank`): a request the service could not read or route, too large, too slow, or a bug; the service busy (503, with `Retry-After`)."),
    "ValidationFailed": ("HttpError", "The body does not match the operation's schema (422): `errors` lists every fault by member, and `detail` names the first."),
    "IllegalMove": (None, "A well-formed move the rules do not allow now (HTTP 409)."),
    "InvalidState": (None, "A state the referee could not have produced (HTTP 409, `invalid_state`)."),
    "RulesRefusal": (None, "A well-formed request the rules refuse for another reason (HTTP 409)."),
    "ClockRefusal": ("RulesRefusal", "A `timeout` the hand's clock does not allow (HTTP 409): its hand has no clock (`no_clock`), or the seat to act's time has not run out (`clock_running`, with `remaining_ms`). A refusal of the rules, so on a state already spent it answers `state_spent` instead."),
    "SignatureInvalid": (None, "A state whose signature is missing or wrong (HTTP 403)."),
    "UnsupportedVersion": (None, "A state from an unknown rules or schema version (HTTP 409)."),
    "SealRefused": (None, "Sealed mode refuses the request (HTTP 403): a chosen deal the operator has not allowed (`chosen_deal_refused`), cards hidden from every seat (`hidden_cards`); and, as its subclasses, a missing or wrong seat credential (`CredentialRefused`) or a token this referee did not seal (`TokenInvalid`)."),
    "CredentialRefused": ("SealRefused", "Sealed mode: the request needs a seat's credential (`Authorization: Bearer`) and has none, another seat's, or one of another match (HTTP 403, `seat_credential_invalid`)."),
    "TokenInvalid": ("SealRefused", "A token this referee did not seal, changed or cut, or of another game; a state where a sealed referee takes tokens; a token where a referee that does not seal takes states (HTTP 403, `state_token_invalid`)."),
    "DeadlineExceeded": (None, "The request's deadline passed before its work was done (HTTP 503 with `Retry-After`, `deadline_exceeded`)."),
    "StateSpent": (None, "A spending operation on a state already spent by another request (HTTP 409, `state_spent`): nothing was applied (CONTRACT: States spent once)."),
    "StateExpired": (None, "A spending operation on a state issued longer ago than the token store remembers spent states (HTTP 403, `state_expired`), or at a time the state does not say (one issued before states carried it)."),
    "StoreUnavailable": (None, "The token store cannot be reached, so no state can be spent now (HTTP 503 with `Retry-After`, `token_store_unavailable`): nothing was applied."),
    "RecordInvalid": (None, "A record line that cannot be read (docs/notation.md): a grammar error, an unknown game or card, a cut line, another rules version."),
}
"""Each class of problem by name: the class it refines (or ``None``) and what its problems mean."""

CODES: dict[str, str] = {
    "bad_request": "HttpError",
    "conflicting_scheme_headers": "HttpError",
    "expectation_failed": "HttpError",
    "forbidden": "HttpError",
    "header_too_long": "HttpError",
    "headers_too_large": "HttpError",
    "internal_error": "HttpError",
    "invalid_framing": "HttpError",
    "invalid_header": "HttpError",
    "invalid_header_name": "HttpError",
    "invalid_host": "HttpError",
    "invalid_http_version": "HttpError",
    "invalid_method": "HttpError",
    "malformed_body": "HttpError",
    "malformed_json": "HttpError",
    "malformed_request_line": "HttpError",
    "method_not_allowed": "HttpError",
    "missing_host": "HttpError",
    "not_acceptable": "HttpError",
    "not_found": "HttpError",
    "obsolete_line_folding": "HttpError",
    "payload_too_large": "HttpError",
    "request_line_too_long": "HttpError",
    "request_timeout": "HttpError",
    "service_unavailable": "HttpError",
    "too_many_headers": "HttpError",
    "too_many_requests": "HttpError",
    "unsupported_media_type": "HttpError",
    "unsupported_transfer_coding": "HttpError",
    "validation_failed": "ValidationFailed",
    "card_not_available": "IllegalMove",
    "hand_over": "IllegalMove",
    "holder_required": "IllegalMove",
    "must_follow_suit": "IllegalMove",
    "not_your_turn": "IllegalMove",
    "wall_not_allowed": "IllegalMove",
    "invalid_state": "InvalidState",
    "hand_not_over": "RulesRefusal",
    "invalid_trick": "RulesRefusal",
    "leader_not_from_losing_team": "RulesRefusal",
    "match_mismatch": "RulesRefusal",
    "match_over": "RulesRefusal",
    "seat_out_of_range": "RulesRefusal",
    "clock_running": "ClockRefusal",
    "no_clock": "ClockRefusal",
    "state_signature_invalid": "SignatureInvalid",
    "unsupported_version": "UnsupportedVersion",
    "audit_token": "SealRefused",
    "chosen_deal_refused": "SealRefused",
    "hidden_cards": "SealRefused",
    "seat_credential_invalid": "CredentialRefused",
    "state_token_invalid": "TokenInvalid",
    "deadline_exceeded": "DeadlineExceeded",
    "state_spent": "StateSpent",
    "state_expired": "StateExpired",
    "token_store_unavailable": "StoreUnavailable",
    "record_invalid": "RecordInvalid",
}
"""The class of each code the referee answers."""
