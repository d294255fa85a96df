from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.field_errors import FieldErrors
    from ..models.sink_sink_match import SinkSinkMatch
    from ..models.sink_sink_move import SinkSinkMove
    from ..models.supported_versions import SupportedVersions


T = TypeVar("T", bound="SinkSinkProblem")


@_attrs_define
class SinkSinkProblem:
    """
    Attributes:
        code (str): Machine-readable snake_case code, e.g. `must_follow_suit`, `validation_failed`.
        detail (str): What went wrong here, in one sentence; names the rule broken.
        status (int): HTTP status code.
        title (str): Short summary of the problem type.
        type_ (str): URI of the problem type: `about:blank` or `/problems/<code>`.
        allowed_leaders (list[int] | Unset): `leader_not_from_losing_team`: the seats that may lead.
        errors (FieldErrors | Unset):
        errors_truncated (bool | Unset): 422 only: true when the body has more faults than the first 50 listed (the
            referee stops reading a body there).
        hand (int | Unset): replay: the number of the hand, from 1, where the transcript failed.
        index (int | Unset): replay: the illegal move's place in that hand's `moves`, from 0.
        legal_moves (list[SinkSinkMove] | Unset): Moves a correct client could have chosen (illegal moves: the mover's
            own).
        match (SinkSinkMatch | Unset):
        move (SinkSinkMove | Unset):
        position (int | Unset): A record refused (`record_invalid`, or a deal or play of a record the rules refuse): the
            0-based character offset of the first character at fault on its line (docs/notation.md).
        problems (list[str] | Unset): Every invariant the state breaks (`invalid_state` only).
        record (int | Unset): `replay` of a match's `records`: the index in `records` (from 0) of the record at fault.
        remaining_ms (int | Unset): `clock_running`: how long the seat to act has left, in milliseconds.
        supported (SupportedVersions | Unset):
    """

    code: str
    detail: str
    status: int
    title: str
    type_: str
    allowed_leaders: list[int] | Unset = UNSET
    errors: FieldErrors | Unset = UNSET
    errors_truncated: bool | Unset = UNSET
    hand: int | Unset = UNSET
    index: int | Unset = UNSET
    legal_moves: list[SinkSinkMove] | Unset = UNSET
    match: SinkSinkMatch | Unset = UNSET
    move: SinkSinkMove | Unset = UNSET
    position: int | Unset = UNSET
    problems: list[str] | Unset = UNSET
    record: int | Unset = UNSET
    remaining_ms: int | Unset = UNSET
    supported: SupportedVersions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        detail = self.detail

        status = self.status

        title = self.title

        type_ = self.type_

        allowed_leaders: list[int] | Unset = UNSET
        if not isinstance(self.allowed_leaders, Unset):
            allowed_leaders = self.allowed_leaders

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        errors_truncated = self.errors_truncated

        hand = self.hand

        index = self.index

        legal_moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_moves, Unset):
            legal_moves = []
            for legal_moves_item_data in self.legal_moves:
                legal_moves_item = legal_moves_item_data.to_dict()
                legal_moves.append(legal_moves_item)

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        move: dict[str, Any] | Unset = UNSET
        if not isinstance(self.move, Unset):
            move = self.move.to_dict()

        position = self.position

        problems: list[str] | Unset = UNSET
        if not isinstance(self.problems, Unset):
            problems = self.problems

        record = self.record

        remaining_ms = self.remaining_ms

        supported: dict[str, Any] | Unset = UNSET
        if not isinstance(self.supported, Unset):
            supported = self.supported.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "detail": detail,
                "status": status,
                "title": title,
                "type": type_,
            }
        )
        if allowed_leaders is not UNSET:
            field_dict["allowed_leaders"] = allowed_leaders
        if errors is not UNSET:
            field_dict["errors"] = errors
        if errors_truncated is not UNSET:
            field_dict["errors_truncated"] = errors_truncated
        if hand is not UNSET:
            field_dict["hand"] = hand
        if index is not UNSET:
            field_dict["index"] = index
        if legal_moves is not UNSET:
            field_dict["legal_moves"] = legal_moves
        if match is not UNSET:
            field_dict["match"] = match
        if move is not UNSET:
            field_dict["move"] = move
        if position is not UNSET:
            field_dict["position"] = position
        if problems is not UNSET:
            field_dict["problems"] = problems
        if record is not UNSET:
            field_dict["record"] = record
        if remaining_ms is not UNSET:
            field_dict["remaining_ms"] = remaining_ms
        if supported is not UNSET:
            field_dict["supported"] = supported

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.field_errors import FieldErrors  # noqa: PLC0415
        from ..models.sink_sink_match import SinkSinkMatch  # noqa: PLC0415
        from ..models.sink_sink_move import SinkSinkMove  # noqa: PLC0415
        from ..models.supported_versions import SupportedVersions  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        detail = d.pop("detail")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        allowed_leaders = cast(list[int], d.pop("allowed_leaders", UNSET))

        _errors = d.pop("errors", UNSET)
        errors: FieldErrors | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = FieldErrors.from_dict(_errors)

        errors_truncated = d.pop("errors_truncated", UNSET)

        hand = d.pop("hand", UNSET)

        index = d.pop("index", UNSET)

        _legal_moves = d.pop("legal_moves", UNSET)
        legal_moves: list[SinkSinkMove] | Unset = UNSET
        if _legal_moves is not UNSET:
            legal_moves = []
            for legal_moves_item_data in _legal_moves:
                legal_moves_item = SinkSinkMove.from_dict(legal_moves_item_data)

                legal_moves.append(legal_moves_item)

        _match = d.pop("match", UNSET)
        match: SinkSinkMatch | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = SinkSinkMatch.from_dict(_match)

        _move = d.pop("move", UNSET)
        move: SinkSinkMove | Unset
        if isinstance(_move, Unset):
            move = UNSET
        else:
            move = SinkSinkMove.from_dict(_move)

        position = d.pop("position", UNSET)

        problems = cast(list[str], d.pop("problems", UNSET))

        record = d.pop("record", UNSET)

        remaining_ms = d.pop("remaining_ms", UNSET)

        _supported = d.pop("supported", UNSET)
        supported: SupportedVersions | Unset
        if isinstance(_supported, Unset):
            supported = UNSET
        else:
            supported = SupportedVersions.from_dict(_supported)

        sink_sink_problem = cls(
            code=code,
            detail=detail,
            status=status,
            title=title,
            type_=type_,
            allowed_leaders=allowed_leaders,
            errors=errors,
            errors_truncated=errors_truncated,
            hand=hand,
            index=index,
            legal_moves=legal_moves,
            match=match,
            move=move,
            position=position,
            problems=problems,
            record=record,
            remaining_ms=remaining_ms,
            supported=supported,
        )

        return sink_sink_problem
