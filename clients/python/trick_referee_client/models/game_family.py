from enum import StrEnum


class GameFamily(StrEnum):
    AGENCY = "agency"
    LAST_TRICK = "last-trick"

    def __str__(self) -> str:
        return str(self.value)
