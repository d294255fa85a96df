"""Size before content: a hostile body up to the size cap is refused in
bounded time with a small answer, whatever list or object it inflates.

Each kind is covered: every list field of every request schema has a maximum
length that is checked before its items are read, every object refuses a
flood of unknown members at once, and a 422 lists at most
``MAX_FIELD_ERRORS`` messages."""

from __future__ import annotations

import json
import time

import pytest
from marshmallow import Schema, fields

from service.api.problems import MAX_FIELD_ERRORS
from service.games import GAMES
from service.schemas.family import MAX_UNKNOWN_FIELDS
from service.schemas.games import schemas_for

CAP = 1024 * 1024
"""The default body limit (REFEREE_MAX_BODY_BYTES)."""

SECONDS = 3.0
"""A generous bound for refusing one capped body in-process on a busy machine:
each takes about what decoding its JSON takes (0.1 to 0.5 s), where the
same bodies took 9 to 30 s when every item was read before the length."""


def _filled(prefix: str, item: str, suffix: str) -> bytes:
    """A body of ``item`` repeated inside ``prefix``/``suffix``, just under the cap."""
    count = (CAP - len(prefix) - len(suffix)) // (len(item) + 1)
    return (prefix + ",".join([item] * count) + suffix).encode()


def _state(client) -> str:
    body = client.post("/v1/games/agram/deal", json={"players": 3, "seed": 1}).get_json()
    return json.dumps(body["state"])


def _request_schemas():
    for game_id in GAMES:
        schemas = schemas_for(game_id)
        for name in ("deal", "state_request", "play_request", "trick_request", "view_request", "replay_request"):
            yield pytest.param(getattr(schemas, name), id=f"{game_id}-{name}")


def _lists(schema: Schema, where: str = "", seen: set[type] | None = None):
    """Every list field reachable from ``schema``, with its path."""
    seen = set() if seen is None else seen
    if type(schema) in seen:
        return
    seen.add(type(schema))
    for name, field in schema.fields.items():
        yield from _field_lists(field, f"{where}.{name}", seen)


def _field_lists(field, where, seen):
    if isinstance(field, fields.List):
        yield where, field
        yield from _field_lists(field.inner, where + "[]", seen)
    elif isinstance(field, fields.Nested):
        yield from _lists(field.schema, where, seen)


@pytest.mark.parametrize("schema", list(_request_schemas()))
def test_every_list_a_request_can_carry_has_a_maximum_length(schema):
    found = list(_lists(schema()))
    assert found
    for where, field in found:
        maxima = [v.max or v.equal for v in field.validators if getattr(v, "max", None) or getattr(v, "equal", None)]
        assert maxima, f"{where} has no maximum length"


@pytest.mark.parametrize(
    ("path", "prefix", "item", "suffix"),
    [
        ("replay", '{"deal": {"players": 3}, "moves": [', "{}", "]}"),
        ("replay", '{"deal": {"players": 3}, "moves": [], "next_hands": [', "{}", "]}"),
        ("replay", '{"deal": {"players": 3}, "moves": [], "next_hands": [{"deal": {}, "moves": [', "{}", "]}]}"),
        ("deal", '{"players": 3, "hands": [', "[]", "]}"),
        ("deal", '{"players": 3, "hands": [[', '"x"', "]]}"),
        ("deal", '{"players": 3, "deck": [', '"x"', "]}"),
        ("trick-winner", '{"plays": [', "{}", "]}"),
        ("deal", '{"players": 3, "options": {"target": [', "1", "]}}"),
    ],
    ids=["moves", "next_hands", "next-hand-moves", "hands", "hand-cards", "deck", "plays", "option-list"],
)
def test_a_long_list_is_refused_before_its_items(client, path, prefix, item, suffix):
    body = _filled(prefix, item, suffix)
    start = time.perf_counter()
    response = client.post(f"/v1/games/agram/{path}", data=body, content_type="application/json")
    elapsed = time.perf_counter() - start
    assert response.status_code == 422, response.get_json()
    assert len(response.data) < 2048, len(response.data)
    assert elapsed < SECONDS, elapsed


@pytest.mark.parametrize("where", ["tricks", "trick.plays", "deal.hands", "deal.undealt", "hands", "match.previous"])
def test_a_long_list_inside_a_state_is_refused_before_its_items(client, where):
    state = json.loads(_state(client))
    target, *path = where.split(".")
    marker = "LONG_LIST"
    if path:
        state[target][path[0]] = marker
    else:
        state[target] = marker
    prefix, suffix = json.dumps({"state": state}).split(f'"{marker}"')
    body = _filled(prefix + "[", "{}" if where in ("tricks", "trick.plays") else "0", "]" + suffix)
    start = time.perf_counter()
    response = client.post("/v1/games/agram/legal-moves", data=body, content_type="application/json")
    assert response.status_code == 422, response.get_json()
    assert len(response.data) < 2048 and time.perf_counter() - start < SECONDS


def test_a_flood_of_unknown_members_is_refused_at_once(client):
    members = ",".join(f'"k{i}": 1' for i in range(80_000))
    response = client.post("/v1/games/agram/deal", data=f'{{"players": 3, "options": {{{members}}}}}'.encode(),
                           content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["errors"]["json"]["options"]["_schema"] == ["80000 unknown fields; this object has only target."]


def test_a_few_unknown_members_are_each_named(client):
    names = [f"k{i}" for i in range(MAX_UNKNOWN_FIELDS)]
    response = client.post("/v1/games/agram/deal", json={"players": 3, "options": dict.fromkeys(names, 1)})
    assert response.status_code == 422
    assert sorted(response.get_json()["errors"]["json"]["options"]) == sorted(names)


def test_a_422_lists_at_most_the_cap_of_field_errors(client):
    moves = [{"seat": "x", "card": 5}] * 64  # two errors each: 128 in all
    response = client.post("/v1/games/agram/replay", json={"deal": {"players": 3}, "moves": moves})
    body = response.get_json()
    assert response.status_code == 422
    listed = sum(len(messages) for item in body["errors"]["json"]["moves"].values() for messages in item.values())
    assert listed == MAX_FIELD_ERRORS
    assert body["errors_truncated"] is True


@pytest.mark.parametrize("value", [{}, [], 3, 2.5, True, None, ""])
def test_a_card_of_the_wrong_json_type_is_a_422_naming_the_field(client, value):
    """Every JSON type where a card code belongs, in a move, a state's deal and
    a deal request: a field error, never a 500 (a regression: a card field
    with no "invalid" message raised inside marshmallow)."""
    for path, body in (
        ("/v1/games/agram/play", {"state": {}, "move": {"seat": 0, "card": value}}),
        ("/v1/games/agram/deal", {"players": 2, "deck": [value]}),
        ("/v1/games/agency/trick-winner", {"plays": [{"seat": 0, "card": value}]}),
    ):
        response = client.post(path, json=body)
        assert response.status_code == 422, (path, response.get_json())
