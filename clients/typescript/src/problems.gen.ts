// The referee's classes of problems and the codes of each, written by tools/clients.py (make clients) from service.api.problems.problem_classes(): do not edit.

/** Each class of problem by name: the class it refines (or null), what its problems mean, and its codes. */
export const problemClasses = {
    HttpError: {
        parent: null,
        description: "A plain HTTP error (`type: about:blank`): a request the service could not read or route, too large, too slow, or a bug; the service busy (503, with `Retry-After`).",
        codes: ["bad_request", "conflicting_scheme_headers", "expectation_failed", "forbidden", "header_too_long", "headers_too_large", "internal_error", "invalid_framing", "invalid_header", "invalid_header_name", "invalid_host", "invalid_http_version", "invalid_method", "malformed_body", "malformed_json", "malformed_request_line", "method_not_allowed", "missing_host", "not_acceptable", "not_found", "obsolete_line_folding", "payload_too_large", "request_line_too_long", "request_timeout", "service_unavailable", "too_many_headers", "too_many_requests", "unsupported_media_type", "unsupported_transfer_coding"],
    },
    ValidationFailed: {
        parent: "HttpError",
        description: "The body does not match the operation's schema (422): `errors` lists every fault by member, and `detail` names the first.",
        codes: ["validation_failed"],
    },
    IllegalMove: {
        parent: null,
        description: "A well-formed move the rules do not allow now (HTTP 409).",
        codes: ["card_not_available", "hand_over", "holder_required", "must_follow_suit", "not_your_turn", "wall_not_allowed"],
    },
    InvalidState: {
        parent: null,
        description: "A state the referee could not have produced (HTTP 409, `invalid_state`).",
        codes: ["invalid_state"],
    },
    RulesRefusal: {
        parent: null,
        description: "A well-formed request the rules refuse for another reason (HTTP 409).",
        codes: ["hand_not_over", "invalid_trick", "leader_not_from_losing_team", "match_mismatch", "match_over", "seat_out_of_range"],
    },
    ClockRefusal: {
        parent: "RulesRefusal",
        description: "A `timeout` the hand's clock does not allow (HTTP 409): its hand has no clock (`no_clock`), or the seat to act's time has not run out (`clock_running`, with `remaining_ms`). A refusal of the rules, so on a state already spent it answers `state_spent` instead.",
        codes: ["clock_running", "no_clock"],
    },
    SignatureInvalid: {
        parent: null,
        description: "A state whose signature is missing or wrong (HTTP 403).",
        codes: ["state_signature_invalid"],
    },
    UnsupportedVersion: {
        parent: null,
        description: "A state from an unknown rules or schema version (HTTP 409).",
        codes: ["unsupported_version"],
    },
    SealRefused: {
        parent: null,
        description: "Sealed mode refuses the request (HTTP 403): a chosen deal the operator has not allowed (`chosen_deal_refused`), cards hidden from every seat (`hidden_cards`); and, as its subclasses, a missing or wrong seat credential (`CredentialRefused`) or a token this referee did not seal (`TokenInvalid`).",
        codes: ["audit_token", "chosen_deal_refused", "hidden_cards"],
    },
    CredentialRefused: {
        parent: "SealRefused",
        description: "Sealed mode: the request needs a seat's credential (`Authorization: Bearer`) and has none, another seat's, or one of another match (HTTP 403, `seat_credential_invalid`).",
        codes: ["seat_credential_invalid"],
    },
    TokenInvalid: {
        parent: "SealRefused",
        description: "A token this referee did not seal, changed or cut, or of another game; a state where a sealed referee takes tokens; a token where a referee that does not seal takes states (HTTP 403, `state_token_invalid`).",
        codes: ["state_token_invalid"],
    },
    DeadlineExceeded: {
        parent: null,
        description: "The request's deadline passed before its work was done (HTTP 503 with `Retry-After`, `deadline_exceeded`).",
        codes: ["deadline_exceeded"],
    },
    StateSpent: {
        parent: null,
        description: "A spending operation on a state already spent by another request (HTTP 409, `state_spent`): nothing was applied (CONTRACT: States spent once).",
        codes: ["state_spent"],
    },
    StateExpired: {
        parent: null,
        description: "A spending operation on a state issued longer ago than the token store remembers spent states (HTTP 403, `state_expired`), or at a time the state does not say (one issued before states carried it).",
        codes: ["state_expired"],
    },
    StoreUnavailable: {
        parent: null,
        description: "The token store cannot be reached, so no state can be spent now (HTTP 503 with `Retry-After`, `token_store_unavailable`): nothing was applied.",
        codes: ["token_store_unavailable"],
    },
    RecordInvalid: {
        parent: null,
        description: "A record line that cannot be read (docs/notation.md): a grammar error, an unknown game or card, a cut line, another rules version.",
        codes: ["record_invalid"],
    },
} as const;
