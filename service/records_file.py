"""A file of hand records, one a line (JSON lines), judged as the API judges each: a record
of ours (as ``POST /v1/hands/validate`` takes it; with ``players``, as a hand of
``POST /v1/matches/score``) or a Botzone match log (``POST /v1/hands/validate/botzone``: a line
with a ``log``). Each line's verdict, then the match totals; a line that cannot be read is
named by its number, with the problems a 422 would list, and the others are judged all the
same (docs/development.md, the command line).

>>> import json
>>> hands = ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"]
>>> won = {"deal": {"hands": hands, "kitty": "JQK"}, "first_bidder": 0,
...        "bids": [{"seat": 0, "bid": 1}, {"seat": 1, "bid": 0}, {"seat": 2, "bid": 0}],
...        "events": [{"seat": 0, "cards": "3334445556667779TJQK"}]}
>>> lines = [json.dumps(won | {"players": ["ann", "bo", "cy"]}), "", "{"]
>>> first, unreadable, summary = judge_lines(lines)
>>> first["valid"], first["winner"], first["points"]
(True, 'landlord', {'ann': 4, 'bo': -2, 'cy': -2})
>>> unreadable["unreadable"]
'line 3: invalid JSON: EOF while parsing an object at column 1'
>>> summary["hands"], summary["unreadable"], summary["totals"]
(1, [3], {'ann': 4, 'bo': -2, 'cy': -2})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import marshmallow as ma

from .api.body import problem_of, read_json
from .api.problems import entries
from .api.schemas.botzone import BotzoneLogRequest
from .api.schemas.hands import HandValidateRequest
from .api.schemas.matches import MatchScoreRequest
from .hands import ledger_answer, validate_answer
from .hands.botzone_log import log_answer

PROGRESS_EVERY = 1000
"""Lines between two reports of progress on a long file."""


class Unreadable(ValueError):
    """A line that cannot be read: the problems a 422 would list."""

    def __init__(self, message: str, problems: list[dict[str, Any]]) -> None:
        super().__init__(message)
        self.problems = problems


def judge_line(text: str, ruleset: str | dict[str, Any] = "standard") -> dict[str, Any]:
    """The verdict on one line: valid, the error, the phase, the winner and each seat's (or
    player's) points once scored, and for a Botzone log the judge's verdict. ``ruleset`` is the
    rule set of a record that names none (a Botzone log is the ``botzone`` rule set's).

    >>> line = '{"deal": {"hands": ["3", "4", "5"], "kitty": ""}, "first_bidder": 0}'
    >>> judge_line(line)["error"]["code"]
    'bad_deal'
    """
    try:
        data = read_json(text.encode())
    except ValueError as error:
        problem = problem_of(error)  # the line is the whole text: its column says where
        problem["message"] = problem["message"].replace(" at line 1, column ", " at column ")
        raise Unreadable(f"invalid JSON: {problem['message']}", [problem]) from None
    if not isinstance(data, dict):
        problem = {"field": "", "code": "invalid_type", "message": "a line holds one JSON object"}
        raise Unreadable(problem["message"], [problem])
    try:
        return _judge(data, ruleset)
    except ma.ValidationError as error:
        problems = entries(error.messages)
        fields = ", ".join(sorted({p["field"] for p in problems if p["field"]}))
        raise Unreadable(f"invalid record in {fields or 'the line'}", problems) from None


def _judge(data: dict[str, Any], ruleset: str | dict[str, Any]) -> dict[str, Any]:
    if "log" in data:
        answer = log_answer(BotzoneLogRequest().load(data)["log"])
        return _verdict(answer, answer["points"]) | {"judge": answer["judge"]}
    data = {"ruleset": ruleset} | data
    if "players" not in data:
        args = HandValidateRequest().load(data)
        answer = validate_answer(args["record"], args["rules"])
        return _verdict(answer, answer["points"])
    rules = data.pop("ruleset")
    try:
        args = MatchScoreRequest().load({"hands": [data], "ruleset": rules})
    except ma.ValidationError as error:  # the fields of the line, not of a match's hands
        messages = error.messages if isinstance(error.messages, dict) else {}
        hand = messages.pop("hands", {}).get(0, {}) if isinstance(messages, dict) else {}
        raise ma.ValidationError(hand | messages) from None
    hand = args["hands"][0]
    entry = ledger_answer([(hand["players"], hand["record"])], args["rules"])["hands"][0]
    return _verdict(entry, entry["points"] if entry["scored"] else None)


def _verdict(answer: dict[str, Any], points: Any) -> dict[str, Any]:
    found = {key: answer[key] for key in ("valid", "error", "phase", "winner")}
    if isinstance(points, list):
        points = {f"seat {seat}": gained for seat, gained in enumerate(points)}
    return found | {"points": points}


def judge_lines(
    lines: Iterable[str],
    ruleset: str | dict[str, Any] = "standard",
    progress: Callable[[int], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Each line's verdict (blank lines skipped; ``line`` counts from 1), then the summary:
    the lines read, the hands judged, how many were valid, the invalid and the unreadable
    lines, and each player's total (a seat's, ``seat N``, where a line names no players).
    ``progress`` is told the count of lines read every ``PROGRESS_EVERY`` lines."""
    totals: dict[str, int] = {}
    read, valid, invalid, unreadable = 0, 0, [], []
    for number, text in enumerate(lines, start=1):
        if progress is not None and number % PROGRESS_EVERY == 0:
            progress(number)
        if not text.strip():
            continue
        read += 1
        try:
            found = judge_line(text, ruleset)
        except Unreadable as error:
            unreadable.append(number)
            said = f"line {number}: {error}"
            yield {"line": number, "unreadable": said, "problems": error.problems}
            continue
        valid += found["valid"]
        if not found["valid"]:
            invalid.append(number)
        for who, gained in (found["points"] or {}).items():
            totals[who] = totals.get(who, 0) + gained
        yield {"line": number} | found
    hands = read - len(unreadable)
    yield {
        "lines": read,
        "hands": hands,
        "valid": valid,
        "invalid": invalid,
        "unreadable": unreadable,
        "totals": totals,
    }


__all__ = ["PROGRESS_EVERY", "Unreadable", "judge_line", "judge_lines"]
