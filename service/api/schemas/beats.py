"""``POST /v1/beats`` and its batch form: pairs of plays in, verdicts out."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields

from ..fields import in_notation
from .common import (
    MAX_BATCH,
    CardList,
    CombinationSchema,
    DeckChecked,
    PlayChoice,
    Strict,
    batch_field,
    play_list,
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


class BeatsItemField(fields.Nested):
    """``BeatsItem``, as documented; an item of the common shape (a ``play`` and a ``previous``,
    card strings in the notation) is read by the item's two fields directly, without a schema
    load for each of a hundred items, which cost more than comparing them; any other (and one
    whose cards a deck cannot hold) is read by the nested schema, which reports what is wrong
    with it as always, reading it once."""

    def __init__(self) -> None:
        super().__init__(BeatsItem)
        declared = BeatsItem._declared_fields
        self.plays = (declared["play"], declared["previous"])

    def _deserialize(
        self, value: Any, attr: str | None, data: Any, partial: Any = None, **kwargs: Any
    ) -> Any:
        if (
            type(value) is dict
            and value.keys() == {"play", "previous"}
            and in_notation(value["play"])
            and in_notation(value["previous"])
        ):
            play, previous = self.plays
            try:  # two strings: nothing for Field.deserialize to check around the reading
                return {
                    "play": play._deserialize(value["play"], "play", value),
                    "previous": previous._deserialize(value["previous"], "previous", value),
                }
            except ma.ValidationError:
                pass  # the nested schema reports it
        return super()._deserialize(value, attr, data, partial, **kwargs)


class BeatsBatchRequest(DeckChecked):
    items = batch_field(BeatsItemField(), MAX_BATCH)
    rules = ruleset_field()

    def card_lists(self, data: dict[str, Any]) -> list[CardList]:
        most = data["rules"].table.landlord_hand
        found: list[CardList] = []
        for i, item in enumerate(data["items"]):
            for key in ("play", "previous"):
                found += play_list(("items", i, key), item[key], most)
        return found


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
