"""Every refusal code the rules core can raise is declared beside the rules
that raise it (``problem_codes``), and every declared code has a problem type
that ``/problems/<code>`` serves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service import errors
from service.api.problems import PROBLEM_TYPES, refusal_status_of
from service.games import GAMES, base

CORE = Path(base.__file__).parent
RAISED = re.compile(r'(?:Refusal|RulesRefusal|IllegalMove|UnsupportedVersion|InvalidState)\(\s*"([a-z_]+)"')


def _raised(path: Path) -> set[str]:
    return set(RAISED.findall(path.read_text()))


def _declared(game_ids: list[str]) -> set[str]:
    return {code.code for game_id in game_ids for code in GAMES[game_id].problem_codes}


@pytest.mark.parametrize(
    ("module", "game_ids"),
    [
        ("base.py", list(GAMES)),
        ("agency.py", ["agency"]),
        ("last_trick.py", [game_id for game_id, game in GAMES.items() if game.family == "last-trick"]),
    ],
)
def test_every_code_the_core_raises_is_declared_by_its_games(module, game_ids):
    raised = _raised(CORE / module)
    assert raised, f"no refusal found in {module}: the pattern no longer matches the code"
    for game_id in game_ids:
        assert raised <= _declared([game_id]), (game_id, raised - _declared([game_id]))


def test_invalid_state_is_declared_by_every_game():
    assert errors.InvalidState(["x"]).code == "invalid_state"
    assert all("invalid_state" in _declared([game_id]) for game_id in GAMES)


def test_every_declared_code_has_a_problem_type_with_its_status():
    for game in GAMES.values():
        for declared in game.problem_codes:
            served = PROBLEM_TYPES[declared.code]
            assert served.status == refusal_status_of(declared.kind) == 409
            assert served.title == declared.problem_title and served.description == declared.description
