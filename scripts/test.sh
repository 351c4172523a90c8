#!/usr/bin/env bash
# Set up the development environment from the lock file and run every check and test.
# Usage: bash scripts/test.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/uv.sh
source scripts/system-deps.sh
# Bytecode compiled once here: every process the tests start imports the libraries faster.
"${UV[@]}" sync --locked --quiet --compile-bytecode
# The Docker image's environment is built meanwhile, from the lock file as its Dockerfile's
# builder stage builds it (tests/image.py; the C compiler takes one core for about a minute to
# compile the rules core with mypyc), in a session of its own so that it is stopped with this
# script: the first pass's image test serves it (DDZ_TEST_IMAGE), and the second pass tests the
# compiled core it holds, copied to .build/compiled (scripts/compiled.sh --built). Its output is
# shown if it fails.
mkdir -p .build
setsid .venv/bin/python tests/image.py .build/image .build/compiled >.build/image-build.log 2>&1 &
build=$!
trap 'kill -- "-$build" 2>/dev/null || true' EXIT
"${UV[@]}" run --locked ruff check .
"${UV[@]}" run --locked ruff format --check .
"${UV[@]}" run --locked mypy
# One worker process per core (pytest-xdist), each running whole modules (--dist loadfile,
# pyproject.toml), the longest first (tests/conftest.py): a module's server or browser is
# started once, its tests run in their order. The answers of the tests' references and oracles
# are recorded for the second pass (tests/recorded.py).
rm -rf .build/answers
DDZ_TEST_ANSWERS="record:$PWD/.build/answers" DDZ_TEST_IMAGE="$PWD/.build/image" \
  "${UV[@]}" run --locked pytest -n auto "$@"
if ! wait "$build"; then
  cat .build/image-build.log >&2
  echo "the build of the image's environment and compiled core failed (above)" >&2
  exit 1
fi
# The tests that call the rules core (-m core: tests/conftest.py marks them, tests/core_use.py
# says how) again with the core compiled by mypyc, the very build the Docker image ships. The
# doctests of service/ and the tests that reach the core only through the HTTP layer, the
# command line, a live server, a browser or the deployment files ran above, as did the checks
# of the tests' own references and golden files. The references' and oracles' answers to the
# same questions are those the first pass recorded: the compiled core is checked against them.
# Status 5: the arguments chose no test that calls the core (tests/test_readme.py), not a failure.
status=0
DDZ_TEST_ANSWERS="replay:$PWD/.build/answers" bash scripts/compiled.sh --built -m pytest \
  --import-mode=append -o "testpaths=tests README.md docs" -n auto -m core "$@" || status=$?
[ "$status" -eq 5 ] || exit "$status"
