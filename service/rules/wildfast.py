"""The wild engine: the legal moves of a hand with wilds (docs/rules.md §14), counted from the
rank counts without being made, and made only where a page shows them.

A play with wilds is a form at a chain position, filled in three parts that do not depend on
one another: its **primal** ranks (natural cards of each rank, wilds for the rest), its
**kickers** (natural cards of the other ranks, and wilds standing for ranks that keep them
legal: a primal rank is never a kicker's, so the kickers do not depend on how the primal
ranks were filled, only on how many wilds are left), and the **split** of the wilds they take
between the wild ranks the hand holds (tiandi's two ranks are different cards). Each choice of
the three is one play, and two choices are never the same play: the cards fix the natural
cards of every rank, so the primal part, the kickers' natural cards, how many wilds the
kickers take, and the split. So:

- a position's plays are **counted** from three small tables, each from the rank counts: the
  primal parts by the wilds they take (a product over the chain's ranks, ``_primal_ways``),
  the kicker parts by the same (choices within the kicker caps, ``_kicker_ways``), the splits
  of ``n`` wilds; less the plays of wilds alone whose substitution reads a rank of no wild of
  theirs (not plays: ``_lone_misses``);
- a play's place in the listing (kind, primal rank, then size, then cards) is a number added
  up from its parts (``_number``), so a page sorts the numbers of the groups it reaches (kind
  and primal rank) and makes only its own moves.

Which kickers and which substitution are shown is the search's (``service.rules.wilds``, which
stays the reference: ``tests/test_wild_engine.py`` holds this engine to it on random hands,
option sets, wild ranks, answers and pages): the parts are the search's own (``_hold``,
``_kickers``, ``_splits``, ``_assign``), and each play is made into the combination the search
makes of it (``combos.wild_combination``).

>>> from .cards import read_hand
>>> from .ruleset import get_ruleset
>>> laizi = get_ruleset("laizi", wild="7").model
>>> count, page = wild_listing(read_hand("34567777"), laizi, offset=200, limit=2)
>>> count, [(c.cards, c.kind.value) for c in page]
(303, [('34567777', 'pair_chain'), ('567777', 'pair_chain')])
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from itertools import groupby
from operator import itemgetter
from typing import NamedTuple

from .beating import beats
from .cards import NUM_RANKS, RANK_CHARS, Counts, Rank
from .combos import Combination
from .kickers import pair_caps, single_caps
from .kinds import KIND_ORDER, Kind
from .model import BLACK, RED, TWO, Form, GameModel, Grade, Tier
from .wilds import _assign, _hold, _kickers, _splits, _spots

Positions = Callable[[Form, int, int], bool]
"""Which chain positions (form, start, length) a listing searches."""
Group = tuple[int, int]
"""A group of moves in listing order: their kind's place (``KIND_ORDER``) and the power of
their primal rank."""
Place = tuple[Form, int, int]
"""A chain position: form, start, length."""

_SHIFT = tuple(3 * (NUM_RANKS - 1 - r) for r in range(NUM_RANKS))
"""Where each rank's count sits in a card set's number (``_number``): three bits a rank, the
lowest rank highest."""
_SIZE = 3 * NUM_RANKS
"""Where a play's size sits in its listing key, above every card count."""
_NONE = (0,) * NUM_RANKS


def _number(counts: list[int] | Counts) -> int:
    """A card set as a number: its count of each rank in three bits, the lowest rank in the
    highest bits. Sets of one size list in descending number (in ascending cards, the set with
    more of the lowest rank where two differ comes first), and a play's number is the sum of
    its parts' (no rank holds more than seven cards).

    >>> _number([1, 0, 2] + [0] * 12) > _number([0, 3] + [0] * 13)  # 355 lists before 444
    True
    """
    return sum(n << s for n, s in zip(counts, _SHIFT, strict=False) if n)


class _Part(NamedTuple):
    """A primal part or a kicker part of a position's plays."""

    wilds: int
    """How many wild cards it takes."""
    natural: int
    """How many natural cards it holds."""
    number: int
    """Its natural cards as a number (``_number``)."""
    cards: tuple[int, ...]
    """Its natural cards, ascending ranks."""
    stands: tuple[int, ...]
    """What its wilds stand for, ascending."""
    text: str
    """The kickers as read (a kicker part; empty for a primal part)."""


class _Split(NamedTuple):
    """One way to take ``n`` wilds from the wild ranks the hand holds."""

    split: tuple[int, ...]
    """How many of each wild rank (in the order of ``Wilds.ranks``)."""
    number: int
    """The wild cards as a number (``_number``)."""
    cards: tuple[int, ...]
    """The wild cards, ascending ranks (the play's ``wild``)."""
    text: str
    """The wild cards as text."""


class _Spot(NamedTuple):
    """One chain position with its parts and what every play of it shares."""

    form: Form
    top: int
    primal: list[_Part]
    kickers: list[_Part]
    shared: tuple[Kind, Rank, int, str, int, int, int]
    """Kind, primal rank, chain length as shown, primal cards, listing key base (size),
    size, power of the primal rank."""


def _parts_of_primal(natural: list[int], place: Place, total: int) -> list[_Part]:
    """Every way to fill a position's primal ranks from natural cards and up to ``total``
    wilds (``wilds._hold``)."""
    form, start, length = place
    run = range(start, start + length)
    found = []
    for used, stands in _hold(natural, total, [(r, form.width) for r in run]):
        cards = tuple(r for r in run for _ in range(used[r]))
        found.append(_Part(len(stands), len(cards), _number(used), cards, stands, ""))
    return found


def _parts_of_kickers(
    natural: list[int], place: Place, total: int, model: GameModel
) -> list[_Part]:
    """Every legal kicker part of a position, with up to ``total`` wilds (``wilds._kickers``)."""
    form, start, length = place
    found = []
    for used, stands, kick in _kickers(
        natural, total, form, start=start, length=length, model=model
    ):
        cards = tuple(r for r in range(NUM_RANKS) for _ in range(used[r]))
        text = "".join([RANK_CHARS[r] for r in kick])
        found.append(_Part(len(stands), len(cards), _number(used), cards, stands, text))
    return found


def _times(ways: list[int], low: int, high: int, limit: int) -> list[int]:
    """``ways`` times (x**low + ... + x**high), up to x**limit."""
    more = [0] * min(len(ways) + high, limit + 1)
    for s, n in enumerate(ways):
        if n:
            for t in range(low + s, min(high + s, limit) + 1):
                more[t] += n
    return more


def _kicker_ways(
    natural: list[int], place: Place, total: int, model: GameModel
) -> list[int] | None:
    """How many legal kicker parts a position has, by the wilds they take (up to ``total``),
    from the rank counts alone; None where the kicker rules need each part judged (a kicker
    gap under ``bomb_in_kickers``, pair kickers of jokers), for ``_parts_of_kickers``.

    Single kickers: the natural cards are any choice within the caps, less the two jokers
    where they split; ``n`` wilds take the rest when the caps of ranks 3 to 2 leave room for
    them, and then the search's substitution of them (``wilds._fresh``) is legal. Pair
    kickers: any number of natural cards of a rank within twice its cap, an odd one completed
    by a wild; the wild pairs take the rest when the caps of ranks 3 to 2 leave room for them,
    the same room for every choice.

    >>> from .ruleset import get_ruleset
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> trio_single = laizi.form(Kind.TRIO_SINGLE)
    >>> _kicker_ways([0, 1, 1] + [0] * 12, (trio_single, 0, 1), 1, laizi)  # 4, 5; or a wild
    [2, 1]
    """
    form = place[0]
    if not form.kickers:
        return [1] + [0] * total
    if form.kicker_width == 1:
        return _single_ways(natural, place, total, model)
    return _pair_ways(natural, place, total, model)


def _single_ways(
    natural: list[int], place: Place, total: int, model: GameModel
) -> list[int] | None:
    """``_kicker_ways`` of single kickers."""
    form, start, length = place
    rules = model.kickers
    if rules.bomb and rules.rank_max < 3:
        return None
    units = form.kickers * length
    caps = single_caps(rules, form, start, length)
    room = sum(caps[: TWO + 1])
    plain = [1]  # the choices of natural cards of ranks 3 to 2, by their number
    for r in range(TWO + 1):
        most = min(natural[r], caps[r])
        if most:
            plain = _times(plain, 0, most, units)
    black, red = min(natural[BLACK], caps[BLACK]), min(natural[RED], caps[RED])
    jokers = (1, black + red, black * red if rules.rocket else 0)
    ways = [0] * (total + 1)
    for wild in range(min(total, units) + 1):
        cards = units - wild
        ways[wild] = sum(
            n * plain[cards - j]
            for j, n in enumerate(jokers)
            if n and 0 <= cards - j < len(plain) and cards - j <= room - wild
        )
    return ways


def _pair_ways(natural: list[int], place: Place, total: int, model: GameModel) -> list[int] | None:
    """``_kicker_ways`` of pair kickers."""
    form, start, length = place
    units = form.kickers * length
    caps = pair_caps(model.kickers, start, length)
    if caps[BLACK] or caps[RED]:
        return None
    ways = [0] * (total + 1)
    if sum(caps[: TWO + 1]) < units:
        return ways  # no room for the wild pairs of any choice
    table = {(0, 0): 1}  # the choices of natural cards by (pairs, odd cards)
    for r in range(TWO + 1):
        most = min(natural[r], 2 * caps[r])
        if not most:
            continue
        more: dict[tuple[int, int], int] = {}
        for (pairs, odd), n in table.items():
            for take in range(most + 1):
                key = (pairs + (take + 1) // 2, odd + take % 2)
                if key[0] <= units:
                    more[key] = more.get(key, 0) + n
        table = more
    for (pairs, odd), n in table.items():
        wild = odd + 2 * (units - pairs)
        if wild <= total:
            ways[wild] += n
    return ways


_MISSES: dict[tuple[GameModel, Form, int, int, tuple[int, ...]], int] = {}
"""``_lone_misses`` per game model, position and wilds held: bounded (``_MISSES_LIMIT``)."""
_MISSES_LIMIT = 20_000


def _lone_misses(model: GameModel, place: Place, pool: tuple[int, ...]) -> int:
    """How many plays of wilds alone the parts of a position make (its primal ranks all
    wilds, its kickers all wilds, each split of them) whose substitution reads a rank of no
    wild of the play: not plays (docs/rules.md §14), and left out of the count.

    >>> from .ruleset import get_ruleset
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> _lone_misses(laizi, (laizi.form(Kind.PAIR), 0, 1), (2,))  # 77 as 33
    1
    """
    key = (model, *place, pool)
    found = _MISSES.get(key)
    if found is None:
        found = 0
        form, start, length = place
        total = sum(pool)
        short = form.width * length
        assert model.wilds is not None
        ranks = model.wilds.ranks
        if short <= total and start + length - 1 <= TWO:
            primal = tuple(r for r in range(start, start + length) for _ in range(form.width))
            for k in _parts_of_kickers(list(_NONE), place, total, model):
                if short + k.wilds <= total:
                    everything = tuple(sorted(primal + k.stands))
                    for split in _splits(short + k.wilds, pool):
                        wild, stand, _ = _assign(everything, split, ranks)
                        found += not set(stand) <= set(wild)
        if len(_MISSES) >= _MISSES_LIMIT:
            _MISSES.clear()
        _MISSES[key] = found
    return found


def answers_at(previous: Combination, model: GameModel) -> Positions:
    """Which chain positions (form, start, length) may hold a play that beats ``previous``
    (docs/rules.md §3): any bomb's (its class is the wilds'), any top play's, else one of its
    kind, length and size with a higher primal rank; none when it is a top play.

    >>> from .ruleset import get_ruleset
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> may = answers_at(Combination.of("44"), laizi)
    >>> may(laizi.form(Kind.PAIR), 3, 1), may(laizi.form(Kind.PAIR), 1, 1)
    (True, False)
    """

    def may(form: Form, start: int, length: int) -> bool:
        if previous.tier is Tier.TOP or (form.kind is not previous.kind and form.tier is Tier.PLAY):
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


class _Listing:
    """One hand's moves with wilds, by group: counted (``sizes``), made where asked
    (``moves``)."""

    def __init__(
        self,
        hand: Counts,
        model: GameModel,
        previous: Combination | None,
        kinds: Collection[Kind] | None,
    ) -> None:
        wilds = model.wilds
        if wilds is None or not wilds.ranks:
            raise ValueError("the wild ranks are not drawn: name them (wild)")
        self.model = model
        self.previous = previous
        self.ranks = wilds.ranks
        self.pool = tuple(hand[r] for r in wilds.ranks)
        self.total = total = sum(self.pool)
        natural = list(hand)
        for r in wilds.ranks:
            natural[r] = 0
        self.natural = natural
        self.splits: list[list[_Split]] = []
        for n in range(total + 1):
            found = []
            for split in _splits(n, self.pool):
                cards = tuple(
                    sorted(r for r, k in zip(self.ranks, split, strict=True) for _ in range(k))
                )
                number = sum(k << _SHIFT[r] for r, k in zip(self.ranks, split, strict=True))
                found.append(_Split(split, number, cards, "".join([RANK_CHARS[r] for r in cards])))
            self.splits.append(found)
        self.stands: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[str, bool]] = {}
        """The stand-ins shown, as text, and whether they read only ranks of the play's
        wilds, by (stand-ins ascending, split): ``_assign``, made once."""
        self.runs: dict[tuple[int, int, int], list[int]] = {}
        """``_primal_ways`` by (width, start, length), each made from the one a rank shorter."""
        may = None if previous is None else answers_at(previous, model)
        found_spots = _spots(
            natural, total, model, held=sum(hand), kinds=kinds, size=None, positions=may
        )
        self.groups: list[tuple[Group, list[Place]]] = [
            (group, [(form, start, length) for _, form, start, length in spots])
            for group, spots in groupby(found_spots, key=itemgetter(0))
        ]

    def _primal_ways(self, form: Form, start: int, length: int) -> list[int]:
        """How many ways there are to fill a position's primal ranks, by the wilds they take:
        per rank, its natural cards (up to ``width``, all for a joker) and wilds for the rest."""
        key = (form.width, start, length)
        ways = self.runs.get(key)
        if ways is None:
            before = [1] if length == 1 else self._primal_ways(form, start, length - 1)
            r = start + length - 1
            width = form.width
            high = min(self.natural[r], width)
            low = width if r > TWO else 0
            ways = (
                []
                if high < low or not before
                else _times(before, width - high, width - low, self.total)
            )
            self.runs[key] = ways
        return ways

    def answers_one_by_one(self, form: Form) -> bool:
        """Whether a position's plays are judged one by one against the play to answer: bombs
        on a bomb (by class, rank and size). Every other position searched beats it."""
        previous = self.previous
        return previous is not None and form.tier is Tier.BOMB and previous.tier is Tier.BOMB

    def count(self, place: Place) -> int:
        """How many moves a position holds."""
        form, start, length = place
        ways = self._primal_ways(form, start, length)
        if not any(ways):
            return 0
        if self.answers_one_by_one(form):
            return len(self.made(self.spot(place)))
        total = self.total
        kicks = _kicker_ways(self.natural, place, total, self.model)
        if kicks is None:
            kicks = [0] * (total + 1)
            for k in _parts_of_kickers(self.natural, place, total, self.model):
                kicks[k.wilds] += 1
        splits = [len(s) for s in self.splits]
        found = 0
        for s, n in enumerate(ways):
            if n:
                found += n * sum(
                    m * splits[s + w] for w, m in enumerate(kicks[: total + 1 - s]) if m
                )
        return found - _lone_misses(self.model, place, self.pool)

    def sizes(self) -> tuple[tuple[Group, int], ...]:
        """How many moves each group holds (groups without one left out), in order."""
        found = []
        for group, places in self.groups:
            size = sum(self.count(place) for place in places)
            if size:
                found.append((group, size))
        return tuple(found)

    def spot(self, place: Place) -> _Spot:
        """A position with its parts and what its plays share."""
        form, start, length = place
        top = start + length - 1
        size = form.size(length)
        shared = (
            form.kind,
            Rank(top),
            1 if form.tier is Tier.TOP else length,
            "".join([RANK_CHARS[r] * form.width for r in range(start, top + 1)]),
            size << _SIZE,
            size,
            self.model.power(top),
        )
        return _Spot(
            form,
            top,
            _parts_of_primal(self.natural, place, self.total),
            _parts_of_kickers(self.natural, place, self.total, self.model),
            shared,
        )

    def stand(self, stands: tuple[int, ...], split: _Split) -> tuple[str, bool]:
        """What a play's wilds stand for, shown, and whether only for ranks of its wilds."""
        key = (stands, split.split)
        found = self.stands.get(key)
        if found is None:
            wild, stand, _ = _assign(stands, split.split, self.ranks)
            found = self.stands[key] = (
                "".join([RANK_CHARS[r] for r in stand]),
                set(stand) <= set(wild),
            )
        return found

    def plays(self, spot: _Spot) -> list[tuple[int, _Part, _Part, _Split]]:
        """Every play of a position: its key in its group (size, then cards, descending), and
        its parts."""
        total = self.total
        splits = self.splits
        base = spot.shared[4]
        found = []
        for p in spot.primal:
            for k in spot.kickers:
                taken = p.wilds + k.wilds
                if taken > total:
                    continue
                number = base - p.number - k.number
                if p.natural or k.natural:
                    found += [(number - s.number, p, k, s) for s in splits[taken]]
                    continue
                stands = tuple(sorted(p.stands + k.stands))
                found += [
                    (number - s.number, p, k, s) for s in splits[taken] if self.stand(stands, s)[1]
                ]
        return found

    def make(self, spot: _Spot, p: _Part, k: _Part, split: _Split) -> Combination:
        """The combination of one play: the one the search's play makes
        (``combos.wild_combination``)."""
        kind, rank, length, primal, _, size, power = spot.shared
        form = spot.form
        held = tuple(sorted(p.cards + k.cards + split.cards))
        stand, _ = self.stand(tuple(sorted(p.stands + k.stands)), split)
        grade, rung = 0, form.ladder
        if form.tier is Tier.BOMB:
            wilds = self.model.wilds
            assert wilds is not None
            graded = (
                Grade.PURE if not p.natural + k.natural else Grade.SOFT if stand else Grade.HARD
            )
            grade, rung = int(graded), wilds.rung(form.width, graded)
        return Combination(
            kind,
            rank,
            length,
            "".join([RANK_CHARS[r] for r in held]),
            primal,
            k.text,
            (KIND_ORDER[kind], power, size, held),
            power,
            form.tier,
            rung,
            split.text,
            stand,
            grade,
        )

    def made(self, spot: _Spot) -> list[tuple[int, Combination]]:
        """Every play of a position judged one by one (``answers_one_by_one``) that beats the
        play to answer, made, with its key."""
        previous = self.previous
        assert previous is not None
        found = []
        for key, p, k, split in self.plays(spot):
            combo = self.make(spot, p, k, split)
            if beats(combo, previous):
                found.append((key, combo))
        return found

    def moves(self, places: list[Place], first: int, end: int | None) -> list[Combination]:
        """The moves of one group from its ``first`` to its ``end``, made."""
        if any(self.answers_one_by_one(form) for form, _, _ in places):
            keyed = [found for place in places for found in self.made(self.spot(place))]
            keyed.sort(key=itemgetter(0))
            return [combo for _, combo in keyed[first:end]]
        chosen = []
        for place in places:
            spot = self.spot(place)
            chosen += [(key, spot, p, k, split) for key, p, k, split in self.plays(spot)]
        chosen.sort(key=itemgetter(0))
        make = self.make
        return [make(spot, p, k, split) for _, spot, p, k, split in chosen[first:end]]


@lru_cache(maxsize=64)
def group_sizes(
    hand: Counts, model: GameModel, previous: Combination | None, kinds: frozenset[Kind] | None
) -> tuple[tuple[Group, int], ...]:
    """How many moves each group of a hand's listing holds (groups without one left out), in
    order: counted from the rank counts, not made. Kept for the last hands asked, so that a
    client walking the pages of a hand counts them once.

    >>> from .ruleset import get_ruleset
    >>> from .cards import read_hand
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> group_sizes(read_hand("4577"), laizi, None, frozenset({Kind.PAIR}))
    (((1, 1), 1), ((1, 2), 1), ((1, 4), 1))
    """
    return _Listing(hand, model, previous, kinds).sizes()


def wild_listing(
    hand: Counts,
    model: GameModel,
    previous: Combination | None = None,
    kinds: Collection[Kind] | None = None,
    *,
    offset: int = 0,
    limit: int | None = None,
) -> tuple[int, list[Combination]]:
    """How many moves a hand with wilds has (each cards and reading once, of the ``kinds``
    given, that beat ``previous``: any, when it is None), and ``limit`` of them (all, when
    None) from ``offset``, in listing order: the count from ``group_sizes``, the moves made
    only in the groups the page reaches.

    >>> from .ruleset import get_ruleset
    >>> from .cards import read_hand
    >>> tiandi = get_ruleset("tiandi_laizi", wild=["7", "J"]).model
    >>> count, moves = wild_listing(read_hand("7J"), tiandi)
    >>> count, [(c.cards, c.kind.value, c.read_as) for c in moves]
    (4, [('7', 'single', '7'), ('J', 'single', 'J'), ('7J', 'pair', '77'), ('7J', 'pair', 'JJ')])
    """
    wanted = None if kinds is None else frozenset(kinds)
    sizes = group_sizes(hand, model, previous, wanted)
    count = sum(size for _, size in sizes)
    end = None if limit is None else offset + limit
    if limit == 0 or offset >= count:
        return count, []
    listing = _Listing(hand, model, previous, wanted)
    places = dict(listing.groups)
    moves: list[Combination] = []
    seen = 0
    for group, size in sizes:
        if seen + size > offset:
            first = max(0, offset - seen)
            last = None if end is None else min(size, end - seen)
            moves += listing.moves(places[group], first, last)
        seen += size
        if end is not None and seen >= end:
            break
    return count, moves


__all__ = ["answers_at", "group_sizes", "wild_listing"]
