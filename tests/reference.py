"""An independent, deliberately naive reference for the legal-move generator.

Written from docs/rules.md (sections 1-4 and 8) alone. It never imports ``service.rules.combos``,
``service.rules.moves`` or ``service.rules.kinds``: only the rule-set options
(``service.rules.ruleset``) and card formatting (``service.rules.cards``).

Style on purpose unlike a table-driven generator: every kind is tried by hand, one function
per kind, by decomposing the count vector (which ranks hold how many cards) with plain loops
and ``if`` statements. Clarity over speed.

A *reading* is ``(kind wire name, primal rank index, chain length)``: the rank index is the
highest primal rank (0 = "3" ... 12 = "2", 13 = B, 14 = R; the rocket's rank is R), the chain
length is the number of consecutive primal ranks (1 for kinds that are not chains).

``brute_force_moves`` enumerates EVERY sub-multiset of a hand and keeps those the reference
classifier accepts (leads) or that have a reading beating the previous play (responses).
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable

from service.rules.cards import RANK_CHARS, format_counts
from service.rules.ruleset import RuleSet

Reading = tuple[str, int, int]
"""(kind wire name, primal rank index, chain length)."""

PreviousPlay = tuple[str, int, int, int]
"""(kind wire name, primal rank index, chain length, number of cards)."""

NUM_RANKS = 15
LOWEST = 0  # "3"
ACE = 11  # "A": the highest rank a chain may use (docs/rules.md §2)
TWO = 12  # "2"
BLACK = 13  # "B", the black (small) joker
RED = 14  # "R", the red (big) joker

#: Kinds whose readings carry no kickers (docs/rules.md §4: preferred over kicker readings).
KINDS_WITHOUT_KICKERS = frozenset(
    {"single", "pair", "trio", "chain", "pair_chain", "airplane", "bomb", "rocket", "space_shuttle"}
)


# --------------------------------------------------------------------------------------------
# Small helpers on count vectors


def counts_from_text(cards: str) -> tuple[int, ...]:
    """Count vector of a canonical card string like ``"333444BR"``."""
    result = [0] * NUM_RANKS
    for char in cards:
        result[RANK_CHARS.index(char)] += 1
    return tuple(result)


def ranks_present(counts: tuple[int, ...]) -> list[int]:
    """The ranks holding at least one card, low to high."""
    return [rank for rank in range(NUM_RANKS) if counts[rank] > 0]


def take_primal(counts: tuple[int, ...], ranks: Iterable[int], how_many: int):
    """Remove exactly ``how_many`` cards of each of ``ranks``; return what is left, or None.

    Returns None unless every one of those ranks holds *exactly* ``how_many`` cards: a kicker
    never has the rank of a primal card (kicker rule 1), so a primal rank can hold no more.
    """
    left = list(counts)
    for rank in ranks:
        if left[rank] != how_many:
            return None
        left[rank] = 0
    return left


def is_consecutive_run(ranks: list[int]) -> bool:
    """Whether ``ranks`` (ascending) are consecutive and all inside 3..A."""
    if not ranks:
        return False
    if ranks[0] < LOWEST or ranks[-1] > ACE:
        return False
    return all(current == previous + 1 for previous, current in itertools.pairwise(ranks))


def single_kickers_are_legal(
    kickers: list[int],
    how_many: int,
    rules: RuleSet,
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
    if kickers[BLACK] > 0 and kickers[RED] > 0 and not rules.rocket_as_kickers:
        return False
    for rank in range(NUM_RANKS):
        held = kickers[rank]
        if held <= 1:
            continue
        # Rule 2: single kickers have distinct ranks, unless kicker_ranks_repeat.
        if not rules.kicker_ranks_repeat:
            return False
        if held == 4:
            # Four of a rank among single kickers: only airplanes under bomb_in_kickers.
            if airplane_chain is None or not rules.bomb_in_kickers:
                return False
        elif held > rules.kicker_rank_max:
            return False
        if held >= 3 and airplane_chain is not None:
            first, last = airplane_chain
            next_to_chain = (rank == first - 1 and rank >= LOWEST) or (
                rank == last + 1 and rank <= ACE
            )
            if next_to_chain and not rules.adjacent_trio_kickers:
                return False
    return True


def pair_kickers_are_legal(kickers: list[int], how_many: int, rules: RuleSet) -> bool:
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
        if held == 4 and rules.same_rank_pairs:
            continue  # one rank held four times = two pair kickers, only under same_rank_pairs
        return False  # an odd count is not pairs; 4 of a rank is two pairs of one rank (rule 3)
    return True


# --------------------------------------------------------------------------------------------
# One function per kind: each returns the readings of that kind (a list, maybe empty).


def try_single(counts, rules) -> list[Reading]:
    present = ranks_present(counts)
    if sum(counts) == 1:
        return [("single", present[0], 1)]
    return []


def try_pair(counts, rules) -> list[Reading]:
    present = ranks_present(counts)
    if sum(counts) == 2 and len(present) == 1 and present[0] <= TWO:
        return [("pair", present[0], 1)]
    return []


def try_trio(counts, rules) -> list[Reading]:
    present = ranks_present(counts)
    if sum(counts) == 3 and len(present) == 1 and present[0] <= TWO:
        return [("trio", present[0], 1)]
    return []


def try_bomb(counts, rules) -> list[Reading]:
    present = ranks_present(counts)
    if sum(counts) == 4 and len(present) == 1 and present[0] <= TWO:
        return [("bomb", present[0], 1)]
    return []


def try_rocket(counts, rules) -> list[Reading]:
    if sum(counts) == 2 and counts[BLACK] == 1 and counts[RED] == 1:
        return [("rocket", RED, 1)]
    return []


def try_trio_single(counts, rules) -> list[Reading]:
    found = []
    if sum(counts) != 4:
        return found
    for trio_rank in range(LOWEST, TWO + 1):
        left = take_primal(counts, [trio_rank], 3)
        if left is not None and single_kickers_are_legal(left, 1, rules):
            found.append(("trio_single", trio_rank, 1))
    return found


def try_trio_pair(counts, rules) -> list[Reading]:
    found = []
    if sum(counts) != 5:
        return found
    for trio_rank in range(LOWEST, TWO + 1):
        left = take_primal(counts, [trio_rank], 3)
        if left is not None and pair_kickers_are_legal(left, 1, rules):
            found.append(("trio_pair", trio_rank, 1))
    return found


def _pure_run(counts, width: int, shortest: int, longest: int, kind: str) -> list[Reading]:
    """A chain of ``width`` cards per rank and nothing else (chain, pair_chain, airplane, ...)."""
    present = ranks_present(counts)
    if not shortest <= len(present) <= longest:
        return []
    for rank in present:
        if counts[rank] != width:
            return []
    if not is_consecutive_run(present):
        return []
    return [(kind, present[-1], len(present))]


def try_chain(counts, rules) -> list[Reading]:
    return _pure_run(counts, 1, 5, 12, "chain")


def try_pair_chain(counts, rules) -> list[Reading]:
    return _pure_run(counts, 2, 3, 10, "pair_chain")


def try_airplane(counts, rules) -> list[Reading]:
    return _pure_run(counts, 3, 2, 6, "airplane")


def try_airplane_singles(counts, rules) -> list[Reading]:
    found = []
    if rules.no_airplane_singles:  # the short rules' airplane has no wings
        return found
    total = sum(counts)
    for length in range(2, 6):  # n = 2..5 trios, n single kickers
        if total != 4 * length:
            continue
        for first in range(LOWEST, ACE - length + 2):
            chain = list(range(first, first + length))
            left = take_primal(counts, chain, 3)
            if left is None:
                continue
            if single_kickers_are_legal(left, length, rules, airplane_chain=(chain[0], chain[-1])):
                found.append(("airplane_singles", chain[-1], length))
    return found


def try_airplane_pairs(counts, rules) -> list[Reading]:
    found = []
    if rules.no_airplane_pairs:  # the app rules' airplane takes singles only
        return found
    total = sum(counts)
    for length in range(2, 5):  # n = 2..4 trios, n pair kickers
        if total != 5 * length:
            continue
        for first in range(LOWEST, ACE - length + 2):
            chain = list(range(first, first + length))
            left = take_primal(counts, chain, 3)
            if left is not None and pair_kickers_are_legal(left, length, rules):
                found.append(("airplane_pairs", chain[-1], length))
    return found


def _four_with(counts, rules, kind: str, singles: int, pairs: int) -> list[Reading]:
    found = []
    if sum(counts) != 4 + singles + 2 * pairs:
        return found
    for four_rank in range(LOWEST, TWO + 1):
        left = take_primal(counts, [four_rank], 4)
        if left is None:
            continue
        if singles and single_kickers_are_legal(left, singles, rules):
            found.append((kind, four_rank, 1))
        if pairs and pair_kickers_are_legal(left, pairs, rules):
            found.append((kind, four_rank, 1))
    return found


def try_four_two_singles(counts, rules) -> list[Reading]:
    if not rules.four_with_two:
        return []
    return _four_with(counts, rules, "four_two_singles", 2, 0)


def try_four_two_pairs(counts, rules) -> list[Reading]:
    if not rules.four_with_two:
        return []
    return _four_with(counts, rules, "four_two_pairs", 0, 2)


def try_four_single(counts, rules) -> list[Reading]:
    if not rules.four_with_single:
        return []
    return _four_with(counts, rules, "four_single", 1, 0)


def try_four_pair(counts, rules) -> list[Reading]:
    if not rules.four_with_pair:
        return []
    return _four_with(counts, rules, "four_pair", 0, 1)


def try_space_shuttle(counts, rules) -> list[Reading]:
    if not rules.space_shuttle:
        return []
    return _pure_run(counts, 4, 2, 5, "space_shuttle")


def try_space_shuttle_singles(counts, rules) -> list[Reading]:
    found = []
    if not rules.space_shuttle:
        return found
    # Two single kickers per four, or one (the Wikipedia text: "with individual card as
    # kicker"), within the 20 cards of a hand.
    per_four = 1 if rules.shuttle_one_kicker else 2
    total = sum(counts)
    for length in range(2, 5):
        if total != (4 + per_four) * length or total > 20:
            continue
        for first in range(LOWEST, ACE - length + 2):
            chain = list(range(first, first + length))
            left = take_primal(counts, chain, 4)
            if left is not None and single_kickers_are_legal(left, per_four * length, rules):
                found.append(("space_shuttle_singles", chain[-1], length))
    return found


def try_space_shuttle_pairs(counts, rules) -> list[Reading]:
    found = []
    if not rules.space_shuttle:
        return found
    per_four = 1 if rules.shuttle_one_kicker else 2  # pair kickers per four
    total = sum(counts)
    for length in range(2, 5):
        if total != (4 + 2 * per_four) * length or total > 20:
            continue
        for first in range(LOWEST, ACE - length + 2):
            chain = list(range(first, first + length))
            left = take_primal(counts, chain, 4)
            if left is not None and pair_kickers_are_legal(left, per_four * length, rules):
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


def reference_readings(counts: tuple[int, ...], rules: RuleSet) -> set[Reading]:
    """Every reading of the card multiset ``counts`` under ``rules`` (empty: not a play)."""
    counts = tuple(counts)
    if len(counts) != NUM_RANKS:
        raise ValueError("a count vector has 15 entries")
    if sum(counts) == 0:
        return set()
    found: set[Reading] = set()
    for attempt in ALL_TRIES:
        found.update(attempt(counts, rules))
    return found


def preferred_reading(readings: Iterable[Reading]) -> Reading:
    """docs/rules.md §4: rocket; bomb; no kickers; longest chain; highest primal rank.

    Readings still tied after those five keys (e.g. ``333344`` as four_two_singles and as
    four_pair) are broken by kind name, only so that the result is deterministic.
    """

    def key(reading: Reading):
        kind, rank, length = reading
        return (
            kind == "rocket",
            kind == "bomb",
            kind in KINDS_WITHOUT_KICKERS,
            length,
            rank,
            kind,
        )

    return max(readings, key=key)


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


def every_sub_multiset(hand_counts: tuple[int, ...]):
    """Every non-empty sub-multiset of the hand (product of range(count + 1) per rank)."""
    for choice in itertools.product(*(range(held + 1) for held in hand_counts)):
        if any(choice):
            yield choice


def sub_multiset_count(hand_counts: tuple[int, ...]) -> int:
    """How many sub-multisets (including the empty one) the hand has."""
    total = 1
    for held in hand_counts:
        total *= held + 1
    return total


def classify_every_subset(hand_counts: tuple[int, ...], rules: RuleSet):
    """{canonical cards: (card count, readings)} for every sub-multiset that is a play."""
    table = {}
    for choice in every_sub_multiset(tuple(hand_counts)):
        readings = reference_readings(choice, rules)
        if readings:
            table[format_counts(choice)] = (sum(choice), readings)
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


def brute_force_moves(
    hand_counts: tuple[int, ...], rules: RuleSet, previous: PreviousPlay | None = None
) -> set[str]:
    """Every legal move of ``hand_counts`` (canonical card strings), by brute force.

    ``previous`` is None (a lead) or the reading of the play to beat as
    ``(kind, rank index, chain length, number of cards)``.
    """
    return moves_from_table(classify_every_subset(hand_counts, rules), previous)


def previous_reading(
    cards: str, rules: RuleSet, kind: str | None = None, rank: int | None = None
) -> PreviousPlay:
    """The reading of ``cards`` to beat: the declared kind (and rank), else the preferred one."""
    counts = counts_from_text(cards)
    readings = reference_readings(counts, rules)
    if kind is not None:
        readings = {r for r in readings if r[0] == kind}
    if rank is not None:
        readings = {r for r in readings if r[1] == rank}
    if not readings:
        raise ValueError(f"{cards!r} has no reading {kind} {rank} under {rules.name}")
    chosen = preferred_reading(readings)
    return (chosen[0], chosen[1], chosen[2], len(cards))


def moves_digest(moves: Iterable[str]) -> str:
    """sha256 hex digest of the sorted move list, one canonical card string per line."""
    text = "\n".join(sorted(moves))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
