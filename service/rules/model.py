"""The game model: every game the service referees, written as frozen data.

A game is its ``Table`` (seats, deal, decks, how the auction and scoring go), the order of its
ranks, its ``Form``s (each kind of combination: cards of each primal rank, chain limits,
kickers, and its ``Tier`` on the bomb ladder) and its ``KickerRules``. The three games follow,
each on one screen: the forms of the three-player game (docs/rules.md §2 and 8), of the four-player
game (9) and of Big Three (10). A rule option of ``RuleSet`` that adds or removes a form is
named by the form (``needs`` / ``unless``); ``GameModel.build`` picks the forms an option set
keeps. The engines read nothing else: ``service.rules.engine`` (the reference: classification
and moves straight from the forms) and ``service.rules.fast`` (tables derived from them).

>>> game = GameModel.build(Game.THREE_PLAYER, {"four_with_two": False})
>>> [form.kind.value for form in game.forms][-4:]
['airplane_singles', 'airplane_pairs', 'bomb', 'rocket']
>>> game.form(Kind.AIRPLANE_SINGLES)  # doctest: +NORMALIZE_WHITESPACE
Form(kind=<Kind.AIRPLANE_SINGLES: 'airplane_singles'>, width=3, min_len=2, max_len=5,
     low=0, high=11, kickers=1, kicker_width=1, tier=<Tier.PLAY: 0>, rung=0, needs=None,
     unless='no_airplane_singles')
>>> game.power(int(Rank.TWO)), GameModel.build(Game.BIG_THREE, {}).power(int(Rank.THREE))
(12, 12)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from enum import IntEnum, StrEnum
from typing import Any, Final

from .cards import NUM_RANKS, RANK_CHARS, Rank
from .kinds import Kind

ACE: Final = int(Rank.ACE)
TWO: Final = int(Rank.TWO)
BLACK: Final = int(Rank.BLACK_JOKER)
RED: Final = int(Rank.RED_JOKER)
FOUR: Final = int(Rank.FOUR)
KING: Final = int(Rank.KING)


class Game(StrEnum):
    """Which game a rule set plays: its deck, seats, deal and kinds (docs/rules.md §1, 9 and 10)."""

    THREE_PLAYER = "three_player"
    """Dou Dizhu: one deck of 54, three seats of 17 and a kitty of 3 (sections 1 to 8)."""
    FOUR_PLAYER = "four_player"
    """Four-player Dou Dizhu: two decks of 108, four seats of 25 and a kitty of 8 (section 9)."""
    BIG_THREE = "big_three"
    """Big Three (大三): 52 cards, no jokers, 3 the highest rank, three seats of 16 and a kitty
    of 4 (section 10)."""
    SIX_PLAYER = "six_player"
    """Six-player Dou Dizhu: three packs of 162, six seats of 26 and a kitty of 6, a landlord
    named by the face-up card and a secret partner (section 12)."""


class Tier(IntEnum):
    """A form's step on the bomb ladder (docs/rules.md §3 and 9): what it beats besides its
    own kind."""

    PLAY = 0
    """Beaten by a higher play of the same kind and size, by any bomb, by the top play."""
    BOMB = 1
    """Beats every ordinary play; among bombs more cards win, then the higher rank."""
    TOP = 2
    """Beats everything, and nothing beats it (the rocket, the four-player nuke)."""

    __hash__ = int.__hash__  # hashed as its value, which it equals, in C (``Enum``'s is Python)


@dataclass(frozen=True, kw_only=True, slots=True)
class Table:
    """What a game deals and how its turns go: the facts a rule set does not choose."""

    seats: int
    """Players, seats 0 to ``seats - 1``; after seat i comes seat (i + 1) % seats."""
    hand: int
    """Cards dealt to each seat."""
    kitty: int
    """Cards left for the landlord (the high bidder)."""
    copies: int
    """Decks: how many of each suited card; ``4 * copies`` cards of a rank."""
    jokers: int
    """Jokers of each colour in the deck (0: no jokers)."""
    first_bid_required: bool = False
    """The first bidder may not pass (Big Three), so there is never a redeal."""
    first_bidder_leads: bool = False
    """The first bidder leads the first trick, not the landlord (Big Three)."""
    multipliers: bool = True
    """Bombs, rockets, spring and doublings multiply the stake (not in Big Three)."""
    max_bid: int = 3
    """The highest bid; bids are 1 to ``max_bid``."""
    bidding: bool = True
    """Seats bid for the landlord; without bidding the face-up card names it and the stake is
    1 (six-player game)."""
    partner: bool = False
    """The landlord announces an identical pair, and the holder of the third copy of that card
    is a second landlord (six-player game)."""

    @property
    def landlord_hand(self) -> int:
        """How many cards the landlord holds after taking the kitty."""
        return self.hand + self.kitty

    def holds(self, rank: int) -> int:
        """How many cards of a rank the whole deck holds: ``4 * copies`` of 3 to 2,
        ``jokers`` of each joker.

        >>> four_player = Table(seats=4, hand=25, kitty=8, copies=2, jokers=2)
        >>> four_player.holds(TWO), four_player.holds(RED)
        (8, 2)
        """
        return 4 * self.copies if rank <= TWO else self.jokers

    @property
    def full_deck(self) -> tuple[int, ...]:
        """The whole deck as rank counts (``3`` to ``2``, then the two jokers: ``holds``)."""
        return tuple([self.holds(r) for r in range(NUM_RANKS)])


@dataclass(frozen=True, slots=True, eq=False)
class Form:
    """How one kind (or one size of bomb) is built: ``width`` cards of each primal rank, a run
    of ``min_len`` to ``max_len`` consecutive primal ranks within ``low..high`` (one rank for
    a form that is not a chain), and per primal rank ``kickers`` attachments of
    ``kicker_width`` cards (1: single cards, 2: pairs), which ``KickerRules`` govern.

    ``needs`` / ``unless`` name the rule option that keeps the form in a game, or drops it.
    A top play of jokers is the run of the two joker ranks (``low`` the black joker, ``high``
    the red), ``width`` of each: the rocket one of each, the nuke all of them.

    A form is a constant of its game (the tuples below, which ``GameModel.build`` picks
    from), so it is compared and hashed as the object it is: the engines key their tables by
    forms, and a hash of its twelve fields cost 0.3 µs, about a hundred times in a new option
    set's first calls.
    """

    kind: Kind
    width: int
    min_len: int = 1
    max_len: int = 1
    _: KW_ONLY
    low: int = 0
    high: int = TWO
    kickers: int = 0
    kicker_width: int = 0
    tier: Tier = Tier.PLAY
    rung: int = 0
    """A bomb's class on the ladder (0: its width): bombs compare by class, then rank, then
    size; the four-player game's bombs of 4 and 5 share one under an option."""
    needs: str | None = None
    unless: str | None = None

    @property
    def ladder(self) -> int:
        """A bomb's class on the ladder: ``rung``, or its width.

        >>> five = Form(Kind.BOMB, 5, tier=Tier.BOMB)
        >>> five.ladder, dataclasses.replace(five, rung=4).ladder
        (5, 4)
        """
        return self.rung or self.width

    @property
    def chain(self) -> bool:
        """Whether the primal ranks are a run of several ranks (a chain)."""
        return self.max_len > 1

    def size(self, length: int) -> int:
        """How many cards a combination of this form holds at a chain length.

        >>> Form(Kind.AIRPLANE_PAIRS, 3, 2, 4, high=ACE, kickers=1, kicker_width=2).size(3)
        15
        """
        return length * (self.width + self.kickers * self.kicker_width)

    def lengths(self) -> range:
        """The chain lengths of this form.

        >>> list(Form(Kind.CHAIN, 1, 5, 12, high=ACE).lengths())[:2]
        [5, 6]
        """
        return range(self.min_len, self.max_len + 1)

    def kept(self, options: Mapping[str, Any]) -> bool:
        """Whether a game with these rule options has this form.

        >>> Form(Kind.FOUR_SINGLE, 4, kickers=1, kicker_width=1, needs="four_with_single").kept({})
        False
        """
        return (self.needs is None or options.get(self.needs) is True) and (
            self.unless is None or options.get(self.unless) is not True
        )


#: docs/rules.md §2 (the standard kinds) and 8 (the optional ones): the three-player game's forms.
THREE_PLAYER_FORMS: Final = (
    Form(Kind.SINGLE, 1, high=RED),
    Form(Kind.PAIR, 2),
    Form(Kind.TRIO, 3),
    Form(Kind.TRIO_SINGLE, 3, kickers=1, kicker_width=1),
    Form(Kind.TRIO_PAIR, 3, kickers=1, kicker_width=2),
    Form(Kind.CHAIN, 1, 5, 12, high=ACE),
    Form(Kind.PAIR_CHAIN, 2, 3, 10, high=ACE),
    Form(Kind.AIRPLANE, 3, 2, 6, high=ACE),
    Form(
        Kind.AIRPLANE_SINGLES,
        3,
        2,
        5,
        high=ACE,
        kickers=1,
        kicker_width=1,
        unless="no_airplane_singles",
    ),
    Form(
        Kind.AIRPLANE_PAIRS,
        3,
        2,
        4,
        high=ACE,
        kickers=1,
        kicker_width=2,
        unless="no_airplane_pairs",
    ),
    Form(Kind.FOUR_TWO_SINGLES, 4, kickers=2, kicker_width=1, needs="four_with_two"),
    Form(Kind.FOUR_TWO_PAIRS, 4, kickers=2, kicker_width=2, needs="four_with_two"),
    Form(Kind.FOUR_SINGLE, 4, kickers=1, kicker_width=1, needs="four_with_single"),
    Form(Kind.FOUR_PAIR, 4, kickers=1, kicker_width=2, needs="four_with_pair"),
    Form(Kind.SPACE_SHUTTLE, 4, 2, 5, high=ACE, needs="space_shuttle"),
    Form(
        Kind.SPACE_SHUTTLE_SINGLES,
        4,
        2,
        3,
        high=ACE,
        kickers=2,
        kicker_width=1,
        needs="space_shuttle",
        unless="shuttle_one_kicker",
    ),
    Form(
        Kind.SPACE_SHUTTLE_PAIRS,
        4,
        2,
        2,
        high=ACE,
        kickers=2,
        kicker_width=2,
        needs="space_shuttle",
        unless="shuttle_one_kicker",
    ),
    Form(
        Kind.SPACE_SHUTTLE_SINGLES,
        4,
        2,
        4,
        high=ACE,
        kickers=1,
        kicker_width=1,
        needs="shuttle_one_kicker",
    ),
    Form(
        Kind.SPACE_SHUTTLE_PAIRS,
        4,
        2,
        3,
        high=ACE,
        kickers=1,
        kicker_width=2,
        needs="shuttle_one_kicker",
    ),
    Form(Kind.BOMB, 4, tier=Tier.BOMB),
    Form(Kind.ROCKET, 1, 2, 2, low=BLACK, high=RED, tier=Tier.TOP),
)

#: docs/rules.md §14: 天地癞子's bombs of five to eight cards of a rank (wilds make the fifth on),
#: added to the three-player forms under ``wilds=tiandi``.
LONG_WILD_BOMBS: Final = tuple(
    Form(Kind.BOMB, width, tier=Tier.BOMB, needs="long_bombs") for width in range(5, 9)
)

#: docs/rules.md §9: no single kickers, no four-with-kickers; bombs of 4 to 8 of a kind, the nuke
#: (all four jokers) on top; chains up to the landlord's 33 cards. Where the source is silent,
#: two jokers of a colour pair under ``joker_pairs``.
FOUR_PLAYER_FORMS: Final = (
    Form(Kind.SINGLE, 1, high=RED),
    Form(Kind.PAIR, 2, unless="joker_pairs"),
    Form(Kind.PAIR, 2, high=RED, needs="joker_pairs"),
    Form(Kind.TRIO, 3),
    Form(Kind.TRIO_PAIR, 3, kickers=1, kicker_width=2),
    Form(Kind.CHAIN, 1, 5, 12, high=ACE),
    Form(Kind.PAIR_CHAIN, 2, 3, 12, high=ACE),
    Form(Kind.AIRPLANE, 3, 2, 11, high=ACE),
    Form(Kind.AIRPLANE_PAIRS, 3, 2, 6, high=ACE, kickers=1, kicker_width=2),
    Form(Kind.BOMB, 4, tier=Tier.BOMB),
    Form(Kind.BOMB, 5, tier=Tier.BOMB, unless="four_five_bombs_one_class"),
    Form(Kind.BOMB, 5, tier=Tier.BOMB, rung=4, needs="four_five_bombs_one_class"),
    Form(Kind.SIX_ROCKET, 6, tier=Tier.BOMB),
    Form(Kind.MISSILE, 7, tier=Tier.BOMB),
    Form(Kind.SKY_EXPLOSION, 8, tier=Tier.BOMB),
    Form(Kind.NUKE, 2, 2, 2, low=BLACK, high=RED, tier=Tier.TOP),
)

#: docs/rules.md §12: the three-player kinds and kicker rules, chains limited only by the ranks 3..A
#: and the landlord's 32 cards; bombs of 4 to 12 of a rank (a larger beats a smaller), all six
#: jokers on top, no rocket; jokers pair in one colour (``BB``, ``RR``) under ``joker_pairs``.
SIX_PLAYER_FORMS: Final = (
    Form(Kind.SINGLE, 1, high=RED),
    Form(Kind.PAIR, 2, unless="joker_pairs"),
    Form(Kind.PAIR, 2, high=RED, needs="joker_pairs"),
    Form(Kind.TRIO, 3),
    Form(Kind.TRIO_SINGLE, 3, kickers=1, kicker_width=1),
    Form(Kind.TRIO_PAIR, 3, kickers=1, kicker_width=2),
    Form(Kind.CHAIN, 1, 5, 12, high=ACE),
    Form(Kind.PAIR_CHAIN, 2, 3, 12, high=ACE),
    Form(Kind.AIRPLANE, 3, 2, 10, high=ACE),
    Form(Kind.AIRPLANE_SINGLES, 3, 2, 8, high=ACE, kickers=1, kicker_width=1),
    Form(Kind.AIRPLANE_PAIRS, 3, 2, 6, high=ACE, kickers=1, kicker_width=2),
    Form(Kind.FOUR_TWO_SINGLES, 4, kickers=2, kicker_width=1, needs="four_with_two"),
    Form(Kind.FOUR_TWO_PAIRS, 4, kickers=2, kicker_width=2, needs="four_with_two"),
    *(Form(Kind.BOMB, width, tier=Tier.BOMB) for width in range(4, 13)),
    Form(Kind.NUKE, 3, 2, 2, low=BLACK, high=RED, tier=Tier.TOP),
)

#: docs/rules.md §10: no kickers, no bombs; runs of 3 or more within 4..K (20 cards at most).
BIG_THREE_FORMS: Final = (
    Form(Kind.SINGLE, 1),
    Form(Kind.PAIR, 2),
    Form(Kind.TRIO, 3),
    Form(Kind.QUAD, 4),
    Form(Kind.RUN, 1, 3, 10, low=FOUR, high=KING),
    Form(Kind.PAIR_RUN, 2, 3, 10, low=FOUR, high=KING),
    Form(Kind.TRIO_RUN, 3, 3, 6, low=FOUR, high=KING),
    Form(Kind.QUAD_RUN, 4, 3, 5, low=FOUR, high=KING),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """One game's deck and turns, rank order and forms: what ``GameModel.build`` starts from."""

    table: Table
    forms: tuple[Form, ...]
    order: str = RANK_CHARS
    """The ranks from lowest to highest (``Rank`` characters); a rank not listed never leads
    a comparison (Big Three has no jokers)."""
    joker_pair_kickers: bool = False
    """Whether a black and a red joker pair may both be pair kickers of one combination: the
    four-player game's reading (two ranks); not in the six-player game (docs/rules.md §12,
    rule 4)."""


#: Every game: docs/rules.md §1-8 (three players), 9 (four players), 10 (Big Three).
GAMES: Final[dict[Game, Rules]] = {
    Game.THREE_PLAYER: Rules(
        Table(seats=3, hand=17, kitty=3, copies=1, jokers=1), THREE_PLAYER_FORMS
    ),
    Game.FOUR_PLAYER: Rules(
        Table(seats=4, hand=25, kitty=8, copies=2, jokers=2),
        FOUR_PLAYER_FORMS,
        joker_pair_kickers=True,
    ),
    Game.BIG_THREE: Rules(
        Table(
            seats=3,
            hand=16,
            kitty=4,
            copies=1,
            jokers=0,
            first_bid_required=True,
            first_bidder_leads=True,
            multipliers=False,
        ),
        BIG_THREE_FORMS,
        order="456789TJQKA23",
    ),
    Game.SIX_PLAYER: Rules(
        Table(
            seats=6, hand=26, kitty=6, copies=3, jokers=3, bidding=False, partner=True, max_bid=1
        ),
        SIX_PLAYER_FORMS,
    ),
}


@dataclass(frozen=True, kw_only=True, slots=True)
class KickerRules:
    """The kicker rules of docs/rules.md §2 and their options (section 8), read by
    ``service.rules.kickers``, the one place that judges kickers."""

    ranks_repeat: bool = False
    """Single kickers may share a rank (at most ``rank_max`` of it)."""
    rank_max: int = 3
    """How many single kickers may share a rank under ``ranks_repeat``."""
    rocket: bool = False
    """Both jokers may be single kickers of one combination."""
    bomb: bool = False
    """A rank held four times may be an airplane's single kickers (needs ``ranks_repeat``)."""
    adjacent_trios: bool = False
    """A kicker trio may sit next to an airplane's chain (needs ``ranks_repeat``)."""
    same_rank_pairs: bool = False
    """Four cards of a rank may be two pair kickers."""
    joker_pairs: bool = False
    """Two jokers of a colour are a pair, a pair kicker too (four- and six-player games)."""
    joker_pair_kickers: bool = False
    """Both joker pairs may be pair kickers of one combination (the game's ``Rules``)."""

    @property
    def repeat(self) -> int:
        """How many single kickers of one combination may share a rank."""
        if not self.ranks_repeat:
            return 1
        return 4 if self.bomb else self.rank_max


class Grade(IntEnum):
    """A bomb's class in the wildcard games (docs/rules.md §14), by how many of its cards are
    wild."""

    SOFT = 1
    """Some cards wild, some not (软炸)."""
    HARD = 2
    """No card wild (硬炸)."""
    PURE = 3
    """Every card wild (纯癞子炸弹)."""

    __hash__ = int.__hash__  # hashed as its value, which it equals, in C (``Enum``'s is Python)


@dataclass(frozen=True, slots=True)
class Wilds:
    """The wild ranks of a wildcard game (docs/rules.md §14) and how its bombs rank."""

    ranks: tuple[int, ...]
    """The wild ranks (``Rank`` values); empty until they are drawn."""
    by_rank: bool = False
    """``soft_hard_by_rank``: hard and soft bombs one class, compared by rank."""

    def rung(self, width: int, grade: Grade) -> int:
        """A wild bomb's class on the ladder: its length first (tiandi's long bombs), then its
        grade (soft and hard as one under ``by_rank``; ties then go to the hard bomb).

        >>> Wilds((4,)).rung(4, Grade.PURE) > Wilds((4,)).rung(5, Grade.SOFT)
        False
        >>> by_rank = Wilds((4,), by_rank=True)
        >>> by_rank.rung(4, Grade.SOFT) == by_rank.rung(4, Grade.HARD)
        True
        """
        step = Grade.HARD if self.by_rank and grade is Grade.SOFT else grade
        return 4 * width + step

    def none_in(self, counts: Sequence[int]) -> bool:
        """Whether cards with these rank counts hold no wild card, the wild ranks drawn (the
        cards are then read as the natural game reads them, each reading as the wild game
        reads it: ``combos.natural_play``). Undrawn, the wild engine refuses any cards.

        >>> Wilds((4,)).none_in((1, 1, 1, 1, 0) + (0,) * 10), Wilds(()).none_in((0,) * 15)
        (True, False)
        """
        return bool(self.ranks) and not any(counts[r] for r in self.ranks)


@dataclass(frozen=True, kw_only=True, eq=False)
class GameModel:
    """One game under one set of play options: everything that decides which plays exist and
    how they compare. ``build`` makes one object per game, forms and kicker rules, so the
    engines keep their tables by the object (compared by identity)."""

    game: Game
    table: Table
    order: str
    forms: tuple[Form, ...]
    kickers: KickerRules
    wilds: Wilds | None = None
    """The wild ranks, in a wildcard game (docs/rules.md §14)."""
    _natural: GameModel | None = dataclasses.field(default=None, repr=False)
    """The same game without wilds (``natural``), made with it; None where this is it. A
    field, not a cached property: the compiled core's classes keep no ``__dict__``."""

    def __post_init__(self) -> None:
        """Refuse forms that leave no listing order. Plays are listed by kind, power and
        size, then their cards' ranks (``Combination.order``), which orders two plays as
        their kickers do only where they hold the same primal cards: two forms of one kind
        that hold as many cards would not. No game or option set has them."""
        for kind in dict.fromkeys(form.kind for form in self.forms):
            sizes = [f.size(n) for f in self.forms if f.kind is kind for n in f.lengths()]
            if len(set(sizes)) != len(sizes):
                raise ValueError(f"two forms of {kind} hold as many cards: no listing order")

    @classmethod
    def build(
        cls, game: Game, options: Mapping[str, Any], kickers: KickerRules | None = None
    ) -> GameModel:
        """The model of ``game`` with the play ``options`` given (``RuleSet``'s names, its
        ``PLAY_OPTIONS``) and the kicker rules they set (``RuleSet`` derives them from the
        options' declarations): the game's forms that the options keep; one object per game,
        forms and kicker rules, so that options which change neither share it.

        >>> three = GameModel.build(Game.THREE_PLAYER, {"four_with_two": True})
        >>> three is GameModel.build(Game.THREE_PLAYER, {}), Kind.FOUR_TWO_PAIRS in three.kinds
        (False, True)
        >>> four = GameModel.build(Game.FOUR_PLAYER, {}, KickerRules(joker_pairs=True))
        >>> four.kickers.joker_pair_kickers
        True
        """
        rules = GAMES[game]
        mode = options.get("wilds", "none")
        kept = {**options, "long_bombs": mode == "tiandi"}
        forms = tuple(form for form in rules.forms + LONG_WILD_BOMBS if form.kept(kept))
        kickers = kickers or KickerRules()
        both = rules.joker_pair_kickers and kickers.joker_pairs
        if kickers.joker_pair_kickers is not both:
            kickers = dataclasses.replace(kickers, joker_pair_kickers=both)
        wilds = None
        if mode != "none":
            ranks = tuple(RANK_CHARS.index(r) for r in options.get("wild", ()))
            wilds = Wilds(ranks, by_rank=options.get("soft_hard_by_rank") is True)
        return cls._made(game, rules, forms, kickers, wilds)

    @classmethod
    def _made(
        cls,
        game: Game,
        rules: Rules,
        forms: tuple[Form, ...],
        kickers: KickerRules,
        wilds: Wilds | None,
    ) -> GameModel:
        """The one model of a game, forms, kicker rules and wild ranks, made on first use
        (with its model without wilds, ``natural``)."""
        key = (game, forms, kickers, wilds)
        model = _BUILT.get(key)
        if model is None:
            natural = None if wilds is None else cls._made(game, rules, forms, kickers, None)
            built = cls(
                game=game,
                table=rules.table,
                order=rules.order,
                forms=forms,
                kickers=kickers,
                wilds=wilds,
                _natural=natural,
            )
            model = _BUILT.setdefault(key, built)
        return model

    @property
    def natural(self) -> GameModel:
        """This game read without wilds: the forms that judge a substitution's cards. One
        object for every draw of the wild ranks, the one ``build`` makes of the same forms and
        kicker rules, so that the engines' tables of it are made once.

        >>> laizi = GameModel.build(Game.THREE_PLAYER, {"wilds": "laizi", "wild": ("7",)})
        >>> laizi.natural.wilds, laizi.natural.natural is laizi.natural
        (None, True)
        >>> laizi.natural is GameModel.build(Game.THREE_PLAYER, {})
        True
        """
        return self._natural or self

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The kinds of the game, in listing order.

        >>> [kind.value for kind in GameModel.build(Game.BIG_THREE, {}).kinds][:4]
        ['single', 'pair', 'trio', 'quad']
        """
        return tuple(dict.fromkeys(form.kind for form in self.forms))

    def form(self, kind: Kind) -> Form:
        """The form of a kind (the first, where a kind has several: the four-player bomb).

        >>> GameModel.build(Game.FOUR_PLAYER, {}).form(Kind.BOMB).width
        4
        """
        return next(form for form in self.forms if form.kind is kind)

    def power(self, rank: int) -> int:
        """A rank's place in the game's order (its index, but in Big Three 3 is above 2).

        >>> big_three = GameModel.build(Game.BIG_THREE, {})
        >>> [big_three.power(int(Rank[name])) for name in ("FOUR", "TWO", "THREE")]
        [0, 11, 12]
        """
        return self.order.find(RANK_CHARS[rank])


def form_options(game: Game) -> frozenset[str]:
    """The rule options that add or drop a form of a game.

    >>> sorted(form_options(Game.SIX_PLAYER))
    ['four_with_two', 'joker_pairs']
    """
    return frozenset(
        name for form in GAMES[game].forms for name in (form.needs, form.unless) if name
    )


_BUILT: Final[dict[tuple[Any, ...], GameModel]] = {}
"""Every model built, by game, forms and kicker rules: bounded, as those take few values (a
few hundred rule sets in all)."""

#: The kinds on each step of the bomb ladder, in every game.
BOMB_KINDS: Final = frozenset(
    f.kind for rules in GAMES.values() for f in rules.forms if f.tier is Tier.BOMB
)
TOP_KINDS: Final = frozenset(
    f.kind for rules in GAMES.values() for f in rules.forms if f.tier is Tier.TOP
)
