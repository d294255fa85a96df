from enum import StrEnum


class AgencySpectatorViewGame(StrEnum):
    AGENCY = "agency"

    def __str__(self) -> str:
        return str(self.value)
