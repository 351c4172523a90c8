"""RFC 9457 problem documents (``application/problem+json``) for every error the API returns.

Validation errors become a list of entries, each naming its field as a dotted path
(``items.3.play``) and, for cards, the token and its position.
"""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

import orjson
from flask import Response, g, request
from werkzeug.exceptions import HTTPException

PROBLEM_JSON = "application/problem+json"
INVALID_REQUEST = "urn:ddz-referee:problem:invalid-request"
"""The problem type of a request that parsed as JSON but whose content is not acceptable."""
MAX_PROBLEMS = 100
"""Problems listed in one document, at most (the first ones; the detail says how many there
were): as many as a batch has items, and a bound on the answer to any body (64 KiB of
unknown cards or fields made up to 60,000 of them)."""


def entries(messages: Any, path: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """marshmallow's nested error messages as flat entries, each with a ``field`` path.

    >>> entries({"json": {"items": {3: {"play": ["bad"]}}}})
    [{'field': 'items.3.play', 'code': 'invalid', 'message': 'bad'}]
    """
    found: list[dict[str, Any]] = []
    if isinstance(messages, Mapping) and "message" in messages and "code" in messages:
        return [{"field": ".".join(path)} | dict(messages)]
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            step = () if key in ("json", "_schema") and not path else (str(key),)
            found.extend(entries(value, path + step))
    elif isinstance(messages, list | tuple):
        for item in messages:
            found.extend(entries(item, path))
    else:
        found.append({"field": ".".join(path), "code": "invalid", "message": str(messages)})
    return found


def problem(
    status: int,
    detail: str,
    *,
    title: str | None = None,
    kind: str = "about:blank",
    errors: list[dict[str, Any]] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """A problem document response."""
    body: dict[str, Any] = {
        "type": kind,
        "title": title or _phrase(status),
        "status": status,
        "detail": detail,
        "instance": request.path,
    }
    request_id = g.get("request_id")
    if request_id:
        body["request_id"] = request_id
    if errors is not None:
        body["errors"] = errors
    response = Response(orjson.dumps(body), status=status, mimetype=PROBLEM_JSON)
    response.headers.update(headers or {})
    return response


def invalid(errors: list[dict[str, Any]]) -> Response:
    """422: the request's content is not acceptable; every problem listed, up to
    ``MAX_PROBLEMS``."""
    listed = errors[:MAX_PROBLEMS]
    fields = sorted({e["field"] for e in listed if e.get("field")})
    where = f" in {', '.join(fields)}" if fields else ""
    more = f" (the first {len(listed)} of {len(errors)} problems)" if errors[MAX_PROBLEMS:] else ""
    return problem(422, f"invalid request{where}{more}", kind=INVALID_REQUEST, errors=listed)


def from_http_exception(error: HTTPException) -> Response:
    """Any werkzeug HTTP error (including webargs' 422) as a problem document."""
    data = getattr(error, "data", None) or {}
    code = error.code or 500
    if "messages" in data:
        errors = entries(data["messages"])
        if code == 422:
            return invalid(errors)
        return problem(code, "; ".join(e["message"] for e in errors), errors=errors)
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    headers |= data.get("headers") or {}
    detail = data.get("message") or error.description or _phrase(code)
    return problem(code, str(detail), headers=headers)


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


__all__ = [
    "INVALID_REQUEST",
    "MAX_PROBLEMS",
    "PROBLEM_JSON",
    "entries",
    "from_http_exception",
    "invalid",
    "problem",
]
