"""``GET /v1/rulesets`` and ``GET /v1/rulesets/{name}``: the named rule sets' answers."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields

from .common import RuleSetStamp


class RuleSetAnswer(RuleSetStamp):
    description = fields.String(required=True)
    options = fields.Dict(keys=fields.String(), required=True)


class RuleSetsAnswer(ma.Schema):
    rulesets = fields.List(fields.Nested(RuleSetAnswer), required=True)


__all__ = ["RuleSetAnswer", "RuleSetsAnswer"]
