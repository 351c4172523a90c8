"""Hostile input in process: bodies that must be refused with a problem document naming what
is wrong, in bounded time and size, never a 500. The same inputs, and the transport-level
ones, are sent to a live gunicorn by ``test_hostile_live.py``."""

from __future__ import annotations

import io
import re
import time
from collections.abc import Iterator
from typing import Any

import marshmallow as ma
import orjson
import pytest
from flask.testing import FlaskClient
from hostile import FIELDS, RECORD, around, nested

from service.api import create_app, fields
from service.api.body import MAX_DEPTH
from service.api.problems import MAX_PROBLEMS
from service.api.schemas import beats, classify, hands, matches, moves, score
from service.config import Settings

Json = dict[str, Any]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def send(client: FlaskClient, path: str, body: bytes | str, status: int) -> Json:
    """POST ``body`` as JSON; the answer must be a problem document with ``status``."""
    answer = client.post(path, data=body, content_type="application/json")
    assert answer.status_code == status, answer.get_data(as_text=True)[:500]
    assert answer.mimetype == "application/problem+json"
    data: Json = answer.json
    assert data["status"] == status
    return data


def codes(problem: Json) -> set[str]:
    return {e["code"] for e in problem["errors"]}


# --- depth ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "template", "objects", "depth"),
    [
        ("/v1/classify", '{"cards": @}', False, 30_000),
        ("/v1/legal-moves", '{"hand": "3", "ruleset": @}', True, 5_000),
        ("/v1/hands/validate", FIELDS[13][1], False, 20_000),
        ("/v1/classify", '{"cards": @}', False, MAX_DEPTH),  # 1 + MAX_DEPTH levels
        ("/v1/legal-moves", '{"hand": "3", "ruleset": @}', True, MAX_DEPTH),
    ],
)
def test_json_nested_past_the_limit_is_a_400_naming_the_depth(
    client: FlaskClient, path: str, template: str, objects: bool, depth: int
) -> None:
    """Bodies nested far past the limit (30,000 arrays in ``cards``, 5,000 objects in
    ``ruleset``, arrays in a hand record) were once 500s: Python's json recursed until
    RecursionError."""
    body = template.replace("@", nested(depth, objects=objects))
    problem = send(client, path, body, 400)
    assert codes(problem) == {"too_deep"}
    assert f"over {MAX_DEPTH} levels" in problem["detail"]


@pytest.mark.parametrize(("path", "template"), FIELDS)
@pytest.mark.parametrize("objects", [False, True])
def test_json_nested_up_to_the_limit_is_read_and_refused_by_the_schema(
    client: FlaskClient, path: str, template: str, objects: bool
) -> None:
    """Values nested as deep as the reader allows reach the schemas, which refuse them; a
    ``repr`` of one (an enum's error) stays far inside Python's recursion limit."""
    depth = MAX_DEPTH - around(template)
    problem = send(client, path, template.replace("@", nested(depth, objects=objects)), 422)
    assert problem["errors"]


def test_the_deepest_legitimate_request_is_far_inside_the_limit(client: FlaskClient) -> None:
    """A match's hand with its cards as arrays nests 6 levels (body, hands, hand, deal, hands,
    cards): the limit leaves a factor of 30."""
    hand = RECORD | {"players": ["a", "b", "c"]}
    hand["deal"] = {"hands": [list(h) for h in hand["deal"]["hands"]], "kitty": list("JQK")}
    answer = client.post("/v1/matches/score", json={"hands": [hand]})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert MAX_DEPTH >= 30 * 6


# --- numbers --------------------------------------------------------------------------------


@pytest.mark.parametrize("digits", [20, 300, 4300, 4301, 5000, 60_000])
def test_huge_integers_are_refused_before_any_conversion(client: FlaskClient, digits: int) -> None:
    """A 5,000-digit integer was a 500: Python converts at most 4,300 digits. The reader
    refuses a longer one (and says where), a shorter one is out of the field's range."""
    body = '{"hand": "3", "limit": @}'.replace("@", "9" * digits)
    if digits <= 4300:
        problem = send(client, "/v1/legal-moves", body, 422)
        assert [e["field"] for e in problem["errors"]] == ["limit"]
    else:
        problem = send(client, "/v1/legal-moves", body, 400)
        assert codes(problem) == {"number_too_large"}
        assert "line 1, column " in problem["detail"]


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_numbers_are_not_json(client: FlaskClient, value: str) -> None:
    send(client, "/v1/legal-moves", '{"hand": "3", "limit": @}'.replace("@", value), 400)


@pytest.mark.parametrize("value", ["1e999", "-1e999", "1e300", "2.5"])
def test_numbers_that_are_no_integer_name_the_field(client: FlaskClient, value: str) -> None:
    """A number beyond a double's range reads as infinite, and is no integer."""
    body = '{"hand": "3", "limit": @}'.replace("@", value)
    problem = send(client, "/v1/legal-moves", body, 422)
    assert [e["field"] for e in problem["errors"]] == ["limit"]


# --- text -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        b'{"cards": "\\ud800"}',  # a lone surrogate, escaped (was a 500: unencodable answer)
        b'{"cards": "\xed\xa0\x80"}',  # a surrogate encoded in UTF-8
        b'{"cards": "\xff"}',  # not UTF-8
        b'\xef\xbb\xbf{"cards": "3"}',  # a byte order mark
        b'{"cards": "3"} {}',  # two documents
        b"{",
        b" ",
    ],
)
def test_text_that_is_not_json_is_a_400(client: FlaskClient, body: bytes) -> None:
    problem = send(client, "/v1/classify", body, 400)
    assert codes(problem) == {"invalid_json"}
    assert problem["detail"].startswith("invalid JSON body: ")


@pytest.mark.parametrize(
    "body",
    ['{"cards": "Z", "cards": "33"}', '{"cards": "3", "ruleset": {"name": "x", "name": "y"}}'],
)
def test_duplicate_names_are_refused(client: FlaskClient, body: str) -> None:
    """RFC 8259 leaves duplicate names to each reader (most keep the last, some the first);
    I-JSON forbids them: the service refuses them rather than guess, naming the name."""
    problem = send(client, "/v1/classify", body, 400)
    assert codes(problem) == {"duplicate_name"}
    assert '"cards"' in problem["detail"] or '"name"' in problem["detail"]


@pytest.mark.parametrize(
    ("body", "status"),
    [("", 422), ("null", 422), ("3", 422), ('"33"', 422), ("[]", 422), ('["33"]', 422)],
)
def test_a_body_that_is_no_object_is_refused(client: FlaskClient, body: str, status: int) -> None:
    """An empty body reads as no fields (the required ones are named); a scalar or an array
    is not the object the operation takes."""
    send(client, "/v1/classify", body, status)


# --- size -----------------------------------------------------------------------------------


def chunked(client: FlaskClient, body: bytes) -> Any:
    """POST ``body`` without a Content-Length, as gunicorn hands on a chunked request (its
    input ends where the body ends: ``wsgi.input_terminated``; the test client would count
    the bytes)."""
    return client.post(
        "/v1/classify/batch",
        input_stream=io.BytesIO(body),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True, "CONTENT_LENGTH": ""},
    )


def test_a_chunked_body_over_the_limit_is_a_413_as_with_a_length() -> None:
    """It was a 400 "Invalid JSON body": werkzeug read the first 1,024 bytes and stopped."""
    small = create_app({"TESTING": True}, settings=Settings(max_body_bytes=1024)).test_client()
    big = orjson.dumps({"items": ["3456789TJQKA"] * 99})
    declared = small.post("/v1/classify/batch", data=big, content_type="application/json")
    for answer in (chunked(small, big), declared):
        assert (answer.status_code, answer.mimetype) == (413, "application/problem+json")
    assert chunked(small, padded(1024)).status_code == 200  # the limit itself is allowed
    for size in (1025, 1024 * 1024):
        assert chunked(small, padded(size)).status_code == 413


def padded(size: int) -> bytes:
    """A request of ``size`` bytes, white space making up the length."""
    body = b'{"items": ["3"]}'
    return body[:-1] + b" " * (size - len(body)) + b"}"


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/v1/legal-moves", {"hand": "Z" * 60_000}, "hand"),
        ("/v1/legal-moves", {"hand": "3" * 60_000}, "hand"),
        ("/v1/legal-moves", {"hand": ["3"] * 12_000}, "hand"),
        ("/v1/legal-moves", {"hand": ["Z" * 500] * 100}, "hand"),
        ("/v1/classify/batch", {"items": ["3", "3" * 257]}, "items.1"),
    ],
)
def test_a_card_list_too_long_is_refused_before_it_is_parsed(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, path: str, body: Json, field: str
) -> None:
    """Over 256 characters, 108 tokens or 8 characters a token, a card list is ``too_long``
    and not read: 60,000 unknown cards were parsed in 360 ms into 60,000 problems (6.4 MB)."""
    seen: list[int] = []
    for name in ("parse_cards", "read_hand"):
        reader = getattr(fields, name)
        monkeypatch.setattr(
            fields, name, lambda v, *a, r=reader, **k: seen.append(len(v)) or r(v, *a, **k)
        )
    problem = send(client, path, orjson.dumps(body), 422)
    assert [(e["field"], e["code"]) for e in problem["errors"]] == [(field, "too_long")]
    assert max(seen, default=0) <= fields.MAX_STRING


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/v1/classify/batch", {"items": ["ZZZ"] * 10_000}, "items"),
        ("/v1/legal-moves", {"hand": "3", "kinds": ["bogus"] * 7_000}, "kinds"),
        ("/v1/hands/validate", {"deal": {"hands": ["Z"] * 10_000, "kitty": ""}}, "deal.hands"),
        ("/v1/hands/validate", RECORD | {"events": [{"seat": 9, "cards": "Z"}] * 2_000}, "events"),
        ("/v1/hands/validate", RECORD | {"bids": [{"seat": 9, "bid": 9}] * 2_000}, "bids"),
        ("/v1/matches/score", {"hands": [RECORD | {"players": ["?"] * 10_000}]}, "hands.0.players"),
    ],
)
def test_a_list_too_long_is_refused_before_its_items_are_read(
    client: FlaskClient, path: str, body: Json, field: str
) -> None:
    """One problem, the list's length, not one per item: 12,000 unknown kinds were 12,000
    problems (4.8 MB, 208 ms)."""
    problem = send(client, path, orjson.dumps(body), 422)
    found = [e for e in problem["errors"] if e["field"] == field]
    assert len(found) == 1 and "length" in found[0]["message"].lower(), found


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/classify/batch", {"items": ["Z" * 256] * 100}),
        ("/v1/beats/batch", {"items": [{"play": "Z" * 256, "previous": "Z" * 256}] * 100}),
        ("/v1/classify", {f"k{i}": 0 for i in range(5_000)}),
        ("/v1/legal-moves", {"hand": "3", "ruleset": {f"k{i}": 0 for i in range(5_000)}}),
        ("/v1/classify", {"k" * 60_000: 0}),
    ],
)
def test_a_problem_document_lists_at_most_max_problems(
    client: FlaskClient, path: str, body: Json
) -> None:
    """The bodies under the limit with the most problems (25,600 unreadable cards, 5,000
    unknown fields): the first ``MAX_PROBLEMS`` are listed, and the detail says how many
    there were; the answer stays within twice the body (a field's name is echoed)."""
    data = orjson.dumps(body)
    started = time.perf_counter()
    problem = send(client, path, data, 422)
    elapsed = time.perf_counter() - started
    assert len(problem["errors"]) <= MAX_PROBLEMS
    if len(problem["errors"]) == MAX_PROBLEMS:
        assert re.search(rf"\(the first {MAX_PROBLEMS} of \d+ problems\)$", problem["detail"])
    assert len(orjson.dumps(problem)) < 2 * len(data) + 16_000
    assert elapsed < 2, f"{elapsed:.2f} s"  # measured: at most 0.4 s, the core parsing cards


# --- every input has a bound ----------------------------------------------------------------


def request_values(node: Json, components: Json, seen: set[str]) -> Iterator[Json]:
    """Every schema a request body is made of, once each ($refs followed)."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name not in seen:
            seen.add(name)
            yield from request_values(components[name], components, seen)
        return
    yield node
    for sub in [*node.get("oneOf", []), *node.get("properties", {}).values()]:
        yield from request_values(sub, components, seen)
    if "items" in node:
        yield from request_values(node["items"], components, seen)


def unbounded(node: Json) -> bool:
    """A value with no bound on its size in the contract: an array without ``maxItems``, an
    open object without ``maxProperties`` (a Botzone log's, open as the platform writes it),
    a string without a maximum length (or choices, or a pattern that bounds it), an integer
    without both ends."""
    kinds = set(node["type"]) if isinstance(node.get("type"), list) else {node.get("type")}
    pattern = node.get("pattern", "")
    return (
        ("array" in kinds and "maxItems" not in node)
        or (
            "object" in kinds
            and node.get("additionalProperties") is not False
            and "maxProperties" not in node
        )
        or (
            "string" in kinds
            and not {"maxLength", "enum", "const"} & node.keys()
            and not re.search(r"\{\d+,\d+\}\$$", pattern)
        )
        or ("integer" in kinds and not {"minimum", "maximum"} <= node.keys())
    )


def test_every_request_value_has_a_bound_in_the_contract() -> None:
    """Every array, object, string and integer of every request body (164 schemas)."""
    document = create_app({"TESTING": True}).test_client().get("/openapi.json").json
    components, seen = document["components"]["schemas"], set()
    values = [
        value
        for item in document["paths"].values()
        if "post" in item
        for value in request_values(
            item["post"]["requestBody"]["content"]["application/json"]["schema"], components, seen
        )
    ]
    assert len(values) > 100
    assert [v for v in values if unbounded(v)] == []


def test_every_request_list_checks_its_length_before_its_items() -> None:
    """Every list field of a request schema is ``fields.List`` (with a ``Length`` maximum)."""

    def lists(schema: ma.Schema, done: set[type]) -> Iterator[ma.fields.List]:  # type: ignore[type-arg]
        if type(schema) in done:
            return
        done.add(type(schema))
        for field in schema.fields.values():
            inner = [field, getattr(field, "inner", None), getattr(field, "checked", None)]
            for part in filter(None, inner):
                if isinstance(part, ma.fields.List):
                    yield part
                if isinstance(part, ma.fields.Nested):
                    yield from lists(part.schema, done)
            for attribute in ("options_schema", "play", "passes"):  # schemas inside fields
                if isinstance(getattr(field, attribute, None), ma.Schema):
                    yield from lists(getattr(field, attribute), done)

    found = [
        field
        for module in (classify, beats, moves, score, hands, matches)
        for name in dir(module)
        if name.endswith("Request")
        for field in lists(getattr(module, name)(), set())
    ]
    assert len(found) >= 8
    for field in found:
        assert isinstance(field, fields.List), field
        assert any(isinstance(v, ma.validate.Length) and v.max for v in field.validators), field
