"""The service's own pages in a real browser: ``/docs`` calls the service it
is served by, at any host and port, and ``/`` links the pages.

The browser is Debian's ``chromium`` driven by playwright (``support.chromium``).
"""

from __future__ import annotations

import re

import pytest

from support import chromium, running_gunicorn

DEFAULT_PORT = 8000


@pytest.fixture(scope="module")
def server():
    with running_gunicorn(workers=1) as process:
        assert process.port != DEFAULT_PORT  # the point: not where the spec used to say the service was
        yield process


def test_docs_try_it_out_calls_the_serving_origin(server):
    """Regression: the spec's server was http://localhost:8000, so every
    "Try it out" from any other origin was blocked by the page's CSP."""
    base = f"http://127.0.0.1:{server.port}"
    problems: list[str] = []
    with chromium() as browser:
        page = browser.new_page()
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        page.goto(f"{base}/docs")
        operation = page.locator("#operations-games-list_games")
        operation.locator(".opblock-summary").click()
        operation.locator("button.try-out__btn").click()
        operation.locator("button.execute").click()
        status = operation.locator(".live-responses-table tbody .response-col_status")
        status.wait_for(timeout=15_000)
        assert status.inner_text().strip() == "200"
        assert operation.locator(".request-url pre").inner_text().strip() == f"{base}/v1/games"
        body = operation.locator(".live-responses-table tbody .response-col_description pre").first.inner_text()
    assert '"agency"' in body and '"spar"' in body
    assert problems == []


def test_home_page_links_the_pages(server):
    base = f"http://127.0.0.1:{server.port}"
    problems: list[str] = []
    with chromium() as browser:
        page = browser.new_page()
        page.on("console", lambda message: problems.append(message.text))
        response = page.goto(f"{base}/")
        assert response is not None and response.status == 200
        links = {link.get_attribute("href"): link.inner_text() for link in page.locator("a").all()}
        assert set(links) == {"/play", "/docs", "/openapi.json"}
        # the inline style applies: the page's own CSP allows exactly it
        assert page.evaluate("getComputedStyle(document.body).maxWidth") != "none"
        for href in links:
            assert page.request.get(base + href).status == 200
    assert problems == []  # no CSP violation


def test_home_page_is_html_with_its_own_policy(client):
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "http" not in html and "<script" not in html  # nothing remote, no script
    policy = dict(part.strip().split(" ", 1) for part in page.headers["Content-Security-Policy"].split(";"))
    assert policy.pop("style-src").startswith("'sha256-")
    assert policy == {"default-src": "'none'", "frame-ancestors": "'none'", "base-uri": "'none'", "form-action": "'none'"}
    assert re.search(r"Version \d+\.\d+\.\d+", html)


def test_spec_server_is_relative(client):
    assert client.get("/openapi.json").get_json()["servers"] == [
        {"url": "/", "description": "The service that serves this document."}]
