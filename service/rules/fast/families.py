"""The fast path's families: how each form of the three-player game lists its combinations in
a hand, from tables made of the form (``family``); chains with wings are in ``wings``.

A form's shape picks its family: one rank and no kickers (``_simple``: per-rank tables), a
chain without kickers (``_chain``: per set of chain ranks), one primal rank with one or two
kickers (``_with_one``, ``_with_two``: tables by primal and kicker ranks), the top play
(``_top``); a chain with kickers is searched (``wings.with_wings``). Listing order: primal
rank, chain length, then kickers.

>>> from service.rules import STANDARD, Kind, read_hand
>>> from service.rules.fast.tables import tables_of
>>> found = []
>>> trio_single = plain_family(STANDARD.model.form(Kind.TRIO_SINGLE))
>>> trio_single(Held(read_hand("33345")), tables_of(STANDARD.model), -1, 0, found)
>>> [c.cards for c in found]
['3334', '3335']
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from functools import cache
from operator import attrgetter, itemgetter
from typing import TypeVar

from ..combos import Combination, make
from ..kickers import pair_caps, rocket_split, single_caps
from ..kinds import Kind
from ..model import ACE, RED, TWO, Form, KickerRules, Tier
from .hand import Entry, Held
from .tables import Family, Found, Position, Tables

_ALL = range(RED + 1)
_SOURCES = {1: "present", 2: "pairs", 3: "trios", 4: "fours"}
"""The rank list of ``Held`` that holds the ranks a hand has ``n`` of."""
_BITS = {"present": 1, "pairs": 2, "trios": 4, "fours": 0}
NEEDS: dict[Kind, int] = {}
"""Per kind, the rank lists its family reads (the bits of ``Held``'s ``lists``; the fours are
always read), set by the family's factory."""


def reads(kind: Kind, *lists: str) -> None:
    """Record the rank lists a kind's family reads (``NEEDS``).

    >>> NEEDS[Kind.TRIO_PAIR] == _BITS["trios"] | _BITS["pairs"]
    True
    """
    NEEDS[kind] = sum(_BITS[name] for name in lists)


def plain_family(form: Form) -> Family:
    """The family that lists a three-player form's combinations, chosen by its shape (a chain
    with kickers is ``wings.with_wings``'s).

    >>> from service.rules import STANDARD, read_hand
    >>> from service.rules.fast.tables import tables_of
    >>> found: Found = []
    >>> chains = plain_family(STANDARD.model.form(Kind.CHAIN))
    >>> chains(Held(read_hand("3456789")), tables_of(STANDARD.model), 4, 5, found)
    >>> [c.cards for c in found]
    ['45678', '56789']
    """
    assert not (form.chain and form.kickers), "chains with kickers: wings.with_wings"
    if form.tier is Tier.TOP:
        return _top(form)
    if form.chain:
        return _chain(form)
    if not form.kickers:
        return _simple(form)
    return _with_one(form) if form.kickers == 1 else _with_two(form)


def _one_kicker_table(form: Form, rules: KickerRules) -> list[list[Combination | None]]:
    """``table[primal][kicker]``: the one-primal-rank combinations with one kicker rank (None
    where the kicker rules give that rank no kicker: ``service.rules.kickers``)."""
    pairs = form.kicker_width == 2
    table: list[list[Combination | None]] = []
    for p in range(TWO + 1):
        caps = pair_caps(rules, p, 1) if pairs else single_caps(rules, form, p, 1)
        table.append(
            [make(form, p, 1, (k, k) if pairs else (k,)) if caps[k] else None for k in _ALL]
        )
    return table


@cache
def _two_kicker_table(form: Form) -> list[list[list[Combination | None]]]:
    """``table[four][a][b]``: four-with-two combinations by their two kicker ranks (a <= b)."""
    width = form.kicker_width
    return [
        [
            [
                make(form, f, 1, tuple(sorted((a,) * width + (b,) * width))) if a <= b else None
                for b in _ALL
            ]
            for a in _ALL
        ]
        for f in range(TWO + 1)
    ]


def _simple(form: Form) -> Family:
    ranks_of = attrgetter(_SOURCES[form.width])
    reads(form.kind, _SOURCES[form.width])
    table = [make(form, r, 1) for r in range(form.low, form.high + 1)]

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        ranks = ranks_of(hand)
        if above >= 0:
            ranks = ranks[bisect_right(ranks, above) :]
        found += map(table.__getitem__, ranks)

    return listed


def top_test(form: Form) -> tuple[Combination, int, int, int]:
    """The top play of the three-player game (the rocket), and how to see that a hand holds
    it: the two places its ranks take in the counts of the hand's last part (K A 2 B R), each
    held at least ``width`` times. A response writes the test out (``fast.generate``).

    >>> from service.rules import STANDARD
    >>> top_test(STANDARD.model.form(Kind.ROCKET))
    (Combination.of('BR', kind='rocket', rank='R'), 3, 4, 1)
    """
    assert form.low > TWO and form.min_len == form.max_len == 2, "two ranks of the last part"
    return make(form, form.low, 2), form.low - 10, form.high - 10, form.width


def _top(form: Form) -> Family:
    reads(form.kind)
    play, low, high, width = top_test(form)

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        counts = hand.parts[2][8]
        if counts[low] >= width and counts[high] >= width:
            found.append(play)

    return listed


def _runs(ranks: list[int]) -> list[tuple[int, int]]:
    """The maximal runs of consecutive ranks in ascending chain ranks (3..A)."""
    runs: list[tuple[int, int]] = []
    for r in ranks:
        if runs and runs[-1][1] == r - 1:
            runs[-1] = (runs[-1][0], r)
        else:
            runs.append((r, r))
    return runs


def masks(width: int) -> Callable[[Entry], int]:
    """An entry's mask of the chain ranks held ``width`` times (or more).

    >>> from service.rules import read_hand
    >>> bin(masks(2)(Held(read_hand("33445")).parts[0]))
    '0b11'
    """
    return itemgetter(3 + width)


def _chain(form: Form) -> Family:
    """Chains of ``form``: from a table of every set of chain ranks held as many times as its
    width (a 12-bit mask, 4,096 entries), built on first use."""
    mask_of = masks(form.width)
    reads(form.kind)
    table: list[tuple[Combination, ...]] = []

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        if not table:
            table.extend(_chains_table(form))
        a, b, c = hand.parts
        chains = table[mask_of(a) | mask_of(b) | mask_of(c)]
        if above >= 0 or length:
            found += [c for c in chains if c.rank > above and (not length or c.length == length)]
        else:
            found += chains

    return listed


def _chains_table(form: Form) -> list[tuple[Combination, ...]]:
    """Per set of chain ranks (bit r: rank r, 3..A), every chain of ``form`` it holds: its
    ``positions_table`` entry made into combinations (equal entries, one tuple)."""
    made: dict[tuple[Position, ...], tuple[Combination, ...]] = {}
    for positions in set(positions_table(form)):
        made[positions] = tuple(make(form, start, size) for start, size in positions)
    return [made[positions] for positions in positions_table(form)]


T = TypeVar("T")


def _per_chain_ranks(of_run: Callable[[int, int], Iterable[T]]) -> list[tuple[T, ...]]:
    """A table by set of chain ranks (a 12-bit mask, bit r: rank r, 3..A; 4,096 entries): what
    ``of_run(low, high)`` gives for each maximal run of the set, in order; equal entries are
    one tuple."""
    entries: dict[tuple[T, ...], tuple[T, ...]] = {}
    return [
        entries.setdefault(found, found)
        for found in (
            tuple(
                item
                for low, high in _runs([r for r in range(ACE + 1) if mask >> r & 1])
                for item in of_run(low, high)
            )
            for mask in range(1 << (ACE + 1))
        )
    ]


@cache
def positions_table(form: Form) -> list[tuple[Position, ...]]:
    """Per set of chain ranks held (``_per_chain_ranks``), every chain of ``form`` they make,
    in listing order (top rank, then length); each chain one tuple."""
    chains: dict[Position, Position] = {}
    return _per_chain_ranks(
        lambda low, high: [
            chains.setdefault((top - size + 1, size), (top - size + 1, size))
            for top in range(low + form.min_len - 1, high + 1)
            for size in range(form.min_len, min(top - low + 1, form.max_len) + 1)
        ]
    )


def _with_one(form: Form) -> Family:
    source, kicker_source = _SOURCES[form.width], _SOURCES[form.kicker_width]
    primals_of, kickers_of = attrgetter(source), attrgetter(kicker_source)
    reads(form.kind, source, kicker_source)
    by_tables: dict[Tables, list[list[Combination | None]]] = {}

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        primals = primals_of(hand)
        if above >= 0:
            primals = primals[bisect_right(primals, above) :]
        table = by_tables.get(tables)
        if table is None:
            table = by_tables[tables] = _one_kicker_table(form, tables.model.kickers)
        kickers = kickers_of(hand)
        for p in primals:  # the table holds None where the kicker is the primal rank
            found += filter(None, map(table[p].__getitem__, kickers))

    return listed


def _with_two(form: Form) -> Family:
    singles = form.kicker_width == 1
    reads(form.kind, "present" if singles else "pairs", "fours")
    table: list[list[list[Combination | None]]] = []  # _two_kicker_table, bound on first use

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        if not table:
            table.extend(_two_kicker_table(form))
        counts, rules = hand.counts, tables.model.kickers
        if singles:
            kickers, twice = hand.present, rules.repeat > 1
        else:
            kickers, twice = hand.pairs, rules.same_rank_pairs
        for f in hand.fours:
            if f <= above:
                continue
            row = table[f]
            ks = [k for k in kickers if k != f]
            for i, a in enumerate(ks):
                if twice and counts[a] >= (2 if singles else 4):
                    found.append(row[a][a])  # type: ignore[arg-type]  # a <= b, so no None
                found += map(row[a].__getitem__, ks[i + 1 :])  # type: ignore[arg-type]
            if singles and counts[-2] and counts[-1] and rocket_split(rules):
                found.pop()  # the rocket as the two kickers, the last listed

    return listed
