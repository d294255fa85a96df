from enum import StrEnum


class AgencyStateGame(StrEnum):
    AGENCY = "agency"

    def __str__(self) -> str:
        return str(self.value)
