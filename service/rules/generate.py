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

from bisect import bisect_right
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, compress, product
from operator import attrgetter

from .cards import Counts, format_counts
from .combos import (
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


class _Hand:
    """A hand's rank counts with the ranks it holds at least once, twice, thrice, four times
    (a three-player hand: at most four of a rank, one joker of a colour)."""

    __slots__ = ("counts", "fours", "pairs", "present", "trios", "widest")

    def __init__(self, counts: Counts) -> None:
        self.counts = counts
        try:  # three table lookups, one per five ranks
            low, mid, high = _rank_lists()
            a, b, c = low[counts[:5]], mid[counts[5:10]], high[counts[10:]]
        except (KeyError, TypeError):  # counts no three-player hand has, or not a tuple
            a = c = ([], [], [], [])
            b = _lists_of(tuple(counts), 0)
        self.present = a[0] + b[0] + c[0]
        self.pairs = pairs = a[1] + b[1] + c[1]
        self.trios = trios = a[2] + b[2] + c[2]
        self.fours = fours = a[3] + b[3] + c[3]
        self.widest = 4 if fours else 3 if trios else 2 if pairs else 1


RankLists = tuple[list[int], list[int], list[int], list[int]]


def _lists_of(counts: Counts, first: int) -> RankLists:
    """The ranks (numbered from ``first``) held at least once, twice, thrice, four times."""
    ranks = range(first, first + len(counts))
    return (
        [r for r, n in zip(ranks, counts, strict=True) if n],
        [r for r, n in zip(ranks, counts, strict=True) if n > 1],
        [r for r, n in zip(ranks, counts, strict=True) if n > 2],
        [r for r, n in zip(ranks, counts, strict=True) if n > 3],
    )


@cache
def _rank_lists() -> tuple[dict[Counts, RankLists], ...]:
    """``_lists_of`` for every count of ranks 3-7, 8-Q and K-R (two tables of 3,125 entries,
    one of 500: jokers are 0 or 1), built on first use; equal rank lists are one list."""
    shared: dict[tuple[int, ...], list[int]] = {}

    def lists_of(counts: Counts, first: int) -> RankLists:
        a, b, c, d = (shared.setdefault(tuple(x), x) for x in _lists_of(counts, first))
        return a, b, c, d

    return tuple(
        {key: lists_of(key, first) for key in product(*(range(n + 1) for n in tops))}
        for first, tops in ((0, (4,) * 5), (5, (4,) * 5), (10, (4, 4, 4, 1, 1)))
    )


_ALL = range(RED + 1)
Family = Callable[[_Hand, RuleSet, int, int], list[Combination]]
"""Moves of one kind: (hand, rules, rank to beat or -1, chain length or 0 for any)."""


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


def _simple(kind: Kind, source: str) -> Family:
    ranks_of = attrgetter(source)

    def family(hand: _Hand, rules: RuleSet, above: int, length: int) -> list[Combination]:
        ranks = ranks_of(hand)
        if above >= 0:
            ranks = ranks[bisect_right(ranks, above) :]
        return list(map(_singles_table(kind).__getitem__, ranks))

    return family


@cache
def _runs_table(kind: Kind) -> dict[tuple[int, int], tuple[Combination, ...]]:
    """Every chain of ``kind`` within each run of ranks ``low..high``, by (top rank, length)."""
    shape = SHAPES[kind]
    table: dict[tuple[int, int], tuple[Combination, ...]] = {}
    for low in range(ACE + 1):
        for high in range(low + shape.min_len - 1, ACE + 1):
            table[low, high] = tuple(
                make(kind, top - length + 1, length)
                for top in range(low + shape.min_len - 1, high + 1)
                for length in range(shape.min_len, min(top - low + 1, shape.max_len) + 1)
            )
    return table


def _runs(ranks: list[int]) -> list[tuple[int, int]]:
    """The maximal runs of consecutive chain ranks (3..A) in ascending ranks."""
    runs: list[tuple[int, int]] = []
    for r in ranks:
        if r > ACE:
            break
        if runs and runs[-1][1] == r - 1:
            runs[-1] = (runs[-1][0], r)
        else:
            runs.append((r, r))
    return runs


def _chain(kind: Kind, source: str) -> Family:
    shortest = SHAPES[kind].min_len
    by_ranks: dict[tuple[int, ...], list[Combination]] = {}

    def chains(ranks: list[int]) -> list[Combination]:
        found: list[Combination] = []
        for low, high in _runs(ranks):
            if high - low + 1 >= shortest:
                found.extend(_runs_table(kind)[low, high])
        return found

    def family(hand: _Hand, rules: RuleSet, above: int, length: int) -> list[Combination]:
        ranks = getattr(hand, source)
        if len(ranks) < shortest:
            return []
        key = tuple(ranks)
        found = by_ranks.get(key)
        if found is None:
            found = by_ranks[key] = chains(ranks)
        if above >= 0 or length:
            return [c for c in found if c.rank > above and (not length or c.length == length)]
        return found[:]

    return family


def _with_one(kind: Kind, source: str, kicker_source: str) -> Family:
    primals_of, kickers_of = attrgetter(source), attrgetter(kicker_source)

    def family(hand: _Hand, rules: RuleSet, above: int, length: int) -> list[Combination]:
        primals = primals_of(hand)
        if above >= 0:
            primals = primals[bisect_right(primals, above) :]
        table = _table(kind)
        kickers = kickers_of(hand)
        found: list[Combination] = []
        for p in primals:  # the table holds None where the kicker is the primal rank
            found += filter(None, map(table[p].__getitem__, kickers))
        return found

    return family


def _with_two(kind: Kind) -> Family:
    singles = SHAPES[kind].kicker_width == 1

    def family(hand: _Hand, rules: RuleSet, above: int, length: int) -> list[Combination]:
        table = _table2(kind)
        counts = hand.counts
        if singles:
            kickers, twice = hand.present, rules.max_kicker_repeat > 1
        else:
            kickers, twice = hand.pairs, rules.same_rank_pairs
        found: list[Combination | None] = []
        for f in hand.fours:
            if f <= above:
                continue
            row = table[f]
            ks = [k for k in kickers if k != f]
            for i, a in enumerate(ks):
                if twice and counts[a] >= (2 if singles else 4):
                    found.append(row[a][a])
                found.extend([row[a][b] for b in ks[i + 1 :]])
            if singles and counts[BLACK] and counts[RED] and not rules.rocket_as_kickers:
                found.pop()
        return found  # type: ignore[return-value]  # a <= b, so no None

    return family


def _rocket(hand: _Hand, rules: RuleSet, above: int, length: int) -> list[Combination]:
    counts = hand.counts
    return [make(_ROCKET, BLACK, 1)] if counts[BLACK] and counts[RED] else []


def _with_wings(kind: Kind, *, lead: bool = False) -> Family:
    """Chains with kickers (airplanes with wings, space shuttles with wings): searched.

    Each chain position's kicker sets are listed by ``_single_kickers`` or ``_pair_kickers``
    as keys (kicker ranks, one per kicker) and mapped to combinations through a per-position
    row that is filled on first use. The ``lead`` family lists leads of a hand with every kind
    allowed: its rows (one set per rule set) map a reading that is not its card set's preferred
    one to None, and it is left out, as the preferred reading is listed by its own family.
    """
    shape = SHAPES[kind]
    pairs = shape.kicker_width == 2
    pick = _pair_kickers if pairs else _single_kickers
    shared: dict[tuple[int, int], dict[tuple[int, ...], Combination | None]] = {}
    memo_key, rows_key = f"caps {kind.value}", f"lead rows {kind.value}"

    def family(hand: _Hand, rules: RuleSet, above: int, length: int) -> list[Combination]:
        found: list[Combination] = []
        bases = hand.trios if shape.width == 3 else hand.fours
        if len(bases) < 2:
            return found
        caps = _caps(rules, kind, memo_key)
        rows = (rules.memo.get(rows_key) or _lead_rows(rules, kind, rows_key)) if lead else shared
        for low, high in _runs(bases):
            for top in range(max(low + shape.min_len - 1, above + 1), high + 1):
                for size in range(shape.min_len, min(top - low + 1, shape.max_len) + 1):
                    if length and size != length:
                        continue
                    start = top - size + 1
                    keys = pick(hand, caps[start, size], shape.kickers * size, rules)
                    row = rows.get((start, size))
                    if row is None:
                        row = rows[start, size] = {}
                    mark = len(found)
                    try:
                        readings = map(row.__getitem__, keys)
                        found += filter(None, readings) if lead else readings
                    except KeyError:  # a kicker set met for the first time
                        del found[mark:]
                        for key in keys:
                            if key not in row:
                                kickers = tuple(sorted(key * 2)) if pairs else key
                                combo = make(kind, start, size, kickers)
                                row[key] = (
                                    None if lead and combo in _clashes(rules).shadowed else combo
                                )
                        found.extend(filter(None, map(row.__getitem__, keys)))
        return found

    return family


def _lead_rows(
    rules: RuleSet, kind: Kind, key: str
) -> dict[tuple[int, int], dict[tuple[int, ...], Combination | None]]:
    """The rows of ``kind``'s lead family under ``rules``, filled from its universe: by chain
    (start, length), each kicker set's reading, or None when it is not the preferred one."""
    shadowed = _clashes(rules).shadowed
    rows: dict[tuple[int, int], dict[tuple[int, ...], Combination | None]] = {}
    step = SHAPES[kind].kicker_width
    for readings in universe(rules).values():
        for combo in readings:
            if combo.kind is kind:
                start = combo.rank - combo.length + 1
                row = rows.setdefault((start, combo.length), {})
                row[combo.order[3][::step]] = None if combo in shadowed else combo
    rules.memo[key] = rows
    return rows


def _caps(rules: RuleSet, kind: Kind, key: str) -> dict[tuple[int, int], list[int]]:
    """Per chain (start, length) of ``kind``: how many kickers of each rank it may carry (single
    kickers), or how many pairs; one table per rule set and kind, kept under ``key``."""
    table: dict[tuple[int, int], list[int]] | None = rules.memo.get(key)
    if table is None:
        shape = SHAPES[kind]
        table = rules.memo[key] = {
            (start, length): kicker_caps(rules, shape, start, length)
            if shape.kicker_width == 1
            else pair_caps(rules, start, length)
            for length in range(shape.min_len, shape.max_len + 1)
            for start in range(ACE - length + 2)
        }
    return table


def _single_kickers(hand: _Hand, caps: list[int], k: int, rules: RuleSet) -> list[tuple[int, ...]]:
    """Every set of ``k`` single kickers the hand can give under ``caps``, ascending."""
    counts = hand.counts
    ranks = [r for r in hand.present if caps[r]]
    if rules.max_kicker_repeat == 1:
        sets = list(combinations(ranks, k))
    else:
        held = [min(counts[r], caps[r]) for r in ranks]
        sets = choose_ranks(ranks, held, k)
        if rules.bomb_in_kickers and rules.kicker_rank_max < 3:
            sets = [s for s in sets if not has_kicker_gap([s.count(r) for r in ranks], rules)]
    if rules.rocket_as_kickers or not (counts[BLACK] and counts[RED]):
        return sets
    return [s for s in sets if not (RED in s and BLACK in s)]


def _pair_kickers(hand: _Hand, caps: list[int], k: int, rules: RuleSet) -> list[tuple[int, ...]]:
    """Every set of ``k`` pair kickers the hand can give under ``caps``: the pairs' ranks."""
    ranks = [r for r in hand.pairs if caps[r]]
    if rules.same_rank_pairs:
        counts = hand.counts
        return choose_ranks(ranks, [min(counts[r] // 2, caps[r]) for r in ranks], k)
    return list(combinations(ranks, k))


#: How each kind's moves are found (RULES.md section 2 shapes, section 8 kinds).
FAMILIES: dict[Kind, Family] = {
    Kind.SINGLE: _simple(Kind.SINGLE, "present"),
    Kind.PAIR: _simple(Kind.PAIR, "pairs"),
    Kind.TRIO: _simple(Kind.TRIO, "trios"),
    Kind.TRIO_SINGLE: _with_one(Kind.TRIO_SINGLE, "trios", "present"),
    Kind.TRIO_PAIR: _with_one(Kind.TRIO_PAIR, "trios", "pairs"),
    Kind.CHAIN: _chain(Kind.CHAIN, "present"),
    Kind.PAIR_CHAIN: _chain(Kind.PAIR_CHAIN, "pairs"),
    Kind.AIRPLANE: _chain(Kind.AIRPLANE, "trios"),
    Kind.AIRPLANE_SINGLES: _with_wings(Kind.AIRPLANE_SINGLES),
    Kind.AIRPLANE_PAIRS: _with_wings(Kind.AIRPLANE_PAIRS),
    Kind.FOUR_TWO_SINGLES: _with_two(Kind.FOUR_TWO_SINGLES),
    Kind.FOUR_TWO_PAIRS: _with_two(Kind.FOUR_TWO_PAIRS),
    Kind.FOUR_SINGLE: _with_one(Kind.FOUR_SINGLE, "fours", "present"),
    Kind.FOUR_PAIR: _with_one(Kind.FOUR_PAIR, "fours", "pairs"),
    Kind.SPACE_SHUTTLE: _chain(Kind.SPACE_SHUTTLE, "fours"),
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


def _lead_plan(rules: RuleSet) -> tuple[tuple[tuple[Family, int], ...], bool]:
    """The families that list leads of every kind (``_plan``'s, with the lead families of the
    kinds with wings that have readings not preferred) and whether their list needs
    ``_distinct``: only when some other kind has such readings."""
    plan = rules.memo.get("leads")
    if plan is None:
        shadowed = {combo.kind for combo in _clashes(rules).shadowed}
        families = tuple(
            (_LEAD_FAMILIES.get(kind, family) if kind in shadowed else family, width)
            for kind, family, width in _plan(rules)
        )
        plan = rules.memo["leads"] = (families, not shadowed <= _LEAD_FAMILIES.keys())
    return plan


def generate(
    hand: Counts, rules: RuleSet, previous: Combination | None, kinds: Collection[Kind] | None
) -> list[Combination]:
    if rules.game is not _THREE_PLAYER:
        return variant_moves(hand, rules, previous, kinds)
    held = _Hand(hand)
    found: list[Combination] = []
    if previous is None:
        widest = held.widest
        if kinds is None:
            families, dedupe = _lead_plan(rules)
            for family, width in families:
                if width <= widest:
                    found += family(held, rules, -1, 0)
            return _distinct(found, rules) if dedupe else found
        for kind, family, width in _plan(rules):
            if width <= widest and kind in kinds:
                found += family(held, rules, -1, 0)
        return _distinct(found, rules)
    kind = previous.kind
    if kind is _ROCKET:
        return found
    if kind is _BOMB:
        found = _bombs(held, rules, previous.rank, 0)
    else:
        found = FAMILIES[kind](held, rules, previous.rank, previous.length)
        found += _bombs(held, rules, -1, 0)
    found += _rocket(held, rules, -1, 0)
    if kinds is not None:
        found = [c for c in found if c.kind in kinds]
    return _distinct(found, rules) if kind in _clashes(rules).kinds else found


# The kinds a response looks at, bound once (an enum member's lookup through its class is slow).
_ROCKET, _BOMB, _THREE_PLAYER = Kind.ROCKET, Kind.BOMB, Game.THREE_PLAYER
_bombs = FAMILIES[Kind.BOMB]


def every_reading(hand: Counts, rules: RuleSet) -> list[Combination]:
    """Every lead of ``hand`` in every reading (a card set read two ways appears twice)."""
    if rules.game is not Game.THREE_PLAYER:
        leads = variant_moves(hand, rules, None, None)
        return [r for c in leads for r in variant_readings(c.counts, rules)]
    held = _Hand(hand)
    return [combo for _, family, _ in _plan(rules) for combo in family(held, rules, -1, 0)]


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
