"""``python -m bench.soak [--quick] [--fill F] [--only NAME] [--no-redis] [--out PATH]``: every
worker's answer cache filled with worst-case answers, and the memory against the container's
limit.

gunicorn is started as the Kubernetes deployment starts it: ``gunicorn.conf.py`` with the
environment of ``deploy/k8s/config.env`` (workers, cache sizes, Redis, rate limits, metrics
directory), but for its address (a free loopback port), its Redis (a redis-server started here
on a free port, like the pod's bundled one; ``--no-redis``: none), its metrics directory (a
fresh folder, whose size is counted: in the pod it is an in-memory emptyDir in the same
container) and its rate limit (one client sends everything here: the limit is raised so high
that it never refuses, and the limiter still runs).

Each answer is asked once (every one a new cache entry), in a seeded shuffled order, from
``2 x workers`` threads, until the workers were sent ``--fill`` times (default 2) what their
caches may hold together, so that every cache fills and then keeps evicting. Two workloads,
each on a fresh gunicorn:

- ``largest``: the largest legal-move pages there are, the byte cap (``DDZ_CACHE_BYTES``)
  binding: the worst three-player hand, ``333444555666789TJQKA``, whole (497 to 519 moves, 79
  to 82 KB) under the standard, rlcard, douzero and openspiel rule sets, each ``limit`` from its
  move count to 1,000 (one key each, the same page); and a four-player hand with 1,457 leads,
  ``333444555666777888999TTTJJJQQQKKK``, in pages of 991 to 1,000 moves (about 160 KB);
- ``pages100``: pages of about 100 moves (about 16 KB: 64 MiB over 4,096 entries, so that both
  caps bind at once, with the most entries of that size), of the same two hands at every
  offset, ``limit`` 96 to 104.

Reported, per worker: RSS at the start and at the end, its peak (VmHWM), and PSS and USS (the
memory it shares with the master counted in part or not at all); the caches' own count of
their bytes and entries (``/readyz``, sampled: each answer comes from one worker); and the
container's total against its memory limit (``deploy/k8s/deployment.yaml``), two ways: what
it holds now (every process's PSS plus the metrics files) and the bound (every process's RSS,
as if the workers had made every shared page their own, plus the metrics files). The factor is
a worker's RSS growth over the bytes its cache counts.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

import yaml

from . import probes
from .cache import redis_server
from .http import servers

DEPLOY = probes.ROOT / "deploy" / "k8s"
THREE_PLAYER = "333444555666789TJQKA"
FOUR_PLAYER = "333444555666777888999TTTJJJQQQKKK"
NEVER_LIMITED = "1000000000 per minute"
LEADS = {"standard": 497, "rlcard": 519, "douzero": 519, "openspiel": 519}
"""The worst three-player hand's leads under each rule set: a limit from there up lists all."""


def config_env(path: Path = DEPLOY / "config.env") -> dict[str, str]:
    """The deployment's settings (``NAME=value`` lines)."""
    found = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            found[name.strip()] = value.strip()
    return found


def memory_limit(path: Path = DEPLOY / "deployment.yaml") -> int:
    """The referee container's memory limit in bytes."""
    document = yaml.safe_load(path.read_text())
    (container,) = [
        c for c in document["spec"]["template"]["spec"]["containers"] if c["name"] == "referee"
    ]
    return quantity(container["resources"]["limits"]["memory"])


def quantity(text: str) -> int:
    """A Kubernetes memory quantity (``512Mi``, ``1G``, ``1000``) in bytes."""
    match = re.fullmatch(r"(\d+)(Ki|Mi|Gi|k|M|G)?", text)
    if match is None:
        raise ValueError(f"not a memory quantity: {text!r}")
    unit = {None: 1, "Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30, "k": 10**3, "M": 10**6}
    unit["G"] = 10**9
    return int(match[1]) * unit[match[2]]


FOUR_LEADS = 1457


def _compact(body: dict[str, Any]) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()


def largest(seed: int = 20261124) -> list[bytes]:
    """The largest pages (see above), shuffled."""
    found = []
    for ruleset, moves in LEADS.items():
        for limit in range(moves, 1001):
            found.append(_compact({"hand": THREE_PLAYER, "ruleset": ruleset, "limit": limit}))
    for limit in range(991, 1001):
        for offset in range(FOUR_LEADS - limit + 1):
            body = {"hand": FOUR_PLAYER, "ruleset": "four_player", "limit": limit}
            found.append(_compact(body | {"offset": offset}))
    random.Random(seed).shuffle(found)
    return found


def pages100(seed: int = 20261124) -> list[bytes]:
    """Pages of about 100 moves (see above), shuffled."""
    found = []
    games = [(THREE_PLAYER, ruleset, moves) for ruleset, moves in LEADS.items()]
    games.append((FOUR_PLAYER, "four_player", FOUR_LEADS))
    for hand, ruleset, moves in games:
        for limit in range(96, 105):
            for offset in range(moves - limit + 1):
                body = {"hand": hand, "ruleset": ruleset, "limit": limit, "offset": offset}
                found.append(_compact(body))
    random.Random(seed).shuffle(found)
    return found


WORKLOADS = {"largest": largest, "pages100": pages100}


def proc_memory(pid: int) -> dict[str, int]:
    """RSS, peak RSS, PSS and USS of a process, in bytes (``/proc``)."""
    status = Path(f"/proc/{pid}/status").read_text()
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()

    def field(text: str, name: str) -> int:
        match = re.search(rf"^{name}:\s+(\d+) kB", text, re.MULTILINE)
        return int(match[1]) * 1024 if match else 0

    return {
        "rss": field(status, "VmRSS"),
        "peak_rss": field(status, "VmHWM"),
        "pss": field(rollup, "Pss"),
        "uss": field(rollup, "Private_Clean") + field(rollup, "Private_Dirty"),
    }


def folder_bytes(folder: Path) -> int:
    """Bytes of the files under ``folder`` (the metrics files, on a tmpfs in the pod)."""
    return sum(p.stat().st_blocks * 512 for p in folder.rglob("*") if p.is_file())


def post(url: str, body: bytes) -> tuple[int, int]:
    """POST a JSON body; the status and the answer's size."""
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return int(answer.status), len(answer.read())


def readyz_samples(url: str, count: int) -> list[dict[str, int]]:
    """``/readyz``'s local cache figures, ``count`` times (each from whichever worker)."""
    found = []
    for _ in range(count):
        with urllib.request.urlopen(url, timeout=10) as answer:
            found.append(json.loads(answer.read())["cache"]["local"])
    return found


def send(url: str, work: list[bytes], threads: int) -> dict[str, Any]:
    """Send every body once, from ``threads`` threads; statuses and bytes received."""
    lock = threading.Lock()
    position = iter(range(len(work)))
    statuses: dict[int, int] = {}
    received = [0]

    def worker() -> None:
        while True:
            with lock:
                index = next(position, None)
            if index is None:
                return
            status, size = post(url, work[index])
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
                received[0] += size

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return {"requests": len(work), "statuses": statuses, "bytes": received[0]}


Deployed = tuple[servers.Server, Path, dict[str, str]]


@contextmanager
def deployed(logdir: Path, use_redis: bool) -> Iterator[Deployed]:
    """gunicorn as the deployment starts it (see above); the server, metrics folder, settings."""
    settings = config_env()
    metrics = logdir / "metrics"
    metrics.mkdir()
    settings |= {"PROMETHEUS_MULTIPROC_DIR": str(metrics), "DDZ_RATE_LIMIT": NEVER_LIMITED}
    settings.pop("DDZ_BIND")
    workers = servers.Workers(
        settings.pop("DDZ_WORKER_CLASS"),
        int(settings.pop("DDZ_WORKERS")),
        int(settings.pop("DDZ_THREADS")),
    )
    with redis_server() if use_redis else nullcontext("") as url:
        settings["REDIS_URL"] = url
        with servers.serving(servers.SERVICE, workers, settings, logdir / "gunicorn.log") as server:
            yield server, metrics, settings


def snapshot(server: servers.Server) -> dict[str, Any]:
    """The memory of the master and of each worker."""
    return {
        "master": proc_memory(server.process.pid),
        "workers": {pid: proc_memory(pid) for pid in servers.workers_of(server)},
    }


def run(
    workload: str,
    fill: float,
    use_redis: bool,
    samples: int,
    log: Any,
    *,
    keep: Path | None = None,
) -> dict[str, Any]:
    """One soak: start, measure, fill, measure (the server's log kept in ``keep`` if given)."""
    limit = memory_limit()
    with tempfile.TemporaryDirectory(prefix="ddz-soak-") as scratch:
        logdir = Path(scratch)
        with deployed(logdir, use_redis) as (server, metrics, settings):
            worker_count = server.workers.workers
            cap = int(settings["DDZ_CACHE_BYTES"])
            url = server.url("/v1/legal-moves")
            # Every worker answers once before the baseline (the first request's imports).
            send(url, [b'{"hand":"33"}'] * (4 * worker_count), 2 * worker_count)
            before = snapshot(server)
            everything = WORKLOADS[workload]()
            size = statistics.mean(post(url, body)[1] for body in everything[-20:])
            entries = int(settings["DDZ_CACHE_ENTRIES"])
            wanted = fill * worker_count * min(cap / size, entries)  # each cache's worth, twice
            count = min(len(everything), int(wanted))
            log(f"[soak] {workload}: {count} of {len(everything)} requests, ~{size:.0f} B each")
            started = time.monotonic()
            sent = send(url, everything[:count], 2 * worker_count)
            sent["seconds"] = round(time.monotonic() - started, 1)
            after = snapshot(server)
            caches = readyz_samples(server.url("/readyz"), samples)
            metrics_bytes = folder_bytes(metrics)
            trouble = server.trouble()
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(server.log_path, keep / f"gunicorn-{workload}.log")
    return _report(
        before,
        after,
        workload=workload,
        caches=caches,
        sent=sent,
        settings=settings,
        cap=cap,
        limit=limit,
        metrics_bytes=metrics_bytes,
        trouble=trouble,
    )


def _report(
    before: dict[str, Any],
    after: dict[str, Any],
    *,
    workload: str,
    caches: list[dict[str, int]],
    sent: dict[str, Any],
    settings: dict[str, str],
    cap: int,
    limit: int,
    metrics_bytes: int,
    trouble: list[str],
) -> dict[str, Any]:
    workers = []
    counted = statistics.median(c["bytes"] for c in caches)
    for pid, end in after["workers"].items():
        start = before["workers"].get(pid)
        row = {"pid": pid, "end": end, "start": start}
        if start is not None:
            row["rss_growth"] = end["rss"] - start["rss"]
            row["factor"] = round(row["rss_growth"] / counted, 2) if counted else None
        workers.append(row)
    everyone = [after["master"], *after["workers"].values()]
    now = sum(m["pss"] for m in everyone) + metrics_bytes
    bound = sum(m["rss"] for m in everyone) + metrics_bytes
    peak_bound = sum(m["peak_rss"] for m in everyone) + metrics_bytes
    return {
        "workload": workload,
        "code": probes.code_state(),
        "settings": {k: v for k, v in settings.items() if k.startswith(("DDZ_CACHE", "DDZ_W"))},
        "cache_bytes_cap": cap,
        "sent": sent,
        "caches_sampled": {
            "samples": len(caches),
            "bytes_min": min(c["bytes"] for c in caches),
            "bytes_median": counted,
            "entries_min": min(c["entries"] for c in caches),
            "entries_max": max(c["entries"] for c in caches),
        },
        "master": after["master"],
        "workers": workers,
        "metrics_bytes": metrics_bytes,
        "container": {
            "limit": limit,
            "now_pss": now,
            "bound_rss": bound,
            "bound_peak_rss": peak_bound,
            "headroom_bound": limit - peak_bound,
        },
        "trouble": trouble,
    }


def mib(value: float) -> str:
    return f"{value / 2**20:.1f} MiB"


def render(found: dict[str, Any]) -> str:
    """The figures of a soak, in Markdown."""
    cache = found["caches_sampled"]
    sent = found["sent"]
    lines = [
        f"workload {found['workload']}: "
        f"{sent['requests']} requests in {sent['seconds']} s ({mib(sent['bytes'])} of answers), "
        f"statuses {sent['statuses']}; caches ({cache['samples']} /readyz samples): "
        f"{mib(cache['bytes_min'])} to {mib(cache['bytes_median'])} counted "
        f"(cap {mib(found['cache_bytes_cap'])}), {cache['entries_min']} to "
        f"{cache['entries_max']} entries",
        "",
        "| process | RSS at start | RSS at end | peak RSS | PSS | USS | RSS growth / counted |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    master = found["master"]
    lines.append(
        f"| master | | {mib(master['rss'])} | {mib(master['peak_rss'])} | {mib(master['pss'])} "
        f"| {mib(master['uss'])} | |"
    )
    for row in found["workers"]:
        end, start = row["end"], row["start"]
        lines.append(
            f"| worker | {mib(start['rss']) if start else '-'} | {mib(end['rss'])} "
            f"| {mib(end['peak_rss'])} | {mib(end['pss'])} | {mib(end['uss'])} "
            f"| {row.get('factor', '-')} |"
        )
    box = found["container"]
    lines += [
        "",
        f"container (referee) limit {mib(box['limit'])}: holds now (PSS + metrics files) "
        f"{mib(box['now_pss'])}; bound (every RSS + metrics) {mib(box['bound_rss'])}, with "
        f"peaks {mib(box['bound_peak_rss'])}; headroom under the bound "
        f"{mib(box['headroom_bound'])}; metrics files {mib(found['metrics_bytes'])}",
    ]
    if found["trouble"]:
        lines += ["", "server log trouble:", *found["trouble"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__)
    parser.add_argument(
        "--fill", type=float, default=2.0, help="answers sent, in caches' worth (default 2)"
    )
    parser.add_argument("--quick", action="store_true", help="half the caches' worth")
    parser.add_argument("--only", choices=sorted(WORKLOADS), help="one workload only")
    parser.add_argument("--no-redis", action="store_true", help="no Redis (in-process only)")
    parser.add_argument("--samples", type=int, default=40, help="/readyz samples (default 40)")
    parser.add_argument("--out", type=Path, help="also write the results as JSON here")
    parser.add_argument("--logs", type=Path, help="keep gunicorn's logs in this folder")
    args = parser.parse_args(argv)
    if not args.no_redis and shutil.which("redis-server") is None:
        print("redis-server is missing: apt-get install redis-server (or --no-redis)")
        return 2
    results = []
    for workload in [args.only] if args.only else list(WORKLOADS):
        found = run(
            workload,
            0.5 if args.quick else args.fill,
            not args.no_redis,
            args.samples,
            lambda text: print(text, file=sys.stderr, flush=True),
            keep=args.logs,
        )
        print(render(found) + "\n", flush=True)
        results.append(found)
    if args.out:
        args.out.write_text(json.dumps(results, indent=2) + "\n")
        print(f"results written to {args.out}")
    failed = any(set(found["sent"]["statuses"]) - {200} for found in results)
    over = any(found["container"]["headroom_bound"] < 0 for found in results)
    return 1 if failed or over else 0


if __name__ == "__main__":
    sys.exit(main())
