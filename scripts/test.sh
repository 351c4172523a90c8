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
