from enum import StrEnum


class SealedDealSource(StrEnum):
    DECK = "deck"
    HANDS = "hands"
    RANDOM = "random"
    SEED = "seed"

    def __str__(self) -> str:
        return str(self.value)
