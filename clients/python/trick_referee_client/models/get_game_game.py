from enum import StrEnum


class GetGameGame(StrEnum):
    AGENCY = "agency"
    AGRAM = "agram"
    AGRAM_MALI = "agram-mali"
    FAPFAP = "fapfap"
    SINK_SINK = "sink-sink"
    SPAR = "spar"

    def __str__(self) -> str:
        return str(self.value)
