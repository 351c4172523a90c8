"""What a hand has seen (docs/rules.md §§5 and 7): every action in order, how many
combinations each seat has played, the bombs and rockets among them, and the seat that ran out
of cards; from these and the landlord's side follow the winner, the spring and the
anti-spring that the score counts. ``Hand`` records each action it applies in its ``Ledger``.

>>> from .combos import Combination
>>> ledger = Ledger()
>>> ledger.record(Action(kind=ActionKind.BID, seat=0, bid=3))
>>> ledger.record(Action(kind=ActionKind.PLAY, seat=0, combination=Combination.of("BR")))
>>> [str(a) for a in ledger.history], ledger.plays, ledger.bombs, ledger.rockets
(['seat 0 bids 3', 'seat 0 plays rocket BR (rank R)'], (1, 0, 0), 0, 1)
"""

from __future__ import annotations

from .events import Action, ActionKind
from .kinds import Kind
from .model import BOMB_KINDS, TOP_KINDS, Grade
from .ruleset import STANDARD, RuleSet
from .scoring import Side


class Ledger:
    """A hand's record: the actions, each seat's plays, and the seat that went out."""

    def __init__(self, rules: RuleSet = STANDARD) -> None:
        self.rules = rules
        self._history: list[Action] = []
        self._plays = [0] * rules.table.seats
        self._out: int | None = None

    def record(self, action: Action) -> None:
        """Add an action applied to the hand (a play counts to its seat's plays).

        >>> ledger = Ledger()
        >>> ledger.record(Action(kind=ActionKind.PASS, seat=2))
        >>> [str(a) for a in ledger.history], ledger.plays
        (['seat 2 passes'], (0, 0, 0))
        """
        assert self._out is None, "the hand is over"
        self._history.append(action)
        if action.kind is ActionKind.PLAY:
            self._plays[action.seat] += 1

    def close(self, seat: int) -> None:
        """The hand is over: ``seat`` has played its last card.

        >>> ledger = Ledger()
        >>> ledger.close(1)
        >>> ledger.winning_seat
        1
        """
        assert self._out is None, "the hand is over"
        self._out = seat

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, in order."""
        return tuple(self._history)

    @property
    def plays(self) -> tuple[int, ...]:
        """How many combinations each seat has played."""
        return tuple(self._plays)

    @property
    def winning_seat(self) -> int | None:
        """The seat that ran out of cards."""
        return self._out

    @property
    def bombs(self) -> int:
        """How many bombs have been played (of any size in the four-player game)."""
        return self._count(BOMB_KINDS)

    @property
    def rockets(self) -> int:
        """How many rockets (in the four-player game: nukes) have been played."""
        return self._count(TOP_KINDS)

    @property
    def bomb_classes(self) -> tuple[str, ...] | None:
        """Each bomb's class, in a wildcard game (docs/rules.md §14): soft, hard or pure."""
        if self.rules.model.wilds is None:
            return None
        return tuple(
            Grade(a.combination.grade).name.lower()
            for a in self._history
            if a.combination and a.combination.kind in BOMB_KINDS
        )

    def _count(self, kinds: frozenset[Kind]) -> int:
        return sum(1 for a in self._history if a.combination and a.combination.kind in kinds)

    def winner(self, landlords: tuple[int, ...]) -> Side | None:
        """Who won, the landlord's side being ``landlords`` (None: nobody yet; section 5).

        >>> ledger = Ledger()
        >>> ledger.close(2)
        >>> ledger.winner((0,)), ledger.winner((2,))
        (<Side.FARMERS: 'farmers'>, <Side.LANDLORD: 'landlord'>)
        """
        if self._out is None:
            return None
        return Side.LANDLORD if self._out in landlords else Side.FARMERS

    def spring(self, landlords: tuple[int, ...]) -> bool:
        """The landlord won and no farmer played a card (section 7; section 12: the landlord's
        side, the partner included, and no farmer); under ``spring_per_farmer``, some farmer
        played no card (the short rules).

        >>> from .combos import Combination
        >>> ledger = Ledger()
        >>> ledger.record(Action(kind=ActionKind.PLAY, seat=0, combination=Combination.of("BR")))
        >>> ledger.close(0)
        >>> ledger.spring((0,)), ledger.anti_spring((0,))
        (True, False)
        """
        side = landlords or (0,)  # the six-player partner is on the landlord's side
        farmers = [n for seat, n in enumerate(self._plays) if seat not in side]
        if self.rules.spring_per_farmer:  # the short rules: one farmer who never played
            return self.winner(landlords) is Side.LANDLORD and min(farmers) == 0
        return self.winner(landlords) is Side.LANDLORD and sum(farmers) == 0

    def anti_spring(self, landlords: tuple[int, ...]) -> bool:
        """The farmers won and the landlord (section 12: the landlords together) made only the
        opening lead (section 7); never under ``no_anti_spring`` (the short rules name no
        anti-spring).

        >>> from .combos import Combination
        >>> ledger = Ledger()
        >>> for seat, cards in [(0, "3"), (1, "4"), (1, "BR")]:
        ...     combination = Combination.of(cards)
        ...     ledger.record(Action(kind=ActionKind.PLAY, seat=seat, combination=combination))
        >>> ledger.close(1)
        >>> ledger.anti_spring((0,)), ledger.spring((0,))
        (True, False)
        """
        if self.rules.no_anti_spring:
            return False
        side = landlords or (0,)  # the six-player landlords: only the opening lead
        return self.winner(landlords) is Side.FARMERS and sum(self._plays[s] for s in side) == 1


__all__ = ["Ledger"]
