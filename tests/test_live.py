"""The service as users run it: gunicorn with gunicorn.conf.py, fuzzed by `st run` over HTTP,
metrics summed across workers."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from live import ROOT, free_port, gunicorn, launch, stop_within

ST = Path(sys.executable).with_name("schemathesis")
PHASES = "examples,fuzzing,stateful"
"""The phases of `st run` here: all but the coverage phase (the test's docstring says why)."""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with gunicorn({"DDZ_LOG_LEVEL": "WARNING"}) as base:
        yield base


def post(url: str, body: object, headers: dict[str, str] | None = None) -> tuple[int, dict, dict]:  # type: ignore[type-arg]
    data = json.dumps(body).encode()
    request = urllib.request.Request(
        url, data, {"Content-Type": "application/json"} | (headers or {})
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, dict(answer.headers), json.load(answer)


def test_schemathesis_run_against_gunicorn_finds_nothing(server: str, tmp_path: Path) -> None:
    """`st run` with every check (the strict positive check replaces the built-in one, see
    schemathesis.toml) against the live server: zero failures, with data that the schema
    describes and data that it forbids (``mode = "all"``) sent to every POST operation.

    Its phases are those whose cases are its own (``PHASES``): the coverage phase's cases are
    the schema's boundary values, made from the schema alone, the same on every run, and
    ``tests/test_contract.py`` sends each of them to the application in process."""
    env = os.environ | {"PYTHONPATH": str(ROOT / "tests"), "SCHEMATHESIS_HOOKS": "contract_checks"}
    command = [str(ST), "run", server + "/openapi.json", "--phases", PHASES, "--checks", "all"]
    command += ["--exclude-checks", "positive_data_acceptance", "--no-color"]
    command += ["--report", "ndjson", "--report-dir", str(tmp_path)]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-4000:]
    assert "No issues found" in result.stdout
    modes = generation_modes(next(tmp_path.glob("*.ndjson")))
    posts = [label for label in modes if label.startswith("POST ")]
    assert len(posts) >= 9
    assert all({"positive", "negative"} <= modes[label] for label in posts), modes


def generation_modes(report: Path) -> dict[str, set[str]]:
    """The generation modes of the cases in an ``st run`` report (ndjson), by operation."""
    found: dict[str, set[str]] = {}
    with report.open(encoding="utf-8") as lines:
        for line in lines:
            scenario = json.loads(line).get("ScenarioFinished")
            if scenario:
                recorder = scenario["recorder"]
                modes = found.setdefault(recorder["label"], set())
                for case in recorder.get("cases", {}).values():
                    meta = case["value"].get("meta") or {}  # none: an explicit example
                    modes.add((meta.get("generation") or {}).get("mode", "example"))
    return found


def test_request_id_is_echoed(server: str) -> None:
    _, headers, _ = post(server + "/v1/classify", {"cards": "33"}, {"X-Request-ID": "abc-123"})
    assert headers["X-Request-ID"] == "abc-123"


def test_metrics_are_summed_across_workers(server: str) -> None:
    """Prometheus metrics count the requests of every gunicorn worker, whichever answers."""

    def served() -> float:
        with urllib.request.urlopen(server + "/metrics", timeout=10) as answer:
            text = answer.read().decode()
        metric = "flask_http_request_duration_seconds_count"
        labels = r'\{method="POST",status="200",url_rule="/v1/score"\}'
        pattern = metric + labels + r" (\S+)"
        found = re.search(pattern, text)
        return float(found.group(1)) if found else 0.0

    before = served()
    for _ in range(40):
        post(server + "/v1/score", {"bid": 1, "winner": "farmers"})
    assert [served() - before for _ in range(6)] == [40.0] * 6


def test_workers_stopped_while_booting_exit_at_once(tmp_path: Path) -> None:
    """A SIGTERM that reaches a worker before gunicorn has installed its handlers is held until
    they are in place, not swallowed (the worker would live until the graceful timeout).

    A config that runs the project's holds each new worker in ``post_fork`` (before its
    handlers exist) until the SIGTERM the master forwards is pending for it: the master is told
    to stop while every worker waits there, however slowly the machine runs. Held, the signal
    stops the worker as soon as its handlers are in place; swallowed, it never becomes pending,
    and the worker would wait out the graceful timeout here and then in its loop. The bound,
    half that timeout, leaves the seconds a loaded machine takes to exit three processes."""
    config = tmp_path / "slow_boot.conf.py"
    config.write_text(
        f"exec(compile(open({str(ROOT / 'gunicorn.conf.py')!r}).read(), 'gunicorn.conf.py', "
        "'exec'))\n"
        "import signal, time\n\n"
        "def post_fork(server, worker):\n"
        "    deadline = time.monotonic() + graceful_timeout\n"
        "    while signal.SIGTERM not in signal.sigpending() and time.monotonic() < deadline:\n"
        "        time.sleep(0.01)\n"
    )
    graceful = 20
    env = os.environ | {
        "DDZ_BIND": f"127.0.0.1:{free_port()}",
        "DDZ_WORKERS": "2",
        "DDZ_GRACEFUL_TIMEOUT": str(graceful),
    }
    log = tmp_path / "gunicorn.log"
    command = [sys.executable, "-m", "gunicorn", "-c", str(config), "service.wsgi:app"]
    process = launch(command, cwd=ROOT, env=env, log=log)
    try:
        deadline = time.monotonic() + 30
        while log.read_text(errors="replace").count("Booting worker") < 2:
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        stop_within(process, graceful / 2, log)
        assert log.read_text().count("Worker exiting") == 2
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
