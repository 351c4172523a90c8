"""``POST /v1/classify`` and its batch form: what combination a card set is."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response

from service.answers import classify_answer, stamp
from service.rules import STANDARD, read_hand

from ..cache import Cache
from ..encoding import encoder
from ..schemas.classify import (
    ClassifyAnswer,
    ClassifyBatchAnswer,
    ClassifyBatchRequest,
    ClassifyRequest,
)
from . import Blueprint, answered, route

blp = Blueprint("classify", __name__, url_prefix="/v1", description="What combination cards make")

EXAMPLE = classify_answer(read_hand("3 3 3 10 10"), STANDARD)
REQUEST, BATCH_REQUEST = ClassifyRequest(), ClassifyBatchRequest()


def _one(args: dict[str, Any], cache: Cache) -> bytes:
    rules = args["rules"]
    return orjson.dumps(classify_answer(args["cards"], rules, encode=encoder(rules)))


def _many(args: dict[str, Any], cache: Cache) -> bytes:
    rules = args["rules"]
    encode = encoder(rules)
    results = [classify_answer(cards, rules, encode=encode) for cards in args["items"]]
    return orjson.dumps({"results": results, "ruleset": stamp(rules)})


ONE = route("/v1/classify", REQUEST, _one)
MANY = route("/v1/classify/batch", BATCH_REQUEST, _many)


@blp.route("/classify", methods=["POST"])
@blp.arguments(REQUEST, example={"cards": "3 3 3 10 10"})
@blp.response(200, ClassifyAnswer, example=EXAMPLE)
def classify(args: dict[str, Any]) -> Response:
    """Classify a card set: every reading under the rule set, preferred first (docs/rules.md §2, 4).

    Cards that are no combination get a 200 answer with `valid: false` and a reason.
    """
    return answered(ONE, args)


@blp.route("/classify/batch", methods=["POST"])
@blp.arguments(BATCH_REQUEST, example={"items": ["3 3 3 10 10", "3345"]})
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
    return answered(MANY, args)
