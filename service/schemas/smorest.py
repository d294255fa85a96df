"""flask-smorest's internals the referee reaches, in one place.

Written for flask-smorest 0.47.0 (:data:`WRITTEN_FOR`). Everything of its
that is not public API and that the referee reads, sets or overrides is
reached through this module: :class:`AdaptedApi` gives ``Api``'s private
hooks public names (the referee's subclasses override those), and the
functions below set what flask-smorest keeps on an app or a view function.
``tests/test_adapters.py`` fails when an installed flask-smorest moves any
of :data:`TOUCHED`, or is not the version written for, so a new version is
read against this list before it is used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flask
from flask_smorest import Api

WRITTEN_FOR = "0.47.0"
"""The flask-smorest version this module was written for."""

TOUCHED: dict[str, tuple[str, ...]] = {
    "Api": ("_register_responses", "_register_pagination_header", "_register_error_handlers", "_openapi_json", "_app",
            "_spec"),
    "Blueprint": ("register_views_in_doc",),
    "view": ("_apidoc",),
    "app.extensions": ("flask-smorest", "blp_name_to_api", "apis", "ext_obj"),
}
"""Each private name the referee reaches, by where flask-smorest keeps it."""


class AdaptedApi(Api):  # type: ignore[misc]  # flask-smorest ships no types
    """flask-smorest's ``Api`` with its private hooks under public names: a
    subclass overrides ``register_responses``, ``register_pagination_header``,
    ``register_error_handlers`` and ``openapi_json``, never flask-smorest's
    own names, and reads the app it serves as ``app``."""

    @property
    def app(self) -> flask.Flask:
        """The Flask app the API was initialised with."""
        return self._app  # type: ignore[no-any-return]

    def _register_responses(self) -> None:
        self.register_responses()

    def register_responses(self) -> None:
        """Put the error responses in the spec's components (flask-smorest's own by default)."""
        super()._register_responses()

    def _register_pagination_header(self) -> None:
        self.register_pagination_header()

    def register_pagination_header(self) -> None:
        """Put the pagination header in the spec (flask-smorest's own by default)."""
        super()._register_pagination_header()

    def _register_error_handlers(self) -> None:
        self.register_error_handlers()

    def register_error_handlers(self) -> None:
        """Register the app's error handlers (flask-smorest's own by default)."""
        super()._register_error_handlers()

    def _openapi_json(self) -> flask.Response:
        return self.openapi_json()

    def openapi_json(self) -> flask.Response:
        """``/openapi.json``'s answer (flask-smorest's own by default)."""
        return super()._openapi_json()  # type: ignore[no-any-return]

    def document_blueprint(self, blueprint: Any, spec: Any, name: str, parameters: Any) -> None:
        """Write a blueprint's views into ``spec`` (as ``Api.register_blueprint`` does)."""
        blueprint.register_views_in_doc(self, self._app, spec, name=name, parameters=parameters)

    def map_blueprint(self, name: str) -> None:
        """Record that the blueprint ``name`` is this API's (as ``Api.register_blueprint`` does)."""
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self


def copy_doc(view: Callable[..., Any], documented: Callable[..., Any]) -> None:
    """Give ``view`` the documentation flask-smorest's decorators left on
    ``documented`` (its ``_apidoc``), so a view decorated for the spec alone
    is documented as if it had been decorated itself."""
    view._apidoc = documented._apidoc  # type: ignore[attr-defined]


def api_of(app: flask.Flask) -> AdaptedApi:
    """The API ``app`` serves (its spec: ``api_of(app).spec``), where
    flask-smorest keeps it on the app (the API of no URL prefix)."""
    api: AdaptedApi = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    return api
