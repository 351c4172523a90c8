"""``POST /v1/score``: a finished hand's facts in, its score and breakdown out."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.rules import BiddingMode
from service.rules.scoring import WIDEST_LIMITS, FactorName, Side

from ..fields import List, StrictBoolean, StrictInteger
from .common import Strict, ruleset_field, stamp_field


def limited(name: str, default: int | None = None) -> StrictInteger:
    """A count of a score (``bid``, ``bombs``, ``rockets``, ``doublings``) within what some game
    accepts; required unless it has a default."""
    low, high = WIDEST_LIMITS[name]  # the game's own: score()
    extra = {"required": True} if default is None else {"load_default": default}
    return StrictInteger(validate=validate.Range(low, high), **extra)


_DOUBLING = [validate.Range(1, 4), validate.OneOf((1, 2, 4))]


class SeatDoublings(Strict):
    """Each seat's doubling factor (docs/rules.md §13): 1 none, 2 double, 4 super double."""

    landlord = StrictInteger(required=True, validate=_DOUBLING)
    farmers = List(
        StrictInteger(validate=_DOUBLING),
        required=True,
        validate=validate.Length(2, 2),
        metadata={
            "description": "each farmer's, from the landlord's left (calling and robbing is a "
            "three-player game: two farmers)",
            "minItems": 2,
            "maxItems": 2,
        },
    )


class ScoreRequest(Strict):
    bid = StrictInteger(
        load_default=None,
        validate=validate.Range(*WIDEST_LIMITS["bid"]),
        metadata={
            "description": "the winning bid, the stake (required in games with bids; 1 under "
            "bidding=call_rob and in the six-player game, where it may be left out)"
        },
    )
    winner = fields.Enum(Side, by_value=True, required=True)
    bombs = limited("bombs", 0)
    rockets = limited("rockets", 0)
    spring = StrictBoolean(
        load_default=False,
        metadata={"description": "a spring (landlord won) or anti-spring (farmers won)"},
    )
    doublings = limited("doublings", 0)
    partner = StrictBoolean(
        load_default=False,
        metadata={"description": "six_player: the landlord had a partner (two landlords)"},
    )
    robs = StrictInteger(
        load_default=0,
        validate=validate.Range(0, 3),
        metadata={
            "description": "bidding=call_rob: the robs of the landlord (x2 each)",
            "example": 2,
        },
    )
    show = StrictInteger(
        load_default=1,
        validate=validate.Range(1, 5),
        metadata={
            "description": "show_cards: the highest show factor (1: nobody showed)",
            "example": 5,
        },
    )
    seat_doublings = fields.Nested(
        SeatDoublings,
        load_default=None,
        allow_none=True,
        metadata={
            "description": "doubling: each seat's doubling (null: none)",
            "example": {"landlord": 1, "farmers": [2, 1]},
        },
    )
    bomb_classes = List(
        fields.String(validate=validate.OneOf(["soft", "hard", "pure"])),
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=WIDEST_LIMITS["bombs"][1]),
        metadata={
            "description": "wild games (docs/rules.md §14): each bomb's class, one per bomb "
            "(hard_bombs_x4: hard and pure x4); null elsewhere",
            "maxItems": WIDEST_LIMITS["bombs"][1],
            "example": ["soft", "pure"],
        },
    )
    rules = ruleset_field()

    @ma.post_load
    def _facts(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if data["bomb_classes"] is not None:
            data["bomb_classes"] = tuple(data["bomb_classes"])
        doubled = data["seat_doublings"]
        if doubled is not None:
            data["seat_doublings"] = (doubled["landlord"], *doubled["farmers"])
        if data["bid"] is None:
            rules = data["rules"]
            if rules.bidding is not BiddingMode.CALL_ROB and rules.table.max_bid > 1:
                text = f"a {rules.name} score names the winning bid"
                raise ma.ValidationError({"bid": [{"code": "required_in_game", "message": text}]})
            data["bid"] = 1
        return data


class FactorSchema(ma.Schema):
    name = fields.String(required=True, validate=validate.OneOf([f.value for f in FactorName]))
    factor = fields.Integer(required=True)
    detail = fields.String(required=True)
    scope = fields.String(
        metadata={
            "description": "a seat's doubling: whose settlements it multiplies (landlord: every "
            "farmer's; farmer N: the Nth farmer's from the landlord's left, from 0)",
            "example": "farmer 1",
        }
    )


class ScoreAnswer(ma.Schema):
    winner = fields.String(required=True, validate=validate.OneOf([s.value for s in Side]))
    stake = fields.Integer(required=True)
    multiplier = fields.Integer(required=True)
    landlord = fields.Integer(required=True)
    farmers = fields.List(fields.Integer(), required=True)
    capped = fields.Boolean(required=True)
    partner = fields.Integer(
        metadata={"description": "six_player with a partner: the second landlord's points"}
    )
    breakdown = fields.List(fields.Nested(FactorSchema), required=True)
    farmer_multipliers = fields.List(
        fields.Integer(),
        metadata={
            "description": "with seat doublings: each farmer's multiplier (the common one times "
            "its doubling and the landlord's), from the landlord's left",
            "example": [64, 256],
        },
    )
    ruleset = stamp_field()


__all__ = ["FactorSchema", "ScoreAnswer", "ScoreRequest", "SeatDoublings", "limited"]
