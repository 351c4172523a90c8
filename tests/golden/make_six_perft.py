"""Build ``tests/golden/six_perft.json``: golden legal-move counts of the six-player game.

Every count and digest comes from the reference ``tests/six_reference.py`` (a naive classifier
written from docs/rules.md §§1 to 4 and 12, and a move listing by candidates proven equal to
the every-sub-multiset brute force on small hands), never from ``service``: this script imports
nothing from it. Regenerate, from the repository root, with::

    uv run python tests/golden/make_six_perft.py

(``--jobs N`` sets the worker processes, default: all CPUs; ``--check`` rebuilds in memory and
compares with the file on disk instead of writing it.)

Rule set: ``six_player``, no overrides. Hands: fixed ones written by hand (each with the
previous plays it answers), random ones dealt with a fixed seed from the 162-card deck (hands
of 26 cards and landlord hands of 32), and hands rich in bombs and jokers (8 to 12 of a rank,
all six jokers, many pairs, long trio runs). Every random hand is answered as a lead and
against previous plays drawn from the reference's own leads of other hands dealt from the rest
of the deck: each draw asks for a kind (turning through every kind, so that each kind is
answered several times over the file), three times in four among the kinds and sizes that the
hand can also play.

Each entry: ``hand`` (canonical cards), ``rules`` ("six_player"), ``overrides`` ({}),
``previous`` (null for a lead, else the declared reading to beat: ``cards``, ``kind``, ``rank``
as a rank character), ``count`` (number of distinct legal card sets) and ``digest``: sha256 of
the sorted canonical move strings joined by "\\n".
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE.parent))  # tests/, for common.py and six_reference.py

import common  # noqa: E402
from common import (  # noqa: E402
    RANK_CHARS,
    counts_from_text,
    text_from_counts,
)
from six_reference import (  # noqa: E402
    HAND_SIZE,
    KINDS,
    LANDLORD_HAND_SIZE,
    SIX_DECK,
    candidate_table,
    moves_from_table,
    previous_reading,
)

OUTPUT = HERE / "six_perft.json"
SEED = 20250912
RULES = "six_player"
DRAWN_PREVIOUS = 7  # previous plays drawn per random hand
RANDOM_HANDS = 14  # of each of: 26 cards, 32 cards, rich (half 26, half 32)

ALL_JOKERS = "BBBRRR"

#: (hand, [(previous cards, kind, rank char), ...]): hands and answers chosen by hand.
FIXED: list[tuple[str, list[tuple[str, str, str]]]] = [
    ("33", [("2", "single", "2"), ("22", "pair", "2"), ("BBBRRR", "nuke", "R")]),
    (
        "BBBRRR",
        [
            ("22", "pair", "2"),
            ("2" * 12, "bomb", "2"),
            ("3", "single", "3"),
            ("AAAA", "bomb", "A"),
        ],
    ),
    ("BRR2", [("BB", "pair", "B"), ("B", "single", "B"), ("2", "single", "2")]),
    (
        "3" * 12,
        [
            ("4444", "bomb", "4"),
            ("22222", "bomb", "2"),
            ("2" * 11, "bomb", "2"),
            ("4" * 12, "bomb", "4"),
            ("BBBRRR", "nuke", "R"),
            ("AA", "pair", "A"),
            ("444456", "four_two_singles", "4"),
        ],
    ),
    (
        "3334445566",
        [("33344", "trio_pair", "3"), ("334455", "pair_chain", "5"), ("BBBRRR", "nuke", "R")],
    ),
    (
        "333444BBRR2",
        [
            ("3334", "trio_single", "3"),
            ("33344", "trio_pair", "3"),
            ("33344456", "airplane_singles", "4"),
            ("3334445566", "airplane_pairs", "4"),
            ("22", "pair", "2"),
        ],
    ),
    (
        "22224455BBBRR",
        [
            ("333345", "four_two_singles", "3"),
            ("33334455", "four_two_pairs", "3"),
            ("AAAA", "bomb", "A"),
            ("AAA2", "trio_single", "A"),
        ],
    ),
    (
        "333444555666777888999TTTJJJQQQKA",
        [
            ("333444", "airplane", "4"),
            ("".join(c * 3 for c in "3456789TJ"), "airplane", "J"),
            ("3334445566", "airplane_pairs", "4"),
            ("333444555678", "airplane_singles", "5"),
            ("34567", "chain", "7"),
            ("BBBRRR", "nuke", "R"),
        ],
    ),
    (
        "33445566778899TTJJQQKKAA22BBRRR",
        [
            ("334455", "pair_chain", "5"),
            ("33445566778899TTJJQQKK", "pair_chain", "K"),
            ("3456789TJQK", "chain", "K"),
            ("22", "pair", "2"),
        ],
    ),
    (
        "3456789TJQKA2BR",
        [("34567", "chain", "7"), ("B", "single", "B"), ("3456789TJQK", "chain", "K")],
    ),
    (
        "55555555666666667777777BBBRR",
        [
            ("44444444", "bomb", "4"),
            ("888888888", "bomb", "8"),
            ("4444", "bomb", "4"),
            ("333444555666", "airplane", "6"),
            ("33344455589T", "airplane_singles", "5"),
            ("33334455", "four_two_pairs", "3"),
        ],
    ),
]

#: Lead counts worked out by hand (hand, count); checked on every build.
KNOWN_LEADS = [
    ("33", 2),  # 3, 33
    ("BBBRRR", 5),  # B, R, BB, RR, BBBRRR (no BR, no joker trio)
    ("3" * 12, 12),  # 3, 33, 333 and the bombs of 4 to 12
    ("3334445566", 28),
]


def deck() -> list[int]:
    """The 162-card deck as a list of rank indexes."""
    return common.deck(SIX_DECK)


def fits(*sets) -> bool:
    """Whether the 162-card deck can hold all these card sets together."""
    return common.fits(SIX_DECK, *sets)


RICH_STYLES = ("bombs", "jokers", "pairs", "trios", "mixed")


def rich_block(rng: random.Random, pool: list[int], counts: list[int], size: int, style) -> None:
    """Put a block rich in bombs, jokers, pairs or trios into ``counts``."""
    if style in ("bombs", "mixed"):  # 8 to 12 of a rank, one to three times
        for _ in range(rng.randint(1, 3 if style == "bombs" else 1)):
            common.take(counts, pool, rng.randrange(13), rng.randint(8, 12), size)
    if style in ("jokers", "mixed"):
        if rng.random() < 0.7:
            common.take(counts, pool, 13, 3, size)
            common.take(counts, pool, 14, 3, size)
        else:
            common.take(counts, pool, 13, rng.randint(1, 3), size)
            common.take(counts, pool, 14, rng.randint(1, 3), size)
    if style == "pairs":  # many pairs
        for rank in rng.sample(range(15), rng.randint(9, 13)):
            common.take(counts, pool, rank, 2, size)
    if style == "trios":  # a long trio run, sometimes with fours
        length = rng.randint(3, 8)
        start = rng.randrange(0, 12 - length + 1)
        for rank in range(start, start + length):
            common.take(counts, pool, rank, rng.choice((3, 3, 3, 4)), size)


def deal(rng: random.Random, pool: list[int], size: int, rich: bool | str) -> list[int]:
    """A random card set of ``size`` cards from ``pool`` (removed from it); ``rich``: a style
    of ``RICH_STYLES`` (True: one at random) or False."""
    counts = [0] * 15
    if rich:
        style = rich if isinstance(rich, str) else rng.choice(RICH_STYLES)
        rich_block(rng, pool, counts, size, style)
    while sum(counts) < size and pool:
        counts[pool.pop(rng.randrange(len(pool)))] += 1
    return counts


def random_hands(rng: random.Random) -> list[str]:
    """26-card hands, 32-card hands, then rich hands (26 and 32 cards in turn, each style of
    ``RICH_STYLES`` in turn), each distinct."""
    hands: list[str] = []
    plan = [(HAND_SIZE, False)] * RANDOM_HANDS + [(LANDLORD_HAND_SIZE, False)] * RANDOM_HANDS
    for index in range(RANDOM_HANDS):
        size = (HAND_SIZE, LANDLORD_HAND_SIZE)[index % 2]
        plan.append((size, RICH_STYLES[index % len(RICH_STYLES)]))
    for size, rich in plan:
        while True:
            text = text_from_counts(deal(rng, deck(), size, rich))
            if text not in hands:
                hands.append(text)
                break
    return hands


def drawn_previous(rng: random.Random, hand, table, first_kind: int, how_many: int):
    """Previous plays drawn from the reference's leads of other hands (rest of the deck).

    Draw ``i`` asks for the kind ``KINDS[(first_kind + i) % 14]``: from another hand dealt from
    the rest of the deck (26 cards, one time in two rich), a play of that kind, three times in
    four of a size the hand can also play of that kind. When three other hands in a row cannot
    play that kind, any kind of the next one does.
    """
    hand_shapes = {(r[0], size) for size, readings in table.values() for r in readings}
    found: list[tuple[dict, tuple]] = []
    seen: set[str] = set()
    for draw in range(how_many):
        wanted = KINDS[(first_kind + draw) % len(KINDS)]
        for attempt in range(6):
            pool = common.remove_cards(deck(), hand)
            other = deal(rng, pool, HAND_SIZE, rich=rng.random() < 0.5)
            groups: dict[tuple[str, int], list[tuple[str, tuple]]] = defaultdict(list)
            for cards, (size, readings) in candidate_table(other).items():
                for reading in readings:
                    groups[(reading[0], size)].append((cards, reading))
            of_kind = sorted(key for key in groups if key[0] == wanted)
            if not of_kind:
                if attempt < 3:
                    continue  # another hand for this kind
                of_kind = sorted(groups)
            shared = [key for key in of_kind if key in hand_shapes]
            keys = shared if shared and rng.random() < 0.75 else of_kind
            cards, reading = rng.choice(sorted(groups[rng.choice(keys)]))
            record = {"cards": cards, "kind": reading[0], "rank": RANK_CHARS[reading[1]]}
            key = json.dumps(record, sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            found.append((record, previous_reading(cards, reading[0], reading[1])))
            break
    return found


def entries_for(job) -> list[dict]:
    """All entries of one hand (one candidate table)."""
    hand_text, fixed_previous, job_seed, first_kind = job
    hand = counts_from_text(hand_text)
    table = candidate_table(hand)
    plays: list[tuple[dict | None, tuple | None]] = [(None, None)]
    for cards, kind, rank_char in fixed_previous:
        record = {"cards": cards, "kind": kind, "rank": rank_char}
        plays.append((record, previous_reading(cards, kind, RANK_CHARS.index(rank_char))))
    if job_seed is not None:
        rng = random.Random(job_seed)
        plays.extend(drawn_previous(rng, hand, table, first_kind, DRAWN_PREVIOUS))
    out = []
    for record, reading in plays:
        moves = moves_from_table(table, reading)
        out.append(common.entry(hand_text, RULES, {}, previous=record, moves=moves))
    return out


def _size(job: tuple) -> int:
    """A job's rough work: its hand's size, the drawn previous plays counted in."""
    return len(job[0]) + (40 if job[2] is not None else 0)


def build(jobs: int | None = None) -> list[dict]:
    work: list[tuple] = []
    for hand, previous in FIXED:
        for cards, _kind, _rank in previous:
            if not fits(counts_from_text(hand), counts_from_text(cards)):
                raise ValueError(f"{hand} and {cards} do not fit in one deal")
        work.append((hand, previous, None, 0))
    rng = random.Random(SEED)
    for index, hand in enumerate(random_hands(rng)):
        work.append((hand, [], SEED * 1000 + index, index * DRAWN_PREVIOUS))
    entries = common.compute(work, entries_for, _size, jobs)
    for hand, expected in KNOWN_LEADS:
        matches = [e["count"] for e in entries if (e["hand"], e["previous"]) == (hand, None)]
        assert matches == [expected], (hand, matches, expected)
    answered = Counter(e["previous"]["kind"] for e in entries if e["previous"] is not None)
    assert all(answered[kind] >= 3 for kind in KINDS), answered
    return entries


DESCRIPTION = (
    "Perft-style golden counts of legal moves (leads and responses) of the six-player game "
    "(three packs, 162 cards), from the reference tests/six_reference.py; regenerate with "
    "tests/golden/make_six_perft.py."
)


if __name__ == "__main__":
    common.main(__doc__, build, OUTPUT, DESCRIPTION, SEED)
