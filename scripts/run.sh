#!/usr/bin/env bash
# Set up the environment from the lock file and run the ddz-referee command line.
# Usage: bash scripts/run.sh classify 33344   (any ddz-referee arguments; none: a demo)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/uv.sh
"${UV[@]}" sync --locked --quiet --no-default-groups
if [ "$#" -eq 0 ]; then
  set -- moves 333444555666789TJQKA 34567
fi
exec "${UV[@]}" run --locked --no-default-groups ddz-referee "$@"
