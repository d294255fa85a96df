from enum import StrEnum


class SparStateGame(StrEnum):
    SPAR = "spar"

    def __str__(self) -> str:
        return str(self.value)
