"""The table page (``GET /play``): served with its own Content-Security-Policy,
and played to the end of a hand in a real browser.

The browser is Debian's ``chromium`` (``make test`` installs it with apt),
driven by playwright through ``executable_path``: playwright's own browser
download is never used. Screenshots go to ``build/screenshots/``.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

from support import ROOT, running_gunicorn

SCREENSHOTS = ROOT / "build" / "screenshots"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SEALING_KEY = "play-page-tests-sealing-key-0123456789"


def test_play_page_is_served_with_its_own_policy(client):
    page = client.get("/play")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert '<script type="module" src="/play/play.js"></script>' in html
    assert '<link rel="stylesheet" href="/play/play.css">' in html
    assert "http" not in html and "<script>" not in html and "style=" not in html  # nothing remote, nothing inline
    policy = dict(part.strip().split(" ", 1) for part in page.headers["Content-Security-Policy"].split(";"))
    assert policy == {
        "default-src": "'none'", "script-src": "'self'", "style-src": "'self'", "connect-src": "'self'",
        "frame-ancestors": "'none'", "base-uri": "'none'", "form-action": "'none'",
    }
    for asset, mimetype in (("/play/play.js", "text/javascript"), ("/play/play.css", "text/css")):
        served = client.get(asset)
        assert served.status_code == 200 and served.mimetype == mimetype
        assert served.headers["Content-Security-Policy"] == page.headers["Content-Security-Policy"]
    assert client.get("/play/index.html").status_code == 404
    assert client.get("/healthz").headers["Content-Security-Policy"].startswith("default-src 'none'; frame-ancestors")


@pytest.fixture(scope="module")
def browser():
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    assert Path(executable).exists(), "Debian's chromium is missing: `make test` installs it (apt-get install chromium)"
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=executable, headless=True, args=CHROMIUM_FLAGS, viewport={"width": 1100, "height": 1100},
        )
        yield context
        context.close()


def play_through_the_page(page: Page, base: str, game: str, players: int, seat: int, shot: str) -> dict:
    """Deal ``game`` on the page, click one card the page does not mark legal
    (the refusal must show), then click legal cards until the hand is over."""
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if "Content Security Policy" in message.text else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{base}/play?delay=0")
    page.wait_for_selector("body[data-ready=true]")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    page.select_option("#seat", str(seat))
    refusal = None
    # A random deal (sealed mode deals only at random) can end before this
    # seat ever holds a card it may not play (an Agency hand can end after a
    # few plays, A12a): deal again until a refusal was shown.
    for _deal in range(8):
        page.click("#deal")
        page.wait_for_selector("#table:not([hidden])")
        for _ in range(40):
            page.wait_for_selector("body[data-busy=false]")
            if page.get_attribute("#status", "data-state") != "your-turn":
                break
            illegal = page.query_selector("#hand button.card:not(.legal)")
            if refusal is None and illegal is not None:
                illegal.click()
                page.wait_for_selector("body[data-busy=false]")
                refusal = page.inner_text("#refusal")
                assert page.is_visible("#refusal") and page.get_attribute("#status", "data-state") == "your-turn"
                page.screenshot(path=str(SCREENSHOTS / f"{shot}-refusal.png"), full_page=True)
            page.click("#hand button.card.legal")
        page.wait_for_selector("body[data-busy=false]")
        if refusal is not None:
            break
    page.screenshot(path=str(SCREENSHOTS / f"{shot}.png"), full_page=True)
    assert problems == []
    return {
        "state": page.get_attribute("#status", "data-state"),
        "status": page.inner_text("#status"),
        "events": page.eval_on_selector_all("#events li", "items => items.map(item => [item.dataset.type, item.textContent])"),
        "groups": page.eval_on_selector_all("#hand .group h3", "titles => titles.map(title => title.textContent)"),
        "others": page.eval_on_selector_all("#others li", "items => items.map(item => item.textContent)"),
        "score": page.inner_text("#score"),
        "refusal": refusal,
    }


def test_a_whole_agency_hand_in_sealed_mode(browser):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with running_gunicorn(workers=1, env={"REFEREE_SEALING_KEYS": SEALING_KEY}) as server:
        page = browser.new_page()
        seen = play_through_the_page(page, f"http://127.0.0.1:{server.port}", "agency", 4, 2, "play-agency-sealed")
        page.close()
    assert seen["state"] == "hand-over" and "sealed mode" in seen["status"]
    # seat 2 holds holders 2 and 1 (A6); of the other two it sees only counts
    assert [title.split(" (")[0] for title in seen["groups"]] == ["Holder 2", "Holder 1"]
    assert [re.sub(r"\d+ cards", "N cards", text) for text in seen["others"]] == ["Holder 0: N cards", "Holder 3: N cards"]
    assert re.search(r"\(RULINGS A\d+", seen["refusal"]), seen["refusal"]
    types = [kind for kind, _ in seen["events"]]
    assert types[0] == "deal" and types[-1] == "hand_over" and types.count("hand_over") == 1
    points = re.search(r"team 0 \(seats 0, 2\) (\d+), team 1 \(seats 1, 3\) (\d+)", seen["score"]).groups()
    assert f"Points {points[0]} to {points[1]}." in seen["events"][-1][1]


def test_a_whole_fapfap_hand_in_open_mode(browser):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with running_gunicorn(workers=1) as server:
        page = browser.new_page()
        for _ in range(6):  # a hand where seat 1 never holds an illegal card is dealt again
            seen = play_through_the_page(page, f"http://127.0.0.1:{server.port}", "fapfap", 4, 1, "play-fapfap-open")
            if seen["refusal"] is not None:
                break
        page.close()
    assert seen["state"] == "hand-over" and "open mode" in seen["status"]
    assert seen["groups"] == ["Your hand (seat 1)"]
    assert [text.split(":")[0] for text in seen["others"]] == ["Seat 0 (dealer)", "Seat 2", "Seat 3"]
    assert re.search(r"\(RULINGS F5\)", seen["refusal"]), seen["refusal"]  # the only way to go wrong on one's turn
    types = [kind for kind, _ in seen["events"]]
    assert types.count("card_played") == 4 * 5 and types.count("trick_won") == 5 and types[-1] == "hand_over"
    payouts = [int(value) for value in re.search(r"Payouts ([-\d, ]+)\.", seen["events"][-1][1]).group(1).split(", ")]
    assert sum(payouts) == 0 and len(payouts) == 4
    tally = [int(value) for value in re.findall(r"Seat \d: (-?\d+)", seen["score"])]
    assert tally == payouts  # the first hand's balance is its payouts (F6)
