"""The hostile-input corpus (``hostile.py``) against gunicorn started as the tests start it
(``live.py``, the project's gunicorn.conf.py): each request gets its answer in bounded time,
a problem document unless gunicorn refuses the request itself, and no worker dies: /healthz
answers after each, and gunicorn's log shows the first two workers' boots and nothing else."""

from __future__ import annotations

import contextlib
import http.client
import json
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hostile import Case, corpus
from live import gunicorn

BOUND = 5.0
"""Seconds an answer may take, at most: the worst body measured takes 0.4 s (unreadable card
lists, the core's parser), gunicorn kills a silent worker after 30."""
WORKERS = 2
DEATHS = ("WORKER TIMEOUT", "was sent SIGKILL", "exited with code", "Traceback", "unhandled error")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    log = tmp_path_factory.mktemp("hostile") / "gunicorn.log"
    env = {"DDZ_LOG_LEVEL": "INFO", "DDZ_WORKERS": str(WORKERS)}  # INFO: the boots are logged
    with gunicorn(env, log=log) as base:
        yield base, log


def send(base: str, case: Case) -> tuple[int, str, bytes]:
    """The case's request as written, over a new connection: status, media type, body."""
    url = urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname or "", url.port, timeout=BOUND)
    try:
        connection.putrequest(case.method, case.path, skip_accept_encoding=True)
        headers = dict(case.headers)
        if case.chunked:
            headers["Transfer-Encoding"] = "chunked"
        elif case.body is not None:
            headers.setdefault("Content-Length", str(len(case.body)))
        for name, value in headers.items():
            connection.putheader(name, value)
        body = _chunks(case.body) if case.chunked and case.body else case.body
        # A 413 comes as soon as the limit is passed: the server may answer and close before
        # the whole body is sent (a race under load). Its answer is read all the same.
        with contextlib.suppress(BrokenPipeError):
            connection.endheaders(body, encode_chunked=case.chunked)
        answer = connection.getresponse()
        return answer.status, answer.headers.get_content_type(), answer.read()
    finally:
        connection.close()


def _chunks(body: bytes, size: int = 16_384) -> Iterator[bytes]:
    return (body[i : i + size] for i in range(0, len(body), size))


def healthy(base: str) -> bool:
    status, _, body = send(base, Case("health", "/healthz", None, 200, method="GET", headers=()))
    return status == 200 and json.loads(body) == {"status": "ok"}


def workers_lost(log: Path, since: int = 0) -> list[str]:
    """Lines of gunicorn's log (from byte ``since``) that tell of a worker killed, dead or
    restarted, or of an error."""
    with log.open("rb") as text:
        boots = text.read(since).count(b"Booting worker")
        lines = text.read().decode(errors="replace").splitlines()
    news = [line for line in lines if "Booting worker" in line][max(0, WORKERS - boots) :]
    return news + [line for line in lines if any(d in line for d in DEATHS)]


@pytest.mark.parametrize("case", corpus(), ids=lambda case: case.name[:80])
def test_hostile_request_is_refused_and_the_worker_survives(
    server: tuple[str, Path], case: Case
) -> None:
    base, log = server
    since = log.stat().st_size
    started = time.monotonic()
    try:
        status, media, body = send(base, case)
    except (BrokenPipeError, ConnectionResetError):
        if not case.may_break:
            raise
        status, media, body = case.status, "", b""  # refused while it was still being sent
    elapsed = time.monotonic() - started
    assert status == case.status, body[:300]
    if case.problem and body:
        assert media == "application/problem+json"
        problem = json.loads(body)
        assert problem["status"] == status and problem["title"] and problem["detail"]
    assert elapsed < BOUND
    assert healthy(base)
    assert not workers_lost(log, since)


def test_no_worker_was_lost_over_the_whole_corpus(server: tuple[str, Path]) -> None:
    """After the corpus (and a moment for gunicorn to notice a dead worker): two boots."""
    base, log = server
    time.sleep(1)
    assert healthy(base)
    assert not workers_lost(log), log.read_text(errors="replace")[-4000:]
    assert log.read_text().count("Booting worker") == WORKERS
