"""Two pages where people look instead of read, served by the service itself: a card table
(``GET /table``) and a hand replay (``GET /replay``), with the home page that leads to them
(``GET /``, service/api/home.py) and their words in English and Chinese (``words.json``).
Plain HTML, CSS and JavaScript files of ``static/pages``; the pages call only the public JSON
endpoints and fetch nothing from any other host, which their Content-Security-Policy enforces
(no inline script or style)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

FILES = Path(__file__).parent / "static" / "pages"
ASSETS_URL = "/pages/"
PATHS = ("/table", "/replay", ASSETS_URL)
"""The paths of the pages and their files (neither rate-limited nor counted in the metrics)."""
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""Only this origin's files and endpoints; nothing inline, nothing from elsewhere."""

blp = Blueprint("pages", __name__)


def page(name: str) -> Response:
    """A file of the pages, revalidated on each use (ETag): an upgrade shows at once."""
    response = send_from_directory(FILES, name, max_age=0)
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@blp.route("/table")
def table() -> Response:
    """The card table: cards drawn, their readings, what they beat, their legal moves."""
    return page("table.html")


@blp.route("/replay")
def replay() -> Response:
    """The hand replay: a record stepped through seat by seat, its first illegal step, its score."""
    return page("replay.html")


@blp.route(ASSETS_URL + "<path:name>")
def asset(name: str) -> Response:
    """A script or style sheet of the pages."""
    return page(name)
