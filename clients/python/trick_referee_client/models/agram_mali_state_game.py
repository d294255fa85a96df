from enum import StrEnum


class AgramMaliStateGame(StrEnum):
    AGRAM_MALI = "agram-mali"

    def __str__(self) -> str:
        return str(self.value)
