"""The service's own pages in a real browser: ``/docs`` calls the service it
is served by, at any host and port, and ``/`` links the pages.

The browser is Debian's ``chromium`` driven by playwright (``support.chromium``).
"""

from __future__ import annotations

import json
import re

import pytest

from support import chromium, running_gunicorn

DEFAULT_PORT = 8000


@pytest.fixture(scope="module")
def server():
    with running_gunicorn(workers=1) as process:
        assert process.port != DEFAULT_PORT  # the point: not where the spec used to say the service was
        yield process


def try_it_out(server, operation_id: str) -> dict:
    """In /docs, open one operation, click "Try it out" then "Execute" as a
    newcomer would: what it sent and what came back, the operation's lock
    icons (its security) and the page's console errors."""
    base = f"http://127.0.0.1:{server.port}"
    problems: list[str] = []
    with chromium() as browser:
        page = browser.new_page()
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        page.goto(f"{base}/docs")
        operation = page.locator(f"[id='operations-{operation_id}']")
        operation.locator(".opblock-summary").click()
        locks = operation.locator(".authorization__btn").count()
        operation.locator("button.try-out__btn").click()
        body = operation.locator("textarea.body-param__text")
        sent = json.loads(body.input_value()) if body.count() else None
        operation.locator("button.execute").click()
        status = operation.locator(".live-responses-table tbody .response-col_status")
        status.wait_for(timeout=30_000)
        return {
            "status": status.inner_text().strip(), "sent": sent, "locks": locks, "problems": problems,
            "url": operation.locator(".request-url pre").inner_text().strip(),
            "body": json.loads(operation.locator(".live-responses-table tbody .response-col_description pre").first.inner_text()),
        }


def test_docs_try_it_out_calls_the_serving_origin(server):
    """Regression: the spec's server was http://localhost:8000, so every
    "Try it out" from any other origin was blocked by the page's CSP."""
    tried = try_it_out(server, "games-list_games")
    assert tried["status"] == "200"
    assert tried["url"] == f"http://127.0.0.1:{server.port}/v1/games"
    assert {game["id"] for game in tried["body"]["games"]} >= {"agency", "spar"}
    assert tried["locks"] == 0  # it reads no credential
    assert tried["problems"] == []


def test_docs_try_it_out_deals_with_the_spec_example(server):
    """A newcomer's first click: in /docs, "Try it out" then "Execute" on
    Agency's deal sends the request body's first example as it stands (a
    deal from a seed) and gets 200 and a hand. The operation shows its
    optional seat credential (the lock Authorize fills in)."""
    tried = try_it_out(server, "agency-agency_deal")
    assert tried["status"] == "200", tried
    assert tried["sent"] == {"seed": 42}
    assert tried["body"]["state"]["game"] == "agency" and tried["body"]["state"]["deal"]["seed"] == 42
    assert tried["locks"] == 1
    assert tried["problems"] == []


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
