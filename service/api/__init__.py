"""The HTTP API: a stateless Flask application over the rules core.

>>> app = create_app({"TESTING": True})
>>> app.test_client().post("/v1/classify", json={"cards": "33344"}).json["combination"]["kind"]
'trio_pair'
"""

from __future__ import annotations

import http
import logging
from collections.abc import Callable, Mapping
from importlib.metadata import version
from typing import Any

from flask import Flask, Response
from flask_smorest import Api
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.middleware.proxy_fix import ProxyFix

from service.answers import InputError
from service.config import Settings
from service.rules import PRESETS, legal_moves
from service.rules.examples import WORST_HAND
from service.rules.scoring import ScoreError

from . import docs, home, limits, observability, pages
from .body import ChunkedBodyLimit
from .cache import Cache, CacheMetrics, LocalCache, RedisCache
from .fast import FastPath
from .problems import PROBLEM_JSON, from_http_exception, invalid
from .resources import ROUTES, beats, classify, hands, health, moves, rulesets, score
from .schemas.common import PlayObject, Problem, RuleSetOptions

log = logging.getLogger("ddz_referee")

VERSION = version("ddz-referee")
"""The project's one version, as pyproject.toml declares it (the installed package's metadata):
the OpenAPI document's, the service index's, the image tags'."""

DESCRIPTION = """\
[Home](/) · [Card table](/table) · [Hand replay](/replay): the pages of this service, in English
and Chinese.

A rules referee for Dou Dizhu (斗地主): classify card sets, compare plays, list legal moves,
score hands, validate whole hand records and total matches, under named rule sets (with
option overrides). Every answer names the rule set and
its version. Errors are RFC 9457 problem documents naming the field and, for cards, the token
and its position. Send `X-Request-ID` to have it logged and echoed.

Cards: a string (`"33344"`, `"3 3 3 10 10"`, `"10,J,Q,K,A"`, `"S10 10s ♠10"`) or an array of
tokens; ranks `3`-`9`, `10`/`T`, `J Q K A 2` in either case; jokers `B`/`BJ`/`SJ`/`X`/`小王`
(black, small) and `R`/`RJ`/`CJ`/`D`/`大王` (red, big); the playing-card characters of Unicode, a
card each, with or without separators (U+1F0A1-1F0DE, the ace of spades to the king of clubs;
jokers U+1F0BF red, U+1F0CF and U+1F0DF (white) black; the knights and a card's back U+1F0A0
are refused as `not_a_card`). Answers write cards canonically: `3456789TJQKA2BR`, ascending
(`T` ten, `B` black joker, `R` red joker).
"""


class ReferenceFlask(Flask):
    """Flask, with what ``ensure_sync`` finds about each view and hook remembered: Flask asks
    ``inspect.iscoroutinefunction`` on every call, several times a request."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        found = self._sync.get(func)
        if found is None:
            found = super().ensure_sync(func)
            if len(self._sync) < SYNC_CACHE:
                self._sync[func] = found
        return found


SYNC_CACHE = 1024
"""Views and hooks remembered by ``ReferenceFlask.ensure_sync`` (the service has a few dozen)."""


class ReferenceApi(Api):
    """flask-smorest's Api with problem documents for every error."""

    ERROR_SCHEMA = Problem
    DEFAULT_ERROR_RESPONSE_NAME = "DEFAULT_ERROR"

    def handle_http_exception(self, error: HTTPException) -> Response:
        if isinstance(error, InternalServerError):
            log.error("unhandled error", exc_info=error.original_exception)
            observability.count_exception()
        return from_http_exception(error)

    def _register_responses(self) -> None:
        for status in http.HTTPStatus:
            if status >= 400:
                self._error_response(status.name, status.phrase)
        self._error_response("DEFAULT_ERROR", "A problem document (RFC 9457)")

    def _error_response(self, name: str, text: str) -> None:
        assert self.spec is not None
        content = {PROBLEM_JSON: {"schema": "Problem"}}
        self.spec.components.response(name, {"description": text, "content": content}, lazy=True)


def _config(settings: Settings) -> dict[str, Any]:
    return {
        "API_TITLE": "ddz-referee",
        "API_VERSION": VERSION,
        "OPENAPI_VERSION": "3.1.0",
        "OPENAPI_URL_PREFIX": "/",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": "/docs",
        "OPENAPI_SWAGGER_UI_URL": docs.ASSETS_URL,
        "OPENAPI_SWAGGER_UI_CONFIG": {"tryItOutEnabled": True, "displayRequestDuration": True},
        "API_SPEC_OPTIONS": {
            "info": {"description": DESCRIPTION, "license": {"name": "MIT", "identifier": "MIT"}},
        },
        "MAX_CONTENT_LENGTH": settings.max_body_bytes,
        "JSON_AS_ASCII": False,
    }


def _input_error(error: InputError) -> Response:
    return invalid([{"field": error.field, "code": error.code, "message": error.message}])


def _score_error(error: ScoreError) -> Response:
    return invalid(
        [{"field": p.field, "code": p.code, "message": p.message} for p in error.problems]
    )


def _cache(settings: Settings, metrics: CacheMetrics) -> Cache:
    local = LocalCache(entries=settings.cache_entries, size=settings.cache_bytes)
    remote = None
    if settings.redis_url:
        remote = RedisCache(
            settings.redis_url,
            timeout=settings.redis_timeout,
            ttl=settings.cache_ttl,
            value_max=settings.cache_value_max,
            reset_timeout=settings.breaker_reset,
        )
    return Cache(local, remote, metrics, share_min_us=settings.cache_share_min_us)


def create_app(
    config: Mapping[str, Any] | None = None, *, settings: Settings | None = None
) -> Flask:
    """The application: settings from the environment unless given; ``config`` overrides Flask's."""
    settings = settings or Settings.from_env()
    app = ReferenceFlask("service")
    app.config.update(_config(settings))
    app.config.update(config or {})
    app.extensions["ddz-settings"] = settings
    metrics = observability.init_app(app, settings)
    cache = app.extensions["ddz-cache"] = _cache(settings, CacheMetrics(metrics.registry))
    limiter = limits.init_app(app, settings)
    app.register_error_handler(InputError, _input_error)
    app.register_error_handler(ScoreError, _score_error)
    api = ReferenceApi(app)
    api.spec.components.schema("RuleSetOptions", schema=RuleSetOptions)
    api.spec.components.schema("PlayObject", schema=PlayObject)
    for module in (classify, beats, moves, score, hands, rulesets, health):
        api.register_blueprint(module.blp)
    app.register_blueprint(docs.blp)
    app.register_blueprint(pages.blp)
    app.register_blueprint(home.blp)
    # The WSGI layers, innermost first: a chunked body bounded; the hot endpoints' fast path
    # (unless FAST_PATH is False: the plain path alone); the rate limit; the proxies' address.
    wsgi: Callable[..., Any] = ChunkedBodyLimit(app.wsgi_app, settings.max_body_bytes)
    if app.config.get("FAST_PATH", True):
        request_metrics = app.extensions["ddz-request-metrics"]
        wsgi = FastPath(
            wsgi, ROUTES, cache=cache, metrics=request_metrics, max_body=settings.max_body_bytes
        )
    if limiter is not None:
        wsgi = limits.LimitedApp(wsgi, limiter)
    if settings.proxy_hops:
        wsgi = ProxyFix(wsgi, x_for=settings.proxy_hops)
    app.wsgi_app = wsgi  # type: ignore[method-assign]
    return app


def warm() -> None:
    """Make now (before workers fork), not on a first request, the tables every game shares (a
    hand's rank lists) and each preset's plans: one hand's leads listed under every preset
    without wilds. The rest is made as requests read it, each form's chains by the sets of
    chain ranks hands hold (``fast.families.ByChainRanks``; docs/rulesets.md, "Any option
    set, first used")."""
    for rules in PRESETS.values():
        if rules.model.wilds is None:
            legal_moves(WORST_HAND, rules=rules).count()


__all__ = ["create_app", "warm"]
