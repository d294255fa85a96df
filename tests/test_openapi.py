"""The committed openapi.yaml is what the app generates (``make openapi``), written without YAML aliases."""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import flask_smorest
import pytest
import yaml

from service.analysis.bots import Level
from service.app import create_app
from service.games import GAMES
from service.schemas.smorest import api_of
from tools.openapi import app_spec, load_spec, spec_yaml

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


@pytest.fixture(scope="module")
def committed_text() -> str:
    return SPEC_PATH.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def committed() -> dict:
    return load_spec(SPEC_PATH)


@pytest.fixture(scope="module")
def generated_text(generated) -> str:
    return spec_yaml(generated)  # what `make openapi` writes


@pytest.fixture(scope="module")
def generated() -> dict:
    return app_spec()


def operations(spec: dict):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def test_committed_spec_is_up_to_date(committed, generated, committed_text, generated_text):
    assert committed == generated, "openapi.yaml is stale: regenerate it with `make openapi`"
    assert committed_text == generated_text, "openapi.yaml is not as `make openapi` writes it"


def test_spec_has_no_yaml_aliases(committed_text):
    """Every repeated object is written out: no anchor (``&id001``) or alias
    (``*id001``), which some OpenAPI tools do not resolve (YAML's events say
    so whatever the text looks like)."""
    events = list(yaml.parse(committed_text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    assert [event for event in events if isinstance(event, yaml.AliasEvent)] == []
    assert [event.anchor for event in events if getattr(event, "anchor", None)] == []


def test_every_operation_declares_its_security(committed):
    """Each operation says whether it reads a seat's credential (CONTRACT:
    Sealed states): optional (``[{}, {seatCredential: []}]``) on every
    operation on a hand, none on the others, so Swagger UI's Authorize and
    generated clients send it where it counts and never require it."""
    optional = [{}, {"seatCredential": []}]
    securities = {f"{method.upper()} {path}": op.get("security") for path, method, op in operations(committed)}
    on_hand = {where for where in securities
               if where.startswith("POST /v1/games/") and not where.endswith(("/replay", "/trick-winner"))}
    assert len(on_hand) == 6 * 12
    assert {where: security for where, security in securities.items() if where in on_hand and security != optional} == {}
    assert {where: security for where, security in securities.items() if where not in on_hand and security != []} == {}
    scheme = committed["components"]["securitySchemes"]["seatCredential"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")


def test_spec_is_openapi_3_1(committed):
    assert committed["openapi"] == "3.1.0"  # validated, with Redocly's lint, by tests/test_spec_lint.py


def test_every_operation_has_a_unique_operation_id(committed):
    ids = [op.get("operationId") for _, _, op in operations(committed)]
    missing = [f"{method.upper()} {path}" for path, method, op in operations(committed) if not op.get("operationId")]
    assert missing == []
    assert len(ids) == len(set(ids))


def test_every_error_response_is_problem_json(committed):
    for path, method, op in operations(committed):
        for status, response in op["responses"].items():
            if str(status) == "default" or int(status) >= 400:
                content = response.get("content", {"application/problem+json": None})
                assert list(content) == ["application/problem+json"], f"{method.upper()} {path} {status}"


def test_every_link_targets_an_existing_operation(committed):
    ids = {op.get("operationId") for _, _, op in operations(committed)}
    targets = [
        (f"{method.upper()} {path} {status} {name}", link.get("operationId"))
        for path, method, op in operations(committed)
        for status, response in op["responses"].items()
        for name, link in (response.get("links") or {}).items()
    ]
    assert [where for where, target in targets if target not in ids] == []


def test_making_an_app_documents_nothing_until_its_spec_is_read(monkeypatch):
    """Regression: naming each game's tag read the spec while the app was
    made, so every app (a test's, a worker's) built the whole document
    (about 0.2 s, most of making an app). Only a read of the spec documents
    the blueprints, and the game's tags come with them."""
    documented = []
    document = flask_smorest.Blueprint.register_views_in_doc

    def counted(*args, **kwargs):
        documented.append(kwargs.get("name"))
        return document(*args, **kwargs)

    monkeypatch.setattr(flask_smorest.Blueprint, "register_views_in_doc", counted)
    app = create_app({"TESTING": True})
    app.test_client().get("/healthz")
    assert documented == []
    tags = [tag["name"] for tag in api_of(app).spec.to_dict()["tags"]]
    assert documented == ["games", "analysis", "ops"]
    assert tags == ["games", "analysis", "ops", *GAMES]


def test_the_spec_built_on_first_read_is_the_same_whoever_reads_it_first(generated, monkeypatch):
    """The app documents its blueprints when its spec is first read
    (``SpecOnReadApi``): eight threads reading a fresh app's spec at once each
    get the whole document, the one the app generates (the committed one,
    above), and so does ``/openapi.json`` afterwards. Documenting a blueprint is slowed here, so that the other
    reads arrive while the first is building."""
    document = flask_smorest.Blueprint.register_views_in_doc

    def slowly(*args, **kwargs):
        time.sleep(0.1)
        return document(*args, **kwargs)

    monkeypatch.setattr(flask_smorest.Blueprint, "register_views_in_doc", slowly)
    app = create_app({"TESTING": True})
    api = api_of(app)
    start = threading.Barrier(8)

    def read(_: int) -> str:
        start.wait()
        return json.dumps(api.spec.to_dict())  # as read then (the spec's dicts fill in as it is built)

    with ThreadPoolExecutor(8) as pool:
        first, *others = pool.map(read, range(8))
    assert json.loads(first) == generated
    assert others == [first] * 7
    assert app.test_client().get("/openapi.json").get_json() == json.loads(first)


def test_every_bot_level_is_the_one_bot_level_type(committed):
    """Each game's suggest request and answer names its ``level`` by one
    component, so a generated client has one level type for every game."""
    schemas = committed["components"]["schemas"]
    assert schemas["BotLevel"] == {"type": "string", "enum": [level.value for level in Level]}
    levels = {name: shape["properties"]["level"] for name, shape in schemas.items() if "level" in shape.get("properties", {})}
    assert len(levels) == 3 * 6  # open and sealed requests and the answer, per game
    assert all(level["$ref"] == "#/components/schemas/BotLevel" for level in levels.values()), levels
