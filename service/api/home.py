"""The service's front door, ``GET /``: a person's browser (asking for HTML) gets the home page,
which leads to the card table, the hand replay and the API docs; any other client the index as
JSON (the service's name and version, where its contract and docs are, its endpoints)."""

from __future__ import annotations

import re

from flask import Blueprint, Flask, Response, current_app, jsonify, request

from . import pages

blp = Blueprint("home", __name__)

PARAMETER = re.compile(r"<(?:[^:>]+:)?([^>]+)>")
OPENAPI_PARAMETER = r"{\1}"
"""A parameter of a Flask route (``<string:name>``), written as OpenAPI writes it (``{name}``)."""

LINKS = {
    "docs": "/docs",
    "openapi": "/openapi.json",
    "table": "/table",
    "replay": "/replay",
    "health": "/healthz",
}


def index(app: Flask) -> dict[str, object]:
    """The JSON index: name, version, links, and every endpoint of the API (``/v1``).

    >>> from service.api import create_app
    >>> found = index(create_app({"TESTING": True}))
    >>> found["links"]["openapi"], "POST /v1/classify" in found["endpoints"]
    ('/openapi.json', True)
    """
    endpoints = {
        f"{method} {PARAMETER.sub(OPENAPI_PARAMETER, rule.rule)}"
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/v1/")
        for method in rule.methods or ()
        if method not in {"HEAD", "OPTIONS"}
    }
    return {
        "name": app.config["API_TITLE"],
        "version": app.config["API_VERSION"],
        "links": LINKS,
        "endpoints": sorted(endpoints, key=lambda e: (e.split()[1], e)),
    }


@blp.route("/")
def home() -> Response:
    """The home page for a browser, the JSON index for any other client."""
    wanted = request.accept_mimetypes.best_match(("application/json", "text/html"))
    response = pages.page("index.html") if wanted == "text/html" else jsonify(index(current_app))
    response.vary.add("Accept")
    return response
