#!/usr/bin/env bash
# Set up the development environment from the lock file and run every check and test.
# Usage: bash scripts/test.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/uv.sh
source scripts/system-deps.sh
"${UV[@]}" sync --locked --quiet
"${UV[@]}" run --locked ruff check .
"${UV[@]}" run --locked ruff format --check .
"${UV[@]}" run --locked mypy
"${UV[@]}" run --locked pytest "$@"
# The same tests again with the rules core compiled by mypyc, as the Docker image ships it.
# The doctests of service/ ran above: pytest collects them only from the source tree.
bash scripts/compiled.sh -m pytest --import-mode=append -o "testpaths=tests README.md docs" "$@"
