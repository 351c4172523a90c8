"""The answer cache against a real redis-server the tests start, kill, hang and restart: it is
invisible except in speed, and never makes an answer wrong or unavailable."""

from __future__ import annotations

import itertools
import sys
import time
import tracemalloc
from collections.abc import Iterator

import orjson
import pytest
from flask import Flask
from redis_server import RedisServer, redis_server

from service.api import create_app
from service.api.cache import ENTRY_OVERHEAD, LocalCache, RedisCache, cache_key, entry_cost
from service.api.resources import canonical
from service.config import Settings
from service.rules import STANDARD, read_hand

HANDS = [
    {"hand": "333444555666789TJQKA", "limit": 1000},
    {"hand": "3456789TJQKA2BR", "previous": "34567"},
    {"hand": "33445566778899", "kinds": ["pair_chain"], "ruleset": "rlcard"},
    {"hand": "3333444455556666", "ruleset": {"name": "douzero", "multiplier_cap": 8}},
    {"hand": "2222BR", "previous": "BR"},
]


@pytest.fixture
def server() -> Iterator[RedisServer]:
    with redis_server() as running:
        yield running


def app_for(server: RedisServer | None, **settings: object) -> Flask:
    options = {"rate_limit": "", "breaker_reset": 0.5} | settings
    if server is not None:
        options["redis_url"] = server.url
    return create_app({"TESTING": True}, settings=Settings(**options))  # type: ignore[arg-type]


def count(app: Flask, level: str, result: str, metric: str = "ddz_cache_lookups_total") -> float:
    registry = app.extensions["ddz-metrics"].registry
    return registry.get_sample_value(metric, {"level": level, "result": result}) or 0.0


def answers(app: Flask) -> list[bytes]:
    client = app.test_client()
    replies = [client.post("/v1/legal-moves", json=body) for body in HANDS]
    assert all(r.status_code == 200 for r in replies), [r.get_data()[:200] for r in replies]
    return [r.get_data() for r in replies]


def test_answers_equal_with_and_without_the_cache(server: RedisServer) -> None:
    plain = answers(app_for(None, cache_entries=0))
    cached = app_for(server)
    assert answers(cached) == plain  # computed, stored in both levels
    assert answers(cached) == plain  # from the in-process level
    assert answers(app_for(server)) == plain  # another process: from Redis


def test_a_hit_after_a_miss(server: RedisServer) -> None:
    first, second = app_for(server), app_for(server)
    answers(first)
    assert count(first, "redis", "miss") == len(HANDS)
    assert count(first, "redis", "stored", "ddz_cache_stores_total") == len(HANDS)
    answers(first)
    assert count(first, "local", "hit") == len(HANDS)
    answers(second)
    assert (count(second, "local", "miss"), count(second, "redis", "hit")) == (len(HANDS),) * 2


def costing(app: Flask, microseconds: int) -> Flask:
    """The app, its cache measuring every answer it computes at ``microseconds`` of CPU."""
    ticks = itertools.count(step=microseconds * 1000)
    app.extensions["ddz-cache"].cpu_ns = lambda: next(ticks)
    return app


def test_cheap_answers_stay_out_of_redis(server: RedisServer) -> None:
    """docs/operations.md: with ``DDZ_CACHE_SHARE_MIN_US``, an answer computed in less CPU time
    than that is not sent to Redis (another process computes it again), and one that took
    longer is stored and served to another process."""
    for spent, stored in ((199, False), (200, True)):
        server.client().flushall()
        first, second = (costing(app_for(server, cache_share_min_us=200), spent) for _ in "12")
        answers(first)
        assert count(first, "redis", "stored", "ddz_cache_stores_total") == len(HANDS) * stored
        assert count(first, "redis", "cheap", "ddz_cache_stores_total") == len(HANDS) * (not stored)
        assert len(server.client().keys("ddz:*")) == len(HANDS) * stored
        assert answers(second) == answers(first)
        assert count(second, "redis", "hit") == len(HANDS) * stored


def test_redis_is_asked_one_time_in_32_while_it_finds_nothing(server: RedisServer) -> None:
    """docs/operations.md: after 32 lookups of an operation in a row that Redis did not answer,
    a worker asks it for one in 32 only, until a lookup hits."""
    app = app_for(server, cache_entries=0, cache_share_min_us=10**9)  # nothing stored
    client = app.test_client()
    for n in range(32 * 3 + 1):  # lookups 1 to 33, 65 and 97 ask
        assert client.post("/v1/legal-moves", json={"hand": "3" * (n % 4 + 1)}).status_code == 200
    assert (count(app, "redis", "miss"), count(app, "redis", "bypassed")) == (35, 62)
    writer = app_for(server, cache_entries=0)  # stores every answer
    writer.test_client().post("/v1/legal-moves", json={"hand": "33"})
    for _ in range(31 + 3):  # 98 to 128 bypassed, the probe at 129 hits: every lookup asks again
        assert client.post("/v1/legal-moves", json={"hand": "33"}).status_code == 200
    assert (count(app, "redis", "hit"), count(app, "redis", "bypassed")) == (3, 62 + 31)


def test_redis_killed_in_a_run_of_requests(server: RedisServer) -> None:
    expected = answers(app_for(None))
    app = app_for(server, cache_entries=0)  # no local level: every request asks Redis
    client = app.test_client()
    for round_ in range(6):
        if round_ == 3:
            server.kill()
        for body, answer in zip(HANDS, expected, strict=True):
            reply = client.post("/v1/legal-moves", json=body)
            assert (reply.status_code, reply.get_data()) == (200, answer)
    assert count(app, "redis", "error") == 1  # the first failure opens the breaker
    assert count(app, "redis", "skipped") > 0
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json["status"] == "ready"
    assert (ready.json["cache"]["status"], ready.json["cache"]["redis"]) == (
        "degraded",
        "unreachable",
    )


def test_hung_redis_costs_at_most_one_timeout(server: RedisServer) -> None:
    app = app_for(server, cache_entries=0, breaker_reset=60)
    client = app.test_client()
    answers(app)
    server.pause()
    for _ in range(4):
        answers(app)
    assert count(app, "redis", "error") == 1
    assert count(app, "redis", "skipped") == 4 * len(HANDS) - 1
    assert app.extensions["ddz-cache"].remote.available is False
    assert client.get("/metrics").get_data(as_text=True).count("ddz_cache_redis_breaker_open 1.0")


def test_hits_resume_when_redis_returns(server: RedisServer) -> None:
    app = app_for(server, cache_entries=0, breaker_reset=0.3)
    answers(app)
    server.kill()
    answers(app)
    assert count(app, "redis", "error") == 1
    server.start()  # same port, empty
    time.sleep(0.4)  # past the breaker's reset timeout
    answers(app)  # misses, stored again
    answers(app)
    assert count(app, "redis", "hit") == len(HANDS)  # the last round, after misses and stores
    assert app.test_client().get("/readyz").json["cache"]["redis"] == "ok"


def test_another_rule_set_version_is_never_served(server: RedisServer) -> None:
    """Keys carry the rule set's name and version: a poisoned entry under one version is
    served for that version only."""
    body = {"hand": "33344", "ruleset": "standard"}
    args = {
        "hand": read_hand("33344"),
        "previous": None,
        "rules": STANDARD,
        "kinds": None,
        "limit": 100,
        "offset": 0,
    }
    key = cache_key("legal-moves", (canonical(args),))
    server.client().set(key, b'{"poisoned":true}')
    client = app_for(server).test_client()
    assert client.post("/v1/legal-moves", json=body).json == {"poisoned": True}
    for ruleset in ({"name": "standard", "kicker_ranks_repeat": True}, "rlcard"):
        answer = client.post("/v1/legal-moves", json=body | {"ruleset": ruleset}).json
        assert "poisoned" not in answer
        assert answer["count"] > 0


def test_oversized_values_are_not_stored(server: RedisServer) -> None:
    app = app_for(server, cache_value_max=2000)
    client = app.test_client()
    client.post("/v1/legal-moves", json={"hand": "333444555666789TJQKA", "limit": 1000})
    client.post("/v1/legal-moves", json={"hand": "33"})
    assert count(app, "redis", "too_big", "ddz_cache_stores_total") == 1
    assert count(app, "redis", "stored", "ddz_cache_stores_total") == 1
    assert server.client().dbsize() == 1


def test_no_redis_configured_runs_on_the_local_level() -> None:
    app = app_for(None)
    assert answers(app) == answers(app)
    assert count(app, "local", "hit") == len(HANDS)
    assert app.test_client().get("/readyz").json["cache"]["redis"] == "not configured"


def test_local_level_bounds() -> None:
    cost = entry_cost("a", b"12345")  # key, value and slot: the same for "b"
    local = LocalCache(entries=2, size=2 * cost)
    assert local.put("a", b"12345") and local.put("b", b"12345")
    assert local.stats()["bytes"] == 2 * cost
    assert local.put("c", b"1")  # over the size: the least recently used goes
    assert local.get("a") is None and local.get("c") == b"1"
    assert not local.put("d", b"x" * 2 * cost)  # more than the whole cache
    local.put("e", b"1")
    assert local.stats() == {"entries": 2, "bytes": entry_cost("c", b"1") + entry_cost("e", b"1")}


def test_local_level_counts_what_its_entries_hold() -> None:
    """What the entries hold, as tracemalloc sees it, is what the cache counts, less only the
    allocator's headers that tracemalloc does not see (``ENTRY_OVERHEAD`` has a margin for
    them): answers as ``orjson.dumps`` makes them (its blocks are larger than their length, 7
    times here) are stored as copies of their own size."""
    answers = [
        {"moves": [{"cards": "3" * (i % 20 + 1), "n": n} for n in range(300)]} for i in range(100)
    ]
    keys = [cache_key("legal-moves", (i,)) for i in range(len(answers))]
    local = LocalCache(entries=10_000, size=1 << 30)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for key, answer in zip(keys, answers, strict=True):
            assert local.put(key, orjson.dumps(answer))
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    counted = local.stats()["bytes"]
    keys_held = sum(sys.getsizeof(key) for key in keys)  # made before tracing
    assert counted - len(keys) * ENTRY_OVERHEAD <= held + keys_held <= counted


def test_redis_client_has_short_timeouts_and_one_retry() -> None:
    remote = RedisCache("redis://127.0.0.1:1/0", timeout=0.1)
    options = remote.client.connection_pool.connection_kwargs
    assert (options["socket_timeout"], options["socket_connect_timeout"]) == (0.1, 0.1)
    assert remote.client.get_retry()._retries == 1  # type: ignore[union-attr]
    assert remote.get("k") == ("error", None)
    assert remote.get("k") == ("skipped", None)


# --- rate limiting --------------------------------------------------------------------------


@pytest.mark.parametrize("with_redis", [True, False])
def test_rate_limit_answers_429_with_retry_after(server: RedisServer, with_redis: bool) -> None:
    app = app_for(server if with_redis else None, rate_limit="3 per minute")
    client = app.test_client()
    codes = [client.post("/v1/classify", json={"cards": "3"}).status_code for _ in range(3)]
    limited = client.post("/v1/classify", json={"cards": "3"})
    assert codes == [200, 200, 200]
    assert (limited.status_code, limited.mimetype) == (429, "application/problem+json")
    assert int(limited.headers["Retry-After"]) > 0
    assert client.get("/healthz").status_code == 200  # probes are never limited


def test_rate_limit_survives_a_dead_redis(server: RedisServer) -> None:
    app = app_for(server, rate_limit="100 per minute")
    client = app.test_client()
    assert client.post("/v1/classify", json={"cards": "3"}).status_code == 200
    server.kill()
    codes = {client.post("/v1/classify", json={"cards": "3"}).status_code for _ in range(5)}
    assert codes == {200}


def test_rate_limit_is_per_client_over_all_endpoints() -> None:
    app = app_for(None, rate_limit="3 per minute", proxy_hops=1)
    client = app.test_client()
    alice, bob = {"X-Forwarded-For": "203.0.113.1"}, {"X-Forwarded-For": "203.0.113.2"}
    assert client.post("/v1/classify", json={"cards": "3"}, headers=alice).status_code == 200
    assert (
        client.post("/v1/beats", json={"play": "4", "previous": "3"}, headers=alice).status_code
        == 200
    )
    assert (
        client.post("/v1/score", json={"bid": 1, "winner": "landlord"}, headers=alice).status_code
        == 200
    )
    assert client.post("/v1/classify", json={"cards": "3"}, headers=alice).status_code == 429
    assert client.post("/v1/classify", json={"cards": "3"}, headers=bob).status_code == 200
