"""gunicorn for the benchmark: the project's ``gunicorn.conf.py`` on a free loopback port.

Each server is started from the repository root as ``python -m gunicorn -c gunicorn.conf.py
APP``, its settings passed as the ``DDZ_*`` variables the conf file reads (the caller's own
``DDZ_*`` and ``REDIS_URL`` removed), its output sent to a log file. It is ready when
``GET /healthz`` answers 200; it is stopped with SIGTERM and waited for, and its port checked
free again.

>>> Workers("sync", 3).label
'sync x3'
>>> Workers("gthread", 2, 4).label
'gthread 2x4'
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..probes import ROOT

SERVICE = "service.wsgi:app"
FLOOR = "bench.http.floor:app"
CONF = "gunicorn.conf.py"
HOST = "127.0.0.1"
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 30.0  # gunicorn.conf.py's graceful timeout is 20 s by default

#: Lines of a server log worth reporting (the JSON access log lines at INFO are not).
TROUBLE = ("Traceback", "[ERROR]", "[CRITICAL]", "WORKER TIMEOUT", '"levelname": "ERROR"')


@dataclass(frozen=True)
class Workers:
    """A gunicorn worker configuration: ``DDZ_WORKER_CLASS``, ``DDZ_WORKERS``, ``DDZ_THREADS``."""

    worker_class: str = "sync"
    workers: int = 3
    threads: int = 1

    @classmethod
    def project_default(cls) -> Workers:
        """The configuration the service runs with when no variable is set."""
        from service.config import Settings

        found = Settings()
        return cls(found.worker_class, found.workers, found.threads)

    @property
    def label(self) -> str:
        """``sync x3``, ``gthread 2x4`` (workers x threads)."""
        if self.worker_class == "gthread":
            return f"gthread {self.workers}x{self.threads}"
        return f"{self.worker_class} x{self.workers}"

    def env(self) -> dict[str, str]:
        """The variables that select this configuration."""
        return {
            "DDZ_WORKER_CLASS": self.worker_class,
            "DDZ_WORKERS": str(self.workers),
            "DDZ_THREADS": str(self.threads),
        }


@dataclass
class Server:
    """A running gunicorn: its application, address, process and log file."""

    app: str
    workers: Workers
    settings: dict[str, str]
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path
    exit_code: int | None = None

    def url(self, path: str) -> str:
        """The URL of ``path`` on this server."""
        return f"http://{HOST}:{self.port}{path}"

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of the master and its workers so far, in seconds."""
        return sum(process_cpu_seconds(pid) for pid in [self.process.pid, *workers_of(self)])

    def trouble(self, limit: int = 10) -> list[str]:
        """Log lines that tell of errors (tracebacks, worker timeouts), the first ``limit``."""
        found = []
        with self.log_path.open(encoding="utf-8", errors="replace") as log:
            for line in log:
                if any(mark in line for mark in TROUBLE):
                    found.append(line.rstrip())
                    if len(found) >= limit:
                        break
        return found


TICK = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid: int) -> float:
    """utime + stime of a process (0 once it is gone), from ``/proc/PID/stat``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
    return (int(fields[11]) + int(fields[12])) / TICK  # fields 14 and 15 of proc(5)


def workers_of(server: Server) -> list[int]:
    """The pids of the gunicorn master's children (its workers)."""
    pid = server.process.pid
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def free_port() -> int:
    """A TCP port nothing listens on now, on the loopback address."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def listening(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex((HOST, port)) == 0


def server_env(workers: Workers, settings: Mapping[str, str], port: int) -> dict[str, str]:
    """The caller's environment without its service settings (``DDZ_*``, ``REDIS_URL``: the
    project's defaults apply, in-process cache), with the workers, the address and ``settings``
    (more ``DDZ_*`` variables: the log level, a rate limit)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DDZ_") and k not in ("PROMETHEUS_MULTIPROC_DIR", "REDIS_URL")
    }
    env.update(workers.env())
    env["DDZ_BIND"] = f"{HOST}:{port}"
    env.update(settings)
    return env


def _log_tail(path: Path, lines: int = 30) -> str:
    return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1.0) as answer:
            return int(answer.status) == 200
    except OSError:
        return False


def _wait_ready(server: Server) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        code = server.process.poll()
        if code is not None:
            raise (ServerDied if code < 0 else RuntimeError)(
                f"gunicorn ({server.app}) exited with {server.process.returncode}:\n"
                + _log_tail(server.log_path)
            )
        if _healthy(server.url("/healthz")):
            return
        time.sleep(0.1)
    raise RuntimeError(f"gunicorn ({server.app}) not ready after {START_TIMEOUT_S:.0f} s")


def start(app: str, workers: Workers, settings: Mapping[str, str], log_path: Path) -> Server:
    """Start gunicorn serving ``app`` and wait until it answers ``/healthz``.

    A server killed by a signal while starting (another job on a shared machine) is started
    once more, on another port; any other failure is raised with the end of its log.
    """
    try:
        return _start(app, workers, settings, log_path)
    except ServerDied as died:
        print(f"[bench.http] {died}; starting it again", file=sys.stderr, flush=True)
        return _start(app, workers, settings, log_path.with_suffix(".retry.log"))


class ServerDied(RuntimeError):
    """gunicorn was killed by a signal before it answered."""


def served_from() -> Path:
    """The folder gunicorn starts in, which it puts first on its path: the compiled core's
    (``.build/compiled``) under ``scripts/compiled.sh``, as the Docker image ships it; else the
    source tree (gunicorn puts its own folder ahead of ``PYTHONPATH``)."""
    if os.environ.get("DDZ_CORE") == "compiled":
        return ROOT / ".build" / "compiled"
    return ROOT


def served_core() -> str:
    """How the core the servers import was built (``bench.probes.core_build``), asked of an
    interpreter started as gunicorn starts, with its folder first on the path."""
    code = "import os, sys; sys.path.insert(0, os.getcwd()); import bench.probes as p; "
    code += "print(p.core_build())"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=served_from(),
        env=os.environ | {"PYTHONPATH": f"{os.environ.get('PYTHONPATH', '')}:{ROOT}"},
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


def _start(app: str, workers: Workers, settings: Mapping[str, str], log_path: Path) -> Server:
    port = free_port()
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / CONF), app],
            cwd=served_from(),
            env=server_env(workers, settings, port),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a Ctrl-C of the benchmark does not reach it; stop() does
        )
    server = Server(app, workers, dict(settings), port, process, log_path)
    try:
        _wait_ready(server)
    except BaseException:
        stop(server)
        raise
    return server


def stop(server: Server) -> int:
    """SIGTERM to the gunicorn master, wait for it (SIGKILL to its group if it hangs); the exit
    code. The port is then checked free."""
    process = server.process
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    deadline = time.monotonic() + 5.0
    while listening(server.port) and time.monotonic() < deadline:
        time.sleep(0.1)
    server.exit_code = int(process.returncode)
    return server.exit_code


@contextmanager
def serving(
    app: str, workers: Workers, settings: Mapping[str, str], log_path: Path
) -> Iterator[Server]:
    """A server for the block, stopped at its end whatever happens."""
    server = start(app, workers, settings, log_path)
    try:
        yield server
    finally:
        stop(server)
