"""``python -m bench [--quick] [--out PATH] [--profile]``: run, print the table, write JSON."""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
from pathlib import Path

from . import engines, runner, workloads


def profile_ours(hands: int, worst_reps: int, top: int = 25) -> str:
    """cProfile of our core: leads of the worst hand, then leads of random hands (3 presets)."""
    presets = engines.OURS_PRESETS
    out = io.StringIO()
    jobs = {
        f"worst hand {workloads.WORST_HAND}, {worst_reps} calls per preset": [workloads.WORST_HAND]
        * worst_reps,
        f"{hands} random 20-card hands": workloads.random_hands(hands, 20240601 + 1),
    }
    for title, inputs in jobs.items():
        for name, rules in presets.items():
            lead = engines.ours_leads(rules)
            for hand in inputs[:5]:  # warm-up
                lead(hand)
            profiler = cProfile.Profile()
            profiler.enable()
            for hand in inputs:
                lead(hand)
            profiler.disable()
            out.write(f"\n=== profile: leads, {title}, rules={name} ===\n")
            stats = pstats.Stats(profiler, stream=out)
            stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run (about 5 s)")
    parser.add_argument(
        "--out", type=Path, default=runner.RESULTS, help="JSON file (default bench/results.json)"
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="also print a cProfile of our core (worst hand, random hands)",
    )
    args = parser.parse_args(argv)
    cfg = runner.Config.quick() if args.quick else runner.Config.full()
    results = runner.run(cfg, log=lambda text: print(text, file=sys.stderr, flush=True))
    print(runner.render(results))
    path = runner.write(results, args.out)
    print(f"results written to {path}")
    if args.profile:
        print(profile_ours(cfg.hands, cfg.worst_reps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
