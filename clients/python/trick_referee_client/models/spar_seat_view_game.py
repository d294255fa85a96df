from enum import StrEnum


class SparSeatViewGame(StrEnum):
    SPAR = "spar"

    def __str__(self) -> str:
        return str(self.value)
