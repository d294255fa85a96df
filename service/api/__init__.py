"""HTTP layer: blueprints, request plumbing and the mapping of errors to problems."""

from __future__ import annotations

from flask_smorest import Api


def register(api: Api) -> None:
    """Register every API blueprint on ``api`` (game endpoints, analysis, then operations)."""
    from service.api import analysis, games, ops

    api.register_blueprint(games.blp)
    api.register_blueprint(analysis.blp)
    api.register_blueprint(ops.blp)
