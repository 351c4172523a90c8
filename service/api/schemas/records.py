"""A hand record as requests write it: the deal, the first bidder and the bids (six-player
game: the landlord, the face-up card, the announcement and the partner), the plays and passes
(loaded as ``service.hands.Record``), and the violation an answer names."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.hands import MAX_AUCTION, MAX_BIDS, MAX_EVENTS, Bid, Call, Event, Part, Record
from service.hands.botzone import BEATING_NAMES, NAMES
from service.rules import PRESETS, Kind
from service.rules.deal import FaceUp
from service.rules.events import Violation
from service.rules.online import Call as CallName
from service.rules.online import Stage

from ..fields import Cards, List, OneCard, StrictBoolean, StrictInteger, Substitution, SuitedCards
from .common import KIND_NAMES, MAX_BATCH, MAX_HAND, RANK_CHARS, RANK_NAMES, Strict
from .score import limited

MAX_HANDS = MAX_BATCH
"""Hand records in one batch or one match ledger."""
MAX_SEATS = max(r.table.seats for r in PRESETS.values())
"""Seats of the largest game (six players)."""
SEATS = (
    "0 to 2; 0 to 3 in the four-player game, 0 to 5 in the six-player game; any other "
    "integer is read, and the referee's verdict names it"
)


READABLE = validate.Range(-(2**63), 2**63 - 1)
"""The integers a record's seats and bids may hold: any 64-bit integer reads (an answer can
carry it back); the game's own range is the referee's to judge, in a verdict (a record that
can be read is judged, docs/hands.md)."""


def _seat(description: str, *, required: bool = True) -> StrictInteger:
    optional: dict[str, Any] = {} if required else {"load_default": None, "allow_none": True}
    return StrictInteger(
        required=required,
        validate=READABLE,
        metadata={"description": f"{description} ({SEATS})"},
        **optional,
    )


class DealSchema(Strict):
    """The deal: each seat's cards and the kitty, suits optional (three-player game: 17 a
    seat and 3; four-player: 25 and 8; Big Three: 16 and 4; six-player: 26 and 6)."""

    hands = List(
        SuitedCards(),
        required=True,
        validate=validate.Length(3, MAX_SEATS),
        metadata={
            "description": "the cards dealt to each seat, from seat 0 (three, four or six seats)",
            "minItems": 3,
        },
    )
    kitty = SuitedCards(required=True, metadata={"description": "the face-down cards"})


class BidSchema(Strict):
    """One bid of the auction."""

    seat = _seat("the seat that speaks")
    bid = StrictInteger(
        required=True,
        validate=READABLE,
        metadata={
            "description": "1, 2, 3; 0: pass. Any other integer is read: the referee's verdict "
            "is bid_out_of_range (the Botzone judge's INVALID_BID)"
        },
    )

    @ma.post_load
    def _bid(self, data: dict[str, Any], **kwargs: Any) -> Bid:
        return Bid(**data)


class CallSchema(Strict):
    """A call of the online table (docs/rules.md §13): the seat, its action, and a show's stage."""

    seat = _seat("the seat that speaks")
    action = fields.Enum(
        CallName,
        by_value=True,
        required=True,
        metadata={
            "description": "call, decline, rob, no_rob (the auction, in turn); show (any "
            "seat, not a turn; with its stage); double, super_double, no_double (after the "
            "kitty, the farmers from the landlord's left, then the landlord)"
        },
    )
    stage = fields.Enum(
        Stage,
        by_value=True,
        load_default=None,
        allow_none=True,
        metadata={
            "description": "a show's stage: before_deal x5, early_deal x4, late_deal x3, "
            "after_kitty x2 (the landlord)"
        },
    )

    @ma.post_load
    def _call(self, data: dict[str, Any], **kwargs: Any) -> Call:
        stage = data["stage"]
        return Call(seat=data["seat"], action=data["action"].value, stage=stage and stage.value)


class PlayEvent(Strict):
    """A play: the seat and its cards, with a declared reading for an ambiguous set."""

    seat = _seat("the seat that plays")
    cards = SuitedCards(required=True, max_cards=MAX_HAND)
    kind = fields.Enum(Kind, by_value=True, load_default=None, allow_none=False)
    rank = fields.String(
        load_default=None,
        allow_none=False,
        validate=validate.OneOf(RANK_CHARS),
        metadata=RANK_NAMES,
    )
    substitution = Substitution(load_default=None)

    @ma.post_load
    def _event(self, data: dict[str, Any], **kwargs: Any) -> Event:
        return Event(**data)


class PassEvent(Strict):
    """A pass: the seat, and ``"pass": true``."""

    seat = _seat("the seat that passes")
    passes = StrictBoolean(required=True, data_key="pass", validate=validate.Equal(True))

    @ma.post_load
    def _event(self, data: dict[str, Any], **kwargs: Any) -> Event:
        return Event(seat=data["seat"])


def _event_schemas() -> list[dict[str, Any]]:
    """The two shapes of an event, as JSON Schema (``EventChoice`` loads exactly these)."""

    def seat() -> dict[str, Any]:  # a new object each time: the YAML has no anchors
        return {
            "type": "integer",
            "minimum": READABLE.min,
            "maximum": READABLE.max,
            "description": f"the seat that acts ({SEATS})",
        }

    cards = {"oneOf": Cards(max_cards=MAX_HAND).metadata["oneOf"]}
    play = {
        "type": "object",
        "title": "play",
        "properties": {
            "seat": seat(),
            "cards": cards | {"description": "the cards played"},
            "kind": {
                "enum": list(KIND_NAMES),
                "description": "the declared kind (docs/rules.md §4)",
            },
            "rank": {"enum": list(RANK_CHARS), "description": "the declared primal rank"}
            | RANK_NAMES,
            "substitution": dict(Substitution().metadata)
            | {"description": "wild games: what the wild cards stand for (docs/rules.md §14)"},
        },
        "required": ["seat", "cards"],
        "additionalProperties": False,
    }
    passes = {
        "type": "object",
        "title": "pass",
        "properties": {"seat": seat(), "pass": {"const": True}},
        "required": ["seat", "pass"],
        "additionalProperties": False,
    }
    return [play, passes]


class EventChoice(ma.fields.Field):  # type: ignore[type-arg]
    """A play ``{"seat", "cards", "kind"?, "rank"?}`` or a pass ``{"seat", "pass": true}``."""

    def __init__(self, **kwargs: Any) -> None:
        self.play, self.passes = PlayEvent(), PassEvent()  # made once: a record has many events
        super().__init__(metadata={"oneOf": _event_schemas()}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Event:
        if not isinstance(value, dict):
            text = (
                'an event is {"seat", "cards", "kind"?, "rank"?, "substitution"?} '
                'or {"seat", "pass": true}'
            )
            raise ma.ValidationError([{"code": "invalid_type", "message": text}])
        event: Event = (self.passes if "pass" in value else self.play).load(value)
        return event


def bids_field() -> List:
    """A record's bids (a new field each time: the document shares no objects)."""
    return List(
        fields.Nested(BidSchema),
        load_default=list,
        validate=validate.Length(max=MAX_BIDS),
        metadata={"description": "the bids in order", "maxItems": MAX_BIDS, "default": []},
    )


def auction_field() -> List:
    """A record's online calls (a new field each time: the document shares no objects)."""
    return List(
        fields.Nested(CallSchema),
        load_default=list,
        validate=validate.Length(max=MAX_AUCTION),
        metadata={
            "description": "the online table's calls in order (bidding=call_rob: instead of "
            "bids), shows and doublings included",
            "maxItems": MAX_AUCTION,
            "default": [],
            "example": [
                {"seat": 0, "action": "show", "stage": "before_deal"},
                {"seat": 0, "action": "call"},
                {"seat": 1, "action": "rob"},
                {"seat": 2, "action": "no_rob"},
                {"seat": 0, "action": "rob"},
                {"seat": 1, "action": "double"},
                {"seat": 2, "action": "no_double"},
                {"seat": 0, "action": "no_double"},
            ],
        },
    )


def events_field() -> List:
    """A record's plays and passes (a new field each time: the document shares no objects)."""
    return List(
        EventChoice(),
        load_default=list,
        validate=validate.Length(max=MAX_EVENTS),
        metadata={
            "description": "every play and pass in order",
            "maxItems": MAX_EVENTS,
            "default": [],
        },
    )


class FaceUpSchema(Strict):
    """The card turned face up before the draw, and the seat that drew it."""

    card = OneCard(required=True, metadata={"description": "the face-up card (a suit optional)"})
    seat = _seat("the seat that drew it")

    @ma.post_load
    def _face_up(self, data: dict[str, Any], **kwargs: Any) -> FaceUp:
        return FaceUp(**data)


RECORD_FIELDS = (
    "deal",
    "first_bidder",
    "bids",
    "auction",
    "events",
    "doublings",
    "landlord",
    "face_up",
    "announcement",
    "partner",
)
"""The fields of a request that make its ``Record``."""


def record_of(data: dict[str, Any]) -> Record:
    """The ``Record`` of a loaded request's fields (the data is left as it is)."""
    return Record(
        hands=tuple(data["deal"]["hands"]),
        kitty=data["deal"]["kitty"],
        first_bidder=data["first_bidder"],
        bids=tuple(data["bids"]),
        auction=tuple(data["auction"]),
        events=tuple(data["events"]),
        doublings=data["doublings"],
        landlord=data["landlord"],
        face_up=data["face_up"],
        announcement=data["announcement"],
        partner=data["partner"],
    )


class HandRecord(Strict):
    """A hand as recorded, finished or in progress; loads ``{"record": Record, ...}``."""

    deal = fields.Nested(DealSchema, required=True)
    first_bidder = _seat("the seat that bids first (games with bidding)", required=False)
    bids = bids_field()
    auction = auction_field()
    events = events_field()
    doublings = limited("doublings", 0)
    landlord = _seat(
        "six-player game: the landlord (default: the seat that drew face_up)", required=False
    )
    face_up = fields.Nested(
        FaceUpSchema,
        load_default=None,
        allow_none=True,
        metadata={
            "description": "the face-up card and who drew it: the six-player landlord, or the "
            "first bidder under face_up_bids_first (three-player game)"
        },
    )
    announcement = OneCard(
        load_default=None,
        allow_none=True,
        metadata={
            "description": "six-player game: the card the landlord holds twice and announces "
            "(null: nothing, it plays alone)"
        },
    )
    partner = _seat(
        "six-player game: the second landlord (needed when the deal does not name every suit)",
        required=False,
    )

    @ma.post_load
    def _record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        rest = {k: v for k, v in data.items() if k not in RECORD_FIELDS}
        return {"record": record_of(data), **rest}


BOTZONE_NAMES = "^({}|INVALID_INPUT_VERDICT_.+)$".format(
    "|".join(sorted({*NAMES.values(), *BEATING_NAMES.values(), "MISSING_CARD", "REPEATED_CARD"}))
)
"""The Botzone judge's names of violations, as a pattern."""


class HandErrorSchema(ma.Schema):
    part = fields.String(required=True, validate=validate.OneOf([p.value for p in Part]))
    index = fields.Integer(
        required=True,
        allow_none=True,
        metadata={
            "description": "the position in bids, auction or events (null: deal, announcement)"
        },
    )
    seat = fields.Integer(required=True, allow_none=True)
    code = fields.String(required=True, validate=validate.OneOf([v.value for v in Violation]))
    reason = fields.String(
        required=True, allow_none=True, metadata={"description": "why a play does not beat"}
    )
    message = fields.String(required=True)
    botzone = fields.String(
        required=True,
        allow_none=True,
        validate=validate.Regexp(BOTZONE_NAMES),
        metadata={
            "description": "the Botzone FTL2 judge's name of the violation (null: the judge "
            "has none); INVALID_INPUT_VERDICT_ and the platform's verdict for a bot's run "
            "that failed, in a Botzone log",
            "pattern": BOTZONE_NAMES,
        },
    )


__all__ = [
    "MAX_HANDS",
    "MAX_SEATS",
    "BidSchema",
    "CallSchema",
    "DealSchema",
    "EventChoice",
    "FaceUpSchema",
    "HandErrorSchema",
    "HandRecord",
    "PassEvent",
    "PlayEvent",
    "auction_field",
    "bids_field",
    "events_field",
    "record_of",
]
