"""Records through HTTP (CONTRACT: Records; docs/notation.md): ``record``
and ``replay`` with a ``record``.

- The round trip as properties, on hands generated in the rules core for
  every game, player count and option: ``replay(record(state))`` answers the
  state, and ``record(replay(r)) == r``; the replay of a record answers
  exactly as its deal and moves given apart.
- The malformed-record corpus (``tests/cases/records-malformed.json``: an
  unknown card, a duplicated card, an illegal play, a truncated line, a
  wrong version and more, each position worked out by hand) refused with
  the right status, code and ``position``.
- Sealed mode: ``record`` answers 403 ``hidden_cards`` while the hand runs;
  a finished hand's record carries the seed, nonce and commitment the
  public state showed, and the commitment checks (SHA-256 of the nonce then
  the seed as 8 bytes big-endian).

The heavy round trip (100,000 hands per game) is ``bench/records.py``.
"""

from __future__ import annotations

import hashlib
import json
import random

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.records import deal_source, next_hand, option_value
from bench.records import play as play_randomly
from service.app import create_app
from service.games import GAMES
from service.notation import read_record
from service.schemas.records import dump_state
from support import CASES, examples, post

CORPUS = json.loads((CASES / "records-malformed.json").read_text())["cases"]
SEALING_KEY = "sealing-key-for-the-record-tests-0123456789"
SIGNING_KEY = "signing-key-for-the-record-tests-0123456789"
SEATINGS = [(game_id, players) for game_id, game in GAMES.items() for players in range(game.min_players, game.max_players + 1)]
"""Every game and player count (Agency: its 4 seats, F8, A14)."""
ROUND_TRIP = settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def open_client():
    """One open referee for the module's tests (an app takes half a second to make)."""
    return create_app({"TESTING": True}).test_client()


def _hand(game_id: str, players: int, rng: random.Random):
    """A hand the referee could have built: ``players`` seats, each option
    set (to a bound, its default or between) one time in two, a deal from a
    seed, a deck order or hands, a later hand of a match one time in three,
    and a random number of plays (to the end about a third of the time)."""
    game = GAMES[game_id]
    options = {spec.name: option_value(spec, rng) for spec in game.options if rng.random() < 0.5}
    seating = {"first_leader": rng.randrange(4)} if game.family == "agency" else {"players": players, "dealer": rng.randrange(players)}
    hand = game.deal(options=options, **seating, **deal_source(game, rng, players))
    if rng.random() < 1 / 3:
        hand = next_hand(game, play_randomly(game, hand, rng), rng) or hand
    return play_randomly(game, hand, rng, None if rng.random() < 0.35 else rng.randint(0, 4 * game.max_tricks))


def _json(value):
    return orjson.loads(orjson.dumps(value))


@pytest.mark.parametrize(("game_id", "players"), SEATINGS)
@ROUND_TRIP
@given(rng=st.randoms(use_true_random=False))
def test_a_states_record_replays_to_the_state_and_is_written_back_the_same(open_client, game_id, players, rng):
    """replay(record(state)) answers the state, and record(replay(r)) == r,
    through HTTP, for every game and player count, options at random."""
    state = _json(dump_state(_hand(game_id, players, rng)))
    status, answer = post(open_client, f"/v1/games/{game_id}/record", {"state": state})
    assert status == 200, answer
    record = answer["record"]
    assert list(answer) == ["record"] and "\n" not in record
    status, replayed = post(open_client, f"/v1/games/{game_id}/replay", {"record": record})
    assert status == 200, replayed
    assert replayed["state"] == state
    status, again = post(open_client, f"/v1/games/{game_id}/record", {"state": replayed["state"]})
    assert (status, again) == (200, {"record": record})
    status, score = post(open_client, f"/v1/games/{game_id}/score", {"state": state})
    assert replayed["score"] == score and replayed["scores"] == [score]


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_a_records_replay_answers_as_its_deal_and_moves_given_apart(open_client, game_id, rng):
    """CONTRACT: Records: the same answer, member for member (state, every
    event, score, scores), as ``replay`` of the record's deal and plays."""
    game = GAMES[game_id]
    hand = _hand(game_id, rng.randint(game.min_players, game.max_players), rng)
    if hand.match.hand != 1:  # a later hand: given apart, its deal needs the hand before it
        return
    status, answer = post(open_client, f"/v1/games/{game_id}/record", {"state": _json(dump_state(hand))})
    record = read_record(answer["record"])
    deal = {name: value for name, value in record.deal_arguments().items() if value is not None}
    if "hands" in deal:
        deal["hands"] = [[card.code for card in cards] for cards in deal["hands"]]
    moves = [{"seat": play.seat, "card": play.card.code, **({} if play.holder is None else {"holder": play.holder})} for play in record.plays]
    apart = post(open_client, f"/v1/games/{game_id}/replay", {"deal": deal, "moves": moves})
    assert post(open_client, f"/v1/games/{game_id}/replay", {"record": answer["record"]}) == apart
    assert apart[0] == 200


def test_the_documents_records_replay_and_are_written_back_the_same(open_client):
    """docs/notation.md's examples through HTTP: each replays to a finished
    hand whose record is the same line, the sealed Fapfap hand's provenance
    aside (an open state carries no nonce: docs/notation.md, "Records over
    HTTP")."""
    from test_notation import EXAMPLES, LATER_HANDS

    for line in EXAMPLES + LATER_HANDS:
        game_id = line.split("/")[0]
        status, replayed = post(open_client, f"/v1/games/{game_id}/replay", {"record": line})
        assert status == 200, replayed
        status, answer = post(open_client, f"/v1/games/{game_id}/record", {"state": replayed["state"]})
        expected = line.split(" n")[0] if " n" in line else line
        assert (status, answer) == (200, {"record": expected})


# -- malformed records ------------------------------------------------------------------------


@pytest.mark.parametrize("case", CORPUS, ids=lambda case: case["kind"])
def test_malformed_records_are_refused_with_their_position(open_client, case):
    """422 ``record_invalid`` for a line that cannot be read, 409 with the
    core's code for one the rules refuse; ``position`` as worked out by hand."""
    line = case["record"] + " " * case.get("then_spaces", 0)
    game_id = case.get("game") or (line.split("/")[0] if line.split("/")[0] in GAMES else "agram")
    status, body = post(open_client, f"/v1/games/{game_id}/replay", {"record": line})
    assert (status, body["code"], body["position"]) == (422 if case["code"] == "record_invalid" else 409, case["code"], case["position"])
    if case["code"] == "record_invalid":
        assert body["type"] == "/problems/record_invalid" and body["detail"].startswith(f"The record cannot be read at character {case['position']}: expected")
        assert set(body) == {"type", "title", "status", "detail", "code", "position"}
    if "index" in case:
        assert (body["hand"], body["index"]) == (1, case["index"]) and isinstance(body["legal_moves"], list)
    if "problem" in case:
        assert case["problem"] in body["problems"]


def test_each_kind_of_fault_the_contract_names_is_in_the_corpus():
    kinds = " / ".join(case["kind"] for case in CORPUS)
    for kind in ("an unknown card", "a duplicated card", "an illegal play", "a truncated line", "a wrong rules version"):
        assert kind in kinds


@pytest.mark.parametrize(("body", "field"), [
    ({"record": "agram/1 p3 d0 s42", "moves": []}, "moves"),
    ({"record": "agram/1 p3 d0 s42", "deal": {"seed": 1, "players": 3}}, "deal"),
    ({"record": 42}, "record"),
    ({"record": None}, "record"),
    ({"record": "x" * 70_000}, "record"),
])
def test_a_record_with_deal_or_moves_or_not_a_string_does_not_match_the_schema(open_client, body, field):
    status, problem = post(open_client, "/v1/games/agram/replay", body)
    assert (status, problem["code"]) == (422, "validation_failed")
    assert field in problem["errors"]["json"]


def test_record_refuses_a_state_the_rules_could_not_have_produced(open_client):
    state = _json(dump_state(GAMES["agram"].deal(seed=1, players=3)))
    state["deal"]["hands"][1][0] = state["deal"]["hands"][0][0]
    status, problem = post(open_client, "/v1/games/agram/record", {"state": state})
    assert (status, problem["code"]) == (409, "invalid_state")


# -- signed and sealed ------------------------------------------------------------------------


def issued(state):
    """A signed state as issued: without the two members that say when and under which key (``issued_at``, ``signature``)."""
    return {name: value for name, value in state.items() if name not in ("issued_at", "signature")}


def test_a_signed_states_record_and_its_replay():
    client = create_app({"TESTING": True, "REFEREE_SIGNING_KEYS": SIGNING_KEY}).test_client()
    status, dealt = post(client, "/v1/games/spar/deal", {"seed": 9, "players": 4})
    status, answer = post(client, "/v1/games/spar/record", {"state": dealt["state"]})
    assert (status, answer) == (200, {"record": "spar/1 p4 d0 s9"})
    status, replayed = post(client, "/v1/games/spar/replay", {"record": answer["record"]})
    assert status == 200 and issued(replayed["state"]) == issued(dealt["state"])  # the same hand, issued again
    changed = {**dealt["state"], "signature": "0" * 64}
    status, problem = post(client, "/v1/games/spar/record", {"state": changed})
    assert (status, problem["code"]) == (403, "state_signature_invalid")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_signed_referee_refuses_the_record_of_a_later_hand(open_client, game_id):
    """A signed state's match tally comes only from the signed hand before it
    (a deal's ``previous``): the record of a later hand carries its tally in
    its ``#`` part with no signature, so replaying it would sign any tally
    (an edited ``#5:4,0,0`` would be a referee-made state of a match seat 0
    all but won). A signed referee refuses it; an open one, which signs
    nothing, replays it."""
    client = create_app({"TESTING": True, "REFEREE_SIGNING_KEYS": SIGNING_KEY}).test_client()
    seating = {"first_leader": 0} if GAMES[game_id].family == "agency" else {"players": 3}
    status, answer = post(client, f"/v1/games/{game_id}/deal", {"seed": 3, **seating})
    while answer["state"]["to_act"] is not None:
        status, legal = post(client, f"/v1/games/{game_id}/legal-moves", {"state": answer["state"]})
        status, answer = post(client, f"/v1/games/{game_id}/play", {"state": answer["state"], "move": legal["moves"][0]})
    status, answer = post(client, f"/v1/games/{game_id}/deal", {"previous": answer["state"], "seed": 4})
    assert status == 200 and answer["state"]["match"]["hand"] == 2
    status, recorded = post(client, f"/v1/games/{game_id}/record", {"state": answer["state"]})
    assert status == 200 and " #" in recorded["record"]
    status, problem = post(client, f"/v1/games/{game_id}/replay", {"record": recorded["record"]})
    assert (status, problem["code"]) == (403, "state_signature_invalid")
    assert "later hand" in problem["detail"]
    status, replayed = post(open_client, f"/v1/games/{game_id}/replay", {"record": recorded["record"]})
    assert status == 200 and replayed["state"]["match"]["hand"] == 2
    first = recorded["record"].split(" #")[0] + " " + recorded["record"].split(" #")[1].split(" ", 1)[1]
    status, replayed = post(client, f"/v1/games/{game_id}/replay", {"record": first})  # the same deal as a first hand
    assert status == 200 and replayed["state"]["match"]["hand"] == 1


def _sealed(allow_chosen: bool = False):
    return create_app({"TESTING": True, "REFEREE_SEALING_KEYS": SEALING_KEY, "REFEREE_ALLOW_CHOSEN_DEALS": allow_chosen}).test_client()


def _sealed_hand_played_out(client, game_id: str, players: int, seed: int):
    """A sealed hand dealt at random and played out with each seat's
    credential; (its tokens, from the deal to the end, and the last answer)."""
    rng = random.Random(seed)
    body = {"first_leader": 0} if game_id == "agency" else {"players": players}
    status, answer = post(client, f"/v1/games/{game_id}/deal", body)
    assert status == 200, answer
    credentials = {seat["seat"]: seat["credential"] for seat in answer["seats"]}
    tokens = [answer["token"]]
    while answer["state"]["to_act"] is not None:
        bearer = {"Authorization": f"Bearer {credentials[answer['state']['to_act']]}"}
        moves = client.post(f"/v1/games/{game_id}/legal-moves", json={"token": tokens[-1]}, headers=bearer).get_json()["moves"]
        answer = client.post(f"/v1/games/{game_id}/play", json={"token": tokens[-1], "move": rng.choice(moves)}, headers=bearer).get_json()
        tokens.append(answer["token"])
    return tokens, answer


@pytest.mark.parametrize(("game_id", "players"), [("fapfap", 4), ("agency", 4), ("agram", 5)])
def test_a_sealed_hands_record_is_refused_until_it_is_over_then_carries_its_proof(open_client, game_id, players):
    client = _sealed()
    tokens, last = _sealed_hand_played_out(client, game_id, players, seed=players)
    for token in (tokens[0], tokens[len(tokens) // 2], tokens[-2]):
        status, problem = post(client, f"/v1/games/{game_id}/record", {"token": token})
        assert (status, problem["code"]) == (403, "hidden_cards")
        assert "position" not in problem and "record" not in problem
    status, answer = post(client, f"/v1/games/{game_id}/record", {"token": tokens[-1]})
    assert status == 200, answer
    record = read_record(answer["record"], game=game_id)
    deal = last["state"]["deal"]
    assert deal["source"] == "random" and record.deal.seed == deal["seed"]
    assert record.provenance.nonce.hex() == deal["nonce"] and record.provenance.commitment == deal["commitment"]
    # The commitment published while the hand ran checks with the seed and nonce revealed.
    assert hashlib.sha256(bytes.fromhex(deal["nonce"]) + deal["seed"].to_bytes(8, "big")).hexdigest() == deal["commitment"]
    assert answer["record"].endswith(f" n{deal['nonce']} c{deal['commitment']}")
    # Anyone can deal the seed again: an open referee replays the record to the hand as played.
    status, replayed = post(open_client, f"/v1/games/{game_id}/replay", {"record": answer["record"]})
    assert status == 200 and replayed["state"]["hand_over"]
    assert replayed["state"]["tricks"] == last["state"]["tricks"] and replayed["state"]["winner"] == last["state"]["winner"]


def test_a_sealed_replay_of_a_record_is_a_chosen_deal():
    """Refused (403 chosen_deal_refused) unless chosen deals are allowed, but
    for a finished hand's record, an audit (tests/test_audits.py); then the
    replay keeps the record's proof: record(replay(r)) == r."""
    client = _sealed()
    tokens, _ = _sealed_hand_played_out(client, "fapfap", 3, seed=3)
    record = post(client, "/v1/games/fapfap/record", {"token": tokens[-1]})[1]["record"]
    status, audit = post(client, "/v1/games/fapfap/replay", {"record": record})
    assert status == 200 and post(client, "/v1/games/fapfap/record", {"token": audit["token"]}) == (200, {"record": record})
    status, problem = post(client, "/v1/games/fapfap/replay", {"record": record.split(" =")[0].rsplit(" ", 1)[0]})
    assert (status, problem["code"]) == (403, "chosen_deal_refused")
    status, problem = post(client, "/v1/games/fapfap/replay", {"record": record[:12]})
    assert (status, problem["code"]) == (422, "record_invalid")
    allowing = _sealed(allow_chosen=True)
    status, replayed = post(allowing, "/v1/games/fapfap/replay", {"record": record})
    assert status == 200, replayed
    assert replayed["state"]["deal"]["source"] == "seed" and len(replayed["seats"]) == 3
    assert post(allowing, "/v1/games/fapfap/record", {"token": replayed["token"]}) == (200, {"record": record})
    running = read_record(record)
    unfinished = record.split(" =")[0].rsplit(" ", 1)[0]
    status, replayed = post(allowing, "/v1/games/fapfap/replay", {"record": unfinished})
    assert status == 200 and not replayed["state"]["hand_over"] and "seed" not in replayed["state"]["deal"]
    assert replayed["state"]["deal"]["commitment"] != running.provenance.commitment  # a fresh nonce: its record is not the proof's
    status, problem = post(allowing, "/v1/games/fapfap/record", {"token": replayed["token"]})
    assert (status, problem["code"]) == (403, "hidden_cards")
