"""The online table's auction (docs/rules.md §13): calling and robbing the landlord, showing
cards and each seat's doubling, as a state machine of its own that ``Hand`` drives.

The order of play, where docs/rules.md leaves it open:

- Shows are not turns. A show before the deal, early or late in the deal comes before the
  first call or decline; an ``after_kitty`` show is the landlord's, between the kitty and the
  first play. Stages never go backwards; each seat shows once. The first seat to show before
  the deal speaks first in the auction.
- Calls: from the first speaker, each seat calls or declines until one calls. If all decline,
  the first seat that showed is landlord (no robs), or else the hand is redealt.
- Robs: after the call, each later seat that has not declined robs or not, once, in turn;
  then, if one robbed, the caller robs back or not, once. The last seat to rob is landlord.
- Doubling (``doubling`` not ``none``): after the kitty, the two farmers in turn from the
  landlord's left, then the landlord, each double, super double or not, once. Then the
  landlord leads.

Checks come in this order, the first that fails naming the violation: the hand is over; the
rule set lacks the event (``no_show``, ``no_doubling``, ``no_super_double``). Then, for a call
or rob: the auction is over (``bidding_over``), the moment (``already_called``,
``rob_before_call``), the seat's own history (``rob_after_decline``, ``rob_twice``); for a
show: the seat's history (``show_twice``), then the moment (``show_out_of_order``,
``show_too_late``, ``show_too_early``, ``show_not_landlord``); for a doubling: the moment
(``still_bidding`` before the landlord is known, ``doubling_over`` after the first play),
then the seat's history (``double_twice``). Last, the turn (``wrong_seat``).

>>> auction = Auction(first=0)
>>> for seat, call in [(0, Call.CALL), (1, Call.ROB), (2, Call.NO_ROB), (0, Call.ROB)]:
...     auction.speak(seat, call)
>>> auction.landlord, auction.robs, auction.to_act
(0, 2, None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .events import GameError, Violation
from .options import BiddingMode, Doubling
from .ruleset import STANDARD, RuleSet


class Call(StrEnum):
    """What a seat says at the online table; the value is the wire name (``action``)."""

    CALL = "call"
    """Call the landlord (叫地主)."""
    DECLINE = "decline"
    """Do not call (不叫)."""
    ROB = "rob"
    """Rob the landlord (抢地主): x2."""
    NO_ROB = "no_rob"
    """Do not rob (不抢)."""
    SHOW = "show"
    """Show the hand (明牌) at a ``Stage``."""
    DOUBLE = "double"
    """Double (加倍): x2 on the seat's settlement."""
    SUPER_DOUBLE = "super_double"
    """Super double (超级加倍): x4, where the room allows it."""
    NO_DOUBLE = "no_double"
    """Do not double."""


class Stage(StrEnum):
    """When a seat shows its hand; the value is the wire name."""

    BEFORE_DEAL = "before_deal"
    """Before the deal: x5, and the first turn to call."""
    EARLY_DEAL = "early_deal"
    """Early in the deal: x4."""
    LATE_DEAL = "late_deal"
    """Late in the deal: x3."""
    AFTER_KITTY = "after_kitty"
    """The landlord, after taking the kitty: x2."""


#: The calls of the doubling round (their factors are the rule set's ``multipliers``).
DOUBLING_CALLS = (Call.DOUBLE, Call.SUPER_DOUBLE, Call.NO_DOUBLE)


@dataclass
class Auction:
    """The online table's auction and doubling round for three seats (section 13).

    ``speak`` verifies and applies a call (``GameError`` names the violation); ``verify``
    only checks. ``played`` tells the auction that the first play was made (no more shows or
    doublings).
    """

    first: int
    """The seat that would speak first (a before-the-deal show takes the turn from it)."""
    rules: RuleSet = field(default=STANDARD.derive(bidding=BiddingMode.CALL_ROB))
    seats: int = 3
    shows: list[tuple[int, Stage]] = field(default_factory=list)
    declined: list[int] = field(default_factory=list)
    caller: int | None = None
    rob_turns: list[int] = field(default_factory=list)
    """The seats still to say rob or not, in order (the caller's rob back comes last)."""
    robbed: list[int] = field(default_factory=list)
    robbers_spoken: list[int] = field(default_factory=list)
    landlord: int | None = None
    redeal: bool = False
    doublings: dict[int, int] = field(default_factory=dict)
    doubling_turns: list[int] = field(default_factory=list)
    played: bool = False
    to_act: int | None = None

    def __post_init__(self) -> None:
        self.to_act = self.first

    # --- Readings -----------------------------------------------------------------------------

    @property
    def robs(self) -> int:
        """How many robs were made (each x2).

        >>> Auction(first=1).robs
        0
        """
        return len(self.robbed)

    @property
    def show_factor(self) -> int:
        """The highest show factor of the hand (1: nobody showed).

        >>> from service.rules import HUANLE
        >>> auction = Auction(first=0, rules=HUANLE)
        >>> auction.speak(2, Call.SHOW, Stage.LATE_DEAL)
        >>> auction.show_factor
        3
        """
        factors = self.rules.multipliers
        return max((factors.show_factor(stage) for _, stage in self.shows), default=1)

    @property
    def started(self) -> bool:
        """A call or decline has been made (the shows of the deal are over).

        >>> Auction(first=0).started
        False
        """
        return self.caller is not None or bool(self.declined)

    @property
    def complete(self) -> bool:
        """The auction and the doubling round are over: the landlord may lead.

        >>> auction = Auction(first=0)
        >>> for seat, call in [(0, Call.CALL), (1, Call.NO_ROB), (2, Call.NO_ROB)]:
        ...     auction.speak(seat, call)
        >>> auction.complete, auction.landlord
        (True, 0)
        """
        return self.landlord is not None and not self.doubling_turns

    def seat_doublings(self) -> tuple[int, ...]:
        """Each seat's doubling factor, from seat 0 (1: none).

        >>> Auction(first=0).seat_doublings()
        (1, 1, 1)
        """
        return tuple(self.doublings.get(seat, 1) for seat in range(self.seats))

    def allowed(self) -> tuple[Call, ...]:
        """What the seat to act may say now (the turn calls; shows are never turns).

        >>> Auction(first=0).allowed()
        (<Call.CALL: 'call'>, <Call.DECLINE: 'decline'>)
        """
        if self.to_act is None:
            return ()
        if self.landlord is not None:
            extra = (Call.SUPER_DOUBLE,) if self.rules.doubling is Doubling.SUPER else ()
            return (Call.DOUBLE, *extra, Call.NO_DOUBLE)
        if self.caller is None:
            return (Call.CALL, Call.DECLINE)
        return (Call.ROB, Call.NO_ROB)

    # --- Checks ---------------------------------------------------------------------------

    def verify(self, seat: int, call: Call, stage: Stage | None = None) -> None:
        """Raise ``GameError`` unless ``seat`` may say ``call`` now (``stage``: a show's).

        >>> auction = Auction(first=0)
        >>> auction.verify(1, Call.ROB)
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: nobody has called: there is nothing to rob
        """
        if self.redeal:
            raise GameError(Violation.HAND_OVER, "the hand is over (redeal)", seat=seat)
        if call is Call.SHOW:
            self._verify_show(seat, stage)
        elif call in DOUBLING_CALLS:
            self._verify_doubling(seat, call)
        else:
            self._verify_auction(seat, call)
            self._verify_turn(seat)

    def _verify_turn(self, seat: int) -> None:
        if seat != self.to_act:
            text = f"it is seat {self.to_act}'s turn, not seat {seat}'s"
            raise GameError(Violation.WRONG_SEAT, text, seat=seat)

    def _verify_auction(self, seat: int, call: Call) -> None:
        if self.landlord is not None:
            raise GameError(Violation.BIDDING_OVER, "the auction is over", seat=seat)
        if call in (Call.CALL, Call.DECLINE):
            if self.caller is not None:
                text = f"seat {self.caller} has called: the others rob or not"
                raise GameError(Violation.ALREADY_CALLED, text, seat=seat)
            return
        if self.caller is None:
            text = "nobody has called: there is nothing to rob"
            raise GameError(Violation.ROB_BEFORE_CALL, text, seat=seat)
        if seat in self.declined:
            text = f"seat {seat} declined to call: it may not rob"
            raise GameError(Violation.ROB_AFTER_DECLINE, text, seat=seat)
        if seat in self.robbers_spoken and seat not in self.rob_turns:
            text = f"seat {seat} has had its say on robbing"
            raise GameError(Violation.ROB_TWICE, text, seat=seat)

    def _verify_show(self, seat: int, stage: Stage | None) -> None:
        if not self.rules.show_cards:
            raise GameError(
                Violation.NO_SHOW, "the rule set has no showing (show_cards)", seat=seat
            )
        if stage is None:
            raise GameError(Violation.NO_SHOW, "a show names its stage", seat=seat)
        if any(shower == seat for shower, _ in self.shows):
            raise GameError(Violation.SHOW_TWICE, f"seat {seat} has shown its hand", seat=seat)
        last = self.shows[-1][1] if self.shows else None
        if last is not None and list(Stage).index(stage) < list(Stage).index(last):
            text = f"a show {stage} after a show {last}"
            raise GameError(Violation.SHOW_OUT_OF_ORDER, text, seat=seat)
        if stage is not Stage.AFTER_KITTY:
            if self.started:
                text = f"a show {stage} after the auction began"
                raise GameError(Violation.SHOW_TOO_LATE, text, seat=seat)
            return
        if self.landlord is None:
            text = "a show after_kitty before the landlord takes the kitty"
            raise GameError(Violation.SHOW_TOO_EARLY, text, seat=seat)
        if self.played:
            raise GameError(Violation.SHOW_TOO_LATE, "a show after the first play", seat=seat)
        if seat != self.landlord:
            text = f"only the landlord (seat {self.landlord}) shows after the kitty"
            raise GameError(Violation.SHOW_NOT_LANDLORD, text, seat=seat)

    def _verify_doubling(self, seat: int, call: Call) -> None:
        doubling = self.rules.doubling
        if doubling is Doubling.NONE:
            raise GameError(Violation.NO_DOUBLING, "the rule set has no doubling", seat=seat)
        if call is Call.SUPER_DOUBLE and doubling is not Doubling.SUPER:
            text = "the rule set has no super doubling (doubling=super)"
            raise GameError(Violation.NO_SUPER_DOUBLE, text, seat=seat)
        if self.landlord is None:
            raise GameError(Violation.STILL_BIDDING, "the auction is on", seat=seat)
        if self.played:
            raise GameError(Violation.DOUBLING_OVER, "a doubling after the first play", seat=seat)
        if seat in self.doublings:
            raise GameError(Violation.DOUBLE_TWICE, f"seat {seat} has doubled or not", seat=seat)
        self._verify_turn(seat)

    # --- Actions --------------------------------------------------------------------------

    def speak(self, seat: int, call: Call, stage: Stage | None = None) -> None:
        """Verify and apply ``call`` by ``seat``.

        >>> auction = Auction(first=2)
        >>> for seat in (2, 0, 1):
        ...     auction.speak(seat, Call.DECLINE)
        >>> auction.redeal
        True
        """
        self.verify(seat, call, stage)
        if call is Call.SHOW:
            assert stage is not None
            self.shows.append((seat, stage))
            if stage is Stage.BEFORE_DEAL and len(self.shows) == 1:
                self.to_act = seat
        elif call in DOUBLING_CALLS:
            self.doublings[seat] = self._doubling_factor(call)
            self.doubling_turns.pop(0)
            self.to_act = self.doubling_turns[0] if self.doubling_turns else None
        else:
            self._auction(seat, call)

    def first_play(self) -> None:
        """The landlord has led: no more shows or doublings (``Hand.play`` tells the auction).

        >>> from service.rules import HUANLE
        >>> auction = Auction(first=0, rules=HUANLE)
        >>> for seat, call in [(0, Call.CALL), (1, Call.NO_ROB), (2, Call.NO_ROB)]:
        ...     auction.speak(seat, call)
        >>> for seat in (1, 2, 0):
        ...     auction.speak(seat, Call.NO_DOUBLE)
        >>> auction.first_play()
        >>> auction.verify(0, Call.SHOW, Stage.AFTER_KITTY)
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: a show after the first play
        """
        self.played = True

    def _doubling_factor(self, call: Call) -> int:
        """A doubling call's factor on the seat's settlement, from the rule set."""
        factors = self.rules.multipliers
        if call is Call.DOUBLE:
            return factors.seat_double
        return factors.seat_super_double if call is Call.SUPER_DOUBLE else 1

    def _auction(self, seat: int, call: Call) -> None:
        after = [(seat + step) % self.seats for step in range(1, self.seats)]
        if call is Call.DECLINE:
            self.declined.append(seat)
            if len(self.declined) < self.seats:
                self.to_act = after[0]
                return
            showers = [shower for shower, _ in self.shows]
            if showers:
                self._decide(showers[0])
            else:
                self._throw_in()
            return
        if call is Call.CALL:
            self.caller = seat
            self.rob_turns = [s for s in after if s not in self.declined]
        else:
            self.robbers_spoken.append(seat)
            self.rob_turns.pop(0)
            if call is Call.ROB:
                self.robbed.append(seat)
                caller = self.caller
                if caller is not None and seat != caller and caller not in self.rob_turns:
                    self.rob_turns.append(caller)  # the caller's one rob back
        if self.rob_turns:
            self.to_act = self.rob_turns[0]
        else:
            assert self.caller is not None
            self._decide(self.robbed[-1] if self.robbed else self.caller)

    def _decide(self, landlord: int) -> None:
        self.landlord = landlord
        if self.rules.doubling is Doubling.NONE:
            self.to_act = None
            return
        self.doubling_turns = [(landlord + step) % self.seats for step in (1, 2, 0)]
        self.to_act = self.doubling_turns[0]

    def _throw_in(self) -> None:
        self.redeal, self.to_act = True, None


__all__ = ["DOUBLING_CALLS", "Auction", "Call", "Stage"]
