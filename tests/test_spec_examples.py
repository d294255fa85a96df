"""The examples in ``openapi.yaml`` work as they stand: every request example
is sent to the service and answered 2xx, and every example is what the
service answers today (``tools/examples.py`` writes them from its answers;
the committed file is checked as the spec itself is)."""

from __future__ import annotations

import json

import pytest

from service.app import create_app
from service.games import GAMES
from tools.examples import EXAMPLES_PATH, examples_json, make_examples
from tools.openapi import SPEC_PATH, load_spec

METHODS = {"get", "put", "post", "delete", "patch"}


@pytest.fixture(scope="module")
def spec() -> dict:
    return load_spec(SPEC_PATH)


def resolved(spec: dict, example: dict) -> dict:
    """An example object, its ``$ref`` (to ``components.examples``) followed."""
    ref = example.get("$ref")
    return spec["components"]["examples"][ref.rsplit("/", 1)[1]] if ref else example


def request_examples(spec: dict):
    """(where, path, example) for every request body example of the spec."""
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method not in METHODS or "requestBody" not in operation:
                continue
            for name, example in operation["requestBody"]["content"]["application/json"].get("examples", {}).items():
                yield f"{method.upper()} {path} {name}", path, resolved(spec, example)


@pytest.mark.slow  # the whole walk: every game's hand played out, and every operation asked
def test_the_committed_examples_are_the_service_answers():
    """The walk answers every request as it expects (a 200, or the 409 it
    shows), and writes the file committed: regenerate with `make openapi`."""
    assert EXAMPLES_PATH.read_text(encoding="utf-8") == examples_json(make_examples()), \
        "service/static/examples.json is stale: regenerate it (and openapi.yaml) with `make openapi`"


def test_every_operation_with_a_body_has_examples_of_it_and_of_its_answer(spec):
    missing = []
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method not in METHODS or "requestBody" not in operation:
                continue
            if not operation["requestBody"]["content"]["application/json"].get("examples"):
                missing.append(f"{method.upper()} {path} request")
            if not operation["responses"]["200"]["content"]["application/json"].get("examples"):
                missing.append(f"{method.upper()} {path} 200")
    assert missing == []
    for game in GAMES:
        play = spec["paths"][f"/v1/games/{game}/play"]["post"]["responses"]["409"]["content"]["application/problem+json"]
        assert len(play["examples"]) == 1  # an illegal move: a refusal with its legal moves
        (refusal,) = (example["value"] for example in play["examples"].values())
        assert refusal["status"] == 409 and refusal["legal_moves"], refusal
    shared = spec["components"]["responses"]
    assert {name for name in shared if shared[name]["content"]["application/problem+json"].get("examples")} == {
        "BAD_REQUEST", "FORBIDDEN", "UNPROCESSABLE_ENTITY"}


def test_every_alternative_of_a_deal_has_an_example(spec):
    """A deal body is ``oneOf`` one schema per source (at random, a seed, a
    deck, hands), for a first hand, a next hand and a replay's later hand:
    each has an example of its own."""
    alternatives = {name: schema for name, schema in spec["components"]["schemas"].items()
                    if name.endswith(("RandomDeal", "SeedDeal", "DeckDeal", "HandsDeal"))}
    assert len(alternatives) == len(GAMES) * 12
    assert [name for name, schema in alternatives.items() if len(schema.get("examples", [])) != 1] == []


def test_every_request_example_answers_2xx_as_it_stands(spec):
    """Each request example sent to an open referee as it is in the spec:
    2xx. Those marked ``x-sealed`` (``timeout`` and ``reseat``, which only
    signed and sealed states can take) hold a sealed token that only the
    referee that sealed it opens, within its time and until it is spent; they
    are checked where they are made (each was a sealed referee's 200 answer
    to the same body, test_the_committed_examples_are_the_service_answers),
    and here they answer an open referee's 403 ``state_token_invalid``, as
    their description says."""
    client = create_app({"TESTING": True}).test_client()
    answered, sealed = {}, {}
    for where, path, example in request_examples(spec):
        response = client.post(path, data=json.dumps(example["value"]), content_type="application/json")
        if example.get("x-sealed"):
            assert "Sealed mode only" in example["description"]
            sealed[where] = (response.status_code, response.get_json()["code"])
        else:
            answered[where] = response.status_code
    assert {where: status for where, status in answered.items() if not 200 <= status < 300} == {}
    assert len(answered) == len(GAMES) * 18  # deal 5, replay 3, and one for each other operation on a hand or a trick
    assert set(sealed.values()) == {(403, "state_token_invalid")}
    assert {where.split()[1].rsplit("/", 1)[1] for where in sealed} == {"reseat", "timeout"}
