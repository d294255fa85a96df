"""Deploy files: Dockerfile lint, Kubernetes validation, gunicorn settings, multi-worker metrics."""

from __future__ import annotations

import http.client
import json
import os
import re
import runpy
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import gunicorn.config
import gunicorn.util
import pytest
import yaml
from gunicorn.workers.ggevent import GeventWorker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from bench.hostile import JSON_HEADERS, raw_request, request_bytes
from service.analysis import NATIVE_C, NATIVE_MODULES
from service.api.ops import SCRAPE_REUSE_SECONDS
from service.games import GAMES
from service.server.answers import problem_bytes
from support import referee_container, running_gunicorn
from tools.openapi import load_spec

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s" / "base"
OVERLAYS = DEPLOY / "k8s" / "overlays"
KUSTOMIZATIONS = {"base": K8S, **{path.name: path for path in sorted(OVERLAYS.iterdir())}}
LOCK = DEPLOY / "requirements.lock"
NATIVE_LOCK = DEPLOY / "requirements-native.lock"
PROJECT = "trick-referee"
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


def rendered(kustomization: Path) -> str:
    """The manifests a kustomization renders (``kubectl kustomize``)."""
    result = subprocess.run([tool("kubectl"), "kustomize", str(kustomization)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("name", list(KUSTOMIZATIONS))
def test_rendered_kustomizations_pass_strict_kubernetes_validation(name, tmp_path):
    manifest = tmp_path / f"{name}.yaml"
    manifest.write_text(rendered(KUSTOMIZATIONS[name]))
    result = subprocess.run([tool("kubernetes-validate"), "--strict", str(manifest)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    kinds = sorted(document["kind"] for document in yaml.safe_load_all(manifest.read_text()))
    assert kinds == ["Deployment", "HorizontalPodAutoscaler", "NetworkPolicy", "PodDisruptionBudget", "Service", "Service", "StatefulSet"]


def referee_env(manifests: str) -> dict[str, dict]:
    return {env["name"]: env for env in referee_container(manifests)["env"]}


@pytest.mark.parametrize("name", list(KUSTOMIZATIONS))
def test_every_replica_records_spent_states_in_the_store_statefulset(name):
    """The manifests set REFEREE_TOKEN_STORE to the token store they run: a
    StatefulSet of one Valkey with a persistent volume, its append-only file
    fsynced at every write and eviction off, reached through its Service and
    only from the referee's pods."""
    documents = list(yaml.safe_load_all(rendered(KUSTOMIZATIONS[name])))
    env = referee_env(yaml.safe_dump_all(documents))
    (statefulset,) = [doc for doc in documents if doc["kind"] == "StatefulSet"]
    (service,) = [doc for doc in documents if doc["kind"] == "Service" and doc["metadata"]["name"] == statefulset["spec"]["serviceName"]]
    (container,) = statefulset["spec"]["template"]["spec"]["containers"]
    port = service["spec"]["ports"][0]["port"]
    assert env["REFEREE_TOKEN_STORE"]["value"] == f"redis://{service['metadata']['name']}:{port}/0"
    assert STORE_SETTINGS.items() <= store_arguments(container["args"]).items()
    assert [mount["mountPath"] for mount in container["volumeMounts"]] == ["/data"]
    assert [claim["metadata"]["name"] for claim in statefulset["spec"]["volumeClaimTemplates"]] == ["data"]
    assert service["spec"]["selector"] == statefulset["spec"]["selector"]["matchLabels"]
    referee_labels = next(doc for doc in documents if doc["kind"] == "Deployment")["spec"]["selector"]["matchLabels"]
    assert not referee_labels.items() <= statefulset["spec"]["template"]["metadata"]["labels"].items()  # the referee's Service never routes to it
    (policy,) = [doc for doc in documents if doc["kind"] == "NetworkPolicy"]
    assert policy["spec"]["podSelector"]["matchLabels"] == statefulset["spec"]["selector"]["matchLabels"]
    assert policy["spec"]["ingress"][0]["from"] == [{"podSelector": {"matchLabels": referee_labels}}]
    context = container["securityContext"]
    assert context["readOnlyRootFilesystem"] is True and context["capabilities"]["drop"] == ["ALL"]


@pytest.mark.parametrize(("name", "keys", "secret"), [
    ("base", "REFEREE_SIGNING_KEYS", "trick-referee-signing-keys"),
    ("sealed", "REFEREE_SEALING_KEYS", "trick-referee-sealing-keys"),
])
def test_each_mode_takes_its_keys_from_its_secret_and_only_those(name, keys, secret):
    """The referee refuses to start with both key lists set (docs/configuration.md)."""
    env = referee_env(rendered(KUSTOMIZATIONS[name]))
    assert env[keys]["valueFrom"]["secretKeyRef"] == {"name": secret, "key": keys}
    assert {"REFEREE_SIGNING_KEYS", "REFEREE_SEALING_KEYS"} & env.keys() == {keys}
    assert "REFEREE_ALLOW_CHOSEN_DEALS" not in env  # chosen deals stay off in production


COMPOSE_FILES = ["compose.yaml", "compose.replicas.yaml"]


@pytest.mark.parametrize("name", COMPOSE_FILES)
def test_compose_file_passes_the_compose_specification(name):
    result = subprocess.run([tool("check-jsonschema"), "--builtin-schema", "vendor.compose-spec", str(DEPLOY / name)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


STORE_SETTINGS = {"--appendonly": "yes", "--appendfsync": "everysec", "--maxmemory-policy": "noeviction"}
"""What a production table's Redis needs (deploy/README.md: The token store): every
acknowledged write in its append-only file before the answer, fsynced each second (a restart
loses nothing), and no record evicted (an evicted record is a state spent again)."""


def store_arguments(arguments: list[str]) -> dict[str, str]:
    """A Redis or Valkey server's ``--name value`` arguments."""
    return {name: value for name, value in zip(arguments, arguments[1:]) if name.startswith("--")}


@pytest.mark.parametrize("name", COMPOSE_FILES)
def test_compose_files_record_spent_states_in_a_persistent_store_without_eviction(name):
    compose = yaml.safe_load((DEPLOY / name).read_text())
    services = compose["services"]
    store = services["store"]
    if "extends" in store:  # compose.replicas.yaml's store is compose.yaml's
        assert store["extends"] == {"file": "compose.yaml", "service": "store"}
        store = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]["store"]
    assert STORE_SETTINGS.items() <= store_arguments(store["command"]).items()
    assert store["volumes"] == ["store:/data"] and "store" in compose["volumes"]
    referee = services["referee"]
    assert referee["environment"]["REFEREE_TOKEN_STORE"] == "redis://store:6379/0"
    assert referee["depends_on"]["store"]["condition"] == "service_healthy"


def test_the_replicas_recipe_puts_two_referees_behind_one_address():
    compose = yaml.safe_load((DEPLOY / "compose.replicas.yaml").read_text())
    services = compose["services"]
    assert services["referee"]["deploy"]["replicas"] == 2 and "ports" not in services["referee"]
    assert services["front"]["ports"] == ["127.0.0.1:${PORT:-8000}:8000"]
    config = compose["configs"]["front"]["content"]
    assert "set $$referees http://referee:8000;" in config and "proxy_pass $$referees;" in config
    # Every replica records spent states in the one store and has the shell's keys (unset stays unset), the same for each.
    environment = services["referee"]["environment"]
    assert environment["REFEREE_TOKEN_STORE"] == "redis://store:6379/0"
    assert {name: environment[name] for name in ("REFEREE_SIGNING_KEYS", "REFEREE_SEALING_KEYS")} == {
        "REFEREE_SIGNING_KEYS": None, "REFEREE_SEALING_KEYS": None}
    single = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]["referee"]
    assert {name: value for name, value in services["referee"].items() if name not in ("deploy",)} == {
        name: value for name, value in single.items() if name != "ports"}  # the same referee, but for its port and replicas


NGINX = Path(os.environ.get("NGINX", ROOT / ".venv" / "nginx" / "usr" / "sbin" / "nginx"))
"""Debian's nginx binary, which ``make test`` unpacks from its package (never installed, never started)."""


def as_compose_writes(text: str) -> str:
    """A config's content as Compose writes it into the container: ``$$`` is a ``$``
    (a lone ``$`` would be one of Compose's own variables, replaced by the shell's)."""
    assert "$" not in text.replace("$$", ""), text
    return text.replace("$$", "$")


def test_the_replicas_front_is_a_config_nginx_accepts(tmp_path):
    """``nginx -t`` on the front's config as the container reads it: inside the
    ``http`` block, as the image's nginx.conf includes ``conf.d/*.conf``. The
    name ``referee`` is only resolved as requests come (``proxy_pass`` from a
    variable), so the check needs no Docker network."""
    assert NGINX.exists(), "Debian's nginx is missing: `make test` unpacks it (make .venv/nginx/usr/sbin/nginx)"
    compose = yaml.safe_load((DEPLOY / "compose.replicas.yaml").read_text())
    (tmp_path / "front.conf").write_text(as_compose_writes(compose["configs"]["front"]["content"]))
    temp = "".join(f"    {kind}_temp_path {tmp_path}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    temp += f"    access_log {tmp_path}/access.log;\n"
    (tmp_path / "nginx.conf").write_text(  # its files under /tmp too (the image's nginx.conf has them there or on stdout)
        f"pid {tmp_path}/nginx.pid;\nerror_log stderr;\nevents {{}}\nhttp {{\n{temp}    include {tmp_path}/front.conf;\n}}\n")
    result = subprocess.run([str(NGINX), "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "test is successful" in result.stderr, result.stderr
    # And it is nginx that refuses a broken one (a directive without its semicolon).
    (tmp_path / "front.conf").write_text((tmp_path / "front.conf").read_text().replace("proxy_pass $referees;", "proxy_pass $referees"))
    broken = subprocess.run([str(NGINX), "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
                            capture_output=True, text=True, timeout=60)
    assert broken.returncode != 0 and "proxy_pass" in broken.stderr, broken.stderr


SPENDING = ("play", "timeout", "reseat", "deal")
"""The operations that may spend a state, each keeping its answer in the token store for a day."""


def front_locations(config: str) -> dict[str, str]:
    """The front's ``location`` blocks, by what follows ``location`` (as nginx reads it: ``$$`` a ``$``)."""
    return {match[1].strip(): match[2] for match in re.finditer(r"location ([^{]+)\{(.*?)\n {4}\}", as_compose_writes(config), re.S)}


def test_the_replicas_front_limits_each_address_on_the_operations_that_spend_states():
    """The store keeps about 2 KB a spend for a day, and a client could spend
    in a loop (deal, then play or reseat, again and again): the front lets
    one address make 4 spending requests a second, in bursts of 40, which
    bounds what it adds to the store to about 4 x 86,400 x 2.1 KB, 0.7 GB a
    day (deploy/README.md). Past it nginx answers as the referee does when
    one client asks too much: 503 ``service_unavailable``, problem+json, with
    ``Retry-After``. Every other operation, and every spending one under the
    limit, goes to the replicas as before."""
    compose = yaml.safe_load((DEPLOY / "compose.replicas.yaml").read_text())
    config = as_compose_writes(compose["configs"]["front"]["content"])
    assert "limit_req_zone $binary_remote_addr zone=spending:10m rate=4r/s;" in config
    locations = front_locations(compose["configs"]["front"]["content"])
    limited = next(where for where in locations if where.startswith("~ "))
    pattern = re.compile(limited.removeprefix("~ "))
    paths = list(load_spec()["paths"])
    spending = {path for path in paths if path.split("/")[1:3] == ["v1", "games"] and path.count("/") == 4
                and path.rsplit("/", 1)[1] in SPENDING}
    assert len(spending) == len(GAMES) * len(SPENDING)  # every game has each
    assert {path for path in paths if pattern.fullmatch(path)} == spending  # and nothing else (``replay`` ends in "play")
    body = locations[limited]
    assert "limit_req zone=spending burst=40 nodelay;" in body and "limit_req_status 503;" in body
    assert "error_page 503 = @spending_limited;" in body
    assert all(line in body for line in ("set $referees http://referee:8000;", "proxy_pass $referees;", "proxy_set_header Host $host;"))
    refusal = locations["@spending_limited"]
    assert "default_type application/problem+json;" in refusal and "add_header Retry-After 1 always;" in refusal
    answered = json.loads(re.search(r"return 503 '(.*)';", refusal)[1])
    service = json.loads(problem_bytes(503, "service_unavailable", answered["detail"]))
    assert answered == service  # the referee's own 503 for a client past its share, member for member


@pytest.mark.slow
def test_the_replicas_front_answers_503_past_an_addresss_spending_limit(tmp_path):
    """The front's config run by Debian's nginx (one process, in the
    foreground), in front of one referee (gunicorn) on loopback in place of
    the replicas: one address's first 41 ``deal`` in a burst go through (one,
    and a burst of 40, ``nodelay``), and past them and the 4 a second since,
    it answers 503 ``service_unavailable`` with
    ``Retry-After: 1`` and the referee's problem body, while its reading
    operations still answer; after a quarter of a second, one more ``deal``
    goes through."""
    assert NGINX.exists(), "Debian's nginx is missing: `make test` unpacks it (make .venv/nginx/usr/sbin/nginx)"
    compose = yaml.safe_load((DEPLOY / "compose.replicas.yaml").read_text())
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with running_gunicorn(1) as referee:
        front = as_compose_writes(compose["configs"]["front"]["content"])
        front = front.replace("resolver 127.0.0.11 valid=5s ipv6=off;\n", "").replace("listen 8000;", f"listen 127.0.0.1:{port};")
        front = front.replace("http://referee:8000", f"http://127.0.0.1:{referee.port}")
        temp = "".join(f"    {kind}_temp_path {tmp_path}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (tmp_path / "nginx.conf").write_text(
            f"daemon off;\nmaster_process off;\npid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
            f"http {{\n{temp}    access_log off;\n{front}\n}}\n")
        nginx = subprocess.Popen([str(NGINX), "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")], stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 10
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline and nginx.poll() is None, nginx.stderr.read() if nginx.stderr else ""
                    time.sleep(0.05)

            def post(operation: str, body: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                try:
                    connection.request("POST", f"/v1/games/agram/{operation}", body=json.dumps(body), headers={"Content-Type": "application/json"})
                    response = connection.getresponse()
                    return response.status, dict(response.getheaders()), response.read()
                finally:
                    connection.close()

            started = time.monotonic()
            answers = [post("deal", {"players": 3, "seed": n}) for n in range(60)]
            elapsed = time.monotonic() - started
            assert elapsed < 4  # the 60th then comes past the 41 of the burst and 4 a second since
            statuses = [status for status, _, _ in answers]
            assert statuses[:41] == [200] * 41 and statuses.count(200) <= 42 + 4 * elapsed and statuses[-1] == 503, statuses
            assert set(statuses) == {200, 503}
            status, headers, data = answers[-1]
            assert headers["Content-Type"] == "application/problem+json" and headers["Retry-After"] == "1"
            refused = json.loads(data)
            assert refused == json.loads(problem_bytes(503, "service_unavailable", refused["detail"]))
            state = json.loads(answers[0][2])["state"]
            assert post("legal-moves", {"state": state})[0] == 200  # reading is not limited
            time.sleep(0.3)
            assert post("deal", {"players": 3})[0] == 200
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)


def test_compose_file_builds_this_image_and_passes_keys_only_when_set():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    service = compose["services"]["referee"]
    build = service["build"]
    assert (DEPLOY / build["context"] / build["dockerfile"]).resolve() == DEPLOY / "Dockerfile"
    # No value: the shell's, or unset (an empty key list stops the referee at start).
    assert {name: service["environment"][name] for name in ("REFEREE_SIGNING_KEYS", "REFEREE_SEALING_KEYS")} == {
        "REFEREE_SIGNING_KEYS": None, "REFEREE_SEALING_KEYS": None}
    assert service["read_only"] is True and service["tmpfs"] == ["/tmp"] and service["cap_drop"] == ["ALL"]
    assert service["user"] == "10001:10001"
    assert service["ports"] == ["127.0.0.1:${PORT:-8000}:8000"]


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


@pytest.fixture
def config_run(monkeypatch, tmp_path):
    """Run deploy/gunicorn.conf.py here as gunicorn does. The defaults it puts
    in the environment for the app (``REFEREE_DEADLINE_SECONDS``,
    ``REFEREE_ANALYSIS_PROCESSES``) are taken out again afterwards, so that
    later tests in this process make apps with the app's own defaults."""
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    saved = dict(os.environ)
    yield lambda: runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    os.environ.clear()
    os.environ.update(saved)


def test_gunicorn_config_sets_the_apps_defaults_for_a_server(config_run):
    """A worker runs the analysis in a pool of one process (the app alone: in-process), and its deadline is gunicorn's.
    The environment is changed directly: ``config_run`` puts all of it back (monkeypatch would put back what it saw here)."""
    for name in ("REFEREE_ANALYSIS_PROCESSES", "REFEREE_DEADLINE_SECONDS", "GUNICORN_REQUEST_TIMEOUT"):
        os.environ.pop(name, None)
    config_run()
    assert (os.environ["REFEREE_ANALYSIS_PROCESSES"], os.environ["REFEREE_DEADLINE_SECONDS"]) == ("1", "10")
    os.environ["REFEREE_ANALYSIS_PROCESSES"] = "0"
    config_run()
    assert os.environ["REFEREE_ANALYSIS_PROCESSES"] == "0"  # an operator's choice stands


def test_gunicorn_config_uses_only_known_settings(config_run, monkeypatch):
    monkeypatch.setenv("PORT", "9123")
    settings = config_run()
    known = set(gunicorn.config.Config().settings)  # setting and hook names
    names = {name for name, value in settings.items() if not name.startswith("_") and not isinstance(value, type(sys))}
    assert names - known == set()
    assert settings["bind"] == "0.0.0.0:9123"
    assert settings["worker_class"] == "service.server.worker.RefereeWorker" and settings["workers"] >= 1
    assert issubclass(gunicorn.util.load_class(settings["worker_class"]), GeventWorker)  # gevent's, answering its refusals as problems
    assert settings["keepalive"] >= 1 and settings["_request_timeout"] >= 1
    assert settings["preload_app"] is True and settings["control_socket_disable"] is True
    assert settings["accesslog"] is None  # the app logs each request itself


@pytest.mark.parametrize("name", ["GUNICORN_WORKERS", "GUNICORN_WORKER_CONNECTIONS", "GUNICORN_KEEPALIVE", "GUNICORN_REQUEST_TIMEOUT",
                                  "GUNICORN_TIMEOUT", "GUNICORN_LIMIT_REQUEST_LINE", "GUNICORN_LIMIT_REQUEST_FIELD_SIZE"])
@pytest.mark.parametrize("value", ["abc", "0", "-1", "1.5", "²", "1e3"])
def test_a_bad_number_in_the_gunicorn_settings_stops_it_naming_the_variable(config_run, monkeypatch, name, value):
    """Regression: GUNICORN_WORKERS=abc was a traceback, and
    GUNICORN_REQUEST_TIMEOUT=0 (gunicorn: no deadline) was taken."""
    monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as stopped:
        config_run()
    assert str(stopped.value).startswith(f"{name}={value!r} is not valid")


@pytest.mark.parametrize("value", ["loud", "0", "warn ing"])
def test_a_bad_gunicorn_log_level_stops_it_naming_the_variable(config_run, monkeypatch, value):
    """Regression: a level gunicorn does not know was taken as info."""
    monkeypatch.setenv("GUNICORN_LOG_LEVEL", value)
    with pytest.raises(SystemExit) as stopped:
        config_run()
    assert str(stopped.value).startswith(f"GUNICORN_LOG_LEVEL={value!r} is not valid")


def test_gunicorn_numbers_are_read_from_the_environment(config_run, monkeypatch):
    for name, value in (("GUNICORN_WORKERS", " 3 "), ("GUNICORN_MAX_REQUESTS", "0"), ("GUNICORN_REQUEST_TIMEOUT", "7")):
        monkeypatch.setenv(name, value)
    settings = config_run()
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


LISTED = 'method="GET",operation="games.list_games",status="200"'
"""The labels of ``GET /v1/games`` answered 200 in the request metrics."""


def _total(metrics: str, labels: str) -> float:
    """The value of ``referee_http_request_total{<labels>}`` in a scrape's text (0 when absent)."""
    prefix = "referee_http_request_total{" + labels + "} "
    return next((float(row[len(prefix):]) for row in metrics.splitlines() if row.startswith(prefix)), 0.0)


def test_a_recycled_workers_metrics_files_are_folded_into_two_and_its_counts_stay(tmp_path):
    """Each worker writes its counters and histograms to files of its own
    (prometheus_client's multiprocess mode); once it has exited, recycled
    every GUNICORN_MAX_REQUESTS requests, the master folds them into the
    retired files, whose counts ``/metrics`` still adds: every request is
    counted once, and the directory holds the live workers' files and two
    more, however many workers were recycled (regression: each recycled
    worker left its two files, hundreds of KB, for as long as the server
    ran, in Kubernetes on a memory volume of 64 MiB)."""
    folder = tmp_path / "metrics"
    env = {"PROMETHEUS_MULTIPROC_DIR": str(folder), "GUNICORN_MAX_REQUESTS": "10"}
    with running_gunicorn(workers=2, env=env) as server:
        sent, deadline = 0, time.monotonic() + 90
        while server.stderr_text().count('"Worker exiting') < 3 and time.monotonic() < deadline:
            _get(server.port, "/v1/games")
            sent += 1
            if sent % 4 == 0:  # a scrape made afresh (past the second a worker reuses one) counts each request once
                time.sleep(SCRAPE_REUSE_SECONDS + 0.05)
                assert _total(_get(server.port, "/metrics"), LISTED) == sent
        while True:  # the master folds an exited worker's files as it reaps it
            workers = {pid for pid in subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True).stdout.split()}
            named = {path.name.removesuffix(".db").split("_")[-1] for path in folder.glob("*.db")}
            if "retired" in named and named - {"retired"} <= workers or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert server.stderr_text().count('"Worker exiting') >= 3
        # A live worker's files, once it has counted a request, and the retired ones: no file of an exited worker.
        assert "retired" in named and named - {"retired"} <= workers and len(workers) == 2, (sorted(named), workers)
        assert sorted(path.name for path in folder.glob("*.db")) == sorted(
            [f"{kind}_{pid}.db" for kind in ("counter", "histogram") for pid in named])
        time.sleep(SCRAPE_REUSE_SECONDS + 0.05)
        assert _total(_get(server.port, "/metrics"), LISTED) == sent


# -- the lock file ----------------------------------------------------------------------------


def locked_pins(text: str) -> dict[str, dict]:
    """The pins of a pip-compile lock: ``{name: {"version", "hashes", "via"}}``,
    names canonical, ``via`` the requirers its annotations name."""
    pins: dict[str, dict] = {}
    current = None
    for line in text.splitlines():
        stripped = line.strip()
        if line and not line[0].isspace() and not line.startswith("#"):
            name, _, version = line.rstrip(" \\").partition("==")
            current = pins[canonicalize_name(name)] = {"version": version, "hashes": 0, "via": set()}
        elif current is not None and stripped.startswith("--hash=sha256:"):
            current["hashes"] += 1
        elif current is not None and stripped.startswith("#"):
            via = stripped.lstrip("#").strip()
            via = via.removeprefix("via").strip() if via.startswith("via") else via
            if via:
                current["via"].add(via)
        elif not stripped:
            current = None
    return pins


def test_lock_pins_satisfy_pyproject_and_hash_every_file():
    """deploy/requirements.lock is fresh against pyproject.toml, checked
    offline: the packages it pins for the project are exactly pyproject's
    dependencies and build requirements, each pin inside its range, every pin
    hashed (the image installs with --require-hashes) and every requirer it
    names pinned too. A range changed or a dependency added or dropped without
    `make lock` fails here. (Resolving again needs PyPI and can move with new
    releases, so it is `make lock`'s job, not the suite's.)"""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = {f"{PROJECT} (pyproject.toml)": project["project"]["dependencies"],
              f"{PROJECT} (pyproject.toml::build-system.requires)": project["build-system"]["requires"]}
    assert lock_problems(locked_pins(LOCK.read_text(encoding="utf-8")), wanted) == [], "run `make lock`"


def test_native_lock_pins_the_native_extra_and_hashes_every_file():
    """deploy/requirements-native.lock, what the image's build stage compiles
    the solver with (mypyc), is fresh against pyproject.toml's native extra in
    the same way (`make lock` pins it from the extra alone, read from stdin),
    so the runtime's lock holds no build-only tool."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    native = project["project"]["optional-dependencies"]["native"]
    assert lock_problems(locked_pins(NATIVE_LOCK.read_text(encoding="utf-8")), {"-r -": native}) == [], "run `make lock`"
    assert "mypy" not in locked_pins(LOCK.read_text(encoding="utf-8"))


def lock_problems(pins: dict[str, dict], wanted: dict[str, list[str]]) -> list[str]:
    """What is wrong with a lock's ``pins`` against the requirements ``wanted``
    of each requirer (as the lock's annotations name it): a requirement not
    pinned for it, a pin it no longer asks for, a pin outside its range, a pin
    with no hash, a requirer named that is neither the project nor pinned."""
    problems = []
    for via, requirements in wanted.items():
        source = via.removeprefix(f"{PROJECT} (").removesuffix(")")
        requirements = {canonicalize_name(req.name): req for req in map(Requirement, requirements)}
        pinned_for = {name for name, pin in pins.items() if via in pin["via"]}
        problems += [f"{name}: in {source}, not locked" for name in requirements.keys() - pinned_for]
        problems += [f"{name}: locked for {source}, which no longer asks for it" for name in pinned_for - requirements.keys()]
        problems += [f"{name}=={pins[name]['version']} is outside {source}'s {req.specifier}"
                     for name, req in requirements.items() if name in pins and pins[name]["version"] not in req.specifier]
    problems += [f"{name} has no hash" for name, pin in pins.items() if not pin["hashes"]]
    problems += [f"{name} is required by {parent}, which is not locked" for name, pin in pins.items() for parent in pin["via"]
                 if parent not in wanted and canonicalize_name(parent) not in pins]
    return problems


def test_lock_is_for_the_images_python():
    """pip-compile resolves for the Python it runs on: the lock must be
    made with the minor version of the image's base."""
    base = re.search(r"^ARG PYTHON_IMAGE=python:(\d+\.\d+)-", (DEPLOY / "Dockerfile").read_text(), re.M).group(1)
    for lock in (LOCK, NATIVE_LOCK):
        made_with = re.search(r"autogenerated by pip-compile with Python (\d+\.\d+)", lock.read_text()).group(1)
        assert made_with == base, lock.name


def test_dockerfile_installs_the_lock_by_hash():
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert "pip install --no-cache-dir --require-hashes --no-deps -r requirements.lock" in dockerfile
    assert "pip install --no-cache-dir --no-deps --no-build-isolation ." in dockerfile  # the service: nothing resolved
    # Bytecode checked by hash, not compile time: without it every .pyc differed between two builds (bench/README.md).
    build_stage = dockerfile.split(" AS build\n", 1)[1].split("\nFROM ", 1)[0]
    assert re.search(r"^ARG SOURCE_DATE_EPOCH=\d+$", build_stage, re.M)
    ignored = (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines()
    assert "!deploy/requirements.lock" in ignored


def test_dockerfile_builds_the_compiled_solver_in_the_build_stage_only():
    """The build stage compiles the solver's engine and search with
    tools/native.py, mypyc from the native lock (by hash, in a venv of its
    own) and gcc; the runtime stage takes /opt/venv alone, with the compiled
    modules beside the installed sources, and no compiler."""
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    build_stage = dockerfile.split(" AS build\n", 1)[1].split("\nFROM ", 1)[0]
    runtime_stage = dockerfile.split(" AS runtime\n", 1)[1]
    assert "/opt/native/bin/pip install --no-cache-dir --require-hashes --no-deps -r requirements-native.lock" in build_stage
    assert "/opt/native/bin/python -m tools.native" in build_stage
    assert re.search(r"apt-get install -y --no-install-recommends gcc\b", build_stage)
    assert "gcc" not in runtime_stage and "apt-get" not in runtime_stage and "/opt/native" not in runtime_stage
    assert "COPY --from=build /opt/venv /opt/venv" in runtime_stage
    ignored = (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines()
    assert {"!deploy/requirements-native.lock", "!tools/native.py", "service/analysis/native"} <= set(ignored)


def test_lock_parser_reads_every_pin():
    """The parser above, on a lock of two pins (so a parser that reads
    nothing cannot pass the freshness test)."""
    text = ("flask==3.1.3 \\\n    --hash=sha256:aa \\\n    --hash=sha256:bb\n    # via\n    #   flask-cors\n"
            f"    #   {PROJECT} (pyproject.toml)\n"
            "setuptools==84.2.1 \\\n    --hash=sha256:cc\n"
            f"    # via {PROJECT} (pyproject.toml::build-system.requires)\n")
    assert locked_pins(text) == {
        "flask": {"version": "3.1.3", "hashes": 2, "via": {"flask-cors", f"{PROJECT} (pyproject.toml)"}},
        "setuptools": {"version": "84.2.1", "hashes": 1, "via": {f"{PROJECT} (pyproject.toml::build-system.requires)"}},
    }
    assert len(locked_pins(LOCK.read_text())) >= 20


# -- logs -------------------------------------------------------------------------------------

JSON_KEYS = ["level", "logger", "message"]  # then any extras, then "time"


def json_lines(text: str) -> list[dict]:
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    for line in lines:
        keys = list(line)
        assert keys[:3] == JSON_KEYS and keys[-1] == "time", line
        assert datetime.fromisoformat(line["time"]).utcoffset() == timedelta(0)
    return lines


def test_gunicorn_logs_its_own_lines_as_the_referees_json(tmp_path):
    """Regression: gunicorn's plain-text lines ("[INFO] Booting worker...")
    were mixed into the referee's JSON lines."""
    key = "deploy-tests-sealing-key-0123456789abcdef"
    with (tmp_path / "stdout").open("w") as stdout:
        with running_gunicorn(workers=2, env={"REFEREE_SEALING_KEYS": key}, stdout=stdout) as server:
            _get(server.port, "/healthz")
        errors = server.stderr_text()
    ours = json_lines(errors)
    assert {line["logger"] for line in ours} == {"gunicorn.error"}
    messages = [line["message"] for line in ours]
    assert messages[0].startswith("Starting gunicorn ") and messages[-1] == "Shutting down: Master"
    assert sum(message.startswith("Booting worker with pid: ") for message in messages) == 2
    referee = json_lines((tmp_path / "stdout").read_text())
    (startup,) = [line for line in referee if line["logger"] == "referee.startup"]  # once: the app loads in the master
    assert startup["mode"] == "sealed" and key not in json.dumps(referee)
    assert any(line["logger"] == "referee.access" and line["path"] == "/healthz" for line in referee)


@pytest.mark.parametrize("request_bytes", [
    b"GET / HTTP/1.1\r\n" + b"\x01" * 4000 + b": x\r\n\r\n",  # a header name of control bytes
    b"GET /" + b"\x01" * 2000 + b" HTTP/1.1\r\n\r\n",  # a request line of them
    b"GET / HTTP/1.1\r\n" + b"X" * 4000 + b"\x7f: x\r\n\r\n",  # a long name with one bad byte
], ids=["header-name", "request-line", "long-name"])
def test_a_refused_request_logs_a_bounded_line_whatever_it_quotes(request_bytes):
    """Regression: gunicorn quotes a refused request's bytes in its warning,
    and each control byte became six characters of JSON: a 4 KB request
    wrote a 20 KB line to stderr (found by a hostile probe). Each message is
    cut to ``MESSAGE_CHARACTERS`` (``service/server/logs.py Capped``)."""
    import socket

    from service.server.logs import MESSAGE_CHARACTERS

    with running_gunicorn(workers=1) as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
            connection.sendall(request_bytes)
            assert connection.recv(100).startswith(b"HTTP/1.1 400")
    refusals = [line for line in json_lines(server.stderr_text()) if line["message"].startswith("Invalid request")]
    assert len(refusals) == 1, refusals
    (refusal,) = refusals
    assert refusal["message"].endswith("more characters cut)"), refusal
    assert len(refusal["message"]) < MESSAGE_CHARACTERS + 40
    assert len(json.dumps(refusal)) < 6 * MESSAGE_CHARACTERS + 300  # escaped, still bounded


def test_ctrl_c_stops_every_process_with_no_traceback():
    """Regression: Ctrl-C on ``make run`` (SIGINT to gunicorn's whole process
    group) printed a traceback from each worker, which heard SIGINT from the
    terminal and again from its master, and from an analysis process caught
    while Python was still starting. Now every process gunicorn started
    (master, workers, analysis processes, whatever group they lead) exits
    within 10 s and stderr holds only JSON lines (``running_gunicorn``
    checks them)."""
    with running_gunicorn(workers=2, new_session=True) as server:
        dealt = raw_request(server.port, request_bytes("POST", "/v1/games/agram/deal", b'{"players": 3}', JSON_HEADERS))
        body = json.dumps({"state": dealt.json()["state"], "seed": 1}).encode()
        suggested = raw_request(server.port, request_bytes("POST", "/v1/games/agram/suggest", body, JSON_HEADERS))
        assert suggested.status == 200  # the analysis process at work
        started = _descendants(server.pid)
        assert len(started) >= 4, started  # two workers, and an analysis process each
        os.killpg(server.pid, signal.SIGINT)
        server.wait(timeout=10)
        deadline = time.monotonic() + 10
        while (_group_alive(server.pid) or _alive(started)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _group_alive(server.pid), "a process of the group outlived Ctrl-C"
        assert not _alive(started), f"processes outlived Ctrl-C: {_alive(started)}"


def test_ctrl_c_while_analysis_processes_start_prints_no_traceback():
    """Regression: a Ctrl-C that came while a worker was starting its
    analysis process killed that Python in its start-up, which printed
    ``Fatal Python error`` and a traceback. SIGINT now goes to the group at
    once after the first answer, while the other worker may still be
    starting; five times, so that the moment falls in a start-up."""
    for _ in range(5):
        with running_gunicorn(workers=2, new_session=True) as server:
            os.killpg(server.pid, signal.SIGINT)
            server.wait(timeout=10)


def _descendants(root: int) -> set[int]:
    """Every live process below ``root`` (from /proc), whatever its group."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = set(), {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (a zombie counts as ended)."""
    alive = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] != "Z":
                    alive.add(pid)
        except OSError:
            continue
    return alive


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def test_the_installed_package_holds_every_source_the_compiled_build_is_checked_against(tmp_path):
    """The image installs the project as a wheel and copies the compiled
    build beside it (deploy/Dockerfile), which ``service.analysis`` imports
    only while it is of the sources installed (their digest, ``SOURCES``):
    every one of them (the mypyc modules' and Agency's search's C source)
    must be in the wheel, or the image would serve the pure-Python search.
    Regression: the C source was left out of the wheel (package data)."""
    tree = tmp_path / "tree"
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, (item.decode() for item in listed)):
        if (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path / "wheel")],
                   cwd=tree, check=True, capture_output=True, timeout=300)
    (wheel,) = (tmp_path / "wheel").glob("*.whl")
    held = set(zipfile.ZipFile(wheel).namelist())
    sources = [f"service/analysis/{name}.py" for name in NATIVE_MODULES] + [f"service/analysis/{name}.c" for name in NATIVE_C]
    assert [source for source in sources if source not in held] == []
    assert "service/static/play/play.js" in held
