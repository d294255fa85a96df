"""Helpers shared by the tests: the worked cases, and playing hands over HTTP.

``post`` works with any client that has Flask's test-client shape or with
``HttpClient`` (real HTTP), so the same walk runs in-process and against
gunicorn.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from service import games as core
from service.errors import RefereeError
from service.schemas.records import dump_event, dump_play, dump_record, to_json

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).parent / "cases"

OPEN_AGENCY_DEAL = {"seed": 2, "first_leader": 2}
"""An Agency deal (the body of ``deal``) that ``solve`` does not prove
within many seconds: still open at 12,000,000 nodes (bench/README.md,
"Agency's search in C"), so a solve of it runs to its budget or deadline;
most deals are proved in well under a second."""

VOID_HANDS = [
    ["1V", "2V", "3V", "4V", "5V", "6V", "7V", "8V"],
    ["1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M"],
    ["9M", "9V", "1H", "2H", "3H", "4H", "5H", "6H"],
    ["1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B"],
]
"""Seat 1 leads 1M and seat 2 plays a Wall; seat 3 then reaches only
Briefcases, Hats and a Wall it may not play: no legal play, so the trick is
discarded with no trick completed, and the hand is void (A12a, A13)."""


def examples(count: int) -> int:
    """A property test's ``max_examples``: ``count`` in the default profile,
    and in proportion in another (``make check`` runs the ``check`` profile of
    ``tests/conftest.py``, a quarter of the examples; at least 2)."""
    from hypothesis import settings

    return max(2, count * settings.default.max_examples // settings.get_profile("default").max_examples)


class JsonRules:
    """A game of the rules core whose answers come as the contract writes them:
    events, scores, match results and refusals' members through the edge's serialisers
    (``service.schemas.records``), so the rule tests check the rules and the
    documented JSON shape together. Everything else is the game's own;
    ``isinstance`` sees the game's class."""

    def __init__(self, game: Any) -> None:
        self._game = game

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # noqa: D105 - isinstance(rules, AgencyGame) holds
        return type(self._game)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def play(self, state: Any, move: Any) -> tuple[Any, list[dict[str, Any]]]:
        try:
            after, events = self._game.play(state, move)
        except RefereeError as refusal:
            refusal.extra = {name: to_json(value) for name, value in refusal.extra.items()}
            raise
        return after, [dump_event(event) for event in events]

    def score(self, state: Any) -> dict[str, Any]:
        return dump_record(self._game.score(state))

    def match_status(self, state: Any) -> dict[str, Any]:
        return dump_record(self._game.match_status(state))

    @staticmethod
    def dump_move(move: Any) -> dict[str, Any]:
        return dump_play(move)


GAMES = {game_id: JsonRules(game) for game_id, game in core.GAMES.items()}
"""The registry, each game answering in the contract's JSON (``JsonRules``)."""

AGENCY = GAMES["agency"]


def case(name: str) -> Any:
    """A worked example from ``tests/cases`` (copied from the project's rule cases)."""
    return json.loads((CASES / f"{name}.json").read_text())


def hand_fields(hand: Any) -> dict[str, Any]:
    """Every public field of a core hand (what ``Hand.copy`` copies): two
    hands with equal fields are the same hand."""
    names = [name for klass in type(hand).__mro__ for name in getattr(klass, "__slots__", ()) if not name.startswith("_")]
    return {name: getattr(hand, name) for name in names}


def reference_shuffle(deck: list[str], seed: int) -> list[str]:
    """The seeded shuffle exactly as docs/api.md (Seeded deals) and ``service.cards`` describe it,
    written again from the text, as a client in another language would."""
    words: list[int] = []
    block = 0

    def next_word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256(seed.to_bytes(8, "big") + block.to_bytes(8, "big")).digest()
            words.extend(int.from_bytes(digest[i : i + 8], "big") for i in (24, 16, 8, 0))
            block += 1
        return words.pop()

    order = list(deck)
    for i in range(len(order) - 1, 0, -1):
        bound = i + 1
        while (x := next_word()) >= 2**64 - 2**64 % bound:
            pass
        j = x % bound
        order[i], order[j] = order[j], order[i]
    return order


class HttpClient:
    """A tiny keep-alive JSON client for a server on loopback."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        payload = None if body is None else json.dumps(body)
        headers = {**({"Content-Type": "application/json"} if body is not None else {}), **(headers or {})}
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else None

    def close(self) -> None:
        self.connection.close()


def post(client: Any, path: str, body: Any) -> tuple[int, Any]:
    """POST JSON with a Flask test client or an ``HttpClient``; (status, JSON)."""
    if isinstance(client, HttpClient):
        return client.request("POST", path, body)
    response = client.post(path, json=body)
    return response.status_code, response.get_json()


def deal_state(client: Any, game: str, body: dict[str, Any]) -> dict[str, Any]:
    """The state a ``deal`` request answers; fails on any status other than 200."""
    status, dealt = post(client, f"/v1/games/{game}/deal", body)
    assert status == 200, dealt
    return dealt["state"]


def play_out(client: Any, game: str, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Play moves chosen at random from ``legal-moves`` until the hand is over.

    Returns ``{"state", "events", "moves"}``: the final state, every event in
    order and every move played. Fails on any status other than 200.
    """
    events, moves = [], []
    while True:
        status, legal = post(client, f"/v1/games/{game}/legal-moves", {"state": state})
        assert status == 200, legal
        if legal["to_act"] is None:
            assert legal["moves"] == []
            return {"state": state, "events": events, "moves": moves}
        assert legal["moves"], "a seat is to act but has no legal move"
        move = rng.choice(legal["moves"])
        status, played = post(client, f"/v1/games/{game}/play", {"state": state, "move": move})
        assert status == 200, played
        state = played["state"]
        events += played["events"]
        moves.append(move)


def play_hand(client: Any, game: str, deal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Deal, then play at random until the hand is over (see ``play_out``)."""
    return play_out(client, game, deal_state(client, game, deal), rng)


def play_script(client: Any, game: str, state: dict[str, Any], script: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play ``script`` from ``state``: one card code per move, played by the
    seat to act (``W@2``: a Wall from holder 2; ``|`` only separates tricks for
    the reader). Returns the state after it and every event; fails on any
    status other than 200."""
    events = []
    for token in script.replace("|", " ").split():
        code, _, holder = token.partition("@")
        move = {"seat": state["to_act"], "card": code, **({"holder": int(holder)} if holder else {})}
        status, played = post(client, f"/v1/games/{game}/play", {"state": state, "move": move})
        assert status == 200, played
        state = played["state"]
        events += played["events"]
    return state, events


def next_hand(client: Any, game: str, previous: dict[str, Any], **extra: Any) -> tuple[int, Any]:
    """Deal the next hand of a match after ``previous``."""
    return post(client, f"/v1/games/{game}/deal", {"previous": previous, **extra})


# -- the rules read again from RULINGS, to judge whole hands and matches -------
# Nothing here asks the service: a hand's plays (``state["tricks"]``) are
# judged by these few lines, and the service must agree.

RANK_ORDERS = {
    "agram": "A 10 9 8 7 6 5 4 3",
    "sink-sink": "A 10 9 8 7 6 5 4 3",
    "fapfap": "A 10 9 8 7 6 5 4 3",
    "agram-mali": "A K 10 Q 9 8 J 7",
    "spar": "A K Q J 10 9 8 7 6",
}
"""RULINGS F2: each variant's ranks, high to low (spades lack the ace)."""


def f1_trick_winner(game: str, plays: list[dict[str, Any]]) -> dict[str, Any]:
    """RULINGS F1: the play of the highest card of the led suit."""
    led, order = plays[0]["card"][-1], RANK_ORDERS[game].split()
    return min((p for p in plays if p["card"][-1] == led), key=lambda p: order.index(p["card"][:-1]))


def f7_hand_result(game: str, state: dict[str, Any], stake: int = 1) -> tuple[int, list[int]]:
    """A finished hand's winner (the last trick's, F2) and what it adds to each
    seat's match tally: 1 hand won; Spar 3 points for a 6, 2 for a 7, else 1
    (F2, F7); Fapfap stake x multiplier from each other seat (F2, F6)."""
    won_before, won_last = (f1_trick_winner(game, trick["plays"]) for trick in state["tricks"][-2:])
    winner, last, before = won_last["seat"], won_last["card"][:-1], won_before["card"][:-1]
    seats = range(state["players"])
    if game == "fapfap":
        multiplier = 1 if last != "3" else 4 if before == "3" else 2
        return winner, [stake * multiplier * (len(seats) - 1) if seat == winner else -stake * multiplier for seat in seats]
    won = {"6": 3, "7": 2}.get(last, 1) if game == "spar" else 1
    return winner, [won if seat == winner else 0 for seat in seats]


def a11_trick_winner(plays: list[dict[str, Any]]) -> dict[str, Any]:
    """RULINGS A11: the highest Van if any, else the highest card of the led
    suit (the first suited card's); a Wall never wins."""
    suited = [p for p in plays if p["card"] != "W"]
    vans = [p for p in suited if p["card"][-1] == "V"]
    pool = vans or [p for p in suited if p["card"][-1] == suited[0]["card"][-1]]
    return max(pool, key=lambda p: int(p["card"][:-1]))


def a3_points(code: str) -> int:
    """RULINGS A3: a Wall 2; a Van 0; the 3 and 7 of H, M, B 2, their 5 4."""
    if code == "W":
        return 2
    return 0 if code[-1] == "V" else {"3": 2, "7": 2, "5": 4}.get(code[:-1], 0)


def a13_hand_result(state: dict[str, Any]) -> tuple[list[int], int | None]:
    """Team points (A3, A4: team = seat mod 2) and the hand's winning team
    (A13): more points; on equal points the team of the last completed trick;
    ``None`` when no trick was completed."""
    points = [0, 0]
    for trick in state["tricks"]:
        points[a11_trick_winner(trick["plays"])["seat"] % 2] += sum(a3_points(p["card"]) for p in trick["plays"])
    if not state["tricks"]:
        return points, None
    if points[0] != points[1]:
        return points, 0 if points[0] > points[1] else 1
    return points, a11_trick_winner(state["tricks"][-1]["plays"])["seat"] % 2


def _ends_the_match(hand: dict[str, Any], winner: int, tally: list[int]) -> bool:
    """Whether the hand's last event ends the match, checked against ``winner`` and ``tally``."""
    last = hand["events"][-1]
    if last["type"] != "match_over":
        assert last["type"] == "hand_over", last
        return False
    assert (last["winner"], last["tally"]) == (winner, tally), last
    return True


def walk_last_trick_match(
    client: Any, game: str, players: int, target: int | None, rng: random.Random, options: dict[str, Any] | None = None, seed: int = 1
) -> tuple[int, list[int]]:
    """Play a seeded match of an Agram-family game to its end; its number of
    hands and the final tally. ``target`` is the tally that ends it by the rules (F7):
    after each hand the tally is worked out here (``f7_hand_result``) and the
    match must end exactly when a seat reaches it. The winner of each hand
    deals the next and the seat after it leads (F7, F4)."""
    state = deal_state(client, game, {"players": players, "seed": seed, **({"options": options} if options else {})})
    tally = [0] * players
    for number in range(1, 200):
        hand = play_out(client, game, state, rng)
        state = hand["state"]
        winner, change = f7_hand_result(game, state, (options or {}).get("stake", 1))
        tally = [before + added for before, added in zip(tally, change)]
        assert state["winner"] == winner
        assert state["match"]["hand"] == number and state["match"]["tally"] == tally
        reached = target is not None and max(tally) >= target
        assert _ends_the_match(hand, winner, tally) is reached and state["match"]["over"] is reached
        if reached:
            status, body = next_hand(client, game, state, seed=seed + number)
            assert status == 409 and body["code"] == "match_over", body
            return number, tally
        state = deal_state(client, game, {"previous": state, "seed": seed + number})
        assert state["dealer"] == winner and state["to_act"] == (winner + 1) % players
        assert state["match"]["previous"] == tally
    raise AssertionError("the match never ended")


def walk_agram_match(client: Any) -> None:
    """A seeded 3-player Agram match to a target of 2 hands (F7)."""
    hands, tally = walk_last_trick_match(client, "agram", 3, 2, random.Random(5), options={"target": 2})
    assert hands >= 2 and max(tally) == 2


def walk_agency_match(client: Any, target: int = 2, rng: random.Random | None = None) -> list[int | None]:
    """Play a seeded Agency match to ``target`` game points (A14) and return the
    winning team of each hand (``None``: void): each hand's winner worked out here (``a13_hand_result``)
    gives its team a game point, a void hand none; the team that lost names
    the next leader (a seat of the other team is refused), after a void hand
    the team that chose before; the match ends exactly at ``target``."""
    rng = rng or random.Random(11)
    options = {} if target == 2 else {"options": {"target_game_points": target}}
    state = deal_state(client, "agency", {"seed": 0, "first_leader": 0, **options})
    tally, chooser, winners = [0, 0], None, []
    for number in range(1, 60):
        hand = play_out(client, "agency", state, rng)
        state = hand["state"]
        points, winner = a13_hand_result(state)
        assert state["team_points"] == points and state["winner"] == winner
        winners.append(winner)
        if winner is not None:
            tally[winner] += 1
            chooser = 1 - winner
        assert state["match"]["tally"] == tally
        reached = max(tally) >= target
        assert _ends_the_match(hand, winner, tally) is reached and state["match"]["over"] is reached
        if reached:
            status, body = next_hand(client, "agency", state, seed=number)
            assert status == 409 and body["code"] == "match_over", body
            return winners
        if chooser is None:
            leader = rng.randrange(4)
        else:
            status, body = next_hand(client, "agency", state, seed=number, first_leader=1 - chooser)
            assert status == 409 and body["code"] == "leader_not_from_losing_team", body
            leader = chooser + 2 * rng.randrange(2)
        state = deal_state(client, "agency", {"previous": state, "seed": number, "first_leader": leader})
        assert state["first_leader"] == leader and state["to_act"] == leader
        assert state["match"]["chooser"] == chooser and state["match"]["previous"] == tally
    raise AssertionError("the match never ended")


def referee_container(manifests: str) -> dict[str, Any]:
    """The referee's container in the Deployment among ``manifests`` (YAML documents)."""
    (deployment,) = [doc for doc in yaml.safe_load_all(manifests) if doc["kind"] == "Deployment"]
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    return container


@contextlib.contextmanager
def running_gunicorn(workers: int = 2, env: dict[str, str] | None = None, stdout: Any = subprocess.DEVNULL,
                     new_session: bool = False):
    """Start gunicorn with ``deploy/gunicorn.conf.py`` on a free loopback port.

    Yields the ``subprocess.Popen`` with a ``port`` attribute once
    ``/healthz`` answers; stops it (SIGTERM, then SIGKILL) afterwards.
    ``stdout`` is where its stdout goes (default: nowhere); with
    ``new_session``, gunicorn leads a process group of its own (a test may
    signal the whole group, as a terminal's Ctrl-C does). Its stderr goes
    to a file, read with ``process.stderr_text()``, never to a pipe: a pipe no
    one reads fills, and then every process writing to it (workers, analysis
    processes) blocks. Once it has stopped, every line of its stderr must be
    one of the referee's JSON log lines (deploy/gunicorn.conf.py
    ``logconfig_dict``): anything else (a traceback, a library's warning) is
    an error of the test that ran it.
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    environment = {
        **os.environ,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": str(workers),
        **(env or {}),
    }
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "deploy" / "gunicorn.conf.py"), "service.app:create_app()"],
            cwd=ROOT,
            env=environment,
            stdout=stdout,
            stderr=errors,
            start_new_session=new_session,
        )
        process.port = port
        # pread: the file's offset is shared with gunicorn, which writes at it; reading must not move it
        process.stderr_text = lambda: os.pread(errors.fileno(), os.fstat(errors.fileno()).st_size, 0).decode(errors="replace")
        try:
            deadline = time.monotonic() + 60
            while True:
                if process.poll() is not None:
                    raise RuntimeError("gunicorn exited: " + process.stderr_text()[-2000:])
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
                        if response.status == 200:
                            break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            yield process
        finally:
            _stop(process)
            written = process.stderr_text()
            process.stderr_text = lambda: written  # still there once the file is gone
        plain = [line for line in written.splitlines() if line.strip() and not _json_object(line)]
        assert not plain, "gunicorn wrote lines that are not JSON logs to stderr:\n" + "\n".join(plain[:40])


def _json_object(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return False


def _stop(process: subprocess.Popen) -> None:
    """SIGTERM to gunicorn (a worker still booting hears it too: ``post_fork``
    in deploy/gunicorn.conf.py), SIGKILL if it has not exited in 30 s."""
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
"""How Debian's chromium runs here: as root (no sandbox), headless, and with
no connections of its own (this machine reaches no other host)."""


@contextlib.contextmanager
def chromium(**options: Any):
    """A playwright browser context in Debian's ``chromium`` (never a playwright
    download), with a fresh profile; ``options`` go to the context."""
    import shutil
    import tempfile

    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or "/usr/bin/chromium"
    assert Path(executable).exists(), "Debian's chromium is missing: `make test` installs it (apt-get install chromium)"
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=executable, headless=True, args=CHROMIUM_FLAGS, **options)
        try:
            yield context
        finally:
            context.close()


@contextlib.contextmanager
def cut_off(store: Any) -> Iterator[None]:
    """An embedded store that cannot be reached while the block runs: its
    folder gone (a volume unmounted), a file where it was, so that the
    database cannot be opened; put back afterwards, with what it held."""
    folder = store.path.parent
    aside = folder.with_name(folder.name + "-aside")
    store.close()
    folder.rename(aside)
    folder.write_text("not a folder")
    try:
        yield
    finally:
        store.close()
        folder.unlink()
        aside.rename(folder)


def claims_at_once(open_store: Any, count: int) -> list[tuple[bytes, bytes | None]]:
    """``count`` processes (forked) each open a store with ``open_store()``
    and, all released at once, claim one key with a value of their own: each
    value with what its claim answered (``None``: recorded)."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    start, results = context.Event(), context.Queue()

    def claim(value: bytes) -> None:
        store = open_store()
        start.wait()
        results.put((value, store.claim(b"contested", value, 60)))

    children = [context.Process(target=claim, args=(b"value-%d" % number,)) for number in range(count)]
    for child in children:
        child.start()
    start.set()
    answers = [results.get(timeout=30) for _ in children]
    for child in children:
        child.join(timeout=30)
    return answers


class HeldHand:
    """A hand in signed or sealed mode as its client holds it: the newest
    state (sealed: and token) and each seat's credential. Requests go
    through ``send(where, path, body, credential)``, which answers
    ``(status, headers, the answer's bytes)``: ``where`` names the referee
    that answers (a port; ignored in-process)."""

    def __init__(self, send: Any, mode: str, game: str, answer: dict[str, Any]) -> None:
        self.send, self.mode, self.game = send, mode, game
        self.credentials = {entry["seat"]: entry["credential"] for entry in answer.get("seats", [])}
        self.take(answer)

    def take(self, answer: dict[str, Any]) -> None:
        """Go on from an answer of ``deal`` or ``play``."""
        self.state, self.token = answer["state"], answer.get("token")

    @property
    def held(self) -> dict[str, Any]:
        """What names the hand in a request."""
        return {"token": self.token} if self.mode == "sealed" else {"state": self.state}

    def previous(self) -> Any:
        """What a deal of the next hand names as ``previous``."""
        return self.token if self.mode == "sealed" else self.state

    def post(self, operation: str, body: dict[str, Any], seat: int | None = None, where: Any = None) -> tuple[int, dict[str, str], bytes]:
        """POST ``body`` to the game's ``operation``, with ``seat``'s credential in sealed mode."""
        credential = self.credentials.get(seat) if seat is not None else None
        return self.send(where, f"/v1/games/{self.game}/{operation}", body, credential)

    def moves(self, where: Any = None) -> list[dict[str, Any]]:
        """The legal moves of the seat to act."""
        seat = self.state["to_act"]
        status, _, data = self.post("legal-moves", self.held, seat, where)
        assert status == 200, data
        return json.loads(data)["moves"]

    def play(self, move: dict[str, Any], held: dict[str, Any] | None = None, where: Any = None) -> tuple[int, dict[str, str], bytes]:
        """``move`` played on the hand (or on ``held``, an older state), with its seat's credential."""
        return self.post("play", {**(held or self.held), "move": move}, move["seat"], where)

    def play_on(self, move: dict[str, Any], where: Any = None) -> None:
        """Play ``move``, which must be played, and go on from its answer."""
        status, _, data = self.play(move, where=where)
        assert status == 200, data
        self.take(json.loads(data))


def assert_spent(status: int, data: bytes) -> None:
    """409 ``state_spent``, with no state, token or events in it."""
    body = json.loads(data)
    assert (status, body["code"], body["type"]) == (409, "state_spent", "/problems/state_spent"), body
    assert not {"state", "token", "seats", "events"} & set(body)
