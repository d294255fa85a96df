from enum import StrEnum


class FapfapStateGame(StrEnum):
    FAPFAP = "fapfap"

    def __str__(self) -> str:
        return str(self.value)
