from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Clock")


@_attrs_define
class Clock:
    """
    Attributes:
        deadline (str): When the seat to act's time runs out (RFC 3339, UTC, with milliseconds): the referee's time when
            it issued this state, plus `move_seconds`. After it, `timeout` plays for that seat. Once an Agency hand is over,
            the time its losing team has to choose the next hand's leader (a sealed deal with `previous` and their
            credential); after it any seat of the match, or the host, may deal that hand with the default leader (RULINGS
            A14). A signed state's signature covers it.
        move_seconds (int): How long each move may take, in seconds (1 to 86,400).
        seat (int | None): The seat to act, whose time runs; null once the hand is over.
    """

    deadline: str
    move_seconds: int
    seat: int | None

    def to_dict(self) -> dict[str, Any]:
        deadline = self.deadline

        move_seconds = self.move_seconds

        seat: int | None
        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deadline": deadline,
                "move_seconds": move_seconds,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deadline = d.pop("deadline")

        move_seconds = d.pop("move_seconds")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        clock = cls(
            deadline=deadline,
            move_seconds=move_seconds,
            seat=seat,
        )

        return clock
