"""Timing: engines called in turn on each input (order rotated), gc off, ``perf_counter_ns``.

Each input is given to every engine before the next input, the engine order rotating from one
input (and one round) to the next, so that drift of the machine (frequency, other load) falls on
all engines alike. The garbage collector is off inside a timed block (as ``timeit`` has it:
no engine pays for a collection that another's garbage set off); between blocks it collects
the young generation, as it often does by itself in use. A full collection walks every object
of the process and leaves the processor's caches cold: with ``flush`` the harness makes one
before every block, to measure that regime on purpose.
Statistics are per call; ratios compare two engines of the same run.
"""

from __future__ import annotations

import gc
import statistics
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from time import perf_counter_ns
from typing import Any

Engine = Callable[..., Any]
BLOCK = 100  # inputs per gc-free block


@contextmanager
def gc_paused(generation: int = 0) -> Iterator[None]:
    """The garbage collector off for the block (``generation`` and the younger ones collected
    first), back on afterwards."""
    was_enabled = gc.isenabled()
    gc.collect(generation)
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def timer_overhead_ns(samples: int = 20_000) -> float:
    """The median cost of an empty ``perf_counter_ns`` pair (inside every single-call figure)."""
    clock = perf_counter_ns
    found = []
    with gc_paused():
        for _ in range(samples):
            t0 = clock()
            t1 = clock()
            found.append(t1 - t0)
    return float(statistics.median(found))


def _rotations(names: Sequence[str]) -> list[list[str]]:
    return [list(names[k:]) + list(names[:k]) for k in range(len(names))]


@dataclass
class Samples:
    """Per engine: one time per (round, input), in ns, and what the first round returned."""

    names: list[str]
    inputs: int
    rounds: int
    times: dict[str, list[int]] = field(default_factory=dict)
    counts: dict[str, list[int]] = field(default_factory=dict)

    def per_input(self, name: str) -> list[float]:
        """Each input's median time over the rounds (ns)."""
        times = self.times[name]
        return [
            statistics.median(times[r * self.inputs + i] for r in range(self.rounds))
            for i in range(self.inputs)
        ]


def interleaved(
    engines: dict[str, Engine],
    inputs: Sequence[tuple[Any, ...]],
    rounds: int = 1,
    *,
    batch: int = 1,
    measure: Callable[[Any], int] | None = None,
    flush: bool = False,
    prepare: Callable[[str], None] | None = None,
) -> Samples:
    """Time every engine on every input, ``rounds`` times; one sample = one call.

    With ``batch`` > 1 each sample is the mean of ``batch`` back-to-back calls on the same input
    (for calls too short to time one by one). ``measure`` (outside the timed span) turns the
    first round's results into the ``counts`` kept for cross-checks. With ``flush``, a full
    collection before every block of ``BLOCK`` inputs leaves the caches cold (module doc).
    ``prepare`` (outside the timed span) is called with an engine's name before each of its
    calls (to empty what an engine keeps of the input it answered last).
    """
    names = list(engines)
    found = Samples(names, len(inputs), rounds, {n: [] for n in names}, {n: [] for n in names})
    orders = _rotations(names)
    clock = perf_counter_ns
    for r in range(rounds):
        for block_start in range(0, len(inputs), BLOCK):
            block = inputs[block_start : block_start + BLOCK]
            with gc_paused(2 if flush else 0):
                for offset, args in enumerate(block):
                    i = block_start + offset
                    for name in orders[(i + r) % len(names)]:
                        fn = engines[name]
                        if prepare is not None:
                            prepare(name)
                        if batch == 1:
                            t0 = clock()
                            result = fn(*args)
                            t1 = clock()
                            found.times[name].append(t1 - t0)
                        else:
                            t0 = clock()
                            for _ in range(batch):
                                result = fn(*args)
                            t1 = clock()
                            found.times[name].append((t1 - t0) // batch)
                        if measure is not None and r == 0:
                            found.counts[name].append(measure(result))
                        del result
    return found


def warm_up(engines: dict[str, Engine], inputs: Sequence[tuple[Any, ...]]) -> None:
    """Call every engine on every input once, untimed (after a full collection: the garbage of
    whatever ran before is not left to the timed blocks)."""
    gc.collect()
    for args in inputs:
        for fn in engines.values():
            fn(*args)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation between closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    pos = (len(ordered) - 1) * q
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def summary(samples: Samples, name: str) -> dict[str, float]:
    """Median, p90 and mean per call (µs), and the total of one pass over the inputs (ms)."""
    times = samples.times[name]
    return {
        "calls": len(times),
        "median_us": percentile(times, 0.5) / 1e3,
        "p90_us": percentile(times, 0.9) / 1e3,
        "mean_us": statistics.fmean(times) / 1e3,
        "total_ms": sum(times) / samples.rounds / 1e6,
    }


def compare(samples: Samples, ours: str, theirs: str) -> dict[str, Any]:
    """Ratios ours/theirs (below 1: ours faster): at the median, p90, total, and paired.

    ``paired_median`` is the median over inputs of each input's own ratio, the figure least
    moved by drift; ``speedup_median`` is theirs/ours at the median.
    """
    a, b = summary(samples, ours), summary(samples, theirs)
    mine, other = samples.per_input(ours), samples.per_input(theirs)
    paired = [x / y for x, y in zip(mine, other, strict=True) if y > 0]
    return {
        "ours": ours,
        "theirs": theirs,
        "median": a["median_us"] / b["median_us"],
        "p90": a["p90_us"] / b["p90_us"],
        "total": a["total_ms"] / b["total_ms"],
        "paired_median": statistics.median(paired) if paired else float("nan"),
        "speedup_median": b["median_us"] / a["median_us"],
    }
