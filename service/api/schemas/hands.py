"""``POST /v1/hands/validate`` and its batch form: hand records in, verdicts and the state
reached out."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.hands import record_problems
from service.rules.events import Phase
from service.rules.online import Stage
from service.rules.scoring import Side

from .common import (
    CombinationSchema,
    Strict,
    batch_field,
    nullable_enum,
    ruleset_field,
    stamp_field,
)
from .records import (
    MAX_HANDS,
    HandErrorSchema,
    HandRecord,
    auction_field,
    bids_field,
    events_field,
    record_of,
)
from .score import ScoreAnswer


class HandValidateRequest(HandRecord):
    bids, auction, events = (
        bids_field(),
        auction_field(),
        events_field(),
    )  # new fields: the document shares no objects (no anchors)
    rules = ruleset_field()

    @ma.validates_schema
    def _fits_the_game(self, data: dict[str, Any], **kwargs: Any) -> None:
        found = record_problems(record_of(data), data["rules"])
        if found:
            raise ma.ValidationError(found)


class HandValidateBatchRequest(Strict):
    items = batch_field(fields.Nested(HandRecord), MAX_HANDS)
    rules = ruleset_field()

    @ma.validates_schema
    def _fits_the_game(self, data: dict[str, Any], **kwargs: Any) -> None:
        found = {
            i: problems
            for i, item in enumerate(data["items"])
            if (problems := item["record"].problems(data["rules"]))
        }
        if found:
            raise ma.ValidationError({"items": found})


class ShowSchema(ma.Schema):
    seat = fields.Integer(required=True)
    stage = fields.String(required=True, validate=validate.OneOf([s.value for s in Stage]))


class AuctionState(ma.Schema):
    """The online table's auction as far as a record went (docs/rules.md §13)."""

    caller = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the seat that called"}
    )
    declined = fields.List(fields.Integer(), required=True)
    robbed = fields.List(
        fields.Integer(), required=True, metadata={"description": "each rob, in order (x2 each)"}
    )
    shows = fields.List(fields.Nested(ShowSchema), required=True)
    show_factor = fields.Integer(
        required=True, metadata={"description": "the highest show factor (1: nobody showed)"}
    )
    doublings = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "each seat's doubling factor, from seat 0 (1: none)"},
    )


class HandAnswer(ma.Schema):
    valid = fields.Boolean(required=True)
    error = fields.Nested(HandErrorSchema, required=True, allow_none=True)
    phase = nullable_enum([p.value for p in Phase], "null: the deal is impossible")
    landlord = fields.Integer(required=True, allow_none=True)
    partner = fields.Integer(
        required=True,
        allow_none=True,
        metadata={
            "description": "six-player game: the second landlord, the holder of the third copy "
            "of the announced card (null: none, or the landlord plays alone)"
        },
    )
    bid = fields.Integer(
        required=True,
        metadata={"description": "the highest bid (0: none); the stake, 1, in the six-player game"},
    )
    winner = nullable_enum([s.value for s in Side], "who won, once the hand has ended")
    hands = fields.List(
        fields.String(), required=True, metadata={"description": "each seat's cards now"}
    )
    bombs = fields.Integer(required=True)
    rockets = fields.Integer(required=True)
    spring = fields.Boolean(required=True)
    anti_spring = fields.Boolean(required=True)
    to_act = fields.Integer(required=True, allow_none=True)
    actions = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "what the seat to act may do: pass and bid_1..bid_3 in an auction "
            "of bids; call, decline, rob, no_rob, double, super_double, no_double at the online "
            "table (a show is never a turn); announce; play, and pass when allowed",
            "example": ["rob", "no_rob"],
        },
    )
    auction = fields.Nested(
        AuctionState,
        required=True,
        allow_none=True,
        metadata={
            "description": "the online table's auction (null: none in the rule set)",
            "example": {
                "caller": 0,
                "declined": [],
                "robbed": [1, 0],
                "shows": [{"seat": 0, "stage": "before_deal"}],
                "show_factor": 5,
                "doublings": [1, 2, 1],
            },
        },
    )
    last_play = fields.Nested(
        CombinationSchema,
        required=True,
        allow_none=True,
        metadata={"description": "the play to beat (null: the seat to act leads)"},
    )
    last_player = fields.Integer(required=True, allow_none=True)
    passing_allowed = fields.Boolean(required=True)
    score = fields.Nested(ScoreAnswer, required=True, allow_none=True)
    points = fields.List(
        fields.Integer(),
        required=True,
        allow_none=True,
        metadata={"description": "each seat's points, once the hand has ended"},
    )
    ruleset = stamp_field()


class HandBatchAnswer(ma.Schema):
    results = fields.List(fields.Nested(HandAnswer), required=True)
    ruleset = stamp_field()


__all__ = ["HandAnswer", "HandBatchAnswer", "HandValidateBatchRequest", "HandValidateRequest"]
