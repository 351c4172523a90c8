"""The online table's calls on a hand (docs/rules.md §13): ``Hand`` (``service.rules.game``)
gets them from ``OnlineHand``, which drives the hand's ``Auction`` (``service.rules.online``)
and moves the hand on: the landlord takes the kitty, the doubling round, then the play.

>>> from service.rules.game import Hand
>>> from .ruleset import HUANLE
>>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1, rules=HUANLE)
>>> for seat, call in [(1, "call"), (2, "rob"), (0, "no_rob"), (1, "no_rob")]:
...     hand.call(seat, call)
>>> hand.landlord, hand.phase, hand.to_act, sum(hand.hands[2])
(2, <Phase.DOUBLING: 'doubling'>, 0, 20)
"""

from __future__ import annotations

from .events import Action, ActionKind, GameError, Phase, Violation
from .online import DOUBLING_CALLS, Call, Stage
from .state import _DEMO, HandState  # noqa: F401 - _DEMO: the examples' deal

#: The violation of each kind of call under a rule set without the online table, and what
#: the rule set lacks (calls and robs otherwise).
_ABSENT = {Call.SHOW: (Violation.NO_SHOW, "no showing")} | dict.fromkeys(
    DOUBLING_CALLS, (Violation.NO_DOUBLING, "no seat doubling")
)
_CALL_ROB = (Violation.NO_CALL_ROB, "no calling or robbing")


def _call(value: Call | str, enum: type[Call] | type[Stage], seat: int) -> Call | Stage:
    try:
        return enum(value)
    except ValueError:
        text = f"unknown {'call' if enum is Call else 'stage'} {value!r}: one of {', '.join(enum)}"
        raise GameError(Violation.BAD_DECLARATION, text, seat=seat) from None


class OnlineHand(HandState):
    """The calls of the online table on a hand: call, decline, rob, no rob, show, double."""

    def verify_call(self, seat: int, call: Call | str, stage: Stage | str | None = None) -> None:
        """Raise ``GameError`` unless ``seat`` may say ``call`` now (``stage``: a show's).

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.verify_call(1, "call")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: standard bids 1..3: no calling or robbing (they need ...)
        """
        said = _call(call, Call, seat)
        shown = None if stage is None else _call(stage, Stage, seat)
        if self._phase in (Phase.ENDED, Phase.REDEAL):
            raise GameError(Violation.HAND_OVER, f"the hand is over ({self._phase})", seat=seat)
        if self._online is None:
            code, lacks = _ABSENT.get(Call(said), _CALL_ROB)
            auction = "bids 1..3" if self.rules.table.bidding else "has no auction"
            text = f"{self.rules.name} {auction}: {lacks} (they need bidding=call_rob)"
            raise GameError(code, text, seat=seat)
        if shown is not None and said is not Call.SHOW:
            text = f"a stage goes with a show, not with {said}"
            raise GameError(Violation.BAD_DECLARATION, text, seat=seat)
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(self.seats):
            text = f"no seat {seat!r}: seats are 0 to {self.seats - 1}"
            raise GameError(Violation.NO_SUCH_SEAT, text)
        self._online.verify(seat, said, shown)  # type: ignore[arg-type]

    def can_call(self, seat: int, call: Call | str, stage: Stage | str | None = None) -> bool:
        """Whether ``seat`` may say ``call`` now.

        >>> from service.rules.game import Hand
        >>> from .ruleset import HUANLE
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1, rules=HUANLE)
        >>> hand.can_call(1, "rob"), hand.can_call(0, "show", "before_deal")
        (False, True)
        """
        try:
            self.verify_call(seat, call, stage)
        except GameError:
            return False
        return True

    def call(self, seat: int, call: Call | str, stage: Stage | str | None = None) -> None:
        """Say ``call``; the hand moves on when the auction or the doubling round ends.

        >>> from service.rules.game import Hand
        >>> from .ruleset import HUANLE
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=0, rules=HUANLE)
        >>> hand.call(2, "show", "before_deal")
        >>> hand.to_act
        2
        """
        self.verify_call(seat, call, stage)
        assert self._online is not None
        said, shown = Call(call), None if stage is None else Stage(stage)
        self._online.speak(seat, said, shown)
        self._history.append(
            Action(kind=ActionKind.CALL, seat=seat, call=said.value, stage=shown and shown.value)
        )
        self._follow_auction()

    def _follow_auction(self) -> None:
        auction = self._online
        assert auction is not None
        if auction.redeal:
            self._phase, self._to_act = Phase.REDEAL, None
            return
        if auction.landlord is not None and self._landlord is None:
            self._landlord, self._bid_value = auction.landlord, 1
            self._take_kitty(auction.landlord)
        if auction.complete and self._phase is not Phase.PLAY:
            assert self._landlord is not None
            self._phase, self._passes = Phase.PLAY, 0
            self._leader = self._to_act = self._landlord
        elif not auction.complete:
            self._phase = Phase.BIDDING if auction.landlord is None else Phase.DOUBLING
            self._to_act = auction.to_act

    def _calls(self) -> tuple[Action, ...]:
        """The calls the seat to act may make (turns only: a show is never a turn)."""
        if self._online is None or self._to_act is None or self._phase is Phase.PLAY:
            return ()
        seat = self._to_act
        return tuple(
            Action(kind=ActionKind.CALL, seat=seat, call=c.value) for c in self._online.allowed()
        )


__all__ = ["OnlineHand"]
