"""The one table of the plain HTTP errors the service answers, and the
problems the server answers by itself.

Every plain HTTP error (``type: about:blank``) has one row here: its status,
its machine code, the sentence its answers carry unless they say more, and
what it means in the spec's shared responses. The view functions' error handler
(``service.api.problems``), the WSGI plumbing and the gunicorn worker
(``service.server``) all read their statuses, codes and sentences from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, kw_only=True)
class HttpError:
    """A plain HTTP error the service answers (``type: about:blank``).

    Attributes:
        status: its HTTP status.
        code: its machine code; the first code listed for a status is the
            one an error of that status gets by default.
        detail: the sentence its answers carry unless they say more.
        response: what the status means in the spec's shared response for
            it (``#/components/responses/<STATUS_NAME>``), if it has one.
        body: whether every operation with a body can answer it.
    """

    status: int
    code: str
    detail: str
    response: str | None = None
    body: bool = False


HTTP_ERRORS: tuple[HttpError, ...] = (
    HttpError(status=400, code="bad_request", detail="The request could not be understood.", body=True,
              response="The body is not JSON (`malformed_json`), or cannot be read (`bad_request`, `malformed_body`)."),
    HttpError(status=400, code="malformed_json", detail="The request body is not valid JSON."),
    HttpError(status=400, code="malformed_body", detail="The request body could not be read: its framing is broken or the connection closed early."),
    HttpError(status=400, code="invalid_host",
              detail="The Host header is not a host this service can read: a host name (labels of 1 to 63 letters, digits, "
                     "hyphens or underscores between dots), an IPv4 address or an IPv6 address in brackets, and an "
                     "optional port."),
    HttpError(status=403, code="forbidden", detail="This request is refused.",
              response="Signed mode: a state sent back without this referee's valid signature (`state_signature_invalid`). "
                       "Sealed mode: a token this referee did not seal, or a state where it takes tokens (`state_token_invalid`), "
                       "a missing or wrong seat credential (`seat_credential_invalid`), a chosen deal or a replay it does not "
                       "allow (`chosen_deal_refused`; a finished hand's record is always replayed, as an audit), a next hand "
                       "from an audit's token (`audit_token`). Signed and sealed modes: playing or dealing from a state issued longer ago "
                       "than spent states are remembered (`state_expired`). Open mode: a token (`state_token_invalid`)."),
    HttpError(status=404, code="not_found",
              detail="There is nothing at this path: GET /v1/games lists the games, and /openapi.json every operation."),
    HttpError(status=405, code="method_not_allowed", detail="This path does not accept this method; the Allow header lists those it does."),
    HttpError(status=406, code="not_acceptable", detail="This service cannot answer in a media type the request accepts."),
    HttpError(status=408, code="request_timeout", detail="The request body did not arrive in time; send it again, whole.", body=True,
              response="The body did not arrive within the server's deadline (`request_timeout`); send it again, whole."),
    HttpError(status=413, code="payload_too_large", detail="The request body is larger than this service accepts.", body=True,
              response="The body is larger than the service accepts (`payload_too_large`)."),
    HttpError(status=415, code="unsupported_media_type", detail="The request body must be JSON (Content-Type application/json).",
              body=True, response="The body is not sent as JSON (`unsupported_media_type`)."),
    HttpError(status=422, code="validation_failed", detail="The request does not match the schema; `errors` lists the fields at fault."),
    HttpError(status=429, code="too_many_requests", detail="Too many requests; send this one again later."),
    HttpError(status=500, code="internal_error", detail="The referee failed unexpectedly. The error was logged with this request's id.",
              body=True, response="A bug (`internal_error`): logged with the request id, never a stack trace."),
    HttpError(status=503, code="service_unavailable", detail="The service cannot answer now; send the request again after `Retry-After` seconds.",
              body=True, response="The server is busy: it is working on as many requests as it takes at once (or as one client, "
                                  "one source address, may have: `REFEREE_CLIENT_SHARE`), receiving too "
                                  "many large bodies or holding too many large answers (`service_unavailable`); or the request's "
                                  "deadline passed before its work was done (`deadline_exceeded`); or, signed and sealed modes, the "
                                  "store of spent states cannot be reached, so `play` and `deal` with `previous` apply nothing "
                                  "(`token_store_unavailable`). Send it again after `Retry-After` seconds."),
)
"""Every plain HTTP error the app answers: the one table its codes,
sentences and shared spec responses come from."""

PARSER_ERRORS: tuple[HttpError, ...] = (
    HttpError(status=414, code="request_line_too_long", detail="The request line is longer than {limit_request_line:,} bytes."),
    HttpError(status=431, code="too_many_headers", detail="The request has more than {limit_request_fields:,} headers."),
    HttpError(status=431, code="header_too_long", detail="A header line is longer than {limit_request_field_size:,} bytes."),
    HttpError(status=431, code="headers_too_large",
              detail="The request's headers are larger than this service reads: at most {limit_request_fields:,} headers "
                     "of at most {limit_request_field_size:,} bytes each."),
    HttpError(status=400, code="malformed_request_line",
              detail="The request line is not `METHOD target HTTP/1.1` ending in CRLF, with single spaces between its "
                     "parts and a target that is a path of printable ASCII (other bytes percent-encoded)."),
    HttpError(status=400, code="invalid_method", detail="The method is not one this service reads: 3 to 20 upper-case "
                                                        "characters, as in GET or POST."),
    HttpError(status=400, code="invalid_http_version",
              detail="The request line does not end with HTTP/1.x, the version this service speaks (1.2 to 1.9 are "
                     "read and answered as HTTP/1.1)."),
    HttpError(status=400, code="invalid_header_name",
              detail="A header name is not valid: a name is letters, digits, hyphens and a few other symbols, with no space "
                     "or control character, and ends at its colon."),
    HttpError(status=400, code="invalid_header",
              detail="A header is not valid: each is one `Name: value` line ending in CRLF, its value has no control "
                     "characters, and Host and Content-Type are sent at most once."),
    HttpError(status=400, code="missing_host", detail="An HTTP/1.1 request must have a Host header (RFC 9112, 3.2)."),
    HttpError(status=400, code="invalid_framing",
              detail="The request's body framing is invalid or ambiguous: send one Content-Length of digits, or (HTTP/1.1) "
                     "a Transfer-Encoding that ends with chunked, once, and no Content-Length."),
    HttpError(status=400, code="obsolete_line_folding",
              detail="A header continues on the next line (obsolete line folding); send each header on one line."),
    HttpError(status=400, code="conflicting_scheme_headers",
              detail="The headers that say whether the request came over HTTPS (such as X-Forwarded-Proto and "
                     "X-Forwarded-Ssl) disagree."),
    HttpError(status=417, code="expectation_failed",
              detail="The Expect header asks for something other than 100-continue, the one expectation this service meets."),
    HttpError(status=501, code="unsupported_transfer_coding",
              detail="The Transfer-Encoding names a coding this service does not know; send the body with a "
                     "Content-Length, or chunked."),
)
"""The refusals of the HTTP server itself, before the app sees the request
(a request line or headers it cannot parse, or over its limits): answered
as problems by :class:`service.server.worker.RefereeWorker`, ``type:
about:blank``. A ``detail`` may name the server's limits as
``{limit_request_line}``, ``{limit_request_fields}`` and
``{limit_request_field_size}`` (its settings of the same names, in bytes
or headers), filled in when answered. The server also answers some
requests with codes of :data:`HTTP_ERRORS`: ``malformed_body``,
``bad_request``, ``forbidden`` and ``internal_error``."""

HTTP_CODES: dict[int, str] = {}
for _error in HTTP_ERRORS:
    HTTP_CODES.setdefault(_error.status, _error.code)
HTTP_DETAILS: dict[str, str] = {error.code: error.detail for error in HTTP_ERRORS + PARSER_ERRORS}
BODY_STATUSES: tuple[int, ...] = tuple(sorted({error.status for error in HTTP_ERRORS if error.body}))
"""The statuses every operation with a body can answer, whatever its game."""


def status_of(code: str) -> int:
    """The HTTP status of a code of :data:`HTTP_ERRORS` or :data:`PARSER_ERRORS`.

    Raises:
        KeyError: no row has the code.
    """
    return _STATUSES[code]


_STATUSES: dict[str, int] = {error.code: error.status for error in HTTP_ERRORS + PARSER_ERRORS}

RETRY_AFTER: Mapping[str, str] = {"Retry-After": "1"}
"""The header of every 503: the client may send the request again in a second."""


@dataclass(frozen=True)
class Problem:
    """A problem the server answers by itself, before or around the app
    (a body it cannot receive, a request past its admission, a request line
    its parser refuses): a code of this module's tables, and its sentence.

    Attributes:
        code: a code of :data:`HTTP_ERRORS` or :data:`PARSER_ERRORS`.
        detail: the sentence for people (this service's words, never the client's bytes).
        headers: extra headers of the answer (``Retry-After`` on a 503).
    """

    code: str
    detail: str
    headers: Mapping[str, str] = field(default_factory=dict)

    @property
    def status(self) -> int:
        """The code's HTTP status (:func:`status_of`)."""
        return status_of(self.code)


def unavailable(detail: str) -> Problem:
    """A 503 ``service_unavailable`` with :data:`RETRY_AFTER`: the one shape of
    every "too busy now" answer (the admission of requests, the budget of
    large bodies, the analysis pool); ``detail`` says which."""
    return Problem("service_unavailable", detail, RETRY_AFTER)


ADMISSION_BUSY = ("This server is working on as many requests as it takes at once; "
                  "send this one again in a moment (Retry-After).")
"""The detail of a 503 past the worker's admission (``REFEREE_MAX_ACTIVE``)."""
CLIENT_BUSY = ("This server is working on as many requests from your address as one client may have at once "
               "(the rest is kept for other clients); send this one again once one is answered (Retry-After).")
"""The detail of a 503 past one client's share of the worker's admission (``REFEREE_CLIENT_SHARE``)."""
BODIES_BUSY = ("The server is receiving too many large request bodies at once; "
               "send this one again in a moment (Retry-After).")
"""The detail of a 503 past the worker's budget of large bodies (``REFEREE_BODY_BUDGET_BYTES``)."""
ANSWERS_BUSY = ("The server is holding too many large answers for clients still reading them; "
                "send this one again in a moment (Retry-After).")
"""The detail of a 503 past the worker's budget of large answers (``REFEREE_ANSWER_BUDGET_BYTES``)."""
