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

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeGuard, cast

from .cards import Counts, contains, format_counts, read_hand
from .combos import (
    ACE,
    BLACK,
    RED,
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
from .kinds import SHAPES, Kind, Shape
from .ruleset import STANDARD, RuleSet

Cards = str | Sequence[str]


def _runs(counts: Counts, width: int) -> list[int]:
    """For each chain rank, how many consecutive ranks from it (up to A) hold ``width`` cards."""
    runs = [0] * (ACE + 2)
    for r in range(ACE, -1, -1):
        runs[r] = runs[r + 1] + 1 if counts[r] >= width else 0
    return runs


def _starts(counts: Counts, shape: Shape, length: int, runs: list[int]) -> list[int]:
    if shape.chain:
        return [s for s in range(ACE - length + 2) if runs[s] >= length]
    top = RED if shape.width == 1 else RED - 2
    return [r for r in range(top + 1) if counts[r] >= shape.width]


def _multisets(ranks: list[int], caps: list[int], k: int) -> list[tuple[int, ...]]:
    """Every ascending choice of ``k`` items from ``ranks``, taking rank i at most caps[i] times."""
    found: list[tuple[int, ...]] = []

    def extend(index: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            found.append(chosen)
            return
        if index == len(ranks):
            return
        for times in range(min(caps[index], left), -1, -1):
            extend(index + 1, left - times, chosen + (ranks[index],) * times)

    extend(0, k, ())
    return found


def _single_kickers(
    hand: Counts, shape: Shape, start: int, length: int, rules: RuleSet
) -> list[tuple[int, ...]]:
    k = length * shape.kickers
    caps = kicker_caps(rules, shape, start, length)
    ranks = [r for r in range(RED + 1) if hand[r] and caps[r]]
    if rules.max_kicker_repeat == 1:
        sets = list(combinations(ranks, k))
    else:
        sets = _multisets(ranks, [min(hand[r], caps[r]) for r in ranks], k)
    if rules.rocket_as_kickers:
        return sets
    return [s for s in sets if not (RED in s and BLACK in s)]


def _pair_kickers(
    hand: Counts, shape: Shape, start: int, length: int, rules: RuleSet
) -> list[tuple[int, ...]]:
    k = length * shape.kickers
    caps = pair_caps(rules, start, length)
    ranks = [r for r in range(RED + 1) if caps[r] and hand[r] >= 2]
    if rules.same_rank_pairs:
        sets = _multisets(ranks, [min(hand[r] // 2, caps[r]) for r in ranks], k)
    else:
        sets = list(combinations(ranks, k))
    return [tuple(r for r in s for _ in (0, 1)) for s in sets]


def _shape_moves(
    hand: Counts, kind: Kind, length: int, rules: RuleSet, *, above: int, runs: list[int]
) -> Iterator[Combination]:
    shape = SHAPES[kind]
    for start in _starts(hand, shape, length, runs):
        if start + length - 1 <= above:
            continue
        if not shape.kickers:
            yield make(kind, start, length)
            continue
        pick = _single_kickers if shape.kicker_width == 1 else _pair_kickers
        for kickers in pick(hand, shape, start, length, rules):
            yield make(kind, start, length, kickers)


def _generate(
    hand: Counts, rules: RuleSet, previous: Combination | None, kinds: Collection[Kind] | None
) -> list[Combination]:
    if previous is not None and previous.kind is Kind.ROCKET:
        return []
    wanted = (
        allowed_kinds(rules) if kinds is None else [k for k in allowed_kinds(rules) if k in kinds]
    )
    runs = {width: _runs(hand, width) for width in (1, 2, 3, 4)}
    found: list[Combination] = []
    for kind in wanted:
        if kind is Kind.ROCKET:
            if hand[BLACK] and hand[RED]:
                found.append(make(Kind.ROCKET, BLACK, 1))
            continue
        shape = SHAPES[kind]
        lengths = range(shape.min_len, shape.max_len + 1)
        above = -1
        if previous is not None and kind is Kind.BOMB:
            above = previous.rank if previous.kind is Kind.BOMB else -1
        elif previous is not None:
            if kind is not previous.kind:
                continue
            lengths = range(previous.length, previous.length + 1)
            above = previous.rank
        for length in lengths:
            found.extend(
                _shape_moves(hand, kind, length, rules, above=above, runs=runs[shape.width])
            )
    return _distinct(found)


def _distinct(found: list[Combination]) -> list[Combination]:
    """One entry per card set, its preferred reading, in listing order."""
    best: dict[str, Combination] = {}
    for combo in found:
        other = best.setdefault(combo.cards, combo)
        if other is not combo and preference(combo) < preference(other):
            best[combo.cards] = combo
    if len(best) == len(found):
        return found
    return sorted(best.values(), key=lambda c: c.order)


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


@dataclass(frozen=True)
class LegalMoves:
    """The legal moves of a hand: iterate, count, test membership, ask whether passing is allowed.

    Membership (``in``) checks the play directly, without listing the moves.
    """

    hand: Counts
    previous: Combination | None = None
    rules: RuleSet = STANDARD
    kinds: frozenset[Kind] | None = None
    _moves: list[Combination] = field(default_factory=list, init=False, repr=False, compare=False)

    @property
    def moves(self) -> list[Combination]:
        """Every legal move, in listing order (computed once)."""
        if not self._moves and any(self.hand):
            self._moves.extend(_generate(self.hand, self.rules, self.previous, self.kinds))
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
