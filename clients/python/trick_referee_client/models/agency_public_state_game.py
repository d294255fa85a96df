from enum import StrEnum


class AgencyPublicStateGame(StrEnum):
    AGENCY = "agency"

    def __str__(self) -> str:
        return str(self.value)
