"""Build the solver's engine and search compiled with mypyc, and Agency's search in C:
``python -m tools.native`` (``make run`` and ``make test`` run it when a source changed).

``service/analysis/engine.py`` and ``solver.py`` are compiled as they are
(their strict typing is what mypyc needs) into extension modules of the same
names in ``service/analysis/native/``, and ``agency_search.c`` into
``agency_search`` there (setuptools' build of a C extension), with
``SOURCES``: the digest of the sources they were built from
(``service.analysis.source_digest``).
``service.analysis`` imports the compiled modules in place of the
pure-Python ones only while that digest matches the sources beside it, so
an edited source is never shadowed by a stale build; the pure-Python
modules stay the reference the compiled ones are tested against
(``tests/test_analysis_native.py``; ``python -m bench.native`` over more
positions). A node costs about half the time compiled (bench/README.md,
"The compiled engine").

Two builds of the same sources with the same compiler write the same bytes
(the compiler's debug info names the C sources relative to the scratch
folder they are written to, not by its random name): the image's builds are
compared file by file (``deploy/Dockerfile``, ``python -m bench.image``).

mypyc's optimization level is 1: the same speed here as its default 3 in
about two-thirds of the build time (a build is part of every fresh install).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from service.analysis import NATIVE, NATIVE_C, NATIVE_MODULES, source_digest  # noqa: E402

PACKAGE = "service/analysis"
GROUP = "service.analysis.compiled"
"""The name of the library the compiled modules share (mypyc's group: the
runtime and what the modules call of each other), a module of the package
like them."""
OPT_LEVEL = "1"


def build(quiet: bool = True) -> Path:
    """Compile the sources into ``NATIVE`` (emptied first) and write its
    ``SOURCES`` last, so a build that fails leaves none there. Returns the
    folder."""
    from mypyc.build import mypycify  # the test extras' mypy, which the native extra installs too
    from setuptools import Distribution, Extension

    digest = source_digest()
    if NATIVE.exists():
        shutil.rmtree(NATIVE)
    with tempfile.TemporaryDirectory(prefix="native-") as scratch:
        here = os.getcwd()
        os.chdir(ROOT)  # mypyc names each module by its path from here
        try:
            extensions = mypycify([f"{PACKAGE}/{name}.py" for name in NATIVE_MODULES], opt_level=OPT_LEVEL,
                                  group_name=GROUP, target_dir=f"{scratch}/c", verbose=not quiet)
            flags = ["-O2", "-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else ["-O2"]  # counting bits in one instruction
            extensions += [Extension(f"{PACKAGE.replace('/', '.')}.{name}", [f"{PACKAGE}/{name}.c"], extra_compile_args=list(flags))
                           for name in NATIVE_C]
            for extension in extensions:  # the compiler's debug info names the C sources by their path from
                # the scratch folder, not by the folder's random name: two builds write the same bytes
                extension.extra_compile_args.append(f"-ffile-prefix-map={scratch}=.")
            # A Distribution of its own: setup() would read the project's pyproject.toml
            dist = Distribution({"name": "native", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.build_lib, command.build_temp = f"{scratch}/lib", f"{scratch}/temp"  # type: ignore[attr-defined]
            command.parallel = os.cpu_count() or 1  # type: ignore[attr-defined]
            dist.run_command("build_ext")
        finally:
            os.chdir(here)
        built = Path(scratch, "lib", *PACKAGE.split("/"))
        NATIVE.mkdir(parents=True)
        for library in built.iterdir():
            shutil.copy2(library, NATIVE / library.name)
    (NATIVE / "SOURCES").write_text(digest + "\n")
    return NATIVE


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print mypyc's and the compiler's output")
    args = parser.parse_args(argv)
    start = time.monotonic()
    folder = build(quiet=not args.verbose)
    print(f"compiled {', '.join(NATIVE_MODULES + NATIVE_C)} into {folder.relative_to(ROOT)} in {time.monotonic() - start:.1f} s")


if __name__ == "__main__":
    main()
