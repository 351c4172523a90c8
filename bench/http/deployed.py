"""The deployed configuration, as the Compose and Kubernetes files run the service: gunicorn
behind nginx with the shipped ``deploy/nginx/nginx.conf`` (``bench/nginx.py``), Redis as the
answer cache's second level and the rate limit's store, the limit on.

Answers cheaper to compute than to fetch stay out of Redis as the deployment files say
(``DDZ_CACHE_SHARE_MIN_US``).

``Stack`` is a gunicorn with its nginx in front, measured through nginx; its CPU time is
gunicorn's and nginx's (Redis's is not counted: it serves every stack of the run). The floor
is measured behind an nginx of its own, the same way, so that a share of the floor compares two
requests that took the same path.

The limit is the deployment files' (``6000 per minute`` per client); the load is sent as from
``CLIENTS`` client addresses in turn (``post.lua``: an ``X-Forwarded-For`` each, as a load
balancer in front of nginx reports them, hence ``DDZ_PROXY_HOPS=2``), so that no client reaches
its limit (about 150 requests a minute each at 2,500 requests a second) while every request is
counted: the cost measured is the limit's in use, not a refusal's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .. import nginx
from . import servers
from .servers import Workers

LIMIT = "6000 per minute"
"""``DDZ_RATE_LIMIT`` of deploy/compose.yaml and deploy/k8s/config.env."""
CLIENTS = 1000
"""Client addresses the load is sent from, in turn."""


SHARE_MIN_US = "200"
"""``DDZ_CACHE_SHARE_MIN_US`` of deploy/compose.yaml and deploy/k8s/config.env."""


def settings(redis_url: str) -> dict[str, str]:
    """The service's ``DDZ_*`` settings in the deployed configuration (beside the log level)."""
    return {
        "REDIS_URL": redis_url,
        "DDZ_RATE_LIMIT": LIMIT,
        "DDZ_PROXY_HOPS": "2",
        "DDZ_CACHE_SHARE_MIN_US": SHARE_MIN_US,
    }


@dataclass
class Stack:
    """A gunicorn and the nginx in front of it: measured through nginx."""

    server: servers.Server
    proxy: nginx.Proxy

    @property
    def app(self) -> str:
        return f"{self.server.app} behind nginx"

    @property
    def workers(self) -> Workers:
        return self.server.workers

    @property
    def exit_code(self) -> int | None:
        return self.server.exit_code

    def url(self, path: str) -> str:
        """The URL of ``path`` through nginx."""
        return self.proxy.url(path)

    def cpu_seconds(self) -> float:
        """CPU time of gunicorn (master and workers) and nginx so far, in seconds."""
        return self.server.cpu_seconds() + self.proxy.cpu_seconds()

    def trouble(self, limit: int = 10) -> list[str]:
        """gunicorn's log lines that tell of errors, and nginx's error log."""
        found = self.server.trouble(limit)
        found += [f"nginx: {line}" for line in self.proxy.log_text().splitlines()[:limit]]
        return found


@contextmanager
def serving(
    app: str, workers: Workers, settings: dict[str, str], log_path: Path
) -> Iterator[Stack]:
    """gunicorn serving ``app`` with ``settings``, nginx in front, both stopped at the end."""
    with (
        servers.serving(app, workers, settings, log_path) as server,
        nginx.running(f"{servers.HOST}:{server.port}") as proxy,
    ):
        yield Stack(server, proxy)
