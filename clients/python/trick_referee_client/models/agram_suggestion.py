from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel

if TYPE_CHECKING:
    from ..models.agram_move import AgramMove


T = TypeVar("T", bound="AgramSuggestion")


@_attrs_define
class AgramSuggestion:
    """
    Attributes:
        level (BotLevel):
        move (AgramMove):
        seat (int): The seat to act, whose move it is.
        seed (int): The seed the bot drew from (the request's, or the one the referee drew).
        seed_text (str): The same seed as a decimal string, which JavaScript reads exactly.
    """

    level: BotLevel
    move: AgramMove
    seat: int
    seed: int
    seed_text: str

    def to_dict(self) -> dict[str, Any]:
        level = self.level.value

        move = self.move.to_dict()

        seat = self.seat

        seed = self.seed

        seed_text = self.seed_text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "move": move,
                "seat": seat,
                "seed": seed,
                "seed_text": seed_text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agram_move import AgramMove  # noqa: PLC0415

        d = dict(src_dict)
        level = BotLevel(d.pop("level"))

        move = AgramMove.from_dict(d.pop("move"))

        seat = d.pop("seat")

        seed = d.pop("seed")

        seed_text = d.pop("seed_text")

        agram_suggestion = cls(
            level=level,
            move=move,
            seat=seat,
            seed=seed,
            seed_text=seed_text,
        )

        return agram_suggestion
