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
