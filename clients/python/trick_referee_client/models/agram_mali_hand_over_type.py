from enum import StrEnum


class AgramMaliHandOverType(StrEnum):
    HAND_OVER = "hand_over"

    def __str__(self) -> str:
        return str(self.value)
