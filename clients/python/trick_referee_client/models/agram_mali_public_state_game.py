from enum import StrEnum


class AgramMaliPublicStateGame(StrEnum):
    AGRAM_MALI = "agram-mali"

    def __str__(self) -> str:
        return str(self.value)
