"""Audits in sealed mode (CONTRACT: Records, "Audits in sealed mode"),
against gunicorn with a sealing key and chosen deals refused (the default):

- every game: a sealed hand played to the end with the seats' credentials,
  its record taken (``record``), then replayed on the same referee:
  answered (200) although the referee refuses chosen deals, with the same
  tricks, result and winner as played, the record's nonce and commitment
  carried over (the audit's record is the same line), and the score of the
  audit's token the score of the hand as played;
- the audit's token starts no next hand: ``deal`` with it as ``previous``
  answers 403 ``audit_token`` (and so does a transcript naming it, where
  chosen deals are allowed), while the real token of the same hand deals it;
- a record of a hand not over, one whose plays do not finish it, one the
  rules refuse, a transcript and a match's records stay refused
  (403 ``chosen_deal_refused``), as before.
"""

from __future__ import annotations

import random

import pytest

from service.app import create_app
from service.games import GAMES
from support import HttpClient, running_gunicorn

KEY = "audit-sealing-key-for-the-tests-0123456789"


@pytest.fixture(scope="module")
def server():
    with running_gunicorn(workers=2, env={"REFEREE_SEALING_KEYS": KEY}) as process:
        client = HttpClient(process.port)
        yield client
        client.close()


def _post(client, game, operation, body, credential=None):
    return client.request("POST", f"/v1/games/{game}/{operation}", body, {"Authorization": f"Bearer {credential}"} if credential else None)


def _sealed_hand(client, game: str, rng: random.Random) -> dict:
    """A sealed hand dealt at random and played to the end, each move with its seat's credential."""
    status, dealt = _post(client, game, "deal", {} if game == "agency" else {"players": 3})
    assert status == 200, dealt
    credentials = {entry["seat"]: entry["credential"] for entry in dealt["seats"]}
    tokens, state = [dealt["token"]], dealt["state"]
    while not state["hand_over"]:
        seat = state["to_act"]
        status, legal = _post(client, game, "legal-moves", {"token": tokens[-1]}, credentials[seat])
        assert status == 200, legal
        status, played = _post(client, game, "play", {"token": tokens[-1], "move": rng.choice(legal["moves"])}, credentials[seat])
        assert status == 200, played
        tokens.append(played["token"])
        state = played["state"]
    return {"tokens": tokens, "state": state, "credentials": credentials}


@pytest.fixture(scope="module")
def hands(server):
    return {game: _sealed_hand(server, game, random.Random(number)) for number, game in enumerate(GAMES)}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_sealed_referee_audits_its_own_finished_hand(server, hands, game):
    hand = hands[game]
    status, recorded = _post(server, game, "record", {"token": hand["tokens"][-1]})
    assert status == 200, recorded
    line = recorded["record"]
    status, audit = _post(server, game, "replay", {"record": line})
    assert status == 200, audit  # whatever REFEREE_ALLOW_CHOSEN_DEALS says: the hand is over
    played, audited = hand["state"], audit["state"]
    assert audited["hand_over"] is True and audited["winner"] == played["winner"]
    assert audited["tricks"] == played["tricks"] and audited["ply"] == played["ply"]
    # the deal is the one committed to while the hand ran: same seed, nonce and commitment
    assert audited["deal"] | {"source": "random"} == played["deal"] and audited["deal"]["source"] == "seed"
    assert audit["events"][-1]["type"] == "hand_over" and audit["score"]["winner"] == played["winner"]
    # the audit's token reads as any: its record is the same line, its score the hand's
    assert _post(server, game, "record", {"token": audit["token"]}) == (200, {"record": line})
    scores = [_post(server, game, "score", {"token": token}) for token in (hand["tokens"][-1], audit["token"])]
    assert scores[0] == scores[1] and scores[0][0] == 200


@pytest.mark.parametrize("game", list(GAMES))
def test_an_audits_token_deals_no_next_hand(server, hands, game):
    """The real token of the finished hand deals its next hand; the audit's does not."""
    hand = hands[game]
    line = _post(server, game, "record", {"token": hand["tokens"][-1]})[1]["record"]
    status, audit = _post(server, game, "replay", {"record": line})
    assert status == 200, audit
    chooser = audit["seats"][0]["credential"]  # any seat's credential of the audit's match, as a chooser would send it
    for credential in (None, chooser):
        status, refused = _post(server, game, "deal", {"previous": audit["token"]}, credential)
        assert (status, refused["code"]) == (403, "audit_token"), refused
        assert refused["type"] == "/problems/audit_token" and "no next hand" in refused["detail"]
        assert not {"state", "token"} & set(refused)
    losers = [seat for seat in hand["credentials"] if game != "agency" or hand["state"]["winner"] in (None, 1 - seat % 2)]
    status, dealt = _post(server, game, "deal", {"previous": hand["tokens"][-1]}, hand["credentials"][losers[0]])
    assert status == 200 and dealt["state"]["match"]["hand"] == 2, dealt


def test_a_record_of_a_hand_not_over_is_still_refused(server, hands):
    """Chosen deals refused: only a finished hand's record is an audit."""
    game = "agram"
    hand = hands[game]
    line = _post(server, game, "record", {"token": hand["tokens"][-1]})[1]["record"]
    plays_end = line.index(" =")
    unfinished = line[:plays_end].rsplit(" ", 1)[0]  # the last trick left out: the hand runs on
    wrong_result = line.replace(f" ={hand['state']['winner']} ", f" ={(hand['state']['winner'] + 1) % 3} ")
    for refused_line in (unfinished, wrong_result):
        status, refused = _post(server, game, "replay", {"record": refused_line})
        assert (status, refused["code"]) == (403, "chosen_deal_refused"), refused
    status, refused = _post(server, game, "replay", {"records": [line]})
    assert (status, refused["code"]) == (403, "chosen_deal_refused")
    status, refused = _post(server, game, "replay", {"deal": {"players": 3, "seed": 4}, "moves": []})
    assert (status, refused["code"]) == (403, "chosen_deal_refused")
    status, refused = _post(server, game, "record", {"token": hand["tokens"][-2]})
    assert (status, refused["code"]) == (403, "hidden_cards")  # a hand not over shows no record at all


def test_where_chosen_deals_are_allowed_a_replay_goes_on_as_before_and_an_audit_token_still_deals_nothing(hands, server):
    """With REFEREE_ALLOW_CHOSEN_DEALS a replay is a chosen deal, whose token
    deals the next hand; an audit's token, made where they were not allowed,
    still deals none, nor does a transcript from it."""
    game = "sink-sink"
    line = _post(server, game, "record", {"token": hands[game]["tokens"][-1]})[1]["record"]
    audit = _post(server, game, "replay", {"record": line})[1]
    allowing = create_app({"TESTING": True, "REFEREE_SEALING_KEYS": KEY, "REFEREE_ALLOW_CHOSEN_DEALS": True}).test_client()
    replayed = allowing.post(f"/v1/games/{game}/replay", json={"record": line}).get_json()
    dealt = allowing.post(f"/v1/games/{game}/deal", json={"previous": replayed["token"]})
    assert dealt.status_code == 200 and dealt.get_json()["state"]["match"]["hand"] == 2
    for body, operation in (({"previous": audit["token"]}, "deal"), ({"deal": {"previous": audit["token"]}, "moves": []}, "replay")):
        refused = allowing.post(f"/v1/games/{game}/{operation}", json=body)
        assert (refused.status_code, refused.get_json()["code"]) == (403, "audit_token")
