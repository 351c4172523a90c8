"""``POST /v1/legal-moves``: a hand (and the play to answer) in, a page of moves out."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.rules import Kind

from ..fields import Cards, List, StrictInteger
from .common import (
    MAX_HAND,
    CardList,
    CombinationSchema,
    DeckChecked,
    PlayChoice,
    play_list,
    ruleset_field,
    stamp_field,
)

MAX_PAGE = 1000
"""Moves in one page of legal moves."""
MAX_OFFSET = 100_000


class LegalMovesRequest(DeckChecked):
    hand = Cards(
        required=True, max_cards=MAX_HAND, metadata={"description": "the hand to play from"}
    )
    previous = PlayChoice(
        load_default=None,
        allow_none=True,
        metadata={"description": "the play to answer; absent or null: the hand leads"},
    )
    rules = ruleset_field()
    kinds = List(
        fields.Enum(Kind, by_value=True),
        load_default=None,
        validate=validate.Length(max=len(Kind)),
        metadata={"description": "keep only moves of these kinds", "maxItems": len(Kind)},
    )
    limit = StrictInteger(
        load_default=100,
        validate=validate.Range(0, MAX_PAGE),
        metadata={"description": "moves per page"},
    )
    offset = StrictInteger(
        load_default=0,
        validate=validate.Range(0, MAX_OFFSET),
        metadata={"description": "moves to skip"},
    )

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        most = data["rules"].table.landlord_hand
        return [
            (("hand",), data["hand"], most),
            *play_list(("previous",), data["previous"], most),
        ]


class LegalMovesAnswer(ma.Schema):
    count = fields.Integer(required=True, metadata={"description": "legal moves in all pages"})
    can_pass = fields.Boolean(required=True)
    offset = fields.Integer(required=True)
    moves = fields.List(fields.Nested(CombinationSchema), required=True)
    previous = fields.Nested(CombinationSchema, required=True, allow_none=True)
    ruleset = stamp_field()


__all__ = ["MAX_OFFSET", "MAX_PAGE", "LegalMovesAnswer", "LegalMovesRequest"]
