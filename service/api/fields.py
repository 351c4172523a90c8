"""The request fields the API's schemas are made of: strict scalars, card lists, rule sets.

Each field validates exactly what its OpenAPI description promises, so that the document and
the server agree on every input (Schemathesis checks both directions).
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

import marshmallow as ma

from service.rules import (
    PRESETS,
    Card,
    CardError,
    Counts,
    RuleSet,
    RuleSetError,
    Table,
    get_ruleset,
    read_hand,
)
from service.rules.cards import (
    CARD_PATTERN,
    CARDS_PATTERN,
    RANK_CHARS,
    format_counts,
    parse_cards,
    parse_counts,
    parse_rank,
    unreadable,
)

MAX_STRING = 256
"""The longest card string accepted (a landlord's 33 cards with separators fit)."""
MAX_TOKEN = 8
"""The longest card token of an array (``"10♠"``, ``"小王"`` fit)."""

_CARDS_RE = re.compile(CARDS_PATTERN)
_CARD_RE = re.compile(CARD_PATTERN)


class StrictBoolean(ma.fields.Boolean):
    """A JSON boolean, and nothing that merely looks like one (``"true"``, ``1``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class List(ma.fields.List):  # type: ignore[type-arg]
    """marshmallow's List, which checks the maximum of its ``Length`` validator before it
    reads the items (marshmallow reads them all, then validates the length): a list longer
    than allowed costs nothing to refuse, with the validator's own message."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, list):
            self.refuse_too_long(value)
        return super()._deserialize(value, attr, data, **kwargs)

    def refuse_too_long(self, value: list[Any]) -> None:
        """The ``Length`` validator's error if ``value`` holds more items than it allows."""
        for length in (v for v in self.validators if isinstance(v, ma.validate.Length)):
            if length.max is not None and len(value) > length.max:
                length(value)  # raises, with the validator's own message


class StrictInteger(ma.fields.Integer):
    """A JSON integer: a number without a fractional part (``2`` or ``2.0``, as JSON Schema
    counts them), never a string or a boolean."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def in_notation(value: object) -> bool:
    """Whether a value is a card string short enough and in the notation (its cards may still
    be more than a deck holds).

    >>> in_notation("3 3 3 10 10"), in_notation("Z"), in_notation(["3"])
    (True, False, False)
    """
    return isinstance(value, str) and len(value) <= MAX_STRING and bool(_CARDS_RE.match(value))


def card_problems(error: CardError) -> list[dict[str, Any]]:
    """A card error as problem entries: code, token, position, message."""
    return [
        {"code": p.code, "token": p.token, "position": p.position, "message": p.message}
        for p in error.problems
    ]


#: The widest deck of any game (two decks of the four-player game): the limit of a card list
#: when no request has named its game (a hand record's cards, judged by the referee).
WIDEST = max((r.table for r in PRESETS.values()), key=lambda t: sum(t.full_deck))
MAX_DECK = sum(WIDEST.full_deck)
DECK: ContextVar[Table] = ContextVar("deck", default=WIDEST)
"""The deck of the request being loaded: set by ``DeckChecked.load`` from its ``ruleset``, so
that a card list is read against its own game's deck (every problem, with its position)."""


class Cards(ma.fields.Field):  # type: ignore[type-arg]
    """A card list (API.md): a string, or an array of card tokens; loads as rank counts.

    At most ``max_cards`` cards; the widest deck (two decks) must be able to hold them; the
    request's own game is checked after (``deck_problems``).
    """

    def __init__(self, *, max_cards: int = MAX_DECK, **kwargs: Any) -> None:
        self.max_cards = max_cards
        metadata = kwargs.pop("metadata", {})
        one_of = [
            {"type": "string", "maxLength": MAX_STRING, "pattern": CARDS_PATTERN},
            {
                "type": "array",
                "maxItems": max_cards,
                "items": {"type": "string", "maxLength": MAX_TOKEN, "pattern": CARD_PATTERN},
            },
        ]
        super().__init__(metadata={"oneOf": one_of} | metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Counts:
        if isinstance(value, str):
            if len(value) > MAX_STRING:
                raise ma.ValidationError([TOO_LONG])
            return self._read(value, bool(_CARDS_RE.match(value)))
        if isinstance(value, list) and len(value) > MAX_DECK:
            raise ma.ValidationError([TOO_LONG])
        if isinstance(value, list) and all(isinstance(t, str) for t in value):
            if any(len(t) > MAX_TOKEN for t in value):
                raise ma.ValidationError([TOO_LONG])
            return self._read(value, all(_CARD_RE.match(t) for t in value))
        raise ma.ValidationError(
            [{"code": "invalid_type", "message": "a card list is a string or an array of strings"}]
        )

    def _read(self, value: str | list[str], fits: bool) -> Counts:
        """The counts of a card list short enough to read: its unreadable tokens are named."""
        try:
            if not fits:
                parse_cards(value)  # names the first unreadable token, if there is one
                raise ma.ValidationError([NOTATION])
            deck = DECK.get()
            counts = read_hand(value, copies=deck.copies, jokers=deck.jokers)
        except CardError as error:
            raise ma.ValidationError(card_problems(error)) from None
        if sum(counts) > self.max_cards:
            text = f"at most {self.max_cards} cards here, not {sum(counts)}"
            raise ma.ValidationError([{"code": "too_many_cards", "message": text}])
        return counts


TOO_LONG = {
    "code": "too_long",
    "message": f"at most {MAX_STRING} characters, or {MAX_DECK} tokens of {MAX_TOKEN}",
}
"""A card list too long to be read: refused before any parsing (a 64 KiB string of unknown
cards was parsed in 360 ms into 60,000 problems)."""
NOTATION = {
    "code": "notation",
    "message": "write suited cards and joker words between spaces or commas, one card per token",
}


def hand_problems(counts: Counts, rules: RuleSet, limit: int) -> list[dict[str, Any]]:
    """More cards than ``limit`` (a game's landlord hand, or its whole deck) in a card list."""
    if sum(counts) > limit:
        text = f"at most {limit} cards here under {rules.name}, not {sum(counts)}"
        return [{"code": "too_many_cards", "message": text}]
    return []


_DECK_CODES = frozenset({"too_many_of_rank", "duplicate_card", "too_many_cards"})


def _card_order(card: Card) -> tuple[int, str]:
    return card.rank, card.suit or ""


class SuitedCards(ma.fields.Field):  # type: ignore[type-arg]
    """A card list of a hand record, read as written: suits kept, and what the deck cannot
    hold left for the referee to judge (a verdict, not a 422); loads sorted ``Card``s."""

    def __init__(self, *, max_cards: int = MAX_DECK, **kwargs: Any) -> None:
        self.checked = Cards(max_cards=max_cards)
        metadata = {"oneOf": self.checked.metadata["oneOf"]} | kwargs.pop("metadata", {})
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            self.checked.deserialize(value)
        except ma.ValidationError as error:
            codes = [m.get("code") if isinstance(m, dict) else None for m in error.messages]
            if not set(codes) <= _DECK_CODES:
                raise
        return tuple(sorted(parse_cards(value), key=_card_order))


class OneCard(ma.fields.Field):  # type: ignore[type-arg]
    """One card token (API.md's notation: a suit optional, a joker word); loads a ``Card``."""

    def __init__(self, **kwargs: Any) -> None:
        schema = {"type": "string", "pattern": CARD_PATTERN, "maxLength": 8}
        super().__init__(metadata=schema | kwargs.pop("metadata", {}), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Card:
        if not isinstance(value, str):
            message = "a card is a string: one card token"
            raise ma.ValidationError([{"code": "invalid_type", "message": message}])
        text = value
        if len(text) > 8 or not _CARD_RE.match(text):
            problem = unreadable(text.strip())  # a knight or a card's back is named
            message = f"one card token (a rank, a suit optional, or a joker), not {text[:16]!r}"
            if problem.code != "unknown_token":
                message = problem.message
            raise ma.ValidationError([{"code": problem.code, "message": message}])
        return Card.parse(text)


_RANK = "(?:10|[2-9TtJjQqKkAa])"
WILD_RANK = f"^{_RANK}$"
"""A rank a wild card may have, or stand for: 3 to 2, never a joker."""
_STANDS = re.compile(f"^{_RANK}*$")
_WILD = re.compile(WILD_RANK)
_WILD_KEYS = (*RANK_CHARS[:13], "10", "t", "j", "q", "k", "a")
"""Every spelling of a wild rank that ``WILD_RANK`` accepts: a substitution's keys."""


class WildRanks(ma.fields.Field):  # type: ignore[type-arg]
    """The wild ranks of a wild game: a rank, or a list of one or two; loads a tuple of rank
    characters (how many the game draws is the rule set's to judge)."""

    def __init__(self, **kwargs: Any) -> None:
        rank = {"type": "string", "pattern": WILD_RANK, "maxLength": 2}
        many = {"type": "array", "items": rank, "minItems": 1, "maxItems": 2}
        super().__init__(metadata={"oneOf": [rank, many]} | kwargs.pop("metadata", {}), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not 1 <= len(items) <= 2:
            message = "wild is a rank, or a list of one or two ranks"
            raise ma.ValidationError([{"code": "invalid_wild", "message": message}])
        try:
            if not all(isinstance(item, str) and _WILD.fullmatch(item) for item in items):
                raise CardError([])
            return tuple(RANK_CHARS[parse_rank(item)] for item in items)
        except CardError:
            message = f"wild ranks are ranks from 3 to 2, not {value!r}"[:200]
            raise ma.ValidationError([{"code": "invalid_wild", "message": message}]) from None


class Substitution(ma.fields.Field):  # type: ignore[type-arg]
    """A declared substitution of a play's wild cards: ``{"7": "35"}``, by wild rank (in any
    rank notation, once each) the ranks its cards stand for; loads a tuple of (wild rank,
    stand-ins) characters, canonical."""

    def __init__(self, **kwargs: Any) -> None:
        stands = {"type": "string", "pattern": _STANDS.pattern, "maxLength": 16}
        schema = {
            "type": "object",
            "maxProperties": 2,
            "properties": dict.fromkeys(_WILD_KEYS, stands),
            "additionalProperties": False,
        }
        super().__init__(metadata=schema | kwargs.pop("metadata", {}), allow_none=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict) or len(value) > 2:
            message = 'a substitution maps each wild rank to the ranks it stands for: {"7": "35"}'
            raise ma.ValidationError([{"code": "invalid_substitution", "message": message}])
        try:
            found = {}
            for wild, stands in value.items():
                if not (
                    isinstance(wild, str) and _WILD.fullmatch(wild) and isinstance(stands, str)
                ):
                    raise CardError([])
                if len(stands) > 16 or not _STANDS.fullmatch(stands):
                    raise CardError([])
                found[RANK_CHARS[parse_rank(wild)]] = format_counts(parse_counts(stands))
        except CardError:
            message = f"a substitution's keys and values are ranks, not {value!r}"[:200]
            raise ma.ValidationError(
                [{"code": "invalid_substitution", "message": message}]
            ) from None
        if len(found) < len(value):  # "T" and "10": one rank, two spellings
            message = f"a substitution names each wild rank once, not {value!r}"[:200]
            raise ma.ValidationError([{"code": "wild_rank_twice", "message": message}])
        return tuple(sorted(found.items()))


@lru_cache(maxsize=512)
def _derived(name: str, options: tuple[tuple[str, Any], ...]) -> RuleSet:
    return get_ruleset(name, **dict(options))


def _drawn(rules: RuleSet) -> RuleSet:
    """A rule set whose wild ranks, in a wild game, are named (docs/rules.md §14)."""
    if rules.wilds.ranks and not rules.wild:
        some = "one rank" if rules.wilds.ranks == 1 else "two ranks"
        message = f"wilds {rules.wilds} needs its wild ranks: name {some} (wild)"
        raise ma.ValidationError({"wild": [{"code": "wild_required", "message": message}]})
    return rules


class RuleSetChoice(ma.fields.Field):  # type: ignore[type-arg]
    """A rule set: a preset's name, or ``{"name": ..., <option>: <value>...}``; loads a RuleSet."""

    def __init__(self, options_schema: type[ma.Schema], **kwargs: Any) -> None:
        self.options_schema = options_schema()
        one_of = [
            {"type": "string", "enum": list(PRESETS)},
            {"$ref": "#/components/schemas/RuleSetOptions"},
        ]
        metadata = {"oneOf": one_of} | kwargs.pop("metadata", {})
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> RuleSet:
        if isinstance(value, str):
            if value not in PRESETS:
                known = ", ".join(PRESETS)
                message = f"unknown rule set {value!r}; known: {known}"
                raise ma.ValidationError([{"code": "unknown_ruleset", "message": message}])
            return _drawn(PRESETS[value])
        if not isinstance(value, dict):
            message = "a rule set is a name or an object with a name and options"
            raise ma.ValidationError([{"code": "invalid_type", "message": message}])
        options = self.options_schema.load(value)
        name = options.pop("name", "standard")
        try:
            return _drawn(_derived(name, tuple(sorted(options.items()))))
        except RuleSetError as error:
            problem = {"code": "contradictory_options", "message": str(error)}
            if str(error).startswith("wild "):  # the ranks' count: the game's to judge
                raise ma.ValidationError({"wild": [problem]}) from None
            raise ma.ValidationError([problem]) from None


__all__ = [
    "MAX_STRING",
    "MAX_TOKEN",
    "Cards",
    "List",
    "OneCard",
    "RuleSetChoice",
    "StrictBoolean",
    "StrictInteger",
    "card_problems",
    "in_notation",
]
