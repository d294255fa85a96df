"""The one place that turns errors into RFC 9457 ``application/problem+json``.

Every error response has the members ``type``, ``title``, ``status``,
``detail`` (a sentence for people) and ``code`` (snake_case, for programs),
plus any extra members of the refusal (``legal_moves``, ``problems``,
``errors``...).

* HTTP errors (404, 405, 413, 415, 422, 400...) come through
  :meth:`ProblemApi.handle_http_exception`; their ``type`` is ``about:blank``.
* The rules core's refusals (:mod:`service.errors`) are mapped to a status by
  :data:`REFUSAL_STATUS`; their ``type`` is ``/problems/<code>``, which
  ``GET /problems/<code>`` dereferences from :data:`PROBLEM_TYPES`.
* Anything else is a bug: it is logged and answered 500 ``internal_error``
  with no stack trace.
* The plain HTTP errors' statuses, codes and sentences come from the one
  table (:mod:`service.server.http_errors`), which the server's own
  refusals, made before the app sees a request, read too.

To document error responses on a view function::

    from service.api.problems import problem_response

    @blp.alt_response(409, **problem_response(409, "Illegal move or invalid state"))
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

import flask
import marshmallow as ma
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import BadHost, HTTPException

from service import errors, notation
from service.games import GAMES
from service.games.records import ProblemCode
from service.schemas import examples
from service.schemas.records import to_json
from service.schemas.spec import SpecOnReadApi
from service.server.answers import BLANK_TYPE, JSON_MEDIA_TYPE, MAX_NAME, PROBLEM_MEDIA_TYPE, Packed, problem_bytes
from service.server.http_errors import HTTP_CODES, HTTP_DETAILS, HTTP_ERRORS, PARSER_ERRORS, RETRY_AFTER

PROBLEM_TYPE_PREFIX = "/problems/"

log = logging.getLogger("referee.errors")


@dataclass(frozen=True, kw_only=True)
class ProblemType:
    """A documented problem type, served at ``/problems/<code>``."""

    code: str  # snake_case machine code, also the last segment of the type URI
    title: str  # short summary, the same for every occurrence
    status: int  # HTTP status it answers with
    description: str  # what it means and what a client should do


# HTTP status of each refusal class of the rules core; the nearest
# class in the exception's MRO wins, and a RefereeError not listed answers 409.
REFUSAL_STATUS: dict[type[errors.RefereeError], int] = {
    errors.IllegalMove: 409,
    errors.InvalidState: 409,
    errors.RulesRefusal: 409,
    errors.UnsupportedVersion: 409,
    errors.SignatureInvalid: 403,
    errors.SealRefused: 403,
    errors.RecordInvalid: 422,
    errors.DeadlineExceeded: 503,
    errors.StateSpent: 409,
    errors.StateExpired: 403,
    errors.StoreUnavailable: 503,
}

# Problem types of the API itself (the games declare theirs beside their rules).
API_PROBLEMS: tuple[ProblemCode, ...] = (
    ProblemCode(
        code="state_signature_invalid",
        kind=errors.SignatureInvalid,
        description="The service signs its states, and this one's signature is missing or does not match: the state was not produced by this referee, or was changed.",
    ),
    ProblemCode(
        code="state_token_invalid",
        kind=errors.TokenInvalid,
        title="State token invalid",
        description="Sealed mode: the token was changed, cut, sealed by an unknown key or is not a token (or a state object was sent where this referee takes tokens). "
                    "A referee that does not seal its states refuses a token with it too. Send what the referee returned: its newest token, or its state.",
    ),
    ProblemCode(
        code="seat_credential_invalid",
        kind=errors.CredentialRefused,
        title="Seat credential invalid",
        description="Sealed mode: a move, a view or a suggestion for a seat needs that seat's credential (`Authorization: Bearer <credential>`), "
                    "and dealing Agency's next hand the credential of a seat of the team that lost (RULINGS A14); this request has none, "
                    "another seat's, or one of another match.",
    ),
    ProblemCode(
        code="chosen_deal_refused",
        kind=errors.SealRefused,
        title="Chosen deal refused",
        description="Sealed mode deals at random: a deal from a seed, a deck or hands, and a replay, are refused unless the operator "
                    "allows chosen deals; but for the replay of a finished hand's record, an audit, which is always answered.",
    ),
    ProblemCode(
        code="audit_token",
        kind=errors.SealRefused,
        title="Audit token",
        description="Sealed mode: the `previous` token is an audit's (a replay of a finished hand's record, answered whatever "
                    "`REFEREE_ALLOW_CHOSEN_DEALS` says): it shows that hand, and no next hand is dealt from it.",
    ),
    ProblemCode(
        code="deadline_exceeded",
        kind=errors.DeadlineExceeded,
        description="The request's work did not finish within the server's deadline (`REFEREE_DEADLINE_SECONDS`, from when its "
                    "headers arrived) and was stopped there; send it again after `Retry-After` seconds, or a smaller one.",
    ),
    ProblemCode(
        code="state_spent",
        kind=errors.StateSpent,
        description="Signed and sealed modes: the state was already spent by another request (another move was played from it, or "
                    "its match's next hand dealt from it), so this one changed nothing and carries no state or token. Go on from the "
                    "newest state (sealed mode: the newest token). The same request as the one that spent it (the same state, move "
                    "or deal, and credential) is not refused: it answers again exactly what it answered the first time.",
    ),
    ProblemCode(
        code="state_expired",
        kind=errors.StateExpired,
        description="Signed and sealed modes: the state was issued longer ago than the referee remembers spent states "
                    "(`REFEREE_TOKEN_TTL_SECONDS`, a day by default), or before states carried the time they were issued, so it "
                    "can no longer be played or dealt from. Operations that only read it still answer.",
    ),
    ProblemCode(
        code="token_store_unavailable",
        kind=errors.StoreUnavailable,
        description="Signed and sealed modes: the store where the referee records spent states cannot be reached, so no state can "
                    "be spent now (`play`, `deal` with `previous`): nothing was applied. Send the same request again after "
                    "`Retry-After` seconds; operations that spend nothing still answer.",
    ),
    ProblemCode(
        code="clock_running",
        kind=errors.ClockRefusal,
        title="Clock running",
        description="`timeout` before the deadline: the seat to act's time has not run out, and it may still play. "
                    "`remaining_ms` says how long it has left (milliseconds, by the referee's clock); ask again after that.",
    ),
    ProblemCode(
        code="no_clock",
        kind=errors.ClockRefusal,
        title="No clock",
        description="`timeout` on a hand whose match was dealt without a clock: no seat's time ever runs out. A clock is set "
                    "by a match's first deal (`clock`, signed and sealed modes).",
    ),
    ProblemCode(
        code="hidden_cards",
        kind=errors.SealRefused,
        title="Hidden cards",
        description="Sealed mode: the answer would show cards hidden from every seat (`solve` while the hand runs; `analyze` and `record` "
                    "until the hand is over, when the deal is revealed). Once the hand is over, `analyze` reviews it and `record` writes it.",
    ),
)


def _declared() -> list[ProblemCode]:
    """Every referee problem code declared: each game's (``Game.problem_codes``), the API's and the records'."""
    return [code for game in GAMES.values() for code in game.problem_codes] + list(API_PROBLEMS) + list(notation.PROBLEMS)


def _types() -> dict[str, ProblemType]:
    """Every referee problem type: each game's codes (``Game.problem_codes``)
    and the API's, each once, with the status and title of its refusal class."""
    types_: dict[str, ProblemType] = {}
    for declared_code in _declared():
        kind = declared_code.kind
        types_.setdefault(declared_code.code, ProblemType(
            code=declared_code.code, title=declared_code.problem_title, status=refusal_status_of(kind), description=declared_code.description,
        ))
    return types_




MAX_FIELD_ERRORS = 50
"""The most field errors a 422 lists; ``errors_truncated`` says when there were more."""


class FieldErrorsSchema(ma.Schema):
    """Validation errors as a tree: by location (``json``), then field, then
    nested field or list index; each leaf lists the field's messages."""

    JSON_SCHEMA_EXTRA = {
        "additionalProperties": {
            "oneOf": [
                {"type": "array", "items": {"type": "string"}, "description": "The field's messages."},
                {"$ref": "#/components/schemas/FieldErrors"},
            ]
        }
    }


class ProblemSchema(ma.Schema):
    """An RFC 9457 problem. Its members are all listed here (a game's problem
    adds its refusals' members, :func:`game_problem`), so generated clients
    type every one."""

    type = ma.fields.String(
        required=True,
        metadata={"description": "URI of the problem type: `about:blank` or `/problems/<code>`."},
    )
    title = ma.fields.String(required=True, metadata={"description": "Short summary of the problem type."})
    status = ma.fields.Integer(required=True, metadata={"description": "HTTP status code."})
    detail = ma.fields.String(
        required=True, metadata={"description": "What went wrong here, in one sentence; names the rule broken."}
    )
    code = ma.fields.String(
        required=True,
        metadata={"description": "Machine-readable snake_case code, e.g. `must_follow_suit`, `validation_failed`."},
    )
    errors = ma.fields.Nested(
        FieldErrorsSchema,
        metadata={"description": "Validation errors by location then field (422 only)."},
    )
    errors_truncated = ma.fields.Boolean(
        metadata={"description": f"422 only: true when the body has more faults than the first {MAX_FIELD_ERRORS} listed "
                                 "(the referee stops reading a body there)."},
    )
    problems = ma.fields.List(
        ma.fields.String(),
        metadata={"description": "Every invariant the state breaks (`invalid_state` only)."},
    )
    remaining_ms = ma.fields.Integer(
        metadata={"description": "`clock_running`: how long the seat to act has left, in milliseconds."},
    )
    position = ma.fields.Integer(
        metadata={"description": "A record refused (`record_invalid`, or a deal or play of a record the rules refuse): the 0-based "
                                 "character offset of the first character at fault on its line (docs/notation.md)."},
    )
    record = ma.fields.Integer(
        metadata={"description": "`replay` of a match's `records`: the index in `records` (from 0) of the record at fault."},
    )


class ProblemTypeSchema(ma.Schema):
    """The documentation of one problem type."""

    code = ma.fields.String(required=True, metadata={"description": "Machine code of the problem type."})
    title = ma.fields.String(required=True, metadata={"description": "Short summary."})
    status = ma.fields.Integer(required=True, metadata={"description": "HTTP status it answers with."})
    description = ma.fields.String(required=True, metadata={"description": "What it means."})


class SupportedVersionsSchema(ma.Schema):
    """The versions of states this referee reads."""

    rules_version = ma.fields.String(required=True)
    schema_version = ma.fields.Integer(required=True)


def game_problem(prefix: str, move: type[ma.Schema], match: type[ma.Schema]) -> type[ma.Schema]:
    """A game's problem: the members its refusals add, typed (``legal_moves``
    are that game's moves, ``match`` its match record)."""
    return type(f"{prefix}Problem", (ProblemSchema,), {
        "__doc__": f"An RFC 9457 problem of {prefix}: an illegal move, an invalid state, or another refusal of the rules.",
        "legal_moves": ma.fields.List(ma.fields.Nested(move), metadata={"description": "Moves a correct client could have chosen (illegal moves: the mover's own)."}),
        "move": ma.fields.Nested(move, metadata={"description": "replay: the illegal move, as sent."}),
        "hand": ma.fields.Integer(metadata={"description": "replay: the number of the hand, from 1, where the transcript failed."}),
        "index": ma.fields.Integer(metadata={"description": "replay: the illegal move's place in that hand's `moves`, from 0."}),
        "allowed_leaders": ma.fields.List(ma.fields.Integer(), metadata={"description": "`leader_not_from_losing_team`: the seats that may lead."}),
        "match": ma.fields.Nested(match, metadata={"description": "`match_over`: where the match stands."}),
        "supported": ma.fields.Nested(SupportedVersionsSchema, metadata={"description": "`unsupported_version`: the versions this referee reads."}),
    })


def problem_response(status: int, description: str | None = None, schema: type[ma.Schema] | None = None) -> dict[str, Any]:
    """Keyword arguments for ``blp.alt_response(status, **...)`` documenting a problem.

    Args:
        status: the HTTP status, e.g. 409.
        description: what the status means for this operation (default: the
            status phrase, e.g. "Conflict").
        schema: the problem's schema (default: ``ProblemSchema``; a game's
            refusals: ``game_problem``).

    Returns:
        ``{"schema", "content_type", "description"}`` for flask-smorest.
    """
    return {
        "schema": schema or ProblemSchema,
        "content_type": PROBLEM_MEDIA_TYPE,
        "description": description or HTTPStatus(status).phrase,
    }


def problem(status: int, code: str, detail: str, *, type_: str = BLANK_TYPE, title: str | None = None,
            headers: Mapping[str, str] | None = None, **extra: Any) -> flask.Response:
    """Build a ``application/problem+json`` response.

    Args:
        status: HTTP status code.
        code: snake_case machine code.
        detail: one human sentence about this occurrence.
        type_: problem type URI (``about:blank`` for plain HTTP errors).
        title: short summary (default: the status phrase).
        headers: extra response headers (e.g. ``Allow``).
        **extra: further members, already JSON-ready; they never replace the
            five standard members.

    Returns:
        The Flask response.
    """
    response = flask.current_app.response_class(
        problem_bytes(status, code, detail, type_=type_, title=title, **extra), status=status, mimetype=PROBLEM_MEDIA_TYPE
    )
    response.headers.extend(headers or {})
    return response


def no_such_game(game: str) -> str:
    """The 404 detail for a game id no game has (``GET /v1/games/<id>`` and any path under it)."""
    return f"No game has the id {errors.echo(game)}; the games are {', '.join(GAMES)}."


def _unknown_game(path: str) -> str | None:
    """The game id a ``/v1/games/<id>/...`` path names, when no game has it."""
    parts = path.split("/", 4)
    if len(parts) > 3 and parts[1:3] == ["v1", "games"] and parts[3] and parts[3] not in GAMES:
        return parts[3]
    return None


def _http_code(error: HTTPException, data: Mapping[str, Any]) -> str:
    status = error.code or 500
    if isinstance(error, BadHost):  # werkzeug's routing could not encode the Host (a label over 63 characters)
        return "invalid_host"
    if status == 400:
        messages = data.get("messages") or data.get("errors") or {}
        json_error = isinstance(messages, Mapping) and "json" in messages
        if json_error or "json" in (error.description or "").lower():
            return "malformed_json"
    return HTTP_CODES.get(status, HTTPStatus(status).phrase.lower().replace(" ", "_").replace("-", "_"))


def _validation_errors(data: Mapping[str, Any]) -> dict[str, Any] | None:
    errors_ = data.get("errors", data.get("messages"))
    return dict(errors_) if isinstance(errors_, Mapping) else None


def capped(errors_: Mapping[str, Any], limit: int = MAX_FIELD_ERRORS) -> tuple[dict[str, Any], int]:
    """The first ``limit`` messages of a nested error tree (in its order), and
    how many more there were, so a hostile body's answer stays small."""
    kept = 0
    omitted = 0

    def walk(node: Any) -> Any:
        nonlocal kept, omitted
        if isinstance(node, Mapping):
            out = {}
            for key, value in node.items():
                sub = walk(value)
                if sub:
                    out[key] = sub
            return out
        if isinstance(node, list) and not any(isinstance(item, (Mapping, list)) for item in node):
            room = max(0, limit - kept)
            kept += min(room, len(node))
            omitted += max(0, len(node) - room)
            return node[:room]
        if isinstance(node, list):
            return [walk(item) for item in node]
        if kept < limit:
            kept += 1
            return node
        omitted += 1
        return None

    return walk(errors_), omitted


def _faults(node: Any, path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], str]]:
    """Every message of an error tree, in its order, with the path of the
    member it is about (``_schema``: the object itself, left out of the path)."""
    if isinstance(node, Mapping):
        return [fault for key, value in node.items()
                for fault in _faults(value, path if key == "_schema" else (*path, key))]
    if isinstance(node, list) and not any(isinstance(item, (Mapping, list)) for item in node):
        return [(path, str(message)) for message in node]
    if isinstance(node, list):
        return [fault for index, item in enumerate(node) for fault in _faults(item, (*path, index))]
    return [(path, str(node))]


def _member(path: tuple[str | int, ...]) -> str:
    """A member's path as a client writes it: ``plays[0].card``; ``The body`` for the body itself.
    A name the client sent is cut to ``MAX_NAME`` characters, its control characters shown as ``?``."""
    written = ""
    for part in path:
        if isinstance(part, int) or part.isdigit():
            written += f"[{part}]"
            continue
        name = "".join(character if character.isprintable() else "?" for character in part[:MAX_NAME])
        written += ("." if written else "") + name + ("…" if len(part) > MAX_NAME else "")
    return f"`{written}`" if written else "The body"


def first_fault(errors_: Mapping[str, Any], truncated: bool = False) -> str | None:
    """A 422's ``detail``: the first fault of its ``errors`` (by location, then
    member) in a sentence, with how many more ``errors`` lists (``truncated``:
    the body has more still); ``None`` when ``errors`` lists none.

    ``{"json": {"plays": {0: {"card": ["Not a card code: 'ZZ'."]}}, "seed": [...]}}`` reads
    "`plays[0].card`: Not a card code: 'ZZ'; 1 more fault is listed in `errors`."
    """
    found = [fault for location in errors_.values() for fault in _faults(location)]
    if not found:
        return None
    path, message = found[0]
    message = message.strip()
    sentence = message if not path and message.startswith("The body") else f"{_member(path)}: {message}"
    more = len(found) - 1
    if not more and not truncated:
        return sentence if sentence.endswith((".", "?", "!")) else f"{sentence}."
    sentence = sentence.rstrip(".")
    listed = f"{more} more fault{'s are' if more != 1 else ' is'} listed in `errors`"
    return f"{sentence}; {listed}{', and the body has more still' if truncated else ''}."


_RESPONSES = {error.status: error.response for error in HTTP_ERRORS if error.response}
DEFAULT_DESCRIPTION = (
    "Error (RFC 9457 problem details). Any operation can also answer the server's own problems, made before "
    "the request is read, when its request line or headers cannot be parsed or break the server's limits "
    "(the connection then closes): "
    + "; ".join(f"{status} " + ", ".join(f"`{error.code}`" for error in PARSER_ERRORS if error.status == status)
                for status in sorted({error.status for error in PARSER_ERRORS})) + "."
)
"""The spec's default response: what every operation can answer besides its own responses."""


class ProblemApi(SpecOnReadApi):
    """flask-smorest's ``Api`` (its spec built when first read) answering every error as problem+json.

    It documents the default and lazily-registered error responses with
    :class:`ProblemSchema` and ``application/problem+json``, renders HTTP
    errors (including webargs' 422 and 400) as problems, and registers the
    handlers for the rules core's refusals and for unexpected exceptions.
    """

    ERROR_SCHEMA = ProblemSchema

    def register_responses(self) -> None:
        """The error responses every operation shares, each with its examples
        (``schemas.examples.responses``), and the examples several
        operations share (``components.examples``)."""
        shared = examples.responses()
        for status in HTTPStatus:
            response: dict[str, Any] = {"description": _RESPONSES.get(status, status.phrase)}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_MEDIA_TYPE)
            if status.name in shared:
                response["content"][PROBLEM_MEDIA_TYPE]["examples"] = shared[status.name]
            self.spec.components.response(status.name, response, lazy=True)
        for name, example in examples.components().items():
            self.spec.components.example(name, example)
        default = {"description": DEFAULT_DESCRIPTION, "schema": self.ERROR_SCHEMA}
        prepare_response(default, self.spec, PROBLEM_MEDIA_TYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, default, lazy=True)

    def register_pagination_header(self) -> None:
        """No endpoint paginates: keep the pagination header and schema out of the spec."""

    def register_error_handlers(self) -> None:
        super().register_error_handlers()
        self.app.register_error_handler(errors.RefereeError, handle_refusal)
        self.app.register_error_handler(Exception, handle_unexpected)

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        """As :class:`SpecOnReadApi`'s; the document made from the spec so far is made again when next read."""
        self._document: Packed | None = None
        super().register_blueprint(blp, parameters=parameters, **options)

    def openapi_json(self) -> flask.Response:
        """``/openapi.json``: the spec's JSON (as flask-smorest writes it),
        made at its first read and then shared by every answer
        (:data:`~service.server.answers.SHARED`): the same bytes, never a
        copy per request, however many clients read it at once or slowly.
        A client that accepts gzip (``Accept-Encoding``, RFC 9110, 12.5.3)
        gets them compressed once (``Content-Encoding: gzip``), about a
        tenth of the size; either answer says ``Vary: Accept-Encoding``."""
        document = getattr(self, "_document", None)
        if document is None:
            document = self._document = Packed.of(flask.json.dumps(self.spec.to_dict(), indent=2, sort_keys=False).encode())
        return document.answer(flask.request, flask.current_app.response_class, JSON_MEDIA_TYPE)  # type: ignore[return-value]

    def handle_http_exception(self, error: HTTPException) -> flask.Response:
        """Render a werkzeug/webargs HTTP error as a problem, keeping its headers (``Allow``)."""
        status = error.code or 500
        data: Mapping[str, Any] = getattr(error, "data", None) or {}
        code = _http_code(error, data)
        headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
        if "Allow" in headers:  # in one order (werkzeug's comes from a set)
            headers["Allow"] = ", ".join(sorted(method.strip() for method in headers["Allow"].split(",")))
        headers.update(data.get("headers") or {})
        extra: dict[str, Any] = {}
        fault = None
        if status == 422:
            extra["errors"], omitted = capped(_validation_errors(data) or {})
            if omitted or data.get("truncated"):
                extra["errors_truncated"] = True
            fault = first_fault(extra["errors"], truncated=bool(extra.get("errors_truncated")))
        unknown = _unknown_game(flask.request.path) if status == 404 and "message" not in data else None
        detail = (no_such_game(unknown) if unknown is not None else data.get("message")) \
            or fault or HTTP_DETAILS.get(code) or (error.description or HTTPStatus(status).phrase)
        if status >= 500:
            log.error("HTTP %s answered: %s", status, error.description)
        return problem(status, code, detail, headers=headers, **extra)


def refusal_status_of(kind: type[errors.RefereeError]) -> int:
    """The HTTP status of a refusal class: the nearest class of its MRO in :data:`REFUSAL_STATUS`."""
    for cls in kind.__mro__:
        if cls in REFUSAL_STATUS:
            return REFUSAL_STATUS[cls]
    return 409


def refusal_status(error: errors.RefereeError) -> int:
    """The HTTP status of a refusal (see :func:`refusal_status_of`)."""
    return refusal_status_of(type(error))


PROBLEM_TYPES: dict[str, ProblemType] = _types()
"""Referee problem types by code, served at ``/problems/<code>``."""


@dataclass(frozen=True, kw_only=True)
class ProblemClass:
    """A class of problems a client tells apart by their ``code``: a refusal
    class of the rules core or the API (``service.errors``), or a plain HTTP
    error. The official clients' refusal classes and type guards are
    generated from these (``tools/clients.py``)."""

    name: str  # the class's name, in every client: ``IllegalMove``
    parent: str | None  # the class it refines (``CredentialRefused``: ``SealRefused``), or None
    description: str  # what its problems mean, in a sentence or two
    codes: tuple[str, ...]  # every code it answers, sorted


HTTP_ERROR_CLASS = "HttpError"
"""The class of the plain HTTP errors (``type: about:blank``) but the 422 of a body that does not match the schema."""
VALIDATION_CLASS = "ValidationFailed"
"""The class of ``validation_failed``: ``errors`` lists every fault by member."""


def _doc(kind: type) -> str:
    """The first paragraph of a class's docstring, on one line, as Markdown (``x`` and :class:`X` as `x`)."""
    text = " ".join((kind.__doc__ or "").split("\n\n")[0].split())
    return re.sub(r":class:`(\w+)`", r"`\1`", text).replace("``", "`")


def problem_classes() -> tuple[ProblemClass, ...]:
    """Every class of problem this referee answers, with every code of each:
    one per refusal class a declared code is raised with (and the classes it
    refines), then the plain HTTP errors of :mod:`service.server.http_errors`
    (``validation_failed`` a class of its own). Each code is in one class.

    Returns:
        The classes, the plain HTTP errors' first, then the refusal classes
        in the order ``service.errors`` defines them.
    """
    codes: dict[type[errors.RefereeError], set[str]] = {}
    for declared_code in _declared():
        for kind in declared_code.kind.__mro__:
            if issubclass(kind, errors.RefereeError) and kind is not errors.RefereeError:
                codes.setdefault(kind, set())
        codes[declared_code.kind].add(declared_code.code)
    http = {error.code for error in HTTP_ERRORS + PARSER_ERRORS}
    order = list(vars(errors).values())

    def parent(kind: type[errors.RefereeError]) -> str | None:
        base = kind.__mro__[1]
        return base.__name__ if base in codes else None

    return (
        ProblemClass(name=HTTP_ERROR_CLASS, parent=None, codes=tuple(sorted(http - {"validation_failed"})),
                     description="A plain HTTP error (`type: about:blank`): a request the service could not read or route, "
                                 "too large, too slow, or a bug; the service busy (503, with `Retry-After`)."),
        ProblemClass(name=VALIDATION_CLASS, parent=HTTP_ERROR_CLASS, codes=("validation_failed",),
                     description="The body does not match the operation's schema (422): `errors` lists every fault by member, "
                                 "and `detail` names the first."),
        *(ProblemClass(name=kind.__name__, parent=parent(kind), description=_doc(kind), codes=tuple(sorted(codes[kind])))
          for kind in sorted(codes, key=order.index)),
    )


def handle_refusal(error: errors.RefereeError) -> flask.Response:
    """Render a rules-core refusal: its code, detail and every ``extra`` member
    (the core's values written as JSON by ``service.schemas.records``)."""
    known = PROBLEM_TYPES.get(error.code)
    status = refusal_status(error)
    return problem(
        status,
        error.code,
        error.detail,
        type_=PROBLEM_TYPE_PREFIX + error.code,
        title=known.title if known else error.title,
        headers=RETRY_AFTER if status == 503 else None,
        **{name: to_json(value) for name, value in error.extra.items()},
    )


def handle_unexpected(error: Exception) -> flask.Response:
    """Log an unexpected exception with its traceback; answer 500 with no trace."""
    log.exception("Unhandled %s", type(error).__name__)
    return problem(500, "internal_error", HTTP_DETAILS["internal_error"])
