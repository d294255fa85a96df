from enum import StrEnum


class FapfapSeatViewGame(StrEnum):
    FAPFAP = "fapfap"

    def __str__(self) -> str:
        return str(self.value)
