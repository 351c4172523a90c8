"""Legal moves: every lead of a hand, or every response to a play; classification; membership.

A card set is listed once, as its preferred reading (among those that beat the play to
answer), in listing order: the fast path's (``service.rules.fast``: the three-player game's
tables, the other games' plan), which the tests check against the reference engine's
(``service.rules.engine``); a wildcard game's plays come from the wild search.
Classification reads a card set from the game's forms (``combos.readings``) the first time it
is asked, and keeps the answer in the game's universe (bounded): after that, one lookup.

>>> moves = legal_moves("33344", previous="555")
>>> [m.cards for m in moves], moves.can_pass
([], True)
>>> len(legal_moves("333444555666789TJQKA"))
497
>>> "3334" in legal_moves("33345"), "3333" in legal_moves("33345")
(True, False)
>>> for reading in classify("333444555666", get_ruleset("douzero")):
...     print(reading.kind, reading.primal, reading.kickers or "-")
airplane 333444555666 -
airplane_singles 444555666 333
airplane_singles 333444555 666
>>> classify("3 3 4 4 5 5"), classify("3345")
((Combination.of('334455', kind='pair_chain', rank='5'),), ())
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeGuard, cast

from . import fast
from .beating import Reason, best_beating
from .cards import Counts, contains, format_counts, lookup_canonical
from .combos import (
    _THREE_PLAYER,
    Combination,
    check_counts,
    choose,
    natural_plays,
    natural_readings,
    read_play,
    readings_of,
)
from .fast.hand import HELD_PARTS, Parts, held_parts, joined_counts
from .fast.tables import UNIVERSES, Universe
from .kinds import Kind
from .model import GameModel, Tier
from .ruleset import STANDARD, RuleSet, get_ruleset
from .wildfast import wild_listing

Cards = str | Sequence[str]


def classifier(rules: RuleSet = STANDARD) -> Callable[[str], tuple[Combination, ...]]:
    """``classify`` for card strings under ``rules``, as one table lookup when the string is
    canonical (``3456789TJQKA2BR``, ascending); for classifying many plays fast.

    >>> by_standard = classifier()
    >>> by_standard("33344")[0].kind, by_standard("4 4 3 3 3")[0].kind, by_standard("3345")
    (<Kind.TRIO_PAIR: 'trio_pair'>, <Kind.TRIO_PAIR: 'trio_pair'>, ())
    """
    if rules.model.wilds is not None:
        return partial(classify, rules=rules)
    return universe(rules).__getitem__


def universe(rules: RuleSet = STANDARD) -> Universe:
    """The card sets read under ``rules`` so far, each with its readings, preferred first; any
    other card set is read from the game's forms when first asked, and kept (bounded:
    ``fast.tables.Universe``). A wildcard game has none: this is its natural game's table,
    which reads wild cards as their own rank; ``classify`` reads a wild game's plays that hold
    a wild card from the forms, and those that hold none from this table.

    >>> [c.kind.value for c in universe()["3333"]], "3333" in universe()
    (['bomb'], True)
    """
    model = rules.model.natural
    return UNIVERSES.get(model) or fast.universe(model)


def classify(cards: str | Sequence[str], rules: RuleSet = STANDARD) -> tuple[Combination, ...]:
    """Every reading of a card list under ``rules``, preferred first; empty if none.

    Raises ``CardError`` when the cards cannot be read or the deck cannot hold them.

    >>> [c.kind.value for c in classify("3 3 3 3")], classify("3345")
    (['bomb'], ())
    """
    wilds = rules.model.wilds
    if wilds is not None:  # docs/rules.md §14
        counts = read_play(cards, rules)
        if wilds.none_in(counts):  # the natural game's readings, from its table
            return natural_readings(universe(rules)[format_counts(counts)], rules.model)
        return readings_of(counts, rules)  # from the forms, every substitution of the wilds
    table = universe(rules)
    return table[cards] if isinstance(cards, str) else table.__missing__(cards)


def combination(
    cards: Cards,
    rules: RuleSet = STANDARD,
    *,
    kind: Kind | str | None = None,
    rank: str | None = None,
    substitution: Mapping[str, str] | None = None,
) -> Combination:
    """The preferred (or declared) reading of ``cards``; ``ValueError`` when there is none.

    >>> combination("44333").kind
    <Kind.TRIO_PAIR: 'trio_pair'>
    >>> combination("3337", get_ruleset("laizi", wild="7"), kind="trio_single").substitution
    {'7': '7'}
    """
    readings = classify(cards, rules)
    chosen = choose(readings, kind, rank, substitution, rules.model) if readings else None
    if chosen is None:
        return Combination.of(cards, kind=kind, rank=rank, rules=rules)  # raises the why
    return chosen


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
    substitution: Mapping[str, str] | None = None,
) -> PlayCheck:
    """Whether ``play`` is legal from ``hand`` against ``previous`` (None: a lead), and why.

    It checks without listing the moves: the hand holds the cards, they form a combination (the
    declared reading when given), and that combination beats the previous play.

    >>> check_play(read_play("33345"), read_play("333"), Combination.of("444")).reason
    <Reason.NOT_HIGHER: 'not_higher'>
    """
    table = rules.model.table
    check_counts(hand, table)
    check_counts(play, table, "play")
    if not any(play):
        return PlayCheck(False, Reason.EMPTY_PLAY, "a play holds at least one card")
    if not contains(hand, play):
        return PlayCheck(False, Reason.NOT_IN_HAND, f"the hand does not hold {format_counts(play)}")
    readings = readings_of(play, rules)
    if kind is not None or rank is not None or substitution is not None:
        declared = choose(readings, kind, rank, substitution, rules.model)
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
    """The previous play as ``rules`` read it: a combination is read again, by its cards, kind
    and rank, so that one made under another game's order is not compared by that order."""
    if previous is None:
        return None
    if isinstance(previous, Combination):
        declared = previous.substitution if previous.wild else None
        return combination(
            previous.cards,
            rules,
            kind=previous.kind,
            rank=previous.rank.char,
            substitution=declared,
        )
    return combination(previous, rules)


class LegalMoves:
    """The legal moves of a hand: iterate, count, test membership, ask whether passing is allowed.

    Membership (``in``) checks the play directly, without listing the moves.
    """

    __slots__ = ("_hand", "_moves", "_parts", "kinds", "previous", "rules")

    def __init__(
        self,
        hand: Counts | None,
        previous: Combination | None = None,
        rules: RuleSet = STANDARD,
        kinds: frozenset[Kind] | None = None,
        parts: Parts | None = None,
    ) -> None:
        self._hand = hand  # None when read as parts, joined on demand
        self.previous = previous
        self.rules = rules
        self.kinds = kinds
        self._parts = parts  # the hand's parts as the generator reads them, when already read
        self._moves: list[Combination] | None = None

    def __repr__(self) -> str:
        previous = self.previous.cards if self.previous else None
        return f"legal_moves({format_counts(self.hand)!r}, {previous!r}, {self.rules.name})"

    @property
    def hand(self) -> Counts:
        """The hand's rank counts."""
        hand = self._hand
        if hand is None:
            assert self._parts is not None
            hand = self._hand = joined_counts(self._parts)
        return hand

    @property
    def moves(self) -> list[Combination]:
        """Every legal move, in listing order (computed once)."""
        if self._moves is None:
            model = self.rules.model
            if model.wilds is None:
                found = self._natural_moves(model)
            elif self._natural():
                natural, previous = model.natural, self.previous
                if previous is None:
                    readings = fast.every_reading(self.hand, natural)
                else:
                    readings = fast.generate(self.hand, natural, previous, None, every=True)
                # In listing order where the tables list the natural game (``fast._plan``;
                # an answer lists its kind's plays, then bombs, then the rocket, as kinds go).
                listed = fast.lists(natural)
                found = self._kept(natural_plays(readings, model, in_order=listed))
            else:
                found = wild_listing(self.hand, model, self.previous, self.kinds)[1]
            self._moves = found
        return self._moves

    def _natural_moves(self, model: GameModel) -> list[Combination]:
        """The moves under a game model without wilds: the three-player tables', or the
        general plan's."""
        if fast.lists(model):
            return fast.generate(self._hand, model, self.previous, self.kinds, self._parts)
        return fast.general_moves(self.hand, model, self.previous, self.kinds)

    def _natural(self) -> bool:
        """Whether a wildcard game's moves are its natural game's readings (each read as
        ``combos.natural_play`` reads it; a wild game lists every reading of a card set, in
        the order of their ``order``): the hand holds no wild card, and it leads
        (``fast.every_reading``) or answers a play of the plays' tier in a natural game the
        three-player tables list (``fast.generate``; a hard bomb beats a soft one of its
        rank, on the wild ladder, which the natural game does not know). Checked against the
        wild search by ``tests/test_wild_engine.py``."""
        model = self.rules.model
        wilds = model.wilds
        assert wilds is not None
        previous = self.previous
        if not wilds.none_in(self.hand):
            return False
        return previous is None or (previous.tier is Tier.PLAY and fast.lists(model.natural))

    def _kept(self, moves: list[Combination]) -> list[Combination]:
        """The moves of the kinds asked for (all, when none is named)."""
        kinds = self.kinds
        return moves if kinds is None else [m for m in moves if m.kind in kinds]

    @property
    def can_pass(self) -> bool:
        """Whether the player may pass: always when answering a play, never when leading."""
        return self.previous is not None

    def page(self, offset: int = 0, limit: int | None = None) -> tuple[int, list[Combination]]:
        """How many legal moves there are, and ``limit`` of them (all, when None) from
        ``offset`` in listing order. A wildcard game's moves (tens of thousands with many wilds,
        docs/rules.md §14) are counted from the rank counts, and only the page is made
        (``wildfast.wild_listing``), unless the hand holds no wild card (``_natural``); a
        three-player hand's leads of every kind are listed up to the page's end and the
        chains with wings counted past it (``fast.lead_page``); other moves are listed
        whole. A negative ``offset`` or ``limit`` is a ``ValueError``.

        >>> count, page = legal_moves("34567777", rules=get_ruleset("laizi", wild="7")).page(100, 2)
        >>> count, [(m.cards, m.kind.value, m.rank.char) for m in page]
        (303, [('36777', 'trio_pair', '6'), ('37777', 'trio_pair', '6')])
        """
        if offset < 0 or (limit is not None and limit < 0):
            raise ValueError(
                f"a page starts at 0 or later and holds 0 or more moves: {offset}, {limit}"
            )
        model = self.rules.model
        if self._moves is None:
            if model.wilds is not None and not self._natural():
                return wild_listing(
                    self.hand, model, self.previous, self.kinds, offset=offset, limit=limit
                )
            if (
                model.wilds is None
                and limit is not None
                and self.previous is None
                and self.kinds is None
                and fast.lists(model)
            ):
                found, count = fast.lead_page(self._hand, model, self._parts, offset + limit)
                return count, found[offset : offset + limit]
        moves = self.moves
        return len(moves), moves[offset : None if limit is None else offset + limit]

    def count(self) -> int:
        """How many distinct legal plays there are, counted as ``page`` counts them unless
        they were listed.

        >>> legal_moves("333444555666789TJQKA", rules=get_ruleset("douzero")).count()
        519
        >>> tiandi = get_ruleset("tiandi_laizi", wild=["K", "Q"])
        >>> legal_moves("KKKKQQQQ345678899TJA", rules=tiandi).count()
        57709
        """
        if self._moves is None:
            return self.page(0, 0)[0]
        return len(self.moves)

    def check(
        self,
        play: Cards,
        *,
        kind: Kind | str | None = None,
        rank: str | None = None,
        substitution: Mapping[str, str] | None = None,
    ) -> PlayCheck:
        """Whether a play is legal here, and why (see ``check_play``).

        >>> legal_moves("33335", previous="222").check("3333").reason.value
        'bomb'
        """
        counts = read_play(play, self.rules)
        result = check_play(
            self.hand,
            counts,
            self.previous,
            self.rules,
            kind=kind,
            rank=rank,
            substitution=substitution,
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
            declared = play.substitution if play.wild else None
            return bool(
                self.check(play.cards, kind=play.kind, rank=play.rank.char, substitution=declared)
            )
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

    A previous play given as cards is read as its preferred reading (docs/rules.md §4).

    >>> [m.cards for m in legal_moves("3456789", previous="34567")]
    ['45678', '56789']
    """
    # The hot path, written out: a canonical string of a three-player hand is read as its
    # parts (three table lookups), and a previous play as a canonical string is looked up.
    parts: Parts | None = None
    model = rules.model  # the compiled model's fields are read natively, the rule set's not
    plain = model.wilds is None
    if type(hand) is str and model.game is _THREE_PLAYER and plain:
        parts = lookup_canonical(hand, HELD_PARTS or held_parts())
    counts: Counts | None = None  # joined from the parts where read
    if parts is None:
        if _is_counts(hand):
            check_counts(hand, model.table)
            counts = hand
        else:
            counts = read_play(cast(Cards, hand), rules)
    if (
        plain
        and type(previous) is str
        and (readings := (UNIVERSES.get(model) or fast.universe(model))[previous])
    ):
        before: Combination | None = readings[0]
    else:
        before = _previous(previous, rules)
    wanted = None if kinds is None else frozenset(Kind(k) for k in kinds)
    return LegalMoves(counts, before, rules, wanted, parts)


def _is_counts(value: object) -> TypeGuard[Counts]:
    return isinstance(value, tuple) and bool(value) and isinstance(value[0], int)


__all__ = [
    "LegalMoves",
    "PlayCheck",
    "check_play",
    "classify",
    "combination",
    "get_ruleset",
    "legal_moves",
    "universe",
]
