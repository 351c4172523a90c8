"""``POST /v1/hands/validate``, its batch form, and ``POST /v1/matches/score``: whole hands
replayed through the rules core, judged at their first illegal event, and scored."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

import marshmallow as ma
from flask import Response

from service.hands import batch_answer, ledger_answer, validate_answer
from service.hands.botzone_log import log_answer

from ..cache import Cache
from ..schemas.botzone import BotzoneAnswer, BotzoneLogRequest
from ..schemas.hands import (
    HandAnswer,
    HandBatchAnswer,
    HandValidateBatchRequest,
    HandValidateRequest,
)
from ..schemas.matches import MatchScoreAnswer, MatchScoreRequest
from . import Blueprint, answered, cached, route

Answer = Callable[[dict[str, Any]], dict[str, Any]]

blp = Blueprint("hands", __name__, url_prefix="/v1", description="Whole hands and match ledgers")


def _record(
    first_bidder: int, bids: list[int], events: list[tuple[int, str | None]]
) -> dict[str, Any]:
    """An example record on one deal: bids and events in turn order (None: a pass)."""
    return {
        "deal": {
            "hands": ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"],
            "kitty": "JQK",
        },
        "first_bidder": first_bidder,
        "bids": [{"seat": (first_bidder + i) % 3, "bid": b} for i, b in enumerate(bids)],
        "events": [
            {"seat": seat, "pass": True} if cards is None else {"seat": seat, "cards": cards}
            for seat, cards in events
        ],
    }


#: Seat 0 bids 3 and plays out in two tricks while the farmers pass: a spring.
SPRING = _record(0, [3], [(0, "9TJQK"), (1, None), (2, None), (0, "333444555666777")])
#: Seat 1 bids 1, seat 2 outbids it and leads QQ, which seat 0 cannot beat with 33.
UNDERCUT = _record(1, [1, 2, 0], [(2, "QQ"), (0, "33")])
IN_PROGRESS = _record(0, [3], [(0, "9TJQK"), (1, None)])
BATCH = deepcopy({"items": [SPRING, IN_PROGRESS, UNDERCUT]})  # no YAML anchors
MATCH = {
    "hands": [
        _record(0, [3], [(0, "3334445556667779TJQK")]) | {"players": ["ann", "bob", "cy"]},
        deepcopy(UNDERCUT) | {"players": ["bob", "cy", "ann"]},
        _record(2, [0, 2, 0], [(0, "3334445556667779TJQK")]) | {"players": ["cy", "ann", "bob"]},
    ]
}


def _botzone_log(bids: list[int], plays: list[list[int]]) -> dict[str, Any]:
    """An example log of Botzone's FTL2 on one deal (seat 0: 3333444455556666 and 7H; the
    kitty 2C and both jokers): the bids from seat 0, then the plays from the landlord, each
    answer after a request of the judge."""
    answers = [*bids, *plays]
    landlord = next((seat for seat, bid in enumerate(bids) if bid == 3), 0)
    seats = [*range(len(bids)), *((landlord + i) % 3 for i in range(len(plays)))]
    log: list[dict[str, Any]] = []
    for seat, response in zip(seats, answers, strict=True):
        log.append({"output": {"command": "request", "content": {str(seat): {}}}})
        log.append({str(seat): {"verdict": "OK", "response": response}})
    deal = [list(range(17)), list(range(17, 34)), list(range(34, 51))]
    return {"initdata": {"allocation": deal, "publiccard": [51, 52, 53]}, "log": log}


#: Seat 0 bids 3 and plays out while the farmers pass: a space shuttle of four fours, the
#: rocket, then the 7 and the 2. A spring: 3 x 2 (rocket) x 2 (spring), seat 0 scores 24.
BOTZONE_LOG = _botzone_log([3], [list(range(16)), [], [], [52, 53], [], [], [16], [], [], [51]])


def _validate(args: dict[str, Any]) -> dict[str, Any]:
    return validate_answer(args["record"], args["rules"])


def _batch(args: dict[str, Any]) -> dict[str, Any]:
    return batch_answer([item["record"] for item in args["items"]], args["rules"])


def _ledger(args: dict[str, Any]) -> dict[str, Any]:
    seated = [(hand["players"], hand["record"]) for hand in args["hands"]]
    return ledger_answer(seated, args["rules"])


REQUEST, BATCH_REQUEST = HandValidateRequest(), HandValidateBatchRequest()
MATCH_REQUEST = MatchScoreRequest()


def _one(args: dict[str, Any], cache: Cache) -> bytes:
    return cached("hands-validate", args, lambda: _validate(args), cache)


def _many(args: dict[str, Any], cache: Cache) -> bytes:
    return cached("hands-validate-batch", args, lambda: _batch(args), cache)


def _match(args: dict[str, Any], cache: Cache) -> bytes:
    return cached("matches-score", args, lambda: _ledger(args), cache)


def _botzone(args: dict[str, Any], cache: Cache) -> bytes:
    return cached("hands-validate-botzone", args, lambda: log_answer(args["log"]), cache)


def _example(schema: type[ma.Schema], body: dict[str, Any], answer: Answer) -> dict[str, Any]:
    """The answer to an example request, computed now from the core."""
    return answer(schema().load(body))


ONE = route("/v1/hands/validate", REQUEST, _one)
MANY = route("/v1/hands/validate/batch", BATCH_REQUEST, _many)
MATCH_SCORE = route("/v1/matches/score", MATCH_REQUEST, _match)


@blp.route("/hands/validate", methods=["POST"])
@blp.arguments(REQUEST, example=SPRING)
@blp.response(200, HandAnswer, example=_example(HandValidateRequest, SPRING, _validate))
def validate_hand(args: dict[str, Any]) -> Response:
    """Replay a hand record (docs/rules.md §5-7) and stop at its first illegal event.

    An illegal record (a deal one deck cannot make, a bid too low, a play out of turn, a play
    that does not beat, an event after the end, a six-player announcement that is not the
    landlord's highest identical pair) is a 200 answer with `valid: false` and an `error`
    naming the `part` (`deal`, `bids`, `auction`, `announcement` or `events`), the `index`, the
    seat, a code, a sentence and the Botzone judge's name for it; the state reached before it
    is reported all the same, with what the seat to act may do. The score is given once the
    hand has ended. Under `bidding=call_rob` (the `huanle` preset, docs/rules.md §13) the record's
    `auction` holds the calls, robs, shows and doublings instead of `bids`.
    """
    return answered(ONE, args)


@blp.route("/hands/validate/batch", methods=["POST"])
@blp.arguments(BATCH_REQUEST, example=BATCH)
@blp.response(200, HandBatchAnswer, example=_example(HandValidateBatchRequest, BATCH, _batch))
def validate_hands(args: dict[str, Any]) -> Response:
    """Validate many hand records under one rule set: one result per item, in order."""
    return answered(MANY, args)


@blp.route("/hands/validate/botzone", methods=["POST"])
@blp.arguments(BotzoneLogRequest(), example=BOTZONE_LOG)
@blp.response(
    200,
    BotzoneAnswer,
    example=_example(BotzoneLogRequest, BOTZONE_LOG, lambda args: log_answer(args["log"])),
)
def validate_botzone_log(args: dict[str, Any]) -> Response:
    """Judge a match log of Botzone's FTL2 as it is (docs/hands.md, Botzone match logs): the
    judge's `initdata` (`allocation` and `publiccard`, card ids 0 to 53) and its `log` (the
    judge's requests and the bots' answers: bids, and lists of card ids). The answer is the
    judge's verdict (`judge`: who erred first and the judge's name of the error, or each
    seat's score), the log as a hand record of the `botzone` rule set (`record`), and the
    usual answer on that record, as `POST /v1/hands/validate` gives it.
    """
    return answered(_botzone, args)


@blp.route("/matches/score", methods=["POST"])
@blp.arguments(MATCH_REQUEST, example=MATCH)
@blp.response(200, MatchScoreAnswer, example=_example(MatchScoreRequest, MATCH, _ledger))
def score_match(args: dict[str, Any]) -> Response:
    """Score a match: each hand validated and scored, each player's points per hand and running
    totals (zero-sum). An invalid hand scores nothing and is listed in `invalid`; a hand thrown
    in or unfinished scores nothing.
    """
    return answered(MATCH_SCORE, args)
