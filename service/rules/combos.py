"""Combinations: the value object, classification of a card set into every reading, and beats.

Classification reads the game's forms (``service.rules.model``): ``by_size(model)[n]`` lists
every (form, chain length) whose combinations hold ``n`` cards; each is tried at every chain
position the rank counts allow, and what is left must be a legal set of kickers
(``service.rules.kickers``; docs/rules.md §2). Beating reads the forms' tiers (section 3).

>>> [str(c) for c in readings_of(read_hand("33344"))]
['trio_pair 33344 (rank 3)']
>>> beats(Combination.of("2222"), Combination.of("34567")).reason
<Reason.BOMB: 'bomb'>
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

from .cards import NUM_RANKS, RANK_CHARS, Counts, Rank, format_counts, parse_rank, read_hand
from .kickers import kickers_ok
from .kinds import KIND_ORDER, Kind
from .model import Form, Game, GameModel, Tier
from .ruleset import STANDARD, RuleSet, get_ruleset

_WIRE_KINDS = {k: (k.value, k.display_name, k.name_zh) for k in Kind}
"""Each kind's wire name and display names, looked up once (``Combination.as_dict`` is hot)."""


@dataclass(frozen=True, slots=True)
class Combination:
    """One reading of a card set: its kind, primal rank and chain length, cards and kickers.

    Its ``repr`` is an expression that builds it again:

    >>> Combination.of("JJJ44")
    Combination.of('44JJJ', kind='trio_pair', rank='J')
    """

    kind: Kind
    rank: Rank
    length: int
    cards: str
    primal: str
    kickers: str
    order: tuple[int, int, int, tuple[int, ...]] = field(compare=False, repr=False)
    power: int = field(compare=False, repr=False)
    """The primal rank's place in the game's rank order (``GameModel.power``)."""
    tier: Tier = field(compare=False, repr=False)
    """Its form's step on the bomb ladder (``Tier``)."""
    rung: int = field(compare=False, repr=False)
    """A bomb's class on the ladder (``Form.ladder``): bombs compare by it, then rank, then
    size."""

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
    def counts(self) -> Counts:
        """The rank counts of the cards."""
        return tuple(self.cards.count(c) for c in RANK_CHARS)

    def as_dict(self) -> dict[str, str | int]:
        """The wire form of API.md: cards, kind, rank, length, primal, kickers, names.

        >>> Combination.of("34567").as_dict()["rank"]
        '7'
        """
        kind, name, name_zh = _WIRE_KINDS[self.kind]
        return {
            "cards": self.cards,
            "kind": kind,
            "rank": RANK_CHARS[self.rank],
            "length": self.length,
            "primal": self.primal,
            "kickers": self.kickers,
            "name": name,
            "name_zh": name_zh,
        }

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


_THREE_PLAYER = Game.THREE_PLAYER  # bound once: an enum member's lookup through its class is slow


def read_play(cards: str | Sequence[str], rules: RuleSet = STANDARD) -> Counts:
    """Read a card list against the deck of the rule set's game (``read_hand``).

    >>> format_counts(read_play("3 3 3 3 3", get_ruleset("four_player")))
    '33333'
    """
    if rules.game is _THREE_PLAYER:  # the hot path: one deck
        return read_hand(cards)
    table = rules.table
    return read_hand(cards, copies=table.copies, jokers=table.jokers)


_INTERNED: dict[Hashable, Combination] = {}
_INTERN_LIMIT = 200_000


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
        counts[r] += 1
    kicker_text = format_counts(tuple(counts))
    for r in range(start, top + 1):
        counts[r] += form.width
    power = order.find(RANK_CHARS[top])
    chain = 1 if form.tier is Tier.TOP else length
    ordering = (KIND_ORDER[form.kind], power, form.width * length, kickers)
    cards = format_counts(tuple(counts))
    return Combination(
        form.kind,
        Rank(top),
        chain,
        cards,
        primal,
        kicker_text,
        ordering,
        power,
        form.tier,
        form.ladder,
    )


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
    width = form.width
    return [
        s
        for s in range(form.low, form.high - length + 2)
        if all(counts[r] >= width for r in range(s, s + length))
    ]


def readings_of(counts: Counts, rules: RuleSet = STANDARD) -> tuple[Combination, ...]:
    """Every reading of some rank counts under ``rules``, preferred first (docs/rules.md §4).

    >>> [c.kind.value for c in readings_of((3, 3, 3, 3) + (0,) * 11, get_ruleset("douzero"))]
    ['airplane', 'airplane_singles', 'airplane_singles']
    """
    return readings(counts, rules.model)


def readings(counts: Counts, model: GameModel) -> tuple[Combination, ...]:
    """Every reading of some rank counts in a game, preferred first: each form of that many
    cards at each position the counts hold, what is left its legal kickers.

    >>> [c.kind.value for c in readings((0, 0, 0, 4) + (0,) * 11, STANDARD.model)]
    ['bomb']
    """
    found: list[Combination] = []
    for form, length in by_size(model).get(sum(counts), ()):
        for start in primal_starts(counts, form, length):
            kick = list(counts)
            for r in range(start, start + length):
                kick[r] -= form.width
            if kickers_ok(tuple(kick), form, start, length, model.kickers):
                kickers = tuple(r for r in range(NUM_RANKS) for _ in range(kick[r]))
                found.append(make(form, start, length, kickers, model.order))
    return tuple(sorted(found, key=preference))


def preference(combo: Combination) -> tuple[bool, bool, bool, int, int, int]:
    """Sort key of readings, preferred first: rocket, bomb, no kickers, longest, highest.

    >>> min(readings_of((0, 0, 0, 4) + (0,) * 11), key=preference).kind.value
    'bomb'
    """
    return (
        combo.tier is not Tier.TOP,
        combo.tier is not Tier.BOMB,
        bool(combo.kickers),
        -combo.length,
        -combo.power,
        KIND_ORDER[combo.kind],
    )


def choose(
    readings: Sequence[Combination], kind: Kind | str | None, rank: Rank | str | None
) -> Combination | None:
    """The reading a client declared (kind, and rank where needed), or the preferred one.

    >>> found = readings_of((3, 3, 3, 3) + (0,) * 11, get_ruleset("douzero"))
    >>> choose(found, "airplane_singles", "6")
    Combination.of('333444555666', kind='airplane_singles', rank='6')
    """
    if kind is None and rank is None:
        return readings[0] if readings else None
    if isinstance(rank, str):
        rank = parse_rank(rank)
    for combo in readings:
        if (kind is None or combo.kind == kind) and (rank is None or combo.rank == rank):
            return combo
    return None


# --- Beating a play (docs/rules.md §3) --------------------------------------------------------


class Reason(StrEnum):
    """Why a play beats or does not beat another (machine-readable)."""

    ROCKET = "rocket"
    """The rocket beats everything."""
    BOMB = "bomb"
    """A bomb beats anything but a bomb or the rocket."""
    HIGHER_BOMB = "higher_bomb"
    """A bomb beats a lower bomb."""
    HIGHER = "higher"
    """Same kind and size, higher primal rank."""
    NOT_HIGHER = "not_higher"
    """Same kind and size, but not a higher primal rank."""
    LOWER_BOMB = "lower_bomb"
    """A bomb does not beat a bomb of equal or higher rank."""
    ROCKET_UNBEATABLE = "rocket_unbeatable"
    """Nothing beats the rocket."""
    BOMB_ON_TABLE = "bomb_on_table"
    """Only a higher bomb or the rocket beats a bomb."""
    DIFFERENT_KIND = "different_kind"
    """Plays of different kinds do not beat each other."""
    DIFFERENT_LENGTH = "different_length"
    """Same kind, different number of cards (chain length or kicker shape)."""
    NOT_A_COMBINATION = "not_a_combination"
    """The play is no combination under the rule set."""
    NOT_IN_HAND = "not_in_hand"
    """The play holds cards the hand does not."""
    LEAD = "lead"
    """Any combination may lead a trick."""
    EMPTY_PLAY = "empty_play"
    """A play holds at least one card (passing is not a play)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a play beats another, with a reason code and a sentence."""

    beats: bool
    reason: Reason
    message: str

    def __bool__(self) -> bool:
        return self.beats


def beats(play: Combination, previous: Combination) -> Verdict:
    """Whether ``play`` beats ``previous`` (docs/rules.md §3), and why.

    >>> beats(Combination.of("9TJQKA"), Combination.of("34567")).reason
    <Reason.DIFFERENT_LENGTH: 'different_length'>
    """
    if previous.tier is Tier.TOP:  # a rocket on the rocket too: a play never beats itself
        return Verdict(False, Reason.ROCKET_UNBEATABLE, f"nothing beats the {previous.kind}")
    if play.tier is Tier.TOP:
        return Verdict(True, Reason.ROCKET, f"the {play.kind} beats everything")
    if play.is_bomb and not previous.is_bomb:
        return Verdict(True, Reason.BOMB, f"a {play.kind} beats any {previous.kind}")
    if previous.is_bomb and not play.is_bomb:
        return Verdict(False, Reason.BOMB_ON_TABLE, "only a higher bomb or the rocket beats a bomb")
    size, other = len(play.cards), len(previous.cards)
    if play.is_bomb:  # both bombs: by class on the ladder, then rank, then size
        return _bomb_on_bomb(play, previous, size, other)
    if play.kind is not previous.kind and not play.is_bomb:
        return Verdict(
            False, Reason.DIFFERENT_KIND, f"a {play.kind} does not beat a {previous.kind}"
        )
    if size != other:
        return Verdict(
            False,
            Reason.DIFFERENT_LENGTH,
            f"a {play.kind} of {size} cards does not beat one of {other}",
        )
    higher = play.power > previous.power
    word = "higher" if higher else "not higher"
    return Verdict(
        higher,
        Reason.HIGHER if higher else Reason.NOT_HIGHER,
        f"rank {play.rank.char} is {word} than rank {previous.rank.char}",
    )


def _bomb_on_bomb(play: Combination, previous: Combination, size: int, other: int) -> Verdict:
    """A bomb against a bomb (docs/rules.md §3 and 9): a higher class on the ladder wins (the
    four-player game's larger group), then the higher rank, then (in one class) more cards.

    >>> four = get_ruleset("four_player")
    >>> beats(Combination.of("33333", rules=four), Combination.of("AAAA", rules=four)).message
    'a bomb of 5 cards beats one of 4'
    >>> one = get_ruleset("four_player", four_five_bombs_one_class=True)
    >>> beats(Combination.of("33333", rules=one), Combination.of("AAAA", rules=one)).message
    'rank 3 is not higher than rank A'
    """
    if play.rung != previous.rung:
        more = play.rung > previous.rung
        text = f"a bomb of {size} cards {'beats' if more else 'does not beat'} one of {other}"
    elif play.power != previous.power or size == other:
        more = play.power > previous.power
        word = "higher" if more else "not higher"
        text = f"rank {play.rank.char} is {word} than rank {previous.rank.char}"
    else:
        more = size > other
        verb = "beats" if more else "does not beat"
        text = f"a bomb of {size} cards {verb} one of {other} of the same rank"
    return Verdict(more, Reason.HIGHER_BOMB if more else Reason.LOWER_BOMB, text)


def best_beating(
    readings: Sequence[Combination], previous: Combination
) -> tuple[Combination, Verdict]:
    """The preferred reading that beats ``previous``, else the preferred reading and its verdict.

    A challenger with several readings beats the previous play if any of them does (section 4).

    >>> douzero = get_ruleset("douzero")
    >>> found = readings_of((3, 3, 3, 3) + (0,) * 11, douzero)  # 333444555666
    >>> combo, verdict = best_beating(found, Combination.of("333444555789", rules=douzero))
    >>> combo.kind.value, combo.rank.char, verdict.reason.value
    ('airplane_singles', '6', 'higher')
    """
    first: tuple[Combination, Verdict] | None = None
    for combo in readings:
        verdict = beats(combo, previous)
        if verdict:
            return combo, verdict
        first = first or (combo, verdict)
    if first is None:
        raise ValueError("no readings")
    return first


__all__ = [
    "Combination",
    "Reason",
    "Verdict",
    "beats",
    "best_beating",
    "choose",
    "get_ruleset",
    "make",
    "preference",
    "read_play",
    "readings",
    "readings_of",
]
