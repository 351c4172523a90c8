"""Where a request's time goes, in one process: the Flask test client, timed, then cProfile'd.

``python -m bench.http --profile`` runs this module in a fresh interpreter with the environment
the workers have under load (``servers.server_env``, and ``PROMETHEUS_MULTIPROC_DIR`` set, so
the metrics are the multiprocess ones). For the floor and each service scenario it prints the
wall time per request without the profiler, then the profiler's own time per request grouped
by package (flask, werkzeug, marshmallow, prometheus_client, the rules core...) and the top
functions. The test client's own work (building the WSGI environ, reading the answer) is in
every figure, the floor's too; the differences between scenarios are the service's.

>>> group_of("/x/.venv/lib/python3.11/site-packages/werkzeug/routing/map.py")
'werkzeug'
>>> group_of("/repo/service/rules/moves.py"), group_of("~")
('service.rules', 'C functions')
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from itertools import cycle, islice
from typing import Any

from ..probes import ROOT
from . import servers
from .runner import QUIET, SCENARIOS, Scenario

#: Functions whose cumulative time tells where a request goes: (label, file suffix, name).
HOOKS = (
    ("the rate limit (LimitedApp, when on)", "service/api/limits.py", "__call__"),
    ("the fast path (FastPath), Flask inside when handed over", "service/api/fast.py", "__call__"),
    ("  its schema load", "service/api/fast.py", "_answer"),
    ("the application (Flask.wsgi_app)", "flask/app.py", "wsgi_app"),
    ("before_request hooks", "flask/app.py", "preprocess_request"),
    ("body parsing: webargs + marshmallow", "webargs/core.py", "parse"),
    ("  the request schema built per request", "webargs/core.py", "_get_schema"),
    ("  marshmallow Schema.load", "marshmallow/schema.py", "load"),
    ("  card parsing (read_hand)", "service/rules/cards.py", "read_hand"),
    ("view + answer (flask-smorest @response)", "flask_smorest/response.py", "wrapper"),
    ("  the cache key's canonical input", "service/api/resources/__init__.py", "canonical"),
    ("  Cache.answer (on a miss, the answer computed inside)", "service/api/cache.py", "answer"),
    ("  move generation (rules core)", "service/rules/fast/__init__.py", "generate"),
    ("  answers' list comprehensions (moves as dicts)", "service/answers.py", "<listcomp>"),
    ("  orjson.dumps", "~", "<built-in method orjson.dumps>"),
    ("after_request hooks", "flask/app.py", "process_response"),
    ("  prometheus_flask_exporter", "prometheus_flask_exporter/__init__.py", "after_request"),
    ("  flask-cors", "flask_cors/extension.py", "cors_after_request"),
    ("  access log (observability._finish)", "service/api/observability.py", "_finish"),
    ("Flask's ensure_sync (inspect.iscoroutinefunction)", "flask/app.py", "ensure_sync"),
)

_SITE = re.compile(r"site-packages/([^/]+)")
_STDLIB = re.compile(r"lib/python3\.\d+/([^/]+?)(?:\.py)?(?:/|$)")


def group_of(filename: str) -> str:
    """The package a profiled function's file belongs to."""
    if filename.startswith(("~", "<")):
        return "C functions"
    if match := _SITE.search(filename):
        return match.group(1).removesuffix(".py")
    for part in ("service/rules", "service/api", "service", "bench"):
        if f"/{part}/" in filename:
            return part.replace("/", ".")
    if match := _STDLIB.search(filename):
        return f"stdlib {match.group(1)}"
    return "other"


def _clients() -> dict[str, Any]:
    from service.wsgi import app as service

    from .floor import app as floor

    return {"floor": floor.test_client(), "service": service.test_client()}


def bodies_of(scenario: Scenario, count: int) -> list[dict[str, Any]]:
    """The bodies sent in turn: the scenario's one body, or the first ``count`` of its bodies."""
    if scenario.bodies is None:
        return [scenario.body or {}]
    return [json.loads(body) for body in scenario.bodies()[:count]]


Feed = Iterator[dict[str, Any]]


def _send(client: Any, path: str, feed: Feed, requests: int) -> None:
    for body in islice(feed, requests):
        reply = client.post(path, json=body)
        if reply.status_code != 200:
            raise RuntimeError(f"{path}: status {reply.status_code}")


def wall_us(client: Any, path: str, feed: Feed, requests: int) -> float:
    """Median over 5 batches of the wall time per request (µs), after a warm-up."""
    _send(client, path, feed, max(10, requests // 10))
    batches = []
    for _ in range(5):
        t0 = time.perf_counter_ns()
        _send(client, path, feed, requests)
        batches.append((time.perf_counter_ns() - t0) / requests / 1e3)
    return sorted(batches)[2]


def profiled(client: Any, path: str, feed: Feed, requests: int) -> pstats.Stats:
    """cProfile of ``requests`` requests."""
    profiler = cProfile.Profile()
    profiler.enable()
    _send(client, path, feed, requests)
    profiler.disable()
    return pstats.Stats(profiler, stream=io.StringIO())


def by_group(stats: pstats.Stats, requests: int) -> list[tuple[str, float]]:
    """Profiler own time (tottime) per request (µs) by package, largest first."""
    found: dict[str, float] = defaultdict(float)
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    for (filename, _line, _name), (_cc, _nc, tottime, _ct, _callers) in raw.items():
        found[group_of(filename)] += tottime / requests * 1e6
    return sorted(found.items(), key=lambda item: -item[1])


def hooks(stats: pstats.Stats, requests: int) -> list[str]:
    """Cumulative time per request (µs, under the profiler) of each of ``HOOKS`` found, and its
    share of the application's."""
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    found = {}
    for label, suffix, name in HOOKS:
        times = [
            ct
            for (filename, _line, func), (_cc, _nc, _tt, ct, _callers) in raw.items()
            if func == name and filename.endswith(suffix)
        ]
        if times:
            found[label] = max(times) / requests * 1e6
    whole = found.get(HOOKS[0][0]) or 1.0
    return [f"  {label:<52} {us:>7.0f} µs {us / whole:>5.0%}" for label, us in found.items()]


def top(stats: pstats.Stats, count: int) -> str:
    """The ``count`` functions of most own time."""
    out = io.StringIO()
    stats.stream = out  # type: ignore[attr-defined]
    stats.sort_stats("tottime").print_stats(count)
    return out.getvalue().split("\n", 4)[-1].rstrip()


def report(requests: int, count: int) -> str:
    """The whole report: every scenario of the default log level."""
    clients = _clients()
    lines = []
    for scenario in SCENARIOS:
        if scenario.log_level != QUIET:
            continue
        client = clients[scenario.app]
        n = max(20, requests // 10) if "worst" in scenario.key else requests
        feed = cycle(bodies_of(scenario, 6 * n + n // 10))  # distinct: no request repeats
        wall = wall_us(client, scenario.path, feed, n)
        stats = profiled(client, scenario.path, feed, n)
        groups = ", ".join(f"{name} {us:.0f}" for name, us in by_group(stats, n) if us >= 1)
        lines += [
            f"=== {scenario.title}: {wall:.0f} µs per request in process (test client, no "
            f"profiler), {n} requests",
            f"profiled own time per request (µs) by package: {groups}",
            "profiled cumulative time per request, and share of the application's:",
            *hooks(stats, n),
            top(stats, count),
            "",
        ]
    return "\n".join(lines)


def run_fresh(requests: int = 2000, count: int = 20) -> str:
    """``report`` in a fresh interpreter with the workers' environment."""
    env = servers.server_env(servers.Workers.project_default(), {"DDZ_LOG_LEVEL": QUIET}, port=0)
    with tempfile.TemporaryDirectory(prefix="ddz-bench-metrics-") as metrics:
        env["PROMETHEUS_MULTIPROC_DIR"] = metrics
        out = subprocess.run(
            [sys.executable, "-m", "bench.http.inprocess", str(requests), str(count)],
            cwd=ROOT,
            env=env,
            check=False,
            capture_output=True,
            text=True,
        )
    if out.returncode != 0:
        raise RuntimeError(f"the in-process profile failed:\n{out.stderr}")
    return out.stdout


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.http.inprocess [REQUESTS [TOP]]``: print the report."""
    parser = argparse.ArgumentParser(prog="python -m bench.http.inprocess")
    parser.add_argument("requests", type=int, nargs="?", default=2000)
    parser.add_argument("top", type=int, nargs="?", default=20)
    args = parser.parse_args(argv)
    print(report(args.requests, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
