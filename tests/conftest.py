"""Shared fixtures: a test app and its client."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.app import create_app


@pytest.fixture
def app() -> Flask:
    """A fresh referee app in testing mode, with the environment's settings."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for ``app``."""
    return app.test_client()


LAYERS: dict[str, tuple[str, ...]] = {
    "rules": ("test_rules_agency", "test_rules_agram", "test_rules_cards", "test_rules_match_record", "test_cases",
              "test_invalid_states", "test_notation", "test_playouts", "test_views", "test_problem_codes"),
    "analysis": ("test_analysis_engine", "test_analysis_review", "test_analysis_solver", "test_bench_bots", "test_bots",
                 "test_bots_rules", "test_bots_worlds"),
    "api": ("test_api_games", "test_api_analysis", "test_api_records", "test_api_hardening", "test_api_match", "test_api_replay_check", "test_reading", "test_trust",
            "test_sealed", "test_signing", "test_plumbing", "test_ops", "test_deadline", "test_bounded_caches", "test_hostile_bodies", "test_openapi",
            "test_contract", "test_timing", "test_golden", "test_pool"),
    "server": ("test_e2e_gunicorn", "test_hostile", "test_sealed_gunicorn", "test_soak", "test_deploy", "test_config",
               "test_readme", "test_docs_page", "test_play_page", "test_isolation"),
    "tooling": ("test_clients", "test_conformance"),
}
"""Each test module's layer, a marker of the same name: ``rules`` (the rules
core), ``analysis`` (the solver and the bots), ``api`` (the HTTP API
in-process), ``server`` (gunicorn, deploy files and a real browser) and
``tooling`` (the generated clients, the conformance kit). ``make check``
runs the rules, analysis and api layers but for their slow tests."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test with its module's layer (:data:`LAYERS`); a module with none is an error."""
    layer_of = {module: layer for layer, modules in LAYERS.items() for module in modules}
    for item in items:
        module = item.path.stem
        if module not in layer_of:
            raise pytest.UsageError(f"tests/{module}.py has no layer: add it to LAYERS in tests/conftest.py")
        item.add_marker(layer_of[module])
