"""The ``rules`` level plays what its rules of thumb say (``service.analysis.tips``),
in small hand-built positions; each expected move comes from the tip it
cites, and is one that another rule of the list would not have chosen."""

from __future__ import annotations

from service.analysis.bots import Level, suggest
from service.cards import WALL, Card, cards
from service.games import GAMES
from service.tricks import Play


def _after(game, hand, moves):
    for seat, code, *holder in moves:
        card = WALL if code == "W" else Card.parse(code)
        hand, _ = game.play(hand, Play(seat, card, *holder))
    return hand


def _rules(game, hand):
    return str(suggest(game.observe(hand, hand.to_act), level=Level.RULES).card)


# -- the Agram family --------------------------------------------------------------

SINK = GAMES["sink-sink"]
SPADES_TO_SEAT_1 = [(0, "3S"), (1, "6S"), (1, "7S"), (0, "4S"), (1, "8S"), (0, "5S")]
"""Three tricks of spades, each won by seat 1, which then leads trick 4 of 5."""


def test_leads_the_top_of_a_suit_to_the_penultimate_trick():
    """Tips: "winning the fifth trick often matters"; the top card of its
    suit wins the trick it leads (F1). Seat 1 holds AH (no heart above it)
    and 5D: it leads AH and keeps 5D, where the weak-suit rule would lead 5D."""
    hand = SINK.deal(players=2, dealer=1, hands=[cards("10H 3S 4S 5S 4D"), cards("AH 6S 7S 8S 5D")])
    hand = _after(SINK, hand, SPADES_TO_SEAT_1)
    assert hand.to_act == 1 and len(hand.tricks) == 3
    assert _rules(SINK, hand) == "AH"


def test_takes_the_penultimate_trick_when_sure_to():
    """Seat 0 plays last to trick 4 (9H led): 10H takes it for sure, and it
    keeps 4H for the last trick, which it will lead; the follow-low rule
    would play 4H."""
    hand = SINK.deal(players=2, dealer=1, hands=[cards("10H 4H 3S 4S 5S"), cards("9H 6S 7S 8S 5D")])
    hand = _after(SINK, hand, [*SPADES_TO_SEAT_1, (1, "9H")])
    assert _rules(SINK, hand) == "10H"


def test_follows_with_the_lowest_card_of_the_led_suit_early():
    """Objective: "make your opponents spend their strong cards"; Tips: "save
    your best card for the end". Trick 1 of 6, 9D led: seat 2 follows 3D, not AD."""
    agram = GAMES["agram"]
    hand = agram.deal(players=3, dealer=0, hands=[
        cards("3H 4H 5H 6H 7H 8H"), cards("9D 3S 4S 5S 6S 7S"), cards("AD 3D 10S 9S 3C 4C"),
    ])
    hand = _after(agram, hand, [(1, "9D")])
    assert _rules(agram, hand) == "3D"


def test_throws_the_lowest_card_of_the_weakest_suit_when_void():
    """F5 lets a void seat play anything; Tips: keep the best card. Seat 2
    holds no club; AD and 10S are the tops of their suits, and its best heart,
    6H, has five unseen hearts above it: it throws 5H, not its lowest-ranked
    card, 3D."""
    agram = GAMES["agram"]
    hand = agram.deal(players=3, dealer=0, hands=[
        cards("3H 4H 7H 8H 9H 4S"), cards("9C 5S 6S 7S 8S 4D"), cards("3D AD 10S 9S 6H 5H"),
    ])
    hand = _after(agram, hand, [(1, "9C")])
    assert _rules(agram, hand) == "5H"


def test_leads_the_lowest_card_of_the_weakest_suit_early():
    """Tips: "Lead your weak suits early". Seat 1 leads trick 1 holding
    AH 3H 9S 8S 5C AD: the unseen cards above its best card are none in
    hearts and diamonds, one in spades (10S) and six in clubs (A, 10, 9, 8,
    7, 6): it leads 5C, not its lowest card, 3H."""
    agram = GAMES["agram"]
    hand = agram.deal(players=3, dealer=0, hands=[
        cards("4H 5H 6H 7H 8H 9H"), cards("AH 3H 9S 8S 5C AD"), cards("10H 3S 4S 5S 6S 7S"),
    ])
    assert _rules(agram, hand) == "5C"


# -- Agency ---------------------------------------------------------------------------------

AGENCY = GAMES["agency"]


def test_gives_the_most_points_to_a_partner_winning_the_trick():
    """A3, A4: seat 3 plays last to a trick its partner, seat 1, wins with
    9H; of its legal cards 5H is worth the most (4 points), so it plays 5H,
    not the 4H that gives nothing away (A9 also allows its Vans and a Wall)."""
    hand = AGENCY.deal(first_leader=0, hands=[
        cards("1H 2B 3B 4B 5B 6B 7B 8B"), cards("9H 9B 1M 2M 3M 4M 5M 6M"),
        cards("2H 7M 8M 9M 1V 2V 3V 4V"), cards("5H 4H 3H 5V 6V 7V 8V 9V"),
    ])
    hand = _after(AGENCY, hand, [(0, "1H", 0), (1, "9H", 1), (2, "2H", 2)])
    assert _rules(AGENCY, hand) == "5H"


def test_takes_a_trick_with_points_with_the_cheapest_winner():
    """A11: seat 2 follows 3B (2 points) and 6B with 8B, the lowest card of
    the led suit that wins, rather than 1B (nothing) or a Van."""
    hand = AGENCY.deal(first_leader=0, hands=[
        cards("3B 2H 3H 4H 5H 6H 7H 8H"), cards("6B 9H 1M 2M 3M 4M 5M 6M"),
        cards("1B 8B 1V 7M 8M 9M 2V 3V"), cards("9B 4V 5V 6V 7V 8V 9V 7B"),
    ])
    hand = _after(AGENCY, hand, [(0, "3B", 0), (1, "6B", 1)])
    assert _rules(AGENCY, hand) == "8B"


def test_gives_nothing_to_a_trick_it_cannot_take():
    """A3: seat 2 cannot beat 9H (no Van within its reach, A6); of its legal
    cards (5H worth 4, 1H, a Wall worth 2, A9) it plays 1H, which gives the
    opponents nothing."""
    hand = AGENCY.deal(first_leader=0, hands=[
        cards("8H 2B 3B 4B 5B 6B 7B 8B"), cards("9H 9B 1M 2M 3M 4M 5M 6M"),
        cards("5H 1H 7M 8M 9M 1V 2V 3V"), cards("4H 3H 2H 4V 5V 6V 7V 8V"),
    ])
    hand = _after(AGENCY, hand, [(0, "8H", 0), (1, "9H", 1)])
    assert _rules(AGENCY, hand) == "1H"


def test_leads_a_card_with_no_points_outside_vans():
    """A8 and A3: seat 0 leads 2B, its lowest card that scores nothing and is
    not a Van (1V and 3H are within its reach too)."""
    hand = AGENCY.deal(first_leader=0, hands=[
        cards("3H 1V 2B 4B 5B 6B 7B 8B"), cards("9H 9B 1M 2M 3M 4M 5M 6M"),
        cards("5H 1H 7M 8M 9M 2V 3V 4V"), cards("4H 8H 2H 5V 6V 7V 8V 9V"),
    ])
    assert _rules(AGENCY, hand) == "2B"
