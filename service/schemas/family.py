"""What a family of games adds to the schemas and the JSON: its edge.

``service.schemas.games`` writes what every game shares once; a family's edge
(``FamilyEdge``) gives the rest: its seating, its live cards, its derived
fields, its seat view and the extra members of moves, tricks and matches.
A new family of games adds a rules module in ``service/games/`` and an edge
module here, registered by its ``family`` in ``service.schemas.games.EDGES``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from marshmallow import Schema, ValidationError, fields, post_load, pre_load, validates_schema

from ..games import Game, Hand
from ..games.records import Seating
from .fields import Deck


@dataclass(frozen=True)
class GameParts:
    """One game's schemas that its family's fields refer to.

    Attributes:
        game: the game.
        prefix: the prefix of its schema names (``Agram``, ``SinkSink``...).
        top: its highest seat number.
        live_cards: the most cards a seat's live cards (or a holder) can hold.
        deck: the game's card fields (its deck, and Agency's Wall).
        options, deal_record, trick, won_trick, move, match: its schemas of
            those names.
    """

    game: Game
    prefix: str
    top: int
    live_cards: int
    deck: Deck
    options: type[Schema]
    deal_record: type[Schema]
    trick: type[Schema]
    won_trick: type[Schema]
    move: type[Schema]
    match: type[Schema]


H = TypeVar("H", bound=Hand)


class FamilyEdge(Generic[H]):
    """The schema fields and JSON that differ by family of games; ``H`` is
    the family's hand class.

    Class attributes are texts and bounds; methods give field dicts (in the
    order the schema lists them) and the family's parts of a dumped state.
    """

    CLAIMED: ClassVar[tuple[str, ...]]
    """The derived state fields a client may send, checked against the rules."""
    DISCARDS: ClassVar[bool] = False
    """Whether a hand can end with an unfinished trick discarded (Agency, A12a)."""
    TALLIED: ClassVar[str] = "seat"
    """What a match tallies: ``"seat"`` or ``"team"``."""
    MOVE_DOC: ClassVar[str]
    """What a move is, in the family's words."""
    DECK_DOC: ClassVar[str]
    """What a deal request's ``deck`` is, and how it is dealt (A7, F3)."""
    DEALT_HANDS_DOC: ClassVar[str]
    """What a deal request's ``hands`` are (``{hand_size}``: the cards dealt to each seat)."""
    PREVIOUS_DOC: ClassVar[str]
    """What a deal request's ``previous`` is, and who then chooses (A14, F7)."""
    OTHER_FAMILY_MEMBERS: ClassVar[dict[str, str]]
    """The deal members of the other family, each with the sentence that
    refuses it here (in place of "Unknown field."): what this family has instead."""

    # -- loading -------------------------------------------------------------

    def seating(self, data: dict[str, Any]) -> Seating:
        """The seating of a loaded state."""
        raise NotImplementedError

    # -- schema fields -------------------------------------------------------

    def play_fields(self, kind: str) -> dict[str, fields.Field[Any]]:
        """Members of a play beyond seat and card: ``kind`` is ``"move"`` (a
        request's move), ``"recorded"`` (a play in a state) or ``"trick"``
        (a play given to trick-winner)."""
        return {}

    def completed_trick_fields(self) -> dict[str, fields.Field[Any]]:
        """Members of a completed trick beyond its winner and card."""
        return {}

    def trick_winner_fields(self) -> dict[str, fields.Field[Any]]:
        """Members of the trick-winner answer beyond winner, card and led suit."""
        return {}

    def tallies(self, game: Game) -> tuple[int, str]:
        """How many tallies a match keeps at most, and per what (``"seat"``)."""
        return game.max_players, "seat"

    def match_fields(self) -> dict[str, fields.Field[Any]]:
        """Members of the match record beyond those every game has."""
        return {}

    def state_fields(self, parts: GameParts) -> dict[str, fields.Field[Any]]:
        """The state's seating, live cards, trick, winner and derived fields."""
        raise NotImplementedError

    def score_winner(self, top: int) -> fields.Field[Any]:
        """The score's ``winner``."""
        raise NotImplementedError

    def view_fields(self, parts: GameParts) -> dict[str, fields.Field[Any]]:
        """The seat view's members beyond what every seat sees."""
        raise NotImplementedError

    def end_fields(self, required: bool = False) -> dict[str, fields.Field[Any]]:
        """Why a hand ended, where the game says (Agency's ``end``)."""
        return {}

    def deal_seating_fields(self, parts: GameParts, first: bool) -> dict[str, fields.Field[Any]]:
        """The deal request's seating members (``first``: of a match's first hand, with no ``previous``)."""
        raise NotImplementedError

    # -- JSON out ------------------------------------------------------------

    def dump_seating(self, hand: H) -> dict[str, Any]:
        """A hand's seating members."""
        raise NotImplementedError

    def dump_cards(self, hand: H) -> dict[str, Any]:
        """A hand's live cards."""
        raise NotImplementedError

    def dump_derived(self, hand: H) -> dict[str, Any]:
        """A hand's derived members after ``winner``."""
        return {}


MAX_UNKNOWN_FIELDS = 20
"""The most unknown members an object may have before it is refused whole."""


class BoundedSchema(Schema):
    """Every request schema of the referee's: marshmallow's ``Schema`` with
    its hooks written as three plain methods, which marshmallow calls and
    which the compiled reader (``service.schemas.reading``) calls too, so the
    two readers share one definition of each:

    * ``pre_read(data)``: before any member is read (a refusal that is not a
      field error, such as another state version, raises here);
    * ``checks(data)``: after every member is read, what spans members
      (raises ``ValidationError``);
    * ``build(data)``: the value the object is read as (a ``Play``, a
      ``HandRecord``...).

    An object with many unknown members is refused in one error, before
    marshmallow lists each one: a body of a hundred thousand made-up keys
    costs a set difference, not a hundred thousand errors."""

    error_messages = {"type": "Must be a JSON object."}  # marshmallow's: "Invalid input type."
    NOT_MEMBERS: ClassVar[dict[str, str]] = {}
    """Members that are not this object's but that a client may well send
    (another game's), each with the sentence that refuses it in place of
    marshmallow's "Unknown field." (``service.schemas.reading``)."""

    @pre_load
    def _pre_read(self, data: Any, **kwargs: Any) -> Any:
        self.read_first(data)
        return data

    def read_first(self, data: Any) -> None:
        """What is checked of an object before any of its members: too many
        unknown members (one error), then ``pre_read``.

        Raises:
            ValidationError: past :data:`MAX_UNKNOWN_FIELDS` unknown members,
                or what ``pre_read`` raises.
        """
        if isinstance(data, dict) and len(data) > len(self.load_fields) + MAX_UNKNOWN_FIELDS:
            unknown = data.keys() - self.load_fields.keys()
            if len(unknown) > MAX_UNKNOWN_FIELDS:
                raise ValidationError(f"{len(unknown)} unknown fields; this object has only "
                                      + ", ".join(sorted(self.load_fields)) + ".", "_schema")
        if isinstance(data, dict):
            self.pre_read(data)

    @validates_schema
    def _checks(self, data: dict[str, Any], **kwargs: Any) -> None:
        self.checks(data)

    @post_load
    def _build(self, data: dict[str, Any], **kwargs: Any) -> Any:
        return self.build(data)

    def pre_read(self, data: dict[str, Any]) -> None:
        """What is refused before any member is read; nothing by default."""

    def checks(self, data: dict[str, Any]) -> None:
        """What spans the members read (raises ``ValidationError``); nothing by default."""

    def build(self, data: dict[str, Any]) -> Any:
        """The value the members read make; the members themselves by default."""
        return data


def named_schema(name: str, fields_: dict[str, Any], base: type[Schema] = BoundedSchema, doc: str = "") -> type[Schema]:
    """A named schema class (the name becomes the OpenAPI component)."""
    return type(name, (base,), {**fields_, "__doc__": doc})


def codes(cards: tuple[Any, ...] | list[Any]) -> list[str]:
    """Cards as their codes (RULINGS C3)."""
    return [card.code for card in cards]
