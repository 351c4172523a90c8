"""The wildcard games (docs/rules.md §14) against the same hands read without wilds, in one run.

``python -m bench.wilds`` (``--quick`` for a short run) prints, for random 20-card hands
holding 0, 1, 2 and 4 wild cards (laizi, the wild rank drawn per hand):

- leads and responses (to a play of another hand, read without wilds) of each hand under
  ``laizi`` with its wild rank, listed whole and as the service answers by default (the count
  and a page of 100), against the same hand under ``standard`` (the three-player fast path)
  and under the reference engine (``service.rules.engine``, pure Python, as the wild engine
  is): per call, paired ratios, and the number of plays listed;
- the worst hands found (tiandi laizi, eight wilds; one with every kicker option), their
  counts, and the time and peak memory (``tracemalloc``) of the whole listing and of the
  service's first page of 1,000 moves, and what the wild engine keeps between calls.

The engines are interleaved by the harness (one call each per hand, order rotated).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any

from service.rules import STANDARD, get_ruleset, legal_moves, read_play
from service.rules.engine import reference_moves

from . import harness

RANKS = "3456789TJQKA2"
#: Every kicker option the rule book has, on together: the most plays found.
EVERY_KICKER = dict.fromkeys(
    (
        "kicker_ranks_repeat",
        "same_rank_pairs",
        "four_with_single",
        "four_with_pair",
        "space_shuttle",
    ),
    True,
)
#: The worst hands found: tiandi laizi, wild K and Q, all eight wilds beside a long run.
WORST = [
    ("KKKKQQQQ345678899TJA", ["K", "Q"], {}),
    ("KKKKQQQQ3456789TJA2B", ["K", "Q"], EVERY_KICKER),
]


def hand_with(wilds: int, rng: random.Random) -> tuple[str, str]:
    """A random 20-card hand holding exactly ``wilds`` cards of a random wild rank."""
    wild = rng.choice(RANKS)
    others = [c for c in RANKS * 4 + "BR" if c != wild]
    cards = [wild] * wilds + rng.sample(others, 20 - wilds)
    return "".join(cards), wild


def previous_for(hand: str, wild: str, rng: random.Random) -> str:
    """A play to answer: a random lead (not a bomb) of another hand without the wild rank."""
    deck = [c for c in RANKS * 4 if c != wild]
    for card in hand:
        if card in deck:
            deck.remove(card)
    other = "".join(rng.sample(deck, min(17, len(deck))))
    leads = [m for m in legal_moves(other) if not m.is_bomb]
    return rng.choice(leads).cards


def case_set(wilds: int, count: int, seed: int) -> list[tuple[str, str, str]]:
    rng = random.Random(seed + wilds)
    found = []
    for _ in range(count):
        hand, wild = hand_with(wilds, rng)
        found.append((hand, wild, previous_for(hand, wild, rng)))
    return found


def engines(responses: bool) -> dict[str, Any]:
    """The three readings of a case: laizi (wild drawn), standard, the reference engine."""

    def laizi(hand: str, wild: str, previous: str) -> int:
        rules = get_ruleset("laizi", wild=wild)
        return legal_moves(hand, previous if responses else None, rules).count()

    def laizi_page(hand: str, wild: str, previous: str) -> int:
        """What /v1/legal-moves does by default: the count and the first page of 100."""
        rules = get_ruleset("laizi", wild=wild)
        return legal_moves(hand, previous if responses else None, rules).page(0, 100)[0]

    def standard(hand: str, wild: str, previous: str) -> int:
        return legal_moves(hand, previous if responses else None, STANDARD).count()

    def reference(hand: str, wild: str, previous: str) -> int:
        before = legal_moves(previous).moves[0] if responses else None  # read once, cheap
        return len(reference_moves(read_play(hand), STANDARD.model, before))

    return {
        "laizi": laizi,
        "laizi_page": laizi_page,
        "standard": standard,
        "reference": reference,
    }


def compare(wilds: int, count: int, rounds: int, seed: int, responses: bool) -> dict[str, Any]:
    cases = case_set(wilds, count, seed)
    found = engines(responses)
    harness.warm_up(found, cases[:5])
    samples = harness.interleaved(found, cases, rounds, measure=lambda n: n)
    return {
        "hands": count,
        "plays_mean": {n: statistics.fmean(samples.counts[n]) for n in found},
        "per_call_us": {n: harness.summary(samples, n)["median_us"] for n in found},
        "laizi_vs_standard": harness.compare(samples, "laizi", "standard")["paired_median"],
        "laizi_vs_reference": harness.compare(samples, "laizi", "reference")["paired_median"],
        "page_vs_laizi": harness.compare(samples, "laizi_page", "laizi")["paired_median"],
        "page_vs_reference": harness.compare(samples, "laizi_page", "reference")["paired_median"],
    }


def worst(repeats: int) -> list[dict[str, Any]]:
    """The worst hands found: their counts, and for the whole listing (``LegalMoves.moves``)
    and for the service's first page of 1,000 (``LegalMoves.page``), the median time and the
    peak memory."""
    return [worst_hand(hand, wild, options, repeats) for hand, wild, options in WORST]


def worst_hand(
    hand: str, wild: list[str], options: dict[str, bool], repeats: int
) -> dict[str, Any]:
    rules = get_ruleset("tiandi_laizi", wild=wild, **options)
    paths = {
        "listing": lambda: legal_moves(hand, rules=rules).moves,
        "page": lambda: legal_moves(hand, rules=rules).page(0, 1000),
    }
    found: dict[str, Any] = {"hand": hand, "wild": wild, "options": sorted(options)}
    for name, path in paths.items():
        times = []
        for _ in range(repeats):
            gc.collect()
            t0 = time.perf_counter()
            path()
            times.append(time.perf_counter() - t0)
        gc.collect()
        tracemalloc.start()
        answer = path()
        held, peak = tracemalloc.get_traced_memory()
        del answer
        gc.collect()
        kept_after, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        found[name] = {
            "median_s": statistics.median(times),
            "peak_mb": peak / 2**20,
            "held_mb": held / 2**20,
            "kept_after_mb": kept_after / 2**20,
        }
    count, page = legal_moves(hand, rules=rules).page(0, 1000)
    found["plays"] = count
    found["page_of_1000_kb"] = len(json.dumps([m.as_dict() for m in page])) / 1024
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    args = parser.parse_args()
    count, rounds, repeats = (8, 1, 1) if args.quick else (40, 3, 5)
    figures: dict[str, Any] = {}
    for name, responses in (("leads", False), ("responses", True)):
        figures[name] = {
            f"{wilds}_wilds": compare(wilds, count, rounds, 20261125, responses)
            for wilds in (0, 1, 2, 4)
        }
    figures["worst"] = worst(repeats)
    text = json.dumps(figures, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
