"""The hot endpoints answered beside Flask: a WSGI layer that serves the common request to
``classify``, ``beats``, ``legal-moves``, their batches and the hand records with the very
schema and answer their views use (``resources.ROUTES``), without Flask's request machinery.

Flask costs a request more than the rules do (its request context, URL matching, hooks,
flask-smorest's and webargs' wrappers, the response object): about 230 µs against 60 µs here.
So a request of the common shape is answered here, and every other one is handed to the
application unchanged (the plain path), which remains the reference:

- a request it serves: ``POST`` to one of the routes, ``Content-Type: application/json``, a
  ``Content-Length`` within ``DDZ_MAX_BODY_BYTES``, no ``Origin`` (CORS is the application's),
  not refused by the rate limit, a body that loads with the route's schema and an answer
  that raises no ``InputError``;
- the answer is the one the view gives (the same function, the same bytes), with the same
  headers (``Content-Type``, ``Content-Length``, ``X-Request-ID``, ``Vary: Origin``), the same
  request metrics and the same access-log line;
- anything else (an error to report, an unusual request) goes to Flask with its body put back,
  so that errors are reported by one code path only; what the schema loaded (the arguments
  or the error) goes with it, so that a hostile body is not read twice;
  ``tests/test_fast_path_http.py`` checks that both paths answer random requests with the
  same bytes.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import marshmallow as ma

from service.answers import InputError

from .body import read_json
from .cache import Cache
from .limits import ENVIRON_KEY
from .observability import RequestMetrics, access_log, log_request, request_id
from .resources import LOADED, Route

JSON = "application/json"


class FastPath:
    """WSGI middleware: ``routes`` answered here when the request is of the common shape (see
    the module), everything else passed to ``app``."""

    def __init__(
        self,
        app: Callable[..., Iterable[bytes]],
        routes: Mapping[str, Route],
        *,
        cache: Cache,
        metrics: RequestMetrics,
        max_body: int,
    ) -> None:
        self.app, self.routes = app, dict(routes)
        self.cache, self.metrics, self.max_body = cache, metrics, max_body

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        started = time.perf_counter()
        route = self.routes.get(environ.get("PATH_INFO", ""))
        size = self._size(environ) if route is not None else 0
        if route is None or not size:
            return self.app(environ, start_response)
        data = environ["wsgi.input"].read(size)
        body = self._answer(route, data, environ) if len(data) == size else None
        if body is None:  # handed over, with the body it would have read
            environ["wsgi.input"] = io.BytesIO(data)
            return self.app(environ, start_response)
        rid = request_id(environ.get("HTTP_X_REQUEST_ID", ""))
        start_response(
            "200 OK",
            [
                ("Content-Type", JSON),
                ("Content-Length", str(len(body))),
                ("X-Request-ID", rid),
                ("Vary", "Origin"),
            ],
        )
        elapsed = time.perf_counter() - started
        self.metrics.record("POST", route.path, 200, elapsed)
        if access_log.isEnabledFor(logging.INFO):
            remote = environ.get("REMOTE_ADDR")
            log_request(
                rid,
                method="POST",
                path=route.path,
                status=200,
                elapsed=elapsed,
                size=len(body),
                remote=remote,
            )
        return [body]

    def _size(self, environ: dict[str, Any]) -> int:
        """The body's length if the request is of the shape served here, else 0."""
        verdict = environ.get(ENVIRON_KEY)
        if (
            environ.get("REQUEST_METHOD") != "POST"
            or environ.get("CONTENT_TYPE") != JSON
            or "HTTP_ORIGIN" in environ
            or "HTTP_TRANSFER_ENCODING" in environ
            or (verdict is not None and not verdict.allowed)
        ):
            return 0
        length = environ.get("CONTENT_LENGTH", "")
        if not (length.isascii() and length.isdigit()):
            return 0
        size = int(length)
        return size if size <= self.max_body else 0

    def _answer(self, route: Route, data: bytes, environ: dict[str, Any]) -> bytes | None:
        """The answer's bytes, or None for a request the application must answer (what the
        schema loaded, or its error, left in ``environ`` for it: ``LOADED``)."""
        try:
            found = read_json(data)
        except ValueError:  # not JSON: reported by the plain path
            return None
        try:
            args = route.schema.load(found)
        except ma.ValidationError as error:
            environ[LOADED] = (route.schema, error)
            return None
        try:
            return route.answer(args, self.cache)
        except InputError:
            environ[LOADED] = (route.schema, args)
            return None


__all__ = ["FastPath"]
