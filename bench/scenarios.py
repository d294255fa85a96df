"""Request bodies built through the real API, and the in-process measurements.

Bodies come from the app itself (Flask test client): deal from a seed, then
random legal moves (seeded) to the point wanted, so every state is one the
referee produced. The in-process timings call the rules core directly
(``deal``, ``play``, a hand's ``legal_moves``) or the app through the test
client (no socket, no gunicorn).
"""

from __future__ import annotations

import json
import logging
import os
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from service.games import GAMES, AgencyGame, Trust
from service.schemas.games import schemas_for

AGRAM_PLAYERS = 5
SEED = 7
PROGRESS = (0.0, 0.25, 0.5, 0.75)

MODES = ("open", "signed", "sealed")
"""Who holds the state (docs/holding.md): each mode is served by its own gunicorn."""
SIGNING_KEY = "bench-signing-key-0123456789abcdef0123"
SEALING_KEY = "bench-sealing-key-0123456789abcdef0123"
MODE_SETTINGS: dict[str, dict[str, str | None]] = {
    "open": {"REFEREE_SIGNING_KEYS": None, "REFEREE_SEALING_KEYS": None},
    "signed": {"REFEREE_SIGNING_KEYS": SIGNING_KEY, "REFEREE_SEALING_KEYS": None, "REFEREE_TOKEN_STORE": "none"},
    # Chosen deals allowed: the bench deals from a seed, and sealed replay is refused otherwise.
    "sealed": {"REFEREE_SIGNING_KEYS": None, "REFEREE_SEALING_KEYS": SEALING_KEY, "REFEREE_ALLOW_CHOSEN_DEALS": "true",
               "REFEREE_TOKEN_STORE": "none"},
}
"""Each mode's settings, as environment variables (``None``: unset). Signed and
sealed record no spent states: their rows send one request again and again,
which a token store would answer from its record after the first (what a
store costs is bench.spending's rows, each request spending a state of its own)."""

_APPS: dict[str, Any] = {}


def app(mode: str = "open"):
    """The referee app of ``mode`` (:data:`MODE_SETTINGS`), built once per process.

    The ``referee`` access log still formats every line, as in production, but
    writes to the null device instead of the terminal.
    """
    if mode not in _APPS:
        from service.app import create_app

        _APPS[mode] = create_app(MODE_SETTINGS[mode])
        sink = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the app
        for handler in logging.getLogger("referee").handlers:
            if isinstance(handler, logging.StreamHandler):
                handler.setStream(sink)
    return _APPS[mode]


def client(mode: str = "open"):
    return app(mode).test_client()


def encode(body: Any) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()


def post(test_client, path: str, body: Any, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    response = test_client.post(path, data=encode(body), content_type="application/json", headers=headers or {})
    return response.status_code, response.get_json(silent=True)


def deal_request(game_id: str, players: int, seed: int) -> dict[str, Any]:
    if isinstance(GAMES[game_id], AgencyGame):
        return {"seed": seed, "first_leader": seed % 4}
    return {"players": players, "dealer": seed % players, "seed": seed}


def api_hand(game_id: str, players: int, seed: int, mode: str = "open") -> dict[str, Any]:
    """A whole hand through the API of ``mode``: ``states[i]`` is the hand before ``moves[i]``.

    Returns ``{"deal", "states", "moves", "final"}``. A hand is what a request
    names it by: ``{"state": ...}``, or in sealed mode ``{"token": ...}``,
    which then also holds ``headers``: the credential of the seat to act
    (``Authorization: Bearer``).
    """
    test_client = client(mode)
    rng = random.Random(f"{game_id}/{players}/{seed}")
    deal = deal_request(game_id, players, seed)
    status, body = post(test_client, f"/v1/games/{game_id}/deal", deal)
    if status != 200:
        raise RuntimeError(f"deal {game_id} ({mode}): {status} {body}")
    credentials = {seat["seat"]: seat["credential"] for seat in body.get("seats", [])}

    def held(answer: dict[str, Any]) -> dict[str, Any]:
        if "token" not in answer:
            return {"state": answer["state"]}
        to_act = answer["state"]["to_act"]
        headers = {} if to_act is None else {"Authorization": f"Bearer {credentials[to_act]}"}
        return {"token": answer["token"], "headers": headers}

    hand, states, moves = held(body), [], []
    while True:
        named = {k: v for k, v in hand.items() if k != "headers"}
        status, legal = post(test_client, f"/v1/games/{game_id}/legal-moves", named, hand.get("headers"))
        if status != 200:
            raise RuntimeError(f"legal-moves {game_id} ({mode}): {status} {legal}")
        if legal["to_act"] is None:
            return {"deal": deal, "states": states, "moves": moves, "final": hand}
        move = rng.choice(legal["moves"])
        status, played = post(test_client, f"/v1/games/{game_id}/play", {**named, "move": move}, hand.get("headers"))
        if status != 200:
            raise RuntimeError(f"play {game_id} ({mode}): {status} {played}")
        states.append(hand)
        moves.append(move)
        hand = held(played)


def mid_index(moves: int, players: int) -> int:
    """The middle of a hand, moved one play on when it falls between tricks."""
    index = moves // 2
    return index + 1 if index % players == 0 and index + 1 < moves else index


def progress_index(moves: int, fraction: float) -> int:
    return min(moves - 1, round(fraction * moves))


def build_bodies(mode: str = "open") -> dict[str, Any]:
    """The load-test bodies of ``mode``: mid-hand agram (5 players) and agency, and a whole agency hand.

    ``agram_hand`` and ``agency_hand`` name the mid-hand hand as a request
    does (``{"state"}`` or ``{"token"}``), ``agram_headers`` and
    ``agency_headers`` are its request headers (sealed: the credential of the
    seat to act).
    """
    agram = api_hand("agram", AGRAM_PLAYERS, SEED, mode)
    agency = api_hand("agency", 4, SEED, mode)
    ag_i = mid_index(len(agram["moves"]), AGRAM_PLAYERS)
    ay_i = mid_index(len(agency["moves"]), 4)

    def named(hand: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in hand.items() if k != "headers"}

    return {
        "mode": mode,
        "hands": {"agram": agram, "agency": agency},
        "mid": {"agram": ag_i, "agency": ay_i},
        "agram_hand": named(agram["states"][ag_i]),
        "agram_headers": agram["states"][ag_i].get("headers", {}),
        "agram_move": agram["moves"][ag_i],
        "agency_hand": named(agency["states"][ay_i]),
        "agency_headers": agency["states"][ay_i].get("headers", {}),
        "agency_move": agency["moves"][ay_i],
        "replay": {"deal": agency["deal"], "moves": agency["moves"]},
    }


# -- timing -----------------------------------------------------------------


def per_call_us(fn: Callable[[], Any], budget: float, batches: int = 5) -> float:
    """The fastest of ``batches`` batches: mean time of one call in it, in microseconds.

    The fastest batch is the one least disturbed by other work on the machine.

    The batch size is calibrated so that all batches together take about ``budget`` seconds.
    """
    n, elapsed = 1, 0.0
    while n < 1 << 22:
        began = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - began
        if elapsed >= budget / batches / 4:
            break
        n *= 2
    n = max(1, int(n * (budget / batches) / max(elapsed, 1e-9)))
    samples = []
    for _ in range(batches):
        began = time.perf_counter()
        for _ in range(n):
            fn()
        samples.append((time.perf_counter() - began) / n)
    return min(samples) * 1e6


def restored(game_id: str, state_json: dict[str, Any]):
    """A state as the API would restore it: schema load, then the rules' restore."""
    raw = schemas_for(game_id).state().load(state_json)
    return GAMES[game_id].build(raw, Trust.RESTORE)


def core_legal_moves(bodies: dict[str, Any], budget: float) -> list[dict[str, Any]]:
    """Legal moves per second on the mid-hand states (open mode's), on a state restored once."""
    rows = []
    for label, game_id, players in (("agram", "agram", AGRAM_PLAYERS), ("agency", "agency", 4)):
        state = restored(game_id, bodies[f"{label}_hand"]["state"])
        game = GAMES[game_id]
        us = per_call_us(state.legal_moves, budget)
        raw = schemas_for(game_id).state().load(bodies[f"{label}_hand"]["state"])
        restore_us = per_call_us(partial(game.build, raw, Trust.RESTORE), budget)
        rows.append({
            "game": game_id, "players": players, "plays_in_state": bodies["mid"][label],
            "legal_moves_per_s": 1e6 / us, "legal_moves_us": us,
            "restore_us": restore_us, "restores_per_s": 1e6 / restore_us,
        })
    return rows


def _random_hand(game, players: int, seed: int) -> int:
    rng = random.Random(seed)
    if isinstance(game, AgencyGame):
        state = game.deal(seed=seed, first_leader=seed % 4)
    else:
        state = game.deal(players=players, dealer=seed % players, seed=seed)
    plays = 0
    while True:
        legal = state.legal_moves()
        if not legal:
            return plays
        state, _ = game.play(state, rng.choice(legal))
        plays += 1


def core_hands(budget: float) -> list[dict[str, Any]]:
    """Whole random hands per second (deal from a seed, random legal moves to the end)."""
    rows = []
    for game in GAMES.values():
        counts = sorted({game.min_players, game.max_players}) if not isinstance(game, AgencyGame) else [4]
        for players in counts:
            hands = plays = 0
            began = time.perf_counter()
            while True:
                plays += _random_hand(game, players, hands)
                hands += 1
                elapsed = time.perf_counter() - began
                if elapsed >= budget:
                    break
            rows.append({
                "game": game.id, "players": players, "hands_per_s": hands / elapsed,
                "plays_per_hand": plays / hands, "us_per_play": elapsed / plays * 1e6 if plays else None,
            })
    return rows


def scaling(budget: float) -> list[dict[str, Any]]:
    """Test-client cost of legal-moves and play by hand progress and player count.

    Also the rules core alone on the same state: restore (the history replayed
    from the deal), legal_moves and play on the restored state.
    """
    test_client = client()
    rows = []
    configs = [("agram", p) for p in range(2, 6)] + [("agency", 4)]
    for game_id, players in configs:
        hand = api_hand(game_id, players, SEED)
        game = GAMES[game_id]
        state_schema = schemas_for(game_id).state()
        for fraction in PROGRESS:
            i = progress_index(len(hand["moves"]), fraction)
            state, move = hand["states"][i]["state"], hand["moves"][i]
            lm_body = encode({"state": state})
            play_body = encode({"state": state, "move": move})
            lm_path, play_path = f"/v1/games/{game_id}/legal-moves", f"/v1/games/{game_id}/play"
            for path, body in ((lm_path, lm_body), (play_path, play_body)):
                status = test_client.post(path, data=body, content_type="application/json").status_code
                if status != 200:
                    raise RuntimeError(f"{path} answered {status}")
            raw = state_schema.load(state)
            live = game.build(raw, Trust.RESTORE)
            play_move = schemas_for(game_id).play_request().load({"state": state, "move": move})["move"]
            rows.append({
                "game": game_id, "players": players, "progress": fraction, "plays_in_state": i,
                "body_bytes": len(play_body),
                "legal_moves_us": per_call_us(
                    partial(test_client.post, lm_path, data=lm_body, content_type="application/json"), budget),
                "play_us": per_call_us(
                    partial(test_client.post, play_path, data=play_body, content_type="application/json"), budget),
                "core_restore_us": per_call_us(partial(game.build, raw, Trust.RESTORE), budget / 2),
                "core_legal_moves_us": per_call_us(live.legal_moves, budget / 2),
                "core_play_us": per_call_us(partial(game.play, live, play_move), budget / 2),
            })
    return rows


def replay_status(body: dict[str, Any]) -> int:
    status, _ = post(client(), "/v1/games/agency/replay", body)
    return status


def replay_scaling(hand: dict[str, Any], budget: float) -> list[dict[str, Any]]:
    """Test-client cost of ``replay`` by transcript length (agency)."""
    test_client = client()
    moves = hand["moves"]
    lengths = sorted({0, 8, 16, 24, len(moves)} & set(range(len(moves) + 1)))
    rows = []
    for length in lengths:
        body = encode({"deal": hand["deal"], "moves": moves[:length]})
        status = test_client.post("/v1/games/agency/replay", data=body, content_type="application/json").status_code
        row = {"game": "agency", "moves": length, "body_bytes": len(body), "status": status}
        if status == 200:
            row["replay_us"] = per_call_us(
                partial(test_client.post, "/v1/games/agency/replay", data=body, content_type="application/json"), budget)
        rows.append(row)
    return rows
