"""Game endpoints (placeholder: the real views are being written)."""

from flask_smorest import Blueprint

blp = Blueprint("games", __name__, url_prefix="/v1", description="Game rules")
