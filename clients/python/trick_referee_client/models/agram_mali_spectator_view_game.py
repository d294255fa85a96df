from enum import StrEnum


class AgramMaliSpectatorViewGame(StrEnum):
    AGRAM_MALI = "agram-mali"

    def __str__(self) -> str:
        return str(self.value)
