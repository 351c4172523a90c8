"""The fast path's families: how each form of the three-player game lists its combinations in
a hand, from tables made of the form (``family``); chains with wings are in ``wings``.

A form's shape picks its family: one rank and no kickers (``_simple``: per-rank tables), a
chain without kickers (``_chain``: per set of chain ranks), one primal rank with one or two
kickers (``_with_one``, ``_with_two``: tables by primal and kicker ranks), the top play
(``_top``); a chain with kickers is searched (``wings.with_wings``). Listing order: primal
rank, chain length, then kickers.

>>> from service.rules import STANDARD, Kind, read_hand
>>> from service.rules.fast.tables import tables_of
>>> found = []
>>> trio_single = plain_family(STANDARD.model.form(Kind.TRIO_SINGLE))
>>> trio_single(Held(read_hand("33345")), tables_of(STANDARD.model), -1, 0, found)
>>> [c.cards for c in found]
['3334', '3335']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, Final, Generic, TypeVar

from ..combos import Combination, make
from ..kickers import pair_caps, pairs_ok, single_caps, singles_ok
from ..kinds import Kind
from ..model import ACE, GAMES, RED, TWO, Form, Game, KickerRules, Tier
from .hand import LISTS, Held
from .tables import (
    UNREAD,
    Family,
    Found,
    Position,
    Tables,
    preferred_of,
    shared_leads,
    universe_of,
)

_ALL: Final = range(RED + 1)
_SOURCES: Final = dict(enumerate(LISTS, 1))
"""The rank list of ``Held`` that holds the ranks a hand has ``n`` of."""
_ORDER: Final = GAMES[Game.THREE_PLAYER].order


class NoFamily(ValueError):
    """A form whose shape no family of the fast path lists: its game uses the reference
    engine (``fast.lists``)."""


def listable(form: Form) -> str | None:
    """Why no family lists a form, or None when one does. The tables assume what the
    three-player forms are: a hand holds at most four of a rank; a form of one primal rank
    tables the ranks 3 to 2 (to the red joker for singles); chains run within 3..A (the
    12-bit masks of ``Entry``); kickers are singles or pairs, one per primal rank (two only
    with four of a rank: ``_with_two`` walks the fours); chains with kickers are of trios or
    fours (``wings``); the top play is the rocket.

    >>> from service.rules import STANDARD, Kind
    >>> listable(STANDARD.model.form(Kind.TRIO_SINGLE)) is None
    True
    >>> listable(Form(Kind.TRIO_SINGLE, 3, kickers=2, kicker_width=1))
    'two kickers per primal rank need four of a rank, not 3'
    """
    if form.width not in _SOURCES or (form.kickers and form.kicker_width not in (1, 2)):
        return f"{form.width} cards of a rank, kickers of {form.kicker_width}"
    if form.kickers and form.tier is not Tier.PLAY:
        return "kickers on a bomb or a top play"
    if form.tier is Tier.TOP:
        rocket = form.low == RED - 1 and form.high == RED and form.width == 1
        return None if rocket and form.min_len == form.max_len == 2 else "a top play not the rocket"
    if form.chain and not (form.low == 0 and form.high == ACE):
        return "a chain outside 3..A"
    if not form.chain and (form.low != 0 or form.high != (RED if form.width == 1 else TWO)):
        return "one rank's table not from 3 to 2 (to the red joker for singles)"
    if form.kickers > 2 or (form.kickers and form.width < 3):
        return f"{form.kickers} kickers on {form.width} cards of a rank"
    if form.kickers == 2 and not form.chain and form.width != 4:
        return f"two kickers per primal rank need four of a rank, not {form.width}"
    return None


def make_play(form: Form, start: int, length: int, kickers: tuple[int, ...] = ()) -> Combination:
    """``make`` in the three-player game's rank order.

    >>> from service.rules.model import THREE_PLAYER_FORMS
    >>> make_play(THREE_PLAYER_FORMS[0], 13, 1)
    Combination.of('B', kind='single', rank='B')
    """
    return make(form, start, length, kickers, _ORDER)


_BITS: Final = {"present": 1, "pairs": 2, "trios": 4, "fours": 0}
NEEDS: Final[dict[Kind, int]] = {}
"""Per kind, the rank lists its family reads (the bits of ``Held``'s ``lists``; the fours are
always read), set by the family's factory."""


def reads(kind: Kind, *lists: str) -> None:
    """Record the rank lists a kind's family reads (``NEEDS``).

    >>> NEEDS[Kind.TRIO_PAIR] == _BITS["trios"] | _BITS["pairs"]
    True
    """
    NEEDS[kind] = sum(_BITS[name] for name in lists)


def plain_family(form: Form, *, lead: bool = False) -> Family:
    """The family that lists a three-player form's combinations, chosen by its shape (a chain
    with kickers is ``wings.with_wings``'s). The ``lead`` family of a form with kickers lists
    only the readings that are their card set's preferred one (``tables.Preferred``): what
    leads of every kind list.

    >>> from service.rules import STANDARD, read_hand
    >>> from service.rules.fast.tables import tables_of
    >>> found: Found = []
    >>> chains = plain_family(STANDARD.model.form(Kind.CHAIN))
    >>> chains(Held(read_hand("3456789")), tables_of(STANDARD.model), 4, 5, found)
    >>> [c.cards for c in found]
    ['45678', '56789']
    """
    assert not (form.chain and form.kickers), "chains with kickers: wings.with_wings"
    why = listable(form)
    if why is not None:
        raise NoFamily(f"no family lists {form.kind} ({why})")
    if form.tier is Tier.TOP:
        return _top(form)
    if form.chain:
        return _chain(form)
    if not form.kickers:
        return _simple(form)
    return _with_one(form, lead) if form.kickers == 1 else _with_two(form, lead)


def _kicker_table(form: Form, tables: Tables) -> list[Any]:
    """A one-primal-rank form's kicker table under the tables' kicker rules: a row per primal
    rank, None until a hand reads it (``_one_kicker_row``; for two kickers a row per first
    kicker rank too, ``_two_kicker_row``). Shared by every game model whose kicker rules judge
    the form's kickers alike (``kickers.judging_number``), as the readings do not depend on
    the rest of the game (bounded)."""
    key = (form, universe_of(tables.model).judged_number(form))
    table = _KICKER_TABLES.get(key)
    if table is None:
        if len(_KICKER_TABLES) >= _KICKER_TABLES_KEPT:
            _KICKER_TABLES.clear()
        table = _KICKER_TABLES.setdefault(key, [None] * (TWO + 1))
    tables.kicker_rows[form.kind] = table
    return table


_KICKER_TABLES: Final[dict[tuple[Form, int], list[Any]]] = {}
_KICKER_TABLES_KEPT: Final = 256
"""How many kicker tables are kept (each a few kB when full): then they start again."""


def _blank(rows: list[Any], at: int) -> list[Any]:
    """A new row of ``rows`` at ``at`` for every rank, each None until read."""
    row = rows[at] = [None] * (RED + 1)
    return row


def _one_kicker_row(
    form: Form, kicker_rules: KickerRules, table: list[Any], primal: int
) -> list[Combination | None]:
    """``table[primal][kicker]``: the combination of ``form`` at a primal rank with one kicker
    rank, None where the kicker rules give that rank no kicker (``service.rules.kickers``)."""
    pairs = form.kicker_width == 2
    caps = (
        pair_caps(kicker_rules, primal, 1) if pairs else single_caps(kicker_rules, form, primal, 1)
    )
    row = table[primal] = [
        make_play(form, primal, 1, (k, k) if pairs else (k,)) if caps[k] else None for k in _ALL
    ]
    return row


def _two_kicker_row(
    form: Form, kicker_rules: KickerRules, rows: list[Any], four: int, a: int
) -> list[Combination | None]:
    """``rows[a][b]`` (a <= b) of a four's rows: the four-with-two combination whose kickers
    are ranks ``a`` and ``b``, or None where the kicker rules forbid that set (``singles_ok``
    or ``pairs_ok`` of ``service.rules.kickers``: a rank of the four, a rank twice beyond its
    cap, both jokers where they split)."""
    width = form.kicker_width
    caps = (
        pair_caps(kicker_rules, four, 1) if width == 2 else single_caps(kicker_rules, form, four, 1)
    )
    row: list[Combination | None] = []
    for b in _ALL:
        kick = [0] * (RED + 1)
        kick[a] = kick[a] + width
        kick[b] = kick[b] + width
        legal = a <= b and (
            pairs_ok(tuple(kick), caps, kicker_rules)
            if width == 2
            else singles_ok(tuple(kick), caps, kicker_rules)
        )
        kickers = tuple(sorted((a,) * width + (b,) * width))
        row.append(make_play(form, four, 1, kickers) if legal else None)
    rows[a] = row
    return row


def _simple(form: Form) -> Family:
    width = form.width
    reads(form.kind, _SOURCES[width])
    table = [make_play(form, r, 1) for r in range(form.low, form.high + 1)]

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        found += [table[r] for r in hand.at_least(width) if r > above]

    return listed


def top_test(form: Form) -> tuple[Combination, int, int, int]:
    """The top play of the three-player game (the rocket), and how to see that a hand holds
    it: the two places its ranks take in the counts of the hand's last part (K A 2 B R), each
    held at least ``width`` times. A response writes the test out (``fast.generate``).

    >>> from service.rules import STANDARD
    >>> top_test(STANDARD.model.form(Kind.ROCKET))
    (Combination.of('BR', kind='rocket', rank='R'), 3, 4, 1)
    """
    assert form.low > TWO and form.min_len == form.max_len == 2, "two ranks of the last part"
    return make_play(form, form.low, 2), form.low - 10, form.high - 10, form.width


def _top(form: Form) -> Family:
    reads(form.kind)
    play, low, high, width = top_test(form)

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        counts = hand.parts[2].counts
        if counts[low] >= width and counts[high] >= width:
            found.append(play)

    return listed


def _runs(ranks: list[int]) -> list[tuple[int, int]]:
    """The maximal runs of consecutive ranks in ascending chain ranks (3..A)."""
    runs: list[tuple[int, int]] = []
    for r in ranks:
        if runs and runs[-1][1] == r - 1:
            runs[-1] = (runs[-1][0], r)
        else:
            runs.append((r, r))
    return runs


def _chain(form: Form) -> Family:
    """Chains of ``form``: from a table of every set of chain ranks held as many times as its
    width (``ByChainRanks``), its entries made as hands ask for them."""
    width = form.width
    reads(form.kind)
    plays: dict[Position, Combination] = {}

    def made(position: Position) -> Combination:
        found = plays.get(position)
        if found is None:
            found = plays.setdefault(position, make_play(form, *position))
        return found

    table = ByChainRanks(lambda low, high: [made(p) for p in _chain_positions(form, low, high)])

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        a, b, c = hand.parts
        chains = table[a.mask(width) | b.mask(width) | c.mask(width)]
        if above >= 0 or length:
            found += [c for c in chains if c.rank > above and (not length or c.length == length)]
        else:
            found += chains

    return listed


T = TypeVar("T")


class ByChainRanks(Generic[T]):
    """A table by set of chain ranks (a 12-bit mask, bit r: rank r, 3..A): what
    ``of_run(low, high)`` gives for each maximal run of the set, in order, as one tuple (equal
    entries, one tuple). An entry is made when a hand first asks for it: a hand holds few of
    the 4,096 sets, and making them all took a chain form's first use about 0.6 ms.

    >>> runs = ByChainRanks(lambda low, high: [(low, high)])
    >>> runs[0b1101], runs[0b1101] is runs[0b1101]  # 3, then 5 and 6
    (((0, 0), (2, 3)), True)
    """

    __slots__ = ("entries", "equal", "of_run")

    def __init__(self, of_run: Callable[[int, int], Iterable[T]]) -> None:
        self.of_run = of_run
        self.entries: list[tuple[T, ...] | None] = [None] * (1 << (ACE + 1))
        self.equal: dict[tuple[T, ...], tuple[T, ...]] = {}

    def __getitem__(self, mask: int) -> tuple[T, ...]:
        found = self.entries[mask]
        if found is None:
            ranks = [r for r in range(ACE + 1) if mask >> r & 1]
            made = tuple(item for low, high in _runs(ranks) for item in self.of_run(low, high))
            found = self.entries[mask] = self.equal.setdefault(made, made)
        return found


def _chain_positions(form: Form, low: int, high: int) -> list[Position]:
    """The chains of ``form`` in a run of chain ranks from ``low`` to ``high``, in listing
    order (top rank, then length).

    >>> from service.rules.model import THREE_PLAYER_FORMS
    >>> _chain_positions(THREE_PLAYER_FORMS[7], 0, 2)  # airplanes in 333444555
    [(0, 2), (1, 2), (0, 3)]
    """
    return [
        (top - size + 1, size)
        for top in range(low + form.min_len - 1, high + 1)
        for size in range(form.min_len, min(top - low + 1, form.max_len) + 1)
    ]


@cache
def positions_table(form: Form) -> ByChainRanks[Position]:
    """Per set of chain ranks held (``ByChainRanks``), every chain of ``form`` they make, in
    listing order (top rank, then length); each chain one tuple.

    >>> from service.rules.model import THREE_PLAYER_FORMS
    >>> airplanes = positions_table(THREE_PLAYER_FORMS[7])
    >>> airplanes[0b111], airplanes[0b101]  # 3, 4 and 5 held thrice; 3 and 5
    (((0, 2), (1, 2), (0, 3)), ())
    """
    chains: dict[Position, Position] = {}
    return ByChainRanks(
        lambda low, high: [chains.setdefault(p, p) for p in _chain_positions(form, low, high)]
    )


def _with_one(form: Form, lead: bool) -> Family:
    source, kicker_source = _SOURCES[form.width], _SOURCES[form.kicker_width]
    width, kicker_width = form.width, form.kicker_width
    reads(form.kind, source, kicker_source)

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        primals = [p for p in hand.at_least(width) if p > above]
        table = tables.kicker_rows.get(form.kind) or _kicker_table(form, tables)
        rules, kickers = tables.model.kickers, hand.at_least(kicker_width)
        if lead:  # per primal rank, a lead row (``_unread``)
            rows = tables.lead_kickers.get(form.kind) or _lead_rows(form, tables)
            for p in primals:
                kick = table[p] or _one_kicker_row(form, rules, table, p)
                _add_readings(rows[p] or _unread(kick, rows, p), kick, kickers, tables, found)
            return
        for p in primals:  # a row holds None where the kicker is the primal rank
            row = table[p] or _one_kicker_row(form, rules, table, p)
            found += [c for k in kickers if (c := row[k]) is not None]

    return listed


def _with_two(form: Form, lead: bool) -> Family:
    width = form.kicker_width
    reads(form.kind, "present" if width == 1 else "pairs", "fours")

    def listed(hand: Held, tables: Tables, above: int, length: int, found: Found) -> None:
        table = tables.kicker_rows.get(form.kind) or _kicker_table(form, tables)
        rules, counts, kickers = tables.model.kickers, hand.counts, hand.at_least(width)
        leads: list[Any] = []
        if lead:  # per four and first kicker, a lead row (``_unread``)
            leads = tables.lead_kickers.get(form.kind) or _lead_rows(form, tables)
        for f in hand.fours:
            if f <= above:
                continue
            rows = table[f] or _blank(table, f)  # by first kicker rank, then second
            lead_rows = (leads[f] or _blank(leads, f)) if lead else rows
            for i, a in enumerate(kickers):
                kick = rows[a] or _two_kicker_row(form, rules, rows, f, a)
                row = (lead_rows[a] or _unread(kick, lead_rows, a)) if lead else kick
                # the second kicker's rank: a again where the hand gives it twice, then above
                seconds = kickers[i:] if counts[a] >= 2 * width else kickers[i + 1 :]
                _add_readings(row, kick, seconds, tables, found)

    return listed


def _lead_rows(form: Form, tables: Tables) -> list[Any]:
    """A form's lead rows by primal rank, each None until a lead reads it (``_unread``),
    shared by the games whose card sets of its size read alike (``tables.shared_leads``)."""
    rows: list[Any] = shared_leads(tables, form, lambda: [None] * (TWO + 1))
    tables.lead_kickers[form.kind] = rows
    return rows


def _unread(kick: list[Combination | None], rows: list[Any], at: int) -> list[Any]:
    """A lead row (kept in ``rows`` at ``at``) of a kicker table's row ``kick``: None where
    ``kick`` has no reading, else ``UNREAD`` until a lead reads the entry (``_judge``)."""
    row = rows[at] = [None if c is None else UNREAD for c in kick]
    return row


def _add_readings(
    row: list[Any],
    kick: list[Combination | None],
    ranks: Iterable[int],
    tables: Tables,
    found: Found,
) -> None:
    """Add to ``found`` the readings of ``row`` (a lead row, or the kicker row ``kick``
    itself) at ``ranks``, judging a lead row's entries as they are first read."""
    for r in ranks:
        c = row[r]
        if c is UNREAD:
            c = _judge(row, r, kick, tables)
        if c is not None:
            found.append(c)


def _judge(row: list[Any], at: int, kick: list[Combination | None], tables: Tables) -> Any:
    """A lead row's entry at ``at``, judged: the kicker row's reading where it is its card set's
    preferred one (``tables.Preferred``), else None; kept in the row. A lead judges only the
    readings its hand holds, not the row's every rank."""
    combo = kick[at]
    assert combo is not None, "an entry is unjudged only where the kicker row reads one"
    found = row[at] = combo if (tables.preferred or preferred_of(tables))[combo] else None
    return found
