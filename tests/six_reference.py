"""An independent, deliberately naive reference for the six-player game (three packs).

Written from docs/rules.md §§1 to 4 and 12 alone, with the wire choices where docs/rules.md is
silent (listed below). It imports nothing from ``service``: not the classifier, not the move
generator, not the rule-set type, and nothing of ``tests/reference.py``. Card text, count
vectors and the deck are ``tests/common.py``'s (a test checks that its rank characters are the
core's).

The game (docs/rules.md §12): three packs, 162 cards, 12 cards of each rank 3..2, three black
and three red jokers; hands of 26 cards, the landlord's of 32. The combinations are those of
section 2 with its kicker rules, plus the multi-deck bombs, minus the two-joker rocket:

- ``single``: any one card, a joker too;
- ``pair``: two cards of a rank; two jokers pair only in one colour (``BB``, ``RR``): ``BR`` is
  no combination at all;
- ``trio``: three of a rank 3..2 (no joker trio); ``trio_single``, ``trio_pair``: a trio and a
  single or pair kicker;
- ``chain`` (5..12 consecutive single ranks), ``pair_chain`` (3..12 pairs), ``airplane``
  (2..10 trios), ``airplane_singles`` / ``airplane_pairs`` (n >= 2 consecutive trios and n
  single / pair kickers): every chain within 3..A and at most 32 cards (a hand's most);
- ``four_two_singles``, ``four_two_pairs``: four of a rank with two kickers (not a bomb);
- ``bomb``: 4 to 12 cards of one rank 3..2 (one kind for every size);
- ``nuke``: all six jokers ``BBBRRR``, the highest play. Three, four or five jokers together
  are no combination.

Kicker rules (section 2, restated by section 12): (1) a kicker never has a primal rank;
(2) single kickers of one combination have pairwise distinct ranks (a joker may be one);
(3) pair kickers have pairwise distinct ranks; (4) a black and a red joker are never both
kickers of one combination (as single kickers, nor as the pair kickers ``BB`` and ``RR``
together: "two jokers of different colours are never both kickers of one combination");
(5) a joker pair of one colour (``BB`` or ``RR``) may be a pair kicker, ``BR`` never (it is no
pair). Nothing else: no rule on kicker trios next to a chain (rule 2 already forbids a kicker
rank held twice among single kickers).

A *reading* is ``(kind wire name, highest primal rank index, chain length)``: rank index 0 = "3"
... 11 = "A", 12 = "2", 13 = "B", 14 = "R" (the order of section 1); the length is the number
of primal ranks of a chain kind, 1 for any other kind (a bomb and the nuke too; the nuke's rank
is R).

Beating (section 3 with section 9's bombs): the nuke beats everything and nothing beats it; a
bomb beats every non-bomb; a larger bomb beats a smaller one, equal sizes compare by rank;
otherwise the same kind, the same number of cards and a higher rank. A card set with several
readings (section 4) beats the previous play if any of its readings does.

Move listing, two ways:

- ``brute_force_table``: EVERY sub-multiset of the hand, each classified (the definition;
  usable on small hands only: a 32-card hand can have billions of sub-multisets);
- ``candidate_table``: the same table, built from candidates only. Every combination is a
  *primal part* plus a *kicker part* (empty for the kinds without kickers). The primal part is
  a *block*: the same number ``w >= 1`` of cards of each rank of a run of consecutive rank
  indexes (a single, pair, trio, bomb: a run of one rank; the chains; the nuke: 3 of each of
  B, R). The kicker part has a size fixed by the kind and the block (trio + 1 or 2 cards, n
  trios + n or 2n, four + 2 or 4) and, by kicker rule 1, none of the block's ranks. So the
  candidates are: every block the hand holds, and every block of width 3 or 4 with every
  sub-multiset of the right size of the hand's other ranks. Each candidate is classified by
  the same classifier (all its readings kept); non-combinations are dropped. A test proves the
  two tables equal on many small hands.

Run ``python tests/six_reference.py`` for the hand-computed self-check.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from common import (
    ACE,
    BLACK,
    DECK_LIMITS,
    NUM_RANKS,
    RANK_CHARS,
    RED,
    THREE,
    TWO,
    PreviousPlay,
    Reading,
    card_count,
    check_hand,
    counts_from_text,
    every_sub_multiset,
    only_rank,
    pure_run,
    ranks_present,
    take_primal,
    text_from_counts,
)
from recorded import recorded

#: Section 12: three packs: 12 cards of each rank 3..2, three jokers of each colour.
SIX_DECK = DECK_LIMITS["six_player"]
HAND_SIZE = 26  # a seat's hand
LANDLORD_HAND_SIZE = 32  # the landlord's hand with the six face-down cards
MOST_CARDS = 32  # "chains limited only by the ranks 3..A and by the 32 cards a hand can hold"

#: Kinds whose readings carry kickers.
KINDS_WITH_KICKERS = frozenset(
    {
        "trio_single",
        "trio_pair",
        "airplane_singles",
        "airplane_pairs",
        "four_two_singles",
        "four_two_pairs",
    }
)

#: Every kind of the game.
KINDS = (
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
    "bomb",
    "nuke",
)


# --------------------------------------------------------------------------------------------
# Small helpers


def single_kickers_ok(kickers, how_many: int) -> bool:
    """``kickers`` (a count vector without primal ranks) is ``how_many`` single kickers."""
    if sum(kickers) != how_many:
        return False
    for rank in range(NUM_RANKS):
        if kickers[rank] > 1:
            return False  # rule 2: pairwise distinct ranks
    # Rule 4: never a black and a red joker both.
    return not (kickers[BLACK] and kickers[RED])


def pair_kickers_ok(kickers, how_many: int) -> bool:
    """``kickers`` (a count vector without primal ranks) is ``how_many`` pair kickers."""
    if sum(kickers) != 2 * how_many:
        return False
    for rank in range(NUM_RANKS):
        if kickers[rank] not in (0, 2):
            return False  # a pair is two cards of one rank (BB, RR: rule 5); rule 3: distinct
    # Rule 4: BB and RR are never both kickers.
    return not (kickers[BLACK] and kickers[RED])


# --------------------------------------------------------------------------------------------
# One plain function per kind, each returning its readings of the count vector.


def six_single(counts) -> list[Reading]:
    if sum(counts) == 1:
        return [("single", ranks_present(counts)[0], 1)]
    return []


def six_pair(counts) -> list[Reading]:
    rank = only_rank(counts)
    if sum(counts) == 2 and rank is not None:
        return [("pair", rank, 1)]  # 33 .. 22, BB, RR; BR has two ranks
    return []


def six_trio(counts) -> list[Reading]:
    rank = only_rank(counts)
    if sum(counts) == 3 and rank is not None and rank <= TWO:
        return [("trio", rank, 1)]  # no joker trio
    return []


def six_trio_single(counts) -> list[Reading]:
    found = []
    if sum(counts) != 4:
        return found
    for trio_rank in range(THREE, TWO + 1):
        kickers = take_primal(counts, [trio_rank], 3)
        if kickers is not None and single_kickers_ok(kickers, 1):
            found.append(("trio_single", trio_rank, 1))
    return found


def six_trio_pair(counts) -> list[Reading]:
    found = []
    if sum(counts) != 5:
        return found
    for trio_rank in range(THREE, TWO + 1):
        kickers = take_primal(counts, [trio_rank], 3)
        if kickers is not None and pair_kickers_ok(kickers, 1):
            found.append(("trio_pair", trio_rank, 1))
    return found


def six_chain(counts) -> list[Reading]:
    run = pure_run(counts, 1, shortest=5, longest=12)
    return [] if run is None else [("chain", run[0], run[1])]


def six_pair_chain(counts) -> list[Reading]:
    run = pure_run(counts, 2, shortest=3, longest=12)
    return [] if run is None else [("pair_chain", run[0], run[1])]


def six_airplane(counts) -> list[Reading]:
    run = pure_run(counts, 3, shortest=2, longest=10)  # 11 trios would be 33 cards
    return [] if run is None else [("airplane", run[0], run[1])]


def _airplanes_with_kickers(counts, kind: str, cards_per_trio: int, kickers_ok) -> list[Reading]:
    """n >= 2 consecutive trios within 3..A, each with ``cards_per_trio`` kicker cards."""
    found = []
    total = sum(counts)
    if total > MOST_CARDS:
        return found
    for length in range(2, 13):
        if total != (3 + cards_per_trio) * length:
            continue
        for first in range(THREE, ACE - length + 2):
            chain = list(range(first, first + length))
            kickers = take_primal(counts, chain, 3)
            if kickers is not None and kickers_ok(kickers, length):
                found.append((kind, chain[-1], length))
    return found


def six_airplane_singles(counts) -> list[Reading]:
    return _airplanes_with_kickers(counts, "airplane_singles", 1, single_kickers_ok)


def six_airplane_pairs(counts) -> list[Reading]:
    return _airplanes_with_kickers(counts, "airplane_pairs", 2, pair_kickers_ok)


def six_four_two_singles(counts) -> list[Reading]:
    found = []
    if sum(counts) != 6:
        return found
    for four_rank in range(THREE, TWO + 1):
        kickers = take_primal(counts, [four_rank], 4)
        if kickers is not None and single_kickers_ok(kickers, 2):
            found.append(("four_two_singles", four_rank, 1))
    return found


def six_four_two_pairs(counts) -> list[Reading]:
    found = []
    if sum(counts) != 8:
        return found
    for four_rank in range(THREE, TWO + 1):
        kickers = take_primal(counts, [four_rank], 4)
        if kickers is not None and pair_kickers_ok(kickers, 2):
            found.append(("four_two_pairs", four_rank, 1))
    return found


def six_bomb(counts) -> list[Reading]:
    rank = only_rank(counts)
    if rank is not None and rank <= TWO and 4 <= sum(counts) <= 12:
        return [("bomb", rank, 1)]
    return []


def six_nuke(counts) -> list[Reading]:
    if sum(counts) == 6 and counts[BLACK] == 3 and counts[RED] == 3:
        return [("nuke", RED, 1)]
    return []


SIX_PLAYER_TRIES = (
    six_single,
    six_pair,
    six_trio,
    six_trio_single,
    six_trio_pair,
    six_chain,
    six_pair_chain,
    six_airplane,
    six_airplane_singles,
    six_airplane_pairs,
    six_four_two_singles,
    six_four_two_pairs,
    six_bomb,
    six_nuke,
)


# --------------------------------------------------------------------------------------------
# Classification


def reference_readings(counts) -> set[Reading]:
    """Every reading of the card multiset ``counts`` (empty: not a play)."""
    counts = tuple(counts)
    if len(counts) != NUM_RANKS:
        raise ValueError("a count vector has 15 entries")
    found: set[Reading] = set()
    if sum(counts) == 0:
        return found
    for attempt in SIX_PLAYER_TRIES:
        found.update(attempt(counts))
    return found


def preference_key(reading: Reading):
    """Section 4's preference: the top play (the nuke), a bomb, no kickers, the longest chain,
    the highest primal rank (the kind's name only for determinism)."""
    kind, rank, length = reading
    return (kind == "nuke", kind == "bomb", kind not in KINDS_WITH_KICKERS, length, rank, kind)


def preferred_reading(readings: Iterable[Reading]) -> Reading:
    return max(readings, key=preference_key)


def readings_in_order(readings: Iterable[Reading]) -> list[Reading]:
    """The readings, preferred first."""
    return sorted(readings, key=preference_key, reverse=True)


# --------------------------------------------------------------------------------------------
# Beating


def beats(reading_a: Reading, cards_a, reading_b: Reading, cards_b) -> bool:
    """Whether play A (``reading_a`` of ``cards_a``) beats play B on the table (``reading_b``).

    ``cards_a`` / ``cards_b``: the card strings, or just their numbers of cards.
    """
    kind_a, rank_a, _length_a = reading_a
    kind_b, rank_b, _length_b = reading_b
    size_a = card_count(cards_a)
    size_b = card_count(cards_b)
    if kind_b == "nuke":
        return False  # nothing beats the nuke
    if kind_a == "nuke":
        return True  # the nuke beats everything else
    if kind_a == "bomb" and kind_b != "bomb":
        return True  # a bomb beats every non-bomb
    if kind_a == "bomb" and kind_b == "bomb":
        if size_a != size_b:
            return size_a > size_b  # a larger bomb beats a smaller one
        return rank_a > rank_b  # the same size compares by rank
    if kind_b == "bomb":
        return False  # only a bomb or the nuke beats a bomb
    # Section 3: the same kind, the same number of cards, a higher primal rank.
    return kind_a == kind_b and size_a == size_b and rank_a > rank_b


def set_beats(readings: Iterable[Reading], size: int, previous: PreviousPlay) -> bool:
    """Section 4: an ambiguous challenger beats the previous play if any reading does."""
    kind, rank, length, previous_size = previous
    return any(beats(reading, size, (kind, rank, length), previous_size) for reading in readings)


# --------------------------------------------------------------------------------------------
# Every sub-multiset (the definition; small hands only)


def brute_force_table(hand_counts) -> dict[str, tuple[int, frozenset[Reading]]]:
    """{canonical cards: (card count, readings)} for EVERY sub-multiset that is a play."""
    hand_counts = tuple(hand_counts)
    check_hand(hand_counts, SIX_DECK)
    table = {}
    for choice in every_sub_multiset(hand_counts):
        readings = reference_readings(choice)
        if readings:
            table[text_from_counts(choice)] = (sum(choice), frozenset(readings))
    return table


# --------------------------------------------------------------------------------------------
# Candidates: blocks, and blocks with every kicker multiset of the right size


def blocks(hand_counts) -> Iterator[tuple[int, int, int]]:
    """Every block the hand holds: (width, lowest, highest) for ``width`` >= 1 cards of each
    rank lowest..highest (consecutive rank indexes, jokers included)."""
    for width in range(1, max(hand_counts) + 1):
        for lowest in range(NUM_RANKS):
            for highest in range(lowest, NUM_RANKS):
                if hand_counts[highest] < width:
                    break
                yield width, lowest, highest


#: Kicker cards per primal rank of the kinds with kickers, by the block width they attach to:
#: a trio or airplane (width 3) takes 1 (singles) or 2 (pairs) cards per trio; four of a rank
#: (width 4, one rank) takes 2 singles (2 cards) or 2 pairs (4 cards).
def kicker_sizes(width: int, length: int) -> list[int]:
    if width == 3:
        return [length, 2 * length]  # trio_single/airplane_singles, trio_pair/airplane_pairs
    if width == 4 and length == 1:
        return [2, 4]  # four_two_singles, four_two_pairs
    return []


def sub_multisets_of_size(counts, size: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``counts[start:]`` with exactly ``size`` cards (as a vector of
    the remaining ranks ``start..``)."""
    if start == len(counts):
        if size == 0:
            yield ()
        return
    if sum(counts[start:]) < size:
        return
    for take in range(min(counts[start], size) + 1):
        for tail in sub_multisets_of_size(counts, size - take, start + 1):
            yield (take, *tail)


def candidates(hand_counts) -> Iterator[tuple[int, ...]]:
    """Every card set that might be a combination: each block, and each block of width 3 or 4
    with each kicker multiset of the right size from the hand's cards of the other ranks."""
    for width, lowest, highest in blocks(hand_counts):
        block = [0] * NUM_RANKS
        for rank in range(lowest, highest + 1):
            block[rank] = width
        yield tuple(block)
        others = list(hand_counts)
        for rank in range(lowest, highest + 1):
            others[rank] = 0  # kicker rule 1: no kicker of a primal rank
        for size in kicker_sizes(width, highest - lowest + 1):
            if sum(block) + size > MOST_CARDS:
                continue
            for kickers in sub_multisets_of_size(others, size):
                yield tuple(b + k for b, k in zip(block, kickers, strict=True))


def candidate_table(hand_counts) -> dict[str, tuple[int, frozenset[Reading]]]:
    """The same table as ``brute_force_table``, from the candidates only."""
    hand_counts = tuple(hand_counts)
    check_hand(hand_counts, SIX_DECK)
    table = {}
    seen: set[tuple[int, ...]] = set()
    for choice in candidates(hand_counts):
        if choice in seen:
            continue
        seen.add(choice)
        readings = reference_readings(choice)
        if readings:
            table[text_from_counts(choice)] = (sum(choice), frozenset(readings))
    return table


# --------------------------------------------------------------------------------------------
# Moves


def moves_from_table(table, previous: PreviousPlay | None = None) -> set[str]:
    """The legal moves among a table: every play (a lead), or every play beating ``previous``."""
    if previous is None:
        return set(table)
    return {
        cards for cards, (size, readings) in table.items() if set_beats(readings, size, previous)
    }


def leads(hand_counts) -> set[str]:
    """Every distinct card set of the hand that is a combination."""
    return moves_from_table(candidate_table(hand_counts))


def responses(hand_counts, previous: PreviousPlay) -> set[str]:
    """Every distinct card set of the hand with a reading that beats ``previous``."""
    return moves_from_table(candidate_table(hand_counts), previous)


@recorded
def brute_force_moves(hand_counts, previous: PreviousPlay | None = None) -> set[str]:
    """The legal moves by brute force over every sub-multiset (small hands only)."""
    return moves_from_table(brute_force_table(hand_counts), previous)


def previous_reading(cards: str, kind: str | None = None, rank: int | None = None) -> PreviousPlay:
    """The reading of ``cards`` to beat: the declared kind (and rank), else the preferred one."""
    readings = reference_readings(counts_from_text(cards))
    if kind is not None:
        readings = {r for r in readings if r[0] == kind}
    if rank is not None:
        readings = {r for r in readings if r[1] == rank}
    if not readings:
        raise ValueError(f"{cards!r} has no reading {kind} {rank}")
    chosen = preferred_reading(readings)
    return (chosen[0], chosen[1], chosen[2], len(cards))


# --------------------------------------------------------------------------------------------
# Hand-computed self-check (also run by tests/test_six_perft.py)


def _readings(cards: str) -> set[Reading]:
    return reference_readings(counts_from_text(cards))


def self_check() -> None:
    """Known answers worked out by hand; AssertionError on the first mismatch."""
    r = RANK_CHARS.index
    assert sum(SIX_DECK) == 162
    assert brute_force_moves(counts_from_text("33")) == {"3", "33"}
    assert brute_force_moves(counts_from_text("BR")) == {"B", "R"}
    assert leads(counts_from_text("BBBRRR")) == {"B", "R", "BB", "RR", "BBBRRR"}
    assert _readings("BBBRRR") == {("nuke", RED, 1)}
    assert _readings("BBB") == _readings("BBRR") == _readings("BBBRR") == set()
    assert _readings("3" * 12) == {("bomb", 0, 1)}
    assert _readings("3334") == {("trio_single", 0, 1)}
    assert _readings("333B") == {("trio_single", 0, 1)}
    assert _readings("333BB") == {("trio_pair", 0, 1)}
    assert _readings("333BR") == set()
    assert _readings("3333BR") == set()
    assert _readings("3333BBRR") == set()
    assert _readings("33334455") == {("four_two_pairs", 0, 1)}
    assert _readings("33335555") == set()
    assert _readings("333444BR") == set()
    assert _readings("333444B2") == {("airplane_singles", 1, 2)}
    assert _readings("3456789TJQKA") == {("chain", ACE, 12)}
    assert _readings("".join(c * 3 for c in "3456789TJQ")) == {("airplane", r("Q"), 10)}
    assert _readings("".join(c * 3 for c in "3456789TJQK")) == set()  # 33 cards
    assert len(leads(counts_from_text("3334445566"))) == 28
    assert beats(("bomb", 0, 1), 5, ("bomb", TWO, 1), 4)
    assert beats(("nuke", RED, 1), 6, ("bomb", TWO, 1), 12)
    assert not beats(("bomb", TWO, 1), 12, ("nuke", RED, 1), 6)
    assert beats(("bomb", 0, 1), 4, ("four_two_pairs", TWO, 1), 8)


if __name__ == "__main__":
    self_check()
    print("six-player reference self-check: ok")
