"""The application factory: ``create_app(config) -> Flask``.

Run it with gunicorn (``deploy/gunicorn.conf.py``) as ``service.app:create_app()``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import orjson
from flask import Flask, Response
from flask.json.provider import DefaultJSONProvider

from service import analysis as analysis_package
from service import api as api_package
from service import config as settings
from service.api import analysis, holding, ops, play
from service.api.operations import SEAT_CREDENTIAL
from service.api.problems import ProblemApi
from service.schemas.fields import CardField
from service.schemas.spec import SchemaExtrasPlugin, component_properties, one_of_properties
from service.sealing import key_id
from service.server import headers, logs
from service.server.adapters import ThinFlask
from service.server.plumbing import Plumbing, RefereeRequest
from service.store import store_for

API_TITLE = "Trick-taking rules referee"
API_DESCRIPTION = (
    "A stateless referee for trick-taking card games (Agency and the Agram family): "
    "it deals, lists legal moves, plays moves, judges tricks and scores hands. "
    "Every error is an RFC 9457 problem (`application/problem+json`) with a "
    "machine-readable `code`."
)


startup_log = logging.getLogger("referee.startup")


def startup_fields(config: Mapping[str, Any], held: holding.Holding) -> dict[str, Any]:
    """What the startup line says of parsed settings (:mod:`service.config`)
    and the holding they chose: ``mode`` (``open``, ``signed`` or ``sealed``:
    how states are held), ``version``, ``key_ids`` (each key list's ids in
    order, the first signing or sealing; :func:`service.sealing.key_id`,
    never a key), ``allow_chosen_deals``, ``solver_compiled`` (whether the
    solver's engine and search run compiled: ``service.analysis.compiled``),
    and in signed and sealed modes
    ``token_store`` (where spent states are recorded, ``service.store``;
    ``none``: nowhere) and ``token_ttl_seconds``."""
    sealing, signing = config[settings.SEALING_KEYS], config[settings.SIGNING_KEYS]
    fields = {
        "mode": held.MODE,
        "version": package_version(),
        "key_ids": [key_id(key) for key in sealing or signing],
        "allow_chosen_deals": config[settings.ALLOW_CHOSEN_DEALS],
        "solver_compiled": analysis_package.compiled,
    }
    if sealing or signing:
        store = held.spending.store
        fields["token_store"] = store.description if store is not None else settings.NO_STORE
        fields["token_ttl_seconds"] = config[settings.TOKEN_TTL_SECONDS]
    return fields


def startup_message(fields: Mapping[str, Any]) -> str:
    """The startup line's sentence: the version and mode, and in signed and
    sealed modes where spent states are recorded, or that states can be
    spent again and again (``REFEREE_TOKEN_STORE=none``)."""
    line = f"Referee {fields['version']} serving in {fields['mode']} mode"
    if "token_store" not in fields:
        return line
    if fields["token_store"] == settings.NO_STORE:
        return (f"{line}; no token store ({settings.TOKEN_STORE}=none): states are not recorded as spent, "
                "so a state can be played or dealt from again and again")
    return f"{line}; spent states recorded in the token store, {fields['token_store']}, for {fields['token_ttl_seconds']} s"


def package_version() -> str:
    """The installed version of ``trick-referee`` (``0.0.0`` when not installed)."""
    try:
        return version("trick-referee")
    except PackageNotFoundError:
        return "0.0.0"


class OrjsonProvider(DefaultJSONProvider):
    """Flask JSON through orjson: faster, and strict (no NaN or Infinity out).

    Keys keep their insertion order unless ``sort_keys=True`` is passed;
    ``indent`` (any value) gives two-space indentation. Types orjson does not
    know fall back to Flask's default conversions (dates, decimals, UUIDs...).
    """

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        option = orjson.OPT_NON_STR_KEYS
        if kwargs.get("sort_keys"):
            option |= orjson.OPT_SORT_KEYS
        if kwargs.get("indent"):
            option |= orjson.OPT_INDENT_2
        return orjson.dumps(obj, default=self.default, option=option).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)


class Referee(ThinFlask):
    """Flask as the referee serves it (:class:`~service.server.adapters.ThinFlask`:
    nothing paid for sessions, hooks, signals or teardowns it does not
    have), with the referee's request class (``RefereeRequest``) and an
    answer to ``OPTIONS`` that says what it is: 204 with ``Allow`` (the
    route's own methods), no body and so no media type."""

    request_class = RefereeRequest

    def make_default_options_response(self) -> Response:
        response = super().make_default_options_response()
        answer = self.response_class(status=204)
        answer.headers.remove("Content-Type")
        answer.headers["Allow"] = ", ".join(sorted(response.allow))  # in one order (werkzeug's comes from a set)
        return answer


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the referee's Flask app.

    Args:
        config: Flask config keys that override the environment's settings
            (see :mod:`service.config`), e.g. ``{"REFEREE_MAX_BODY_BYTES": 1024}``.

    Returns:
        The app, with the game and operations blueprints, problem+json errors,
        request plumbing, CORS, metrics, the docs at ``/docs`` and the table page at ``/play``;
        its analysis pool (``REFEREE_ANALYSIS_PROCESSES``) starts its processes when first used.

    Raises:
        service.config.SettingError: a setting cannot be parsed, or the token
            store cannot be reached (a ``ValueError`` naming the variable);
            under gunicorn the server does not start.
    """
    app = Referee("service", static_folder=None)
    # No redirects from routing: werkzeug would answer "/v1//games" with a 308
    # to the merged path, its Location built from the client's Host header. A
    # path is matched as sent, else 404. (The other routing redirect, to add a
    # trailing slash, needs a route ending in "/": there is none, and a test
    # keeps it so.)
    app.url_map.merge_slashes = False
    app.json = OrjsonProvider(app)
    app.config.update(settings.load_settings(overrides=config))
    app.config.update(
        MAX_CONTENT_LENGTH=app.config[settings.MAX_BODY_BYTES],
        API_TITLE=API_TITLE,
        API_VERSION=package_version(),
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={
            "info": {
                "description": API_DESCRIPTION,
                "license": {"name": "MIT", "identifier": "MIT"},
            },
            # Relative: the service that serves this document, at whatever host and
            # port it runs (Swagger UI's "Try it out" may call only its own origin).
            "servers": [{"url": "/", "description": "The service that serves this document."}],
            "components": {"securitySchemes": {SEAT_CREDENTIAL: {
                "type": "http",
                "scheme": "bearer",
                "description": "Sealed mode: a seat's credential, from the first `deal` of its match (`seats`), "
                               "or the match's host's (`host`). `play` and `suggest` need the seat's, `timeout` any "
                               "seat's of the match, `reseat` the host's, an Agency next hand's `deal` a seat's of the "
                               "team that lost; `view` without one is a spectator's, `legal-moves` lists only its "
                               "seat's moves. Optional on every operation on a hand: open and signed modes take none.",
            }}},
        },
    )
    logs.configure_logging(app.config[settings.LOG_LEVEL])
    cors = headers.Cors(
        app.config[settings.CORS_ORIGINS],
        allow_headers=["Content-Type", "Authorization", headers.REQUEST_ID_HEADER],
        expose_headers=[headers.REQUEST_ID_HEADER, "Allow"],
        max_age=600,
    )
    app.extensions[headers.CORS_EXTENSION] = cors
    app.wsgi_app = Plumbing(app, cors, ops.init_metrics(app), ops.PROBES)  # type: ignore[method-assign]
    held = app.extensions[holding.EXTENSION] = holding.holding_for(app.config, store_for(app.config))
    app.extensions[analysis.POOL] = analysis.pool_for(app.config)
    fields = startup_fields(app.config, held)
    startup_log.info("%s", startup_message(fields), extra=fields)
    api = ProblemApi(app, spec_kwargs={"extra_plugins": [SchemaExtrasPlugin()]})
    api.ma_plugin.map_to_openapi_type(CardField, "string", None)
    api.ma_plugin.converter.add_attribute_function(component_properties)
    api.ma_plugin.converter.add_attribute_function(one_of_properties)
    api_package.register(api)
    app.register_blueprint(ops.docs)
    app.register_blueprint(play.page)
    return app
