"""A Schemathesis check registered for the contract tests (in-process and ``st run``).

``positive_data_acceptance_strict``: schema-valid requests must be accepted, except for the
problems JSON Schema cannot express, which are answered 422 naming them (API.md: a card list
the deck cannot hold is an error, not a verdict).
"""

from __future__ import annotations

import json
from typing import Any

import schemathesis

SEMANTIC = frozenset(
    {
        "too_many_of_rank",
        "duplicate_card",
        "too_many_cards",
        "not_a_combination",
        "contradictory_options",
        "not_in_game",
        "players_per_seat",
        "too_many_bids",
        "too_many_events",
        "required_in_game",  # a hand record's field its game needs (first_bidder, landlord)
        "wild_required",  # a wild game's ruleset names its wild ranks (docs/rules.md §14)
        "count_mismatch",  # a score's bomb_classes, one per bomb (docs/rules.md §14)
        "wild_rank_twice",  # a substitution naming one wild rank two ways ("T" and "10")
        "not_json",  # a Botzone log's initdata as text that is no JSON object
    }
)
"""Problem codes the OpenAPI schema cannot rule out (deck limits, card counts, rule logic)."""


def semantic_only(body: dict[str, Any]) -> bool:
    """Whether a 422 problem document lists only problems the schema cannot express."""
    codes = {e.get("code") for e in body.get("errors") or [{}]}
    return bool(codes) and codes <= SEMANTIC


@schemathesis.check
def positive_data_acceptance_strict(ctx: Any, response: Any, case: Any) -> bool | None:
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    status = response.status_code
    if status < 400 or status in (404, 409, 429) or status >= 500:
        return None  # 5xx is not_a_server_error's finding; 404 is a wrong rule set name
    if status == 422 and semantic_only(json.loads(response.content or b"{}")):
        return None
    raise AssertionError(f"schema-valid data rejected with {status}: {response.content[:500]!r}")
