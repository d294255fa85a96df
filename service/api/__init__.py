"""HTTP layer: blueprints, request plumbing and the mapping of errors to problems."""

from __future__ import annotations

from flask_smorest import Api


def register(api: Api) -> None:
    """Register every API blueprint on ``api`` (game endpoints, then operations)."""
    from service.api import games, ops

    api.register_blueprint(games.blp)
    api.register_blueprint(ops.blp)
