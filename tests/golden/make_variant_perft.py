"""Build ``tests/golden/variant_perft.json``: golden legal-move counts of the variant games.

Every count and digest comes from the brute-force reference ``tests/variant_reference.py``
(every sub-multiset of the hand, classified by a naive classifier written from docs/rules.md
§§9 and 10), never from ``service``: this script imports nothing from it. Regenerate, from the
repository root, with::

    uv run python tests/golden/make_variant_perft.py

(``--jobs N`` sets the worker processes, default: all CPUs; ``--check`` rebuilds in memory and
compares with the file on disk instead of writing it.)

Rule sets: ``four_player`` (the preset: joker_pairs on, same_rank_pairs off), ``four_player``
with ``same_rank_pairs`` and ``big_three``. Hands: fixed ones written by hand (each with the
previous plays it answers), and random ones dealt with a fixed seed from the game's deck (108
cards for four_player, 52 for big_three), one in three plain, the others biased toward many
copies (bombs of 5 to 8 of a kind, joker pairs, trio runs with pair kickers, quad runs).
Every random hand is answered as a lead and against previous plays drawn from the reference's
own readings of other random card sets dealt from the rest of the deck.

Each entry: ``hand`` (canonical cards), ``rules`` (the rule set name) and ``overrides``
(options overriding the preset's), ``previous`` (null for a lead, else the declared reading
to beat: ``cards``, ``kind``, ``rank`` as a rank character), ``count`` (number of distinct
legal card sets) and ``digest``: sha256 of the sorted canonical move strings joined by "\\n".
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE.parent))  # tests/, for common.py and variant_reference.py

import common  # noqa: E402
from common import (  # noqa: E402
    DECK_LIMITS,
    KING,
    RANK_CHARS,
    counts_from_text,
    sub_multiset_count,
    text_from_counts,
)
from variant_reference import (  # noqa: E402
    BIG_THREE,
    FOUR_PLAYER,
    classify_every_subset,
    moves_from_table,
    previous_reading,
)

OUTPUT = HERE / "variant_perft.json"
SEED = 20250707
MAX_SUBSETS = 300_000  # a random hand with more sub-multisets is dealt again
DRAWN_PREVIOUS = 3  # previous plays drawn per random hand

#: (hand, [(previous cards, kind, rank char), ...]): hands and answers chosen by hand.
FOUR_PLAYER_FIXED: list[tuple[str, list[tuple[str, str, str]]]] = [
    ("33", [("2", "single", "2")]),
    ("BBRR", [("22", "pair", "2"), ("22222222", "sky_explosion", "2"), ("3", "single", "3")]),
    (
        "33333333",
        [
            ("4444", "bomb", "4"),
            ("22222", "bomb", "2"),
            ("2222222", "missile", "2"),
            ("BBRR", "nuke", "R"),
            ("AA", "pair", "A"),
        ],
    ),
    ("3334445566", [("33344", "trio_pair", "3"), ("334455", "pair_chain", "5")]),
    (
        "5556667778899TTBB",
        [
            ("3334445566", "airplane_pairs", "4"),
            ("333444555JJQQKK", "airplane_pairs", "5"),
            ("44455", "trio_pair", "4"),
            ("22", "pair", "2"),
        ],
    ),
    (
        "3333344444455555556666666622",
        [
            ("2222", "bomb", "2"),
            ("77777", "bomb", "7"),
            ("888888", "six_rocket", "8"),
            ("9999999", "missile", "9"),
            ("BBRR", "nuke", "R"),
            ("JJJ", "trio", "J"),
        ],
    ),
    (
        "333444555666777888999TTT",
        [
            ("333444", "airplane", "4"),
            ("333444555666777888", "airplane", "8"),
            ("3334445566", "airplane_pairs", "4"),
        ],
    ),
    (
        "33445566778899TTJJQQKKAA",
        [
            ("334455", "pair_chain", "5"),
            ("33445566778899TTJJQQKK", "pair_chain", "K"),
            ("3456789TJQK", "chain", "K"),
        ],
    ),
    (
        "3456789TJQKA2BR",
        [("34567", "chain", "7"), ("B", "single", "B"), ("3456789TJQK", "chain", "K")],
    ),
    (
        "3334445556667778899TTBBRR",
        [("3334445556668899TTJJ", "airplane_pairs", "6"), ("22", "pair", "2")],
    ),
]

SAME_RANK_PAIRS_FIXED: list[tuple[str, list[tuple[str, str, str]]]] = [
    ("3334445555", [("3334445566", "airplane_pairs", "4"), ("33344", "trio_pair", "3")]),
    (
        "5556667777888899",
        [("3334448899", "airplane_pairs", "4"), ("333444555JJQQKK", "airplane_pairs", "5")],
    ),
    (
        "333444555666666677BB",
        [("3334448899", "airplane_pairs", "4"), ("33344455588JJQQ", "airplane_pairs", "5")],
    ),
    ("3334445566", [("33344", "trio_pair", "3")]),
    ("3333444455556666", [("333444TTJJ", "airplane_pairs", "4"), ("7777", "bomb", "7")]),
]

BIG_THREE_FIXED: list[tuple[str, list[tuple[str, str, str]]]] = [
    ("456", [("4", "single", "4"), ("3", "single", "3")]),
    ("444555666", [("777", "trio", "7"), ("789", "run", "9")]),
    (
        "3333222AAAAKKKK",
        [
            ("4444", "quad", "4"),
            ("QQQQ", "quad", "Q"),
            ("44", "pair", "4"),
            ("Q", "single", "Q"),
            ("2", "single", "2"),
        ],
    ),
    (
        "88889999TTTTJJJJQQQQ",
        [
            ("444555666", "trio_run", "6"),
            ("4444555566667777", "quad_run", "7"),
            ("4567", "run", "7"),
        ],
    ),
    ("456789TJQKA23", [("456", "run", "6"), ("2", "single", "2"), ("456789TJQK", "run", "K")]),
    ("445566778899TTJJQQKK", [("445566", "pair_run", "6"), ("4455667788", "pair_run", "8")]),
    ("444555666777888999", [("TTTJJJQQQ", "trio_run", "Q"), ("4567", "run", "7")]),
]

#: (rules name, overrides, fixed hands, number of random hands, random hand sizes).
CONFIGS: list[tuple[str, dict, list, int, tuple[int, int]]] = [
    (FOUR_PLAYER, {}, FOUR_PLAYER_FIXED, 20, (8, 20)),
    (FOUR_PLAYER, {"same_rank_pairs": True}, SAME_RANK_PAIRS_FIXED, 12, (8, 20)),
    (BIG_THREE, {}, BIG_THREE_FIXED, 22, (8, 20)),
]

#: Lead counts worked out by hand (rules, overrides, hand, count); checked on every build.
KNOWN_LEADS = [
    (FOUR_PLAYER, {}, "33", 2),  # 3, 33
    (FOUR_PLAYER, {}, "BBRR", 5),  # B, R, BB, RR, BBRR (no BR)
    (FOUR_PLAYER, {}, "33333333", 8),  # 1..3 of a kind, bombs of 4 and 5, 6, 7, 8
    (FOUR_PLAYER, {}, "3334445566", 21),
    (FOUR_PLAYER, {"same_rank_pairs": True}, "3334445566", 21),
    (BIG_THREE, {}, "456", 4),  # 4, 5, 6, 456
    (BIG_THREE, {}, "444555666", 12),  # 3 singles, 3 pairs, 3 trios, 456, 445566, 444555666
]


def deck_of(game: str) -> list[int]:
    """The game's deck as a list of rank indexes."""
    return common.deck(DECK_LIMITS[game])


def fits(game: str, *sets) -> bool:
    """Whether one deal of ``game``'s deck can hold all these card sets together."""
    return common.fits(DECK_LIMITS[game], *sets)


def biased_block(rng: random.Random, game: str, pool: list[int], counts: list[int]) -> None:
    """Put a block of many copies into ``counts`` (taken from ``pool``)."""
    if game == FOUR_PLAYER:
        style = rng.choice(("copies", "copies", "airplane", "airplane", "jokers"))
        if style == "copies":  # bombs of 5 to 8 of a kind, sometimes two of them
            for _ in range(rng.randint(1, 2)):
                common.take(counts, pool, rng.randrange(13), rng.randint(5, 8))
        elif style == "airplane":  # a trio run with pair kickers (sometimes four of a rank)
            length = rng.randint(2, 4)
            start = rng.randrange(0, 12 - length + 1)
            chain = range(start, start + length)
            for rank in chain:
                common.take(counts, pool, rank, 3)
            others = [rank for rank in range(15) if rank not in chain]
            for rank in rng.sample(others, rng.randint(1, length + 1)):
                common.take(counts, pool, rank, rng.choice((2, 2, 2, 4)))
        if style == "jokers" or rng.random() < 0.3:
            common.take(counts, pool, rng.choice((13, 14)), 2)
            if rng.random() < 0.4:
                common.take(counts, pool, 13, 2)
                common.take(counts, pool, 14, 2)
    else:
        width = rng.choice((2, 3, 4))
        length = rng.randint(3, 5)
        start = rng.randint(1, KING - length + 1)
        for rank in range(start, start + length):
            common.take(counts, pool, rank, width)
        if rng.random() < 0.4:  # the top of the order: 2s and 3s
            common.take(counts, pool, rng.choice((0, 12)), rng.randint(2, 4))


def deal(rng: random.Random, game: str, pool: list[int], size: int, biased: bool) -> list[int]:
    """A random card set of ``size`` cards at least from ``pool`` (removed from it)."""
    counts = [0] * 15
    if biased:
        biased_block(rng, game, pool, counts)
    while sum(counts) < size and pool:
        counts[pool.pop(rng.randrange(len(pool)))] += 1
    return counts


def random_hands(rng: random.Random, game: str, how_many: int, sizes: tuple[int, int]):
    """Random hands from the full deck; one in three plain, the others biased."""
    hands: list[str] = []
    while len(hands) < how_many:
        size = rng.randint(*sizes)
        if game == BIG_THREE and len(hands) % 4 == 3:
            size = 20  # the high bidder's hand
        counts = deal(rng, game, deck_of(game), size, biased=len(hands) % 3 != 0)
        if sub_multiset_count(counts) > MAX_SUBSETS:
            continue
        text = text_from_counts(counts)
        if text not in hands:
            hands.append(text)
    return hands


def drawn_previous(rng, hand, game, options, table, *, how_many):
    """Previous plays drawn from the reference's readings of other random card sets.

    Each comes from a random set dealt from the rest of the deck: a (kind, number of cards)
    group among its plays, three times in four one that the hand also holds, then a play of
    that group and one of its readings of that kind.
    """
    hand_shapes = {(r[0], size) for size, readings in table.values() for r in readings}
    found: list[tuple[dict, tuple]] = []
    seen: set[str] = set()
    for _attempt in range(40):
        if len(found) == how_many:
            break
        pool = common.remove_cards(deck_of(game), hand)
        other = deal(rng, game, pool, rng.randint(5, 14), biased=rng.random() < 0.5)
        if sub_multiset_count(other) > 50_000:
            continue
        groups: dict[tuple[str, int], list[tuple[str, tuple]]] = defaultdict(list)
        for cards, (size, readings) in classify_every_subset(other, game, options).items():
            for reading in readings:
                groups[(reading[0], size)].append((cards, reading))
        if not groups:
            continue
        shared = sorted(key for key in groups if key in hand_shapes)
        keys = shared if shared and rng.random() < 0.75 else sorted(groups)
        cards, reading = rng.choice(sorted(groups[rng.choice(keys)]))
        record = {"cards": cards, "kind": reading[0], "rank": RANK_CHARS[reading[1]]}
        key = json.dumps(record, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        found.append((record, previous_reading(cards, game, options, reading[0], reading[1])))
    return found


def entries_for(job) -> list[dict]:
    """All entries of one hand under one rule set (one brute-force enumeration)."""
    hand_text, name, overrides, fixed_previous, job_seed = job
    hand = counts_from_text(hand_text)
    table = classify_every_subset(hand, name, overrides)
    plays: list[tuple[dict | None, tuple | None]] = [(None, None)]
    for cards, kind, rank_char in fixed_previous:
        record = {"cards": cards, "kind": kind, "rank": rank_char}
        plays.append(
            (record, previous_reading(cards, name, overrides, kind, RANK_CHARS.index(rank_char)))
        )
    if job_seed is not None:
        rng = random.Random(job_seed)
        plays.extend(drawn_previous(rng, hand, name, overrides, table, how_many=DRAWN_PREVIOUS))
    out = []
    for record, reading in plays:
        moves = moves_from_table(table, name, reading)
        out.append(common.entry(hand_text, name, overrides, previous=record, moves=moves))
    return out


def build(jobs: int | None = None) -> list[dict]:
    work: list[tuple] = []
    for config_index, (name, overrides, fixed, how_many, sizes) in enumerate(CONFIGS):
        for hand, previous in fixed:
            for cards, _kind, _rank in previous:
                if not fits(name, counts_from_text(hand), counts_from_text(cards)):
                    raise ValueError(f"{name}: {hand} and {cards} do not fit in one deal")
            work.append((hand, name, overrides, previous, None))
        rng = random.Random(SEED * 10 + config_index)
        for hand in random_hands(rng, name, how_many, sizes):
            work.append((hand, name, overrides, [], SEED * 1000 + len(work)))
    entries = common.compute(work, entries_for, common.subsets_of_job, jobs)
    for name, overrides, hand, expected in KNOWN_LEADS:
        matches = [
            e["count"]
            for e in entries
            if (e["rules"], e["overrides"], e["hand"], e["previous"])
            == (name, overrides, hand, None)
        ]
        assert matches == [expected], (name, overrides, hand, matches, expected)
    return entries


DESCRIPTION = (
    "Perft-style golden counts of legal moves (leads and responses) of the variant "
    "games four_player and big_three, from the brute-force reference "
    "tests/variant_reference.py; regenerate with tests/golden/make_variant_perft.py."
)


if __name__ == "__main__":
    common.main(__doc__, build, OUTPUT, DESCRIPTION, SEED)
