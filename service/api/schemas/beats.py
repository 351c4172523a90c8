"""``POST /v1/beats`` and its batch form: pairs of plays in, verdicts out."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields

from .common import (
    MAX_BATCH,
    CardList,
    CombinationSchema,
    DeckChecked,
    PlayChoice,
    Strict,
    batch_field,
    play_list,
    ruleset_field,
    stamp_field,
)


class BeatsRequest(DeckChecked):
    play = PlayChoice(required=True, metadata={"description": "the play that tries to beat"})
    previous = PlayChoice(required=True, metadata={"description": "the play on the table"})
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        most = data["rules"].table.landlord_hand
        return [
            *play_list(("play",), data["play"], most),
            *play_list(("previous",), data["previous"], most),
        ]


class BeatsItem(Strict):
    play = PlayChoice(required=True)
    previous = PlayChoice(required=True)


class BeatsBatchRequest(DeckChecked):
    items = batch_field(fields.Nested(BeatsItem), MAX_BATCH)
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        most = data["rules"].table.landlord_hand
        found: list[CardList] = []
        for i, item in enumerate(data["items"]):
            for key in ("play", "previous"):
                found += play_list(("items", i, key), item[key], most)
        return found


class BeatsAnswer(ma.Schema):
    beats = fields.Boolean(required=True)
    reason = fields.String(required=True)
    message = fields.String(required=True)
    play = fields.Nested(CombinationSchema, required=True, allow_none=True)
    previous = fields.Nested(CombinationSchema, required=True)
    ruleset = stamp_field()


class BeatsBatchAnswer(ma.Schema):
    results = fields.List(fields.Nested(BeatsAnswer), required=True)
    ruleset = stamp_field()


__all__ = ["BeatsAnswer", "BeatsBatchAnswer", "BeatsBatchRequest", "BeatsItem", "BeatsRequest"]
