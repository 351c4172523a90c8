"""``POST /v1/classify`` and its batch form: card sets in, their readings out."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields

from ..fields import Cards
from .common import (
    MAX_BATCH,
    CardList,
    CombinationSchema,
    DeckChecked,
    batch_field,
    ruleset_field,
    stamp_field,
)


class ClassifyRequest(DeckChecked):
    cards = Cards(required=True, metadata={"description": "the card set to classify"})
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        return [(("cards",), data["cards"], sum(data["rules"].table.full_deck))]


class ClassifyBatchRequest(DeckChecked):
    items = batch_field(Cards(), MAX_BATCH)
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        deck = sum(data["rules"].table.full_deck)
        return [(("items", i), c, deck) for i, c in enumerate(data["items"])]


class ClassifyAnswer(ma.Schema):
    cards = fields.String(required=True)
    valid = fields.Boolean(required=True)
    combination = fields.Nested(CombinationSchema, required=True, allow_none=True)
    readings = fields.List(fields.Nested(CombinationSchema), required=True)
    reason = fields.String(required=True, allow_none=True)
    ruleset = stamp_field()


class ClassifyBatchAnswer(ma.Schema):
    results = fields.List(fields.Nested(ClassifyAnswer), required=True)
    ruleset = stamp_field()


__all__ = ["ClassifyAnswer", "ClassifyBatchAnswer", "ClassifyBatchRequest", "ClassifyRequest"]
