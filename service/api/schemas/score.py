"""``POST /v1/score``: a finished hand's facts in, its score and breakdown out."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from service.rules.scoring import WIDEST_LIMITS, FactorName, Side

from ..fields import StrictBoolean, StrictInteger
from .common import Strict, ruleset_field, stamp_field


def limited(name: str, default: int | None = None) -> StrictInteger:
    """A count of a score (``bid``, ``bombs``, ``rockets``, ``doublings``) within what some game
    accepts; required unless it has a default."""
    low, high = WIDEST_LIMITS[name]  # the game's own: score()
    extra = {"required": True} if default is None else {"load_default": default}
    return StrictInteger(validate=validate.Range(low, high), **extra)


class ScoreRequest(Strict):
    bid = limited("bid")
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
    rules = ruleset_field()


class FactorSchema(ma.Schema):
    name = fields.String(required=True, validate=validate.OneOf([f.value for f in FactorName]))
    factor = fields.Integer(required=True)
    detail = fields.String(required=True)


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
    ruleset = stamp_field()


__all__ = ["FactorSchema", "ScoreAnswer", "ScoreRequest", "limited"]
