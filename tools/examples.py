"""The spec's examples (``service/static/examples.json``), made from the referee's own answers.

Every example in ``openapi.yaml`` comes from here: each request body is one
a client could send, and each answer is what the referee answered it,
through the app in-process. The walk, for every game: a deal from a seed,
its hand after one play (the state most operations take), and the hand
played to its end by each seat's first legal move (a finished hand: its
next hand, its record, a trick); every operation is sent its examples, and
the first answer of each is kept as its 200 example; ``play`` also keeps
its 409 (a move out of turn). Open mode serves each of them, but for
``timeout`` and ``reseat``, which only signed and sealed states can take:
theirs come from a sealed referee (:data:`SEALED`), marked ``x-sealed``
with a sentence saying what the example cannot show (a token works only on
the referee that sealed it, within its time, until it is spent).

The service's randomness and clock are made fixed while it walks
(``tools.golden.seeded_randomness``), so the same code writes the same
file. ``make openapi`` runs this module before writing the spec;
``tests/test_spec_examples.py`` walks again and fails while the committed
file differs, and sends every request example of ``openapi.yaml`` to the
service.

Usage (from the repository root)::

    .venv/bin/python -m tools.examples
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from service.schemas.games import schema_prefix
from tools.golden import app_with, seeded_randomness

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES_PATH = ROOT / "service" / "static" / "examples.json"
SEED = 42
"""The seed of every example's deal."""
PLAYERS = {"agency": 4, "agram": 3, "sink-sink": 2, "fapfap": 2, "agram-mali": 2, "spar": 2}
"""Each game's seats in its examples (the fewest that show the game, to keep the spec short)."""
SEALED = {"REFEREE_SEALING_KEYS": "example-sealing-key-not-secret-0123456789", "REFEREE_ALLOW_CHOSEN_DEALS": "true"}
"""The sealed referee the sealed examples come from (its key is in the open: the examples only show shapes)."""
SEALED_NOTE = ("Sealed mode only, shown for its shape: a token opens only on the referee that sealed it (this one, on the "
               "referee that made these examples), expires (`REFEREE_TOKEN_TTL_SECONDS`) and is spent by its first move, "
               "so sent as it is to your referee this body answers 403. Take the token, and the credential sent as "
               "`Authorization: Bearer`, from your referee's `deal`.")


def _app(config: dict[str, Any], folder: str) -> Any:
    return app_with({"REFEREE_DEADLINE_SECONDS": 600, **config}, folder)


class _Referee:
    """One app, asked in-process; each answer checked to be the status expected."""

    def __init__(self, app: Any) -> None:
        self.client = app.test_client()

    def post(self, game: str, operation: str, body: Any, status: int = 200, credential: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {credential}"} if credential else {}
        response = self.client.post(f"/v1/games/{game}/{operation}", json=body, headers=headers)
        if response.status_code != status:
            raise AssertionError(f"{game} {operation}: {response.status_code}, not {status}: {response.get_data(as_text=True)}")
        return response.get_json()


def _example(summary: str, value: Any, description: str | None = None, sealed: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"summary": summary, "value": value}
    if description:
        out["description"] = description
    if sealed:
        out["description"] = f"{description} {SEALED_NOTE}" if description else SEALED_NOTE
        out["x-sealed"] = True
    return out


def _seating(game: str) -> dict[str, Any]:
    return {} if game == "agency" else {"players": PLAYERS[game]}


def _trick_play(play: dict[str, Any]) -> dict[str, Any]:
    return {name: play[name] for name in ("seat", "card", "holder") if name in play}


def _game_examples(referee: _Referee, game: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """One game's operation examples (by operation id), its deal alternatives' (by component name) and
    the example its operations on a hand share (``{Game}Hand``, a component of the spec)."""
    prefix, component = game.replace("-", "_"), schema_prefix(game)
    seating = _seating(game)
    deal = {**seating, "seed": SEED}
    dealt = referee.post(game, "deal", deal)
    state = dealt["state"]
    first = referee.post(game, "legal-moves", {"state": state})["moves"][0]
    hand = referee.post(game, "play", {"state": state, "move": first})["state"]  # the hand most operations take
    finished, moves = state, []
    while True:
        legal = referee.post(game, "legal-moves", {"state": finished})
        if legal["to_act"] is None:
            break
        moves.append(legal["moves"][0])
        finished = referee.post(game, "play", {"state": finished, "move": legal["moves"][0]})["state"]
    record = referee.post(game, "record", {"state": finished})["record"]
    description = referee.client.get(f"/v1/games/{game}").get_json()
    hands = [[card for card in cards if card != "W"] for cards in state["deal"]["hands"]]  # Agency's Walls are the referee's to add
    deck = description["deck"]
    to_act = hand["to_act"]
    moves_now = referee.post(game, "legal-moves", {"state": hand})["moves"]

    shared = _example("A hand after its first play", {"state": hand},
                      "Open and signed modes: the state, as `deal` and `play` answer it (sealed mode: `{\"token\": ...}`).")
    on_hand = {"hand": shared}
    requests: dict[str, dict[str, Any]] = {
        "deal": {
            "seed": _example(f"Deal from seed {SEED}", deal),
            "random": _example("Deal at random", dict(seating)),
            "deck": _example("Deal from a deck order", {**seating, "deck": deck}, "The deck as `GET /v1/games/{game}` lists it."),
            "hands": _example("Deal these hands", {**seating, "hands": hands}, "Each seat's cards, in dealt order."),
            "next_hand": _example("Deal the next hand of a match", {"previous": finished}, "`previous`: a finished hand."),
        },
        "legal_moves": on_hand, "score": on_hand, "check": on_hand, "record": on_hand, "solve": on_hand, "analyze": on_hand,
        "play": {"move": _example("Play the first legal move", {"state": hand, "move": moves_now[0]})},
        "view": {"seat": _example("The view of the seat to act", {"state": hand, "seat": to_act})},
        "suggest": {"seeded": _example("A bot's move, seeded", {"state": hand, "seed": 7},
                                       "The same body with a seed always gets the same move.")},
        "trick_winner": {"trick": _example("The first trick of a hand", {"plays": [_trick_play(p) for p in finished["tricks"][0]["plays"]]})},
        "replay": {
            "record": _example("Replay a hand's record", {"record": record}, "A record as `record` writes it (docs/notation.md)."),
            "transcript": _example("Replay a deal and its moves", {"deal": deal, "moves": moves}),
            "records": _example("Replay a match's records", {"records": [record]}, "Each hand's record, in order (here a match of one hand)."),
        },
    }
    operations: dict[str, Any] = {}
    for name, examples in requests.items():
        key, example = next(iter(examples.items()))
        answer = referee.post(game, name.replace("_", "-"), example["value"])
        for other in list(examples.values())[1:]:
            referee.post(game, name.replace("_", "-"), other["value"])
        request = {key: {"$ref": f"#/components/examples/{component}Hand"} if value is shared else value for key, value in examples.items()}
        operations[f"{prefix}_{name}"] = {"request": request, "responses": {"200": {key: _example(example["summary"], answer)}}}
    held = {move["card"] for move in moves_now}
    card = next(card for card in deck if card not in held and card != "W")
    refused = referee.post(game, "play", {"state": hand, "move": {"seat": to_act, "card": card}}, status=409)
    operations[f"{prefix}_play"]["responses"]["409"] = {
        refused["code"]: _example(f"Seat {to_act} plays {card}, which it may not play now", refused)}
    components = {f"{component}Hand": shared}
    schemas = {
        f"{component}RandomDeal": requests["deal"]["random"]["value"],
        f"{component}SeedDeal": deal,
        f"{component}DeckDeal": requests["deal"]["deck"]["value"],
        f"{component}HandsDeal": requests["deal"]["hands"]["value"],
        f"{component}TranscriptRandomDeal": {},
        f"{component}TranscriptSeedDeal": {"seed": SEED + 1},
        f"{component}TranscriptDeckDeal": {"deck": deck},
        f"{component}TranscriptHandsDeal": {"hands": hands},
    }
    return operations, schemas, components


def _sealed_examples(referee: _Referee, game: str, advance: Any, deck: list[str], hands: list[list[str]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game's ``timeout`` and ``reseat`` examples, and its next-hand deal alternatives' (with ``deck`` and
    ``hands`` for those from a deck and from hands), from a sealed referee."""
    prefix, component = game.replace("-", "_"), schema_prefix(game)
    seating = _seating(game)
    dealt = referee.post(game, "deal", {**seating, "clock": {"move_seconds": 60}})
    token, seats, host = dealt["token"], dealt["seats"], dealt["host"]
    credential = seats[0]["credential"]
    reseat = {"token": token, "seat": 1}
    reseated = referee.post(game, "reseat", reseat, credential=host)
    advance(61_000)
    timeout = {"token": reseated["token"]}
    timed_out = referee.post(game, "timeout", timeout, credential=credential)
    operations = {
        f"{prefix}_reseat": {
            "request": {"seat": _example("Give seat 1 a new player", reseat, "With the match's host credential (`host`).", sealed=True)},
            "responses": {"200": {"seat": _example("Give seat 1 a new player", reseated, sealed=True)}},
        },
        f"{prefix}_timeout": {
            "request": {"token": _example("Play for the seat whose time ran out", timeout,
                                          "Past the deadline of the seat to act, with a credential of a seat of the match.", sealed=True)},
            "responses": {"200": {"token": _example("Play for the seat whose time ran out", timed_out, sealed=True)}},
        },
    }
    previous = timed_out["token"]
    schemas = {
        f"{component}NextRandomDeal": {"previous": previous},
        f"{component}NextSeedDeal": {"previous": previous, "seed": SEED + 1},
        f"{component}NextDeckDeal": {"previous": previous, "deck": deck},
        f"{component}NextHandsDeal": {"previous": previous, "hands": hands},
    }
    return operations, schemas


def make_examples() -> dict[str, Any]:
    """Every example, from a fresh open referee and a fresh sealed one."""
    from service.games import GAMES

    operations: dict[str, Any] = {}
    schemas: dict[str, Any] = {}
    components: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder, seeded_randomness(SEED) as advance:
        Path(folder, "sealed").mkdir()
        open_referee, sealed_referee = _Referee(_app({}, folder)), _Referee(_app(SEALED, str(Path(folder, "sealed"))))
        for game in GAMES:
            more, shapes, shared = _game_examples(open_referee, game)
            operations.update(more)
            schemas.update(shapes)
            components.update(shared)
        responses = _problem_examples(open_referee)
        for game in GAMES:
            component = schema_prefix(game)
            more, shapes = _sealed_examples(sealed_referee, game, advance, schemas[f"{component}DeckDeal"]["deck"],
                                            schemas[f"{component}HandsDeal"]["hands"])
            operations.update(more)
            schemas.update(shapes)
    return {"operations": dict(sorted(operations.items())), "schemas": dict(sorted(schemas.items())),
            "components": dict(sorted(components.items())), "responses": responses}


def _problem_examples(referee: _Referee) -> dict[str, Any]:
    """Examples of the problems every operation shares (the spec's components' responses, by name)."""
    client = referee.client
    malformed = client.post("/v1/games/agram/deal", data='{"players": 3,', content_type="application/json")
    invalid = client.post("/v1/games/agram/deal", json={"players": 9, "seed": SEED})
    token = client.post("/v1/games/agram/legal-moves", json={"token": "t1.not-a-token"})
    for response, status in ((malformed, 400), (invalid, 422), (token, 403)):
        assert response.status_code == status, response.get_data(as_text=True)
    return {
        "BAD_REQUEST": {"malformed_json": _example("A body that is not JSON", malformed.get_json())},
        "UNPROCESSABLE_ENTITY": {"validation_failed": _example("A deal for 9 players of Agram (2 to 5)", invalid.get_json())},
        "FORBIDDEN": {"state_token_invalid": _example("A token sent to an open referee", token.get_json())},
    }


def examples_json(examples: dict[str, Any]) -> str:
    return json.dumps(examples, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    EXAMPLES_PATH.write_text(examples_json(make_examples()), encoding="utf-8")


if __name__ == "__main__":
    main()
