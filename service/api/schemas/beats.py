"""``POST /v1/beats`` and its batch form: pairs of plays in, verdicts out."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields

from service.answers import Play

from ..fields import List, in_notation
from .common import (
    MAX_BATCH,
    CardList,
    CombinationSchema,
    DeckChecked,
    PlayChoice,
    Strict,
    batch_field,
    kept_plays,
    play_list,
    read_play,
    ruleset_field,
    stamp_field,
)


class BeatsRequest(DeckChecked):
    play = PlayChoice(required=True, metadata={"description": "the play that tries to beat"})
    previous = PlayChoice(required=True, metadata={"description": "the play on the table"})
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        most = data["rules"].table.landlord_hand
        return [
            *play_list(("play",), data["play"], most),
            *play_list(("previous",), data["previous"], most),
        ]


class BeatsItem(Strict):
    play = PlayChoice(required=True)
    previous = PlayChoice(required=True)


PAIR = frozenset({"play", "previous"})
"""The fields of a beats item."""


class BeatsItemField(fields.Nested):
    """``BeatsItem``, as documented; an item of the common shape (a ``play`` and a ``previous``,
    card strings in the notation) is read by the item's two fields directly (``common``),
    without a schema load for each of a hundred items, which cost more than comparing them;
    any other (and one whose cards a deck cannot hold) is read by the nested schema, which
    reports what is wrong with it as always, reading it once."""

    def __init__(self) -> None:
        super().__init__(BeatsItem)

    def common(self, value: Any, kept: dict[str, Play]) -> dict[str, Play] | None:
        """The item read as its two fields read it if it is of the common shape (its card
        strings' plays looked up in ``kept``, the request deck's ``kept_plays``), else None."""
        if type(value) is not dict or value.keys() != PAIR:
            return None
        play = _string(value["play"], kept)
        previous = _string(value["previous"], kept)
        if play is None or previous is None:
            return None
        return {"play": play, "previous": previous}

    def _deserialize(
        self, value: Any, attr: str | None, data: Any, partial: Any = None, **kwargs: Any
    ) -> Any:
        found = self.common(value, kept_plays())
        return found or super()._deserialize(value, attr, data, partial, **kwargs)


def _string(value: Any, kept: dict[str, Play]) -> Play | None:
    """The play of a card string in the notation that reads, else None: a string read before is
    looked up, another read and kept (two strings: nothing for Field.deserialize to check
    around them)."""
    if type(value) is not str:
        return None
    found = kept.get(value)
    if found is None and in_notation(value):
        try:
            found = read_play(value, kept)
        except ma.ValidationError:
            return None  # the nested schema reports it
    return found


class BeatsItems(List):
    """The items of a beats batch: when every item is of the common shape, each is read by
    ``BeatsItemField.common`` with nothing around it (a dict is neither missing nor null, and
    the item field has no validators: ``Field.deserialize`` would only have called it); a list
    with any other item is read as a list field reads it, which reports what is wrong."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        inner = self.inner
        if type(value) is list and isinstance(inner, BeatsItemField):
            self.refuse_too_long(value)
            kept = kept_plays()
            found = [inner.common(item, kept) for item in value]
            if None not in found:
                return found
        return super()._deserialize(value, attr, data, **kwargs)


class BeatsBatchRequest(DeckChecked):
    items = batch_field(BeatsItemField(), MAX_BATCH, kind=BeatsItems)
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        most = data["rules"].table.landlord_hand
        return [
            (("items", i, key), item[key].cards, most)
            for i, item in enumerate(data["items"])
            for key in ("play", "previous")
        ]


class BeatsAnswer(ma.Schema):
    beats = fields.Boolean(required=True)
    reason = fields.String(required=True)
    message = fields.String(required=True)
    play = fields.Nested(CombinationSchema, required=True, allow_none=True)
    previous = fields.Nested(CombinationSchema, required=True)
    ruleset = stamp_field()


class BeatsBatchAnswer(ma.Schema):
    results = fields.List(fields.Nested(BeatsAnswer), required=True)
    ruleset = stamp_field()


__all__ = ["BeatsAnswer", "BeatsBatchAnswer", "BeatsBatchRequest", "BeatsItem", "BeatsRequest"]
