from enum import StrEnum


class AgencyTrickDiscardedType(StrEnum):
    TRICK_DISCARDED = "trick_discarded"

    def __str__(self) -> str:
        return str(self.value)
