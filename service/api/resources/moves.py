"""``POST /v1/legal-moves``: every legal lead of a hand, or every legal response to a play."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response

from service.answers import Play, moves_answer
from service.rules import STANDARD, Combination, read_hand

from ..schemas.moves import LegalMovesAnswer, LegalMovesRequest
from . import Blueprint, cached_reply

blp = Blueprint("legal-moves", __name__, url_prefix="/v1", description="Legal moves of a hand")

EXAMPLE_ANSWER = moves_answer(
    read_hand("3456789TTJ"), STANDARD, previous=Play(read_hand("34567")), limit=3
)


ENCODED_MAX = 50_000
"""Combinations that keep their encoded JSON (about 220 bytes each: 11 MB per worker at most)."""
_encoded = 0


def encoded(combo: Combination) -> orjson.Fragment:
    """A move's JSON, encoded on its first listing and kept on the (interned) combination."""
    global _encoded  # noqa: PLW0603 - a count of the memos made, per process
    found = combo.wire
    if isinstance(found, orjson.Fragment):
        return found
    fragment = orjson.Fragment(orjson.dumps(combo.as_dict()))
    if _encoded < ENCODED_MAX:
        object.__setattr__(combo, "wire", fragment)
        _encoded += 1
    return fragment


@blp.route("/legal-moves", methods=["POST"])
@blp.arguments(LegalMovesRequest(), example={"hand": "3456789TTJ", "previous": "34567", "limit": 3})
@blp.response(200, LegalMovesAnswer, example=EXAMPLE_ANSWER)
def legal_moves(args: dict[str, Any]) -> Response:
    """The legal moves of a hand, a page at a time, with their total `count` and `can_pass`.

    Without `previous` the hand leads. Each card set is listed once, as its preferred reading
    that beats `previous`, ordered by kind, primal rank, length and kickers (README).
    """
    return cached_reply("legal-moves", args, lambda: moves_answer(**args, encode=encoded))
