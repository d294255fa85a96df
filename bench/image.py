"""Build the image twice, compare the builds, and run the quick start against it.

Usage: ``python -m bench.image [--base-python IMAGE --base-node IMAGE] [--keep]``
(``make image``; as root). Prints a table and writes every figure to
``bench/results/image.json`` (git-ignored). See ``bench/README.md``.

There is no Docker engine here: ``buildah`` builds ``deploy/Dockerfile`` and
``podman`` runs the image, both with the ``vfs`` storage driver (no overlay
mounts needed) and builds with ``--isolation chroot`` (no OCI runtime needed
for ``RUN``). Both come from Debian's packages and are installed with apt when
missing. Where no registry serves the base images, stand-ins are made from
Debian's packages with ``debootstrap``: bookworm with ``python3`` (3.11, as the
lock file's) and ``python3-venv`` for ``PYTHON_IMAGE``, the same with
``nodejs`` and ``npm`` for ``NODE_IMAGE``. ``--base-python`` and
``--base-node`` name real ones instead (e.g. ``python:3.11-slim-bookworm``).

Steps, each timed:

1. the base images (made once, then found in the storage);
2. two builds of the same tree, the second with ``--no-cache``;
3. the builds compared: every file under ``/opt/venv`` (the service, its
   dependencies and the page's script) by SHA-256, compiled bytecode counted
   apart;
4. the image run on a free loopback port with podman (read-only, ``/tmp`` in
   memory, as in Kubernetes) or, where podman cannot start a container (this
   machine: crun may not set the process limits, no CAP_SYS_RESOURCE), its own
   ``CMD`` with ``buildah run --isolation chroot``: ``/healthz``, then the
   quick start's pages (``/``, ``/play``, ``/docs``, ``/openapi.json``) and the
   README's Examples block, as ``tests/test_readme.py`` runs it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "image.json"
WORK = ROOT / "bench" / "results" / "image"
STORAGE = ["--storage-driver", "vfs"]
TAG = "localhost/trick-referee:bench"
LOCAL_PYTHON = "localhost/referee-base/python:3.11-bookworm"
LOCAL_NODE = "localhost/referee-base/node:bookworm"
DEBIAN_MIRROR = "http://deb.debian.org/debian"
PYTHON_PACKAGES = ["python3", "python3-venv", "python-is-python3", "ca-certificates"]
NODE_PACKAGES = ["nodejs", "npm"]
SITE = "opt/venv"


def run(command: list[str], timeout: float = 1800, **options: Any) -> subprocess.CompletedProcess[str]:
    """Run ``command``; raise with its output's tail when it fails."""
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout, **options)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command[:6])}... failed ({result.returncode}):\n{(result.stdout + result.stderr)[-3000:]}")
    return result


def ensure_tools() -> None:
    """buildah, podman and debootstrap from Debian's packages, when missing."""
    missing = [name for name in ("buildah", "podman", "debootstrap") if shutil.which(name) is None]
    if missing:
        run(["apt-get", "update", "-qq"])
        run(["apt-get", "install", "-y", "-qq", *missing], env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def image_exists(name: str) -> bool:
    return subprocess.run(["podman", *STORAGE, "image", "exists", name]).returncode == 0


def import_rootfs(rootfs: Path, name: str) -> None:
    tar = subprocess.Popen(["tar", "-C", str(rootfs), "--numeric-owner", "-c", "."], stdout=subprocess.PIPE)
    run(["podman", *STORAGE, "import", "--change", "CMD [\"/bin/bash\"]", "-", name], stdin=tar.stdout)
    tar.wait()


def chroot_apt(rootfs: Path, packages: list[str]) -> None:
    shutil.copyfile("/etc/resolv.conf", rootfs / "etc" / "resolv.conf")
    env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive", "LANG": "C.UTF-8"}
    run(["chroot", str(rootfs), "apt-get", "update", "-qq"], env=env)
    run(["chroot", str(rootfs), "apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages], env=env)
    run(["chroot", str(rootfs), "apt-get", "clean"], env=env)
    shutil.rmtree(rootfs / "var" / "lib" / "apt" / "lists", ignore_errors=True)


def local_bases() -> None:
    """Make the stand-in base images from Debian's packages, unless present."""
    if image_exists(LOCAL_PYTHON) and image_exists(LOCAL_NODE):
        return
    with tempfile.TemporaryDirectory(dir=WORK) as scratch:
        rootfs = Path(scratch) / "rootfs"
        run(["debootstrap", "--variant=minbase", f"--include={','.join(PYTHON_PACKAGES)}", "bookworm", str(rootfs), DEBIAN_MIRROR])
        chroot_apt(rootfs, [])
        import_rootfs(rootfs, LOCAL_PYTHON)
        chroot_apt(rootfs, NODE_PACKAGES)
        import_rootfs(rootfs, LOCAL_NODE)


HOST_CA = Path("/etc/ssl/certs/ca-certificates.crt")
BUILD_CA = "/etc/ssl/build-ca.crt"


def build(python_image: str, node_image: str, tag: str, fresh: bool) -> None:
    """Build the image; the host's CA bundle is mounted for the build's
    downloads (and not kept in the image), in case TLS goes through a proxy
    that re-signs it."""
    command = ["buildah", *STORAGE, "bud", "--isolation", "chroot", "--network", "host", "--layers=false",
               "--ignorefile", "deploy/Dockerfile.dockerignore", "-f", "deploy/Dockerfile",
               "--build-arg", f"PYTHON_IMAGE={python_image}", "--build-arg", f"NODE_IMAGE={node_image}", "-t", tag]
    if HOST_CA.exists():
        command += ["--volume", f"{HOST_CA}:{BUILD_CA}:ro",
                    "--build-arg", f"NPM_CONFIG_CAFILE={BUILD_CA}", "--build-arg", f"PIP_CERT={BUILD_CA}"]
    run([*command, *(["--no-cache"] if fresh else []), "."], cwd=ROOT, timeout=3600)


def file_digests(image: str) -> dict[str, str]:
    """SHA-256 of every file under /opt/venv of ``image``, by path (compiled
    bytecode, under ``__pycache__``, included: :func:`main` counts it apart)."""
    container = run(["buildah", *STORAGE, "from", image]).stdout.strip()
    try:
        mount = Path(run(["buildah", *STORAGE, "mount", container]).stdout.strip())
        digests = {}
        for path in sorted((mount / SITE).rglob("*")):
            if path.is_file() and not path.is_symlink():
                digests[str(path.relative_to(mount))] = hashlib.sha256(path.read_bytes()).hexdigest()
        return digests
    finally:
        run(["buildah", *STORAGE, "rm", container])


def image_size(image: str) -> int:
    return int(json.loads(run(["podman", *STORAGE, "image", "inspect", image]).stdout)[0]["Size"])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> tuple[int, str, str]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read().decode()


def wait_healthy(port: int, process: subprocess.Popen[str] | None, timeout: float = 60) -> float:
    """Seconds until ``/healthz`` answers 200 on ``port``."""
    started = time.monotonic()
    while True:
        try:
            if get(f"http://127.0.0.1:{port}/healthz")[0] == 200:
                return time.monotonic() - started
        except OSError:
            if process is not None and process.poll() is not None:
                raise RuntimeError(f"the image's server exited ({process.returncode})") from None
            if time.monotonic() - started > timeout:
                raise
            time.sleep(0.3)


def podman_run(image: str, port: int) -> tuple[str, Any]:
    """Start ``image`` with podman as Kubernetes runs it (read-only, ``/tmp``
    in memory); the container's name and a stop function. podman's default
    limits are kept at the host's: raising them needs CAP_SYS_RESOURCE."""
    name = f"referee-bench-{port}"
    limits = [f"nofile={os.sysconf('SC_OPEN_MAX')}:{os.sysconf('SC_OPEN_MAX')}"]
    run(["podman", *STORAGE, "run", "--detach", "--rm", "--name", name, "--network", "host", "--read-only", "--tmpfs", "/tmp",
         *[arg for limit in limits for arg in ("--ulimit", limit)],
         "--env", f"GUNICORN_BIND=127.0.0.1:{port}", "--env", "GUNICORN_WORKERS=2", image], timeout=120)

    def stop() -> str:
        logged = subprocess.run(["podman", *STORAGE, "logs", name], capture_output=True, text=True, timeout=60)
        subprocess.run(["podman", *STORAGE, "stop", "--time", "5", name], capture_output=True, timeout=60)
        return logged.stdout + logged.stderr

    return name, stop


def buildah_run(image: str, port: int) -> tuple[subprocess.Popen[str], Any]:
    """Start ``image``'s own command (its ``CMD``, ``ENV`` and ``USER``) in a
    working container with ``buildah run --isolation chroot``, which needs no
    OCI runtime; the process and a stop function."""
    command = json.loads(run(["podman", *STORAGE, "image", "inspect", image]).stdout)[0]["Config"]["Cmd"]
    container = run(["buildah", *STORAGE, "from", image]).stdout.strip()
    log = tempfile.TemporaryFile(mode="w+")
    process = subprocess.Popen(
        ["buildah", *STORAGE, "run", "--isolation", "chroot", "--network", "host",
         "--env", f"GUNICORN_BIND=127.0.0.1:{port}", "--env", "GUNICORN_WORKERS=2", container, "--", *command],
        stdout=log, stderr=subprocess.STDOUT, text=True, start_new_session=True)

    def stop() -> str:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        subprocess.run(["buildah", *STORAGE, "rm", container], capture_output=True, timeout=120)
        log.seek(0)
        return log.read()

    return process, stop


def quick_start(image: str) -> dict[str, Any]:
    """Run ``image`` (podman; where it cannot start a container here,
    ``buildah run``) and check the quick start against it."""
    port = free_port()
    figures: dict[str, Any] = {}
    process = None
    try:
        _, stop = podman_run(image, port)
        figures["runner"] = "podman run"
    except RuntimeError as refused:
        figures["podman_error"] = str(refused).strip().splitlines()[-1]
        process, stop = buildah_run(image, port)
        figures["runner"] = "buildah run --isolation chroot"
    try:
        figures["ready_s"] = round(wait_healthy(port, process), 1)
        pages = {path: get(f"http://127.0.0.1:{port}{path}")[:2] for path in ("/", "/play", "/docs", "/openapi.json")}
        figures["pages"] = {path: [status, kind.split(";")[0]] for path, (status, kind) in pages.items()}
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        match = re.search(r"```sh\n(.*?)```", readme.split("### Examples", 1)[1], re.S)
        assert match is not None, "README has no Examples block"
        script = match.group(1).replace("localhost:8000", f"127.0.0.1:{port}")
        examples = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=60)
        figures["readme_examples_exit"] = examples.returncode
        if examples.returncode:
            figures["readme_examples_stderr"] = examples.stderr[-500:]
    finally:
        logs = stop()
    figures["startup"] = next((json.loads(line) for line in logs.splitlines() if '"referee.startup"' in line), None)
    figures["json_log_lines"] = sum(line.startswith("{") for line in logs.splitlines())
    figures["other_log_lines"] = [line for line in logs.splitlines() if line.strip() and not line.startswith("{")][:5]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-python", help="PYTHON_IMAGE to build on (default: a stand-in made with debootstrap)")
    parser.add_argument("--base-node", help="NODE_IMAGE to build on (default: a stand-in made with debootstrap)")
    parser.add_argument("--keep", action="store_true", help="keep the two images built (default: remove them)")
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("bench.image runs as root (buildah and podman with the vfs driver, debootstrap)")
    WORK.mkdir(parents=True, exist_ok=True)
    figures: dict[str, Any] = {}

    def timed(label: str, step: Any, *step_args: Any) -> Any:
        start = time.monotonic()
        print(f"{label}...", flush=True)
        value = step(*step_args)
        figures[f"{label}_s"] = round(time.monotonic() - start, 1)
        return value

    timed("tools", ensure_tools)
    python_image, node_image = args.base_python or LOCAL_PYTHON, args.base_node or LOCAL_NODE
    if not (args.base_python and args.base_node):
        timed("base_images", local_bases)
    first, second = f"{TAG}-1", f"{TAG}-2"
    timed("build_1", build, python_image, node_image, first, False)
    timed("build_2", build, python_image, node_image, second, True)
    one, two = file_digests(first), file_digests(second)
    differing = sorted(path for path in one.keys() | two.keys() if one.get(path) != two.get(path))
    compiled = [path for path in one if "__pycache__" in path]
    figures.update(files=len(one) - len(compiled), differing_files=sum("__pycache__" not in path for path in differing),
                   bytecode_files=len(compiled), differing_bytecode=sum("__pycache__" in path for path in differing),
                   differing=[path for path in differing if "__pycache__" not in path][:20],
                   size_mb=round(image_size(first) / 2**20, 1), bases=[python_image, node_image])
    try:
        figures["quick_start"] = timed("quick_start", quick_start, first)
    except Exception as error:  # noqa: BLE001 - report what failed, keep the build figures
        figures["quick_start"] = {"error": str(error)[-1500:]}
    if not args.keep:
        for image in (first, second):
            subprocess.run(["podman", *STORAGE, "rmi", "--force", image], capture_output=True, timeout=300)
    RESULTS.write_text(json.dumps(figures, indent=2) + "\n")
    print("\n| step | figure |\n|---|---|")
    for key in ("base_images_s", "build_1_s", "build_2_s", "files", "differing_files", "bytecode_files", "differing_bytecode",
                "size_mb", "quick_start_s"):
        if key in figures:
            print(f"| {key} | {figures[key]} |")
    print(f"\nquick start: {json.dumps(figures['quick_start'])}")
    if differing:
        print("files that differ between the two builds:", *differing[:20], sep="\n  ")


if __name__ == "__main__":
    main()
