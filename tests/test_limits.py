"""Rate limits shared by workers through a real redis-server the tests start: the limit holds
over workers (and so over replicas, which are more workers on the same Redis), within the bound
``service.api.limits`` states, never refuses a client under its limit, and counts alone while
Redis is away."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from itertools import cycle
from urllib.parse import urlsplit

import pytest
from live import gunicorn
from redis_server import RedisServer, redis_server

from service.api.limits import RateLimiter, SharedCounts, parse

NOW = 1_000_000.5
"""A fixed clock: every hit falls in the same window."""


@pytest.fixture
def server() -> Iterator[RedisServer]:
    with redis_server() as running:
        yield running


def workers(server: RedisServer, limit: str, count: int) -> list[RateLimiter]:
    """``count`` limiters, as many workers' (of one replica or several), on one Redis."""
    return [RateLimiter(parse(limit), SharedCounts(server.url)) for _ in range(count)]


def admitted(limiters: list[RateLimiter], hits: int, client: str = "203.0.113.7") -> list[bool]:
    """Each hit's verdict, the hits dealt to the limiters in turn."""
    turn = cycle(limiters)
    return [next(turn).hit(client, now=NOW).allowed for _ in range(hits)]


def test_a_small_limit_is_exact_over_workers(server: RedisServer) -> None:
    """Under 2,000 a window, every hit is counted in Redis: three workers admit 5 of 5 a
    minute, then refuse, whichever worker a request meets."""
    verdicts = admitted(workers(server, "5 per minute", 3), 9)
    assert verdicts == [True] * 5 + [False] * 4


def test_a_large_limit_overshoots_by_at_most_the_batches(server: RedisServer) -> None:
    """4,000 a minute counted in batches of 4: three workers admit at least the limit (no
    client is refused under it) and at most 3 x (4 - 1) more."""
    limiters = workers(server, "4000 per minute", 3)
    assert parse("4000 per minute")[0].batch == 4
    verdicts = admitted(limiters, 4200)
    assert 4000 <= verdicts.count(True) <= 4000 + 3 * 3
    assert not any(verdicts[verdicts.index(False) :])  # once refused, refused to the end


def test_clients_and_windows_are_counted_apart(server: RedisServer) -> None:
    limiter = workers(server, "2 per minute", 1)[0]
    assert [limiter.hit("a", now=NOW).allowed for _ in range(3)] == [True, True, False]
    assert limiter.hit("b", now=NOW).allowed
    assert limiter.hit("a", now=NOW + 60).allowed


def test_without_redis_each_worker_counts_alone() -> None:
    """Redis unreachable: requests are never refused for want of it, and each worker keeps
    the limit for itself."""
    dead = SharedCounts("redis://127.0.0.1:1/0", timeout=0.05)
    limiter = RateLimiter(parse("3 per minute"), dead)
    assert [limiter.hit("c", now=NOW).allowed for _ in range(4)] == [True] * 3 + [False]


def post(base: str, body: bytes) -> int:
    """One classify request on a connection of its own (gunicorn's sync workers take turns)."""
    address = urlsplit(base)
    conn = http.client.HTTPConnection(address.hostname or "", address.port, timeout=10)
    try:
        conn.request("POST", "/v1/classify", body, {"Content-Type": "application/json"})
        return conn.getresponse().status
    finally:
        conn.close()


def test_the_limit_holds_over_a_gunicorns_workers(server: RedisServer) -> None:
    env = {
        "DDZ_WORKERS": "3",
        "DDZ_RATE_LIMIT": "6 per day",
        "REDIS_URL": server.url,
        "DDZ_LOG_LEVEL": "WARNING",
    }
    with gunicorn(env) as base:
        statuses = [post(base, b'{"cards": "3"}') for _ in range(12)]
    assert statuses == [200] * 6 + [429] * 6
