"""A small ABNF (RFC 5234) reader: enough to turn the grammar of
docs/notation.md into a regular expression, so the tests can match records
against the grammar as it is written there, not as the reader implements it.

It reads rules (``name = elements``, continued on indented lines, ``;``
comments), alternation ``/``, concatenation, repetition (``*``, ``1*``,
``32``, ``n*m``), groups ``( )``, options ``[ ]``, quoted strings and the
core rules the grammar uses. The grammar must not be recursive (it is not).
"""

from __future__ import annotations

import re

CORE = {"DIGIT": "[0-9]", "SP": " ", "HTAB": "\\t", "WSP": "[ \\t]", "CR": "\\r", "LF": "\\n"}
TOKEN = re.compile(r'\s*(?:(?P<string>"[^"]*")|(?P<repeat>\d*\*\d*|\d+)|(?P<name>[A-Za-z][A-Za-z0-9-]*)|(?P<punct>[/()\[\]]))')


def rules(text: str) -> dict[str, str]:
    """Each rule's elements, as written, from ABNF text."""
    found: dict[str, str] = {}
    name = None
    for line in text.splitlines():
        line = line.split(";", 1)[0].rstrip()
        if not line.strip():
            continue
        if line[0].isspace():
            assert name is not None, line
            found[name] += " " + line.strip()
            continue
        name, _, elements = line.partition("=")
        name = name.strip()
        found[name] = elements.strip()
    return found


def compile_grammar(grammar: dict[str, str], start: str, *, any_case: bool) -> re.Pattern[str]:
    """The regular expression of rule ``start``: quoted strings match in any
    ASCII case when ``any_case`` (RFC 5234), else exactly (RFC 7405 ``%s``)."""
    done: dict[str, str] = {}

    def rule(name: str) -> str:
        if name in CORE:
            return CORE[name]
        if name not in done:
            done[name] = _Elements(grammar[name], rule).alternation()
        return done[name]

    flags = re.IGNORECASE | re.ASCII if any_case else 0
    return re.compile(f"(?:{rule(start)})", flags)


class _Elements:
    def __init__(self, text: str, rule: object) -> None:
        self.tokens = [(match.lastgroup, match.group(match.lastgroup)) for match in TOKEN.finditer(text)]
        assert "".join(value for _, value in self.tokens).replace(" ", "") == text.replace(" ", ""), text
        self.at = 0
        self.rule = rule

    def peek(self) -> tuple[str | None, str]:
        return self.tokens[self.at] if self.at < len(self.tokens) else (None, "")

    def alternation(self) -> str:
        options = [self.concatenation()]
        while self.peek() == ("punct", "/"):
            self.at += 1
            options.append(self.concatenation())
        return "(?:" + "|".join(options) + ")"

    def concatenation(self) -> str:
        parts = []
        while self.peek()[0] is not None and self.peek()[1] not in ("/", ")", "]"):
            parts.append(self.repetition())
        return "".join(parts)

    def repetition(self) -> str:
        kind, value = self.peek()
        low, high = "1", "1"
        if kind == "repeat":
            self.at += 1
            if "*" in value:
                low, high = value.split("*")
                low, high = low or "0", high
            else:
                low = high = value
        element = self.element()
        return f"(?:{element}){{{low},{high}}}"

    def element(self) -> str:
        kind, value = self.peek()
        self.at += 1
        if kind == "string":
            return re.escape(value[1:-1])
        if kind == "name":
            return self.rule(value)  # type: ignore[operator]
        if value == "(":
            inner = self.alternation()
            assert self.peek() == ("punct", ")")
            self.at += 1
            return inner
        if value == "[":
            inner = self.alternation()
            assert self.peek() == ("punct", "]")
            self.at += 1
            return f"(?:{inner})?"
        raise ValueError(f"cannot read ABNF element {value!r}")
