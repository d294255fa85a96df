from enum import StrEnum


class SinkSinkMatchOverType(StrEnum):
    MATCH_OVER = "match_over"

    def __str__(self) -> str:
        return str(self.value)
