"""gunicorn settings, read from the environment through ``service.config.Settings``.

Every way of starting the service uses this file: ``ddz-referee serve``, the README's command,
the container's command line and CI. Worker class and count: measured in BENCHMARKS.md.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from pathlib import Path
from typing import Any

from service.config import Settings

settings = Settings.from_env()

bind = settings.bind
workers = settings.workers
worker_class = settings.worker_class
threads = settings.threads
timeout = settings.timeout
graceful_timeout = settings.graceful_timeout
keepalive = 5
preload_app = True  # the rule tables are built once and shared by the workers
control_socket_disable = True  # gunicorn's control socket: not used, and noisy as non-root
accesslog = None  # the application logs one JSON line per request itself
errorlog = "-"
loglevel = settings.log_level.lower()
limit_request_line = 4096
limit_request_fields = 50
worker_tmp_dir = "/dev/shm" if Path("/dev/shm").is_dir() else None

# Metrics from every worker, summed: prometheus_client's multiprocess mode needs a directory
# shared by the workers, known before anything imports prometheus_client.
_owned_metrics_dir = not settings.metrics_dir
if _owned_metrics_dir:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="ddz-metrics-")
else:  # made now: the preloaded application needs it before any hook runs
    Path(settings.metrics_dir).mkdir(parents=True, exist_ok=True)


def on_starting(server: Any) -> None:
    """Start with empty metrics (files of a previous run would be summed in)."""
    folder = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.db"):
        stale.unlink()


# A new worker runs with the master's signal handlers until gunicorn installs its own, so a
# SIGTERM sent in that window (the service stopped right after it started) was swallowed and
# the worker lived on until the graceful timeout killed it. The stop signals are held blocked
# from just before the fork until the worker's handlers are in place, and then delivered.
_STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT, signal.SIGQUIT}


def _deliver_stop_signals() -> None:
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


os.register_at_fork(after_in_parent=_deliver_stop_signals)  # the master's own mask back


def pre_fork(server: Any, worker: Any) -> None:
    """Hold the stop signals for the worker about to be forked (see above)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)


def post_worker_init(worker: Any) -> None:
    """The worker's handlers are installed: a stop signal held since the fork arrives now."""
    _deliver_stop_signals()


def child_exit(server: Any, worker: Any) -> None:
    """A worker's live gauges leave with it."""
    # Imported here, not above: prometheus_client picks its multiprocess mode at import time,
    # after PROMETHEUS_MULTIPROC_DIR is set.
    from prometheus_flask_exporter.multiprocess import (  # noqa: PLC0415
        GunicornInternalPrometheusMetrics,
    )

    GunicornInternalPrometheusMetrics.mark_process_dead_on_child_exit(worker.pid)


def on_exit(server: Any) -> None:
    """Remove the metrics directory this file created."""
    if _owned_metrics_dir:
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
