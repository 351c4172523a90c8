"""``POST /v1/score``: the score of a finished hand, with its breakdown."""

from __future__ import annotations

from typing import Any

from flask import Response

from service.answers import score_answer
from service.rules import STANDARD

from ..schemas.score import ScoreAnswer, ScoreRequest
from . import Blueprint, reply

blp = Blueprint("score", __name__, url_prefix="/v1", description="Scores of finished hands")

EXAMPLE = {"bid": 3, "winner": "landlord", "bombs": 2, "rockets": 1}


@blp.route("/score", methods=["POST"])
@blp.arguments(ScoreRequest(), example=EXAMPLE)
@blp.response(200, ScoreAnswer, example=score_answer(EXAMPLE, STANDARD))
def score(args: dict[str, Any]) -> Response:
    """Score a hand (docs/rules.md §7): stake, multiplier, each side's points and every factor.

    The online table (docs/rules.md §13) adds its ledger: `robs`, the `show` factor, and
    `seat_doublings`, which settle each farmer with the landlord on its own doubling and the
    landlord's (`farmer_multipliers`); the rule set's `base_stake` multiplies the stake.
    """
    rules = args.pop("rules")
    return reply(score_answer(args, rules))
