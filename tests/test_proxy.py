"""nginx, with the shipped ``deploy/nginx/nginx.conf``, in front of a real gunicorn.

The real proxy (Debian's ``nginx``, which ``scripts/system-deps.sh`` installs) runs on a free
loopback port in the foreground with a folder of its own (``bench/nginx.py``), in front of
gunicorn started as ``tests/live.py`` starts it. What it must do:

- slow clients hold nginx's connections, not gunicorn's sync workers: with two slow
  connections per worker (a header line every 2 s), ``/healthz`` answers within 2 s through it
  (the one timing asserted; without the proxy the same scenario takes gunicorn's worker timeout,
  30 s: a measured fact, ``python -m bench.slowloris``, in BENCHMARKS.md);
- the body limit holds at the proxy too (64 KiB, as ``DDZ_MAX_BODY_BYTES``), with a
  Content-Length or chunked, answered as a problem document;
- the service counts each client by the address nginx reports (``DDZ_PROXY_HOPS=1``): a client
  cannot choose its own with an ``X-Forwarded-For`` of its own;
- a gunicorn that does not answer is a 502 problem document, not nginx's HTML page.
"""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Iterator

import pytest
from live import gunicorn

from bench import nginx
from bench.slowloris import SlowClients, seconds_until_answer
from service.config import Settings


@pytest.fixture(autouse=True, scope="module")
def _nginx_installed() -> None:
    """The proxy's tests run wherever the test command ran: a missing nginx fails them."""
    if nginx.binary() is None:
        pytest.fail(nginx.MISSING)


LIMIT = Settings().max_body_bytes
WORKERS = 2
"""gunicorn's sync workers here (``tests/live.py``'s default)."""


def request(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    *,
    source: str = "127.0.0.1",
    chunked: bool = False,
) -> tuple[int, str, bytes]:
    """One request to the proxy from the loopback address ``source``: status, type, body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        if chunked:
            assert body is not None
            conn.putrequest(method, path)
            for name, value in (headers or {}).items():
                conn.putheader(name, value)
            conn.putheader("Transfer-Encoding", "chunked")
            conn.endheaders()
            for start in range(0, len(body), 8192):
                piece = body[start : start + 8192]
                conn.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            conn.send(b"0\r\n\r\n")
        else:
            conn.request(method, path, body=body, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.getheader("Content-Type", ""), answer.read()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def proxied() -> Iterator[int]:
    """nginx in front of gunicorn (two sync workers, one trusted hop); nginx's port."""
    env = {"DDZ_WORKERS": str(WORKERS), "DDZ_PROXY_HOPS": "1", "DDZ_LOG_LEVEL": "WARNING"}
    with gunicorn(env) as base, nginx.running(base.removeprefix("http://")) as proxy:
        yield proxy.port


def test_slow_clients_do_not_stall_the_service(proxied: int) -> None:
    with SlowClients(proxied, 2 * WORKERS) as slow:
        time.sleep(1.0)  # every slow client has sent its request line and a header line
        assert slow.open == 2 * WORKERS
        seconds, status = seconds_until_answer(f"http://127.0.0.1:{proxied}/healthz", 10.0)
        held = slow.open
    assert status == 200
    assert seconds < 2.0, f"/healthz took {seconds:.1f} s behind nginx"
    assert held == 2 * WORKERS  # nginx still held them all: the scenario was the real one
    assert not slow.answered  # none got an answer: its header never ended


def test_the_body_limit_holds_at_the_proxy(proxied: int) -> None:
    headers = {"Content-Type": "application/json"}
    # Exactly the limit passes (to the service, which classifies it); one byte more does not,
    # whether its size is announced or chunked.
    fits = b'{"cards": "3"}'
    fits += b" " * (LIMIT - len(fits))
    status, kind, body = request(proxied, "POST", "/v1/classify", fits, headers)
    assert (status, kind, json.loads(body)["valid"]) == (200, "application/json", True)
    for chunked in (False, True):
        status, kind, body = request(
            proxied, "POST", "/v1/classify", fits + b" ", headers, chunked=chunked
        )
        assert (status, kind) == (413, "application/problem+json"), body
        assert json.loads(body)["status"] == 413


def test_a_header_too_long_is_a_problem_at_the_proxy(proxied: int) -> None:
    """gunicorn answers it in HTML; behind nginx it never reaches gunicorn: a problem document
    (431, where nginx would say 400)."""
    status, kind, body = request(proxied, "GET", "/healthz", b"", {"X-Long": "y" * 5000})
    assert (status, kind, json.loads(body)["status"]) == (431, "application/problem+json", 431)


def test_clients_are_counted_by_the_address_nginx_reports() -> None:
    """Two per minute per client, one worker (its limits are its own without Redis): each
    client address has its own two, whatever ``X-Forwarded-For`` it sends itself."""
    env = {"DDZ_WORKERS": "1", "DDZ_PROXY_HOPS": "1", "DDZ_RATE_LIMIT": "2 per minute"}
    env["DDZ_LOG_LEVEL"] = "WARNING"
    body = b'{"cards": "3"}'
    with gunicorn(env) as base, nginx.running(base.removeprefix("http://")) as proxy:

        def post(source: str, forged: str) -> int:
            headers = {"Content-Type": "application/json", "X-Forwarded-For": forged}
            return request(proxy.port, "POST", "/v1/classify", body, headers, source=source)[0]

        first = [post("127.0.0.2", f"203.0.113.{n}") for n in range(3)]
        second = [post("127.0.0.3", "127.0.0.2") for _ in range(3)]
    assert first == [200, 200, 429]  # a new forged address each time did not help
    assert second == [200, 200, 429]  # nor did claiming to be the first client


def test_a_silent_service_is_a_502_problem() -> None:
    with nginx.running(f"127.0.0.1:{nginx.free_port()}") as proxy:
        status, kind, body = request(proxy.port, "GET", "/healthz")
    assert (status, kind) == (502, "application/problem+json")
    assert json.loads(body)["status"] == 502
