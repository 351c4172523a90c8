"""Wild cards (docs/rules.md §14): every play a hand with wilds holds, and every reading of one.

A wild card stands for any rank from 3 to 2. A play is its cards as held (each wild written as
its own rank) with a reading: a form of the game at a chain position, whose primal ranks the
natural cards fill as far as the player chooses and wilds fill the rest, and whose kickers are
natural cards and wilds standing for ranks that keep them legal (``service.rules.kickers``
judges them, as without wilds). A play made only of wilds has them stand for the ranks of its
wilds. Each (cards, kind, rank, length) is one play; its substitution is the one with the
fewest wilds standing for another rank, then the lowest ranks. Reading a card set is the same
search held to the whole set.

The search yields ``WildPlay``s, which ``service.rules.combos`` makes into combinations.

>>> from .cards import read_hand
>>> from .model import Game
>>> laizi = GameModel.build(Game.THREE_PLAYER, {"wilds": "laizi", "wild": ("7",)})
>>> sorted((p.form.kind.value, p.stand) for p in wild_plays(read_hand("3337"), laizi, size=4))
[('bomb', '3'), ('trio_single', '7')]
>>> sorted(p.cards for p in wild_plays(read_hand("3457"), laizi, {Kind.PAIR}))
['37', '47', '57']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from typing import NamedTuple

from .cards import NUM_RANKS, RANK_CHARS, Counts, format_counts
from .kickers import pair_kicker_sets, single_kicker_sets
from .kinds import Kind
from .model import TWO, Form, GameModel, Grade, Tier, Wilds

Stands = tuple[int, ...]
"""The ranks wild cards stand for, ascending, one entry per card."""
Key = tuple[str, Kind, int, int]
"""A play's identity: its cards, kind, primal rank and chain length."""


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
    wild: str
    """The wild cards, as their own ranks."""
    stand: str
    """What each wild card stands for, in the order of ``wild``."""
    grade: Grade | None
    """A bomb's class (soft, hard, pure); None for other plays."""

    @property
    def cards(self) -> str:
        """The cards held, canonical."""
        return format_counts(self.counts)

    @property
    def key(self) -> Key:
        """The play's identity: cards, kind, primal rank (the top of the chain), length."""
        return self.cards, self.form.kind, self.start + self.length - 1, self.length

    @property
    def choice(self) -> tuple[int, tuple[int, ...]]:
        """Which of two substitutions of one play is shown: fewer wilds off their rank, then
        the lower ranks."""
        off = sum(w != s for w, s in zip(self.wild, self.stand, strict=True))
        return off, tuple(map(RANK_CHARS.index, self.stand))


def wild_plays(
    hand: Counts,
    model: GameModel,
    kinds: Collection[Kind] | None = None,
    size: int | None = None,
    forms: Callable[[Form], bool] | None = None,
) -> list[WildPlay]:
    """Every play of ``hand`` (each identity once, with its shown substitution): of the
    ``kinds`` and ``forms`` given, of ``size`` cards (those that use a card set whole).

    >>> from .cards import read_hand
    >>> from .model import Game
    >>> tiandi = GameModel.build(Game.THREE_PLAYER, {"wilds": "tiandi", "wild": ("7", "J")})
    >>> sorted((p.form.kind.value, p.stand) for p in wild_plays(read_hand("7J"), tiandi, size=2))
    [('pair', '77'), ('pair', 'JJ')]
    """
    wilds = model.wilds
    if wilds is None or not wilds.ranks:
        raise ValueError("the wild ranks are not drawn: name them (wild)")
    pool = tuple(hand[r] for r in wilds.ranks)
    natural = list(hand)
    for r in wilds.ranks:
        natural[r] = 0
    found: dict[Key, WildPlay] = {}
    for form in model.forms:
        if (kinds is not None and form.kind not in kinds) or (forms and not forms(form)):
            continue
        for length in form.lengths():
            cards = form.size(length)
            if cards > sum(hand) or (size is not None and cards != size):
                continue
            for start in range(form.low, form.high - length + 2):
                for play in _position(natural, pool, form, start=start, length=length, model=model):
                    known = found.get(play.key)
                    if known is None or play.choice < known.choice:
                        found[play.key] = play
    return list(found.values())


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
    """Every legal kicker set as read (ranks, one per card) that the rest of the hand and up
    to ``budget`` wilds give, with each way to hold it: natural cards per rank, and the ranks
    the wilds among them stand for."""
    if not form.kickers:
        yield [0] * NUM_RANKS, (), ()
        return
    offer = tuple(n + (budget if r <= TWO else 0) for r, n in enumerate(rest))
    if form.kicker_width == 1:
        sets = single_kicker_sets(offer, form, start, length, model.kickers)
    else:
        pairs = pair_kicker_sets(offer, form, start, length, model.kickers)
        sets = [tuple(sorted(p * 2)) for p in pairs]
    for kick in sets:
        ranks = sorted(set(kick))
        for used, stands in _hold(rest, budget, [(r, kick.count(r)) for r in ranks]):
            yield used, stands, kick


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
        wild, stand = _assign(stands, split, wilds.ranks)
        if not natural and not set(stand) <= set(wild):
            continue  # a play of wilds alone: each stands for a wild rank of the play
        counts = held.copy()
        for r, n in zip(wilds.ranks, split, strict=True):
            counts[r] += n
        grade = None
        if form.tier is Tier.BOMB:
            grade = Grade.PURE if not natural else Grade.SOFT if wild else Grade.HARD
        yield WildPlay(form, start, length, kick, tuple(counts), wild, stand, grade)


def _splits(total: int, pool: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` wilds from the wild ranks' holdings ``pool``."""
    if len(pool) == 1:
        if total <= pool[0]:
            yield (total,)
        return
    for first in range(min(total, pool[0]), -1, -1):
        for later in _splits(total - first, pool[1:]):
            yield (first, *later)


def _assign(stands: Stands, split: tuple[int, ...], ranks: tuple[int, ...]) -> tuple[str, str]:
    """Which wild card stands for which rank: each wild rank its own first, then the lowest
    ranks left in the order of the wild ranks; as (wild cards, their stand-ins) characters."""
    left = list(stands)
    own: list[list[int]] = []
    for r, n in zip(ranks, split, strict=True):
        mine = [r] * min(n, left.count(r))
        for _ in mine:
            left.remove(r)
        own.append(mine)
    wild, stand = "", ""
    for r, n, mine in sorted(zip(ranks, split, own, strict=True)):
        taken = sorted(mine + left[: n - len(mine)])
        left = left[n - len(mine) :]
        wild += RANK_CHARS[r] * n
        stand += "".join(RANK_CHARS[s] for s in taken)
    return wild, stand


__all__ = ["WildPlay", "wild_plays"]
