"""Rule sets: every option of RULES.md section 8 as a frozen, self-checking value, and presets.

>>> STANDARD.four_with_two, STANDARD.kicker_ranks_repeat
(True, False)
>>> custom = STANDARD.derive(kicker_ranks_repeat=True)
>>> custom.name, custom.version == STANDARD.version, custom.overrides
('standard', False, ('kicker_ranks_repeat',))
>>> RuleSet(bomb_in_kickers=True)
Traceback (most recent call last):
...
service.rules.ruleset.RuleSetError: bomb_in_kickers needs kicker_ranks_repeat
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class BiddingMode(StrEnum):
    """How the auction runs (RULES.md section 6)."""

    SINGLE_ROUND = "single_round"
    """Each player, from the first bidder, speaks once."""
    UNTIL_TWO_PASSES = "until_two_passes"
    """Bidding goes round until the last bid is followed by two passes."""


class RuleSetError(ValueError):
    """A rule set whose options contradict each other, or an unknown rule set or option."""


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """Every rule decision the sources disagree on, explicit (RULES.md section 8).

    Kicker rules (section 2): kickers never share a rank with primal cards; single kickers
    have distinct ranks unless ``kicker_ranks_repeat`` (then at most ``kicker_rank_max`` of a
    rank, or all four under ``bomb_in_kickers``); pair kickers have distinct ranks unless
    ``same_rank_pairs``; the jokers never pair and are both kickers only under
    ``rocket_as_kickers``; a kicker trio next to an airplane's chain only under
    ``adjacent_trio_kickers``.
    """

    name: str = "custom"
    version: str = "1"
    description: str = ""
    four_with_two: bool = True
    kicker_ranks_repeat: bool = False
    kicker_rank_max: int = 3
    rocket_as_kickers: bool = False
    bomb_in_kickers: bool = False
    adjacent_trio_kickers: bool = False
    same_rank_pairs: bool = False
    four_with_single: bool = False
    four_with_pair: bool = False
    space_shuttle: bool = False
    bidding: BiddingMode = BiddingMode.SINGLE_ROUND
    kitty_hidden: bool = False
    multiplier_cap: int | None = None
    overrides: tuple[str, ...] = field(default=(), compare=False)
    memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """Tables derived from the play options by other modules, built once and shared by every
    rule set with the same play options (not an option)."""

    def __post_init__(self) -> None:
        for problem in self._problems():
            raise RuleSetError(problem)
        key = tuple(getattr(self, name) for name in PLAY_OPTIONS)
        object.__setattr__(self, "memo", _MEMOS.setdefault(key, {}))

    def _problems(self) -> list[str]:
        problems = [
            f"{name} must be a boolean"
            for name in BOOLEAN_OPTIONS
            if not isinstance(getattr(self, name), bool)
        ]
        if self.bomb_in_kickers and not self.kicker_ranks_repeat:
            problems.append("bomb_in_kickers needs kicker_ranks_repeat")
        if self.adjacent_trio_kickers and not self.kicker_ranks_repeat:
            problems.append("adjacent_trio_kickers needs kicker_ranks_repeat")
        if not _is_int(self.kicker_rank_max) or not 2 <= self.kicker_rank_max <= 3:
            problems.append("kicker_rank_max must be 2 or 3 (four of a rank is bomb_in_kickers)")
        cap = self.multiplier_cap
        if cap is not None and (not _is_int(cap) or not 1 <= cap <= 1 << 20):
            problems.append("multiplier_cap must be an integer from 1 to 1048576, or null")
        if not isinstance(self.bidding, BiddingMode):
            problems.append(f"bidding must be one of {', '.join(BiddingMode)}")
        return problems

    @property
    def max_kicker_repeat(self) -> int:
        """How many single kickers of one combination may share a rank."""
        if not self.kicker_ranks_repeat:
            return 1
        return 4 if self.bomb_in_kickers else self.kicker_rank_max

    @property
    def fingerprint(self) -> str:
        """A short digest of every rule option (not the name), stable across releases."""
        text = json.dumps(self.options(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def options(self) -> dict[str, Any]:
        """Every rule option with its value, as JSON-ready data."""
        return {name: _plain(getattr(self, name)) for name in OPTION_NAMES}

    def derive(self, **changes: Any) -> RuleSet:
        """This rule set with some options overridden; the version then names the change.

        Unchanged values are not overrides: ``STANDARD.derive(four_with_two=True) == STANDARD``.
        """
        unknown = sorted(set(changes) - set(OPTION_NAMES))
        if unknown:
            raise RuleSetError(f"unknown rule option(s): {', '.join(unknown)}")
        changed = {
            k: v
            for k, v in changes.items()
            if getattr(self, k) != v or type(v) is not type(getattr(self, k))
        }
        if "bidding" in changed and isinstance(changed["bidding"], str):
            changed["bidding"] = _bidding(changed["bidding"])
        if not changed:
            return self
        derived = dataclasses.replace(self, **changed, overrides=())
        overrides = tuple(sorted({*self.overrides, *changed}))
        base = self.version.split("+")[0]
        return dataclasses.replace(
            derived, version=f"{base}+{derived.fingerprint}", overrides=overrides
        )


def _bidding(value: str) -> BiddingMode:
    try:
        return BiddingMode(value)
    except ValueError:
        raise RuleSetError(f"bidding must be one of {', '.join(BiddingMode)}") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, StrEnum) else value


OPTION_NAMES = tuple(
    f.name
    for f in dataclasses.fields(RuleSet)
    if f.name not in ("name", "version", "description", "overrides", "memo")
)
PLAY_OPTIONS = tuple(
    n for n in OPTION_NAMES if n not in ("bidding", "kitty_hidden", "multiplier_cap")
)
"""The options that decide which plays exist and how they compare (the rest are about bidding
and scoring); rule sets equal in these share their tables."""

_MEMOS: dict[tuple[Any, ...], dict[str, Any]] = {}
"""One table store per distinct play options: bounded, as those options take few values."""

BOOLEAN_OPTIONS = tuple(f.name for f in dataclasses.fields(RuleSet) if f.type in ("bool", bool))


STANDARD = RuleSet(
    name="standard",
    description="RULES.md: the rules of the public rule texts.",
)
RLCARD = RuleSet(
    name="rlcard",
    description="The rules of the rlcard 1.2.0 package: single kickers may repeat a rank.",
    kicker_ranks_repeat=True,
)
DOUZERO = RuleSet(
    name="douzero",
    description=(
        "The rules of DouZero 1.1.0's move generator: repeated kickers, both jokers and a bomb "
        "among kickers, kicker trios next to the chain."
    ),
    kicker_ranks_repeat=True,
    rocket_as_kickers=True,
    bomb_in_kickers=True,
    adjacent_trio_kickers=True,
)
OPENSPIEL = RuleSet(
    name="openspiel",
    description=(
        "The rules of OpenSpiel 2.0.2's dou_dizhu: no four-with-two, airplane kickers up to "
        "three of a rank, kicker trios next to the chain, never the rocket or a bomb as kickers."
    ),
    four_with_two=False,
    kicker_ranks_repeat=True,
    adjacent_trio_kickers=True,
)

PRESETS: dict[str, RuleSet] = {r.name: r for r in (STANDARD, RLCARD, DOUZERO, OPENSPIEL)}


def get_ruleset(name: str = "standard", **overrides: Any) -> RuleSet:
    """A named rule set, optionally with options overridden.

    >>> get_ruleset("rlcard").kicker_ranks_repeat
    True
    >>> get_ruleset("poker")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    service.rules.ruleset.RuleSetError: unknown rule set 'poker'; known: standard, rlcard, ...
    """
    try:
        base = PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RuleSetError(f"unknown rule set {name!r}; known: {known}") from None
    return base.derive(**overrides)
