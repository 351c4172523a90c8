"""Rule sets: every option of docs/rules.md §8, 13 and 14 as a frozen, self-checking value,
and the named rule sets (presets).

Each option is declared once, here, as a ``RuleSet`` field made by ``options.option``: its
default, and what the rest needs to know of it (``options.Option``: the games that take it,
its range or values, the option it needs, the kicker rule or multipliers it sets, a one-line
description). The checks below, the kicker rules, the API's schema of rule-set options and
the documentation's table are derived from these declarations (``OPTIONS``).

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

from .model import Game, GameModel, KickerRules, Table
from .multipliers import STANDARD_MULTIPLIERS, Multipliers
from .options import (
    AllPass,
    BiddingMode,
    Doubling,
    Need,
    Option,
    Role,
    WildMode,
    option,
    shown,
    wild_ranks,
)

THREE = frozenset({Game.THREE_PLAYER})
"""The three-player game alone: its kicker and form options."""
WITH_KICKERS = frozenset({Game.THREE_PLAYER, Game.FOUR_PLAYER, Game.SIX_PLAYER})
"""The games with kickers, multipliers and a spring: all but Big Three."""
WITH_BIDDING = frozenset({Game.THREE_PLAYER, Game.FOUR_PLAYER, Game.BIG_THREE})
"""The games with an auction: all but the six-player game, whose face-up card names the
landlord."""
STAKES = range(1, (1 << 20) + 1)
"""A multiplier cap's or a base stake's values."""


class RuleSetError(ValueError):
    """A rule set whose options contradict each other, or an unknown rule set or option."""


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """Every rule decision the sources disagree on, explicit (docs/rules.md §8).

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
    game: Game = option(
        Game.THREE_PLAYER,
        role=Role.GAME,
        values=Game,
        later=True,
        doc="the game: its deck, seats, deal and kinds (§1, 9, 10, 12)",
    )
    four_with_two: bool = option(
        True,
        role=Role.PLAYS,
        games=THREE | {Game.SIX_PLAYER},
        doc="four with two singles or two pairs (四带二) are kinds",
    )
    kicker_ranks_repeat: bool = option(
        False,
        role=Role.KICKERS,
        games=THREE,
        kicker="ranks_repeat",
        doc="single kickers may share a rank (at most kicker_rank_max of it)",
    )
    kicker_rank_max: int = option(
        3,
        role=Role.KICKERS,
        games=THREE,
        values=range(2, 4),
        hint="four of a rank is bomb_in_kickers",
        kicker="rank_max",
        doc="under kicker_ranks_repeat, how many single kickers may share a rank",
    )
    rocket_as_kickers: bool = option(
        False,
        role=Role.KICKERS,
        games=THREE,
        kicker="rocket",
        doc="both jokers may be single kickers of one combination",
    )
    bomb_in_kickers: bool = option(
        False,
        role=Role.KICKERS,
        games=THREE,
        needs=Need("kicker_ranks_repeat"),
        kicker="bomb",
        doc="four of a rank may be among an airplane's single kickers",
    )
    adjacent_trio_kickers: bool = option(
        False,
        role=Role.KICKERS,
        games=THREE,
        needs=Need("kicker_ranks_repeat"),
        kicker="adjacent_trios",
        doc="a kicker trio may sit next to an airplane's chain",
    )
    same_rank_pairs: bool = option(
        False,
        role=Role.KICKERS,
        games=WITH_KICKERS,
        why="kickers",
        kicker="same_rank_pairs",
        doc="four cards of a rank may be two pair kickers",
    )
    four_with_single: bool = option(
        False,
        role=Role.PLAYS,
        games=THREE,
        doc="four with one single (four_single) is a kind",
    )
    four_with_pair: bool = option(
        False,
        role=Role.PLAYS,
        games=THREE,
        doc="four with one pair (four_pair) is a kind",
    )
    space_shuttle: bool = option(
        False,
        role=Role.PLAYS,
        games=THREE,
        doc="consecutive fours (航天飞机), bare or with wings, are kinds",
    )
    joker_pairs: bool = option(
        False,
        role=Role.PLAYS,
        games=frozenset({Game.FOUR_PLAYER, Game.SIX_PLAYER}),
        why="two jokers of a colour",
        kicker="joker_pairs",
        later=True,
        doc="two jokers of a colour are a pair, a pair kicker too",
    )
    shuttle_one_kicker: bool = option(
        False,
        role=Role.PLAYS,
        games=THREE,
        needs=Need("space_shuttle"),
        later=True,
        doc="a space shuttle's wings are one single or one pair per four, not two",
    )
    no_airplane_singles: bool = option(
        False,
        role=Role.PLAYS,
        games=THREE,
        later=True,
        doc="no airplane with single wings (airplane_singles)",
    )
    no_airplane_pairs: bool = option(
        False,
        role=Role.PLAYS,
        games=THREE,
        later=True,
        doc="no airplane with pair wings (airplane_pairs)",
    )
    four_five_bombs_one_class: bool = option(
        False,
        role=Role.PLAYS,
        games=frozenset({Game.FOUR_PLAYER}),
        later=True,
        doc="bombs of four and five cards are one class, compared by rank",
    )
    bidding: BiddingMode = option(
        BiddingMode.SINGLE_ROUND,
        role=Role.FLOW,
        games=WITH_BIDDING,
        why="an auction",
        values=BiddingMode,
        doc="how the auction runs (§6; call_rob: the online table, §13)",
    )
    kitty_hidden: bool = option(
        False,
        role=Role.FLOW,
        doc="the landlord takes the kitty unseen",
    )
    multiplier_cap: int | None = option(
        None,
        role=Role.SCORING,
        games=WITH_KICKERS,
        why="multipliers",
        values=STAKES,
        nullable=True,
        doc="the highest multiplier a hand scores (null: no cap)",
    )
    spring_per_farmer: bool = option(
        False,
        role=Role.SCORING,
        games=THREE,
        later=True,
        doc="a spring when one farmer never played, not only both",
    )
    no_anti_spring: bool = option(
        False,
        role=Role.SCORING,
        games=WITH_KICKERS,
        why="a spring",
        later=True,
        doc="no anti-spring",
    )
    two_pass_tricks: bool = option(
        False,
        role=Role.FLOW,
        games=frozenset({Game.FOUR_PLAYER}),
        later=True,
        doc="a trick ends after two passes in a row, as in the three-player game",
    )
    """Four-player game: a trick ends after two passes in a row, as in the three-player game
    (the "How to Play" text: played "identically"); off, after a pass from each other seat."""
    free_first_bidder: bool = option(
        False,
        role=Role.FLOW,
        games=frozenset({Game.BIG_THREE}),
        later=True,
        doc="the first bidder need not hold the 4 of hearts",
    )
    """Big Three: any seat may bid first; off, the first bidder must hold the 4 of hearts (or,
    when the kitty holds it, the lowest heart dealt) whenever the deal names every suit."""
    face_up_bids_first: bool = option(
        False,
        role=Role.FLOW,
        games=THREE,
        later=True,
        doc="the seat that drew the face-up card bids first",
    )
    """Three-player game: the seat that drew the face-up card bids first ("How to Play"); a
    record may name that card and seat (``face_up``), and ``first_bidder`` must be the seat."""
    all_pass: AllPass = option(
        AllPass.REDEAL,
        role=Role.FLOW,
        games=WITH_BIDDING,
        why="an auction",
        values=AllPass,
        later=True,
        doc="when every seat passes the bids: a redeal, or the first bidder is landlord at 1",
    )
    show_cards: bool = option(
        False,
        role=Role.FLOW,
        games=THREE,
        needs=Need("bidding", ("call_rob",)),
        later=True,
        doc="seats may show their hands (明牌, x5 to x2)",
    )
    doubling: Doubling = option(
        Doubling.NONE,
        role=Role.FLOW,
        games=THREE,
        values=Doubling,
        needs=Need("bidding", ("call_rob",)),
        later=True,
        doc="each seat doubles after the kitty: none, double (x2), super (x2 or x4)",
    )
    base_stake: int = option(
        1,
        role=Role.SCORING,
        values=STAKES,
        later=True,
        doc="the room's base stake: every score times it",
    )
    wilds: WildMode = option(
        WildMode.NONE,
        role=Role.WILDS,
        games=THREE,
        values=WildMode,
        later=True,
        doc="wild cards (§14): none, laizi (one wild rank), tiandi (two)",
    )
    wild: tuple[str, ...] = option(
        (),
        role=Role.WILDS,
        games=THREE,
        needs=Need("wilds"),
        later=True,
        doc="the wild ranks drawn: one under laizi, two under tiandi; a request names them",
    )
    soft_hard_by_rank: bool = option(
        False,
        role=Role.WILDS,
        games=THREE,
        needs=Need("wilds"),
        later=True,
        doc="hard and soft bombs are one class, compared by rank",
    )
    hard_bombs_x4: bool = option(
        False,
        role=Role.SCORING,
        games=THREE,
        needs=Need("wilds"),
        multipliers=(("hard_bomb", 4), ("pure_bomb", 4)),
        later=True,
        doc="hard and pure bombs multiply the stake by 4, soft bombs by 2",
    )
    scoring: Multipliers = STANDARD_MULTIPLIERS
    """The preset's multipliers (``service.rules.multipliers``), before the options that set
    some of them; not an option a request sets."""
    overrides: tuple[str, ...] = field(default=(), compare=False)
    model: GameModel = field(init=False, compare=False, repr=False)
    """The game these options make (``service.rules.model``): its table, forms and kicker
    rules, one object shared by every rule set with the same game and play options."""
    multipliers: Multipliers = field(init=False, compare=False, repr=False)
    """Every factor of the score: ``scoring`` with the options that set factors applied."""

    def __post_init__(self) -> None:
        for problem in self._problems():
            raise RuleSetError(problem)
        plays = {name: getattr(self, name) for name in PLAY_OPTIONS}
        model = GameModel.build(self.game, plays, self._kicker_rules())
        object.__setattr__(self, "model", model)
        object.__setattr__(self, "multipliers", self._multipliers())

    def _multipliers(self) -> Multipliers:
        """The preset's multipliers with those set by the options that are on."""
        factors: dict[str, Any] = {
            factor: value
            for name, spec in OPTIONS.items()
            if getattr(self, name) is True
            for factor, value in spec.multipliers
        }
        return dataclasses.replace(self.scoring, **factors) if factors else self.scoring

    def _kicker_rules(self) -> KickerRules:
        """The kicker rules the kicker options set; ``rank_max`` counts only where kicker
        ranks repeat, so that rule sets differing only there share a model."""
        named = {spec.kicker: getattr(self, name) for name, spec in OPTIONS.items() if spec.kicker}
        if not named["ranks_repeat"]:
            named["rank_max"] = KickerRules().rank_max
        return KickerRules(**named)

    def _problems(self) -> list[str]:
        """What is wrong with the options: values first; then each option's games and need
        (from its declaration); then the rules that tie one value to another."""
        problems = [text for name in OPTION_NAMES if (text := self._value_problem(name))]
        if not isinstance(self.scoring, Multipliers):
            problems.append("scoring must be a Multipliers table")
        if problems:
            return problems
        for name, spec in OPTIONS.items():
            if spec.games is not None and self.game not in spec.games:
                problems += self._game_problem(name, spec.games, spec.why)
        for name, spec in OPTIONS.items():
            if spec.needs is not None and getattr(self, name) != spec.off:
                problems += self._need_problem(name, spec.needs)
        return problems + self._ties()

    def _value_problem(self, name: str) -> str | None:
        """Whether an option's value is of its type, range or values."""
        spec, value = OPTIONS[name], getattr(self, name)
        if isinstance(spec.values, type):  # a named value: one of the enum's members
            ok = isinstance(value, spec.values)
            return None if ok else f"{name} must be one of {', '.join(spec.values)}"
        if isinstance(spec.values, range):
            if spec.nullable and value is None:
                return None
            if _is_int(value) and value in spec.values:
                return None
            low, high = spec.limits or (0, 0)
            text = (
                f"{low} or {high}" if len(spec.values) == 2 else f"an integer from {low} to {high}"
            )
            text += ", or null" if spec.nullable else ""
            return f"{name} must be {text}" + (f" ({spec.hint})" if spec.hint else "")
        default = spec.default
        if isinstance(default, bool) and not isinstance(value, bool):
            return f"{name} must be a boolean"
        if isinstance(default, tuple) and not (
            isinstance(value, tuple) and all(isinstance(item, str) for item in value)
        ):
            return f"{name} must be a tuple of rank characters"
        return None

    def _game_problem(self, name: str, games: frozenset[Game], why: str) -> list[str]:
        """An option set in a game that does not take it (it must stay off there)."""
        off = OPTIONS[name].off
        if getattr(self, name) == off:
            return []
        if not why:
            why = f"a {next(iter(games)).replace('_', '-')} option" if len(games) == 1 else ""
        named = " or ".join(game for game in Game if game in games)
        because = f" ({why})" if why else ""
        return [f"{name} needs game {named}{because}: it must be {shown(off)} in {self.game}"]

    def _need_problem(self, name: str, need: Need) -> list[str]:
        """An option set without the value of another that it needs (any value but its off
        one, when the need names no values)."""
        other, spec = getattr(self, need.option), OPTIONS[need.option]
        if need.values:
            if other in need.values:
                return []
            return [f"{name} needs {need.option} {' or '.join(need.values)}"]
        if other != spec.off:
            return []
        if isinstance(spec.values, type):
            wanted = " or ".join(v for v in spec.values if v != spec.default)
            return [f"{name} needs {need.option} {wanted}"]
        return [f"{name} needs {need.option}"]

    def _ties(self) -> list[str]:
        """The rules that tie one option's value to another's (docs/rules.md §13 and 14)."""
        problems: list[str] = []
        if self.bidding is BiddingMode.CALL_ROB:
            if self.game is not Game.THREE_PLAYER:
                problems.append(f"bidding call_rob needs game three_player, not {self.game}")
            if self.all_pass is not AllPass.REDEAL:
                problems.append("all_pass must be redeal with bidding call_rob (section 13)")
        if self.wilds is not WildMode.NONE and self.wild != ():
            try:
                if wild_ranks(self.wild, self.wilds) != self.wild:
                    problems.append("wild must hold canonical rank characters")
            except ValueError as error:
                problems.append(str(error))
        return problems

    @property
    def table(self) -> Table:
        """What the game deals and how its turns go (seats, hand and kitty sizes, the deck)."""
        return self.model.table

    @property
    def fingerprint(self) -> str:
        """A short digest of every rule option (not the name), stable across releases: an
        option added later is left out while it has its default, so versions named before it
        existed keep their names. The wild ranks are the game's draw, not a rule: left out. A
        preset's own multipliers count where they depart from the rule texts' (``scoring``).
        """
        options: dict[str, Any] = {
            name: value
            for name, value in self.options().items()
            if name != "wild"
            and not (OPTIONS[name].later and getattr(self, name) == OPTIONS[name].default)
        }
        if self.scoring != STANDARD_MULTIPLIERS:
            options["scoring"] = dataclasses.asdict(self.scoring)
        text = json.dumps(options, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def options(self) -> dict[str, Any]:
        """Every rule option with its value, as JSON-ready data.

        >>> OPENSPIEL.options()["four_with_two"], OPENSPIEL.options()["bidding"]
        (False, 'single_round')
        """
        return {name: _plain(getattr(self, name)) for name in OPTION_NAMES}

    def derive(self, **changes: Any) -> RuleSet:
        """This rule set with some options overridden; the version then names the change.

        Unchanged values are not overrides: ``STANDARD.derive(four_with_two=True) == STANDARD``.

        >>> STANDARD.derive(four_with_two=True) is STANDARD
        True
        >>> STANDARD.derive(space_shuttle=True).overrides
        ('space_shuttle',)
        """
        unknown = sorted(set(changes) - set(OPTION_NAMES))
        if unknown:
            raise RuleSetError(f"unknown rule option(s): {', '.join(unknown)}")
        changed = {
            k: v
            for k, v in changes.items()
            if getattr(self, k) != v or type(v) is not type(getattr(self, k))
        }
        for name, value in changed.items():
            values = OPTIONS[name].values
            if isinstance(values, type) and isinstance(value, str):
                changed[name] = _member(values, name, value)
        if "wild" in changes:
            changed.pop("wild", None)
            mode = changed.get("wilds", self.wilds)
            if not isinstance(mode, WildMode):
                raise RuleSetError(f"wilds must be one of {', '.join(WildMode)}")
            try:
                drawn = wild_ranks(changes["wild"], mode)
            except ValueError as error:
                raise RuleSetError(str(error)) from None
            if drawn != self.wild:
                changed["wild"] = drawn
        if not changed:
            return self
        if set(changed) == {"wild"}:  # the wild ranks drawn: the same rules, the same version
            return dataclasses.replace(self, **changed)
        overrides = tuple(sorted({*self.overrides, *changed} - {"wild"}))
        derived = dataclasses.replace(self, **changed, overrides=overrides)  # checked here
        # The version names the checked options' digest: set once, before the rule set is
        # shared, rather than checking and building it a second time to set one field.
        base = self.version.split("+")[0]
        object.__setattr__(derived, "version", f"{base}+{derived.fingerprint}")
        return derived


def _member(enum: type[StrEnum], name: str, value: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        raise RuleSetError(f"{name} must be one of {', '.join(enum)}") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return str(value) if isinstance(value, StrEnum) else value


OPTIONS: dict[str, Option] = {
    f.name: f.metadata["option"] for f in dataclasses.fields(RuleSet) if "option" in f.metadata
}
"""Every rule option's declaration, by name, in the order of the fields."""
OPTION_NAMES = tuple(OPTIONS)
"""Every rule option, in the order of the fields."""
PLAY_OPTIONS = tuple(name for name, spec in OPTIONS.items() if spec.role.shapes_plays)
"""The options that decide which plays exist and how they compare (the rest are about the
hand's flow and scoring); rule sets equal in these share their ``GameModel``."""


def default(name: str) -> Any:
    """An option's default value (its value in ``standard``).

    >>> default("kicker_rank_max"), default("bidding")
    (3, <BiddingMode.SINGLE_ROUND: 'single_round'>)
    """
    return OPTIONS[name].default


STANDARD = RuleSet(
    name="standard",
    description="docs/rules.md: the rules of the public rule texts.",
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

FOUR_PLAYER = RuleSet(
    name="four_player",
    description=(
        "docs/rules.md §9: two decks, four seats of 25 and a kitty of 8; no single kickers "
        "and no four-with-kickers; bombs of 4 or 5 of a kind, six_rocket (6), missile (7), "
        "sky_explosion (8), nuke (all four jokers); a larger bomb beats a smaller one. Where the "
        "source is silent: two jokers of a colour are a pair (joker_pairs), a joker pair may be "
        "a pair kicker, and every bomb-class play doubles the stake (the nuke as a rocket)."
    ),
    game=Game.FOUR_PLAYER,
    four_with_two=False,
    joker_pairs=True,
)
BIG_THREE = RuleSet(
    name="big_three",
    description=(
        "docs/rules.md §10, Big Three (大三): 52 cards without jokers, 3 the highest rank, "
        "three seats of 16 and a kitty of 4 taken unseen by the high bidder; single, pair, "
        "trio, quad, runs of 3 or more within 4..K of singles, pairs, trios and quads; no "
        "bombs. The first bidder (the holder of the 4 of hearts) must bid and leads the first "
        "trick; the high bidder wins or loses the bid from each opponent."
    ),
    game=Game.BIG_THREE,
    four_with_two=False,
    bidding=BiddingMode.UNTIL_TWO_PASSES,
    kitty_hidden=True,
)

SIX_PLAYER = RuleSet(
    name="six_player",
    description=(
        "docs/rules.md §12: three packs (162 cards), six seats of 26 and a kitty of 6 taken "
        "hidden; no bidding (the face-up card names the landlord, the stake is 1); the "
        "landlord's highest identical pair names a secret partner. The three-player kinds and "
        "kicker rules, chains limited only by the ranks and the 32 cards; bombs of 4 to 12 of a "
        "kind (kind bomb, a larger beats a smaller), all six jokers the highest play (nuke), no "
        "rocket; jokers pair in one colour (joker_pairs), a joker pair may be a pair kicker."
    ),
    game=Game.SIX_PLAYER,
    joker_pairs=True,
    kitty_hidden=True,
)

HUANLE = RuleSet(
    name="huanle",
    description=(
        "docs/rules.md §13, the online table of 欢乐斗地主 and its clones: the standard "
        "plays; calling and robbing the landlord instead of bids (each rob x2; all decline: "
        "a redeal, unless a seat showed, which then is landlord); showing cards (x5 before the "
        "deal, x4 or x3 during it, x2 by the landlord after the kitty; the highest applies); "
        "each seat doubles once after the kitty (x2; doubling=super adds x4); each farmer "
        "settles with the landlord on its own doubling and the landlord's. Base stake 1 and "
        "no multiplier cap unless set (rooms use 32, 64 or 128)."
    ),
    bidding=BiddingMode.CALL_ROB,
    show_cards=True,
    doubling=Doubling.DOUBLE,
)
BOTZONE = RuleSet(
    name="botzone",
    description=(
        "The rules of Botzone's FTL2 judge (lpaladin/tsFightTheLandlord, judge_FTL2.py, the "
        "version of branch v2, commit edf9c53 of 2021-05-18). It departs from standard: both "
        "jokers may be kickers (rocket_as_kickers: two different ranks among wings); the "
        "space shuttle with one single or one pair per four (space_shuttle, "
        "shuttle_one_kicker); the highest bidder is landlord, and when all three pass, seat 0 "
        "(the first bidder) at stake 1, no redeal (all_pass=first_bidder). Bids 1..3, each "
        "higher, a 3 ends. Violations also carry the judge's error names (INVALID_BID, "
        "LESS_COMPARE, ...)."
    ),
    rocket_as_kickers=True,
    space_shuttle=True,
    shuttle_one_kicker=True,
    all_pass=AllPass.FIRST_BIDDER,
)

LAIZI = RuleSet(
    name="laizi",
    description=(
        "docs/rules.md §14, 癞子: the standard rules with one wild rank (wild, named by the "
        "request: the rank drawn after the deal). A wild stands for any rank 3..2; wilds alone "
        "are their own rank; bombs rank rocket > pure (four wilds) > hard > soft."
    ),
    wilds=WildMode.LAIZI,
)
TIANDI_LAIZI = RuleSet(
    name="tiandi_laizi",
    description=(
        "docs/rules.md §14, 天地癞子: the standard rules with two wild ranks (wild: the rank "
        "drawn after the deal, then the one drawn after the kitty), up to eight wilds; bombs "
        "of four to eight cards, a longer beating a shorter, then pure > hard > soft, then rank."
    ),
    wilds=WildMode.TIANDI,
)

PRESETS: dict[str, RuleSet] = {
    r.name: r
    for r in (
        STANDARD,
        RLCARD,
        DOUZERO,
        OPENSPIEL,
        FOUR_PLAYER,
        BIG_THREE,
        SIX_PLAYER,
        HUANLE,
        BOTZONE,
        LAIZI,
        TIANDI_LAIZI,
    )
}


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
