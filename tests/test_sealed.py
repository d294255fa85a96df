"""Sealed states (CONTRACT: Sealed states): tokens, public states, seat
credentials and provably fair deals.

Each attack a cheating player could try is a test: reading hidden cards (from
the public state, a view, legal moves, refusals, events, or a token's
length), playing another seat, stacking the deck, and changing a token.
"""

from __future__ import annotations

import hashlib
import random
import time

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service import clock
from service.app import create_app
from service.games import GAMES
from support import examples, reference_shuffle
from tools.golden import losing_seat

KEY = "sealing-key-for-the-tests-0123456789"
OTHER_KEY = "another-sealing-key-for-the-tests-9876543210"
LAST_TRICK = [game_id for game_id, game in GAMES.items() if game.family == "last-trick"]


def sealed_client(allow_chosen: bool = False, keys: str = KEY, **settings):
    app = create_app({"TESTING": True, "REFEREE_SEALING_KEYS": keys, "REFEREE_ALLOW_CHOSEN_DEALS": allow_chosen, **settings})
    return app.test_client()


def post(client, game, name, body, credential=None):
    headers = {"Authorization": f"Bearer {credential}"} if credential else {}
    response = client.post(f"/v1/games/{game}/{name}", json=body, headers=headers)
    return response.status_code, response.get_json()


def seating(game_id, players=3):
    return {} if GAMES[game_id].family == "agency" else {"players": players}


def deal(client, game_id, **body):
    status, answer = post(client, game_id, "deal", {**seating(game_id), **body})
    assert status == 200, answer
    return answer


class Table:
    """A sealed hand as its seats see it: the newest token and each seat's credential."""

    def __init__(self, client, game_id, answer):
        self.client, self.game = client, game_id
        self.token, self.state = answer["token"], answer["state"]
        self.credentials = {entry["seat"]: entry["credential"] for entry in answer["seats"]}
        self.host = answer.get("host")

    def legal(self, seat):
        return post(self.client, self.game, "legal-moves", {"token": self.token}, self.credentials[seat])

    def play(self, move):
        status, answer = post(self.client, self.game, "play", {"token": self.token, "move": move}, self.credentials[move["seat"]])
        assert status == 200, answer
        self.token, self.state = answer["token"], answer["state"]
        return answer["events"]

    def play_out(self, rng):
        events = []
        while not self.state["hand_over"]:
            seat = self.state["to_act"]
            status, legal = self.legal(seat)
            events += self.play(rng.choice(legal["moves"]))
        return events

    def choosing(self, state=None):
        """A seat that may deal the next hand after ``state`` (default: the
        newest): in Agency the lower seat of the team that lost, or after a
        void hand of the team that chose (A14); ``None`` where any client may."""
        return losing_seat(state or self.state) if GAMES[self.game].family == "agency" else None

    def next_hand(self, token=None, state=None, **body):
        """``deal`` the next hand from ``token`` (default: the newest), with the credential of a seat that chooses it."""
        seat = self.choosing(state)
        return post(self.client, self.game, "deal", {"previous": token or self.token, **body},
                    None if seat is None else self.credentials[seat])


# -- the public state and the seats' requests --------------------------------------


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_public_state_holds_no_unplayed_card_and_no_seed(game_id):
    client = sealed_client()
    answer = deal(client, game_id)
    state, token = answer["state"], answer["token"]
    assert set(answer) == {"state", "token", "seats", "host"}
    assert state["deal"]["source"] == "random" and len(state["deal"]["commitment"]) == 64
    assert "seed" not in state["deal"] and "nonce" not in state["deal"] and "hands" not in state["deal"]
    assert state["ply"] == 0 and isinstance(state["match_id"], str)
    assert not {"hands", "reach", "undealt", "seat", "legal_moves"} & set(state)
    if game_id == "agency":
        assert [entry["count"] for entry in state["holders"]] == [10, 10, 10, 10] and all(e["cards"] is None for e in state["holders"])
    else:
        assert state["hand_sizes"] == [GAMES[game_id].hand_size] * 3 and "hands" not in state
    # Nothing in the public state names a card: no card has been played yet.
    codes = {card.code for card in GAMES[game_id].deck}
    assert not codes & set(str(state).replace("'", " ").replace(",", " ").split())
    status, seats = post(client, game_id, "legal-moves", {"token": token})
    assert status == 200 and seats["moves"] == []  # no credential: no seat's moves


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_seat_sees_its_own_moves_and_view_and_plays_only_for_itself(game_id):
    client = sealed_client()
    table = Table(client, game_id, deal(client, game_id))
    to_act = table.state["to_act"]
    other = (to_act + 1) % table.state.get("players", 4)
    status, mine = table.legal(to_act)
    assert status == 200 and mine["moves"] and {m["seat"] for m in mine["moves"]} == {to_act}
    status, theirs = table.legal(other)
    assert status == 200 and theirs == {"to_act": to_act, "moves": []}
    status, view = post(client, game_id, "view", {"token": table.token}, table.credentials[other])
    assert status == 200 and view["seat"] == other
    status, refused = post(client, game_id, "view", {"token": table.token, "seat": to_act}, table.credentials[other])
    assert status == 403 and refused["code"] == "seat_credential_invalid"
    move = mine["moves"][0]
    for credential in (None, table.credentials[other], "c1.xxxxxxxx.0.AAAA", "not a credential"):
        status, refused = post(client, game_id, "play", {"token": table.token, "move": move}, credential)
        assert status == 403 and refused["code"] == "seat_credential_invalid", (credential, refused)
    status, score = post(client, game_id, "score", {"token": table.token})
    assert status == 200 and score["hand_over"] is False


def strings(value):
    """Every string anywhere in a JSON value, its members' names included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*map(strings, value.values()))
    if isinstance(value, list):
        return set().union(*map(strings, value))
    return set()


def without_cards(member):
    """A view's member, the cards of Agency's holders left out (a seat's view
    shows the cards within its reach there, A5; everything else of the holders is public)."""
    if isinstance(member, list) and member and isinstance(member[0], dict) and "holder" in member[0]:
        return [{**holder, "cards": None} for holder in member]
    return member


def own_cards(view):
    """The cards a seat's view shows as its own (Agency: the two holders beside it, A5)."""
    if "holders" in view:
        return {card for holder in view["holders"] for card in holder["cards"] or ()}
    return set(view["hand"])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_spectator_sees_the_public_state_and_no_held_card(game_id):
    """CONTRACT: Spectators. ``view`` without a credential, at every ply of
    a hand: the public state with the members that belong to one seat empty
    (``seat`` null, no legal moves, no cards of a seat's own), and no card a
    seat holds anywhere in it, held cards taken from every seat's own view
    and checked against the deal the finished hand reveals (its seed). A
    Wall is a card every Agency holder is dealt two of (A5), so how many
    each holds is public: it is left out of the comparison. Each seat's own
    view shows the same members, and the public ones as the spectator's
    does: a seat sees no less of the hand than a spectator (its progress,
    CONTRACT: Progress, included: a seat reconnects by it)."""
    client = sealed_client()
    table = Table(client, game_id, deal(client, game_id))
    rng = random.Random(game_id)
    seat_members = {name: None for name in GAMES[game_id].view_type.PRIVATE}
    held_at_deal, views = None, []
    while True:
        status, spectator = post(client, game_id, "view", {"token": table.token})
        assert status == 200, spectator
        assert spectator == {**table.state, **seat_members, "legal_moves": []}
        public = {name: without_cards(value) for name, value in spectator.items() if name not in {*seat_members, "seat", "legal_moves"}}
        held = set()
        for credential in table.credentials.values():
            status, view = post(client, game_id, "view", {"token": table.token}, credential)
            assert status == 200 and view["seat"] is not None
            assert view.keys() == spectator.keys() and {name: without_cards(view[name]) for name in public} == public
            held |= own_cards(view)
        held.discard("W")
        held_at_deal = held if held_at_deal is None else held_at_deal
        assert not held & strings(spectator), held & strings(spectator)
        views.append(spectator)
        if table.state["hand_over"]:
            break
        seat = table.state["to_act"]
        table.play(rng.choice(table.legal(seat)[1]["moves"]))
    dealt = GAMES[game_id].deal(seed=table.state["deal"]["seed"], **seating(game_id))
    assert held_at_deal == {card.code for cards in dealt.deal_hands for card in cards} - {"W"}
    undealt = {card.code for card in getattr(dealt, "undealt", ())}
    assert undealt or GAMES[game_id].family == "agency"
    assert not any(undealt & strings(spectator) for spectator in views)


def test_a_spectator_view_proves_no_seat_and_a_credential_still_must_match():
    """Without a credential the ``seat`` a body names proves nothing: the
    answer is the spectator's view all the same; with one, it must be the
    credential's seat."""
    client = sealed_client()
    table = Table(client, "agram", deal(client, "agram"))
    status, spectator = post(client, "agram", "view", {"token": table.token, "seat": 1})
    assert status == 200 and spectator["seat"] is None and spectator["hand"] is None and spectator["legal_moves"] == []
    status, refused = post(client, "agram", "view", {"token": table.token, "seat": 1}, table.credentials[2])
    assert status == 403 and refused["code"] == "seat_credential_invalid"
    status, refused = post(client, "agram", "view", {"token": table.token}, "c1.xxxxxxxx.0.AAAA")
    assert status == 403 and refused["code"] == "seat_credential_invalid"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_host_gives_a_seat_a_new_player_and_the_old_credential_stops_acting(game_id):
    """CONTRACT: Replacing a seat's player. The host's credential (the first
    deal's ``host``) reseats a seat: the same hand in a new token, the seat's
    new credential acts, its old one answers 403 on that token and every later
    one of the match (the next hand's too); the other seats keep theirs; the
    token is spent as a play spends it."""
    client = sealed_client()
    first = deal(client, game_id)
    table = Table(client, game_id, first)
    host = first["host"]
    seat = table.state["to_act"]
    old = table.credentials[seat]
    status, moved = post(client, game_id, "reseat", {"token": table.token, "seat": seat}, host)
    assert status == 200 and set(moved) == {"state", "token", "seat", "credential", "events"}, moved
    reseats = [int(other == seat) for other in range(len(table.credentials))]
    assert moved["seat"] == seat and moved["state"] == {**table.state, "reseats": reseats} and moved["token"] != table.token
    assert moved["events"] == [{"type": "seat_reseated", "seat": seat}]
    assert moved["credential"] not in (old, host, *table.credentials.values())
    assert post(client, game_id, "reseat", {"token": table.token, "seat": seat}, host) == (200, moved)  # a retry: the same body
    status, legal = table.legal(seat)
    status, spent = post(client, game_id, "play", {"token": table.token, "move": legal["moves"][0]}, old)
    assert status == 409 and spent["code"] == "state_spent"  # reseat spent the token
    status, spent = post(client, game_id, "reseat", {"token": table.token, "seat": (seat + 1) % 2}, host)
    assert status == 409 and spent["code"] == "state_spent"
    table.token, table.credentials[seat] = moved["token"], moved["credential"]

    def refused_old(token):
        for name, body in (("play", {"token": token, "move": legal["moves"][0]}), ("legal-moves", {"token": token}),
                           ("view", {"token": token})):
            status, refused = post(client, game_id, name, body, old)
            assert status == 403 and refused["code"] == "seat_credential_invalid", (name, refused)

    refused_old(table.token)
    status, mine = table.legal(seat)
    assert status == 200 and mine["moves"] == legal["moves"]
    for other, credential in table.credentials.items():
        status, view = post(client, game_id, "view", {"token": table.token}, credential)
        assert status == 200 and view["seat"] == other
    for credential in (host, None):  # the host acts for no seat: it watches
        status, refused = post(client, game_id, "play", {"token": table.token, "move": legal["moves"][0]}, credential)
        assert status == 403 and refused["code"] == "seat_credential_invalid"
    status, view = post(client, game_id, "view", {"token": table.token}, host)
    assert status == 200 and view["seat"] is None
    table.play(legal["moves"][0])
    refused_old(table.token)
    table.play_out(random.Random(game_id))
    refused_old(table.token)
    status, second = table.next_hand()
    assert status == 200, second
    refused_old(second["token"])
    for other, credential in table.credentials.items():
        status, view = post(client, game_id, "view", {"token": second["token"]}, credential)
        assert status == 200 and view["seat"] == other
    # A second reseat of the same seat: the first new credential stops too.
    status, again = post(client, game_id, "reseat", {"token": second["token"], "seat": seat}, host)
    assert status == 200 and again["credential"] != moved["credential"]
    for credential in (old, moved["credential"]):
        status, refused = post(client, game_id, "view", {"token": again["token"]}, credential)
        assert status == 403 and refused["code"] == "seat_credential_invalid"
    status, view = post(client, game_id, "view", {"token": again["token"]}, again["credential"])
    assert status == 200 and view["seat"] == seat


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_reseat_is_seen_by_every_seat_the_spectators_and_the_next_hands(game_id):
    """A reseat restarts nothing of the hand, but the seat's player changed:
    its answer has the event ``seat_reseated`` naming the seat (as a play's
    answer has its events), and from its token on, for the rest of the
    match, the public state, every seat's view and the spectator's view
    count each seat's new players in ``reseats`` (a state of a match with
    none has no ``reseats``, so the answers of every other match stay as
    they were)."""
    client = sealed_client()
    first = deal(client, game_id)
    table = Table(client, game_id, first)
    host, players = first["host"], len(table.credentials)

    def seen(token):
        """``reseats`` as each seat's view and the spectator's view show it (``None``: absent)."""
        views = [post(client, game_id, "view", {"token": token}, credential) for credential in [*table.credentials.values(), None]]
        assert all(status == 200 for status, _ in views), views
        return {view.get("reseats", None) and tuple(view["reseats"]) for _, view in views}

    assert "reseats" not in table.state and seen(table.token) == {None}
    counts = [0] * players
    for seat in (1, players - 1, 1):
        status, moved = post(client, game_id, "reseat", {"token": table.token, "seat": seat}, host)
        assert status == 200, moved
        counts[seat] += 1
        assert moved["events"] == [{"type": "seat_reseated", "seat": seat}]
        assert moved["state"]["reseats"] == counts
        table.token, table.state, table.credentials[seat] = moved["token"], moved["state"], moved["credential"]
        assert seen(table.token) == {tuple(counts)}
    status, legal = table.legal(table.state["to_act"])
    table.play(legal["moves"][0])
    assert table.state["reseats"] == counts and seen(table.token) == {tuple(counts)}
    table.play_out(random.Random(game_id))
    status, second = table.next_hand()
    assert status == 200, second
    assert second["state"]["reseats"] == counts and seen(second["token"]) == {tuple(counts)}
    other = deal(client, game_id)
    assert "reseats" not in other["state"]


ON_A_TOKEN = (("legal-moves", {}), ("view", {}), ("score", {}), ("record", {}), ("check", {}), ("suggest", {}),
              ("solve", {}), ("analyze", {}), ("timeout", {}), ("play", {"move": {"seat": 0, "card": "AS"}}), ("reseat", {"seat": 1}))
"""Every operation on a token, with the rest of a body it reads (``deal`` names its token as ``previous``)."""


@pytest.mark.parametrize("allow_chosen", [False, True], ids=["random-deals", "chosen-deals"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_operation_on_a_token_refuses_a_replaced_players_credential_and_any_other_not_of_the_match(game_id, allow_chosen):
    """CONTRACT: Replacing a seat's player: on the token of a reseat and
    every later one of the match, the seat's old credential answers 403
    ``seat_credential_invalid``, on every operation, as a credential never
    issued for the match does (regression: ``check``, and an Agram-family
    ``deal`` with ``previous``, which any client may ask, answered 200 to
    either, so a replaced player dealt the next hand with its old credential
    as if still seated; where chosen deals are allowed, a ``replay`` whose
    deal names the finished hand's token as ``previous`` answered 200 to
    any credential at all, and dealt the match's next hand for it)."""
    client = sealed_client(allow_chosen)
    first = deal(client, game_id)
    table = Table(client, game_id, first)
    status, moved = post(client, game_id, "reseat", {"token": table.token, "seat": 0}, first["host"])
    assert status == 200, moved
    old, table.token, table.credentials[0] = table.credentials[0], moved["token"], moved["credential"]
    running = table.token
    table.play_out(random.Random(game_id))
    foreign = deal(client, game_id)["seats"][0]["credential"]
    for credential in (old, foreign, "c1.xxxxxxxx.0.AAAA"):
        for token in (running, table.token):
            for name, body in ON_A_TOKEN:
                status, refused = post(client, game_id, name, {"token": token, **body}, credential)
                assert (status, refused.get("code")) == (403, "seat_credential_invalid"), (name, credential, refused)
        status, refused = post(client, game_id, "deal", {"previous": table.token}, credential)
        assert (status, refused.get("code")) == (403, "seat_credential_invalid"), ("deal", credential, refused)
        status, refused = post(client, game_id, "replay", {"deal": {"previous": table.token}, "moves": []}, credential)
        code = "seat_credential_invalid" if allow_chosen else "chosen_deal_refused"  # no replay at all where deals are random
        assert (status, refused.get("code")) == (403, code), ("replay", credential, refused)
    status, second = table.next_hand()
    assert status == 200, second  # nothing refused spent the finished hand's token


def test_the_token_store_keeps_no_credential(tmp_path):
    """Regression: ``reseat``'s answer was recorded in the token store as it
    was sent, the seat's new credential in it, so whoever read the store (the
    embedded store's file, a Redis dump) could act for that seat for the rest
    of the match; the store is to keep no secret (service.api.spending). No
    spending operation (``play``, ``timeout``, ``reseat``, ``deal`` with
    ``previous``) leaves a credential in the store, and a retried ``reseat``
    still answers the same bytes, the credential in them."""
    client = sealed_client(REFEREE_TOKEN_STORE_PATH=str(tmp_path / "spent.lmdb"))
    first = deal(client, "agram", clock={"move_seconds": 1})
    table = Table(client, "agram", first)
    body = {"token": table.token, "seat": 1}
    moved = client.post("/v1/games/agram/reseat", json=body, headers={"Authorization": f"Bearer {first['host']}"})
    again = client.post("/v1/games/agram/reseat", json=body, headers={"Authorization": f"Bearer {first['host']}"})
    assert moved.status_code == again.status_code == 200 and moved.get_data() == again.get_data()
    reseated = moved.get_json()
    table.token, table.state, table.credentials[1] = reseated["token"], reseated["state"], reseated["credential"]
    status, view = post(client, "agram", "view", {"token": table.token}, reseated["credential"])
    assert status == 200 and view["seat"] == 1
    time.sleep(1.01)
    status, timed_out = post(client, "agram", "timeout", {"token": table.token}, table.credentials[0])
    assert status == 200, timed_out
    table.token, table.state = timed_out["token"], timed_out["state"]
    table.play_out(random.Random(6))
    status, second = table.next_hand()
    assert status == 200, second
    stored = b"".join(path.read_bytes() for path in tmp_path.rglob("*") if path.is_file())
    assert reseated["token"].encode() in stored and second["token"].encode() in stored  # the answers are there
    for credential in (reseated["credential"], first["host"], *(entry["credential"] for entry in first["seats"])):
        assert credential.rsplit(".", 1)[1].encode() not in stored, credential


def test_only_the_host_reseats_and_only_a_seat_at_the_table():
    client = sealed_client()
    first = deal(client, "agram")
    table = Table(client, "agram", first)
    for credential in (None, table.credentials[0], "not a credential", deal(client, "agram")["host"]):
        status, refused = post(client, "agram", "reseat", {"token": table.token, "seat": 0}, credential)
        assert status == 403 and refused["code"] == "seat_credential_invalid", (credential, refused)
    status, refused = post(client, "agram", "reseat", {"token": table.token, "seat": 3}, first["host"])
    assert status == 409 and refused["code"] == "seat_out_of_range"
    status, refused = post(client, "agram", "reseat", {"token": table.token, "seat": -1}, first["host"])
    assert status == 422
    status, legal = table.legal(table.state["to_act"])
    assert status == 200 and legal["moves"]  # nothing refused spent the token
    open_client = create_app({"TESTING": True}).test_client()
    status, refused = post(open_client, "agram", "reseat", {"token": table.token, "seat": 0}, first["host"])
    assert status == 403 and refused["code"] == "state_token_invalid"


@pytest.mark.parametrize("settings", [{}, {"REFEREE_SIGNING_KEYS": KEY}], ids=["open", "signed"])
def test_reseat_where_states_are_not_sealed_is_refused_whatever_the_body(settings):
    """Only a sealed referee issues seats' credentials, so only it has a
    player to replace (CONTRACT: Replacing a seat's player): elsewhere
    ``reseat`` is refused before its body is read, with a sentence saying
    so, for any body (was: a body with a ``state`` answered 422 for a
    missing ``token``, as if a token would have done)."""
    client = create_app({"TESTING": True, **settings}).test_client()
    state = post(client, "agram", "deal", {"players": 3, "seed": 5})[1]["state"]
    for body in ({"state": state, "seat": 1}, {"token": "x", "seat": 1}, {}, [1]):
        status, refused = post(client, "agram", "reseat", body)
        assert status == 403 and refused["code"] == "state_token_invalid", (body, refused)
        assert "reseat is a sealed referee's operation" in refused["detail"]


@pytest.mark.parametrize("header", ["Basic c2VhdDowOng=", "Token abc", "abc"])
def test_a_credential_sent_by_another_scheme_is_refused_naming_bearer(header):
    """A credential goes as ``Authorization: Bearer <credential>``
    (CONTRACT: Sealed states); another scheme is refused with a detail
    that says so (was: the detail said the credential was not one the
    referee issued, as for a wrong credential)."""
    client = sealed_client()
    table = Table(client, "agram", deal(client, "agram"))
    response = client.post("/v1/games/agram/legal-moves", json={"token": table.token}, headers={"Authorization": header})
    refused = response.get_json()
    assert response.status_code == 403 and refused["code"] == "seat_credential_invalid"
    assert "Authorization: Bearer <credential>" in refused["detail"] and header.split()[0] in refused["detail"]


def test_a_reseated_token_keeps_the_match_clock(monkeypatch):
    """A match's clock is carried to every hand of it (CONTRACT: clocks),
    the new token of a reseat too: its state shows the clock, the seat to
    act's time counted from the reseat, and once that time has run out
    ``timeout`` plays for it (was: the reseated token had no clock, 409
    ``no_clock``)."""
    from service import clock

    now = [1_767_225_600_000]
    monkeypatch.setattr(clock, "now_ms", lambda: now[0])
    client = sealed_client()
    first = deal(client, "agram", clock={"move_seconds": 60})
    now[0] += 30_000
    status, reseated = post(client, "agram", "reseat", {"token": first["token"], "seat": 1}, first["host"])
    assert status == 200, reseated
    assert reseated["state"]["clock"] == {"move_seconds": 60, "seat": first["state"]["to_act"], "deadline": "2026-01-01T00:01:30.000Z"}
    now[0] += 60_001
    status, played = post(client, "agram", "timeout", {"token": reseated["token"]}, first["seats"][0]["credential"])
    assert status == 200, played
    assert played["events"][0]["timeout"] is True


def test_a_refusal_lists_only_the_credential_seats_moves():
    client = sealed_client()
    table = Table(client, "agram", deal(client, "agram"))
    to_act = table.state["to_act"]
    status, mine = table.legal(to_act)
    held = {m["card"] for m in mine["moves"]}
    card = next(card.code for card in GAMES["agram"].deck if card.code not in held)
    status, refused = post(client, "agram", "play", {"token": table.token, "move": {"seat": to_act, "card": card}},
                           table.credentials[to_act])
    assert status == 409 and refused["code"] == "card_not_available"
    assert refused["legal_moves"] == mine["moves"]
    other = (to_act + 1) % 3
    status, refused = post(client, "agram", "play", {"token": table.token, "move": {"seat": other, "card": card}},
                           table.credentials[other])
    assert status == 409 and refused["code"] == "not_your_turn" and refused["legal_moves"] == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_credentials_hold_for_every_hand_of_the_match_and_no_other(game_id):
    client = sealed_client()
    first = deal(client, game_id)
    table = Table(client, game_id, first)
    table.play_out(random.Random(game_id))
    status, second = table.next_hand()
    assert status == 200 and "seats" not in second and "host" not in second  # credentials go out once, with the match's first deal
    assert second["state"]["match_id"] == first["state"]["match_id"] and second["state"]["match"]["hand"] == 2
    seat = second["state"]["to_act"]
    status, legal = post(client, game_id, "legal-moves", {"token": second["token"]}, table.credentials[seat])
    assert status == 200 and legal["moves"]
    stranger = Table(client, game_id, deal(client, game_id))
    status, refused = post(client, game_id, "legal-moves", {"token": second["token"]}, stranger.credentials[seat])
    assert status == 403 and refused["code"] == "seat_credential_invalid"


def won_agency_hand(client, **body):
    """A sealed Agency match (dealt with ``body``) whose first hand, played at random, a team won (not void)."""
    for seed in range(100):
        table = Table(client, "agency", deal(client, "agency", **body))
        table.play_out(random.Random(seed))
        if table.state["winner"] is not None:
            return table
    raise AssertionError("no random Agency hand was won")


def test_only_a_seat_of_the_team_that_lost_deals_agencys_next_hand():
    """Regression: a sealed deal of Agency's next hand was taken from anyone
    holding the finished hand's token, with no credential or a winning seat's.
    The team that lost names the next leader (RULINGS A14), and the deal spends
    the finished hand's token, so whoever dealt first made the losers' choice,
    with a first_leader or with the default one. It needs the credential of a
    seat of the team that lost, whatever the body names."""
    client = sealed_client()
    table = won_agency_hand(client)
    losers = 1 - table.state["winner"]
    stranger = Table(client, "agency", deal(client, "agency"))
    refused_credentials = {
        "none": None, "a winner's": table.credentials[1 - losers], "the other winner's": table.credentials[3 - losers],
        "another match's losing seat's": stranger.credentials[losers], "not a credential": "x",
    }
    for body in ({}, {"first_leader": losers}, {"first_leader": losers + 2}, {"first_leader": 1 - losers}):
        for name, credential in refused_credentials.items():
            status, refused = post(client, "agency", "deal", {"previous": table.token, **body}, credential)
            assert (status, refused["code"]) == (403, "seat_credential_invalid"), (body, name, refused)
            assert "state" not in refused and "token" not in refused
    # A losing seat still names a leader of its own team only (A14).
    status, refused = post(client, "agency", "deal", {"previous": table.token, "first_leader": 1 - losers}, table.credentials[losers])
    assert (status, refused["code"], refused["allowed_leaders"]) == (409, "leader_not_from_losing_team", [losers, losers + 2])
    # None of the refusals spent the token: the losers choose.
    choice = {"previous": table.token, "first_leader": losers + 2}
    status, dealt = post(client, "agency", "deal", choice, table.credentials[losers + 2])
    assert status == 200, dealt
    assert dealt["state"]["first_leader"] == losers + 2 and dealt["state"]["match"]["chooser"] == losers
    assert dealt["state"]["to_act"] == losers + 2
    # The partner asking the same answers the same hand; another choice finds the token spent.
    assert post(client, "agency", "deal", choice, table.credentials[losers]) == (200, dealt)
    status, spent = post(client, "agency", "deal", {"previous": table.token}, table.credentials[losers])
    assert (status, spent["code"]) == (409, "state_spent")


def test_once_the_losing_teams_time_runs_out_any_seat_of_the_match_deals_agencys_next_hand_with_the_default_leader():
    """Regression: in a match with a clock, a team that lost an Agency hand
    could stall the match for good by never dealing the next one, since only
    it may (RULINGS A14) and no clock runs once a hand is over. The finished
    hand's state shows a deadline, the move time after it was issued: until
    then the choice is the losers' alone; after it any seat of the match, or
    the host, deals the next hand with the default leader (the losing team's
    lower seat, A14), as ``timeout`` moves for a seat whose time ran out; it
    may not name a leader, and a credential of no seat of the match is still
    refused."""
    client = sealed_client()
    waiting = won_agency_hand(client, clock={"move_seconds": 86_400})
    late = {name: won_agency_hand(client, clock={"move_seconds": 1}) for name in ("winner", "host")}
    losers = 1 - waiting.state["winner"]
    status, refused = post(client, "agency", "deal", {"previous": waiting.token}, waiting.credentials[1 - losers])
    assert (status, refused["code"]) == (403, "seat_credential_invalid"), refused
    assert waiting.state["clock"]["deadline"] in refused["detail"]  # the refusal says from when the others may deal
    for table in late.values():
        deadline = clock.parse_rfc3339(table.state["clock"]["deadline"])
        assert table.state["clock"]["seat"] is None and deadline is not None
        while clock.now_ms() <= deadline:
            time.sleep(0.05)
    stranger = Table(client, "agency", deal(client, "agency"))
    for name, table in late.items():
        losers = 1 - table.state["winner"]
        credential = table.credentials[1 - losers] if name == "winner" else table.host
        refused_requests = {
            "no credential": ({}, None), "another match's seat": ({}, stranger.credentials[1 - losers]),
            "a leader named by a winner or the host": ({"first_leader": losers + 2}, credential),
            "the default leader named": ({"first_leader": losers}, credential),
        }
        for case, (body, sent) in refused_requests.items():
            status, refused = post(client, "agency", "deal", {"previous": table.token, **body}, sent)
            assert (status, refused["code"]) == (403, "seat_credential_invalid"), (name, case, refused)
        status, dealt = post(client, "agency", "deal", {"previous": table.token}, credential)
        assert status == 200, dealt
        assert dealt["state"]["first_leader"] == losers and dealt["state"]["to_act"] == losers
        assert dealt["state"]["match"]["chooser"] == losers and dealt["state"]["match"]["hand"] == 2
        # The deal spent the finished hand's token: the losers' choice comes too late.
        status, spent = post(client, "agency", "deal", {"previous": table.token, "first_leader": losers + 2}, table.credentials[losers])
        assert (status, spent["code"]) == (409, "state_spent")


def test_once_the_losing_teams_time_runs_out_the_others_deal_the_hand_drawn_with_the_last_not_one_they_choose():
    """Regression (with chosen deals allowed): once the losing team's time to
    choose Agency's next hand had run out, a winning seat or the host dealt
    it from a seed, deck or hands of its own, and so knew every card of it
    (a seed's deal is the documented shuffle); only the leader was kept the
    losers' choice (RULINGS A14). The deal is the losers' choice as the
    leader is: past their time the others deal the hand drawn with the
    finished hand (``deal.source`` random), and the losers may still choose."""
    client = sealed_client(allow_chosen=True)
    late = {name: won_agency_hand(client, clock={"move_seconds": 1}) for name in ("others", "losers")}
    for table in late.values():
        deadline = clock.parse_rfc3339(table.state["clock"]["deadline"])
        assert deadline is not None
        while clock.now_ms() <= deadline:
            time.sleep(0.05)
    deck = [card.code for card in GAMES["agency"].deck]
    suited = [code for code in deck if code != "W"]
    chosen = ({"seed": 1}, {"deck": deck}, {"hands": [suited[8 * seat:8 * seat + 8] for seat in range(4)]})
    table = late["others"]
    losers = 1 - table.state["winner"]
    for credential in (table.credentials[1 - losers], table.credentials[3 - losers], table.host):
        for body in chosen:
            status, refused = post(client, "agency", "deal", {"previous": table.token, **body}, credential)
            assert (status, refused["code"]) == (403, "seat_credential_invalid"), (body, refused)
            assert next(iter(body)) in refused["detail"] and "token" not in refused
    status, dealt = post(client, "agency", "deal", {"previous": table.token}, table.credentials[1 - losers])
    assert status == 200 and dealt["state"]["deal"]["source"] == "random" and dealt["state"]["first_leader"] == losers
    table = late["losers"]
    losers = 1 - table.state["winner"]
    status, dealt = post(client, "agency", "deal", {"previous": table.token, "seed": 1, "first_leader": losers + 2}, table.credentials[losers])
    assert status == 200 and dealt["state"]["deal"]["source"] == "seed" and dealt["state"]["first_leader"] == losers + 2


# -- provably fair deals ------------------------------------------------------------


@pytest.mark.parametrize("game_id", LAST_TRICK)
@pytest.mark.parametrize("hand_number", range(4))
def test_a_finished_hand_reveals_a_seed_that_matches_its_commitment_and_its_deal(game_id, hand_number):
    """The commitment is SHA-256(nonce || seed as 8 bytes big-endian); the seed,
    shuffled and dealt as F3 says, gives every card each seat played."""
    client = sealed_client()
    answer = deal(client, game_id, dealer=hand_number % 3)
    commitment = answer["state"]["deal"]["commitment"]
    table = Table(client, game_id, answer)
    events = table.play_out(random.Random(hand_number))
    revealed = table.state["deal"]
    assert revealed["commitment"] == commitment and revealed["source"] == "random"
    nonce, seed = bytes.fromhex(revealed["nonce"]), revealed["seed"]
    assert len(nonce) == 16 and 0 <= seed < 2**64
    assert hashlib.sha256(nonce + seed.to_bytes(8, "big")).hexdigest() == commitment
    game = GAMES[game_id]
    order = reference_shuffle([card.code for card in game.deck], seed)
    played = {seat: set() for seat in range(3)}
    for event in events:
        if event["type"] == "card_played":
            played[event["seat"]].add(event["card"])
    dealer, batches, position = hand_number % 3, game.batches, 0
    dealt = {seat: set() for seat in range(3)}
    for batch in batches:  # F3: from the seat after the dealer round to the dealer
        for offset in range(1, 4):
            dealt[(dealer + offset) % 3].update(order[position:position + batch])
            position += batch
    assert played == dealt


def test_agency_commitment_matches_the_deck_dealt_as_a7():
    client = sealed_client()
    table = Table(client, "agency", deal(client, "agency"))
    events = table.play_out(random.Random(7))
    revealed = table.state["deal"]
    order = reference_shuffle([card.code for card in GAMES["agency"].deck], revealed["seed"])
    for event in events:
        if event["type"] == "card_played" and event["card"] != "W":
            assert order.index(event["card"]) % 4 == event["holder"], event  # A7 and A5: holder h holds seat h's cards


@pytest.mark.parametrize("store", ["embedded", "none"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_dealing_the_next_hand_again_gives_the_same_hand(game_id, store):
    """Regression: each deal from a finished token drew a fresh seed, so a
    seat could deal its next hand again and again, look at its own cards with
    its credential, and keep the token it liked. The next hand's seed and
    nonce are drawn with the hand before and sealed in its tokens: every deal
    from it, whichever token ended it, is the same hand. With a token store
    the last play made again is the same request, answered with the same
    token, and so is the deal from it; without one (``none``) each is
    made again, and still deals the same hand."""
    client = sealed_client(**({"REFEREE_TOKEN_STORE": "none"} if store == "none" else {}))
    table = Table(client, game_id, deal(client, game_id))
    rng = random.Random(1)
    while True:  # play to the last play, then make it twice: two tokens of the finished hand
        seat = table.state["to_act"]
        move = rng.choice(table.legal(seat)[1]["moves"])
        status, ended = post(client, game_id, "play", {"token": table.token, "move": move}, table.credentials[seat])
        if ended["state"]["hand_over"]:
            break
        table.play(move)
    status, ended_again = post(client, game_id, "play", {"token": table.token, "move": move}, table.credentials[seat])
    assert status == 200 and (ended_again == ended if store == "embedded" else ended_again["token"] != ended["token"])
    table.token, table.state = ended["token"], ended["state"]
    dealt = [table.next_hand(token)[1] for token in (ended["token"], ended["token"], ended_again["token"])]
    assert len({answer["state"]["deal"]["commitment"] for answer in dealt}) == 1
    seat = dealt[0]["state"]["to_act"]
    views = [post(client, game_id, "view", {"token": answer["token"]}, table.credentials[seat]) for answer in dealt]
    assert all(status == 200 for status, _ in views) and views[0] == views[1] == views[2]
    # Another match's second hand, and this match's third, are other hands.
    other = Table(client, game_id, deal(client, game_id))
    other.play_out(random.Random(1))
    other_second = other.next_hand()[1]
    assert other_second["state"]["deal"]["commitment"] != dealt[0]["state"]["deal"]["commitment"]
    second = Table(client, game_id, {**dealt[0], "seats": [{"seat": seat, "credential": credential} for seat, credential in table.credentials.items()]})
    second.play_out(random.Random(2))
    revealed = second.state["deal"]
    assert hashlib.sha256(bytes.fromhex(revealed["nonce"]) + revealed["seed"].to_bytes(8, "big")).hexdigest() == revealed["commitment"]
    if not second.state["match"]["over"]:
        third = second.next_hand()[1]
        assert third["state"]["deal"]["commitment"] != revealed["commitment"]


def test_a_replay_from_a_finished_hand_never_deals_the_real_next_hand():
    """Regression (with chosen deals allowed): a replay from a finished token
    dealt the next hand drawn with it, the one the seats play; a replay checks
    no credential and its refusal lists the named seat's moves, so anyone
    could read a seat's hidden cards. A replay now draws afresh."""
    client = sealed_client(allow_chosen=True)
    table = Table(client, "agram", deal(client, "agram", dealer=0))
    table.play_out(random.Random(4))
    real = post(client, "agram", "deal", {"previous": table.token})[1]
    for _ in range(3):
        status, replayed = post(client, "agram", "replay", {"deal": {"previous": table.token}, "moves": []})
        assert status == 200, replayed
        assert replayed["state"]["deal"]["commitment"] != real["state"]["deal"]["commitment"]
    seat = real["state"]["to_act"]
    status, view = post(client, "agram", "view", {"token": real["token"]}, table.credentials[seat])
    move = {"seat": seat, "card": "W"}  # not an Agram card: refused, with the named seat's legal moves
    status, refused = post(client, "agram", "replay", {"deal": {"previous": table.token}, "moves": [move]})
    assert status in (409, 422)
    listed = {entry["card"] for entry in refused.get("legal_moves", [])}
    assert not listed or listed != set(view["hand"]), (listed, view["hand"])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_replay_from_a_token_starts_a_match_of_its_own_and_forks_none(game_id):
    """Regression (with chosen deals allowed): a replay whose deal names a
    finished hand's token as ``previous`` answered a token of that match,
    as often as asked, without spending the token and without the losing
    team's credential (RULINGS A14): anyone could deal the match's next hand
    again and again (CONTRACT: States spent once), and a seat view its own
    cards on each with its credential and keep the hand it liked, or play
    on it as if it were the hand dealt. A replay's hands are now of a match
    of their own (a new ``match_id``, its own seats' and host's credentials,
    the tally and clock carried over), on which no credential of the token's
    match acts; the match's next hand is still dealt once, from the token."""
    client = sealed_client(allow_chosen=True)
    options = {"target_game_points": 100} if game_id == "agency" else {}
    table = Table(client, game_id, deal(client, game_id, clock={"move_seconds": 60}, options=options))
    table.play_out(random.Random(5))
    finished = table.state
    matches = set()
    for body in ({"previous": table.token}, {"previous": table.token, "seed": 3}):
        for credential in (None, *table.credentials.values()):
            status, replayed = post(client, game_id, "replay", {"deal": body, "moves": []}, credential)
            assert status == 200, replayed
            state = replayed["state"]
            matches.add(state["match_id"])
            assert state["match"]["hand"] == finished["match"]["hand"] + 1 and state["match"]["previous"] == finished["match"]["tally"]
            assert state["clock"]["move_seconds"] == 60 and state["ply"] == 0
            own = {entry["seat"]: entry["credential"] for entry in replayed["seats"]}
            assert set(own) == set(table.credentials) and replayed["host"] and not set(own.values()) & set(table.credentials.values())
            to_act = state["to_act"]
            status, legal = post(client, game_id, "legal-moves", {"token": replayed["token"]}, own[to_act])
            assert status == 200 and legal["moves"]
            for seat, theirs in table.credentials.items():
                for name, extra in (("view", {}), ("legal-moves", {}), ("play", {"move": legal["moves"][0]})):
                    status, refused = post(client, game_id, name, {"token": replayed["token"], **extra}, theirs)
                    assert (status, refused.get("code")) == (403, "seat_credential_invalid"), (name, seat, refused)
    assert finished["match_id"] not in matches and len(matches) == 2 * (1 + len(table.credentials))
    status, second = table.next_hand()
    assert status == 200, second  # no replay spent the finished hand's token
    assert second["state"]["match_id"] == finished["match_id"] and second["state"]["match"]["hand"] == finished["match"]["hand"] + 1
    status, again = table.next_hand(seed=3) if GAMES[game_id].family != "agency" else table.next_hand(first_leader=table.choosing() + 2)
    assert (status, again.get("code")) == (409, "state_spent"), again


@pytest.mark.parametrize("chosen", [{"seed": 5}, {"deck": None}, {"hands": None}])
def test_chosen_deals_and_replays_are_refused_unless_allowed(chosen):
    body = dict(chosen)
    if "deck" in body:
        body["deck"] = [card.code for card in GAMES["agram"].deck]
    if "hands" in body:
        body["hands"] = [[card.code for card in GAMES["agram"].deck[i * 6:(i + 1) * 6]] for i in range(3)]
    status, refused = post(sealed_client(), "agram", "deal", {"players": 3, **body})
    assert status == 403 and refused["code"] == "chosen_deal_refused"
    status, refused = post(sealed_client(), "agram", "replay", {"deal": {"players": 3}, "moves": []})
    assert status == 403 and refused["code"] == "chosen_deal_refused"
    status, allowed = post(sealed_client(allow_chosen=True), "agram", "deal", {"players": 3, **body})
    assert status == 200 and allowed["state"]["deal"]["source"] == next(iter(chosen))


def test_a_replay_when_allowed_is_sealed_and_says_where_its_deal_came_from():
    client = sealed_client(allow_chosen=True)
    status, answer = post(client, "agram", "replay", {"deal": {"players": 3, "seed": 11}, "moves": []})
    assert status == 200 and answer["state"]["deal"]["source"] == "seed" and "token" in answer
    assert "seed" not in answer["state"]["deal"]


# -- the same game, sealed or open ----------------------------------------------------


@pytest.mark.parametrize("game_id", list(GAMES))
def test_sealed_and_open_modes_play_the_same_game_for_the_same_deal(game_id):
    sealed = sealed_client(allow_chosen=True)
    open_client = create_app({"TESTING": True}).test_client()
    request = {**seating(game_id), "seed": 99}
    table = Table(sealed, game_id, deal(sealed, game_id, seed=99))
    state = post(open_client, game_id, "deal", request)[1]["state"]
    rng = random.Random(3)
    while not state["hand_over"]:
        status, legal = post(open_client, game_id, "legal-moves", {"state": state})
        status, sealed_legal = table.legal(legal["to_act"])
        assert sealed_legal == legal
        move = rng.choice(legal["moves"])
        status, played = post(open_client, game_id, "play", {"state": state, "move": move})
        assert table.play(move) == played["events"]
        state = played["state"]
        for name in ("tricks", "trick", "to_act", "hand_over", "winner", "match"):
            assert table.state[name] == state[name], name
    assert post(sealed, game_id, "score", {"token": table.token})[1] == post(open_client, game_id, "score", {"state": state})[1]


# -- tokens: every change is refused, and their length tells nothing --------------------


B64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _respelled(text):
    """Other spellings of unpadded base64url ``text`` that a lenient decoder
    reads as the same bytes: padded, in the standard alphabet, with the
    unused low bits of the last character set. Each must be refused, so a
    token or credential has one accepted form."""
    yield "padded", text + "=" * (-len(text) % 4 or 4)
    if "-" in text or "_" in text:
        yield "standard alphabet", text.replace("-", "+").replace("_", "/")
    unused_bits = {2: 4, 3: 2}.get(len(text) % 4, 0)
    if unused_bits:
        last = B64_ALPHABET.index(text[-1])
        yield "last character's unused bits set", text[:-1] + B64_ALPHABET[last | (1 << unused_bits) - 1]


def _tampered(token):
    version, key_id, body = token.split(".")
    for name, spelling in _respelled(body):
        yield name, f"{version}.{key_id}.{spelling}"
    yield "with a newline", f"{version}.{key_id}.{body[:8]}\n{body[8:]}"
    yield "empty", ""
    yield "not a token", "hello"
    yield "cut", token[:-5]
    yield "cut body", f"{version}.{key_id}.{body[:10]}"
    yield "no body", f"{version}.{key_id}."
    yield "other version", f"t2.{key_id}.{body}"
    yield "unknown key", f"{version}.AAAAAAAA.{body}"
    yield "not base64", f"{version}.{key_id}.{body[:-4]}!@#$"
    yield "non-ASCII", f"{version}.{key_id}.{body[:-1]}é"
    yield "too long", token + "A" * 20_000
    for position in range(0, len(body), max(1, len(body) // 40)):
        flipped = "A" if body[position] != "A" else "B"
        yield f"byte {position}", f"{version}.{key_id}.{body[:position]}{flipped}{body[position + 1:]}"


def test_every_change_to_a_token_is_refused_and_never_a_500():
    client = sealed_client()
    token = deal(client, "agency")["token"]
    status, _ = post(client, "agency", "legal-moves", {"token": token})
    assert status == 200
    for name, changed in _tampered(token):
        for operation in ("legal-moves", "score", "check"):
            status, refused = post(client, "agency", operation, {"token": changed})
            assert status in (403, 422), (name, operation, refused)
            assert refused["code"] in ("state_token_invalid", "validation_failed"), (name, refused)
        status, refused = post(client, "agency", "deal", {"previous": changed})
        assert status in (403, 422) and refused["code"] in ("state_token_invalid", "validation_failed"), (name, refused)


def test_every_change_to_a_credential_is_refused_and_never_a_500():
    """Regression: a seat written in other Unicode digits ("²") was a 500, and
    "01" or a padded MAC were accepted."""
    client = sealed_client()
    table = Table(client, "agram", deal(client, "agram", dealer=0))
    seat = table.state["to_act"]
    credential = table.credentials[seat]
    version, key_id, seat_text, mac = credential.split(".")
    changes = [(name, f"{version}.{key_id}.{seat_text}.{spelling}") for name, spelling in _respelled(mac)]
    for spelled in ("²", "0" + seat_text, "+" + seat_text, f" {seat_text}", f"{seat_text} ", "١", "", "-0", "1e0", "999"):
        changes.append((f"seat {spelled!r}", f"{version}.{key_id}.{spelled}.{mac}"))
    changes += [
        ("other version", f"c2.{key_id}.{seat_text}.{mac}"),
        ("unknown key", f"{version}.AAAAAAAA.{seat_text}.{mac}"),
        ("extra part", f"{credential}.x"),
        ("cut", credential[:-3]),
        ("non-ASCII MAC", f"{version}.{key_id}.{seat_text}.{mac[:-1]}é"),
        ("another seat's MAC", f"{version}.{key_id}.{(seat + 1) % 3}.{mac}"),
    ]
    legal_status, _ = table.legal(seat)
    assert legal_status == 200
    for name, changed in changes:
        for operation in ("legal-moves", "view"):
            status, refused = post(client, "agram", operation, {"token": table.token}, changed)
            assert status == 403 and refused["code"] == "seat_credential_invalid", (name, operation, refused)


def test_a_token_of_another_key_or_game_is_refused_and_rolled_keys_still_open():
    token = deal(sealed_client(keys=OTHER_KEY), "agram")["token"]
    status, refused = post(sealed_client(), "agram", "legal-moves", {"token": token})
    assert status == 403 and refused["code"] == "state_token_invalid"
    status, answer = post(sealed_client(keys=f"{KEY},{OTHER_KEY}"), "agram", "legal-moves", {"token": token})
    assert status == 200, answer  # the old key still opens after a roll
    status, refused = post(sealed_client(keys=OTHER_KEY), "sink-sink", "legal-moves", {"token": token})
    assert status == 403 and refused["code"] == "state_token_invalid"


def test_states_and_tokens_do_not_cross_modes():
    open_state = post(create_app({"TESTING": True}).test_client(), "agram", "deal", {"players": 3, "seed": 1})[1]["state"]
    status, refused = post(sealed_client(), "agram", "legal-moves", {"state": open_state})
    assert status == 403 and refused["code"] == "state_token_invalid"
    token = deal(sealed_client(), "agram")["token"]
    status, refused = post(create_app({"TESTING": True}).test_client(), "agram", "legal-moves", {"token": token})
    assert status == 403 and refused["code"] == "state_token_invalid"


@pytest.mark.parametrize("game_id", LAST_TRICK)
def test_a_tokens_length_depends_only_on_what_every_seat_sees(game_id):
    """Card codes differ in length (``10S``) and seeds in digits: a token of
    the same public position is the same length whatever the hidden cards."""
    client = sealed_client()
    lengths = {len(deal(client, game_id, players=players)["token"]) for players in [3] * 12}
    assert len(lengths) == 1, lengths


# -- twins: nothing a seat can get depends on cards hidden from it ----------------------


def _hidden_twin_hands(game, hands, seat, played, rng):
    """``hands`` with the cards hidden from ``seat`` (not its own, not played) dealt anew."""
    visible = set(hands[seat]) | played
    if game.family == "agency":  # a seat sees the holders beside it (A5): its own and the one before
        visible |= set(hands[(seat - 1) % 4])
    pool = [card for hand in hands for card in hand if card not in visible]
    pool += [card.code for card in game.deck if card.code not in {c for hand in hands for c in hand}]
    rng.shuffle(pool)
    twin = []
    for hand in hands:
        twin.append([card if card in visible else pool.pop() for card in hand])
    return twin


def _answers(client, game_id, token, credential, tries):
    """Everything a seat's credential can get of a hand (tokens by length
    only; not the match's id, which differs from one match to another)."""
    out = {"token_length": len(token)}
    for name in ("legal-moves", "view", "score"):
        status, answer = post(client, game_id, name, {"token": token}, credential)
        out[name] = (status, {k: v for k, v in answer.items() if k != "match_id"})  # each match has its own
    for move in tries:
        status, answer = post(client, game_id, "play", {"token": token, "move": move}, credential)
        if status == 200:
            answer = {"events": answer["events"], "token_length": len(answer["token"]),
                      "state": {k: v for k, v in answer["state"].items() if k != "match_id"}}
        out[str(move)] = (status, answer)
    return out


@pytest.mark.parametrize("game_id", ["agency", "agram", "fapfap"])
@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_nothing_a_seat_can_get_depends_on_cards_hidden_from_it(game_id, data):
    client = sealed_client(allow_chosen=True)
    game = GAMES[game_id]
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    players = 4 if game_id == "agency" else 3
    order = reference_shuffle([card.code for card in game.deck], rng.randrange(2**32))
    size = game.hand_size
    hands = [order[i * size:(i + 1) * size] for i in range(players)]
    moves = data.draw(st.integers(0, players * 2), label="moves")
    first = deal(client, game_id, hands=hands)
    table = Table(client, game_id, first)
    history = []
    for _ in range(moves):
        if table.state["hand_over"]:
            break
        seat = table.state["to_act"]
        move = rng.choice(table.legal(seat)[1]["moves"])
        table.play(move)
        history.append(move)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    played = {move["card"] for move in history}
    twin_table = Table(client, game_id, deal(client, game_id, hands=_hidden_twin_hands(game, hands, seat, played, rng)))
    for move in history:
        status, answer = post(client, game_id, "play", {"token": twin_table.token, "move": move}, twin_table.credentials[move["seat"]])
        assume(status == 200)  # the new hidden cards made a past play illegal: not a twin
        twin_table.token, twin_table.state = answer["token"], answer["state"]
    assume(twin_table.state["hand_over"] == table.state["hand_over"])
    tries = [{"seat": seat, "card": card.code} for card in game.deck][:12]
    if game_id == "agency":
        tries = [{**move, "holder": holder} for move in tries for holder in (seat, (seat - 1) % 4)]
    mine = _answers(client, game_id, table.token, table.credentials[seat], tries)
    theirs = _answers(client, game_id, twin_table.token, twin_table.credentials[seat], tries)
    for key in mine:
        if isinstance(mine[key], tuple) and mine[key][0] == theirs[key][0] == 200 and "events" in mine[key][1]:
            if mine[key][1]["state"]["hand_over"] != theirs[key][1]["state"]["hand_over"]:
                continue  # the move ended one twin's hand (A12a): that is public
        assert mine[key] == theirs[key], key
