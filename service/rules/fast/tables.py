"""The fast path's tables of one game model, typed, each built on first use by the module that
reads it and kept per model (``tables_of``, bounded): nothing here is a rule, all of it is
derived from the model's forms and kicker rules, and checked against the reference engine by
the tests.

>>> from service.rules import STANDARD
>>> found = tables_of(STANDARD.model)
>>> found is tables_of(STANDARD.model), found.model is STANDARD.model
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..cards import format_counts, read_hand
from ..combos import Combination, readings
from ..kinds import Kind
from ..model import Form, GameModel
from ..ruleset import PRESETS
from .hand import Held

Found = list[Combination]
Family = Callable[[Held, "Tables", int, int, Found], None]
"""Moves of one kind, added to a list: (hand, tables, rank to beat or -1, chain length or 0
for any, the list). Every family adds to one list, not a list of its own then copied."""

Position = tuple[int, int]
"""A chain in a hand: its start and length."""

Row = dict[tuple[int, ...], dict[Any, Combination | None]]
"""One chain position's readings by kicker ranks, split as ``row[prefix][rest]``: the kicker
set ``prefix + rest`` (ascending, one rank per kicker; ``rest`` a rank where it is one), or None
where it is not listed."""

Caps = tuple[dict[Position, list[int]], bool]
"""Per chain position, how many kickers (or pairs) of each rank it may carry; and whether the
caps are plain (``service.rules.fast.wings``)."""


class Universe(dict[str, tuple[Combination, ...]]):
    """A game's universe: canonical card strings to readings, preferred first; any other card
    string is read on a miss, its answer not stored."""

    __slots__ = ("model",)

    def __init__(self, model: GameModel, items: dict[str, tuple[Combination, ...]]) -> None:
        super().__init__(items)
        self.model = model

    def __missing__(self, cards: str | Sequence[str]) -> tuple[Combination, ...]:
        table = self.model.table
        counts = read_hand(cards, copies=table.copies, jokers=table.jokers)
        key = format_counts(counts)
        found = self.get(key)
        return self.unlisted(key, counts) if found is None else found

    def unlisted(self, key: str, counts: tuple[int, ...]) -> tuple[Combination, ...]:
        """The readings of a card set the table does not hold: none, as it holds every one.

        >>> from service.rules import STANDARD
        >>> Universe(STANDARD.model, {}).unlisted("3345", (2, 1, 1) + (0,) * 12)
        ()
        """
        return ()


ON_DEMAND_LIMIT = 50_000
"""How many card sets an ``OnDemand`` universe keeps before it starts again."""


class OnDemand(Universe):
    """The universe of a game too large to table whole (a deck of more than two packs): each
    card set is read by the reference classifier when first asked, and kept (at most
    ``ON_DEMAND_LIMIT`` card sets, then it starts again)."""

    __slots__ = ()

    def unlisted(self, key: str, counts: tuple[int, ...]) -> tuple[Combination, ...]:
        """The card set read now by the reference classifier, and kept.

        >>> from service.rules import get_ruleset
        >>> found = OnDemand(get_ruleset("six_player").model, {})
        >>> found.unlisted("BBBRRR", (0,) * 13 + (3, 3))[0].kind.value, len(found)
        ('nuke', 1)
        """
        if len(self) >= ON_DEMAND_LIMIT:
            self.clear()
        found = self[key] = readings(counts, self.model)
        return found


@dataclass(frozen=True, slots=True)
class Clashes:
    """The card sets of several readings, the readings that are not their card set's
    preferred one, and the kinds of all these readings."""

    cards: frozenset[str]
    shadowed: frozenset[Combination]
    kinds: frozenset[Kind]


Plan = tuple[tuple[Form, Family, int], ...]
LeadPlan = tuple[tuple[tuple[Family, int], ...], bool]
Responses = dict[Kind, tuple[Family, bool, int]]


class Tables:
    """The fast path's tables of one ``GameModel``: None (or empty) until built."""

    __slots__ = (
        "caps",
        "clashes",
        "kicker_rows",
        "lead_rows",
        "leads",
        "model",
        "plan",
        "responses",
    )

    def __init__(self, model: GameModel) -> None:
        self.model = model
        self.clashes: Clashes | None = None
        """The card sets of several readings (``service.rules.fast``)."""
        self.plan: Plan | None = None
        """Per kind, in listing order: its family and the cards of one rank it needs."""
        self.leads: LeadPlan | None = None
        """The families that list leads of every kind (``service.rules.fast``)."""
        self.responses: Responses | None = None
        """Per kind of a play to answer: its family, whether to de-duplicate, what it reads."""
        self.caps: dict[Kind, Caps] = {}
        """Per kind with kickers, its caps per chain position (``service.rules.fast.wings``)."""
        self.lead_rows: dict[Kind, dict[Position, Row]] = {}
        """Per kind with wings, its lead rows (``service.rules.fast.wings``)."""
        self.kicker_rows: dict[Kind, list[Any]] = {}
        """Per kind of one primal rank with kickers, its combinations by primal and kicker
        ranks, None where the kicker rules forbid them (``service.rules.fast.families``)."""


UNIVERSES: dict[GameModel, Universe] = {}
"""Each model's universe, once built (``service.rules.fast.universe``): one lookup, without a
call, where a play is classified. Bounded (``remember``)."""

_BY_MODEL: dict[GameModel, Tables] = {}
"""Each model's tables. Bounded (``remember``)."""

_PINNED = frozenset(rules.model for rules in PRESETS.values())
"""The presets' models, whose tables are kept for good."""
KEPT = 8
"""How many other models' tables (and universes) are kept: a universe costs up to 100 MB and
seconds to build, and a client may name hundreds of option sets."""

T = TypeVar("T")


def remember(store: dict[GameModel, T], model: GameModel, value: T) -> T:
    """Keep ``value`` for ``model`` in ``store``, and return what is kept (a value another
    thread kept first wins); a preset's model is kept for good, at most ``KEPT`` others, the
    oldest forgotten first.

    >>> from service.rules import get_ruleset
    >>> store: dict[GameModel, int] = {}
    >>> models = [get_ruleset("standard", kicker_rank_max=m, kicker_ranks_repeat=r).model
    ...           for m in (2, 3) for r in (True, False)]
    >>> [remember(store, model, i) for i, model in enumerate(models)], len(store)
    ([0, 1, 2, 1], 3)
    """
    others = [old for old in store if old not in _PINNED]
    if model not in _PINNED and len(others) >= KEPT:
        store.pop(others[0], None)
    return store.setdefault(model, value)


def tables_of(model: GameModel) -> Tables:
    """The tables of a game model (made empty on first use).

    >>> from service.rules import BIG_THREE
    >>> tables_of(BIG_THREE.model).caps
    {}
    """
    found = _BY_MODEL.get(model)
    if found is None:
        found = remember(_BY_MODEL, model, Tables(model))
    return found
