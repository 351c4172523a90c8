"""Move generation: every combination a hand can form, family by family, from tables.

Each kind has a family (``FAMILIES``) that lists its combinations in a hand: one-rank kinds
from per-rank tables, chains from per-run tables, kinds with one or two kickers from tables
indexed by primal and kicker ranks, chains with wings by searching the kicker sets. Listing
order: kind (``Kind`` order), primal rank, chain length, then kickers.

>>> from service.rules import STANDARD, read_hand
>>> [c.cards for c in every_reading(read_hand("33345"), STANDARD)]
['3', '4', '5', '33', '333', '3334', '3335']
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, compress
from operator import attrgetter, itemgetter
from typing import Any, TypeVar

from .cards import Counts, canonical_parts, format_counts
from .combos import (
    _THREE_PLAYER,
    ACE,
    BLACK,
    RED,
    TWO,
    Combination,
    allowed_kinds,
    choose_ranks,
    has_kicker_gap,
    kicker_caps,
    make,
    pair_caps,
    preference,
    read_play,
)
from .kinds import SHAPES, Kind
from .ruleset import Game, RuleSet
from .variants import variant_moves, variant_readings

Parts = tuple["Entry", "Entry", "Entry"]
"""The rank-list entries (``Entry``) of a hand's three five-rank parts (``_rank_lists``)."""


class _Hand:
    """A hand's rank counts, its ``parts``, and the ranks it holds at least once, twice,
    thrice, four times (a three-player hand: at most four of a rank, one joker of a colour)
    joined from them: every list with the widest count for leads; for a response, ``lists``
    (bits: 1 once, 2 twice, 4 thrice; four times always) names the ones its family reads
    (``_NEEDS``) and the others are not set."""

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
        self.fours = a[3] + b[3] + c[3]
        if lists & 1:
            self.present = a[0] + b[0] + c[0]
        if lists & 2:
            self.pairs = a[1] + b[1] + c[1]
        if lists & 4:
            self.trios = a[2] + b[2] + c[2]
        if lists == 7:
            self.widest = 4 if self.fours else 3 if self.trios else 2 if self.pairs else 1

    @property
    def counts(self) -> Counts:
        """The hand's rank counts (joined from its parts when it was read as parts)."""
        counts = self._counts
        if counts is None:
            counts = self._counts = joined_counts(self.parts)
        return counts


Ranks = tuple[int, ...]
RankLists = tuple[Ranks, Ranks, Ranks, Ranks]
Entry = tuple[Ranks, Ranks, Ranks, Ranks, int, int, int, int, Counts]
"""The ranks held at least once, twice, thrice, four times; the same as masks of ranks 3..A;
the counts they were read from."""


def _lists_of(counts: Counts, first: int) -> RankLists:
    """The ranks (numbered from ``first``) held at least once, twice, thrice, four times."""
    ranks = range(first, first + len(counts))
    return (
        tuple(r for r, n in zip(ranks, counts, strict=True) if n),
        tuple(r for r, n in zip(ranks, counts, strict=True) if n > 1),
        tuple(r for r, n in zip(ranks, counts, strict=True) if n > 2),
        tuple(r for r, n in zip(ranks, counts, strict=True) if n > 3),
    )


def _entry(counts: Counts, first: int) -> Entry:
    a, b, c, d = lists = _lists_of(counts, first)
    e, f, g, h = (sum(1 << r for r in ranks if r <= ACE) for ranks in lists)
    return a, b, c, d, e, f, g, h, counts


_RANK_LISTS: tuple[dict[Counts, Entry], ...] = ()


def _rank_lists() -> tuple[dict[Counts, Entry], ...]:
    """``_entry`` for every count of ranks 3-7, 8-Q and K-R (two tables of 3,125 entries,
    one of 500: jokers are 0 or 1), built on first use (``_RANK_LISTS``, read without a call);
    equal rank lists, and equal masks, are one object, so that reading hands touches few."""
    global _RANK_LISTS  # noqa: PLW0603 - a table built once, read without a call
    shared: dict[Any, Any] = {}

    def entry(counts: Counts, first: int) -> Entry:
        *lists, counts = _entry(counts, first)
        return (*(shared.setdefault(x, x) for x in lists), counts)

    _RANK_LISTS = tuple(
        {key: entry(key, first) for key in part.values()}
        for first, part in zip((0, 5, 10), canonical_parts(), strict=True)
    )
    return _RANK_LISTS


HELD_PARTS: list[dict[str, Entry]] = []
"""``_rank_lists``'s entries by the canonical strings of their parts (``canonical_parts``):
``lookup_canonical`` with these tables reads a canonical string of a three-player hand as its
``Parts``. Empty until ``held_parts`` fills it in place, so a module that imported it reads
it without a call (``HELD_PARTS or held_parts()``)."""


def held_parts() -> list[dict[str, Entry]]:
    """``HELD_PARTS``, filled on first use."""
    if not HELD_PARTS:
        by_counts = _RANK_LISTS or _rank_lists()
        HELD_PARTS.extend(
            {text: entries[counts] for text, counts in part.items()}
            for part, entries in zip(canonical_parts(), by_counts, strict=True)
        )
    return HELD_PARTS


def joined_counts(parts: Parts) -> Counts:
    """The rank counts of a hand read as ``parts``: most moves never need them joined."""
    return parts[0][8] + parts[1][8] + parts[2][8]


_ALL = range(RED + 1)
Found = list[Combination]
Family = Callable[[_Hand, RuleSet, int, int, Found], None]
"""Moves of one kind, added to a list: (hand, rules, rank to beat or -1, chain length or 0 for
any, the list). Every family adds to one list, not a list of its own then copied."""


@cache
def _table(kind: Kind) -> list[list[Combination | None]]:
    """``table[primal][kicker]``: the one-primal-rank combinations with one kicker rank."""
    double = SHAPES[kind].kicker_width == 2 or SHAPES[kind].kickers == 2
    return [
        [
            make(kind, p, 1, (k, k) if double else (k,))
            if k != p and (k <= TWO or not double)
            else None
            for k in _ALL
        ]
        for p in range(TWO + 1)
    ]


@cache
def _table2(kind: Kind) -> list[list[list[Combination | None]]]:
    """``table[four][a][b]``: four-with-two combinations by their two kicker ranks (a <= b)."""
    width = SHAPES[kind].kicker_width
    return [
        [
            [
                make(kind, f, 1, tuple(sorted((a,) * width + (b,) * width))) if a <= b else None
                for b in _ALL
            ]
            for a in _ALL
        ]
        for f in range(TWO + 1)
    ]


@cache
def _singles_table(kind: Kind) -> list[Combination]:
    """``table[rank]``: the combination of one primal rank and no kickers."""
    return [make(kind, r, 1) for r in range(RED + 1 if kind is Kind.SINGLE else TWO + 1)]


_BITS = {"present": 1, "pairs": 2, "trios": 4, "fours": 0}
_NEEDS: dict[Kind, int] = {Kind.ROCKET: 0}
"""Per kind, the rank lists its family reads (the bits of ``_Hand``'s ``lists``; the fours are
always read), set by the family's factory."""


def _reads(kind: Kind, *lists: str) -> None:
    _NEEDS[kind] = sum(_BITS[name] for name in lists)


def _simple(kind: Kind, source: str) -> Family:
    ranks_of = attrgetter(source)
    _reads(kind, source)
    table: list[Combination] = []  # _singles_table(kind), bound on first use

    def family(hand: _Hand, rules: RuleSet, above: int, length: int, found: Found) -> None:
        ranks = ranks_of(hand)
        if above >= 0:
            ranks = ranks[bisect_right(ranks, above) :]
        if not table:
            table.extend(_singles_table(kind))
        found += map(table.__getitem__, ranks)

    return family


def _runs(ranks: list[int]) -> list[tuple[int, int]]:
    """The maximal runs of consecutive ranks in ascending chain ranks (3..A)."""
    runs: list[tuple[int, int]] = []
    for r in ranks:
        if runs and runs[-1][1] == r - 1:
            runs[-1] = (runs[-1][0], r)
        else:
            runs.append((r, r))
    return runs


def _masks(width: int) -> Callable[[Entry], int]:
    """An entry's mask of the chain ranks held ``width`` times (or more)."""
    return itemgetter(3 + width)


def _chain(kind: Kind) -> Family:
    """Chains of ``kind``: from a table of every set of chain ranks held as many times as its
    shape's width (a 12-bit mask, 4,096 entries), built on first use."""
    mask_of = _masks(SHAPES[kind].width)
    _reads(kind)
    table: list[tuple[Combination, ...]] = []

    def family(hand: _Hand, rules: RuleSet, above: int, length: int, found: Found) -> None:
        if not table:
            table.extend(_chains_table(kind))
        a, b, c = hand.parts
        chains = table[mask_of(a) | mask_of(b) | mask_of(c)]
        if above >= 0 or length:
            found += [c for c in chains if c.rank > above and (not length or c.length == length)]
        else:
            found += chains

    return family


def _chains_table(kind: Kind) -> list[tuple[Combination, ...]]:
    """Per set of chain ranks (bit r: rank r, 3..A), every chain of ``kind`` it holds: its
    ``_positions_table`` entry made into combinations (equal entries, one tuple)."""
    made: dict[tuple[Position, ...], tuple[Combination, ...]] = {}
    for positions in set(_positions_table(kind)):
        made[positions] = tuple(make(kind, start, size) for start, size in positions)
    return [made[positions] for positions in _positions_table(kind)]


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


def _with_one(kind: Kind, source: str, kicker_source: str) -> Family:
    primals_of, kickers_of = attrgetter(source), attrgetter(kicker_source)
    _reads(kind, source, kicker_source)
    table: list[list[Combination | None]] = []  # _table(kind), bound on first use

    def family(hand: _Hand, rules: RuleSet, above: int, length: int, found: Found) -> None:
        primals = primals_of(hand)
        if above >= 0:
            primals = primals[bisect_right(primals, above) :]
        if not table:
            table.extend(_table(kind))
        kickers = kickers_of(hand)
        for p in primals:  # the table holds None where the kicker is the primal rank
            found += filter(None, map(table[p].__getitem__, kickers))

    return family


def _with_two(kind: Kind) -> Family:
    singles = SHAPES[kind].kicker_width == 1
    _reads(kind, "present" if singles else "pairs", "fours")
    table: list[list[list[Combination | None]]] = []  # _table2(kind), bound on first use

    def family(hand: _Hand, rules: RuleSet, above: int, length: int, found: Found) -> None:
        if not table:
            table.extend(_table2(kind))
        counts = hand.counts
        if singles:
            kickers, twice = hand.present, rules.max_kicker_repeat > 1
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
            if singles and counts[BLACK] and counts[RED] and not rules.rocket_as_kickers:
                found.pop()  # the rocket as the two kickers, the last listed

    return family


def _rocket(hand: _Hand, rules: RuleSet, above: int, length: int, found: Found) -> None:
    # generate writes this test out for a response: a change here belongs there too
    jokers = hand.parts[2][8]  # K, A, 2, black joker, red joker
    if jokers[3] and jokers[4]:
        found.append(_ROCKET_PLAY)


_ROCKET_PLAY = make(Kind.ROCKET, BLACK, 1)


Row = dict[tuple[int, ...], dict[Any, Combination | None]]
"""One chain position's readings by kicker ranks, split as ``row[prefix][rest]``: the kicker
set ``prefix + rest`` (ascending, one rank per kicker; ``rest`` a rank where it is one), or None
where it is not listed."""


def _with_wings(kind: Kind, *, lead: bool = False) -> Family:
    """Chains with kickers (airplanes with wings, space shuttles with wings): searched.

    Each chain position's kicker sets come in blocks (``_kicker_blocks``): a prefix and every
    choice of the rest from ranks above it, so each set is made once and in ascending order,
    and mapped to its reading through the position's row (``Row``, filled on first use; shared
    by every rule set, as a reading does not depend on it). The ``lead`` family lists leads of a
    hand with every kind allowed: its rows (one set per rule set) hold None for a reading that
    is not its card set's preferred one, which the preferred reading's own family lists.
    """
    shape = SHAPES[kind]
    pairs = shape.kicker_width == 2
    _reads(kind, *(("pairs", "fours") if pairs else ("present", "pairs")))  # _KickerPool's
    bases_of = _masks(shape.width)  # an entry's mask of the chain's ranks
    caps_key, rows_key = f"caps {kind.value}", f"lead rows {kind.value}"
    shared: dict[tuple[int, int], Row] = {}
    table: list[tuple[Position, ...]] = []  # _positions_table(kind), bound on first use

    def family(hand: _Hand, rules: RuleSet, above: int, length: int, found: Found) -> None:
        if not table:
            table.extend(_positions_table(kind))
        a, b, c = hand.parts
        positions = table[bases_of(a) | bases_of(b) | bases_of(c)]
        if not positions:
            return
        caps, plain = _caps(rules, kind, caps_key)
        rows = (rules.memo.get(rows_key) or rules.memo.setdefault(rows_key, {})) if lead else shared
        pool = _KickerPool(hand, rules, pairs, plain)
        source, screen, unrepeated = pool.source, pool.screen, not pool.twice
        for key in positions:
            start, size = key
            if start + size - 1 <= above or (length and size != length):
                continue
            k = shape.kickers * size
            if unrepeated and len(source) - size < k:  # too few kicker ranks
                continue
            row = rows.get(key) or rows.setdefault(key, {})
            rest, prefixes = pool.blocks(caps[key], start, size, k)
            place = (kind, start, size, rules, lead)
            _list_blocks(found, row, rest, prefixes, place, screen=screen)

    return family


Position = tuple[int, int]
"""A chain in a hand: its start and length."""


@cache
def _positions_table(kind: Kind) -> list[tuple[Position, ...]]:
    """Per set of chain ranks held (``_per_chain_ranks``), every chain of ``kind`` they make, in
    listing order (top rank, then length); each chain one tuple."""
    shape = SHAPES[kind]
    chains: dict[Position, Position] = {}
    return _per_chain_ranks(
        lambda low, high: [
            chains.setdefault((top - size + 1, size), (top - size + 1, size))
            for top in range(low + shape.min_len - 1, high + 1)
            for size in range(shape.min_len, min(top - low + 1, shape.max_len) + 1)
        ]
    )


def _list_blocks(
    found: list[Combination],
    row: Row,
    rest: Sequence[Any],
    prefixes: list[tuple[tuple[int, ...], int]],
    place: tuple[Kind, int, int, RuleSet, bool],
    *,
    screen: Callable[[tuple[int, ...]], bool] | None,
) -> None:
    """Add to ``found`` the listed readings of one chain position's kicker blocks (``Blocks``),
    looked up in its ``row``: a block's part is keyed by the rest (a rank where one kicker is
    left, the empty tuple where none is), filled where a set is met for the first time
    (``_fill``). ``place``: the kind, the chain's start and length, the rule set, whether a
    lead row."""
    most = len(rest)
    for prefix, left in prefixes:
        if left > most:
            continue
        part = row.get(prefix)
        if part is None:
            part = row[prefix] = {}
        if not left:  # the prefix is the whole kicker set
            if screen and not screen(prefix):
                continue
            combo = part.get((), _UNSEEN)
            if combo is _UNSEEN:
                combo = part[()] = _reading(*place[:4], prefix, lead=place[4])
            if combo:
                found.append(combo)
            continue
        if left == 1:  # one kicker to choose: a rank, not a tuple, is the key
            keys: Iterable[Any] = [r for r in rest if screen((*prefix, r))] if screen else rest
        else:
            keys = combinations(rest, left) if left > 0 else rest
            if screen:
                keys = [kick for kick in keys if screen(prefix + kick)]
        mark = len(found)
        try:
            found += filter(None, map(part.__getitem__, keys))
        except KeyError:  # a kicker set met for the first time
            del found[mark:]
            if type(keys) is combinations:  # used up by the lookup: made again
                keys = combinations(rest, left)
            found += filter(None, _fill(part, prefix, keys, left == 1, place))


def _fill(
    part: dict[Any, Combination | None],
    prefix: tuple[int, ...],
    keys: Iterable[Any],
    one: bool,
    place: tuple[Kind, int, int, RuleSet, bool],
) -> list[Combination | None]:
    """A block's readings (``_with_wings``) by its keys (screened already), the ones met for
    the first time added to its row's part: a key is the rest's rank where ``one`` kicker is
    left, else the rest. ``place``: the kind, the chain's start and length, the rule set,
    whether a lead row."""
    keys = list(keys)
    for key in keys:
        if key not in part:
            kickers = prefix + ((key,) if one else key)
            part[key] = _reading(*place[:4], kickers, lead=place[4])
    return list(map(part.__getitem__, keys))


_UNSEEN: Any = object()
"""A reading not yet looked for (``_with_wings``; a stored None is a reading not listed)."""


class _KickerPool:
    """What a hand gives as kickers of one family with wings: the ranks it holds once (or a
    pair of, for pair kickers), those it holds twice where the rule set repeats kicker ranks,
    and a screen of whole kicker sets (``_kicker_screen``)."""

    __slots__ = ("counts", "pairs", "plain", "screen", "source", "twice")

    def __init__(self, hand: _Hand, rules: RuleSet, pairs: bool, plain: bool) -> None:
        self.counts, self.pairs, self.plain = hand.counts, pairs, plain
        self.source: Ranks
        self.twice: Ranks
        self.screen: Callable[[tuple[int, ...]], bool] | None
        if pairs:  # kicker ranks: those of a pair; two pairs of a rank are four of it
            self.source, self.twice = hand.pairs, hand.fours if rules.same_rank_pairs else ()
            self.screen = None
        else:
            self.source = hand.present
            self.twice = hand.pairs if rules.max_kicker_repeat > 1 else ()
            self.screen = _kicker_screen(rules, hand.counts)

    def blocks(self, cap: list[int], start: int, size: int, k: int) -> Blocks:
        """The kicker sets of the chain ``start``..``start + size - 1`` with ``k`` kickers under
        ``cap``, in blocks (``_kicker_blocks``)."""
        source, twice = self.source, self.twice
        if self.plain:  # the ranks but the chain's, sliced out
            i, j = bisect_left(source, start), bisect_left(source, start + size)
            ranks = source[:i] + source[j:]
            i, j = bisect_left(twice, start), bisect_left(twice, start + size)
            repeated = twice[j:] or twice[:i]
        else:
            ranks = tuple(r for r in source if cap[r])
            repeated = tuple(r for r in twice if cap[r] > 1)
        if not repeated:
            return ranks, _ALONE[k]
        last = ranks.index(repeated[-1])
        upto = ranks if last > 2 else ranks[: last + 1]  # see _kicker_blocks
        counts = self.counts
        if self.pairs:
            held = [min(counts[r] // 2, cap[r]) for r in upto]
        else:
            held = [counts[r] if counts[r] < cap[r] else cap[r] for r in upto]
        return _kicker_blocks(ranks, held, k, last)


Blocks = tuple[Sequence[Any], list[tuple[tuple[int, ...], int]]]
"""Kicker sets in blocks: ``(rest, prefixes)``, each prefix with the kickers it leaves to choose
(``left``): the sets ``prefix + more`` for every ``more`` in ``combinations(rest, left)`` (none
where ``rest`` is too short), or, where ``left`` is -1, for every ``more`` in ``rest``, then a
list of whole kicker sets (the prefix is empty)."""

_ALONE: list[list[tuple[tuple[int, ...], int]]] = [[((), k)] for k in range(21)]
"""The one block of ``k`` kickers that no prefix precedes."""
_WHOLE: list[tuple[tuple[int, ...], int]] = [((), -1)]


def _kicker_blocks(ranks: Ranks, held: list[int], k: int, last: int) -> Blocks:
    """Every set of ``k`` kickers taking rank ``ranks[i]`` at most ``held[i]`` times, ascending,
    each once, in blocks (``Blocks``); ``ranks[last]`` is the last rank held twice or more
    (``held`` may stop there when ``last`` is at most 2).

    Ranks above that one are taken at most once, so a block is a prefix (from the ranks up to
    that one) and every choice of the rest from the ranks above it; a prefix with more of a
    rank comes first (``(5, 5)`` before ``(5, 6)`` before ``(5,)`` and a higher rest). With more
    than three ranks up to the last one held twice, the prefixes would be many: the sets are
    listed whole (``choose_ranks``) instead.
    """
    if last < 0 or k < 2:
        return ranks, _ALONE[k]
    if last > 2:
        return choose_ranks(ranks, [min(n, k) for n in held], k), _WHOLE
    key = (tuple(ranks[: last + 1]), tuple(held[: last + 1]), k)
    return ranks[last + 1 :], _PREFIXES.get(key) or _prefixes(*key)


_PREFIXES: dict[tuple[tuple[int, ...], tuple[int, ...], int], list[tuple[tuple[int, ...], int]]]
_PREFIXES = {}
_PREFIX_LIMIT = 20_000


def _prefixes(
    ranks: tuple[int, ...], held: tuple[int, ...], k: int
) -> list[tuple[tuple[int, ...], int]]:
    """The prefixes of ``_kicker_blocks`` from at most three ranks (``held[i]`` of ``ranks[i]``)
    with the kickers each leaves to choose, in order; kept in ``_PREFIXES`` (bounded), since
    hands share their few lowest repeated kicker ranks."""
    prefixes: list[tuple[tuple[int, ...], int]] = [((), k)]
    for rank, most in zip(ranks, held, strict=True):
        grown: list[tuple[tuple[int, ...], int]] = []
        for prefix, left in prefixes:
            for times in range(min(most, left), 0, -1):
                grown.append((prefix + (rank,) * times, left - times))
            grown.append((prefix, left))
        prefixes = grown
    if len(_PREFIXES) >= _PREFIX_LIMIT:
        _PREFIXES.clear()
    _PREFIXES[ranks, held, k] = prefixes
    return prefixes


def _kicker_screen(rules: RuleSet, counts: Counts) -> Callable[[tuple[int, ...]], bool] | None:
    """Whether a set of single kickers (ranks, ascending) is allowed as a whole, where the rule
    set may forbid one the hand can give: the rocket, or a kicker count ``has_kicker_gap``
    forbids; None when every set is allowed."""
    rocket = counts[BLACK] and counts[RED] and not rules.rocket_as_kickers
    gaps = rules.bomb_in_kickers and rules.kicker_rank_max < 3
    if not (rocket or gaps):
        return None

    def allowed(kickers: tuple[int, ...]) -> bool:
        if rocket and kickers[-1] == RED and BLACK in kickers:
            return False
        return not (gaps and has_kicker_gap([kickers.count(r) for r in set(kickers)], rules))

    return allowed


def _reading(
    kind: Kind, start: int, length: int, rules: RuleSet, kickers: tuple[int, ...], *, lead: bool
) -> Combination | None:
    """The reading of a chain with these kicker ranks (one per kicker); None, in a ``lead``
    row, where it is not its card set's preferred reading."""
    pairs = SHAPES[kind].kicker_width == 2
    combo = make(kind, start, length, tuple(sorted(kickers * 2)) if pairs else kickers)
    return None if lead and combo in _clashes(rules).shadowed else combo


Caps = tuple[dict[tuple[int, int], list[int]], bool]


def _caps(rules: RuleSet, kind: Kind, key: str) -> Caps:
    """Per chain (start, length) of ``kind``: how many kickers of each rank it may carry (single
    kickers), or how many pairs; one table per rule set and kind, kept under ``key``. With it,
    whether the caps are plain: none but the chain's ranks, and at least two of every other
    rank that a hand can give twice where the rule set repeats kicker ranks."""
    found: Caps | None = rules.memo.get(key)
    if found is None:
        shape = SHAPES[kind]
        pairs = shape.kicker_width == 2
        table = {
            (start, length): pair_caps(rules, start, length)
            if pairs
            else kicker_caps(rules, shape, start, length)
            for length in range(shape.min_len, shape.max_len + 1)
            for start in range(ACE - length + 2)
        }
        least = 2 if (rules.same_rank_pairs if pairs else rules.max_kicker_repeat > 1) else 1
        plain = all(
            (cap[r] == 0) if start <= r < start + length else cap[r] >= (1 if r > TWO else least)
            for (start, length), cap in table.items()
            for r in range(TWO + 1 if pairs else RED + 1)
        )
        found = rules.memo[key] = (table, plain)
    return found


#: How each kind's moves are found (RULES.md section 2 shapes, section 8 kinds).
FAMILIES: dict[Kind, Family] = {
    Kind.SINGLE: _simple(Kind.SINGLE, "present"),
    Kind.PAIR: _simple(Kind.PAIR, "pairs"),
    Kind.TRIO: _simple(Kind.TRIO, "trios"),
    Kind.TRIO_SINGLE: _with_one(Kind.TRIO_SINGLE, "trios", "present"),
    Kind.TRIO_PAIR: _with_one(Kind.TRIO_PAIR, "trios", "pairs"),
    Kind.CHAIN: _chain(Kind.CHAIN),
    Kind.PAIR_CHAIN: _chain(Kind.PAIR_CHAIN),
    Kind.AIRPLANE: _chain(Kind.AIRPLANE),
    Kind.AIRPLANE_SINGLES: _with_wings(Kind.AIRPLANE_SINGLES),
    Kind.AIRPLANE_PAIRS: _with_wings(Kind.AIRPLANE_PAIRS),
    Kind.FOUR_TWO_SINGLES: _with_two(Kind.FOUR_TWO_SINGLES),
    Kind.FOUR_TWO_PAIRS: _with_two(Kind.FOUR_TWO_PAIRS),
    Kind.FOUR_SINGLE: _with_one(Kind.FOUR_SINGLE, "fours", "present"),
    Kind.FOUR_PAIR: _with_one(Kind.FOUR_PAIR, "fours", "pairs"),
    Kind.SPACE_SHUTTLE: _chain(Kind.SPACE_SHUTTLE),
    Kind.SPACE_SHUTTLE_SINGLES: _with_wings(Kind.SPACE_SHUTTLE_SINGLES),
    Kind.SPACE_SHUTTLE_PAIRS: _with_wings(Kind.SPACE_SHUTTLE_PAIRS),
    Kind.BOMB: _simple(Kind.BOMB, "fours"),
    Kind.ROCKET: _rocket,
}


#: The lead families of the kinds with wings (``_with_wings``), for leads of every kind.
_LEAD_FAMILIES: dict[Kind, Family] = {
    kind: _with_wings(kind, lead=True)
    for kind in (
        Kind.AIRPLANE_SINGLES,
        Kind.AIRPLANE_PAIRS,
        Kind.SPACE_SHUTTLE_SINGLES,
        Kind.SPACE_SHUTTLE_PAIRS,
    )
}

#: How many cards of one rank a hand needs for a kind (1 when any hand may hold one).
_WIDTH = {kind: shape.width for kind, shape in SHAPES.items()}


def _plan(rules: RuleSet) -> tuple[tuple[Kind, Family, int], ...]:
    """Per kind of the rule set, in listing order: its family and the cards of one rank it
    needs."""
    plan = rules.memo.get("moves")
    if plan is None:
        plan = rules.memo["moves"] = tuple(
            (kind, FAMILIES[kind], _WIDTH.get(kind, 1)) for kind in allowed_kinds(rules)
        )
    return plan


#: A lead plan's width for the chains of trios or fours (airplanes, space shuttles): 10 more
#: than the rank's count, as they need two neighbouring ranks held that many times.
_CHAINED = 10


def _lead_plan(rules: RuleSet) -> tuple[tuple[tuple[Family, int], ...], bool]:
    """The families that list leads of every kind (``_plan``'s, with the lead families of the
    kinds with wings that have readings not preferred), each with the width a hand needs for
    it (``_CHAINED`` added for chains of trios or fours), and whether their list needs
    ``_distinct``: only when some other kind has such readings."""
    plan = rules.memo.get("leads")
    if plan is None:
        shadowed = {combo.kind for combo in _clashes(rules).shadowed}
        families = tuple(
            (
                _LEAD_FAMILIES.get(kind, family) if kind in shadowed else family,
                width + _CHAINED if width > 2 and SHAPES[kind].chain else width,
            )
            for kind, family, width in _plan(rules)
        )
        plan = rules.memo["leads"] = (families, not shadowed <= _LEAD_FAMILIES.keys())
    return plan


def generate(
    hand: Counts | None,
    rules: RuleSet,
    previous: Combination | None,
    kinds: Collection[Kind] | None,
    parts: Parts | None = None,
) -> list[Combination]:
    """The moves of a hand given as its rank counts, or as its ``parts`` (``held_parts``; the
    counts may then be None and are joined only where a family reads them).

    A response lists the plays of ``previous``'s kind that beat it, then bombs, then the
    rocket; it is written out here, not in a function of its own, as it is the hot path."""
    if rules.game is not _THREE_PLAYER:
        assert hand is not None  # only a three-player hand is read as parts
        return variant_moves(hand, rules, previous, kinds)
    if previous is not None:
        kind = previous.kind
        if kind is _ROCKET:
            return []
        family, dedupe, lists = (rules.memo.get("responses") or _response_plan(rules))[kind]
        held = _Hand(hand, parts, lists)
        found: Found = []
        family(held, rules, previous.rank, previous.length, found)
        if held.fours and kind is not _BOMB:
            _bombs(held, rules, -1, 0, found)
        jokers = held.parts[2][8]  # the rocket family's test (_rocket), written out
        if jokers[3] and jokers[4]:
            found.append(_ROCKET_PLAY)
        if kinds is not None:
            found = [c for c in found if c.kind in kinds]
        return _distinct(found, rules) if dedupe else found
    return _leads(_Hand(hand, parts), rules, kinds)


def _leads(held: _Hand, rules: RuleSet, kinds: Collection[Kind] | None) -> list[Combination]:
    """Every lead of a hand (of the ``kinds`` given)."""
    found: Found = []
    widest = held.widest
    if kinds is None:
        families, dedupe = _lead_plan(rules)
        if widest > 2:  # two neighbouring chain ranks held thrice (or four times): chains of them
            a, b, c = held.parts
            trios = a[6] | b[6] | c[6]
            if trios & trios >> 1:
                fours = a[7] | b[7] | c[7]
                widest = _CHAINED + (4 if fours & fours >> 1 else 3)
        for family, width in families:
            if width <= widest:
                family(held, rules, -1, 0, found)
        return _distinct(found, rules) if dedupe else found
    for kind, family, width in _plan(rules):
        if width <= widest and kind in kinds:
            family(held, rules, -1, 0, found)
    return _distinct(found, rules)


def _response_plan(rules: RuleSet) -> dict[Kind, tuple[Family, bool, int]]:
    """Per kind of a play to answer: its family, whether its listing needs ``_distinct`` (a
    reading of that kind belongs to a card set of several readings), and the rank lists the
    family reads (``_NEEDS``); kept in the rule set."""
    clashing = _clashes(rules).kinds
    plan = rules.memo["responses"] = {
        kind: (family, kind in clashing, _NEEDS[kind]) for kind, family, _ in _plan(rules)
    }
    return plan


# The kinds a response looks at, bound once (an enum member's lookup through its class is slow).
_ROCKET, _BOMB = Kind.ROCKET, Kind.BOMB
_bombs = FAMILIES[Kind.BOMB]


def every_reading(hand: Counts, rules: RuleSet) -> list[Combination]:
    """Every lead of ``hand`` in every reading (a card set read two ways appears twice)."""
    if rules.game is not Game.THREE_PLAYER:
        leads = variant_moves(hand, rules, None, None)
        return [r for c in leads for r in variant_readings(c.counts, rules)]
    held = _Hand(hand)
    found: Found = []
    for _, family, _ in _plan(rules):
        family(held, rules, -1, 0, found)
    return found


Table = dict[str, tuple[Combination, ...]]


class Universe(Table):
    """A rule set's universe: canonical card strings to readings; any other card string is read
    on a miss (``classifier``), its answer not stored."""

    __slots__ = ("rules",)

    def __init__(self, rules: RuleSet, items: Table) -> None:
        super().__init__(items)
        self.rules = rules

    def __missing__(self, cards: str | Sequence[str]) -> tuple[Combination, ...]:
        return self.get(format_counts(read_play(cards, self.rules)), ())


def universe(rules: RuleSet) -> Table:
    """Every card set playable under ``rules`` with its readings, preferred first (cached)."""
    table: Table | None = rules.memo.get("universe")
    if table is None:
        grouped: dict[str, list[Combination]] = {}
        for combo in every_reading(rules.table.full_deck, rules):
            grouped.setdefault(combo.cards, []).append(combo)
        found = {cards: tuple(sorted(combos, key=preference)) for cards, combos in grouped.items()}
        table = rules.memo["universe"] = Universe(rules, found)
    return table


@dataclass(frozen=True, slots=True)
class _Clashes:
    """Under one rule set: the card sets of several readings, the readings that are not their
    card set's preferred one, and the kinds of all these readings."""

    cards: frozenset[str]
    shadowed: frozenset[Combination]
    kinds: frozenset[Kind]


def _clashes(rules: RuleSet) -> _Clashes:
    found: _Clashes | None = rules.memo.get("clashes")
    if found is None:
        several = [r for r in universe(rules).values() if len(r) > 1]
        found = rules.memo["clashes"] = _Clashes(
            frozenset(readings[0].cards for readings in several),
            frozenset(combo for readings in several for combo in readings[1:]),
            frozenset(combo.kind for readings in several for combo in readings),
        )
    return found


_CARDS = attrgetter("cards")


def _distinct(found: list[Combination], rules: RuleSet) -> list[Combination]:
    """``found`` (in listing order) with one entry per card set, its preferred reading.

    Only card sets of more than one reading can be listed twice: when none is listed, this is
    one set test per move, with no Python-level loop.
    """
    ambiguous = _clashes(rules).cards
    if not ambiguous or ambiguous.isdisjoint(map(_CARDS, found)):
        return found
    cards = list(map(_CARDS, found))
    spots: dict[str, list[int]] = {}
    for i in compress(range(len(cards)), map(ambiguous.__contains__, cards)):
        spots.setdefault(cards[i], []).append(i)
    drop: list[int] = []
    for at in spots.values():
        if len(at) > 1:
            best = min(at, key=lambda i: preference(found[i]))
            drop.extend(i for i in at if i != best)
    kept = found[:]
    for i in sorted(drop, reverse=True):
        del kept[i]
    return kept
