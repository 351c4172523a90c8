#!/usr/bin/env bash
# Set up the environment from the lock file and start the HTTP API on 127.0.0.1:8000
# (gunicorn, gunicorn.conf.py; no Redis needed: the cache is then in-process only).
# Usage: bash scripts/run.sh                 the service (Ctrl-C stops it)
#        bash scripts/run.sh classify 33344  any other ddz-referee command instead
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/uv.sh
"${UV[@]}" sync --locked --quiet --no-default-groups --inexact
if [ "$#" -eq 0 ]; then
  set -- serve
fi
exec "${UV[@]}" run --locked --no-default-groups ddz-referee "$@"
