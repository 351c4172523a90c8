"""``POST /v1/classify`` and its batch form: what combination a card set is."""

from __future__ import annotations

from typing import Any

from flask import Response

from service.answers import classify_answer, stamp
from service.rules import STANDARD, read_hand

from ..schemas.classify import (
    ClassifyAnswer,
    ClassifyBatchAnswer,
    ClassifyBatchRequest,
    ClassifyRequest,
)
from . import Blueprint, reply

blp = Blueprint("classify", __name__, url_prefix="/v1", description="What combination cards make")

EXAMPLE = classify_answer(read_hand("3 3 3 10 10"), STANDARD)


@blp.route("/classify", methods=["POST"])
@blp.arguments(ClassifyRequest(), example={"cards": "3 3 3 10 10"})
@blp.response(200, ClassifyAnswer, example=EXAMPLE)
def classify(args: dict[str, Any]) -> Response:
    """Classify a card set: every reading under the rule set, preferred first (docs/rules.md §2, 4).

    Cards that are no combination get a 200 answer with `valid: false` and a reason.
    """
    return reply(classify_answer(args["cards"], args["rules"]))


@blp.route("/classify/batch", methods=["POST"])
@blp.arguments(ClassifyBatchRequest(), example={"items": ["3 3 3 10 10", "3345"]})
@blp.response(
    200,
    ClassifyBatchAnswer,
    example={
        "results": [EXAMPLE, classify_answer(read_hand("3345"), STANDARD)],
        "ruleset": stamp(STANDARD),
    },
)
def classify_batch(args: dict[str, Any]) -> Response:
    """Classify many card sets under one rule set: one result per item, in order."""
    rules = args["rules"]
    results = [classify_answer(cards, rules) for cards in args["items"]]
    return reply({"results": results, "ruleset": stamp(rules)})
