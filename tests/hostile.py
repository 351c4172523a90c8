"""The hostile-input corpus: requests no well-behaved client sends, each with the
answer it must get. ``test_hostile.py`` checks the HTTP layer's handling of some in process;
``test_hostile_live.py`` sends all of them to gunicorn, transport tricks included.

A body is built from a template of a request in which ``@`` marks the value under attack.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from service.api.body import MAX_DEPTH
from service.config import Settings

LIMIT = Settings().max_body_bytes
RECORD: dict[str, Any] = {
    "deal": {"hands": ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"]},
    "first_bidder": 0,
}
DEAL = '"deal": {"hands": ["3", "4", "5"], "kitty": ""}, "first_bidder": 0'
FIELDS = [
    ("/v1/classify", '{"cards": @}'),
    ("/v1/classify/batch", '{"items": @}'),
    ("/v1/classify/batch", '{"items": ["3", @]}'),
    ("/v1/legal-moves", '{"hand": "3", "ruleset": @}'),
    ("/v1/legal-moves", '{"hand": "3", "ruleset": {"game": @}}'),
    ("/v1/legal-moves", '{"hand": "3", "kinds": @}'),
    ("/v1/legal-moves", '{"hand": "3", "previous": @}'),
    ("/v1/legal-moves", '{"hand": "3", "limit": @}'),
    ("/v1/beats", '{"play": {"cards": "3", "kind": @}, "previous": "3"}'),
    ("/v1/beats", '{"play": "4", "previous": {"cards": "3", "rank": @}}'),
    ("/v1/beats/batch", '{"items": [{"play": @, "previous": "3"}]}'),
    ("/v1/score", '{"bid": @, "winner": "landlord"}'),
    ("/v1/score", '{"bid": 1, "winner": @}'),
    ("/v1/hands/validate", '{"deal": {"hands": @, "kitty": ""}, "first_bidder": 0}'),
    ("/v1/hands/validate", '{"deal": {"hands": ["3", "4", "5"], "kitty": @}, "first_bidder": 0}'),
    ("/v1/hands/validate", "{" + DEAL + ', "bids": [{"seat": @, "bid": 1}]}'),
    ("/v1/hands/validate", "{" + DEAL + ', "events": @}'),
    ("/v1/hands/validate", "{" + DEAL + ', "events": [{"seat": 0, "cards": @}]}'),
    ("/v1/hands/validate/batch", '{"items": [@]}'),
    ("/v1/matches/score", '{"hands": [{"players": @, ' + DEAL + "}]}"),
]
"""A field of every request schema, at every nesting level a request has."""
INTEGERS = [
    ("/v1/legal-moves", '{"hand": "3", "limit": @}'),
    ("/v1/legal-moves", '{"hand": "3", "offset": @}'),
    ("/v1/legal-moves", '{"hand": "3", "ruleset": {"kicker_rank_max": @}}'),
    ("/v1/legal-moves", '{"hand": "3", "ruleset": {"multiplier_cap": @}}'),
    ("/v1/score", '{"bid": @, "winner": "landlord"}'),
    ("/v1/score", '{"bid": 1, "winner": "landlord", "bombs": @}'),
    ("/v1/score", '{"bid": 1, "winner": "landlord", "doublings": @}'),
    ("/v1/hands/validate", '{"deal": {"hands": ["3", "4", "5"], "kitty": ""}, "first_bidder": @}'),
    ("/v1/hands/validate", "{" + DEAL + ', "bids": [{"seat": 0, "bid": @}]}'),
]
"""Every kind of integer field: counts, seats, bids, page sizes, rule options."""


def nested(depth: int, leaf: str = '"3"', *, objects: bool = False) -> str:
    """A JSON value inside ``depth`` arrays (or objects)."""
    if objects:
        return '{"a":' * depth + leaf + "}" * depth
    return "[" * depth + leaf + "]" * depth


def around(template: str) -> int:
    """The arrays and objects around the ``@`` of a template."""
    before = template[: template.index("@")]
    return before.count("{") + before.count("[") - before.count("}") - before.count("]")


JSON = (("Content-Type", "application/json"),)


@dataclass(frozen=True)
class Case:
    """One request of the corpus and the answer it must get: a problem document with
    ``status``, unless the application answers 2xx or gunicorn refuses the request itself."""

    name: str
    path: str
    body: bytes | None = None
    status: int = 400
    method: str = "POST"
    headers: tuple[tuple[str, str], ...] = JSON
    chunked: bool = False
    by_server: bool = False
    """gunicorn answers (text/html) before the application: its header and request-line limits."""
    may_break: bool = False
    """The answer may come while the client is still sending: it may see a broken pipe."""

    @property
    def problem(self) -> bool:
        """Whether the answer is a problem document."""
        return self.status >= 400 and not self.by_server


def _post(name: str, path: str, body: str | bytes, status: int, **kwargs: Any) -> Case:
    data = body.encode() if isinstance(body, str) else body
    return Case(name, path, data, status, **kwargs)


def nesting() -> Iterator[Case]:
    """Arrays and objects past the depth limit (400) and up to it (the schema's 422), in a
    field of every request schema; and three bodies far past it that were once 500s."""
    for path, template in FIELDS:
        for objects in (False, True):
            kind = "objects" if objects else "arrays"
            past = template.replace("@", nested(MAX_DEPTH + 1, objects=objects))
            inside = template.replace("@", nested(MAX_DEPTH - around(template), objects=objects))
            yield _post(f"{kind} past the limit in {template}", path, past, 400)
            yield _post(f"{kind} up to the limit in {template}", path, inside, 422)
    once_500s = [
        ("/v1/classify", FIELDS[0][1], nested(30_000)),
        ("/v1/legal-moves", FIELDS[3][1], nested(5_000, objects=True)),
        ("/v1/hands/validate", FIELDS[13][1], nested(20_000)),
    ]
    for path, template, value in once_500s:
        yield _post(
            f"once a 500: {len(value)} bytes deep in {template}",
            path,
            template.replace("@", value),
            400,
        )


def numbers() -> Iterator[Case]:
    """Huge, non-finite and non-integer numbers in every kind of integer field."""
    values = [
        ("9" * 5_000, 400),  # over 4,300 digits, refused by the reader
        ("-" + "9" * 60_000, 400),
        ("9" * 4_300, 422),  # the longest integer Python converts: out of range
        ("18446744073709551616", 422),  # 2**64
        ("1e999", 422),  # beyond a double: infinite, no integer
        ("1.5", 422),
        ("NaN", 400),
        ("Infinity", 400),
        ("-Infinity", 400),
    ]
    for path, template in INTEGERS:
        for value, status in values:
            yield _post(f"{value[:24]} in {template}", path, template.replace("@", value), status)


def text() -> Iterator[Case]:
    """Duplicate names, surrogates, bytes that are not UTF-8, and bodies that are no object."""
    event = "{" + DEAL + ', "events": [{"seat": 0, "seat": 1, "pass": true}]}'
    ruleset = '{"hand": "3", "ruleset": {"name": "standard", "name": "standard"}}'
    bodies: list[tuple[str, str, str | bytes, int]] = [
        ("duplicate name", "/v1/classify", '{"cards": "3", "cards": "3"}', 400),
        ("duplicate name in a rule set", "/v1/legal-moves", ruleset, 400),
        ("duplicate name in an event", "/v1/hands/validate", event, 400),
        ("lone surrogate, escaped", "/v1/classify", b'{"cards": "\\ud800"}', 400),
        ("lone low surrogate, escaped", "/v1/classify", b'{"cards": "\\udc00 3"}', 400),
        ("surrogate in UTF-8", "/v1/classify", b'{"cards": "\xed\xa0\x80"}', 400),
        ("invalid UTF-8", "/v1/classify", b'{"cards": "\xff\xfe"}', 400),
        ("overlong UTF-8", "/v1/classify", b'{"cards": "\xc0\xaf"}', 400),
        ("byte order mark", "/v1/classify", b'\xef\xbb\xbf{"cards": "3"}', 400),
        ("NUL in a string", "/v1/classify", b'{"cards": "3\\u0000"}', 422),
        ("two documents", "/v1/classify", '{"cards": "3"} {"cards": "4"}', 400),
        ("truncated", "/v1/classify", '{"cards": "3', 400),
        ("white space only", "/v1/classify", "   ", 400),
        ("empty body", "/v1/classify", "", 422),
        ("null", "/v1/classify", "null", 422),
        ("a number", "/v1/classify", "3", 422),
        ("a string", "/v1/classify", '"33"', 422),
        ("an array", "/v1/classify", '["3", "3"]', 422),
        ("an array of requests", "/v1/classify/batch", '[{"items": ["3"]}]', 422),
        ("control: Chinese jokers", "/v1/classify", '{"cards": "小王 大王"}', 200),
    ]
    for name, path, body, status in bodies:
        yield _post(name, path, body, status)


def media_types() -> Iterator[Case]:
    """Bodies sent as something else than JSON (415), and JSON with parameters (read)."""
    body = b'{"cards": "33"}'
    for media, status in [
        ("text/plain", 415),
        ("application/x-www-form-urlencoded", 415),
        ("multipart/form-data; boundary=x", 415),
        ("application/jsonx", 415),
        ("application/json; charset=utf-8", 200),
        ("application/json; charset=latin-1", 200),  # JSON is UTF-8 (RFC 8259): ignored
        ("APPLICATION/JSON", 200),
    ]:
        yield Case(media, "/v1/classify", body, status, headers=(("Content-Type", media),))
    form = (("Content-Type", "application/x-www-form-urlencoded"),)
    yield Case("form data", "/v1/classify", b"cards=33", 415, headers=form)
    yield Case("no content type", "/v1/classify", body, 415, headers=())


def sizes() -> Iterator[Case]:
    """Bodies over the limit, with a length or chunked (413), and what fits (read)."""

    def padded(size: int) -> bytes:
        return b'{"items": ["3"]' + b" " * (size - 16) + b"}"

    for size, status in [(LIMIT, 200), (LIMIT + 1, 413), (200_000, 413), (5_000_000, 413)]:
        big = size > 1_000_000
        for chunked in (False, True):
            name = f"{size:,} bytes {'chunked' if chunked else 'with a length'}"
            yield Case(
                name, "/v1/classify/batch", padded(size), status, chunked=chunked, may_break=big
            )
    short = (*JSON, ("Content-Length", "10"))
    yield Case("a length shorter than the body", "/v1/classify", b'{"cards": "33"}', headers=short)


def headers() -> Iterator[Case]:
    """Many and long headers: the application's share (answered), gunicorn's limits (50
    fields, 8,190 bytes a field, 4,096 bytes the request line: refused by gunicorn itself)."""
    body = b'{"cards": "33"}'
    many = tuple((f"X-Header-{i}", "v") for i in range(45))
    more = tuple((f"X-Header-{i}", "v") for i in range(100))
    yield Case("45 headers", "/v1/classify", body, 200, headers=JSON + many)
    yield Case(
        "8,000 bytes a header", "/v1/classify", body, 200, headers=(*JSON, ("X-Long", "v" * 8_000))
    )
    yield Case(
        "5,000 bytes of X-Request-ID",
        "/v1/classify",
        body,
        200,
        headers=(*JSON, ("X-Request-ID", "r" * 5_000)),
    )
    yield Case("100 headers", "/v1/classify", body, 431, headers=JSON + more, by_server=True)
    yield Case(
        "9,000 bytes a header",
        "/v1/classify",
        body,
        431,
        headers=(*JSON, ("X-Long", "v" * 9_000)),
        by_server=True,
    )
    yield Case(
        "a length and chunked",
        "/v1/classify",
        body,
        400,
        headers=(*JSON, ("Content-Length", "15"), ("Transfer-Encoding", "chunked")),
        by_server=True,
    )
    yield Case("a path of 4,000 bytes", "/" + "a" * 4_000, None, 404, method="GET", headers=())
    yield Case(
        "a path of 5,000 bytes",
        "/" + "a" * 5_000,
        None,
        414,
        method="GET",
        headers=(),
        by_server=True,
    )
    yield Case("a path that is no UTF-8", "/v1/%ff%ED%A0%80", None, 404, method="GET", headers=())
    yield Case("GET on a POST operation", "/v1/classify", None, 405, method="GET", headers=())


def corpus() -> list[Case]:
    """Every case, in a fixed order."""
    return [*nesting(), *numbers(), *text(), *media_types(), *sizes(), *headers()]


__all__ = [
    "DEAL",
    "FIELDS",
    "INTEGERS",
    "JSON",
    "LIMIT",
    "RECORD",
    "Case",
    "around",
    "corpus",
    "nested",
]
