"""Legal moves: every lead of a hand, or every response to a play, and a membership check.

Moves are generated family by family from the kind shapes (``kinds.SHAPES``): primal chains
where the rank counts allow them, then every legal set of kickers from the rest of the hand.
A card set is listed once, as its preferred reading (among those that beat the play to
answer). The order is deterministic: by kind (``Kind`` order), chain length, primal rank, then
cards.

>>> moves = legal_moves("33344", previous="555")
>>> [m.cards for m in moves], moves.can_pass
([], True)
>>> len(legal_moves("333444555666789TJQKA"))
497
>>> "3334" in legal_moves("33345"), "3333" in legal_moves("33345")
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, compress, pairwise
from math import comb
from typing import TypeGuard, cast

from .cards import Counts, contains, format_counts, read_hand
from .combos import (
    ACE,
    BLACK,
    RED,
    TWO,
    Combination,
    Reason,
    Verdict,
    allowed_kinds,
    best_beating,
    choose,
    kicker_caps,
    make,
    pair_caps,
    preference,
    readings_of,
)
from .kinds import KIND_ORDER, SHAPES, Kind, Shape
from .ruleset import STANDARD, RuleSet

Cards = str | Sequence[str]


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


def _choose(ranks: list[int], caps: list[int], k: int) -> list[tuple[int, ...]]:
    """Every ascending choice of ``k`` items from ``ranks``, taking rank i at most caps[i] times."""
    pool = [r for r, cap in zip(ranks, caps, strict=True) for _ in range(cap)]
    if comb(len(pool), k) <= 4096:
        return list(dict.fromkeys(combinations(pool, k)))
    found: list[tuple[int, ...]] = []

    def extend(index: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            found.append(chosen)
        elif index < len(ranks):
            for times in range(min(caps[index], left) + 1):
                extend(index + 1, left - times, chosen + (ranks[index],) * times)

    extend(0, k, ())
    return sorted(found)


def _single_kickers(
    hand: Counts, shape: Shape, start: int, length: int, rules: RuleSet
) -> list[tuple[int, ...]]:
    k = shape.kickers * length
    caps = kicker_caps(rules, shape, start, length)
    ranks = [r for r in _ALL if hand[r] and caps[r]]
    if rules.max_kicker_repeat == 1:
        sets = list(combinations(ranks, k))
    else:
        sets = _choose(ranks, [min(hand[r], caps[r]) for r in ranks], k)
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
        sets = _choose(ranks, [min(hand[r] // 2, caps[r]) for r in ranks], k)
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


def _generate(
    hand: Counts, rules: RuleSet, previous: Combination | None, kinds: Collection[Kind] | None
) -> list[Combination]:
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


@dataclass(frozen=True, slots=True)
class PlayCheck:
    """Whether a play is legal here; if so, the reading it is played as."""

    legal: bool
    reason: Reason
    message: str
    combination: Combination | None = None

    def __bool__(self) -> bool:
        return self.legal


def check_play(
    hand: Counts,
    play: Counts,
    previous: Combination | None = None,
    rules: RuleSet = STANDARD,
    *,
    kind: Kind | str | None = None,
    rank: str | None = None,
) -> PlayCheck:
    """Whether ``play`` is legal from ``hand`` against ``previous`` (None: a lead), and why.

    It checks without listing the moves: the hand holds the cards, they form a combination (the
    declared reading when given), and that combination beats the previous play.

    >>> check_play(read_hand("33345"), read_hand("333"), Combination.of("444")).reason
    <Reason.NOT_HIGHER: 'not_higher'>
    """
    if not any(play):
        return PlayCheck(False, Reason.EMPTY_PLAY, "a play holds at least one card")
    if not contains(hand, play):
        return PlayCheck(False, Reason.NOT_IN_HAND, f"the hand does not hold {format_counts(play)}")
    readings = readings_of(play, rules)
    if kind is not None or rank is not None:
        declared = choose(readings, kind, rank)
        readings = (declared,) if declared else ()
    if not readings:
        what = f" as {kind or ''} {rank or ''}".rstrip() if kind or rank else ""
        text = f"{format_counts(play)} is not a combination{what} under {rules.name}"
        return PlayCheck(False, Reason.NOT_A_COMBINATION, text)
    if previous is None:
        return PlayCheck(True, Reason.LEAD, "any combination may lead", readings[0])
    combo, verdict = best_beating(readings, previous)
    return PlayCheck(verdict.beats, verdict.reason, verdict.message, combo)


def _previous(previous: Combination | Cards | None, rules: RuleSet) -> Combination | None:
    if previous is None or isinstance(previous, Combination):
        return previous
    return Combination.of(previous, rules=rules)


class LegalMoves:
    """The legal moves of a hand: iterate, count, test membership, ask whether passing is allowed.

    Membership (``in``) checks the play directly, without listing the moves.
    """

    __slots__ = ("_moves", "hand", "kinds", "previous", "rules")

    def __init__(
        self,
        hand: Counts,
        previous: Combination | None = None,
        rules: RuleSet = STANDARD,
        kinds: frozenset[Kind] | None = None,
    ) -> None:
        self.hand = hand
        self.previous = previous
        self.rules = rules
        self.kinds = kinds
        self._moves: list[Combination] | None = None

    def __repr__(self) -> str:
        previous = self.previous.cards if self.previous else None
        return f"legal_moves({format_counts(self.hand)!r}, {previous!r}, {self.rules.name})"

    @property
    def moves(self) -> list[Combination]:
        """Every legal move, in listing order (computed once)."""
        if self._moves is None:
            self._moves = _generate(self.hand, self.rules, self.previous, self.kinds)
        return self._moves

    @property
    def can_pass(self) -> bool:
        """Whether the player may pass: always when answering a play, never when leading."""
        return self.previous is not None

    def count(self) -> int:
        """How many distinct legal plays there are."""
        return len(self.moves)

    def check(
        self, play: Cards, *, kind: Kind | str | None = None, rank: str | None = None
    ) -> PlayCheck:
        """Whether a play is legal here, and why (see ``check_play``)."""
        result = check_play(
            self.hand, read_hand(play), self.previous, self.rules, kind=kind, rank=rank
        )
        combo = result.combination
        if result and combo is not None and self.kinds is not None and combo.kind not in self.kinds:
            return PlayCheck(False, Reason.DIFFERENT_KIND, f"{combo.kind} is filtered out")
        return result

    def __iter__(self) -> Iterator[Combination]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def __bool__(self) -> bool:
        return bool(self.moves)

    def __contains__(self, play: object) -> bool:
        if isinstance(play, Combination):
            return bool(self.check(play.cards, kind=play.kind, rank=play.rank.char))
        if isinstance(play, str | list | tuple):
            return bool(self.check(play))
        return False


def legal_moves(
    hand: Cards | Counts,
    previous: Combination | Cards | None = None,
    rules: RuleSet = STANDARD,
    *,
    kinds: Collection[Kind | str] | None = None,
) -> LegalMoves:
    """The legal moves of ``hand``: leads when ``previous`` is None, else responses to it.

    A previous play given as cards is read as its preferred reading (RULES.md section 4).

    >>> [m.cards for m in legal_moves("3456789", previous="34567")]
    ['45678', '56789']
    """
    counts = hand if _is_counts(hand) else read_hand(cast(Cards, hand))
    wanted = None if kinds is None else frozenset(Kind(k) for k in kinds)
    return LegalMoves(counts, _previous(previous, rules), rules, wanted)


def _is_counts(value: object) -> TypeGuard[Counts]:
    return isinstance(value, tuple) and bool(value) and isinstance(value[0], int)


__all__ = ["LegalMoves", "PlayCheck", "Verdict", "check_play", "legal_moves"]
