from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_family import GameFamily
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.option import Option
    from ..models.players import Players


T = TypeVar("T", bound="Game")


@_attrs_define
class Game:
    """
    Attributes:
        deck (list[str]): Every card code, in listed order (the order seeds shuffle).
        family (GameFamily): `agency` or `last-trick` (the Agram family).
        hand_size (int): Cards dealt to each seat.
        id (str): The game id used in paths.
        name (str):
        options (list[Option]):
        players (Players):
        rank_order (list[str]): Ranks from high to low.
        trump (None | str | Unset): The trump suit, if any.
        walls (int | Unset): Agency: Wall cards inserted into each holder at the deal.
    """

    deck: list[str]
    family: GameFamily
    hand_size: int
    id: str
    name: str
    options: list[Option]
    players: Players
    rank_order: list[str]
    trump: None | str | Unset = UNSET
    walls: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deck = self.deck

        family = self.family.value

        hand_size = self.hand_size

        id = self.id

        name = self.name

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

        players = self.players.to_dict()

        rank_order = self.rank_order

        trump: None | str | Unset
        if isinstance(self.trump, Unset):
            trump = UNSET
        else:
            trump = self.trump

        walls = self.walls

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deck": deck,
                "family": family,
                "hand_size": hand_size,
                "id": id,
                "name": name,
                "options": options,
                "players": players,
                "rank_order": rank_order,
            }
        )
        if trump is not UNSET:
            field_dict["trump"] = trump
        if walls is not UNSET:
            field_dict["walls"] = walls

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.option import Option  # noqa: PLC0415
        from ..models.players import Players  # noqa: PLC0415

        d = dict(src_dict)
        deck = cast(list[str], d.pop("deck"))

        family = GameFamily(d.pop("family"))

        hand_size = d.pop("hand_size")

        id = d.pop("id")

        name = d.pop("name")

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = Option.from_dict(options_item_data)

            options.append(options_item)

        players = Players.from_dict(d.pop("players"))

        rank_order = cast(list[str], d.pop("rank_order"))

        def _parse_trump(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trump = _parse_trump(d.pop("trump", UNSET))

        walls = d.pop("walls", UNSET)

        game = cls(
            deck=deck,
            family=family,
            hand_size=hand_size,
            id=id,
            name=name,
            options=options,
            players=players,
            rank_order=rank_order,
            trump=trump,
            walls=walls,
        )

        return game
