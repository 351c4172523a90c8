"""An independent, deliberately naive reference for the legal-move generator.

Written from docs/rules.md (sections 1-4 and 8) alone. It imports nothing from ``service``: a
rule set is plain data, a mapping of option name to value (docs/rules.md §8), as
``tests/common.py`` gives the presets (``preset_options``) or a test gets a service rule set's
(``RuleSet.options()``); card text and count vectors are ``tests/common.py``'s.

Style on purpose unlike a table-driven generator: every kind is tried by hand, one function
per kind, by decomposing the count vector (which ranks hold how many cards) with plain loops
and ``if`` statements. Clarity over speed.

A *reading* is ``(kind wire name, primal rank index, chain length)``: the rank index is the
highest primal rank (0 = "3" ... 12 = "2", 13 = B, 14 = R; the rocket's rank is R), the chain
length is the number of consecutive primal ranks (1 for kinds that are not chains).

``brute_force_moves`` enumerates EVERY sub-multiset of a hand and keeps those the reference
classifier accepts (leads) or that have a reading beating the previous play (responses).
``universe`` lists every play of the one pack from candidates (primal blocks with their
kickers), for the universe counts of ``tests/test_universe.py``.

>>> from common import preset_options
>>> sorted(reference_readings(counts_from_text("333444555666"), preset_options("douzero")))
[('airplane', 3, 4), ('airplane_singles', 2, 3), ('airplane_singles', 3, 3)]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from common import (
    ACE,
    BLACK,
    DECK_LIMITS,
    NUM_RANKS,
    RED,
    THREE,
    TWO,
    Counts,
    PreviousPlay,
    Reading,
    counts_from_text,
    every_sub_multiset,
    pure_run,
    ranks_present,
    take_primal,
    text_from_counts,
)
from recorded import recorded

Options = Mapping[str, Any]
"""A rule set's options: option name -> value (docs/rules.md §8)."""

#: Kinds whose readings carry no kickers (docs/rules.md §4: preferred over kicker readings).
KINDS_WITHOUT_KICKERS = frozenset(
    {"single", "pair", "trio", "chain", "pair_chain", "airplane", "bomb", "rocket", "space_shuttle"}
)

KIND_ORDER = (
    "single",
    "pair",
    "trio",
    "trio_single",
    "trio_pair",
    "chain",
    "pair_chain",
    "airplane",
    "airplane_singles",
    "airplane_pairs",
    "four_two_singles",
    "four_two_pairs",
    "four_single",
    "four_pair",
    "space_shuttle",
    "space_shuttle_singles",
    "space_shuttle_pairs",
    "bomb",
    "rocket",
)
"""§2's table, the optional kinds of §8 just before ``bomb`` (§4's last tie-break)."""

#: Cards of each primal rank of a kind (the rocket's primal cards are its two jokers).
PRIMAL_WIDTH = {
    "single": 1,
    "pair": 2,
    "trio": 3,
    "trio_single": 3,
    "trio_pair": 3,
    "chain": 1,
    "pair_chain": 2,
    "airplane": 3,
    "airplane_singles": 3,
    "airplane_pairs": 3,
    "four_two_singles": 4,
    "four_two_pairs": 4,
    "four_single": 4,
    "four_pair": 4,
    "space_shuttle": 4,
    "space_shuttle_singles": 4,
    "space_shuttle_pairs": 4,
    "bomb": 4,
    "rocket": 1,
}


# --------------------------------------------------------------------------------------------
# Kicker rules


def single_kickers_are_legal(
    kickers: list[int],
    how_many: int,
    options: Options,
    *,
    airplane_chain: tuple[int, int] | None = None,
) -> bool:
    """Kicker rules for ``how_many`` single kickers (docs/rules.md §2 and section 8).

    ``kickers`` is a count vector of the kicker cards only (primal ranks already removed).
    ``airplane_chain`` = (first rank, last rank) of an airplane's trio chain: only airplanes may
    hold four of a rank among their kickers (``bomb_in_kickers``) and only for airplanes does a
    kicker trio next to the chain matter (``adjacent_trio_kickers``).
    """
    if sum(kickers) != how_many:
        return False
    # Rule 4: the two jokers are never both kickers, unless rocket_as_kickers.
    if kickers[BLACK] > 0 and kickers[RED] > 0 and not options["rocket_as_kickers"]:
        return False
    for rank in range(NUM_RANKS):
        held = kickers[rank]
        if held <= 1:
            continue
        # Rule 2: single kickers have distinct ranks, unless kicker_ranks_repeat.
        if not options["kicker_ranks_repeat"]:
            return False
        if held == 4:
            # Four of a rank among single kickers: only airplanes under bomb_in_kickers.
            if airplane_chain is None or not options["bomb_in_kickers"]:
                return False
        elif held > options["kicker_rank_max"]:
            return False
        if held >= 3 and airplane_chain is not None:
            first, last = airplane_chain
            next_to_chain = (rank == first - 1 and rank >= THREE) or (
                rank == last + 1 and rank <= ACE
            )
            if next_to_chain and not options["adjacent_trio_kickers"]:
                return False
    return True


def pair_kickers_are_legal(kickers: list[int], how_many: int, options: Options) -> bool:
    """Kicker rules for ``how_many`` pair kickers (rules 3 and 5, option same_rank_pairs)."""
    if sum(kickers) != 2 * how_many:
        return False
    # Rule 5: the jokers never form a pair (and there is one of each anyway).
    if kickers[BLACK] > 0 or kickers[RED] > 0:
        return False
    for rank in range(NUM_RANKS):
        held = kickers[rank]
        if held in (0, 2):
            continue
        if held == 4 and options["same_rank_pairs"]:
            continue  # one rank held four times = two pair kickers, only under same_rank_pairs
        return False  # an odd count is not pairs; 4 of a rank is two pairs of one rank (rule 3)
    return True


# --------------------------------------------------------------------------------------------
# One function per kind: each returns the readings of that kind (a list, maybe empty).


def try_single(counts, options) -> list[Reading]:
    present = ranks_present(counts)
    if sum(counts) == 1:
        return [("single", present[0], 1)]
    return []


def try_pair(counts, options) -> list[Reading]:
    present = ranks_present(counts)
    if sum(counts) == 2 and len(present) == 1 and present[0] <= TWO:
        return [("pair", present[0], 1)]
    return []


def try_trio(counts, options) -> list[Reading]:
    present = ranks_present(counts)
    if sum(counts) == 3 and len(present) == 1 and present[0] <= TWO:
        return [("trio", present[0], 1)]
    return []


def try_bomb(counts, options) -> list[Reading]:
    present = ranks_present(counts)
    if sum(counts) == 4 and len(present) == 1 and present[0] <= TWO:
        return [("bomb", present[0], 1)]
    return []


def try_rocket(counts, options) -> list[Reading]:
    if sum(counts) == 2 and counts[BLACK] == 1 and counts[RED] == 1:
        return [("rocket", RED, 1)]
    return []


def try_trio_single(counts, options) -> list[Reading]:
    found = []
    if sum(counts) != 4:
        return found
    for trio_rank in range(THREE, TWO + 1):
        left = take_primal(counts, [trio_rank], 3)
        if left is not None and single_kickers_are_legal(left, 1, options):
            found.append(("trio_single", trio_rank, 1))
    return found


def try_trio_pair(counts, options) -> list[Reading]:
    found = []
    if sum(counts) != 5:
        return found
    for trio_rank in range(THREE, TWO + 1):
        left = take_primal(counts, [trio_rank], 3)
        if left is not None and pair_kickers_are_legal(left, 1, options):
            found.append(("trio_pair", trio_rank, 1))
    return found


def _pure_run(counts, width: int, shortest: int, longest: int, kind: str) -> list[Reading]:
    """A chain of ``width`` cards per rank and nothing else (chain, pair_chain, airplane, ...)."""
    run = pure_run(counts, width, shortest=shortest, longest=longest)
    return [] if run is None else [(kind, *run)]


def try_chain(counts, options) -> list[Reading]:
    return _pure_run(counts, 1, 5, 12, "chain")


def try_pair_chain(counts, options) -> list[Reading]:
    return _pure_run(counts, 2, 3, 10, "pair_chain")


def try_airplane(counts, options) -> list[Reading]:
    return _pure_run(counts, 3, 2, 6, "airplane")


def try_airplane_singles(counts, options) -> list[Reading]:
    found = []
    if options["no_airplane_singles"]:  # the short rules' airplane has no wings
        return found
    total = sum(counts)
    for length in range(2, 6):  # n = 2..5 trios, n single kickers
        if total != 4 * length:
            continue
        for first in range(THREE, ACE - length + 2):
            chain = list(range(first, first + length))
            left = take_primal(counts, chain, 3)
            if left is None:
                continue
            if single_kickers_are_legal(
                left, length, options, airplane_chain=(chain[0], chain[-1])
            ):
                found.append(("airplane_singles", chain[-1], length))
    return found


def try_airplane_pairs(counts, options) -> list[Reading]:
    found = []
    if options["no_airplane_pairs"]:  # the app rules' airplane takes singles only
        return found
    total = sum(counts)
    for length in range(2, 5):  # n = 2..4 trios, n pair kickers
        if total != 5 * length:
            continue
        for first in range(THREE, ACE - length + 2):
            chain = list(range(first, first + length))
            left = take_primal(counts, chain, 3)
            if left is not None and pair_kickers_are_legal(left, length, options):
                found.append(("airplane_pairs", chain[-1], length))
    return found


def _four_with(counts, options, kind: str, singles: int, pairs: int) -> list[Reading]:
    found = []
    if sum(counts) != 4 + singles + 2 * pairs:
        return found
    for four_rank in range(THREE, TWO + 1):
        left = take_primal(counts, [four_rank], 4)
        if left is None:
            continue
        if singles and single_kickers_are_legal(left, singles, options):
            found.append((kind, four_rank, 1))
        if pairs and pair_kickers_are_legal(left, pairs, options):
            found.append((kind, four_rank, 1))
    return found


def try_four_two_singles(counts, options) -> list[Reading]:
    if not options["four_with_two"]:
        return []
    return _four_with(counts, options, "four_two_singles", 2, 0)


def try_four_two_pairs(counts, options) -> list[Reading]:
    if not options["four_with_two"]:
        return []
    return _four_with(counts, options, "four_two_pairs", 0, 2)


def try_four_single(counts, options) -> list[Reading]:
    if not options["four_with_single"]:
        return []
    return _four_with(counts, options, "four_single", 1, 0)


def try_four_pair(counts, options) -> list[Reading]:
    if not options["four_with_pair"]:
        return []
    return _four_with(counts, options, "four_pair", 0, 1)


def try_space_shuttle(counts, options) -> list[Reading]:
    if not options["space_shuttle"]:
        return []
    return _pure_run(counts, 4, 2, 5, "space_shuttle")


def try_space_shuttle_singles(counts, options) -> list[Reading]:
    found = []
    if not options["space_shuttle"]:
        return found
    # Two single kickers per four, or one (the Wikipedia text: "with individual card as
    # kicker"), within the 20 cards of a hand.
    per_four = 1 if options["shuttle_one_kicker"] else 2
    total = sum(counts)
    for length in range(2, 5):
        if total != (4 + per_four) * length or total > 20:
            continue
        for first in range(THREE, ACE - length + 2):
            chain = list(range(first, first + length))
            left = take_primal(counts, chain, 4)
            if left is not None and single_kickers_are_legal(left, per_four * length, options):
                found.append(("space_shuttle_singles", chain[-1], length))
    return found


def try_space_shuttle_pairs(counts, options) -> list[Reading]:
    found = []
    if not options["space_shuttle"]:
        return found
    per_four = 1 if options["shuttle_one_kicker"] else 2  # pair kickers per four
    total = sum(counts)
    for length in range(2, 5):
        if total != (4 + 2 * per_four) * length or total > 20:
            continue
        for first in range(THREE, ACE - length + 2):
            chain = list(range(first, first + length))
            left = take_primal(counts, chain, 4)
            if left is not None and pair_kickers_are_legal(left, per_four * length, options):
                found.append(("space_shuttle_pairs", chain[-1], length))
    return found


ALL_TRIES = (
    try_single,
    try_pair,
    try_trio,
    try_bomb,
    try_rocket,
    try_trio_single,
    try_trio_pair,
    try_chain,
    try_pair_chain,
    try_airplane,
    try_airplane_singles,
    try_airplane_pairs,
    try_four_two_singles,
    try_four_two_pairs,
    try_four_single,
    try_four_pair,
    try_space_shuttle,
    try_space_shuttle_singles,
    try_space_shuttle_pairs,
)


def reference_readings(counts: Iterable[int], options: Options) -> set[Reading]:
    """Every reading of the card multiset ``counts`` under ``options`` (empty: not a play)."""
    counts = tuple(counts)
    if len(counts) != NUM_RANKS:
        raise ValueError("a count vector has 15 entries")
    if sum(counts) == 0:
        return set()
    found: set[Reading] = set()
    for attempt in ALL_TRIES:
        found.update(attempt(counts, options))
    return found


def preference_key(reading: Reading) -> tuple:
    """docs/rules.md §4: rocket; bomb; no kickers; longest chain; highest primal rank; then
    (**Choice**) the kind that comes first in §2's table (``KIND_ORDER``)."""
    kind, rank, length = reading
    return (
        kind == "rocket",
        kind == "bomb",
        kind in KINDS_WITHOUT_KICKERS,
        length,
        rank,
        -KIND_ORDER.index(kind),
    )


def preferred_reading(readings: Iterable[Reading]) -> Reading:
    """The preferred reading (docs/rules.md §4): the highest ``preference_key``.

    >>> preferred_reading([("four_pair", 0, 1), ("four_two_singles", 0, 1)])
    ('four_two_singles', 0, 1)
    """
    return max(readings, key=preference_key)


def readings_in_order(readings: Iterable[Reading]) -> list[Reading]:
    """The readings, preferred first (the order in which a classifier lists them)."""
    return sorted(readings, key=preference_key, reverse=True)


def primal_part(reading: Reading, counts: Sequence[int]) -> Counts:
    """The primal cards of ``counts`` read as ``reading`` (the rest are its kickers)."""
    kind, rank, length = reading
    if kind == "rocket":
        return (0,) * BLACK + (1, 1)
    width = PRIMAL_WIDTH[kind]
    primal = [0] * NUM_RANKS
    for primal_rank in range(rank - length + 1, rank + 1):
        primal[primal_rank] = width
    if any(p > held for p, held in zip(primal, counts, strict=True)):
        raise ValueError(f"{reading} is no reading of {text_from_counts(counts)}")
    return tuple(primal)


# --------------------------------------------------------------------------------------------
# Beating (docs/rules.md §3)


def reading_beats(play: Reading, play_cards: int, previous: PreviousPlay) -> bool:
    """Whether the reading ``play`` (of ``play_cards`` cards) beats ``previous``."""
    prev_kind, prev_rank, _prev_length, prev_cards = previous
    kind, rank, _length = play
    if prev_kind == "rocket":
        return False  # nothing beats the rocket (docs/rules.md §§3 and 11)
    if kind == "rocket":
        return True
    if kind == "bomb":
        if prev_kind != "bomb":
            return True
        return rank > prev_rank
    return kind == prev_kind and play_cards == prev_cards and rank > prev_rank


# --------------------------------------------------------------------------------------------
# Brute force


def classify_every_subset(hand_counts: Iterable[int], options: Options):
    """{canonical cards: (card count, readings)} for every sub-multiset that is a play."""
    table = {}
    for choice in every_sub_multiset(tuple(hand_counts)):
        readings = reference_readings(choice, options)
        if readings:
            table[text_from_counts(choice)] = (sum(choice), readings)
    return table


def moves_from_table(table, previous: PreviousPlay | None = None) -> set[str]:
    """The legal moves among a ``classify_every_subset`` table: leads, or plays beating."""
    if previous is None:
        return set(table)
    return {
        cards
        for cards, (size, readings) in table.items()
        if any(reading_beats(reading, size, previous) for reading in readings)
    }


@recorded
def brute_force_moves(
    hand_counts: Iterable[int], options: Options, previous: PreviousPlay | None = None
) -> set[str]:
    """Every legal move of ``hand_counts`` (canonical card strings), by brute force.

    ``previous`` is None (a lead) or the reading of the play to beat as
    ``(kind, rank index, chain length, number of cards)``.
    """
    return moves_from_table(classify_every_subset(hand_counts, options), previous)


def previous_reading(
    cards: str, options: Options, kind: str | None = None, rank: int | None = None
) -> PreviousPlay:
    """The reading of ``cards`` to beat: the declared kind (and rank), else the preferred one."""
    counts = counts_from_text(cards)
    readings = reference_readings(counts, options)
    if kind is not None:
        readings = {r for r in readings if r[0] == kind}
    if rank is not None:
        readings = {r for r in readings if r[1] == rank}
    if not readings:
        raise ValueError(f"{cards!r} has no reading {kind} {rank} under these options")
    chosen = preferred_reading(readings)
    return (chosen[0], chosen[1], chosen[2], len(cards))


# --------------------------------------------------------------------------------------------
# Every play of the pack, from candidates


def primal_blocks(options: Options, most_of_a_rank: int = 4) -> Iterator[tuple[int, ...]]:
    """Every primal part as ranks with their repeats: one rank one to ``most_of_a_rank`` times
    (a joker once), or a run of 2 to 12 ranks inside 3..A, one to three times (four times
    under ``space_shuttle`` only)."""
    for rank in range(NUM_RANKS):
        for width in range(1, (most_of_a_rank if rank <= TWO else 1) + 1):
            yield (rank,) * width
    widest = 4 if options["space_shuttle"] else 3
    for width in range(1, widest + 1):
        for length in range(2, 13):
            for first in range(ACE - length + 2):
                yield tuple(rank for rank in range(first, first + length) for _ in range(width))


def kicker_sets(block: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every kicker multiset a block of trios or fours might carry (a superset: the classifier
    judges): none, or ``n`` singles or ``n`` pairs of other ranks, ``n`` one or two per trio
    or four."""
    yield ()
    width = block.count(block[0])
    if width not in (3, 4):
        return
    length = len(block) // width
    others = [rank for rank in range(NUM_RANKS) if rank not in block]
    for how_many in {length, (width - 2) * length}:
        yield from itertools.combinations_with_replacement(others, how_many)
        plain = [rank for rank in others if rank <= TWO]
        for pairs in itertools.combinations_with_replacement(plain, how_many):
            yield pairs * 2


def candidate_sets(options: Options, most_of_a_rank: int = 4) -> Iterator[Counts]:
    """Every card set of at most 20 cards that might be a play, as a count vector: the rocket,
    and each primal block with each of its kicker sets, within the one pack (a set of one rank
    only may hold up to ``most_of_a_rank`` cards)."""
    cap = DECK_LIMITS["three_player"]
    candidates = [(BLACK, RED)] + [
        block + kickers
        for block in primal_blocks(options, most_of_a_rank)
        for kickers in kicker_sets(block)
    ]
    for cards in candidates:
        as_read = [0] * NUM_RANKS
        for rank in cards:
            as_read[rank] += 1
        over_cap = any(held > most for held, most in zip(as_read, cap, strict=True))
        if len(cards) > 20 or (over_cap and len(set(cards)) > 1):
            continue
        yield tuple(as_read)


def universe(options: Options) -> dict[Counts, set[Reading]]:
    """Every card set of the one pack that is a play under ``options``, with its readings."""
    found: dict[Counts, set[Reading]] = {}
    for counts in candidate_sets(options):
        readings = reference_readings(counts, options)
        if readings:
            found[counts] = readings
    return found
