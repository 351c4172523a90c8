#!/usr/bin/env bash
# Run Python with the rules core compiled by mypyc, as the Docker image ships it: the project's
# wheel is built with the mypyc hook (pyproject.toml) into .build/, installed there, and put
# ahead of the source tree on the path. It is built afresh on every call (about 15 s), so it
# never runs stale modules. Needs a C compiler and the Python headers (scripts/system-deps.sh).
# Usage: bash scripts/compiled.sh PYTHON_ARGS...   e.g.  bash scripts/compiled.sh -m bench
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/uv.sh
"${UV[@]}" sync --locked --quiet
rm -rf .build/wheel .build/compiled
# Built from the sdist, so that what mypyc leaves beside the sources stays in its own tree.
HATCH_BUILD_HOOK_ENABLE_MYPYC=true "${UV[@]}" build --quiet --python .venv/bin/python \
  --out-dir .build/wheel
"${UV[@]}" pip install --quiet --python .venv/bin/python --no-deps --target .build/compiled \
  .build/wheel/*.whl
# PYTHONSAFEPATH (-P, inherited by child interpreters): the working directory is not put first
# on the path, so `service` is the compiled one (.build/compiled) and only `bench` and `tests`
# come from the source tree. gunicorn puts its own directory first: the live-server tests
# serve the sources in both runs (the image test serves the compiled core).
export PYTHONPATH="$PWD/.build/compiled:$PWD" PYTHONSAFEPATH=1 DDZ_CORE=compiled
exec .venv/bin/python "$@"
