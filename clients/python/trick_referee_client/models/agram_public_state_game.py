from enum import StrEnum


class AgramPublicStateGame(StrEnum):
    AGRAM = "agram"

    def __str__(self) -> str:
        return str(self.value)
