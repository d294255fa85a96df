from enum import StrEnum


class FapfapSpectatorViewGame(StrEnum):
    FAPFAP = "fapfap"

    def __str__(self) -> str:
        return str(self.value)
