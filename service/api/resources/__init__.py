"""One blueprint per resource; each view reads its loaded arguments and calls one answer."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

import flask_smorest
import orjson
from flask import Request, Response, current_app
from marshmallow import Schema, ValidationError, missing
from webargs.flaskparser import FlaskParser, abort
from werkzeug.exceptions import UnsupportedMediaType

from service.answers import Play
from service.rules import RuleSet

from ..body import problem_of, read_json
from ..cache import Cache

NOT_JSON = "send the request body as JSON (Content-Type: application/json)"


LOADED = "ddz.fast_path.loaded"
"""The environ key where the fast path (``service.api.fast``) leaves what it loaded from a
request it hands over: the schema, and the arguments or the ``ValidationError``."""


class JsonParser(FlaskParser):
    """webargs' parser, reading a body with ``body.read_json`` (jiter, with its limits) where
    webargs reads it: a body that is not JSON is a 415 (webargs would read it as an empty
    body), one that is not I-JSON a 400 that says what is wrong and where; an empty body has
    no fields (the schema names the missing ones)."""

    def load_json(self, req: Request, schema: Schema) -> Any:
        if not req.is_json:
            raise UnsupportedMediaType(NOT_JSON)
        data = req.get_data(cache=True)
        if not data:
            return missing
        try:
            return read_json(data)
        except ValueError as error:
            problem = problem_of(error)
            problem["message"] = f"invalid JSON body: {problem['message']}"
            abort(400, exc=error, messages={"json": [problem]})

    def _process_location_data(  # noqa: PLR0917 - webargs' own signature
        self,
        location_data: Any,
        schema: Schema,
        req: Request,
        location: str,
        unknown: str | None,
        validators: Any,
    ) -> Any:
        """The schema's load, unless the fast path loaded this body with this schema already
        (its arguments, or its error raised again): a hostile body is read once."""
        found = req.environ.get(LOADED)
        if found is None or found[0] is not schema:
            return super()._process_location_data(
                location_data, schema, req, location, unknown, validators
            )
        if isinstance(found[1], ValidationError):
            raise found[1]
        return found[1]


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's blueprint, with request bodies read by ``JsonParser``."""

    ARGUMENTS_PARSER = JsonParser()


def reply(answer: dict[str, Any]) -> Response:
    """A JSON answer, encoded with orjson (big move lists cost microseconds, not milliseconds)."""
    return Response(orjson.dumps(answer), mimetype="application/json")


def canonical(value: object) -> Hashable:
    """A loaded request value as a hashable key part: rule sets by name, version and wild ranks,
    plays by cards and declared reading, card counts as they are (already canonical)."""
    if isinstance(value, RuleSet):
        return ("ruleset", value.name, value.version, value.wild)
    if isinstance(value, Play):
        return ("play", value.cards, value.kind, value.rank, value.substitution)
    if isinstance(value, Mapping):
        return tuple(sorted((k, canonical(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        if all(type(v) is int for v in value):  # rank counts: already a key
            return tuple(value)
        return tuple(canonical(v) for v in value)
    return value if isinstance(value, Hashable) else repr(value)


def cached(
    operation: str, args: Mapping[str, Any], answer: Callable[[], dict[str, Any]], cache: Cache
) -> bytes:
    """The answer to an expensive request, through the cache levels (see ``cache``)."""
    return cache.answer((operation, canonical(args)), answer)


Answer = Callable[[dict[str, Any], Cache], bytes]
"""An endpoint's answer to its loaded arguments, as the bytes sent (the cache is for the
expensive ones)."""


@dataclass(frozen=True)
class Route:
    """A POST endpoint as ``service.api.fast`` serves it: its request schema and its answer,
    the very ones its Flask view uses."""

    path: str
    schema: Schema
    answer: Answer


ROUTES: dict[str, Route] = {}
"""The endpoints the fast path may answer, by path."""


def route(path: str, schema: Schema, answer: Answer) -> Answer:
    """Register an endpoint's answer for the fast path; the answer, for its view."""
    ROUTES[path] = Route(path, schema, answer)
    return answer


def answered(answer: Answer, args: dict[str, Any]) -> Response:
    """A view's response: its answer's bytes as JSON."""
    cache: Cache = current_app.extensions["ddz-cache"]
    return Response(answer(args, cache), mimetype="application/json")
