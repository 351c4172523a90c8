"""``POST /v1/legal-moves``: every legal lead of a hand, or every legal response to a play."""

from __future__ import annotations

from typing import Any

from flask import Response

from service.answers import Play, moves_answer
from service.rules import STANDARD, read_hand

from ..cache import Cache
from ..encoding import encoder
from ..schemas.moves import LegalMovesAnswer, LegalMovesRequest
from . import Blueprint, answered, cached, route

blp = Blueprint("legal-moves", __name__, url_prefix="/v1", description="Legal moves of a hand")

EXAMPLE_ANSWER = moves_answer(
    read_hand("3456789TTJ"), STANDARD, previous=Play(read_hand("34567")), limit=3
)


REQUEST = LegalMovesRequest()


def _moves(args: dict[str, Any], cache: Cache) -> bytes:
    encode = encoder(args["rules"])
    return cached("legal-moves", args, lambda: moves_answer(**args, encode=encode), cache)


MOVES = route("/v1/legal-moves", REQUEST, _moves)


@blp.route("/legal-moves", methods=["POST"])
@blp.arguments(REQUEST, example={"hand": "3456789TTJ", "previous": "34567", "limit": 3})
@blp.response(200, LegalMovesAnswer, example=EXAMPLE_ANSWER)
def legal_moves(args: dict[str, Any]) -> Response:
    """The legal moves of a hand, a page at a time, with their total `count` and `can_pass`.

    Without `previous` the hand leads. Each card set is listed once, as its preferred reading
    that beats `previous`, ordered by kind, primal rank, length and kickers (README).
    """
    return answered(MOVES, args)
