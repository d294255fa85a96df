"""Seeds in JavaScript (CONTRACT: Records, "Seeds in JavaScript"): wherever
an answer shows a seed as an integer it also shows it as a decimal string,
``seed_text``, beside it, which a client whose numbers are doubles reads
exactly. A state sent back may carry it; then it must be its seed written
in decimal (else ``invalid_state``), and a malformed one is a 422.
"""

from __future__ import annotations

import random

import pytest
from test_sealed import Table, deal, sealed_client

from service.app import create_app
from service.games import GAMES
from support import post

BIG = 2**64 - 1
"""The largest seed (64 bits): far above 2^53, where a double rounds it."""


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def _deal(client, game: str, seed: int) -> dict:
    body = {"seed": seed} if game == "agency" else {"players": 2, "seed": seed}
    status, dealt = post(client, f"/v1/games/{game}/deal", body)
    assert status == 200, dealt
    return dealt["state"]


@pytest.mark.parametrize("game", list(GAMES))
def test_an_open_state_shows_its_seed_as_decimal_text(client, game):
    state = _deal(client, game, BIG)
    assert state["deal"]["seed"] == BIG and state["deal"]["seed_text"] == "18446744073709551615"
    status, legal = post(client, f"/v1/games/{game}/legal-moves", {"state": state})
    assert status == 200 and legal["moves"]
    status, played = post(client, f"/v1/games/{game}/play", {"state": state, "move": legal["moves"][0]})
    assert status == 200 and played["state"]["deal"]["seed_text"] == str(BIG)


def test_a_deal_without_a_seed_shows_none(client):
    status, dealt = post(client, "/v1/games/agram/deal", {"players": 2, "deck": [card.code for card in GAMES["agram"].deck]})
    assert status == 200, dealt
    assert dealt["state"]["deal"]["seed"] is None and dealt["state"]["deal"]["seed_text"] is None


def test_a_state_sent_back_without_seed_text_is_read_as_before(client):
    state = _deal(client, "agram", 7)
    del state["deal"]["seed_text"]
    status, checked = post(client, "/v1/games/agram/check", {"state": state})
    assert (status, checked) == (200, {"valid": True, "problems": []})


def test_a_seed_text_that_is_not_the_seed_is_an_invalid_state(client):
    """What a JavaScript client sends back when it rounded the seed and kept the text."""
    state = _deal(client, "agram", BIG)
    state["deal"]["seed_text"] = str(BIG - 1)
    status, checked = post(client, "/v1/games/agram/check", {"state": state})
    assert status == 200 and checked["valid"] is False
    assert checked["problems"] == [f"deal.seed_text '{BIG - 1}' is not deal.seed {BIG} written in decimal (a client whose numbers "
                                   "are doubles rounds a seed of 2^53 or more: send the state back as it was answered)"]
    status, refused = post(client, "/v1/games/agram/legal-moves", {"state": state})
    assert (status, refused["code"]) == (409, "invalid_state")


@pytest.mark.parametrize("text", ["018", "-1", "1e3", " 5", "123456789012345678901", ""])
def test_a_seed_text_that_is_not_a_decimal_seed_is_refused(client, text):
    state = _deal(client, "agram", 18)
    state["deal"]["seed_text"] = text
    status, refused = post(client, "/v1/games/agram/check", {"state": state})
    assert (status, refused["code"]) == (422, "validation_failed")
    assert refused["errors"]["json"]["state"]["deal"]["seed_text"] == [
        "A seed written in decimal: 0, or up to 20 digits with no leading zero."]


def test_a_suggestion_shows_its_seed_as_decimal_text(client):
    state = _deal(client, "agram", 3)
    seed = 2**63 - 1  # suggest's largest seed
    status, suggested = post(client, "/v1/games/agram/suggest", {"state": state, "seed": seed, "level": "random"})
    assert status == 200, suggested
    assert (suggested["seed"], suggested["seed_text"]) == (seed, str(seed))
    status, drawn = post(client, "/v1/games/agram/suggest", {"state": state, "level": "random"})
    assert status == 200 and drawn["seed_text"] == str(drawn["seed"])


@pytest.mark.parametrize("game", list(GAMES))
def test_a_finished_sealed_hand_reveals_its_seed_as_decimal_text(game):
    """While the hand runs: the commitment, no seed; once over, seed and seed_text, the same number."""
    sealed = sealed_client()
    table = Table(sealed, game, deal(sealed, game))
    assert set(table.state["deal"]) == {"source", "commitment"}
    table.play_out(random.Random(4))
    revealed = table.state["deal"]
    assert set(revealed) == {"source", "commitment", "seed", "seed_text", "nonce"}
    assert revealed["seed_text"] == str(revealed["seed"])
