"""Schemathesis over the committed openapi.yaml, in-process against the app.

Every operation gets generated requests, positive and negative, and every
check runs on each response (status codes, content types, schemas, headers,
problem+json on errors, 405 for unlisted methods...). The stateful test
follows the spec's links (deal, then legal moves, then play...).
Bounds come from ``schemathesis.toml``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import hypothesis
import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig

from service.app import create_app

ROOT = Path(__file__).resolve().parent.parent
BOUNDS = tomllib.loads((ROOT / "schemathesis.toml").read_text(encoding="utf-8"))

schema = schemathesis.openapi.from_path(
    ROOT / "openapi.yaml", config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
)
schema.app = create_app({"TESTING": True})

pytestmark = [pytest.mark.contract, pytest.mark.slow]


@schema.parametrize()
def test_operation_conforms(case):
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


if _has_links(schema.raw_schema):
    APIWorkflow = schema.as_state_machine()
    TestAPIWorkflow = APIWorkflow.TestCase
    TestAPIWorkflow.settings = hypothesis.settings(
        TestAPIWorkflow.settings,
        max_examples=BOUNDS["generation"]["max-examples"],
        stateful_step_count=BOUNDS["phases"]["stateful"]["max-steps"],
    )
else:

    @pytest.mark.skip(reason="the spec has no links to chain calls with")
    def test_api_workflow():
        """Placeholder for the stateful run, which needs OpenAPI links."""
