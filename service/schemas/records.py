"""The core's values as JSON: one serialiser per kind.

The rules core returns values (``Card``, ``Play``, ``Trick``, events, scores,
match statuses, seat views); this module is the one place they become the
JSON the contract documents:

* a card is its code (RULINGS C3);
* a move or play is ``{"seat", "card"}``, plus ``"holder"`` in Agency;
* a trick is ``{"leader", "plays"}``, plus ``"winner"`` and ``"card"`` once
  completed and ``"points"`` where cards carry points (Agency);
* an event is ``{"type", ...}``: its fields, a record among them (a play, a
  score) written inline, a field that does not apply to the game (``None``)
  left out;
* any other record (score, match status, view) is an object of its fields, in
  order, ``null`` kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import is_dataclass
from typing import Any, get_args

from ..cards import Card
from ..games import Hand
from ..games.base import RULES_VERSION, STATE_SCHEMA_VERSION
from ..games.records import Event, field_names
from ..tricks import Play, Trick
from .clocks import dump_timeouts
from .edges import edge_of
from .family import codes

EVENTS: tuple[type, ...] = get_args(Event)
"""Every event record type."""


def dump_play(play: Play) -> dict[str, Any]:
    """A move or play: ``{"seat", "card"}``, with ``"holder"`` when it has one (Agency)."""
    if play.holder is None:
        return {"seat": play.seat, "card": play.card.code}
    return {"seat": play.seat, "card": play.card.code, "holder": play.holder}


def dump_trick(trick: Trick) -> dict[str, Any]:
    """A trick: leader and plays; once completed its winner and winning card,
    and its card points where cards carry points."""
    out: dict[str, Any] = {"leader": trick.leader, "plays": [dump_play(p) for p in trick.plays]}
    if trick.winner is not None and trick.card is not None:
        out["winner"] = trick.winner
        out["card"] = trick.card.code
        if trick.points is not None:
            out["points"] = trick.points
    return out


def dump_event(event: Event) -> dict[str, Any]:
    """An event: ``{"type", ...}`` (see the module docstring)."""
    out: dict[str, Any] = {"type": event.type}
    for name in field_names(type(event)):
        value = getattr(event, name)
        if value is None:
            continue
        if isinstance(value, Play):
            out.update(dump_play(value))
        elif is_dataclass(value) and not isinstance(value, Card):
            out.update(dump_record(value))
        else:
            out[name] = to_json(value)
    return out


def dump_record(record: Any) -> dict[str, Any]:
    """A record (score, match status, seat view...): its fields in order, as JSON."""
    return {name: to_json(getattr(record, name)) for name in field_names(type(record))}


def to_json(value: Any) -> Any:
    """Any value of the core as JSON-ready data (cards as codes, tuples as
    lists, records as objects; see the module docstring)."""
    kind = type(value)
    if value is None or kind in _PLAIN:
        return value
    dump = _DUMPS.get(kind)
    if dump is None:
        dump = _DUMPS[kind] = _dump_of(value)
    return dump(value)


def _dump_of(value: Any) -> Callable[[Any], Any]:
    """How a value of ``type(value)`` becomes JSON (what it is decides, and
    that is the same for every value of its type: :data:`_DUMPS` keeps it)."""
    if isinstance(value, Card):
        return _code
    if isinstance(value, Play):
        return dump_play
    if isinstance(value, Trick):
        return dump_trick
    if isinstance(value, (tuple, list)):
        return _items
    if isinstance(value, Mapping):
        return _members
    if isinstance(value, EVENTS):
        return dump_event
    if is_dataclass(value) and not isinstance(value, type):
        return dump_record
    return _same


def _code(card: Card) -> str:
    return card.code


def _items(values: tuple[Any, ...] | list[Any]) -> list[Any]:
    return [to_json(item) for item in values]


def _members(mapping: Mapping[Any, Any]) -> dict[Any, Any]:
    return {key: to_json(item) for key, item in mapping.items()}


def _same(value: Any) -> Any:
    return value


_PLAIN = frozenset({int, str, bool, float})
"""Types that are JSON as they are (most values a record holds)."""

_DUMPS: dict[type, Callable[[Any], Any]] = {}
"""How each other type met becomes JSON (:func:`_dump_of`), worked out once per type."""


# -- hands ------------------------------------------------------------------


def dump_state(hand: Hand) -> dict[str, Any]:
    """A hand as JSON, in the shape of ``{Game}State``."""
    game = hand.game
    edge = edge_of(game)
    out: dict[str, Any] = {
        "rules_version": RULES_VERSION,
        "schema_version": STATE_SCHEMA_VERSION,
        "game": game.id,
        "options": dict(hand.options),
        **edge.dump_seating(hand),
        "deal": {"seed": hand.seed, "seed_text": seed_text(hand.seed), "hands": [codes(h) for h in hand.deal_hands],
                 "undealt": codes(hand.undealt)},
        **edge.dump_cards(hand),
        "tricks": [dump_trick(t) for t in hand.tricks],
    }
    trick = hand.trick
    out["trick"] = None if trick is None else dump_trick(trick)
    out["to_act"] = hand.to_act
    out["hand_over"] = hand.hand_over
    out["winner"] = hand.winner
    out.update(edge.dump_derived(hand))
    out["match"] = dump_record(game.match_status(hand))
    out.update(dump_timeouts(hand))
    return out


def seed_text(seed: int | None) -> str | None:
    """A seed as the decimal string shown beside it (``seed_text``), which a
    client whose numbers are doubles reads exactly (CONTRACT: Seeds in
    JavaScript); ``None`` for none."""
    return None if seed is None else str(seed)


def dump_view(hand: Hand, seat: int) -> dict[str, Any]:
    """What ``seat`` may know of ``hand``, and nothing more: the game's
    ``observe`` record as JSON (never the deal, the undealt cards or the seed).

    Raises:
        RulesRefusal: ``seat_out_of_range`` for a seat not at this table.
    """
    return to_json(hand.game.observe(hand, seat))  # type: ignore[no-any-return]
