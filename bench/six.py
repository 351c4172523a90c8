"""The six-player game (docs/rules.md §12) against our own three-player figures, in one run: no
public engine plays it, so the ratios compare the games' costs through the same core.

``python -m bench.six`` (``--quick`` for a short run) prints, each pair interleaved by the
harness on inputs drawn from fixed seeds:

- leads: 1,000 random 32-card six-player hands (the landlord's) against 1,000 random 20-card
  three-player hands under ``standard``;
- responses: each six-player hand answering a lead drawn from another hand of the same deal,
  against the three-player pairs of the main benchmark;
- classification: the first call on each of 1,000 distinct six-player plays (read from the
  forms on demand into the game's universe, ``fast.tables.Universe``) against three-player
  plays;
- the first use of the six-player rule set in a fresh interpreter (import, the model, the
  first classification and the first listing), and the memory it adds.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from typing import Any

from service.rules import STANDARD, classify, get_ruleset, legal_moves

from . import harness, workloads

SIX = get_ruleset("six_player")
SIX_DECK = "".join(c * 12 for c in "3456789TJQKA2") + "BBBRRR"
ORDER = {c: i for i, c in enumerate("3456789TJQKA2BR")}


def _canonical(cards: list[str]) -> str:
    return "".join(sorted(cards, key=ORDER.__getitem__))


def six_hands(count: int, seed: int, size: int = 32) -> list[tuple[str, str]]:
    """Random six-player hands of ``size`` cards, each with the rest of its deck."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        deck = list(SIX_DECK)
        rng.shuffle(deck)
        found.append((_canonical(deck[:size]), _canonical(deck[size:])))
    return found


def six_pairs(count: int, seed: int) -> list[tuple[str, str]]:
    """(32-card hand, previous play): the play a lead of a 26-card hand from the rest of the
    deck, its kind drawn uniformly among the kinds that hand has."""
    rng = random.Random(seed)
    pairs = []
    for hand, rest in six_hands(count, seed):
        other = _canonical(rng.sample(rest, 26))
        by_kind: dict[str, list[str]] = {}
        for move in legal_moves(other, rules=SIX):
            by_kind.setdefault(move.kind.value, []).append(move.cards)
        kind = rng.choice(sorted(by_kind))
        pairs.append((hand, rng.choice(by_kind[kind])))
    return pairs


def first_use() -> dict[str, Any]:
    """Import, model, first classification and first listing of six_player in a fresh
    interpreter, in ms, and the RSS it adds (MiB)."""
    code = """
import json, resource, time
t0 = time.perf_counter()
import service.rules as r
t1 = time.perf_counter()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
six = r.get_ruleset("six_player")
t2 = time.perf_counter()
r.classify("333444555666777888999TTTJJJQKA2B", six)
t3 = time.perf_counter()
r.legal_moves("333444555666777888999TTTJJJQKA2B", rules=six).count()
t4 = time.perf_counter()
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"import_ms": (t1 - t0) * 1e3, "model_ms": (t2 - t1) * 1e3,
                  "first_classify_ms": (t3 - t2) * 1e3, "first_listing_ms": (t4 - t3) * 1e3,
                  "added_mib": (after - before) / 1024}))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout))


def _pair(
    ours: harness.Engine,
    theirs: harness.Engine,
    inputs: list[tuple[tuple[Any, ...], tuple[Any, ...]]],
    rounds: int,
) -> dict[str, Any]:
    """Two engines on paired inputs (input i of each, in turn): their figures and ratio."""
    engines = {
        "six_player": lambda i: ours(*inputs[i][0]),
        "three_player": lambda i: theirs(*inputs[i][1]),
    }
    samples = harness.interleaved(engines, [(i,) for i in range(len(inputs))], rounds)
    return {
        "six_player": harness.summary(samples, "six_player"),
        "three_player": harness.summary(samples, "three_player"),
        "ratio": harness.compare(samples, "six_player", "three_player"),
    }


def run(count: int, rounds: int) -> dict[str, Any]:
    """Every workload; the results as JSON-ready data."""
    hands = [(h,) for h, _ in six_hands(count, 20241125)]
    three = [(h,) for h in workloads.random_hands(count, 20240602)]
    pairs = six_pairs(count, 20241126)
    three_pairs = workloads.response_pairs(count, 20240603)
    plays = sorted({m.cards for (h,) in hands[:50] for m in legal_moves(h, rules=SIX)})
    rng = random.Random(1)
    six_plays = [(p,) for p in rng.sample(plays, min(count, len(plays)))]
    three_plays = [(p,) for p in workloads.distinct_plays(len(six_plays), 20240604)]

    def leads(hand: str) -> Any:
        return legal_moves(hand, rules=SIX).moves

    def three_leads(hand: str) -> Any:
        return legal_moves(hand, rules=STANDARD).moves

    def responses(hand: str, previous: str) -> Any:
        return legal_moves(hand, previous, SIX).moves

    def three_responses(hand: str, previous: str) -> Any:
        return legal_moves(hand, previous, STANDARD).moves

    results: dict[str, Any] = {
        "leads": _pair(leads, three_leads, list(zip(hands, three, strict=True)), rounds),
        "responses": _pair(
            responses, three_responses, list(zip(pairs, three_pairs, strict=True)), rounds
        ),
        "classify_first": _pair(
            lambda p: classify(p, SIX),
            lambda p: classify(p, STANDARD),
            list(zip(six_plays, three_plays, strict=True)),
            1,
        ),
        "moves_per_lead": sum(len(leads(h)) for (h,) in hands) / len(hands),
        "first_use": first_use(),
    }
    return results


def render(results: dict[str, Any]) -> str:
    lines = ["six_player against three_player (standard), ratios six/three of this run:"]
    for name in ("leads", "responses", "classify_first"):
        block = results[name]
        six, three, ratio = block["six_player"], block["three_player"], block["ratio"]
        lines.append(
            f"  {name:15} six {six['median_us']:9.2f} µs (p90 {six['p90_us']:9.2f})  "
            f"three {three['median_us']:7.2f} µs  ratio {ratio['median']:6.2f} "
            f"(p90 {ratio['p90']:.2f}, paired {ratio['paired_median']:.2f})"
        )
    lines.append(f"  six-player moves per 32-card lead: {results['moves_per_lead']:.0f}")
    use = results["first_use"]
    lines.append(
        "  first use (fresh interpreter): import {import_ms:.0f} ms, model {model_ms:.1f} ms, "
        "first classify {first_classify_ms:.1f} ms, first listing {first_listing_ms:.1f} ms, "
        "+{added_mib:.1f} MiB".format(**use)
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.six", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="200 inputs, one round")
    args = parser.parse_args(argv)
    count, rounds = (200, 1) if args.quick else (1000, 3)
    print(render(run(count, rounds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
