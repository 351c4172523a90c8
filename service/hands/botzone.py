"""The Botzone FTL2 judge's error names (``judge_FTL2.py`` of ``lpaladin/tsFightTheLandlord``,
docs/rules.md §13) for the referee's violations, so that a bot platform reads the words it
already uses. A violation the judge cannot meet (it asks each seat in turn: a wrong seat, an
event after the end) has no name.

>>> from service.rules.events import GameError, Violation
>>> botzone_name(GameError(Violation.BID_NOT_HIGHER, "a bid must be higher than 2, not 1"))
'INVALID_BID'
"""

from __future__ import annotations

from service.rules import Reason
from service.rules.events import GameError, Violation
from service.rules.game import Hand

from .records import Event, Record  # noqa: F401 - Record: the example's
from .suits import Suits

#: The judge's name of each violation that it names alike whatever the cards.
NAMES: dict[Violation, str] = {
    Violation.BID_OUT_OF_RANGE: "INVALID_BID",
    Violation.BID_NOT_HIGHER: "INVALID_BID",
    Violation.BIDDING_OVER: "INVALID_BID",
    Violation.LEADER_CANNOT_PASS: "INVALID_PASS",
    Violation.EMPTY_PLAY: "INVALID_CARDTYPE",
    Violation.NOT_A_COMBINATION: "INVALID_CARDTYPE",
    Violation.BAD_DECLARATION: "INVALID_CARDTYPE",
}
#: The judge's name of each reason a play does not beat: kinds differ, lengths differ, or the
#: play is lower (a lower bomb, a non-bomb on a bomb, anything on the rocket).
BEATING_NAMES: dict[Reason, str] = {
    Reason.DIFFERENT_KIND: "MISMATCH_CARDTYPE",
    Reason.DIFFERENT_LENGTH: "MISMATCH_CARDLENGTH",
    Reason.NOT_HIGHER: "LESS_COMPARE",
    Reason.LOWER_BOMB: "LESS_COMPARE",
    Reason.LOWER_BOMB_CLASS: "LESS_COMPARE",
    Reason.BOMB_ON_TABLE: "LESS_COMPARE",
    Reason.ROCKET_UNBEATABLE: "LESS_COMPARE",
}


def botzone_name(error: GameError, play: tuple[Hand, Event, Suits] | None = None) -> str | None:
    """The judge's name of a violation. A play of cards the seat may not play (``play``: the
    hand, the event and the record's suits) is named by its first card at fault
    (``Suits.fault``): ``REPEATED_CARD`` for one of the seat's own, played before, else
    ``MISSING_CARD``.

    >>> from service.rules.examples import DEMO_HANDS
    >>> record = Record.of(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
    >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
    >>> hand.bid(1, 3)
    >>> _ = hand.play(1, "4444")
    >>> hand.pass_turn(2); hand.pass_turn(0)
    >>> try:
    ...     hand.play(1, "4")
    ... except GameError as error:
    ...     print(botzone_name(error, (hand, Event.of(1, "4"), Suits(record))))
    REPEATED_CARD
    """
    if error.code is Violation.DOES_NOT_BEAT and error.reason is not None:
        return BEATING_NAMES.get(error.reason)
    if error.code is not Violation.NOT_IN_HAND:
        return NAMES.get(error.code)
    fault = None
    if play is not None:
        hand, event, suits = play
        fault = suits.fault(hand, event.seat, event.cards or ())
    return f"{(fault or 'missing').upper()}_CARD"


__all__ = ["BEATING_NAMES", "NAMES", "botzone_name"]
