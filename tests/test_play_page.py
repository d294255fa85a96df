"""The table page (``GET /play``) and the rules page (``GET /rules``): served
with their own Content-Security-Policies, and played to the end of a hand in
a real browser.

The browser is Debian's ``chromium`` (``make test`` installs it with apt),
driven by playwright through ``executable_path``: playwright's own browser
download is never used. One browser serves the module. Each hand is played
by clicking the cards the page marks legal; what the page shows is checked
against the referee's own answers, which the test reads off the wire
(``page.route``): the legal moves, the score, the review. axe-core (pinned in
``package.json``, loaded from ``node_modules``) checks the page's
accessibility. Screenshots go to ``tests/screenshots/`` (git-ignored): the
start, mid-hand with a hint where the referee gives one, and the end with
its banner and review.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page, Route

from service import config
from support import ROOT, a13_hand_result, chromium, f7_hand_result, running_gunicorn
from tools import rules
from tools.openapi import load_spec

SCREENSHOTS = ROOT / "tests" / "screenshots"
SEALING_KEY = "play-page-tests-sealing-key-0123456789"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
ANALYSIS = "/v1/games/agency/suggest" in load_spec(ROOT / "openapi.yaml")["paths"]
"""Whether the referee has the analysis operations (suggest, analyze): the page then shows hints and a review."""

HINT_BUDGET = config.DEFAULTS[config.DEADLINE_SECONDS]
"""Seconds a hint may take, retries included: the referee's deadline for a request, by which a ``suggest``
answers with the best move its work budget found (docs/analysis.md "Bounded cost"; docs/configuration.md)."""
AGENCY_SUITS = {"H": "Hats", "M": "Moustaches", "B": "Briefcases", "V": "Vans"}
FRENCH_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}


def policy_of(response: Any) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in response.headers["Content-Security-Policy"].split(";"))


def test_play_page_is_served_with_its_own_policy(client):
    page = client.get("/play")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert '<script type="module" src="/play/play.js"></script>' in html
    assert '<link rel="stylesheet" href="/play/play.css">' in html
    assert '<a href="/rules">' in html
    assert "http" not in html and "<script>" not in html and "style=" not in html  # nothing remote, nothing inline
    assert policy_of(page) == {
        "default-src": "'none'", "script-src": "'self'", "style-src": "'self'", "connect-src": "'self'",
        "frame-ancestors": "'none'", "base-uri": "'none'", "form-action": "'none'",
    }
    for asset, mimetype in (("/play/play.js", "text/javascript"), ("/play/play.css", "text/css")):
        served = client.get(asset)
        assert served.status_code == 200 and served.mimetype == mimetype
        assert served.headers["Content-Security-Policy"] == page.headers["Content-Security-Policy"]
    assert client.get("/play/index.html").status_code == 404
    assert client.get("/play/rules.html").status_code == 404
    assert client.get("/healthz").headers["Content-Security-Policy"].startswith("default-src 'none'; frame-ancestors")


def test_rules_page_is_docs_rules_md_rendered_with_its_own_policy(client, tmp_path):
    page = client.get("/rules")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert policy_of(page) == {  # a style sheet, and nothing else: no script, no connection
        "default-src": "'none'", "style-src": "'self'", "frame-ancestors": "'none'", "base-uri": "'none'", "form-action": "'none'",
    }
    html = page.get_data(as_text=True)
    assert html == rules.render(rules.RULES_SOURCE.read_text(encoding="utf-8")), "run `make page`"
    assert "<script" not in html and "style=" not in html and "http" not in html
    # every ruling of docs/rules.md, in bold as the Markdown has it, and each section linkable
    source = rules.RULES_SOURCE.read_text(encoding="utf-8")
    for ruling in re.findall(r"^- \*\*([ACF]\d+) ", source, re.M):
        assert f"<strong>{ruling} " in html
    assert len(re.findall(r"^- \*\*([ACF]\d+) ", source, re.M)) == 3 + 14 + 8  # C1-C3, A1-A14, F1-F8
    assert '<h2 id="agency">Agency</h2>' in html and '<h2 id="the-agram-family">The Agram family</h2>' in html
    assert html.count("<table>") == 1 and "<td><code>fapfap</code></td>" in html  # F2's table


# -- in a browser ---------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with chromium(viewport={"width": 1100, "height": 1000}) as context:
        yield context


def post(base: str, path: str, body: dict[str, Any], credential: str | None = None) -> Any:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {credential}"} if credential else {})}
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


class Wire:
    """What the referee answered the page: every API call, in order, with its
    body and answer; the hand as the page holds it (state or token) and each
    seat's credential (sealed mode)."""

    def __init__(self, page: Page) -> None:
        self.calls: list[tuple[str, Any, int, Any]] = []
        self.held: dict[str, Any] = {}
        self.public: dict[str, Any] = {}
        self.credentials: dict[int, str] = {}
        page.route("**/v1/games/**", self._record)

    def _record(self, route: Route) -> None:
        if route.request.method != "POST":  # the page's OPTIONS: whether the referee has suggest
            route.fallback()
            return
        response = route.fetch()
        answer = response.json() if response.headers.get("content-type", "").endswith("json") else None
        operation = urlparse(route.request.url).path.rsplit("/", 1)[-1]
        self.calls.append((operation, route.request.post_data_json, response.status, answer))
        if operation in ("deal", "play", "timeout") and response.status == 200:
            self.held = {"token": answer["token"]} if "token" in answer else {"state": answer["state"]}
            self.public = answer["state"]
            self.credentials.update({entry["seat"]: entry["credential"] for entry in answer.get("seats", [])})
        route.fulfill(response=response)

    def plays(self) -> list[dict[str, Any]]:
        """The moves the page sent that the referee took."""
        return [body["move"] for operation, body, status, _ in self.calls if operation == "play" and status == 200]


def card_name(game: str, code: str, holder: int | None) -> str:
    """A card's accessible name, worked from its code: "10 of spades", "5 of Hats", "Wall from holder 2"."""
    if code == "W":
        return f"Wall from holder {holder}"
    rank, suit = code[:-1], code[-1]
    return f"{RANKS.get(rank, rank)} of {(AGENCY_SUITS if game == 'agency' else FRENCH_SUITS)[suit]}"


def marked_cards(page: Page) -> list[dict[str, Any]]:
    return page.eval_on_selector_all("button.card.mine", """cards => cards.map(card => ({
        card: card.dataset.card, holder: card.dataset.holder === undefined ? null : Number(card.dataset.holder),
        legal: card.classList.contains('legal'), name: card.getAttribute('aria-label'),
        hinted: card.classList.contains('hinted'), tabbable: card.tabIndex === 0}))""")


def axe(page: Page, name: str) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is, each with its impact; written to the screenshots' folder."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    violations = [{"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": [node["target"] for node in v["nodes"]]}
                  for v in result["violations"]]
    (SCREENSHOTS / f"{name}-axe.json").write_text(json.dumps({"violations": violations, "passes": len(result["passes"])}, indent=2))
    return violations


def serious(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in violations if v["impact"] in ("serious", "critical")]


def deal(page: Page, base: str, game: str, players: int, seat: int, level: str | None = None, length: str | None = None,
         clock: str | None = None, before: Any = None) -> None:
    page.goto(f"{base}/play?delay=0")
    page.wait_for_selector("body[data-ready=true]")
    if before is not None:
        before(page)
    if clock is not None:
        page.fill("#clock", clock)
    if level is not None:
        page.select_option("#level", level)
    if length is not None:
        page.select_option("#length", length)
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    page.select_option("#seat", str(seat))
    page.click("#deal")
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_selector("body[data-busy=false]")


def your_turn(page: Page) -> bool:
    page.wait_for_selector("body[data-busy=false]")
    return page.get_attribute("#status", "data-state") == "your-turn"


def check_legal_marks(page: Page, wire: Wire, base: str, game: str, seat: int) -> None:
    """The cards marked legal are the referee's legal moves for the seat, no
    more, no fewer; only they are in the tab order; each card's name is its code's."""
    moves = post(base, f"/v1/games/{game}/legal-moves", wire.held, wire.credentials.get(seat))["moves"]
    cards = marked_cards(page)
    assert sorted((c["card"], c["holder"]) for c in cards if c["legal"]) == sorted((m["card"], m.get("holder")) for m in moves)
    assert all(c["tabbable"] == c["legal"] for c in cards)
    assert all(c["name"] == card_name(game, c["card"], c["holder"]) for c in cards), cards


def take_hint(page: Page) -> dict[str, Any] | None:
    """Press the hint button where the page offers one; the card it marks."""
    if not ANALYSIS:
        assert page.is_hidden("#hint-box") and page.is_hidden("#level-field")
        return None
    return take_hint_from(page)


def take_hint_from(page: Page) -> dict[str, Any]:
    """Press the hint button; the card it marks, which must be legal."""
    page.click("#hint")
    page.wait_for_selector("body[data-busy=false]")
    (hinted,) = [card for card in marked_cards(page) if card["hinted"]]
    assert hinted["legal"] and page.inner_text("#hint-text").startswith("Hint")
    return hinted


def play_on(page: Page, hinted: dict[str, Any] | None = None) -> None:
    selector = "button.card.legal" if hinted is None else "button.card.hinted"
    page.click(selector)


def check_review(page: Page, wire: Wire, base: str, game: str, seat: int) -> None:
    """Every play of the hand is shown at the end; with the analysis
    operations, each carries its values and the plays that lost are marked."""
    shown = page.eval_on_selector_all("#tricks .plays li", """items => items.map(item => ({
        card: item.querySelector('.card').getAttribute('aria-label'), seat: Number(item.dataset.seat),
        lost: item.classList.contains('lost'), value: item.querySelector('.value')?.textContent ?? null,
        gave: item.classList.contains('gave-away')}))""")
    plays = wire.plays()
    assert [(p["card"], p["seat"]) for p in shown] == [(card_name(game, m["card"], m.get("holder")), m["seat"]) for m in plays]
    if not ANALYSIS:
        assert page.get_attribute("#review", "data-reviewed") == "false" and page.is_hidden("#review-note")
        assert page.is_hidden("#review-key") and all(p["value"] is None for p in shown)
        return
    review = post(base, f"/v1/games/{game}/analyze", wire.held, wire.credentials.get(seat))["plays"]
    assert page.get_attribute("#review", "data-reviewed") == "true"
    # Under each card the referee's values, from the first trick on: proved, or the bounds it has.
    assert [p["value"] for p in shown] == [
        f"{entry['value_before']} → {entry['value_after']}" if entry["exact"]
        else f"[{entry['before'][0]}, {entry['before'][1]}] → [{entry['after'][0]}, {entry['after'][1]}]" for entry in review]
    lost = [entry["exact"] and entry["value_after"] < entry["value_before"]
            or not entry["exact"] and entry["after"][1] < entry["before"][0] for entry in review]
    assert [p["lost"] for p in shown] == lost
    gave = [entry["exact"] and entry["value_before"] > 0 >= entry["value_after"]
            or not entry["exact"] and entry["before"][0] > 0 >= entry["after"][1] for entry in review]
    assert [p["gave"] for p in shown] == gave
    check_review_key(page, game)


REVIEW_KEYS = {
    "agency": "−1: the other team can make sure of winning it",  # A13: the team's values 1, 0 (void), -1
    "fapfap": "a win pays 3s, twice that when the last trick is won with a 3",  # F2, F6 at 4 players: (n-1)*s*m
    "sink-sink": "1: the seat can make sure of winning the hand (the last trick, F2)",
}
"""A phrase of each game's first line of the review's key, from the contract's value table."""


def check_review_key(page: Page, game: str) -> None:
    """The key under the review: what the values mean in this game, the
    arrow, the brackets (bounds), and the marks."""
    key = page.eval_on_selector_all("#review-key li", "items => items.map(item => item.textContent)")
    assert page.is_visible("#review-key") and len(key) == 4
    assert key[0].startswith("Values: ") and REVIEW_KEYS[game] in key[0], key[0]
    assert "before the play, then after it" in key[1]
    assert "at least lo and at most hi" in key[2]
    assert "“lost”" in key[3] and "“gave the hand away”" in key[3]


def fits_a_phone(page: Page, name: str) -> None:
    """At a phone's width the page does not scroll sideways."""
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size({"width": 1100, "height": 1000})


def test_a_whole_agency_hand_in_sealed_mode(browser):
    seat = 2
    with running_gunicorn(workers=1, env={"REFEREE_SEALING_KEYS": SEALING_KEY}) as server:
        base = f"http://127.0.0.1:{server.port}"
        for _deal in range(5):  # a hand can end before seat 2 ever plays (A12a): deal again
            page = browser.new_page()
            wire = Wire(page)
            # Bots at the rules level: the search's moves take about 0.35 s each in Agency, and the
            # page's bots at the default level play a whole hand in the Fapfap test below.
            deal(page, base, "agency", 4, seat, level="rules", length="match")
            if your_turn(page):
                break
            page.close()
        assert "sealed mode" in page.inner_text("#status")
        # Seat 2 at the bottom; seat 3 on its left, its partner seat 0 opposite, seat 1 on its right (C1, A4);
        # holder h between seat h and seat h+1 (A5): its own holder 2 bottom left, holder 1 bottom right.
        assert page.inner_text("#side-left h3").startswith("Seat 3")
        assert page.inner_text("#side-top h3").startswith("Seat 0, your partner")
        assert page.inner_text("#side-right h3").startswith("Seat 1")
        corners = {corner: page.get_attribute(f"#corner-{corner} .holder", "aria-label") for corner in ("bl", "tl", "tr", "br")}
        assert corners == {"bl": "Holder 2, between you and seat 3", "tl": "Holder 3, between seat 3 and seat 0",
                           "tr": "Holder 0, between seat 0 and seat 1", "br": "Holder 1, between seat 1 and you"}
        assert page.query_selector_all("#corner-tl .card, #corner-tr .card") == []  # the far holders are hidden (sealed)
        check_legal_marks(page, wire, base, "agency", seat)
        # holders 2 and 1 as dealt, 8 cards and 2 Walls each (A5), less what seat 1 took from holder 1;
        # what seat 2 reaches is marked
        bl, br = (len(page.query_selector_all(f"#corner-{corner} button.card")) for corner in ("bl", "br"))
        assert (bl, br) == (10, 10 - sum(move["holder"] == 1 for move in wire.plays()))
        reached = page.eval_on_selector_all("#corner-bl button.card", "cards => cards.map(c => c.classList.contains('reach-you'))")
        assert reached == [False] * 6 + [True] * 4  # c1 c2 c3 W from seat 2's end, which lies on the right (A6)
        page.screenshot(path=str(SCREENSHOTS / "agency-sealed-start.png"), full_page=True)

        # An unreachable card is refused with its rule, and the page stays on seat 2's turn.
        page.click("button.card.illegal >> nth=0", force=True)  # aria-disabled, which playwright waits out; a mouse clicks it
        page.wait_for_selector("body[data-busy=false]")
        assert page.is_visible("#refusal") and re.search(r"\(RULINGS A\d+", page.inner_text("#refusal"))
        assert your_turn(page)
        # Keyboard: the first legal card has the focus, the arrow keys move it among the legal ones, Enter plays.
        legal = [(c["card"], c["holder"]) for c in marked_cards(page) if c["legal"]]
        focused = page.evaluate("[document.activeElement.dataset.card, Number(document.activeElement.dataset.holder)]")
        assert tuple(focused) == legal[0]
        page.keyboard.press("ArrowRight")
        target = legal[1 % len(legal)]
        page.keyboard.press("Enter")
        page.wait_for_selector("body[data-busy=false]")
        first = wire.plays()[[m["seat"] for m in wire.plays()].index(seat)]
        assert (first["card"], first["holder"]) == target

        turns = 1
        hint_seconds = []
        while your_turn(page):
            turns += 1
            check_legal_marks(page, wire, base, "agency", seat)
            hinted = take_hint(page)  # at every turn: each answers within the budget, as the page measures it from the click
            if hinted is not None:
                hint_seconds.append(int(page.get_attribute("#hint-text", "data-ms")) / 1000)
            if turns == 3:
                page.screenshot(path=str(SCREENSHOTS / "agency-sealed-mid.png"), full_page=True)
                assert serious(axe(page, "agency-sealed-mid")) == []
            play_on(page, hinted)
        assert max(hint_seconds, default=0) < HINT_BUDGET, hint_seconds
        page.wait_for_selector("body[data-busy=false]")
        assert page.get_attribute("#status", "data-state") == "hand-over"

        # The banner against the score the referee gives, and the rules (A3, A12, A13).
        score = post(base, "/v1/games/agency/score", wire.held)
        public = wire.public
        assert a13_hand_result(public) == (score["team_points"], score["winner"])
        banner = page.inner_text("#banner")
        headline = {None: "A void hand", 0: "Your team wins the hand", 1: "The other team wins the hand"}[score["winner"]]
        assert banner.startswith(headline), banner
        assert f"Card points: your team {score['team_points'][0]}, the other team {score['team_points'][1]} (A3)." in banner
        assert {"no_legal_play": "(A12a)", "out_of_cards": "(A12b)", "points_reached": "(A12c)"}[public["end"]] in banner
        tied = score["team_points"][0] == score["team_points"][1] and score["winner"] is not None
        assert ("The points are equal, so the team that won the last trick takes the hand" in banner) == tied
        # Every card: what is left in the four holders, face up, and every play: 32 dealt cards and 8 Walls (A5, A7).
        assert page.query_selector_all("#felt .backs") == []
        left = page.eval_on_selector_all("#felt .holder .card", "cards => cards.length")
        assert left + len(wire.plays()) == 40
        check_review(page, wire, base, "agency", seat)
        tally = page.eval_on_selector_all("#board tbody tr", "rows => rows.map(row => Number(row.cells[1].textContent))")
        assert tally == [int(score["winner"] == team) for team in (0, 1)]
        page.screenshot(path=str(SCREENSHOTS / "agency-sealed-end.png"), full_page=True)
        assert serious(axe(page, "agency-sealed-end")) == []
        fits_a_phone(page, "agency-sealed-end")

        # The next hand: the team that lost names its leader, and the page asks for the hand with the
        # credential of a seat of that team (A14; a deal without one is refused in sealed mode).
        page.click("#banner .next button >> nth=0")
        page.wait_for_selector("body[data-busy=false]")
        _, _, status, dealt = [call for call in wire.calls if call[0] == "deal"][-1]
        assert status == 200 and dealt["state"]["match"]["hand"] == 2, dealt
        if score["winner"] is not None:
            assert dealt["state"]["first_leader"] % 2 == 1 - score["winner"] == dealt["state"]["match"]["chooser"]

        # On to the match's end: the banner and the status name the team that won it, with the tally (A14:
        # a game point a hand won, 2 by default).
        for _hand in range(20):
            while your_turn(page):
                play_on(page)
            page.wait_for_selector("body[data-busy=false]")
            if page.get_attribute("#status", "data-state") == "match-over":
                break
            page.click("#banner .next button >> nth=0")
            page.wait_for_selector("body[data-busy=false]")
        match = wire.public["match"]
        winner, tally = match["winner"], match["tally"]
        assert match["over"] and tally[winner] == 2 > tally[1 - winner]
        said = (f"The match is over: {'Your team' if winner == seat % 2 else 'The other team'} (team {winner}, seats {winner} "
                f"and {winner + 2}) wins it, {tally[winner]} game points to {tally[1 - winner]}, first to 2 (A14).")
        assert page.inner_text("#banner .match-over") == said
        assert page.inner_text("#status").startswith(said)
        assert page.query_selector("#banner .next") is None
        page.screenshot(path=str(SCREENSHOTS / "agency-sealed-match-over.png"), full_page=True)

        page.click('a[href="/rules"] >> nth=0')
        page.wait_for_selector("h2#agency")
        assert serious(axe(page, "rules")) == []
        page.close()


def test_a_whole_fapfap_hand_in_open_mode(browser):
    seat, players = 1, 4
    with running_gunicorn(workers=1) as server:
        base = f"http://127.0.0.1:{server.port}"
        page = browser.new_page()
        wire = Wire(page)
        deal(page, base, "fapfap", players, seat)
        assert "open mode" in page.inner_text("#status")
        # seat 1 at the bottom, then round the table in play order: seat 2 left, 3 opposite, 0 (the dealer) right
        assert [page.inner_text(f"#side-{side} h3") for side in ("left", "top", "right")] == ["Seat 2", "Seat 3", "Seat 0 · dealer"]
        assert page.query_selector_all(".corner .holder") == []
        page.screenshot(path=str(SCREENSHOTS / "fapfap-open-start.png"), full_page=True)
        refused = None
        turns = 0
        while your_turn(page):
            turns += 1
            check_legal_marks(page, wire, base, "fapfap", seat)
            illegal = page.query_selector("button.card.illegal")
            if refused is None and illegal is not None:  # holding the led suit and another (F5)
                illegal.click(force=True)
                page.wait_for_selector("body[data-busy=false]")
                refused = page.inner_text("#refusal")
                assert "(RULINGS F5)" in refused and your_turn(page)
            hinted = None
            if turns == 3:
                hinted = take_hint(page)
                page.screenshot(path=str(SCREENSHOTS / "fapfap-open-mid.png"), full_page=True)
            play_on(page, hinted)
        page.wait_for_selector("body[data-busy=false]")
        assert turns == 5  # five tricks, five cards each (F2)

        score = post(base, "/v1/games/fapfap/score", wire.held)
        state = wire.held["state"]
        winner, payouts = f7_hand_result("fapfap", state)
        assert (score["winner"], score["payouts"]) == (winner, payouts)
        banner = page.inner_text("#banner")
        assert banner.startswith("You win the hand" if winner == seat else f"Seat {winner} wins the hand"), banner
        shown = ", ".join(f"{'you' if s == seat else f'seat {s}'} {'+' if p > 0 else ''}{p}" for s, p in enumerate(payouts))
        assert f"Payouts: {shown}." in banner
        assert {1: "paid once", 2: "paid twice", 4: "paid four times"}[score["multiplier"]] in banner
        assert (f"You collect {payouts[seat]}" if winner == seat else f"You pay {-payouts[seat]} to seat {winner}") in banner
        check_review(page, wire, base, "fapfap", seat)
        tally = page.eval_on_selector_all("#board tbody tr td", "cells => cells.map(cell => Number(cell.textContent))")
        assert tally == payouts  # the first hand's balance is its payouts (F6)
        page.screenshot(path=str(SCREENSHOTS / "fapfap-open-end.png"), full_page=True)
        assert serious(axe(page, "fapfap-open-end")) == []
        fits_a_phone(page, "fapfap-open-end")
        page.close()



class StandIn:
    """``suggest`` and ``analyze`` answered in the contract's shapes by the
    test, for a referee that has them not: a suggestion is the first of the
    seat's legal moves (asked of the referee), and the review gives plays
    1, 5, 9... a value lost exactly, plays 3, 7... bounds that prove a loss,
    and the others bounds or values that do not."""

    def __init__(self, page: Page, base: str) -> None:
        self.base = base
        self.suggested: list[tuple[dict[str, Any], dict[str, Any]]] = []  # (body, move)
        page.route("**/v1/games/*/suggest", self._suggest)
        page.route("**/v1/games/*/analyze", self._analyze)

    def _suggest(self, route: Route) -> None:
        if route.request.method == "OPTIONS":  # the page asks whether the operation is there
            route.fulfill(status=204, headers={"Allow": "OPTIONS, POST"})
            return
        body = route.request.post_data_json
        game = urlparse(route.request.url).path.split("/")[3]
        held = {key: body[key] for key in ("state", "token") if key in body}
        (move, *_) = post(self.base, f"/v1/games/{game}/legal-moves", held)["moves"]
        self.suggested.append((body, move))
        route.fulfill(json={"seat": move["seat"], "move": move, "level": body.get("level", "search")})

    @staticmethod
    def entry(ply: int, move: dict[str, Any]) -> dict[str, Any]:
        if ply % 4 == 1:
            return {"ply": ply, "move": move, "value_before": 1, "value_after": 0, "exact": True}
        if ply % 4 == 3:
            return {"ply": ply, "move": move, "value_before": None, "value_after": None, "exact": False, "before": [0, 1], "after": [-1, -1]}
        if ply % 4 == 2:
            return {"ply": ply, "move": move, "value_before": None, "value_after": None, "exact": False, "before": [0, 1], "after": [0, 1]}
        return {"ply": ply, "move": move, "value_before": 1, "value_after": 1, "exact": True}

    def _analyze(self, route: Route) -> None:
        body = route.request.post_data_json
        state = body["state"]
        moves = [play for trick in state["tricks"] for play in trick["plays"]]
        route.fulfill(json={"plays": [self.entry(ply, move) for ply, move in reversed(list(enumerate(moves, 1)))]})


def test_hints_bot_levels_and_the_review_in_the_contracts_shapes(browser):
    """The page against suggest and analyze as the contract writes them (a
    stand-in answers them): bots play the suggestion at the level chosen, the
    hint marks the suggested card, and the review marks the plays whose value
    fell (exactly, or by bounds that prove it)."""
    seat, players = 0, 3
    with running_gunicorn(workers=1) as server:
        base = f"http://127.0.0.1:{server.port}"
        page = browser.new_page()
        wire = Wire(page)
        stand_in = StandIn(page, base)
        deal(page, base, "sink-sink", players, seat, level="rules")
        assert page.is_visible("#level-field")
        turns = 0
        while your_turn(page):
            turns += 1
            hinted = take_hint_from(page)
            if turns == 3:
                page.screenshot(path=str(SCREENSHOTS / "stand-in-hint-mid.png"), full_page=True)
            suggested = stand_in.suggested[-1]
            assert "level" not in suggested[0]  # the hint asks for the default level
            assert (hinted["card"], hinted["holder"]) == (suggested[1]["card"], None)
            play_on(page, hinted)
        page.wait_for_selector("body[data-busy=false]")
        plays = wire.plays()
        bots = [move for move in plays if move["seat"] != seat]
        assert bots == [move for body, move in stand_in.suggested if body.get("level") == "rules"]
        assert len(plays) == 5 * players and len(bots) == 5 * (players - 1)  # every bot's play was its suggestion
        assert page.get_attribute("#review", "data-reviewed") == "true" and page.is_visible("#review-note")
        shown = page.eval_on_selector_all("#tricks .plays li", """items => items.map(item => ({
            lost: item.classList.contains('lost'), value: item.querySelector('.value').textContent,
            by: item.querySelector('.lost-by')?.textContent ?? null}))""")
        expected_values = {1: "1 → 0", 2: "[0, 1] → [0, 1]", 3: "[0, 1] → [-1, -1]", 0: "1 → 1"}
        assert [p["value"] for p in shown] == [expected_values[ply % 4] for ply in range(1, len(plays) + 1)]
        assert [p["by"] for p in shown] == [{1: "lost 1", 3: "lost 1"}.get(ply % 4) for ply in range(1, len(plays) + 1)]
        gave = page.eval_on_selector_all("#tricks .plays li", "items => items.map(item => item.classList.contains('gave-away'))")
        assert gave == [ply % 4 == 1 for ply in range(1, len(plays) + 1)]  # 1 → 0 only: [0, 1] proves no win before
        check_review_key(page, "sink-sink")
        page.screenshot(path=str(SCREENSHOTS / "stand-in-review-end.png"), full_page=True)
        assert serious(axe(page, "stand-in-review-end")) == []
        page.close()


def test_a_bot_waits_out_a_busy_analysis_pool_then_plays_at_random_and_says_so(browser):
    """Regression: after one 503 from ``suggest`` (the analysis pool full) the page showed
    "Seat 1 is thinking…" for good. It asks again after each ``Retry-After``, and when the pool
    stays busy past its patience (8 s) the bot plays a random legal move and the log says so.
    Another client (127.0.0.2) keeps this worker's one analysis place (no queue) busy with one
    solve that does not end while the pool is to stay busy (a budget no deadline lets it reach, on a deal
    the solver does not settle within seconds: seed 2),
    so the page's suggests never find the place free between two solves; it hangs up when the
    pool is to be free again, and the referee stops a gone client's work."""
    import threading

    from bench.hostile import CLIENT_A, JSON_HEADERS, connect, dealt_state, request_bytes

    with running_gunicorn(workers=1, env={"REFEREE_ANALYSIS_QUEUE": "0", "REFEREE_SOLVE_NODES": str(10**9),
                                          "GUNICORN_REQUEST_TIMEOUT": "60"}) as server:
        base = f"http://127.0.0.1:{server.port}"
        solve = request_bytes("POST", "/v1/games/agency/solve", json.dumps({"state": dealt_state(server.port, body=b'{"seed": 2}')}).encode(),
                              JSON_HEADERS)
        stop = threading.Event()

        def loop() -> None:
            while not stop.is_set():
                with connect(server.port, source=CLIENT_A, timeout=0.1) as held:
                    held.sendall(solve)
                    answered = b""
                    while not stop.is_set():
                        try:
                            part = held.recv(65536)
                        except TimeoutError:
                            continue
                        if not part:
                            break
                        answered += part
                if not answered.startswith(b"HTTP/1.1 200"):
                    stop.wait(0.05)

        loopers = [threading.Thread(target=loop, daemon=True)]
        for looper in loopers:
            looper.start()
        try:
            page = browser.new_page()
            wire = Wire(page)
            deal(page, base, "fapfap", 2, 0)  # seat 1, a bot, leads
            said = page.wait_for_selector("#events li[data-type=busy]", timeout=30_000)
            assert said.inner_text() == "The referee's analysis stayed busy, so seat 1 played a random legal move (the random level)."
            suggests = [status for operation, _, status, _ in wire.calls if operation == "suggest"]
            assert suggests.count(503) >= 2 and 200 not in suggests  # asked again after Retry-After, refused each time
            assert wire.plays() and wire.plays()[0]["seat"] == 1  # the move was played
            # A hint with the pool still busy answers within the budget, as the page measures it from the
            # click (the test's own clock adds playwright's round trips): the page gives up and says so.
            assert your_turn(page)
            started = time.monotonic()
            page.click("#hint")
            page.wait_for_selector("body[data-busy=false]")
            assert int(page.get_attribute("#hint-text", "data-ms")) < HINT_BUDGET * 1000
            assert time.monotonic() - started < HINT_BUDGET + 2
            assert page.inner_text("#hint-text") == ("No hint: the referee's analysis stayed busy for "
                                                     f"{HINT_BUDGET:g} s. Try again, or play on.")
        finally:
            stop.set()
            for looper in loopers:
                looper.join(35)
        # With the pool free again the bots' moves are the referee's suggestions.
        while not page.get_attribute("#status", "data-state").startswith("hand-over"):
            if your_turn(page):
                play_on(page, None)
        assert [status for operation, _, status, _ in wire.calls if operation == "suggest"][-1] == 200
        page.close()


def test_the_hints_budget_is_the_referees_deadline():
    """The page gives up a hint after HINT_MS, the referee's default deadline, by which a suggest answers."""
    source = (ROOT / "web" / "analysis.ts").read_text(encoding="utf-8")
    (written,) = re.findall(r"export const HINT_MS = ([\d_]+);", source)
    assert int(written.replace("_", "")) == HINT_BUDGET * 1000


def watch_console(page: Page) -> list[str]:
    """Every error the page logs (the console's errors, uncaught exceptions, answers of 400 and more), as they come."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda response: errors.append(f"{response.status} {response.url}") if response.status >= 400 else None)
    return errors


def test_loading_the_page_and_playing_logs_no_error(browser):
    """Regression: every load logged a 422 (the page probed suggest with an empty body to learn whether the
    referee has it). It asks with OPTIONS now; loading, dealing and playing a card log nothing. A clock asked
    of an open referee is refused with the referee's sentence."""
    with running_gunicorn(workers=1) as server:
        base = f"http://127.0.0.1:{server.port}"
        page = browser.new_page()
        errors = watch_console(page)
        deal(page, base, "agram", 3, 0)
        assert page.get_attribute("body", "data-analysis") == "true"
        while not your_turn(page):
            pass
        play_on(page)
        page.wait_for_selector("body[data-busy=false]")
        assert errors == []

        page.fill("#clock", "5")
        page.click("#deal")
        page.wait_for_selector("#error:not([hidden])")
        page.wait_for_selector("body[data-busy=false]")
        assert "a clock needs signed or sealed states" in page.inner_text("#error")
        page.close()


def test_a_clock_counts_down_and_the_referee_plays_for_the_seat_whose_time_ran_out(browser):
    """docs/holding.md "Clocks": a match dealt with a 1-second clock (sealed). The page shows the seat to
    act's countdown; the person never plays, so each time theirs runs out the page calls timeout, and the
    log shows the referee's move for them (its card_played event has "timeout": true). An Agram hand has
    six tricks (F2), so six timeouts of the person's; the state lists their plies."""
    seat, players = 0, 2
    with running_gunicorn(workers=1, env={"REFEREE_SEALING_KEYS": SEALING_KEY}) as server:
        base = f"http://127.0.0.1:{server.port}"
        page = browser.new_page()
        wire = Wire(page)

        def watch(page: Page) -> None:  # every text the countdown shows, with its seat
            page.evaluate("""() => { window.seen = []; const clock = document.getElementById('countdown');
                new MutationObserver(() => window.seen.push([clock.dataset.seat, clock.textContent, clock.hidden]))
                    .observe(clock, {childList: true, characterData: true, subtree: true, attributes: true}); }""")

        deal(page, base, "agram", players, seat, level="random", clock="1", before=watch)
        page.wait_for_selector("#status[data-state=hand-over]", timeout=60_000)
        page.wait_for_selector("body[data-busy=false]")
        seen = page.evaluate("window.seen")
        assert [str(seat), "Your time: 1 s left (1 s a move).", False] in [list(entry) for entry in seen], seen
        assert [seat_ for seat_, text, hidden in seen if text == "Your time is up: the referee plays for you."] != []
        assert any(text == "Seat 1's time: 1 s left (1 s a move)." for _, text, _ in seen), seen
        assert page.is_hidden("#countdown")
        assert page.get_attribute("#review", "data-reviewed") == "true"  # analyze reviews a hand with timeouts

        timeouts = [(status, answer) for operation, _, status, answer in wire.calls if operation == "timeout"]
        assert all(status == 200 or (status, answer["code"]) == (409, "clock_running") for status, answer in timeouts)
        played = [answer["events"][0] for status, answer in timeouts if status == 200]
        assert all(event["type"] == "card_played" and event["timeout"] is True for event in played), played
        # The bot's seat has the clock too: on a loaded machine its move may come after its second, and the
        # page then calls timeout for it as well (anyone may, CONTRACT "Clocks").
        mine = [event for event in played if event["seat"] == seat]
        assert len(mine) == 6, played
        assert all(move["seat"] != seat for move in wire.plays())  # the person played nothing themselves
        plays = [play for trick in wire.public["tricks"] for play in trick["plays"]]
        timed_out = wire.public["timeouts"]  # plies from 1
        assert len(timed_out) == len(played)
        assert [ply for ply in timed_out if plays[ply - 1]["seat"] == seat] == [
            ply for ply, play in enumerate(plays, 1) if play["seat"] == seat]

        # The log says each of the referee's moves for the person as the client's event sentence writes it.
        log = page.eval_on_selector_all("#events li", "items => items.map(item => [item.dataset.type, item.textContent])")
        said = [text for kind, text in log if kind == "card_played" and text.startswith(f"Seat {seat}")]
        assert said == [f"Seat {seat}'s time ran out: the referee plays the {card_name('agram', event['card'], None)} for it."
                        for event in mine], log
        page.screenshot(path=str(SCREENSHOTS / "clock-end.png"), full_page=True)
        page.close()



SLOW_BOTS = """(() => {
    // The page's bots think for 2.5 s: their suggest (or legal-moves) is held back that long before it is sent.
    const send = window.fetch.bind(window);
    window.fetch = async (input, init) => {
        const request = input instanceof Request ? input : null;
        const url = request ? request.url : String(input);
        const method = (init && init.method) || (request ? request.method : 'GET');
        if (method === 'POST' && /\\/(suggest|legal-moves)$/.test(url)) await new Promise((done) => setTimeout(done, 2500));
        return send(input, init);
    };
})();"""


def test_a_bot_slower_than_its_clock_is_timed_out_on_time_and_its_late_move_refused(browser):
    """Regression: the page called timeout only once its own bot had moved, so a bot slower than the clock was never
    timed out. With a 1-second clock and bots that take 2.5 s to choose (their requests held back in the page), the
    countdown's timeout goes at the deadline, before the bot's move; the referee plays for the bot's seat, and the
    bot's move, sent afterwards on the token the timeout spent, is refused (409 state_spent, CONTRACT: States spent
    once), applies nothing, and the log says so. The person never plays either: the hand runs to its end on timeouts."""
    seat, players = 0, 2
    with running_gunicorn(workers=1, env={"REFEREE_SEALING_KEYS": SEALING_KEY}) as server:
        base = f"http://127.0.0.1:{server.port}"
        page = browser.new_page()
        page.add_init_script(SLOW_BOTS)
        wire = Wire(page)
        deal(page, base, "agram", players, seat, level="random", clock="1")
        page.wait_for_selector("#status[data-state=hand-over]", timeout=90_000)
        page.wait_for_selector("body[data-busy=false]")
        assert page.is_hidden("#error")

        timeouts = {body["token"]: (index, answer) for index, (operation, body, status, answer) in enumerate(wire.calls)
                    if operation == "timeout" and status == 200}
        late = [(index, body, answer) for index, (operation, body, status, answer) in enumerate(wire.calls)
                if operation == "play" and body["move"]["seat"] != seat]
        assert late and [answer.get("code") for _, _, answer in late] == ["state_spent"] * len(late), late  # no bot's move applied
        for index, body, _ in late:
            timed_out, answer = timeouts[body["token"]]  # the token the bot chose on was spent by a timeout ...
            assert timed_out < index  # ... sent before the bot's move, not after it
            (event, *_) = answer["events"]
            assert (event["type"], event["seat"], event["timeout"]) == ("card_played", body["move"]["seat"], True)
        plies = 6 * players  # an Agram hand: six tricks (F2), every move on timeout
        assert wire.public["timeouts"] == list(range(1, plies + 1)) and wire.plays() == []
        log = page.eval_on_selector_all("#events li[data-type=late]", "items => items.map(item => item.textContent)")
        assert log == [f"Seat {body['move']['seat']}'s move came too late: its time had run out and the referee had played for it."
                       for _, body, _ in late]
        page.close()


@pytest.mark.parametrize(("game", "players"), [("agram", 3), ("agency", 4)])
def test_a_spectators_link_shows_the_table_at_its_newest_token_and_no_held_card(browser, game, players):
    """docs/holding.md "Spectators": a sealed table offers its players a link that carries its newest token. Opened
    in another browser page with no credential, it asks `view` with that token alone and shows every seat, the trick
    and the match: the only card faces on it are played cards (the trick, the last trick), never one that a seat
    holds, and there is nothing to click. After the next move the table's link carries the newer token."""
    seat = 0
    with running_gunicorn(workers=1, env={"REFEREE_SEALING_KEYS": SEALING_KEY}) as server:
        base = f"http://127.0.0.1:{server.port}"
        page = browser.new_page()
        wire = Wire(page)
        for _ in range(10):  # mid-hand: a trick or more played, cards held by every seat (an Agency hand may end early, A12a)
            deal(page, base, game, players, seat, level="random")
            while your_turn(page) and not wire.public["tricks"]:
                play_on(page)
            if your_turn(page):
                break
        assert your_turn(page) and wire.public["tricks"]
        token = wire.held["token"]
        link = page.get_attribute("#spectate", "href")
        assert link == f"{base}/play?game={game}&watch={token}" and page.is_visible("#spectate-box")

        watcher = browser.new_page()
        sent: list[tuple[str, str, str | None, str | None]] = []
        watcher.on("request", lambda request: sent.append((request.method, request.url, request.headers.get("authorization"),
                                                             request.post_data)) if "/v1/games/" in request.url else None)
        watcher.goto(link)
        watcher.wait_for_selector("body[data-ready=true][data-watching=true]")
        assert [(url, credential, json.loads(body or "null")) for method, url, credential, body in sent if method == "POST"] == [
            (f"{base}/v1/games/{game}/view", None, {"token": token})]

        public = wire.public
        shown = watcher.eval_on_selector_all(".card", "cards => cards.map(card => card.getAttribute('aria-label'))")
        trick = public["trick"]["plays"] if public["trick"] else []
        last = public["tricks"][-1]["plays"] if public["tricks"] else []
        assert sorted(shown) == sorted(card_name(game, play["card"], play.get("holder")) for play in trick + last)
        held = set()
        for other in range(players):  # every card each seat holds, from its own view
            view = post(base, f"/v1/games/{game}/view", {"token": token}, wire.credentials[other])
            if game == "agency":
                held |= {card_name(game, card, reach["holder"]) for reach in view["reach"] for card in reach["cards"]}
                held |= {card_name(game, card, holder["holder"]) for holder in view["holders"] if holder["cards"]
                         for card in holder["cards"]}
            else:
                held |= {card_name(game, card, None) for card in view["hand"]}
        # The faces shown are the played cards, each once (above), so none is a held card; a held card's name is not
        # among them either (but a holder's two Walls, which share one: A6).
        assert held and not {name for name in held if not name.startswith("Wall")} & set(shown)
        assert watcher.query_selector_all("button.card") == [] and watcher.is_hidden("#setup") and watcher.is_hidden("#hint-box")
        assert watcher.inner_text("#status").startswith(f"Seat {public['to_act']} to play.")
        backs = watcher.eval_on_selector_all(".backs", "rows => rows.map(row => row.querySelectorAll('.back').length)")
        if game == "agency":
            assert sorted(backs) == sorted(holder["count"] for holder in public["holders"])
        else:
            assert sorted(backs) == sorted(public["hand_sizes"])
        watcher.screenshot(path=str(SCREENSHOTS / f"spectator-{game}.png"), full_page=True)
        assert serious(axe(watcher, f"spectator-{game}")) == []
        watcher.close()

        play_on(page)
        page.wait_for_selector("body[data-busy=false]")
        assert wire.held["token"] != token
        assert page.get_attribute("#spectate", "href") == f"{base}/play?game={game}&watch={wire.held['token']}"
        page.close()
