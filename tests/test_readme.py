"""The README's curl examples, run as written against gunicorn."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from support import ROOT, running_gunicorn


def _examples() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Examples", 1)[1]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


def _documents(text: str) -> list:
    """The JSON documents curl printed one after another (each answer ends with one newline)."""
    decoder, documents, position = json.JSONDecoder(), [], 0
    while position < len(text.rstrip()):
        document, position = decoder.raw_decode(text, position)
        documents.append(document)
        while position < len(text) and text[position].isspace():
            position += 1
    return documents


def _in_temp(tmp_path) -> dict[str, str]:
    """An environment whose temporary directories (mktemp -d) are made under
    ``tmp_path / "temp"``, and an empty ``tmp_path / "current"`` to run in."""
    (tmp_path / "temp").mkdir()
    (tmp_path / "current").mkdir()
    return {**os.environ, "TMPDIR": str(tmp_path / "temp")}


def _written(tmp_path) -> list[str]:
    """The files the examples wrote: none in the current directory, all in one temporary directory."""
    assert list((tmp_path / "current").iterdir()) == []
    (directory,) = (tmp_path / "temp").iterdir()
    return sorted(path.name for path in directory.iterdir())


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_readme_examples_run(tmp_path):
    script = _examples()
    assert script.count("curl ") == 5
    result = _run_sh(script, tmp_path)
    assert _written(tmp_path) == ["hand.json"]  # in a directory of its own, not the current one
    legal, played, refused, trick = _documents(result.stdout)
    assert (refused["status"], refused["code"], refused["legal_moves"]) == (409, "not_your_turn", [])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"An illegal move answers like this.*?```json\n(.*?)```", readme, re.S).group(1)
    assert list(json.loads(shown).items()) == list(refused.items())  # the answer as printed, its members in order
    assert legal["to_act"] == 1 and {"seat": 1, "card": "3D"} in legal["moves"]
    assert played["events"] == [{"type": "card_played", "seat": 1, "card": "3D"}]
    assert trick["winner"] == 2 and trick["card"] == "1V" and trick["points"] == 4


def test_readme_replay_example_is_accepted(client):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("A whole hand can be checked in one call", 1)[1]
    body = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    response = client.post("/v1/games/agram/replay", json=body)
    assert response.status_code == 200, response.get_json()
    assert [event["type"] for event in response.get_json()["events"]] == ["card_played", "card_played"]


def _run_sh(script: str, tmp_path) -> subprocess.CompletedProcess[str]:
    """A README's shell block run as written (bash, strict) against gunicorn,
    in an empty directory with temporary directories under ``tmp_path``."""
    with running_gunicorn(workers=1) as server:
        result = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script.replace("localhost:8000", f"127.0.0.1:{server.port}")],
            cwd=tmp_path / "current", env=_in_temp(tmp_path), capture_output=True, text=True, timeout=60,
        )
    assert result.returncode == 0, result.stderr
    return result


def _block(heading: str, language: str) -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.search(rf"```{language}\n(.*?)```", readme.split(heading, 1)[1], re.S).group(1)


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_readme_agency_example_runs(tmp_path):
    result = _run_sh(_block("### A worked Agency hand", "sh"), tmp_path)
    assert _written(tmp_path) == ["agency.json"]
    (written,) = (tmp_path / "temp").glob("*/agency.json")
    state = json.loads(written.read_text())["state"]
    assert state["holders"][0] == ["8V", "7V", "7H", "W", "9M", "2B", "W", "8H", "1H", "7B"]
    assert state["reach"][0] == [{"holder": 0, "cards": ["8V", "7V", "7H", "W"]}, {"holder": 3, "cards": ["6M", "6V", "9V", "W"]}]
    legal, refused, played = _documents(result.stdout)
    moves = [(move["card"], move["holder"]) for move in legal["moves"]]
    assert moves == [("8V", 0), ("7V", 0), ("7H", 0), ("6M", 3), ("6V", 3), ("9V", 3)]
    assert refused["code"] == "wall_not_allowed" and refused["status"] == 409 and refused["legal_moves"] == legal["moves"]
    assert refused["detail"] == "A Wall may be led only when every card seat 0 can reach is a Wall (RULINGS A8)"
    assert played["events"] == [{"type": "card_played", "seat": 0, "card": "6V", "holder": 3}]
    assert played["state"]["to_act"] == 1


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_readme_analysis_examples_run(tmp_path):
    """solve, suggest and analyze as the README shows them: the values are the
    endgame's by the rules (F1, F2, F5: 3C first wins, AD first loses)."""
    script = _block("## Analysis and bots", "sh")
    assert script.count("curl ") == 5
    result = _run_sh(script, tmp_path)
    assert _written(tmp_path) == ["endgame.json"]
    solved, suggested, reviewed = _documents(result.stdout)
    assert solved["to_act"] == 1 and solved["exact"] is True and solved["value"] == 1
    assert {entry["move"]["card"]: entry["value"] for entry in solved["moves"]} == {"AD": 0, "3C": 1}
    assert suggested["seat"] == 1 and suggested["level"] == "search" and suggested["seed"] == 7
    assert suggested["move"]["card"] in {"AD", "3C"}
    last = reviewed["plays"][-1]
    assert last["move"] == {"seat": 1, "card": "AD"} and (last["value_before"], last["value_after"]) == (1, 0)


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_readme_records_example_runs(tmp_path):
    result = _run_sh(_block("### Records", "sh"), tmp_path)
    assert _written(tmp_path) == ["hand.json"]
    record, replayed, refused = _documents(result.stdout)
    assert record == {"record": "agram/1 p3 d0 s42"}
    assert [(event["seat"], event["card"]) for event in replayed["events"] if event["type"] == "card_played"] == [
        (1, "3D"), (2, "10D"), (0, "8D")]
    assert replayed["state"]["to_act"] == 2  # 10D won the trick (F1)
    assert (refused["status"], refused["code"], refused["position"]) == (422, "record_invalid", 19)


def test_readme_matches_example_deals_the_next_hand(tmp_path):
    """The Matches program plays hand 1 of an Agram match with each seat's
    first legal move and deals hand 2: its match record is hand 2, the tally
    before it hand 1's, one hand won by one seat (F7)."""
    result = _run_sh(_block("### Matches", "sh"), tmp_path)
    match = ast.literal_eval(result.stdout.strip())
    assert match["hand"] == 2 and match["unit"] == "hands" and match["over"] is False
    assert sorted(match["previous"]) == [0, 0, 1]


def test_readme_game_loop_plays_a_whole_hand(tmp_path):
    program = _block("### A game loop", "python")
    with running_gunicorn(workers=1) as server:
        result = subprocess.run(
            [sys.executable, "-c", program.replace("localhost:8000", f"127.0.0.1:{server.port}")],
            cwd=tmp_path, capture_output=True, text=True, timeout=60,
        )
    assert result.returncode == 0, result.stderr
    *events, score = [ast.literal_eval(line) for line in result.stdout.splitlines()]
    assert events[0] == {"type": "card_played", "seat": 0, "card": events[0]["card"], "holder": events[0]["holder"]}
    assert events[-1]["type"] == "hand_over" and score["hand_over"] is True
    assert score["winner"] == events[-1]["winner"] and score["team_points"] == events[-1]["team_points"]


def test_readme_refusal_example_is_the_answer(client):
    """The illegal-move example is what the referee answers to seat 0 playing
    out of turn in the examples' hand (regression: it showed the seat to
    act's moves, which a refusal no longer lists)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("An illegal move answers like this", 1)[1]
    documented = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    state = client.post("/v1/games/agram/deal", json={"players": 3, "seed": 42}).get_json()["state"]
    response = client.post("/v1/games/agram/play", json={"state": state, "move": {"seat": 0, "card": "3D"}})
    assert response.status_code == 409
    assert {name: response.get_json()[name] for name in documented} == documented


# -- what the front page is ---------------------------------------------------------

README_LINES = 500
"""The most lines the README may have: what a first-time user needs, the
reference one link away (docs/, bench/README.md)."""

NEWCOMER_SECTIONS = ("## Quick start", "## Games and cards", "## The API", "### A worked Agency hand", "## Matches and records",
                     "## Who holds the state", "## Analysis and bots", "## Clients and the table page", "## Where to read on")
"""What a newcomer reads on the front page, in this order."""


def test_the_readme_is_what_a_newcomer_reads():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_LINES
    headings = [line for line in readme.splitlines() if line.startswith("#")]
    found = [next((i for i, line in enumerate(headings) if line.startswith(section)), None) for section in NEWCOMER_SECTIONS]
    assert None not in found and found == sorted(found), dict(zip(NEWCOMER_SECTIONS, found))


def test_the_readme_leaves_the_figures_to_the_benchmarks():
    """Benchmark figures live beside their benchmark (bench/README.md), one link away."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"\d\s*(?:µs|us\b|ms\b|requests/s|req/s)|÷ floor", readme) == []
    assert "(bench/README.md)" in readme
