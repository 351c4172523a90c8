"""``python -m bench.cache [--quick]``: what the answer cache buys, measured in one run.

The worst hand's legal leads (``333444555666789TJQKA``, 497 moves, the whole list in one page)
through the Flask application, three ways in the same process and run:

- computed: no cache level at all (each request generates and encodes the moves);
- Redis: no in-process level, a Redis hit per request (a redis-server started on a free port);
- local: an in-process hit per request.

Also the single costs behind them: generating and encoding the answer, a Redis GET of it, an
in-process lookup. Medians of repeated timings; ratios are against "computed" in the same run.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import orjson
import redis

from service.answers import moves_answer
from service.api import create_app
from service.config import Settings
from service.rules import STANDARD, read_hand

WORST = {"hand": "333444555666789TJQKA", "limit": 1000}


@contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway redis-server on a free loopback port; yields its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("redis-server is missing: apt-get install redis-server")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    for _ in range(200):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.02)
    try:
        yield url
    finally:
        client.close()
        process.terminate()
        process.wait()


def median_us(call: Callable[[], object], repeat: int) -> float:
    """The median time of ``call`` in microseconds, after a warm-up."""
    for _ in range(min(20, repeat)):
        call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def request_of(settings: Settings) -> Callable[[], object]:
    client = create_app({"TESTING": True}, settings=settings).test_client()

    def post() -> object:
        reply = client.post("/v1/legal-moves", json=WORST)
        assert reply.status_code == 200
        return reply.get_data()

    return post


def measure(repeat: int) -> dict[str, float]:
    """Every figure of the table, in microseconds."""
    base = Settings(rate_limit="", log_level="WARNING")
    hand = read_hand(WORST["hand"])
    body = orjson.dumps(moves_answer(hand, STANDARD, limit=1000))
    with redis_server() as url:
        client = redis.Redis.from_url(url)
        client.set("bench", body)
        figures = {
            "compute: generate + encode": median_us(
                lambda: orjson.dumps(moves_answer(hand, STANDARD, limit=1000)), repeat
            ),
            "redis GET of the answer": median_us(lambda: client.get("bench"), repeat),
            "request, computed": median_us(request_of(base.replace(cache_entries=0)), repeat),
            "request, Redis hit": median_us(
                request_of(base.replace(cache_entries=0, redis_url=url)), repeat
            ),
            "request, in-process hit": median_us(request_of(base.replace(redis_url=url)), repeat),
        }
        client.close()
    figures["answer bytes"] = float(len(body))
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cache", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    parser.add_argument("--out", type=Path, default=Path("bench/cache-results.json"))
    args = parser.parse_args(argv)
    figures = measure(50 if args.quick else 500)
    computed = figures["request, computed"]
    for name, value in figures.items():
        if name == "answer bytes":
            print(f"{name:32} {value:10.0f}")
        else:
            ratio = f"{computed / value:6.1f}x faster" if name.startswith("request, ") else ""
            print(f"{name:32} {value:10.1f} us  {ratio}")
    args.out.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
