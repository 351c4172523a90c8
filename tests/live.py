"""A live service for tests: gunicorn with the project's gunicorn.conf.py on a free port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "service.wsgi:app"]
"""The container's command line (Dockerfile), run from the repository root."""


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_ready(url: str, timeout: float = 30.0) -> None:
    """Poll ``url`` until it answers 200, or fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.1)


@contextmanager
def gunicorn(env: Mapping[str, str] | None = None, *, log: Path | None = None) -> Iterator[str]:
    """Run the service under gunicorn; yield its base URL; stop it gracefully."""
    port = free_port()
    environ = os.environ | {"DDZ_BIND": f"127.0.0.1:{port}", "DDZ_WORKERS": "2"} | dict(env or {})
    with open(log or os.devnull, "wb") as sink:
        process = subprocess.Popen(COMMAND, cwd=ROOT, env=environ, stdout=sink, stderr=sink)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_ready(base + "/healthz")
            yield base
        finally:
            process.terminate()
            process.wait(timeout=30)
