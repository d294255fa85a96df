"""Analysis: an exact solver of the perfect-information hand, and the review
of a hand played (the contract's "Analysis and bots").

Pure rules code, like ``service.games``: no Flask, no marshmallow.

The engine and the search (``engine``, ``solver``) may be imported compiled
(``python -m tools.native``, which ``make run`` and ``make test`` run), with
Agency's search in C beside them (``agency_search``, from
``agency_search.c``): the compiled modules in ``native/`` are found before
the sources only while the digest they were built from (``native/SOURCES``)
is that of the sources here, and unless ``REFEREE_NATIVE`` is ``0``;
``compiled`` says which were imported. All answer alike, node for node
(``tests/test_analysis_native.py``).
"""

from __future__ import annotations

import hashlib
import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

NATIVE_MODULES = ("engine", "solver")
"""The modules compiled with mypyc, in the order their sources are digested."""
NATIVE_C = ("agency_search",)
"""The modules written in C (``agency_search.c``: Agency's search), digested after them."""
NATIVE = Path(__file__).resolve().parent / "native"
"""Where ``tools.native`` writes the compiled modules."""


def source_digest() -> str:
    """The SHA-256 of the compiled modules' sources, as ``native/SOURCES`` records it."""
    digest = hashlib.sha256()
    for name in NATIVE_MODULES:
        digest.update((NATIVE.parent / f"{name}.py").read_bytes())
    for name in NATIVE_C:
        digest.update((NATIVE.parent / f"{name}.c").read_bytes())
    return digest.hexdigest()


def _built() -> bool:
    """Whether ``native/`` holds a build of the sources as they are, for this interpreter."""
    if os.environ.get("REFEREE_NATIVE", "1") == "0":
        return False
    try:
        if (NATIVE / "SOURCES").read_text().strip() != source_digest():
            return False
    except OSError:
        return False
    return all(any((NATIVE / f"{name}{suffix}").exists() for suffix in EXTENSION_SUFFIXES) for name in NATIVE_MODULES + NATIVE_C)


compiled = _built()
"""Whether ``engine`` and ``solver`` are imported compiled."""
if compiled:
    __path__.insert(0, str(NATIVE))
