# ddz-referee: the HTTP API under gunicorn with the project's gunicorn.conf.py, configured by
# environment variables only (service/config.py; deploy/README.md lists them).
#
#   docker build -t ddz-referee:0.1.0 .
#   docker run --rm -p 8000:8000 ddz-referee:0.1.0
#
# No Docker engine runs where the tests run: tests/test_deploy.py lints this file and starts the
# final stage's CMD with its ENV from a read-only directory.

# ---- builder: a virtual environment from uv.lock, the project installed into it (not editable)
FROM python:3.11-slim-bookworm AS builder

# A C compiler: the project's wheel is built with the rules core compiled by mypyc (the hook in
# pyproject.toml, switched on below). Every dependency is a wheel for CPython 3.11 on manylinux.
# The final stage copies only the virtual environment: no compiler reaches the image. Not
# pinned: Debian's security updates retire the old versions of these packages.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*

# uv from PyPI, pinned: the version the lock file is kept with.
RUN pip install --no-cache-dir uv==0.13.8

ENV UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/app/.venv \
    HATCH_BUILD_HOOK_ENABLE_MYPYC=true

WORKDIR /src

# The dependencies first: this layer changes only with the lock file. The project's default
# groups are dev and oracles: --no-default-groups (and --no-dev) keep both out of the image.
COPY pyproject.toml uv.lock ./
RUN uv sync --locked --no-dev --no-default-groups --no-editable --no-install-project

# Then the project itself, built as a wheel and installed non-editable: /src is not shipped.
COPY README.md gunicorn.conf.py ./
COPY service ./service
RUN uv sync --locked --no-dev --no-default-groups --no-editable

# ---- runtime: the interpreter, the virtual environment and gunicorn.conf.py; no build tools
FROM python:3.11-slim-bookworm

RUN groupadd --system --gid 10001 ddz \
    && useradd --system --uid 10001 --gid ddz --home-dir /nonexistent --no-create-home \
        --shell /usr/sbin/nologin ddz \
    && install -d -o 10001 -g 10001 -m 1777 /tmp/metrics

COPY --from=builder /app/.venv /app/.venv
COPY --from=builder /src/gunicorn.conf.py /app/gunicorn.conf.py

# Defaults only: every setting can be overridden at run time (docker run -e, compose, ConfigMap).
# PROMETHEUS_MULTIPROC_DIR must exist before gunicorn starts (the app is preloaded before
# gunicorn.conf.py's on_starting hook runs): created above; mount a tmpfs exactly there when
# the root file system is read-only.
ENV PATH=/app/.venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DDZ_BIND=0.0.0.0:8000 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/metrics

WORKDIR /app
USER 10001:10001
EXPOSE 8000

# Liveness over loopback on the port DDZ_BIND names (curl is not in the slim image).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; port = os.environ.get('DDZ_BIND', '').rpartition(':')[2] or '8000'; urllib.request.urlopen('http://127.0.0.1:' + port + '/healthz', timeout=2)"]

# gunicorn stops gracefully on SIGTERM (Docker's default stop signal), within DDZ_GRACEFUL_TIMEOUT.
CMD ["gunicorn", "-c", "/app/gunicorn.conf.py", "service.wsgi:app"]
