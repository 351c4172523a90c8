"""How a request body is read: at most ``DDZ_MAX_BODY_BYTES`` bytes however it is sent, and
parsed by jiter (pydantic's JSON parser) as I-JSON (RFC 7493), whose limits bound what a
body can make the service build.

- Depth: arrays and objects nest at most ``MAX_DEPTH`` levels; the parser refuses a deeper
  document itself, without recursing in Python, and far below Python's own recursion limit,
  so that nothing that walks a value (a ``repr`` in an error message) can hit it. The
  deepest request, a match's hand with its cards as arrays, nests 6.
- Numbers: an integer of more than 4,300 digits is refused before any conversion (Python's
  own limit, which made it a 500); a shorter one is an ``int`` that the field's range refuses
  by name. NaN and Infinity are not JSON.
- Text: UTF-8 only; invalid bytes, a byte order mark and lone surrogates (``"\\ud800"``) are
  refused.
- Duplicate names are refused, naming the name: RFC 8259 leaves them to each reader (most
  keep the last, some the first), I-JSON forbids them, and a client that sends two
  ``ruleset``s meant one of them; rather than guess which, the service says so.

>>> read_json(b'{"cards": "33", "ruleset": "standard"}')
{'cards': '33', 'ruleset': 'standard'}
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from typing import Any

import jiter

MAX_DEPTH = 200
"""Arrays and objects around a value, at most: jiter's recursion limit, which it enforces."""

_PROBLEMS = (
    ("recursion limit exceeded", "too_deep", f"arrays and objects nested over {MAX_DEPTH} levels"),
    ("number out of range", "number_too_large", "a number of more than 4,300 digits"),
    ("Detected duplicate key", "duplicate_name", None),
)
"""jiter's messages for the limits: the code and words of the problem entry (None: jiter's)."""
_WHERE = re.compile(r" at line (\d+) column (\d+)$")


def read_json(data: bytes) -> Any:
    """The JSON value of a body; ``ValueError`` when it is not I-JSON or passes the limits
    above (the problem entry that says why: ``problem_of``)."""
    return jiter.from_json(data, allow_inf_nan=False, catch_duplicate_keys=True)


def problem_of(error: ValueError) -> dict[str, str]:
    """The problem entry of a body that is not JSON: a code, what is wrong and where.

    >>> def problem(data):
    ...     try:
    ...         read_json(data)
    ...     except ValueError as error:
    ...         return problem_of(error)
    >>> problem(b"[" * 30_000)["message"]
    'arrays and objects nested over 200 levels at line 1, column 202'
    >>> problem(b'{"hand": "3", "limit": ' + b"9" * 5000 + b"}")["code"]
    'number_too_large'
    >>> problem(b'{"cards": "3", "cards": "4"}')
    {'code': 'duplicate_name', 'message': 'Detected duplicate key "cards" at line 1, column 24'}
    >>> problem(b'{"cards": NaN}')
    {'code': 'invalid_json', 'message': 'expected value at line 1, column 11'}
    >>> problem_of(ValueError("no place"))
    {'code': 'invalid_json', 'message': 'no place'}
    """
    text = str(error)
    place = _WHERE.search(text)
    what = text[: place.start()] if place else text
    where = f" at line {place[1]}, column {place[2]}" if place else ""
    code, words = next(((c, w) for m, c, w in _PROBLEMS if what.startswith(m)), ("", None))
    return {"code": code or "invalid_json", "message": (words or what) + where}


class ChunkedBodyLimit:
    """WSGI middleware: a chunked body (no ``Content-Length``) read up to ``limit`` bytes and
    one more, and handed on as a body of that length (as a buffering proxy does), so that
    werkzeug refuses one over the limit with 413 as it does a declared length. Without it
    werkzeug read ``limit`` bytes and stopped: the body was cut, and answered 400 as invalid
    JSON.

    Only for servers that end the input stream where the body ends (``wsgi.input_terminated``,
    as gunicorn does); others get werkzeug's own handling (an empty body)."""

    def __init__(self, app: Callable[..., Iterable[bytes]], limit: int) -> None:
        self.app = app
        self.limit = limit

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and environ.get("wsgi.input_terminated") and not environ.get("CONTENT_LENGTH"):
            body = _read(environ["wsgi.input"], self.limit + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            del environ["HTTP_TRANSFER_ENCODING"]  # the body is no longer chunked
        return self.app(environ, start_response)


def _read(stream: Any, size: int) -> bytes:
    """Up to ``size`` bytes of ``stream``: a stream may hand them over a chunk at a time."""
    parts: list[bytes] = []
    while size > 0 and (part := stream.read(size)):
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


__all__ = ["MAX_DEPTH", "ChunkedBodyLimit", "problem_of", "read_json"]
