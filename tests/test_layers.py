"""The test layers (``tests/conftest.py``): a ``-m`` expression leaves a module
unimported only where none of its tests could be selected."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import LAYERS, pytest_ignore_collect

CHECK = "(rules or analysis or api) and not slow and not heavy"
"""``make check``'s expression."""


def ignored(module: str, expression: str | None) -> bool:
    config = SimpleNamespace(getoption=lambda name: expression if name == "markexpr" else None)
    return bool(pytest_ignore_collect(Path(f"tests/{module}.py"), config))  # type: ignore[arg-type]


@pytest.mark.parametrize("layer", list(LAYERS))
def test_check_imports_the_rules_analysis_and_api_modules_only(layer):
    assert {ignored(module, CHECK) for module in LAYERS[layer]} == {layer not in ("rules", "analysis", "api")}


@pytest.mark.parametrize("expression", [None, "", "not heavy", "slow", "contract", "server or not server"])
def test_an_expression_some_test_of_any_module_could_match_leaves_every_module_in(expression):
    """A test may carry any marker besides its layer, so these select in every module."""
    assert not any(ignored(module, expression) for modules in LAYERS.values() for module in modules)


def test_an_expression_naming_a_layer_leaves_the_others_out():
    assert [module for module in LAYERS["server"] if ignored(module, "server and slow")] == []
    assert all(ignored(module, "server and slow") for module in LAYERS["rules"])
    assert not ignored("test_rules_agency", "rules and not server")
    assert ignored("test_rules_agency", "not rules and not analysis")


def test_a_file_outside_the_layers_is_left_to_pytest():
    assert ignored("bot_hands", "server") is False
