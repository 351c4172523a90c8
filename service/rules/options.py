"""What a rule option is: its declaration (``Option``), and the named values options take.

Each rule option is declared once, as a field of ``service.rules.ruleset.RuleSet`` made by
``option()``: its type and default are the field's, and the ``Option`` it carries says the
rest: the part of the game it shapes (``Role``), the games it belongs to, its range or values,
the option it needs, the kicker rule or multipliers it sets, and a one-line description. The
rule set's checks, its kicker rules, the API's schema of rule-set options, the rule-set
listing and the documentation's table of options are derived from these declarations
(docs/maintaining.md says how to add one).

>>> Role.KICKERS.shapes_plays, Role.SCORING.shapes_plays
(True, False)
>>> WildMode("tiandi").ranks, wild_ranks(["7", "10"], WildMode.TIANDI)
(2, ('7', 'T'))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import RANK_CHARS, parse_rank
from .model import Game


class Role(StrEnum):
    """The part of the game a rule option shapes."""

    GAME = "game"
    """Which game is played: its deck, seats, forms and table."""
    PLAYS = "plays"
    """Adds or drops forms of combination: the forms name it (``Form.needs`` / ``unless``)."""
    KICKERS = "kickers"
    """A kicker rule (a field of ``KickerRules``, named by ``Option.kicker``)."""
    WILDS = "wilds"
    """Wild cards: which ranks are wild and how wild bombs compare (docs/rules.md §14)."""
    FLOW = "flow"
    """The hand's flow: the auction, the kitty, the tricks."""
    SCORING = "scoring"
    """The score: multipliers, their cap, the spring, the stake."""

    @property
    def shapes_plays(self) -> bool:
        """Whether options of this role decide which plays exist and how they compare (rule
        sets equal in those share one ``GameModel``).

        >>> [role.value for role in Role if role.shapes_plays]
        ['game', 'plays', 'kickers', 'wilds']
        """
        return self in (Role.GAME, Role.PLAYS, Role.KICKERS, Role.WILDS)


@dataclass(frozen=True, slots=True)
class Need:
    """Another option that must take some values for an option to be set (off otherwise).

    ``values`` empty: the other option must be on (true, or not its default).

    >>> Need("bidding", ("call_rob",))
    Need(option='bidding', values=('call_rob',))
    """

    option: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Option:
    """What the service needs to know about one rule option, besides its type and default.

    >>> Option(role=Role.SCORING, doc="the room's base stake", values=range(1, 5)).limits
    (1, 4)
    """

    role: Role
    doc: str
    """One line: what the option does when set."""
    default: Any = False
    """Its value in ``standard`` (the field's default)."""
    games: frozenset[Game] | None = None
    """The games that take it; in the others it must stay off (None: every game)."""
    why: str = ""
    """Why only those games, when it is not plain (said in the refusal)."""
    values: range | type[StrEnum] | None = None
    """An integer's range, or the enum of a named value; None for a boolean (or wild ranks)."""
    nullable: bool = False
    """Null is a value too (no cap)."""
    hint: str = ""
    """Said after a refused value."""
    needs: Need | None = None
    """Another option this one needs."""
    kicker: str | None = None
    """The ``KickerRules`` field this option sets."""
    multipliers: tuple[tuple[str, int], ...] = ()
    """The ``Multipliers`` this option sets when on (the preset's otherwise)."""
    later: bool = False
    """Added after the first release: left out of fingerprints while it has its default, so
    the versions named before it existed keep their names (``RuleSet.fingerprint``)."""

    @property
    def off(self) -> object:
        """The value it keeps in a game that does not take it (``off_value``).

        >>> Option(role=Role.PLAYS, doc="four with two", default=True).off
        False
        """
        return off_value(self.default)

    @property
    def limits(self) -> tuple[int, int] | None:
        """An integer option's lowest and highest value.

        >>> Option(role=Role.SCORING, doc="a cap", values=range(1, 9)).limits
        (1, 8)
        """
        if isinstance(self.values, range):
            return self.values.start, self.values.stop - 1
        return None


def option(default: Any, **spec: Any) -> Any:
    """A ``RuleSet`` field declaring a rule option: its default and its ``Option``.

    >>> field = option(False, role=Role.PLAYS, doc="the space shuttle kinds")
    >>> field.default, field.metadata["option"].role
    (False, <Role.PLAYS: 'plays'>)
    """
    return dataclasses.field(default=default, metadata={"option": Option(default=default, **spec)})


def off_value(default: object) -> object:
    """The value an option keeps in a game that does not take it: false for a boolean, its
    default otherwise.

    >>> off_value(True), off_value(3), off_value(None)
    (False, 3, None)
    """
    return False if isinstance(default, bool) else default


def shown(value: object) -> str:
    """An option's value as the API and the refusals write it.

    >>> shown(None), shown(False), shown(BiddingMode.CALL_ROB), shown(("7",))
    ('null', 'false', 'call_rob', '["7"]')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return "[" + ", ".join(f'"{v}"' for v in value) + "]"
    return str(value)


class BiddingMode(StrEnum):
    """How the auction runs (docs/rules.md §6)."""

    SINGLE_ROUND = "single_round"
    """Each player, from the first bidder, speaks once."""
    UNTIL_TWO_PASSES = "until_two_passes"
    """Bidding goes round until the last bid is followed by two passes."""
    CALL_ROB = "call_rob"
    """The online table (section 13): each seat calls or declines until one calls; the others
    may rob once each, and the caller rob back; every rob doubles."""


class AllPass(StrEnum):
    """What happens when nobody bids (sections 6 and 13)."""

    REDEAL = "redeal"
    """The hand is thrown in and dealt again, with no score."""
    FIRST_BIDDER = "first_bidder"
    """The first bidder is landlord at stake 1 (the Botzone judge: seat 0, which bids first)."""


class Doubling(StrEnum):
    """Whether each seat may double after the kitty (section 13, 加倍)."""

    NONE = "none"
    """No seat doubles."""
    DOUBLE = "double"
    """Each seat doubles (x2) or not, once."""
    SUPER = "super"
    """Each seat doubles (x2), super doubles (x4) or not, once."""


class WildMode(StrEnum):
    """Whether some ranks are wild (docs/rules.md §14)."""

    NONE = "none"
    """No wild cards."""
    LAIZI = "laizi"
    """癞子: one wild rank, drawn after the deal."""
    TIANDI = "tiandi"
    """天地癞子: two wild ranks, the first drawn after the deal, the second after the kitty;
    bombs of five to eight cards."""

    @property
    def ranks(self) -> int:
        """How many wild ranks the mode draws.

        >>> WildMode.LAIZI.ranks
        1
        """
        return {"none": 0, "laizi": 1, "tiandi": 2}[self.value]


def wild_ranks(value: object, mode: WildMode) -> tuple[str, ...]:
    """The wild ranks as canonical characters: a rank or a list of ranks, as many as the
    mode draws, different, none a joker; ``ValueError`` naming what is wrong.

    >>> wild_ranks("10", WildMode.LAIZI)
    ('T',)
    >>> wild_ranks(["7", "7"], WildMode.TIANDI)
    Traceback (most recent call last):
    ...
    ValueError: wild must be two different ranks from 3 to 2 (tiandi), not ['7', '7']
    """
    items = [value] if isinstance(value, str) else value
    wanted = mode.ranks
    some = "one rank" if wanted == 1 else "two different ranks"
    what = f"wild must be {some} from 3 to 2 ({mode})"
    if wanted == 0:
        what = f"wild needs wilds laizi or tiandi, not {mode}"
    shown = list(value) if isinstance(value, tuple) else value
    if not isinstance(items, Sequence) or isinstance(items, bytes) or len(items) > 4:
        raise ValueError(f"{what}, not {shown!r}"[:200])
    try:
        ranks = tuple(RANK_CHARS[parse_rank(item)] for item in items)
    except (ValueError, TypeError, KeyError):
        raise ValueError(f"{what}, not {shown!r}"[:200]) from None
    if len(ranks) != wanted or len(set(ranks)) != wanted or any(r in "BR" for r in ranks):
        raise ValueError(f"{what}, not {shown!r}"[:200])
    return ranks
