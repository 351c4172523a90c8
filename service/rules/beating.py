"""Beating a play (docs/rules.md §3, 9 and 14): a verdict with a reason code and a sentence.

A top play beats everything; a bomb beats any other play; bombs compare by their class on
the ladder (the four-player game's larger groups, the wildcard games' length and class), then
rank; other plays by kind, size and primal rank.

>>> beats(Combination.of("2222"), Combination.of("34567")).reason
<Reason.BOMB: 'bomb'>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .combos import Combination
from .model import Grade, Tier


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
    HIGHER_BOMB_CLASS = "higher_bomb_class"
    """A bomb of a higher class beats one of a lower (wildcards: pure > hard > soft)."""
    LOWER_BOMB_CLASS = "lower_bomb_class"
    """A bomb of a lower class does not beat one of a higher (wildcards)."""
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

    __hash__ = str.__hash__  # hashed as its value, which it equals, in C (``Enum``'s is Python)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a play beats another, with a reason code and a sentence."""

    beats: bool
    reason: Reason
    message: str

    def __bool__(self) -> bool:
        return self.beats


_WINS = frozenset(
    {Reason.ROCKET, Reason.BOMB, Reason.HIGHER_BOMB, Reason.HIGHER, Reason.HIGHER_BOMB_CLASS}
)
"""The reasons of a verdict that beats."""
_SAYS: dict[Reason, str] = {
    Reason.ROCKET_UNBEATABLE: "nothing beats the {0}",
    Reason.ROCKET: "the {0} beats everything",
    Reason.BOMB: "a {0} beats any {1}",
    Reason.BOMB_ON_TABLE: "only a higher bomb or the rocket beats a bomb",
    Reason.DIFFERENT_KIND: "a {0} does not beat a {1}",
    Reason.DIFFERENT_LENGTH: "a {0} of {1} cards does not beat one of {2}",
    Reason.HIGHER: "rank {0.char} is higher than rank {1.char}",
    Reason.NOT_HIGHER: "rank {0.char} is not higher than rank {1.char}",
}
"""The sentence of each verdict that is not a bomb's on a bomb, by reason: its words are the
kinds, ranks and sizes it names (``_said``)."""
_SAID: dict[tuple[object, ...], Verdict] = {}
_TOP, _BOMB = Tier.TOP, Tier.BOMB  # bound once: an enum member's lookup through its class is slow


def _said(reason: Reason, *words: object) -> Verdict:
    """The verdict of ``reason`` naming ``words`` (kinds, ranks, card counts): its sentence
    written on its first use and the verdict kept (it is frozen), so that comparing two plays
    formats nothing. The words come from small vocabularies (28 kinds, 15 ranks, hands of at
    most 33 cards), so the verdicts kept are few and bounded.

    >>> ten, nine = Combination.of("T"), Combination.of("9")
    >>> beats(ten, nine) is beats(ten, nine), beats(ten, nine).message
    (True, 'rank T is higher than rank 9')
    """
    key = (reason, *words)
    found = _SAID.get(key)
    if found is None:
        found = _SAID[key] = Verdict(reason in _WINS, reason, _SAYS[reason].format(*words))
    return found


def beats(play: Combination, previous: Combination) -> Verdict:
    """Whether ``play`` beats ``previous`` (docs/rules.md §3), and why.

    >>> beats(Combination.of("9TJQKA"), Combination.of("34567")).reason
    <Reason.DIFFERENT_LENGTH: 'different_length'>
    """
    if previous.tier is _TOP:  # a rocket on the rocket too: a play never beats itself
        return _said(Reason.ROCKET_UNBEATABLE, previous.kind)
    if play.tier is _TOP:
        return _said(Reason.ROCKET, play.kind)
    bomb, on_bomb = play.tier is _BOMB, previous.tier is _BOMB
    if bomb and not on_bomb:
        return _said(Reason.BOMB, play.kind, previous.kind)
    if on_bomb and not bomb:
        return _said(Reason.BOMB_ON_TABLE)
    size, other = len(play.cards), len(previous.cards)
    if bomb:  # both bombs: by class on the ladder, then rank, then size
        return _bomb_on_bomb(play, previous, size, other)
    if play.kind is not previous.kind:
        return _said(Reason.DIFFERENT_KIND, play.kind, previous.kind)
    if size != other:
        return _said(Reason.DIFFERENT_LENGTH, play.kind, size, other)
    reason = Reason.HIGHER if play.power > previous.power else Reason.NOT_HIGHER
    return _said(reason, play.rank, previous.rank)


def _bomb_on_bomb(play: Combination, previous: Combination, size: int, other: int) -> Verdict:
    """A bomb against a bomb (docs/rules.md §3 and 9): a higher class on the ladder wins (the
    four-player game's larger group), then the higher rank, then (in one class) more cards.

    >>> from service.rules import get_ruleset
    >>> four = get_ruleset("four_player")
    >>> beats(Combination.of("33333", rules=four), Combination.of("AAAA", rules=four)).message
    'a bomb of 5 cards beats one of 4'
    >>> one = get_ruleset("four_player", four_five_bombs_one_class=True)
    >>> beats(Combination.of("33333", rules=one), Combination.of("AAAA", rules=one)).message
    'rank 3 is not higher than rank A'
    """
    graded = play.grade != previous.grade and play.power == previous.power
    if play.grade and (play.rung != previous.rung or graded):
        return _graded(play, previous, size, other)
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


def _graded(play: Combination, previous: Combination, size: int, other: int) -> Verdict:
    """Wild bombs (docs/rules.md §14) of different classes on the ladder, or of one rank: the
    longer first, then the class (a tie at equal rank goes to the hard bomb, the only tie
    ``soft_hard_by_rank`` leaves).

    >>> from service.rules import get_ruleset
    >>> laizi = get_ruleset("laizi", wild="7")
    >>> beats(Combination.of("7777", rules=laizi), Combination.of("AAAA", rules=laizi)).message
    'a pure bomb beats a hard bomb'
    """
    if size != other:
        more = size > other
        text = f"a bomb of {size} cards {'beats' if more else 'does not beat'} one of {other}"
        return Verdict(more, Reason.HIGHER_BOMB if more else Reason.LOWER_BOMB, text)
    mine, theirs = Grade(play.grade).name.lower(), Grade(previous.grade).name.lower()
    more = play.grade > previous.grade
    same = " of the same rank" if play.rung == previous.rung else ""
    text = f"a {mine} bomb {'beats' if more else 'does not beat'} a {theirs} bomb{same}"
    return Verdict(more, Reason.HIGHER_BOMB_CLASS if more else Reason.LOWER_BOMB_CLASS, text)


def best_beating(
    readings: Sequence[Combination], previous: Combination
) -> tuple[Combination, Verdict]:
    """The preferred reading that beats ``previous``, else the preferred reading and its verdict.

    A challenger with several readings beats the previous play if any of them does (section 4).

    >>> from service.rules import get_ruleset
    >>> from service.rules.combos import readings_of
    >>> douzero = get_ruleset("douzero")
    >>> found = readings_of((3, 3, 3, 3) + (0,) * 11, douzero)  # 333444555666
    >>> combo, verdict = best_beating(found, Combination.of("333444555789", rules=douzero))
    >>> combo.kind.value, combo.rank.char, verdict.reason.value
    ('airplane_singles', '6', 'higher')
    """
    first: tuple[Combination, Verdict] | None = None
    for combo in readings:
        verdict = beats(combo, previous)
        if verdict.beats:
            return combo, verdict
        if first is None:
            first = combo, verdict
    if first is None:
        raise ValueError("no readings")
    return first


__all__ = ["Reason", "Verdict", "beats", "best_beating"]
