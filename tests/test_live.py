"""The service as users run it: gunicorn with gunicorn.conf.py, fuzzed by `st run` over HTTP,
metrics summed across workers."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from live import ROOT, gunicorn

ST = Path(sys.executable).with_name("schemathesis")


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


def test_schemathesis_run_against_gunicorn_finds_nothing(server: str) -> None:
    """`st run` with every check (the strict positive check replaces the built-in one, see
    schemathesis.toml) against the live server: zero failures."""
    env = os.environ | {"PYTHONPATH": str(ROOT / "tests"), "SCHEMATHESIS_HOOKS": "contract_checks"}
    command = [str(ST), "run", server + "/openapi.json", "--checks", "all"]
    command += ["--exclude-checks", "positive_data_acceptance", "--no-color"]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-4000:]
    assert "No issues found" in result.stdout


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
