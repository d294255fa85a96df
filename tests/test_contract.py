"""Schemathesis over the committed openapi.yaml, in-process against the app.

Every operation gets generated requests, positive and negative, and every
check runs on each response (status codes, content types, schemas, headers,
problem+json on errors, 405 for unlisted methods...). The stateful test
follows the spec's links (deal, then legal moves, then play...).
Bounds come from ``schemathesis.toml``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import hypothesis
import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig

from service.app import create_app
from service.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
BOUNDS = tomllib.loads((ROOT / "schemathesis.toml").read_text(encoding="utf-8"))

schema = schemathesis.openapi.from_path(
    ROOT / "openapi.yaml", config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
)
SMALL_BUDGETS = {"REFEREE_SOLVE_NODES": 300, "REFEREE_ANALYZE_NODES": 300, "REFEREE_SUGGEST_WORLDS": 2, "REFEREE_SUGGEST_PLIES": 300}
"""The analysis operations' budgets for the contract runs: their answers'
shapes and statuses are what is checked here (the strength and the exact
values are tests/test_api_analysis.py's), and with the served budgets each
generated request could cost up to a second."""
schema.app = create_app({"TESTING": True, **SMALL_BUDGETS})

pytestmark = [pytest.mark.contract, pytest.mark.slow]

VARIANTS = "/v1/games/(sink-sink|fapfap|agram-mali|spar)/"
"""Agram's variants: their operations have Agram's shapes with other ranges,
enums and options, so the coverage phase (every boundary of every schema)
walks Agram's and Agency's, and the variants get the fuzzing phase."""


@schema.exclude(path_regex=VARIANTS).parametrize()
def test_operation_conforms(case):
    case.call_and_validate()


def test_the_operations_not_walked_take_legal_moves_body():
    """``schemathesis.toml`` leaves the coverage phase out for the operations
    whose request body is legal-moves' (the walk would repeat it case for
    case, through the same reader); one that comes to take a body of its own
    must be walked again."""
    unwalked = [entry["include-path-regex"] for entry in BOUNDS["operations"]
                if entry.get("phases", {}).get("coverage", {}).get("enabled") is False]
    assert unwalked
    paths = schema.raw_schema["paths"]
    for game in GAMES:
        body = paths[f"/v1/games/{game}/legal-moves"]["post"]["requestBody"]
        skipped = [path for path in paths if path.startswith(f"/v1/games/{game}/")
                   and any(re.search(pattern, path) for pattern in unwalked)]
        assert len(skipped) == 5, skipped
        for path in skipped:
            assert paths[path]["post"]["requestBody"] == body, path


fuzzed_only = SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
fuzzed_only.projects.default.phases.coverage.enabled = False
variants = schemathesis.openapi.from_path(ROOT / "openapi.yaml", config=fuzzed_only)
variants.app = schema.app


@variants.include(path_regex=VARIANTS).parametrize()
def test_variant_operation_conforms(case):
    case.call_and_validate()


def _has_links(spec: dict) -> bool:
    return any(
        response.get("links")
        for item in spec.get("paths", {}).values()
        for operation in item.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
        if isinstance(response, dict)
    )


def _workflow(spec) -> type:
    """The stateful test over the spec's links, bounded by ``schemathesis.toml``."""
    workflow = spec.as_state_machine().TestCase
    workflow.settings = hypothesis.settings(
        workflow.settings,
        max_examples=BOUNDS["generation"]["max-examples"],
        stateful_step_count=BOUNDS["phases"]["stateful"]["max-steps"],
    )
    return workflow


assert _has_links(schema.raw_schema), "the spec has no links to chain calls with"
TestAPIWorkflow = _workflow(schema)

# With signing keys, generated states are refused (403, documented); the
# states that links carry from one answer to the next are the referee's own,
# signed, so the workflow exercises every state operation past the 403.
signed = schemathesis.openapi.from_path(
    ROOT / "openapi.yaml", config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
)
signed.app = create_app({"TESTING": True, "REFEREE_SIGNING_KEYS": "contract-test-signing-key-0123456789", **SMALL_BUDGETS})
TestSignedWorkflow = _workflow(signed)


def _call(spec, game: str, name: str, body: dict) -> dict:
    """One request built for the operation and checked by every check."""
    case = spec[f"/v1/games/{game}/{name}"]["POST"].Case(body=body, media_type="application/json")
    return case.call_and_validate().json()


@pytest.mark.parametrize("game", list(GAMES))
def test_signed_states_pass_every_state_operation(game):
    """Generated states are refused with signing keys; the referee's own
    signed states are played through every state operation, each answer
    checked against the spec."""
    seating = {"first_leader": 1} if GAMES[game].family == "agency" else {"players": 3, "dealer": 1}
    state = _call(signed, game, "deal", {"seed": 7, **seating})["state"]
    while True:
        for name, extra in (("score", {}), ("view", {"seat": 0}), ("check", {})):
            _call(signed, game, name, {"state": state, **extra})
        legal = _call(signed, game, "legal-moves", {"state": state})
        if not legal["moves"]:
            break
        state = _call(signed, game, "play", {"state": state, "move": legal["moves"][-1]})["state"]
    assert _call(signed, game, "check", {"state": state}) == {"valid": True, "problems": []}
    _call(signed, game, "deal", {"previous": state, "seed": 8})


# Sealed mode: every state is a token and a public state; seats act with
# their credentials. Generated tokens are refused (403, documented); the
# workflow follows the token links from each deal, and every state operation
# is called with the referee's own tokens and the seats' credentials.
sealed = schemathesis.openapi.from_path(ROOT / "openapi.yaml", config=fuzzed_only)  # the boundaries are walked in open mode
sealed.app = create_app({"TESTING": True, "REFEREE_SEALING_KEYS": "contract-test-sealing-key-0123456789", **SMALL_BUDGETS})
TestSealedWorkflow = _workflow(sealed)


@sealed.include(path_regex="/v1/games/agency/").parametrize()
def test_operation_conforms_in_sealed_mode(case):
    case.call_and_validate()


def _sealed_call(game: str, name: str, body: dict, credential: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {credential}"} if credential else {}
    case = sealed[f"/v1/games/{game}/{name}"]["POST"].Case(body=body, media_type="application/json", headers=headers)
    return case.call_and_validate().json()


@pytest.mark.parametrize("game", list(GAMES))
def test_sealed_tokens_pass_every_state_operation(game):
    seating = {} if GAMES[game].family == "agency" else {"players": 3}
    dealt = _sealed_call(game, "deal", seating)
    credentials = {entry["seat"]: entry["credential"] for entry in dealt["seats"]}
    reseated = _sealed_call(game, "reseat", {"token": dealt["token"], "seat": 0}, dealt["host"])
    token, credentials[0] = reseated["token"], reseated["credential"]
    while True:
        seat = dealt["state"]["to_act"]
        credential = credentials[seat if seat is not None else 0]
        for name in ("score", "view", "check"):
            _sealed_call(game, name, {"token": token}, credential)
        legal = _sealed_call(game, "legal-moves", {"token": token}, credential)
        if not legal["moves"]:
            break
        dealt = _sealed_call(game, "play", {"token": token, "move": legal["moves"][0]}, credential)
        token = dealt["token"]
    assert dealt["state"]["hand_over"] and "seed" in dealt["state"]["deal"]
    _sealed_call(game, "deal", {"previous": token})
