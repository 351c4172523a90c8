"""A room's own option set against the preset it starts from, in one run: first use and memory.

``python -m bench.options`` (``--quick`` for a short run) draws distinct three-player option
sets at random from the declarations of the options that shape the plays (``Role.PLAYS`` and
``Role.KICKERS``: each its own game model), and gives each the first calls a room makes
(``workload``: the leads of ten hands, an answer of each to a play, twenty classifications).
Per option set it prints:

- **first use**: those calls under the option set, made for the first time in the process
  (its tables, universe and kicker rows made on the way), against the same calls under
  ``standard`` in a warm state, both timed in turn (``first / preset``), and the same calls
  again under the option set (``again / preset``, its steady state);
- **build**: what the first calls cost beyond the second (``first - again``), in ms;
- **bytes**: what the first calls left allocated (``tracemalloc``, a pass of its own, in a
  fresh interpreter), and the growth of the process's RSS over every option set.

The other games (four- and six-player, Big Three) take their play options in the same way;
``--games`` adds their option sets to the draw.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from service.rules import STANDARD, RuleSet, classify, get_ruleset, legal_moves
from service.rules.options import Role
from service.rules.ruleset import OPTIONS, PRESETS

ROOT = Path(__file__).resolve().parents[1]
RANKS = "3456789TJQKA2"
ORDER = RANKS + "BR"
#: Kinds every three-player option set keeps: a play of them can be answered under any.
EVERYWHERE = {"single", "pair", "trio", "trio_single", "trio_pair", "chain", "pair_chain", "bomb"}


def option_sets(count: int, seed: int, game: str = "three_player") -> list[dict[str, object]]:
    """``count`` option sets of ``game`` whose game models differ from one another and from
    every preset's: each option that shapes the game's plays drawn from its declared values
    (an option whose need is unmet left off, as the rule set requires)."""
    rng = random.Random(seed)
    base = {"three_player": "standard"}.get(game, game)
    names = [
        name
        for name, spec in OPTIONS.items()
        if spec.role in (Role.PLAYS, Role.KICKERS)
        and (spec.games is None or game in {g.value for g in spec.games})
    ]
    seen = {rules.model for rules in PRESETS.values()}
    found: list[dict[str, object]] = []
    for _ in range(count * 200):
        if len(found) == count:
            break
        options: dict[str, object] = {}
        for name in names:
            values = OPTIONS[name].values
            options[name] = (
                rng.choice(list(values)) if isinstance(values, range) else rng.random() < 0.5
            )
        for name in names:
            need = OPTIONS[name].needs
            if need is not None and options.get(need.option) is not True:
                options[name] = OPTIONS[name].default
        try:
            rules = get_ruleset(base, **options)
        except ValueError:
            continue
        if rules.model not in seen:
            seen.add(rules.model)
            found.append({"ruleset": base, **options})
    return found


def workload(seed: int, hands: int = 10) -> list[tuple[str, str | None]]:
    """The first calls a room makes: per hand, its leads and an answer to a play of a kind
    every option set keeps (another hand's lead); then each such play classified, and the
    hand itself. As (hand or play, previous or None, and "classify" for a classification)."""
    rng = random.Random(seed)
    calls: list[tuple[str, str | None]] = []
    for _ in range(hands):
        cards = rng.sample(RANKS * 4 + "BR", 37)
        hand = "".join(sorted(cards[:20], key=ORDER.index))
        other = "".join(sorted(cards[20:], key=ORDER.index))
        plays = [m.cards for m in legal_moves(other) if m.kind.value in EVERYWHERE]
        calls.append((hand, None))
        calls.append((hand, rng.choice(plays)))
    return calls


def run(calls: list[tuple[str, str | None]], rules: RuleSet) -> int:
    """The calls under ``rules``: leads and answers listed, then their previous plays and the
    hands classified. How many moves and readings they gave."""
    total = 0
    for hand, previous in calls:
        total += len(legal_moves(hand, previous, rules=rules).moves)
    for hand, previous in calls:
        total += len(classify(previous or hand[:5], rules))
    return total


def first_use(sets: list[dict[str, object]], calls: list[tuple[str, str | None]]) -> list[dict]:
    """Per option set: its first and second run of the calls, and the preset's, timed in turn
    (preset, first, preset, again: the preset's figure is the mean of its two)."""
    run(calls, STANDARD)
    found = []
    for options in sets:
        name, rest = str(options["ruleset"]), {k: v for k, v in options.items() if k != "ruleset"}
        times = []
        gc.collect()
        gc.disable()
        try:
            for rules in ("preset", "custom", "preset", "custom"):
                chosen = STANDARD if rules == "preset" else get_ruleset(name, **rest)
                t0 = time.perf_counter_ns()
                run(calls, chosen)
                times.append(time.perf_counter_ns() - t0)
        finally:
            gc.enable()
        preset = (times[0] + times[2]) / 2
        found.append(
            {
                "options": rest,
                "first_ms": times[1] / 1e6,
                "again_ms": times[3] / 1e6,
                "preset_ms": preset / 1e6,
                "first_ratio": times[1] / preset,
                "again_ratio": times[3] / preset,
            }
        )
    return found


MEMORY_SCRIPT = r"""
import json, sys, tracemalloc
sys.path.insert(0, sys.argv[3])
from bench.options import run, workload
from service.rules import PRESETS, STANDARD, get_ruleset

def rss_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

sets, calls = json.loads(sys.argv[1]), workload(int(sys.argv[2]), int(sys.argv[4]))
run(calls, STANDARD)
before = rss_kb()
sizes = []
tracemalloc.start()
for options in sets:
    rest = {k: v for k, v in options.items() if k != "ruleset"}
    start = tracemalloc.get_traced_memory()[0]
    run(calls, get_ruleset(options["ruleset"], **rest))
    sizes.append(tracemalloc.get_traced_memory()[0] - start)
traced = tracemalloc.get_traced_memory()[0]
tracemalloc.stop()
print(json.dumps({"bytes": sizes, "traced_total": traced, "rss_growth_kb": rss_kb() - before}))
"""


def memory(sets: list[dict[str, object]], seed: int, hands: int = 10) -> dict[str, Any]:
    """In a fresh interpreter, after the preset's calls: what each option set's first calls
    left allocated, and the RSS growth over all of them."""
    out = subprocess.run(
        [sys.executable, "-c", MEMORY_SCRIPT, json.dumps(sets), str(seed), str(ROOT), str(hands)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return dict(json.loads(out))


def _quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):.2f}, p90 {p90:.2f}, worst {ordered[-1]:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 option sets, not 100")
    parser.add_argument("--seed", type=int, default=20261126)
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    count = 20 if args.quick else 100
    sets = option_sets(count, args.seed)
    calls = workload(args.seed + 1)
    timed = first_use(sets, calls)
    mem = memory(sets, args.seed + 1)
    for row, size in zip(timed, mem["bytes"], strict=True):
        row["bytes"] = size
        row["build_ms"] = row["first_ms"] - row["again_ms"]
    print(f"{len(sets)} distinct three-player option sets, {len(calls) // 2} hands' calls each")
    print("first use / preset:  " + _quantiles([r["first_ratio"] for r in timed]))
    print("again / preset:      " + _quantiles([r["again_ratio"] for r in timed]))
    print("build (ms):          " + _quantiles([r["build_ms"] for r in timed]))
    print("bytes left (kB):     " + _quantiles([r["bytes"] / 1e3 for r in timed]))
    print(
        f"over all {len(sets)}: {mem['traced_total'] / 1e6:.1f} MB traced, "
        f"RSS +{mem['rss_growth_kb'] / 1024:.1f} MiB"
    )
    worst = max(timed, key=lambda r: r["first_ratio"])
    print(f"worst first use: {worst['first_ratio']:.2f}x, {worst['options']}")
    if args.out:
        args.out.write_text(json.dumps({"sets": timed, "memory": mem}, indent=1) + "\n")


if __name__ == "__main__":
    main()
