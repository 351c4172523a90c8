"""Build ``tests/golden/wild_perft.json``: golden legal-move counts of the wildcard games.

Every count and digest comes from ``tests/wild_reference.py`` (written from docs/rules.md §14
alone, on ``tests/reference.py``), by its realization method (``realized_wild_moves``: every
natural combination of the pack, every way the hand holds it), which
``tests/test_wild_reference.py`` checks against the brute force over sub-multisets on small
hands. Nothing comes from ``service``: this script imports nothing from it, and the
``standard`` kicker options come from the tests' own table of the presets (``tests/common.py``,
transcribed from docs/rulesets.md). Regenerate, from the repository root, with::

    uv run python tests/golden/make_wild_perft.py

(``--jobs N`` sets the worker processes, default: all CPUs; ``--check`` rebuilds in memory and
compares with the file on disk instead of writing it.) The build takes about a minute on two
CPUs: 20-card hands with all eight tiandi wilds are cheap for the realization method, so no
smaller hands stand in for them.

Rule sets: the ``standard`` kicker options with ``wilds`` ``laizi`` (the preset ``laizi``, one
wild rank) or ``tiandi`` (the preset ``tiandi_laizi``, two wild ranks), wild ranks drawn at
random. Hands: a few written by hand (each with the previous plays it answers), then random
ones of 17 and 20 cards with an exact number of wild cards: 0 to 4 under laizi (four hands per
size and number), 0 to 8 under tiandi (three per size and number); the first hand of a size with
three wilds or more is all pairs besides its wilds. Every hand is answered as a lead and against
previous plays drawn from the reference's moves of other card sets dealt from the rest of the
pack, each aiming at one style: a soft, hard, pure or (tiandi) long bomb, the rocket, a chain
with wilds, kickers with wilds, or a plain play. An answer to a bomb is also given under
``soft_hard_by_rank``.

Each entry: ``hand`` (canonical cards as held, wilds as their own rank), ``rules`` (the preset
name), ``wilds`` (``laizi`` or ``tiandi``), ``wild`` (the wild ranks as rank characters),
``soft_hard_by_rank``, ``previous`` (null for a lead, else the declared reading to beat:
``cards``, ``kind``, ``rank`` as a rank character, ``length`` and its bomb ``class``, null when
not a bomb), ``count`` (the number of distinct plays: cards with a reading) and ``digest``:
sha256 of the sorted lines ``cards|kind|rank|length`` (rank as a rank character) joined by
``"\\n"``.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE.parent))  # tests/, for common.py and wild_reference.py

import common  # noqa: E402
from common import (  # noqa: E402
    DECK_LIMITS,
    RANK_CHARS,
    counts_from_text,
    preset_options,
    text_from_counts,
)
from wild_reference import (  # noqa: E402
    LAIZI,
    TIANDI,
    Move,
    answering,
    bomb_class,
    previous_play,
    realized_wild_moves,
    wild_moves_digest,
)

OUTPUT = HERE / "wild_perft.json"
SEED = 20250814
OPTIONS = preset_options("standard")
PACK = DECK_LIMITS["three_player"]
PRESETS = {LAIZI: "laizi", TIANDI: "tiandi_laizi"}
SIZES = (17, 20)
HANDS_PER_COUNT = {LAIZI: 4, TIANDI: 3}
MOST_WILDS = {LAIZI: 4, TIANDI: 8}
DRAWN_PREVIOUS = 5
STYLES = ("soft", "hard", "pure", "long", "rocket", "wild_chain", "wild_kickers", "plain")
CHAIN_KINDS = {"chain", "pair_chain", "airplane", "airplane_singles", "airplane_pairs"}
DIGEST_RULE = (
    "sha256 of the sorted lines 'cards|kind|rank|length' (rank as a rank character) joined by '\\n'"
)

#: (mode, wild ranks, hand, [(previous cards, kind, rank char), ...]), chosen by hand.
FIXED: list[tuple[str, str, str, list[tuple[str, str, str]]]] = [
    (LAIZI, "7", "37", [("3", "single", "3"), ("44", "pair", "4")]),
    (LAIZI, "7", "3337", [("4444", "bomb", "4"), ("44", "pair", "4"), ("BR", "rocket", "R")]),
    (TIANDI, "7J", "7J", [("6", "single", "6"), ("66", "pair", "6")]),
    (
        LAIZI,
        "7",
        "3344556677778899TTJJ",
        [
            ("BR", "rocket", "R"),
            ("2222", "bomb", "2"),
            ("334455", "pair_chain", "5"),
            ("89TJQ", "chain", "Q"),
            ("QQQKK", "trio_pair", "Q"),
            ("AAA2", "trio_single", "A"),
        ],
    ),
    (
        LAIZI,
        "7",
        "334455668899TTJQK",
        [
            ("7777", "bomb", "7"),
            ("7QQQ", "bomb", "Q"),
            ("AAAA", "bomb", "A"),
            ("45778", "chain", "8"),
            ("7KKKAA", "airplane", "A"),
            ("7QQQ", "trio_single", "Q"),
        ],
    ),
    (
        TIANDI,
        "7J",
        "334455667777JJJJAA22",
        [
            ("BR", "rocket", "R"),
            ("8888", "bomb", "8"),
            ("8899TT", "pair_chain", "T"),
            ("89QQQKKK", "airplane_singles", "K"),
            ("99", "pair", "9"),
            ("KKK", "trio", "K"),
        ],
    ),
    (
        TIANDI,
        "32",
        "4455667889999TJQK",
        [
            ("33332222", "bomb", "2"),
            ("33332222", "bomb", "3"),
            ("3222", "bomb", "2"),
            ("3AAA2", "bomb", "A"),
            ("3TTT", "bomb", "T"),
            ("AAAA", "bomb", "A"),
        ],
    ),
]

#: Lead counts worked out by hand (mode, wild ranks, hand, count); checked on every build.
KNOWN_LEADS = [
    (LAIZI, "7", "37", 3),  # 3, 7, 37 as a pair of 3s
    (LAIZI, "7", "3337", 8),  # 3 33 333 7, 37 (pair), 337 (trio), 3337 (soft bomb, trio_single)
    (TIANDI, "7J", "7J", 4),  # 7, J, 7J as a pair of 7s or of Js
]


def previous_record(move: Move, wild_ranks: tuple[int, ...]) -> dict:
    """A previous play as written in an entry: its cards and declared reading, its class."""
    cards, kind, rank, length = move
    counts = counts_from_text(cards)
    return {
        "cards": cards,
        "kind": kind,
        "rank": RANK_CHARS[rank],
        "length": length,
        "class": bomb_class(counts, wild_ranks) if kind == "bomb" else None,
    }


def style_of(move: Move, wild_ranks: tuple[int, ...]) -> str:
    """Which of ``STYLES`` a move is."""
    cards, kind, _rank, _length = move
    counts = counts_from_text(cards)
    if kind == "rocket":
        return "rocket"
    if kind == "bomb":
        return "long" if len(cards) > 4 else bomb_class(counts, wild_ranks)
    if not any(counts[wild] for wild in wild_ranks):
        return "plain"
    return "wild_chain" if kind in CHAIN_KINDS else "wild_kickers"


def deal_hand(
    rng: random.Random, wild_ranks: tuple[int, ...], size: int, wilds: int, pairs: bool
) -> list[int]:
    """A hand of ``size`` cards holding exactly ``wilds`` wild cards; all pairs besides them
    when ``pairs``, else half the time a run of pairs or trios, then random cards."""
    pack = common.deck(PACK)
    counts = [0] * 15
    for rank in rng.sample([rank for rank in pack if rank in wild_ranks], wilds):
        counts[rank] += 1
    pool = [rank for rank in pack if rank not in wild_ranks]
    if pairs:
        for rank in rng.sample([r for r in range(13) if r not in wild_ranks], 10):
            common.take(counts, pool, rank, 2, size)
    elif rng.random() < 0.5:
        width, length = rng.choice((2, 3)), rng.randint(2, 4)
        first = rng.randrange(12 - length + 1)
        for rank in range(first, first + length):
            common.take(counts, pool, rank, width, size)
    while sum(counts) < size:
        counts[pool.pop(rng.randrange(len(pool)))] += 1
    return counts


def random_hands(rng: random.Random, mode: str) -> Iterator[tuple[str, str]]:
    """(wild rank characters, hand) of every random hand of a mode."""
    for size in SIZES:
        for wilds in range(MOST_WILDS[mode] + 1):
            for index in range(HANDS_PER_COUNT[mode]):
                wild_ranks = tuple(rng.sample(range(13), 1 if mode == LAIZI else 2))
                pairs = index == 0 and wilds >= 3
                counts = deal_hand(rng, wild_ranks, size, wilds, pairs)
                yield "".join(RANK_CHARS[r] for r in wild_ranks), text_from_counts(counts)


def other_set(
    rng: random.Random, pool: list[int], wild_ranks: tuple[int, ...], style: str
) -> list[int]:
    """Six to ten cards from the pool (removed from it), built to hold a play of ``style``."""
    counts = [0] * 15
    wild_cards = [rank for rank in pool if rank in wild_ranks]
    rank = rng.randrange(13)
    if style in ("soft", "long", "wild_kickers"):
        common.take(counts, pool, rank, 3)
    if style == "hard":
        common.take(counts, pool, rank, 4)
    if style == "pure":
        for wild in wild_cards:
            common.take(counts, pool, wild, 1)
    if style in ("soft", "long", "wild_chain", "wild_kickers"):
        for wild in rng.sample(wild_cards, min(len(wild_cards), rng.randint(1, 3))):
            common.take(counts, pool, wild, 1)
    if style == "wild_chain":
        width, length = rng.choice(((1, 5), (1, 6), (2, 3), (3, 2)))
        first = rng.randrange(12 - length + 1)
        for chain_rank in range(first, first + length):
            common.take(counts, pool, chain_rank, width)
    if style == "rocket":
        common.take(counts, pool, 13, 1)
        common.take(counts, pool, 14, 1)
    size = rng.randint(6, 10)
    while sum(counts) < size and pool:
        counts[pool.pop(rng.randrange(len(pool)))] += 1
    return counts


def drawn_previous(
    rng: random.Random, hand: list[int], wild_ranks: tuple[int, ...], mode: str, leads: set
) -> list[tuple[dict, tuple]]:
    """Previous plays of styles drawn at random, each from another card set dealt from the
    rest of the pack: a (kind, number of cards) among its plays of that style (else among all
    its plays), three times in four one the hand also plays, then a play of it."""
    hand_shapes = {(move[1], len(move[0])) for move in leads}
    found: list[tuple[dict, tuple]] = []
    for style in rng.sample(STYLES, DRAWN_PREVIOUS):
        pool = common.remove_cards(common.deck(PACK), hand)
        other = other_set(rng, pool, wild_ranks, style)
        moves = sorted(realized_wild_moves(tuple(other), wild_ranks, mode, OPTIONS))
        wanted = [move for move in moves if style_of(move, wild_ranks) == style] or moves
        groups: dict[tuple[str, int], list[Move]] = defaultdict(list)
        for move in wanted:
            groups[(move[1], len(move[0]))].append(move)
        shared = sorted(shape for shape in groups if shape in hand_shapes)
        shape = rng.choice(shared if shared and rng.random() < 0.75 else sorted(groups))
        move = rng.choice(groups[shape])
        reading = (move[1], move[2], move[3])
        found.append((previous_record(move, wild_ranks), (reading, counts_from_text(move[0]))))
    return found


def fixed_previous(
    wild_ranks: tuple[int, ...], mode: str, hand: str, plays: list[tuple[str, str, str]]
) -> list[tuple[dict, tuple]]:
    """The previous plays written by hand, checked: canonical, in one deal with the hand,
    and read as declared."""
    found = []
    for cards, kind, rank_char in plays:
        counts = counts_from_text(cards)
        if text_from_counts(counts) != cards or not common.fits(
            PACK, counts_from_text(hand), counts
        ):
            raise ValueError(f"{cards} is not canonical or does not fit beside {hand}")
        previous = previous_play(
            cards, wild_ranks, mode, OPTIONS, kind=kind, rank=RANK_CHARS.index(rank_char)
        )
        found.append((previous_record((cards, *previous[0]), wild_ranks), previous))
    return found


def entries_for(job: tuple) -> list[dict]:
    """Every entry of one hand: its lead, then its answers to each previous play (under
    ``soft_hard_by_rank`` too when the previous play is a bomb)."""
    mode, wild_chars, hand_text, fixed, job_seed = job
    wild_ranks = tuple(RANK_CHARS.index(char) for char in wild_chars)
    hand = counts_from_text(hand_text)
    leads = realized_wild_moves(hand, wild_ranks, mode, OPTIONS)
    plays: list[tuple[dict | None, tuple | None]] = [(None, None)]
    plays.extend(fixed_previous(wild_ranks, mode, hand_text, fixed))
    if job_seed is not None:
        rng = random.Random(job_seed)
        plays.extend(drawn_previous(rng, list(hand), wild_ranks, mode, leads))
    out = []
    for record, previous in plays:
        for by_rank in (False, True) if record and record["class"] else (False,):
            moves = answering(
                leads, previous, wild_ranks=wild_ranks, mode=mode, soft_hard_by_rank=by_rank
            )
            out.append(
                {
                    "hand": hand_text,
                    "rules": PRESETS[mode],
                    "wilds": mode,
                    "wild": list(wild_chars),
                    "soft_hard_by_rank": by_rank,
                    "previous": record,
                    "count": len(moves),
                    "digest": wild_moves_digest(moves),
                }
            )
    return out


def _size(job: tuple) -> int:
    """A rough measure of a job's work: its wild cards weigh most."""
    _mode, wild_chars, hand_text, _fixed, _seed = job
    return len(hand_text) + 10 * sum(hand_text.count(char) for char in wild_chars)


def build(jobs: int | None = None) -> list[dict]:
    """Every entry of the file, the known lead counts checked."""
    work: list[tuple] = [(mode, wild, hand, plays, None) for mode, wild, hand, plays in FIXED]
    for index, mode in enumerate((LAIZI, TIANDI)):
        rng = random.Random(SEED * 10 + index)
        for wild, hand in random_hands(rng, mode):
            work.append((mode, wild, hand, [], SEED * 1000 + len(work)))
    entries = common.compute(work, entries_for, _size, jobs)
    for mode, wild, hand, expected in KNOWN_LEADS:
        matches = [
            e["count"]
            for e in entries
            if (e["wilds"], "".join(e["wild"]), e["hand"], e["previous"])
            == (mode, wild, hand, None)
        ]
        assert matches == [expected], (mode, wild, hand, matches, expected)
    return entries


DESCRIPTION = (
    "Perft-style golden counts of legal plays (leads and responses) of the wildcard games "
    "laizi and tiandi_laizi (docs/rules.md §14), from the reference tests/wild_reference.py; "
    "regenerate with tests/golden/make_wild_perft.py."
)


if __name__ == "__main__":
    common.main(__doc__, build, OUTPUT, DESCRIPTION, SEED, digest_rule=DIGEST_RULE)
