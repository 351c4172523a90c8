"""``POST /v1/beats`` and its batch form: whether one play beats another, and why."""

from __future__ import annotations

from typing import Any

from flask import Response

from service.answers import Play, beats_answer, stamp
from service.rules import STANDARD, read_hand

from ..schemas.beats import BeatsAnswer, BeatsBatchAnswer, BeatsBatchRequest, BeatsRequest
from . import Blueprint, reply

blp = Blueprint("beats", __name__, url_prefix="/v1", description="Whether a play beats another")


def _example(play: str, previous: str) -> dict[str, Any]:
    return beats_answer(Play(read_hand(play)), Play(read_hand(previous)), STANDARD)


@blp.route("/beats", methods=["POST"])
@blp.arguments(BeatsRequest(), example={"play": "2222", "previous": "TJQKA"})
@blp.response(200, BeatsAnswer, example=_example("2222", "TJQKA"))
def beats(args: dict[str, Any]) -> Response:
    """Whether `play` beats `previous` (docs/rules.md §3), with a reason code and a sentence.

    A play that does not beat, or is no combination, is a 200 answer with `beats: false`;
    a `previous` that is no combination is a 422 problem.
    """
    return reply(beats_answer(args["play"], args["previous"], args["rules"]))


@blp.route("/beats/batch", methods=["POST"])
@blp.arguments(
    BeatsBatchRequest(),
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
    rules = args["rules"]
    results = [beats_answer(item["play"], item["previous"], rules) for item in args["items"]]
    return reply({"results": results, "ruleset": stamp(rules)})
