"""wrk runs: one POST body against one URL, a warm-up run first, figures read as JSON.

``post.lua`` (beside this file) sends the body and prints a ``BENCH_HTTP_JSON`` line from wrk's
``done`` hook; ``parse`` turns it into requests per second, latency percentiles (ms) and the
error counts, ``status`` being the responses above 399 (wrk's "Non-2xx or 3xx responses").

>>> line = ('BENCH_HTTP_JSON {"requests":500,"duration_us":2000000,"bytes":100000,'
...         '"errors":{"connect":0,"read":0,"write":0,"status":0,"timeout":0},'
...         '"latency_us":{"min":900,"mean":1500.0,"stdev":200.0,"max":9000,'
...         '"p50":1400,"p90":1800,"p99":4000,"p99_9":8000}}')
>>> figures = parse("Running 2s test @ http://127.0.0.1:1/\\n" + line + "\\n")
>>> figures["rps"], figures["p50_ms"], figures["p99_ms"], figures["bytes_per_response"]
(250.0, 1.4, 4.0, 200.0)
>>> figures["failed"]
0
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parent / "post.lua"
MARK = "BENCH_HTTP_JSON "


@dataclass(frozen=True)
class WrkSettings:
    """How wrk loads a server: threads, open connections, seconds measured and warmed up."""

    threads: int = 2
    connections: int = 16
    seconds: int = 10
    warmup_seconds: int = 3
    timeout_seconds: int = 5

    def command(self, url: str, body: str, seconds: int, clients: int = 0) -> list[str]:
        """The wrk command line of one run of ``seconds`` (``clients``: see ``post.lua``)."""
        return [
            "wrk",
            f"-t{self.threads}",
            f"-c{self.connections}",
            f"-d{seconds}s",
            f"--timeout={self.timeout_seconds}s",
            "--latency",
            "-s",
            str(SCRIPT),
            url,
            "--",
            body,
            str(clients),
        ]

    def describe(self) -> str:
        """The settings as the wrk options they are."""
        return (
            f"wrk -t{self.threads} -c{self.connections} -d{self.seconds}s "
            f"--timeout={self.timeout_seconds}s --latency, "
            f"{self.warmup_seconds} s warm-up run first"
        )

    def as_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready data."""
        return asdict(self)


def available() -> bool:
    """Whether ``wrk`` is on the PATH."""
    return shutil.which("wrk") is not None


def version() -> str:
    """wrk's version line (``wrk -v`` prints it and exits non-zero)."""
    out = subprocess.run(["wrk", "-v"], check=False, capture_output=True, text=True)
    match = re.search(r"wrk (\S+)", out.stdout + out.stderr)
    return match.group(1) if match else "unknown"


def parse(stdout: str) -> dict[str, Any]:
    """The figures of one wrk run, from the ``BENCH_HTTP_JSON`` line of its output."""
    line = next((x for x in stdout.splitlines() if x.startswith(MARK)), None)
    if line is None:
        raise RuntimeError(f"no {MARK.strip()} line in wrk's output:\n{stdout}")
    raw = json.loads(line[len(MARK) :])
    requests = raw["requests"]
    latency = raw["latency_us"]
    errors = raw["errors"]
    return {
        "requests": requests,
        "seconds": raw["duration_us"] / 1e6,
        "rps": requests / (raw["duration_us"] / 1e6),
        **{f"{k}_ms": latency[k] / 1e3 for k in ("p50", "p90", "p99", "p99_9", "max", "mean")},
        "bytes_per_response": raw["bytes"] / requests if requests else 0.0,
        "errors": errors,
        "failed": sum(errors.values()),
    }


def run(
    url: str, body: str, settings: WrkSettings, seconds: int, clients: int = 0
) -> dict[str, Any]:
    """One wrk run of ``seconds`` against ``url``; its figures."""
    out = subprocess.run(
        settings.command(url, body, seconds, clients),
        check=False,
        capture_output=True,
        text=True,
        timeout=seconds + settings.timeout_seconds + 60,
    )
    if out.returncode != 0:
        raise RuntimeError(f"wrk failed ({out.returncode}):\n{out.stdout}\n{out.stderr}")
    figures = parse(out.stdout)
    figures["report"] = out.stdout.split(MARK, 1)[0].rstrip()
    return figures


def measure(
    url: str,
    body: str,
    settings: WrkSettings,
    cpu: Callable[[], float] | None = None,
    clients: int = 0,
) -> dict[str, Any]:
    """A warm-up run (figures dropped but for its error count), then the measured run.

    ``cpu`` (the server's CPU seconds so far), read around the measured run, gives the server's
    CPU time per request (µs), a figure that other load on the machine moves less than req/s.
    ``clients``: requests sent as from that many client addresses in turn (``post.lua``).
    """
    warm = None
    if settings.warmup_seconds:
        warm = run(url, body, settings, settings.warmup_seconds, clients)
    before = cpu() if cpu else 0.0
    figures = run(url, body, settings, settings.seconds, clients)
    if cpu:
        figures["server_cpu_us"] = (cpu() - before) / max(1, figures["requests"]) * 1e6
    figures["warmup_failed"] = warm["failed"] if warm else 0
    return figures
