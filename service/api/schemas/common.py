"""What every request and answer schema is made of: strict objects, the ``ruleset`` field,
card lists checked against the request's own game, plays, the rule-set stamp and the
combination of the answers, problem documents and the health probes' answers."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.answers import Play
from service.rules import (
    PRESETS,
    AllPass,
    BiddingMode,
    Counts,
    Doubling,
    Game,
    Kind,
    Rank,
    RuleSet,
    WildMode,
)

from ..fields import (
    DECK,
    WIDEST,
    Cards,
    List,
    RuleSetChoice,
    StrictBoolean,
    StrictInteger,
    Substitution,
    WildRanks,
    hand_problems,
)

MAX_HAND = max(r.table.landlord_hand for r in PRESETS.values())
"""The most cards of any hand (the four-player landlord's 33); each game's own limit, its
landlord's hand, is checked with the rule set (``DeckChecked``)."""
MAX_BATCH = 100
"""Items in one batch request."""

RANK_CHARS = [r.char for r in Rank]
KIND_NAMES = [k.value for k in Kind]


class Strict(ma.Schema):
    """Unknown fields are errors (and the OpenAPI document says so)."""

    class Meta:
        unknown = ma.RAISE


# --- requests -------------------------------------------------------------------------------


class RuleSetOptions(Strict):
    """A named rule set with some options overridden (docs/rules.md §8)."""

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
    shuttle_one_kicker = StrictBoolean()
    no_airplane_singles = StrictBoolean()
    no_airplane_pairs = StrictBoolean()
    four_five_bombs_one_class = StrictBoolean()
    bidding = fields.Enum(BiddingMode, by_value=True)
    kitty_hidden = StrictBoolean()
    multiplier_cap = StrictInteger(allow_none=True, validate=validate.Range(1, 1 << 20))
    spring_per_farmer = StrictBoolean()
    no_anti_spring = StrictBoolean()
    two_pass_tricks = StrictBoolean(
        metadata={"description": "four_player only: a trick ends after two passes in a row"}
    )
    free_first_bidder = StrictBoolean(
        metadata={"description": "big_three only: the first bidder need not hold the 4 of hearts"}
    )
    face_up_bids_first = StrictBoolean(
        metadata={
            "description": "three_player only: the seat that drew the face-up card bids first "
            "(a record's face_up is checked against first_bidder)"
        }
    )
    all_pass = fields.Enum(
        AllPass,
        by_value=True,
        metadata={
            "description": "when every seat passes the bids: redeal, or first_bidder (the first "
            "bidder is landlord at stake 1, as Botzone's judge)"
        },
    )
    show_cards = StrictBoolean(
        metadata={"description": "bidding=call_rob: seats may show their hands (明牌, x5..x2)"}
    )
    doubling = fields.Enum(
        Doubling,
        by_value=True,
        metadata={
            "description": "bidding=call_rob: each seat doubles after the kitty: none, double "
            "(x2), super (x2 or x4)"
        },
    )
    base_stake = StrictInteger(
        validate=validate.Range(1, 1 << 20),
        metadata={"description": "the room's base stake: every score times it"},
    )
    wilds = fields.Enum(
        WildMode,
        by_value=True,
        metadata={
            "description": "wild cards (docs/rules.md §14): none, laizi (one wild rank), "
            "tiandi (two)"
        },
    )
    wild = WildRanks(
        metadata={
            "description": "the wild ranks drawn: one rank under laizi, two under tiandi (the "
            "first drawn after the deal, the second after the kitty); required by those games"
        }
    )
    soft_hard_by_rank = StrictBoolean(
        metadata={"description": "wild games: hard and soft bombs one class, compared by rank"}
    )
    hard_bombs_x4 = StrictBoolean(
        metadata={"description": "wild games: hard and pure bombs x4 in the score (soft x2)"}
    )


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


def play_list(path: tuple[str | int, ...], play: Play | None, limit: int) -> list[CardList]:
    """A play's card list, if there is a play (``previous`` may be null).

    >>> play_list(("previous",), None, 20)
    []
    """
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


def batch_field(item: ma.fields.Field, limit: int, description: str = "") -> List:  # type: ignore[type-arg]
    """The items of a batch request: 1 to ``limit``, documented as such."""
    metadata = ({"description": description} if description else {}) | {"maxItems": limit}
    return List(item, required=True, validate=validate.Length(1, limit), metadata=metadata)


class PlayObject(Strict):
    """A play with a declared reading, for card sets that read several ways (docs/rules.md §4)."""

    cards = Cards(required=True, max_cards=MAX_HAND)
    kind = fields.Enum(Kind, by_value=True, load_default=None)
    # Described as ``kind`` is (an enum with null among its values, no ``type``), which client
    # generators model as one optional enum.
    rank = fields.Raw(load_default=None, validate=validate.OneOf(list(RANK_CHARS)))
    substitution = Substitution(
        load_default=None,
        metadata={
            "description": "wild games (docs/rules.md §14): what the wild cards stand for, by "
            'wild rank: {"7": "35"} reads two 7s as a 3 and a 5'
        },
    )

    @ma.post_load
    def _play(self, data: dict[str, Any], **kwargs: Any) -> Play:
        return Play(data["cards"], data["kind"], data["rank"], data["substitution"])


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


# --- answers --------------------------------------------------------------------------------


class RuleSetStamp(ma.Schema):
    name = fields.String(required=True)
    version = fields.String(required=True)
    overrides = fields.List(fields.String(), required=True)
    wild = fields.List(
        fields.String(), metadata={"description": "a wild game's wild ranks (docs/rules.md §14)"}
    )


class CombinationSchema(ma.Schema):
    cards = fields.String(required=True, metadata={"example": "33344"})
    kind = fields.String(required=True, validate=validate.OneOf(KIND_NAMES))
    rank = fields.String(required=True, validate=validate.OneOf(RANK_CHARS))
    length = fields.Integer(required=True)
    primal = fields.String(required=True)
    kickers = fields.String(required=True)
    name = fields.String(required=True)
    name_zh = fields.String(required=True)
    read_as = fields.String(
        metadata={"description": "wild games: the cards as read, each wild as what it stands for"}
    )
    substitution = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "wild games: what the wild cards stand for, by wild rank"},
    )
    bomb_class = fields.String(
        validate=validate.OneOf(["soft", "hard", "pure"]),
        metadata={"description": "wild games: a bomb's class (soft < hard < pure)"},
    )


def stamp_field() -> fields.Nested:
    """The ``ruleset`` of every answer: the name, version and overrides of the rules used."""
    return fields.Nested(RuleSetStamp, required=True)


def nullable_enum(values: list[str], description: str) -> fields.Raw:
    """A required answer field that holds one of ``values``, or null: described as ``oneOf`` a
    string enum and null (as ``PlayChoice`` describes a null play), which client generators
    model as one enum, optional (``type: [string, null]`` with null among the values made
    openapi-python-client write three identical enum classes)."""
    one_of = [{"type": "string", "enum": values}, {"type": "null"}]
    return fields.Raw(
        required=True, allow_none=True, metadata={"oneOf": one_of, "description": description}
    )


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


__all__ = [
    "KIND_NAMES",
    "MAX_BATCH",
    "MAX_HAND",
    "RANK_CHARS",
    "CardList",
    "CombinationSchema",
    "DeckChecked",
    "Health",
    "PlayChoice",
    "PlayObject",
    "Problem",
    "ProblemItem",
    "Readiness",
    "RuleSetOptions",
    "RuleSetStamp",
    "Strict",
    "batch_field",
    "nullable_enum",
    "play_list",
    "ruleset_field",
    "stamp_field",
]
