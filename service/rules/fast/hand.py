"""A three-player hand as the fast path reads it: its ranks held once, twice, thrice and four
times, from three tables of five-rank parts, and as bit masks of the chain ranks.

>>> from service.rules.cards import lookup_canonical
>>> held = Held(None, lookup_canonical("33344BR", held_parts()))
>>> held.present, held.trios, held.widest
((0, 1, 13, 14), (0,), 3)
"""

from __future__ import annotations

from typing import Final

from ..cards import Counts, canonical_parts
from ..model import ACE

Parts = tuple["Entry", "Entry", "Entry"]
"""The rank-list entries (``Entry``) of a hand's three five-rank parts (``_rank_lists``)."""


LISTS: Final = ("present", "pairs", "trios", "fours")
"""The names of ``Held``'s rank lists, of the ranks held at least once to four times."""


class Held:
    """A hand's rank counts, its ``parts``, and the ranks it holds at least once, twice,
    thrice, four times (a three-player hand: at most four of a rank, one joker of a colour)
    joined from them: every list with the widest count for leads; for a response, ``lists``
    (bits: 1 once, 2 twice, 4 thrice; four times always) names the ones its family reads
    (``families.NEEDS``) and the others are not set."""

    __slots__ = ("_counts", "fours", "pairs", "parts", "present", "trios", "widest")

    def __init__(self, counts: Counts | None, parts: Parts | None = None, lists: int = 7) -> None:
        self._counts = counts
        if parts is None:
            assert counts is not None
            try:  # three table lookups, one per five ranks
                low, mid, high = _RANK_LISTS or _rank_lists()
                parts = low[counts[:5]], mid[counts[5:10]], high[counts[10:]]
            except KeyError:  # counts no three-player hand has
                parts = _entry(counts[:5], 0), _entry(counts[5:10], 5), _entry(counts[10:], 10)
        self.parts = a, b, c = parts
        self.fours = a.fours + b.fours + c.fours
        if lists & 1:
            self.present = a.present + b.present + c.present
        if lists & 2:
            self.pairs = a.pairs + b.pairs + c.pairs
        if lists & 4:
            self.trios = a.trios + b.trios + c.trios
        if lists == 7:
            self.widest = 4 if self.fours else 3 if self.trios else 2 if self.pairs else 1

    def at_least(self, times: int) -> Ranks:
        """The ranks held at least ``times`` times (1 to 4), the list ``LISTS[times - 1]``
        names (for a response, only the lists its family reads are set): in the compiled core
        a native call, where a getter by name (``operator.attrgetter``) is a Python one.

        >>> held = Held((2, 1, 3, 4) + (0,) * 11)
        >>> [held.at_least(n) == getattr(held, LISTS[n - 1]) for n in range(1, 5)]
        [True, True, True, True]
        """
        if times == 1:
            return self.present
        if times == 2:
            return self.pairs
        return self.trios if times == 3 else self.fours

    @property
    def counts(self) -> Counts:
        """The hand's rank counts (joined from its parts when it was read as parts)."""
        counts = self._counts
        if counts is None:
            counts = self._counts = joined_counts(self.parts)
        return counts


Ranks = tuple[int, ...]
RankLists = tuple[Ranks, Ranks, Ranks, Ranks]


class Entry:
    """One five-rank part of a hand (ranks 3-7, 8-Q or K-R, ``_rank_lists``): the ranks it
    holds at least once, twice, thrice, four times; the same as masks of its chain ranks
    (3..A, ``mask``); the counts they were read from. A class, not a tuple: compiled, a
    fixed-length tuple is checked field by field where it is read and made anew where it is
    kept (docs/maintaining.md, item 11), and a hand reads three entries at each call.

    >>> entry = _entry((2, 1, 0, 4, 0), 0)
    >>> entry.pairs, entry.fours, bin(entry.mask(1)), entry.counts
    ((0, 3), (3,), '0b1011', (2, 1, 0, 4, 0))
    """

    __slots__ = (
        "counts",
        "fours",
        "fours_mask",
        "pairs",
        "pairs_mask",
        "present",
        "present_mask",
        "trios",
        "trios_mask",
    )

    def __init__(self, lists: RankLists, counts: Counts) -> None:
        self.present, self.pairs, self.trios, self.fours = lists
        self.present_mask, self.pairs_mask, self.trios_mask, self.fours_mask = (
            sum(1 << r for r in ranks if r <= ACE) for ranks in lists
        )
        self.counts = counts

    def mask(self, times: int) -> int:
        """The chain ranks held at least ``times`` times (1 to 4) as a mask (bit r: rank r).

        >>> entry = _entry((1, 2, 3, 4, 0), 0)
        >>> [bin(entry.mask(n)) for n in (1, 2, 3, 4)]
        ['0b1111', '0b1110', '0b1100', '0b1000']
        """
        if times == 1:
            return self.present_mask
        if times == 2:
            return self.pairs_mask
        return self.trios_mask if times == 3 else self.fours_mask


def _lists_of(counts: Counts, first: int) -> RankLists:
    """The ranks (numbered from ``first``) held at least once, twice, thrice, four times
    (``enumerate``, which the compiled core makes a C loop, where ``zip`` with ``strict=`` is
    the builtin's iterator: ``_rank_lists`` reads 6,750 parts so).

    >>> _lists_of((1, 0, 2), 5)
    ((5, 7), (7,), (), ())
    """
    return (
        tuple(first + i for i, n in enumerate(counts) if n),
        tuple(first + i for i, n in enumerate(counts) if n > 1),
        tuple(first + i for i, n in enumerate(counts) if n > 2),
        tuple(first + i for i, n in enumerate(counts) if n > 3),
    )


def _entry(counts: Counts, first: int) -> Entry:
    return Entry(_lists_of(counts, first), counts)


_RANK_LISTS: tuple[dict[Counts, Entry], ...] = ()


def _rank_lists() -> tuple[dict[Counts, Entry], ...]:
    """``_entry`` for every count of ranks 3-7, 8-Q and K-R (two tables of 3,125 entries,
    one of 500: jokers are 0 or 1), built on first use (``_RANK_LISTS``, read without a call);
    equal rank lists are one object, so that reading hands touches few."""
    global _RANK_LISTS  # noqa: PLW0603 - a table built once, read without a call
    shared: dict[Ranks, Ranks] = {}

    def entry(counts: Counts, first: int) -> Entry:
        a, b, c, d = (shared.setdefault(x, x) for x in _lists_of(counts, first))
        return Entry((a, b, c, d), counts)

    _RANK_LISTS = tuple(
        {key: entry(key, first) for key in part if key is not None}
        for first, part in zip((0, 5, 10), canonical_parts(), strict=True)
    )
    return _RANK_LISTS


HELD_PARTS: Final[list[list[Entry | None]]] = []
"""``_rank_lists``'s entries where ``canonical_parts`` has their counts (by their bits in a
card set's number): ``lookup_canonical`` with these tables reads a canonical string of a
three-player hand as its ``Parts``. Empty until ``held_parts`` fills it in place, so a module
that imported it reads it without a call (``HELD_PARTS or held_parts()``)."""


def held_parts() -> list[list[Entry | None]]:
    """``HELD_PARTS``, filled on first use.

    >>> [sum(entry is not None for entry in part) for part in held_parts()]
    [3125, 3125, 500]
    """
    if not HELD_PARTS:
        by_counts = _RANK_LISTS or _rank_lists()
        HELD_PARTS.extend(
            [None if counts is None else entries[counts] for counts in part]
            for part, entries in zip(canonical_parts(), by_counts, strict=True)
        )
    return HELD_PARTS


def joined_counts(parts: Parts) -> Counts:
    """The rank counts of a hand read as ``parts``: most moves never need them joined.

    >>> joined_counts(Held((1,) * 15).parts) == (1,) * 15
    True
    """
    return parts[0].counts + parts[1].counts + parts[2].counts
