"""``POST /v1/matches/score``: a match's hands with their players in, the ledger out."""

from __future__ import annotations

import re
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.rules.events import Phase
from service.rules.scoring import Side

from ..fields import List
from .common import Strict, batch_field, nullable_enum, ruleset_field, stamp_field
from .records import (
    MAX_HANDS,
    MAX_SEATS,
    HandErrorSchema,
    HandRecord,
    auction_field,
    bids_field,
    events_field,
)
from .score import ScoreAnswer

PLAYER_PATTERN = "^[A-Za-z0-9._:@+-]{1,64}$"
"""A player id of a match ledger: 1 to 64 letters, digits or ``. _ : @ + -``."""
_PLAYER_RE = re.compile(PLAYER_PATTERN.strip("^$"))


def _distinct(players: list[str]) -> None:
    if len(set(players)) != len(players):
        text = "a player sits in one seat of a hand"
        raise ma.ValidationError([{"code": "duplicate_player", "message": text}])


def _player_id(player: str) -> None:
    if not _PLAYER_RE.fullmatch(player):
        text = "a player id is 1 to 64 of A-Z a-z 0-9 . _ : @ + -"
        raise ma.ValidationError([{"code": "invalid_player", "message": text}])


class LedgerHand(HandRecord):
    """A hand of a match: the players of each seat and the hand record."""

    bids, auction, events = (
        bids_field(),
        auction_field(),
        events_field(),
    )  # new fields: the document shares no objects (no anchors)

    players = List(
        fields.String(validate=_player_id, metadata={"pattern": PLAYER_PATTERN}),
        required=True,
        validate=[validate.Length(3, MAX_SEATS), _distinct],
        metadata={
            "description": "the players of each seat, from seat 0 (one per seat of the game)",
            "minItems": 3,
            "uniqueItems": True,
        },
    )


class MatchScoreRequest(Strict):
    hands = batch_field(fields.Nested(LedgerHand), MAX_HANDS, "the hands of the match, in order")
    rules = ruleset_field()

    @ma.validates_schema
    def _a_player_a_seat(self, data: dict[str, Any], **kwargs: Any) -> None:
        seats = data["rules"].table.seats
        problem = {"code": "players_per_seat", "message": f"{seats} players, one a seat"}
        errors: dict[int, dict[str, Any]] = {}
        for i, hand in enumerate(data["hands"]):
            found = hand["record"].problems(data["rules"])
            if len(hand["players"]) != seats:
                found["players"] = [problem]
            if found:
                errors[i] = found
        if errors:
            raise ma.ValidationError({"hands": errors})


def _by_player(description: str) -> fields.Dict:
    return fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": description},
    )


class LedgerEntry(ma.Schema):
    index = fields.Integer(required=True)
    players = fields.List(fields.String(), required=True)
    valid = fields.Boolean(required=True)
    scored = fields.Boolean(required=True)
    error = fields.Nested(HandErrorSchema, required=True, allow_none=True)
    phase = nullable_enum([p.value for p in Phase], "null: the deal is impossible")
    landlord = fields.Integer(required=True, allow_none=True)
    partner = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the six-player second landlord"}
    )
    winner = nullable_enum([s.value for s in Side], "who won, once the hand has ended")
    score = fields.Nested(ScoreAnswer, required=True, allow_none=True)
    points = _by_player("each player's points in this hand (0 when it is not scored)")
    totals = _by_player("each player's total after this hand")


class MatchScoreAnswer(ma.Schema):
    hands = fields.List(fields.Nested(LedgerEntry), required=True)
    totals = _by_player("each player's total over the match (they sum to 0)")
    invalid = fields.List(
        fields.Integer(), required=True, metadata={"description": "the invalid hands' indexes"}
    )
    ruleset = stamp_field()


__all__ = ["PLAYER_PATTERN", "LedgerEntry", "LedgerHand", "MatchScoreAnswer", "MatchScoreRequest"]
