"""Scoring a finished hand (docs/rules.md §7): the stake, the multiplier and who pays whom.

The base stake is the winning bid; the multiplier doubles for every bomb, every rocket, a
spring or anti-spring, and every doubling step a client reports, and is capped when the rule
set says so. Every factor is the rule set's (``RuleSet.multipliers``, from
``service.rules.multipliers``): none is written here. Each farmer pays or receives stake x
multiplier; the landlord that times the number of farmers (two, or three in the four-player
game): a zero-sum hand. Big Three (section 10) has no multiplier: the high bidder wins or
loses the bid from each opponent. The online table (section 13) adds robs and the show to the
multiplier, the room's base stake to the stake, and each seat's doubling on top: a farmer then
settles at stake x multiplier x its doubling x the landlord's (``Score.farmer_multipliers``).

>>> s = score(bid=3, winner="landlord", bombs=2, rockets=1)
>>> s.stake, s.multiplier, s.landlord, s.farmers
(3, 8, 48, (-24, -24))
>>> [str(f) for f in s.breakdown]
['bid x3', 'bomb x2', 'bomb x2', 'rocket x2']
>>> from .ruleset import BIG_THREE, FOUR_PLAYER
>>> score(bid=2, winner="landlord", bombs=1, rules=FOUR_PLAYER).farmers
(-4, -4, -4)
>>> score(bid=3, winner="farmers", rules=BIG_THREE).landlord
-6
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from math import prod
from typing import Any

from .model import Game
from .multipliers import Multipliers
from .options import BiddingMode, Doubling
from .ruleset import STANDARD, RuleSet


class Side(StrEnum):
    """Who won a hand; the value is the wire name."""

    LANDLORD = "landlord"
    """The landlord (地主), who plays alone from 20 cards."""
    FARMERS = "farmers"
    """The farmers (农民; Big Three: the high bidder's opponents), who win or lose together."""


class FactorName(StrEnum):
    """What a line of a score's breakdown stands for; the value is the wire name."""

    BID = "bid"
    """The winning bid: the base stake (1, 2 or 3)."""
    BOMB = "bomb"
    """A bomb was played: x2."""
    ROCKET = "rocket"
    """The rocket was played: x2."""
    SPRING = "spring"
    """The landlord won and neither farmer played a card (春天): x2."""
    ANTI_SPRING = "anti_spring"
    """The farmers won and the landlord made only the opening lead (反春): x2."""
    DOUBLING = "doubling"
    """A doubling step a client reported (a declared double): x2."""
    BASE_STAKE = "base_stake"
    """The room's base stake (``base_stake``), when not 1: the stake times it (section 13)."""
    ROB = "rob"
    """A rob of the landlord (抢地主, section 13): x2."""
    SHOW = "show"
    """The highest show of a hand (明牌, section 13): x5, x4, x3 or x2."""
    CAP = "cap"
    """The rule set's multiplier cap applied; the factor is the capped multiplier."""
    SEAT_DOUBLING = "seat_doubling"
    """A seat doubled (加倍, section 13): x2 or x4 on its own settlement (the landlord's: on
    each farmer's); outside the common multiplier (``scope`` names the settlement)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Factor:
    """One line of a score's breakdown: what it is, its factor and a sentence.

    The factor is the stake for the bid, 2 for each doubling, and for the cap the multiplier
    that the cap leaves.

    >>> str(Factor(name=FactorName.BOMB, factor=2, detail="bomb 1 of 1"))
    'bomb x2'
    """

    name: FactorName
    factor: int
    detail: str
    scope: str | None = None
    """A seat doubling's settlements: ``landlord`` (every farmer's) or ``farmer N`` (the Nth
    farmer's, from 0, in the order of ``Score.farmers``); None: the common multiplier."""

    def __str__(self) -> str:
        return f"{self.name} x{self.factor}"

    def as_dict(self) -> dict[str, Any]:
        """The wire form: name, factor, detail (and scope for a seat's doubling).

        >>> Factor(name=FactorName.ROB, factor=2, detail="rob 1 of 1").as_dict()["factor"]
        2
        """
        found: dict[str, Any] = {"name": self.name.value, "factor": self.factor}
        found["detail"] = self.detail
        if self.scope is not None:
            found["scope"] = self.scope
        return found


@dataclass(frozen=True, kw_only=True, slots=True)
class Score:
    """The result of a hand: stake, multiplier, each side's points and every factor.

    ``landlord`` and ``farmers`` are signed points (the farmers in seat order after the
    landlord); with ``partner`` (six-player game: the second landlord's points, as the
    landlord's) they always sum to zero.
    """

    winner: Side
    stake: int
    multiplier: int
    landlord: int
    farmers: tuple[int, ...]
    breakdown: tuple[Factor, ...]
    capped: bool = False
    partner: int | None = None
    farmer_multipliers: tuple[int, ...] | None = None
    """With each seat's doubling (section 13): each farmer's multiplier, the common one times
    its own doubling and the landlord's."""

    @property
    def points(self) -> int:
        """What each farmer pays or receives without seat doublings: stake x multiplier.

        >>> score(bid=2, winner="farmers", bombs=1).points
        4
        """
        return self.stake * self.multiplier

    def as_dict(self) -> dict[str, Any]:
        """The wire form: winner, stake, multiplier, both sides' points and the breakdown.

        >>> score(bid=3, winner="landlord", bombs=2, rockets=1).as_dict()["landlord"]
        48
        """
        found: dict[str, Any] = {
            "winner": self.winner.value,
            "stake": self.stake,
            "multiplier": self.multiplier,
            "landlord": self.landlord,
            "farmers": list(self.farmers),
            "capped": self.capped,
            "breakdown": [f.as_dict() for f in self.breakdown],
        }
        if self.partner is not None:
            found["partner"] = self.partner
        if self.farmer_multipliers is not None:
            found["farmer_multipliers"] = list(self.farmer_multipliers)
        return found


@dataclass(frozen=True, slots=True)
class ScoreProblem:
    """One invalid input of ``score``: the field, why, and a code: ``invalid`` (no game takes
    it), ``not_in_game`` (another game would: a 20th bomb needs two decks, Big Three has no
    multipliers)."""

    field: str
    message: str
    code: str = "invalid"


class ScoreError(ValueError):
    """Invalid inputs to ``score``; lists every problem, each naming its field."""

    def __init__(self, problems: Sequence[ScoreProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(p.message for p in self.problems))

    @property
    def field(self) -> str:
        """The first offending field."""
        return self.problems[0].field


#: The accepted range of each count (one deck holds 13 bombs and one rocket).
LIMITS: dict[str, tuple[int, int]] = {
    "bid": (1, 3),
    "bombs": (0, 13),
    "rockets": (0, 1),
    "doublings": (0, 10),
}
#: The four-player game: two decks hold 26 bombs of four (two of each rank) and one nuke,
#: which counts as the rocket. Big Three has no multipliers at all.
GAME_LIMITS: dict[Game, dict[str, tuple[int, int]]] = {
    Game.THREE_PLAYER: LIMITS,
    Game.FOUR_PLAYER: LIMITS | {"bombs": (0, 26)},
    Game.BIG_THREE: {"bid": (1, 3), "bombs": (0, 0), "rockets": (0, 0), "doublings": (0, 0)},
    # Three packs: 39 bombs of four (three of each rank) and the six jokers, counted as the
    # rocket; no bidding, so the stake is 1 (docs/rules.md §12).
    Game.SIX_PLAYER: LIMITS | {"bid": (1, 1), "bombs": (0, 39)},
}
#: What some game accepts: the range of a request before its game is known.
WIDEST_LIMITS: dict[str, tuple[int, int]] = {
    name: (
        min(g[name][0] for g in GAME_LIMITS.values()),
        max(g[name][1] for g in GAME_LIMITS.values()),
    )
    for name in LIMITS
}


def _problems(
    winner: object, spring: object, partner: object, counts: dict[str, object], rules: RuleSet
) -> list[ScoreProblem]:
    problems: list[ScoreProblem] = []
    limits = GAME_LIMITS[rules.game]
    for name, value in counts.items():
        low, high = limits[name]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            text = f"{name} must be an integer from {low} to {high}, not {value!r}"
            widest = WIDEST_LIMITS[name][1]
            code = "not_in_game" if isinstance(value, int) and high < value <= widest else "invalid"
            problems.append(ScoreProblem(name, f"{text} in {rules.game}", code))
    if not isinstance(winner, str) or winner not in tuple(Side):
        text = f"winner must be one of {', '.join(Side)}, not {winner!r}"
        problems.append(ScoreProblem("winner", text))
    if not isinstance(spring, bool):
        problems.append(ScoreProblem("spring", f"spring must be a boolean, not {spring!r}"))
    elif spring and not rules.table.multipliers:
        text = f"{rules.game} has no spring: spring must be false"
        problems.append(ScoreProblem("spring", text, "not_in_game"))
    elif spring and winner == Side.FARMERS and rules.no_anti_spring:
        text = f"{rules.name} has no anti-spring (no_anti_spring): spring must be false"
        problems.append(ScoreProblem("spring", text, "not_in_game"))
    if not isinstance(partner, bool):
        problems.append(ScoreProblem("partner", f"partner must be a boolean, not {partner!r}"))
    elif partner and not rules.table.partner:
        text = f"{rules.game} has no partner: partner must be false"
        problems.append(ScoreProblem("partner", text, "not_in_game"))
    return problems


def _online_problems(  # noqa: PLR0917 - the online table's inputs, each checked
    robs: object,
    show: object,
    seat_doublings: object,
    bid: object,
    doublings: object,
    rules: RuleSet,
) -> list[ScoreProblem]:
    """The online table's inputs (section 13): robs, the show factor, each seat's doubling."""
    problems: list[ScoreProblem] = []
    online = rules.bidding is BiddingMode.CALL_ROB
    if not _is_int(robs) or not 0 <= robs <= 3:  # type: ignore[operator]
        text = f"robs must be an integer from 0 to 3, not {robs!r}"
        problems.append(ScoreProblem("robs", text))
    elif robs and not online:
        text = f"{rules.name} bids 1..3: robs must be 0 (robbing needs bidding=call_rob)"
        problems.append(ScoreProblem("robs", text, "not_in_game"))
    shows = rules.multipliers.show_factors()
    if show not in shows or isinstance(show, bool):
        *some, last = map(str, shows[1:])
        text = f"show must be 1 (nobody showed), {', '.join(some)} or {last}, not {show!r}"
        problems.append(ScoreProblem("show", text))
    elif show != 1 and not rules.show_cards:
        text = f"{rules.name} has no showing (show_cards): show must be 1"
        problems.append(ScoreProblem("show", text, "not_in_game"))
    if online and doublings:
        text = f"{rules.name} doubles seat by seat: doublings must be 0 (use seat_doublings)"
        problems.append(ScoreProblem("doublings", text, "not_in_game"))
    if online and bid != 1:
        text = f"{rules.name} calls and robs: bid must be 1 (the stake is base_stake)"
        problems.append(ScoreProblem("bid", text, "not_in_game"))
    if seat_doublings is None:
        return problems
    if rules.doubling is Doubling.NONE:
        text = f"{rules.name} has no seat doubling (doubling=none): seat_doublings must be null"
        problems.append(ScoreProblem("seat_doublings", text, "not_in_game"))
        return problems
    factors = rules.multipliers.seat_factors(super_double=rules.doubling is Doubling.SUPER)
    seats = rules.table.seats
    if (
        not isinstance(seat_doublings, tuple)
        or len(seat_doublings) != seats
        or any(not _is_int(d) or d not in factors for d in seat_doublings)
    ):
        text = (
            f"seat_doublings must be {seats} factors (the landlord's, then each farmer's), "
            f"each one of {', '.join(map(str, factors))} under doubling={rules.doubling}"
        )
        problems.append(ScoreProblem("seat_doublings", text, "not_in_game"))
    return problems


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _factors(
    *,
    bid: int,
    winner: Side,
    counts: dict[str, int],
    spring: bool,
    springs: tuple[str, str],
    rules: RuleSet,
    classes: tuple[str, ...] = (),
) -> list[Factor]:
    """The breakdown's lines before the cap: the stake's, then the multiplier's, each factor
    the rule set's (``RuleSet.multipliers``)."""
    online = rules.bidding is BiddingMode.CALL_ROB
    factor = rules.multipliers
    text = "no bid (calling and robbing): stake 1" if online else f"bid {bid}: base stake {bid}"
    factors = [Factor(name=FactorName.BID, factor=bid, detail=text)]
    if rules.base_stake != 1:
        text = f"the room's base stake {rules.base_stake}"
        factors.append(Factor(name=FactorName.BASE_STAKE, factor=rules.base_stake, detail=text))
    factors += [
        Factor(name=FactorName.ROB, factor=factor.rob, detail=f"rob {i} of {counts['robs']}")
        for i in range(1, counts["robs"] + 1)
    ]
    if counts["show"] > 1:
        text = f"a hand shown: x{counts['show']}, the highest show"
        factors.append(Factor(name=FactorName.SHOW, factor=counts["show"], detail=text))
    factors += _bomb_factors(counts["bombs"], classes, factor)
    factors += [
        Factor(
            name=FactorName.ROCKET,
            factor=factor.rocket,
            detail=f"rocket {i} of {counts['rockets']} played",
        )
        for i in range(1, counts["rockets"] + 1)
    ]
    if spring and winner is Side.LANDLORD:
        factors.append(Factor(name=FactorName.SPRING, factor=factor.spring, detail=springs[0]))
    elif spring:
        text = springs[1]
        factors.append(Factor(name=FactorName.ANTI_SPRING, factor=factor.anti_spring, detail=text))
    factors += [
        Factor(
            name=FactorName.DOUBLING,
            factor=factor.doubling,
            detail=f"doubling {i} of {counts['doublings']}",
        )
        for i in range(1, counts["doublings"] + 1)
    ]
    return factors


def _bomb_factors(bombs: int, classes: tuple[str, ...], factor: Multipliers) -> list[Factor]:
    """A line per bomb: its class's factor in a wildcard game (section 14), said when it is
    not a plain bomb's.

    >>> [str(f) for f in _bomb_factors(2, ("soft", "hard"), Multipliers(hard_bomb=4))]
    ['bomb x2', 'bomb x4']
    """
    found = []
    for i, grade in enumerate(classes or ("",) * bombs, start=1):
        times = factor.bomb_factor(grade)
        said = f", x{times}" if times != factor.bomb else ""
        text = f" ({grade}{said})" if grade else ""
        detail = f"bomb {i} of {bombs} played{text}"
        found.append(Factor(name=FactorName.BOMB, factor=times, detail=detail))
    return found


def _class_problems(bombs: object, classes: object, rules: RuleSet) -> list[ScoreProblem]:
    """The wild bombs' classes (section 14): one of soft, hard, pure per bomb, in a wild game."""
    if classes is None and rules.hard_bombs_x4 and bombs:
        text = f"{rules.name} with hard_bombs_x4 scores each bomb by its class: name bomb_classes"
        return [ScoreProblem("bomb_classes", text, "required_in_game")]
    if classes is None:
        return []
    if rules.model.wilds is None:
        text = f"{rules.name} has no wild cards: bomb_classes must be null"
        return [ScoreProblem("bomb_classes", text, "not_in_game")]
    grades = ("soft", "hard", "pure")
    if not isinstance(classes, tuple) or not set(classes) <= set(grades):
        return [ScoreProblem("bomb_classes", "bomb_classes must each be soft, hard or pure")]
    if len(classes) != bombs:
        text = f"bomb_classes must name a class for each of the {bombs!r} bombs"
        return [ScoreProblem("bomb_classes", text, "count_mismatch")]
    return []


def _seat_factors(seat_doublings: tuple[int, ...], factor: Multipliers) -> list[Factor]:
    """The seats' doublings as breakdown lines (section 13): the landlord's, then each farmer's.

    >>> [f.scope for f in _seat_factors((2, 1, 4), Multipliers())]
    ['landlord', 'farmer 1']
    """
    word = {
        factor.seat_double: f"doubled (x{factor.seat_double})",
        factor.seat_super_double: f"super doubled (x{factor.seat_super_double})",
    }
    landlord, *farmers = seat_doublings
    found = []
    if landlord > 1:
        text = f"the landlord {word[landlord]}: on every farmer's settlement"
        found.append(
            Factor(name=FactorName.SEAT_DOUBLING, factor=landlord, detail=text, scope="landlord")
        )
    for i, own in enumerate(farmers):
        if own > 1:
            text = f"farmer {i} {word[own]}: on its own settlement"
            found.append(
                Factor(name=FactorName.SEAT_DOUBLING, factor=own, detail=text, scope=f"farmer {i}")
            )
    return found


def _spring_texts(rules: RuleSet, partner: bool) -> tuple[str, str]:
    """The details of a spring and an anti-spring under the rules: who counts.

    >>> _spring_texts(STANDARD, False)[0]
    'spring: the landlord won and neither farmer played a card'
    """
    if rules.spring_per_farmer:
        spring = "spring: the landlord won and a farmer played no card"
    elif rules.table.seats == 3:
        spring = "spring: the landlord won and neither farmer played a card"
    else:
        spring = "spring: the landlord's side won and no farmer played a card"
    who = "the landlords" if partner else "the landlord"
    return spring, f"anti-spring: the farmers won and {who} made only the opening lead"


#: The breakdown lines that make the stake; the others make the multiplier.
_STAKE_FACTORS = (FactorName.BID, FactorName.BASE_STAKE)


def score(
    *,
    bid: int,
    winner: Side | str,
    bombs: int = 0,
    rockets: int = 0,
    spring: bool = False,
    doublings: int = 0,
    partner: bool = False,
    robs: int = 0,
    show: int = 1,
    seat_doublings: tuple[int, ...] | None = None,
    bomb_classes: tuple[str, ...] | None = None,
    rules: RuleSet = STANDARD,
) -> Score:
    """Score a hand (docs/rules.md §7); ``ScoreError`` lists every invalid input.

    ``spring`` is the spring when the landlord wins and the anti-spring when the farmers win.
    In the six-player game (section 12) ``partner`` says whether the landlord had a partner:
    the farmers' total is then shared by the two landlords, else the landlord takes it all.

    >>> from .ruleset import SIX_PLAYER
    >>> shared = score(bid=1, winner="landlord", bombs=1, partner=True, rules=SIX_PLAYER)
    >>> shared.landlord, shared.partner, shared.farmers
    (4, 4, (-2, -2, -2, -2))
    >>> score(bid=1, winner="farmers", rules=SIX_PLAYER).landlord
    -5

    >>> score(bid=1, winner="farmers", spring=True).landlord
    -4
    >>> score(bid=3, winner="landlord", bombs=4, rules=STANDARD.derive(multiplier_cap=8)).farmers
    (-24, -24)
    >>> try:
    ...     score(bid=4, winner="landlord", rockets=2)
    ... except ScoreError as error:
    ...     print(error.field, [p.field for p in error.problems])
    bid ['bid', 'rockets']
    >>> from .ruleset import get_ruleset
    >>> x4 = get_ruleset("laizi", wild="7", hard_bombs_x4=True)
    >>> wild = score(bid=1, winner="landlord", bombs=2, bomb_classes=("soft", "pure"), rules=x4)
    >>> [f.detail for f in wild.breakdown[1:]], wild.multiplier
    (['bomb 1 of 2 played (soft)', 'bomb 2 of 2 played (pure, x4)'], 8)
    """
    counts: dict[str, object] = {
        "bid": bid,
        "bombs": bombs,
        "rockets": rockets,
        "doublings": doublings,
    }
    problems = _problems(winner, spring, partner, counts, rules)
    problems += _online_problems(robs, show, seat_doublings, bid, doublings, rules)
    problems += _class_problems(bombs, bomb_classes, rules)
    if problems:
        raise ScoreError(problems)
    side = Side(winner)
    factors = _factors(
        bid=bid,
        winner=side,
        counts={
            "bombs": bombs,
            "rockets": rockets,
            "doublings": doublings,
            "robs": robs,
            "show": show,
        },
        classes=bomb_classes or (),
        spring=spring,
        springs=_spring_texts(rules, partner),
        rules=rules,
    )
    stake = bid * rules.base_stake
    multiplier = prod(f.factor for f in factors if f.name not in _STAKE_FACTORS)
    cap = rules.multiplier_cap
    capped = cap is not None and multiplier > cap
    if cap is not None and capped:
        text = f"multiplier {multiplier} capped at {cap}"
        factors.append(Factor(name=FactorName.CAP, factor=cap, detail=text))
        multiplier = cap
    sign = 1 if side is Side.LANDLORD else -1
    landlords = 2 if partner else 1
    farmers = rules.table.seats - landlords
    doubled = seat_doublings or (1,) * (farmers + 1)
    each = tuple(multiplier * doubled[0] * own for own in doubled[1:])
    total = sum(stake * m for m in each)
    return Score(
        winner=side,
        stake=stake,
        multiplier=multiplier,
        landlord=total * sign // landlords,
        farmers=tuple(-stake * m * sign for m in each),
        breakdown=(*factors, *_seat_factors(doubled, rules.multipliers)),
        capped=capped,
        partner=total * sign // landlords if partner else None,
        farmer_multipliers=each if seat_doublings is not None else None,
    )


__all__ = ["LIMITS", "Factor", "FactorName", "Score", "ScoreError", "ScoreProblem", "Side", "score"]
