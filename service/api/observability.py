"""Request ids, one JSON log line per request, Prometheus metrics and CORS.

Everything a request needs on its way in and out is done by one ``before_request`` and one
``after_request`` hook: each hook costs a call through Flask, and these run on every request
(``python -m bench.http --profile`` measures them). The fast path (``service.api.fast``) does
the same for the requests it answers itself, with the same functions (``request_id``,
``RequestMetrics.record``, ``log_request``).
"""

from __future__ import annotations

import logging
import random
import re
import sys
import time
from collections.abc import Callable
from typing import Any, cast

from flask import Flask, Request, Response, current_app, g, request
from flask_cors import CORS
from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_flask_exporter import PrometheusMetrics
from prometheus_flask_exporter.multiprocess import GunicornInternalPrometheusMetrics
from pythonjsonlogger.json import JsonFormatter

from service.config import Settings

from . import pages

REQUEST_ID = "X-Request-ID"
_GOOD_ID = re.compile(r"[A-Za-z0-9._:/+=-]{1,128}")
UNTRACKED = ("/metrics", "/docs", *pages.PATHS)
"""Paths left out of the request metrics (as the scrapes, the documentation's assets and the
pages' files)."""

access_log = logging.getLogger("ddz_referee.access")


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is now (test runners swap it)."""

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        del value


def _configure_logging(level: str) -> None:
    """The access log at ``level``, to standard error as JSON lines: the handler added once a
    process, the level of the app made last (an app made after another in one process, as the
    tests make them, logs at its own level)."""
    if not access_log.handlers:
        handler = _Stderr()
        handler.setFormatter(JsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
        access_log.addHandler(handler)
        access_log.propagate = False
    access_log.setLevel(level.upper())


class RequestMetrics:
    """The request metrics under prometheus_flask_exporter's names and labels
    (``flask_http_request_duration_seconds`` by method, ``url_rule`` and status;
    ``flask_http_request_total`` and ``flask_http_request_exceptions_total`` by method and
    status), each labelled child looked up once, not on every request."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.duration = Histogram(
            "flask_http_request_duration_seconds",
            "Flask HTTP request duration in seconds",
            ("method", "url_rule", "status"),
            registry=registry,
        )
        self.total = Counter(
            "flask_http_request_total",
            "Total number of HTTP requests",
            ("method", "status"),
            registry=registry,
        )
        self.exceptions = Counter(
            "flask_http_request_exceptions_total",
            "Total number of HTTP requests which resulted in an exception",
            ("method", "status"),
            registry=registry,
        )
        self._children: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    def record(self, method: str, rule: str, status: int, seconds: float) -> None:
        """One answered request."""
        key = (method, rule, status)
        children = self._children.get(key)
        if children is None:  # bounded: methods x routes x status codes
            children = (self.duration.labels(*key), self.total.labels(method, status))
            self._children[key] = children
        children[0].observe(seconds)
        children[1].inc()


def request_id(given: str) -> str:
    """The id of a request: the client's ``X-Request-ID`` when it is a sensible one, else a new
    random one (``random`` is reseeded in every forked worker; an id needs no cryptographic
    strength)."""
    return given if _GOOD_ID.fullmatch(given) else f"{random.getrandbits(128):032x}"


def _start() -> None:
    g.request_id = request_id(request.headers.get(REQUEST_ID, ""))
    g.started = time.perf_counter()


def _finisher(
    metrics: RequestMetrics, cors: Callable[[Response], Response]
) -> Callable[[Response], Response]:
    def finish(response: Response) -> Response:
        elapsed = time.perf_counter() - g.get("started", time.perf_counter())
        req: Request = request._get_current_object()  # type: ignore[attr-defined]
        response.headers[REQUEST_ID] = g.get("request_id", "")
        if "Origin" in req.headers:
            response = cors(response)
        else:  # a response without CORS headers must not be cached for browsers'
            response.headers.add("Vary", "Origin")
        path = req.path
        if not path.startswith(UNTRACKED):
            rule = req.url_rule
            metrics.record(req.method, str(rule), response.status_code, elapsed)
        if access_log.isEnabledFor(logging.INFO):
            _log(req, response, elapsed)
        return response

    return finish


def _log(req: Request, response: Response, elapsed: float) -> None:
    log_request(
        g.get("request_id"),
        method=req.method,
        path=req.path,
        status=response.status_code,
        elapsed=elapsed,
        size=response.calculate_content_length(),
        remote=req.remote_addr,
    )


def log_request(
    rid: str | None,
    *,
    method: str,
    path: str,
    status: int,
    elapsed: float,
    size: int | None,
    remote: str | None,
) -> None:
    """The access log's line of one answered request (at INFO)."""
    access_log.info(
        "request",
        extra={
            "request_id": rid,
            "method": method,
            "path": path,
            "status": status,
            "duration_ms": round(elapsed * 1000, 3),
            "bytes": size,
            "remote": remote,
        },
    )


def count_exception() -> None:
    """An unhandled exception of the current request (answered 500), counted by method."""
    if not request.path.startswith(UNTRACKED):
        metrics: RequestMetrics = current_app.extensions["ddz-request-metrics"]
        metrics.exceptions.labels(request.method, 500).inc()


def _cors_hook(app: Flask, settings: Settings) -> Callable[[Response], Response]:
    """flask-cors's own hook, taken off the list of hooks: it runs for requests that carry an
    ``Origin`` (the only ones CORS concerns), its errors' handling stays as flask-cors set it."""
    origins = [o.strip() for o in settings.cors_origins.split(",")] or ["*"]
    CORS(
        app,
        origins=origins,
        methods=["GET", "POST", "OPTIONS"],
        expose_headers=[REQUEST_ID, "Retry-After"],
        max_age=3600,
    )
    hook = app.after_request_funcs[None].pop()
    if not hook.__module__.startswith("flask_cors"):  # pragma: no cover - a flask-cors change
        raise RuntimeError("flask-cors no longer registers its after_request hook last")
    return cast("Callable[[Response], Response]", hook)


def init_app(app: Flask, settings: Settings) -> PrometheusMetrics:
    """Wire request ids, access logs, metrics (multiprocess under gunicorn) and CORS."""
    _configure_logging(settings.log_level)
    options: dict[str, Any] = {"export_defaults": False}
    if settings.metrics_dir:
        exporter: PrometheusMetrics = GunicornInternalPrometheusMetrics(app, **options)
    else:
        exporter = PrometheusMetrics(app, registry=CollectorRegistry(), **options)
    metrics = RequestMetrics(exporter.registry)
    app.before_request(_start)
    app.after_request(_finisher(metrics, _cors_hook(app, settings)))
    app.extensions["ddz-metrics"] = exporter
    app.extensions["ddz-request-metrics"] = metrics
    return exporter


__all__ = [
    "REQUEST_ID",
    "RequestMetrics",
    "access_log",
    "count_exception",
    "init_app",
    "log_request",
    "request_id",
]
