"""Every request and answer schema of the API, in one place.

Request schemas validate and load (card lists become rank counts, rule sets ``RuleSet``s);
answer schemas document the answers, which the views serialize themselves (see ``reply``).
"""

from __future__ import annotations

import re
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.answers import Play
from service.hands import (
    MAX_BIDS,
    MAX_EVENTS,
    Bid,
    Event,
    Part,
    Record,
    record_problems,
)
from service.rules import PRESETS, BiddingMode, Counts, Game, Kind, Rank, RuleSet
from service.rules.events import Phase, Violation
from service.rules.scoring import WIDEST_LIMITS, FactorName, Side

from .fields import (
    DECK,
    WIDEST,
    Cards,
    RuleSetChoice,
    StrictBoolean,
    StrictInteger,
    SuitedCards,
    hand_problems,
)

MAX_HAND = max(r.table.landlord_hand for r in PRESETS.values())
"""The most cards of any hand (the four-player landlord's 33); each game's own limit, its
landlord's hand, is checked with the rule set (``DeckChecked``)."""
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
    game = fields.Enum(Game, by_value=True)
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
    joker_pairs = StrictBoolean()
    bidding = fields.Enum(BiddingMode, by_value=True)
    kitty_hidden = StrictBoolean()
    multiplier_cap = StrictInteger(allow_none=True, validate=validate.Range(1, 1 << 20))


CardList = tuple[tuple[str | int, ...], Counts, int]
"""A card list of a request: its path, its counts and the most cards it may hold."""


class DeckChecked(Strict):
    """A request whose card lists are read against the deck of its own game (its ``ruleset``
    is read first) and held to that game's limit (its landlord's hand, or its deck)."""

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        """Every card list of the request (each schema names its own)."""
        raise NotImplementedError

    def load(self, data: Any, **kwargs: Any) -> Any:
        try:
            rules = self.fields["rules"].deserialize(
                data.get("ruleset", ma.missing) if isinstance(data, dict) else ma.missing
            )
        except ma.ValidationError:  # reported by the load itself
            rules = None
        token = DECK.set(rules.table if isinstance(rules, RuleSet) else WIDEST)
        try:
            return super().load(data, **kwargs)
        finally:
            DECK.reset(token)

    @ma.validates_schema
    def _fits_the_game(self, data: dict[str, Any], **kwargs: Any) -> None:
        rules: RuleSet = data["rules"]
        errors: dict[Any, Any] = {}
        for path, counts, limit in self.card_lists(data):
            found = hand_problems(counts, rules, limit)
            if found:
                node = errors
                for step in path[:-1]:
                    node = node.setdefault(step, {})
                node[path[-1]] = found
        if errors:
            raise ma.ValidationError(errors)


def _play_list(path: tuple[str | int, ...], play: Play | None, limit: int) -> list[CardList]:
    return [] if play is None else [(path, play.cards, limit)]


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


def _batch(item: ma.fields.Field, limit: int, description: str = "") -> fields.List:  # type: ignore[type-arg]
    """The items of a batch request: 1 to ``limit``, documented as such."""
    metadata = ({"description": description} if description else {}) | {"maxItems": limit}
    return fields.List(item, required=True, validate=validate.Length(1, limit), metadata=metadata)


class ClassifyRequest(DeckChecked):
    cards = Cards(required=True, metadata={"description": "the card set to classify"})
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        return [(("cards",), data["cards"], sum(data["rules"].table.full_deck))]


class ClassifyBatchRequest(DeckChecked):
    items = _batch(Cards(), MAX_BATCH)
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        deck = sum(data["rules"].table.full_deck)
        return [(("items", i), c, deck) for i, c in enumerate(data["items"])]


class PlayObject(Strict):
    """A play with a declared reading, for card sets that read several ways (RULES.md 4)."""

    cards = Cards(required=True, max_cards=MAX_HAND)
    kind = fields.Enum(Kind, by_value=True, load_default=None)
    rank = fields.String(load_default=None, validate=validate.OneOf(RANK_CHARS))

    @ma.post_load
    def _play(self, data: dict[str, Any], **kwargs: Any) -> Play:
        return Play(data["cards"], data["kind"], data["rank"])


_PLAY_OBJECT = PlayObject()


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
            play: Play = _PLAY_OBJECT.load(value)
            return play
        return Play(self.cards.deserialize(value))


class BeatsRequest(DeckChecked):
    play = PlayChoice(required=True, metadata={"description": "the play that tries to beat"})
    previous = PlayChoice(required=True, metadata={"description": "the play on the table"})
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        most = data["rules"].table.landlord_hand
        return [
            *_play_list(("play",), data["play"], most),
            *_play_list(("previous",), data["previous"], most),
        ]


class BeatsItem(Strict):
    play = PlayChoice(required=True)
    previous = PlayChoice(required=True)


class BeatsBatchRequest(DeckChecked):
    items = _batch(fields.Nested(BeatsItem), MAX_BATCH)
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        most = data["rules"].table.landlord_hand
        found: list[CardList] = []
        for i, item in enumerate(data["items"]):
            for key in ("play", "previous"):
                found += _play_list(("items", i, key), item[key], most)
        return found


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

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        most = data["rules"].table.landlord_hand
        return [
            (("hand",), data["hand"], most),
            *_play_list(("previous",), data["previous"], most),
        ]


def _limited(name: str, default: int | None = None) -> StrictInteger:
    low, high = WIDEST_LIMITS[name]  # the game's own: score()
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


# --- whole hands: POST /v1/hands/validate, its batch, POST /v1/matches/score ------------------

MAX_HANDS = MAX_BATCH
"""Hand records in one batch or one match ledger."""
PLAYER_PATTERN = "^[A-Za-z0-9._:@+-]{1,64}$"
"""A player id of a match ledger: 1 to 64 letters, digits or ``. _ : @ + -``."""
_PLAYER_RE = re.compile(PLAYER_PATTERN.strip("^$"))


MAX_SEATS = max(r.table.seats for r in PRESETS.values())
"""Seats of the largest game (four players); a seat the game lacks is the referee's verdict."""


def _seat(description: str) -> StrictInteger:
    return StrictInteger(
        required=True,
        validate=validate.Range(0, MAX_SEATS - 1),
        metadata={"description": f"{description} (0 to 2; 0 to 3 in the four-player game)"},
    )


class DealSchema(Strict):
    """The deal: each seat's cards and the kitty, suits optional (three-player game: 17 a
    seat and 3; four-player: 25 and 8; Big Three: 16 and 4)."""

    hands = fields.List(
        SuitedCards(),
        required=True,
        validate=validate.Length(3, MAX_SEATS),
        metadata={
            "description": "the cards dealt to each seat, from seat 0 (three or four seats)",
            "minItems": 3,
        },
    )
    kitty = SuitedCards(required=True, metadata={"description": "the face-down cards"})


class BidSchema(Strict):
    """One bid of the auction."""

    seat = _seat("the seat that speaks")
    bid = StrictInteger(
        required=True, validate=validate.Range(0, 3), metadata={"description": "1, 2, 3; 0: pass"}
    )

    @ma.post_load
    def _bid(self, data: dict[str, Any], **kwargs: Any) -> Bid:
        return Bid(**data)


class PlayEvent(Strict):
    """A play: the seat and its cards, with a declared reading for an ambiguous set."""

    seat = _seat("the seat that plays")
    cards = SuitedCards(required=True, max_cards=MAX_HAND)
    kind = fields.Enum(Kind, by_value=True, load_default=None, allow_none=False)
    rank = fields.String(load_default=None, allow_none=False, validate=validate.OneOf(RANK_CHARS))

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
            "minimum": 0,
            "maximum": MAX_SEATS - 1,
            "description": "the seat that acts",
        }

    cards = {"oneOf": Cards(max_cards=MAX_HAND).metadata["oneOf"]}
    play = {
        "type": "object",
        "title": "play",
        "properties": {
            "seat": seat(),
            "cards": cards | {"description": "the cards played"},
            "kind": {"enum": list(KIND_NAMES), "description": "the declared kind (RULES.md 4)"},
            "rank": {"enum": list(RANK_CHARS), "description": "the declared primal rank"},
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
            text = 'an event is {"seat", "cards", "kind"?, "rank"?} or {"seat", "pass": true}'
            raise ma.ValidationError([{"code": "invalid_type", "message": text}])
        event: Event = (self.passes if "pass" in value else self.play).load(value)
        return event


def _bids() -> fields.List[Any]:
    return fields.List(
        fields.Nested(BidSchema),
        load_default=list,
        validate=validate.Length(max=MAX_BIDS),
        metadata={"description": "the bids in order", "maxItems": MAX_BIDS, "default": []},
    )


def _events() -> fields.List[Any]:
    return fields.List(
        EventChoice(),
        load_default=list,
        validate=validate.Length(max=MAX_EVENTS),
        metadata={
            "description": "every play and pass in order",
            "maxItems": MAX_EVENTS,
            "default": [],
        },
    )


class HandRecord(Strict):
    """A hand as recorded, finished or in progress; loads ``{"record": Record, ...}``."""

    deal = fields.Nested(DealSchema, required=True)
    first_bidder = _seat("the seat that bids first")
    bids = _bids()
    events = _events()
    doublings = _limited("doublings", 0)

    @ma.post_load
    def _record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        deal = data.pop("deal")
        record = Record(
            hands=tuple(deal["hands"]),
            kitty=deal["kitty"],
            first_bidder=data.pop("first_bidder"),
            bids=tuple(data.pop("bids")),
            events=tuple(data.pop("events")),
            doublings=data.pop("doublings"),
        )
        return {"record": record, **data}


class HandValidateRequest(HandRecord):
    bids, events = _bids(), _events()  # new fields: the document shares no objects (no anchors)
    rules = ruleset_field()

    @ma.validates_schema
    def _fits_the_game(self, data: dict[str, Any], **kwargs: Any) -> None:
        found = record_problems(
            len(data["bids"]), len(data["events"]), data["doublings"], data["rules"]
        )
        if found:
            raise ma.ValidationError(found)


class HandValidateBatchRequest(Strict):
    items = _batch(fields.Nested(HandRecord), MAX_HANDS)
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

    bids, events = _bids(), _events()  # new fields: the document shares no objects (no anchors)

    players = fields.List(
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
    hands = _batch(fields.Nested(LedgerHand), MAX_HANDS, "the hands of the match, in order")
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


def _nullable_enum(values: list[str], description: str) -> fields.String:
    return fields.String(
        required=True,
        allow_none=True,
        metadata={"enum": [*values, None], "description": description},
    )


class HandErrorSchema(ma.Schema):
    part = fields.String(required=True, validate=validate.OneOf([p.value for p in Part]))
    index = fields.Integer(
        required=True, allow_none=True, metadata={"description": "in bids or events"}
    )
    seat = fields.Integer(required=True, allow_none=True)
    code = fields.String(required=True, validate=validate.OneOf([v.value for v in Violation]))
    reason = fields.String(
        required=True, allow_none=True, metadata={"description": "why a play does not beat"}
    )
    message = fields.String(required=True)


class HandAnswer(ma.Schema):
    valid = fields.Boolean(required=True)
    error = fields.Nested(HandErrorSchema, required=True, allow_none=True)
    phase = _nullable_enum([p.value for p in Phase], "null: the deal is impossible")
    landlord = fields.Integer(required=True, allow_none=True)
    bid = fields.Integer(required=True, metadata={"description": "the highest bid (0: none)"})
    winner = _nullable_enum([s.value for s in Side], "who won, once the hand has ended")
    hands = fields.List(
        fields.String(), required=True, metadata={"description": "each seat's cards now"}
    )
    bombs = fields.Integer(required=True)
    rockets = fields.Integer(required=True)
    spring = fields.Boolean(required=True)
    anti_spring = fields.Boolean(required=True)
    to_act = fields.Integer(required=True, allow_none=True)
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
    ruleset = _stamp()


class HandBatchAnswer(ma.Schema):
    results = fields.List(fields.Nested(HandAnswer), required=True)
    ruleset = _stamp()


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
    phase = _nullable_enum([p.value for p in Phase], "null: the deal is impossible")
    landlord = fields.Integer(required=True, allow_none=True)
    winner = _nullable_enum([s.value for s in Side], "who won, once the hand has ended")
    score = fields.Nested(ScoreAnswer, required=True, allow_none=True)
    points = _by_player("each player's points in this hand (0 when it is not scored)")
    totals = _by_player("each player's total after this hand")


class MatchScoreAnswer(ma.Schema):
    hands = fields.List(fields.Nested(LedgerEntry), required=True)
    totals = _by_player("each player's total over the match (they sum to 0)")
    invalid = fields.List(
        fields.Integer(), required=True, metadata={"description": "the invalid hands' indexes"}
    )
    ruleset = _stamp()
