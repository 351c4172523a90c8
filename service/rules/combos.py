"""Combinations: the value object, classification of a card set into every reading, and beats.

Classification is table-driven: for a rule set, ``tables(rules)[n]`` lists every (kind,
chain length) whose combinations hold ``n`` cards; each is tried at every chain position the
rank counts allow, and what is left must be a legal set of kickers (RULES.md section 2).

>>> [str(c) for c in readings_of(read_hand("33344"))]
['trio_pair 33344 (rank 3)']
>>> beats(Combination.of("2222"), Combination.of("34567")).reason
<Reason.BOMB: 'bomb'>
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import chain, combinations, repeat
from math import comb

from .cards import (
    EMPTY,
    NUM_RANKS,
    RANK_CHARS,
    Counts,
    Rank,
    format_counts,
    parse_rank,
    read_hand,
)
from .kinds import (
    BOMB_KINDS,
    GAME_KINDS,
    KIND_ORDER,
    SHAPES,
    THREE_PLAYER_KINDS,
    TOP_KINDS,
    Kind,
    Shape,
)
from .ruleset import STANDARD, Game, RuleSet, get_ruleset

ACE = int(Rank.ACE)
TWO = int(Rank.TWO)
BLACK, RED = int(Rank.BLACK_JOKER), int(Rank.RED_JOKER)
ROCKET_COUNTS: Counts = (0,) * BLACK + (1, 1)
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
    """The primal rank's place in the game's rank order (the rank's index, except in Big
    Three, where 3 is the highest)."""
    wire: object = field(default=None, init=False, compare=False, repr=False)
    """A serializer's memo of this combination's encoded wire form (the HTTP layer keeps its
    JSON here: combinations are interned, so each is encoded once); the core never reads it."""

    @classmethod
    def of(
        cls,
        cards: str | Sequence[str],
        *,
        kind: Kind | str | None = None,
        rank: Rank | str | None = None,
        rules: RuleSet = STANDARD,
    ) -> Combination:
        """The preferred reading of ``cards``, or the declared one; ``ValueError`` if none."""
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
        are not bombs; four-with-kickers are not)."""
        return self.kind in BOMB_KINDS

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


def interned(key: Hashable, build: Callable[[], Combination]) -> Combination:
    """The combination kept under ``key``, built on first use (every game's, one bounded table)."""
    combo = _INTERNED.get(key)
    if combo is None:
        if len(_INTERNED) >= _INTERN_LIMIT:
            _INTERNED.clear()
        combo = _INTERNED[key] = build()
    return combo


def make(kind: Kind, start: int, length: int, kickers: tuple[int, ...] = ()) -> Combination:
    """The combination of ``kind`` whose primal chain starts at ``start`` (interned).

    ``kickers`` lists the kicker ranks, one entry per card, ascending.
    """
    key = (kind, start, length, kickers)
    combo = _INTERNED.get(key)  # the hot path: no call when the combination is known
    return combo if combo is not None else interned(key, lambda: _build(*key))


def _build(kind: Kind, start: int, length: int, kickers: tuple[int, ...]) -> Combination:
    if kind is Kind.ROCKET:
        primal = "BR"
        top = RED
    else:
        width = SHAPES[kind].width
        primal = "".join(RANK_CHARS[r] * width for r in range(start, start + length))
        top = start + length - 1
    counts = [0] * NUM_RANKS
    for r in kickers:
        counts[r] += 1
    kicker_text = format_counts(tuple(counts))
    for r, char in enumerate(RANK_CHARS):
        counts[r] += primal.count(char)
    cards = format_counts(tuple(counts))
    order = (KIND_ORDER[kind], top, length, kickers)
    return Combination(kind, Rank(top), length, cards, primal, kicker_text, order, top)


# --- Kicker rules (RULES.md section 2, options of section 8) -----------------------------------


def kicker_caps(rules: RuleSet, shape: Shape, start: int, length: int) -> list[int]:
    """How many single kicker cards of each rank a combination may carry at this position.

    Primal ranks are 0 (rule 1); other ranks 1, or ``kicker_rank_max`` under repeats, or 4 for
    an airplane under ``bomb_in_kickers`` (RULES.md 8 names airplanes only); a kicker trio next
    to an airplane's chain only under ``adjacent_trio_kickers``.
    """
    airplane = shape.chain and shape.width == 3
    bomb_ok = airplane or not rules.bomb_in_kickers
    repeat = rules.max_kicker_repeat if bomb_ok else rules.kicker_rank_max
    caps = [repeat] * TWO + [repeat, 1, 1]
    for r in range(start, start + length):
        caps[r] = 0
    if airplane and not rules.adjacent_trio_kickers:
        for r in (start - 1, start + length):
            if 0 <= r <= ACE:
                caps[r] = min(caps[r], 2)
    return caps


def pair_caps(rules: RuleSet, start: int, length: int) -> list[int]:
    """How many pair kickers of each rank a combination may carry (jokers never pair)."""
    caps = [2 if rules.same_rank_pairs else 1] * (TWO + 1) + [0, 0]
    for r in range(start, start + length):
        caps[r] = 0
    return caps


def singles_ok(kick: Counts, caps: Sequence[int], rules: RuleSet) -> bool:
    """Whether these kicker counts are a legal set of single kickers under ``caps``.

    Under ``bomb_in_kickers`` a rank is held at most ``kicker_rank_max`` times, or four times:
    with ``kicker_rank_max`` 2, three of a rank are still not kickers.
    """
    if kick[BLACK] and kick[RED] and not rules.rocket_as_kickers:
        return False
    if not all(k <= c for k, c in zip(kick, caps, strict=True)):
        return False
    return not has_kicker_gap(kick, rules)


def has_kicker_gap(kick: Sequence[int], rules: RuleSet) -> bool:
    """Whether some rank is held more than ``kicker_rank_max`` times but fewer than four."""
    limit = rules.kicker_rank_max
    return rules.bomb_in_kickers and limit < 3 and any(limit < k < 4 for k in kick)


def choose_ranks(ranks: Sequence[int], caps: list[int], k: int) -> list[tuple[int, ...]]:
    """Every ascending choice of ``k`` items from ``ranks``, taking rank i at most caps[i] times."""
    pool = list(chain.from_iterable(map(repeat, ranks, caps)))
    if comb(len(pool), k) <= 4096:
        return list(dict.fromkeys(combinations(pool, k)))
    found: list[tuple[int, ...]] = []

    def extend(index: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            found.append(chosen)
        elif index < len(ranks):
            for times in range(min(caps[index], left) + 1):
                extend(index + 1, left - times, chosen + (ranks[index],) * times)

    extend(0, k, ())
    return sorted(found)


def pairs_ok(kick: Counts, caps: Sequence[int]) -> bool:
    """Whether these kicker counts split into legal pair kickers under ``caps``."""
    return all(k % 2 == 0 and k <= 2 * c for k, c in zip(kick, caps, strict=True))


# --- Classification -----------------------------------------------------------------------------


BySize = dict[int, tuple[tuple[Kind, Shape, int], ...]]
"""Per card count, every (kind, shape, chain length) whose combinations hold that many cards."""


def allowed_kinds(rules: RuleSet) -> tuple[Kind, ...]:
    """The kinds that exist under a rule set, in listing order."""
    if rules.game is not Game.THREE_PLAYER:
        return GAME_KINDS[rules.game.value]
    off = set(Kind) - set(THREE_PLAYER_KINDS)
    if not rules.four_with_two:
        off |= {Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS}
    if not rules.four_with_single:
        off.add(Kind.FOUR_SINGLE)
    if not rules.four_with_pair:
        off.add(Kind.FOUR_PAIR)
    if not rules.space_shuttle:
        off |= {Kind.SPACE_SHUTTLE, Kind.SPACE_SHUTTLE_SINGLES, Kind.SPACE_SHUTTLE_PAIRS}
    return tuple(k for k in Kind if k not in off)


def tables(rules: RuleSet) -> BySize:
    """The classification table of a rule set (built once per rule set, kept on it)."""
    built: BySize | None = rules.memo.get("shapes")
    if built is None:
        built = rules.memo["shapes"] = _build_tables(rules)
    return built


def _build_tables(rules: RuleSet) -> BySize:
    by_size: dict[int, list[tuple[Kind, Shape, int]]] = {}
    for kind in allowed_kinds(rules):
        if kind is Kind.ROCKET:
            continue
        shape = SHAPES[kind]
        for length in range(shape.min_len, shape.max_len + 1):
            by_size.setdefault(shape.size(length), []).append((kind, shape, length))
    return {n: tuple(v) for n, v in by_size.items()}


def primal_starts(counts: Counts, shape: Shape, length: int) -> Iterable[int]:
    """Every start of a run of ``length`` ranks each held at least ``shape.width`` times."""
    width = shape.width
    if not shape.chain:
        top = RED if width == 1 else TWO
        return [r for r in range(top + 1) if counts[r] >= width]
    return [
        s for s in range(ACE - length + 2) if all(counts[r] >= width for r in range(s, s + length))
    ]


def _kickers_of(kick: Counts) -> tuple[int, ...]:
    return tuple(r for r in range(NUM_RANKS) for _ in range(kick[r]))


def readings_of(counts: Counts, rules: RuleSet = STANDARD) -> tuple[Combination, ...]:
    """Every reading of some rank counts under ``rules``, preferred first (RULES.md section 4).

    >>> [c.kind.value for c in readings_of((3, 3, 3, 3) + (0,) * 11, get_ruleset("douzero"))]
    ['airplane', 'airplane_singles', 'airplane_singles']
    """
    if rules.game is not Game.THREE_PLAYER:
        # The other games' forms build on this module's Combination, so they load late.
        from .variants import variant_readings  # noqa: PLC0415

        return variant_readings(counts, rules)
    if counts == ROCKET_COUNTS:
        return (make(Kind.ROCKET, BLACK, 1),)
    found: list[Combination] = []
    for kind, shape, length in tables(rules).get(sum(counts), ()):
        for start in primal_starts(counts, shape, length):
            kick = list(counts)
            for r in range(start, start + length):
                kick[r] -= shape.width
            if _kickers_legal(tuple(kick), shape, start, length, rules):
                found.append(make(kind, start, length, _kickers_of(tuple(kick))))
    return tuple(sorted(found, key=preference))


def _kickers_legal(kick: Counts, shape: Shape, start: int, length: int, rules: RuleSet) -> bool:
    if shape.kickers == 0:
        return kick == EMPTY
    if shape.kicker_width == 1:
        return singles_ok(kick, kicker_caps(rules, shape, start, length), rules)
    return pairs_ok(kick, pair_caps(rules, start, length))


def preference(combo: Combination) -> tuple[int, int, int, int, int, int]:
    """Sort key of readings, preferred first: rocket, bomb, no kickers, longest, highest."""
    return (
        combo.kind not in TOP_KINDS,
        combo.kind not in BOMB_KINDS,
        bool(combo.kickers),
        -combo.length,
        -combo.power,
        KIND_ORDER[combo.kind],
    )


def choose(
    readings: Sequence[Combination], kind: Kind | str | None, rank: Rank | str | None
) -> Combination | None:
    """The reading a client declared (kind, and rank where needed), or the preferred one."""
    if kind is None and rank is None:
        return readings[0] if readings else None
    if isinstance(rank, str):
        rank = parse_rank(rank)
    for combo in readings:
        if (kind is None or combo.kind == kind) and (rank is None or combo.rank == rank):
            return combo
    return None


# --- Beating a play (RULES.md section 3) --------------------------------------------------------


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
    """Whether ``play`` beats ``previous`` (RULES.md section 3), and why.

    >>> beats(Combination.of("9TJQKA"), Combination.of("34567")).reason
    <Reason.DIFFERENT_LENGTH: 'different_length'>
    """
    if previous.kind in TOP_KINDS:  # a rocket on the rocket too: a play never beats itself
        return Verdict(False, Reason.ROCKET_UNBEATABLE, f"nothing beats the {previous.kind}")
    if play.kind in TOP_KINDS:
        return Verdict(True, Reason.ROCKET, f"the {play.kind} beats everything")
    if play.is_bomb and not previous.is_bomb:
        return Verdict(True, Reason.BOMB, f"a {play.kind} beats any {previous.kind}")
    if previous.is_bomb and not play.is_bomb:
        return Verdict(False, Reason.BOMB_ON_TABLE, "only a higher bomb or the rocket beats a bomb")
    size, other = len(play.cards), len(previous.cards)
    if play.is_bomb and size != other:  # four-player: a larger group beats a smaller one
        more = size > other
        return Verdict(
            more,
            Reason.HIGHER_BOMB if more else Reason.LOWER_BOMB,
            f"a bomb of {size} cards {'beats' if more else 'does not beat'} one of {other}",
        )
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
    code = (
        (Reason.HIGHER_BOMB, Reason.LOWER_BOMB)
        if play.is_bomb
        else (Reason.HIGHER, Reason.NOT_HIGHER)
    )
    word = "higher" if higher else "not higher"
    return Verdict(
        higher,
        code[0] if higher else code[1],
        f"rank {play.rank.char} is {word} than rank {previous.rank.char}",
    )


def best_beating(
    readings: Sequence[Combination], previous: Combination
) -> tuple[Combination, Verdict]:
    """The preferred reading that beats ``previous``, else the preferred reading and its verdict.

    A challenger with several readings beats the previous play if any of them does (section 4).
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
    "read_play",
    "readings_of",
]
