"""The turns of the play (docs/rules.md §5): the leader plays any combination, each seat after
it in turn beats the play before or passes, and once every other seat has passed in a row the
trick ends and its last player leads the next.

Where docs/rules.md is silent: with more seats (the four-player game) a trick ends after a pass
from every other seat; under ``two_pass_tricks``, after two passes whatever the seats.

What may be played is ``service.rules.moves``'s to say: ``Hand`` checks a play or a pass
before its ``Trick`` takes it.

>>> from .combos import Combination
>>> trick = Trick(leader=1, seats=3)
>>> trick.play(Combination.of("3"))
>>> trick.to_act, trick.last_play, trick.passing_allowed
(2, Combination.of('3', kind='single', rank='3'), True)
>>> trick.pass_turn(); trick.pass_turn()
>>> trick.to_act, trick.leader, trick.last_play
(1, 1, None)
"""

from __future__ import annotations

from .combos import Combination


class Trick:
    """Whose turn it is in the play, the trick's leader, the play to beat and who made it."""

    def __init__(self, leader: int, seats: int, *, two_pass: bool = False) -> None:
        self._seats = seats
        self._closing = 2 if two_pass else seats - 1
        """How many passes in a row end the trick."""
        self._leader = self._to_act = leader
        self._last_play: Combination | None = None
        self._last_player: int | None = None
        self._passes = 0

    @property
    def to_act(self) -> int:
        """The seat to play or pass."""
        return self._to_act

    @property
    def leader(self) -> int:
        """The seat that led the current trick."""
        return self._leader

    @property
    def last_play(self) -> Combination | None:
        """The play to beat (None: the seat to act leads)."""
        return self._last_play

    @property
    def last_player(self) -> int | None:
        """The seat that made ``last_play``."""
        return self._last_player

    @property
    def passing_allowed(self) -> bool:
        """Whether the seat to act may pass: never when it leads."""
        return self._last_play is not None

    def play(self, combination: Combination) -> None:
        """The seat to act plays ``combination`` (checked legal): it is the play to beat.

        >>> trick = Trick(leader=2, seats=4)
        >>> trick.play(Combination.of("55"))
        >>> trick.last_player, trick.to_act
        (2, 3)
        """
        self._last_play, self._last_player, self._passes = combination, self._to_act, 0
        self._advance()

    def pass_turn(self) -> None:
        """The seat to act passes (not the leader); the last pass of a trick ends it, and the
        last player leads.

        >>> trick = Trick(leader=0, seats=4, two_pass=True)
        >>> trick.play(Combination.of("55"))
        >>> trick.pass_turn(); trick.pass_turn()
        >>> trick.to_act, trick.last_play
        (0, None)
        """
        assert self._last_play is not None and self._last_player is not None, "the leader plays"
        self._passes += 1
        if self._passes == self._closing:
            self._last_play, self._passes = None, 0
            self._leader = self._to_act = self._last_player
        else:
            self._advance()

    def _advance(self) -> None:
        self._to_act = (self._to_act + 1) % self._seats


__all__ = ["Trick"]
