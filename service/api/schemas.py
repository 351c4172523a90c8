"""Every request and answer schema of the API, in one place.

Request schemas validate and load (card lists become rank counts, rule sets ``RuleSet``s);
answer schemas document the answers, which the views serialize themselves (see ``reply``).
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.answers import Play
from service.rules import PRESETS, BiddingMode, Kind, Rank
from service.rules.scoring import LIMITS, FactorName, Side

from .fields import Cards, RuleSetChoice, StrictBoolean, StrictInteger

MAX_HAND = 20
"""The most cards a hand holds (the landlord's 17 and the kitty's 3)."""
MAX_BATCH = 100
"""Items in one batch request."""
MAX_PAGE = 1000
"""Moves in one page of legal moves."""
MAX_OFFSET = 100_000

RANK_CHARS = [r.char for r in Rank]
KIND_NAMES = [k.value for k in Kind]


class Strict(ma.Schema):
    """Unknown fields are errors (and the OpenAPI document says so)."""

    class Meta:
        unknown = ma.RAISE


# --- requests -------------------------------------------------------------------------------


class RuleSetOptions(Strict):
    """A named rule set with some options overridden (RULES.md section 8)."""

    name = fields.String(
        load_default="standard",
        validate=validate.OneOf(list(PRESETS)),
        metadata={"description": "the named rule set whose options are overridden"},
    )
    four_with_two = StrictBoolean()
    kicker_ranks_repeat = StrictBoolean()
    kicker_rank_max = StrictInteger(validate=validate.Range(2, 3))
    rocket_as_kickers = StrictBoolean()
    bomb_in_kickers = StrictBoolean()
    adjacent_trio_kickers = StrictBoolean()
    same_rank_pairs = StrictBoolean()
    four_with_single = StrictBoolean()
    four_with_pair = StrictBoolean()
    space_shuttle = StrictBoolean()
    bidding = fields.Enum(BiddingMode, by_value=True)
    kitty_hidden = StrictBoolean()
    multiplier_cap = StrictInteger(allow_none=True, validate=validate.Range(1, 1 << 20))


def ruleset_field() -> RuleSetChoice:
    """The optional ``ruleset`` of every request (``standard`` when absent)."""
    return RuleSetChoice(
        RuleSetOptions,
        load_default=PRESETS["standard"],
        data_key="ruleset",
        attribute="rules",
        metadata={
            "description": "a rule set name, or a name with options overridden",
            "default": "standard",
        },
    )


class ClassifyRequest(Strict):
    cards = Cards(required=True, metadata={"description": "the card set to classify"})
    rules = ruleset_field()


class ClassifyBatchRequest(Strict):
    items = fields.List(
        Cards(),
        required=True,
        validate=validate.Length(1, MAX_BATCH),
        metadata={"maxItems": MAX_BATCH},
    )
    rules = ruleset_field()


class PlayObject(Strict):
    """A play with a declared reading, for card sets that read several ways (RULES.md 4)."""

    cards = Cards(required=True, max_cards=MAX_HAND)
    kind = fields.Enum(Kind, by_value=True, load_default=None)
    rank = fields.String(load_default=None, validate=validate.OneOf(RANK_CHARS))

    @ma.post_load
    def _play(self, data: dict[str, Any], **kwargs: Any) -> Play:
        return Play(data["cards"], data["kind"], data["rank"])


class PlayChoice(ma.fields.Field):  # type: ignore[type-arg]
    """A play: a card list, or an object declaring its reading; loads a ``Play``."""

    def __init__(self, **kwargs: Any) -> None:
        self.cards = Cards(max_cards=MAX_HAND)
        one_of = [*self.cards.metadata["oneOf"], {"$ref": "#/components/schemas/PlayObject"}]
        if kwargs.get("allow_none"):
            one_of.append({"type": "null"})
        super().__init__(metadata={"oneOf": one_of} | kwargs.pop("metadata", {}), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Play:
        if isinstance(value, dict):
            play: Play = PlayObject().load(value)
            return play
        return Play(self.cards.deserialize(value))


class BeatsRequest(Strict):
    play = PlayChoice(required=True, metadata={"description": "the play that tries to beat"})
    previous = PlayChoice(required=True, metadata={"description": "the play on the table"})
    rules = ruleset_field()


class BeatsItem(Strict):
    play = PlayChoice(required=True)
    previous = PlayChoice(required=True)


class BeatsBatchRequest(Strict):
    items = fields.List(
        fields.Nested(BeatsItem),
        required=True,
        validate=validate.Length(1, MAX_BATCH),
        metadata={"maxItems": MAX_BATCH},
    )
    rules = ruleset_field()


class LegalMovesRequest(Strict):
    hand = Cards(
        required=True, max_cards=MAX_HAND, metadata={"description": "the hand to play from"}
    )
    previous = PlayChoice(
        load_default=None,
        allow_none=True,
        metadata={"description": "the play to answer; absent or null: the hand leads"},
    )
    rules = ruleset_field()
    kinds = fields.List(
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


def _limited(name: str, default: int | None = None) -> StrictInteger:
    low, high = LIMITS[name]
    extra = {"required": True} if default is None else {"load_default": default}
    return StrictInteger(validate=validate.Range(low, high), **extra)


class ScoreRequest(Strict):
    bid = _limited("bid")
    winner = fields.Enum(Side, by_value=True, required=True)
    bombs = _limited("bombs", 0)
    rockets = _limited("rockets", 0)
    spring = StrictBoolean(
        load_default=False,
        metadata={"description": "a spring (landlord won) or anti-spring (farmers won)"},
    )
    doublings = _limited("doublings", 0)
    rules = ruleset_field()


# --- answers --------------------------------------------------------------------------------


class RuleSetStamp(ma.Schema):
    name = fields.String(required=True)
    version = fields.String(required=True)
    overrides = fields.List(fields.String(), required=True)


class CombinationSchema(ma.Schema):
    cards = fields.String(required=True, metadata={"example": "33344"})
    kind = fields.String(required=True, validate=validate.OneOf(KIND_NAMES))
    rank = fields.String(required=True, validate=validate.OneOf(RANK_CHARS))
    length = fields.Integer(required=True)
    primal = fields.String(required=True)
    kickers = fields.String(required=True)
    name = fields.String(required=True)
    name_zh = fields.String(required=True)


def _stamp() -> fields.Nested:
    return fields.Nested(RuleSetStamp, required=True)


class ClassifyAnswer(ma.Schema):
    cards = fields.String(required=True)
    valid = fields.Boolean(required=True)
    combination = fields.Nested(CombinationSchema, required=True, allow_none=True)
    readings = fields.List(fields.Nested(CombinationSchema), required=True)
    reason = fields.String(required=True, allow_none=True)
    ruleset = _stamp()


class ClassifyBatchAnswer(ma.Schema):
    results = fields.List(fields.Nested(ClassifyAnswer), required=True)
    ruleset = _stamp()


class BeatsAnswer(ma.Schema):
    beats = fields.Boolean(required=True)
    reason = fields.String(required=True)
    message = fields.String(required=True)
    play = fields.Nested(CombinationSchema, required=True, allow_none=True)
    previous = fields.Nested(CombinationSchema, required=True)
    ruleset = _stamp()


class BeatsBatchAnswer(ma.Schema):
    results = fields.List(fields.Nested(BeatsAnswer), required=True)
    ruleset = _stamp()


class LegalMovesAnswer(ma.Schema):
    count = fields.Integer(required=True, metadata={"description": "legal moves in all pages"})
    can_pass = fields.Boolean(required=True)
    offset = fields.Integer(required=True)
    moves = fields.List(fields.Nested(CombinationSchema), required=True)
    previous = fields.Nested(CombinationSchema, required=True, allow_none=True)
    ruleset = _stamp()


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
    breakdown = fields.List(fields.Nested(FactorSchema), required=True)
    ruleset = _stamp()


class RuleSetAnswer(RuleSetStamp):
    description = fields.String(required=True)
    options = fields.Dict(keys=fields.String(), required=True)


class RuleSetsAnswer(ma.Schema):
    rulesets = fields.List(fields.Nested(RuleSetAnswer), required=True)


class Health(ma.Schema):
    status = fields.String(required=True)


class Readiness(ma.Schema):
    status = fields.String(required=True)
    cache = fields.Dict(keys=fields.String(), required=True)


class ProblemItem(ma.Schema):
    field = fields.String(metadata={"description": "the offending field, as a dotted path"})
    code = fields.String(required=True)
    message = fields.String(required=True)
    token = fields.String(metadata={"description": "the offending card token"})
    position = fields.Integer(metadata={"description": "where the token starts"})


class Problem(ma.Schema):
    """An RFC 9457 problem document."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    instance = fields.String()
    request_id = fields.String()
    errors = fields.List(fields.Nested(ProblemItem))
