"""The project's documents stay short where a newcomer starts and hold
together: the README at most 500 lines; every setting the service reads in
docs/configuration.md; every relative link in the README,
in ``docs/`` and in the other READMEs reaching a file that exists and, where
it names one, a heading of that file; and every file of the repository they
name in code (``service/games/base.py``) still there."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

from service.config import DEFAULTS
from support import ROOT

README_MOST_LINES = 500

DOCUMENTS = sorted(
    [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / part / "README.md" for part in ("bench", "deploy", "conformance")),
     *(ROOT / "clients").glob("*/README.md")]
)

_PARSER = MarkdownIt("commonmark").enable("table")


def _plain(inline: Token) -> str:
    """A heading's text as a reader sees it: its words and code, no markup."""
    return "".join(child.content for child in inline.children or () if child.type in {"text", "code_inline"})


def anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a document's headings: the heading's text in
    lower case, with every character but letters, digits, ``_``, ``-`` and
    spaces dropped, and each space a ``-``; a repeated one gains ``-1``, ``-2``..."""
    tokens = _PARSER.parse(markdown)
    seen: dict[str, int] = {}
    found = set()
    for opening, inline in zip(tokens, tokens[1:]):
        if opening.type != "heading_open":
            continue
        slug = re.sub(r"[^\w\- ]", "", _plain(inline).strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def links(markdown: str) -> Iterator[str]:
    """Every link and image target of a document, code blocks and code spans left out."""
    def walk(tokens: list[Token]) -> Iterator[str]:
        for token in tokens:
            if token.type == "link_open":
                yield str(token.attrs["href"])
            elif token.type == "image":
                yield str(token.attrs["src"])
            yield from walk(token.children or [])
    return walk(_PARSER.parse(markdown))


def broken_links(document: Path, root: Path = ROOT) -> list[str]:
    """The relative links of ``document`` that reach no file under ``root``
    (the repository), or no heading of the document they name."""
    broken = []
    for target in links(document.read_text(encoding="utf-8")):
        parts = urlsplit(target)
        if parts.scheme or parts.netloc or target.startswith("/"):
            continue  # another site, or a path the service serves
        path = (document.parent / unquote(parts.path)).resolve() if parts.path else document
        if not path.is_relative_to(root) or not path.exists():
            broken.append(f"{target}: no such file")
        elif parts.fragment and path.suffix == ".md" and parts.fragment not in anchors(path.read_text(encoding="utf-8")):
            broken.append(f"{target}: no such heading in {path.relative_to(root)}")
    return broken


_REPOSITORY_PATH = re.compile(r"`((?:service|tests|tools|bench|deploy|web|clients|conformance|docs|examples)/[\w./-]*[\w/])`")


def missing_paths(document: Path, root: Path = ROOT) -> list[str]:
    """The repository paths ``document`` names in code spans that are no
    file or folder under ``root``, outputs of a run (a folder ``.gitignore``
    names, such as ``bench/results/``) aside."""
    outputs = [line for line in (root / ".gitignore").read_text(encoding="utf-8").splitlines() if line.endswith("/") and "/" in line[:-1]]
    return [path for path in _REPOSITORY_PATH.findall(document.read_text(encoding="utf-8"))
            if not (root / path).exists() and not path.startswith(tuple(outputs))]


def test_the_readme_is_short():
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= README_MOST_LINES, f"README.md has {lines} lines: move reference to docs/ and figures to bench/README.md"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_resolves(document):
    assert broken_links(document) == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_file_named_in_code_exists(document):
    """A file moved or renamed is named by its new path in every document."""
    assert missing_paths(document) == []


def test_every_setting_is_documented():
    """Each setting the service reads (``service.config.DEFAULTS``) has its
    row in docs/configuration.md, and the table names no setting it does not read."""
    text = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(REFEREE_[A-Z_]+)` \|", text, re.M))
    assert documented == set(DEFAULTS)


def test_the_path_check_finds_a_moved_file(tmp_path):
    (tmp_path / ".gitignore").write_text(".venv\nbench/results/\n")
    (tmp_path / "service").mkdir()
    (tmp_path / "service" / "app.py").write_text("")
    document = tmp_path / "README.md"
    document.write_text("`service/app.py`, `service/api/worker.py`, `bench/results/latest.json`, `service/`, `web/<game>.ts`\n")
    assert missing_paths(document, tmp_path) == ["service/api/worker.py"]


def test_the_link_check_finds_a_broken_file_and_a_broken_heading(tmp_path):
    """The check itself: a link to a missing file and one to a missing
    heading are both reported; good ones, another site and a served path are not."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A page\n\n## Who holds the state: open, signed or sealed\n\n## `make bench`'s rows\n\n## Rows\n\n## Rows\n")
    document = tmp_path / "README.md"
    document.write_text(
        "[a](docs/a.md) [b](docs/a.md#who-holds-the-state-open-signed-or-sealed) [c](docs/a.md#make-benchs-rows)"
        " [d](docs/a.md#rows-1) [e](https://example.com/x.md) [f](/play)\n\n"
        "[gone](docs/b.md) [no heading](docs/a.md#rows-2) `[code](docs/c.md)`\n\n```\n[fenced](docs/d.md)\n```\n"
    )
    assert broken_links(document, tmp_path) == ["docs/b.md: no such file", "docs/a.md#rows-2: no such heading in docs/a.md"]
