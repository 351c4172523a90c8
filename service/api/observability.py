"""Request ids, one JSON log line per request, Prometheus metrics and CORS."""

from __future__ import annotations

import logging
import re
import sys
import time
import uuid
from typing import Any

from flask import Flask, Response, g, request
from flask_cors import CORS
from prometheus_client import CollectorRegistry
from prometheus_flask_exporter import PrometheusMetrics
from prometheus_flask_exporter.multiprocess import GunicornInternalPrometheusMetrics
from pythonjsonlogger.json import JsonFormatter

from service.config import Settings

REQUEST_ID = "X-Request-ID"
_GOOD_ID = re.compile(r"[A-Za-z0-9._:/+=-]{1,128}")

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
    if access_log.handlers:
        return
    handler = _Stderr()
    handler.setFormatter(JsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    access_log.addHandler(handler)
    access_log.setLevel(level.upper())
    access_log.propagate = False


def _start() -> None:
    given = request.headers.get(REQUEST_ID, "")
    g.request_id = given if _GOOD_ID.fullmatch(given) else uuid.uuid4().hex
    g.started = time.perf_counter()


def _finish(response: Response) -> Response:
    response.headers[REQUEST_ID] = g.get("request_id", "")
    if not access_log.isEnabledFor(logging.INFO):
        return response
    elapsed = time.perf_counter() - g.get("started", time.perf_counter())
    access_log.info(
        "request",
        extra={
            "request_id": g.get("request_id"),
            "method": request.method,
            "path": request.path,
            "status": response.status_code,
            "duration_ms": round(elapsed * 1000, 3),
            "bytes": response.calculate_content_length(),
            "remote": request.remote_addr,
        },
    )
    return response


def init_app(app: Flask, settings: Settings) -> PrometheusMetrics:
    """Wire request ids, access logs, metrics (multiprocess under gunicorn) and CORS."""
    _configure_logging(settings.log_level)
    app.before_request(_start)
    app.after_request(_finish)
    origins = [o.strip() for o in settings.cors_origins.split(",")] or ["*"]
    CORS(
        app,
        origins=origins,
        methods=["GET", "POST", "OPTIONS"],
        expose_headers=[REQUEST_ID, "Retry-After"],
        max_age=3600,
    )
    options = {"group_by": "url_rule", "excluded_paths": ["^/metrics$", "^/docs"]}
    if settings.metrics_dir:
        metrics: PrometheusMetrics = GunicornInternalPrometheusMetrics(app, **options)
    else:
        metrics = PrometheusMetrics(app, registry=CollectorRegistry(), **options)
    app.extensions["ddz-metrics"] = metrics
    return metrics


__all__ = ["REQUEST_ID", "init_app"]
