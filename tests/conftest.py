"""Shared fixtures: a test app and its client."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from _pytest.mark.expression import Expression
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings

from bench.redis_server import RedisServer, running_redis
from service.app import create_app
from service.store import _Database

settings.register_profile("check", max_examples=25)
"""``make check``'s profile (``--hypothesis-profile=check``): a quarter of the
default's examples, in every property test (``support.examples`` scales the
counts tests set themselves). ``make test`` runs the default profile."""


@pytest.fixture(autouse=True)
def _token_store_path(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test's embedded token store (signed and sealed modes) is a file
    of its own, never the default path (``service.config``): no test finds
    states another spent. Servers a test starts inherit it. The stores a
    test opened in this process are closed after it: each open one maps
    ``EmbeddedStore.MAP_BYTES`` (1 TiB) of the process's address space, which
    holds about 126, fewer than the tests that open one in a process of
    the suite (past them every store answered "Cannot allocate memory")."""
    monkeypatch.setenv("REFEREE_TOKEN_STORE_PATH", str(tmp_path_factory.mktemp("store") / "spent-states.lmdb"))
    opened = set(_Database._open)
    yield
    for path in set(_Database._open) - opened:
        _Database.close(path)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A real Redis server of the test's own (``bench.redis_server.RedisServer``), started."""
    with running_redis(tmp_path / "redis") as server:
        yield server


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
              "test_invalid_states", "test_notation", "test_playouts", "test_views", "test_problem_codes", "test_registries"),
    "analysis": ("test_analysis_engine", "test_analysis_families", "test_analysis_native", "test_analysis_review", "test_analysis_solver", "test_bench_bots", "test_bots",
                 "test_bots_rules", "test_bots_worlds"),
    "api": ("test_api_games", "test_api_analysis", "test_api_records", "test_seed_text", "test_api_hardening", "test_api_match", "test_api_replay_check", "test_reading", "test_trust",
            "test_sealed", "test_signing", "test_store", "test_spending", "test_plumbing", "test_ops", "test_deadline", "test_bounded_caches", "test_hostile_bodies", "test_openapi", "test_spec_examples",
            "test_contract", "test_timing", "test_golden", "test_pool", "test_adapters"),
    "server": ("test_e2e_gunicorn", "test_replay_records", "test_audits", "test_store_redis", "test_spent_gunicorn", "test_hostile", "test_sealed_gunicorn", "test_soak", "test_table_soak", "test_deploy", "test_config",
               "test_readme", "test_docs_page", "test_play_page", "test_isolation", "test_gunicorn_refusals", "test_hostile_clients",
               "test_clocks"),
    "tooling": ("test_bench_spending", "test_clients", "test_client_helpers", "test_conformance", "test_documents", "test_layers", "test_mutation", "test_architecture",
                "test_spec_lint"),
}
"""Each test module's layer, a marker of the same name: ``rules`` (the rules
core), ``analysis`` (the solver and the bots), ``api`` (the HTTP API
in-process), ``server`` (gunicorn, deploy files and a real browser) and
``tooling`` (the generated clients, the conformance kit). ``make check``
runs the rules, analysis and api layers but for their slow tests."""


LAYER_OF = {module: layer for layer, modules in LAYERS.items() for module in modules}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test with its module's layer (:data:`LAYERS`); a module with none is an error."""
    for item in items:
        module = item.path.stem
        if module not in LAYER_OF:
            raise pytest.UsageError(f"tests/{module}.py has no layer: add it to LAYERS in tests/conftest.py")
        item.add_marker(LAYER_OF[module])


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave out, unimported, a test module none of whose tests the ``-m``
    expression can select: one where it is false for the module's layer
    whatever other markers a test carries (``make check`` then imports no
    browser or client test)."""
    layer, expression = LAYER_OF.get(collection_path.stem), config.getoption("markexpr")
    if layer is None or not expression or collection_path.suffix != ".py":
        return None
    compiled = Expression.compile(expression)
    others = sorted(set(re.findall(r"[A-Za-z_][\w-]*", expression)) - {"and", "or", "not", *LAYERS})
    for carried in itertools.product((False, True), repeat=len(others)):
        marks = {layer, *(name for name, on in zip(others, carried) if on)}
        if compiled.evaluate(lambda name, /, marks=marks, **_: name in marks):
            return None
    return True
