from enum import StrEnum


class SparSpectatorViewGame(StrEnum):
    SPAR = "spar"

    def __str__(self) -> str:
        return str(self.value)
