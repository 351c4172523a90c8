"""Build ``tests/golden/perft.json``: perft-style golden counts of legal moves.

Every count and digest comes from the brute-force reference (``tests/reference.py``: every
sub-multiset of the hand, classified by a naive classifier written from docs/rules.md), never from
``service``: this script imports nothing from it, and the presets' options come from the tests'
own table (``tests/common.py``, transcribed from docs/rulesets.md). Regenerate, from the
repository root, with::

    uv run python tests/golden/make_perft.py

(``--jobs N`` sets the worker processes, default: all CPUs; ``--check`` rebuilds in memory and
compares with the file on disk instead of writing it.)

Each entry: ``hand`` (canonical cards), ``rules`` (a preset name) and ``overrides`` (options
overriding the preset's), ``previous`` (null for a lead, else the declared reading to beat:
``cards``, ``kind``, ``rank`` as a rank character), ``count`` (number of distinct legal card
sets) and ``digest``: sha256 of the sorted canonical move strings joined by ``"\\n"``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE.parent))  # tests/, for common.py and reference.py

import common  # noqa: E402
from common import (  # noqa: E402
    DECK_LIMITS,
    RANK_CHARS,
    counts_from_text,
    preset_options,
    sub_multiset_count,
    text_from_counts,
)
from reference import classify_every_subset, moves_from_table, previous_reading  # noqa: E402

OUTPUT = HERE / "perft.json"
SEED = 20240607
RANDOM_HANDS = 150
CUSTOM_RANDOM_HANDS = 60  # the custom rule sets see the first 60 random hands
MAX_SUBSETS = 300_000

PRESET_RULES: list[tuple[str, dict]] = [
    ("standard", {}),
    ("rlcard", {}),
    ("douzero", {}),
    ("openspiel", {}),
]
CUSTOM_RULES: list[tuple[str, dict]] = [
    (
        "standard",
        {
            "four_with_pair": True,
            "four_with_single": True,
            "same_rank_pairs": True,
            "space_shuttle": True,
        },
    ),
    ("rlcard", {"kicker_rank_max": 2, "rocket_as_kickers": True, "same_rank_pairs": True}),
    ("douzero", {"four_with_pair": True, "same_rank_pairs": True, "space_shuttle": True}),
    ("openspiel", {"bomb_in_kickers": True, "kicker_rank_max": 2}),
]

KNOWN_HAND = "333444555666789TJQKA"
KNOWN_LEADS = {"standard": 497, "rlcard": 519}

FIXED_HANDS = [
    KNOWN_HAND,
    "33334444555566667777",  # all four-of-a-kind: bombs, shuttles, same-rank pairs
    "QQQQKKKKAAAA2222BR",  # high bombs, rocket, no chains through 2
    "3456789TJQKA2BR",  # the longest chain, plus 2 and jokers
    "33445566778899TTJJQQ",  # a ten-pair chain
    "333444555666777888",  # a six-trio airplane
    "4555666777888999",  # docs/rules.md's adjacent kicker trio example
    "333444555666",  # docs/rules.md's ambiguous airplane example
    "3334445556667777",  # a bomb among airplane kickers
    "333444555BR",  # jokers as airplane kickers
    "3333BR",  # four with the rocket as kickers
    "33334444",  # same_rank_pairs ambiguity, space shuttle
    "3333444455556666",  # shuttle with pair kickers
    "33335555",  # four with a rank held four times
    "KKKAAA222BR",  # trios at the top of the chain range, 2 next to A
    "JJJQQQKKKAAA22",  # airplane up to A with 2s
    "3",
    "BR",
    "2B",
    "8888",
    "345678899TTJJQKA22BR",
    "3344555666777888999T",
]

#: Previous plays to answer: per slot, candidates tried in order (cards, kind, rank char); the
#: first one that has this reading under the rule set and fits in one deck with the hand is used.
PREVIOUS_SLOTS: list[tuple[str, list[tuple[str, str, str]]]] = [
    ("single", [("6", "single", "6"), ("9", "single", "9"), ("Q", "single", "Q")]),
    ("pair", [("44", "pair", "4"), ("88", "pair", "8"), ("JJ", "pair", "J")]),
    ("trio_single", [("5553", "trio_single", "5"), ("888K", "trio_single", "8")]),
    ("trio_pair", [("44433", "trio_pair", "4"), ("777JJ", "trio_pair", "7")]),
    ("chain", [("34567", "chain", "7"), ("6789T", "chain", "T")]),
    ("chain7", [("3456789", "chain", "9"), ("56789TJ", "chain", "J")]),
    ("pair_chain", [("334455", "pair_chain", "5"), ("778899", "pair_chain", "9")]),
    ("airplane", [("333444", "airplane", "4"), ("777888", "airplane", "8")]),
    (
        "airplane_singles",
        [("33344457", "airplane_singles", "4"), ("6667778J", "airplane_singles", "7")],
    ),
    (
        "airplane_pairs",
        [("3334445566", "airplane_pairs", "4"), ("666777JJQQ", "airplane_pairs", "7")],
    ),
    (
        "four_two_singles",
        [("333345", "four_two_singles", "3"), ("666679", "four_two_singles", "6")],
    ),
    ("four_two_pairs", [("33335566", "four_two_pairs", "3")]),
    ("bomb", [("5555", "bomb", "5"), ("9999", "bomb", "9")]),
    ("rocket", [("BR", "rocket", "R")]),
    # Declared readings that are not the preferred one (docs/rules.md §4).
    ("declared_airplane_singles", [("333444555666", "airplane_singles", "6")]),
    ("declared_four_two_pairs", [("33334444", "four_two_pairs", "3")]),
    # Option kinds.
    ("four_single", [("33335", "four_single", "3"), ("66669", "four_single", "6")]),
    ("four_pair", [("333355", "four_pair", "3"), ("666699", "four_pair", "6")]),
    ("space_shuttle", [("33334444", "space_shuttle", "4")]),
    ("space_shuttle_singles", [("333344445678", "space_shuttle_singles", "4")]),
]

PACK = DECK_LIMITS["three_player"]


def previous_plays(hand: tuple[int, ...], options: dict) -> list[tuple[dict, tuple]]:
    """The previous plays this hand answers under ``options``: (JSON record, reading)."""
    chosen = []
    for _slot, candidates in PREVIOUS_SLOTS:
        for cards, kind, rank_char in candidates:
            if not common.fits(PACK, hand, counts_from_text(cards)):
                continue
            try:
                reading = previous_reading(cards, options, kind, RANK_CHARS.index(rank_char))
            except ValueError:
                continue  # no such reading under these rules
            chosen.append(({"cards": cards, "kind": kind, "rank": rank_char}, reading))
            break
    return chosen


def random_hands(rng: random.Random, how_many: int) -> list[str]:
    """Random hands of 1..20 cards from a 54-card deck; every third one biased to trios/fours."""
    deck = common.deck(PACK)
    hands: list[str] = []
    while len(hands) < how_many:
        size = rng.randint(1, 20)
        counts = [0] * 15
        if len(hands) % 3 == 2:
            # Bias: a few ranks taken three or four times (often consecutive), then fill.
            start = rng.randrange(0, 12)
            for rank in range(start, min(start + rng.randint(1, 4), 13)):
                counts[rank] = rng.choice((3, 4))
            if sum(counts) > size:
                size = min(20, sum(counts) + rng.randint(0, 4))
        pool = common.remove_cards(deck, counts)
        while sum(counts) < size:
            rank = pool.pop(rng.randrange(len(pool)))
            counts[rank] += 1
        if sub_multiset_count(tuple(counts)) > MAX_SUBSETS:
            continue
        text = text_from_counts(counts)
        if text not in hands:
            hands.append(text)
    return hands


def entries_for(job: tuple[str, str, dict]) -> list[dict]:
    """All entries of one hand under one rule set (one brute-force enumeration)."""
    hand_text, name, overrides = job
    options = preset_options(name, **overrides)
    hand = counts_from_text(hand_text)
    table = classify_every_subset(hand, options)
    out = []
    plays: list[tuple[dict | None, tuple | None]] = [(None, None)]
    plays.extend(previous_plays(hand, options))
    for record, reading in plays:
        moves = moves_from_table(table, reading)
        out.append(common.entry(hand_text, name, overrides, previous=record, moves=moves))
    return out


def build(jobs: int | None = None) -> list[dict]:
    rng = random.Random(SEED)
    randoms = random_hands(rng, RANDOM_HANDS)
    work: list[tuple[str, str, dict]] = []
    for name, overrides in PRESET_RULES:
        for hand in FIXED_HANDS + randoms:
            work.append((hand, name, overrides))
    for name, overrides in CUSTOM_RULES:
        for hand in FIXED_HANDS + randoms[:CUSTOM_RANDOM_HANDS]:
            work.append((hand, name, overrides))
    entries = common.compute(work, entries_for, common.subsets_of_job, jobs, chunksize=4)
    for entry in entries:
        if entry["hand"] == KNOWN_HAND and entry["previous"] is None and not entry["overrides"]:
            expected = KNOWN_LEADS.get(entry["rules"])
            if expected is not None:
                assert entry["count"] == expected, (entry["rules"], entry["count"], expected)
    return entries


DESCRIPTION = (
    "Perft-style golden counts of legal moves (leads and responses), from the brute-force "
    "reference tests/reference.py; regenerate with tests/golden/make_perft.py."
)


if __name__ == "__main__":
    common.main(__doc__, build, OUTPUT, DESCRIPTION, SEED)
