"""The HTTP fast path (``service.api.fast``) against the plain path (Flask alone): on random
requests, good and bad, both answer the same status, the same headers and the same bytes,
count the same request metrics and log the same access-log lines; and the fast path did
serve most of the good ones itself (the comparison is not between two plain paths)."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from bench.http.mixed import mixed_requests
from service.api import create_app
from service.api.observability import access_log
from service.config import Settings
from service.rules import PRESETS
from service.rules.ruleset import OPTIONS

Request = tuple[str, bytes, dict[str, str]]

PATHS = (
    "/v1/classify",
    "/v1/classify/batch",
    "/v1/beats",
    "/v1/beats/batch",
    "/v1/legal-moves",
    "/v1/hands/validate",
)
TOKENS = (
    *"3456789TJQKA2BR",
    *"3456789tjqka",
    "10",
    "S10",
    "10s",
    "♠10",
    "H3",
    "BJ",
    "RJ",
    "小王",
    "大王",
    "Z",
    "1",
    "11",
    "",
    "🂡",
    "🂠",
)
JSON = {"Content-Type": "application/json"}


DECK = [rank for rank in "3456789TJQKA2" for _ in range(4)] + ["B", "R"]


def cards(rng: random.Random) -> object:
    """A card list: mostly cards one deck holds, sometimes not, sometimes not a card list."""
    if rng.random() < 0.6:
        held = rng.sample(DECK, rng.choice((1, 2, 3, 4, 5, 6, 8, 12, 17, 20)))
        return rng.choice(("", " ", ",")).join(held)
    picked = [rng.choice(TOKENS) for _ in range(rng.choice((0, 1, 2, 3, 5, 8, 17, 20, 40)))]
    roll = rng.random()
    if roll < 0.55:
        return rng.choice(("", " ", ",")).join(picked)
    if roll < 0.9:
        return picked
    return rng.choice((None, 3, 3.5, True, {"cards": "33"}, ["3", 3], "3" * 300))


def play(rng: random.Random) -> object:
    """A play: a card list, or an object declaring a reading, or null."""
    roll = rng.random()
    if roll < 0.5:
        return rng.choice("3456789TJQKA2") * rng.randint(1, 4)  # a combination
    if roll < 0.75:
        return cards(rng)
    if roll < 0.95:
        found: dict[str, object] = {"cards": cards(rng)}
        if rng.random() < 0.6:
            found["kind"] = rng.choice(("single", "pair", "trio_pair", "bomb", "chain", "nope"))
        if rng.random() < 0.4:
            found["rank"] = rng.choice(("3", "T", "2", "Z", 3))
        return found
    return None


def ruleset(rng: random.Random) -> object:
    """A rule set: a name, a name with options (valid or not), or something else."""
    roll = rng.random()
    if roll < 0.6:
        return rng.choice([*PRESETS, "no_such_rules"])
    if roll < 0.95:
        found: dict[str, object] = {"name": rng.choice([*PRESETS, "nope"])}
        for name in rng.sample(sorted(OPTIONS), rng.randint(0, 3)):
            found[name] = rng.choice((True, False, 0, 1, 2, 3, 4, 2.0, None, "7", ["7", "J"], "x"))
        return found
    return rng.choice((None, 3, ["standard"]))


def body(path: str, rng: random.Random) -> dict[str, object]:
    """A random body for ``path``, with a rule set and an unknown field now and then."""
    if path == "/v1/classify":
        found: dict[str, object] = {"cards": cards(rng)}
    elif path == "/v1/classify/batch":
        found = {"items": [cards(rng) for _ in range(rng.choice((0, 1, 3, 10, 101)))]}
    elif path == "/v1/beats":
        found = {"play": play(rng), "previous": play(rng)}
    elif path == "/v1/beats/batch":
        items = [{"play": play(rng), "previous": play(rng)} for _ in range(rng.choice((0, 2, 5)))]
        found = {"items": items}
    elif path == "/v1/legal-moves":
        found = {"hand": cards(rng)}
        if rng.random() < 0.5:
            found["previous"] = play(rng)
        for key in ("limit", "offset"):
            if rng.random() < 0.3:
                found[key] = rng.choice((0, 1, 5, 100, 1000, 1001, -1, 2.0, 2.5, "5", 10**20))
        if rng.random() < 0.2:
            found["kinds"] = rng.sample(["single", "pair", "bomb", "rocket", "chain", "x"], 2)
    else:
        found = {"deal": {"hands": [cards(rng) for _ in range(3)], "kitty": cards(rng)}}
    if rng.random() < 0.4:
        found["ruleset"] = ruleset(rng)
    if rng.random() < 0.05:
        found["unknown"] = 1
    return found


def random_requests(count: int, seed: int) -> list[Request]:
    """Random requests (bodies, and now and then a body or headers out of the common shape),
    then the mixed workload's realistic ones (``bench.http.mixed``)."""
    rng = random.Random(seed)
    found: list[Request] = []
    for _ in range(count):
        path = rng.choice(PATHS)
        data = json.dumps(body(path, rng), ensure_ascii=rng.random() < 0.5).encode()
        headers = dict(JSON)
        roll = rng.random()
        if roll < 0.03:
            data = data[: rng.randrange(len(data))]  # cut: not JSON
        elif roll < 0.05:
            data = b'{"cards": "3", "cards": "4"}'  # a duplicate name
        elif roll < 0.07:
            headers["Content-Type"] = "text/plain"
        elif roll < 0.09:
            headers["Origin"] = "https://example.org"
        elif roll < 0.1:
            data = b""
        found.append((path, data, headers))
    for line in mixed_requests(count, seed):
        path, text = line.split("\t")
        found.append((path, text.encode(), dict(JSON)))
    return found


def app(*, fast: bool) -> Flask:
    settings = Settings(log_level="WARNING", cache_entries=0)  # every answer computed
    return create_app({"TESTING": True, "FAST_PATH": fast}, settings=settings)


@pytest.fixture
def access_lines() -> Iterator[list[dict[str, Any]]]:
    """The access log's lines while the test runs (at INFO), without their durations."""
    lines: list[dict[str, Any]] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            fields = ("request_id", "method", "path", "status", "bytes", "remote")
            lines.append({name: getattr(record, name) for name in fields})

    keep, level = Keep(), access_log.level
    access_log.addHandler(keep)
    access_log.setLevel(logging.INFO)
    yield lines
    access_log.setLevel(level)
    access_log.removeHandler(keep)


def served_by_fast_path(app: Flask) -> Callable[[], int]:
    """How many requests the fast path answered itself (those not handed to Flask)."""
    fast = app.wsgi_app
    inner = fast.app  # type: ignore[attr-defined]
    handed = [0]

    def counting(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        handed[0] += 1
        return inner(environ, start_response)

    fast.app = counting  # type: ignore[attr-defined]
    calls = [0]
    outer = app.wsgi_app

    def total(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        calls[0] += 1
        return outer(environ, start_response)

    app.wsgi_app = total  # type: ignore[method-assign]
    return lambda: calls[0] - handed[0]


def request_totals(app: Flask) -> dict[tuple[str, ...], float]:
    """The request metrics' samples: counts by method, route and status."""
    registry = app.extensions["ddz-metrics"].registry
    return {
        (sample.name, *sorted(sample.labels.items())): sample.value  # type: ignore[misc]
        for metric in registry.collect()
        if metric.name.startswith("flask_http_request")
        for sample in metric.samples
        if sample.name.endswith(("_total", "_count"))
    }


def test_both_paths_answer_the_same_bytes(access_lines: list[dict[str, Any]]) -> None:
    fast_app, plain_app = app(fast=True), app(fast=False)
    served = served_by_fast_path(fast_app)
    fast, plain = fast_app.test_client(), plain_app.test_client()
    requests = random_requests(1000, seed=20261126)
    statuses = []
    for n, (path, data, sent) in enumerate(requests):
        headers = sent | {"X-Request-ID": f"r{n}"}
        one = fast.post(path, data=data, headers=headers)
        other = plain.post(path, data=data, headers=headers)
        assert one.status_code == other.status_code, (path, data)
        assert list(one.headers.items()) == list(other.headers.items()), (path, data)
        assert one.get_data() == other.get_data(), (path, data)
        statuses.append((one.status_code, "Origin" in headers))
    good = sum(status == 200 for status, _ in statuses)
    assert 0.3 * len(requests) < good < len(requests)  # good requests and bad ones
    # Every good request without CORS (the application's) was the fast path's.
    assert served() == statuses.count((200, False)) > 0
    assert request_totals(fast_app) == request_totals(plain_app)
    assert access_lines[0::2] == access_lines[1::2]  # each request's line, from both paths


def test_a_bad_request_is_handed_over_with_its_body() -> None:
    """The fast path reads the body before it knows it cannot answer: the application reads
    it all the same (the problem names the card)."""
    client = app(fast=True).test_client()
    answer = client.post("/v1/classify", data=b'{"cards": "3Z"}', headers=JSON)
    assert answer.status_code == 422
    assert answer.json["errors"][0]["token"] == "Z"
