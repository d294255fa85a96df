"""A table soak: sealed hands played by many clients across two referees sharing a Redis that restarts.

Usage: ``python -m bench.table_soak [--seconds S] [--clients N] [--restarts R] [--outage S]``
(default 60 s, 8 clients, Redis restarted twice, down 5 s each time).
Prints the figures as JSON and writes them to ``bench/results/table_soak.json``.

Two referees (gunicorn as deployed, ``deploy/gunicorn.conf.py``, two
workers each) in sealed mode share one Redis (Debian's ``redis-server``,
append-only file fsynced at every write, eviction off: ``bench.redis_server``).
Each client plays whole sealed hands of one game (the six in turn), every
request to a referee picked at random: the seat to act's legal moves (with
its credential), then one of them played; at a hand's end the match's next
hand is dealt with ``previous`` (a new match once it is over). After a move
is played, a client sometimes plays another move from the token it just
spent (a fork: it must answer 409 ``state_spent``) or sends the same
request again (a retry: it must answer the same bytes). Redis is stopped
and started again ``--restarts`` times, evenly over the run.

What is checked (CONTRACT: States spent once), each fault counted in
``faults`` with a sentence:

* every 200 to a ``play`` is the move applied once: its public state's
  ``ply`` is one more than before and its plays are exactly the moves this
  client had answered 200, in order, with this one last;
* a move sent just after Redis stops (:class:`Probe`) is refused with 503
  ``token_store_unavailable`` and ``Retry-After``, and applied nowhere;
* every refused move (503 ``token_store_unavailable`` while Redis is down,
  409 ``state_spent`` on a fork) is applied nowhere: the next 200 on that
  token shows only the move it played, and no fork is ever answered 200;
* each finished hand is replayed by the rules core from the deal its
  public state reveals (the seed) with the moves answered 200: every one is
  legal there and the hand ends with the winner the referee said;
* no answer is a 5xx other than ``token_store_unavailable`` (with
  ``Retry-After``), and no connection fails;
* once the run is over, a sample of the tokens spent before and between the
  outages is still spent (a fork on it 409) and answers its retry with the
  bytes it answered first: nothing the store recorded was lost.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: python bench/table_soak.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson  # noqa: E402

from bench.redis_server import running_redis  # noqa: E402
from bench.server import ROOT, Gunicorn, exchange, post  # noqa: E402
from service.cards import Card  # noqa: E402
from service.games import GAMES  # noqa: E402
from service.tricks import Play  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "table_soak.json"
SEALING_KEY = "table-soak-sealing-key-0123456789abcdef"
SETTINGS = {"REFEREE_SEALING_KEYS": SEALING_KEY, "REFEREE_SIGNING_KEYS": None, "REFEREE_ALLOW_CHOSEN_DEALS": None,
            "REFEREE_MAX_ACTIVE": "64", "GUNICORN_WORKERS": "2"}
FORK_SHARE = RETRY_SHARE = 0.15
"""How often, after a move is played, a client forks from the token it spent, and how often it sends the same request again."""
SAMPLE = 400
"""Spent tokens kept for the check after the run."""


@dataclass
class Tally:
    """What the clients saw, shared (under ``lock``)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    counts: Counter[str] = field(default_factory=Counter)
    faults: list[str] = field(default_factory=list)
    spent: list[tuple[int, str, dict[str, Any], dict[str, Any], str, bytes]] = field(default_factory=list)
    """(port, game, play body, another legal move, credential, the first answer's bytes)."""

    def count(self, name: str, by: int = 1) -> None:
        with self.lock:
            self.counts[name] += by

    def fault(self, sentence: str) -> None:
        with self.lock:
            self.counts["faults"] += 1
            if len(self.faults) < 50:
                self.faults.append(sentence)


def _plays(state: dict[str, Any]) -> list[tuple[int, str, int | None]]:
    """Every play a public state shows, in order: (seat, card, holder)."""
    tricks = [*state["tricks"], *([state["trick"]] if state.get("trick") else [])]
    return [(play["seat"], play["card"], play.get("holder")) for trick in tricks for play in trick["plays"]]


def _key(move: dict[str, Any]) -> tuple[int, str, int | None]:
    return move["seat"], move["card"], move.get("holder")


class Client:
    """One client at the table: plays hands of ``game`` until ``until`` (monotonic seconds)."""

    def __init__(self, index: int, game: str, ports: list[int], tally: Tally, until: float) -> None:
        self.rng = random.Random(index)
        self.game, self.ports, self.tally, self.until = game, ports, tally, until
        self.seating: dict[str, Any] = {} if GAMES[game].family == "agency" else {"players": 3}

    def send(self, operation: str, body: dict[str, Any], credential: str | None = None,
             port: int | None = None) -> tuple[int, int, bytes, dict[str, Any]]:
        """(port, status, bytes, JSON) of one request, counted; a 5xx other
        than the store's fail-closed answer, or a failed connection, is a fault."""
        port = port or self.rng.choice(self.ports)
        headers = {"Authorization": f"Bearer {credential}"} if credential else {}
        self.tally.count("requests")
        try:
            status, data = post(port, f"/v1/games/{self.game}/{operation}", orjson.dumps(body), timeout=30, headers=headers)
        except OSError as error:
            self.tally.fault(f"{operation}: the connection failed ({error})")
            return port, 0, b"", {}
        answer = orjson.loads(data) if data else {}
        self.tally.count(f"{operation} {status}")
        if status == 503 and answer.get("code") == "token_store_unavailable":
            self.tally.count("store_unavailable")
        elif status >= 500:
            self.tally.fault(f"{operation}: {status} {answer.get('code')}")
        return port, status, data, answer

    def deal(self, body: dict[str, Any], credential: str | None = None) -> tuple[dict[str, Any] | None, str | None]:
        """The answer to a deal, sent again while the store is unavailable;
        ``(None, code)`` when refused otherwise (``match_over``)."""
        while time.monotonic() < self.until + 30:
            _, status, _, answer = self.send("deal", body, credential)
            if status == 200:
                return answer, None
            if status != 503:
                return None, answer.get("code")
            time.sleep(0.2)
        self.tally.fault("deal: the store never came back")
        return None, "unavailable"

    def run(self) -> None:
        first, _ = self.deal(self.seating)
        if first is None:
            self.tally.fault("a first deal was refused")
            return
        credentials = {entry["seat"]: entry["credential"] for entry in first["seats"]}
        token, state, accepted = first["token"], first["state"], []
        while time.monotonic() < self.until:
            seat = state["to_act"]
            if seat is None:
                self.check_hand(state, accepted)
                nxt, code = self.next_hand(token, credentials)
                if nxt is None and code == "match_over":
                    nxt, _ = self.deal(self.seating)
                    if nxt is not None:
                        credentials = {entry["seat"]: entry["credential"] for entry in nxt["seats"]}
                    self.tally.count("matches")
                if nxt is None:
                    self.tally.fault(f"the next hand was refused: {code}")
                    return
                if code is None:
                    self.tally.count("next_hands")
                token, state, accepted = nxt["token"], nxt["state"], []
                continue
            _, status, _, legal = self.send("legal-moves", {"token": token}, credentials[seat])
            if status != 200 or not legal.get("moves"):
                self.tally.fault(f"legal-moves answered {status} {legal.get('code')}")
                return
            moves = legal["moves"]
            move = self.rng.choice(moves)
            body = {"token": token, "move": move}
            port, status, data, answer = self.send("play", body, credentials[seat])
            if status == 503:
                self.tally.count("plays_refused_unavailable")
                time.sleep(0.2)
                continue
            if status != 200:
                self.tally.fault(f"play answered {status} {answer.get('code')} on a token not spent")
                return
            self.tally.count("plays_applied")
            if answer["state"]["ply"] != len(accepted) + 1 or _plays(answer["state"]) != [*map(_key, accepted), _key(move)]:
                self.tally.fault(f"a 200 did not apply its move once: ply {answer['state']['ply']} after {len(accepted)}")
            others = [other for other in moves if other != move]
            if others and self.rng.random() < FORK_SHARE:
                self.fork(body, self.rng.choice(others), credentials[seat])
            if self.rng.random() < RETRY_SHARE:
                self.retry(body, credentials[seat], data)
            with self.tally.lock:
                if len(self.tally.spent) < SAMPLE and others:
                    self.tally.spent.append((port, self.game, body, self.rng.choice(others), credentials[seat], data))
            token, state = answer["token"], answer["state"]
            accepted.append(move)

    def next_hand(self, token: str, credentials: dict[int, str]) -> tuple[dict[str, Any] | None, str | None]:
        """The match's next hand, asked for as its choosers would: with no
        credential, then each seat's until one is not refused (a sealed
        Agency next hand is the losing team's choice, RULINGS A14; a refused
        deal spends nothing)."""
        nxt, code = self.deal({"previous": token})
        for credential in credentials.values():
            if code != "seat_credential_invalid":
                break
            nxt, code = self.deal({"previous": token}, credential)
        return nxt, code

    def fork(self, body: dict[str, Any], other: dict[str, Any], credential: str) -> None:
        """Another move on a spent token: 409 ``state_spent`` (503 while the store is down), never a 200."""
        _, status, _, answer = self.send("play", {**body, "move": other}, credential)
        if status == 409 and answer.get("code") == "state_spent":
            self.tally.count("forks_refused")
        elif status != 503:
            self.tally.fault(f"a fork answered {status} {answer.get('code')}")

    def retry(self, body: dict[str, Any], credential: str, first: bytes) -> None:
        """The same request again: the same bytes (503 while the store is down)."""
        _, status, data, _ = self.send("play", body, credential)
        if status == 200 and data == first:
            self.tally.count("retries_same_bytes")
        elif status != 503:
            self.tally.fault(f"a retry answered {status}, {'the same' if data == first else 'other'} bytes")

    def check_hand(self, state: dict[str, Any], accepted: list[dict[str, Any]]) -> None:
        """The finished hand replayed by the rules core from the seed its public state reveals."""
        game = GAMES[self.game]
        seating = ({"first_leader": state["first_leader"]} if game.family == "agency"
                   else {"players": state["players"], "dealer": state["dealer"]})
        try:
            hand = game.deal(seed=state["deal"]["seed"], **seating)
            for move in accepted:
                hand, _ = game.play(hand, Play(move["seat"], Card.parse(move["card"]), move.get("holder")))
        except Exception as error:  # an illegal move in the replay: a fault, named
            self.tally.fault(f"a finished hand does not replay: {error}")
            return
        if not (hand.hand_over and hand.winner == state["winner"]):
            self.tally.fault("a finished hand replayed to another result")
        self.tally.count("hands_replayed")


class Probe:
    """One move sent while Redis is down, on each referee in turn: the clients'
    own moves in flight when Redis stops ride the store client's retries and
    may all be answered once it is back, so each outage is met for certain by
    a move sent after Redis has stopped. It must be refused with 503
    ``token_store_unavailable`` and ``Retry-After``, and applied nowhere: the
    same move sent once Redis is back is answered 200 at ply 1."""

    GAME = "agram"

    def __init__(self, port: int, tally: Tally) -> None:
        self.port, self.tally = port, tally
        _, data = post(port, f"/v1/games/{self.GAME}/deal", orjson.dumps({"players": 3}), timeout=30)
        first = orjson.loads(data)
        seat = first["state"]["to_act"]
        self.credential = next(entry["credential"] for entry in first["seats"] if entry["seat"] == seat)
        _, data = post(port, f"/v1/games/{self.GAME}/legal-moves", orjson.dumps({"token": first["token"]}), timeout=30,
                       headers=self.headers)
        self.body = orjson.dumps({"token": first["token"], "move": orjson.loads(data)["moves"][0]})

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.credential}"}

    def while_down(self) -> None:
        status, headers, data = exchange(self.port, f"/v1/games/{self.GAME}/play", self.body, timeout=30, headers=self.headers)
        if status == 503 and orjson.loads(data).get("code") == "token_store_unavailable" and headers.get("retry-after"):
            self.tally.count("store_unavailable")
            self.tally.count("probes_refused")
        else:
            self.tally.fault(f"a move sent while Redis was down answered {status}, not 503 with Retry-After")

    def once_back(self) -> None:
        status, data = post(self.port, f"/v1/games/{self.GAME}/play", self.body, timeout=30, headers=self.headers)
        if status != 200 or orjson.loads(data)["state"]["ply"] != 1:
            self.tally.fault(f"the move refused while Redis was down answered {status} once it was back, not 200 at ply 1")


def final_check(tally: Tally) -> None:
    """With the store up again: every sampled token still spent, its retry the first bytes."""
    for port, game, body, other, credential, first in tally.spent:
        headers = {"Authorization": f"Bearer {credential}"}
        status, data = post(port, f"/v1/games/{game}/play", orjson.dumps({**body, "move": other}), timeout=30, headers=headers)
        if status != 409 or orjson.loads(data).get("code") != "state_spent":
            tally.fault(f"after the run a spent token answered a fork {status}")
        status, data = post(port, f"/v1/games/{game}/play", orjson.dumps(body), timeout=30, headers=headers)
        if status != 200 or data != first:
            tally.fault(f"after the run a retry answered {status}, {'the same' if data == first else 'other'} bytes")
        tally.count("checked_after")


def soak(seconds: float = 60.0, clients: int = 8, restarts: int = 2, outage: float = 5.0) -> dict[str, Any]:
    """Run the soak; its figures (``counts``, ``faults``, the outages)."""
    tally = Tally()
    games = list(GAMES)
    with tempfile.TemporaryDirectory(prefix="bench-table-soak-") as folder, running_redis(Path(folder) / "redis") as redis:
        env = {**SETTINGS, "REFEREE_TOKEN_STORE": redis.url}
        servers = [Gunicorn(f"table-soak-{index}", "service.app:create_app()", ("/v1/games/agram/legal-moves", b"{}"), env=env)
                   for index in range(2)]
        try:
            for server in servers:
                server.start()
            began = time.monotonic()
            until = began + seconds
            ports = [server.port for server in servers]
            threads = [threading.Thread(target=Client(index, games[index % len(games)], ports, tally, until).run)
                       for index in range(clients)]
            for thread in threads:
                thread.start()
            outages = []
            for number in range(1, restarts + 1):
                time.sleep(max(0.0, began + seconds * number / (restarts + 1) - time.monotonic()))
                probe = Probe(ports[number % len(ports)], tally)
                stopped = time.monotonic() - began
                redis.stop()
                probe.while_down()
                time.sleep(max(0.0, began + stopped + outage - time.monotonic()))
                redis.start()
                probe.once_back()
                outages.append([round(stopped, 1), round(time.monotonic() - began, 1)])
            for thread in threads:
                thread.join(timeout=seconds + 120)
            elapsed = time.monotonic() - began
            final_check(tally)
        finally:
            for server in servers:
                server.stop()
    counts = dict(tally.counts)
    return {"seconds": round(elapsed, 1), "clients": clients, "referees": 2, "redis_outages_s": outages,
            "requests_per_s": round(counts.get("requests", 0) / elapsed, 1), "counts": counts,
            "faults": tally.faults}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--restarts", type=int, default=2)
    parser.add_argument("--outage", type=float, default=5.0, help="seconds Redis stays down each time")
    args = parser.parse_args(argv)
    result = soak(args.seconds, args.clients, args.restarts, args.outage)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_bytes(orjson.dumps(result, option=orjson.OPT_INDENT_2))
    print(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode())
    return 1 if result["counts"].get("faults") else 0


if __name__ == "__main__":
    raise SystemExit(main())
