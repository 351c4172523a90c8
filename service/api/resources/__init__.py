"""One blueprint per resource; each view reads its loaded arguments and calls one answer."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

import orjson
from flask import Response, current_app

from service.answers import Play
from service.rules import RuleSet

from ..cache import Cache


def reply(answer: dict[str, Any]) -> Response:
    """A JSON answer, encoded with orjson (big move lists cost microseconds, not milliseconds)."""
    return Response(orjson.dumps(answer), mimetype="application/json")


def canonical(value: object) -> Hashable:
    """A loaded request value as a hashable key part: rule sets by name and version, plays by
    cards and declared reading, card counts as they are (already canonical)."""
    if isinstance(value, RuleSet):
        return ("ruleset", value.name, value.version)
    if isinstance(value, Play):
        return ("play", value.cards, value.kind, value.rank)
    if isinstance(value, Mapping):
        return tuple(sorted((k, canonical(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(canonical(v) for v in value)
    return value if isinstance(value, Hashable) else repr(value)


def cached_reply(
    operation: str, args: Mapping[str, Any], answer: Callable[[], dict[str, Any]]
) -> Response:
    """The answer to an expensive request, through the cache levels (see ``cache``)."""
    cache: Cache = current_app.extensions["ddz-cache"]
    body = cache.answer((operation, canonical(args)), answer)
    return Response(body, mimetype="application/json")
