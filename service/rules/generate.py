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

from collections.abc import Callable, Collection
from functools import cache
from itertools import combinations, compress, pairwise

from .cards import Counts
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
)
from .kinds import KIND_ORDER, SHAPES, Kind, Shape
from .ruleset import Game, RuleSet
from .variants import variant_moves, variant_readings


class _Hand:
    """A hand's rank counts with the ranks it holds at least once, twice, thrice, four times."""

    __slots__ = ("counts", "fours", "pairs", "present", "trios", "widest")

    def __init__(self, counts: Counts) -> None:
        self.counts = counts
        self.present = present = list(compress(_ALL, counts))
        self.pairs = pairs = [r for r in present if counts[r] > 1 and r <= TWO]
        self.trios = trios = [r for r in pairs if counts[r] > 2] if pairs else pairs
        self.fours = fours = [r for r in trios if counts[r] > 3] if trios else trios
        self.widest = 4 if fours else 3 if trios else 2 if pairs else 1


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
    def family(hand: _Hand, rules: RuleSet, above: int, length: int) -> list[Combination]:
        combos = _singles_table(kind)
        return [combos[r] for r in getattr(hand, source) if r > above]

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
    def family(hand: _Hand, rules: RuleSet, above: int, length: int) -> list[Combination]:
        table = _table(kind)
        kickers = getattr(hand, kicker_source)
        found: list[Combination | None] = []
        for p in getattr(hand, source):
            if p > above:
                row = table[p]
                found.extend([row[k] for k in kickers if k != p])
        return found  # type: ignore[return-value]  # k != p, so no None

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
    return [make(Kind.ROCKET, BLACK, 1)] if counts[BLACK] and counts[RED] else []


def _with_wings(kind: Kind) -> Family:
    """Chains with kickers (airplanes with wings, space shuttles with wings): searched."""
    shape = SHAPES[kind]
    pick = _single_kickers if shape.kicker_width == 1 else _pair_kickers
    rows: dict[tuple[int, int], dict[tuple[int, ...], Combination]] = {}

    def family(hand: _Hand, rules: RuleSet, above: int, length: int) -> list[Combination]:
        found: list[Combination] = []
        bases = hand.trios if shape.width == 3 else hand.fours
        if len(bases) < 2 or all(b - a > 1 for a, b in pairwise(bases)):
            return found
        for low, high in _runs(bases):
            for top in range(max(low + shape.min_len - 1, above + 1), high + 1):
                for size in range(shape.min_len, min(top - low + 1, shape.max_len) + 1):
                    if not length or size == length:
                        start = top - size + 1
                        row = rows.setdefault((start, size), {})
                        sets = pick(hand.counts, shape, start, size, rules)
                        for kickers in [k for k in sets if k not in row]:
                            row[kickers] = make(kind, start, size, kickers)
                        found.extend(map(row.__getitem__, sets))
        return found

    return family


def _single_kickers(
    hand: Counts, shape: Shape, start: int, length: int, rules: RuleSet
) -> list[tuple[int, ...]]:
    k = shape.kickers * length
    caps = kicker_caps(rules, shape, start, length)
    ranks = [r for r in _ALL if hand[r] and caps[r]]
    if rules.max_kicker_repeat == 1:
        sets = list(combinations(ranks, k))
    else:
        sets = choose_ranks(ranks, [min(hand[r], caps[r]) for r in ranks], k)
    if rules.bomb_in_kickers and rules.kicker_rank_max < 3:
        sets = [s for s in sets if not has_kicker_gap([s.count(r) for r in ranks], rules)]
    if rules.rocket_as_kickers:
        return sets
    return [s for s in sets if not (RED in s and BLACK in s)]


def _pair_kickers(
    hand: Counts, shape: Shape, start: int, length: int, rules: RuleSet
) -> list[tuple[int, ...]]:
    k = shape.kickers * length
    caps = pair_caps(rules, start, length)
    ranks = [r for r in _ALL if caps[r] and hand[r] >= 2]
    if rules.same_rank_pairs:
        sets = choose_ranks(ranks, [min(hand[r] // 2, caps[r]) for r in ranks], k)
    else:
        sets = list(combinations(ranks, k))
    return [tuple(r for r in s for _ in (0, 1)) for s in sets]


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


#: How many cards of one rank a hand needs for a kind (1 when any hand may hold one).
_WIDTH = {kind: shape.width for kind, shape in SHAPES.items()}

#: Kinds between these two (in ``Kind`` order) are the only ones a card set can share with
#: another kind or rank (several trios or fours); all others have a single reading.
_CLASH = (KIND_ORDER[Kind.AIRPLANE], KIND_ORDER[Kind.SPACE_SHUTTLE_PAIRS])


def _part(kind: Kind) -> int:
    order = KIND_ORDER[kind]
    return 0 if order < _CLASH[0] else 1 if order <= _CLASH[1] else 2


def _plan(rules: RuleSet) -> tuple[tuple[tuple[Kind, Family, int, int], ...], bool]:
    """Per kind: its family, its part (0 before, 1 within, 2 after the kinds that can clash)
    and the cards of one rank it needs; and whether a card set may read two ways."""
    plan = rules.memo.get("moves")
    if plan is None:
        families = tuple(
            (kind, FAMILIES[kind], _part(kind), _WIDTH.get(kind, 1))
            for kind in allowed_kinds(rules)
        )
        ambiguous = (
            rules.adjacent_trio_kickers
            or rules.same_rank_pairs
            or rules.space_shuttle
            or (rules.four_with_pair and rules.kicker_ranks_repeat)
        )
        plan = rules.memo["moves"] = (families, ambiguous)
    return plan


def generate(
    hand: Counts, rules: RuleSet, previous: Combination | None, kinds: Collection[Kind] | None
) -> list[Combination]:
    if rules.game is not Game.THREE_PLAYER:
        return variant_moves(hand, rules, previous, kinds)
    families, ambiguous = _plan(rules)
    held = _Hand(hand)
    found: list[Combination] = []
    if previous is None:
        parts: tuple[list[Combination], ...] = ([], [], [])
        widest = held.widest
        for kind, family, part, width in families:
            if width <= widest and (kinds is None or kind in kinds):
                parts[part].extend(family(held, rules, -1, 0))
        head, clash, tail = parts
        return head + (_distinct(clash) if ambiguous else clash) + tail
    if previous.kind is not Kind.ROCKET:
        if not previous.is_bomb:
            found += FAMILIES[previous.kind](held, rules, previous.rank, previous.length)
        found += FAMILIES[Kind.BOMB](held, rules, previous.rank if previous.is_bomb else -1, 0)
        found += _rocket(held, rules, -1, 0)
        if kinds is not None:
            found = [c for c in found if c.kind in kinds]
    return _distinct(found) if ambiguous else found


#: The whole deck: its leads are every play of the rule set (its universe).
FULL_DECK: Counts = (4,) * 13 + (1, 1)


def every_reading(hand: Counts, rules: RuleSet) -> list[Combination]:
    """Every lead of ``hand`` in every reading (a card set read two ways appears twice)."""
    if rules.game is not Game.THREE_PLAYER:
        leads = variant_moves(hand, rules, None, None)
        return [r for c in leads for r in variant_readings(c.counts, rules)]
    families, _ = _plan(rules)
    held = _Hand(hand)
    return [combo for _, family, _, _ in families for combo in family(held, rules, -1, 0)]


def _distinct(found: list[Combination]) -> list[Combination]:
    """One entry per card set, its preferred reading, in listing order."""
    best: dict[str, Combination] = {}
    resort = False
    for combo in found:
        other = best.setdefault(combo.cards, combo)
        if other is not combo and preference(combo) < preference(other):
            best[combo.cards] = combo
            resort = True
    if len(best) == len(found):
        return found
    kept = [c for c in found if best[c.cards] is c]
    return sorted(kept, key=lambda c: c.order) if resort else kept
