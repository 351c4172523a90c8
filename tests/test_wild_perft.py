"""The wildcard games (docs/rules.md §14) against an independent reference.

The reference is ``tests/wild_reference.py``, written from docs/rules.md §14 alone (it never
reads the engine); ``tests/test_wild_reference.py`` proves it on cases worked by hand and its
two methods (every sub-multiset with every substitution; every natural combination of the
deck realized by the hand) against each other. Here it judges the core:

- ``test_golden_counts``: every entry of ``tests/golden/wild_perft.json`` (built by
  ``tests/golden/make_wild_perft.py`` from the reference only): laizi hands with 0 to 4 wilds,
  tiandi hands with 0 to 8, leads and answers to declared readings (soft, hard, pure and long
  bombs, chains with wilds, the rocket; ``soft_hard_by_rank``), our count and the digest of
  our move list;
- ``test_small_hands_against_the_brute_force``: random small hands, exact move sets against a
  fresh brute force, leads and answers;
- ``test_classify_matches_the_reference``: every reading, the preferred one first.
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest
from common import RANK_CHARS, counts_from_text
from wild_reference import (
    LAIZI,
    TIANDI,
    brute_force_wild_moves,
    preferred,
    previous_play,
    wild_moves_digest,
    wild_readings,
)

from service.rules import Combination, RuleSet, classify, combination, get_ruleset, legal_moves

GOLDEN = Path(__file__).parent / "golden" / "wild_perft.json"
#: The kicker options the reference reads, as it takes them: plain data (option name -> value).
STANDARD = get_ruleset("standard").options()


@functools.cache
def entries() -> list[dict]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))["entries"]


def our_moves(hand: str, previous: Combination | None, rules: RuleSet) -> set[tuple]:
    return {
        (m.cards, m.kind.value, int(m.rank), m.length) for m in legal_moves(hand, previous, rules)
    }


@functools.cache
def ruleset(name: str, wild: tuple[str, ...], by_rank: bool) -> RuleSet:
    return get_ruleset(name, wild=list(wild), soft_hard_by_rank=by_rank)


def test_the_golden_file_covers_every_wild_count_and_bomb_class() -> None:
    found = entries()
    wilds = {
        (e["wilds"], sum(e["hand"].count(r) for r in e["wild"])) for e in found if not e["previous"]
    }
    assert {(LAIZI, n) for n in range(5)} <= wilds
    assert {(TIANDI, n) for n in range(9)} <= wilds
    classes = {e["previous"]["class"] for e in found if e["previous"]}
    assert {"soft", "hard", "pure"} <= classes
    assert any(e["soft_hard_by_rank"] for e in found)


@pytest.mark.parametrize("index", range(len(entries())))
def test_golden_counts(index: int) -> None:
    entry = entries()[index]
    rules = ruleset(entry["rules"], tuple(entry["wild"]), entry["soft_hard_by_rank"])
    before = entry["previous"]
    previous = None
    if before:
        previous = combination(before["cards"], rules, kind=before["kind"], rank=before["rank"])
        assert previous.as_dict().get("bomb_class") == before["class"]
    moves = our_moves(entry["hand"], previous, rules)
    assert len(moves) == entry["count"], entry
    assert wild_moves_digest(moves) == entry["digest"], entry


def random_case(rng: random.Random) -> tuple[str, RuleSet, tuple[int, ...], str]:
    """A small hand rich in wilds, with its rule set."""
    ranks = RANK_CHARS[:13]
    if rng.random() < 0.5:
        wild, mode, name = rng.sample(ranks, 1), LAIZI, "laizi"
    else:
        wild, mode, name = rng.sample(ranks, 2), TIANDI, "tiandi_laizi"
    deck = list(ranks * 4 + "BR")
    wilds = [c for c in deck if c in wild]
    rng.shuffle(wilds)
    size = rng.randint(3, 9)
    taken = wilds[: rng.randint(0, min(4, size))]
    for card in taken:
        deck.remove(card)
    hand = "".join(sorted(taken + rng.sample(deck, size - len(taken)), key=RANK_CHARS.index))
    by_rank = rng.random() < 0.3
    rules = ruleset(name, tuple(wild), by_rank)
    return hand, rules, tuple(RANK_CHARS.index(w) for w in wild), mode


def test_small_hands_against_the_brute_force() -> None:
    rng = random.Random(20261125)
    for _ in range(60):
        hand, rules, wild, mode = random_case(rng)
        counts = counts_from_text(hand)
        leads = brute_force_wild_moves(counts, wild, mode, STANDARD)
        assert our_moves(hand, None, rules) == leads, (hand, rules.wild)
        for cards, kind, rank, _ in rng.sample(sorted(leads), min(3, len(leads))):
            before = previous_play(cards, wild, mode, STANDARD, kind=kind, rank=rank)
            by_rank = rules.soft_hard_by_rank
            theirs = brute_force_wild_moves(
                counts, wild, mode, STANDARD, previous=before, soft_hard_by_rank=by_rank
            )
            previous = combination(cards, rules, kind=kind, rank=RANK_CHARS[rank])
            assert our_moves(hand, previous, rules) == theirs, (hand, cards, kind)


def test_classify_matches_the_reference() -> None:
    rng = random.Random(7)
    for _ in range(300):
        hand, rules, wild, mode = random_case(rng)
        counts = counts_from_text(hand)
        ours = classify(hand, rules)
        theirs = wild_readings(counts, wild, mode, STANDARD)
        assert {(c.kind.value, int(c.rank), c.length) for c in ours} == theirs, hand
        if theirs:
            best = preferred(counts, wild, mode, STANDARD)
            assert (ours[0].kind.value, int(ours[0].rank), ours[0].length) == best, hand
