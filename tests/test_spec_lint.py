"""Peer tools read the committed ``openapi.yaml`` cleanly: openapi-spec-validator
finds no error, and Redocly CLI (``@redocly/cli``, pinned in package.json) with
its recommended rules (``redocly.yaml``, where each rule turned off says why)
finds no error and no warning."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml
from openapi_spec_validator import OpenAPIV31SpecValidator

from tools import clients
from tools.openapi import load_spec

ROOT = Path(__file__).resolve().parent.parent
SPEC_PATH = ROOT / "openapi.yaml"
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


@pytest.fixture(scope="module")
def spec() -> dict:
    return load_spec(SPEC_PATH)


def test_openapi_spec_validator_finds_no_error(spec):
    assert [str(error) for error in OpenAPIV31SpecValidator(spec).iter_errors()] == []


def test_redocly_recommended_rules_find_no_problem():
    result = subprocess.run(
        [str(clients.NODE_BIN / "redocly"), "lint", "openapi.yaml", "--format=json", "--max-problems=10000"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    report = json.loads(result.stdout)
    problems = [f"{problem['severity']} {problem['ruleId']}: {problem['message']} at {problem['location'][0]['pointer']}"
                for problem in report["problems"]]
    assert problems == []
    assert result.returncode == 0, result.stderr
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}


def test_redocly_runs_its_recommended_rules():
    """redocly.yaml extends the recommended rules and turns off only the
    rule this module checks in its place (below)."""
    config = yaml.safe_load((ROOT / "redocly.yaml").read_text(encoding="utf-8"))
    assert config["extends"] == ["recommended"]
    assert config["rules"] == {"operation-4xx-response": "off"}


def test_every_operation_that_reads_input_documents_a_4xx_answer(spec):
    """Redocly's ``operation-4xx-response``, for the operations it applies to
    here: every one with a body or a path parameter documents a 4xx answer
    (the others read nothing a client could get wrong, redocly.yaml)."""
    missing = []
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            reads = "requestBody" in operation or "{" in path or operation.get("parameters")
            if reads and not any(str(status).startswith("4") for status in operation["responses"]):
                missing.append(f"{method.upper()} {path}")
    assert missing == []
