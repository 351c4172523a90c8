"""The factors that multiply a hand's stake (docs/rules.md §7, 13 and 14), as data.

A rule set carries its ``Multipliers`` (``RuleSet.scoring``, the preset's table); an option
that changes a factor says so in its declaration (``Option.multipliers``: ``hard_bombs_x4``
sets the hard and pure bombs' factor to 4), and ``RuleSet.multipliers`` is the table with the
options applied. ``service.rules.scoring`` and the online table's auction read every factor
from it: no factor is written in their code.

>>> STANDARD_MULTIPLIERS.bomb_factor("hard"), STANDARD_MULTIPLIERS.show_factor("before_deal")
(2, 5)
>>> STANDARD_MULTIPLIERS.seat_factors(super_double=True)
(1, 2, 4)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True, slots=True)
class Multipliers:
    """Every factor of a hand's multiplier, and of a seat's own settlement."""

    bomb: int = 2
    """A bomb played (a soft bomb, in the wildcard games)."""
    hard_bomb: int = 2
    """A wildcard game's hard bomb (no card wild, 硬炸), docs/rules.md §14."""
    pure_bomb: int = 2
    """A wildcard game's pure bomb (every card wild, 纯癞子炸弹), §14."""
    rocket: int = 2
    """The rocket played (the four- and six-player games' nuke counts as the rocket)."""
    spring: int = 2
    """The landlord won and no farmer played a card (春天), §7."""
    anti_spring: int = 2
    """The farmers won and the landlord made only the opening lead (反春), §7."""
    doubling: int = 2
    """A doubling step a client reports, §7."""
    rob: int = 2
    """A rob of the landlord (抢地主), §13."""
    show: tuple[tuple[str, int], ...] = (
        ("before_deal", 5),
        ("early_deal", 4),
        ("late_deal", 3),
        ("after_kitty", 2),
    )
    """A show (明牌) by its stage, §13: the hand's highest applies."""
    seat_double: int = 2
    """A seat's doubling (加倍) on its own settlement, §13."""
    seat_super_double: int = 4
    """A seat's super doubling (超级加倍), under ``doubling=super``, §13."""

    def bomb_factor(self, grade: str = "") -> int:
        """A bomb's factor by its class in a wildcard game (``soft``, ``hard``, ``pure``; no
        class: any other bomb).

        >>> Multipliers(hard_bomb=4).bomb_factor("hard"), Multipliers(hard_bomb=4).bomb_factor()
        (4, 2)
        """
        if grade == "hard":
            return self.hard_bomb
        if grade == "pure":
            return self.pure_bomb
        return self.bomb

    def show_factor(self, stage: str) -> int:
        """A show's factor at its stage.

        >>> STANDARD_MULTIPLIERS.show_factor("after_kitty")
        2
        """
        return dict(self.show)[stage]

    def show_factors(self) -> tuple[int, ...]:
        """Every show factor a hand may have, from 1 (nobody showed) up.

        >>> STANDARD_MULTIPLIERS.show_factors()
        (1, 2, 3, 4, 5)
        """
        return tuple(sorted({1, *(factor for _, factor in self.show)}))

    def seat_factors(self, *, super_double: bool) -> tuple[int, ...]:
        """A seat's possible doubling factors: 1 (none), the doubling, and the super doubling
        when the rule set has it.

        >>> STANDARD_MULTIPLIERS.seat_factors(super_double=False)
        (1, 2)
        """
        extra = (self.seat_super_double,) if super_double else ()
        return (1, self.seat_double, *extra)


#: The factors of the rule texts and the online table: every step x2, shows x5 to x2.
STANDARD_MULTIPLIERS = Multipliers()
