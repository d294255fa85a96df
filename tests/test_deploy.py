"""Deploy files: Dockerfile lint, Kubernetes validation, gunicorn settings, multi-worker metrics."""

from __future__ import annotations

import http.client
import runpy
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import gunicorn.config
import pytest
import yaml

from support import running_gunicorn

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
BIN = Path(sys.executable).parent

pytestmark = pytest.mark.deploy


def tool(name: str) -> str:
    """A command installed with the test extras (in the venv's bin), else on PATH."""
    found = BIN / name if (BIN / name).exists() else shutil.which(name)
    assert found, f"{name} is not installed: `make test` installs it"
    return str(found)


def manifests() -> list[Path]:
    return sorted(path for path in K8S.glob("*.yaml") if path.name != "kustomization.yaml")


def test_dockerfile_passes_hadolint():
    result = subprocess.run(
        [tool("hadolint"), "--failure-threshold", "info", str(DEPLOY / "Dockerfile")],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_manifests_pass_strict_kubernetes_validation():
    result = subprocess.run(
        [tool("kubernetes-validate"), "--strict", *map(str, manifests())],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "passed" in result.stdout + result.stderr


def test_kustomization_lists_every_manifest():
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert sorted(kustomization["resources"]) == [path.name for path in manifests()]


def test_deployment_is_locked_down():
    deployment = yaml.safe_load((K8S / "deployment.yaml").read_text())
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    context = container["securityContext"]
    assert context["allowPrivilegeEscalation"] is False
    assert context["readOnlyRootFilesystem"] is True
    assert context["capabilities"]["drop"] == ["ALL"]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert {"cpu", "memory"} <= container["resources"]["requests"].keys() & container["resources"]["limits"].keys()
    assert {"/tmp"} <= {mount["mountPath"] for mount in container["volumeMounts"]}
    keys = {env["name"]: env for env in container["env"]}
    assert keys["REFEREE_SIGNING_KEYS"]["valueFrom"]["secretKeyRef"]["key"] == "REFEREE_SIGNING_KEYS"


def test_gunicorn_config_uses_only_known_settings(monkeypatch, tmp_path):
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    monkeypatch.setenv("PORT", "9123")
    settings = runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    known = set(gunicorn.config.Config().settings)  # setting and hook names
    names = {name for name, value in settings.items() if not name.startswith("_") and not isinstance(value, type(sys))}
    assert names - known == set()
    assert settings["bind"] == "0.0.0.0:9123"
    assert settings["worker_class"] == "gevent" and settings["workers"] >= 1
    assert settings["keepalive"] >= 1 and settings["_request_timeout"] >= 1
    assert settings["preload_app"] is True and settings["control_socket_disable"] is True
    assert settings["accesslog"] is None  # the app logs each request itself


@pytest.mark.parametrize("name", ["GUNICORN_WORKERS", "GUNICORN_WORKER_CONNECTIONS", "GUNICORN_KEEPALIVE", "GUNICORN_REQUEST_TIMEOUT",
                                  "GUNICORN_TIMEOUT", "GUNICORN_LIMIT_REQUEST_LINE", "GUNICORN_LIMIT_REQUEST_FIELD_SIZE"])
@pytest.mark.parametrize("value", ["abc", "0", "-1", "1.5", "²", "1e3"])
def test_a_bad_number_in_the_gunicorn_settings_stops_it_naming_the_variable(monkeypatch, tmp_path, name, value):
    """Regression: GUNICORN_WORKERS=abc was a traceback, and
    GUNICORN_REQUEST_TIMEOUT=0 (gunicorn: no deadline) was taken."""
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as stopped:
        runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    assert str(stopped.value).startswith(f"{name}={value!r} is not valid")


def test_gunicorn_numbers_are_read_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    for name, value in (("GUNICORN_WORKERS", " 3 "), ("GUNICORN_MAX_REQUESTS", "0"), ("GUNICORN_REQUEST_TIMEOUT", "7")):
        monkeypatch.setenv(name, value)
    settings = runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    assert (settings["workers"], settings["max_requests"], settings["_request_timeout"]) == (3, 0, 7)


def _get(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
        return response.read().decode()


def test_gunicorn_workers_share_metrics_and_refuse_big_chunked_bodies():
    with running_gunicorn(workers=2, env={"REFEREE_MAX_BODY_BYTES": "1024"}) as server:
        for _ in range(20):
            _get(server.port, "/healthz")
        metrics = _get(server.port, "/metrics")
        # /healthz was also polled while the server started; at least our 20 count.
        line = next(row for row in metrics.splitlines()
                    if row.startswith('referee_http_request_duration_seconds_count{method="GET",operation="ops.healthz"'))
        assert float(line.rsplit(" ", 1)[1]) >= 20

        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        chunks = (b'{"plays": [' + b'{"seat": 0, "card": "AS"},' * 100 for _ in range(3))
        try:
            connection.request("POST", "/v1/games/spar/trick-winner", body=chunks, encode_chunked=True,
                               headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered past the limit and closed while chunks were still on their way
        response = connection.getresponse()
        assert response.status == 413
        assert response.getheader("Content-Type") == "application/problem+json"
