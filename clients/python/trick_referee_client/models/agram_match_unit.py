from enum import StrEnum


class AgramMatchUnit(StrEnum):
    BALANCE = "balance"
    GAME_POINTS = "game_points"
    HANDS = "hands"
    POINTS = "points"

    def __str__(self) -> str:
        return str(self.value)
