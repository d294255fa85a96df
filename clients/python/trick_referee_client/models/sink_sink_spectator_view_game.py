from enum import StrEnum


class SinkSinkSpectatorViewGame(StrEnum):
    SINK_SINK = "sink-sink"

    def __str__(self) -> str:
        return str(self.value)
