"""Sealed states as JSON: what a token holds, and the public state.

A token's payload (sealed by ``service.sealing``) is JSON whose length
depends only on what every seat may see: the public record of the hand
(game, seating, options, match record, every play, where the deal came from)
and a fixed-width ``private`` block (base64url) with the seed, the
commitment's nonce, the next hand's draw and, for each card of the game's deck in deck order, the
seat it was dealt to and its place in that seat's dealt order (or undealt).
So not even a token's length tells a seat anything about hidden cards.

**The next hand's draw.** Each deal also draws the match's next hand's seed
and nonce from the operating system and seals them in every token of the
hand, where ``deal`` with ``"previous"`` takes them: dealing again from the
same finished hand, or from another ending of it, gives the same next hand,
so no seat can deal its next hand over and over until it likes its cards.

The public state is what every seat may see (the game's ``observe`` with no
seat), with where the deal came from, the match id and the ply.
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..cards import CARD_COUNT, Card
from ..clock import MOVE_SECONDS_MAX, MoveClock
from ..games import GAMES, Hand, TrickGame
from ..games.records import DealSource, HandRecord, MatchRecord, Seating
from ..sealing import Unsealable, b64, commitment, draw, unb64
from ..tricks import Play
from .clocks import dump_clock, dump_timeouts
from .reading import CARDS
from .records import dump_record, seed_text

PAYLOAD_VERSION = 5
"""Version 5 carries ``generations``, each seat's generation (``reseat``); a
token of version 4 or before, every seat in its first. Version 4 carries
``issued``, when the referee sealed the token; version 3
carries ``chosen``. A token of version 2 or 3 (sealed before them) still
opens: its match chosen when its own deal was (version 2), issued at a time
it does not say (so it can no longer be spent where spent states are recorded). A
payload of a match with a clock also carries ``clock``, the move time in
seconds, one of a hand with plays made on timeout ``timeouts``, their
plies, and one of an audit (a replay of a finished hand's record) ``audit``,
true; others have no such members."""
READ_VERSIONS = (2, 3, 4, 5)
MAX_GENERATION = 2**32 - 1
"""The most times one seat's player can be replaced in a match."""
SEAT_RESEATED = "seat_reseated"
"""The type of ``reseat``'s event: the match's host gave a seat a new player."""
UNDEALT = 255
_UNPLACED = bytes((UNDEALT, UNDEALT))
_HEADER = struct.Struct(">?Q16sQ16s")
"""The private block's head: whether there is a seed, the seed, the nonce,
the next hand's seed and nonce."""


@dataclass(frozen=True)
class Provenance:
    """Where a sealed hand's deal came from, and which match it belongs to.

    Attributes:
        match_id: the same for every hand of a match.
        source: where the deal came from.
        nonce: the 16 bytes committed with the seed (seeded deals), else ``None``.
        next_draw: the seed (64 bits) and nonce (16 bytes) of the match's
            next hand when it is dealt at random, drawn from the operating
            system with this hand's deal.
        chosen: whether a hand of this match, this one or one before it,
            was chosen (a seed, deck or hands, or a replay), which only a
            referee that allows chosen deals makes: one that does not refuses
            the match's tokens.
        issued_ms: when the token was sealed (milliseconds since the epoch,
            ``service.clock``); ``None`` before it is sealed, and for a token
            of a version that did not carry it.
        generations: each seat's generation: how many times the match's
            host gave it a new player (``reseat``); a seat past the end, 0.
            A seat's credential is its generation's (``service.sealing``).
        move_seconds: the match's clock, how long each move may take
            (seconds); ``None``: the match has no clock.
        audit: the hand is an audit, a replay of a finished hand's record
            answered whatever ``REFEREE_ALLOW_CHOSEN_DEALS`` says (CONTRACT:
            Records): its tokens show the hand, and start no next hand.
    """

    match_id: str
    source: DealSource
    nonce: bytes | None = None
    next_draw: tuple[int, bytes] = field(default_factory=draw)
    chosen: bool = False
    issued_ms: int | None = None
    generations: tuple[int, ...] = ()

    def generation(self, seat: int) -> int:
        """Seat ``seat``'s generation."""
        return self.generations[seat] if seat < len(self.generations) else 0
    move_seconds: int | None = None
    audit: bool = False

    @property
    def clock(self) -> MoveClock | None:
        """The hand's clock, counted from when the token was sealed; ``None`` without one."""
        if self.move_seconds is None or self.issued_ms is None:
            return None
        return MoveClock(self.move_seconds, self.issued_ms)


def payload(hand: Hand, provenance: Provenance) -> bytes:
    """The bytes a token seals for ``hand`` (``provenance.issued_ms`` set: when it is sealed)."""
    seating = hand.seating
    record = {
        "v": PAYLOAD_VERSION,
        "game": hand.game.id,
        "match_id": provenance.match_id,
        "source": provenance.source,
        "seating": [seating.players, seating.first_leader, seating.dealer],
        "options": hand.options,
        "match": [hand.match.hand, hand.match.previous, hand.match.chooser],
        "plays": [[play.seat, play.card.code, play.holder] for play in hand.history],
        "private": b64(_private(hand, provenance)),
        "chosen": provenance.chosen,
        "issued": provenance.issued_ms,
        "generations": [provenance.generation(seat) for seat in range(seating.players)],
    }
    if provenance.move_seconds is not None:
        record["clock"] = provenance.move_seconds
    if hand.timeouts:
        record["timeouts"] = hand.timeouts
    if provenance.audit:
        record["audit"] = True
    return orjson.dumps(record)


def read_payload(data: bytes) -> tuple[TrickGame[Any], HandRecord, Provenance]:
    """What a token's payload holds: its game, its hand's record (seating,
    options, deal, plays in order, match record), which ``TrickGame.build``
    makes the hand from, and its provenance. Only this referee can seal a
    payload, so the holding rebuilds it (``Trust.REBUILD``); its shape is
    still read member by member, so one forged with the key is refused.

    Raises:
        Unsealable: a payload of another version or game, or one this
            referee could not have sealed.
    """
    try:
        record = orjson.loads(data)
    except orjson.JSONDecodeError:
        raise Unsealable("a payload that is not JSON") from None
    name = record.get("game") if type(record) is dict else None
    game = GAMES.get(name) if type(name) is str else None
    if game is None or record.get("v") not in READ_VERSIONS:
        raise Unsealable("a payload of another version")
    version = record["v"]
    options = record.get("options")
    if type(options) is not dict or options.keys() - {spec.name for spec in game.options} or not all(
            spec.accepts(options.get(spec.name, spec.default)) for spec in game.options):
        raise Unsealable("a payload this referee could not have sealed: its options")
    seating, match, plays = record.get("seating"), record.get("match"), _plays(record.get("plays"))
    match_id, source, private = record.get("match_id"), record.get("source"), record.get("private")
    if not (_ints(seating, 3, last_optional=True) and _ints(match, 3, middle_list=True) and plays is not None
            and type(match_id) is str and source in _SOURCES
            and type(private) is str and type(record.get("chosen", version == 2)) is bool
            and (version < 4 or type(record.get("issued")) is int)
            and (version < 5 or _generations(record.get("generations"), seating[0]))
            and _move_seconds(record.get("clock"))
            and type(record.get("timeouts", [])) is list and all(type(ply) is int for ply in record.get("timeouts", []))
            and record.get("audit", True) is True):
        raise Unsealable("a payload this referee could not have sealed")
    players, first_leader, dealer = seating
    number, previous, chooser = match
    seed, nonce, next_draw, hands = _read_private(unb64(private), game.deck, players)
    hand = HandRecord(
        seating=Seating(players, first_leader, dealer), options=options, seed=seed, deal_hands=hands,
        plays=plays,
        match=MatchRecord(number, tuple(previous), chooser), timeouts=tuple(record.get("timeouts", ())),
    )
    chosen = record["chosen"] if version >= 3 else source != DealSource.RANDOM
    issued = record["issued"] if version >= 4 else None
    generations = tuple(record["generations"]) if version >= 5 else ()
    return game, hand, Provenance(match_id, DealSource(source), nonce, next_draw, chosen, issued, generations,
                                  move_seconds=record.get("clock"), audit="audit" in record)


def _generations(value: Any, players: int) -> bool:
    """``value`` is one generation (0 to ``MAX_GENERATION``) per seat."""
    return (type(value) is list and len(value) == players
            and all(type(entry) is int and 0 <= entry <= MAX_GENERATION for entry in value))


_SOURCES = frozenset(source.value for source in DealSource)


def _ints(value: Any, size: int, *, last_optional: bool = False, middle_list: bool = False) -> bool:
    """``value`` is a list of ``size`` plain ints (the last may be ``null``;
    with ``middle_list`` the middle one is a list of plain ints)."""
    if type(value) is not list or len(value) != size:
        return False
    for index, item in enumerate(value):
        if middle_list and index == 1:
            if type(item) is not list or not all(type(entry) is int for entry in item):
                return False
        elif not (type(item) is int or (item is None and (last_optional or middle_list) and index == size - 1)):
            return False
    return True


def _move_seconds(value: Any) -> bool:
    """A clock's move time as a payload holds it: none, or 1 to ``MOVE_SECONDS_MAX`` seconds."""
    return value is None or (type(value) is int and 1 <= value <= MOVE_SECONDS_MAX)


def _plays(entries: Any) -> tuple[Play, ...] | None:
    """The plays of a payload's list of ``[seat, card code, holder or null]``,
    read in one pass; ``None`` when it is not such a list."""
    if type(entries) is not list:
        return None
    plays = [Play(entry[0], CARDS[entry[1]], entry[2]) for entry in entries
             if type(entry) is list and len(entry) == 3 and type(entry[0]) is int and type(entry[1]) is str
             and entry[1] in CARDS and (entry[2] is None or type(entry[2]) is int)]
    return tuple(plays) if len(plays) == len(entries) else None


def dump_public(hand: Hand, provenance: Provenance, *, spectator: bool = False) -> dict[str, Any]:
    """The public state: what every seat may see of ``hand`` (no unplayed
    card, no undealt card, no seed or nonce while the hand runs), with its
    progress (:func:`dump_progress`) and ``clock`` in a match with a clock
    (``provenance`` issued: its time set).

    With ``spectator``: the spectator's view (``view`` without a
    credential, CONTRACT: Spectators), the public state with the seat
    view's members that belong to one seat as ``observe`` gives them for no
    seat: ``seat`` null, ``legal_moves`` empty, no seat's cards (null)."""
    view = hand.game.observe(hand, None)
    shown = {name: value for name, value in dump_record(view).items() if spectator or name not in view.PRIVATE}
    head = {name: shown.pop(name) for name in ("game", "options")}
    return {**head, **dump_progress(hand, provenance), **shown, **dump_timed(hand, provenance)}


def dump_progress(hand: Hand, provenance: Provenance) -> dict[str, Any]:
    """Where a sealed hand stands, which every seat and spectator may see
    (CONTRACT: Progress): ``deal`` (``source``; ``commitment`` of a seeded
    deal; ``seed``, its decimal ``seed_text`` and ``nonce`` once the hand is
    over), ``match_id``, ``ply`` (plays made in this hand), and
    ``reseats`` once the match's host has given a seat a new player
    (``reseat``): each seat's count of them, so every seat and spectator
    sees a seat change hands (CONTRACT: Replacing a seat's player)."""
    deal: dict[str, Any] = {"source": provenance.source}
    if hand.seed is not None and provenance.nonce is not None:
        deal["commitment"] = commitment(provenance.nonce, hand.seed)
        if hand.hand_over:
            deal["seed"] = hand.seed
            deal["seed_text"] = seed_text(hand.seed)
            deal["nonce"] = provenance.nonce.hex()
    out: dict[str, Any] = {"deal": deal, "match_id": provenance.match_id, "ply": hand.ply}
    if any(provenance.generations):
        out["reseats"] = [provenance.generation(seat) for seat in range(hand.players)]
    return out


def dump_timed(hand: Hand, provenance: Provenance) -> dict[str, Any]:
    """What every seat may see of a sealed hand's time: ``clock`` in a
    match with a clock (the seat to act and its deadline, CONTRACT: Clocks)
    and ``timeouts``, the plies played on timeout, when there are any."""
    clock = provenance.clock
    return {**({} if clock is None else {"clock": dump_clock(clock, hand.to_act)}), **dump_timeouts(hand)}


def _private(hand: Hand, provenance: Provenance) -> bytes:
    """The fixed-width private block: seed, nonce, the next hand's draw, and
    each deck card's seat and place, written with the same work whatever the
    deal (by ``Card.number``, no dict of the dealt cards)."""
    head = _HEADER.pack(hand.seed is not None, hand.seed or 0, provenance.nonce or bytes(16), *provenance.next_draw)
    where = [_UNPLACED] * CARD_COUNT
    for seat, cards in enumerate(hand.deal_hands):
        for place, card in enumerate(cards):
            where[card.number] = bytes((seat, place))
    return head + b"".join(_in_deck_order(hand.game)(where))


_GATHERS: dict[str, Callable[[list[bytes]], tuple[bytes, ...]]] = {}
"""Each game's gathering of a list indexed by ``Card.number`` into its deck's order."""


def _in_deck_order(game: TrickGame[Any]) -> Callable[[list[bytes]], tuple[bytes, ...]]:
    """A function taking a list indexed by ``Card.number`` to the tuple of its
    members in ``game``'s deck order: every deck card's, whatever the deal
    (``operator.itemgetter``; a deck has more than one card, so it answers a tuple)."""
    gather = _GATHERS.get(game.id)
    if gather is None:
        gather = _GATHERS[game.id] = operator.itemgetter(*(card.number for card in game.deck))
    return gather


def _read_private(block: bytes, deck: Sequence[Card], players: int) -> tuple[int | None, bytes | None, tuple[int, bytes], list[list[Card]]]:
    """The private block's seed, nonce, next draw and dealt hands: each card
    put straight into its seat's place, the same work whatever the deal (no
    sort, whose comparisons would depend on the dealt order).

    Raises:
        Unsealable: a block of another size, or one placing a card at no seat
            or place, or two in one place.
    """
    if len(block) != _HEADER.size + 2 * len(deck) or not 0 < players < UNDEALT:
        raise Unsealable("a private block this referee could not have sealed")
    has_seed, seed, nonce, next_seed, next_nonce = _HEADER.unpack_from(block)
    places = len(deck)
    placed: list[list[Card | None]] = [[None] * places for _ in range(players)]
    dealt = [0] * players
    for card, seat, place in zip(deck, block[_HEADER.size :: 2], block[_HEADER.size + 1 :: 2]):
        if seat != UNDEALT:
            if seat >= players or place >= places or placed[seat][place] is not None:
                raise Unsealable("a private block this referee could not have sealed")
            placed[seat][place] = card
            dealt[seat] += 1
    hands = [row[:count] for row, count in zip(placed, dealt)]
    if any(None in hand for hand in hands):
        raise Unsealable("a private block this referee could not have sealed")
    return (seed if has_seed else None), (nonce if has_seed else None), (next_seed, next_nonce), hands  # type: ignore[return-value]


def dump_reseated(seat: int) -> dict[str, Any]:
    """``reseat``'s event, as a play's events are written: ``{"type": "seat_reseated", "seat": seat}``."""
    return {"type": SEAT_RESEATED, "seat": seat}
