"""Wild cards (docs/rules.md §14): every play a hand with wilds holds, and every reading of one.

A wild card stands for any rank from 3 to 2. A play is its cards as held (each wild written as
its own rank) with a reading: a form of the game at a chain position, whose primal ranks the
natural cards fill as far as the player chooses and wilds fill the rest, and whose kickers are
natural cards and wilds standing for ranks that keep them legal (``service.rules.kickers``
judges them, as without wilds). A play made only of wilds has them stand for the ranks of its
wilds. Each (cards, kind, rank, length) is one play; its substitution is the one with the
fewest wilds standing for another rank, then the lowest ranks. Reading a card set is the same
search held to the whole set.

The search yields ``WildPlay``s, which ``service.rules.combos`` makes into combinations. It
reads a card set (``combos.readings``); a hand's legal moves are listed by the wild engine
(``service.rules.wildfast``), which counts the same plays from the rank counts, makes only
those a page shows, and is held to this search (``engine.searched_wild_moves``) by the tests.

>>> from .cards import read_hand
>>> from .model import Game
>>> laizi = GameModel.build(Game.THREE_PLAYER, {"wilds": "laizi", "wild": ("7",)})
>>> sorted((p.form.kind.value, p.stand) for p in wild_plays(read_hand("3337"), laizi, size=4))
[('bomb', (0,)), ('trio_single', (4,))]
>>> sorted(p.cards for p in wild_plays(read_hand("3457"), laizi, {Kind.PAIR}))
['37', '47', '57']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from itertools import chain, combinations_with_replacement, groupby
from operator import itemgetter
from typing import Final, NamedTuple

from .cards import NUM_RANKS, Counts, format_counts, ranks_of
from .kickers import choose_ranks, kickers_ok, pair_caps, single_caps
from .kinds import KIND_ORDER, Kind
from .model import TWO, Form, GameModel, Grade, Tier, Wilds

Stands = tuple[int, ...]
"""The ranks wild cards stand for, ascending, one entry per card."""
Key = tuple[Counts, Kind, int, int]
"""A play's identity: its cards, kind, primal rank and chain length."""
Group = tuple[int, int]
"""A group of plays in listing order: their kind's place (``KIND_ORDER``) and the power of
their primal rank."""


class WildPlay(NamedTuple):
    """One play with wilds: a form at a chain position, its kickers as read, the cards held
    and what each wild card stands for."""

    form: Form
    start: int
    length: int
    kick: tuple[int, ...]
    """The kickers as read (ranks, one per card)."""
    counts: Counts
    """The cards held (wilds at their own rank)."""
    wild: tuple[int, ...]
    """The wild cards' own ranks, ascending."""
    stand: tuple[int, ...]
    """What each wild card stands for, in the order of ``wild``."""
    choice: tuple[int, tuple[int, ...]]
    """Which of two substitutions of one play is shown, the lower: how many wilds stand for
    another rank than their own, then the ranks they stand for."""
    grade: Grade | None
    """A bomb's class (soft, hard, pure); None for other plays."""

    @property
    def cards(self) -> str:
        """The cards held, canonical."""
        return format_counts(self.counts)

    @property
    def key(self) -> Key:
        """The play's identity: cards, kind, primal rank (the top of the chain), length."""
        return self.counts, self.form.kind, self.start + self.length - 1, self.length


def wild_plays(
    hand: Counts,
    model: GameModel,
    kinds: Collection[Kind] | None = None,
    size: int | None = None,
    positions: Callable[[Form, int, int], bool] | None = None,
) -> list[WildPlay]:
    """Every play of ``hand`` (each identity once, with its shown substitution): of the
    ``kinds`` given, at the chain ``positions`` (form, start, length) allowed, of ``size``
    cards (those that use a card set whole).

    >>> from .cards import read_hand
    >>> from .model import Game
    >>> tiandi = GameModel.build(Game.THREE_PLAYER, {"wilds": "tiandi", "wild": ("7", "J")})
    >>> sorted((p.form.kind.value, p.stand) for p in wild_plays(read_hand("7J"), tiandi, size=2))
    [('pair', (4, 4)), ('pair', (8, 8))]
    """
    groups = wild_play_groups(hand, model, kinds, size, positions)
    return [play for _, plays in groups for play in plays]


def wild_play_groups(
    hand: Counts,
    model: GameModel,
    kinds: Collection[Kind] | None = None,
    size: int | None = None,
    positions: Callable[[Form, int, int], bool] | None = None,
    *,
    groups: Collection[Group] | None = None,
) -> Iterator[tuple[Group, list[WildPlay]]]:
    """The plays of ``wild_plays``, one group per kind and primal rank (those of ``groups``
    only, when given), the groups in listing order, each with its ``Group``: a hand with many
    wilds holds tens of thousands of plays, and a caller that pages through them holds one
    group at a time, and searches only the groups its page holds.

    >>> from .cards import read_hand
    >>> from .model import Game
    >>> laizi = GameModel.build(Game.THREE_PLAYER, {"wilds": "laizi", "wild": ("7",)})
    >>> found = wild_play_groups(read_hand("4577"), laizi, {Kind.PAIR})
    >>> [(group, [p.cards for p in plays]) for group, plays in found]
    [((1, 1), ['47']), ((1, 2), ['57']), ((1, 4), ['77'])]
    """
    wilds = model.wilds
    if wilds is None or not wilds.ranks:
        raise ValueError("the wild ranks are not drawn: name them (wild)")
    pool = tuple(hand[r] for r in wilds.ranks)
    natural = list(hand)
    for r in wilds.ranks:
        natural[r] = 0
    spots = _spots(
        natural, sum(pool), model, held=sum(hand), kinds=kinds, size=size, positions=positions
    )
    for group, group_spots in groupby(spots, key=itemgetter(0)):
        if groups is not None and group not in groups:
            continue
        found: dict[Key, WildPlay] = {}
        for _, form, start, length in group_spots:
            for play in _position(natural, pool, form, start=start, length=length, model=model):
                known = found.get(play.key)
                if known is None or play.choice < known.choice:
                    found[play.key] = play
        if found:
            yield group, list(found.values())


def _spots(
    natural: list[int],
    budget: int,
    model: GameModel,
    *,
    held: int,
    kinds: Collection[Kind] | None,
    size: int | None,
    positions: Callable[[Form, int, int], bool] | None,
) -> list[tuple[Group, Form, int, int]]:
    """Every chain position (form, start, length) of the ``kinds`` and ``size`` asked for
    that the ``positions`` filter allows and a hand of ``held`` cards may fill with its
    ``natural`` cards and ``budget`` wilds; each after its group (kind order, primal rank's
    power), sorted by group."""
    found = []
    for form in model.forms:
        if kinds is not None and form.kind not in kinds:
            continue
        for length in form.lengths():
            cards = form.size(length)
            if cards > held or (size is not None and cards != size):
                continue
            for start in range(form.low, form.high - length + 2):
                short = sum(max(0, form.width - natural[r]) for r in range(start, start + length))
                if short > budget or (positions and not positions(form, start, length)):
                    continue
                group = (KIND_ORDER[form.kind], model.power(start + length - 1))
                found.append((group, form, start, length))
    return sorted(found, key=itemgetter(0))  # stable: the forms' order within a group is kept


def _position(
    natural: list[int],
    pool: tuple[int, ...],
    form: Form,
    *,
    start: int,
    length: int,
    model: GameModel,
) -> Iterator[WildPlay]:
    """Every play of ``form`` at one chain position: each way to fill its primal ranks, each
    legal set of kickers that the rest gives, each way to split the wilds between wild ranks."""
    wilds = model.wilds
    assert wilds is not None
    budget = sum(pool)
    run = range(start, start + length)
    for used, stands in _hold(natural, budget, [(r, form.width) for r in run]):
        rest = [n - u for n, u in zip(natural, used, strict=True)]
        for kick_used, kick_stands, kick in _kickers(
            rest, budget - len(stands), form, start=start, length=length, model=model
        ):
            held = [u + k for u, k in zip(used, kick_used, strict=True)]
            everything = tuple(sorted(stands + kick_stands))
            yield from _dealt(
                held, everything, pool, at=(form, start, length), kick=kick, wilds=wilds
            )


def _kickers(
    rest: list[int], budget: int, form: Form, *, start: int, length: int, model: GameModel
) -> Iterator[tuple[list[int], Stands, tuple[int, ...]]]:
    """Every way to hold legal kickers from the rest of the hand and up to ``budget`` wilds:
    the natural cards per rank, the ranks the wilds among them stand for (the lowest that
    keep the kickers legal, a wild's own rank first), and the kickers as read."""
    if not form.kickers:
        yield [0] * NUM_RANKS, (), ()
        return
    own = model.wilds.ranks if model.wilds else ()
    units = form.kickers * length
    if form.kicker_width == 1:
        caps = single_caps(model.kickers, form, start, length)
        ranks = [r for r in range(NUM_RANKS) if rest[r] and caps[r]]
        held = [min(rest[r], caps[r]) for r in ranks]
        for wild in range(min(budget, units) + 1):
            for natural in choose_ranks(ranks, held, units - wild):
                used = [0] * NUM_RANKS
                for r in natural:
                    used[r] = used[r] + 1
                stands = _fresh(used, caps, wild, own)
                yield from _legal(used, stands, wild, form, start, length, model)
        return
    caps = pair_caps(model.kickers, start, length)
    ranks = [r for r in range(NUM_RANKS) if rest[r] and caps[r]]
    for used, odd, pairs in _pair_naturals(rest, caps, units, ranks):
        wild_pairs = units - pairs
        if len(odd) + 2 * wild_pairs > budget:
            continue
        halves = [(n + 1) // 2 for n in used]
        fresh = _fresh(halves, caps, wild_pairs, own)
        stands = None if fresh is None else tuple(sorted(odd + fresh * 2))
        yield from _legal(used, stands, wild_pairs, form, start, length, model, odd=odd)


def _fresh(used: list[int], caps: list[int], wild: int, own: tuple[int, ...]) -> Stands | None:
    """The lowest ranks ``wild`` units may stand for beside ``used`` within ``caps`` (a
    wild's own rank first, never a joker); None when the caps leave too little room.

    >>> _fresh([1, 0, 0] + [0] * 12, [1] * 15, 2, (4,))
    (1, 4)
    """
    found: list[int] = []
    for r in _own_first(own):
        room = min(caps[r] - used[r], wild - len(found))
        found += [r] * max(room, 0)
        if len(found) == wild:
            return tuple(sorted(found))
    return None


def _own_first(own: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks 3 to 2, the wild ranks ``own`` first (``_fresh``'s order), kept per wild
    ranks (``_OWN_FIRST``: a few).

    >>> _own_first((4,))[:3]
    (4, 0, 1)
    """
    found = _OWN_FIRST.get(own)
    if found is None:
        found = _OWN_FIRST[own] = (*own, *(r for r in range(TWO + 1) if r not in own))
    return found


_OWN_FIRST: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}


def _legal(  # noqa: PLR0917 - a kicker set's parts, each needed to judge it
    used: list[int],
    stands: Stands | None,
    wild: int,
    form: Form,
    start: int,
    length: int,
    model: GameModel,
    *,
    odd: Stands = (),
) -> Iterator[tuple[list[int], Stands, tuple[int, ...]]]:
    """The kickers of natural cards ``used`` and ``wild`` wild units (single cards, or pairs
    beside the ``odd`` wilds that complete a natural card's pair), if some substitution makes
    them legal: the greedy one (``_fresh``; None when the caps leave no room, and then none
    can), else the first in order of every substitution (the two jokers or a kicker gap can
    refuse the greedy one)."""
    if stands is None:
        return
    every = combinations_with_replacement(range(TWO + 1), wild)
    others = (tuple(sorted(odd + tuple(s) * form.kicker_width)) for s in every)
    for found in chain((stands,), others):
        read = list(used)
        for r in found:
            read[r] = read[r] + 1
        if kickers_ok(tuple(read), form, start, length, model.kickers):
            yield used, found, ranks_of(read)
            return


def _pair_naturals(
    rest: list[int], caps: list[int], units: int, ranks: list[int]
) -> Iterator[tuple[list[int], Stands, int]]:
    """Every choice of natural cards of ``ranks`` for pair kickers: per rank up to its pairs'
    cards, an odd count completed by a wild (never for a joker); as (cards used per rank, the
    ranks of the wilds that complete a pair, how many pairs they make)."""
    if not ranks or not units:  # nothing left to choose from, or no pair left to fill
        yield [0] * NUM_RANKS, (), 0
        return
    r, later = ranks[0], ranks[1:]
    for take in range(min(rest[r], 2 * caps[r]) + 1):
        pairs = (take + 1) // 2
        if pairs > units or (take % 2 and r > TWO):
            continue
        for more_used, odd, more in _pair_naturals(rest, caps, units - pairs, later):
            used = more_used.copy() if take else more_used
            used[r] = take
            yield used, (r,) * (take % 2) + odd, pairs + more


def _hold(
    rest: list[int], budget: int, wanted: list[tuple[int, int]]
) -> Iterator[tuple[list[int], Stands]]:
    """Every way to hold ``wanted`` (rank, count) from natural cards and up to ``budget``
    wilds (never standing for a joker)."""
    if not wanted:
        yield [0] * NUM_RANKS, ()
        return
    (r, count), later = wanted[0], wanted[1:]
    low = count if r > TWO else max(0, count - budget)
    for take in range(min(rest[r], count), low - 1, -1):
        short = count - take
        for later_used, stands in _hold(rest, budget - short, later):
            used = later_used.copy()
            used[r] = take
            yield used, (r,) * short + stands


def _dealt(
    held: list[int],
    stands: Stands,
    pool: tuple[int, ...],
    *,
    at: tuple[Form, int, int],
    kick: tuple[int, ...],
    wilds: Wilds,
) -> Iterator[WildPlay]:
    """The plays of one way to hold a reading: each split of its wilds between the wild ranks
    the hand holds (tiandi's two ranks are different cards)."""
    form, start, length = at
    natural = sum(held)
    for split in _splits(len(stands), pool):
        wild, stand, off = _assign(stands, split, wilds.ranks)
        if not natural and not set(stand) <= set(wild):
            continue  # a play of wilds alone: each stands for a wild rank of the play
        counts = held.copy()
        for r, n in zip(wilds.ranks, split, strict=True):
            counts[r] = counts[r] + n
        grade = None
        if form.tier is Tier.BOMB:
            grade = Grade.PURE if not natural else Grade.SOFT if wild else Grade.HARD
        choice = (off, stand)
        yield WildPlay(form, start, length, kick, tuple(counts), wild, stand, choice, grade)


def _splits(total: int, pool: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` wilds from the wild ranks' holdings ``pool``."""
    if len(pool) == 1:
        if total <= pool[0]:
            yield (total,)
        return
    for first in range(min(total, pool[0]), -1, -1):
        for later in _splits(total - first, pool[1:]):
            yield (first, *later)


def _assign(
    stands: Stands, split: tuple[int, ...], ranks: tuple[int, ...]
) -> tuple[Stands, Stands, int]:
    """Which wild card stands for which rank: each wild rank its own first, then the lowest
    ranks left in the order of the wild ranks; as (wild cards, their stand-ins, how many stand
    for another rank), ranks ascending within each wild rank.

    >>> _assign((0, 4, 8), (2, 1), (4, 8))
    ((4, 4, 8), (0, 4, 8), 1)
    """
    if len(ranks) == 1:  # one wild rank (laizi): the stand-ins as they are
        own = ranks[0]
        return (own,) * len(stands), stands, len(stands) - min(split[0], stands.count(own))
    left = list(stands)
    mine: list[list[int]] = []
    for r, n in zip(ranks, split, strict=True):
        keep = [r] * min(n, left.count(r))
        for _ in keep:
            left.remove(r)
        mine.append(keep)
    wild: list[int] = []
    stand: list[int] = []
    off = 0
    for r, n, keep in sorted(zip(ranks, split, mine, strict=True)):
        more = left[: n - len(keep)]
        left = left[n - len(keep) :]
        wild += [r] * n
        stand += sorted(keep + more)
        off += len(more)
    return tuple(wild), tuple(stand), off


__all__ = ["Group", "WildPlay", "wild_play_groups", "wild_plays"]
