"""The fast path's tables of one game model, typed, each built on first use by the module that
reads it and kept per model (``tables_of``, bounded), those that other models read alike
shared with them (the readings, ``Universe``; the lead tables, ``shared_leads``): nothing here
is a rule, all of it is derived from the model's forms and kicker rules, and checked against
the reference engine by the tests.

>>> from service.rules import STANDARD
>>> found = tables_of(STANDARD.model)
>>> found is tables_of(STANDARD.model), found.model is STANDARD.model
(True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar, cast

from ..cards import Counts, format_counts, read_hand
from ..combos import Combination, beside, by_size, held_masks, preference, readings, run_starts
from ..kickers import judging_number, kickers_ok, rules_number
from ..kinds import KIND_ORDER, Kind
from ..model import THREE_PLAYER_FORMS, Form, GameModel, Tier
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

UNREAD: Final[Any] = object()
"""An entry of a table filled as requests read it, not yet worked out (a stored None is a
reading not listed): a wings row's reading not yet looked for, a lead row's not yet judged."""

Caps = tuple[dict[Position, list[int]], bool]
"""Per chain position, how many kickers (or pairs) of each rank it may carry; and whether the
caps are plain (``service.rules.fast.wings``)."""


class _Groups:
    """A game's group numbers (``Universe.group``) by size and whether the kicker rules count,
    in a list (-1 where not yet worked out): a native object, so that ``Preferred`` reads them
    without a Python call, where each call of a ``Universe`` method is one (a dict's
    subclass is not a native class).

    >>> groups = _Groups()
    >>> groups.put(8, True, 3)
    >>> groups.get(8, True), groups.get(8, False), groups.get(20, True)
    (3, -1, -1)
    """

    __slots__ = ("numbers",)

    def __init__(self) -> None:
        self.numbers: list[int] = []

    def get(self, size: int, kickers: bool) -> int:
        """The number, or -1."""
        at, numbers = 2 * size + kickers, self.numbers
        return numbers[at] if at < len(numbers) else -1

    def put(self, size: int, kickers: bool, number: int) -> None:
        """Keep the number (the same, whichever thread works it out)."""
        at, numbers = 2 * size + kickers, self.numbers
        if at >= len(numbers):
            numbers.extend([-1] * (at + 1 - len(numbers)))
        numbers[at] = number


class Universe(dict[str, tuple[Combination, ...]]):
    """The card sets of a game asked about so far, each with its readings, preferred first:
    a card string is read from the game's forms on a miss (``combos.readings``) and kept
    under its canonical spelling, at most ``UNIVERSE_LIMIT`` card sets (then it starts again).
    Nothing is enumerated ahead: a rule set costs what its requests read.

    The readings of ``n`` cards depend only on the game's forms of ``n`` cards, on its rank
    order and, where one of those forms has kickers, on its kicker rules (what
    ``combos.readings`` reads): games equal in those share them (``_SHARED``), so that a new
    option set reads again only the card sets its own options change.

    >>> from service.rules import STANDARD
    >>> table = Universe(STANDARD.model)
    >>> [c.kind.value for c in table["3 3 3 3"]], table["3345"], sorted(table)
    (['bomb'], (), ['3333', '3345'])
    """

    __slots__ = ("groups", "judged", "kicker_number", "model")

    def __init__(self, model: GameModel) -> None:
        super().__init__()
        assert model.wilds is None, "a wild game's plays are read from the forms"
        self.model = model
        self.groups = _Groups()
        """The numbers naming what the readings of a number of cards depend on (``_group``),
        by size and whether the kicker rules count."""
        self.judged: dict[Form, int] = {}
        """Per form, the number naming the kicker rules as they judge it (``judged_number``)."""
        self.kicker_number = rules_number(model.kickers)
        """The game's kicker rules' number (``kickers.rules_number``)."""

    def __missing__(self, cards: str | Sequence[str]) -> tuple[Combination, ...]:
        table = self.model.table
        counts = read_hand(cards, copies=table.copies, jokers=table.jokers)
        key = format_counts(counts)
        found = self.get(key)
        if found is None:
            group = self.group(len(key))
            found = _SHARED.get((group, key))
            if found is None:
                if len(_SHARED) >= SHARED_LIMIT:
                    _SHARED.clear()
                found = _SHARED[group, key] = readings(counts, self.model)
            if len(self) >= UNIVERSE_LIMIT:
                self.clear()
            self[key] = found
        return found

    def group(self, size: int, *, kickers: bool = True) -> int:
        """A number naming what the readings of ``size`` cards depend on here (``_group``):
        with ``kickers`` False, all of it but the kicker rules (what a reading's preference
        depends on unless some kickers had to be judged: ``Preferred``).

        >>> from service.rules import STANDARD, get_ruleset
        >>> repeat = Universe(get_ruleset("standard", kicker_ranks_repeat=True).model)
        >>> Universe(STANDARD.model).group(2) == repeat.group(2)
        True
        >>> [Universe(STANDARD.model).group(8, kickers=k) == repeat.group(8, kickers=k)
        ...  for k in (True, False)]
        [False, True]
        """
        found = self.groups.get(size, kickers)
        if found < 0:
            found = self._group(size, kickers=kickers)
            self.groups.put(size, kickers, found)
        return found

    def _group(self, size: int, *, kickers: bool) -> int:
        """A number naming what the readings of ``size`` cards depend on in a game: its forms
        of that many cards at each length (``_shape``), its rank order, and (where ``kickers``
        is True) its kicker rules as they judge each of those forms (``judged_number``)."""
        forms = by_size(self.model).get(size, ())
        shapes = tuple([(_shape(form), length) for form, length in forms])
        rules = tuple([self.judged_number(form) for form, _ in forms]) if kickers else ()
        return _GROUPS.setdefault((shapes, self.model.order, rules), len(_GROUPS))

    def judged_number(self, form: Form) -> int:
        """A number naming the game's kicker rules as they judge ``form``'s kickers
        (``kickers.judging_number``): equal for two games whose rules judge it alike; kept
        per form, looked up by the form's identity (the fast path's kicker tables are keyed
        by it).

        >>> from service.rules import STANDARD, Kind, get_ruleset
        >>> trio_pair = STANDARD.model.form(Kind.TRIO_PAIR)
        >>> repeat = get_ruleset("standard", kicker_ranks_repeat=True).model
        >>> Universe(STANDARD.model).judged_number(trio_pair) == Universe(repeat).judged_number(
        ...     repeat.form(Kind.TRIO_PAIR))  # pair kickers: ranks_repeat is not read
        True
        """
        found = self.judged.get(form)
        if found is None:
            found = self.judged[form] = judging_number(form, self.model.kickers, self.kicker_number)
        return found


UNIVERSE_LIMIT: Final = 20_000
"""How many card sets a ``Universe`` keeps before it starts again (about 4 MB)."""
SHARED_LIMIT: Final = 100_000
"""How many readings the universes share (``_SHARED``) before they start again."""

_SHARED: Final[dict[tuple[int, str], tuple[Combination, ...]]] = {}
"""Readings by the group of the game (``_group``) and the canonical card string."""
_SHARED_PREFERRED: Final[dict[tuple[Any, ...], bool]] = {}
"""Whether a reading is its card set's preferred one (``Preferred``), by the group of the game
(without its kicker rules where none were judged) and the reading (its cards, kind, primal
rank and length name it among its cards' readings)."""
_GROUPS: Final[dict[tuple[Any, ...], int]] = {}
"""A number for each distinct thing the readings of a number of cards depend on."""


def _shape(form: Form) -> int:
    """A number naming a form's fields: what makes two games' forms read alike (a form is
    compared as the object it is, and each game has its own; the six-player game's single is
    the three-player game's). Kept per form (``_SHAPES``).

    >>> from service.rules.model import SIX_PLAYER_FORMS, THREE_PLAYER_FORMS
    >>> _shape(SIX_PLAYER_FORMS[0]) == _shape(THREE_PLAYER_FORMS[0])
    True
    """
    found = _SHAPES.get(form)
    if found is None:
        # Its fields read one by one: ``dataclasses.astuple`` copies each value deeply, a
        # Python call per field (10k instructions a form, each new option set's forms new).
        fields = tuple([getattr(form, name) for name in _FORM_FIELDS])
        found = _SHAPES[form] = _FIELDS.setdefault(fields, len(_FIELDS))
    return found


_FORM_FIELDS: Final = tuple(field.name for field in dataclasses.fields(Form))
"""The names of a form's fields (none holds a container: its values are what they are)."""
_SHAPES: Final[dict[Form, int]] = {}
"""``_shape`` of each form met: the games' forms, a few dozen."""
_FIELDS: Final[dict[tuple[Any, ...], int]] = {}
"""A number for each distinct fields of a form (``_shape``)."""


class Preferred:
    """Whether a reading is its card set's preferred one (docs/rules.md §4), worked out from
    the game's forms when first asked (``first``) and kept as the readings are, shared by
    the games whose card sets of that size read alike: the lead families list only these, so
    that leads list each card set once without comparing them. Asked once per reading of a
    lead table (``shared_leads``), so nothing is kept per game.

    >>> from service.rules import get_ruleset
    >>> from service.rules.fast import universe
    >>> douzero = get_ruleset("douzero").model
    >>> airplane, *wings = universe(douzero)["333444555666"]
    >>> preferred = Preferred(universe(douzero))
    >>> preferred[airplane], [preferred[w] for w in wings]
    (True, [False, False])
    """

    __slots__ = ("groups", "universe")

    def __init__(self, universe: Universe) -> None:
        self.universe = universe
        self.groups = universe.groups
        """The universe's group numbers, read natively (``_Groups``)."""

    def group(self, size: int, kickers: bool) -> int:
        """``Universe.group``, asked of the universe only where it is not yet known.

        >>> from service.rules import STANDARD
        >>> table = Universe(STANDARD.model)
        >>> Preferred(table).group(8, False) == table.group(8, kickers=False)
        True
        """
        found = self.groups.get(size, kickers)
        return found if found >= 0 else self.universe.group(size, kickers=kickers)

    def __getitem__(self, combo: Combination) -> bool:
        cards = combo.cards
        size = len(cards)
        # the group's reading: its cards, kind, primal rank and length name it
        kind, rank, length = combo.kind, combo.rank, combo.length
        plain = (self.group(size, False), cards, kind, rank, length)
        found = _SHARED_PREFERRED.get(plain)
        if found is None:
            key = (self.group(size, True), cards, kind, rank, length)
            found = _SHARED_PREFERRED.get(key)
            if found is None:
                if len(_SHARED_PREFERRED) >= SHARED_LIMIT:
                    _SHARED_PREFERRED.clear()
                found, judged = self._first(combo)
                _SHARED_PREFERRED[key if judged else plain] = found
        return found

    def first(self, combo: Combination) -> bool:
        """Whether no other reading of the combination's cards comes before it in the order
        of preference (``combos.preference``). Only a form of as many cards that finds a run
        of primal ranks in them may read them otherwise (``run_starts``): a form without
        kickers then reads them whole (its runs hold every card), one with kickers only where
        what is left is its legal kickers (``kickers_ok``), judged only when its reading would
        come first. The card set's other readings are never made.

        >>> from service.rules import Combination, get_ruleset
        >>> from service.rules.fast import universe
        >>> douzero = get_ruleset("douzero")
        >>> found = Preferred(universe(douzero.model))
        >>> found.first(Combination.of("33344456")), found.first(Combination.of("333444555666"))
        (True, True)
        >>> found.first(Combination.of("333444555666", kind="airplane_singles", rules=douzero))
        False
        """
        return self._first(combo)[0]

    def _first(self, combo: Combination) -> tuple[bool, bool]:
        """``first``, and whether some kickers were judged (the answer then depends on the
        kicker rules, else not)."""
        model = self.universe.model
        counts = combo.counts
        mine = preference(combo)
        own = (combo.kind, combo.rank - combo.length + 1, combo.length)
        masks = held_masks(counts)
        judged = False
        for form, length in by_size(model).get(len(combo.cards), ()):
            for start in run_starts(masks, form, length):
                if (form.kind, start, length) == own:
                    continue
                top = start + length - 1
                theirs = (
                    form.tier is not Tier.TOP,
                    form.tier is not Tier.BOMB,
                    form.kickers > 0,
                    -length,
                    -model.power(top),
                    0,
                    KIND_ORDER[form.kind],
                )
                if theirs < mine:
                    if not form.kickers:
                        return False, judged
                    judged = True
                    if _kickers_left(counts, form, start, length, model):
                        return False, judged
        return True, judged


def _kickers_left(counts: Counts, form: Form, start: int, length: int, model: GameModel) -> bool:
    """Whether what a card set holds beside a form's run is its legal kickers."""
    return kickers_ok(beside(counts, form, start, length), form, start, length, model.kickers)


Plan = tuple[tuple[Form, Family, int], ...]
LeadPlan = tuple[tuple[Family, int, Callable[[Held, "Tables", Found, int], int] | None], ...]
"""Per form, in listing order: the family that lists its leads, the width a hand needs for it,
and for a chain with wings, its pager (``wings.wings_pager``)."""
Responses = dict[Kind, tuple[Family, bool, int]]


class Tables:
    """The fast path's tables of one ``GameModel``: None (or empty) until built."""

    __slots__ = (
        "caps",
        "kicker_rows",
        "lead_kickers",
        "lead_rows",
        "leads",
        "model",
        "plan",
        "preferred",
        "responses",
    )

    def __init__(self, model: GameModel) -> None:
        self.model = model
        self.preferred: Preferred | None = None
        """Whether a reading is its card set's preferred one (``Preferred``)."""
        self.plan: Plan | None = None
        """Per kind, in listing order: its family and the cards of one rank it needs."""
        self.leads: LeadPlan | None = None
        """The families that list leads of every kind (``service.rules.fast``)."""
        self.responses: Responses | None = None
        """Per kind of a play to answer: its family, whether to de-duplicate, what it reads."""
        self.caps: dict[Kind, Caps] = {}
        """Per kind with kickers, its caps per chain position (``service.rules.fast.wings``)."""
        self.lead_rows: dict[Kind, dict[Position, Row]] = {}
        """Per kind with wings, its lead rows (``service.rules.fast.wings``), shared
        (``shared_leads``)."""
        self.kicker_rows: dict[Kind, list[Any]] = {}
        """Per kind of one primal rank with kickers, its combinations by primal and kicker
        ranks, None where the kicker rules forbid them (``service.rules.fast.families``)."""
        self.lead_kickers: dict[Kind, list[Any]] = {}
        """The same by primal rank, made when a lead first reads it, with None too where a
        reading is not its card set's preferred one, judged when a lead first reads the entry
        (``service.rules.fast.families``), shared (``shared_leads``)."""


UNIVERSES: Final[dict[GameModel, Universe]] = {}
"""Each model's universe, once built (``service.rules.fast.universe``): one lookup, without a
call, where a play is classified. Bounded (``remember``)."""

_BY_MODEL: Final[dict[GameModel, Tables]] = {}
"""Each model's tables. Bounded (``remember``)."""

_PINNED: Final = frozenset(rules.model for rules in PRESETS.values())
"""The presets' models, whose tables are kept for good."""
KEPT: Final = 8
"""How many other models' tables (and universes) are kept: each is made again in a few
milliseconds when needed, and holds no more than its requests have read, but a client may name
hundreds of option sets."""

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


def universe_of(model: GameModel) -> Universe:
    """The universe of a game model (made empty on first use, ``Universe``).

    >>> from service.rules import STANDARD
    >>> universe_of(STANDARD.model) is universe_of(STANDARD.model)
    True
    """
    found = UNIVERSES.get(model)
    if found is None:
        found = remember(UNIVERSES, model, Universe(model))
    return found


def preferred_of(tables: Tables) -> Preferred:
    """Whether a reading of the tables' game is its card set's preferred one (``Preferred``).

    >>> from service.rules import STANDARD, Combination
    >>> preferred_of(tables_of(STANDARD.model))[Combination.of("33344")]
    True
    """
    found = tables.preferred
    if found is None:
        found = tables.preferred = Preferred(universe_of(tables.model))
    return found


def shared_leads(tables: Tables, form: Form, blank: Callable[[], T]) -> T:
    """A form's lead table in ``tables``' game (``blank()`` where none is kept yet), shared by
    every game whose card sets of the form's sizes read alike, its kicker rules included
    (``Universe.group``): a lead table holds the form's readings with None where one is not
    its card set's preferred reading (judged as leads read them), which depends on nothing
    else (``Preferred``). So a
    new option set makes again only the lead tables its own options change. Bounded
    (``SHARED_LEADS_KEPT``, the oldest forgotten first).

    >>> from service.rules import STANDARD, get_ruleset
    >>> form, other = STANDARD.model.forms[3], get_ruleset("standard", four_with_two=False)
    >>> shared_leads(tables_of(STANDARD.model), form, list) is shared_leads(
    ...     tables_of(other.model), form, list)
    True
    """
    universe = universe_of(tables.model)
    key = (form, tuple([universe.group(form.size(n)) for n in form.lengths()]))
    found = _SHARED_LEADS.get(key)
    if found is None:
        if len(_SHARED_LEADS) >= SHARED_LEADS_KEPT:
            _SHARED_LEADS.pop(next(iter(_SHARED_LEADS)), None)
        found = _SHARED_LEADS.setdefault(key, blank())
    return cast(T, found)  # what ``blank`` made for this form (the same caller's)


_SHARED_LEADS: Final[dict[tuple[Form, tuple[int, ...]], Any]] = {}
SHARED_LEADS_KEPT: Final = KEPT * sum(1 for form in THREE_PLAYER_FORMS if form.kickers)
"""How many lead tables are kept beyond those of the tables kept (``remember``): as many as
``KEPT`` models hold at most, the oldest forgotten first. A lead table holds what leads have
read of it: a full one, the airplanes' with repeated kicker ranks, about 10 MB."""


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
