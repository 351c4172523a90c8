"""The online table's calls as a hand takes them (docs/rules.md §13): a call and its stage read
from their wire names, and the refusal of a call under a rule set without the online table.
The calls' own order is the ``Auction``'s (``service.rules.online``), which ``Hand`` drives.

>>> from service.rules.game import Hand
>>> from service.rules.examples import DEMO_HANDS
>>> from .ruleset import HUANLE
>>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1, rules=HUANLE)
>>> for seat, call in [(1, "call"), (2, "rob"), (0, "no_rob"), (1, "no_rob")]:
...     hand.call(seat, call)
>>> hand.landlord, hand.phase, hand.to_act, sum(hand.hands[2])
(2, <Phase.DOUBLING: 'doubling'>, 0, 20)
"""

from __future__ import annotations

from typing import TypeVar

from .events import GameError, Violation
from .online import DOUBLING_CALLS, Call, Stage
from .ruleset import RuleSet

_Name = TypeVar("_Name", Call, Stage)

#: The violation of each kind of call under a rule set without the online table, and what
#: the rule set lacks (calls and robs otherwise).
_ABSENT = {Call.SHOW: (Violation.NO_SHOW, "no showing")} | dict.fromkeys(
    DOUBLING_CALLS, (Violation.NO_DOUBLING, "no seat doubling")
)
_CALL_ROB = (Violation.NO_CALL_ROB, "no calling or robbing")


def read_call(call: Call | str, stage: Stage | str | None, seat: int) -> tuple[Call, Stage | None]:
    """A call and its show's stage from their wire names; ``GameError`` (``bad_declaration``,
    naming ``seat``) for one that is none.

    >>> read_call("show", "before_deal", 0)
    (<Call.SHOW: 'show'>, <Stage.BEFORE_DEAL: 'before_deal'>)
    >>> read_call("fold", None, 2)
    Traceback (most recent call last):
    ...
    service.rules.events.GameError: unknown call 'fold': one of call, decline, rob, ...
    """
    said = _read(call, Call, seat)
    return said, None if stage is None else _read(stage, Stage, seat)


def _read(value: _Name | str, names: type[_Name], seat: int) -> _Name:
    try:
        return names(value)
    except ValueError:
        what = "call" if names is Call else "stage"
        text = f"unknown {what} {value!r}: one of {', '.join(names)}"
        raise GameError(Violation.BAD_DECLARATION, text, seat=seat) from None


def refusal(call: Call, rules: RuleSet, seat: int) -> GameError:
    """The error of ``call`` by ``seat`` under ``rules`` without the online table
    (``bidding=call_rob``): ``no_call_rob``, ``no_show`` or ``no_doubling``.

    >>> from .ruleset import SIX_PLAYER
    >>> print(refusal(Call.DOUBLE, SIX_PLAYER, 0))
    six_player has no auction: no seat doubling (they need bidding=call_rob)
    """
    code, lacks = _ABSENT.get(call, _CALL_ROB)
    auction = "bids 1..3" if rules.table.bidding else "has no auction"
    text = f"{rules.name} {auction}: {lacks} (they need bidding=call_rob)"
    return GameError(code, text, seat=seat)


__all__ = ["read_call", "refusal"]
