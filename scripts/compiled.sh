#!/usr/bin/env bash
# Run Python with the rules core compiled by mypyc, as the Docker image ships it: the project's
# wheel is built with the mypyc hook (pyproject.toml) into .build/, installed there, and put
# ahead of the source tree on the path. It is built afresh on every call (about 50 s of one
# core, most of it the C compiler), so it never runs stale modules. Needs a C compiler and the
# Python headers (scripts/system-deps.sh).
# Usage: bash scripts/compiled.sh PYTHON_ARGS...   e.g.  bash scripts/compiled.sh -m bench
#        bash scripts/compiled.sh --build          only build
#        bash scripts/compiled.sh --built ARGS     run on what --build built, without building
# scripts/test.sh runs its second pass with --built on the core its image build made
# (tests/image.py copies it to .build/compiled): the same sources, built once.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/uv.sh
build=true run=true
case "${1:-}" in
  --build) run=false; shift ;;
  --built) build=false; shift ;;
esac
if "$build"; then
  "${UV[@]}" sync --locked --quiet
  rm -rf .build/wheel .build/compiled
  # Built from the sdist, so that what mypyc leaves beside the sources stays in its own tree.
  HATCH_BUILD_HOOK_ENABLE_MYPYC=true "${UV[@]}" build --quiet --python .venv/bin/python \
    --out-dir .build/wheel
  "${UV[@]}" pip install --quiet --python .venv/bin/python --no-deps --target .build/compiled \
    .build/wheel/*.whl
fi
"$run" || exit 0
if [ ! -d .build/compiled/service ]; then
  echo "no compiled core in .build/compiled: build it with bash scripts/compiled.sh --build" >&2
  exit 1
fi
# PYTHONSAFEPATH (-P, inherited by child interpreters): the working directory is not put first
# on the path, so `service` is the compiled one (.build/compiled) and only `bench` and `tests`
# come from the source tree. gunicorn puts its own directory first: the live-server tests
# serve the sources in both runs (the image test serves the compiled core).
export PYTHONPATH="$PWD/.build/compiled:$PWD" PYTHONSAFEPATH=1 DDZ_CORE=compiled
exec .venv/bin/python "$@"
