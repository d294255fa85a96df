"""Card codes (RULINGS C3) and the seeded shuffle (CONTRACT: ``deal``).

The shuffle vectors pin the documented algorithm: a seed must give the same
deal on any machine and in any later version of the same rules version. If one
of these tests fails, the rules version must change, not the vector.
"""

from __future__ import annotations

import pytest

from service.cards import SEED_MAX, Card, cards, shuffled, uniform_below
from service.games import GAMES
from support import reference_shuffle

VECTORS = {
    ("agram", 0): "6D 5H 7S 7D 9C AC 3D 9S 10D 7H 3H 7C 8S 8D 9D 5D 4C 4D 4H AH 6S 5S 9H 4S 8C 6C 10H 6H 10C 3C 8H 10S 3S 5C AD",
    ("agram", 1): "10S 6S 8C 8S 9D AC 7S 9C 5H 5S 7C 5D 3H AH 4D 4H 9S 10C 4S 6C 3S 10H 9H 7D 8H 8D 10D 4C 6H AD 5C 3C 7H 6D 3D",
    ("agram", SEED_MAX): "AH 6C 8D AD 5S 10H 7H 9C 6D 3S 4C 3C 4S 8C 5H 6S 7C 4H 8S 7D 9S AC 4D 8H 5D 6H 5C 9D 7S 3H 3D 10D 10S 10C 9H",
    ("agency", 0): "7V 9M 6H 5V 1B 1M 4M 3M 6V 4H 8V 6M 9H 1V 5M 8M 5H 7M 8H 4B 6B 2B 1H 5B 7B 4V 9B 3B 8B 2M 7H 2V 3H 2H 9V 3V",
    ("agency", 1): "5M 7V 2B 8V 1M 2H 3H 4H 6M 9V 6H 4B 2V 7M 8H 8B 6V 9H 8M 6B 5H 9B 1H 5V 5B 3B 3V 1V 4M 9M 3M 7B 2M 4V 1B 7H",
    ("agram-mali", 0): "8S JC 10D 10C QC JD 9S 10S 9H AC QD KS 7D AH QS JS 9C QH 7S 8H AD 7H KC KD 8C 10H 8D 7C KH 9D JH",
}


@pytest.mark.parametrize(("game", "seed"), list(VECTORS))
def test_seeded_shuffle_matches_pinned_vector(game, seed):
    assert " ".join(card.code for card in shuffled(GAMES[game].deck, seed)) == VECTORS[(game, seed)]


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 123456789, 2**63, SEED_MAX])
@pytest.mark.parametrize("game", list(GAMES))
def test_documented_algorithm_reproduces_every_deck(game, seed):
    deck = [card.code for card in GAMES[game].deck]
    assert [card.code for card in shuffled(GAMES[game].deck, seed)] == reference_shuffle(deck, seed)


def test_seed_out_of_range_is_refused():
    with pytest.raises(ValueError):
        shuffled(GAMES["agram"].deck, SEED_MAX + 1)
    with pytest.raises(ValueError):
        shuffled(GAMES["agram"].deck, -1)


# Step 2 worked by hand. 2**64 mod 36: 2**64 is 0 mod 4, and since 2**6 = 64
# is 1 mod 9, 2**64 = (2**6)**10 * 2**4 is 16 mod 9, that is 7; the number below
# 36 that is 0 mod 4 and 7 mod 9 is 16. 2**64 mod 35: 2**4 is 1 mod 5 and 2**3
# is 1 mod 7, so 2**64 is 1 mod 5 and 2 mod 7: 16. 2**64 mod 3 = (-1)**64 = 1.
# A power of two divides 2**64: nothing is rejected.
# (m, first rejected word 2**64 - (2**64 mod m), (bound - 1) mod m, 41 mod m)
BOUNDS = [
    (36, 2**64 - 16, 35, 5),
    (35, 2**64 - 16, 34, 6),
    (3, 2**64 - 1, 2, 2),
]


@pytest.mark.parametrize(("m", "bound", "last_accepted", "next_value"), BOUNDS)
def test_uniform_below_accepts_the_word_just_under_the_bound(m, bound, last_accepted, next_value):
    words = iter([bound - 1, 41])
    assert uniform_below(m, words) == last_accepted
    assert next(words) == 41  # only the word used was read


@pytest.mark.parametrize(("m", "bound", "last_accepted", "next_value"), BOUNDS)
def test_uniform_below_rejects_the_bound_and_reads_the_next_word(m, bound, last_accepted, next_value):
    words = iter([bound, 2**64 - 1, 41, 99])
    assert uniform_below(m, words) == next_value  # the bound and 2**64 - 1 are both discarded
    assert next(words) == 99


@pytest.mark.parametrize(("m", "word", "value"), [(32, 2**64 - 1, 31), (2, 2**64 - 1, 1), (1, 2**64 - 1, 0), (36, 0, 0)])
def test_uniform_below_takes_any_word_when_m_divides_2_to_the_64(m, word, value):
    assert uniform_below(m, iter([word])) == value


@pytest.mark.parametrize("m", [0, -1, 2**64 + 1])
def test_uniform_below_refuses_m_out_of_range(m):
    with pytest.raises(ValueError):
        uniform_below(m, iter([1]))


def test_f3_seeded_deal_is_the_pinned_order_dealt_in_batches():
    # Seed 1 gives the pinned agram order
    #   10S 6S 8C | 8S 9D AC | 7S 9C 5H | 5S 7C 5D | 3H AH 4D | 4H 9S 10C | 4S 6C 3S | 10H 9H 7D | 8H 8D ...
    # 4 players, dealer 0 (RULINGS F3): seat 1 gets the first batch of 3, then
    # seats 2, 3 and the dealer; the second round of 3 goes the same way; the
    # 11 cards from the 25th on stay undealt.
    state = GAMES["agram"].deal(players=4, dealer=0, seed=1)
    assert [" ".join(map(str, hand)) for hand in state.deal_hands] == [
        "5S 7C 5D 10H 9H 7D",
        "10S 6S 8C 3H AH 4D",
        "8S 9D AC 4H 9S 10C",
        "7S 9C 5H 4S 6C 3S",
    ]
    assert set(state.undealt) == set(cards("8H 8D 10D 4C 6H AD 5C 3C 7H 6D 3D"))


@pytest.mark.parametrize("code", ["10S", "AH", "3C", "7V", "1B", "9M", "KD", "QH", "JC", "W"])
def test_c3_card_code_round_trips(code):
    card = Card.parse(code)
    assert str(card) == code
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize("code", ["", "T", "TS", "10", "1S0", "ah", "10s", "11S", "0S", "AX", "WW", " AH", 10, None])
def test_c3_unknown_or_noncanonical_code_is_refused(code):
    with pytest.raises(ValueError):
        Card.parse(code)


def test_cards_helper_reads_space_separated_codes():
    assert cards("AH 10S W") == (Card("A", "H"), Card("10", "S"), Card("W", None))


def test_a_random_deals_seed_is_exact_in_every_json_reader():
    """A random deal records its seed; JavaScript's JSON reader rounds
    integers above 2**53, so a random seed stays below it (a client that
    holds the state must send back exactly the seed it got)."""
    seeds = [GAMES["agram"].deal(players=2).seed for _ in range(200)]
    assert all(seed is not None and 0 <= seed < 2**53 for seed in seeds)
    assert len(set(seeds)) == len(seeds)
