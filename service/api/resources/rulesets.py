"""``GET /v1/rulesets`` and ``GET /v1/rulesets/{name}``: the named rule sets and their options."""

from __future__ import annotations

from flask import Response
from flask_smorest import abort

from service.answers import ruleset_answer, rulesets_answer
from service.rules import PRESETS, STANDARD

from ..problems import PROBLEM_JSON
from ..schemas.common import Problem
from ..schemas.rulesets import RuleSetAnswer, RuleSetsAnswer
from . import Blueprint, reply

blp = Blueprint("rulesets", __name__, url_prefix="/v1", description="The named rule sets")


@blp.route("/rulesets", methods=["GET"])
@blp.response(200, RuleSetsAnswer, example=rulesets_answer())
def rulesets() -> Response:
    """Every named rule set, each option with its value (docs/rules.md §8)."""
    return reply(rulesets_answer())


@blp.route("/rulesets/<string:name>", methods=["GET"])
@blp.response(200, RuleSetAnswer, example=ruleset_answer(STANDARD))
@blp.alt_response(404, schema=Problem, content_type=PROBLEM_JSON, description="No such rule set")
def ruleset(name: str) -> Response:
    """One named rule set with every option's value."""
    if name not in PRESETS:
        abort(404, message=f"no rule set named {name!r}; known: {', '.join(PRESETS)}")
    return reply(ruleset_answer(PRESETS[name]))
