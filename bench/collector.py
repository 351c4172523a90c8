"""A worker's garbage collection, with the tables built at start-up frozen and not, in one run.

``python -m bench.collector`` (``--quick`` for a short run) imports ``service.wsgi`` as
gunicorn's master does (the rule tables warmed, the application made, then everything made so
far frozen: ``gc.freeze``, before the workers fork) and prints:

- **a full collection** (``gc.collect()``, median), after a worker's first requests: as
  deployed (frozen), and with the same objects put back in the collector's generations before
  any request (``gc.unfreeze``), with the objects left in those generations after it;
- **whole listings of random one-wild laizi hands** (``bench.wilds``' hands), the collector on:
  the mean time per move listed, which counts the full collections the listings set off as
  they come (a median would leave them out: a few calls in hundreds pay for one).

Each state runs in processes of its own, started in turn (four each; two with ``--quick``),
and the figures are their means.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

from service.rules import legal_moves, wildfast

from .wilds import case_set, rules

ROOT = Path(__file__).resolve().parents[1]
STATES: Final = ("frozen", "unfrozen")
"""As deployed, and without the freeze (``measure``)."""


def full_collection(repeats: int) -> dict[str, float]:
    """A full collection's time (median, ms), and the objects left in the collector's
    generations after it (``collectable``: what the next one walks, the frozen aside)."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        gc.collect()
        times.append(time.perf_counter() - t0)
    return {"median_ms": statistics.median(times) * 1e3, "collectable": len(gc.get_objects())}


def listings(cases: list[tuple[str, str, str]]) -> tuple[float, int]:
    """Every move of each hand made (its answers emptied first, as for a new hand): the time
    and the moves."""
    moves = 0
    t0 = time.perf_counter()
    for hand, wild, _ in cases:
        wildfast.forget(hands=True)
        moves += len(legal_moves(hand, None, rules(wild)).moves)
    return time.perf_counter() - t0, moves


def measure(state: str, quick: bool) -> dict[str, Any]:
    """In this process, as a worker forked from gunicorn's master finds it (``frozen``) or as it
    would be without the freeze (``unfrozen``: the same objects put back in the collector's
    generations at once, before any request): a worker's first requests (the hands' listings,
    which make the wild engine's tables of what recurs across hands, not frozen, as in a
    worker), then full collections and the listings again, timed."""
    import service.wsgi  # noqa: F401 - what a worker starts from: warmed, then frozen

    if not gc.get_freeze_count():
        raise SystemExit("service.wsgi froze nothing: there is nothing to compare")
    if state == "unfrozen":
        gc.unfreeze()
    cases = case_set(1, 20 if quick else 40, 20261127)
    listings(cases)
    found: dict[str, Any] = {"frozen_objects": gc.get_freeze_count()}
    found["collection"] = full_collection(5 if quick else 20)
    times, moves = [], 0
    for _ in range(2 if quick else 5):
        seconds, moves = listings(cases)
        times.append(seconds * 1e6 / moves)
    found["one_wild_listing_us_per_move"] = statistics.fmean(times)
    found["moves"] = moves
    return found


def run(quick: bool) -> dict[str, Any]:
    """Each state in processes of its own, alternated (``measure``); the means of each."""
    runs: dict[str, list[dict[str, Any]]] = {state: [] for state in STATES}
    for _ in range(2 if quick else 4):
        for state in STATES:
            command = [sys.executable, "-m", "bench.collector", "--state", state]
            out = subprocess.run(
                command + (["--quick"] if quick else []),
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            runs[state].append(json.loads(out))
    found: dict[str, Any] = {}
    for state, done in runs.items():
        found[state] = {
            "frozen_objects": done[0]["frozen_objects"],
            "collectable": done[0]["collection"]["collectable"],
            "collection_ms": statistics.fmean(d["collection"]["median_ms"] for d in done),
            "one_wild_listing_us_per_move": statistics.fmean(
                d["one_wild_listing_us_per_move"] for d in done
            ),
        }
    frozen, unfrozen = found["frozen"], found["unfrozen"]
    found["collection_unfrozen_vs_frozen"] = unfrozen["collection_ms"] / frozen["collection_ms"]
    found["listing_frozen_vs_unfrozen"] = (
        frozen["one_wild_listing_us_per_move"] / unfrozen["one_wild_listing_us_per_move"]
    )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    parser.add_argument("--state", choices=STATES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    found = measure(args.state, args.quick) if args.state else run(args.quick)
    text = json.dumps(found, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
