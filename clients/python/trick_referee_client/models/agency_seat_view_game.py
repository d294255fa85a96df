from enum import StrEnum


class AgencySeatViewGame(StrEnum):
    AGENCY = "agency"

    def __str__(self) -> str:
        return str(self.value)
