"""The answers about whole hands as JSON-ready dicts, as in ``service.answers``: a record's
verdict and the state it reached (``validate_answer``), one verdict per record
(``batch_answer``), and a match's ledger (``ledger_answer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.answers import stamp
from service.rules import STANDARD, RuleSet

from .records import Record
from .replay import Outcome, validate


def validate_answer(record: Record, rules: RuleSet = STANDARD) -> dict[str, Any]:
    """The verdict on a record and the state it reached, as ``POST /v1/hands/validate`` answers.

    >>> from service.rules.examples import DEMO_HANDS
    >>> answer = validate_answer(Record.of(hands=DEMO_HANDS, kitty="BR2", first_bidder=1))
    >>> answer["valid"], answer["phase"], answer["to_act"], answer["score"]
    (True, 'bidding', 1, None)
    """
    return validate(record, rules).as_dict() | {"ruleset": stamp(rules)}


def batch_answer(records: Sequence[Record], rules: RuleSet = STANDARD) -> dict[str, Any]:
    """One verdict per record, in order.

    >>> from service.rules.examples import DEMO_HANDS
    >>> answer = batch_answer([Record.of(hands=DEMO_HANDS, kitty="BR2", first_bidder=3)])
    >>> answer["results"][0]["error"]["code"], answer["results"][0]["error"]["message"]
    ('bad_deal', 'first_bidder must be a seat from 0 to 2, not 3')
    """
    return {
        "results": [validate_answer(record, rules) for record in records],
        "ruleset": stamp(rules),
    }


def ledger_answer(
    hands: Sequence[tuple[Sequence[str], Record]], rules: RuleSet = STANDARD
) -> dict[str, Any]:
    """A match: each hand's points by player and the running totals; an invalid hand, or one
    without a score (thrown in, unfinished), scores nothing. Every hand is zero-sum, so are
    the totals.

    >>> deal = ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"]
    >>> won = Record.of(
    ...     hands=deal, kitty="JQK", first_bidder=0, bids=[(0, 1), (1, 0), (2, 0)],
    ...     events=[(0, "3334445556667779TJQK")],
    ... )
    >>> passes = [(1, 0), (2, 0), (0, 0)]
    >>> thrown_in = Record.of(hands=deal, kitty="JQK", first_bidder=1, bids=passes)
    >>> wrong_seat = Record.of(hands=deal, kitty="JQK", first_bidder=1, bids=[(2, 3)])
    >>> seated = [(["ann", "bob", "cy"], r) for r in (won, thrown_in, wrong_seat)]
    >>> answer = ledger_answer(seated)
    >>> answer["totals"], [h["scored"] for h in answer["hands"]], answer["invalid"]
    ({'ann': 4, 'bob': -2, 'cy': -2}, [True, False, False], [2])
    """
    totals: dict[str, int] = {}
    entries, invalid = [], []
    for index, (players, record) in enumerate(hands):
        outcome = validate(record, rules)
        points = outcome.points() if outcome.valid else None
        for player, gained in zip(players, points or (0,) * len(players), strict=True):
            totals[player] = totals.get(player, 0) + gained
        if not outcome.valid:
            invalid.append(index)
        entries.append(_ledger_entry(index, players, outcome, points, totals))
    return {"hands": entries, "totals": totals, "invalid": invalid, "ruleset": stamp(rules)}


def _ledger_entry(
    index: int,
    players: Sequence[str],
    outcome: Outcome,
    points: tuple[int, ...] | None,
    totals: dict[str, int],
) -> dict[str, Any]:
    answer = outcome.as_dict()
    return {
        "index": index,
        "players": list(players),
        "valid": outcome.valid,
        "scored": points is not None,
        "error": answer["error"],
        "phase": answer["phase"],
        "landlord": answer["landlord"],
        "partner": answer["partner"],
        "winner": answer["winner"],
        "score": answer["score"] if points else None,
        "points": dict(zip(players, points or (0,) * len(players), strict=True)),
        "totals": dict(totals),
    }


__all__ = ["batch_answer", "ledger_answer", "validate_answer"]
