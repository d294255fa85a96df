"""The registrar every game's ``POST`` operations share (the rules
operations in ``games``, the analysis in ``analysis``): how an operation's
body is read, how its hand is loaded, how its answer is encoded, and how it
is documented in the spec.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import Any

import flask
from flask_smorest import Blueprint, abort
from marshmallow import Schema

from .. import deadline
from ..games import Game
from ..schemas import examples
from ..schemas.games import schema_prefix, schemas_for
from ..schemas.reading import Faults, read
from ..schemas.smorest import copy_doc
from ..server.adapters import BytesAnswer
from ..server.answers import JSON_MEDIA_TYPE, PROBLEM_MEDIA_TYPE, json_bytes
from ..server.bodies import json_body
from ..server.http_errors import BODY_STATUSES, HTTP_DETAILS
from .holding import Held, Holding, current
from .problems import game_problem, problem_response


def json_answer(body: dict[str, Any] | bytes) -> flask.Response:
    """A 200 JSON response (``BytesAnswer``: its bytes go to the server as
    they are), encoded once (``json_bytes``; bytes: already encoded).

    The view functions build their bodies in the documented shape (``dump_state`` and
    friends), so flask-smorest's response schema documents them without
    dumping them a second time; the contract tests check the shapes.
    """
    return BytesAnswer(body if isinstance(body, bytes) else json_bytes(body), JSON_MEDIA_TYPE)


BODY_PROBLEMS = {status: {"response": HTTPStatus(status).name} for status in BODY_STATUSES}
"""The errors every operation with a body can answer, whatever its game (shared responses)."""

STATE_REFUSED = {"response": HTTPStatus.FORBIDDEN.name}
"""The 403 of an operation whose body can carry a state."""

SEAT_CREDENTIAL = "seatCredential"
"""The security scheme of a seat's credential (sealed mode: ``Authorization:
Bearer``, CONTRACT: Sealed states)."""

CREDENTIAL_OPTIONAL: list[dict[str, list[str]]] = [{}, {SEAT_CREDENTIAL: []}]
"""The ``security`` of an operation that reads a seat's credential when one
is sent: every operation on a hand (sealed mode; a deal with ``previous``
too, Agency's next leader being the losers' choice, RULINGS A14). Optional,
since open and signed modes take none and a sealed seat may act without one
where its operation allows (``legal-moves`` and ``score``, a spectator's
``view``): Swagger UI's Authorize and generated clients then send a
credential when given one, and never ask for it."""

NO_CREDENTIAL: list[dict[str, list[str]]] = []
"""The ``security`` of an operation that needs no credential (the games, a
trick, a replay, health and metrics). A replay whose deal names a token as
``previous`` (sealed mode, chosen deals allowed) still refuses a credential
sent that is not of that token's match, as every operation on a token does."""


ViewFunction = Callable[..., Any]
"""A view function, before or after flask-smorest's decorators."""

Answer = Callable[[Game, Holding, Held, dict[str, Any]], dict[str, Any]]
"""An operation on a hand: the answer's body, from the hand the request names."""


def request_arguments(schema: Schema, holding: Holding, *, verify: bool = True,
                      alternatives: Mapping[str, Schema] | None = None) -> dict[str, Any]:
    """The request's body read as ``schema`` reads it (``service.schemas.reading``),
    after the holding has checked the states it carries (signed mode: their
    signatures), unless ``verify`` is false (``check`` lists a bad signature
    as a problem instead). A body object with a member named in
    ``alternatives`` is read by that member's schema instead (``replay``'s
    ``record``).

    Raises:
        HTTPException: 400 ``malformed_json``, 422 ``validation_failed`` with
            marshmallow's field errors.
        RefereeError: a signature refused (403), a state of another version (409).
    """
    try:
        body = json_body()
    except ValueError as error:  # orjson's message says what and where (line, column), never the body's text
        abort(400, messages={"json": ["Invalid JSON body."]}, message=f"{HTTP_DETAILS['malformed_json'].removesuffix('.')}: {error}.")
    if verify:
        holding.verify(body, checking=False)
    if alternatives and isinstance(body, dict):
        schema = next((alternatives[name] for name in alternatives if name in body), schema)
    try:
        args: dict[str, Any] = read(schema, body)
    except Faults as error:
        abort(422, messages={"json": error.messages}, truncated=error.truncated)
    return args


def on_hand(game: Game, holding: Holding, answer: Answer, args: dict[str, Any]) -> flask.Response:
    """An operation on the hand a request names: the hand loaded as the
    holding says (replayed and checked, or rebuilt, or opened), then the
    operation, its answer encoded once."""
    return json_answer(answer(game, holding, holding.load(game, args), args))


def _document_examples(doc: dict[str, Any], found: dict[str, Any]) -> None:
    """Put an operation's examples (``schemas.examples``: its body's, its
    answers' by status) in its ``doc``, which flask-smorest merges into
    what its decorators document."""
    if found.get("request"):
        body = doc.setdefault("requestBody", {}).setdefault("content", {}).setdefault(JSON_MEDIA_TYPE, {})
        body["examples"] = found["request"]
    for status, named in found.get("responses", {}).items():
        media = JSON_MEDIA_TYPE if int(status) < 400 else PROBLEM_MEDIA_TYPE
        answer = doc.setdefault("responses", {}).setdefault(int(status), {}).setdefault("content", {}).setdefault(media, {})
        answer["examples"] = named


def _no_view() -> None:
    """What flask-smorest's decorators document (``operation``); never routed."""


def link(operation: str, body: dict[str, str], description: str) -> dict[str, Any]:
    return {"operationId": operation, "requestBody": body, "description": description}


@functools.cache
def _refused(game_id: str) -> type[Schema]:
    """A game's problem schema (made once: its name is a spec component)."""
    schemas = schemas_for(game_id)
    return game_problem(schema_prefix(game_id), schemas.move, schemas.match)


def conflict_response(game: Game, description: str) -> dict[str, Any]:
    """The documented 409 of one of ``game``'s operations: its problem types, described."""
    return problem_response(409, description, _refused(game.id))


INVALID = "Invalid state: `problems` lists every problem; or unsupported version."
"""The 409 of an operation that only reads a hand."""


Operation = Callable[[dict[str, Any], Holding], flask.Response]
"""An operation as its registrar calls it: with what the request's body read and the app's holding."""

Registrar = Callable[..., Callable[[Operation], ViewFunction]]
"""``operations(game, blueprint)``: a decorator maker that registers one ``POST`` operation."""


def operations(game: Game, blueprint: Blueprint) -> Registrar:
    """The maker of ``game``'s ``POST`` operations on ``blueprint``
    (``/games/<id>/<name>``), each documented with its game's tag, the game's id."""
    base = f"/games/{game.id}"
    prefix = game.id.replace("-", "_")
    tags = [game.id]

    def operation(name: str, summary: str, request: Schema, response: type[Schema], conflict: dict[str, Any],
                  holds_state: bool = True, verify: bool = True, alternatives: Mapping[str, Schema] | None = None,
                  credential: bool | None = None, before: Callable[[Holding], None] | None = None,
                  **doc: Any) -> Callable[[Operation], ViewFunction]:
        """Register one ``POST`` operation: its view reads the body (``request_arguments``;
        a body with a member named in ``alternatives`` by that member's schema,
        documented as ``oneOf`` the shapes; an answer whose schema has
        ``DOCUMENTED_AS``, as ``anyOf`` them: its shapes may share every
        member and differ only in values, as a seat's view and a spectator's
        do) and calls the decorated function with what it read and the app's
        holding (looked up once per request, ``holding.current``). flask-smorest
        documents the body, the answer, every error status it can answer (403
        when the body can carry a state) and the docs, from decorators applied
        to a stub only: the view function itself runs none of their wrappers. Its
        endpoint and ``operationId`` are both ``<game>_<name>``. Its
        ``security``: a seat's credential, optional, when it reads one
        (``credential``; by default when its body can carry a state), else none.
        ``before`` is called with the holding before the body is read: it
        refuses an operation the holding does not serve, whatever the body."""
        operation_id = f"{prefix}_{name}"
        errors = {**BODY_PROBLEMS, 409: conflict, **({403: STATE_REFUSED} if holds_state else {})}
        documented = getattr(type(request), "DOCUMENTED_AS", None)
        if alternatives:
            documented = (*(documented or (type(request),)), *(type(other) for other in alternatives.values()))
        if documented:  # a body of one of several shapes, loaded by one schema
            doc["requestBody"] = {"required": True, "content": {"application/json": {"schema": {"oneOf": list(documented)}}}}
        answers = getattr(response, "DOCUMENTED_AS", None)
        if answers:  # an answer of one of several shapes, told apart by their values (a seat's view, a spectator's)
            doc.setdefault("responses", {}).setdefault(200, {})["content"] = {JSON_MEDIA_TYPE: {"schema": {"anyOf": list(answers)}}}
        _document_examples(doc, examples.operation(operation_id))
        docs: list[Callable[[ViewFunction], ViewFunction]] = [
            blueprint.arguments(request),
            blueprint.response(200, None if answers else response, description=response.__doc__ if answers else None),
            *(blueprint.alt_response(status, **errors[status]) for status in sorted(errors)),
            blueprint.doc(operationId=operation_id, summary=summary,
                          security=CREDENTIAL_OPTIONAL if (holds_state if credential is None else credential) else NO_CREDENTIAL, **doc),
        ]

        def register(answer: Operation) -> ViewFunction:
            @functools.wraps(answer)
            def view() -> flask.Response:
                deadline.check()
                holding = current()
                if before is not None:
                    before(holding)
                return answer(request_arguments(request, holding, verify=verify, alternatives=alternatives), holding)

            stub: ViewFunction = _no_view
            for decorator in reversed(docs):
                stub = decorator(stub)
            copy_doc(view, stub)
            blueprint.route(f"{base}/{name.replace('_', '-')}", methods=["POST"], endpoint=operation_id, tags=tags)(view)
            return view

        return register

    return operation
