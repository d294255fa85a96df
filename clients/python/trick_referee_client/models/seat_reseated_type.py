from enum import StrEnum


class SeatReseatedType(StrEnum):
    SEAT_RESEATED = "seat_reseated"

    def __str__(self) -> str:
        return str(self.value)
