"""Botzone's match logs of FTL2, read as they are: the judge's input, replayed as a hand record
and answered as the judge answers (docs/hands.md, Botzone match logs).

A log holds the deal in its ``initdata`` (``allocation``: each seat's 17 card ids,
``publiccard``: the kitty's 3; ``service.rules.cardids``) and, in its ``log``, the judge's
requests and the bots' answers one after the other. The judge reads the answers only (the
entries at odd positions), each at the key of the seat it asked: first the bids, from seat 0,
until a 3 or three bids; then the plays, from the landlord round the table, each a list of
card ids (an empty list: a pass), until a seat has played its last card. What comes after is
not read, as the judge reads nothing after it.

``read_log`` writes a log as a hand record of the ``botzone`` rule set (docs/rules.md §13),
with each answer in its place. Three answers have no place in a record, and the reading stops
there with the judge's verdict on them: a bid that is no integer (``INVALID_BID``), a play
from a run the platform failed or that is no list (``INVALID_INPUT_VERDICT_`` and the
platform's verdict: a time-out, a crash), and a list holding something that is no card id
(``MISSING_CARD``, or ``REPEATED_CARD`` for a card of the seat's named before it). Everything
else, the record's replay judges (``validate``), with the judge's names of its violations.

Where the judge's code reads an answer its own way, so does the reader: an answer that lacks
the seat asked is no bid (``INVALID_BID``) but, in the play, a pass; a bid may be written as a
string of digits; the platform's verdict is read in the play only.

>>> log = BotzoneLog(
...     allocation=(tuple(range(0, 17)), tuple(range(17, 34)), tuple(range(34, 51))),
...     publiccard=(51, 52, 53),
...     answers=({"0": Answer("OK", 3)}, {"0": Answer("OK", [52, 53])}, {"1": Answer("TLE")}),
... )
>>> record, stop = read_log(log)
>>> [str(bid) for bid in record.bids], [str(event) for event in record.events]
(['seat 0 bids 3'], ['seat 0 plays BR'])
>>> stop.part.value, stop.index, stop.seat, stop.code.value, stop.botzone
('events', 1, 1, 'no_action', 'INVALID_INPUT_VERDICT_TLE')
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.answers import stamp
from service.rules import BOTZONE
from service.rules.cardids import card_of_id, is_card_id
from service.rules.events import Phase, Violation

from .records import Bid, Event, Part, Record
from .replay import HandError, Outcome, validate

#: The bids of the judge's auction, at most (seats 0, 1 and 2 speak once each).
BIDS = BOTZONE.table.seats
_VERDICT_NAME = "INVALID_INPUT_VERDICT_"


@dataclass(frozen=True, slots=True)
class Answer:
    """A bot's answer in a log: the platform's verdict on its run (``OK``, ``TLE``, ...) and its
    response as sent (None: none).

    >>> Answer("OK", [3, 7]).response
    [3, 7]
    """

    verdict: str = "OK"
    response: Any = None


@dataclass(frozen=True, kw_only=True, slots=True)
class BotzoneLog:
    """A match log: the card ids dealt, the kitty's, and the bots' answers in order (each
    entry: the answers by the seat's key, ``"0"`` to ``"2"``)."""

    allocation: tuple[tuple[int, ...], ...]
    publiccard: tuple[int, ...]
    answers: tuple[Mapping[str, Answer], ...] = ()

    def answer(self, index: int, seat: int) -> Answer | None:
        """The answer of ``seat`` in the entry ``index`` (None: the entry has none).

        >>> BotzoneLog(allocation=(), publiccard=(), answers=({"1": Answer()},)).answer(0, 0)
        """
        return self.answers[index].get(str(seat))


def read_log(log: BotzoneLog) -> tuple[Record, HandError | None]:
    """The log as a hand record, and the judge's verdict on an answer no record can hold (None:
    every answer read is in the record).

    >>> log = BotzoneLog(
    ...     allocation=((0, 1), (2,), (3,)), publiccard=(), answers=({"0": Answer("OK", "x")},)
    ... )
    >>> record, stop = read_log(log)
    >>> record.bids, stop.code.value, stop.botzone, stop.message
    ((), 'bid_out_of_range', 'INVALID_BID', 'seat 0 bids "x": a bid is 1, 2, 3 or 0 (pass)')
    """
    record = Record(
        hands=tuple(tuple(map(card_of_id, seat)) for seat in log.allocation),
        kitty=tuple(map(card_of_id, log.publiccard)),
        first_bidder=0,
    )
    bids, stop = _bids(log)
    record = dataclasses.replace(record, bids=bids)
    if stop is not None:
        return record, stop
    auction = validate(record, BOTZONE)
    hand = auction.hand
    if auction.error or hand is None or hand.phase is not Phase.PLAY or hand.landlord is None:
        return record, None
    events, stop = _plays(log, len(bids), hand.landlord)
    return dataclasses.replace(record, events=events), stop


def _bids(log: BotzoneLog) -> tuple[tuple[Bid, ...], HandError | None]:
    bids: list[Bid] = []
    for seat in range(min(BIDS, len(log.answers))):
        answer = log.answer(seat, seat)
        bid = _bid(answer.response if answer else None)
        if bid is None:
            said = "nothing" if answer is None else json.dumps(answer.response)
            text = f"seat {seat} bids {said}: a bid is 1, 2, 3 or 0 (pass)"
            return tuple(bids), HandError(
                part=Part.BIDS,
                index=seat,
                seat=seat,
                code=Violation.BID_OUT_OF_RANGE,
                message=text,
                botzone="INVALID_BID",
            )
        bids.append(Bid(seat=seat, bid=bid))
        if bid == BOTZONE.table.max_bid:
            break
    return tuple(bids), None


def _bid(response: object) -> int | None:
    """A bid as the judge reads it: an integer, or a string of one (None: no bid)."""
    if isinstance(response, str) and response.strip().lstrip("+-").isdigit():
        return int(response)
    if isinstance(response, float) and response.is_integer():
        return int(response)
    return response if isinstance(response, int) and not isinstance(response, bool) else None


def _plays(
    log: BotzoneLog, first: int, landlord: int
) -> tuple[tuple[Event, ...], HandError | None]:
    """The plays from the answer ``first`` on, the landlord's first, until a seat has no card
    left (the judge's finish)."""
    held = {seat: list(ids) for seat, ids in enumerate(log.allocation)}
    held[landlord] += log.publiccard
    left = {seat: len(ids) for seat, ids in held.items()}
    played: list[object] = []
    events: list[Event] = []
    for index, entry in enumerate(range(first, len(log.answers))):
        seat = (landlord + index) % BIDS
        answer = log.answer(entry, seat) or Answer("OK", [])  # the judge's default: a pass
        stop = _unplayable(answer, held[seat], played)
        if stop is not None:
            code, name, text = stop
            what = f"seat {seat} plays {json.dumps(answer.response)}"
            error = HandError(
                part=Part.EVENTS,
                index=index,
                seat=seat,
                code=code,
                message=f"{what}: {text}",
                botzone=name,
            )
            return tuple(events), error
        ids: list[int] = answer.response
        cards = tuple(card_of_id(n) for n in ids)
        events.append(Event(seat=seat, cards=cards or None))
        played += ids
        left[seat] -= len(ids)
        if left[seat] <= 0:
            break
    return tuple(events), None


def _unplayable(
    answer: Answer, held: Sequence[int], played: Sequence[object]
) -> tuple[Violation, str, str] | None:
    """Why a play answer has no place in a record: (code, the judge's name, why); None when
    it is a list of card ids. Card by card as the judge checks them: a card the seat was not
    dealt (or no card id at all) is missing, one named before is repeated."""
    if answer.verdict != "OK" or not isinstance(answer.response, list):
        why = "no list of card ids" if answer.verdict == "OK" else "no play"
        text = f"the platform's verdict on the run is {answer.verdict}: {why}"
        return Violation.NO_ACTION, _VERDICT_NAME + answer.verdict, text
    if all(is_card_id(item) for item in answer.response):
        return None
    named: list[object] = []
    for item in answer.response:
        if not is_card_id(item) or item not in held:
            text = f"{json.dumps(item)} is not a card id the seat was dealt"
            return Violation.NOT_IN_HAND, "MISSING_CARD", text
        if item in played or item in named:
            return Violation.NOT_IN_HAND, "REPEATED_CARD", f"card {item} was played before"
        named.append(item)
    raise AssertionError("a list with an item that is no card id has a card at fault")


def judge(log: BotzoneLog) -> tuple[Outcome, HandError | None, Record]:
    """The log replayed: the outcome of its record (the error the judge stopped at, if the
    reading stopped first), and the record.

    >>> log = BotzoneLog(allocation=((0,), (1,), (2,)), publiccard=(3,), answers=())
    >>> outcome, error, record = judge(log)
    >>> error.code.value, error.message.split("; ")[0], record.bids
    ('bad_deal', 'seat 0 holds 1 cards, not 17', ())
    """
    record, stop = read_log(log)
    outcome = validate(record, BOTZONE)
    error = outcome.error or stop
    return dataclasses.replace(outcome, error=error), error, record


def verdict(outcome: Outcome) -> dict[str, Any]:
    """The judge's answer: ``finished`` with each seat's score, ``error`` with the seat that
    erred first and the judge's name of it (null: a violation the judge has no name for, such
    as an impossible deal), or ``unfinished`` with the seat it asks next.

    >>> log = BotzoneLog(allocation=((0,), (1,), (2,)), publiccard=(3,), answers=())
    >>> verdict(judge(log)[0])
    {'result': 'error', 'seat': 0, 'error': None, 'scores': None}
    """
    error, hand = outcome.error, outcome.hand
    if error is not None:
        return {"result": "error", "seat": error.seat, "error": error.botzone, "scores": None}
    points = outcome.points()
    if points is not None:
        return {"result": "finished", "seat": None, "error": None, "scores": list(points)}
    seat = hand.to_act if hand is not None else None
    return {"result": "unfinished", "seat": seat, "error": None, "scores": None}


def log_answer(log: BotzoneLog) -> dict[str, Any]:
    """The answer to a Botzone log: the judge's verdict (``judge``), the log as a hand record
    (``record``: send it to ``POST /v1/hands/validate`` as it is) and the usual answer on the
    record (``validate_answer``) under the ``botzone`` rule set.

    >>> answers = ({"0": Answer("OK", "3")}, {"0": Answer("OK", [52, 53])})
    >>> log = BotzoneLog(
    ...     allocation=(tuple(range(0, 17)), tuple(range(17, 34)), tuple(range(34, 51))),
    ...     publiccard=(51, 52, 53),
    ...     answers=answers,
    ... )
    >>> answer = log_answer(log)
    >>> answer["judge"]
    {'result': 'unfinished', 'seat': 1, 'error': None, 'scores': None}
    >>> answer["to_act"], answer["record"]["events"]
    (1, [{'seat': 0, 'cards': 'B R'}])
    """
    outcome, _, record = judge(log)
    answer = outcome.as_dict() | {"ruleset": stamp(BOTZONE)}
    return answer | {"judge": verdict(outcome), "record": record.as_dict(BOTZONE.name)}


__all__ = ["Answer", "BotzoneLog", "judge", "log_answer", "read_log", "verdict"]
