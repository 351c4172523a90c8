#!/usr/bin/env bash
# Set up the development environment from the lock file and run every check and test.
# Usage: bash scripts/test.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/uv.sh
source scripts/system-deps.sh
# Bytecode compiled once here: every process the tests start imports the libraries faster.
"${UV[@]}" sync --locked --quiet --compile-bytecode
"${UV[@]}" run --locked ruff check .
"${UV[@]}" run --locked ruff format --check .
"${UV[@]}" run --locked mypy
# One worker process per core (pytest-xdist), each running whole modules (--dist loadfile,
# pyproject.toml): a module's server or browser is started once, its tests run in their order.
"${UV[@]}" run --locked pytest -n auto "$@"
# The tests that call the rules core (-m core: tests/conftest.py marks them, tests/core_use.py
# says how) again with the core compiled by mypyc, as the Docker image ships it. The doctests
# of service/ and the tests that reach the core only through the HTTP layer, the command line,
# a live server, a browser or the deployment files ran above, as did the checks of the tests'
# own references and golden files.
# Status 5: the arguments chose no test that calls the core (tests/test_readme.py), not a failure.
status=0
bash scripts/compiled.sh -m pytest --import-mode=append -o "testpaths=tests README.md docs" \
  -n auto -m core "$@" || status=$?
[ "$status" -eq 5 ] || exit "$status"
