"""A real redis-server for tests, on a free loopback port, that tests can kill, hang and restart."""

from __future__ import annotations

import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import redis
from live import free_port

BINARY = shutil.which("redis-server")


class RedisServer:
    """One redis-server process (no persistence), restartable on the same port."""

    def __init__(self) -> None:
        if BINARY is None:
            raise RuntimeError("redis-server is missing: apt-get install redis-server")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers PING."""
        command = [str(BINARY), "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no", "--daemonize", "no"]
        self.process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        client = redis.Redis.from_url(self.url, socket_timeout=1)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)
        client.close()

    def kill(self) -> None:
        """Kill the server (SIGKILL): connections drop, the port refuses."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def pause(self) -> None:
        """Hang the server (SIGSTOP): connections stay open and nothing answers."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        """Let a hung server go on (SIGCONT)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def client(self) -> redis.Redis:
        """A client for the test's own checks."""
        return redis.Redis.from_url(self.url, socket_timeout=2)


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    """A started server, killed at the end."""
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        if server.process is not None:
            server.resume()
        server.kill()
