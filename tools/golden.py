"""A golden corpus of recorded requests and answers, to prove a change of the
input path answers exactly as before.

``python -m tools.golden record`` plays a fixed, seeded walk of every game in
each way of holding states (open, signed, sealed) through the app in-process
and writes every request and its answer (status, headers, body bytes) to
``tests/golden/<mode>.jsonl.gz``. ``python -m tools.golden check`` (and
``tests/test_golden.py``) sends every recorded request again to a fresh app
and compares each answer byte for byte.

The walk: for each game and player count, deals from seeds, decks and
hands; at every ply the legal moves, the score, a seat's view and each
kind of illegal move the position allows, then a legal move; the next hand
of a match; trick-winner, replay and check on valid and broken inputs; and a
set of malformed bodies for every operation. The service's randomness
(``secrets``, ``uuid``) is replaced by a seeded generator, and its clock
(``service.clock.now_ms``) by a fixed time, while recording and checking, so
random deals, sealed tokens, nonces, credentials and the times signed and
sealed states carry come out the same each time. Each run spends states in
a token store of its own (an embedded store in a temporary folder), so no
state is found spent by an earlier run.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import random
import secrets
import sys
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "golden"
MODES: dict[str, dict[str, Any]] = {
    "open": {},
    "signed": {"REFEREE_SIGNING_KEYS": "golden-signing-key-0123456789abcdef0123"},
    "sealed": {"REFEREE_SEALING_KEYS": "golden-sealing-key-0123456789abcdef0123", "REFEREE_ALLOW_CHOSEN_DEALS": "true"},
}
PLAYERS = {"agency": (4,), "agram": (2, 5), "sink-sink": (3,), "fapfap": (2, 6), "agram-mali": (4,), "spar": (7,)}
HEADERS_KEPT = ("Content-Type", "Allow", "Retry-After", "X-Request-ID", "Cache-Control", "Content-Security-Policy",
                "Access-Control-Allow-Origin", "Access-Control-Expose-Headers")


FIXED_TIME_MS = 1_767_225_600_000
"""The time the service reads while recording and checking: 2026-01-01T00:00:00.000Z."""


@contextlib.contextmanager
def seeded_randomness(seed: int) -> Iterator[Callable[[int], None]]:
    """``secrets`` and ``uuid.uuid4`` drawn from one seeded generator, and the
    service's clock stopped at :data:`FIXED_TIME_MS`; yields a function that
    moves the stopped clock on by its argument (milliseconds)."""
    from service import clock

    rng = random.Random(seed)
    now_ms = clock.now_ms
    stopped = [FIXED_TIME_MS]
    clock.now_ms = lambda: stopped[0]  # type: ignore[assignment]

    def advance(ms: int) -> None:
        stopped[0] += ms
    saved = (secrets.token_bytes, secrets.randbits, secrets.randbelow, uuid.uuid4)
    secrets.token_bytes = lambda n=32: rng.randbytes(n)  # type: ignore[assignment]
    secrets.randbits = rng.getrandbits  # type: ignore[assignment]
    secrets.randbelow = lambda n: rng.randrange(n)  # type: ignore[assignment]
    uuid.uuid4 = lambda: uuid.UUID(int=rng.getrandbits(128), version=4)  # type: ignore[assignment]
    try:
        yield advance
    finally:
        secrets.token_bytes, secrets.randbits, secrets.randbelow, uuid.uuid4 = saved  # type: ignore[assignment]
        clock.now_ms = now_ms  # type: ignore[method-assign]


def app_for(mode: str, folder: str) -> Any:
    """A fresh app of ``mode``, its token store (signed and sealed modes) a new file in ``folder``."""
    return app_with(MODES[mode], folder)


def app_with(settings: dict[str, Any], folder: str) -> Any:
    """A fresh app with ``settings``, quiet, its token store (signed and sealed modes) a new file in ``folder``."""
    from service.app import create_app

    store = Path(folder) / "spent-states.lmdb"
    return create_app({"TESTING": True, "REFEREE_LOG_LEVEL": "WARNING", "REFEREE_TOKEN_STORE_PATH": str(store), **settings})


class Recorder:
    """Sends requests to one app and keeps each with its answer."""

    def __init__(self, mode: str, folder: str) -> None:
        self.mode = mode
        self.client = app_for(mode, folder).test_client()
        self.entries: list[dict[str, Any]] = []

    def send(self, method: str, path: str, body: Any = None, *, raw: str | None = None,
             headers: dict[str, str] | None = None, content_type: str | None = "application/json") -> tuple[int, Any]:
        data = raw if raw is not None else (None if body is None else json.dumps(body))
        sent = {"X-Request-ID": f"golden-{len(self.entries)}", **(headers or {})}
        if content_type is not None and data is not None:
            sent["Content-Type"] = content_type
        entry = {"method": method, "path": path, "headers": sent, "body": data}
        status, answer_headers, answer = exchange(self.client, entry)
        self.entries.append({**entry, "status": status, "answer_headers": answer_headers, "answer": answer})
        try:
            return status, json.loads(answer)
        except ValueError:
            return status, None


def exchange(client: Any, entry: dict[str, Any]) -> tuple[int, dict[str, str], str]:
    """One recorded request sent to ``client``: its status, kept headers and body."""
    response = client.open(entry["path"], method=entry["method"], data=entry["body"], headers=entry["headers"])
    headers = {name: response.headers[name] for name in HEADERS_KEPT if name in response.headers}
    if "Allow" in headers:  # werkzeug lists a set's order
        headers["Allow"] = ", ".join(sorted(headers["Allow"].split(", ")))
    return response.status_code, headers, response.get_data(as_text=True)


# -- the walk --------------------------------------------------------------------


def hand_body(mode: str, answer: dict[str, Any]) -> dict[str, Any]:
    """What names the hand of a deal or play answer in the next request."""
    return {"token": answer["token"]} if mode == "sealed" else {"state": answer["state"]}


def illegal_moves(game: str, state: dict[str, Any], legal: list[dict[str, Any]], to_act: int, players: int,
                  deck: list[str], rng: random.Random) -> list[dict[str, Any]]:
    """A few moves the position refuses, of different kinds (out of turn, a card not held, not following suit...)."""
    moves = []
    legal_cards = {move["card"] for move in legal}
    other = (to_act + 1) % players
    moves.append({**legal[0], "seat": other})
    foreign = [card for card in deck if card not in legal_cards]
    for card in rng.sample(foreign, min(3, len(foreign))):
        move: dict[str, Any] = {"seat": to_act, "card": card}
        if game == "agency":
            move["holder"] = rng.choice([to_act, (to_act - 1) % 4])
        moves.append(move)
    if game == "agency":
        moves.append({"seat": to_act, "card": "W", "holder": to_act})
        moves.append({"seat": to_act, "card": legal[0]["card"]})
        moves.append({"seat": to_act, "card": legal[0]["card"], "holder": (to_act + 2) % 4})
    return moves


def losing_seat(state: dict[str, Any]) -> int | None:
    """The seat that asks for the hand after a finished Agency hand (its public
    or open ``state``), as sealed mode needs (RULINGS A14): the lower seat of
    the team that lost, after a void hand of the team that chose; ``None``
    after a void first hand, when anyone may."""
    chooser: int | None = state["match"]["chooser"] if state["winner"] is None else 1 - state["winner"]
    return chooser


def walk_hand(rec: Recorder, game: str, players: int, deal: dict[str, Any], rng: random.Random, deck: list[str],
              hands: int = 1) -> None:
    """Deal, then at every ply ask everything and try illegal moves, then play on; ``hands`` hands of a match."""
    base = f"/v1/games/{game}"
    status, answer = rec.send("POST", f"{base}/deal", deal)
    if status != 200:
        return
    credentials = {seat["seat"]: seat["credential"] for seat in answer.get("seats", [])}
    for number in range(hands):
        while True:
            held = hand_body(rec.mode, answer)
            viewer = rng.randrange(players)
            auth = {"Authorization": f"Bearer {credentials[viewer]}"} if credentials else {}
            if rng.random() < 0.2:
                rec.send("POST", f"{base}/score", held)
            if rng.random() < 0.2:
                rec.send("POST", f"{base}/view", {**held, "seat": viewer}, headers=auth)
            status, legal = rec.send("POST", f"{base}/legal-moves", held)
            to_act = legal["to_act"] if status == 200 else None
            if to_act is None:
                break
            mine = {"Authorization": f"Bearer {credentials[to_act]}"} if credentials else {}
            if credentials:
                status, legal = rec.send("POST", f"{base}/legal-moves", held, headers=mine)
            moves = legal["moves"]
            for move in illegal_moves(game, answer["state"], moves, to_act, players, deck, rng)[: rng.randint(0, 2)]:
                rec.send("POST", f"{base}/play", {**held, "move": move}, headers=mine)
            status, answer = rec.send("POST", f"{base}/play", {**held, "move": rng.choice(moves)}, headers=mine)
            assert status == 200, answer
        rec.send("POST", f"{base}/check", held)
        if number + 1 < hands:
            previous = held["token"] if rec.mode == "sealed" else held["state"]
            chooser = losing_seat(answer["state"]) if game == "agency" else None
            ask = {"Authorization": f"Bearer {credentials[chooser]}"} if credentials and chooser is not None else {}
            status, answer = rec.send("POST", f"{base}/deal", {"previous": previous}, headers=ask)
            if status != 200:
                return


def malformed(rec: Recorder, game: str, players: int, rng: random.Random) -> None:
    """Bodies the schema refuses, for every operation, and bodies that are not JSON."""
    base = f"/v1/games/{game}"
    seating = {"first_leader": 0} if game == "agency" else {"players": players}
    status, dealt = rec.send("POST", f"{base}/deal", {**seating, "seed": 3})
    held = hand_body(rec.mode, dealt)
    state = dealt["state"]
    bodies = [
        {}, [], "x", 3, None, {"seed": "1"}, {"seed": -1}, {"seed": 2**64}, {"seed": 1.5}, {"seed": 1e300},
        {**seating, "seed": 1, "deck": []}, {**seating, "hands": [["ZZ"]]}, {**seating, "options": {"nope": 1}},
        {**seating, "options": {"target": "x"}}, {**seating, "seed": 1, "unknown": 1},
        {**seating, **{f"k{i}": i for i in range(30)}}, {"players": 99}, {"players": True}, {"dealer": 1},
        {**seating, "deck": ["AH"] * 3}, {**seating, "hands": [[]] * 9}, {**seating, "previous": 5},
    ]
    for body in bodies:
        rec.send("POST", f"{base}/deal", body)
    for operation in ("legal-moves", "score", "check", "view", "play"):
        for body in ({}, {"state": None}, {"state": 5}, {"token": 5}, {"state": {}, "token": "x"},
                     {"state": {**state, "tricks": "x"}}, {"state": {**state, "deal": {}}},
                     {"state": {**state, "rules_version": "99"}}, {"state": {**state, "schema_version": 7}},
                     {"state": {**state, "game": "other"}}, {"state": {**state, "extra": 1}},
                     {"state": {**state, "to_act": 99}}, {"state": {**state, "options": {"zzz": 1}}},
                     {**held, "move": {"seat": "0", "card": 3}}, {**held, "move": {}}, {**held, "move": {"seat": 0, "card": "ZZ"}},
                     {**held, "seat": -1}, {**held, "move": {"seat": 0, "card": "AH", "x": 1}}):
            rec.send("POST", f"{base}/{operation}", body)
    for body in ({}, {"plays": []}, {"plays": [{}]}, {"plays": [{"seat": 0, "card": "AH"}] * 9},
                 {"plays": [{"seat": 0, "card": "1H"}, {"seat": 0, "card": "1H"}]},
                 {"plays": [{"seat": 0, "card": "W"}]}, {"plays": [{"seat": 0, "card": "10S"}, {"seat": 1, "card": "XX"}]}):
        rec.send("POST", f"{base}/trick-winner", body)
    for body in ({}, {"deal": {}, "moves": [{}]}, {"deal": {"seed": 1}, "moves": [{}] * 3, "next_hands": [{"deal": {}, "moves": [{}]}]},
                 {"deal": {**seating, "seed": 1}, "moves": [{"seat": 0, "card": "AH"}]}):
        rec.send("POST", f"{base}/replay", body)
    for raw in ("{", "[1,", '{"a": NaN}', "", "\x00"):
        rec.send("POST", f"{base}/legal-moves", raw=raw)
    rec.send("POST", f"{base}/legal-moves", raw=json.dumps(held), content_type="text/plain")
    rec.send("POST", f"{base}/legal-moves", raw=json.dumps(held), content_type=None)
    rec.send("GET", f"{base}/legal-moves")
    rec.send("POST", f"{base}/nothing", {})
    rec.send("GET", base)


def tricks_and_replays(rec: Recorder, game: str, players: int, rng: random.Random, deck: list[str]) -> None:
    base = f"/v1/games/{game}"
    for _ in range(6):
        count = rng.randint(1, players)
        cards = rng.sample(deck, count) + (["W"] if game == "agency" and rng.random() < 0.3 else [])
        leader = rng.randrange(players)
        plays = [{"seat": (leader + i) % players, "card": card} for i, card in enumerate(cards[:players])]
        rec.send("POST", f"{base}/trick-winner", {"plays": plays})
    seating = {"first_leader": rng.randrange(4)} if game == "agency" else {"players": players, "dealer": rng.randrange(players)}
    status, dealt = rec.send("POST", f"{base}/deal", {**seating, "seed": rng.randrange(2**32)})
    if status != 200:
        return
    moves = []
    for answer in _random_walk(rec, game, dealt, rng):
        moves.append(answer)
    deal = {**seating, "seed": dealt["state"]["deal"]["seed"]} if "seed" in dealt["state"]["deal"] else None
    if deal is None:
        return
    rec.send("POST", f"{base}/replay", {"deal": deal, "moves": moves})
    rec.send("POST", f"{base}/replay", {"deal": deal, "moves": moves[: len(moves) // 2]})
    if len(moves) > 3:
        broken = list(moves)
        broken[3] = {**broken[3], "seat": (broken[3]["seat"] + 1) % players}
        rec.send("POST", f"{base}/replay", {"deal": deal, "moves": broken})
        rec.send("POST", f"{base}/replay", {"deal": deal, "moves": moves, "next_hands": [{"deal": {}, "moves": moves[:2]}]})


def _random_walk(rec: Recorder, game: str, dealt: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """The moves of a hand played at random by the core (no requests), from the deal's answer."""
    from service.games import GAMES, Trust
    from service.schemas.games import schemas_for

    if rec.mode == "sealed":
        return []
    raw = schemas_for(game).state().load(dealt["state"])
    hand = GAMES[game].build(raw, Trust.RESTORE)
    moves = []
    from service.schemas.records import dump_play

    while hand.to_act is not None:
        move = rng.choice(hand.legal_moves())
        moves.append(dump_play(move))
        hand, _ = GAMES[game].play(hand, move)
    return moves


def broken_states(rec: Recorder, game: str, players: int, rng: random.Random) -> None:
    """States the rules refuse (open and signed modes): each field changed in turn."""
    if rec.mode == "sealed":
        return
    base = f"/v1/games/{game}"
    seating = {"first_leader": 0} if game == "agency" else {"players": players}
    status, dealt = rec.send("POST", f"{base}/deal", {**seating, "seed": 11})
    state = dealt["state"]
    status, legal = rec.send("POST", f"{base}/legal-moves", {"state": state})
    status, played = rec.send("POST", f"{base}/play", {"state": state, "move": legal["moves"][0]})
    state = played["state"]
    variants = []
    hands_key = "holders" if game == "agency" else "hands"
    variants.append({**state, hands_key: state[hands_key][::-1]})
    variants.append({**state, "to_act": (state["to_act"] + 1) % players})
    variants.append({**state, "hand_over": True})
    variants.append({**state, "deal": {**state["deal"], "seed": 12, "seed_text": "12"}})
    variants.append({**state, "deal": {**state["deal"], "hands": state["deal"]["hands"][::-1]}})
    variants.append({**state, "trick": {"leader": 0, "plays": []}})
    variants.append({**state, "match": {**state["match"], "previous": [5] * len(state["match"]["previous"])}})
    variants.append({k: v for k, v in state.items() if k not in ("to_act", "hand_over", "winner", hands_key)})
    for variant in variants:
        signed = dict(variant)
        for operation in ("legal-moves", "check"):
            rec.send("POST", f"{base}/{operation}", {"state": signed})


def record_mode(mode: str) -> list[dict[str, Any]]:
    from service.games import GAMES

    with tempfile.TemporaryDirectory() as folder:
        rec = Recorder(mode, folder)
        with seeded_randomness(1):
            rec.send("GET", "/v1/games")
            for game, counts in PLAYERS.items():
                deck = [card.code for card in GAMES[game].deck]
                for players in counts:
                    rng = random.Random(f"{mode}-{game}-{players}")
                    seating = {"first_leader": rng.randrange(4)} if game == "agency" else {"players": players, "dealer": rng.randrange(players)}
                    walk_hand(rec, game, players, {**seating, "seed": rng.randrange(2**40)}, rng, deck, hands=2)
                    if game == "agency" or players == counts[0]:
                        walk_hand(rec, game, players, {**seating}, rng, deck)
                        shuffled = list(deck)
                        rng.shuffle(shuffled)
                        walk_hand(rec, game, players, {**seating, "deck": shuffled}, rng, deck)
                    tricks_and_replays(rec, game, players, rng, deck)
                    broken_states(rec, game, players, rng)
                malformed(rec, game, counts[0], random.Random(game))
    return rec.entries


def check_mode(mode: str, entries: list[dict[str, Any]]) -> list[str]:
    """Every recorded request whose answer now differs, described."""
    differences = []
    with tempfile.TemporaryDirectory() as folder:
        client = app_for(mode, folder).test_client()
        with seeded_randomness(1):
            for index, entry in enumerate(entries):
                status, headers, answer = exchange(client, entry)
                if (status, headers) != (entry["status"], entry["answer_headers"]) or not same_body(status, answer, entry["answer"]):
                    differences.append(
                        f"{mode} #{index} {entry['method']} {entry['path']}: recorded {entry['status']} "
                        f"{entry['answer'][:300]!r} {entry['answer_headers']}, now {status} {answer[:300]!r} {headers}")
    return differences


def same_body(status: int, answer: str, recorded: str) -> bool:
    """Byte for byte; a 422's field errors as a tree (marshmallow lists unknown fields in the order of a set)."""
    if status == 422:
        return bool(json.loads(answer) == json.loads(recorded))
    return answer == recorded


def load(mode: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in gzip.decompress((CORPUS / f"{mode}.jsonl.gz").read_bytes()).decode().splitlines()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("record", "check"))
    parser.add_argument("--mode", choices=(*MODES, "all"), default="all")
    args = parser.parse_args(argv)
    modes = list(MODES) if args.mode == "all" else [args.mode]
    failed = 0
    for mode in modes:
        if args.command == "record":
            entries = record_mode(mode)
            CORPUS.mkdir(parents=True, exist_ok=True)
            text = "".join(json.dumps(entry, sort_keys=True) + "\n" for entry in entries)
            (CORPUS / f"{mode}.jsonl.gz").write_bytes(gzip.compress(text.encode(), mtime=0))
            print(f"{mode}: {len(entries)} requests recorded")
        else:
            differences = check_mode(mode, load(mode))
            failed += len(differences)
            for line in differences[:20]:
                print(line)
            print(f"{mode}: {len(differences)} of {len(load(mode))} answers differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
