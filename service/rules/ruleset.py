"""Rule sets: every option of docs/rules.md §8 as a frozen, self-checking value, and presets.

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

from .model import GAMES, Game, GameModel, Table, form_options
from .options import (
    HAND_FLOW_GAMES,
    LATER,
    ONE_GAME_OPTIONS,
    THREE_PLAYER_OPTIONS,
    WILD_OPTIONS,
    AllPass,
    BiddingMode,
    Doubling,
    WildMode,
    wild_ranks,
)


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
    game: Game = Game.THREE_PLAYER
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
    joker_pairs: bool = False
    shuttle_one_kicker: bool = False
    no_airplane_singles: bool = False
    no_airplane_pairs: bool = False
    four_five_bombs_one_class: bool = False
    bidding: BiddingMode = BiddingMode.SINGLE_ROUND
    kitty_hidden: bool = False
    multiplier_cap: int | None = None
    spring_per_farmer: bool = False
    no_anti_spring: bool = False
    two_pass_tricks: bool = False
    """Four-player game: a trick ends after two passes in a row, as in the three-player game
    (the "How to Play" text: played "identically"); off, after a pass from each other seat."""
    free_first_bidder: bool = False
    """Big Three: any seat may bid first; off, the first bidder must hold the 4 of hearts (or,
    when the kitty holds it, the lowest heart dealt) whenever the deal names every suit."""
    face_up_bids_first: bool = False
    """Three-player game: the seat that drew the face-up card bids first ("How to Play"); a
    record may name that card and seat (``face_up``), and ``first_bidder`` must be the seat."""
    all_pass: AllPass = AllPass.REDEAL
    """When every seat passes the bidding: a redeal, or the first bidder is landlord at 1."""
    show_cards: bool = False
    """Seats may show their hands (明牌, section 13); needs ``bidding=call_rob``."""
    doubling: Doubling = Doubling.NONE
    """Each seat's doubling after the kitty (section 13); needs ``bidding=call_rob``."""
    base_stake: int = 1
    """The room's base stake: every score is multiplied by it (section 13)."""
    wilds: WildMode = WildMode.NONE
    """Wild cards (section 14): none, one wild rank (laizi) or two (tiandi)."""
    wild: tuple[str, ...] = ()
    """The wild ranks drawn (section 14), as rank characters; a request names them."""
    soft_hard_by_rank: bool = False
    """Hard and soft bombs are one class, compared by rank (section 14)."""
    hard_bombs_x4: bool = False
    """Hard and pure bombs multiply the stake by 4, soft bombs by 2 (section 14)."""
    overrides: tuple[str, ...] = field(default=(), compare=False)
    model: GameModel = field(init=False, compare=False, repr=False)
    """The game these options make (``service.rules.model``): its table, forms and kicker
    rules, one object shared by every rule set with the same game and play options."""

    def __post_init__(self) -> None:
        for problem in self._problems():
            raise RuleSetError(problem)
        options = {name: getattr(self, name) for name in PLAY_OPTIONS}
        object.__setattr__(self, "model", GameModel.build(self.game, options))

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
        if self.shuttle_one_kicker and not self.space_shuttle:
            problems.append("shuttle_one_kicker needs space_shuttle")
        if not _is_int(self.kicker_rank_max) or not 2 <= self.kicker_rank_max <= 3:
            problems.append("kicker_rank_max must be 2 or 3 (four of a rank is bomb_in_kickers)")
        cap = self.multiplier_cap
        if cap is not None and (not _is_int(cap) or not 1 <= cap <= 1 << 20):
            problems.append("multiplier_cap must be an integer from 1 to 1048576, or null")
        if not _is_int(self.base_stake) or not 1 <= self.base_stake <= 1 << 20:
            problems.append("base_stake must be an integer from 1 to 1048576")
        for name, enum in _ENUM_OPTIONS.items():
            if not isinstance(getattr(self, name), enum):
                problems.append(f"{name} must be one of {', '.join(enum)}")
        if not isinstance(self.game, Game):
            problems.append(f"game must be one of {', '.join(Game)}")
            return problems
        return problems + self._game_problems()

    def _game_problems(self) -> list[str]:
        """The options that the rule set's game does not take."""
        problems: list[str] = []
        cap = self.multiplier_cap
        if self.game is not Game.THREE_PLAYER:
            problems += [
                f"{name} is a three-player option: it must be false in {self.game}"
                for name in THREE_PLAYER_OPTIONS
                if getattr(self, name) is True and name not in form_options(self.game)
            ]
            if self.kicker_rank_max != 3:
                problems.append(f"kicker_rank_max is a three-player option: 3 in {self.game}")
        if self.joker_pairs and "joker_pairs" not in form_options(self.game):
            problems.append(
                "joker_pairs needs game four_player or six_player (two jokers of a colour)"
            )
        if self.no_anti_spring and not GAMES[self.game].table.multipliers:
            problems.append(f"no_anti_spring must be false in {self.game} (no spring)")
        problems += [
            f"{name} needs game {game}"
            for name, game in (HAND_FLOW_GAMES | ONE_GAME_OPTIONS).items()
            if getattr(self, name) is True and self.game is not game
        ]
        if self.game is Game.BIG_THREE:
            if self.same_rank_pairs:
                problems.append("same_rank_pairs must be false in big_three (no kickers)")
            if cap is not None:
                problems.append("multiplier_cap must be null in big_three (no multipliers)")
        return problems + self._table_problems()

    def _table_problems(self) -> list[str]:
        """The online table's options (section 13): they go with calling and robbing."""
        problems: list[str] = []
        online = self.bidding is BiddingMode.CALL_ROB
        if online and self.game is not Game.THREE_PLAYER:
            problems.append(f"bidding call_rob needs game three_player, not {self.game}")
        if online and self.all_pass is not AllPass.REDEAL:
            problems.append("all_pass must be redeal with bidding call_rob (section 13)")
        if self.show_cards and not online:
            problems.append("show_cards needs bidding call_rob")
        if self.doubling is not Doubling.NONE and not online:
            problems.append("doubling needs bidding call_rob")
        problems += self._wild_problems()
        if not GAMES[self.game].table.bidding:  # the six-player game: no auction at all
            if self.all_pass is not AllPass.REDEAL:
                problems.append(f"all_pass must be redeal in {self.game} (no bidding)")
            if self.bidding is not BiddingMode.SINGLE_ROUND:
                problems.append(f"bidding must be single_round in {self.game} (no bidding)")
        return problems

    def _wild_problems(self) -> list[str]:
        """The wildcard options (section 14): a three-player game's, with as many ranks as
        the mode draws (none while they are not drawn yet)."""
        if self.wilds is WildMode.NONE:
            needed = [name for name in WILD_OPTIONS if getattr(self, name)]
            return [f"{name} needs wilds laizi or tiandi" for name in needed]
        if self.game is not Game.THREE_PLAYER:
            return [f"wilds {self.wilds} needs game three_player, not {self.game}"]
        try:
            if self.wild and wild_ranks(self.wild, self.wilds) != self.wild:
                return ["wild must hold canonical rank characters"]
        except ValueError as error:
            return [str(error)]
        return []

    @property
    def table(self) -> Table:
        """What the game deals and how its turns go (seats, hand and kitty sizes, the deck)."""
        return self.model.table

    @property
    def fingerprint(self) -> str:
        """A short digest of every rule option (not the name), stable across releases: an
        option added later is left out while it has its default, so versions named before it
        existed keep their names. The wild ranks are the game's draw, not a rule: left out."""
        options = {
            k: v
            for k, v in self.options().items()
            if LATER.get(k, _UNSET) != getattr(self, k) and k != "wild"
        }
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
        for name, enum in _ENUM_OPTIONS.items():
            if name in changed and isinstance(changed[name], str):
                changed[name] = _member(enum, name, changed[name])
        if "wild" in changes:
            changed.pop("wild", None)
            try:
                drawn = wild_ranks(changes["wild"], changed.get("wilds", self.wilds))
            except ValueError as error:
                raise RuleSetError(str(error)) from None
            if drawn != self.wild:
                changed["wild"] = drawn
        if "game" in changed and isinstance(changed["game"], str):
            changed["game"] = _game(changed["game"])
        if not changed:
            return self
        derived = dataclasses.replace(self, **changed, overrides=())
        if set(changed) == {"wild"}:  # the wild ranks drawn: the same rules, the same version
            return dataclasses.replace(derived, version=self.version, overrides=self.overrides)
        overrides = tuple(sorted({*self.overrides, *changed} - {"wild"}))
        base = self.version.split("+")[0]
        return dataclasses.replace(
            derived, version=f"{base}+{derived.fingerprint}", overrides=overrides
        )


def _member(enum: type[StrEnum], name: str, value: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        raise RuleSetError(f"{name} must be one of {', '.join(enum)}") from None


#: The options whose values are names (wire strings).
_ENUM_OPTIONS: dict[str, type[StrEnum]] = {
    "bidding": BiddingMode,
    "all_pass": AllPass,
    "doubling": Doubling,
    "wilds": WildMode,
}


_UNSET = object()


def _game(value: str) -> Game:
    try:
        return Game(value)
    except ValueError:
        raise RuleSetError(f"game must be one of {', '.join(Game)}") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return str(value) if isinstance(value, StrEnum) else value


OPTION_NAMES = tuple(
    f.name
    for f in dataclasses.fields(RuleSet)
    if f.name not in ("name", "version", "description", "overrides", "model")
)
SCORING_OPTIONS = (
    "bidding",
    "kitty_hidden",
    "multiplier_cap",
    "spring_per_farmer",
    "no_anti_spring",
    "all_pass",
    "show_cards",
    "doubling",
    "base_stake",
    "hard_bombs_x4",
    *HAND_FLOW_GAMES,
)
"""The options of the auction, the hand's flow and the score, which change no play."""
PLAY_OPTIONS = tuple(n for n in OPTION_NAMES if n not in SCORING_OPTIONS)
"""The options that decide which plays exist and how they compare (the rest are about bidding
and scoring); rule sets equal in these share their ``GameModel``."""

BOOLEAN_OPTIONS = tuple(f.name for f in dataclasses.fields(RuleSet) if f.type in ("bool", bool))


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
        "The rules of Botzone's FTL2 judge (lpaladin/tsFightTheLandlord, judge_FTL2.py). It "
        "departs from standard: both jokers may be kickers (rocket_as_kickers: two different "
        "ranks among wings); the space shuttle with one single or one pair per four "
        "(space_shuttle, shuttle_one_kicker); when all three pass, seat 0 (the first bidder) "
        "is landlord at stake 1, no redeal (all_pass=first_bidder). Bids 1..3, each higher, "
        "a 3 ends. Violations also carry the judge's error names (INVALID_BID, LESS_COMPARE, "
        "...). Not reproduced: the judge's code makes seat 0 landlord after three bids "
        "without a 3 whoever bid highest; here the highest bidder is."
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
