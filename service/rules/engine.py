"""The reference engine: every legal lead or response of a hand, for any game, from its forms.

Each form of the game (``service.rules.model``) lists the combinations a hand holds: every run
of primal ranks the hand holds ``width`` times within the form's limits, with every legal set
of kickers (``service.rules.kickers``), keeping those that beat the play to answer. A card set
is listed once, as its preferred reading among those listed (docs/rules.md §4), in listing order:
kind, rank, size, then the cards' ranks (``Combination.order``). It is the standard the fast
path (``service.rules.fast``: the three-player tables and the general plan of the other games)
is checked against; the service does not list moves with it.

>>> from service.rules import BIG_THREE, FOUR_PLAYER, STANDARD, Combination, read_play
>>> [c.cards for c in reference_moves(read_play("2333", BIG_THREE), BIG_THREE.model)]
['2', '3', '33', '333']
>>> [c.cards for c in reference_moves(read_play("33345"), STANDARD.model, Combination.of("3336"))]
[]
>>> len(reference_moves(read_play("333444555666789TJQKA"), STANDARD.model))
497
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from .beating import beats
from .cards import Counts
from .combos import (
    Combination,
    beside,
    make,
    preference,
    primal_starts,
    readings,
    wild_combination,
)
from .kickers import pair_kicker_sets, single_kicker_sets
from .kinds import Kind
from .model import Form, GameModel, Tier
from .wildfast import answers_at
from .wilds import wild_play_groups


def reference_moves(
    hand: Counts,
    model: GameModel,
    previous: Combination | None = None,
    kinds: Collection[Kind] | None = None,
) -> list[Combination]:
    """Every lead of ``hand``, or every answer to ``previous``, once per card set (its
    preferred reading among those that qualify), of the ``kinds`` given, in listing order.

    >>> from service.rules import FOUR_PLAYER, Combination, Kind, read_play
    >>> hand = read_play("3333344445", FOUR_PLAYER)
    >>> [c.cards for c in reference_moves(hand, FOUR_PLAYER.model, None, {Kind.BOMB})]
    ['3333', '33333', '4444']
    """
    found = [
        combo
        for form in model.forms
        if kinds is None or form.kind in kinds
        for combo in form_moves(form, hand, model, previous)
    ]
    best: dict[str, Combination] = {}
    for combo in found:
        other = best.setdefault(combo.cards, combo)
        if preference(combo) < preference(other):
            best[combo.cards] = combo
    return sorted(best.values(), key=lambda c: c.order)


def searched_wild_moves(
    hand: Counts,
    model: GameModel,
    previous: Combination | None = None,
    kinds: Collection[Kind] | None = None,
) -> list[Combination]:
    """The moves of a hand with wilds (``wildfast.wild_listing``) as the wild search finds
    them (``service.rules.wilds``): every play of every position made, one per identity,
    those that beat ``previous`` kept, each group sorted. The reference the wild engine is
    held to (``tests/test_wild_engine.py``).

    >>> from service.rules import Kind, get_ruleset, read_play
    >>> laizi = get_ruleset("laizi", wild="2").model
    >>> found = searched_wild_moves(read_play("345562"), laizi, kinds={Kind.CHAIN})
    >>> [(c.cards, c.primal) for c in found]
    [('34562', '34567')]
    """
    may = None if previous is None else answers_at(previous, model)
    found = []
    for _, plays in wild_play_groups(hand, model, kinds, positions=may):
        combos = (wild_combination(p, model) for p in plays)
        if previous is not None:
            combos = (c for c in combos if beats(c, previous))
        found += sorted(combos, key=lambda c: c.order)
    return found


def _may_beat(form: Form, previous: Combination) -> bool:
    """Whether a combination of ``form`` may beat ``previous`` at all (docs/rules.md §3)."""
    return previous.tier is not Tier.TOP and (form.kind is previous.kind or form.tier > Tier.PLAY)


def form_moves(
    form: Form, hand: Counts, model: GameModel, previous: Combination | None = None
) -> Iterator[Combination]:
    """Every combination of ``form`` that ``hand`` holds and that beats ``previous`` (any,
    when it is None): each chain position with each of its legal kicker sets.

    >>> from service.rules import STANDARD, Combination, read_play
    >>> [c.cards for c in form_moves(STANDARD.model.forms[3], read_play("333445"), STANDARD.model)]
    ['3334', '3335']
    """
    if previous is not None and not _may_beat(form, previous):
        return
    for length in form.lengths():
        for start in primal_starts(hand, form, length):
            for kickers in _kicker_sets(hand, form, start, length, model):
                combo = make(form, start, length, kickers, model.order)
                if previous is None or beats(combo, previous):
                    yield combo


def _kicker_sets(
    hand: Counts, form: Form, start: int, length: int, model: GameModel
) -> list[tuple[int, ...]]:
    """Every legal kicker set of a position, as kicker ranks one entry per card (one empty
    set for a form without kickers)."""
    if not form.kickers:
        return [()]
    rest = beside(hand, form, start, length)
    if form.kicker_width == 1:
        return single_kicker_sets(tuple(rest), form, start, length, model.kickers)
    pairs = pair_kicker_sets(tuple(rest), form, start, length, model.kickers)
    return [tuple(sorted(kick * 2)) for kick in pairs]


def every_reading(hand: Counts, model: GameModel) -> list[Combination]:
    """Every lead of ``hand`` in every reading (a card set read two ways appears twice).

    >>> from service.rules import get_ruleset, read_play
    >>> found = every_reading(read_play("333444555666"), get_ruleset("douzero").model)
    >>> [c.kind.value for c in found if c.cards == "333444555666"]
    ['airplane', 'airplane_singles', 'airplane_singles']
    """
    return [r for combo in reference_moves(hand, model) for r in readings(combo.counts, model)]


__all__ = [
    "every_reading",
    "form_moves",
    "reference_moves",
    "searched_wild_moves",
]
