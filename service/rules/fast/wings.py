"""The fast path's chains with kickers (airplanes and space shuttles with wings): searched.

Each chain position's kicker sets come in blocks (``_kicker_blocks``): a prefix and every
choice of the rest from ranks above it, so each set is made once and in ascending order, and
mapped to its reading through the position's row (``Row``, filled on first use). How many
kickers of a rank a position may carry, and which whole sets are allowed, come from
``service.rules.kickers``, tabled per game model (``Tables.caps``).

>>> from service.rules import STANDARD, Kind, read_hand
>>> from service.rules.fast.tables import tables_of
>>> found = []
>>> airplanes = with_wings(STANDARD.model.form(Kind.AIRPLANE_SINGLES))
>>> airplanes(Held(read_hand("33344456")), tables_of(STANDARD.model), -1, 0, found)
>>> [c.cards for c in found]
['33344456']
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import Any, Final

from ..combos import Combination
from ..kickers import choose_ranks, judging, kicker_screen, pair_caps, single_caps
from ..model import ACE, RED, TWO, Form, KickerRules
from .families import make_play, positions_table, reads
from .hand import Held, Ranks
from .tables import (
    UNREAD,
    Caps,
    Family,
    Found,
    Position,
    Row,
    Tables,
    preferred_of,
    shared_leads,
    universe_of,
)

Place = tuple[Form, int, int, Tables, bool]
"""Where a reading is listed: the form, the chain's start and length, the tables, whether a
lead row."""


def with_wings(form: Form, *, lead: bool = False) -> Family:
    """The family of a chain with kickers. The rows of a position are shared by every game
    model, as a reading does not depend on it; the ``lead`` family lists leads of a hand with
    every kind allowed: its rows (shared by the models whose card sets of its sizes read
    alike, ``tables.shared_leads``) hold None for a reading that is not its card set's
    preferred one (``tables.Preferred``), which the preferred reading's own family lists.

    >>> from service.rules import STANDARD, Kind, read_hand
    >>> from service.rules.fast.tables import tables_of
    >>> found: Found = []
    >>> wings = with_wings(STANDARD.model.form(Kind.AIRPLANE_PAIRS))
    >>> wings(Held(read_hand("3334445566")), tables_of(STANDARD.model), -1, 0, found)
    >>> [c.cards for c in found]
    ['3334445566']
    """
    search = _search(form, lead)

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        search(hand, tables, above, length, found, -1, _NONE)  # never counts

    return listed


Pager = Callable[[Held, Tables, Found, int], int]
"""A family with wings that lists a hand's leads until ``found`` holds ``need`` moves, then
counts the rest without making them where it can (``wings_pager``), and returns how many it
counted: listed and counted together, they are what its family lists."""


@cache
def wings_pager(form: Form, *, lead: bool, counted: frozenset[int]) -> Pager:
    """``with_wings``'s family (the ``lead`` one or not) as a ``Pager``, for a page of leads
    with their count: once ``need`` moves are listed, the readings of the chain lengths in
    ``counted`` are counted, not made; the caller vouches that each of them is listed (none
    is shadowed: ``fast._shadowed``). Made once for each (bounded: the forms are the game
    model's, the lengths theirs), as every game model whose forms and kicker rules agree on
    them asks for the same.

    >>> from service.rules import STANDARD, Kind, read_hand
    >>> from service.rules.fast.tables import tables_of
    >>> hand, found = Held(read_hand("3334445556789")), []
    >>> pager = wings_pager(STANDARD.model.form(Kind.AIRPLANE_SINGLES), lead=False,
    ...                     counted=frozenset({2, 3}))
    >>> pager(hand, tables_of(STANDARD.model), found, 0), found
    (24, [])
    >>> pager(hand, tables_of(STANDARD.model), found, 1), len(found)  # 333444 listed: 10
    (14, 10)
    """
    search = _search(form, lead)

    def paged(hand: Held, tables: Tables, found: Found, need: int) -> int:
        return search(hand, tables, -1, 0, found, need, counted)

    return paged


_NONE: Final[frozenset[int]] = frozenset()

Search = Callable[[Held, Tables, int, int, Found, int, frozenset[int]], int]
"""A form's search of chains with wings (``_search``): a family's arguments (hand, tables,
rank to beat, chain length), then ``need`` and the chain lengths ``counted``; how many it
counted."""


@cache
def _search(form: Form, lead: bool) -> Search:
    """The search of ``with_wings`` and ``wings_pager``: lists the readings of ``form`` in a
    hand above a rank (-1: any) and of a chain length (0: any), each position's kicker sets
    in blocks; once ``found`` holds ``need`` moves (-1: never), the blocks of a position whose
    chain length is in ``counted`` are counted, not listed. Returns how many were counted.
    One per form and family (the rows of a position, those of every reading, shared by the
    family and the pager of the form), bounded: the forms are the three-player game's."""
    pairs = form.kicker_width == 2
    reads(form.kind, *(("pairs", "fours") if pairs else ("present", "pairs")))  # _KickerPool's
    width = form.width
    shared: dict[Position, Row] = {}
    table = positions_table(form)

    def search(  # noqa: PLR0917 - a family's arguments, then the pager's
        hand: Held,
        tables: Tables,
        above: int,
        length: int,
        found: Found,
        need: int,
        counted: frozenset[int],
    ) -> int:
        a, b, c = hand.parts
        positions = table[a.mask(width) | b.mask(width) | c.mask(width)]
        if not positions:
            return 0
        caps, plain = tables.caps.get(form.kind) or _caps(tables, form)
        rows = tables.lead_rows.get(form.kind) if lead else shared
        if rows is None:
            rows = _lead_rows(tables, form)
        pool = _KickerPool(hand, tables.model.kickers, pairs, plain)
        source, screen, unrepeated = pool.source, pool.screen, not pool.twice
        skipped = 0
        for key in positions:
            start, size = key
            if start + size - 1 <= above or (length and size != length):
                continue
            k = form.kickers * size
            if unrepeated and len(source) - size < k:  # too few kicker ranks
                continue
            rest, prefixes = pool.blocks(caps[key], start, size, k)
            if 0 <= need <= len(found) and size in counted:
                skipped += _count_blocks(rest, prefixes, screen)
                continue
            row = rows.get(key) or rows.setdefault(key, {})
            _list_blocks(
                found, row, rest, prefixes, (form, start, size, tables, lead), screen=screen
            )
        return skipped

    return search


def _list_blocks(
    found: list[Combination],
    row: Row,
    rest: Sequence[Any],
    prefixes: list[tuple[tuple[int, ...], int]],
    place: Place,
    *,
    screen: Callable[[tuple[int, ...]], bool] | None,
) -> None:
    """Add to ``found`` the listed readings of one chain position's kicker blocks (``Blocks``),
    looked up in its ``row``: a block's part is keyed by the rest (a rank where one kicker is
    left, the empty tuple where none is), filled where a set is met for the first time
    (``_fill``). ``place``: where the readings are listed (``Place``)."""
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
            combo = part.get((), UNREAD)
            if combo is UNREAD:
                combo = part[()] = _reading(place, prefix)
            if combo:
                found.append(combo)
            continue
        if left == 1:  # one kicker to choose: a rank, not a tuple, is the key
            keys: Iterable[Any] = [r for r in rest if screen((*prefix, r))] if screen else rest
        else:
            keys = combinations(rest, left) if left > 0 else rest
            if screen:
                keys = [kick for kick in keys if screen(prefix + kick)]
        try:  # the block's readings, all or none added
            found += [c for key in keys if (c := part[key]) is not None]
        except KeyError:  # a kicker set met for the first time
            if type(keys) is combinations:  # used up by the lookup: made again
                keys = combinations(rest, left)
            found += filter(None, _fill(part, prefix, keys, left == 1, place))


def _count_blocks(
    rest: Sequence[Any],
    prefixes: list[tuple[tuple[int, ...], int]],
    screen: Callable[[tuple[int, ...]], bool] | None,
) -> int:
    """How many kicker sets one chain position's blocks (``Blocks``) hold that the ``screen``
    lets through: what ``_list_blocks`` lists where every reading is listed, without making
    one (a binomial coefficient per block where no screen is to pass).

    >>> _count_blocks((4, 5, 6, 7), [((), 2)], None), _count_blocks((4, 13, 14), [((), 2)],
    ...     lambda kickers: not (13 in kickers and 14 in kickers))
    (6, 2)
    """
    most, total = len(rest), 0
    for prefix, left in prefixes:
        if left > most:
            continue
        if left < 0:  # the rest are whole kicker sets
            total += most if screen is None else sum(map(screen, rest))
        elif screen is None:
            total += comb(most, left)
        else:
            total += sum(1 for kick in combinations(rest, left) if screen(prefix + kick))
    return total


def _fill(
    part: dict[Any, Combination | None],
    prefix: tuple[int, ...],
    keys: Iterable[Any],
    one: bool,
    place: Place,
) -> list[Combination | None]:
    """A block's readings (``with_wings``) by its keys (screened already), the ones met for
    the first time added to its row's part: a key is the rest's rank where ``one`` kicker is
    left, else the rest. ``place``: where the readings are listed (``Place``)."""
    keys = list(keys)
    for key in keys:
        if key not in part:
            kickers = prefix + ((key,) if one else key)
            part[key] = _reading(place, kickers)
    return list(map(part.__getitem__, keys))


class _KickerPool:
    """What a hand gives as kickers of one family with wings: the ranks it holds once (or a
    pair of, for pair kickers), those it holds twice where the kicker rules repeat ranks, and
    a screen of whole kicker sets (``kickers.kicker_screen``)."""

    __slots__ = ("counts", "pairs", "plain", "screen", "source", "twice")

    def __init__(self, hand: Held, kicker_rules: KickerRules, pairs: bool, plain: bool) -> None:
        self.counts, self.pairs, self.plain = hand.counts, pairs, plain
        self.source: Ranks
        self.twice: Ranks
        self.screen: Callable[[tuple[int, ...]], bool] | None
        if pairs:  # kicker ranks: those of a pair; two pairs of a rank are four of it
            self.source, self.twice = hand.pairs, hand.fours if kicker_rules.same_rank_pairs else ()
            self.screen = None
        else:
            self.source = hand.present
            self.twice = hand.pairs if kicker_rules.repeat > 1 else ()
            self.screen = kicker_screen(kicker_rules, hand.counts)

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

_ALONE: Final[list[list[tuple[tuple[int, ...], int]]]] = [[((), k)] for k in range(21)]
"""The one block of ``k`` kickers that no prefix precedes."""
_WHOLE: Final[list[tuple[tuple[int, ...], int]]] = [((), -1)]


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


_PREFIXES: Final[
    dict[tuple[tuple[int, ...], tuple[int, ...], int], list[tuple[tuple[int, ...], int]]]
] = {}
_PREFIX_LIMIT: Final = 20_000


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


def _lead_rows(tables: Tables, form: Form) -> dict[Position, Row]:
    """A form's lead rows by chain position, each made when a lead first reads it, shared by
    the games whose card sets of its sizes read alike (``tables.shared_leads``)."""
    rows: dict[Position, Row] = shared_leads(tables, form, dict)
    tables.lead_rows[form.kind] = rows
    return rows


def _reading(place: Place, kickers: tuple[int, ...]) -> Combination | None:
    """The reading of a chain with these kicker ranks (one per kicker); None, in a lead row,
    where it is not its card set's preferred reading."""
    form, start, length, tables, lead = place
    pairs = form.kicker_width == 2
    combo = make_play(form, start, length, tuple(sorted(kickers * 2)) if pairs else kickers)
    if lead and not (tables.preferred or preferred_of(tables))[combo]:
        return None
    return combo


def _caps(tables: Tables, form: Form) -> Caps:
    """Per chain (start, length) of ``form``: how many kickers of each rank it may carry
    (single kickers), or how many pairs (``service.rules.kickers``), kept in ``tables``. With
    it, whether the caps are plain: none but the chain's ranks, and at least two of every
    other rank that a hand can give twice where the rules repeat kicker ranks. Shared by every
    game model whose kicker rules judge the form's kickers alike (``kickers.judging_number``:
    ``single_caps`` and ``pair_caps`` read nothing else), bounded.

    >>> from service.rules import STANDARD, Kind, get_ruleset
    >>> from service.rules.fast.tables import tables_of
    >>> wings = STANDARD.model.form(Kind.AIRPLANE_SINGLES)
    >>> other = tables_of(get_ruleset("standard", four_with_two=False).model)
    >>> _caps(tables_of(STANDARD.model), wings) is _caps(other, wings)
    True
    """
    key = (form, universe_of(tables.model).judged_number(form))
    found = _SHARED_CAPS.get(key)
    if found is None:
        if len(_SHARED_CAPS) >= _SHARED_CAPS_KEPT:
            _SHARED_CAPS.clear()
        found = _SHARED_CAPS[key] = _caps_of(form, judging(form, tables.model.kickers))
    tables.caps[form.kind] = found
    return found


_SHARED_CAPS: Final[dict[tuple[Form, int], Caps]] = {}
_SHARED_CAPS_KEPT: Final = 256
"""How many forms' caps are kept, under as many kicker rules (a few kB each): then they start
again."""


def _caps_of(form: Form, rules: KickerRules) -> Caps:
    """``_caps``, worked out."""
    pairs = form.kicker_width == 2
    table = {
        (start, length): pair_caps(rules, start, length)
        if pairs
        else single_caps(rules, form, start, length)
        for length in form.lengths()
        for start in range(ACE - length + 2)
    }
    least = 2 if (rules.same_rank_pairs if pairs else rules.repeat > 1) else 1
    plain = all(
        (cap[r] == 0) if start <= r < start + length else cap[r] >= (1 if r > TWO else least)
        for (start, length), cap in table.items()
        for r in range(TWO + 1 if pairs else RED + 1)
    )
    return table, plain
