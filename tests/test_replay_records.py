"""A match's records replayed at once (CONTRACT: Records, "A match's
records"): ``replay`` with ``{"records": [...]}``, each hand's line as
``record`` answers it, in order, answers as ``replay`` with the same hands
given as a deal and moves and ``next_hands``.

- Against gunicorn, for every game: a whole match played hand by hand
  (seeded, random legal moves; Agency's next leader chosen from the team
  that lost, A14; an Agram-family hand dealt by the winner, F7), each hand's
  record taken with ``record``; the replay of the records answers the same
  body as the transcript's replay, and its last state is the state the
  match ended with: its tally and winner as played.
- Records refused: a line that cannot be read (422 ``record_invalid``, with
  ``position`` on that line and ``record``, its index in ``records``), a
  record of another game (422 ``record_invalid`` at 0), an empty list and a
  list longer than a transcript's (422 ``validation_failed``), and records
  that do not follow each other, judged as ``next_hands`` judges a next
  hand (409: ``match_mismatch`` for a match record, a dealer or a first
  hand's record that the hand before does not give, ``hand_not_over``,
  ``leader_not_from_losing_team``), each with ``record``, ``hand`` and
  ``position``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.app import create_app
from service.games import GAMES
from support import HttpClient, a13_hand_result, f7_hand_result, post, running_gunicorn

MAX_NEXT_HANDS = 100
"""A transcript's later hands (``next_hands``) at most: a match's records, one more."""


@pytest.fixture(scope="module")
def client():
    with running_gunicorn(workers=2) as process:
        connection = HttpClient(process.port)
        yield connection
        connection.close()


TARGETS = {"agram": 2, "sink-sink": 2, "agram-mali": 2, "fapfap": 6, "spar": 8}
"""Each Agram-family game's match target, small enough for a short match,
large enough for more than one hand (Fapfap pays 2 and more a hand, F6;
Spar scores 2 or 3 points a hand)."""


def _first_deal(game: str, seed: int) -> dict[str, Any]:
    if game == "agency":
        return {"first_leader": 0, "seed": seed}
    return {"players": 3, "seed": seed, "options": {"target": TARGETS[game]}}


def _play_out(client: Any, game: str, state: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    moves = []
    while True:
        status, legal = post(client, f"/v1/games/{game}/legal-moves", {"state": state})
        assert status == 200, legal
        if legal["to_act"] is None:
            return state, moves
        move = rng.choice(legal["moves"])
        status, played = post(client, f"/v1/games/{game}/play", {"state": state, "move": move})
        assert status == 200, played
        state = played["state"]
        moves.append(move)


def play_match(client: Any, game: str, seed: int) -> list[dict[str, Any]]:
    """A whole match, hand by hand: each hand's deal (as a transcript names
    it: no ``previous``), moves, final state and record. Each hand's result
    and the tally are worked out here from the rulings (A13, A14; F2, F7)."""
    rng = random.Random(seed)
    deal = _first_deal(game, seed)
    status, dealt = post(client, f"/v1/games/{game}/deal", deal)
    assert status == 200, dealt
    hands, tally = [], None
    for number in range(1, 60):
        state, moves = _play_out(client, game, dealt["state"], rng)
        status, recorded = post(client, f"/v1/games/{game}/record", {"state": state})
        assert status == 200, recorded
        hands.append({"deal": deal, "moves": moves, "state": state, "record": recorded["record"]})
        if game == "agency":
            winner = a13_hand_result(state)[1]
            tally = list(tally or [0, 0])
            if winner is not None:
                tally[winner] += 1
        else:
            winner, change = f7_hand_result(game, state)
            tally = [before + added for before, added in zip(tally or [0] * 3, change)]
        assert state["winner"] == winner and state["match"]["hand"] == number and state["match"]["tally"] == tally
        if state["match"]["over"]:
            return hands
        deal = {"seed": seed + number}
        if game == "agency":  # the team that lost names the leader (A14); after a void hand, the team that chose before
            chooser = state["match"].get("chooser") if winner is None else 1 - winner
            deal["first_leader"] = rng.randrange(4) if chooser is None else chooser + 2 * rng.randrange(2)
        status, dealt = post(client, f"/v1/games/{game}/deal", {"previous": state, **deal})
        assert status == 200, dealt
    raise AssertionError("the match never ended")


@pytest.fixture(scope="module")
def matches(client):
    """A match of every game, with two hands or more."""
    played = {}
    for number, game in enumerate(GAMES):
        for seed in range(100 * number, 100 * number + 20):
            if len(hands := play_match(client, game, seed)) >= 2:
                played[game] = hands
                break
    assert played.keys() == GAMES.keys(), "a game's matches ended after one hand"
    return played


def _replay(client: Any, game: str, body: dict[str, Any]) -> tuple[int, Any]:
    return post(client, f"/v1/games/{game}/replay", body)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_matchs_records_replay_as_its_transcript_and_end_as_played(client, matches, game):
    hands = matches[game]
    status, replayed = _replay(client, game, {"records": [hand["record"] for hand in hands]})
    assert status == 200, replayed
    first, *later = hands
    status, transcript = _replay(client, game, {"deal": first["deal"], "moves": first["moves"],
                                                "next_hands": [{"deal": hand["deal"], "moves": hand["moves"]} for hand in later]})
    assert status == 200, transcript
    assert replayed == transcript  # CONTRACT: as for the same hands given with next_hands
    last = hands[-1]["state"]
    assert replayed["state"] == last  # the match as played: its last hand, its tally, its winner
    assert replayed["state"]["match"]["over"] is True and replayed["state"]["match"]["tally"] == last["match"]["tally"]
    assert [event["hand"] for event in replayed["events"]][-1] == len(hands)
    assert len(replayed["scores"]) == len(hands) and replayed["score"] == replayed["scores"][-1]
    assert [score["winner"] for score in replayed["scores"]] == [hand["state"]["winner"] for hand in hands]


def _refused(client: Any, game: str, records: list[str], status: int, code: str) -> dict[str, Any]:
    answered, problem = _replay(client, game, {"records": records})
    assert (answered, problem["code"]) == (status, code), problem
    return problem


def test_a_record_that_cannot_be_read_names_its_record_and_position(client, matches):
    lines = [hand["record"] for hand in matches["agram"]]
    broken = lines[1].replace(" s", " sX", 1)
    problem = _refused(client, "agram", [lines[0], broken, *lines[2:]], 422, "record_invalid")
    assert problem["record"] == 1 and problem["position"] == broken.index(" sX") + 2
    assert problem["detail"].startswith("records[1]: ")


def test_a_record_of_another_game_is_refused_at_its_start(client, matches):
    lines = [hand["record"] for hand in matches["spar"]]
    problem = _refused(client, "spar", [lines[0], matches["agram"][1]["record"]], 422, "record_invalid")
    assert (problem["record"], problem["position"]) == (1, 0)


def test_an_empty_list_and_a_list_longer_than_a_transcript_are_refused(client, matches):
    record = matches["agram"][0]["record"]
    for records in ([], [record] * (MAX_NEXT_HANDS + 2)):
        problem = _refused(client, "agram", records, 422, "validation_failed")
        assert "records" in problem["errors"]["json"], problem
    status, _ = _replay(client, "agram", {"records": [record]})
    assert status == 200


def test_records_out_of_order_are_refused_as_next_hands_are(client, matches):
    """A first hand's record after another hand (its match part missing), a
    later hand's record after a hand that does not give its match record,
    or a hand that is not over before the next (F7, A14)."""
    lines = [hand["record"] for hand in matches["agram"]]
    problem = _refused(client, "agram", [lines[1], lines[0]], 409, "match_mismatch")
    assert problem["record"] == 1 and problem["hand"] == 2
    # the second hand's record with a tally the first hand does not give (F7: one hand won by its winner)
    tally = matches["agram"][1]["state"]["match"]["previous"]
    stated = f" #2:{','.join(map(str, tally))} "
    wrong = lines[1].replace(stated, f" #2:{','.join(map(str, tally[1:] + tally[:1]))} ", 1)
    assert wrong != lines[1]
    problem = _refused(client, "agram", [lines[0], wrong, *lines[2:]], 409, "match_mismatch")
    assert problem["record"] == 1 and problem["hand"] == 2 and problem["position"] == lines[1].index(stated) + 1
    assert problem["problems"] == [f"the match record given is hand 2 with the tally {tally[1:] + tally[:1]} before it, and the hand "
                                   f"before gives hand 2 with the tally {tally} before it"]
    # the second hand's record twice: the third hand is not the second again (its dealer is the second's winner, F7)
    problem = _refused(client, "agram", [lines[0], lines[1], lines[1]], 409, "match_mismatch")
    assert problem["record"] == 2 and problem["hand"] == 3
    # the first hand cut short: it is not over, so no hand follows it
    cut = lines[0][:lines[0].rindex(" =")].rsplit(" ", 1)[0]
    problem = _refused(client, "agram", [cut, lines[1]], 409, "hand_not_over")
    assert problem["record"] == 1 and problem["hand"] == 2


def test_a_later_hand_dealt_by_another_seat_is_refused(client, matches):
    """F7: the winner of a hand deals the next."""
    hands = matches["agram"]
    winner = hands[0]["state"]["winner"]
    other = (winner + 1) % 3
    line = hands[1]["record"].replace(f" d{winner} ", f" d{other} ", 1)
    problem = _refused(client, "agram", [hands[0]["record"], line], 409, "match_mismatch")
    assert problem["record"] == 1 and problem["position"] == line.index(" p3 ") + 1  # its seating


def test_an_agency_hand_led_by_the_winning_team_is_refused(client, matches):
    """A14: the team that lost names the next leader."""
    hands = matches["agency"]
    winner = next((hand["state"]["winner"] for hand in hands[:-1] if hand["state"]["winner"] is not None), None)
    index = next(i for i, hand in enumerate(hands[:-1]) if hand["state"]["winner"] == winner)
    if winner is None:
        pytest.skip("every hand but the last was void")
    line = hands[index + 1]["record"]
    leader = hands[index + 1]["state"]["first_leader"]
    wrong = line.replace(f" f{leader} ", f" f{winner} ", 1)
    problem = _refused(client, "agency", [hand["record"] for hand in hands[:index + 1]] + [wrong], 409, "leader_not_from_losing_team")
    assert problem["record"] == index + 1 and problem["position"] == wrong.index(f" f{winner} ") + 1


SIGNING_KEY = "signing-key-for-the-records-tests-0123456789"
SEALING_KEY = "sealing-key-for-the-records-tests-0123456789"


def test_a_signed_referee_replays_records_into_a_signed_state(matches):
    """Signed mode replays a transcript into a signed state; a match's records likewise."""
    signed = create_app({"TESTING": True, "REFEREE_SIGNING_KEYS": SIGNING_KEY}).test_client()
    hands = matches["sink-sink"]
    status, replayed = _replay(signed, "sink-sink", {"records": [hand["record"] for hand in hands]})
    assert status == 200, replayed
    assert replayed["state"].pop("signature") and replayed["state"].pop("issued_at")
    assert replayed["state"] == hands[-1]["state"]


@pytest.mark.parametrize("allow", [False, True])
def test_a_sealed_referee_replays_records_as_it_replays_next_hands(matches, allow):
    """A match's records are chosen deals, as a transcript's are: refused
    unless REFEREE_ALLOW_CHOSEN_DEALS (docs/holding.md), then answered with a token."""
    sealed = create_app({"TESTING": True, "REFEREE_SEALING_KEYS": SEALING_KEY, "REFEREE_ALLOW_CHOSEN_DEALS": allow}).test_client()
    hands = matches["agram-mali"]
    first, *later = hands
    answers = [_replay(sealed, "agram-mali", body) for body in (
        {"records": [hand["record"] for hand in hands]},
        {"deal": first["deal"], "moves": first["moves"], "next_hands": [{"deal": hand["deal"], "moves": hand["moves"]} for hand in later]},
    )]
    if not allow:
        assert [(status, problem["code"]) for status, problem in answers] == [(403, "chosen_deal_refused")] * 2
        return
    (status, replayed), (_, transcript) = answers
    assert status == 200 and isinstance(replayed["token"], str)
    assert replayed["state"]["match_id"] != transcript["state"]["match_id"]  # each replay a match of its own
    for answer in (replayed, transcript):
        answer["state"].pop("match_id"), answer.pop("token"), answer.pop("seats"), answer.pop("host")
        answer["state"]["deal"].pop("commitment"), answer["state"]["deal"].pop("nonce")  # a fresh nonce for each commitment
    assert replayed == transcript


def test_a_records_replay_past_its_deadline_answers_503(matches):
    """Each hand starts with a deadline checkpoint, as a transcript's does: past it, 503 deadline_exceeded, naming no record."""
    client = create_app({"TESTING": True, "REFEREE_DEADLINE_SECONDS": 1e-9}).test_client()
    answer = client.post("/v1/games/agram/replay", json={"records": [hand["record"] for hand in matches["agram"]]})
    problem = answer.get_json()
    assert (answer.status_code, problem["code"]) == (503, "deadline_exceeded") and "record" not in problem
