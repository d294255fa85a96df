"""HTTP layer: blueprints, request plumbing and the mapping of errors to problems."""

from __future__ import annotations

from service.schemas.spec import SpecOnReadApi


def register(api: SpecOnReadApi) -> None:
    """Register every API blueprint on ``api`` (game endpoints, analysis, then
    operations), and name each game's tag: its id, which the clients' module
    names follow."""
    from service.api import analysis, games, ops
    from service.games import GAMES

    api.register_blueprint(games.blp)
    api.register_blueprint(analysis.blp)
    api.register_blueprint(ops.blp)
    for game in GAMES.values():
        api.tag_later({"name": game.id, "description": f"Every operation of {game.name}, under `/v1/games/{game.id}/`."})
