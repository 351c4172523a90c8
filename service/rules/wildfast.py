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
  the kicker parts by the same (choices within the kicker caps, ``_Listing.kicker_ways``),
  the splits of ``n`` wilds; less the plays of wilds alone whose substitution reads a rank
  of no wild of theirs (not plays: ``_lone_misses``);
- a play's place in the listing (kind, primal rank, then size, then cards) is a number added
  up from its parts (``card_number``), so a page sorts the numbers of the groups it reaches (kind
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

from collections.abc import Callable, Collection, Iterable, Sequence
from operator import itemgetter
from typing import Final

from .beating import beats
from .cards import NUM_RANKS, NUMBER_SHIFT, RANK_CHARS, RANKS, Counts, Rank, card_number
from .combos import NATURAL_PLAYS, Combination, check_counts
from .kickers import open_caps, pair_caps, single_caps
from .kinds import KIND_ORDER, Kind
from .model import BLACK, RED, TWO, Form, GameModel, Grade, KickerRules, Tier
from .wilds import _assign, _fresh, _kickers, _splits

Positions = Callable[[Form, int, int], bool]
"""Which chain positions (form, start, length) a listing searches."""
Group = tuple[int, int]
"""A group of moves in listing order: their kind's place (``KIND_ORDER``) and the power of
their primal rank."""

Shared = tuple[Kind, Rank, int, str, int, int]
"""What every play of a chain position shares (``_Listing.spot``): kind, primal rank, chain
length as shown, primal cards, size, power of the primal rank."""


_SHIFT: Final = NUMBER_SHIFT
"""``cards.NUMBER_SHIFT`` under a short name, read at some ten places here."""
_SIZE: Final = 3 * NUM_RANKS
"""Where a play's size sits in its listing key, above every card count."""
_NONE: Final = (0,) * NUM_RANKS


def _ranks_of(cards: str) -> list[int]:
    """The ranks of cards written as text (``RANK_CHARS``).

    >>> _ranks_of("37B")
    [0, 4, 13]
    """
    return [RANK_CHARS.index(c) for c in cards]


class _Part:
    """A primal part or a kicker part of a position's plays. The wild engine's parts, splits
    and positions are plain classes with ``Final`` attributes, as ``combos.Combination`` is:
    compiled, one is made in a native call, where a ``NamedTuple``'s constructor is a Python
    call (about 3,000 instructions; a position's primal parts make thousands)."""

    __slots__ = ("natural", "number", "reads", "stands", "text", "wilds")

    wilds: Final[int]
    """How many wild cards it takes."""
    natural: Final[int]
    """How many natural cards it holds."""
    number: Final[int]
    """Its natural cards as a number (``card_number``)."""
    stands: Final[str]
    """What its wilds stand for, ascending, as cards (in a game of one wild rank, a play's
    ``stands`` where the other part takes no wild: ``wilds._assign``)."""
    text: Final[str]
    """The kickers as read (a kicker part; empty for a primal part)."""
    reads: Final[int]
    """The ranks its wilds stand for, as bits (``1 << rank``)."""

    def __init__(  # noqa: PLR0917 - a part's fields, in order
        self, wilds: int, natural: int, number: int, stands: str, text: str, reads: int
    ) -> None:
        self.wilds = wilds
        self.natural = natural
        self.number = number
        self.stands = stands
        self.text = text
        self.reads = reads


class _Split:
    """One way to take ``n`` wilds from the wild ranks the hand holds."""

    __slots__ = ("at", "number", "own", "split", "text")

    at: Final[int]
    """Its place among the splits of the hand (0: no wild)."""
    split: Final[tuple[int, ...]]
    """How many of each wild rank (in the order of ``Wilds.ranks``)."""
    number: Final[int]
    """The wild cards as a number (``card_number``)."""
    text: Final[str]
    """The wild cards as text (the play's ``wild``)."""
    own: Final[int]
    """The wild ranks it takes a card of, as bits (``1 << rank``): what a play of wilds alone
    may read (its stand-ins are the ranks its parts read, whichever wild card stands for
    which)."""

    def __init__(
        self,
        at: int,
        split: tuple[int, ...],
        number: int,
        text: str,
        own: int,
    ) -> None:
        self.at = at
        self.split = split
        self.number = number
        self.text = text
        self.own = own


class _Spot:
    """One chain position with its parts and what every play of it shares."""

    __slots__ = ("code", "form", "kickers", "primal", "shared")

    form: Final[Form]
    code: Final[int]
    """The position in a number: the form's place in the model, and the chain's start."""
    primal: Final[list[_Part]]
    kickers: Final[list[_Part]]
    shared: Final[Shared]

    def __init__(
        self,
        form: Form,
        code: int,
        primal: list[_Part],
        kickers: list[_Part],
        shared: Shared,
    ) -> None:
        self.form = form
        self.code = code
        self.primal = primal
        self.kickers = kickers
        self.shared = shared


_Play = tuple[int, _Spot, _Part, _Part, _Split]
"""One play of a position: its key in its group (``_Listing.plays``), its position and its
parts."""

_EMPTY: Final = _Part(0, 0, 0, "", "", 0)


def _fill(natural: list[int], width: int, r: int) -> tuple[int, int]:
    """The fewest and the most natural cards of rank ``r`` a way to fill ``width`` cards of
    it takes (wilds for the rest): any number up to its count, all ``width`` of a joker."""
    return (width if r > TWO else 0), min(natural[r], width)


def _longer(parts: list[_Part], natural: list[int], width: int, r: int, total: int) -> list[_Part]:
    """Primal parts one rank longer: ``width`` cards of rank ``r`` more, natural (up to its
    count, all of them for a joker) then wild, up to ``total`` wilds. A run's primal parts are
    those of ``wilds._hold``: every way to fill its ranks from natural cards and wilds.

    >>> sorted(p.stands for p in _longer([_EMPTY], [1] + [0] * 14, 2, 0, 2))  # 3 and a wild
    ['3', '33']
    """
    low, high = _fill(natural, width, r)
    card = RANK_CHARS[r]
    shift = _SHIFT[r]
    bit = 1 << r
    return [
        _Part(
            p.wilds + width - t,
            p.natural + t,
            p.number + (t << shift),
            p.stands + card * (width - t),
            "",
            p.reads | bit if t < width else p.reads,
        )
        for p in parts
        for t in range(low, high + 1)
        if p.wilds + width - t <= total
    ]


def _parts_of_kickers(
    natural: list[int], place: Place, total: int, model: GameModel
) -> list[_Part]:
    """Every legal kicker part of a position, with up to ``total`` wilds: those of
    ``wilds._kickers``, judged part by part there; where ``_Listing.kicker_ways`` counts them
    from the rank counts, the same parts made here without judging them (each is legal), with
    the search's substitution (``wilds._fresh``), from the choices of the position alone
    (``_kicker_choices``; a listing shares them between the positions of a form and length,
    ``_Listing.kicker_parts``)."""
    form, start, length = place.form, place.start, place.length
    if _judged(form, model):
        return [
            _kicker_part(card_number(used), _number_of(stands))
            for used, stands, _ in _kickers(
                natural, total, form, start=start, length=length, model=model
            )
        ]
    if not form.kickers:
        return [_EMPTY]
    assert model.wilds is not None
    choices = _kicker_choices(natural, form, length, (start, length), total, model)
    return _kicker_parts_at(choices, _caps_at(place, model.kickers), model.wilds.ranks)


class _Choices:
    """The natural cards of kicker parts of a form and chain length, chosen within the caps
    of the ranks no position of them makes primal (``_kicker_choices``): those of a position
    are the choices within its own caps (``_kicker_parts_at``). Two lists in step (``add``
    is their one writer), not an object per choice: compiled, each object is an allocation
    the garbage collector tracks, and a listing makes thousands of choices.

    >>> choices = _Choices()
    >>> choices.add(_number_of((0, 13)), 1, 1, None)
    >>> code = choices.codes[0]
    >>> _cards_text(code & _CARDS), code >> _PLAIN_AT, code >> _SIZE & _WILD
    ('3B', 1, 1)
    """

    __slots__ = ("codes", "parts")

    codes: Final[list[int]]
    """Each choice as a number: its natural cards (``card_number``, under ``_CARDS``); above
    them (``_SIZE``), five bits for the wild units its kickers take beside it (wild cards, or
    wild pairs); above those (``_PLAIN_AT``), for single kickers, how many of its natural
    cards are not jokers."""
    parts: Final[list[_Part | None]]
    """Each choice's kicker part where it is the same at every position (no wild stands for a
    rank the caps choose: ``wilds._fresh``), else None."""

    def __init__(self) -> None:
        self.codes = []
        self.parts = []

    def add(self, number: int, plain: int, wild: int, part: _Part | None) -> None:
        """One choice more: its natural cards, those not jokers, its wild units, its part."""
        assert wild <= _WILD
        self.codes.append(plain << _PLAIN_AT | wild << _SIZE | number)
        self.parts.append(part)


_CARDS: Final = (1 << _SIZE) - 1
"""A choice's natural cards in its code (``_Choices.codes``)."""
_PLAIN_AT: Final = _SIZE + 5
"""Where a choice's natural cards other than jokers sit in its code, above five bits of wild
units."""
_WILD: Final = (1 << _PLAIN_AT - _SIZE) - 1
"""A choice's wild units in its code, above ``_SIZE``."""


def _kicker_choices(  # noqa: PLR0917 - a form's kickers, where, and the wilds held
    natural: list[int],
    form: Form,
    length: int,
    primal: tuple[int, int],
    total: int,
    model: GameModel,
) -> _Choices:
    """The choices of natural kicker cards of a form and chain length with up to ``total``
    wilds, within the caps of a position whose primal ranks are ``primal`` (start, length)
    and whose neighbours are not restricted: the ranks every position that reads them makes
    primal (``_Listing.kicker_parts``), or one position's own (``_parts_of_kickers``)."""
    rules = model.kickers
    units = form.kickers * length
    found = _Choices()
    if form.kicker_width == 2:
        caps = pair_caps(rules, *primal)
        for wild, numbers in enumerate(_pair_choices(natural, caps, units, total)):
            for number in numbers:
                # A wild completes each odd card: the ranks held an odd number of times.
                part = None if wild else _kicker_part(number, number & _ONES)
                found.add(number, 0, wild, part)
        return found
    caps = open_caps(rules, form)
    for r in range(primal[0], primal[0] + primal[1]):
        caps[r] = 0
    by_size = _single_choices(natural, caps, units)
    apart = not rules.rocket
    black, red = _SHIFT[BLACK], _SHIFT[RED]
    for wild in range(min(total, units) + 1):
        for number in by_size[units - wild]:
            jokers = (number >> black & 7) + (number >> red & 7)
            if apart and jokers == 2:
                continue
            part = None if wild else _kicker_part(number, 0)
            found.add(number, units - wild - jokers, wild, part)
    return found


def _single_choices(natural: list[int], caps: list[int], units: int) -> list[list[int]]:
    """Every choice of up to ``units`` natural cards, at most ``caps[r]`` of each rank ``r``,
    as a number (``card_number``), by how many cards it holds: each made once, from the choices
    of the ranks before its highest.

    >>> by_size = _single_choices([2, 1] + [0] * 12 + [1], [2] * 15, 2)
    >>> [sorted(_cards_text(n) for n in size) for size in by_size]
    [[''], ['3', '4', 'R'], ['33', '34', '3R', '4R']]
    """
    by_size: list[list[int]] = [[0]] + [[] for _ in range(units)]
    for r in range(NUM_RANKS):
        most = min(natural[r], caps[r])
        if not most:
            continue
        shift = _SHIFT[r]
        for size in range(units - 1, -1, -1):  # the larger first: each grows from before r
            before = by_size[size]
            if before:
                for take in range(1, min(most, units - size) + 1):
                    more = take << shift
                    by_size[size + take].extend([n + more for n in before])
    return by_size


def _pair_choices(natural: list[int], caps: list[int], units: int, total: int) -> list[list[int]]:
    """The natural cards of pair kicker parts (``_kicker_choices``): each choice of up to
    twice its cap of a rank's natural cards (an odd number never of a joker) in at most
    ``units`` pairs, as a number (``card_number``), by the wild pairs that fill the rest: those
    whose odd cards and wild pairs take at most ``total`` wilds. Each is made once, from the
    choices of the ranks before its highest, kept by pairs and odd cards.

    >>> by_wild = _pair_choices([2, 1] + [0] * 13, [1] * 15, 1, 1)
    >>> [sorted(_cards_text(n) for n in numbers) for numbers in by_wild]  # a wild pair: too few
    [['3', '33', '4'], []]
    """
    # The choices by pairs and odd cards, four bits each: a list indexed by that number (None
    # where there is none), read from the highest number met down, where a dict's keys would
    # be sorted at each rank (a Python call, compiled).
    table: list[list[int] | None] = [None] * ((units + 1) << 4)
    table[0] = [0]
    top = 0
    for r in range(NUM_RANKS):
        most = min(natural[r], 2 * caps[r])
        if not most:
            continue
        shift = _SHIFT[r]
        for key in range(top, -1, -1):  # the most pairs first: each grows from before r
            numbers = table[key]
            if numbers is None:
                continue
            pairs, odd = key >> 4, key & 15
            for take in range(1, most + 1):
                grown = pairs + (take + 1) // 2
                if grown > units:
                    break
                if take % 2 and (r > TWO or odd == total):
                    continue
                at = grown << 4 | odd + take % 2
                added = [n + (take << shift) for n in numbers]
                before = table[at]
                if before is None:
                    table[at] = added
                    top = max(top, at)
                else:
                    before.extend(added)  # ``+=`` on a list is a Python addition
    found: list[list[int]] = [[] for _ in range(units + 1)]
    for key in range(top + 1):
        numbers = table[key]
        wild = units - (key >> 4)
        if numbers is not None and (key & 15) + 2 * wild <= total:
            found[wild].extend(numbers)
    return found


def _number_of(cards: tuple[int, ...]) -> int:
    """Ranks as a number (``card_number``)."""
    return sum(1 << _SHIFT[r] for r in cards)


_ONES: Final = sum(1 << s for s in _SHIFT)
"""The lowest bit of each rank's count in a number (``card_number``): where it is odd."""


class _Caps:
    """A kicker form's caps at a chain position, as ``_kicker_parts_at`` reads them: the same
    in every hand, so a listing keeps them per game model (``Place.caps``)."""

    __slots__ = ("adder", "caps", "high", "pairs", "parts", "room", "tight", "wide")

    caps: Final[list[int]]
    """Single kicker cards, or pair kickers, of each rank (``single_caps``, ``pair_caps``)."""
    wide: Final[list[int]]
    """The caps of a position of the form that restricts no rank (``open_caps``, or
    ``pair_caps`` of no rank): the same at every position of the form."""
    tight: Final[list[int]]
    """The ranks of 3 to 2 whose cap here is not ``wide``'s (``_Listing.kicker_ways`` counts
    the others once for the form)."""
    pairs: Final[bool]
    """Whether the kickers are pairs."""
    room: Final[int]
    """The caps of ranks 3 to 2 together."""
    adder: Final[int]
    """What to add to a kicker set's number to tell whether it holds more cards of a rank
    than these caps allow (``_limits``)."""
    high: Final[int]
    """Where to look in the sum: the ranks these caps hold below ``wide``'s."""
    parts: Final[dict[int, _Part | None]]
    """The kicker part of each choice with wilds met here (``_kicker_part_at``), by its code
    (``_Choices.codes``): the same in every hand of the game model. Bounded with every
    model's (``_PARTS_AT_HELD``)."""

    def __init__(self, place: Place, rules: KickerRules) -> None:
        form, start, length = place.form, place.start, place.length
        self.pairs = form.kicker_width == 2
        if self.pairs:
            caps = pair_caps(rules, start, length)
            wide = pair_caps(rules, 0, 0)  # a position of no rank
            adder, high = _limits([2 * n for n in caps], [2 * n for n in wide])
        else:
            caps = single_caps(rules, form, start, length)
            wide = open_caps(rules, form)
            adder, high = _limits(caps, wide)
        # Natural kicker cards a rank allows, at most 4: ``_Listing.kicker_ways`` counts the
        # ranks that allow each number in four bits of a number, one count per number.
        assert all(n * (2 if self.pairs else 1) <= 4 for n in caps)
        self.adder = adder
        self.high = high
        self.caps = caps
        self.wide = wide
        self.tight = [r for r in range(TWO + 1) if caps[r] != wide[r]]
        self.room = sum(caps[: TWO + 1])
        self.parts = {}


def _caps_at(place: Place, rules: KickerRules) -> _Caps:
    """A position's kicker caps (``_Caps``) under its game model's kicker ``rules``: made once
    and kept on the position (``Place.caps``), with the parts they keep."""
    at = place.caps
    if at is None:
        at = place.caps = _Caps(place, rules)
    return at


def _kicker_parts_at(choices: _Choices, at: _Caps, own: tuple[int, ...]) -> list[_Part]:
    """The kicker parts of a position (its caps ``at``) from choices made within wider caps
    (``_kicker_choices``): those its own caps allow (a single kicker's, or twice a pair
    kicker's, cards of a rank), whose wilds have room and, where their stand-ins depend on the
    caps, stand for what the search's substitution gives at this position (``wilds._fresh``,
    a wild's own rank ``own`` first)."""
    adder, high, room = at.adder, at.high, at.room
    parts, made = choices.parts, at.parts
    found = []
    for i, code in enumerate(choices.codes):
        if (code + adder) & high:  # more cards of a rank than its cap here
            continue
        part = parts[i]
        if part is None:
            part = made.get(code, _UNKNOWN)
            if part is _UNKNOWN:
                if _PARTS_AT_HELD[0] >= _PARTS_AT_LIMIT:
                    _forget_parts_at()
                part = made[code] = _kicker_part_at(code, at.caps, room, own, at.pairs)
                _PARTS_AT_HELD[0] = _PARTS_AT_HELD[0] + 1
            if part is None:
                continue
        elif code >> _PLAIN_AT > room:
            continue
        found.append(part)
    return found


_UNKNOWN: Final = _Part(0, 0, 0, "", "", 0)
"""Where ``_Caps.parts`` holds nothing yet for a choice (its part may be None)."""
_PARTS_AT_HELD: Final = [0]
"""How many choices' parts every game model's caps hold together (``_Caps.parts``): about 100
bytes each, the parts themselves shared (``_KICKER_PARTS``). Bounded (``_PARTS_AT_LIMIT``,
then they start again)."""
_PARTS_AT_LIMIT: Final = 20_000


def _forget_parts_at() -> None:
    """Empty the choices' parts every game model's caps hold (``_PARTS_AT_HELD``)."""
    for tables in list(_MODEL_TABLES.values()):  # a thread may add a model meanwhile
        for _, places in tables.order:
            for place in places:
                if place.caps is not None:
                    place.caps.parts.clear()
    _PARTS_AT_HELD[0] = 0


def _limits(caps: list[int], wide: list[int]) -> tuple[int, int]:
    """How to tell, in one addition, whether a card set (``card_number``) chosen within the caps
    ``wide`` holds more cards of some rank than ``caps`` allow (each at most ``wide``'s, and
    at most 3 where less): a number to add to it, whose three bits of each such rank are
    ``3 - cap``, and the mask of their highest bits, set in the sum exactly where a count is
    over its cap (no count is over 4, so no rank's bits carry into the next).

    >>> adder, high = _limits([0, 2] + [4] * 13, [4] * 15)
    >>> [bool((card_number(counts) + adder) & high) for counts in ([1], [0, 2], [0, 3], [0, 0, 4])]
    [True, False, True, False]
    """
    adder = high = 0
    for r in range(NUM_RANKS):
        if caps[r] < wide[r]:
            assert caps[r] <= 3
            adder += (3 - caps[r]) << _SHIFT[r]
            high |= 4 << _SHIFT[r]
    return adder, high


def _kicker_part_at(
    code: int, caps: list[int], room: int, own: tuple[int, ...], pairs: bool
) -> _Part | None:
    """The kicker part of a choice (``_Choices.codes``) whose wilds stand for what the caps
    leave (``wilds._fresh``: the lowest ranks, a wild's own first); None where they leave too
    little room."""
    number, wild = code & _CARDS, code >> _SIZE & _WILD
    used = [number >> shift & 7 for shift in _SHIFT]
    if pairs:
        fresh = _fresh([(n + 1) // 2 for n in used], caps, wild, own)
        if fresh is None:
            return None
        return _kicker_part(number, (number & _ONES) + 2 * _number_of(fresh))
    if code >> _PLAIN_AT > room - wild:
        return None
    greedy = _fresh(used, caps, wild, own)
    assert greedy is not None
    return _kicker_part(number, _number_of(greedy))


def _judged(form: Form, model: GameModel) -> bool:
    """Whether a form's kicker parts are judged one by one (``wilds._kickers``): where a
    kicker gap under ``bomb_in_kickers`` may refuse the search's first substitution, or pair
    kickers may be jokers. Elsewhere each choice within the caps that leaves room for its
    wilds is legal (``_Listing.kicker_ways``)."""
    rules = model.kickers
    if form.kicker_width == 1:
        return rules.bomb and rules.rank_max < 3
    return form.kicker_width == 2 and rules.joker_pairs


_KICKER_PARTS: Final[dict[int, _Part]] = {}
"""Kicker parts by their natural cards and what their wilds stand for, two numbers
(``card_number``) in one: the same in every hand and position that has them. Bounded
(``_KICKER_PARTS_LIMIT``, then it starts again)."""
_KICKER_PARTS_LIMIT: Final = 20_000


def _kicker_part(number: int, stands: int) -> _Part:
    """The kicker part of natural cards and wilds standing for ``stands`` (numbers).

    >>> part = _kicker_part(_number_of((0, 1)), _number_of((4,)))
    >>> part.text, part.wilds, part.natural
    ('347', 1, 2)
    """
    key = stands << _SIZE | number
    found = _KICKER_PARTS.get(key)
    if found is None:
        if len(_KICKER_PARTS) >= _KICKER_PARTS_LIMIT:
            _KICKER_PARTS.clear()
        wilds = _ranks_in(stands)
        reads = 0
        for r in wilds:
            reads |= 1 << r
        found = _KICKER_PARTS[key] = _Part(
            len(wilds),
            len(_ranks_in(number)),
            number,
            _cards_text(stands),
            _cards_text(number + stands),
            reads,
        )
    return found


def _times(ways: list[int], low: int, high: int, limit: int) -> list[int]:
    """``ways`` times (x**low + ... + x**high), up to x**limit."""
    more = [0] * min(len(ways) + high, limit + 1)
    for s, n in enumerate(ways):
        if n:
            for t in range(low + s, min(high + s, limit) + 1):
                more[t] = more[t] + n
    return more


def _primal_key(width: int, total: int) -> int:
    """The key of the primal ways of a run of no rank yet (``_primal_ways``): the run's
    width in four bits and the wilds the hand holds in six; above them (``_HELD_AT``), four
    bits for each number of natural cards a rank of the run may hold (0 to ``width``), where
    a run counts its ranks (at most 13, of 3 to 2).

    >>> _primal_key(2, 4) == 4 << 4 | 2
    True
    """
    assert width < 16 and total < 64, "four bits for the width, six for the wilds held"
    return total << 4 | width


_HELD_AT: Final = 10
"""Where a primal key's counts of ranks begin (``_primal_key``): a rank holding ``c`` natural
cards adds ``1 << _HELD_AT + 4 * c``."""


def _primal_ways(key: int) -> list[int]:
    """How many ways there are to fill a run's primal ranks, by the wilds they take (up to
    the wilds held), from how many of its ranks hold each number of natural cards
    (``_primal_key``): a rank holding ``c`` of ``width`` takes ``width - c`` to ``width``
    wilds (its natural cards, then wilds for the rest), a joker none (it is all natural: a
    run from it holds ``width`` of it), so the ways are a product of one factor per rank, the
    same for every run and hand of those numbers: kept across hands (``_PRIMAL``), as they
    recur in every hand.

    >>> three_and_none = _primal_key(1, 2) + (1 << _HELD_AT + 4) + (1 << _HELD_AT)  # 3, no 4
    >>> _primal_ways(three_and_none)  # 3 and a wild for the 4, or two wilds
    [0, 1, 1]
    """
    found = _PRIMAL.get(key)
    if found is None:
        width, total = key & 15, key >> 4 & 63
        found = [1]
        for c in range(width + 1):
            for _ in range(key >> _HELD_AT + 4 * c & 15):
                found = _times(found, width - c, width, total)
        if len(_PRIMAL) >= _WAYS_LIMIT:
            _PRIMAL.clear()
        _PRIMAL[key] = found
    return found


_PRIMAL: Final[dict[int, list[int]]] = {}
"""``_primal_ways`` by their key (``_primal_key``), shared by every listing, which only reads
them (``_Listing.count``): bounded (``_WAYS_LIMIT``); a game of one deck has some hundreds
(868 after 520 varied hands of laizi and tiandi)."""


_WAYS: Final[dict[int, tuple[int, ...]]] = {}
"""``_Listing.kicker_ways`` by what they depend on (``_ways_key``): bounded (``_WAYS_LIMIT``); few
values recur across hands."""
_WAYS_LIMIT: Final = 20_000


def _pool_code(pool: tuple[int, ...]) -> int:
    """How many cards of each wild rank a hand holds, four bits each, as a number: a key's
    part (``_ways_key``, ``_Listing.misses``). A hand holds at most 12 of a rank.

    >>> _pool_code((3,)), _pool_code((3, 1))
    (3, 19)
    """
    code = 0
    for n, held in enumerate(pool):
        assert held < 16
        code |= held << 4 * n
    return code


def _ways_key(  # noqa: PLR0917 - what a position's kicker ways depend on, each a number
    pairs: bool, units: int, held: int, black: int, red: int, rocket: bool, room: int, pool: int
) -> int:
    """``_Listing.kicker_ways``' key: the kicker width, the kicker units (at most 31), how
    many ranks of 3 to 2 allow each number of natural kicker cards (``held``: five counts,
    four bits each), the jokers allowed (at most 3 of a colour), whether they may go together,
    the room (the caps of 3 to 2 together, at most 63) and the wild cards held
    (``_pool_code``), as one number: a tuple key, compiled, is boxed anew and hashed field by
    field at each use.

    >>> singles = _ways_key(False, 1, 1 << 4, 1, 0, False, 12, 1)  # one rank allows one card
    >>> singles == _ways_key(True, 1, 1 << 4, 1, 0, False, 12, 1), singles >> 37  # the pool
    (False, 1)
    """
    assert units < 32 and black < 4 and red < 4 and room < 64
    key = (pool << 20 | held) << 5 | units
    key = ((key << 2 | black) << 2 | red) << 6 | room
    return (key << 1 | rocket) << 1 | pairs


def _with_splits(kicks: list[int], splits: list[int]) -> tuple[int, ...]:
    """How many plays a primal part taking ``n`` wilds makes (``ways[n]``) with kicker parts
    (``kicks[w]`` of them take ``w`` wilds) and the splits of the wilds both take (``splits[t]``
    ways to take ``t`` of the wilds held).

    >>> _with_splits([2, 1], [1, 2, 1])  # a wild of two ranks: 2 + 2, 2 * 2 + 1, 2 * 1
    (4, 5, 2)
    """
    total = len(splits) - 1
    return tuple(
        sum(m * splits[n + w] for w, m in enumerate(kicks[: total + 1 - n]) if m)
        for n in range(total + 1)
    )


def _single_ways(  # noqa: PLR0917 - what single kicker parts depend on, each a number
    held: list[int], black: int, red: int, rocket: bool, room: int, units: int, total: int
) -> list[int]:
    """How many single kicker parts there are, by the wilds they take: ``held[h]`` ranks of
    3 to 2 allow ``h`` natural cards each."""
    plain = [1]  # the choices of natural cards of ranks 3 to 2, by their number
    for most in range(1, 5):
        for _ in range(held[most]):
            plain = _times(plain, 0, most, units)
    jokers = (1, black + red, black * red if rocket else 0)
    ways = [0] * (total + 1)
    for wild in range(min(total, units) + 1):
        cards = units - wild
        ways[wild] = sum(
            n * plain[cards - j]
            for j, n in enumerate(jokers)
            if n and 0 <= cards - j < len(plain) and cards - j <= room - wild
        )
    return ways


def _pair_ways(held: list[int], room: bool, units: int, total: int) -> list[int]:
    """How many pair kicker parts there are, by the wilds they take: ``held[h]`` ranks of 3
    to 2 allow ``h`` natural cards each (an odd one completed by a wild); ``room``: whether
    the caps leave room for the wild pairs."""
    ways = [0] * (total + 1)
    if not room:
        return ways
    table = {(0, 0): 1}  # the choices of natural cards by (pairs, odd cards)
    for most in range(1, 5):
        for _ in range(held[most]):
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
            ways[wild] = ways[wild] + n
    return ways


def _lone_misses(model: GameModel, place: Place, pool: tuple[int, ...]) -> int:
    """How many plays of wilds alone the parts of a position make (its primal ranks all
    wilds, its kickers all wilds, each split of them) whose substitution reads a rank of no
    wild of the play: not plays (docs/rules.md §14), and left out of the count. The same in
    every hand that holds as many wilds of each rank: a listing keeps them per game model
    (``_Listing.misses``).

    >>> from .ruleset import get_ruleset
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> _lone_misses(laizi, _place(laizi, laizi.form(Kind.PAIR), 0, 1), (2,))  # 77 as 33
    1
    """
    form, start, length = place.form, place.start, place.length
    found = 0
    total = sum(pool)
    short = form.width * length
    assert model.wilds is not None
    ranks = model.wilds.ranks
    if short <= total and start + length - 1 <= TWO:
        # Whatever wild card stands for which (``_assign``), the play's stand-ins are the
        # ranks its parts read, and its wild cards those of the split.
        primal = sum(1 << r for r in range(start, start + length))
        splits = _SPLITS.get((ranks, pool)) or _splits_of(ranks, pool)
        for k in _parts_of_kickers(list(_NONE), place, total, model):
            if short + k.wilds <= total:
                read = primal | k.reads
                found += sum(bool(read & ~split.own) for split in splits[short + k.wilds])
    return found


def _splits_of(ranks: tuple[int, ...], pool: tuple[int, ...]) -> list[list[_Split]]:
    """The splits (``_Split``) of ``n`` wilds among the wild ranks, for each ``n`` up to all
    of them: the same for every hand holding as many of each wild rank (``_SPLITS``).

    >>> [[s.text for s in splits] for splits in _splits_of((4, 8), (1, 1))]
    [[''], ['7', 'J'], ['7J']]
    """
    found: list[list[_Split]] = []
    index = 0
    for n in range(sum(pool) + 1):
        splits = []
        for split in _splits(n, pool):
            cards = tuple(sorted(r for r, k in zip(ranks, split, strict=True) for _ in range(k)))
            number = sum(k << _SHIFT[r] for r, k in zip(ranks, split, strict=True))
            text = "".join([RANK_CHARS[r] for r in cards])
            splits.append(_Split(index, split, number, text, sum(1 << r for r in set(cards))))
            index += 1
        found.append(splits)
    if len(_SPLITS) >= _SPLITS_LIMIT:
        _SPLITS.clear()
    _SPLITS[ranks, pool] = found
    return found


_SPLITS: Final[dict[tuple[tuple[int, ...], tuple[int, ...]], list[list[_Split]]]] = {}
"""``_splits_of`` by wild ranks and how many of each a hand holds: bounded (``_SPLITS_LIMIT``)."""
_SPLITS_LIMIT: Final = 2_000
_STANDS: Final[dict[tuple[str, _Split], str]] = {}
"""The stand-ins of plays' wilds as shown (``_Listing.stand``), by the stand-ins of their
parts and their split (one object per wild ranks and hand's pool: ``_SPLITS``, compared as
the object it is). Bounded (``_STANDS_LIMIT``, then it starts again)."""
_STANDS_LIMIT: Final = 20_000


def _position(form: int, start: int, length: int) -> int:
    """A chain position as a number: its form's place in the model, its start and its length,
    four bits each (a tuple key, compiled, is boxed anew at each use)."""
    return (form << 4 | start) << 4 | length


def _group(number: int) -> Group:
    """A group of moves from its number (``_Listing.positions``): its kind's place, then the
    power of its primal rank in six bits."""
    return number >> 6, number & 63


class Place:
    """A chain position of a game model: form, start, length, and what a listing reads of
    it, made once per model (``_order``) and passed as one object, where a tuple would be
    unpacked and packed again at each call (compiled, a tuple's fields are held apart); and
    what the model's listings keep of it, made as they ask: its kicker caps (``_Caps``), what
    its plays share (``Shared``) and its lone wilds' misses (``_lone_misses``) by the wilds
    held (``_pool_code``)."""

    __slots__ = (
        "at",
        "caps",
        "cards",
        "code",
        "form",
        "length",
        "misses",
        "run",
        "shared",
        "start",
    )

    form: Final[Form]
    start: Final[int]
    length: Final[int]
    at: Final[int]
    """Its form's place in the model."""
    code: Final[int]
    """The position as a number (``_position``): the key of what a game model keeps of it."""
    run: Final[int]
    """Its form's width and its start, four bits each (``_Listing.run_length``'s key)."""
    cards: Final[int]
    """How many cards its plays hold, kickers included."""
    caps: _Caps | None
    shared: Shared | None
    misses: dict[int, int] | None

    def __init__(self, form: Form, start: int, length: int, at: int) -> None:
        self.form = form
        self.start = start
        self.length = length
        self.at = at
        self.code = _position(at, start, length)
        self.run = form.width << 4 | start
        self.cards = form.size(length)
        self.caps = None
        self.shared = None
        self.misses = None


def _order(model: GameModel, powers: list[int]) -> list[tuple[int, list[Place]]]:
    """Every chain position of a game model by group in listing order (a number: the kind's
    place, then the power of the top rank, six bits), each group's in the order of the
    model's forms, then start, then length: the same in every hand, which searches those its
    cards may fill (``_Listing.positions``).

    >>> from .ruleset import get_ruleset
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> order = _order(laizi, [laizi.power(r) for r in range(NUM_RANKS)])
    >>> [(_group(g), [(p.start, p.length) for p in ps]) for g, ps in order[:2]]  # singles 3, 4
    [((0, 0), [(0, 1)]), ((0, 1), [(1, 1)])]
    >>> sum(len(places) for _, places in order)
    308
    """
    found: dict[int, list[Place]] = {}
    for at, form in enumerate(model.forms):
        order = KIND_ORDER[form.kind]
        for start in range(form.low, form.high + 1):
            for length in range(form.min_len, min(form.max_len, form.high - start + 1) + 1):
                group = order << 6 | powers[start + length - 1]
                found.setdefault(group, []).append(Place(form, start, length, at))
    return [(g, found[g]) for g in sorted(found)]


class _ModelTables:
    """What a wild game's listings share, kept per game model (``_MODEL_TABLES``): each rank's
    power in its order (``GameModel.power``); its chain positions (``Place``) in listing order
    (``_order``: 360 for tiandi's, some 60 kB), each with what the listings keep of it as they
    ask (what its plays share, its kicker caps, some 100 kB when all are made, and the kicker
    parts of the choices met at them, bounded across models by ``_PARTS_AT_HELD``; its lone
    wilds' misses by the wilds held: at most some 3,100 for tiandi's two wild ranks with every
    kicker option, about 230 kB); the forms of each group of positions; and the moves made
    where a listing keeps them (``_Listing.make``), by their key in their group and their
    position's form and start (``_MADE_HELD`` bounds them across models)."""

    __slots__ = ("group_forms", "made", "order", "powers")

    powers: Final[list[int]]
    order: Final[list[tuple[int, list[Place]]]]
    group_forms: Final[list[int]]
    """The forms of each group of ``order``, a bit each by its place in the model: a listing
    skips the groups of forms it does not search (``_Listing.positions``)."""
    made: Final[dict[int, Combination]]

    def __init__(self, model: GameModel) -> None:
        self.powers = [model.power(r) for r in range(NUM_RANKS)]
        self.order = _order(model, self.powers)
        group_forms: list[int] = []
        for _, places in self.order:
            found = 0
            for place in places:
                found |= 1 << place.at
            group_forms.append(found)
        self.group_forms = group_forms
        self.made = {}


def _place(model: GameModel, form: Form, start: int, length: int) -> Place:
    """A game model's chain position (``Place``) of a form, start and length, found in its
    order (the listings never look one up: they walk the order, group by group)."""
    tables = _MODEL_TABLES.get(model) or _tables_of(model)
    (found,) = (
        p
        for _, places in tables.order
        for p in places
        if p.form is form and p.start == start and p.length == length
    )
    return found


def _tables_of(model: GameModel) -> _ModelTables:
    if len(_MODEL_TABLES) >= _MODEL_TABLES_LIMIT:
        _MODEL_TABLES.clear()
        _MADE_HELD[0] = _PARTS_AT_HELD[0] = 0  # what they kept gone with them
    found = _MODEL_TABLES[model] = _ModelTables(model)
    return found


_MODEL_TABLES: Final[dict[GameModel, _ModelTables]] = {}
"""``_ModelTables`` by model: one per wild game model asked for, its wild ranks included (a
rule set's 169 draws of tiandi's are as many models). Bounded (``_MODEL_TABLES_LIMIT``, then it
starts again): a model's tables hold some 0.35 MB at most (tiandi's with every kicker option,
after the first pages of 400 random hands: 2,189 positions' misses, 174 positions' caps, and
its 360 positions in order), some 11 MB were all 32 such, besides the moves they keep
(``_MADE_HELD``)."""
_MODEL_TABLES_LIMIT: Final = 32


def may_answer(form: Form, previous: Combination) -> bool:
    """Whether some position of a form may hold a play that beats ``previous`` (docs/rules.md
    §3): a bomb's or a top play's, or one of its kind; none when it is a top play.

    >>> from .ruleset import get_ruleset
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> [may_answer(laizi.form(k), Combination.of("44")) for k in (Kind.PAIR, Kind.TRIO, Kind.BOMB)]
    [True, False, True]
    """
    return previous.tier is not Tier.TOP and (
        form.kind is previous.kind or form.tier is not Tier.PLAY
    )


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
        if not may_answer(form, previous):
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
    """One hand's moves with wilds, by group: counted (``places``), made where asked
    (``moves``)."""

    def __init__(
        self,
        hand: Counts,
        model: GameModel,
        previous: Combination | None,
        kinds: Collection[Kind] | None,
        *,
        keep: bool = True,
    ) -> None:
        wilds = model.wilds
        if wilds is None or not wilds.ranks:
            raise ValueError("the wild ranks are not drawn: name them (wild)")
        check_counts(hand, model.table)  # a play's number holds at most seven cards of a rank
        self.model = model
        self.previous = previous
        self.ranks = wilds.ranks
        self.alone = len(wilds.ranks) == 1
        """Whether the game has one wild rank: every wild card stands for what its part reads,
        in order (``wilds._assign``)."""
        self.pool = tuple(hand[r] for r in wilds.ranks)
        self.pool_code = _pool_code(self.pool)
        """How many wild cards of each wild rank the hand holds, and as a number."""
        self.total = sum(self.pool)
        natural = list(hand)
        for r in wilds.ranks:
            natural[r] = 0
        self.natural = natural
        self.splits = _SPLITS.get((self.ranks, self.pool)) or _splits_of(self.ranks, self.pool)
        """The splits of ``n`` wilds, for each ``n`` the hand holds (``_splits_of``)."""
        self.plain = [len(s) for s in self.splits]
        """How many splits of ``n`` wilds there are: a form's plays without kickers."""
        self.primals: dict[int, list[_Part]] = {}
        """``primal_parts`` by width, start and length, four bits each (a number: a tuple key,
        compiled, is boxed anew at each use)."""
        self.runs: dict[int, list[list[int]]] = {}
        """``primal_ways`` by width and start, four bits each: one table per chain length."""
        self.lengths = [-1] * 256
        """``run_length`` by width and start, four bits each (-1 where not yet found): a list,
        as each position of each form asks."""
        self.open_held = [-1] * len(model.forms)
        """``kicker_ways``' counts of ranks under a form's open caps, by the form's place (-1
        where not yet counted)."""
        self.choices: dict[int, _Choices] = {}
        """``_kicker_choices`` by form (its place in the model) and chain length, four bits."""
        self.spans: dict[int, tuple[int, int]] = {}
        """The lowest and highest start of the positions of a form and chain length that the
        listing makes (``reach``), keyed as ``choices``."""
        self.tables = _MODEL_TABLES.get(model) or _tables_of(model)
        """What the game's listings share (``_ModelTables``)."""
        self.powers = self.tables.powers
        """Each rank's power in its order."""
        self.may = None if previous is None else answers_at(previous, model)
        self.kinds = kinds
        self.held = sum(hand)
        self.keep = keep
        """Whether the moves made are kept (``make``): a page's are, as a client
        asks it again; a whole listing's are not (``every_move``)."""

    def reach(self, places: Iterable[Place]) -> None:
        """Say which positions the listing will make (``spans``): their kicker choices are
        made once for each form and chain length, within the caps of the ranks every one of
        them makes primal (``kicker_parts``)."""
        spans = self.spans
        for place in places:
            start = place.start
            key = place.at << 4 | place.length
            span = spans.get(key)
            if span is None:
                spans[key] = (start, start)
            elif not span[0] <= start <= span[1]:
                spans[key] = (min(span[0], start), max(span[1], start))
                self.choices.pop(key, None)  # made for fewer positions: made again

    def kicker_parts(self, place: Place) -> list[_Part]:
        """The kicker parts of a position (``_parts_of_kickers``), from the kicker choices of
        its form and chain length (``_kicker_choices``), made once for the positions the
        listing reaches (``spans``: the ranks all of them make primal are left out).

        >>> from .cards import read_hand
        >>> from .ruleset import get_ruleset
        >>> laizi = get_ruleset("laizi", wild="7").model
        >>> listing = _Listing(read_hand("33344455566TT7"), laizi, None, None)
        >>> def trio_pair(start):  # the position of a trio with a pair from ``start``
        ...     return _place(laizi, laizi.form(Kind.TRIO_PAIR), start, 1)
        >>> def texts(place):  # the pairs (a wild in those marked), as the position makes them
        ...     own = _parts_of_kickers(listing.natural, place, listing.total, laizi)
        ...     made = listing.kicker_parts(place)
        ...     assert [p.number for p in made] == [p.number for p in own]
        ...     return " ".join(sorted(p.text + "*" * p.wilds for p in made))
        >>> texts(trio_pair(0))  # not reached: its own
        '44 44* 55 55* 66 66* TT TT*'
        >>> listing.reach([trio_pair(0), trio_pair(2)])
        >>> texts(trio_pair(2))  # from the choices of both
        '33 33* 44 44* 66 66* TT TT*'
        >>> listing = _Listing(read_hand("33344455566TT7"), laizi, None, None)
        >>> listing.reach([trio_pair(2)])
        >>> texts(trio_pair(2)) and listing.reach([trio_pair(0)])  # reached later
        >>> texts(trio_pair(0))  # the choices made again, for both
        '44 44* 55 55* 66 66* TT TT*'
        """
        form, start, length = place.form, place.start, place.length
        model = self.model
        key = place.at << 4 | length
        low, high = self.spans.get(key, (NUM_RANKS, -1))  # none reached: no start
        if not form.kickers or _judged(form, model) or not low <= start <= high:
            # Its own parts: none, judged one by one, or a position not reached (none today:
            # the positions made one by one, bombs answering bombs, carry no kickers).
            return _parts_of_kickers(self.natural, place, self.total, model)
        choices = self.choices.get(key)
        if choices is None:  # every position from low to high makes these ranks primal
            primal = (high, max(low + length - high, 0))
            choices = self.choices[key] = _kicker_choices(
                self.natural, form, length, primal, self.total, model
            )
        return _kicker_parts_at(choices, _caps_at(place, model.kickers), self.ranks)

    def primal_ways(self, width: int, start: int) -> list[list[int]]:
        """How many ways there are to fill ``width`` cards of each rank of a run from
        ``start``, by the wilds they take, one table per length (as long as some way takes no
        more wilds than the hand holds): per rank, its natural cards (up to ``width``, all of
        them for a joker) and wilds for the rest."""
        key = width << 4 | start
        found = self.runs.get(key)
        if found is None:
            found = []
            # The width, the wilds held, and how many ranks of the run so far hold each
            # number of natural cards up to ``width`` (``_primal_key``): a joker's one way
            # takes no wild, so only the ranks 3 to 2 count.
            held = _primal_key(width, self.total)
            for r in range(start, start + self.run_length(width, start)):
                if r <= TWO:
                    held += 1 << _HELD_AT + 4 * min(self.natural[r], width)
                found.append(_primal_ways(held))
            self.runs[key] = found
        return found

    def run_length(self, width: int, start: int) -> int:
        """How long a run of ``width`` cards a rank from ``start`` may be: as long as some
        way to fill it (``_fill``) takes no more wilds than the hand holds."""
        key = width << 4 | start
        found = self.lengths[key]
        if found < 0:
            found = need = 0  # the fewest wilds a way takes
            for r in range(start, NUM_RANKS):
                low, high = _fill(self.natural, width, r)
                need += width - high
                if high < low or need > self.total:
                    break
                found += 1
            self.lengths[key] = found
        return found

    def primal_parts(self, width: int, start: int, length: int) -> list[_Part]:
        """The primal parts of a run (``_longer``), each made from the parts a rank shorter
        (kept per listing: forms of one width share them)."""
        key = (width << 4 | start) << 4 | length
        found = self.primals.get(key)
        if found is None:
            before = [_EMPTY] if length == 1 else self.primal_parts(width, start, length - 1)
            found = self.primals[key] = _longer(
                before, self.natural, width, start + length - 1, self.total
            )
        return found

    def counted(self) -> Counted:
        """Every group of the listing that holds a move, in order: how many moves it holds,
        and the positions (``Place``) that hold them (``Counted``)."""
        found = []
        for group, places in self.positions():
            size, held = self.group_size(places)
            if size:
                found.append((_group(group), size, tuple(held)))
        return tuple(found)

    def group_size(self, places: list[Place]) -> tuple[int, list[Place]]:
        """How many moves the positions of a group hold, and those that hold some."""
        plain = self.plain
        size = 0
        held = []
        for place in places:
            if self.answers_one_by_one(place.form):
                n = len(self.made(self.spot(place)))
            else:
                ways = self.primal_ways(place.form.width, place.start)
                n = self.count(place, ways[place.length - 1], plain)
            if n:
                size += n
                held.append(place)
        return size, held

    def first_page(self, limit: int) -> tuple[list[Combination], Counted]:
        """The first ``limit`` moves of the listing (more than none), and the listing counted
        (``Counted``): the groups the page shows made and counted as made, the one it ends in
        made up to its end and counted, and those after it counted (``group_size``), as the
        three-player game's leads are paged (``fast.lead_page``). A group counted as made
        keeps every position searched, some of which may hold no move."""
        positions = self.positions()
        self.reach(place for _, places in positions for place in places)
        found: list[Combination] = []
        groups = []
        count = 0
        for group, places in positions:
            need = limit - count
            if need > 0:
                made = self.moves(tuple(places), 0, need)
                found += made
                if len(made) < need:  # the whole group
                    if made:
                        groups.append((_group(group), len(made), tuple(places)))
                    count += len(made)
                    continue
            size, held = self.group_size(places)
            if size:
                groups.append((_group(group), size, tuple(held)))
            count += size
        return found, tuple(groups)

    def every_move(self) -> list[Combination]:
        """Every move of the listing, in order, made group by group without counting them
        first (what a whole listing needs)."""
        found: list[Combination] = []
        positions = self.positions()
        self.reach(place for _, places in positions for place in places)
        for _, places in positions:
            found += self.moves(tuple(places), 0, None)
        return found

    def positions(self) -> list[tuple[int, list[Place]]]:
        """Every position (``Place``) of the listing that the hand's cards may
        fill, by group in order (a number: the kind's place, then the power of the top
        rank, six bits; ``_order``); some may hold no move."""
        model, previous, kinds, may = self.model, self.previous, self.kinds, self.may
        searched = 0  # the forms the listing searches, a bit each by its place in the model
        for at, form in enumerate(model.forms):
            if (kinds is None or form.kind in kinds) and (
                previous is None or may_answer(form, previous)
            ):
                searched |= 1 << at
        lengths, held = self.lengths, self.held
        tables = self.tables
        found = []
        for i, in_group in enumerate(tables.group_forms):
            if not in_group & searched:  # an answer searches a few forms' groups of many
                continue
            group, places = tables.order[i]
            where = []
            for place in places:
                if place.cards > held or not searched >> place.at & 1:
                    continue
                longest = lengths[place.run]
                if longest < 0:
                    longest = self.run_length(place.form.width, place.start)
                if place.length > longest:
                    continue
                if may is not None and not may(place.form, place.start, place.length):
                    continue
                where.append(place)
            if where:
                found.append((group, where))
        return found

    def answers_one_by_one(self, form: Form) -> bool:
        """Whether a position's plays are judged one by one against the play to answer: bombs
        on a bomb (by class, rank and size). Every other position searched beats it."""
        previous = self.previous
        return previous is not None and form.tier is Tier.BOMB and previous.tier is Tier.BOMB

    def count(self, place: Place, primal: list[int], plain: list[int]) -> int:
        """How many plays a position holds: its primal parts (``primal``: by the wilds they
        take) with its kicker parts and the splits of the wilds (``kicker_ways``; ``plain``,
        the splits alone, for a form without kickers), less the lone wilds' misses."""
        form, length = place.form, place.length
        kicks: Sequence[int] = plain
        if form.kickers:
            ways = self.kicker_ways(place)
            kicks = self.judged_ways(place) if ways is None else ways
        size = 0
        for n, count in enumerate(primal):
            if count:
                size += count * kicks[n]
        if form.width * length <= self.total:
            size -= self.misses(place)
        return size

    def misses(self, place: Place) -> int:
        """A position's lone wilds' misses (``_lone_misses``): the same in every hand holding
        as many wilds of each rank, so kept per game model by the position and the wilds held."""
        kept = place.misses
        if kept is None:
            kept = place.misses = {}
        found = kept.get(self.pool_code)
        if found is None:
            found = kept[self.pool_code] = _lone_misses(self.model, place, self.pool)
        return found

    def kicker_ways(self, place: Place) -> tuple[int, ...] | None:
        """How many plays a primal part taking ``n`` wilds makes with the kicker parts of a
        position and the splits of the wilds (``ways[n]``), from the rank counts alone; None
        where the kicker rules need each part judged (``_judged``).

        Single kickers: the natural cards are any choice within the caps, less the two
        jokers where they split; ``n`` wilds take the rest when the caps of ranks 3 to 2
        leave room for them, and then the search's substitution of them (``wilds._fresh``)
        is legal. Pair kickers: any number of natural cards of a rank within twice its cap,
        an odd one completed by a wild; the wild pairs take the rest when the caps of ranks 3
        to 2 leave room for them, the same room for every choice. Which ranks hold how many
        does not count, only how many ranks hold each number of cards: the ways are kept
        across hands by those numbers (``_WAYS``, ``_ways_key``).

        >>> from .cards import read_hand
        >>> from .ruleset import get_ruleset
        >>> laizi = get_ruleset("laizi", wild="7").model
        >>> listing = _Listing(read_hand("457"), laizi, None, None)
        >>> listing.kicker_ways(_place(laizi, laizi.form(Kind.TRIO_SINGLE), 0, 1))  # 4, 5; or 7
        (3, 2)
        """
        form, length = place.form, place.length
        model = self.model
        if _judged(form, model):
            return None
        units = form.kickers * length
        rules = model.kickers
        at = _caps_at(place, rules)
        caps, wide, pairs, natural = at.caps, at.wide, at.pairs, self.natural
        most = 2 if pairs else 1  # natural cards a rank's cap allows: twice a pair cap
        # How many ranks of 3 to 2 allow each number of natural kicker cards, four bits each:
        # those of the form's open caps, less and more where this position's differ.
        held = self.open_held[place.at]
        if held < 0:
            held = 0
            for r in range(TWO + 1):
                held += 1 << 4 * min(natural[r], most * wide[r])
            self.open_held[place.at] = held
        for r in at.tight:
            n = natural[r]
            held += (1 << 4 * min(n, most * caps[r])) - (1 << 4 * min(n, most * wide[r]))
        black = red = 0
        if not pairs:
            black, red = min(natural[BLACK], caps[BLACK]), min(natural[RED], caps[RED])
        room = at.room
        key = _ways_key(pairs, units, held, black, red, rules.rocket, room, self.pool_code)
        ways = _WAYS.get(key)
        if ways is None:
            total = self.total
            counts = [held >> 4 * h & 15 for h in range(5)]
            if pairs:
                kicks = _pair_ways(counts, room >= units, units, total)
            else:
                kicks = _single_ways(counts, black, red, rules.rocket, room, units, total)
            ways = _with_splits(kicks, self.plain)
            if len(_WAYS) >= _WAYS_LIMIT:
                _WAYS.clear()
            _WAYS[key] = ways
        return ways

    def judged_ways(self, place: Place) -> tuple[int, ...]:
        """``_Listing.kicker_ways`` from the kicker parts listed (``_parts_of_kickers``)."""
        total = self.total
        kicks = [0] * (total + 1)
        for k in _parts_of_kickers(self.natural, place, total, self.model):
            kicks[k.wilds] = kicks[k.wilds] + 1
        return _with_splits(kicks, self.plain)

    def spot(self, place: Place) -> _Spot:
        """A position with its parts and what its plays share."""
        form, start, length = place.form, place.start, place.length
        shared = place.shared
        if shared is None:
            top = start + length - 1
            size = form.size(length)
            shared = place.shared = (
                form.kind,
                RANKS[top],
                1 if form.tier is Tier.TOP else length,
                "".join([RANK_CHARS[r] * form.width for r in range(start, top + 1)]),
                size,
                self.powers[top],
            )
        return _Spot(
            form,
            place.code >> 4,  # the form's place and the start
            self.primal_parts(form.width, start, length),
            self.kicker_parts(place),
            shared,
        )

    def stand(self, stands: str, split: _Split) -> str:
        """What a play's wilds stand for (its parts' stand-ins, as cards), shown in the order of
        its wild cards (``_assign``): the same for every hand whose splits are these
        (``_splits_of``), so kept by stand-ins and split (``_STANDS``)."""
        key = (stands, split)
        found = _STANDS.get(key)
        if found is None:
            ascending = tuple(sorted(_ranks_of(stands)))
            _, stand, _ = _assign(ascending, split.split, self.ranks)
            if len(_STANDS) >= _STANDS_LIMIT:
                _STANDS.clear()
            found = _STANDS[key] = "".join([RANK_CHARS[r] for r in stand])
        return found

    def plays(self, spot: _Spot) -> list[_Play]:
        """Every play of a position: its key in its group (size, then cards, descending), and
        its parts."""
        total = self.total
        splits = self.splits
        base = spot.shared[4] << _SIZE  # the size, above every card count
        found = []
        for p in spot.primal:
            for k in spot.kickers:
                taken = p.wilds + k.wilds
                if taken > total:
                    continue
                number = base - p.number - k.number
                if p.natural or k.natural:
                    for s in splits[taken]:
                        found.append((number - s.number, spot, p, k, s))
                    continue
                read = p.reads | k.reads  # wilds alone: their own ranks
                found += [
                    (number - s.number, spot, p, k, s) for s in splits[taken] if not read & ~s.own
                ]
        return found

    def make(self, key: int, spot: _Spot, p: _Part, k: _Part, split: _Split) -> Combination:
        """The combination of one play (its ``key`` in its group): the one the search's play
        makes (``combos.wild_combination``), made once (``_ModelTables.made``) where the
        listing keeps its moves (``keep``)."""
        if not self.keep:
            return self.build(spot, p, k, split)
        made = self.tables.made
        ident = key << 10 | spot.code  # the cards, the form and the chain
        combo = made.get(ident)
        if combo is None:
            if _MADE_HELD[0] >= MADE_LIMIT:
                _forget_made()
            combo = made[ident] = self.build(spot, p, k, split)
            _MADE_HELD[0] = _MADE_HELD[0] + 1
        return combo

    def build(self, spot: _Spot, p: _Part, k: _Part, split: _Split) -> Combination:
        """The combination of one play, made."""
        kind, rank, length, primal, _, power = spot.shared
        form = spot.form
        cards = _cards_text(p.number + k.number + split.number)
        if not split.at:
            stand = ""
        elif self.alone and not (p.wilds and k.wilds):  # one wild rank: its stand-ins, ascending
            stand = p.stands or k.stands
        else:
            stand = self.stand(p.stands + k.stands, split)
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
            cards,
            primal,
            k.text,
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
        for key, _, p, k, split in self.plays(spot):
            combo = self.make(key, spot, p, k, split)
            if beats(combo, previous):
                found.append((key, combo))
        return found

    def moves(self, places: tuple[Place, ...], first: int, end: int | None) -> list[Combination]:
        """The moves of one group from its ``first`` to its ``end``, made."""
        # Each position's list joined by ``extend``, not a comprehension: compiled, a
        # comprehension's play would be a fixed-length tuple, taken apart and made anew.
        if any(self.answers_one_by_one(place.form) for place in places):
            keyed: list[tuple[int, Combination]] = []
            for place in places:
                keyed.extend(self.made(self.spot(place)))
            keyed.sort(key=_KEY)
            return [combo for _, combo in keyed[first:end]]
        chosen: list[_Play] = []
        for place in places:
            chosen.extend(self.plays(self.spot(place)))
        if len(chosen) > 1:  # a sort is a call through the C API, and many groups hold one
            chosen.sort(key=_KEY)
        if first or end is not None:
            chosen = chosen[first:end]
        return [self.make(key, spot, p, k, split) for key, spot, p, k, split in chosen]


_KEY: Final = itemgetter(0)
"""A play's key in its group, the first of its fields (``_Listing.plays``, ``made``): one
object, not one made for each group sorted."""


def _cards_text(number: int) -> str:
    """A card set's text, its ranks ascending, from its number (``card_number``), read five
    ranks at a time (``_FIVES``), not sorted from its parts' cards.

    >>> _cards_text(card_number([1, 0, 2] + [0] * 10 + [1, 0]))
    '355B'
    """
    # An f-string, compiled, is one new string of the three (``+`` makes two).
    return f"{_five(0, number >> 30)}{_five(1, number >> 15 & 0x7FFF)}{_five(2, number & 0x7FFF)}"


def _five(n: int, bits: int) -> str:
    """The cards of ranks ``5n`` to ``5n + 4`` of a number, from their 15 bits (``_FIVES``)."""
    found = _FIVES[n][bits]
    if found is None:
        found = _FIVES[n][bits] = "".join([RANK_CHARS[r] for r in _ranks_in(bits << 15 * (2 - n))])
    return found


def _ranks_in(number: int) -> list[int]:
    """A card set's ranks ascending, one per card, from its number (``card_number``).

    >>> _ranks_in(card_number([1, 0, 2] + [0] * 10 + [1, 0]))
    [0, 2, 2, 13]
    """
    return [r for r in range(NUM_RANKS) for _ in range(number >> _SHIFT[r] & 7)]


_FIVES: Final[tuple[list[str | None], ...]] = tuple([None] * (1 << 15) for _ in range(3))
"""The cards of five ranks (3-7, 8-Q, K-R) by their bits in a number, made as they are met:
at most 3,125, 3,125 and 500 of them, as a hand holds at most four of a rank. Lists indexed
by the bits (768 kB in all), not dicts: a compiled list index boxes no number and hashes
nothing (a play's three look-ups 0.5k instructions, where the dicts' took 1.5k)."""


_MADE_HELD: Final = [0]
"""How many wild combinations the game models' tables keep together (``_ModelTables.made``):
the plays of a hand recur as it is asked again (the next page, the next turn). Bounded
(``MADE_LIMIT``: about 1.7 kB each with what it holds, some 10 MB, then they start again:
three workers share a pod's memory, docs/operations.md)."""
MADE_LIMIT: Final = 6_000


def _forget_made() -> None:
    """Empty the combinations every game model's tables keep (``_MADE_HELD``)."""
    for tables in list(_MODEL_TABLES.values()):  # a thread may add a model meanwhile
        tables.made.clear()
    _MADE_HELD[0] = 0


Counted = tuple[tuple[Group, int, tuple[Place, ...]], ...]
"""A hand's listing counted: each group that holds a move, in order, with how many it holds
and the positions that hold them (with some that hold none, where a first page made the
group: ``_Listing.first_page``)."""


CountedKey = tuple[Counts, GameModel, Combination | None, frozenset[Kind] | None]
"""What a listing's count depends on: the hand, the game model, the play to answer and the
kinds asked for."""


def counted(
    hand: Counts, model: GameModel, previous: Combination | None, kinds: frozenset[Kind] | None
) -> Counted:
    """How many moves each group of a hand's listing holds, and where (``Counted``): from
    the rank counts, no move made. Kept for the last hands asked (``_COUNTED``), so that a
    client walking the pages of a hand counts them once.

    >>> from .ruleset import get_ruleset
    >>> from .cards import read_hand
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> found = counted(read_hand("4577"), laizi, None, None)
    >>> [(group, size) for group, size, _ in found][-4:]  # trio 477 and 577, trio_single 4577
    [((2, 1), 1), ((2, 2), 1), ((3, 1), 1), ((3, 2), 1)]
    """
    key = (hand, model, previous, kinds)
    found = _kept(key)
    if found is None:
        found = _keep(key, _Listing(hand, model, previous, kinds).counted())
    return found


def _kept(key: CountedKey) -> Counted | None:
    """A hand's listing counted, if it is kept (``_COUNTED``): kept then as the last asked."""
    found = _COUNTED.pop(key, None)
    if found is not None:
        _COUNTED[key] = found
    return found


def _keep(key: CountedKey, found: Counted) -> Counted:
    """Keep a hand's listing counted (``_COUNTED``), the one asked longest ago dropped when
    it is full."""
    if len(_COUNTED) >= _COUNTED_LIMIT:  # a thread may have dropped it first
        _COUNTED.pop(next(iter(_COUNTED), key), None)
    _COUNTED[key] = found
    return found


_COUNTED: Final[dict[CountedKey, Counted]] = {}
"""``counted`` by hand, game model, play to answer and kinds: the ``_COUNTED_LIMIT`` listings
asked last, counted whole (``counted``) or by a first page (``_Listing.first_page``), in the
order they were last asked."""
_COUNTED_LIMIT: Final = 64


def forget(*, hands: bool = False) -> None:
    """Empty every table the wild engine keeps between calls (``counted``, the moves made, the
    kicker tables, the natural plays read): its next answers start cold, as a new worker's
    do; with ``hands``, only what it keeps of the hands it answered (``counted``, the moves
    made: ``_MADE_HELD``). The bench measures both.

    >>> from .ruleset import get_ruleset
    >>> from .cards import read_hand
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> found = wild_listing(read_hand("3477"), laizi)
    >>> forget(hands=True)
    >>> len(_COUNTED), _MADE_HELD[0], wild_listing(read_hand("3477"), laizi) == found
    (0, 0, True)
    """
    _COUNTED.clear()
    _forget_made()
    if hands:
        return
    _WAYS.clear()
    _PRIMAL.clear()
    _SPLITS.clear()
    _STANDS.clear()
    _MODEL_TABLES.clear()
    _PARTS_AT_HELD[0] = 0  # the caps that held them gone with their models
    for fives in _FIVES:
        fives[:] = [None] * len(fives)
    NATURAL_PLAYS.clear()
    _KICKER_PARTS.clear()


def group_sizes(
    hand: Counts, model: GameModel, previous: Combination | None, kinds: frozenset[Kind] | None
) -> tuple[tuple[Group, int], ...]:
    """How many moves each group of a hand's listing holds (``counted``).

    >>> from .ruleset import get_ruleset
    >>> from .cards import read_hand
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> group_sizes(read_hand("4577"), laizi, None, frozenset({Kind.PAIR}))
    (((1, 1), 1), ((1, 2), 1), ((1, 4), 1))
    """
    return tuple((group, size) for group, size, _ in counted(hand, model, previous, kinds))


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
    None) from ``offset``, in listing order: for the first page, the groups it shows made and
    the rest counted (``_Listing.first_page``); for a later page, the count from ``counted``,
    the moves made only in the groups the page reaches; the whole listing made group by group
    (``_Listing.every_move``) and counted as it is.

    >>> from .ruleset import get_ruleset
    >>> from .cards import read_hand
    >>> tiandi = get_ruleset("tiandi_laizi", wild=["7", "J"]).model
    >>> count, moves = wild_listing(read_hand("7J"), tiandi)
    >>> count, [(c.cards, c.kind.value, c.read_as) for c in moves]
    (4, [('7', 'single', '7'), ('J', 'single', 'J'), ('7J', 'pair', '77'), ('7J', 'pair', 'JJ')])
    """
    wanted = None if kinds is None else frozenset(kinds)
    if offset == 0 and limit is None:  # the whole listing: made, not counted first
        every = _Listing(hand, model, previous, wanted, keep=False).every_move()
        return len(every), every
    key = (hand, model, previous, wanted)
    groups = _kept(key)
    listing = None
    if groups is None:
        listing = _Listing(hand, model, previous, wanted)
        if offset == 0 and limit:  # the first page: made, counted past it
            page, groups = listing.first_page(limit)
            _keep(key, groups)
            return sum(size for _, size, _ in groups), page
        groups = _keep(key, listing.counted())
    count = sum(size for _, size, _ in groups)
    end = None if limit is None else offset + limit
    if limit == 0 or offset >= count:
        return count, []
    reached = []  # the groups the page reaches: from where, to where, and their positions
    seen = 0
    for _, size, places in groups:
        if seen + size > offset:
            last = None if end is None else min(size, end - seen)
            reached.append((max(0, offset - seen), last, places))
        seen += size
        if end is not None and seen >= end:
            break
    if listing is None:
        listing = _Listing(hand, model, previous, wanted)
    listing.reach(place for _, _, places in reached for place in places)
    moves: list[Combination] = []
    for first, last, places in reached:
        moves += listing.moves(places, first, last)
    return count, moves


__all__ = ["MADE_LIMIT", "answers_at", "counted", "forget", "group_sizes", "wild_listing"]
