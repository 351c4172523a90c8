"""Rate limiting per client address, over all endpoints together (flask-limiter): Redis
storage when configured, with an in-memory fallback so that a dead Redis never turns requests
into errors. Behind proxies, ``DDZ_PROXY_HOPS`` makes the client address the one they report.

A client over its limit gets a 429 problem document with ``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from service.config import Settings

from . import pages

EXEMPT = ("/healthz", "/readyz", "/metrics", "/docs", "/openapi.json", *pages.PATHS)
"""Probes, metrics, documentation and the pages' files are never limited (the requests the
pages make to the API are)."""


def _exempt() -> bool:
    return request.path.startswith(EXEMPT)


def init_app(app: Flask, settings: Settings) -> Limiter:
    """Limit every API request by client address, per ``DDZ_RATE_LIMIT``."""
    timeout = settings.redis_timeout
    redis_options: dict[str, Any] = {"socket_timeout": timeout, "socket_connect_timeout": timeout}
    return Limiter(
        get_remote_address,
        app=app,
        application_limits=[settings.rate_limit] if settings.rate_limit else [],
        application_limits_exempt_when=_exempt,
        storage_uri=settings.redis_url or "memory://",
        storage_options=redis_options if settings.redis_url else {},
        in_memory_fallback_enabled=True,
        headers_enabled=True,
        key_prefix="ddz-limit",
        enabled=bool(settings.rate_limit),
    )


__all__ = ["init_app"]
