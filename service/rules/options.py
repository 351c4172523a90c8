"""The named values of rule options (docs/rules.md §6, 13 and 14), and the wild ranks' reading.

>>> WildMode("tiandi").ranks, wild_ranks(["7", "10"], WildMode.TIANDI)
(2, ('7', 'T'))
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from .cards import RANK_CHARS, parse_rank
from .model import Game


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
        """How many wild ranks the mode draws."""
        return {"none": 0, "laizi": 1, "tiandi": 2}[self.value]


#: The options of the three-player game's kickers and four-with kinds; other games have none.
THREE_PLAYER_OPTIONS = (
    "four_with_two",
    "kicker_ranks_repeat",
    "rocket_as_kickers",
    "bomb_in_kickers",
    "adjacent_trio_kickers",
    "four_with_single",
    "four_with_pair",
    "space_shuttle",
    "shuttle_one_kicker",
    "no_airplane_singles",
    "no_airplane_pairs",
)


#: The options that only a wildcard game takes.
WILD_OPTIONS = ("wild", "soft_hard_by_rank", "hard_bombs_x4")


#: Options added after the first release, with their defaults (see ``RuleSet.fingerprint``).
LATER: dict[str, Any] = {
    "game": Game.THREE_PLAYER,
    "joker_pairs": False,
    "shuttle_one_kicker": False,
    "no_airplane_singles": False,
    "no_airplane_pairs": False,
    "four_five_bombs_one_class": False,
    "spring_per_farmer": False,
    "no_anti_spring": False,
    "two_pass_tricks": False,
    "free_first_bidder": False,
    "face_up_bids_first": False,
    "all_pass": AllPass.REDEAL,
    "show_cards": False,
    "doubling": Doubling.NONE,
    "base_stake": 1,
    "wilds": WildMode.NONE,
    "wild": (),
    "soft_hard_by_rank": False,
    "hard_bombs_x4": False,
}
#: The options of the hand's flow, each with the one game it applies to.
HAND_FLOW_GAMES = {
    "two_pass_tricks": Game.FOUR_PLAYER,
    "free_first_bidder": Game.BIG_THREE,
    "face_up_bids_first": Game.THREE_PLAYER,
}
#: The other options of one game: the four-player bombs' class, the short rules' spring.
ONE_GAME_OPTIONS = {
    "four_five_bombs_one_class": Game.FOUR_PLAYER,
    "spring_per_farmer": Game.THREE_PLAYER,
}


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
