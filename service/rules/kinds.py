"""The kinds of combination of every game (docs/rules.md §2, 8, 9 and 10): the wire vocabulary.

How each kind is built in a game is its ``Form`` (``service.rules.model``).

>>> Kind.TRIO_PAIR.name_zh, Kind.TRIO_PAIR.display_name
('三带二', 'Trio with pair')
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """A kind of combination; the value is the wire name of docs/rules.md §2."""

    __hash__ = str.__hash__  # hashed as its value, which it equals, in C (``Enum``'s is Python)

    SINGLE = "single"
    """One card (单牌)."""
    PAIR = "pair"
    """Two cards of a rank (对子); jokers do not pair."""
    TRIO = "trio"
    """Three cards of a rank (三张)."""
    TRIO_SINGLE = "trio_single"
    """A trio and one card of another rank (三带一)."""
    TRIO_PAIR = "trio_pair"
    """A trio and a pair of another rank (三带二)."""
    CHAIN = "chain"
    """Five or more consecutive singles, 3 to A (顺子)."""
    PAIR_CHAIN = "pair_chain"
    """Three or more consecutive pairs (连对)."""
    AIRPLANE = "airplane"
    """Two or more consecutive trios (飞机)."""
    AIRPLANE_SINGLES = "airplane_singles"
    """Consecutive trios, each with a single kicker (飞机带小翼)."""
    AIRPLANE_PAIRS = "airplane_pairs"
    """Consecutive trios, each with a pair kicker (飞机带大翼)."""
    FOUR_TWO_SINGLES = "four_two_singles"
    """Four of a rank with two single kickers (四带二); not a bomb."""
    FOUR_TWO_PAIRS = "four_two_pairs"
    """Four of a rank with two pair kickers (四带两对); not a bomb."""
    FOUR_SINGLE = "four_single"
    """Four of a rank with one single kicker (四带一); only under ``four_with_single``."""
    FOUR_PAIR = "four_pair"
    """Four of a rank with one pair kicker (四带一对); only under ``four_with_pair``."""
    SPACE_SHUTTLE = "space_shuttle"
    """Two or more consecutive fours (航天飞机); only under ``space_shuttle``."""
    SPACE_SHUTTLE_SINGLES = "space_shuttle_singles"
    """Consecutive fours, each with two single kickers (one under ``shuttle_one_kicker``); only
    under ``space_shuttle``."""
    SPACE_SHUTTLE_PAIRS = "space_shuttle_pairs"
    """Consecutive fours, each with two pair kickers (one under ``shuttle_one_kicker``); only
    under ``space_shuttle``."""
    BOMB = "bomb"
    """Four of a rank (炸弹; four or five in the four-player game, four to twelve in the
    six-player game): beats every kind but higher bombs and the top play."""
    ROCKET = "rocket"
    """Both jokers (王炸): beats everything."""
    QUAD = "quad"
    """Four of a rank as an ordinary play (四张; Big Three, which has no bombs)."""
    RUN = "run"
    """Three or more consecutive singles within 4..K (Big Three)."""
    PAIR_RUN = "pair_run"
    """Three or more consecutive pairs within 4..K (Big Three)."""
    TRIO_RUN = "trio_run"
    """Three or more consecutive trios within 4..K (Big Three)."""
    QUAD_RUN = "quad_run"
    """Three or more consecutive fours within 4..K (Big Three)."""
    SIX_ROCKET = "six_rocket"
    """Six of a rank, the four-player game's "rocket" (六炸): a bomb above five of a kind."""
    MISSILE = "missile"
    """Seven of a rank (七炸, four-player game): a bomb above six of a kind."""
    SKY_EXPLOSION = "sky_explosion"
    """Eight of a rank (八炸, four-player game): a bomb above seven of a kind."""
    NUKE = "nuke"
    """All the jokers of a multi-deck game (天王炸: four in the four-player game, six in the
    six-player game): beats everything."""

    @property
    def display_name(self) -> str:
        """The English display name."""
        return _NAMES[self][0]

    @property
    def name_zh(self) -> str:
        """The Chinese display name."""
        return _NAMES[self][1]


_NAMES: dict[Kind, tuple[str, str]] = {
    Kind.SINGLE: ("Single", "单牌"),
    Kind.PAIR: ("Pair", "对子"),
    Kind.TRIO: ("Trio", "三张"),
    Kind.TRIO_SINGLE: ("Trio with single", "三带一"),
    Kind.TRIO_PAIR: ("Trio with pair", "三带二"),
    Kind.CHAIN: ("Chain", "顺子"),
    Kind.PAIR_CHAIN: ("Pair chain", "连对"),
    Kind.AIRPLANE: ("Airplane", "飞机"),
    Kind.AIRPLANE_SINGLES: ("Airplane with singles", "飞机带小翼"),
    Kind.AIRPLANE_PAIRS: ("Airplane with pairs", "飞机带大翼"),
    Kind.FOUR_TWO_SINGLES: ("Four with two singles", "四带二"),
    Kind.FOUR_TWO_PAIRS: ("Four with two pairs", "四带两对"),
    Kind.FOUR_SINGLE: ("Four with single", "四带一"),
    Kind.FOUR_PAIR: ("Four with pair", "四带一对"),
    Kind.SPACE_SHUTTLE: ("Space shuttle", "航天飞机"),
    Kind.SPACE_SHUTTLE_SINGLES: ("Space shuttle with singles", "航天飞机带小翼"),
    Kind.SPACE_SHUTTLE_PAIRS: ("Space shuttle with pairs", "航天飞机带大翼"),
    Kind.BOMB: ("Bomb", "炸弹"),
    Kind.ROCKET: ("Rocket", "王炸"),
    Kind.QUAD: ("Quad", "四张"),
    Kind.RUN: ("Run", "顺子"),
    Kind.PAIR_RUN: ("Run of pairs", "连对"),
    Kind.TRIO_RUN: ("Run of trios", "三连"),
    Kind.QUAD_RUN: ("Run of quads", "四连"),
    Kind.SIX_ROCKET: ("Rocket (six of a kind)", "六炸"),
    Kind.MISSILE: ("Missile", "七炸"),
    Kind.SKY_EXPLOSION: ("Sky explosion", "八炸"),
    Kind.NUKE: ("Nuke", "天王炸"),
}

#: The order kinds are listed in (legal moves, readings of equal preference).
KIND_ORDER: dict[Kind, int] = {kind: index for index, kind in enumerate(Kind)}
