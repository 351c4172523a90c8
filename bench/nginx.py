"""nginx in front of gunicorn with the shipped configuration, ``deploy/nginx/nginx.conf``.

The file runs as it ships but for three things, each checked to be in it as often as expected,
so that a change to the file cannot slip past unseen: the port nginx listens on (``listen
8080;``) becomes a free loopback port; the upstream (``server referee:8000;``: the Compose
service or, in Kubernetes, the pod's loopback) becomes the given gunicorn's address; ``/tmp/``
(the pid file and the temporary files) becomes a folder of its own. nginx runs in the
foreground (``-g 'daemon off;'``) with that folder as its prefix and errors on stderr (``-e
stderr``), so it needs no root path; it is Debian's ``nginx`` package (``scripts/system-deps.sh``
installs it).

Used by the proxy test (``tests/test_proxy.py``) and by ``python -m bench.slowloris``.

>>> text = render_text(CONFIG.read_text(), Path("/x"), 1234, "127.0.0.1:5678")
>>> "listen 127.0.0.1:1234;" in text, "server 127.0.0.1:5678;" in text, "/tmp" in text
(True, True, False)
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .http.servers import process_cpu_seconds
from .probes import ROOT

CONFIG = ROOT / "deploy" / "nginx" / "nginx.conf"
LISTEN = "listen 8080;"
UPSTREAM = "server referee:8000;"
TEMPORARY = "/tmp/"
HOST = "127.0.0.1"
START_TIMEOUT_S = 10.0
MISSING = "nginx is missing: apt-get install nginx (scripts/system-deps.sh installs it)"


def binary() -> str | None:
    """The nginx program (Debian puts it in /usr/sbin, which a user's PATH may lack)."""
    path = os.environ.get("PATH", "") + ":/usr/sbin:/sbin"
    return shutil.which("nginx", path=path)


def version() -> str:
    """nginx's version, as ``nginx -v`` prints it (on stderr)."""
    program = binary()
    if program is None:
        return "missing"
    out = subprocess.run([program, "-v"], check=False, capture_output=True, text=True)
    found = re.search(r"nginx/(\S+)", out.stderr + out.stdout)
    return found.group(1) if found else "unknown"


def render_text(text: str, folder: Path, port: int, upstream: str) -> str:
    """The shipped configuration with its port, upstream and ``/tmp/`` replaced (see above)."""
    for mark in (LISTEN, UPSTREAM):
        if text.count(mark) != 1:
            raise ValueError(f"{CONFIG.name}: expected {mark!r} once, found {text.count(mark)}")
    if TEMPORARY not in text:
        raise ValueError(f"{CONFIG.name}: no {TEMPORARY} path (pid, temporary files)")
    text = text.replace(LISTEN, f"listen {HOST}:{port};")
    text = text.replace(UPSTREAM, f"server {upstream};")
    text = text.replace(TEMPORARY, f"{folder}/")
    directives = "\n".join(line.partition("#")[0] for line in text.splitlines())
    if "/tmp" in directives.replace(str(folder), ""):
        raise ValueError(f"{CONFIG.name}: a /tmp path not of the form /tmp/NAME")
    return text


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def command(folder: Path, config: Path, *extra: str) -> list[str]:
    """The nginx command line for a configuration in ``folder`` (its prefix)."""
    program = binary()
    if program is None:
        raise RuntimeError(MISSING)
    return [program, "-p", f"{folder}/", "-c", str(config), "-e", "stderr", *extra]


def prepare(folder: Path, port: int, upstream: str, text: str | None = None) -> Path:
    """Write the rendered configuration (the shipped one, or ``text``) into ``folder``; its
    path."""
    # As root, nginx's workers run as nobody: they must reach their temporary folders.
    folder.chmod(0o755)
    config = folder / "nginx.conf"
    source = CONFIG.read_text() if text is None else text
    config.write_text(render_text(source, folder, port, upstream))
    return config


def check(text: str | None = None) -> subprocess.CompletedProcess[str]:
    """``nginx -t`` on the shipped configuration (or on ``text``), rendered into a throwaway
    folder with a loopback upstream."""
    with tempfile.TemporaryDirectory(prefix="ddz-nginx-") as scratch:
        folder = Path(scratch)
        config = prepare(folder, free_port(), f"{HOST}:{free_port()}", text)
        return subprocess.run(
            command(folder, config, "-t"),
            check=False,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )


@dataclass
class Proxy:
    """A running nginx: its port, process, folder and log."""

    port: int
    process: subprocess.Popen[bytes]
    folder: Path

    @property
    def log(self) -> Path:
        return self.folder / "nginx.log"

    def url(self, path: str) -> str:
        return f"http://{HOST}:{self.port}{path}"

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of the master and its worker so far, in seconds."""
        pid = self.process.pid
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            children = []
        return sum(process_cpu_seconds(p) for p in [pid, *map(int, children)])


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex((HOST, port)) == 0


@contextmanager
def running(upstream: str) -> Iterator[Proxy]:
    """nginx with the shipped configuration in front of ``upstream`` (``host:port``), on a free
    loopback port; stopped (SIGTERM, then SIGKILL) and its folder removed at the end."""
    with tempfile.TemporaryDirectory(prefix="ddz-nginx-") as scratch:
        folder = Path(scratch)
        port = free_port()
        config = prepare(folder, port, upstream)
        with (folder / "nginx.log").open("wb") as log:
            process = subprocess.Popen(
                command(folder, config, "-g", "daemon off;"),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        proxy = Proxy(port, process, folder)
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            while not _listening(port):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not start:\n{proxy.log_text()[-4000:]}")
                time.sleep(0.05)
            yield proxy
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


__all__ = ["CONFIG", "Proxy", "binary", "check", "render_text", "running", "version"]
