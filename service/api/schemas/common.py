"""What every request and answer schema is made of: strict objects, the ``ruleset`` field,
card lists checked against the request's own game, plays, the rule-set stamp and the
combination of the answers, problem documents and the health probes' answers."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.answers import Play
from service.rules import PRESETS, Counts, Game, Kind, Rank, RuleSet
from service.rules.ruleset import OPTIONS
from service.rules.ruleset import default as default_of

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
RANK_NAMES = {"x-enum-varnames": [r.name for r in Rank]}
"""The ranks' names beside their characters (``THREE`` for ``"3"``, ``RED_JOKER`` for ``"R"``),
which client generators give the members of the rank enum instead of ``VALUE_0``, ``VALUE_1``."""
KIND_NAMES = [k.value for k in Kind]


class Strict(ma.Schema):
    """Unknown fields are errors (and the OpenAPI document says so)."""

    class Meta:
        unknown = ma.RAISE


# --- requests -------------------------------------------------------------------------------


def option_field(name: str) -> ma.fields.Field:  # type: ignore[type-arg]
    """The request field of a rule option, from its declaration (``service.rules.OPTIONS``):
    its type, range or values, and its description, with the games that take it and the
    option it needs.

    >>> option_field("kicker_rank_max").validators[0]
    <Range(min=2, max=3, min_inclusive=True, max_inclusive=True, error=None)>
    """
    spec, default = OPTIONS[name], default_of(name)
    notes = []
    if spec.games is not None:
        notes.append(f"{' or '.join(g for g in Game if g in spec.games)} only")
    if spec.needs is not None:
        notes.append(f"needs {spec.needs.option} {' or '.join(spec.needs.values)}".strip())
    text = "; ".join([spec.doc, *notes])
    metadata = {"description": text}
    if isinstance(spec.values, type):
        return fields.Enum(spec.values, by_value=True, metadata=metadata)
    if isinstance(spec.values, range):
        between = validate.Range(spec.values[0], spec.values[-1])
        return StrictInteger(allow_none=spec.nullable, validate=between, metadata=metadata)
    if isinstance(default, bool):
        return StrictBoolean(metadata=metadata)
    if isinstance(default, tuple):  # the one option whose value is a list: the wild ranks
        return WildRanks(metadata=metadata)
    raise TypeError(f"rule option {name}: no request field for its type ({default!r})")


RuleSetOptions = Strict.from_dict(
    {
        "name": fields.String(
            load_default="standard",
            validate=validate.OneOf(list(PRESETS)),
            metadata={"description": "the named rule set whose options are overridden"},
        ),
        **{name: option_field(name) for name in OPTIONS},
    },
    name="RuleSetOptions",
)
"""A named rule set with some options overridden (docs/rules.md §8): a field per option,
derived from the options' declarations."""


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


def batch_field(
    item: ma.fields.Field,  # type: ignore[type-arg]
    limit: int,
    description: str = "",
    *,
    kind: type[List] = List,
) -> List:
    """The items of a batch request: 1 to ``limit``, documented as such (a list field of
    ``kind``)."""
    metadata = ({"description": description} if description else {}) | {"maxItems": limit}
    return kind(item, required=True, validate=validate.Length(1, limit), metadata=metadata)


class PlayObject(Strict):
    """A play with a declared reading, for card sets that read several ways (docs/rules.md §4)."""

    cards = Cards(required=True, max_cards=MAX_HAND)
    kind = fields.Enum(Kind, by_value=True, load_default=None)
    # Described as ``kind`` is (an enum with null among its values, no ``type``), which client
    # generators model as one optional enum.
    rank = fields.Raw(
        load_default=None, validate=validate.OneOf(list(RANK_CHARS)), metadata=RANK_NAMES
    )
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


READ_MAX = 65_536
"""Card strings whose plays are kept (per deck), before the deck's table starts afresh."""
_KEPT: dict[tuple[int, int], dict[str, Play]] = {}
_PLAY_CARDS = Cards(max_cards=MAX_HAND)


def kept_plays() -> dict[str, Play]:
    """The plays of the card strings read so far against the request's deck (``DECK``), by
    string: a card string is read once, whichever field of whichever request reads it (a batch
    of a hundred pairs reads many ``"3"``s)."""
    deck = DECK.get()
    return _KEPT.setdefault((deck.copies, deck.jokers), {})


def read_play(value: str, kept: dict[str, Play]) -> Play:
    """The play of a card string not kept yet, read against the request's deck and kept in
    ``kept`` (its ``kept_plays``); a ``ValidationError`` if it does not read."""
    # The card list's own reading: null and missing were the field's to refuse, and a card
    # list has no validators (Field.deserialize around it cost more than that)
    found = Play(_PLAY_CARDS._deserialize(value, None, None))
    if len(kept) >= READ_MAX:
        kept.clear()
    kept[value] = found
    return found


class PlayChoice(ma.fields.Field):  # type: ignore[type-arg]
    """A play: a card list, or an object declaring its reading; loads a ``Play``.

    A card string's play is kept (``kept_plays``); an array, an object and a string that does
    not read are read every time."""

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
        if not isinstance(value, str):
            return Play(self.cards._deserialize(value, attr, data))
        kept = kept_plays()
        return kept.get(value) or read_play(value, kept)


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
    rank = fields.String(required=True, validate=validate.OneOf(RANK_CHARS), metadata=RANK_NAMES)
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
    "RANK_NAMES",
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
    "kept_plays",
    "nullable_enum",
    "play_list",
    "read_play",
    "ruleset_field",
    "stamp_field",
]
