"""The service's answers as JSON-ready dicts: one function per question, shared by the HTTP API
and the command line, so that both say exactly the same thing.

Inputs arrive already read (rank counts and a ``RuleSet``); a request that cannot be answered
raises ``InputError`` naming the field.

>>> from service.rules import STANDARD, read_hand
>>> classify_answer(read_hand("3 3 3 10 10"), STANDARD)["combination"]["kind"]
'trio_pair'
>>> beats_answer(Play(read_hand("2222")), Play(read_hand("BR")), STANDARD)["reason"]
'rocket_unbeatable'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .rules import (
    PRESETS,
    Combination,
    Counts,
    Kind,
    Reason,
    RuleSet,
    best_beating,
    choose,
    classify,
    format_counts,
    legal_moves,
)
from .rules.scoring import score


class InputError(ValueError):
    """A well-formed request that cannot be answered, naming the field and a code."""

    def __init__(self, field: str, code: str, message: str) -> None:
        super().__init__(message)
        self.field, self.code, self.message = field, code, message


@dataclass(frozen=True, slots=True)
class Play:
    """A play as a request names it: its cards and, optionally, the reading declared."""

    cards: Counts
    kind: Kind | None = None
    rank: str | None = None
    substitution: tuple[tuple[str, str], ...] | None = None
    """What the wild cards stand for, by wild rank (docs/rules.md §14)."""

    def readings(self, rules: RuleSet) -> tuple[Combination, ...]:
        """The readings of the cards under ``rules``: the declared one only, when declared."""
        found = classify(canonical(self.cards), rules)
        if self.kind is None and self.rank is None and self.substitution is None:
            return found
        declared = None if self.substitution is None else dict(self.substitution)
        chosen = choose(found, self.kind, self.rank, declared, rules.model) if found else None
        return (chosen,) if chosen else ()

    def describe(self) -> str:
        """The cards, and the declared reading if any: ``'33344 as trio_pair 3'``."""
        declared = " ".join(str(x) for x in (self.kind, self.rank) if x is not None)
        if self.substitution:
            declared += " " + ", ".join(f"{w} as {s}" for w, s in self.substitution)
        declared = declared.strip()
        return format_counts(self.cards) + (f" as {declared}" if declared else "")


CANONICAL_MAX = 65_536
"""Card counts whose canonical string ``canonical`` keeps, before it starts afresh."""
_canonical: dict[Counts, str] = {}


def canonical(cards: Counts) -> str:
    """``format_counts(cards)``, kept: writing a play out costs more than classifying it, and
    the same plays come back (a batch of a hundred pairs holds many singles).

    >>> canonical((3, 2) + (0,) * 13)
    '33344'
    """
    found = _canonical.get(cards)
    if found is None:
        if len(_canonical) >= CANONICAL_MAX:
            _canonical.clear()
        found = _canonical[cards] = format_counts(cards)
    return found


def stamp(rules: RuleSet) -> dict[str, Any]:
    """The rule set an answer was produced under: name, version and the options overridden
    (and in a wild game its wild ranks, docs/rules.md §14)."""
    found = {"name": rules.name, "version": rules.version, "overrides": list(rules.overrides)}
    if rules.wild:
        found["wild"] = list(rules.wild)
    return found


def combination_of(play: Play, rules: RuleSet, field: str) -> Combination:
    """The reading of a play that must be a combination (a previous play); else ``InputError``."""
    return _combination(play, play.readings(rules), rules, field)


def _combination(
    play: Play, readings: tuple[Combination, ...], rules: RuleSet, field: str
) -> Combination:
    """The preferred of a play's ``readings``; ``InputError`` if it has none."""
    if not readings:
        text = f"{play.describe()} is not a combination under {rules.name}"
        raise InputError(field, "not_a_combination", text)
    return readings[0]


def classify_answer(
    cards: Counts, rules: RuleSet, *, encode: Callable[[Combination], Any] = Combination.as_dict
) -> dict[str, Any]:
    """Every reading of a card set, the preferred one, and why it is none when it is none;
    each reading as ``encode`` writes it (its wire dict by default)."""
    text = canonical(cards)
    readings = classify(text, rules)
    return {
        "cards": text,
        "valid": bool(readings),
        "combination": encode(readings[0]) if readings else None,
        "readings": [encode(r) for r in readings],
        "reason": None if readings else f"{text or 'no cards'} is not a combination",
        "ruleset": stamp(rules),
    }


def beats_answer(
    play: Play,
    previous: Play,
    rules: RuleSet,
    *,
    encode: Callable[[Combination], Any] = Combination.as_dict,
) -> dict[str, Any]:
    """Whether ``play`` beats ``previous`` (docs/rules.md §3), with a reason code and a
    sentence; the plays' readings as ``encode`` writes them (their wire dicts by default)."""
    return beats_answers([(play, previous)], rules, encode=encode)[0]


def beats_answers(
    pairs: Iterable[tuple[Play, Play]],
    rules: RuleSet,
    *,
    encode: Callable[[Combination], Any] = Combination.as_dict,
) -> list[dict[str, Any]]:
    """``beats_answer`` of each (play, previous) pair under one rule set, in order: the rule
    set's stamp made once (every answer holds the same), and each play read once however many
    pairs hold it (a batch's plays are shared objects where their card strings are the same).

    >>> from service.rules import STANDARD, read_hand
    >>> four, three = Play(read_hand("4")), Play(read_hand("3"))
    >>> [a["reason"] for a in beats_answers([(four, three), (three, four)], STANDARD)]
    ['higher', 'not_higher']
    """
    ruleset = stamp(rules)
    known: dict[int, tuple[Play, tuple[Combination, ...]]] = {}  # by id: each holds its play

    def readings_of(play: Play) -> tuple[Combination, ...]:
        found = known.get(id(play))
        if found is None:
            found = known[id(play)] = (play, play.readings(rules))
        return found[1]

    answers = []
    for play, previous in pairs:
        before = _combination(previous, readings_of(previous), rules, "previous")
        readings = readings_of(play)
        if readings:
            combo, verdict = best_beating(readings, before)
            won, reason, message = verdict.beats, verdict.reason, verdict.message
        else:
            combo, won, reason = None, False, Reason.NOT_A_COMBINATION
            message = f"{play.describe()} is not a combination under {rules.name}"
        answers.append(
            {
                "beats": won,
                "reason": reason.value,
                "message": message,
                "play": encode(combo) if combo else None,
                "previous": encode(before),
                "ruleset": ruleset,
            }
        )
    return answers


def moves_answer(
    hand: Counts,
    rules: RuleSet,
    *,
    previous: Play | None = None,
    kinds: Collection[Kind] | None = None,
    limit: int | None = None,
    offset: int = 0,
    encode: Callable[[Combination], Any] = Combination.as_dict,
) -> dict[str, Any]:
    """A page of the legal moves of a hand (leads, or responses to ``previous``), with the count;
    each move as ``encode`` writes it (its wire dict by default)."""
    before = combination_of(previous, rules, "previous") if previous else None
    moves = legal_moves(hand, before, rules, kinds=kinds)
    count, page = moves.page(offset, limit)
    return {
        "count": count,
        "can_pass": moves.can_pass,
        "offset": offset,
        "moves": [encode(m) for m in page],
        "previous": before.as_dict() if before else None,
        "ruleset": stamp(rules),
    }


def score_answer(fields: Mapping[str, Any], rules: RuleSet) -> dict[str, Any]:
    """The score of a finished hand (docs/rules.md §7), with its breakdown; else ``ScoreError``."""
    return score(**fields, rules=rules).as_dict() | {"ruleset": stamp(rules)}


def ruleset_answer(rules: RuleSet) -> dict[str, Any]:
    """A rule set: name, version, description and every option with its value."""
    return stamp(rules) | {"description": rules.description, "options": rules.options()}


def rulesets_answer() -> dict[str, Any]:
    """Every named rule set."""
    return {"rulesets": [ruleset_answer(r) for r in PRESETS.values()]}


__all__ = [
    "InputError",
    "Play",
    "beats_answer",
    "beats_answers",
    "classify_answer",
    "combination_of",
    "moves_answer",
    "ruleset_answer",
    "rulesets_answer",
    "score_answer",
    "stamp",
]
