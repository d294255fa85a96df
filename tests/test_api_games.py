"""The game endpoints: refusals, invalid states and the game list (CONTRACT.md)."""

from __future__ import annotations

import copy

import pytest

from support import case, post, reference_shuffle

AGRAM_DEAL = case("agram-three-players")["deal"]
AGENCY_DEAL = case("agency-opening")["deal"]


def _deal(client, game, body):
    status, response = post(client, f"/v1/games/{game}/deal", body)
    assert status == 200, response
    return response["state"]


def _play(client, game, state, move):
    return post(client, f"/v1/games/{game}/play", {"state": state, "move": move})


def _assert_refused(status, body, code, legal):
    assert status == 409, body
    assert body["code"] == code
    assert body["type"] == f"/problems/{code}"
    assert body["title"] and body["detail"]
    assert {tuple(sorted(m.items())) for m in body["legal_moves"]} == {tuple(sorted(m.items())) for m in legal}


# -- illegal moves, Agram family (seat 1 leads; hands from the worked case) --

SEAT1_LEADS = [{"seat": 1, "card": c} for c in ("10H", "8S", "4D", "AC", "9D", "6H")]


def test_out_of_turn_is_refused(client):
    """Seat 1 leads (F4); seat 0 has no move now, and the refusal shows it none
    of seat 1's cards."""
    state = _deal(client, "agram", AGRAM_DEAL)
    status, body = _play(client, "agram", state, {"seat": 0, "card": "AH"})
    _assert_refused(status, body, "not_your_turn", [])


@pytest.mark.parametrize("seat", [3, 4])
def test_a_seat_not_at_the_table_is_refused_as_out_of_turn_and_said_to_be_absent(client, seat):
    """A move by a seat the game has but this 3-player hand does not (past
    the game's 5 seats the schema refuses it, 422): ``not_your_turn`` (C1,
    C2), its detail naming the hand's seats."""
    state = _deal(client, "agram", AGRAM_DEAL)
    status, body = _play(client, "agram", state, {"seat": seat, "card": "AH"})
    _assert_refused(status, body, "not_your_turn", [])
    assert f"not seat {seat}'s: this hand has seats 0 to 2 (RULINGS C1, C2)" in body["detail"], body["detail"]


def test_card_not_held_is_refused(client):
    state = _deal(client, "agram", AGRAM_DEAL)
    status, body = _play(client, "agram", state, {"seat": 1, "card": "AH"})
    _assert_refused(status, body, "card_not_available", SEAT1_LEADS)


def test_card_not_in_the_deck_is_refused_as_not_available(client):
    state = _deal(client, "agram", AGRAM_DEAL)
    status, body = _play(client, "agram", state, {"seat": 1, "card": "AS"})
    _assert_refused(status, body, "card_not_available", SEAT1_LEADS)


def test_not_following_suit_when_able_is_refused(client):
    state = _deal(client, "agram", AGRAM_DEAL)
    status, body = _play(client, "agram", state, {"seat": 1, "card": "6H"})
    state = body["state"]
    # Seat 2 holds 9H and 4H: it must follow hearts (RULINGS F5).
    status, body = _play(client, "agram", state, {"seat": 2, "card": "10S"})
    _assert_refused(status, body, "must_follow_suit", [{"seat": 2, "card": "9H"}, {"seat": 2, "card": "4H"}])
    assert "F5" in body["detail"]


def test_move_after_the_hand_is_over_is_refused(client):
    example = case("agram-three-players")
    state = _deal(client, "agram", example["deal"])
    for step in example["steps"]:
        state = _play(client, "agram", state, step["play"])[1]["state"]
    status, body = _play(client, "agram", state, {"seat": 1, "card": "4D"})
    _assert_refused(status, body, "hand_over", [])


# -- illegal moves, Agency (the opening case's position) ----------------------


def _agency_after(client, steps):
    example = case("agency-opening")
    state = _deal(client, "agency", example["deal"])
    for step in example["steps"][:steps]:
        state = _play(client, "agency", state, step["play"])[1]["state"]
    return state, example


def test_agency_wall_lead_refused_while_suited_cards_are_reachable(client):
    state, example = _agency_after(client, 0)
    status, body = _play(client, "agency", state, {"seat": 0, "card": "W", "holder": 0})
    _assert_refused(status, body, "wall_not_allowed", example["steps"][0]["legal_moves"])


def test_agency_second_wall_in_a_trick_refused(client):
    state, example = _agency_after(client, 3)  # seat 2 has played a Wall to this trick
    status, body = _play(client, "agency", state, {"seat": 3, "card": "W", "holder": 3})
    _assert_refused(status, body, "wall_not_allowed", example["steps"][3]["legal_moves"])


def test_agency_card_behind_a_wall_is_not_available(client):
    state, example = _agency_after(client, 0)
    status, body = _play(client, "agency", state, {"seat": 0, "card": "4H", "holder": 0})
    _assert_refused(status, body, "card_not_available", example["steps"][0]["legal_moves"])
    assert "behind a Wall" in body["detail"]


def test_agency_holder_a_seat_does_not_play_from_is_refused(client):
    state, example = _agency_after(client, 0)
    status, body = _play(client, "agency", state, {"seat": 0, "card": "1M", "holder": 1})
    _assert_refused(status, body, "card_not_available", example["steps"][0]["legal_moves"])


def test_agency_wall_without_holder_names_the_holders(client):
    state, example = _agency_after(client, 1)  # seat 1 may play a Wall from holder 0 or 1
    status, body = _play(client, "agency", state, {"seat": 1, "card": "W"})
    _assert_refused(status, body, "holder_required", example["steps"][1]["legal_moves"])
    assert "holder 0" in body["detail"] and "holder 1" in body["detail"]


def test_agency_suited_card_without_holder_is_taken_from_its_holder(client):
    state, _ = _agency_after(client, 0)
    status, body = _play(client, "agency", state, {"seat": 0, "card": "3H"})
    assert status == 200, body
    assert body["events"] == [{"type": "card_played", "seat": 0, "card": "3H", "holder": 0}]


def test_agency_not_following_suit_refused(client):
    state, example = _agency_after(client, 5)  # 7B led; seat 0 reaches no Briefcase
    status, body = _play(client, "agency", state, {"seat": 0, "card": "1H", "holder": 0})
    _assert_refused(status, body, "must_follow_suit", example["steps"][5]["legal_moves"])


# -- invalid states -----------------------------------------------------------


def test_invalid_state_lists_every_problem(client):
    state = _deal(client, "agram", AGRAM_DEAL)
    bad = copy.deepcopy(state)
    bad["hands"][0][0] = bad["hands"][1][0]  # a duplicated card
    bad["deal"]["hands"][2][0] = "2H"  # a card not in the deck
    bad["deal"]["hands"][1].pop()  # a wrong hand size
    status, body = post(client, "/v1/games/agram/legal-moves", {"state": bad})
    assert status == 409, body
    assert body["code"] == "invalid_state"
    problems = " | ".join(body["problems"])
    assert "2H is not in the agram deck" in problems
    assert "hands[1] has 5 cards" in problems
    assert len(body["problems"]) >= 2


def test_duplicated_current_card_and_wrong_size_are_each_reported(client):
    state = _deal(client, "agram", AGRAM_DEAL)
    bad = copy.deepcopy(state)
    bad["hands"][0][0] = bad["hands"][1][0]
    bad["hands"][2].pop()
    status, body = post(client, "/v1/games/agram/score", {"state": bad})
    assert status == 409
    problems = " | ".join(body["problems"])
    assert "appears more than once" in problems
    assert "hands[2] has 5 cards but should have 6" in problems


def test_impossible_trick_is_invalid(client):
    example = case("agram-three-players")
    state = _deal(client, "agram", example["deal"])
    bad = copy.deepcopy(state)
    # Seat 2 plays out of turn as the first card of the hand.
    bad["trick"]["plays"] = [{"seat": 2, "card": "9H"}]
    status, body = post(client, "/v1/games/agram/legal-moves", {"state": bad})
    assert status == 409 and body["code"] == "invalid_state"
    assert "trick.plays[0] is not legal" in body["problems"][0]


def test_derived_field_that_disagrees_is_invalid(client):
    state = _deal(client, "agency", AGENCY_DEAL)
    bad = copy.deepcopy(state)
    bad["team_points"] = [10, 0]
    bad["to_act"] = 2
    status, body = post(client, "/v1/games/agency/score", {"state": bad})
    assert status == 409
    assert len(body["problems"]) == 2


def test_state_without_derived_fields_is_accepted(client):
    state = _deal(client, "agram", AGRAM_DEAL)
    minimal = {key: state[key] for key in ("game", "players", "dealer", "deal", "tricks", "trick")}
    status, body = post(client, "/v1/games/agram/legal-moves", {"state": minimal})
    assert status == 200 and body["to_act"] == 1


def test_state_of_another_game_is_a_schema_error(client):
    state = _deal(client, "agram", AGRAM_DEAL)
    status, body = post(client, "/v1/games/spar/legal-moves", {"state": state})
    assert status == 422 and body["code"] == "validation_failed"


@pytest.mark.parametrize("field,value", [("rules_version", "99"), ("schema_version", 7)])
def test_unknown_state_version_is_refused_with_a_code(client, field, value):
    state = _deal(client, "agram", AGRAM_DEAL)
    state[field] = value
    state["surprise"] = "a field a later schema might add"
    status, body = post(client, "/v1/games/agram/legal-moves", {"state": state})
    assert status == 409, body
    assert body["code"] == "unsupported_version"


# -- deals ----------------------------------------------------------------------


def test_a7_seeded_deal_is_the_pinned_order_dealt_round_the_table(client):
    # Seed 0 gives the pinned Agency order (tests/test_rules_cards.py), here in
    # groups of four: 7V 9M 6H 5V | 1B 1M 4M 3M | 6V 4H 8V 6M | 9H 1V 5M 8M |
    # 5H 7M 8H 4B | 6B 2B 1H 5B | 7B 4V 9B 3B | 8B 2M 7H 2V | 3H 2H 9V 3V.
    # A7: card k (k < 32) goes to seat k mod 4, one card of each group to each
    # seat; the last 4 stay undealt. A5: holder 0 is seat 0's cards with a
    # Wall after the third and the fifth.
    state = _deal(client, "agency", {"seed": 0})
    assert state["deal"]["seed"] == 0
    assert [" ".join(hand) for hand in state["deal"]["hands"]] == [
        "7V 1B 6V 9H 5H 6B 7B 8B",
        "9M 1M 4H 1V 7M 2B 4V 2M",
        "6H 4M 8V 5M 8H 1H 9B 7H",
        "5V 3M 6M 8M 4B 5B 3B 2V",
    ]
    assert sorted(state["deal"]["undealt"]) == ["2H", "3H", "3V", "9V"]
    assert " ".join(state["holders"][0]) == "7V 1B 6V W 9H 5H W 6B 7B 8B"


def test_f3_seeded_deal_of_seven_players_deals_the_whole_pinned_order(client):
    # Sink-Sink's deck is Agram's (RULINGS F2), listed alike, so seed 0 gives
    # the pinned agram order: 6D 5H 7S | 7D 9C AC | 3D 9S 10D | 7H 3H 7C |
    # 8S 8D 9D | 5D 4C 4D | 4H AH 6S | 5S 9H | 4S 8C | 6C 10H | 6H 10C | 3C 8H
    # | 10S 3S | 5C AD. Seven players, dealer 6 (F3): seat 0 first, three
    # cards a seat, then two a seat in the same order; all 35 are dealt.
    games = {game["id"]: game for game in client.get("/v1/games").get_json()["games"]}
    assert games["sink-sink"]["deck"] == games["agram"]["deck"]
    state = _deal(client, "sink-sink", {"players": 7, "dealer": 6, "seed": 0})
    assert [" ".join(hand) for hand in state["deal"]["hands"]] == [
        "6D 5H 7S 5S 9H",
        "7D 9C AC 4S 8C",
        "3D 9S 10D 6C 10H",
        "7H 3H 7C 6H 10C",
        "8S 8D 9D 3C 8H",
        "5D 4C 4D 10S 3S",
        "4H AH 6S 5C AD",
    ]
    assert state["deal"]["undealt"] == []


def test_a7_random_deal_is_the_deal_of_its_recorded_seed(client):
    # The hands are that seed's deal: the listed deck shuffled as docs/api.md
    # says (written again in tests/support.py), then dealt as A7 says.
    state = _deal(client, "agency", {})
    order = reference_shuffle(client.get("/v1/games/agency").get_json()["deck"], state["deal"]["seed"])
    assert state["deal"]["hands"] == [order[seat:32:4] for seat in range(4)]
    assert sorted(state["deal"]["undealt"]) == sorted(order[32:])


@pytest.mark.parametrize(
    ("game", "players", "allowed"),
    [("agram", 1, "2 to 5"), ("agram", 6, "2 to 5"), ("sink-sink", 8, "2 to 7"), ("fapfap", 1, "2 to 7"),
     ("agram-mali", 7, "2 to 6"), ("spar", 8, "2 to 7")],
)
def test_f8_player_count_outside_the_range_is_refused_naming_it(client, game, players, allowed):
    # RULINGS F8, with the ranges of the F2 table.
    status, body = post(client, f"/v1/games/{game}/deal", {"players": players})
    assert status in (409, 422), body
    message = body["detail"] if status == 409 else body["errors"]["json"]["players"][0]
    assert f"{allowed} players" in message, message


@pytest.mark.parametrize(("game", "move"), [
    ("agram", {"seat": 1, "card": "ah"}),
    ("agram", {"seat": 1, "card": "T"}),
    ("agram", {"seat": 1, "card": "TS"}),
    ("agram", {"seat": 1, "card": "10s"}),
    ("agency", {"seat": 0, "card": "1h", "holder": 0}),
    ("agency", {"seat": 0, "card": "w", "holder": 0}),
])
def test_c3_noncanonical_card_code_in_a_move_is_refused_naming_the_format(client, game, move):
    # RULINGS C3: a card code is rank then suit, upper case (10S, AH, W); the
    # referee takes no aliases, so any other spelling is refused.
    state = _deal(client, game, AGRAM_DEAL if game == "agram" else AGENCY_DEAL)
    status, body = _play(client, game, state, move)
    assert status == 422 and body["code"] == "validation_failed", body
    message = body["errors"]["json"]["move"]["card"][0]
    assert repr(move["card"]) in message and "rank then suit" in message and "10S" in message, message


def test_two_deal_sources_are_refused(client):
    status, body = post(client, "/v1/games/agram/deal", {"players": 3, "seed": 1, "hands": AGRAM_DEAL["hands"]})
    assert status == 422


def test_deal_with_a_duplicated_card_is_an_invalid_state(client):
    hands = copy.deepcopy(AGENCY_DEAL["hands"])
    hands[1][0] = hands[0][0]
    status, body = post(client, "/v1/games/agency/deal", {"hands": hands})
    assert status == 409 and body["code"] == "invalid_state"
    assert any("1H appears more than once" in p for p in body["problems"])


@pytest.mark.parametrize("game", ["agency", "agram", "spar"])
def test_a_deal_that_is_not_the_games_names_the_deal_and_counts_right(client, game):
    """A deal request's ``deck`` or ``hands`` is not a state: the refusal says
    the deal breaks the invariants, each count agreeing with its number (A7, F3)."""
    seating = {"first_leader": 0} if game == "agency" else {"players": 2}
    deck = client.get(f"/v1/games/{game}").get_json()["deck"]
    for cards, expected in ((1, "deck has 1 card;"), (2, "deck has 2 cards;")):
        status, body = post(client, f"/v1/games/{game}/deal", {**seating, "deck": deck[:cards]})
        assert (status, body["code"]) == (409, "invalid_state")
        assert body["detail"].startswith(f"The deal breaks the rules' invariants: {expected}"), body["detail"]
    short = [[deck[0]], [deck[1]]] + ([deck[16:24], deck[24:32]] if game == "agency" else [])  # two hands of 1 card
    status, body = post(client, f"/v1/games/{game}/deal", {**seating, "hands": short})
    assert (status, body["code"], len(body["problems"])) == (409, "invalid_state", 2)
    assert body["detail"].startswith("The deal breaks the rules' invariants: hands[0] has 1 card;")
    assert body["detail"].endswith("(and 1 more problem)"), body["detail"]


def test_deck_order_is_dealt_as_a7(client):
    deck = [f"{rank}{suit}" for suit in "HMBV" for rank in range(1, 10)]
    state = _deal(client, "agency", {"deck": deck})
    assert state["deal"]["hands"][0] == deck[0:32:4]
    assert state["deal"]["undealt"] == ["9V", "8V", "7V", "6V"]  # the last 4, in the deck's listed order
    assert state["holders"][0] == ["1H", "5H", "9H", "W", "4M", "8M", "W", "3B", "7B", "2V"]


# -- the game list ----------------------------------------------------------------


def test_games_lists_every_game_with_players_and_options(client):
    body = client.get("/v1/games").get_json()
    games = {game["id"]: game for game in body["games"]}
    assert set(games) == {"agency", "agram", "sink-sink", "fapfap", "agram-mali", "spar"}
    assert games["agency"]["players"] == {"min": 4, "max": 4}
    assert games["agram"]["players"] == {"min": 2, "max": 5}
    assert games["agram-mali"]["players"] == {"min": 2, "max": 6}
    assert games["sink-sink"]["players"] == {"min": 2, "max": 7}
    defaults = {option["name"]: option["default"] for option in games["agency"]["options"]}
    assert defaults == {"offsuit_discard": False, "early_end_points": 22, "target_game_points": 2}
    assert {o["name"]: o["default"] for o in games["fapfap"]["options"]} == {"stake": 1, "target": None}
    assert {o["name"]: o["default"] for o in games["spar"]["options"]} == {"target": 10}


def test_game_entry_has_deck_and_rank_order(client):
    body = client.get("/v1/games/agram-mali").get_json()
    assert body["rank_order"] == ["A", "K", "10", "Q", "9", "8", "J", "7"]
    assert len(body["deck"]) == 31 and "AS" not in body["deck"]


def test_unknown_game_is_404(client):
    assert client.get("/v1/games/bridge").status_code == 404
    status, body = post(client, "/v1/games/bridge/deal", {"players": 4})
    assert status == 404 and body["code"] == "not_found"


def test_agency_trick_winner_accepts_moves_with_their_holders(client):
    plays = [{"seat": 0, "card": "6H", "holder": 0}, {"seat": 1, "card": "W", "holder": 1},
             {"seat": 2, "card": "8H", "holder": 1}, {"seat": 3, "card": "5H", "holder": 2}]
    status, body = post(client, "/v1/games/agency/trick-winner", {"plays": plays})
    assert status == 200 and (body["winner"], body["card"], body["points"]) == (2, "8H", 6)
