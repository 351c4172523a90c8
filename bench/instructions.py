"""``python -m bench.instructions``: instructions per call of the core, counted by callgrind.

Wall-clock figures on this shared machine move by 20% and more from hour to hour; an
instruction count does not, so it is how a change to the core is judged before the timed
benchmark (``python -m bench``) is run. Each workload runs in a fresh interpreter under
``valgrind --tool=callgrind`` twice, ``low`` and ``high`` calls after the rule set's universe
is built and one warm-up pass over every input; the difference of the two totals over
``high - low`` is the cost of one call in a process that has seen these hands (tables filled
on first use are filled), with start-up and input drawing cancelled out. ``PYTHONHASHSEED=0``
keeps dict and set layouts and BLAS runs one thread, so the count is the same from run to run.

Needs valgrind (``apt-get install -y valgrind``); ``--inner WORKLOAD N`` runs one workload N
times without it (what valgrind runs).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable

from service.rules import DOUZERO, STANDARD, RuleSet, legal_moves, universe

from . import workloads

#: Workload: (rule set, calls low, calls high); inputs from seed 7.
WORKLOADS: dict[str, tuple[RuleSet, int, int]] = {
    "leads[douzero]": (DOUZERO, 50, 300),
    "responses[douzero]": (DOUZERO, 50, 300),
    "worst[douzero]": (DOUZERO, 20, 120),
    "worst[standard]": (STANDARD, 20, 120),
}
SEED = 7


def calls(name: str) -> list[Callable[[], object]]:
    """The calls of a workload, one per input (300 at most), its universe built first."""
    rules = WORKLOADS[name][0]
    universe(rules)
    if name.startswith("leads"):
        return [
            lambda h=hand: legal_moves(h, rules=rules).moves
            for hand in workloads.random_hands(300, SEED)
        ]
    if name.startswith("responses"):
        return [
            lambda h=hand, p=previous: legal_moves(h, previous=p, rules=rules).moves
            for hand, previous in workloads.response_pairs(300, SEED)
        ]
    return [lambda: legal_moves(workloads.WORST_HAND, rules=rules).moves] * 120


def inner(name: str, count: int) -> None:
    """Run the first ``count`` calls of a workload after one warm-up pass over all of them."""
    work = calls(name)
    for call in work:
        call()
    for call in work[:count]:
        call()


def count(name: str, n: int) -> int:
    """The instructions callgrind counts for ``inner(name, n)`` in a fresh interpreter."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        "-m",
        "bench.instructions",
        "--inner",
        name,
        str(n),
    ]
    # One thread: numpy (imported by rlcard, which draws the response inputs) would start a
    # BLAS thread pool whose idle spinning callgrind counts too.
    single = dict.fromkeys(("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"), "1")
    env = {**os.environ, **single, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from callgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.instructions", description=__doc__)
    parser.add_argument("--inner", nargs=2, metavar=("WORKLOAD", "N"), help=argparse.SUPPRESS)
    parser.add_argument(
        "workloads", nargs="*", metavar="WORKLOAD", help=f"of {', '.join(WORKLOADS)} (all)"
    )
    args = parser.parse_args(argv)
    unknown = [name for name in args.workloads if name not in WORKLOADS]
    if unknown or (args.inner and args.inner[0] not in WORKLOADS):
        parser.error(f"unknown workload: {', '.join(unknown or args.inner[:1])}")
    if args.inner:
        inner(args.inner[0], int(args.inner[1]))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: apt-get install -y valgrind", file=sys.stderr)
        return 2
    for name in args.workloads or WORKLOADS:
        low, high = WORKLOADS[name][1:]
        per_call = (count(name, high) - count(name, low)) // (high - low)
        print(f"{name:20s} {per_call:>12,} instructions per call", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
