"""``POST /v1/hands/validate/botzone``: a Botzone match log of FTL2 as the judge reads it (its
input: ``initdata`` and ``log``; what else the judge's requests and the bots' answers hold is
left aside), loaded as ``service.hands.botzone_log.BotzoneLog``; the judge's verdict and the
usual answer out.

The log's objects are open, as the platform writes them (a request's ``output``, an answer's
``time`` and ``memory``), and bounded: ``MAX_NAMES`` names each, ``MAX_TEXT`` characters of
``initdata`` written as text, ``MAX_VERDICT`` of a platform's verdict."""

from __future__ import annotations

import json
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.hands import longest_hand
from service.hands.botzone_log import BIDS, Answer, BotzoneLog
from service.rules import BOTZONE
from service.rules.cardids import CARD_IDS

from ..fields import List, StrictInteger
from .common import Strict
from .hands import HandAnswer

MAX_LOG = 2 * (BIDS + longest_hand(BOTZONE) + 1) + 1
"""Entries in a log: a request of the judge and an answer for each bid and play of the longest
game (3 bids, 154 plays and passes), one more answer (so that an answer past the end is read as
the judge reads it: not at all), and the judge's finish."""
SEAT_KEYS = tuple(str(seat) for seat in range(BIDS))
MAX_NAMES = 32
"""Names in one object of a log (a request, the answers, an answer, ``initdata``)."""
MAX_TEXT = 4096
"""Characters of ``initdata`` written as JSON text (54 card ids and a seed take 250)."""
MAX_VERDICT = 64
"""Characters of a platform's verdict on a run (``OK``, ``TLE``, ``RE``...)."""


def _names(value: dict[str, Any]) -> None:
    if len(value) > MAX_NAMES:
        text = f"an object of a log holds at most {MAX_NAMES} names, not {len(value)}"
        raise ma.ValidationError([{"code": "too_many_names", "message": text}])


def _card_ids(description: str) -> List:
    return List(
        StrictInteger(validate=validate.Range(CARD_IDS.start, CARD_IDS.stop - 1)),
        required=True,
        validate=validate.Length(max=len(CARD_IDS)),
        metadata={"description": description},
    )


class InitDataSchema(ma.Schema):
    """The deal, as the judge's ``initdata`` holds it (its ``seed`` and anything else aside)."""

    class Meta:
        unknown = ma.EXCLUDE

    allocation = List(
        _card_ids("a seat's card ids"),
        required=True,
        validate=validate.Length(max=6),
        metadata={"description": "the card ids dealt to each seat, from seat 0 (17 each)"},
    )
    publiccard = _card_ids("the kitty's card ids (3), the landlord's once it is known")


_ANSWER = {
    "type": "object",
    "properties": {
        "verdict": {
            "type": "string",
            "maxLength": MAX_VERDICT,
            "description": "the platform's verdict on the run: OK, TLE",
        },
        "response": {"description": "the bot's answer: a bid (0 to 3), or a list of card ids"},
    },
    "required": ["verdict"],
    "maxProperties": MAX_NAMES,
}


class LogEntry(ma.fields.Field):  # type: ignore[type-arg]
    """An entry of the log: the judge's request (read as nothing) or the bots' answers, each at
    its seat's key, ``"0"`` to ``"2"`` (``{"verdict", "response"}``)."""

    def __init__(self, **kwargs: Any) -> None:
        schema = {
            "type": "object",
            "properties": dict.fromkeys(SEAT_KEYS, _ANSWER),
            "maxProperties": MAX_NAMES,
            "description": "a request of the judge, or the bots' answers by seat",
        }
        super().__init__(metadata=schema, **kwargs)

    def _deserialize(
        self, value: Any, attr: str | None, data: Any, **kwargs: Any
    ) -> dict[str, Answer]:
        if not isinstance(value, dict):
            text = "a log entry is an object: a request of the judge, or answers by seat"
            raise ma.ValidationError([{"code": "invalid_type", "message": text}])
        _names(value)
        found: dict[str, Answer] = {}
        problems: dict[str, Any] = {}
        for key in (k for k in SEAT_KEYS if k in value):
            answer = value[key]
            verdict = answer.get("verdict") if isinstance(answer, dict) else None
            if not isinstance(verdict, str) or len(verdict) > MAX_VERDICT:
                text = (
                    'an answer is {"verdict": "OK", "response": ...}: its verdict a string of '
                    f"at most {MAX_VERDICT} characters"
                )
                problems[key] = [{"code": "invalid", "message": text}]
                continue
            try:
                _names(answer)
            except ma.ValidationError as error:
                problems[key] = error.messages
                continue
            found[key] = Answer(verdict, answer.get("response"))
        if problems:
            raise ma.ValidationError(problems)
        return found


class InitData(ma.fields.Field):  # type: ignore[type-arg]
    """``initdata``: the object, or the JSON text of it (as the judge receives it)."""

    def __init__(self, **kwargs: Any) -> None:
        def ids(description: str) -> dict[str, Any]:
            top = CARD_IDS.stop - 1
            card = {"type": "integer", "minimum": 0, "maximum": top}
            return {"type": "array", "items": card, "maxItems": top + 1} | {
                "description": description
            }

        deal = {
            "type": "object",
            "properties": {
                "allocation": {
                    "type": "array",
                    "items": ids("a seat's card ids"),
                    "maxItems": 6,
                    "description": "the card ids dealt to each seat, from seat 0 (17 each)",
                },
                "publiccard": ids("the kitty's card ids (3)"),
            },
            "required": ["allocation", "publiccard"],
            "maxProperties": MAX_NAMES,
        }
        text = {
            "type": "string",
            "maxLength": MAX_TEXT,
            "description": "the same object written as JSON text",
        }
        super().__init__(metadata={"oneOf": [deal, text]}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and len(value) > MAX_TEXT:
            text = f"initdata as text is at most {MAX_TEXT} characters, not {len(value)}"
            raise ma.ValidationError([{"code": "invalid", "message": text}])
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError:
                text = "initdata is an object, or JSON text holding one"
                raise ma.ValidationError([{"code": "not_json", "message": text}]) from None
        if not isinstance(value, dict):
            text = "initdata is an object with allocation and publiccard"
            raise ma.ValidationError([{"code": "not_json", "message": text}])
        _names(value)
        return InitDataSchema().load(value)


class BotzoneLogRequest(Strict):
    """A match log of Botzone's FTL2, the judge's input: ``initdata`` and ``log``."""

    initdata = InitData(required=True)
    log = List(
        LogEntry(),
        required=True,
        validate=validate.Length(max=MAX_LOG),
        metadata={
            "description": "the judge's requests and the bots' answers, one after the other: "
            "the judge reads the answers (the entries at odd positions) at the seat it asks",
            "maxItems": MAX_LOG,
        },
    )

    @ma.post_load
    def _log(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        init = data["initdata"]
        log = BotzoneLog(
            allocation=tuple(tuple(ids) for ids in init["allocation"]),
            publiccard=tuple(init["publiccard"]),
            answers=tuple(data["log"][1::2]),
        )
        return {"log": log}


class JudgeVerdict(ma.Schema):
    """The Botzone judge's answer on the log (docs/hands.md, Botzone match logs)."""

    result = fields.String(
        required=True,
        validate=validate.OneOf(["finished", "error", "unfinished"]),
        metadata={
            "description": "finished: a seat played its last card; error: a seat erred; "
            "unfinished: the log stops before the end"
        },
    )
    seat = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "error: the seat that erred first; unfinished: the seat asked"},
    )
    error = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "the judge's name of the error (null: none, or one the judge has "
            "no name for, such as an impossible deal: see error)"
        },
    )
    scores = fields.List(
        fields.Integer(),
        required=True,
        allow_none=True,
        metadata={"description": "finished: each seat's score, from seat 0, as the judge's"},
    )


class BotzoneAnswer(HandAnswer):
    judge = fields.Nested(JudgeVerdict, required=True)
    record = fields.Dict(
        required=True,
        metadata={
            "description": "the log as a hand record of the botzone rule set, card ids written "
            "as suited cards (to send to POST /v1/hands/validate as it is); it stops at an "
            "answer no record can hold (a bid that is no integer, a run that failed, a list "
            "holding no card id)"
        },
    )


__all__ = ["MAX_LOG", "BotzoneAnswer", "BotzoneLogRequest", "InitDataSchema", "JudgeVerdict"]
