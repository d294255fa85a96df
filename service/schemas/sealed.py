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

import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..cards import Card
from ..games import GAMES, Hand
from ..games.records import MatchRecord, Seating
from ..sealing import Unsealable, b64, commitment, draw, unb64
from ..tricks import Play
from .records import dump_record

PAYLOAD_VERSION = 2
UNDEALT = 255
_HEADER = struct.Struct(">?Q16sQ16s")
"""The private block's head: whether there is a seed, the seed, the nonce,
the next hand's seed and nonce."""


@dataclass(frozen=True)
class Provenance:
    """Where a sealed hand's deal came from, and which match it belongs to.

    Attributes:
        match_id: the same for every hand of a match.
        source: ``random``, ``seed``, ``deck`` or ``hands``.
        nonce: the 16 bytes committed with the seed (seeded deals), else ``None``.
        next_draw: the seed (64 bits) and nonce (16 bytes) of the match's
            next hand when it is dealt at random, drawn from the operating
            system with this hand's deal.
    """

    match_id: str
    source: str
    nonce: bytes | None = None
    next_draw: tuple[int, bytes] = field(default_factory=draw)


def payload(hand: Hand, provenance: Provenance) -> bytes:
    """The bytes a token seals for ``hand``."""
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
    }
    return orjson.dumps(record)


def hand_of(data: bytes) -> tuple[Hand, Provenance]:
    """The hand and provenance a token's payload holds (rebuilt, not checked:
    only this referee can seal a payload).

    Raises:
        Unsealable: a payload of another version or game, or one this
            referee could not have sealed (forged with its key).
    """
    record = orjson.loads(data)
    game = GAMES.get(str(record.get("game"))) if isinstance(record, dict) else None
    if game is None or record.get("v") != PAYLOAD_VERSION:
        raise Unsealable("a payload of another version")
    options = record.get("options")
    if not isinstance(options, dict) or options.keys() - {spec.name for spec in game.options} or not all(
            spec.accepts(options.get(spec.name, spec.default)) for spec in game.options):
        raise Unsealable("a payload this referee could not have sealed (forged with its key): its options")
    try:
        players, first_leader, dealer = record["seating"]
        number, previous, chooser = record["match"]
        seed, nonce, next_draw, hands = _read_private(unb64(record["private"]), game.deck, players)
        plays = [Play(seat, Card.parse(code), holder) for seat, code, holder in record["plays"]]
        hand = game.rebuild(Seating(players, first_leader, dealer), record["options"], hands, seed,
                            MatchRecord(number, tuple(previous), chooser), plays)
        return hand, Provenance(record["match_id"], record["source"], nonce, next_draw)
    except Unsealable:
        raise
    except Exception:  # noqa: BLE001 - a payload this referee sealed always rebuilds
        raise Unsealable("a payload this referee could not have sealed (forged with its key)") from None


def dump_public(hand: Hand, provenance: Provenance) -> dict[str, Any]:
    """The public state: what every seat may see of ``hand`` (no unplayed
    card, no undealt card, no seed or nonce while the hand runs), with
    ``deal`` (``source``; ``commitment`` of a seeded deal; ``seed`` and
    ``nonce`` once the hand is over), ``match_id`` and ``ply``."""
    view = hand.game.observe(hand, None)
    shown = {name: value for name, value in dump_record(view).items() if name not in view.PRIVATE}
    deal: dict[str, Any] = {"source": provenance.source}
    if hand.seed is not None and provenance.nonce is not None:
        deal["commitment"] = commitment(provenance.nonce, hand.seed)
        if hand.hand_over:
            deal["seed"] = hand.seed
            deal["nonce"] = provenance.nonce.hex()
    head = {name: shown.pop(name) for name in ("game", "options")}
    return {**head, "deal": deal, "match_id": provenance.match_id, "ply": len(hand.history), **shown}


def _private(hand: Hand, provenance: Provenance) -> bytes:
    """The fixed-width private block: seed, nonce, the next hand's draw, and each deck card's seat and place."""
    head = _HEADER.pack(hand.seed is not None, hand.seed or 0, provenance.nonce or bytes(16), *provenance.next_draw)
    where = {card: (seat, place) for seat, cards in enumerate(hand.deal_hands) for place, card in enumerate(cards)}
    body = bytearray()
    for card in hand.game.deck:
        body += bytes(where.get(card, (UNDEALT, UNDEALT)))
    return head + bytes(body)


def _read_private(block: bytes, deck: Sequence[Card], players: int) -> tuple[int | None, bytes | None, tuple[int, bytes], list[list[Card]]]:
    has_seed, seed, nonce, next_seed, next_nonce = _HEADER.unpack_from(block)
    placed: list[list[tuple[int, Card]]] = [[] for _ in range(players)]
    for index, card in enumerate(deck):
        seat, place = block[_HEADER.size + 2 * index], block[_HEADER.size + 2 * index + 1]
        if seat != UNDEALT:
            placed[seat].append((place, card))
    hands = [[card for _, card in sorted(cards)] for cards in placed]
    return (seed if has_seed else None), (nonce if has_seed else None), (next_seed, next_nonce), hands
