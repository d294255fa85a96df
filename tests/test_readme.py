"""The README's curl examples, run as written against gunicorn."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from support import ROOT, running_gunicorn


def _examples() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Examples", 1)[1]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


def _documents(text: str) -> list:
    """The JSON documents curl printed one after another (with no newline between)."""
    decoder, documents, position = json.JSONDecoder(), [], 0
    while position < len(text.rstrip()):
        document, position = decoder.raw_decode(text, position)
        documents.append(document)
        while position < len(text) and text[position].isspace():
            position += 1
    return documents


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_readme_examples_run(tmp_path):
    script = _examples()
    assert script.count("curl ") == 4
    with running_gunicorn(workers=1) as server:
        result = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script.replace("localhost:8000", f"127.0.0.1:{server.port}")],
            cwd=tmp_path, capture_output=True, text=True, timeout=60,
        )
    assert result.returncode == 0, result.stderr
    legal, played, trick = _documents(result.stdout)
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
