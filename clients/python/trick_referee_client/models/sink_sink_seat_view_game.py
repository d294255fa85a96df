from enum import StrEnum


class SinkSinkSeatViewGame(StrEnum):
    SINK_SINK = "sink-sink"

    def __str__(self) -> str:
        return str(self.value)
