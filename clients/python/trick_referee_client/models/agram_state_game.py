from enum import StrEnum


class AgramStateGame(StrEnum):
    AGRAM = "agram"

    def __str__(self) -> str:
        return str(self.value)
