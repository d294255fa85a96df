from enum import StrEnum


class AgramSpectatorViewGame(StrEnum):
    AGRAM = "agram"

    def __str__(self) -> str:
        return str(self.value)
