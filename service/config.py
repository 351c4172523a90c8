"""Every setting of the service, read from the environment in this one place.

The HTTP application and ``gunicorn.conf.py`` both read ``Settings.from_env()``; tests pass a
``Settings`` (or a mapping of overrides) to ``create_app`` instead.

>>> Settings.from_env({"DDZ_MAX_BODY_BYTES": "4096"}).max_body_bytes
4096
>>> Settings.from_env({"DDZ_WORKERS": "many"})
Traceback (most recent call last):
...
ValueError: DDZ_WORKERS must be an integer, not 'many'
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Settings:
    """The service's settings; each field's metadata names its environment variable."""

    bind: str = field(default="127.0.0.1:8000", metadata={"env": "DDZ_BIND"})
    """Address gunicorn listens on (``0.0.0.0:8000`` in the container)."""
    workers: int = field(default=3, metadata={"env": "DDZ_WORKERS"})
    """gunicorn worker processes; the default was measured on 2 cores (BENCHMARKS.md)."""
    worker_class: str = field(default="sync", metadata={"env": "DDZ_WORKER_CLASS"})
    threads: int = field(default=1, metadata={"env": "DDZ_THREADS"})
    timeout: int = field(default=30, metadata={"env": "DDZ_TIMEOUT"})
    """Seconds before a silent worker is killed and restarted."""
    graceful_timeout: int = field(default=20, metadata={"env": "DDZ_GRACEFUL_TIMEOUT"})
    """Seconds a worker gets to finish its requests on shutdown."""
    max_body_bytes: int = field(default=64 * 1024, metadata={"env": "DDZ_MAX_BODY_BYTES"})
    """Request bodies larger than this are refused with 413."""
    cors_origins: str = field(default="*", metadata={"env": "DDZ_CORS_ORIGINS"})
    """Origins allowed by CORS: ``*`` or a comma-separated list."""
    log_level: str = field(default="INFO", metadata={"env": "DDZ_LOG_LEVEL"})
    redis_url: str = field(default="", metadata={"env": "REDIS_URL"})
    """The shared cache and rate-limit store; empty: in-process only."""
    redis_timeout: float = field(default=0.1, metadata={"env": "DDZ_REDIS_TIMEOUT"})
    """Seconds to connect to Redis or wait for an answer before computing instead."""
    cache_ttl: int = field(default=3600, metadata={"env": "DDZ_CACHE_TTL"})
    """Seconds an answer lives in Redis."""
    cache_value_max: int = field(default=256 << 10, metadata={"env": "DDZ_CACHE_VALUE_MAX"})
    """Answers larger than this many bytes are not sent to Redis."""
    cache_share_min_us: int = field(default=0, metadata={"env": "DDZ_CACHE_SHARE_MIN_US"})
    """Answers computed in less CPU time than this many microseconds are not sent to Redis
    (fetching them would cost more than computing them); 0: every answer is sent; the
    deployment files set 200."""
    cache_entries: int = field(default=4096, metadata={"env": "DDZ_CACHE_ENTRIES"})
    """Answers kept in each process's own cache."""
    cache_bytes: int = field(default=64 << 20, metadata={"env": "DDZ_CACHE_BYTES"})
    """Bytes kept in each process's own cache."""
    breaker_reset: float = field(default=5.0, metadata={"env": "DDZ_BREAKER_RESET"})
    """Seconds Redis is left alone after a failure before it is tried again."""
    proxy_hops: int = field(default=0, metadata={"env": "DDZ_PROXY_HOPS"})
    """Trusted proxies in front (each adds X-Forwarded-For); rate limits key on the client
    address they report. 0: the TCP peer is the client."""
    rate_limit: str = field(default="", metadata={"env": "DDZ_RATE_LIMIT"})
    """Requests per client address over all endpoints together (flask-limiter's notation, ``;``
    between limits), e.g. ``6000 per minute``; empty (the default): off; the deployment files
    turn it on. Counted in each worker and shared through Redis in batches (``service.api.
    limits``: how the limit holds across workers and replicas)."""
    metrics_dir: str = field(default="", metadata={"env": "PROMETHEUS_MULTIPROC_DIR"})
    """Where gunicorn workers share their metrics; empty: one process's own metrics."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from environment variables (``os.environ`` by default)."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for item in dataclasses.fields(cls):
            name = item.metadata["env"]
            if name in env:
                values[item.name] = _convert(name, env[name], item.type)
        return cls(**values)

    def replace(self, **changes: Any) -> Settings:
        """These settings with some fields changed."""
        return dataclasses.replace(self, **changes)


def _convert(name: str, text: str, kind: object) -> Any:
    for python, word in ((int, "an integer"), (float, "a number")):
        if kind in (python, python.__name__):
            try:
                return python(text)
            except ValueError:
                raise ValueError(f"{name} must be {word}, not {text!r}") from None
    return text


__all__ = ["Settings"]
