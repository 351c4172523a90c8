"""The wildcard games (docs/rules.md §14) against the same hands read without wilds, in one run.

``python -m bench.wilds`` (``--quick`` for a short run) prints, for random 20-card hands
holding 0, 1, 2 and 4 wild cards (laizi, the wild rank drawn per hand):

- leads and responses (to a play of another hand, read without wilds) of each hand under
  ``laizi`` with its wild rank, by the wild engine (``service.rules.wildfast``): listed whole
  (``LegalMoves.moves``, every move made), counted (``LegalMoves.count``, no move made), and
  as the service answers by default (the count and a page of 100); against the same hand
  listed under ``standard`` (the three-player fast path) and by the reference engine
  (``service.rules.engine``): per call, paired ratios, per play listed, and the number of plays;
  and per play against the standard listing timed again in a run of its own, on the same hands
  (beside the wild engine, the standard listing takes two to four times as long);
- the worst hands found (tiandi laizi, eight wilds; one with every kicker option): their
  counts, and the time and peak memory (``tracemalloc``) of the count, of the whole listing and
  of the service's first page of 1,000 moves, each cold (every table of the wild engine emptied
  first: ``wildfast.forget``), new (the first call about the hand in a worker that answered
  other hands of the game) and warm (asked again), against the worst standard hand's
  whole listing per play (``examples.WORST_HAND``, 497 leads), and what the wild engine keeps
  between calls.

The engines are interleaved by the harness (one call each per hand, order rotated). The rule
sets are made before the timed calls (``rules``), for every engine alike.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import random
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any

from service.rules import STANDARD, RuleSet, get_ruleset, legal_moves, read_play, wildfast
from service.rules.engine import reference_moves
from service.rules.examples import WORST_HAND

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


@functools.cache
def rules(wild: str) -> RuleSet:
    """The laizi rule set with a wild rank: made once, outside the timed calls."""
    return get_ruleset("laizi", wild=wild)


def engines(responses: bool) -> dict[str, Any]:
    """The readings of a case: laizi (wild drawn) listed, counted and paged; standard; the
    reference engine."""

    def laizi(hand: str, wild: str, previous: str) -> int:
        """Every move made (``LegalMoves.moves``)."""
        return len(legal_moves(hand, previous if responses else None, rules(wild)).moves)

    def laizi_count(hand: str, wild: str, previous: str) -> int:
        """The count alone (``LegalMoves.count``: no move made)."""
        return legal_moves(hand, previous if responses else None, rules(wild)).count()

    def laizi_page(hand: str, wild: str, previous: str) -> int:
        """What /v1/legal-moves does by default: the count and the first page of 100."""
        return legal_moves(hand, previous if responses else None, rules(wild)).page(0, 100)[0]

    def standard(hand: str, wild: str, previous: str) -> int:
        return len(legal_moves(hand, previous if responses else None, STANDARD).moves)

    def reference(hand: str, wild: str, previous: str) -> int:
        before = legal_moves(previous).moves[0] if responses else None  # read once, cheap
        return len(reference_moves(read_play(hand), STANDARD.model, before))

    return {
        "laizi": laizi,
        "laizi_count": laizi_count,
        "laizi_page": laizi_page,
        "standard": standard,
        "reference": reference,
    }


def len_of(n: int) -> int:
    """What an engine of ``engines`` returns is already its number of plays."""
    return n


def new_hand(name: str) -> None:
    """Before a call of the wild engine: what it kept of the hands it answered (their counts,
    their moves made) emptied, so that each call answers a hand new to it, as the first
    request about a hand does; its tables of what recurs across hands stay (as the fast
    path's do)."""
    if name.startswith("laizi"):
        wildfast.forget(hands=True)


def per_play(
    samples: harness.Samples, ours: str, theirs: str, *, against: harness.Samples | None = None
) -> float:
    """The paired median of the time per play listed, ours over theirs (each hand's ratio);
    theirs timed in ``against`` where not in ``samples`` (the same hands)."""
    their = samples if against is None else against
    mine, other = samples.per_input(ours), their.per_input(theirs)
    found = [
        (t / n) / (u / m)
        for t, n, u, m in zip(mine, samples.counts[ours], other, their.counts[theirs], strict=True)
        if n and m and u
    ]
    return statistics.median(found) if found else float("nan")


def compare(wilds: int, count: int, rounds: int, seed: int, responses: bool) -> dict[str, Any]:
    cases = case_set(wilds, count, seed)
    found = engines(responses)
    harness.warm_up(found, cases[:5])
    samples = harness.interleaved(found, cases, rounds, measure=len_of, prepare=new_hand)
    # The standard listing again, in a run of its own: beside the wild engine, whose listings
    # make and free hundreds of objects, it takes two to four times as long, most likely as
    # its tables fall out of the processor's caches (BENCHMARKS.md, "Wildcards").
    alone = harness.interleaved({"standard": found["standard"]}, cases, rounds, measure=len_of)

    def paired(ours: str, theirs: str) -> float:
        return float(harness.compare(samples, ours, theirs)["paired_median"])

    return {
        "hands": count,
        "plays_mean": {n: statistics.fmean(samples.counts[n]) for n in found},
        "per_call_us": {n: harness.summary(samples, n)["median_us"] for n in found},
        "standard_alone_per_call_us": harness.summary(alone, "standard")["median_us"],
        "per_play_vs_standard": per_play(samples, "laizi", "standard"),
        "per_play_vs_standard_alone": per_play(samples, "laizi", "standard", against=alone),
        "laizi_vs_standard": paired("laizi", "standard"),
        "count_vs_standard": paired("laizi_count", "standard"),
        "page_vs_standard": paired("laizi_page", "standard"),
        "laizi_vs_reference": paired("laizi", "reference"),
        "page_vs_laizi": paired("laizi_page", "laizi"),
    }


def worst(repeats: int) -> dict[str, Any]:
    """The worst hands found, and the worst standard hand's whole listing per play."""
    hands = [worst_hand(hand, wild, options, repeats) for hand, wild, options in WORST]
    standard = worst_standard(repeats)
    per_play = standard["per_play_us"]
    for found in hands:
        page = found["page"]
        found["page_per_play_vs_worst_standard"] = {
            state: page[state]["median_s"] * 1e6 / 1000 / per_play
            for state in ("cold", "new", "warm")
        }
    return {"hands": hands, "worst_standard": standard}


def worst_standard(repeats: int) -> dict[str, Any]:
    """``examples.WORST_HAND`` listed whole under ``standard`` (the fast path, as it runs:
    its tables warm)."""
    moves = legal_moves(WORST_HAND).moves  # the fast path's tables made
    times = []
    for _ in range(max(repeats, 5) * 20):
        t0 = time.perf_counter()
        moves = legal_moves(WORST_HAND).moves
        times.append(time.perf_counter() - t0)
    median = statistics.median(times)
    return {
        "hand": WORST_HAND,
        "plays": len(moves),
        "median_us": median * 1e6,
        "per_play_us": median * 1e6 / len(moves),
    }


def other_hands(hand: str, wild: list[str], count: int = 20) -> list[str]:
    """``count`` random hands of 20 cards holding every wild card, none of them ``hand``:
    what a worker answered before it."""
    rng = random.Random(20261127)
    deck = [c for c in RANKS * 4 + "BR" if c not in wild]
    found: list[str] = []
    while len(found) < count:
        cards = "".join(w * 4 for w in wild) + "".join(rng.sample(deck, 20 - 4 * len(wild)))
        if sorted(cards) != sorted(hand):
            found.append(cards)
    return found


def worst_hand(
    hand: str, wild: list[str], options: dict[str, bool], repeats: int
) -> dict[str, Any]:
    """One worst hand: the count, the whole listing and the first page of 1,000, each cold
    (``wildfast.forget`` first: a new worker), new (a worker that answered other hands of
    the game before, ``other_hands``, and nothing of this one: what the first request about a
    hand finds) and warm (asked again at once); time (median) and peak memory (of a cold
    call)."""
    rules = get_ruleset("tiandi_laizi", wild=wild, **options)
    paths = {
        "count": lambda: legal_moves(hand, rules=rules).count(),
        "listing": lambda: legal_moves(hand, rules=rules).moves,
        "page": lambda: legal_moves(hand, rules=rules).page(0, 1000),
    }
    others = other_hands(hand, wild)
    found: dict[str, Any] = {"hand": hand, "wild": wild, "options": sorted(options)}
    for name, path in paths.items():
        cold, new, warm = [], [], []
        for _ in range(repeats):
            wildfast.forget()
            gc.collect()
            t0 = time.perf_counter()
            path()
            t1 = time.perf_counter()
            path()
            t2 = time.perf_counter()
            cold.append(t1 - t0)
            warm.append(t2 - t1)
            wildfast.forget()
            for other in others:
                legal_moves(other, rules=rules).page(0, 1000)
            wildfast.forget(hands=True)
            gc.collect()
            t0 = time.perf_counter()
            path()
            new.append(time.perf_counter() - t0)
        wildfast.forget()
        gc.collect()
        tracemalloc.start()
        answer = path()
        held, peak = tracemalloc.get_traced_memory()
        del answer
        gc.collect()
        kept_after, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        found[name] = {
            "cold": {"median_s": statistics.median(cold)},
            "new": {"median_s": statistics.median(new)},
            "warm": {"median_s": statistics.median(warm)},
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
