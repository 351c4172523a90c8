"""A live service for tests: gunicorn with the project's gunicorn.conf.py on a free port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "service.wsgi:app"]
"""The container's command line (Dockerfile), run from the repository root."""
TIMEOUT = 30.0


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def wait_ready(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    """Poll ``url`` until it answers 200; fail with the server's log if it exits or stalls."""
    deadline = time.monotonic() + TIMEOUT
    while not _answers(url):
        if process.poll() is not None or time.monotonic() > deadline:
            tail = log.read_text(errors="replace")[-4000:]
            raise RuntimeError(f"gunicorn did not become ready at {url}:\n{tail}")
        time.sleep(0.1)


def launch(
    command: list[str], *, cwd: Path, env: Mapping[str, str], log: Path
) -> subprocess.Popen[bytes]:
    """Start ``command`` with its output (both streams) in ``log``."""
    with log.open("wb") as sink:
        return subprocess.Popen(
            command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=sink, stderr=sink
        )


def stop_within(process: subprocess.Popen[bytes], limit: float, log: Path) -> float:
    """Send SIGTERM; check a clean exit in under ``limit`` seconds; return the seconds taken."""
    process.send_signal(signal.SIGTERM)
    started = time.monotonic()
    try:
        code = process.wait(timeout=limit + 5)
    except subprocess.TimeoutExpired:
        tail = log.read_text(errors="replace")[-4000:]
        raise AssertionError(f"still running {limit + 5:.0f} s after SIGTERM\n{tail}") from None
    elapsed = time.monotonic() - started
    tail = log.read_text(errors="replace")[-4000:]
    assert code == 0, tail
    assert elapsed < limit, f"stopped in {elapsed:.1f} s\n{tail}"
    return elapsed


@contextmanager
def gunicorn(
    env: Mapping[str, str] | None = None, *, cwd: Path = ROOT, log: Path | None = None
) -> Iterator[str]:
    """Run the service under gunicorn; yield its base URL; stop it gracefully (SIGTERM).
    Its output goes to ``log`` if given (a temporary file otherwise)."""
    port = free_port()
    environ = os.environ | {"DDZ_BIND": f"127.0.0.1:{port}", "DDZ_WORKERS": "2"} | dict(env or {})
    with tempfile.TemporaryDirectory(prefix="ddz-live-") as folder:
        log = log or Path(folder) / "gunicorn.log"
        process = launch(COMMAND, cwd=cwd, env=environ, log=log)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_ready(base + "/healthz", process, log)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
