"""The request deadline and admission, in-process (``service/deadline.py``,
``service/server/plumbing.py``); ``tests/test_hostile.py`` checks both against
gunicorn under bursts."""

from __future__ import annotations

import itertools

import pytest

from bench.hostile import long_replay
from service import deadline
from service.app import create_app
from service.cards import Card
from service.config import SettingError
from service.errors import DeadlineExceeded
from service.games import GAMES
from service.games.base import replay_transcript
from service.tricks import Play

PROBLEM = "application/problem+json"


class FakeClock:
    """``time.perf_counter`` for ``service.deadline``: each reading one step later."""

    def __init__(self, step: float) -> None:
        self.now = itertools.count(start=step, step=step)

    def __call__(self) -> float:
        return float(next(self.now))


def test_checkpoint_outside_a_request_never_stops():
    for _ in range(1000):
        deadline.checkpoint()


def test_a_replay_stops_at_the_first_hand_past_its_deadline(monkeypatch):
    """Each hand of a replay starts with a checkpoint: with a clock that
    advances 1 s per reading and a 2.5 s deadline started at 0, hands 1 and
    2 run (readings 1 and 2) and the third checkpoint (reading 3) stops it."""
    body = long_replay(5, players=2)
    hands = [(body["deal"], [_move(m) for m in body["moves"]])] + [
        (h["deal"], [_move(m) for m in h["moves"]]) for h in body["next_hands"]]
    played = []
    real_deal = GAMES["agram"].deal

    class Counting:
        def __getattr__(self, name):
            return getattr(GAMES["agram"], name)

        def deal(self, **kwargs):
            played.append(kwargs.get("seed"))
            return real_deal(**kwargs)

    monkeypatch.setattr(deadline.time, "perf_counter", FakeClock(1.0))
    with deadline.deadline(2.5, 0.0), pytest.raises(DeadlineExceeded) as refused:
        replay_transcript(Counting(), hands)
    assert played == [1, 2]
    assert refused.value.code == "deadline_exceeded"


def _move(move: dict) -> Play:
    return Play(seat=move["seat"], card=Card.parse(move["card"]))


def test_past_the_deadline_an_operation_answers_503_deadline_exceeded_with_retry_after():
    client = create_app({"TESTING": True, "REFEREE_DEADLINE_SECONDS": 1e-9}).test_client()
    for path, body in (("/v1/games/agram/deal", {"players": 3}), ("/v1/games/agram/replay", long_replay(2, players=2))):
        answer = client.post(path, json=body)
        assert answer.status_code == 503 and answer.mimetype == PROBLEM
        assert answer.headers["Retry-After"] == "1"
        problem = answer.get_json()
        assert problem["code"] == "deadline_exceeded" and problem["type"] == "/problems/deadline_exceeded"
        assert "deadline" in problem["detail"]
    assert client.get("/problems/deadline_exceeded").get_json()["status"] == 503
    assert client.get("/healthz").status_code == 200  # no work to stop


def test_within_the_deadline_a_long_replay_is_answered():
    client = create_app({"TESTING": True, "REFEREE_DEADLINE_SECONDS": 30}).test_client()
    answer = client.post("/v1/games/agram/replay", json=long_replay(20, players=2))
    assert answer.status_code == 200
    assert len(answer.get_json()["scores"]) == 20


def test_past_its_active_requests_a_worker_answers_503_at_once_but_probes_get_in():
    app = create_app({"TESTING": True, "REFEREE_MAX_ACTIVE": 2})
    client = app.test_client()
    admission = app.wsgi_app.admission
    admission.active = 2  # two requests at work, switched out at a checkpoint
    busy = client.post("/v1/games/agram/deal", json={"players": 3})
    assert busy.status_code == 503 and busy.mimetype == PROBLEM
    assert busy.headers["Retry-After"] == "1"
    assert busy.get_json()["code"] == "service_unavailable"
    for probe in ("/healthz", "/readyz", "/metrics"):
        assert client.get(probe).status_code == 200, probe
    assert admission.active == 2  # probes are not counted, and a refusal holds no place
    admission.active = 1
    assert client.post("/v1/games/agram/deal", json={"players": 3}).status_code == 200
    assert admission.active == 1  # released after its answer


def test_one_client_past_its_share_of_the_active_requests_answers_503_and_another_gets_in():
    """REFEREE_CLIENT_SHARE (0.75 by default): of 4 requests at work one client (one address) may hold 3."""
    app = create_app({"TESTING": True, "REFEREE_MAX_ACTIVE": 4})
    admission = app.wsgi_app.admission
    assert admission.per_client == 3
    admission.active, admission.by_client = 3, {"127.0.0.2": 3}  # client A's three, switched out at a checkpoint
    a, b = ({"REMOTE_ADDR": address} for address in ("127.0.0.2", "127.0.0.3"))
    client = app.test_client()
    busy = client.post("/v1/games/agram/deal", json={"players": 3}, environ_base=a)
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "1"
    assert busy.get_json()["code"] == "service_unavailable" and "from your address" in busy.get_json()["detail"]
    assert client.post("/v1/games/agram/deal", json={"players": 3}, environ_base=b).status_code == 200
    assert admission.by_client == {"127.0.0.2": 3} and admission.active == 3  # B's place given back
    admission.by_client = {"127.0.0.2": 2}
    admission.active = 2
    assert client.post("/v1/games/agram/deal", json={"players": 3}, environ_base=a).status_code == 200
    assert create_app({"TESTING": True, "REFEREE_MAX_ACTIVE": 1}).wsgi_app.admission.per_client == 1  # at least one


def test_a_request_that_fails_releases_its_place():
    app = create_app({"TESTING": True, "REFEREE_MAX_ACTIVE": 1})
    client = app.test_client()
    for body in (b"{", b'{"players": 99}', b"[]"):
        assert client.post("/v1/games/agram/deal", data=body, content_type="application/json").status_code in (400, 422)
    assert app.wsgi_app.admission.active == 0


@pytest.mark.parametrize(("name", "value"), [
    ("REFEREE_DEADLINE_SECONDS", "0"), ("REFEREE_DEADLINE_SECONDS", "-1"), ("REFEREE_DEADLINE_SECONDS", "soon"),
    ("REFEREE_DEADLINE_SECONDS", "inf"), ("REFEREE_DEADLINE_SECONDS", "nan"),
    ("REFEREE_MAX_ACTIVE", "0"), ("REFEREE_MAX_ACTIVE", "many"), ("REFEREE_MAX_ACTIVE", "2.5"),
    ("REFEREE_CLIENT_SHARE", "0"), ("REFEREE_CLIENT_SHARE", "1.5"), ("REFEREE_CLIENT_SHARE", "half"),
    ("REFEREE_CLIENT_SHARE", "nan"), ("REFEREE_CLIENT_SHARE", "-0.5"),
])
def test_a_deadline_or_admission_setting_the_service_cannot_use_stops_it_at_start(name, value):
    with pytest.raises(SettingError, match=name):
        create_app({"TESTING": True, name: value})


def test_past_the_deadline_the_analysis_operations_answer_what_they_have(monkeypatch):
    """solve stops its search as if the budget ran out (bounds, ``exact``
    false) and suggest plays the best move of the worlds so far (legal):
    never a 503, as the contract asks of them (CONTRACT: Analysis and bots,
    Cost). The hand is one solve proves within its budget in over 1,024 nodes;
    then the clock reads 0 until the operation has started, and far past
    the deadline from then on."""
    client = create_app({"TESTING": True, "REFEREE_DEADLINE_SECONDS": 5}).test_client()
    state = client.post("/v1/games/agram/deal", json={"players": 5, "seed": 3}).get_json()["state"]  # solved in 1,461 nodes
    legal = client.post("/v1/games/agram/legal-moves", json={"state": state}).get_json()["moves"]
    assert client.post("/v1/games/agram/solve", json={"state": state}).get_json()["exact"] is True
    readings = iter(range(10**9))
    monkeypatch.setattr(deadline.time, "perf_counter", lambda: 0.0 if next(readings) < 2 else 100.0)
    solved = client.post("/v1/games/agram/solve", json={"state": state})
    assert solved.status_code == 200, solved.get_json()
    answer = solved.get_json()
    assert answer["exact"] is False and "value" not in answer
    assert all(0 <= move["lower"] <= move["upper"] <= 1 for move in answer["moves"])
    readings = iter(range(10**9))
    suggested = client.post("/v1/games/agram/suggest", json={"state": state, "seed": 1})
    assert suggested.status_code == 200 and suggested.get_json()["move"] in legal
