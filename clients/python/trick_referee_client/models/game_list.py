from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.game import Game


T = TypeVar("T", bound="GameList")


@_attrs_define
class GameList:
    """
    Attributes:
        games (list[Game]):
    """

    games: list[Game]

    def to_dict(self) -> dict[str, Any]:
        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game import Game  # noqa: PLC0415

        d = dict(src_dict)
        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = Game.from_dict(games_item_data)

            games.append(games_item)

        game_list = cls(
            games=games,
        )

        return game_list
