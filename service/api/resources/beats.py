"""``POST /v1/beats`` and its batch form: whether one play beats another, and why."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response

from service.answers import Play, beats_answer, beats_answers, stamp
from service.rules import STANDARD, read_hand

from ..cache import Cache
from ..encoding import encoder
from ..schemas.beats import BeatsAnswer, BeatsBatchAnswer, BeatsBatchRequest, BeatsRequest
from . import Blueprint, answered, route

blp = Blueprint("beats", __name__, url_prefix="/v1", description="Whether a play beats another")


def _example(play: str, previous: str) -> dict[str, Any]:
    return beats_answer(Play(read_hand(play)), Play(read_hand(previous)), STANDARD)


REQUEST, BATCH_REQUEST = BeatsRequest(), BeatsBatchRequest()


def _one(args: dict[str, Any], cache: Cache) -> bytes:
    play, previous, rules = args["play"], args["previous"], args["rules"]
    return orjson.dumps(beats_answer(play, previous, rules, encode=encoder(rules)))


def _many(args: dict[str, Any], cache: Cache) -> bytes:
    rules = args["rules"]
    pairs = [(item["play"], item["previous"]) for item in args["items"]]
    results = beats_answers(pairs, rules, encode=encoder(rules))
    return orjson.dumps({"results": results, "ruleset": stamp(rules)})


ONE = route("/v1/beats", REQUEST, _one)
MANY = route("/v1/beats/batch", BATCH_REQUEST, _many)


@blp.route("/beats", methods=["POST"])
@blp.arguments(REQUEST, example={"play": "2222", "previous": "TJQKA"})
@blp.response(200, BeatsAnswer, example=_example("2222", "TJQKA"))
def beats(args: dict[str, Any]) -> Response:
    """Whether `play` beats `previous` (docs/rules.md §3), with a reason code and a sentence.

    A play that does not beat, or is no combination, is a 200 answer with `beats: false`;
    a `previous` that is no combination is a 422 problem.
    """
    return answered(ONE, args)


@blp.route("/beats/batch", methods=["POST"])
@blp.arguments(
    BATCH_REQUEST,
    example={
        "items": [{"play": "BR", "previous": "2222"}, {"play": "9TJQKA", "previous": "34567"}]
    },
)
@blp.response(
    200,
    BeatsBatchAnswer,
    example={
        "results": [_example("BR", "2222"), _example("9TJQKA", "34567")],
        "ruleset": stamp(STANDARD),
    },
)
def beats_batch(args: dict[str, Any]) -> Response:
    """Compare many pairs of plays under one rule set: one result per item, in order."""
    return answered(MANY, args)
