"""``python -m bench.slowloris [--quick] [--out PATH]``: slow clients against gunicorn alone and
behind nginx, and what the proxy costs in requests per second, in one run.

Slow clients: connections that send a request's header one line every 2 s and never finish
it. Each scenario starts a fresh gunicorn as ``scripts/run.sh`` and the deployment start
it (``gunicorn.conf.py``, the project's default workers: sync x3), alone or behind nginx with
the shipped ``deploy/nginx/nginx.conf`` (``bench/nginx.py``), opens 3 or 6 slow connections
(one and two per worker) to whichever listens in front, waits 1 s, and times ``GET /healthz``
there: the seconds until it answers (at most ``--deadline``), and when the server closed each
slow connection.

Throughput: wrk (``bench/http/load.py``; Debian's wrk) against one gunicorn (sync x3) directly
and through one nginx in front of it, alternated in rounds, on three requests: a small
classification, legal moves of random hands (computed: cache misses), and the worst hand's
whole list (497 moves, 79 KB, from the cache). The ratio is proxied over direct requests/s,
median of the rounds; wrk, nginx and gunicorn share the machine's cores. Also the CPU time
of the servers per request (gunicorn's processes, and nginx's with it), which other load on
the machine moves less than requests/s.

Nothing here asserts a speed: the proxy test (``tests/test_proxy.py``) asserts the one timing
required (``/healthz`` within 2 s through nginx); these are the figures of BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import nginx, probes
from .http import bodies, load, servers

INTERVAL_S = 2.0
"""Seconds between two header lines of a slow client."""
HEAD_START_S = 1.0
"""Seconds the slow clients have before ``/healthz`` is asked."""
COUNTS = (3, 6)
"""Slow connections per scenario: one and two per worker of the default sync x3."""
WORST = {"hand": "333444555666789TJQKA", "limit": 1000}


class SlowClients:
    """``count`` connections to ``port`` that send ``GET /healthz`` and then one header line
    every ``interval`` seconds, never the blank line that ends the header. A thread keeps them
    going and notes when the server closes each one (or answers it)."""

    def __init__(self, port: int, count: int, interval: float = INTERVAL_S) -> None:
        self.port, self.count, self.interval = port, count, interval
        self.sockets: list[socket.socket] = []
        self.closed_after: dict[int, float] = {}
        self.answered: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.started = 0.0

    def __enter__(self) -> SlowClients:
        self.started = time.monotonic()
        for _ in range(self.count):
            conn = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: slow\r\n")
            conn.setblocking(False)
            self.sockets.append(conn)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        for conn in self.sockets:
            conn.close()

    @property
    def open(self) -> int:
        """How many the server has not closed yet."""
        return self.count - len(self.closed_after)

    def _run(self) -> None:
        line = 0
        next_line = time.monotonic() + self.interval
        while not self._stop.is_set():
            live = [s for i, s in enumerate(self.sockets) if i not in self.closed_after]
            readable = select.select(live, [], [], 0.05)[0] if live else []
            for conn in readable:
                self._read(self.sockets.index(conn), conn)
            if time.monotonic() >= next_line:
                line += 1
                next_line += self.interval
                for index, conn in enumerate(self.sockets):
                    if index in self.closed_after:
                        continue
                    try:
                        conn.send(f"X-Slow-{line}: {line}\r\n".encode())
                    except OSError:
                        self.closed_after[index] = time.monotonic() - self.started
            if not live:
                self._stop.wait(0.05)

    def _read(self, index: int, conn: socket.socket) -> None:
        try:
            data = conn.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data.startswith(b"HTTP/"):
            self.answered.add(index)
        if not data or data.startswith(b"HTTP/"):
            self.closed_after[index] = time.monotonic() - self.started


def seconds_until_answer(url: str, deadline: float) -> tuple[float, int | str]:
    """Seconds until ``GET url`` answered, and its status (or the error's name)."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=deadline) as answer:
            answer.read()
            status: int | str = int(answer.status)
    except OSError as error:
        status = type(error).__name__
    return time.monotonic() - started, status


@contextmanager
def service(logdir: Path, name: str, proxied: bool) -> Iterator[str]:
    """gunicorn with the project's defaults (sync x3), alone or behind nginx; the base URL."""
    settings = {"DDZ_LOG_LEVEL": "WARNING"} | ({"DDZ_PROXY_HOPS": "1"} if proxied else {})
    workers = servers.Workers.project_default()
    with servers.serving(servers.SERVICE, workers, settings, logdir / f"{name}.log") as server:
        if not proxied:
            yield f"http://{servers.HOST}:{server.port}"
            return
        with nginx.running(f"{servers.HOST}:{server.port}") as proxy:
            yield f"http://{servers.HOST}:{proxy.port}"


def slow_scenario(logdir: Path, proxied: bool, count: int, deadline: float) -> dict[str, Any]:
    """One scenario: ``count`` slow clients, then ``/healthz`` timed."""
    name = f"{'nginx' if proxied else 'gunicorn'}-{count}"
    with service(logdir, name, proxied) as base:
        port = int(base.rpartition(":")[2])
        with SlowClients(port, count) as slow:
            time.sleep(HEAD_START_S)
            seconds, status = seconds_until_answer(base + "/healthz", deadline)
            open_then = slow.open
            # Let the server show what it does with them (nginx: client_header_timeout).
            linger = time.monotonic() + 8.0
            while slow.open and time.monotonic() < linger:
                time.sleep(0.1)
            closed = sorted(slow.closed_after.values())
    return {
        "front": "nginx" if proxied else "gunicorn alone",
        "slow_connections": count,
        "healthz_seconds": round(seconds, 2),
        "healthz_status": status,
        "slow_open_when_answered": open_then,
        "slow_closed_after_s": [round(s, 1) for s in closed],
    }


@dataclass(frozen=True)
class Load:
    """One wrk scenario of the throughput comparison."""

    key: str
    title: str
    path: str
    body: dict[str, Any] | None = None
    bodies: Callable[[], list[str]] | None = field(default=None, repr=False)


LOADS = (
    Load("classify", "classify 3 3 3 10 10", "/v1/classify", {"cards": "3 3 3 10 10"}),
    Load(
        "moves_random",
        "legal-moves random hands (computed)",
        "/v1/legal-moves",
        bodies=bodies.random_hand_bodies,
    ),
    Load(
        "moves_worst_all", "legal-moves worst hand, limit 1000 (cached)", "/v1/legal-moves", WORST
    ),
)


def throughput(logdir: Path, rounds: int, settings: load.WrkSettings) -> dict[str, Any]:
    """requests/s of each load, direct and through nginx, alternated over ``rounds``."""
    found: dict[str, dict[str, list[float]]] = {
        item.key: {"direct": [], "nginx": []} for item in LOADS
    }
    cpu_us: dict[str, dict[str, list[float]]] = {
        item.key: {"direct": [], "nginx": []} for item in LOADS
    }
    failed = 0
    arguments = {}
    for item in LOADS:
        if item.bodies is not None:
            path = bodies.write(item.bodies(), logdir / f"{item.key}.jsonl")
            arguments[item.key] = f"@{path}"
        else:
            arguments[item.key] = bodies.compact(item.body or {})
    workers = servers.Workers.project_default()
    settings_env = {"DDZ_LOG_LEVEL": "WARNING", "DDZ_PROXY_HOPS": "1"}
    with (
        servers.serving(servers.SERVICE, workers, settings_env, logdir / "load.log") as server,
        nginx.running(f"{servers.HOST}:{server.port}") as proxy,
    ):
        fronts = {"direct": server.url, "nginx": proxy.url}
        # CPU seconds of whatever serves: gunicorn alone, or gunicorn and nginx.
        cpu = {
            "direct": server.cpu_seconds,
            "nginx": lambda: server.cpu_seconds() + proxy.cpu_seconds(),
        }
        for round_ in range(rounds):
            order = ("direct", "nginx") if round_ % 2 == 0 else ("nginx", "direct")
            for item in LOADS:
                for front in order:
                    url = fronts[front](item.path)
                    figures = load.measure(url, arguments[item.key], settings, cpu[front])
                    failed += figures["failed"] + figures["warmup_failed"]
                    found[item.key][front].append(figures["rps"])
                    cpu_us[item.key][front].append(figures["server_cpu_us"])
                    print(
                        f"[slowloris] round {round_ + 1} {item.key} {front}: "
                        f"{figures['rps']:.0f} req/s",
                        file=sys.stderr,
                        flush=True,
                    )
    table = {}
    for item in LOADS:
        direct = statistics.median(found[item.key]["direct"])
        proxied = statistics.median(found[item.key]["nginx"])
        table[item.key] = {
            "title": item.title,
            "direct_rps": round(direct),
            "nginx_rps": round(proxied),
            "ratio": round(proxied / direct, 2),
            "direct_cpu_us": round(statistics.median(cpu_us[item.key]["direct"])),
            "nginx_cpu_us": round(statistics.median(cpu_us[item.key]["nginx"])),
            "runs": found[item.key],
        }
    return {"wrk": settings.describe(), "rounds": rounds, "loads": table, "failed": failed}


def render(results: dict[str, Any]) -> str:
    """The tables of a run, in Markdown."""
    lines = [
        f"nginx {results['nginx']}, gunicorn sync x3, {results['machine']}",
        "",
        "| front | slow connections | /healthz answered after | status | slow ones closed after |",
        "|---|---:|---:|---|---|",
    ]
    for row in results["slow"]:
        closed = ", ".join(f"{s:g}" for s in row["slow_closed_after_s"]) or "-"
        lines.append(
            f"| {row['front']} | {row['slow_connections']} | {row['healthz_seconds']:.2f} s "
            f"| {row['healthz_status']} | {closed} s |"
        )
    through = results.get("throughput")
    if through:
        lines += [
            "",
            f"{through['wrk']}; median of {through['rounds']} rounds",
            "",
            "| request | direct req/s | through nginx req/s | ratio "
            "| server CPU per request, direct | with nginx |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for row in through["loads"].values():
            lines.append(
                f"| {row['title']} | {row['direct_rps']:,} | {row['nginx_rps']:,} "
                f"| {row['ratio']:.2f} | {row['direct_cpu_us']} µs | {row['nginx_cpu_us']} µs |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m bench.slowloris", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="3 slow clients, a short load")
    parser.add_argument("--rounds", type=int, default=3, help="throughput rounds (default 3)")
    parser.add_argument("--deadline", type=float, default=120.0, help="seconds /healthz may take")
    parser.add_argument("--no-load", action="store_true", help="slow clients only, no wrk")
    parser.add_argument("--out", type=Path, help="also write the results as JSON here")
    args = parser.parse_args(argv)
    if nginx.binary() is None:
        print(nginx.MISSING, file=sys.stderr)
        return 2
    if not args.no_load and not load.available():
        print("wrk is missing: apt-get install wrk (or pass --no-load)", file=sys.stderr)
        return 2
    counts = COUNTS[:1] if args.quick else COUNTS
    rounds = 1 if args.quick else args.rounds
    wrk = (
        load.WrkSettings(seconds=2, warmup_seconds=1)
        if args.quick
        else load.WrkSettings(seconds=5, warmup_seconds=2)
    )
    results: dict[str, Any] = {
        "nginx": nginx.version(),
        "machine": f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f} at start",
        "code": probes.code_state(),
        "slow": [],
    }
    with tempfile.TemporaryDirectory(prefix="ddz-slowloris-") as scratch:
        logdir = Path(scratch)
        for count in counts:
            for proxied in (False, True):
                row = slow_scenario(logdir, proxied, count, args.deadline)
                print(f"[slowloris] {row}", file=sys.stderr, flush=True)
                results["slow"].append(row)
        if not args.no_load:
            results["throughput"] = throughput(logdir, rounds, wrk)
    print(render(results))
    if args.out:
        args.out.write_text(json.dumps(results, indent=2) + "\n")
        print(f"results written to {args.out}")
    return 1 if results.get("throughput", {}).get("failed") else 0


if __name__ == "__main__":
    sys.exit(main())
