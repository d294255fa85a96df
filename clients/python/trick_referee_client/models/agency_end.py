from enum import StrEnum


class AgencyEnd(StrEnum):
    NO_LEGAL_PLAY = "no_legal_play"
    OUT_OF_CARDS = "out_of_cards"
    POINTS_REACHED = "points_reached"

    def __str__(self) -> str:
        return str(self.value)
