from enum import StrEnum


class FapfapPublicStateGame(StrEnum):
    FAPFAP = "fapfap"

    def __str__(self) -> str:
        return str(self.value)
