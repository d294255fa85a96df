"""The clients' hand-written helpers, on what the real service answers.

* Refusals: every code the referee answers (its problem types, its plain HTTP
  errors, and every code docs/errors.md names) is in one class of
  ``problem_classes()``, and both clients carry that table as generated; a
  problem of each class, answered by gunicorn in the mode that answers it,
  is told apart by the Python client's ``refusal``/``raise_for_problem`` and
  by the TypeScript client's type guards, as docs/errors.md says it should be.
* Events: every kind of event the spec lists, answered by gunicorn (the
  kit's requests replayed, and a play on timeout), reads as the same
  sentence in both clients.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest

from conformance.kit import load_cases
from service.api.problems import PROBLEM_TYPES, problem_classes
from service.server.http_errors import HTTP_ERRORS, PARSER_ERRORS
from support import ROOT, running_gunicorn
from tools import clients
from tools.openapi import load_spec

sys.path.insert(0, str(ROOT / "clients" / "python"))

from trick_referee_client import AuthenticatedClient, Client, models, refusals  # noqa: E402
from trick_referee_client import events as python_events  # noqa: E402
from trick_referee_client import problem_classes as python_table  # noqa: E402
from trick_referee_client.api.agency import agency_deal, agency_reseat, agency_timeout  # noqa: E402
from trick_referee_client.api.agram import (  # noqa: E402
    agram_deal,
    agram_legal_moves,
    agram_play,
    agram_replay,
    agram_reseat,
    agram_timeout,
    agram_trick_winner,
)
from trick_referee_client.api.ops import get_problem_type  # noqa: E402

SIGNING_KEY = "client-helpers-signing-key-0123456789abcdef"
SEALING_KEY = "client-helpers-sealing-key-0123456789abcdef"
MODES = {
    "open": {},
    "signed": {"REFEREE_SIGNING_KEYS": SIGNING_KEY, "REFEREE_TOKEN_TTL_SECONDS": "1"},  # states expire at once
    "sealed": {"REFEREE_SEALING_KEYS": SEALING_KEY},
}


# -- one table, every code ------------------------------------------------------------------


def documented_codes() -> set[str]:
    """Every code in docs/errors.md's table of codes (its last column)."""
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    table = text.split("## The codes", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| case")]
    return {code for row in rows for code in re.findall(r"`([a-z_]+)`", row.rsplit("|", 2)[1])}


def test_every_code_is_in_exactly_one_class():
    classes = problem_classes()
    owners = Counter(code for kind in classes for code in kind.codes)
    assert [code for code, count in owners.items() if count > 1] == []
    answered = set(PROBLEM_TYPES) | {error.code for error in HTTP_ERRORS + PARSER_ERRORS}
    documented = documented_codes()
    assert {"must_follow_suit", "invalid_state", "state_spent", "seat_credential_invalid", "validation_failed"} <= documented
    assert sorted((answered | documented) - set(owners)) == [], "a code with no class: give its refusal a class in service.errors"
    names = [kind.name for kind in classes]
    assert all(kind.parent is None or kind.parent in names for kind in classes)


def test_the_clients_carry_the_referees_table():
    """The Python client's table is the referee's, and each class has its
    exception (refining the class its parent names); the TypeScript client's
    table file is what make clients writes (its guards are checked by tsc:
    refusals.ts's ``problemGuards`` lists one per class)."""
    classes = problem_classes()
    assert python_table.CODES == {code: kind.name for kind in classes for code in kind.codes}
    assert python_table.CLASSES == {kind.name: (kind.parent, kind.description) for kind in classes}
    for kind in classes:
        exception = refusals.REFUSALS[kind.name]
        assert exception.__name__ == kind.name
        assert exception.__bases__[0] is (refusals.REFUSALS[kind.parent] if kind.parent else refusals.Refusal)
    assert (clients.TYPESCRIPT_CLIENT / clients.TYPESCRIPT_PROBLEMS).read_text(encoding="utf-8") == clients.typescript_problems()
    guards = (clients.TYPESCRIPT_PACKAGE / "refusals.ts").read_text(encoding="utf-8").split("problemGuards", 1)[1]
    assert sorted(re.findall(r"^  (\w+): is\1,$", guards, re.M)) == sorted(kind.name for kind in classes)


# -- a problem of each class, from gunicorn ---------------------------------------------------


@pytest.fixture(scope="module")
def referees():
    with running_gunicorn(workers=1) as open_, running_gunicorn(workers=1, env=MODES["signed"]) as signed, \
            running_gunicorn(workers=1, env=MODES["sealed"]) as sealed:
        yield {mode: f"http://127.0.0.1:{server.port}" for mode, server in (("open", open_), ("signed", signed), ("sealed", sealed))}


def kit_case(case_id: str) -> dict[str, Any]:
    game = case_id.split("/", 1)[0]
    (case,) = [case for case in load_cases(game=game) if case["id"] == case_id]
    return case


def answered(response: Any) -> tuple[Any, dict[str, Any]]:
    """A ``sync_detailed`` answer: its parsed body, and its JSON as the TypeScript client reads it."""
    return response.parsed, json.loads(response.content)


def open_refusals(url: str) -> dict[str, tuple[Any, dict[str, Any]]]:
    """Problems of an open referee, by the class docs/errors.md gives them."""
    client = Client(base_url=url, raise_on_unexpected_status=True)
    dealt = refusals.raise_for_problem(agram_deal.sync(client=client, body=models.AgramSeedDeal(players=3, seed=42)))
    assert isinstance(dealt.state, models.AgramState)
    state = models.AgramOpenStateRequest(state=dealt.state)

    def kit(case_id: str, operation: Any, body: Any) -> tuple[Any, dict[str, Any]]:
        return answered(operation.sync_detailed(client=client, body=body.from_dict(kit_case(case_id)["request"]["body"])))

    return {
        "IllegalMove": kit("agram/refusal/2p-1-must-follow", agram_play, models.AgramOpenPlayRequest),
        "InvalidState": kit("agram/check/legal-moves-refused", agram_legal_moves, models.AgramOpenStateRequest),
        "UnsupportedVersion": kit("agram/check/schema-version", agram_legal_moves, models.AgramOpenStateRequest),
        "RulesRefusal": kit("agram/trick-winner/seat-twice", agram_trick_winner, models.AgramTrickRequest),
        "RecordInvalid": kit("agram/record/option-null", agram_replay, models.AgramRecordReplay),
        "ClockRefusal": answered(agram_timeout.sync_detailed(client=client, body=state)),  # no_clock
        "ValidationFailed": answered(agram_deal.sync_detailed(client=client, body=models.AgramSeedDeal(players=9, seed=-1))),
        "TokenInvalid": answered(agram_legal_moves.sync_detailed(client=client, body=models.AgramSealedStateRequest(token="not-a-token"))),
        "HttpError": answered(get_problem_type.sync_detailed(code="no_such_code", client=client)),  # 404
    }


def signed_refusals(url: str) -> dict[str, tuple[Any, dict[str, Any]]]:
    """A signed referee's problems. The expired state is sent as the referee
    answered it, byte for byte: the Python client writes a state's
    ``issued_at`` back in another spelling of the same time, which its
    signature does not cover (``SignatureInvalid``, as the forged one)."""
    client = Client(base_url=url, raise_on_unexpected_status=True)
    dealt = refusals.raise_for_problem(agram_deal.sync(client=client, body=models.AgramSeedDeal(players=3, seed=7)))
    state = dealt.state.to_dict()
    forged = models.AgramOpenStateRequest.from_dict({"state": {**state, "signature": "hmac-sha256:" + "A" * 43}})
    http = client.get_httpx_client()
    sent = http.post("/v1/games/agram/deal", json={"players": 3, "seed": 7}).json()["state"]
    move = http.post("/v1/games/agram/legal-moves", json={"state": sent}).json()["moves"][0]
    time.sleep(2.1)  # past REFEREE_TOKEN_TTL_SECONDS: the state can no longer be played from
    late = http.post("/v1/games/agram/play", json={"state": sent, "move": move})
    return {
        "SignatureInvalid": answered(agram_legal_moves.sync_detailed(client=client, body=forged)),
        "StateExpired": (models.AgramProblem.from_dict(late.json()), late.json()),
    }


def sealed_refusals(url: str) -> dict[str, tuple[Any, dict[str, Any]]]:
    public = Client(base_url=url, raise_on_unexpected_status=True)
    dealt = refusals.raise_for_problem(agram_deal.sync(client=public, body=models.AgramRandomDeal(players=2)))
    assert isinstance(dealt.token, str) and isinstance(dealt.seats, list)
    to_act = dealt.state.to_act
    seat = AuthenticatedClient(base_url=url, token={entry.seat: entry.credential for entry in dealt.seats}[to_act])
    token = models.AgramSealedStateRequest(token=dealt.token)
    legal = refusals.raise_for_problem(agram_legal_moves.sync(client=seat, body=token))
    first, second = legal.moves[:2]  # the leader of a 2-player hand holds 6 cards, every one a legal lead (F5)
    without = answered(agram_play.sync_detailed(client=public, body=models.AgramSealedPlayRequest(token=dealt.token, move=first)))
    refusals.raise_for_problem(agram_play.sync(client=seat, body=models.AgramSealedPlayRequest(token=dealt.token, move=first)))
    return {
        "CredentialRefused": without,
        "StateSpent": answered(agram_play.sync_detailed(client=seat, body=models.AgramSealedPlayRequest(token=dealt.token, move=second))),
        "SealRefused": answered(agram_deal.sync_detailed(client=public, body=models.AgramSeedDeal(players=2, seed=1))),
    }


EXPECTED = {  # docs/errors.md: each class's status and codes
    "IllegalMove": (409, {"must_follow_suit"}),
    "InvalidState": (409, {"invalid_state"}),
    "UnsupportedVersion": (409, {"unsupported_version"}),
    "RulesRefusal": (409, {"invalid_trick"}),
    "RecordInvalid": (422, {"record_invalid"}),
    "ClockRefusal": (409, {"no_clock"}),
    "ValidationFailed": (422, {"validation_failed"}),
    "TokenInvalid": (403, {"state_token_invalid"}),
    "HttpError": (404, {"not_found"}),
    "SignatureInvalid": (403, {"state_signature_invalid"}),
    "StateExpired": (403, {"state_expired"}),
    "CredentialRefused": (403, {"seat_credential_invalid"}),
    "StateSpent": (409, {"state_spent"}),
    "SealRefused": (403, {"chosen_deal_refused"}),
}


@pytest.fixture(scope="module")
def refused(referees):
    found = {**open_refusals(referees["open"]), **signed_refusals(referees["signed"]), **sealed_refusals(referees["sealed"])}
    assert set(found) == set(EXPECTED)
    return found


def test_the_python_client_tells_each_refusal_class_apart(refused):
    for name, (problem, body) in refused.items():
        status, codes = EXPECTED[name]
        assert (body["status"], body["code"] in codes) == (status, True), (name, body)
        assert refusals.is_problem(problem), (name, problem)
        found = refusals.refusal(problem)
        assert type(found) is refusals.REFUSALS[name], (name, body["code"])
        with pytest.raises(refusals.REFUSALS[name]) as raised:
            refusals.raise_for_problem(problem)
        assert (raised.value.code, raised.value.detail, raised.value.status) == (body["code"], body["detail"], status)
    illegal = refusals.refusal(refused["IllegalMove"][0])
    assert isinstance(illegal, refusals.IllegalMove)
    # the mover's own legal moves, as the kit recorded them (RULINGS F5: the led suit, which seat 1 holds)
    expected = kit_case("agram/refusal/2p-1-must-follow")["answer"]["body"]["legal_moves"]
    assert [move.to_dict() for move in illegal.legal_moves] == expected and expected
    invalid = refusals.refusal(refused["InvalidState"][0])
    assert isinstance(invalid, refusals.InvalidState) and invalid.problems == refused["InvalidState"][1]["problems"]
    failed = refusals.refusal(refused["ValidationFailed"][0])
    assert isinstance(failed, refusals.ValidationFailed) and set(failed.errors.to_dict()["json"]) == {"players", "seed"}
    assert failed.detail.startswith("`") and "1 more fault is listed in `errors`" in failed.detail
    record = refusals.refusal(refused["RecordInvalid"][0])
    assert isinstance(record, refusals.RecordInvalid) and record.position == refused["RecordInvalid"][1]["position"]
    version = refusals.refusal(refused["UnsupportedVersion"][0])
    assert isinstance(version, refusals.UnsupportedVersion) and version.supported is not None
    for name in ("CredentialRefused", "TokenInvalid"):  # both refine SealRefused
        assert isinstance(refusals.refusal(refused[name][0]), refusals.SealRefused)
    assert isinstance(refusals.refusal(refused["ValidationFailed"][0]), refusals.HttpError)
    assert isinstance(refusals.refusal(refused["ClockRefusal"][0]), refusals.RulesRefusal)
    unknown = models.Problem(code="a_code_from_the_future", detail="d", status=409, title="t", type_="/problems/x")
    assert type(refusals.refusal(unknown)) is refusals.Refusal
    assert refusals.raise_for_problem(refused["IllegalMove"][0].legal_moves) is refused["IllegalMove"][0].legal_moves


def run_typescript_helpers(tmp_path: Path, problems: list[dict[str, Any]], events: list[dict[str, Any]]) -> dict[str, Any]:
    program = tmp_path / "client_helpers.mjs"
    clients.bundle(program, ROOT / "tests" / "typescript" / "client_helpers.ts", platform="node",
                   define={"HELPER_INPUT": json.dumps({"problems": problems, "events": events})})
    result = subprocess.run(["node", str(program)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    output: dict[str, Any] = json.loads(result.stdout)
    return output


def test_the_typescript_client_tells_each_refusal_class_apart(refused, tmp_path):
    """Each guard holds for the problems of its class and the classes that
    refine it, and for no other (``isIllegalMove`` and the others narrow only
    where the member they promise is there)."""
    names = list(refused)
    output = run_typescript_helpers(tmp_path, [refused[name][1] for name in names], [])
    ancestors = {kind.name: kind.parent for kind in problem_classes()}
    for name, found, guards in zip(names, output["classes"], output["guards"], strict=True):
        assert found == name
        expected = {name}
        while ancestors[name] is not None:
            name = ancestors[name]
            expected.add(name)
        assert set(guards) == expected, (found, guards)


# -- events in words ---------------------------------------------------------------------------


def spec_event_kinds() -> set[str]:
    """Every kind of event the spec lists in a play answer's ``events``, and ``reseat``'s."""
    schemas = load_spec()["components"]["schemas"]
    reseated = {schemas[schema["properties"]["events"]["items"]["$ref"].rsplit("/", 1)[1]]["properties"]["type"]["enum"][0]
                for name, schema in schemas.items() if name.endswith("Reseated") and "events" in schema["properties"]}
    return reseated | {kind for name, schema in schemas.items() if name.endswith("PlayResponse")
                       for kind in schema["properties"]["events"]["items"]["discriminator"]["mapping"]}


TIMEOUT_EVENTS: list[tuple[str, Any]] = []
"""The events of the plays on timeout, as the Python client parsed them (filled by ``live_events``)."""


def live_events(referees) -> list[dict[str, Any]]:
    """Events gunicorn answers: the kit's requests whose answers carry events,
    sent again (a few of each kind and game, every match's end and every
    discarded trick), and a play on timeout in Agency and Agram (sealed, a clock of 1 s), then a reseat of seat 1."""
    seen: Counter[tuple[str, str]] = Counter()
    found = []
    with httpx.Client(base_url=referees["open"], timeout=30) as http:
        for case in load_cases():
            body = case.get("answer", {}).get("body") if "request" in case else None
            if not isinstance(body, dict) or not body.get("events"):
                continue
            kinds = {(case["game"], event["type"]) for event in body["events"]}
            if all(seen[kind] >= 4 for kind in kinds):
                continue
            answer = http.request(case["request"]["method"], case["request"]["path"], json=case["request"]["body"])
            assert answer.status_code == 200, answer.text
            for event in answer.json()["events"]:
                seen[case["game"], event["type"]] += 1
                found.append({"game": case["game"], "event": event})
    public = Client(base_url=referees["sealed"], raise_on_unexpected_status=True)
    clock = models.DealClock(move_seconds=1)
    agency = refusals.raise_for_problem(agency_deal.sync(client=public, body=models.AgencyRandomDeal(clock=clock)))
    agram = refusals.raise_for_problem(agram_deal.sync(client=public, body=models.AgramRandomDeal(players=3, clock=clock)))
    time.sleep(1.2)  # past the seat to act's deadline
    for game, dealt, timeout, request in (("agency", agency, agency_timeout, models.AgencySealedStateRequest),
                                           ("agram", agram, agram_timeout, models.AgramSealedStateRequest)):
        seat = AuthenticatedClient(base_url=referees["sealed"], token=dealt.seats[0].credential)
        played = refusals.raise_for_problem(timeout.sync(client=seat, body=request(token=dealt.token)))
        assert played.events[0].timeout is True
        found += [{"game": game, "event": event.to_dict()} for event in played.events]
        TIMEOUT_EVENTS.extend((game, event) for event in played.events)
        host = AuthenticatedClient(base_url=referees["sealed"], token=dealt.host)
        reseat = agency_reseat if game == "agency" else agram_reseat
        body = (models.AgencyReseatRequest if game == "agency" else models.AgramReseatRequest)(token=played.token, seat=1)
        reseated = refusals.raise_for_problem(reseat.sync(client=host, body=body))
        assert reseated.state.reseats == [0, 1] + [0] * (len(dealt.seats) - 2)
        found += [{"game": game, "event": event.to_dict()} for event in reseated.events]
    return found


def test_both_clients_write_every_event_kind_in_the_same_words(referees, tmp_path):
    events = live_events(referees)
    assert {entry["event"]["type"] for entry in events} == spec_event_kinds()
    assert any(entry["event"].get("timeout") for entry in events)
    python = [python_events.event_sentence(entry["event"], entry["game"]) for entry in events]
    typescript = run_typescript_helpers(tmp_path, [], events)["sentences"]
    assert typescript == python
    assert all(sentence != entry["event"]["type"] and sentence.endswith(".") for sentence, entry in zip(python, events, strict=True))
    # the Python client reads its own models (the timeout's answer, as the client parsed it) as it reads their dicts
    for game, model in TIMEOUT_EVENTS:
        assert python_events.event_sentence(model, game) == python_events.event_sentence(model.to_dict(), game)
    by_kind = {(entry["game"], entry["event"]["type"], bool(entry["event"].get("timeout"))): (entry["event"], sentence)
               for entry, sentence in zip(events, python, strict=True)}
    # the words the contract's members give: a seat's play, a team's hand and match in Agency (A4), a seat's elsewhere
    event, sentence = by_kind["agram", "card_played", False]
    assert sentence == f"Seat {event['seat']} plays the {python_events.card_name('french', event['card'])}."
    event, sentence = by_kind["agency", "card_played", True]
    assert sentence.startswith(f"Seat {event['seat']}'s time ran out: the referee plays the ") and sentence.endswith(" for it.")
    event, sentence = by_kind["agency", "hand_over", False]
    assert sentence.startswith("The hand is over: ") and f"Points {event['team_points'][0]} to {event['team_points'][1]}." in sentence
    event, sentence = by_kind["agency", "match_over", False]
    assert sentence == f"The match is over: team {event['winner']} wins it ({event['tally'][0]} to {event['tally'][1]})."
    event, sentence = by_kind["fapfap", "hand_over", False]
    assert f"Payouts {', '.join(str(value) for value in event['payouts'])}." in sentence
    assert by_kind["agency", "trick_discarded", False][1] == "Nobody can play: the trick is discarded and the hand ends."
    assert python_events.card_name("french", "10S") == "10 of spades" and python_events.card_name("agency", "5H") == "5 of Hats"
    assert python_events.card_name("agency", "W", 2) == "Wall from holder 2" and python_events.card_name("french", "AH") == "ace of hearts"
