"""The official clients, generated from ``openapi.yaml``, and the table page's script.

* ``clients/python``: openapi-python-client (its version pinned in
  ``pyproject.toml``'s test extra, with the ruff it formats with).
* ``clients/typescript/src``: @hey-api/openapi-ts with its fetch client
  (pinned in ``package.json`` and ``package-lock.json``).
* ``service/static/play/play.js``: ``web/play.ts``, which uses the TypeScript
  client, bundled by esbuild (pinned likewise); ``bundle`` does the same for
  any program that uses the client.

Each README beside a client is written by hand and kept, and so are the
commitment checks (``KEPT``) and the TypeScript package around ``src/`` (``index.ts``, ``package.json`` with its
lock file, ``tsconfig.json``, ``test/``). Both packages carry the spec's
``info.version``: openapi-python-client writes it into the Python client's
``pyproject.toml``, and :func:`write_versions` into the TypeScript package's
``package.json`` and ``package-lock.json``. ``make clients`` runs this module;
``tests/test_clients.py`` generates into a temporary directory with the same
functions and fails when the committed files differ.

Usage (from the repository root, after ``npm ci``)::

    .venv/bin/python -m tools.clients            # regenerate both clients, then the page's script
    .venv/bin/python -m tools.clients --page     # only the page's script
"""

from __future__ import annotations

import argparse
import copy
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "openapi.yaml"
PYTHON_CLIENT = ROOT / "clients" / "python"
PYTHON_CONFIG = ROOT / "clients" / "openapi-python-client.yaml"
TYPESCRIPT_PACKAGE = ROOT / "clients" / "typescript"
TYPESCRIPT_CLIENT = TYPESCRIPT_PACKAGE / "src"
TYPESCRIPT_VERSIONED = ("package.json", "package-lock.json")
"""The TypeScript package's files that carry its version."""
PAGE_SOURCE = ROOT / "web" / "play.ts"
PAGE_BUNDLE = ROOT / "service" / "static" / "play" / "play.js"
NODE_BIN = ROOT / "node_modules" / ".bin"
KEPT = frozenset({"README.md", "commitments.py", "commitment.ts", "refusals.py", "events.py"})
"""Files of a client's directory written by hand: never generated, never compared
(the READMEs; each client's commitment check: the Python package's
``commitments.py``, the TypeScript ``src/commitment.ts``; the Python
package's refusal classes and event sentences, ``refusals.py`` and
``events.py``, whose TypeScript twins live outside ``src/``)."""
SKIPPED = frozenset({"__pycache__", ".ruff_cache", ".mypy_cache"})
"""Directories that tools leave beside generated files (ruff formats the Python client)."""


def _run(command: list[str], cwd: Path = ROOT) -> str:
    """Run a generator; its output (stdout and stderr together). Raises on failure."""
    tools = str(Path(sys.executable).parent)  # openapi-python-client runs ruff from PATH
    environment = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ.get('PATH', '')}",
                   "NO_COLOR": "1", "FORCE_COLOR": "0"}
    result = subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=300)
    output = result.stdout + result.stderr
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{output}")
    return output


def without_optional_security(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` with the ``security`` of each operation whose credential is
    optional (a requirement ``{}`` among its alternatives) left out.

    openapi-python-client (0.29) reads any ``security`` as required, and
    its functions would then take only an ``AuthenticatedClient``
    (openapi-generators/openapi-python-client#1372); without it they take
    either client, which is what an optional credential means: an
    ``AuthenticatedClient(token=credential)`` sends it, a ``Client`` does not.
    """
    out = copy.deepcopy(spec)
    for item in out["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict) and {} in operation.get("security", []):
                del operation["security"]
    return out


def python_client(out: Path) -> str:
    """Generate the Python client into ``out`` (created) from the spec as
    :func:`without_optional_security` gives it, its table of problem
    classes with it; the generator's output.

    ``--fail-on-warning``: a schema the generator cannot type stops it.
    """
    from tools.openapi import load_spec

    with tempfile.TemporaryDirectory() as work:
        spec = Path(work) / "openapi.json"
        spec.write_text(json.dumps(without_optional_security(load_spec(SPEC))), encoding="utf-8")
        output = _run([
            str(Path(sys.executable).parent / "openapi-python-client"), "generate",
            "--path", str(spec), "--output-path", str(out), "--meta", "pdm",
            "--config", str(PYTHON_CONFIG), "--fail-on-warning", "--overwrite",
        ])
    (out / PYTHON_PACKAGE / PYTHON_PROBLEMS).write_text(python_problems(), encoding="utf-8")
    return output


def typescript_client(out: Path) -> str:
    """Generate the TypeScript client (types, SDK functions and the fetch
    client) into ``out``, its table of problem classes with it."""
    output = _run([str(NODE_BIN / "openapi-ts"), "--input", str(SPEC), "--output", str(out),
                   "--client", "@hey-api/client-fetch"])
    (out / TYPESCRIPT_PROBLEMS).write_text(typescript_problems(), encoding="utf-8")
    return output


# -- the classes of problems, from the referee's own table ----------------------------------

PYTHON_PACKAGE = "trick_referee_client"
PYTHON_PROBLEMS = "problem_classes.py"
TYPESCRIPT_PROBLEMS = "problems.gen.ts"
GENERATED_NOTE = ("The referee's classes of problems and the codes of each, written by tools/clients.py (make clients) "
                  "from service.api.problems.problem_classes(): do not edit.")


def problem_models() -> dict[str, str | None]:
    """The spec's problem schemas (each game's and the plain ``Problem``), each
    with the schema of its ``legal_moves``' items (``None``: it has none)."""
    from tools.openapi import load_spec

    schemas = load_spec(SPEC)["components"]["schemas"]
    found: dict[str, str | None] = {}
    for name, schema in sorted(schemas.items()):
        if name.endswith("Problem") and {"code", "detail", "status"} <= set(schema.get("required", ())):
            legal = schema.get("properties", {}).get("legal_moves")
            found[name] = legal["items"]["$ref"].rsplit("/", 1)[1] if legal else None
    return found


def python_problems() -> str:
    """The Python client's table of problem classes (``trick_referee_client/problem_classes.py``)."""
    from service.api.problems import problem_classes

    models = problem_models()
    moves = sorted({move for move in models.values() if move})
    lines = [f'"""{GENERATED_NOTE}"""', "", "from __future__ import annotations", "", "from typing import TypeAlias", "",
             "from .models import (", *(f"    {name}," for name in sorted([*models, *moves])), ")", "",
             "ProblemModel: TypeAlias = " + " | ".join(models), '"""Every problem body the referee answers (its games\' and the plain one)."""',
             "GameMove: TypeAlias = " + " | ".join(moves), '"""A move of any game (an illegal move\'s ``legal_moves``)."""', "",
             "CLASSES: dict[str, tuple[str | None, str]] = {"]
    classes = problem_classes()
    lines += [f"    {json.dumps(kind.name)}: ({json.dumps(kind.parent) if kind.parent else 'None'}, {json.dumps(kind.description, ensure_ascii=False)}),"
              for kind in classes]
    lines += ["}", '"""Each class of problem by name: the class it refines (or ``None``) and what its problems mean."""', "",
              "CODES: dict[str, str] = {"]
    lines += [f"    {json.dumps(code)}: {json.dumps(kind.name)}," for kind in classes for code in kind.codes]
    lines += ["}", '"""The class of each code the referee answers."""', ""]
    return "\n".join(lines)


def typescript_problems() -> str:
    """The TypeScript client's table of problem classes (``src/problems.gen.ts``)."""
    from service.api.problems import problem_classes

    lines = [f"// {GENERATED_NOTE}", "",
             "/** Each class of problem by name: the class it refines (or null), what its problems mean, and its codes. */",
             "export const problemClasses = {"]
    for kind in problem_classes():
        lines += [f"    {kind.name}: {{", f"        parent: {json.dumps(kind.parent)},",
                  f"        description: {json.dumps(kind.description, ensure_ascii=False)},",
                  f"        codes: [{', '.join(json.dumps(code) for code in kind.codes)}],", "    },"]
    lines += ["} as const;", ""]
    return "\n".join(lines)


def bundle(out: Path, source: Path, platform: str = "browser", define: dict[str, str] | None = None) -> str:
    """Bundle ``source`` with the client into one ES module ``out``;
    ``define`` replaces each named global by a string."""
    constants = [f"--define:{name}={json.dumps(value)}" for name, value in (define or {}).items()]
    return _run([str(NODE_BIN / "esbuild"), str(source), "--bundle", "--format=esm", f"--platform={platform}",
                 "--target=es2022" if platform == "node" else "--target=es2020", "--charset=utf8", "--legal-comments=none", "--log-level=warning",
                 *constants, f"--outfile={out}"])


def bundle_page(out: Path = PAGE_BUNDLE) -> str:
    """Bundle the table page's script (``web/play.ts`` and what it imports) into ``out``."""
    return bundle(out, PAGE_SOURCE)


def spec_version() -> str:
    """The committed spec's ``info.version`` (the service's version)."""
    from tools.openapi import load_spec

    return str(load_spec(SPEC)["info"]["version"])


def _versioned(package: Path) -> dict[str, dict[str, object]]:
    return {name: json.loads((package / name).read_text(encoding="utf-8")) for name in TYPESCRIPT_VERSIONED}


def package_versions(package: Path = TYPESCRIPT_PACKAGE) -> dict[str, object]:
    """Each version the TypeScript package's files carry, by where it is."""
    manifest, lock = _versioned(package).values()
    packages = lock.get("packages")
    root = packages.get("", {}) if isinstance(packages, dict) else {}
    return {"package.json": manifest.get("version"), "package-lock.json": lock.get("version"),
            "package-lock.json packages['']": root.get("version") if isinstance(root, dict) else None}


def write_versions(version: str, package: Path = TYPESCRIPT_PACKAGE) -> None:
    """Write ``version`` into the TypeScript package's ``package.json`` and
    ``package-lock.json`` (as npm writes them: two-space JSON, a final newline)."""
    for name, document in _versioned(package).items():
        document["version"] = version
        packages = document.get("packages")
        if isinstance(packages, dict) and isinstance(packages.get(""), dict):
            packages[""]["version"] = version
        (package / name).write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def files(directory: Path) -> dict[str, Path]:
    """Every generated file under ``directory`` by its relative path (hand-written ones left out)."""
    return {
        path.relative_to(directory).as_posix(): path
        for path in sorted(directory.rglob("*"))
        if path.is_file() and path.name not in KEPT and not SKIPPED.intersection(path.relative_to(directory).parts)
    }


def differences(generated: Path, committed: Path) -> list[str]:
    """How ``committed`` differs from ``generated``: files missing, extra or changed."""
    new, old = files(generated), files(committed)
    return sorted(
        [f"missing: {name}" for name in new.keys() - old.keys()]
        + [f"not generated: {name}" for name in old.keys() - new.keys()]
        + [f"changed: {name}" for name in new.keys() & old.keys() if not filecmp.cmp(new[name], old[name], shallow=False)]
    )


def _replace(generated: Path, target: Path) -> None:
    """Make ``target`` hold exactly the generated files, keeping the hand-written ones."""
    for path in files(target).values():
        path.unlink()
    for name, path in files(generated).items():
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, destination)
    for directory in sorted((p for p in target.rglob("*") if p.is_dir()), reverse=True):
        if not any(directory.iterdir()):
            directory.rmdir()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", action="store_true", help="only bundle the table page's script")
    args = parser.parse_args()
    if not args.page:
        with tempfile.TemporaryDirectory() as scratch:
            print(python_client(Path(scratch) / "python"), end="")
            _replace(Path(scratch) / "python", PYTHON_CLIENT)
            print(typescript_client(Path(scratch) / "typescript"), end="")
            _replace(Path(scratch) / "typescript", TYPESCRIPT_CLIENT)
        write_versions(spec_version())
    print(bundle_page(), end="")


if __name__ == "__main__":
    main()
