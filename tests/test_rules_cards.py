"""Card codes (RULINGS C3) and the seeded shuffle (CONTRACT: ``deal``).

The shuffle vectors pin the documented algorithm: a seed must give the same
deal on any machine and in any later version of the same rules version. If one
of these tests fails, the rules version must change, not the vector.
"""

from __future__ import annotations

import hashlib

import pytest

from service.cards import SEED_MAX, Card, cards, shuffled
from service.games import GAMES

VECTORS = {
    ("agram", 0): "6D 5H 7S 7D 9C AC 3D 9S 10D 7H 3H 7C 8S 8D 9D 5D 4C 4D 4H AH 6S 5S 9H 4S 8C 6C 10H 6H 10C 3C 8H 10S 3S 5C AD",
    ("agram", 1): "10S 6S 8C 8S 9D AC 7S 9C 5H 5S 7C 5D 3H AH 4D 4H 9S 10C 4S 6C 3S 10H 9H 7D 8H 8D 10D 4C 6H AD 5C 3C 7H 6D 3D",
    ("agram", SEED_MAX): "AH 6C 8D AD 5S 10H 7H 9C 6D 3S 4C 3C 4S 8C 5H 6S 7C 4H 8S 7D 9S AC 4D 8H 5D 6H 5C 9D 7S 3H 3D 10D 10S 10C 9H",
    ("agency", 0): "7V 9M 6H 5V 1B 1M 4M 3M 6V 4H 8V 6M 9H 1V 5M 8M 5H 7M 8H 4B 6B 2B 1H 5B 7B 4V 9B 3B 8B 2M 7H 2V 3H 2H 9V 3V",
    ("agency", 1): "5M 7V 2B 8V 1M 2H 3H 4H 6M 9V 6H 4B 2V 7M 8H 8B 6V 9H 8M 6B 5H 9B 1H 5V 5B 3B 3V 1V 4M 9M 3M 7B 2M 4V 1B 7H",
    ("agram-mali", 0): "8S JC 10D 10C QC JD 9S 10S 9H AC QD KS 7D AH QS JS 9C QH 7S 8H AD 7H KC KD 8C 10H 8D 7C KH 9D JH",
}


def reference_shuffle(deck: list[str], seed: int) -> list[str]:
    """The algorithm exactly as the README and ``service.cards`` describe it,
    written again from the text, as a client in another language would."""
    words: list[int] = []
    block = 0

    def next_word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256(seed.to_bytes(8, "big") + block.to_bytes(8, "big")).digest()
            words.extend(int.from_bytes(digest[i : i + 8], "big") for i in (24, 16, 8, 0))
            block += 1
        return words.pop()

    order = list(deck)
    for i in range(len(order) - 1, 0, -1):
        bound = i + 1
        while (x := next_word()) >= 2**64 - 2**64 % bound:
            pass
        j = x % bound
        order[i], order[j] = order[j], order[i]
    return order


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


def test_seeded_deal_is_dealt_from_the_shuffled_deck_in_batches():
    # Seed 7, 4 players, dealer 0: the seat after the dealer gets the first
    # batch of 3, the dealer the last; then a second round of 3 (RULINGS F3).
    deck = shuffled(GAMES["agram"].deck, 7)
    state = GAMES["agram"].deal(players=4, dealer=0, seed=7)
    order = [1, 2, 3, 0]
    expected = {seat: [] for seat in order}
    for round_start in (0, 12):
        for position, seat in enumerate(order):
            expected[seat] += deck[round_start + 3 * position : round_start + 3 * position + 3]
    assert [list(hand) for hand in state.deal_hands] == [expected[seat] for seat in range(4)]
    assert [card.code for card in state.deal_hands[1]] == ["6D", "5D", "10S", "AC", "5H", "6S"]
    assert set(state.undealt) == set(deck[24:])


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
