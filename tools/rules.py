"""The rules page (``GET /rules``): ``docs/rules.md`` rendered to HTML at build
time, so the service serves a static file and needs no Markdown library.

markdown-it-py (pinned in ``pyproject.toml``'s test extra) renders CommonMark
with tables; each heading gets an ``id`` from its text (``## The Agram
family`` is ``#the-agram-family``), so the table page can link to a section.
``make page`` runs this module; ``tests/test_play_page.py`` renders again and
fails while the committed page differs.

Usage (from the repository root)::

    .venv/bin/python -m tools.rules
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
RULES_SOURCE = ROOT / "docs" / "rules.md"
RULES_PAGE = ROOT / "service" / "static" / "play" / "rules.html"

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/play/play.css">
</head>
<body>
<nav><a href="/play">Back to the table</a></nav>
<main class="rules">
{body}</main>
</body>
</html>
"""


def slug(text: str) -> str:
    """A heading's ``id``: its words in lower case, joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def render(markdown: str) -> str:
    """The whole page for ``markdown`` (the text of ``docs/rules.md``): its
    first heading as the title, every heading with an ``id``."""
    parser = MarkdownIt("commonmark").enable("table")
    tokens = parser.parse(markdown)
    title = "Rules"
    for opening, inline in zip(tokens, tokens[1:]):
        if opening.type == "heading_open":
            opening.attrSet("id", slug(inline.content))
            if opening.tag == "h1" and title == "Rules":
                title = inline.content
    return PAGE.format(title=html.escape(title), body=parser.renderer.render(tokens, parser.options, {}))


def main() -> None:
    RULES_PAGE.write_text(render(RULES_SOURCE.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
