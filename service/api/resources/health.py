"""``GET /healthz`` (the process answers) and ``GET /readyz`` (it can serve, and its cache)."""

from __future__ import annotations

from flask import Response, current_app

from ..schemas.common import Health, Readiness
from . import Blueprint, reply

blp = Blueprint("health", __name__, description="Liveness and readiness probes")


@blp.route("/healthz", methods=["GET"])
@blp.response(200, Health, example={"status": "ok"})
def healthz() -> Response:
    """Liveness: the worker answers."""
    return reply({"status": "ok"})


@blp.route("/readyz", methods=["GET"])
@blp.response(
    200,
    Readiness,
    example={
        "status": "ready",
        "cache": {"status": "ok", "local": {"entries": 12, "bytes": 48210}, "redis": "ok"},
    },
)
def readyz() -> Response:
    """Readiness: the rule tables are loaded; the cache's state (degraded is still ready)."""
    return reply({"status": "ready", "cache": current_app.extensions["ddz-cache"].state()})
