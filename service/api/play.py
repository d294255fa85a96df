"""The table page: ``GET /play``, where a person plays a seat against bots,
and ``GET /rules``, the rules it links to.

Static files of this package (``service/static/play``): the page, its style
sheet and its script, which ``make page`` bundles from ``web/play.ts`` with
the generated TypeScript client, and the rules page, which ``make page``
renders from ``docs/rules.md`` (``tools/rules.py``). The table page talks to
this service's own API (``connect-src 'self'``); the rules page loads only
the style sheet. Their Content-Security-Policies are set in
:mod:`service.server.headers`.
"""

from __future__ import annotations

import importlib.resources

import flask

from .documents import document

page = flask.Blueprint("play", __name__)

PLAY_FILES = importlib.resources.files("service") / "static" / "play"
ASSETS = {"play.js": "text/javascript", "play.css": "text/css"}


def _serve(name: str, mimetype: str) -> flask.Response:
    """One of the page's files (``documents``: gzipped, with its ETag; a
    browser asks again each time, and is answered 304 while it is unchanged)."""
    return document(PLAY_FILES, name, mimetype)


@page.get("/play")
def play_page() -> flask.Response:
    """The table page."""
    return _serve("index.html", "text/html")


@page.get("/rules")
def rules_page() -> flask.Response:
    """The rules as the referee reads them (``docs/rules.md`` as HTML)."""
    return _serve("rules.html", "text/html")


@page.get("/play/play.js")
def play_script() -> flask.Response:
    """The page's script (the TypeScript client included)."""
    return _serve("play.js", ASSETS["play.js"])


@page.get("/play/play.css")
def play_style() -> flask.Response:
    """The page's style sheet."""
    return _serve("play.css", ASSETS["play.css"])
