from enum import StrEnum


class SparPublicStateGame(StrEnum):
    SPAR = "spar"

    def __str__(self) -> str:
        return str(self.value)
