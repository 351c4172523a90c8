"""The games the three-player tables do not list, on the fast path's general plan
(``service.rules.fast.general``), against the reference engine it replaced, in one run.

``python -m bench.games`` (``--quick`` for a short run) prints, per game (four-player,
six-player, Big Three) and for ``standard`` (where the tables answer, for scale):

- leads of random hands of the landlord's size, and responses of each hand to a lead drawn
  from another hand of the deck (its kind drawn uniformly), through ``legal_moves`` (the
  service's path) and through ``engine.reference_moves``, interleaved by the harness;
- the median time per call, the moves listed per call, the time per move listed, and the
  paired ratio of the service's path to the reference engine.

No public engine plays these games: the reference engine (pure Python in both builds) is the
peer, the three-player tables the textbook speed to approach.
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from service.rules import Combination, RuleSet, format_counts, get_ruleset, legal_moves, read_play
from service.rules.engine import reference_moves

from . import harness

GAMES = ("four_player", "six_player", "big_three", "standard")
RANKS = "3456789TJQKA2"


def deck(rules: RuleSet) -> list[str]:
    """Every card of the rule set's game, by rank character."""
    table = rules.table
    return [c for c in RANKS for _ in range(4 * table.copies)] + list("BR") * table.jokers


def cases(rules: RuleSet, count: int, seed: int) -> list[tuple[str, Combination]]:
    """``count`` hands of the landlord's size, each with a lead of another hand of the rest of
    the deck (as big as a seat's), its kind drawn uniformly among that hand's."""
    rng = random.Random(seed)
    table = rules.table
    found = []
    for _ in range(count):
        cards = deck(rules)
        rng.shuffle(cards)
        hand = format_counts(read_play(cards[: table.landlord_hand], rules))
        other = cards[table.landlord_hand : table.landlord_hand + table.hand]
        by_kind: dict[str, list[Combination]] = {}
        for move in legal_moves("".join(other), rules=rules):
            by_kind.setdefault(move.kind.value, []).append(move)
        kind = rng.choice(sorted(by_kind))
        found.append((hand, rng.choice(by_kind[kind])))
    return found


def run(count: int, rounds: int) -> dict[str, Any]:
    """Every game's leads and responses, the service's path against the reference engine."""
    results: dict[str, Any] = {}
    for seed, name in enumerate(GAMES):
        rules = get_ruleset(name)
        inputs = cases(rules, count, 20261126 + seed)
        for what, answer in (("leads", False), ("responses", True)):
            results[f"{name} {what}"] = measure(rules, inputs, answer, rounds)
    return results


def measure(
    rules: RuleSet, inputs: list[tuple[str, Combination]], answer: bool, rounds: int
) -> dict[str, Any]:
    """Leads (or, with ``answer``, responses) of each input, both ways: figures and ratio."""
    model = rules.model
    counts = {hand: read_play(hand, rules) for hand, _ in inputs}

    def ours(hand: str, previous: Combination) -> Any:
        return legal_moves(hand, previous if answer else None, rules).moves

    def reference(hand: str, previous: Combination) -> Any:
        return reference_moves(counts[hand], model, previous if answer else None)

    engines = {"ours": ours, "reference": reference}
    harness.warm_up(engines, inputs)
    samples = harness.interleaved(engines, inputs, rounds)
    moves = statistics.fmean(len(ours(*case)) for case in inputs)
    summary = harness.summary(samples, "ours")
    return {
        "ours": summary,
        "reference": harness.summary(samples, "reference"),
        "ratio": harness.compare(samples, "ours", "reference"),
        "moves": moves,
        "us_per_move": summary["mean_us"] / moves if moves else float("nan"),
    }


def render(results: dict[str, Any]) -> str:
    lines = [
        "the service's path (legal_moves) against the reference engine, this run:",
        f"  {'game, listing':26} {'ours µs':>9} {'ref µs':>9} {'moves':>7} "
        f"{'µs/move':>8} {'ours/ref':>9}",
    ]
    for name, block in results.items():
        lines.append(
            f"  {name:26} {block['ours']['median_us']:9.1f} {block['reference']['median_us']:9.1f}"
            f" {block['moves']:7.1f} {block['us_per_move']:8.2f}"
            f" {block['ratio']['paired_median']:9.3f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.games", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="100 hands a game, one round")
    args = parser.parse_args(argv)
    count, rounds = (100, 1) if args.quick else (500, 3)
    print(render(run(count, rounds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
