from enum import StrEnum


class AgramMatchOverType(StrEnum):
    MATCH_OVER = "match_over"

    def __str__(self) -> str:
        return str(self.value)
