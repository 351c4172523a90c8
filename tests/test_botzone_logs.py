"""Botzone's match logs of FTL2, sent as they are (docs/rules.md §13, the botzone preset;
docs/hands.md, Botzone match logs): the judge's verdict and the usual answer.

Each clause test is named after the rule it checks. The differential test writes random games
(``botzone_games``) as the judge's logs and checks the answers against the independent
reference of the judge (``online_reference``) and against the same games sent as hand
records, the existing path.
"""

from __future__ import annotations

import json
import random
from typing import Any

import online_reference as ref
import pytest
from botzone_games import botzone_game, judge_record
from flask.testing import FlaskClient

from service.api import create_app
from service.api.resources.hands import BOTZONE_LOG
from service.hands import validate_answer
from service.rules import BOTZONE

Json = dict[str, Any]
DEAL = [list(range(17)), list(range(17, 34)), list(range(34, 51))]
KITTY = [51, 52, 53]
PATH = "/v1/hands/validate/botzone"


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def botzone_log(
    answers: list[tuple[int, Any]], *, deal: list[list[int]] = DEAL, kitty: list[int] = KITTY
) -> Json:
    """A log as Botzone saves it: each answer (seat, response or a full answer object) after a
    request of the judge, and a finish."""
    log: list[Json] = []
    for seat, response in answers:
        log.append({"output": {"command": "request", "content": {str(seat): {}}}, "verdict": "OK"})
        answer = response if isinstance(response, dict) else {"verdict": "OK", "response": response}
        log.append({str(seat): answer | {"time": 12, "memory": 3}})
    log.append({"output": {"command": "finish"}})
    return {"initdata": {"allocation": deal, "publiccard": kitty, "seed": "7"}, "log": log}


def judged(client: FlaskClient, body: Json) -> Json:
    answer = client.post(PATH, json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    data: Json = answer.json
    return data


def problems(client: FlaskClient, body: Json) -> list[tuple[str, str]]:
    answer = client.post(PATH, json=body)
    assert answer.status_code == 422, answer.get_data(as_text=True)
    return [(e["field"], e["code"]) for e in answer.json["errors"]]


def usual(answer: Json) -> Json:
    """The answer without the judge's verdict and the record: the usual answer on a record."""
    return {k: v for k, v in answer.items() if k not in ("judge", "record")}


# --- The judge's input, read as it is ---------------------------------------------------------


def test_13_a_finished_log_scores_as_the_judge_and_as_its_record(client: FlaskClient) -> None:
    """The botzone preset (docs/rules.md §13): seat 0 bids 3 and plays out, a spring with the
    rocket (3 x 2 x 2); the judge scores 2m to the landlord and -m to each farmer. The record
    the answer writes is the log in our notation, and answers the same on the record path."""
    answer = judged(client, BOTZONE_LOG)
    assert answer["judge"] == {
        "result": "finished",
        "seat": None,
        "error": None,
        "scores": [24, -12, -12],
    }
    assert answer["points"] == [24, -12, -12] and answer["valid"] and answer["spring"]
    record = answer["record"]
    assert record["ruleset"] == "botzone" and record["deal"]["kitty"] == "2C B R"
    assert record["events"][3] == {"seat": 0, "cards": "B R"}
    again = client.post("/v1/hands/validate", json=record)
    assert again.status_code == 200 and again.json == usual(answer)


def test_13_a_log_is_read_as_the_judge_receives_it(client: FlaskClient) -> None:
    """The judge's input holds more than the judge reads (its requests, the answers' times, a
    seed), and its initdata may be the JSON text the judge receives: all of it is read
    unchanged."""
    text = BOTZONE_LOG | {"initdata": json.dumps(BOTZONE_LOG["initdata"] | {"seed": "42"})}
    assert usual(judged(client, text)) == usual(judged(client, BOTZONE_LOG))
    assert usual(judged(client, botzone_log([(0, 3)]))) == usual(
        judged(client, BOTZONE_LOG | {"log": BOTZONE_LOG["log"][:2]})
    )


@pytest.mark.parametrize("bid", [4, -1, 5])
def test_13_a_bid_out_of_range_is_the_judges_invalid_bid(client: FlaskClient, bid: int) -> None:
    """docs/rules.md §13, botzone: "Bids are 1 to 3, each higher than the last". Seat 1 bids
    out of range: the judge names the seat and INVALID_BID, and the answer names the part, the
    index and the code."""
    answer = judged(client, botzone_log([(0, 1), (1, bid)]))
    assert answer["judge"] == {"result": "error", "seat": 1, "error": "INVALID_BID", "scores": None}
    error = answer["error"]
    assert (error["part"], error["index"], error["seat"], error["code"]) == (
        "bids",
        1,
        1,
        "bid_out_of_range",
    )


def test_13_a_bid_that_is_no_integer_is_invalid_bid_and_one_in_digits_is_read(
    client: FlaskClient,
) -> None:
    """The judge reads a bid as an integer (a string of digits too): anything else, or no
    answer from the seat asked, is INVALID_BID; the record stops before it."""
    for response in ("x", None, [3], 2.5):
        answer = judged(client, botzone_log([(0, 0), (1, response)]))
        assert answer["judge"]["error"] == "INVALID_BID" and answer["judge"]["seat"] == 1
        assert answer["record"]["bids"] == [{"seat": 0, "bid": 0}]
    missing = judged(client, botzone_log([(0, 0), (2, 1)]))  # seat 1 was asked
    assert (missing["judge"]["seat"], missing["error"]["index"]) == (1, 1)
    assert judged(client, botzone_log([(0, "2")]))["bid"] == 2


def test_13_all_pass_makes_seat_0_landlord_at_stake_1(client: FlaskClient) -> None:
    """docs/rules.md §13, the judge's v2 version: seat 0 is landlord only when all pass; the
    highest bidder otherwise."""
    passed = judged(client, botzone_log([(0, 0), (1, 0), (2, 0)]))
    assert (passed["landlord"], passed["bid"], passed["judge"]["result"]) == (0, 1, "unfinished")
    assert passed["judge"]["seat"] == 0
    bid = judged(client, botzone_log([(0, 0), (1, 2), (2, 0)]))
    assert (bid["landlord"], bid["bid"], bid["to_act"], bid["judge"]["seat"]) == (1, 2, 1, 1)


def test_13_a_run_the_platform_failed_is_the_judges_invalid_input_verdict(
    client: FlaskClient,
) -> None:
    """The judge refuses a play from a run that did not end OK, or one that is no list, by the
    platform's verdict: INVALID_INPUT_VERDICT_TLE; a seat missing from its entry passes."""
    answer = judged(client, botzone_log([(0, 3), (0, [0]), (1, {"verdict": "TLE"})]))
    assert answer["judge"] == {
        "result": "error",
        "seat": 1,
        "error": "INVALID_INPUT_VERDICT_TLE",
        "scores": None,
    }
    assert (answer["error"]["code"], answer["error"]["index"]) == ("no_action", 1)
    assert (answer["to_act"], answer["record"]["events"]) == (1, [{"seat": 0, "cards": "3H"}])
    not_a_list = judged(client, botzone_log([(0, 3), (0, 0)]))
    assert not_a_list["judge"]["error"] == "INVALID_INPUT_VERDICT_OK"
    skipped = judged(client, botzone_log([(0, 3), (0, [0]), (2, [34])]))  # seat 1 was asked
    assert skipped["record"]["events"][1] == {"seat": 1, "pass": True}
    assert (skipped["valid"], skipped["to_act"], skipped["judge"]["seat"]) == (True, 2, 2)


@pytest.mark.parametrize(
    ("play", "name"),
    [
        ([17], "MISSING_CARD"),  # seat 1's card
        ([99], "MISSING_CARD"),  # no card id
        (["3H"], "MISSING_CARD"),
        ([0, 0], "REPEATED_CARD"),
        ([0, 99], "MISSING_CARD"),
        ([0, 1], None),
        ([0, 4], "INVALID_CARDTYPE"),
    ],
)
def test_13_the_cards_of_a_play_card_by_card(client: FlaskClient, play: list, name: str) -> None:
    """The judge checks each card in the order given: one the seat was not dealt (or no card id
    at all) is MISSING_CARD, one named before REPEATED_CARD; then the kind of play."""
    answer = judged(client, botzone_log([(0, 3), (0, play)]))
    assert answer["judge"]["error"] == name
    if name is not None:
        assert (answer["judge"]["seat"], answer["error"]["index"]) == (0, 0)


def test_13_a_card_played_before_is_repeated(client: FlaskClient) -> None:
    """A card of the seat's own, played in an earlier trick, is REPEATED_CARD, before a card
    id that is none (card by card)."""
    answers = [(0, 3), (0, [0]), (1, []), (2, []), (0, [0, 99])]
    answer = judged(client, botzone_log(answers))
    assert (answer["judge"]["error"], answer["error"]["index"]) == ("REPEATED_CARD", 3)


def test_13_nothing_is_read_after_the_last_card(client: FlaskClient) -> None:
    """The judge finishes when a seat has played its last card: answers after it are not read."""
    after = [{"output": {"command": "request"}}, {"1": {"verdict": "OK", "response": [17]}}]
    answer = judged(client, BOTZONE_LOG | {"log": [*BOTZONE_LOG["log"], *after]})
    assert answer["judge"]["result"] == "finished" and answer["valid"]
    assert answer["record"] == judged(client, BOTZONE_LOG)["record"]


def test_13_an_impossible_deal_is_a_verdict_without_a_judges_name(client: FlaskClient) -> None:
    """A deal one deck cannot make (a card id dealt twice) reads, and is the verdict
    bad_deal; the judge has no name for it."""
    deal = [list(range(17)), list(range(16, 33)), list(range(33, 50))]
    answer = judged(client, botzone_log([], deal=deal, kitty=[50, 51, 52]))
    assert (answer["error"]["code"], answer["judge"]["result"], answer["judge"]["error"]) == (
        "bad_deal",
        "error",
        None,
    )


def test_13_what_cannot_be_read_is_a_422(client: FlaskClient) -> None:
    """A card id that is none (54, a string), initdata that is no object, an answer without
    the platform's verdict: the log cannot be read."""
    assert problems(client, botzone_log([], deal=[[54], [], []])) == [
        ("initdata.allocation.0.0", "invalid")
    ]
    assert problems(client, BOTZONE_LOG | {"initdata": "{"}) == [("initdata", "not_json")]
    body = botzone_log([(0, {"response": 3})])
    assert problems(client, body) == [("log.1.0", "invalid")]
    assert problems(client, {"log": []}) == [("initdata", "invalid")]
    assert problems(client, BOTZONE_LOG | {"players": []}) == [("players", "invalid")]
    crowded = {str(n): n for n in range(40)}
    assert problems(client, BOTZONE_LOG | {"log": [crowded]}) == [("log.0", "too_many_names")]


# --- Self-played logs: the judge's reference and the record path agree --------------------------


def test_13_self_played_logs_agree_with_the_judge_and_the_record_path(
    client: FlaskClient,
) -> None:
    """Random games, now and then with a wrong answer, sent as logs: the verdict is the
    reference judge's (the seat, its error name, or the scores), and the usual answer is the
    one the same game gets as a hand record."""
    rng = random.Random("botzone logs")
    names: set[str | None] = set()
    for _ in range(150):
        hands, kitty, bids, plays = botzone_game(rng)
        expected = ref.botzone_game(hands, kitty, bids, plays)
        landlord = expected["landlord"] or 0
        seats = [*range(len(bids)), *((landlord + i) % 3 for i in range(len(plays)))]
        answers = list(zip(seats, [*bids, *plays], strict=True))
        answer = judged(client, botzone_log(answers, deal=hands, kitty=kitty))
        want, found = expected["error"], answer["judge"]
        if want is not None:
            assert (found["result"], found["seat"], found["error"]) == (
                "error",
                want["seat"],
                want["name"],
            ), (bids, plays)
        elif expected["finished"]:
            assert found["scores"] == expected["scores"]
        else:
            assert found["result"] == "unfinished"
        names.add(want and want["name"])
        record = judge_record(hands, kitty, bids, list(zip(seats[len(bids) :], plays, strict=True)))
        assert usual(answer) == validate_answer(record, BOTZONE), (bids, plays)
    assert {"INVALID_BID", "INVALID_PASS", "REPEATED_CARD", "MISSING_CARD", None} <= names
