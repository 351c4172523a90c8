"""An independent, deliberately naive reference for the wildcard games (癞子 and 天地癞子).

Written from docs/rules.md §14 alone, on top of sections 1-4 and 8. It imports nothing from
``service``: its only imports are ``tests/reference.py`` (the non-wild classifier, itself
written from the spec) and ``tests/common.py`` (card text, count vectors). The kicker options
are plain data, a mapping of option name to value, as ``reference.py`` takes them.

Vocabulary, as in ``tests/reference.py``:

- a *count vector* has 15 entries (0 = "3" ... 12 = "2", 13 = B, 14 = R) and counts the cards
  **as held**: a wild card is counted at its own rank;
- ``wild_ranks`` is a tuple of rank indexes: one under ``laizi``, two under ``tiandi``;
- a *reading* is ``(kind wire name, primal rank index, chain length)``;
- a *move* is ``(cards, kind, rank index, chain length)``, ``cards`` the canonical text of the
  held cards (wilds written as their own rank);
- a *previous play* is ``(reading, count vector as held)``: its number of cards and its bomb
  class follow from its cards.

Two independent ways to list the moves of a hand:

- ``brute_force_wild_moves``: every sub-multiset of the hand, read by ``wild_readings`` (every
  substitution of stand-in ranks for its wilds). Exponential: hands of about 12 cards at most.
- ``realized_wild_moves``: every natural combination of the whole deck (``combination_universe``),
  and every way the hand can hold it, natural cards of a rank replaced by wilds. Fast enough for
  20-card hands with 8 wilds.

>>> from common import preset_options
>>> sorted(wild_readings(counts_from_text("3337"), (4,), LAIZI, preset_options("standard")))
[('bomb', 0, 1), ('trio_single', 0, 1)]
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from collections.abc import Iterable, Iterator

from common import (
    NUM_RANKS,
    RANK_CHARS,
    TWO,
    Counts,
    Reading,
    counts_from_text,
    every_sub_multiset,
    freeze,
    text_from_counts,
)
from recorded import recorded
from reference import Options, candidate_sets, preference_key, reference_readings

Move = tuple[str, str, int, int]
"""(cards as held, kind, primal rank index, chain length)."""
Previous = tuple[Reading, Counts]
"""The play to beat: its reading and its cards as held."""

LAIZI = "laizi"
TIANDI = "tiandi"
PURE, HARD, SOFT = "pure", "hard", "soft"
CLASS_STRENGTH = {SOFT: 0, HARD: 1, PURE: 2}
"""§14: pure > hard > soft."""

PLAIN_RANKS = range(TWO + 1)
"""The ranks a wild may stand for: 3 to 2, never a joker."""
LONG_BOMBS = range(5, 9)
"""§14, tiandi: a bomb may hold five to eight cards of one rank as read."""


# --------------------------------------------------------------------------------------------
# Wild cards and readings


def check_wilds(wild_ranks: tuple[int, ...], mode: str) -> None:
    """Refuse wild ranks that §14 does not allow: one under laizi, two different under tiandi,
    each from 3 to 2."""
    expected = {LAIZI: 1, TIANDI: 2}.get(mode)
    if expected is None:
        raise ValueError(f"unknown wild mode {mode!r}")
    if len(set(wild_ranks)) != expected or len(wild_ranks) != expected:
        raise ValueError(f"{mode} needs {expected} different wild ranks, got {wild_ranks}")
    if any(rank not in PLAIN_RANKS for rank in wild_ranks):
        raise ValueError(f"a joker is never wild: {wild_ranks}")


def naturals_of(counts: Counts, wild_ranks: tuple[int, ...]) -> list[int]:
    """The cards of ``counts`` that are not wild (every card of a wild rank is wild)."""
    return [0 if rank in wild_ranks else held for rank, held in enumerate(counts)]


Frozen = tuple[tuple[str, object], ...]
"""Options as a cache key (``common.freeze``)."""


@functools.cache
def natural_readings(as_read: Counts, frozen: Frozen, mode: str) -> frozenset[Reading]:
    """The readings of a multiset of ranks as read: the non-wild rules (``reference.py``),
    plus, under tiandi, the bombs of five to eight cards of one rank. ``frozen``: the
    options, frozen (``common.freeze``)."""
    readings = set(reference_readings(as_read, dict(frozen)))
    ranks = [rank for rank in range(NUM_RANKS) if as_read[rank]]
    if mode == TIANDI and len(ranks) == 1 and ranks[0] <= TWO and sum(as_read) in LONG_BOMBS:
        readings.add(("bomb", ranks[0], 1))
    return frozenset(readings)


def substitutions(counts: Counts, wild_ranks: tuple[int, ...]) -> Iterator[dict[int, tuple]]:
    """Every substitution for the wilds of a play: for each wild rank held, the multiset of
    ranks its cards stand for. A play of wild cards only reads each wild as a wild rank of
    the play (laizi: its own rank)."""
    present = [wild for wild in wild_ranks if counts[wild]]
    only_wilds = sum(naturals_of(counts, wild_ranks)) == 0
    choices = present if only_wilds else PLAIN_RANKS
    per_wild = [itertools.combinations_with_replacement(choices, counts[w]) for w in present]
    for stand_ins in itertools.product(*per_wild):
        yield dict(zip(present, stand_ins, strict=True))


def reading_table(
    counts: Counts, wild_ranks: tuple[int, ...], mode: str, options: Options
) -> dict[Reading, int]:
    """Every reading of a play, each with the fewest wilds standing for another rank than
    their own among its substitutions."""
    check_wilds(wild_ranks, mode)
    frozen = freeze(options)
    table: dict[Reading, int] = {}
    naturals = naturals_of(counts, wild_ranks)
    for substitution in substitutions(counts, wild_ranks):
        as_read = list(naturals)
        not_own = 0
        for wild, stand_ins in substitution.items():
            for rank in stand_ins:
                as_read[rank] += 1
                not_own += rank != wild
        for reading in natural_readings(tuple(as_read), frozen, mode):
            table[reading] = min(not_own, table.get(reading, not_own))
    return table


@recorded
def wild_readings(
    counts: Counts, wild_ranks: tuple[int, ...], mode: str, options: Options
) -> set[Reading]:
    """Every reading of the play ``counts`` (cards as held), by brute force over its
    substitutions (empty: not a play).

    >>> from common import preset_options
    >>> sorted(wild_readings(counts_from_text("7J"), (4, 8), TIANDI, preset_options("standard")))
    [('pair', 4, 1), ('pair', 8, 1)]
    """
    return set(reading_table(tuple(counts), wild_ranks, mode, options))


@recorded
def preferred(
    counts: Counts,
    wild_ranks: tuple[int, ...],
    mode: str,
    options: Options,
    among: Iterable[Reading] | None = None,
) -> Reading:
    """The preferred reading of a play (§4 then §14): rocket, bomb, no kickers, longest chain,
    highest primal rank, fewest wilds standing for another rank, then §2's kind order.
    ``among`` limits the choice (for instance to the readings that beat the play on the table).
    """
    table = reading_table(tuple(counts), wild_ranks, mode, options)
    candidates = list(table) if among is None else [r for r in among if r in table]
    if not candidates:
        raise ValueError(f"{text_from_counts(counts)} has no such reading")

    def key(reading: Reading) -> tuple:
        *plain, kind_order = preference_key(reading)  # §4, its kind order last
        return (*plain, -table[reading], kind_order)

    return max(candidates, key=key)


# --------------------------------------------------------------------------------------------
# Beating (§3 with §14's bombs)


def bomb_class(counts: Counts, wild_ranks: tuple[int, ...]) -> str:
    """A bomb's class from its cards: pure when every card is wild, hard when none is, soft
    otherwise."""
    wilds = sum(counts[wild] for wild in wild_ranks)
    if wilds == sum(counts):
        return PURE
    if wilds == 0:
        return HARD
    return SOFT


def bomb_strength(
    counts: Counts, rank: int, wild_ranks: tuple[int, ...], mode: str, soft_hard_by_rank: bool
) -> tuple:
    """What orders bombs: (tiandi: its number of cards), then class, then rank; under
    ``soft_hard_by_rank`` hard and soft are one class by rank, hard first at equal rank."""
    kind_of_bomb = bomb_class(counts, wild_ranks)
    if soft_hard_by_rank:
        strength: tuple = (kind_of_bomb == PURE, rank, kind_of_bomb == HARD)
    else:
        strength = (CLASS_STRENGTH[kind_of_bomb], rank)
    if mode == TIANDI:
        return (sum(counts), *strength)
    return strength


def wild_beats(
    play: Reading,
    play_counts: Counts,
    previous: Reading,
    previous_counts: Counts,
    *,
    wild_ranks: tuple[int, ...],
    mode: str,
    soft_hard_by_rank: bool = False,
) -> bool:
    """Whether ``play`` (read so, of the cards ``play_counts``) beats ``previous``.

    >>> seven = (4,)
    >>> soft_two, hard_three = counts_from_text("2227"), counts_from_text("3333")
    >>> three, two = ("bomb", 0, 1), ("bomb", 12, 1)
    >>> wild_beats(three, hard_three, two, soft_two, wild_ranks=seven, mode=LAIZI)
    True
    >>> wild_beats(
    ...     three, hard_three, two, soft_two, wild_ranks=seven, mode=LAIZI, soft_hard_by_rank=True
    ... )
    False
    """
    kind, rank, _length = play
    previous_kind, previous_rank, _previous_length = previous
    if previous_kind == "rocket":
        return False
    if kind == "rocket":
        return True
    if kind == "bomb":
        if previous_kind != "bomb":
            return True
        mine = bomb_strength(play_counts, rank, wild_ranks, mode, soft_hard_by_rank)
        theirs = bomb_strength(previous_counts, previous_rank, wild_ranks, mode, soft_hard_by_rank)
        return mine > theirs
    return (
        kind == previous_kind and sum(play_counts) == sum(previous_counts) and rank > previous_rank
    )


def answering(
    moves: Iterable[Move],
    previous: Previous | None,
    *,
    wild_ranks: tuple[int, ...],
    mode: str,
    soft_hard_by_rank: bool = False,
) -> set[Move]:
    """The moves that beat ``previous`` (all of them for a lead)."""
    if previous is None:
        return set(moves)
    reading, previous_counts = previous
    return {
        move
        for move in moves
        if wild_beats(
            move[1:],
            counts_from_text(move[0]),
            reading,
            previous_counts,
            wild_ranks=wild_ranks,
            mode=mode,
            soft_hard_by_rank=soft_hard_by_rank,
        )
    }


def previous_play(
    cards: str, wild_ranks: tuple[int, ...], mode: str, options: Options, *, kind: str, rank: int
) -> Previous:
    """The play to beat: ``cards`` in its declared reading (kind and rank), checked."""
    counts = counts_from_text(cards)
    matches = [
        r for r in wild_readings(counts, wild_ranks, mode, options) if r[0] == kind and r[1] == rank
    ]
    if len(matches) != 1:
        raise ValueError(f"{cards!r} has no single reading {kind} {RANK_CHARS[rank]}")
    return matches[0], counts


# --------------------------------------------------------------------------------------------
# Method 1: brute force over the hand's sub-multisets


@recorded
def brute_force_wild_moves(
    hand_counts: Counts,
    wild_ranks: tuple[int, ...],
    mode: str,
    options: Options,
    *,
    previous: Previous | None = None,
    soft_hard_by_rank: bool = False,
) -> set[Move]:
    """Every legal move of the hand (a lead, or the moves beating ``previous``): every
    sub-multiset with every reading ``wild_readings`` gives it."""
    moves: set[Move] = set()
    for choice in every_sub_multiset(tuple(hand_counts)):
        cards = text_from_counts(choice)
        moves.update(
            (cards, *reading) for reading in wild_readings(choice, wild_ranks, mode, options)
        )
    return answering(
        moves, previous, wild_ranks=wild_ranks, mode=mode, soft_hard_by_rank=soft_hard_by_rank
    )


# --------------------------------------------------------------------------------------------
# Method 2: every natural combination of the deck, realized by the hand


@functools.cache
def _combinations(frozen: Frozen, mode: str) -> tuple[tuple[Counts, frozenset], ...]:
    found: dict[Counts, frozenset] = {}
    for as_read in candidate_sets(dict(frozen), most_of_a_rank=8):
        readings = natural_readings(as_read, frozen, mode)
        if readings:
            found[as_read] = readings
    return tuple(found.items())


def combination_universe(options: Options, mode: str) -> tuple[tuple[Counts, frozenset], ...]:
    """Every natural combination of the pack of at most 20 cards, as (ranks as read, its
    readings): ``reference.candidate_sets`` (primal blocks with their kickers, the rocket),
    one rank up to eight times (tiandi's longest bomb, made with wilds), kept when they read."""
    return _combinations(freeze(options), mode)


def wild_shares(
    as_read: Counts, naturals: list[int], budget: int, rank: int = 0
) -> Iterator[list[int]]:
    """Every way to say, rank by rank, how many cards of ``as_read`` are wilds standing in (the
    rest natural cards of the hand), at most ``budget`` wilds in all; jokers are never wild."""
    if rank == NUM_RANKS:
        yield []
        return
    wanted = as_read[rank]
    least = max(0, wanted - naturals[rank])
    most = 0 if rank > TWO else min(wanted, budget)
    for share in range(least, most + 1):
        for rest in wild_shares(as_read, naturals, budget - share, rank + 1):
            yield [share, *rest]


def wild_splits(total: int, held: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` wild cards from the wild ranks, ``held[i]`` of each."""
    for split in itertools.product(*(range(h + 1) for h in held)):
        if sum(split) == total:
            yield split


def realizations(
    as_read: Counts, hand_counts: Counts, wild_ranks: tuple[int, ...]
) -> Iterator[Counts]:
    """Every card vector of the hand (as held) that can be read as ``as_read``: some natural
    cards, the rest wilds standing in. Cards of wilds only must read as a wild rank they
    hold (laizi: their own)."""
    naturals = naturals_of(hand_counts, wild_ranks)
    held = [hand_counts[wild] for wild in wild_ranks]
    read_ranks = {rank for rank in range(NUM_RANKS) if as_read[rank]}
    for shares in wild_shares(as_read, naturals, sum(held)):
        used = [wanted - share for wanted, share in zip(as_read, shares, strict=True)]
        for split in wild_splits(sum(shares), held):
            present = {wild for wild, taken in zip(wild_ranks, split, strict=True) if taken}
            if not any(used) and not read_ranks <= present:
                continue
            cards = list(used)
            for wild, taken in zip(wild_ranks, split, strict=True):
                cards[wild] += taken
            yield tuple(cards)


def realized_wild_moves(
    hand_counts: Counts,
    wild_ranks: tuple[int, ...],
    mode: str,
    options: Options,
    *,
    previous: Previous | None = None,
    soft_hard_by_rank: bool = False,
) -> set[Move]:
    """Every legal move of the hand, by the second method: each natural combination of the
    pack with each of its readings, for every way the hand realizes it."""
    check_wilds(wild_ranks, mode)
    hand_counts = tuple(hand_counts)
    moves: set[Move] = set()
    for as_read, readings in combination_universe(options, mode):
        if sum(as_read) > sum(hand_counts):
            continue
        for cards in realizations(as_read, hand_counts, wild_ranks):
            text = text_from_counts(cards)
            moves.update((text, *reading) for reading in readings)
    return answering(
        moves, previous, wild_ranks=wild_ranks, mode=mode, soft_hard_by_rank=soft_hard_by_rank
    )


def move_line(move: Move) -> str:
    """A move as one line: ``cards|kind|rank character|chain length``."""
    cards, kind, rank, length = move
    return f"{cards}|{kind}|{RANK_CHARS[rank]}|{length}"


def wild_moves_digest(moves: Iterable[Move]) -> str:
    """sha256 hex digest of the sorted ``move_line`` lines joined by newlines."""
    text = "\n".join(sorted(move_line(move) for move in moves))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
