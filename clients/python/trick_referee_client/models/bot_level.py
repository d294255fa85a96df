from enum import StrEnum


class BotLevel(StrEnum):
    RANDOM = "random"
    RULES = "rules"
    SEARCH = "search"

    def __str__(self) -> str:
        return str(self.value)
