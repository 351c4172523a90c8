"""A mixed workload with and without Redis: ``python -m bench.http --mixed``.

One file of requests, ``PATH<TAB>BODY`` per line, sent in turn by ``post.lua`` to the service
under the project's gunicorn configuration, once with the in-process cache alone (no
``REDIS_URL``) and once with a Redis server that the benchmark starts on a free loopback port,
the two alternating over the rounds. The mix is a bot platform's, per 100 requests:

- 30 ``classify`` of the first 1 to 6 cards of random hands (combinations or not) and 20
  ``beats`` of single cards drawn from them (never cached: cheap);
- 35 ``legal-moves`` leads of 4,000 random 20-card hands, each asked about 3 times;
- 10 ``legal-moves`` leads (page of 100) of the 729 hands shaped as the worst one, each about
  5 times (the expensive answers the cache is for);
- 5 ``hands/validate`` of 300 hands played at random to the end, each about 6 times.

Repeats are spread over the file, so a worker often meets a key that another worker computed:
the in-process caches miss it, Redis has it.

>>> lines = mixed_requests(1000, seed=1)
>>> len(lines), sorted({line.split("\\t")[0] for line in lines})[:2]
(1000, ['/v1/beats', '/v1/classify'])
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from service.rules import STANDARD
from service.rules.events import ActionKind, Phase
from service.rules.game import Hand

from ..workloads import random_hands
from . import bodies, load, servers
from .bodies import compact, worst_like_hands

REQUESTS = 40_000
SHARES = {"classify": 30, "beats": 20, "moves": 35, "worst": 10, "hands": 5}


def played_hand(rng: random.Random) -> dict[str, Any]:
    """A hand dealt and played at random to its end, as a ``hands/validate`` body."""
    deck = [c for c in "3456789TJQKA2" for _ in range(4)] + ["B", "R"]
    while True:
        rng.shuffle(deck)
        dealt = ["".join(deck[i * 17 : i * 17 + 17]) for i in range(3)]
        kitty, first = "".join(deck[51:]), rng.randrange(3)
        hand = Hand.start(hands=dealt, kitty=kitty, first_bidder=first, rules=STANDARD)
        bids = []
        while hand.phase is Phase.BIDDING:
            action = rng.choice(hand.legal_actions())
            bids.append({"seat": action.seat, "bid": action.bid or 0})
            hand.apply(action)
        if hand.phase is Phase.PLAY:
            break
    events: list[dict[str, Any]] = []
    while hand.phase is Phase.PLAY:
        actions = hand.legal_actions()
        plays = [a for a in actions if a.kind is ActionKind.PLAY]
        action = rng.choice(plays) if plays and rng.random() < 0.7 else actions[0]
        if action.combination is None:
            events.append({"seat": action.seat, "pass": True})
        else:
            events.append({"seat": action.seat, "cards": action.combination.cards})
        hand.apply(action)
    deal = {"hands": dealt, "kitty": kitty}
    return {"deal": deal, "first_bidder": first, "bids": bids, "events": events}


def mixed_requests(count: int = REQUESTS, seed: int = 20241121) -> list[str]:
    """``count`` lines ``PATH<TAB>BODY`` in the proportions of ``SHARES``, shuffled."""
    rng = random.Random(seed)
    total = sum(SHARES.values())
    n = {key: count * share // total for key, share in SHARES.items()}
    n["classify"] += count - sum(n.values())
    hands = random_hands(max(n["moves"] // 3, 1), seed)
    worst = worst_like_hands()
    records = [compact(played_hand(rng)) for _ in range(max(n["hands"] // 6, 1))]
    lines: list[str] = []
    for _ in range(n["classify"]):
        hand = rng.choice(hands)
        lines.append("/v1/classify\t" + compact({"cards": hand[: rng.randint(1, 6)]}))
    for _ in range(n["beats"]):
        play, previous = rng.choice(rng.choice(hands)), rng.choice(rng.choice(hands))
        lines.append("/v1/beats\t" + compact({"play": play, "previous": previous}))
    lines += ["/v1/legal-moves\t" + compact({"hand": rng.choice(hands)}) for _ in range(n["moves"])]
    lines += ["/v1/legal-moves\t" + compact({"hand": rng.choice(worst)}) for _ in range(n["worst"])]
    lines += ["/v1/hands/validate\t" + rng.choice(records) for _ in range(n["hands"])]
    rng.shuffle(lines)
    return lines


@contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway ``redis-server`` on a free loopback port, no persistence; its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("bench.http --mixed needs redis-server (apt-get install redis-server)")
    port = servers.free_port()
    with tempfile.TemporaryDirectory(prefix="ddz-bench-redis-") as folder:
        process = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", folder],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 10
            while not servers.listening(port):
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            process.terminate()
            process.wait(timeout=10)


def _cache_lines(server: servers.Server) -> dict[str, float]:
    """The cache counters of ``/metrics`` (summed over the workers), by level and result."""
    with urllib.request.urlopen(server.url("/metrics"), timeout=10) as reply:
        text = reply.read().decode()
    found: dict[str, float] = {}
    for line in text.splitlines():
        if line.startswith("ddz_cache_lookups_total{"):
            labels, value = line.split("} ")
            found[labels.split("{")[1]] = found.get(labels.split("{")[1], 0) + float(value)
    return found


def run(rounds: int, settings: load.WrkSettings, logdir: Path, log: Any) -> dict[str, Any]:
    """The mix with and without Redis, ``rounds`` times each, alternating; the figures."""
    path = bodies.write(mixed_requests(), logdir / "mixed.jsonl")
    workers = servers.Workers.project_default()
    runs: dict[str, list[dict[str, Any]]] = {"local": [], "redis": []}
    cache: dict[str, dict[str, float]] = {}
    with redis_server() as url:
        for r in range(rounds):
            order = ("local", "redis") if r % 2 == 0 else ("redis", "local")
            for label in order:
                env = {"DDZ_LOG_LEVEL": "WARNING"} | (
                    {"REDIS_URL": url} if label == "redis" else {}
                )
                log(f"[bench.http] mixed round {r + 1}/{rounds}: {label} ...")
                log_path = logdir / f"mixed-{label}-{r + 1}.log"
                with servers.serving(servers.SERVICE, workers, env, log_path) as server:
                    figures = load.measure(
                        server.url("/"), f"@{path}", settings, cpu=server.cpu_seconds
                    )
                    cache[label] = _cache_lines(server)
                runs[label].append(figures)
    summary = {
        label: {
            "rps": _median([f["rps"] for f in found]),
            "p50_ms": _median([f["p50_ms"] for f in found]),
            "p99_ms": _median([f["p99_ms"] for f in found]),
            "server_cpu_us": _median([f["server_cpu_us"] for f in found]),
            "failed": sum(f["failed"] + f["warmup_failed"] for f in found),
            "rps_runs": [round(f["rps"], 1) for f in found],
            "cache_lookups_last_run": cache[label],
        }
        for label, found in runs.items()
    }
    return {
        "workers": workers.label,
        "mix": SHARES,
        "requests_in_file": REQUESTS,
        "runs": summary,
        "redis_over_local": summary["redis"]["rps"] / summary["local"]["rps"],
    }


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def render(found: dict[str, Any]) -> str:
    """The comparison as a table."""
    rows = [
        f"mixed workload (per 100: {json.dumps(found['mix'])}), gunicorn {found['workers']}",
        f"  {'cache':<24} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'cpu µs':>7} {'errors':>6}"
        "  runs (req/s)",
    ]
    names = {"local": "in-process only", "redis": "in-process + Redis"}
    for label, v in found["runs"].items():
        runs = ", ".join(f"{x:.0f}" for x in v["rps_runs"])
        rows.append(
            f"  {names[label]:<24} {v['rps']:>8.0f} {v['p50_ms']:>7.2f} {v['p99_ms']:>7.2f} "
            f"{v['server_cpu_us']:>7.0f} {v['failed']:>6}  {runs}"
        )
    rows.append(f"  with Redis / without: {found['redis_over_local']:.3f}")
    for label, v in found["runs"].items():
        lookups = ", ".join(f"{k}: {n:.0f}" for k, n in sorted(v["cache_lookups_last_run"].items()))
        rows.append(f"  cache lookups ({names[label]}, last run): {lookups}")
    return "\n".join(rows)
