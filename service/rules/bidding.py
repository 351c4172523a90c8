"""The auction for the landlord (docs/rules.md §6): from the first bidder, each seat in turn
bids higher than the highest bid so far, or passes (a bid of 0). ``Hand`` keeps one for a game
that bids (``bidding`` other than ``call_rob``, whose calls are ``service.rules.online``'s).

Where docs/rules.md is silent:

- Under ``until_two_passes`` a seat that passed may bid later; with no bid yet, a pass from
  every seat in a row throws the hand in. With more seats (the four-player game) the auction
  ends when every other seat has passed after the last bid.
- Under ``all_pass=first_bidder`` (the Botzone judge) nobody bidding makes the first bidder
  landlord at stake 1 instead of throwing the hand in.

>>> bidding = Bidding(first=1)
>>> for seat, bid in [(1, 1), (2, 0), (0, 2)]:
...     bidding.bid(seat, bid)
>>> bidding.over, bidding.landlord, bidding.value, bidding.to_act
(True, 0, 2, None)
>>> from .options import BiddingMode
>>> bidding = Bidding(first=1, rules=STANDARD.derive(bidding=BiddingMode.UNTIL_TWO_PASSES))
>>> for seat, bid in [(1, 0), (2, 1), (0, 0), (1, 2), (2, 0), (0, 0)]:
...     bidding.bid(seat, bid)
>>> bidding.over, bidding.landlord, bidding.value
(True, 1, 2)
"""

from __future__ import annotations

from .events import GameError, Violation
from .options import AllPass, BiddingMode
from .ruleset import STANDARD, RuleSet


class Bidding:
    """One auction of bids: the seat to bid, the highest bid and its bidder, and the passes.

    ``bid`` verifies and applies a bid (``GameError`` names the violation); ``verify`` only
    checks. Once ``over``, ``landlord`` is the winning bidder, or None: the hand is thrown in.
    """

    def __init__(self, first: int, rules: RuleSet = STANDARD) -> None:
        self.first = first
        """The seat that bids first."""
        self.rules = rules
        self._value = 0
        self._bidder: int | None = None
        self._spoken = 0
        self._passes = 0
        self._to_act: int | None = first
        self._over = False

    @property
    def value(self) -> int:
        """The highest bid so far (0: none); once over, the stake."""
        return self._value

    @property
    def to_act(self) -> int | None:
        """The seat to bid (None once the auction is over)."""
        return self._to_act

    @property
    def over(self) -> bool:
        """Whether the auction has ended."""
        return self._over

    @property
    def landlord(self) -> int | None:
        """The landlord, once the auction is over (None: still bidding, or thrown in)."""
        return self._bidder if self._over else None

    def bids(self) -> tuple[int, ...]:
        """The bids the seat to act may make, the pass (0) first.

        >>> from .ruleset import BIG_THREE
        >>> Bidding(first=0).bids(), Bidding(first=0, rules=BIG_THREE).bids()
        ((0, 1, 2, 3), (1, 2, 3))
        """
        if self._over:
            return ()
        bids = [0, *range(self._value + 1, self.rules.table.max_bid + 1)]
        if not self._spoken and self.rules.table.first_bid_required:
            bids.remove(0)
        return tuple(bids)

    def verify(self, seat: int, bid: int | None) -> None:
        """Raise ``GameError`` unless ``seat`` may bid ``bid`` now (0 or None is a pass).

        >>> Bidding(first=1).verify(1, 4)
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: a bid is 1, 2, 3 or 0 (pass), not 4
        """
        if self._over:
            raise GameError(Violation.BIDDING_OVER, "the auction is over", seat=seat)
        if seat != self._to_act:
            text = f"it is seat {self._to_act}'s turn, not seat {seat}'s"
            raise GameError(Violation.WRONG_SEAT, text, seat=seat)
        bid = 0 if bid is None else bid
        top = self.rules.table.max_bid
        if isinstance(bid, bool) or not isinstance(bid, int) or bid not in range(top + 1):
            text = f"a bid is 1, 2, 3 or 0 (pass), not {bid!r}"
            raise GameError(Violation.BID_OUT_OF_RANGE, text, seat=seat)
        if not bid and not self._spoken and self.rules.table.first_bid_required:
            text = "the first bidder must bid at least 1 (docs/rules.md §10)"
            raise GameError(Violation.FIRST_BID_REQUIRED, text, seat=seat)
        if bid and bid <= self._value:
            text = f"a bid must be higher than {self._value}, not {bid}"
            raise GameError(Violation.BID_NOT_HIGHER, text, seat=seat)

    def bid(self, seat: int, bid: int | None) -> None:
        """Verify and apply ``seat``'s bid; the auction ends per the rules' ``bidding``.

        >>> from .ruleset import BOTZONE
        >>> bidding = Bidding(first=2, rules=BOTZONE)
        >>> for seat in (2, 0, 1):
        ...     bidding.bid(seat, None)
        >>> bidding.over, bidding.landlord, bidding.value
        (True, 2, 1)
        """
        self.verify(seat, bid)
        self._spoken += 1
        if bid:
            self._value, self._bidder, self._passes = bid, seat, 0
        else:
            self._passes += 1
        if self._ends():
            self._close()
        else:
            self._to_act = (seat + 1) % self.rules.table.seats

    def _ends(self) -> bool:
        seats = self.rules.table.seats
        if self._value == self.rules.table.max_bid:
            return True
        if self.rules.bidding is BiddingMode.SINGLE_ROUND:
            return self._spoken == seats
        return self._passes == (seats if self._bidder is None else seats - 1)

    def _close(self) -> None:
        if self._bidder is None and self.rules.all_pass is AllPass.FIRST_BIDDER:
            self._bidder, self._value = self.first, 1  # Botzone: no redeal
        self._over, self._to_act = True, None


__all__ = ["Bidding"]
