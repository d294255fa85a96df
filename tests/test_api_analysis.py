"""solve, suggest and analyze over HTTP (CONTRACT, "Analysis and bots").

The values asserted are worked out by hand from the rule texts (RULINGS),
on endgames built for it, not read from the solver:

* the Agram family: seat 1 wins the first tricks with high hearts, then
  holds a sure winner and a loser for the last two tricks; leading the loser
  first gives the lead back to the other seat, whose last card then loses
  the last trick to the sure winner (F1, F2, F5). Spar and Fapfap pay for
  the last trick's winning card (F2, F6).
* Agency: with ``early_end_points`` 2 the first trick that carries points
  ends the hand (A12c); seat 0 leading its 9 of Vans wins a trick that the
  only Wall the next seat can play puts 2 points in (A3, A9, A11); any other
  lead lets seat 3 take that Wall's points with its 8 of Vans.
"""

from __future__ import annotations

import random

import pytest

from service.analysis import bots, review, solver
from service.app import create_app
from service.config import ANALYZE_NODES, DEFAULTS, SOLVE_NODES, SUGGEST_PLIES, SUGGEST_WORLDS, SettingError, load_settings
from service.games import GAMES

KEY = "sealing-key-for-the-analysis-tests-0123456789"
LEVELS = ("random", "rules", "search")
SMALL_SEARCH = {SUGGEST_WORLDS: 12, SUGGEST_PLIES: 3000}
"""A searching level cheap enough for many calls (the property holds for any budget)."""


def client_of(**settings):
    return create_app({"TESTING": True, **settings}).test_client()


@pytest.fixture(scope="module")
def client():
    """One open app for the module (an app takes a second to make)."""
    return client_of()


@pytest.fixture(scope="module")
def small():
    return client_of(**SMALL_SEARCH)


def post(client, game, name, body, credential=None):
    headers = {"Authorization": f"Bearer {credential}"} if credential else {}
    response = client.post(f"/v1/games/{game}/{name}", json=body, headers=headers)
    return response.status_code, response.get_json(), response


def replayed(client, game, deal, moves):
    """The state after ``moves`` from the deal request ``deal``."""
    status, answer, _ = post(client, game, "replay", {"deal": deal, "moves": moves})
    assert status == 200, answer
    return answer["state"]


def by_card(moves):
    return {entry["move"]["card"]: entry for entry in moves}


# -- hand-built endgames ------------------------------------------------------------------

HEARTS = {"agram": (["AH", "10H", "9H", "8H"], ["3H", "4H", "5H", "6H"]),
          "sink-sink": (["AH", "10H", "9H"], ["3H", "4H", "5H"]),
          "agram-mali": (["AH", "KH", "10H"], ["7H", "8H", "9H"]),
          "spar": (["AH", "KH", "QH"], ["6H", "7H", "8H"]),
          "fapfap": (["AH", "10H", "9H"], ["4H", "5H", "6H"])}
"""Seat 1's high hearts and seat 0's low ones: seat 1 wins every trick before the last two (F1)."""

LAST_TWO = {
    # game: (seat 1's last two, seat 0's last two, options, {seat 1's move: its value}, best)
    "agram": (["AD", "3C"], ["10D", "AC"], {}, {"AD": 0, "3C": 1}, 1),
    "sink-sink": (["AD", "3C"], ["10D", "AC"], {}, {"AD": 0, "3C": 1}, 1),
    "agram-mali": (["AD", "7C"], ["KD", "AC"], {}, {"AD": 0, "7C": 1}, 1),
    # Spar: AD first keeps the lead and the last trick falls to the 6 of clubs, 3 points; 6C first
    # leaves the ace to win the last trick, 1 point (F2).
    "spar": (["AD", "6C"], ["7D", "7S"], {}, {"AD": 3, "6C": 1}, 3),
    # Fapfap, stake 2, 2 players: the 3 of diamonds winning the last trick doubles the payout, 2*2 = 4;
    # winning trick 4 with it and the last with the ace pays 2*1 = 2 (F2, F6).
    "fapfap": (["3D", "AC"], ["4S", "5S"], {"stake": 2}, {"3D": 2, "AC": 4}, 4),
}


def endgame(client, game_id, last_play=None):
    """Two players, dealer 0 (seat 1 leads, F4): the state where seat 1 leads
    the second last trick, or after ``last_play`` too (then seat 0 to act)."""
    high, low = HEARTS[game_id]
    mine, theirs, options, _, _ = LAST_TWO[game_id]
    deal = {"players": 2, "dealer": 0, "hands": [low + theirs, high + mine], "options": options}
    moves = [move for pair in zip(high, low) for move in ({"seat": 1, "card": pair[0]}, {"seat": 0, "card": pair[1]})]
    if last_play:
        moves.append({"seat": 1, "card": last_play})
    return replayed(client, game_id, deal, moves), len(moves)


AGENCY_HANDS = [
    ["9V", "1H", "2H", "2V", "3V", "1M", "2M", "4M"],
    ["1B", "2B", "4B", "4V", "5V", "6M", "8M", "9M"],
    ["1V", "4H", "6H", "6V", "7V", "6B", "8B", "9B"],
    ["8V", "8H", "9H", "3H", "5H", "7H", "3M", "5M"],
]
"""Laid out as c1 c2 c3 W c4 c5 W c6 c7 c8 (A5): seat 0 reaches 9V 1H 2H and
seat 3's 7H 3M 5M; seat 1 reaches no Van and no heart, so it can only follow
a lead with a Wall (A9); seat 2 reaches 1V and low hearts; seat 3 reaches 8V
(A6). The other Vans sit beyond the Walls."""

AGENCY_DEAL = {"hands": AGENCY_HANDS, "first_leader": 0, "options": {"early_end_points": 2}}


def agency_start(client, moves=()):
    return replayed(client, "agency", AGENCY_DEAL, list(moves))


@pytest.mark.parametrize("game_id", sorted(LAST_TWO))
def test_solve_values_an_agram_family_endgame_as_the_rules_do(client, game_id):
    state, _ = endgame(client, game_id)
    status, answer, _ = post(client, game_id, "solve", {"state": state})
    assert status == 200, answer
    _, _, _, values, best = LAST_TWO[game_id]
    assert answer["to_act"] == 1 and answer["exact"] is True and answer["value"] == best
    assert {card: entry["value"] for card, entry in by_card(answer["moves"]).items()} == values
    assert all(entry["move"]["seat"] == 1 and "lower" not in entry for entry in answer["moves"])


def test_solve_values_an_agency_first_trick_as_the_rules_do(client):
    status, answer, _ = post(client, "agency", "solve", {"state": agency_start(client)})
    assert status == 200, answer
    values = {card: entry["value"] for card, entry in by_card(answer["moves"]).items()}
    # Seat 0 reaches 9V 1H 2H (holder 0) and 7H 3M 5M (holder 3); no Wall may be led (A8).
    assert values == {"9V": 1, "1H": -1, "2H": -1, "7H": -1, "3M": -1, "5M": -1}
    assert answer["value"] == 1 and answer["exact"] is True and answer["to_act"] == 0
    assert {entry["move"]["card"]: entry["move"]["holder"] for entry in answer["moves"]}["7H"] == 3


def test_solve_sees_the_other_seat_as_one_side_after_a_losing_play(client):
    """After seat 1 leads its sure winner too early, seat 0 is to act with one
    legal card (it must follow suit, F5) and wins whatever happens."""
    state, _ = endgame(client, "agram", last_play="AD")
    status, answer, _ = post(client, "agram", "solve", {"state": state})
    assert status == 200
    assert answer["to_act"] == 0 and answer["value"] == 1 and [entry["move"]["card"] for entry in answer["moves"]] == ["10D"]


@pytest.mark.parametrize("game_id", ["agram", "spar", "fapfap"])
def test_analyze_marks_the_play_that_lost(client, game_id):
    _, _, _, values, best = LAST_TWO[game_id]
    worst = min(values, key=values.__getitem__)
    state, plies = endgame(client, game_id, last_play=worst)
    status, answer, _ = post(client, game_id, "analyze", {"state": state})
    assert status == 200, answer
    assert len(answer["plays"]) == plies and answer["exact"] is True
    assert [entry["ply"] for entry in answer["plays"]] == list(range(plies))
    last = answer["plays"][-1]
    assert last["move"] == {"seat": 1, "card": worst}
    assert (last["value_before"], last["value_after"]) == (best, values[worst])
    assert last["exact"] is True and "before" not in last
    # The earlier plays by seat 1 lost nothing: it could still guarantee its best.
    assert all(entry["value_after"] == entry["value_before"] for entry in answer["plays"][:-1] if entry["move"]["seat"] == 1)


def test_analyze_marks_agencys_losing_lead(client):
    state = agency_start(client, [{"seat": 0, "card": "1H", "holder": 0}])
    status, answer, _ = post(client, "agency", "analyze", {"state": state})
    assert status == 200, answer
    (entry,) = answer["plays"]
    assert entry["move"] == {"seat": 0, "card": "1H", "holder": 0}
    assert (entry["value_before"], entry["value_after"]) == (1, -1)


# -- the hand over -----------------------------------------------------------------------------


def finished(client, game_id):
    """A hand played to its end: Agency's 9V lead and the Wall that ends it (A12c); otherwise the endgame's best line."""
    if game_id == "agency":
        moves = [{"seat": 0, "card": "9V", "holder": 0}, {"seat": 1, "card": "W", "holder": 1},
                 {"seat": 2, "card": "1V", "holder": 2}, {"seat": 3, "card": "8V", "holder": 3}]
        return agency_start(client, moves)
    state, _ = endgame(client, game_id)
    while state["to_act"] is not None:
        _, legal, _ = post(client, game_id, "legal-moves", {"state": state})
        _, answer, _ = post(client, game_id, "play", {"state": state, "move": legal["moves"][0]})
        state = answer["state"]
    return state


@pytest.mark.parametrize("game_id", ["agency", "agram", "fapfap"])
def test_a_finished_hand_has_no_move_to_solve_or_suggest(client, game_id):
    state = finished(client, game_id)
    assert state["hand_over"] is True
    status, answer, _ = post(client, game_id, "solve", {"state": state})
    assert status == 200
    assert answer["to_act"] is None and answer["moves"] == [] and answer["value"] is None
    status, problem, response = post(client, game_id, "suggest", {"state": state, "seed": 1})
    assert status == 409 and problem["code"] == "hand_over"
    assert response.mimetype == "application/problem+json"
    # titled for what it says, not "Illegal move": no move was sent (found by a fresh-user trial)
    assert problem["title"] == "Hand over" and problem["legal_moves"] == []
    status, answer, _ = post(client, game_id, "analyze", {"state": state})
    assert status == 200 and len(answer["plays"]) == len([p for t in state["tricks"] for p in t["plays"]])


# -- suggest -----------------------------------------------------------------------------------


def _history(game_id, seed, plies):
    """A random hand of ``game_id`` from ``seed``: its deal request and ``plies`` random moves."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    seating = {} if game.family == "agency" else {"players": rng.randint(game.min_players, game.max_players), "dealer": 0}
    hand = game.deal(seed=seed, **seating)
    moves = []
    for _ in range(plies):
        legal = hand.legal_moves()
        if hand.hand_over or not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        hand, _ = game.play(hand, move)
    return hand, seating, moves


def _twin_hands(hand, seat):
    """The dealt hands with one card that ``seat`` does not see swapped for
    another of the same suit that it does not see either: from another
    seat's unplayed cards, or the undealt ones (the same suit keeps every
    play made legal, F5, A9). ``None`` when there is none to swap."""
    played = {play.card for play in hand.history}
    hands = [list(cards) for cards in hand.deal_hands]
    if hand.game.family == "agency":
        from service.games.agency import HOLDERS_OF
        hidden = [h for h in range(4) if h not in HOLDERS_OF[seat]]
    else:
        hidden = [s for s in range(hand.players) if s != seat]
    places = [(s, i) for s in hidden for i, card in enumerate(hands[s]) if card not in played]
    pool = [("undealt", card) for card in hand.undealt] + [(place, hands[place[0]][place[1]]) for place in places]
    for s, i in places:
        card = hands[s][i]
        for where, other in pool:
            if other.suit == card.suit and other != card and (where == "undealt" or where[0] != s):
                if where != "undealt":
                    hands[where[0]][where[1]] = card
                hands[s][i] = other
                return hands
    return None


def _deal_request(hand, seating, hands):
    return {**seating, "hands": [[card.code for card in cards] for cards in hands], "options": dict(hand.options),
            **({"first_leader": hand.seating.first_leader} if hand.game.family == "agency" else {})}


def _moves(moves):
    return [{"seat": m.seat, "card": m.card.code, **({"holder": m.holder} if m.holder is not None else {})} for m in moves]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_suggest_sees_only_the_view_of_the_seat_to_act(small, game_id):
    """Twins: two states whose view for the seat to act is the same, with a
    hidden card moved, get the same move for the same seed at every level."""
    checked = 0
    for seed in range(40):
        hand, seating, moves = _history(game_id, seed, random.Random(seed).randint(0, 12))
        if hand.hand_over:
            continue
        twin = _twin_hands(hand, hand.to_act)
        if twin is None:
            continue
        states = [replayed(small, game_id, _deal_request(hand, seating, hands), _moves(moves)) for hands in (hand.deal_hands, twin)]
        assert states[0]["deal"]["hands"] != states[1]["deal"]["hands"]
        views = [post(small, game_id, "view", {"state": state, "seat": hand.to_act})[1] for state in states]
        assert views[0] == views[1]
        for level in LEVELS:
            answers = [post(small, game_id, "suggest", {"state": state, "seed": seed, "level": level})[1] for state in states]
            assert answers[0] == answers[1], (seed, level)
            assert answers[0]["seat"] == hand.to_act and answers[0]["level"] == level
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_suggest_answers_a_legal_move_the_same_for_the_same_seed(small):
    state = agency_start(small)
    _, legal, _ = post(small, "agency", "legal-moves", {"state": state})
    for level in LEVELS:
        first = post(small, "agency", "suggest", {"state": state, "seed": 7, "level": level})[1]
        again = post(small, "agency", "suggest", {"state": state, "seed": 7, "level": level})[1]
        assert first == again and first["move"] in legal["moves"] and first["seed"] == 7


def test_suggest_without_a_seed_draws_one_and_answers_it(small):
    state, _ = endgame(small, "agram")
    for _ in range(40):  # a drawn seed is below 2**53, as a random deal's (a JavaScript number holds it exactly)
        answer = post(small, "agram", "suggest", {"state": state, "level": "random"})[1]
        assert 0 <= answer["seed"] < 2**53
        again = post(small, "agram", "suggest", {"state": state, "level": "random", "seed": answer["seed"]})[1]
        assert again == answer


def test_the_default_level_is_the_search(small):
    state, _ = endgame(small, "agram")
    answer = post(small, "agram", "suggest", {"state": state, "seed": 3})[1]
    assert answer["level"] == "search" == bots.DEFAULT_LEVEL.value


def test_the_random_level_draws_every_legal_move(small):
    state = agency_start(small)
    seen = {post(small, "agency", "suggest", {"state": state, "seed": seed, "level": "random"})[1]["move"]["card"] for seed in range(60)}
    assert seen == {"9V", "1H", "2H", "7H", "3M", "5M"}


def test_the_rules_level_follows_the_tips_whatever_the_seed(small):
    """Seat 1 leads the second last trick holding AD, the top of its suit,
    and 3C: "winning the fifth trick often matters" (the Agram text's tips),
    and the top card of the led suit wins it (F1), so the rules level leads
    AD, for every seed (it draws nothing). With every card known this is the
    losing play (``LAST_TWO``): the tips are not a search."""
    state, _ = endgame(small, "agram")
    for seed in range(3):
        assert post(small, "agram", "suggest", {"state": state, "seed": seed, "level": "rules"})[1]["move"]["card"] == "AD"


@pytest.mark.parametrize("body, field", [
    ({"level": "expert"}, "level"), ({"level": 3}, "level"), ({"seed": -1}, "seed"), ({"seed": 2**63}, "seed"),
    ({"seed": "12"}, "seed"), ({"seed": 1.5}, "seed"),
])
def test_a_bad_seed_or_level_is_a_422_problem(client, body, field):
    state, _ = endgame(client, "agram")
    status, problem, response = post(client, "agram", "suggest", {"state": state, **body})
    assert status == 422 and response.mimetype == "application/problem+json"
    assert field in problem["errors"]["json"]


@pytest.mark.parametrize("name", ["solve", "suggest", "analyze"])
def test_an_invalid_state_is_refused_as_legal_moves_refuses_it(client, name):
    state, _ = endgame(client, "agram")
    state["deal"]["hands"][0][0] = state["deal"]["hands"][1][0]  # a card dealt twice
    expected = post(client, "agram", "legal-moves", {"state": state})
    status, problem, response = post(client, "agram", name, {"state": state})
    assert (status, problem["code"]) == (expected[0], expected[1]["code"]) == (409, "invalid_state")
    assert problem["problems"] == expected[1]["problems"]
    status, problem, _ = post(client, "agram", name, {"token": "not-a-token"})
    assert (status, problem["code"]) == (403, "state_token_invalid")


# -- budgets ---------------------------------------------------------------------------------


def test_past_its_node_budget_solve_answers_bounds_that_hold_the_value(client):
    """A 4-player Agram deal is exact with the default budget; with 30 nodes
    it is not, and each move's bounds contain its exact value."""
    state = client.post("/v1/games/agram/deal", json={"players": 4, "seed": 11}).get_json()["state"]
    exact = post(client, "agram", "solve", {"state": state})[1]
    tight = client_of(**{SOLVE_NODES: 30})
    status, answer, _ = post(tight, "agram", "solve", {"state": state})
    assert status == 200 and exact["exact"] is True and answer["exact"] is False
    assert "value" not in answer and answer["nodes"] <= 30 + len(answer["moves"])
    values = {card: entry["value"] for card, entry in by_card(exact["moves"]).items()}
    for card, entry in by_card(answer["moves"]).items():
        assert "value" not in entry and entry["lower"] <= values[card] <= entry["upper"]


def test_past_its_node_budget_analyze_answers_bounds(client):
    hand, seating, moves = _history("agram", 5, 8)
    state = replayed(client, "agram", _deal_request(hand, seating, hand.deal_hands), _moves(moves))
    status, answer, _ = post(client_of(**{ANALYZE_NODES: 1}), "agram", "analyze", {"state": state})
    assert status == 200 and answer["exact"] is False
    loose = [entry for entry in answer["plays"] if not entry["exact"]]
    assert loose and all(entry["value_before"] is None and entry["value_after"] is None for entry in loose)
    assert all(len(entry["before"]) == 2 and entry["before"][0] <= entry["before"][1] for entry in loose)


@pytest.mark.parametrize("game_id", ["agency", "agram", "fapfap"])
def test_an_entry_not_exact_has_both_values_null_even_where_one_side_was_proved(game_id):
    """CONTRACT "Analysis and bots": where an entry is not exact, both values
    are null and ``before`` and ``after`` carry the bounds, also when one of
    the two was proved (``[v, v]``) and only the other was not."""
    game = GAMES[game_id]
    rng = random.Random(3)
    seating = {} if game.family == "agency" else {"players": 5, "dealer": 0}
    hand = game.deal(seed=3, **seating)
    moves = []
    while hand.to_act is not None:
        move = rng.choice(hand.legal_moves())
        hand, _ = game.play(hand, move)
        moves.append(move)
    state = replayed(client_of(), game_id, _deal_request(hand, seating, hand.deal_hands), _moves(moves))
    status, answer, _ = post(client_of(**{ANALYZE_NODES: 1_000}), game_id, "analyze", {"state": state})
    assert status == 200 and answer["exact"] is False
    loose = [entry for entry in answer["plays"] if not entry["exact"]]
    half = [entry for entry in loose if entry["before"][0] == entry["before"][1] or entry["after"][0] == entry["after"][1]]
    assert half, "no entry with one side proved: the budget does not test the case"
    assert all(entry["value_before"] is None and entry["value_after"] is None for entry in loose)
    assert all(entry["value_before"] is not None and entry["value_after"] is not None and "before" not in entry
               for entry in answer["plays"] if entry["exact"])


def test_a_tiny_search_budget_still_suggests_a_legal_move():
    tiny = client_of(**{SUGGEST_WORLDS: 1, SUGGEST_PLIES: 1})
    state = agency_start(tiny)
    _, legal, _ = post(tiny, "agency", "suggest", {"state": state, "seed": 2})
    assert legal["move"]["card"] in {"9V", "1H", "2H", "7H", "3M", "5M"}


def test_the_budgets_default_to_the_analysis_modules_own_and_refuse_nonsense():
    assert DEFAULTS[SOLVE_NODES] is None and DEFAULTS[ANALYZE_NODES] is None  # each family's own
    assert set(solver.DEFAULT_BUDGET) == set(review.DEFAULT_REVIEW_BUDGET) == {game.family for game in GAMES.values()}
    assert load_settings({})[SOLVE_NODES] is None
    assert (DEFAULTS[SUGGEST_WORLDS], DEFAULTS[SUGGEST_PLIES]) == (bots.DEFAULT_BUDGET.worlds, bots.DEFAULT_BUDGET.plies)
    assert load_settings({SOLVE_NODES: "5000"})[SOLVE_NODES] == 5000
    for name, value in ((SOLVE_NODES, "0"), (SUGGEST_WORLDS, "many"), (SUGGEST_PLIES, "-3")):
        with pytest.raises(SettingError, match=name):
            load_settings({name: value})


# -- sealed mode -----------------------------------------------------------------------------


class Table:
    """A sealed hand: the newest token and each seat's credential."""

    def __init__(self, client, game_id, answer):
        self.client, self.game = client, game_id
        self.token = answer["token"]
        self.credentials = {entry["seat"]: entry["credential"] for entry in answer["seats"]}

    def post(self, name, seat=None, **body):
        return post(self.client, self.game, name, {"token": self.token, **body}, self.credentials[seat] if seat is not None else None)

    def to_act(self):
        return self.post("legal-moves")[1]["to_act"]

    def play_out(self):
        while (seat := self.to_act()) is not None:
            move = self.post("legal-moves", seat)[1]["moves"][0]
            status, answer, _ = self.post("play", seat, move=move)
            assert status == 200
            self.token = answer["token"]


@pytest.mark.parametrize("game_id", ["agency", "sink-sink"])
def test_sealed_mode_hides_what_no_seat_may_see(game_id):
    client = client_of(REFEREE_SEALING_KEYS=KEY, **SMALL_SEARCH)
    # Agency: the first trick with points ends the hand (A12c), to keep the test short.
    seating = {"options": {"early_end_points": 1}} if game_id == "agency" else {"players": 3}
    table = Table(client, game_id, client.post(f"/v1/games/{game_id}/deal", json=seating).get_json())
    seat = table.to_act()
    for name in ("solve", "analyze"):
        for credential in (None, seat):
            status, problem, response = table.post(name, credential)
            assert (status, problem["code"]) == (403, "hidden_cards") and response.mimetype == "application/problem+json"
            # what the hand's end brings, true of both: solve then has no move to value, so no "ask again" (fresh-user trial)
            assert problem["detail"].endswith("once the hand is over its deal is revealed, and analyze reviews it"), problem
    other = (seat + 1) % len(table.credentials)
    for credential in (None, other):
        status, problem, _ = table.post("suggest", credential, seed=1)
        assert (status, problem["code"]) == (403, "seat_credential_invalid")
    status, answer, _ = table.post("suggest", seat, seed=1)
    assert status == 200 and answer["seat"] == seat
    assert answer["move"] in table.post("legal-moves", seat)[1]["moves"]

    table.play_out()
    status, answer, _ = table.post("solve")
    assert status == 200 and (answer["to_act"], answer["moves"], answer["value"]) == (None, [], None)
    status, answer, _ = table.post("analyze")
    assert status == 200 and answer["plays"]
    status, problem, _ = table.post("suggest", seat, seed=1)
    assert (status, problem["code"]) == (409, "hand_over")


def test_signed_states_are_taken_and_checked_as_legal_moves_takes_them():
    client = client_of(REFEREE_SIGNING_KEYS="signing-key-for-the-analysis-tests-0123456789", **SMALL_SEARCH)
    state = client.post("/v1/games/spar/deal", json={"players": 3, "seed": 4}).get_json()["state"]
    for name in ("solve", "suggest", "analyze"):
        status, answer, _ = post(client, "spar", name, {"state": state, **({"seed": 1} if name == "suggest" else {})})
        assert status == 200, answer
        status, problem, _ = post(client, "spar", name, {"state": {**state, "signature": "hmac-sha256:AAAA"}})
        assert (status, problem["code"]) == (403, "state_signature_invalid")
