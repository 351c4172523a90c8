"""The reference engine: every legal lead or response of a hand, for any game, from its forms.

Each form of the game (``service.rules.model``) lists the combinations a hand holds: every run
of primal ranks the hand holds ``width`` times within the form's limits, with every legal set
of kickers (``service.rules.kickers``), keeping those that beat the play to answer. A card set
is listed once, as its preferred reading among those listed (docs/rules.md §4), in listing order:
kind, rank, size, kickers. It is the standard the fast path (``service.rules.fast``: the
three-player tables and the general plan of the other games) is checked against; the service
does not list moves with it.

>>> from service.rules import BIG_THREE, FOUR_PLAYER, STANDARD, Combination, read_play
>>> [c.cards for c in reference_moves(read_play("2333", BIG_THREE), BIG_THREE.model)]
['2', '3', '33', '333']
>>> [c.cards for c in reference_moves(read_play("33345"), STANDARD.model, Combination.of("3336"))]
[]
>>> len(reference_moves(read_play("333444555666789TJQKA"), STANDARD.model))
497
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from functools import lru_cache

from .beating import beats
from .cards import Counts
from .combos import Combination, make, preference, primal_starts, readings, wild_combination
from .kickers import pair_kicker_sets, single_kicker_sets
from .kinds import Kind
from .model import Form, GameModel, Tier
from .wilds import Group, WildPlay, wild_play_groups


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


def wild_moves(
    hand: Counts,
    model: GameModel,
    previous: Combination | None = None,
    kinds: Collection[Kind] | None = None,
) -> list[Combination]:
    """Every play of a hand with wilds (docs/rules.md §14), each cards and reading once, that
    beats ``previous`` (any, when it is None), of the ``kinds`` given, in listing order.

    >>> from service.rules import Kind, get_ruleset, read_play
    >>> laizi = get_ruleset("laizi", wild="2").model
    >>> [(c.cards, c.primal) for c in wild_moves(read_play("345562"), laizi, kinds={Kind.CHAIN})]
    [('34562', '34567')]
    """
    groups = _wild_groups(hand, model, previous, kinds)
    return [move for _, plays in groups for move in _listed(plays, model, previous)]


def wild_page(
    hand: Counts,
    model: GameModel,
    previous: Combination | None = None,
    kinds: Collection[Kind] | None = None,
    *,
    offset: int = 0,
    limit: int | None = None,
) -> tuple[int, list[Combination]]:
    """How many moves ``wild_moves`` lists, and ``limit`` of them (all, when None) from
    ``offset``. The moves are made one kind and primal rank at a time (the listing's groups,
    in order): the count from each group's size (``group_sizes``), the page from the groups it
    reaches, searched again; only one group and the page are held.

    >>> from service.rules import get_ruleset, read_play
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> count, page = wild_page(read_play("34567777"), laizi, offset=200, limit=2)
    >>> count, [(c.cards, c.kind.value) for c in page]
    (303, [('34567777', 'pair_chain'), ('567777', 'pair_chain')])
    """
    end = None if limit is None else offset + limit
    wanted = None if kinds is None else frozenset(kinds)
    count, first = 0, 0
    reached: set[Group] = set()
    for group, size in group_sizes(hand, model, previous, wanted):
        if count + size > offset and (end is None or count < end):
            first = first if reached else count
            reached.add(group)
        count += size
    if not reached:
        return count, []
    found = _wild_groups(hand, model, previous, wanted, reached)
    moves = [move for _, plays in found for move in _listed(plays, model, previous)]
    return count, moves[offset - first : None if end is None else end - first]


@lru_cache(maxsize=64)
def group_sizes(
    hand: Counts, model: GameModel, previous: Combination | None, kinds: frozenset[Kind] | None
) -> tuple[tuple[Group, int], ...]:
    """How many moves each group of a wild listing holds (``wild_play_groups``: groups without
    plays left out; a group of answers may hold none that beats), in order. A group of leads
    is counted, not made into combinations: every play of it is a lead. Kept for the last
    hands asked, so that a client walking the pages of a hand pays for the whole search once.

    >>> from service.rules import get_ruleset, read_play
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> group_sizes(read_play("4577"), laizi, None, frozenset({Kind.PAIR}))
    (((1, 1), 1), ((1, 2), 1), ((1, 4), 1))
    """
    return tuple(
        (group, len(plays) if previous is None else len(_listed(plays, model, previous)))
        for group, plays in _wild_groups(hand, model, previous, kinds)
    )


def _wild_groups(
    hand: Counts,
    model: GameModel,
    previous: Combination | None,
    kinds: Collection[Kind] | None,
    groups: Collection[Group] | None = None,
) -> Iterator[tuple[Group, list[WildPlay]]]:
    """The hand's wild plays by group (``wild_play_groups``), searched only at the positions
    that may beat ``previous``."""
    may = None if previous is None else _positions(previous, model)
    return wild_play_groups(hand, model, kinds, positions=may, groups=groups)


def _listed(
    group: list[WildPlay], model: GameModel, previous: Combination | None
) -> list[Combination]:
    """One group of plays (``wild_play_groups``) as moves: those that beat ``previous``, as
    combinations in listing order."""
    found = (wild_combination(p, model) for p in group)
    if previous is not None:
        found = (c for c in found if beats(c, previous))
    return sorted(found, key=lambda c: c.order)


def _positions(previous: Combination, model: GameModel) -> Callable[[Form, int, int], bool]:
    """Which chain positions (form, start, length) may hold a play that beats ``previous``
    (docs/rules.md §3): any bomb's (its class is the wilds'), else one of its kind and length
    with a higher primal rank."""

    def may(form: Form, start: int, length: int) -> bool:
        if not _may_beat(form, previous):
            return False
        if form.tier is not Tier.PLAY:
            return True
        top = model.power(start + length - 1)
        return (
            length == previous.length
            and top > previous.power
            and form.size(length) == len(previous.cards)
        )

    return may


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


def _may_beat(form: Form, previous: Combination) -> bool:
    """Whether a combination of ``form`` may beat ``previous`` at all (docs/rules.md §3)."""
    return previous.tier is not Tier.TOP and (form.kind is previous.kind or form.tier > Tier.PLAY)


def _kicker_sets(
    hand: Counts, form: Form, start: int, length: int, model: GameModel
) -> list[tuple[int, ...]]:
    """Every legal kicker set of a position, as kicker ranks one entry per card (one empty
    set for a form without kickers)."""
    if not form.kickers:
        return [()]
    rest = list(hand)
    for r in range(start, start + length):
        rest[r] -= form.width
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
    "group_sizes",
    "reference_moves",
    "wild_moves",
    "wild_page",
]
