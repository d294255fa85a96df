from enum import StrEnum


class AgramSeatViewGame(StrEnum):
    AGRAM = "agram"

    def __str__(self) -> str:
        return str(self.value)
