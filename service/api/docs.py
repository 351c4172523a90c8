"""The interactive documentation's assets, served from the installed Swagger UI (no CDN)."""

from __future__ import annotations

from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Response, send_from_directory

ASSETS = Path(flask_swagger_ui.__file__).parent / "dist"
ASSETS_URL = "/docs/assets/"

blp = Blueprint("docs-assets", __name__)


@blp.route(ASSETS_URL + "<path:name>")
def asset(name: str) -> Response:
    """A Swagger UI file (the page itself is served by flask-smorest at ``/docs``)."""
    return send_from_directory(ASSETS, name, max_age=86400)
