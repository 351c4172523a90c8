"""The answer cache: an in-process LRU (bounded by entries and bytes) in front of Redis.

Only expensive answers go through it (legal-move lists, big batches, whole-hand validations):
a Redis round trip costs about 70 us, classifying a play about 2 us. Keys name the API
version, the release, the operation and a digest of the canonical input (which carries the
rule set's name and version), so no answer is ever served under other rules or another
release. Values are the encoded answers (JSON bytes), stored with a TTL and a size cap.

Redis can never make an answer wrong or unavailable: every Redis error counts as a miss and
the answer is computed; a circuit breaker stops asking a dead or hung Redis after one failure
(0.1 s timeouts) and tries again after ``reset_timeout`` seconds.

>>> cache = Cache(LocalCache(entries=2, size=1000))
>>> cache.answer(("op", "1"), lambda: {"n": 1}), cache.answer(("op", "1"), lambda: {"n": 2})
(b'{"n":1}', b'{"n":1}')
"""

from __future__ import annotations

import hashlib
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from importlib import metadata
from typing import Any

import orjson
import pybreaker
import redis
from prometheus_client import CollectorRegistry, Counter, Gauge
from redis.backoff import NoBackoff
from redis.retry import Retry

API_VERSION = "v1"
try:
    RELEASE = metadata.version("ddz-referee")
except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
    RELEASE = "0"


def cache_key(operation: str, parts: Hashable) -> str:
    """The cache key of an answer: API version, release, operation and a digest of the input."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()
    return f"ddz:{API_VERSION}:{RELEASE}:{operation}:{digest}"


ENTRY_OVERHEAD = 128
"""Bytes an entry costs beyond its key's and value's own sizes (``sys.getsizeof``): its slot in
the ordered dict (67 to 100 bytes, measured with tracemalloc: the table doubles as it grows)
and the allocator's rounding and headers of the two objects, which tracemalloc does not see."""


def entry_cost(key: str, value: bytes) -> int:
    """The memory an entry holds: its key, its value and its slot (``ENTRY_OVERHEAD``).

    >>> entry_cost("k", b"") - ENTRY_OVERHEAD, entry_cost("k", b"x" * 1000) - ENTRY_OVERHEAD
    (83, 1083)
    """
    return sys.getsizeof(key) + sys.getsizeof(value) + ENTRY_OVERHEAD


class LocalCache:
    """A thread-safe LRU of encoded answers, bounded by entry count and by the memory its
    entries hold (``entry_cost``: key, value and slot, not just the value's length).

    A value is stored as a copy of its own size: ``orjson.dumps`` returns bytes whose memory
    block is larger than their length (a 16 KB answer held 28.5 KiB, measured with
    tracemalloc), and a worker's memory grew 1.7 times what the cache counted."""

    def __init__(self, *, entries: int = 4096, size: int = 64 << 20) -> None:
        self.entries, self.size = entries, size
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        """The value, marked as recently used; None when absent."""
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: str, value: bytes) -> bool:
        """Store a value (evicting the least recently used); False when it is too big."""
        cost = entry_cost(key, value)
        if cost > self.size:
            return False
        value = memoryview(value).tobytes()  # a block of its own size (see the class)
        with self._lock:
            old = self._items.pop(key, None)
            self._bytes += cost - (entry_cost(key, old) if old is not None else 0)
            self._items[key] = value
            while len(self._items) > self.entries or self._bytes > self.size:
                dropped_key, dropped = self._items.popitem(last=False)
                self._bytes -= entry_cost(dropped_key, dropped)
        return True

    def stats(self) -> dict[str, int]:
        """How many entries are held, and the memory they hold (``entry_cost``), in bytes."""
        with self._lock:
            return {"entries": len(self._items), "bytes": self._bytes}


def guarded_client(
    url: str, timeout: float, reset_timeout: float
) -> tuple[redis.Redis, pybreaker.CircuitBreaker]:
    """A Redis client that waits ``timeout`` seconds at most and retries once, only a dropped
    connection; and a circuit breaker that leaves Redis alone for ``reset_timeout`` seconds
    after one failure. The answer cache and the rate limits each use one."""
    client = redis.Redis.from_url(
        url,
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
        retry=Retry(NoBackoff(), retries=1, supported_errors=(redis.ConnectionError,)),
        retry_on_timeout=False,
        health_check_interval=0,
    )
    breaker = pybreaker.CircuitBreaker(
        fail_max=1, reset_timeout=reset_timeout, throw_new_error_on_trip=False
    )
    return client, breaker


class RedisCache:
    """The shared level: GET and SET EX with short timeouts behind a circuit breaker.

    Every failure is swallowed (the caller computes instead); ``get`` and ``put`` report it.
    """

    def __init__(
        self,
        url: str,
        *,
        timeout: float = 0.1,
        ttl: int = 3600,
        value_max: int = 256 << 10,
        reset_timeout: float = 5.0,
    ) -> None:
        self.ttl, self.value_max = ttl, value_max
        self.client, self.breaker = guarded_client(url, timeout, reset_timeout)

    @property
    def available(self) -> bool:
        """False while the breaker is open (Redis failed recently and is not asked)."""
        return self.breaker.current_state != pybreaker.STATE_OPEN

    def get(self, key: str) -> tuple[str, bytes | None]:
        """``("hit", value)``, ``("miss", None)``, ``("error", None)`` (Redis failed: a timeout
        at most), or ``("skipped", None)`` (the breaker is open: Redis was not asked)."""
        try:
            value = self.breaker.call(self.client.get, key)
        except pybreaker.CircuitBreakerError:
            return "skipped", None
        except redis.RedisError:
            return "error", None
        if isinstance(value, bytes):
            return "hit", value
        return "miss", None

    def put(self, key: str, value: bytes) -> str:
        """``"stored"``, ``"too_big"`` (over ``value_max``, not sent) or ``"error"``."""
        if len(value) > self.value_max:
            return "too_big"
        try:
            self.breaker.call(self.client.set, key, value, ex=self.ttl)
        except (redis.RedisError, pybreaker.CircuitBreakerError):
            return "error"
        return "stored"

    def ping(self) -> bool:
        """Whether Redis answers now (through the breaker: an open breaker answers False)."""
        try:
            return bool(self.breaker.call(self.client.ping))
        except (redis.RedisError, pybreaker.CircuitBreakerError):
            return False


class CacheMetrics:
    """Prometheus counters of lookups per level and outcome, and the breaker's state."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.lookups = Counter(
            "ddz_cache_lookups",
            "Answer cache lookups by level (local, redis) and result (hit, miss, error, skipped, "
            "bypassed)",
            ["level", "result"],
            registry=registry,
        )
        self.stores = Counter(
            "ddz_cache_stores",
            "Answer cache stores by level and result (stored, too_big, error, cheap)",
            ["level", "result"],
            registry=registry,
        )
        self.breaker_open = Gauge(
            "ddz_cache_redis_breaker_open",
            "1 while the Redis circuit breaker is open (Redis is not asked)",
            registry=registry,
            multiprocess_mode="max",
        )


PROBE_EVERY = 32
"""After this many lookups of an operation in a row that found nothing in Redis, a worker asks
Redis for one lookup of it in this many (``Cache``)."""


class Cache:
    """The cache levels an answer passes through: in-process first, then Redis if configured.

    Redis is for answers that cost more to compute than to fetch, and only while it has them:

    - an answer whose computation took less than ``share_min_us`` microseconds of the
      worker's CPU stays out of Redis (a GET and a SET cost more than computing it again);
      it is kept in the in-process level all the same;
    - after ``PROBE_EVERY`` lookups of an operation in a row that found nothing there (answers
      that are never asked twice, or too cheap to be stored), the worker asks Redis for one
      lookup of it in ``PROBE_EVERY`` only (the others are counted ``bypassed``), until one of
      them hits: then it asks on every lookup again.

    Neither can make an answer wrong: a lookup not made is an answer computed.
    """

    def __init__(
        self,
        local: LocalCache,
        remote: RedisCache | None = None,
        metrics: CacheMetrics | None = None,
        *,
        share_min_us: float = 0.0,
    ) -> None:
        self.local, self.remote = local, remote
        self.metrics = metrics or CacheMetrics(CollectorRegistry())
        self.share_min_us = share_min_us
        self.cpu_ns: Callable[[], int] = time.thread_time_ns
        """The clock an answer's cost is measured by: the thread's CPU time, in nanoseconds."""
        self._unfound: dict[str, int] = {}
        """Per operation, its lookups since Redis last had its answer (approximate under
        threads: a lost update only moves a probe)."""

    def answer(self, key: tuple[Hashable, ...], compute: Callable[[], dict[str, Any]]) -> bytes:
        """The encoded answer for ``key``: from a cache level, or computed and stored."""
        operation = str(key[0])
        name = cache_key(operation, key[1:])
        found = self.local.get(name)
        self._count("local", "hit" if found is not None else "miss")
        if found is not None:
            return found
        if self.remote is not None:
            found = self._fetch(self.remote, operation, name)
            if found is not None:
                self.local.put(name, found)
                return found
        started = self.cpu_ns()
        value = orjson.dumps(compute())
        spent_us = (self.cpu_ns() - started) / 1000
        self.local.put(name, value)
        if self.remote is not None and self.remote.available:
            stored = self.remote.put(name, value) if spent_us >= self.share_min_us else "cheap"
            self.metrics.stores.labels("redis", stored).inc()
        return value

    def _fetch(self, remote: RedisCache, operation: str, name: str) -> bytes | None:
        """The answer from Redis, if it has it and is asked (see the class)."""
        unfound = self._unfound.get(operation, 0)
        if unfound >= PROBE_EVERY and unfound % PROBE_EVERY:
            self._unfound[operation] = unfound + 1
            self._count("redis", "bypassed")
            return None
        result, found = remote.get(name)
        self._count("redis", result)
        if result == "hit":
            self._unfound[operation] = 0
        elif result == "miss":
            self._unfound[operation] = unfound + 1
        return found

    def _count(self, level: str, result: str) -> None:
        self.metrics.lookups.labels(level, result).inc()
        if level == "redis":
            self.metrics.breaker_open.set(0 if self.remote and self.remote.available else 1)

    def state(self) -> dict[str, Any]:
        """The cache's state for ``/readyz``: degraded (still serving) when Redis is down."""
        if self.remote is None:
            redis_state = "not configured"
        else:
            redis_state = "ok" if self.remote.ping() else "unreachable"
        status = "degraded" if redis_state == "unreachable" else "ok"
        return {"status": status, "local": self.local.stats(), "redis": redis_state}


__all__ = [
    "API_VERSION",
    "ENTRY_OVERHEAD",
    "PROBE_EVERY",
    "RELEASE",
    "Cache",
    "CacheMetrics",
    "LocalCache",
    "RedisCache",
    "cache_key",
    "entry_cost",
    "guarded_client",
]
