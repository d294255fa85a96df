"""The kit's cases: where they are, how they are read, and what "agree" means.

A case is one JSON object on one line of ``conformance/<game>/<rules
version>/<kind>.jsonl``::

    {"id": "agram/play/3p-7", "game": "agram", "kind": "play",
     "rulings": ["F5"], "note": "...",
     "request": {"method": "POST", "path": "/v1/games/agram/play", "body": {...}},
     "answer": {"status": 200, "body": {...}}}

except perft cases (``kind`` ``perft``), which hold a ``state``, a
``depth`` and the ``count`` of legal play sequences of that length from it
(``conformance.perft``).

An implementation **agrees** with a case when it answers the request with
the case's status and a body that ``differences`` finds nothing in:
structurally, not as bytes, every member of the recorded body present and
equal, with these allowances (``strict`` drops them):

* members the implementation adds are ignored (the contract allows extra
  members);
* prose is not compared: ``detail``, ``title`` and a 422's ``errors``; a
  list of ``problems`` sentences must have as many sentences, not the same
  words;
* ``moves`` and ``legal_moves`` are sets: their order is free.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent
"""The kit's directory: one directory per game, one per rules version in it."""

RULES_VERSION = "1"
"""The rules version whose cases this kit holds (RULINGS: a seed's deal is
fixed within it)."""

KINDS: dict[str, str] = {
    "game": "GET /v1/games/{game}: the deck, rank order, seats and options (A1, F2, F8)",
    "deal": "a deal from a seed, a deck order or hands, with its options; deals refused",
    "legal-moves": "the legal moves of a position",
    "play": "a legal move played: the new state and its events",
    "refusal": "a move refused, with its code and the legal moves",
    "score": "the score of a hand, running or over",
    "view": "what one seat may see",
    "trick-winner": "a trick judged with no state, and tricks refused",
    "match": "the next hand of a match, and next hands refused",
    "replay": "a whole transcript replayed, or refused where a move is illegal",
    "record": "a hand's record (docs/notation.md), the replay of a record, and records refused with their position",
    "check": "check's problems (and invalid_state, unsupported_version where a state is refused)",
    "perft": "the number of legal play sequences of a given length from a position",
}
"""Every kind of case, each in its own file per game, in the order they are run."""

UNORDERED = frozenset({"moves", "legal_moves"})
"""Members whose lists are sets of moves: their order is free."""

PROSE = frozenset({"detail", "title", "errors"})
"""Members written for people: not compared unless strict."""

SENTENCES = frozenset({"problems"})
"""Members listing sentences: compared by their number unless strict."""


def case_files(root: Path = ROOT, game: str | None = None) -> list[Path]:
    """The kit's files, by game and then in ``KINDS`` order."""
    order = {kind: index for index, kind in enumerate(KINDS)}
    files = [path for path in root.glob("*/*/*.jsonl") if game is None or path.parent.parent.name == game]
    return sorted(files, key=lambda path: (path.parent.parent.name, path.parent.name, order.get(path.stem, len(order))))


def load_cases(root: Path = ROOT, game: str | None = None, only: str | None = None) -> list[dict[str, Any]]:
    """Every case of the kit (of one ``game``, of one kind ``only``), in file order."""
    cases = []
    for path in case_files(root, game):
        if only is not None and path.stem != only:
            continue
        with path.open(encoding="utf-8") as lines:
            cases += [json.loads(line) for line in lines if line.strip()]
    return cases


def dumps(value: Any) -> str:
    """A case as one line: compact, keys in the order they were written, UTF-8 as is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def show(value: Any, limit: int = 100) -> str:
    """A value in a disagreement's line: compact JSON, cut at ``limit`` characters."""
    text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def differences(expected: Any, actual: Any, *, strict: bool = False, path: str = "body") -> list[str]:
    """Where ``actual`` disagrees with ``expected``, one line per place
    (``path: expected ..., got ...``); empty when they agree as the module
    docstring says."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {show(actual)}"]
        found = []
        for key, value in expected.items():
            where = f"{path}.{key}"
            if key not in actual:
                found.append(f"{where}: missing (expected {show(value)})")
            elif key in PROSE and not strict:
                continue
            elif key in SENTENCES and not strict and _sentences(value):
                if not _sentences(actual[key]) or len(actual[key]) != len(value):
                    found.append(f"{where}: expected {len(value)} sentence(s), got {show(actual[key])}")
            elif key in UNORDERED and isinstance(value, list):
                found += _set_differences(value, actual[key], where)
            else:
                found += differences(value, actual[key], strict=strict, path=where)
        if strict:
            found += [f"{path}.{key}: not expected (got {show(actual[key])})" for key in actual if key not in expected]
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [f"{path}: expected a list, got {show(actual)}"]
        if len(actual) != len(expected):
            return [f"{path}: expected {len(expected)} item(s), got {len(actual)}: {show(actual)}"]
        found = []
        for index, (mine, theirs) in enumerate(zip(expected, actual)):
            found += differences(mine, theirs, strict=strict, path=f"{path}[{index}]")
        return found
    if _same_scalar(expected, actual):
        return []
    return [f"{path}: expected {show(expected)}, got {show(actual)}"]


def _same_scalar(expected: Any, actual: Any) -> bool:
    """JSON equality: ``true`` is not ``1``, ``1`` is ``1.0``."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return bool(expected == actual)


def _sentences(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _set_differences(expected: list[Any], actual: Any, path: str) -> list[str]:
    if not isinstance(actual, list):
        return [f"{path}: expected a list, got {show(actual)}"]
    mine, theirs = sorted(map(_key, expected)), sorted(map(_key, actual))
    if mine == theirs:
        return []
    missing = [item for item in mine if item not in theirs]
    extra = [item for item in theirs if item not in mine]
    parts = ([f"missing {', '.join(missing)}"] if missing else []) + ([f"not expected {', '.join(extra)}"] if extra else [])
    if not parts:
        parts = [f"expected {len(mine)} item(s), got {len(theirs)}"]
    return [f"{path}: {'; '.join(parts)}"]


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


# -- talking to an implementation ------------------------------------------------


class Transport(Protocol):
    """Sends one request to an implementation: its status and decoded JSON body."""

    def send(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """Raises ``OSError`` when nothing answers."""
        ...


class HttpTransport:
    """An implementation served over HTTP at ``base`` (``http://host:port``)."""

    def __init__(self, base: str, timeout: float = 30.0) -> None:
        self.base = base.rstrip("/")
        self.timeout = timeout

    def send(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return answer.status, _decoded(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, _decoded(refused.read())


class AppTransport:
    """This referee in-process (a Flask test client): open mode, or signed
    with ``signing_key`` and no token store (the kit plays many moves from
    one state, and signs states without the time they were issued)."""

    def __init__(self, signing_key: str | None = None) -> None:
        from service.app import create_app

        app = create_app({"TESTING": True, "REFEREE_LOG_LEVEL": "WARNING",
                          "REFEREE_SIGNING_KEYS": signing_key, "REFEREE_SEALING_KEYS": None, "REFEREE_TOKEN_STORE": "none"})
        self.client = app.test_client()

    def send(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        response = self.client.open(path, method=method, json=body)
        return response.status_code, _decoded(response.get_data())


class SignedTransport:
    """An implementation holding states signed (docs/holding.md: Signed):
    every state a request carries (``state``, ``previous``, ``deal.previous``)
    is signed with ``key`` before it is sent, and the signature and issue
    time (``issued_at``) of every state answered are dropped before it is
    compared. The implementation must record no spent states (this referee:
    ``REFEREE_TOKEN_STORE=none``): cases play many moves from one state, and
    the states the kit signs carry no issue time."""

    def __init__(self, inner: Transport, key: str) -> None:
        self.inner = inner
        self.key = key.encode()

    def send(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if isinstance(body, dict):
            body = dict(body)
            for name in ("state", "previous"):
                if isinstance(body.get(name), dict):
                    body[name] = self.signed(body[name])
            if isinstance(body.get("deal"), dict) and isinstance(body["deal"].get("previous"), dict):
                body["deal"] = {**body["deal"], "previous": self.signed(body["deal"]["previous"])}
        status, answer = self.inner.send(method, path, body)
        if isinstance(answer, dict) and isinstance(answer.get("state"), dict):
            answer["state"] = {key: value for key, value in answer["state"].items() if key not in (SIGNATURE, ISSUED_AT)}
        return status, answer

    def signed(self, state: dict[str, Any]) -> dict[str, Any]:
        """``state`` with its signature: ``hmac-sha256:`` and the unpadded
        base64url HMAC-SHA256 of its JSON without ``signature``, keys sorted,
        no spaces, UTF-8."""
        unsigned = {key: value for key, value in state.items() if key != SIGNATURE}
        canonical = json.dumps(unsigned, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        mac = hmac.new(self.key, canonical, hashlib.sha256).digest()
        return {**unsigned, SIGNATURE: "hmac-sha256:" + base64.urlsafe_b64encode(mac).rstrip(b"=").decode()}


SIGNATURE = "signature"
"""The member a signed state carries its signature in."""
ISSUED_AT = "issued_at"
"""The member a signed state carries the time it was issued in."""


def holds_in_signed_mode(case: dict[str, Any]) -> bool:
    """Whether a case's answer is the same from an implementation holding
    signed states: every case but those refusing a state it was sent as
    ``invalid_state`` from an operation other than ``check`` (a signed state
    is one the referee made: it is rebuilt from its record, not checked
    field by field), and replays of a later hand's record, alone or first of
    a match's records (its ``#`` part, docs/notation.md, names a match tally
    no signature covers, which a signed referee refuses)."""
    if case["kind"] == "perft":
        return True
    request, answer = case["request"], case["answer"]
    body = request.get("body")
    replayed = ([body["record"]] if isinstance(body.get("record"), str) else body.get("records")) if isinstance(body, dict) else None
    if isinstance(replayed, list) and replayed and isinstance(replayed[0], str) and " #" in replayed[0]:
        return False
    carries = isinstance(body, dict) and any(name in body for name in ("state", "previous"))
    refused = answer["status"] == 409 and isinstance(answer["body"], dict) and answer["body"].get("code") == "invalid_state"
    return not (carries and refused and not request["path"].endswith("/check"))


def carries_state(case: dict[str, Any]) -> bool:
    """Whether a case sends a hand: a perft walk, or a request whose body
    carries a state (``state``, ``previous`` or a transcript's
    ``deal.previous``)."""
    if case["kind"] == "perft":
        return True
    body = case["request"].get("body")
    if not isinstance(body, dict):
        return False
    deal = body.get("deal")
    return "state" in body or "previous" in body or (isinstance(deal, dict) and "previous" in deal)


# -- the mode of the implementation ------------------------------------------------


@dataclass(frozen=True)
class Mode:
    """How an implementation holds states, as the answer to the kit's first
    deal shows it: ``open``, ``signed`` (its state carries a ``signature``),
    ``sealed`` (it answered a token, or refused the chosen deal as sealed
    mode does: 403 ``chosen_deal_refused``), or ``unknown`` (any other
    answer). ``evidence`` says what in the answer showed it."""

    name: str
    evidence: str


def first_deal(cases: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first deal of ``cases`` that a referee in open mode answers with a
    state (a first hand, dealt from a seed, a deck or hands)."""
    return next((case for case in cases if case["kind"] == "deal" and case["answer"]["status"] == 200
                 and not carries_state(case)), None)


def read_mode(transport: Transport, deal: dict[str, Any]) -> Mode:
    """The mode of the implementation behind ``transport`` (unsigned), from
    its answer to ``deal`` (a case of ``first_deal``).

    Raises:
        OSError: nothing answered.
    """
    request = deal["request"]
    status, body = transport.send(request["method"], request["path"], request.get("body"))
    said = f"the first deal ({deal['id']}) answered {status}"
    if not isinstance(body, dict):
        return Mode("unknown", f"{said} with no JSON object")
    if status == 403 and body.get("code") == "chosen_deal_refused":
        return Mode("sealed", f"{said} chosen_deal_refused: it deals only at random")
    if status == 200 and isinstance(body.get("token"), str):
        return Mode("sealed", f"{said} a token and a public state")
    state = body.get("state")
    if status == 200 and isinstance(state, dict):
        if SIGNATURE in state:
            return Mode("signed", f"{said} a state with a signature")
        return Mode("open", f"{said} a state with no signature")
    return Mode("unknown", f"{said}{' ' + str(body['code']) if 'code' in body else ''}")


def checkable(case: dict[str, Any], mode: str, keyed: bool) -> bool:
    """Whether ``case``'s answer is the one an implementation in ``mode``
    gives (``keyed``: the runner holds the signing key of a signed one).

    * open, or unknown: every case;
    * signed with its key: every case (of those ``holds_in_signed_mode``
      keeps: the runner leaves the others out in signed mode);
    * signed without its key: the cases that send no state (every state sent
      would be refused, 403 ``state_signature_invalid``);
    * sealed: the cases that send no state and deal nothing (a sealed
      referee answers a token and a public state, or refuses a chosen deal).
    """
    if mode == "sealed":
        return not carries_state(case) and not case["request"]["path"].endswith(("/deal", "/replay"))
    if mode == "signed":
        return keyed or not carries_state(case)
    return True


def _decoded(data: bytes) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        return data.decode("utf-8", "replace")


# -- checking cases --------------------------------------------------------------


def check_case(transport: Transport, case: dict[str, Any], *, strict: bool = False) -> list[str]:
    """Where ``transport``'s answer to a (non-perft) case disagrees with the
    case's answer; empty when it agrees."""
    request, answer = case["request"], case["answer"]
    try:
        status, body = transport.send(request["method"], request["path"], request.get("body"))
    except OSError as failure:
        return [f"no answer: {failure}"]
    found = [] if status == answer["status"] else [f"status: expected {answer['status']}, got {status}"]
    return found + differences(answer["body"], body, strict=strict)


def describe(case: dict[str, Any]) -> str:
    """A case's heading in the runner's output: its id, its rulings and its request."""
    rulings = ", ".join(case.get("rulings", ())) or "no ruling"
    if case["kind"] == "perft":
        return f"{case['id']} ({rulings}): perft depth {case['depth']}"
    request = case["request"]
    return f"{case['id']} ({rulings}): {request['method']} {request['path']}"


def games(cases: list[dict[str, Any]]) -> Iterator[str]:
    """The games of ``cases``, each once, in order."""
    yield from dict.fromkeys(case["game"] for case in cases)
