"""Combinations: the value object, and classification of a card set into every reading.

Classification reads the game's forms (``service.rules.model``): ``by_size(model)[n]`` lists
every (form, chain length) whose combinations hold ``n`` cards; each is tried at every chain
position the rank counts allow, and what is left must be a legal set of kickers
(``service.rules.kickers``; docs/rules.md §2). In a wildcard game every substitution of the
wilds is tried (``service.rules.wilds``; section 14). Beating is ``service.rules.beating``.

>>> [str(c) for c in readings_of(read_hand("33344"))]
['trio_pair 33344 (rank 3)']
>>> [str(c) for c in readings_of(read_hand("3337"), get_ruleset("laizi", wild="7"))]
['bomb 3337 (rank 3)', 'trio_single 3337 (rank 3)']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import cache
from operator import itemgetter
from typing import Any, Final

from .cards import (
    NUM_RANKS,
    RANK_CHARS,
    RANKS,
    CardError,
    Counts,
    Rank,
    format_counts,
    parse_counts,
    parse_rank,
    ranks_of,
    read_hand,
)
from .kickers import kickers_ok
from .kinds import KIND_ORDER, Kind
from .model import GAMES, LONG_WILD_BOMBS, Form, Game, GameModel, Grade, Table, Tier
from .ruleset import STANDARD, RuleSet, get_ruleset
from .wilds import WildPlay, wild_plays

_WIRE_KINDS: Final = {k: (k.value, k.display_name, k.name_zh) for k in Kind}
"""Each kind's wire name and display names, looked up once (``Combination.as_dict`` is hot)."""


class Combination:
    """One reading of a card set: its kind, primal rank and chain length, cards and kickers.

    A value: equal to another of the same reading (kind, rank, length, cards, primal cards,
    kickers and, with wilds, what they stand for; the other attributes follow from those under
    one game), hashable, and never changed once made (its attributes are ``Final``: mypy
    refuses an assignment, and the compiled core refuses it at run time). It is a plain class,
    not a frozen dataclass, because the move generators make thousands at a time: compiled, it
    is made in a tenth of a frozen dataclass's time, whose ``__init__`` the compiler cannot
    compile.

    Its ``repr`` is an expression that builds it again:

    >>> Combination.of("JJJ44")
    Combination.of('44JJJ', kind='trio_pair', rank='J')
    >>> Combination.of("JJJ44") == Combination.of("44JJJ"), len({Combination.of("JJJ44")})
    (True, 1)
    """

    __slots__ = (
        "cards",
        "grade",
        "kickers",
        "kind",
        "length",
        "power",
        "primal",
        "rank",
        "rung",
        "stands",
        "tier",
        "wild",
    )

    kind: Final[Kind]
    rank: Final[Rank]
    length: Final[int]
    cards: Final[str]
    primal: Final[str]
    kickers: Final[str]
    power: Final[int]
    """The primal rank's place in the game's rank order (``GameModel.power``)."""
    tier: Final[Tier]
    """Its form's step on the bomb ladder (``Tier``)."""
    rung: Final[int]
    """A bomb's class on the ladder (``Form.ladder``): bombs compare by it, then rank, then
    size."""
    wild: Final[str]
    """The wild cards of the play (docs/rules.md §14), each written as its own rank."""
    stands: Final[str]
    """What each wild card stands for, in the order of ``wild`` (its substitution)."""
    grade: Final[int]
    """A bomb's class in a wildcard game (``Grade``: soft, hard, pure); 0 elsewhere."""

    def __init__(  # noqa: PLR0917 - a combination's fields, in order
        self,
        kind: Kind,
        rank: Rank,
        length: int,
        cards: str,
        primal: str,
        kickers: str,
        power: int,
        tier: Tier,
        rung: int,
        wild: str = "",
        stands: str = "",
        grade: int = 0,
    ) -> None:
        self.kind = kind
        self.rank = rank
        self.length = length
        self.cards = cards
        self.primal = primal
        self.kickers = kickers
        self.power = power
        self.tier = tier
        self.rung = rung
        self.wild = wild
        self.stands = stands
        self.grade = grade

    def _reading(self) -> tuple[Kind, Rank, int, str, str, str, str, str]:
        """What names the reading: what equality and the hash read."""
        return (
            self.kind,
            self.rank,
            self.length,
            self.cards,
            self.primal,
            self.kickers,
            self.wild,
            self.stands,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Combination):
            return NotImplemented
        return self._reading() == other._reading()

    def __hash__(self) -> int:
        return hash(self._reading())

    def __reduce__(self) -> tuple[type[Combination], tuple[Any, ...]]:
        """Pickled as its constructor's arguments, so that the pure-Python core and the
        compiled one read each other's pickles (the tests' recorded answers)."""
        return (Combination, tuple(getattr(self, name) for name in FIELDS))

    def replaced(self, **changes: Any) -> Combination:
        """This reading with some fields changed (a declared substitution's ``stands`` and
        ``kickers``; a natural bomb's ``grade`` and ``rung`` in a wildcard game).

        >>> bomb = Combination.of("3337", rules=get_ruleset("laizi", wild="7"))
        >>> bomb.read_as, bomb.replaced(stands="7").read_as
        ('3333', '3337')
        """
        return Combination(**{name: getattr(self, name) for name in FIELDS} | changes)

    @classmethod
    def of(
        cls,
        cards: str | Sequence[str],
        *,
        kind: Kind | str | None = None,
        rank: Rank | str | None = None,
        rules: RuleSet = STANDARD,
    ) -> Combination:
        """The preferred reading of ``cards``, or the declared one; ``ValueError`` if none.

        >>> Combination.of("333444555666", kind="airplane_singles", rules=get_ruleset("douzero"))
        Combination.of('333444555666', kind='airplane_singles', rank='6')
        """
        counts = read_play(cards, rules)
        readings = readings_of(counts, rules)
        if not readings:
            raise ValueError(f"{format_counts(counts)!r} is not a combination")
        chosen = choose(readings, kind, rank)
        if chosen is None:
            raise ValueError(f"no reading of {readings[0].cards!r} as {kind} {rank or ''}")
        return chosen

    @property
    def order(self) -> tuple[int, int, int, tuple[int, ...]]:
        """Its place in listing order: its kind's place (``KIND_ORDER``), its power, how many
        cards it holds, then their ranks ascending, one per card. Worked out from the reading
        when asked, not kept: the fast path and the wild engine list in this order without
        asking it (the reference engines sort by it, and ``natural_plays`` where the tables do
        not list the natural game), and a listing with wilds makes thousands of combinations,
        each of its own cards.

        Two natural plays of one kind, power and size hold the same primal cards (a game
        model has no two forms of one kind and size: ``GameModel``), and two card sets of one
        size are ordered by the lowest rank whose count differs, which the same primal cards
        added to both do not change: so their ranks order them as their kickers' ranks alone
        do. A play with wilds is ordered by its cards as held, as its number (``wildfast``).

        >>> Combination.of("33JJJ").order, Combination.of("JJJKK").order
        ((4, 8, 5, (0, 0, 8, 8, 8)), (4, 8, 5, (8, 8, 8, 10, 10)))
        """
        ranks = ranks_of(self.counts)
        return (KIND_ORDER[self.kind], self.power, len(ranks), ranks)

    @property
    def counts(self) -> Counts:
        """The rank counts of the cards (``cards.parse_counts``: one pass over them)."""
        return parse_counts(self.cards)

    def as_dict(self) -> dict[str, str | int]:
        """The wire form of API.md: cards, kind, rank, length, primal, kickers, names.

        >>> Combination.of("34567").as_dict()["rank"]
        '7'
        """
        kind, name, name_zh = _WIRE_KINDS[self.kind]
        wire: dict[str, Any] = {
            "cards": self.cards,
            "kind": kind,
            "rank": RANK_CHARS[self.rank],
            "length": self.length,
            "primal": self.primal,
            "kickers": self.kickers,
            "name": name,
            "name_zh": name_zh,
        }
        if self.grade or self.wild:
            wire["read_as"] = self.read_as
            wire["substitution"] = self.substitution
        if self.grade:
            wire["bomb_class"] = Grade(self.grade).name.lower()
        return wire

    @property
    def substitution(self) -> dict[str, str]:
        """What the wild cards stand for, by wild rank (docs/rules.md §14): ``{"7": "35"}``
        reads two 7s as a 3 and a 5.

        >>> laizi = get_ruleset("laizi", wild="7")
        >>> Combination.of("33347", rules=laizi, kind="trio_pair").substitution
        {'7': '4'}
        """
        found: dict[str, str] = {}
        for wild, stand in zip(self.wild, self.stands, strict=True):
            found[wild] = found.get(wild, "") + stand
        return found

    @property
    def read_as(self) -> str:
        """The cards as read: each wild replaced by the rank it stands for.

        >>> Combination.of("3337", rules=get_ruleset("laizi", wild="7")).read_as
        '3333'
        """
        counts = list(self.counts)
        for wild, stand in zip(self.wild, self.stands, strict=True):
            counts[RANK_CHARS.index(wild)] -= 1
            counts[RANK_CHARS.index(stand)] += 1
        return format_counts(tuple(counts))

    @property
    def off_rank(self) -> int:
        """How many wild cards stand for another rank than their own."""
        return sum(w != s for w, s in zip(self.wild, self.stands, strict=True))

    @property
    def is_bomb(self) -> bool:
        """Whether this is a bomb: of any size in the four-player game (the rocket and the nuke
        are not bombs; four-with-kickers are not).

        >>> Combination.of("3333").is_bomb, Combination.of("333345").is_bomb
        (True, False)
        """
        return self.tier is Tier.BOMB

    def __str__(self) -> str:
        return f"{self.kind} {self.cards} (rank {self.rank.char})"

    def __repr__(self) -> str:
        return f"Combination.of({self.cards!r}, kind={self.kind.value!r}, rank={self.rank.char!r})"


FIELDS: Final = (
    "kind",
    "rank",
    "length",
    "cards",
    "primal",
    "kickers",
    "power",
    "tier",
    "rung",
    "wild",
    "stands",
    "grade",
)
"""A combination's fields, in its constructor's order."""

# Bound once: an enum member's lookup through its class is slow.
_THREE_PLAYER: Final = Game.THREE_PLAYER


def read_play(cards: str | Sequence[str], rules: RuleSet = STANDARD) -> Counts:
    """Read a card list against the deck of the rule set's game (``read_hand``).

    >>> format_counts(read_play("3 3 3 3 3", get_ruleset("four_player")))
    '33333'
    """
    if rules.game is _THREE_PLAYER:  # the hot path: one deck
        return read_hand(cards)
    table = rules.table
    return read_hand(cards, copies=table.copies, jokers=table.jokers)


def check_counts(counts: tuple[object, ...], table: Table, name: str = "hand") -> None:
    """Raise ``ValueError``, naming ``name``, unless ``counts`` are rank counts the deck of
    the game (``table``) can hold, as ``read_play`` gives them: one count per rank, 3 to 2
    then the black and red jokers (``NUM_RANKS``), each an int from 0 to what the deck holds
    of the rank. For callers that pass counts, not cards (the engines index them by rank).
    Their items are read as objects: compiled, an item that is no int would otherwise be a
    ``TypeError`` where it is read.

    >>> check_counts((1,) * 13, STANDARD.table)
    Traceback (most recent call last):
    ...
    ValueError: hand: 13 rank counts, not 15 (3 to 2, then the black and red jokers)
    >>> check_counts((5,) + (0,) * 14, STANDARD.table, "play")
    Traceback (most recent call last):
    ...
    ValueError: play: rank 3 counted 5, where the deck holds 4 of it
    """
    if len(counts) != NUM_RANKS:
        raise ValueError(
            f"{name}: {len(counts)} rank counts, not {NUM_RANKS}"
            " (3 to 2, then the black and red jokers)"
        )
    for r in range(NUM_RANKS):
        n = counts[r]
        most = table.holds(r)
        if type(n) is not int or not 0 <= n <= most:
            raise ValueError(
                f"{name}: rank {RANK_CHARS[r]} counted {n!r}, where the deck holds {most} of it"
            )


_INTERNED: Final[dict[Hashable, Combination]] = {}
_INTERN_LIMIT: Final = 200_000


def make(
    form: Form, start: int, length: int, kickers: tuple[int, ...] = (), order: str = RANK_CHARS
) -> Combination:
    """The combination of ``form`` whose primal chain starts at ``start``, with ``kickers``
    (their ranks, one entry per card, ascending), in a game whose ranks go up as ``order``;
    interned (every game's, one bounded table).

    >>> from .model import THREE_PLAYER_FORMS
    >>> make(THREE_PLAYER_FORMS[4], 8, 1, (0, 0))
    Combination.of('33JJJ', kind='trio_pair', rank='J')
    """
    key = (form.kind, form.width, start, length, kickers, order, form.ladder)
    combo = _INTERNED.get(key)  # the hot path: no call when the combination is known
    if combo is None:
        if len(_INTERNED) >= _INTERN_LIMIT:
            _INTERNED.clear()
        combo = _INTERNED[key] = _build(form, start, length, kickers, order)
    return combo


def _build(
    form: Form, start: int, length: int, kickers: tuple[int, ...], order: str
) -> Combination:
    top = start + length - 1
    primal = "".join(RANK_CHARS[r] * form.width for r in range(start, top + 1))
    counts = [0] * NUM_RANKS
    for r in kickers:
        counts[r] = counts[r] + 1
    kicker_text = format_counts(tuple(counts))
    for r in range(start, top + 1):
        counts[r] = counts[r] + form.width
    power = order.find(RANK_CHARS[top])
    chain = 1 if form.tier is Tier.TOP else length
    cards = format_counts(tuple(counts))
    return Combination(
        form.kind,
        RANKS[top],
        chain,
        cards,
        primal,
        kicker_text,
        power,
        form.tier,
        form.ladder,
    )


def wild_combination(play: WildPlay, model: GameModel) -> Combination:
    """The combination of a play with wilds (docs/rules.md §14): its cards as held, its primal
    cards and kickers as read, its substitution, and a bomb's class and place on the ladder.

    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> [(c.cards, c.read_as, c.grade) for c in readings((3, 0, 0, 0, 1) + (0,) * 10, laizi)]
    [('3337', '3333', 1), ('3337', '3337', 0)]
    """
    form, start, length = play.form, play.start, play.length
    top = start + length - 1
    grade, rung = 0, form.ladder
    if play.grade is not None and model.wilds is not None:
        grade, rung = int(play.grade), model.wilds.rung(form.width, play.grade)
    power = model.power(top)
    return Combination(
        form.kind,
        RANKS[top],
        1 if form.tier is Tier.TOP else length,
        play.cards,
        "".join(RANK_CHARS[r] * form.width for r in range(start, top + 1)),
        "".join(RANK_CHARS[r] for r in play.kick),
        power,
        form.tier,
        rung,
        "".join(RANK_CHARS[r] for r in play.wild),
        "".join(RANK_CHARS[r] for r in play.stand),
        grade,
    )


def natural_play(combo: Combination, model: GameModel) -> Combination:
    """A play of natural cards (made by a game model without wilds) as the wildcard game
    ``model`` reads it (docs/rules.md §14), field for field as ``wild_combination`` makes
    it: a bomb is hard, on the rung of the wild ladder for its width (``Wilds.rung``); any
    other play is the natural combination itself. A card set without a wild card has the
    natural game's readings, each read so (``readings``), and a hand without one lists the
    natural game's moves so (``moves.LegalMoves``). Kept (natural combinations are interned:
    ``make``), bounded.

    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> natural_play(Combination.of("3333"), laizi).as_dict()["bomb_class"]
    'hard'
    >>> natural_play(Combination.of("33"), laizi) == Combination.of("33")
    True
    """
    return _natural_entry(combo, model)[1]


def natural_readings(found: Iterable[Combination], model: GameModel) -> tuple[Combination, ...]:
    """A card set's readings in its natural game (no wild card held), preferred first, as the
    wildcard game ``model`` reads them (``natural_play``), in the same order: how a wildcard
    game reads a card set that holds no wild card (``readings``, ``moves.classify``).

    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> [c.as_dict().get("bomb_class") for c in natural_readings(readings_of(
    ...     (4,) + (0,) * 14), laizi)]
    ['hard']
    """
    return tuple(natural_play(c, model) for c in found)


def natural_plays(
    found: list[Combination], model: GameModel, *, in_order: bool = False
) -> list[Combination]:
    """The natural plays ``found`` (made by ``model``'s game without wilds) as the wildcard
    game reads them (``natural_play``), in its listing order (their ``order``): as found
    where they come in that order already (``in_order``: the three-player tables' families
    list a hand's readings so, ``fast.every_reading``), else sorted by a number kept with
    each (``_listing_key``), not by comparing their ``order`` tuples.

    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> [c.cards for c in natural_plays([Combination.of("44"), Combination.of("3")], laizi)]
    ['3', '44']
    >>> [c.as_dict().get("bomb_class") for c in natural_plays(
    ...     [Combination.of("4"), Combination.of("3333")], laizi, in_order=True)]
    [None, 'hard']
    """
    if in_order:  # a natural play is read as it is, but a bomb (``natural_play``)
        return [c if c.tier is not Tier.BOMB else _natural_entry(c, model)[1] for c in found]
    keyed = [_natural_entry(c, model) for c in found]
    keyed.sort(key=_KEY)
    return [entry[1] for entry in keyed]


def _natural_entry(combo: Combination, model: GameModel) -> tuple[Combination, Combination, int]:
    """``natural_play``'s entry: the natural combination, the play as ``model`` reads it, its
    listing key. Kept by the natural combination's id (the entry holds it: an id found is
    its own), for every wild game alike: what ``_natural_read`` reads of the game, a hard
    bomb's rung, is the same whatever the wild ranks (``Wilds.rung``), and the combination
    is its natural game's own. Bounded (``_NATURAL_LIMIT``).

    >>> bomb, laizi = Combination.of("3333"), get_ruleset("laizi", wild="7").model
    >>> tiandi = get_ruleset("tiandi_laizi", wild=["9", "J"], soft_hard_by_rank=True).model
    >>> _natural_read(bomb, laizi) == _natural_read(bomb, tiandi)
    True
    """
    found = NATURAL_PLAYS.get(id(combo))
    if found is None:
        if len(NATURAL_PLAYS) >= _NATURAL_LIMIT:
            NATURAL_PLAYS.clear()
        read = _natural_read(combo, model)
        found = NATURAL_PLAYS[id(combo)] = (combo, read, _listing_key(read.order))
    return found


def _listing_key(order: tuple[int, int, int, tuple[int, ...]]) -> int:
    """A number that orders plays as their ``order`` tuples do (kind's place, power, size,
    then the cards' ranks ascending, one per card): power and size six bits each, each rank
    four bits from the most significant, as many as the most cards of a play
    (``_MOST_CARDS``), so that two card sets of one size compare rank by rank.

    >>> orders = [(1, 2, 2, (0, 0)), (1, 2, 2, (0, 1)), (1, 2, 3, (0, 0, 0)), (1, 3, 1, (0,))]
    >>> sorted(orders, key=_listing_key) == sorted(orders)
    True
    """
    place, power, size, ranks = order
    key = (place << 6 | power) << 6 | size
    for r in ranks:
        key = key << 4 | r
    return key << 4 * (_MOST_CARDS - size)


def _natural_read(combo: Combination, model: GameModel) -> Combination:
    """``natural_play``, worked out: a bomb read as hard, any other play as it is."""
    wilds = model.wilds
    assert wilds is not None, "a wildcard game's reading"
    if combo.tier is not Tier.BOMB:
        return combo
    width = len(combo.primal) // combo.length
    return combo.replaced(grade=int(Grade.HARD), rung=wilds.rung(width, Grade.HARD))


NATURAL_PLAYS: Final[dict[int, tuple[Combination, Combination, int]]] = {}
"""The natural plays as wildcard games read them (``natural_play``) with their listing keys,
by natural combination (its id, the entry holding it). Bounded (``_NATURAL_LIMIT``)."""
_NATURAL_LIMIT: Final = 10_000
"""About 1 kB an entry with what it holds: some 10 MB, then it starts again."""
_MOST_CARDS: Final = max(
    form.size(form.max_len) for rules in GAMES.values() for form in rules.forms + LONG_WILD_BOMBS
)
"""The most cards of a play in any game: the ranks a listing key (``_listing_key``) leaves
room for."""
assert _MOST_CARDS < 64 and NUM_RANKS <= 16, "a listing key's size in six bits, ranks in four"
_KEY: Final = itemgetter(2)


# --- Classification (docs/rules.md §2 and §4) -----------------------------------------------------


@cache
def by_size(model: GameModel) -> dict[int, tuple[tuple[Form, int], ...]]:
    """Per card count, every (form, chain length) of a game whose combinations hold that many.

    >>> [(form.kind.value, n) for form, n in by_size(STANDARD.model)[2]]
    [('pair', 1), ('rocket', 2)]
    """
    found: dict[int, list[tuple[Form, int]]] = {}
    for form in model.forms:
        for length in form.lengths():
            found.setdefault(form.size(length), []).append((form, length))
    return {n: tuple(v) for n, v in found.items()}


def primal_starts(counts: Counts, form: Form, length: int) -> list[int]:
    """Every start of a run of ``length`` ranks of ``form`` each held ``form.width`` times.

    >>> from .model import THREE_PLAYER_FORMS
    >>> primal_starts((1,) * 6 + (0,) * 9, THREE_PLAYER_FORMS[5], 5)
    [0, 1]
    """
    return run_starts(held_masks(counts), form, length)


def held_masks(counts: Counts) -> list[int]:
    """Per number of cards ``n``, the ranks held at least ``n`` times, as a bit mask (bit r:
    rank r), from ``n`` = 0 to the most cards held of a rank.

    >>> [bin(m) for m in held_masks((2, 0, 1))]
    ['0b111', '0b101', '0b1']
    """
    most = 0
    for n in counts:  # compiled, max of two values is native, max of a tuple a Python call
        most = max(most, n)
    masks = [(1 << len(counts)) - 1] + [0] * most
    for r, n in enumerate(counts):
        for times in range(1, n + 1):
            masks[times] = masks[times] | (1 << r)
    return masks


def run_starts(masks: list[int], form: Form, length: int) -> list[int]:
    """``primal_starts`` from the counts' ``held_masks``: the ranks held ``width`` times within
    the form's ranks, shifted onto one another so that bit s says ranks s to s + length - 1
    all are.

    >>> from .model import THREE_PLAYER_FORMS
    >>> run_starts(held_masks((3, 3, 3, 1)), THREE_PLAYER_FORMS[7], 2)  # 333444 and 444555
    [0, 1]
    """
    width = form.width
    if width >= len(masks):
        return []
    held = masks[width] & ((1 << (form.high + 1)) - (1 << form.low))
    for _ in range(length - 1):
        held &= held >> 1
    found = []
    while held:
        bit = held & -held
        found.append(bit.bit_length() - 1)
        held ^= bit
    return found


def beside(counts: Counts, form: Form, start: int, length: int) -> Counts:
    """What a card set holds beside the primal cards of ``form`` at a chain position: what
    its kickers are read from.

    >>> from .model import THREE_PLAYER_FORMS
    >>> beside((3, 1, 1) + (0,) * 12, THREE_PLAYER_FORMS[3], 0, 1)[:3]
    (0, 1, 1)
    """
    rest = list(counts)
    for r in range(start, start + length):
        rest[r] = rest[r] - form.width
    return tuple(rest)


def readings_of(counts: Counts, rules: RuleSet = STANDARD) -> tuple[Combination, ...]:
    """Every reading of some rank counts under ``rules``, preferred first (docs/rules.md §4).

    >>> [c.kind.value for c in readings_of((3, 3, 3, 3) + (0,) * 11, get_ruleset("douzero"))]
    ['airplane', 'airplane_singles', 'airplane_singles']
    """
    return readings(counts, rules.model)


def readings(counts: Counts, model: GameModel) -> tuple[Combination, ...]:
    """Every reading of some rank counts in a game, preferred first: each form of that many
    cards at each position the counts hold, what is left its legal kickers; in a wildcard
    game, every substitution of the wilds, or, without a wild card, the natural game's
    readings (``natural_play``).

    >>> [c.kind.value for c in readings((0, 0, 0, 4) + (0,) * 11, STANDARD.model)]
    ['bomb']
    """
    wilds = model.wilds
    if wilds is not None:  # docs/rules.md §14: every substitution of the wilds, where any
        if wilds.none_in(counts):
            return natural_readings(readings(counts, model.natural), model)
        plays = wild_plays(counts, model, size=sum(counts))
        return tuple(sorted((wild_combination(p, model) for p in plays), key=preference))
    found: list[Combination] = []
    masks = held_masks(counts)
    for form, length in by_size(model).get(sum(counts), ()):
        for start in run_starts(masks, form, length):
            kick = beside(counts, form, start, length)
            if kickers_ok(kick, form, start, length, model.kickers):
                found.append(make(form, start, length, ranks_of(kick), model.order))
    return tuple(sorted(found, key=preference))


def preference(combo: Combination) -> tuple[bool, bool, bool, int, int, int, int]:
    """Sort key of readings, preferred first: rocket, bomb, no kickers, longest, highest, the
    fewest wilds standing for another rank (docs/rules.md §14).

    >>> min(readings_of((0, 0, 0, 4) + (0,) * 11), key=preference).kind.value
    'bomb'
    """
    return (
        combo.tier is not Tier.TOP,
        combo.tier is not Tier.BOMB,
        bool(combo.kickers),
        -combo.length,
        -combo.power,
        combo.off_rank if combo.wild else 0,
        KIND_ORDER[combo.kind],
    )


def choose(
    readings: Sequence[Combination],
    kind: Kind | str | None,
    rank: Rank | str | None,
    substitution: Mapping[str, str] | None = None,
    model: GameModel | None = None,
) -> Combination | None:
    """The reading a client declared (kind, and rank where needed; with wilds, optionally
    the substitution, checked under ``model``), or the preferred one.

    >>> found = readings_of((3, 3, 3, 3) + (0,) * 11, get_ruleset("douzero"))
    >>> choose(found, "airplane_singles", "6")
    Combination.of('333444555666', kind='airplane_singles', rank='6')
    >>> laizi = get_ruleset("laizi", wild="7").model
    >>> choose(readings(read_hand("33357"), laizi), "trio_pair", None, {"7": "5"}, laizi).read_as
    '33355'
    """
    if kind is None and rank is None and substitution is None:
        return readings[0] if readings else None
    if isinstance(rank, str):
        rank = parse_rank(rank)
    for combo in readings:
        if (kind is None or combo.kind == kind) and (rank is None or combo.rank == rank):
            if substitution is None:
                return combo
            if model is not None and (declared := _substituted(combo, substitution, model)):
                return declared
    return None


def _substituted(
    combo: Combination, substitution: Mapping[str, str], model: GameModel
) -> Combination | None:
    """``combo`` with the declared substitution, when it is one (docs/rules.md §14): as many
    stand-ins as the play holds wilds of each rank, each a rank from 3 to 2 (wilds alone: a
    rank of the play's wilds), under which the cards read as the combination's kind and rank."""
    try:
        stands = {parse_rank(w): [parse_rank(s) for s in text] for w, text in substitution.items()}
    except (CardError, TypeError):
        return None
    wild = "".join(RANK_CHARS[w] * len(s) for w, s in sorted(stands.items()))
    stand = "".join(RANK_CHARS[r] for _, s in sorted(stands.items()) for r in sorted(s))
    if wild != combo.wild or any(r > Rank.TWO for r in map(parse_rank, stand or "3")):
        return None
    if len(wild) == len(combo.cards) and not set(stand) <= set(wild):
        return None
    declared = combo.replaced(stands=stand)
    kickers = list(declared.read_as)  # the kickers as this substitution reads them
    for card in combo.primal:
        if card not in kickers:
            return None  # the cards as read do not hold this reading's primal cards
        kickers.remove(card)
    declared = declared.replaced(kickers="".join(kickers))
    read = declared.read_as  # may hold more of a rank than a deck: a long bomb's stand-ins
    natural = readings(tuple(read.count(c) for c in RANK_CHARS), model.natural)
    if any((c.kind, c.rank, c.length) == (combo.kind, combo.rank, combo.length) for c in natural):
        return declared
    return None


__all__ = [
    "Combination",
    "check_counts",
    "choose",
    "get_ruleset",
    "make",
    "preference",
    "read_play",
    "readings",
    "readings_of",
    "wild_combination",
]
