"""Rate limiting per client address, over all endpoints together: fixed windows counted in
each worker and shared through Redis in batches, so that the check costs a dictionary lookup
on most requests and a Redis round trip on few.

Limits are written as ``DDZ_RATE_LIMIT`` has always taken them (``6000 per minute``,
``10/second``, ``100 per 5 minutes``, ``;`` between limits: flask-limiter's notation). A window
is a fixed span of the clock (a minute from :00); a client's count in it is the sum over every
worker of every replica, kept in Redis under one key per client, limit and window, which
expires with it.

**How the count is shared.** A worker counts a client's requests locally (``pending``) and
adds them to the Redis key in one call (``INCRBY`` and ``EXPIRE`` in a Lua script, which
returns the new total, ``known``) when it holds ``batch`` of them, or as soon as its own
estimate (``known + pending``) passes the limit, before it refuses. So:

- a refusal is never wrong: the estimate never exceeds the true count (what other workers
  have not yet reported only adds to it), and a worker reports before it refuses;
- over a window, the replicas admit at most ``W x (batch - 1)`` requests over the limit, ``W``
  being every worker of every replica (each may hold up to ``batch - 1`` unreported ones);
  ``batch`` is a thousandth of the limit (at least 1, at most ``BATCH_MAX``): 6 for ``6000 per
  minute``, so six workers admit at most 30 more (0.5%); a limit under 2,000 is counted in
  Redis on every request, exactly;
- without Redis (no ``REDIS_URL``), or while it fails (the circuit breaker open), each worker
  counts alone: the limit holds per worker process, and requests are never refused for want
  of Redis.

Behind proxies, ``DDZ_PROXY_HOPS`` makes the client address the one they report. A client over
its limit gets a 429 problem document with ``Retry-After``; every limited answer carries
``X-RateLimit-Limit``, ``X-RateLimit-Remaining``, ``X-RateLimit-Reset`` and ``Retry-After`` of
its tightest limit.

>>> limiter = RateLimiter(parse("2 per minute"))
>>> [limiter.hit("203.0.113.1", now=60.5).allowed for _ in range(3)]
[True, True, False]
>>> for header in limiter.hit("203.0.113.2", now=60.5).headers(now=60.5):
...     print(*header)
X-RateLimit-Limit 2
X-RateLimit-Remaining 1
X-RateLimit-Reset 120
Retry-After 60
>>> limiter.hit("203.0.113.1", now=120.0).allowed  # a new window
True
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pybreaker
import redis
from flask import Flask, Request, request
from werkzeug.exceptions import TooManyRequests

from service.config import Settings

from . import pages
from .cache import guarded_client

EXEMPT = ("/healthz", "/readyz", "/metrics", "/docs", "/openapi.json", *pages.PATHS)
"""Probes, metrics, documentation and the pages' files are never limited (the requests the
pages make to the API are)."""
BATCH_SHARE = 1000
"""A worker reports its count to Redis at least every limit / ``BATCH_SHARE`` requests."""
BATCH_MAX = 32
"""...and at least every ``BATCH_MAX`` requests, whatever the limit."""
KEYS_MAX = 100_000
"""Clients counted in a worker at once; past that, the counts are reported and forgotten."""
ENVIRON_KEY = "ddz.rate_limit"
"""Where the verdict on a request is left in its WSGI environ, for the view and the answer."""

# INCRBY and EXPIRE in one round trip, atomically: the key lives as long as its window.
_REPORT = """
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if total == tonumber(ARGV[1]) then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return total
"""


@dataclass(frozen=True, slots=True)
class Limit:
    """``amount`` requests per window of ``seconds``, and how it is written (``2 per 1 minute``)."""

    amount: int
    seconds: int
    text: str

    @property
    def batch(self) -> int:
        """Requests a worker may count before it reports them (see the module)."""
        return max(1, min(BATCH_MAX, self.amount // BATCH_SHARE))


SPANS = {
    "second": 1,
    "minute": 60,
    "hour": 3600,
    "day": 86400,
    "month": 30 * 86400,
    "year": 12 * 30 * 86400,
}
"""The windows a limit may name, in seconds (a month of 30 days, a year of 12 such months, as
flask-limiter counted them)."""
_LIMIT = re.compile(
    rf"\s*([0-9]+)\s*(?:/|per)\s*([0-9]+)?\s*({'|'.join(SPANS)})s?\s*", re.IGNORECASE
)


def parse(text: str) -> tuple[Limit, ...]:
    """The limits of ``DDZ_RATE_LIMIT`` (``;``, ``,`` or ``|`` between them); none for an empty
    text; ``ValueError`` naming a limit that does not read.

    >>> [(limit.amount, limit.seconds, limit.text) for limit in parse("6000/minute; 10/second")]
    [(6000, 60, '6000 per 1 minute'), (10, 1, '10 per 1 second')]
    >>> parse("6000 per minute")[0].batch, parse("100 per minute")[0].batch
    (6, 1)
    >>> parse("2 per 5 Minutes"), parse("")
    ((Limit(amount=2, seconds=300, text='2 per 5 minute'),), ())
    >>> parse("lots")
    Traceback (most recent call last):
    ...
    ValueError: DDZ_RATE_LIMIT: 'lots' is no limit (6000 per minute)
    """
    found = []
    for part in re.split(r"[,;|]", text) if text.strip() else ():
        match = _LIMIT.fullmatch(part)
        if match is None:
            raise ValueError(f"DDZ_RATE_LIMIT: {part.strip()!r} is no limit (6000 per minute)")
        amount, multiple, span = int(match[1]), int(match[2] or 1), match[3].lower()
        found.append(Limit(amount, multiple * SPANS[span], f"{amount} per {multiple} {span}"))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A request's standing under its tightest limit: the breached one, else the one of the
    shortest window."""

    allowed: bool
    limit: Limit
    remaining: int
    reset: int
    """When the window ends (seconds since the epoch)."""

    def headers(self, now: float | None = None) -> list[tuple[str, str]]:
        """The ``X-RateLimit-*`` and ``Retry-After`` headers of the answer."""
        now = time.time() if now is None else now
        return [
            ("X-RateLimit-Limit", str(self.limit.amount)),
            ("X-RateLimit-Remaining", str(self.remaining)),
            ("X-RateLimit-Reset", str(self.reset)),
            ("Retry-After", str(math.ceil(self.reset - now))),
        ]


class _Count:
    """One client's count in one window of one limit, as a worker knows it."""

    __slots__ = ("known", "pending")

    def __init__(self) -> None:
        self.known = 0  # the shared total at the last report (this worker's reports included)
        self.pending = 0  # this worker's requests not yet reported


class SharedCounts:
    """The Redis side: each report adds a worker's pending requests to the shared key and
    reads the total, in one round trip, behind a circuit breaker (short timeouts, errors
    swallowed: the caller counts alone meanwhile)."""

    def __init__(self, url: str, *, timeout: float = 0.1, reset_timeout: float = 5.0) -> None:
        self.client, self.breaker = guarded_client(url, timeout, reset_timeout)
        self.script = self.client.register_script(_REPORT)

    def add(self, key: str, count: int, seconds: int) -> int | None:
        """The shared total after adding ``count``; None when Redis is not reachable now."""
        try:
            return int(self.breaker.call(self.script, keys=[key], args=[count, seconds]))
        except (redis.RedisError, pybreaker.CircuitBreakerError):
            return None


class RateLimiter:
    """Fixed-window limits per client, counted per worker and shared through ``SharedCounts``."""

    def __init__(self, limits: Iterable[Limit], shared: SharedCounts | None = None) -> None:
        self.limits = tuple(sorted(limits, key=lambda limit: limit.seconds))
        self.shared = shared
        self._counts: dict[tuple[int, str, int], _Count] = {}
        self._lock = threading.Lock()

    def hit(self, client: str, now: float | None = None) -> Verdict:
        """Count one request of ``client``; whether it is allowed, under its tightest limit."""
        now = time.time() if now is None else now
        chosen: Verdict | None = None
        with self._lock:
            if len(self._counts) > KEYS_MAX:
                self._forget()
            for index, limit in enumerate(self.limits):
                window = int(now // limit.seconds)
                key = (index, client, window)
                count = self._counts.get(key)
                if count is None:
                    count = self._counts[key] = _Count()
                count.pending += 1
                if count.pending >= limit.batch or count.known + count.pending > limit.amount:
                    self._report(key, limit, count)
                total = count.known + count.pending
                verdict = Verdict(
                    total <= limit.amount,
                    limit,
                    max(0, limit.amount - total),
                    (window + 1) * limit.seconds,
                )
                if chosen is None or (chosen.allowed and not verdict.allowed):
                    chosen = verdict
        assert chosen is not None  # a limiter has at least one limit
        return chosen

    def _report(self, key: tuple[int, str, int], limit: Limit, count: _Count) -> None:
        if self.shared is None:
            count.known += count.pending
            count.pending = 0
            return
        _, client, window = key
        name = f"ddz-limit:{limit.amount}/{limit.seconds}:{client}:{window}"
        total = self.shared.add(name, count.pending, limit.seconds)
        if total is not None:
            count.known, count.pending = total, 0
        elif count.pending >= limit.batch:  # Redis away: counted here alone meanwhile
            count.known += count.pending
            count.pending = 0

    def _forget(self) -> None:
        """Report every count and forget them all (the table reached ``KEYS_MAX``)."""
        for key, count in self._counts.items():
            if count.pending:
                self._report(key, self.limits[key[0]], count)
        self._counts.clear()


class LimitedApp:
    """WSGI middleware: each request's verdict is taken before the application runs and left
    in the environ (``ENVIRON_KEY``); its headers are added to the answer, whichever path
    answers it. A request over its limit is answered 429 by the application (``refuse``)."""

    def __init__(self, app: Callable[..., Any], limiter: RateLimiter) -> None:
        self.app, self.limiter = app, limiter

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if environ.get("PATH_INFO", "").startswith(EXEMPT):
            return self.app(environ, start_response)
        verdict = self.limiter.hit(environ.get("REMOTE_ADDR") or "127.0.0.1")
        environ[ENVIRON_KEY] = verdict

        def respond(status: str, headers: list[tuple[str, str]], *args: Any) -> Any:
            headers.extend(verdict.headers())
            return start_response(status, headers, *args)

        return self.app(environ, respond)


def verdict_of(req: Request) -> Verdict | None:
    """The verdict ``LimitedApp`` left on the request, if limits are on."""
    found: Verdict | None = req.environ.get(ENVIRON_KEY)
    return found


def _refuse() -> None:
    verdict = verdict_of(request)
    if verdict is not None and not verdict.allowed:
        raise TooManyRequests(verdict.limit.text)


def init_app(app: Flask, settings: Settings) -> RateLimiter | None:
    """Limit every API request by client address, per ``DDZ_RATE_LIMIT`` (None: off)."""
    found = parse(settings.rate_limit)
    if not found:
        return None
    shared = None
    if settings.redis_url:
        shared = SharedCounts(
            settings.redis_url,
            timeout=settings.redis_timeout,
            reset_timeout=settings.breaker_reset,
        )
    app.before_request(_refuse)
    return RateLimiter(found, shared)


__all__ = [
    "EXEMPT",
    "Limit",
    "LimitedApp",
    "RateLimiter",
    "SharedCounts",
    "Verdict",
    "init_app",
    "parse",
    "verdict_of",
]
