"""The HTTP API's behaviour: answers, verdicts, problem documents, limits, headers."""

from __future__ import annotations

import json
import random
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

from service.api import create_app, encoding
from service.api.schemas.common import MAX_BATCH
from service.config import Settings
from service.rules import classify, get_ruleset, legal_moves

Json = dict[str, Any]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def ok(client: FlaskClient, path: str, body: object) -> Json:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.mimetype == "application/json"
    data: Json = answer.json
    return data


def problem(client: FlaskClient, path: str, body: object, status: int = 422) -> Json:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.mimetype == "application/problem+json"
    data: Json = answer.json
    assert data["status"] == status
    return data


# --- classify -------------------------------------------------------------------------------


def test_classify_reads_every_notation(client: FlaskClient) -> None:
    for cards in ("3 3 3 10 10", "333TT", ["3", "3", "3", "10", "t"], "S3 3h ♦3 10C 10♠"):
        answer = ok(client, "/v1/classify", {"cards": cards})
        assert answer["cards"] == "333TT"
        assert answer["combination"]["kind"] == "trio_pair"
        assert answer["ruleset"] == {"name": "standard", "version": "1", "overrides": []}


def test_notation_unicode_cards_over_http(client: FlaskClient) -> None:
    """README "Card notation": the playing-card characters are cards in a string (a run or
    between separators) and in an array, beside the other notations; a knight is a 422 naming
    it, at its position in characters."""
    for cards in ("🂣🂳🃃 🂪🂺", ["🂣", "3h", "♦3", "🂪", "10h"], "3S 🂳🃃 🂪,🂺"):
        answer = ok(client, "/v1/classify", {"cards": cards})
        assert (answer["cards"], answer["combination"]["kind"]) == ("333TT", "trio_pair")
    assert ok(client, "/v1/classify", {"cards": "🃏🂿"})["combination"]["kind"] == "rocket"
    errors = problem(client, "/v1/classify", {"cards": "33 🂬"})["errors"]
    assert [(e["code"], e["token"], e["position"]) for e in errors] == [("not_a_card", "🂬", 3)]
    assert errors[0]["message"] == "'🂬' at 3 is the knight of spades, not a card of the game"


def test_classify_jokers_in_chinese(client: FlaskClient) -> None:
    answer = ok(client, "/v1/classify", {"cards": "小王大王"})
    assert (answer["cards"], answer["combination"]["kind"]) == ("BR", "rocket")


def test_not_a_combination_is_a_verdict(client: FlaskClient) -> None:
    answer = ok(client, "/v1/classify", {"cards": "3345"})
    assert answer["valid"] is False
    assert answer["combination"] is None
    assert answer["readings"] == []
    assert "not a combination" in answer["reason"]


def test_classify_lists_every_reading_preferred_first(client: FlaskClient) -> None:
    answer = ok(client, "/v1/classify", {"cards": "333444555666", "ruleset": "douzero"})
    kinds = [r["kind"] for r in answer["readings"]]
    assert kinds == ["airplane", "airplane_singles", "airplane_singles"]
    assert answer["combination"] == answer["readings"][0]


def test_classify_batch_answers_each_item_in_order(client: FlaskClient) -> None:
    answer = ok(client, "/v1/classify/batch", {"items": ["BR", "3345", "34567"]})
    assert [r["valid"] for r in answer["results"]] == [True, False, True]
    assert answer["ruleset"]["name"] == "standard"


# --- beats ----------------------------------------------------------------------------------


def test_beats_with_reason(client: FlaskClient) -> None:
    answer = ok(client, "/v1/beats", {"play": "9TJQKA", "previous": "34567"})
    assert (answer["beats"], answer["reason"]) == (False, "different_length")
    assert answer["play"]["kind"] == answer["previous"]["kind"] == "chain"
    answer = ok(client, "/v1/beats", {"play": "BR", "previous": "2222"})
    assert (answer["beats"], answer["reason"]) == (True, "rocket")


def test_beats_a_play_that_is_no_combination_is_a_verdict(client: FlaskClient) -> None:
    answer = ok(client, "/v1/beats", {"play": "3345", "previous": "33"})
    assert (answer["beats"], answer["reason"], answer["play"]) == (
        False,
        "not_a_combination",
        None,
    )


def test_beats_a_previous_that_is_no_combination_is_a_problem(client: FlaskClient) -> None:
    body = problem(client, "/v1/beats", {"play": "33", "previous": "3345"})
    assert body["errors"] == [
        {
            "field": "previous",
            "code": "not_a_combination",
            "message": "3345 is not a combination under standard",
        }
    ]


def test_beats_declared_reading(client: FlaskClient) -> None:
    """docs/rules.md §4: a declared reading is compared as declared."""
    previous = {"cards": "333444555666", "kind": "airplane_singles", "rank": "6"}
    play = "444555666777"
    answer = ok(client, "/v1/beats", {"play": play, "previous": previous, "ruleset": "douzero"})
    assert answer["previous"]["kind"] == "airplane_singles"
    assert answer["beats"] is True


def test_beats_no_reading_beats_names_the_preferred_one(client: FlaskClient) -> None:
    """docs/rules.md §4: a challenger none of whose readings beats is answered in its preferred
    reading (the first that /v1/classify lists)."""
    body = {"play": "333444555666", "previous": "444555666777", "ruleset": "douzero"}
    answer = ok(client, "/v1/beats", body)
    assert (answer["beats"], answer["reason"]) == (False, "not_higher")
    assert (answer["play"]["kind"], answer["play"]["rank"]) == ("airplane", "6")
    listed = ok(client, "/v1/classify", {"cards": "333444555666", "ruleset": "douzero"})
    assert answer["play"] == listed["readings"][0]


def test_beats_batch(client: FlaskClient) -> None:
    items = [{"play": "BR", "previous": "2222"}, {"play": "33", "previous": "44"}]
    answer = ok(client, "/v1/beats/batch", {"items": items})
    assert [r["reason"] for r in answer["results"]] == ["rocket", "not_higher"]


def test_beats_batch_answers_each_pair_as_beats_does(client: FlaskClient) -> None:
    """Each result of a batch is its pair's answer from ``/v1/beats``: in a batch of card
    strings (its items read by their two fields), and in one that also holds a play written as
    an object (the whole list then read by the nested schema)."""
    rng = random.Random(3)
    deck = [rank for rank in "3456789TJQKA2" for _ in range(4)] + ["B", "R"]
    previous = ["3", "44", "555", "34567", "2222", "33344", "BR", "334455"]
    items = [
        {"play": "".join(rng.sample(deck, rng.randint(1, 6))), "previous": rng.choice(previous)}
        for _ in range(80)
    ]
    singles = [ok(client, "/v1/beats", item) for item in items]
    assert ok(client, "/v1/beats/batch", {"items": items})["results"] == singles
    declared = {"play": {"cards": "33344", "kind": "trio_pair"}, "previous": "44455"}
    mixed = ok(client, "/v1/beats/batch", {"items": [*items, declared]})["results"]
    assert mixed == [*singles, ok(client, "/v1/beats", declared)]


# --- legal moves ----------------------------------------------------------------------------


def test_legal_moves_pages_add_up_to_the_whole_list(client: FlaskClient) -> None:
    hand = "333444555666789TJQKA"
    whole = [m.cards for m in legal_moves(hand)]
    pages: list[str] = []
    for offset in range(0, 600, 97):
        answer = ok(client, "/v1/legal-moves", {"hand": hand, "limit": 97, "offset": offset})
        assert answer["count"] == len(whole) == 497
        assert answer["can_pass"] is False
        pages += [m["cards"] for m in answer["moves"]]
    assert pages == whole


def test_legal_moves_are_written_as_the_core_writes_them(client: FlaskClient) -> None:
    """Each listed move's JSON is kept by the API's encoding cache after its first listing;
    first and later listings both say what ``Combination.as_dict`` says."""
    for hand in ("3456789TJQKA2BR", "34567789TJQKA2BR"):  # the second lists most moves again
        expected = [m.as_dict() for m in legal_moves(hand)]
        answer = ok(client, "/v1/legal-moves", {"hand": hand, "limit": 1000})
        assert answer["moves"] == expected
    first = legal_moves(hand).moves[0]
    assert encoding.encoded(first) is encoding.encoded(first)  # kept, not encoded again
    assert json.loads(orjson.dumps(encoding.encoded(first))) == first.as_dict()


def test_the_encoding_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """At ``ENCODED_MAX`` entries the cache is cleared; a move encoded again is written the
    same."""
    monkeypatch.setattr(encoding, "_encoded", {})
    monkeypatch.setattr(encoding, "_wild_encoded", {})
    monkeypatch.setattr(encoding, "ENCODED_MAX", 3)
    moves = legal_moves("3456789TJQKA2BR").moves[:7]
    for move in moves:
        assert json.loads(orjson.dumps(encoding.encoded(move))) == move.as_dict()
        assert 1 <= encoding.encoded_count() <= 3
    assert encoding.encoded_count() == 1  # cleared at 3, then 3 more, cleared, then one
    assert json.loads(orjson.dumps(encoding.encoded(moves[0]))) == moves[0].as_dict()


def test_a_wild_games_moves_are_encoded_apart_and_fewer_kept(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wildcard game's moves, made anew for each hand by the wild engine, are kept apart
    from the interned moves of the other games, at most ``WILD_ENCODED_MAX`` of them (the
    moves the wild engine keeps to list again): written as the core writes them, listed or
    classified, and never in the cache of the others."""
    monkeypatch.setattr(encoding, "_encoded", {})
    monkeypatch.setattr(encoding, "_wild_encoded", {})
    monkeypatch.setattr(encoding, "WILD_ENCODED_MAX", 50)
    laizi = get_ruleset("laizi", wild="7")
    ruleset = {"name": "laizi", "wild": "7"}
    for hand in ("34567777", "3456778899"):
        expected = [m.as_dict() for m in legal_moves(hand, rules=laizi).page(0, 100)[1]]
        answer = ok(client, "/v1/legal-moves", {"hand": hand, "ruleset": ruleset})
        assert answer["moves"] == expected
        assert 1 <= len(encoding._wild_encoded) <= 50
    classified = ok(client, "/v1/classify", {"cards": "3337", "ruleset": ruleset})
    assert classified["readings"] == [r.as_dict() for r in classify("3337", laizi)]
    assert encoding._encoded == {}


def test_legal_moves_answering_with_kinds_filter(client: FlaskClient) -> None:
    body = {"hand": "3456789TT2222", "previous": "34567", "kinds": ["bomb"]}
    answer = ok(client, "/v1/legal-moves", body)
    assert [m["cards"] for m in answer["moves"]] == ["2222"]
    assert (answer["count"], answer["can_pass"]) == (1, True)
    assert answer["previous"]["kind"] == "chain"


def test_legal_moves_hand_limit(client: FlaskClient) -> None:
    body = problem(client, "/v1/legal-moves", {"hand": "3333444455556666777788"})
    assert body["errors"][0]["field"] == "hand"
    assert body["errors"][0]["code"] == "too_many_cards"


def test_legal_moves_under_overridden_rules_name_the_version(client: FlaskClient) -> None:
    ruleset = {"name": "standard", "kicker_ranks_repeat": True}
    answer = ok(client, "/v1/legal-moves", {"hand": "3334", "ruleset": ruleset})
    assert answer["ruleset"]["version"].startswith("1+")
    assert answer["ruleset"]["overrides"] == ["kicker_ranks_repeat"]


def test_legal_moves_are_cached_and_equal(client: FlaskClient) -> None:
    body = {"hand": "3456789TJQKA2BR", "limit": 5}
    first, second = (
        client.post("/v1/legal-moves", json=body),
        client.post("/v1/legal-moves", json=body),
    )
    assert first.get_data() == second.get_data()


# --- score and rule sets --------------------------------------------------------------------


def test_score(client: FlaskClient) -> None:
    """docs/rules.md §7: the pagat example, bid 3, two bombs and the rocket: 48 / -24 / -24."""
    answer = ok(client, "/v1/score", {"bid": 3, "winner": "landlord", "bombs": 2, "rockets": 1})
    assert (answer["landlord"], answer["farmers"], answer["multiplier"]) == (48, [-24, -24], 8)


def test_score_limits_name_the_field(client: FlaskClient) -> None:
    body = problem(client, "/v1/score", {"bid": 4, "winner": "nobody", "spring": "yes"})
    assert {e["field"] for e in body["errors"]} == {"bid", "winner", "spring"}


def test_rulesets(client: FlaskClient) -> None:
    listing = client.get("/v1/rulesets").json
    assert [r["name"] for r in listing["rulesets"]] == [
        "standard",
        "rlcard",
        "douzero",
        "openspiel",
        "four_player",
        "big_three",
        "six_player",
        "huanle",
        "botzone",
        "laizi",
        "tiandi_laizi",
    ]
    one = client.get("/v1/rulesets/openspiel").json
    assert one["options"]["four_with_two"] is False
    missing = client.get("/v1/rulesets/poker")
    assert missing.status_code == 404
    assert missing.mimetype == "application/problem+json"


# --- problems -------------------------------------------------------------------------------


def test_bad_card_names_token_and_position(client: FlaskClient) -> None:
    body = problem(client, "/v1/classify", {"cards": "3 3 Z 4"})
    assert body["errors"] == [
        {
            "field": "cards",
            "code": "unknown_token",
            "token": "Z",
            "position": 4,
            "message": "unknown card 'Z' at 4",
        }
    ]
    assert body["type"] == "urn:ddz-referee:problem:invalid-request"


def test_deck_problems_are_errors_not_verdicts(client: FlaskClient) -> None:
    """API.md: a card list the deck cannot hold is an error."""
    body = problem(client, "/v1/classify", {"cards": "77777"})
    assert body["errors"][0]["code"] == "too_many_of_rank"
    body = problem(client, "/v1/classify", {"cards": ["7S", "7s"]})
    assert body["errors"][0]["code"] == "duplicate_card"


def test_batch_errors_name_the_item(client: FlaskClient) -> None:
    body = problem(client, "/v1/beats/batch", {"items": [{"play": "33", "previous": "4Z"}]})
    assert body["errors"][0]["field"] == "items.0.previous"


def test_limits_on_batches_and_pages(client: FlaskClient) -> None:
    problem(client, "/v1/classify/batch", {"items": ["3"] * (MAX_BATCH + 1)})
    problem(client, "/v1/legal-moves", {"hand": "33", "limit": 1001})
    problem(client, "/v1/classify", {"cards": "3" * 257})


def test_unknown_fields_and_rule_sets(client: FlaskClient) -> None:
    assert problem(client, "/v1/classify", {"cards": "3", "colour": 1})["errors"][0]["field"] == (
        "colour"
    )
    body = problem(client, "/v1/classify", {"cards": "3", "ruleset": "poker"})
    assert body["errors"][0]["code"] == "unknown_ruleset"
    options = {"name": "standard", "bomb_in_kickers": True}
    body = problem(client, "/v1/classify", {"cards": "3", "ruleset": options})
    assert body["errors"][0]["code"] == "contradictory_options"


def test_http_errors_are_problem_documents(client: FlaskClient) -> None:
    missing = client.get("/v2/nothing")
    assert (missing.status_code, missing.mimetype) == (404, "application/problem+json")
    wrong = client.get("/v1/classify")
    assert (wrong.status_code, wrong.mimetype) == (405, "application/problem+json")
    assert set(wrong.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}
    text = client.post("/v1/classify", data="cards=3", content_type="text/plain")
    assert (text.status_code, text.mimetype) == (415, "application/problem+json")
    broken = client.post("/v1/classify", data="{", content_type="application/json")
    assert (broken.status_code, broken.mimetype) == (400, "application/problem+json")


def test_body_size_limit() -> None:
    small = create_app({"TESTING": True}, settings=Settings(max_body_bytes=1024)).test_client()
    answer = small.post("/v1/classify/batch", json={"items": ["3456789TJQKA"] * 99})
    assert (answer.status_code, answer.mimetype) == (413, "application/problem+json")


# --- headers and operations -----------------------------------------------------------------


def test_request_id_accepted_echoed_and_logged(
    client: FlaskClient, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = client.post("/v1/classify", json={"cards": "3"}, headers={"X-Request-ID": "r-42"})
    assert answer.headers["X-Request-ID"] == "r-42"
    line = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    assert (line["request_id"], line["path"], line["status"]) == ("r-42", "/v1/classify", 200)
    odd = client.post("/v1/classify", json={"cards": "3"}, headers={"X-Request-ID": "a b\tc"})
    assert odd.headers["X-Request-ID"] != "a b\tc"
    assert len(odd.headers["X-Request-ID"]) == 32


def test_cors_preflight(client: FlaskClient) -> None:
    headers = {
        "Origin": "https://example.org",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Content-Type",
    }
    answer = client.options("/v1/classify", headers=headers)
    assert answer.headers["Access-Control-Allow-Origin"] == "https://example.org"
    allowed = set(answer.headers["Access-Control-Allow-Methods"].split(", "))
    assert allowed == {"GET", "POST", "OPTIONS"}


def test_cors_headers_only_for_requests_with_an_origin(client: FlaskClient) -> None:
    """CORS concerns browsers, which send ``Origin``; other clients get no CORS headers, and
    every answer says it varies by ``Origin`` so that no cache hands one to the other."""
    plain = client.post("/v1/classify", json={"cards": "3"})
    assert "Access-Control-Allow-Origin" not in plain.headers
    assert "Origin" in plain.headers.getlist("Vary")
    browser = client.post(
        "/v1/classify", json={"cards": "3"}, headers={"Origin": "https://example.org"}
    )
    assert browser.headers["Access-Control-Allow-Origin"] == "https://example.org"
    assert "X-Request-ID" in browser.headers["Access-Control-Expose-Headers"]


def test_an_unhandled_error_is_a_counted_problem_document(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False})

    def broken() -> str:
        raise RuntimeError("a bug")

    app.add_url_rule("/broken", view_func=broken)
    client = app.test_client()
    answer = client.get("/broken", headers={"X-Request-ID": "bug-1"})
    assert (answer.status_code, answer.mimetype) == (500, "application/problem+json")
    assert answer.json["request_id"] == "bug-1"
    metrics = client.get("/metrics").get_data(as_text=True)
    assert 'flask_http_request_exceptions_total{method="GET",status="500"} 1.0' in metrics
    assert (
        'flask_http_request_duration_seconds_count{method="GET",status="500",url_rule="/broken"}'
        in metrics
    )
    assert "RuntimeError: a bug" in caplog.text


def test_health_and_readiness(client: FlaskClient) -> None:
    assert client.get("/healthz").json == {"status": "ok"}
    ready = client.get("/readyz").json
    assert ready["status"] == "ready"
    assert "local" in ready["cache"]


def test_metrics_and_docs(client: FlaskClient) -> None:
    client.post("/v1/classify", json={"cards": "3"})
    metrics = client.get("/metrics").get_data(as_text=True)
    assert (
        'flask_http_request_duration_seconds_count{method="POST",status="200",url_rule="/v1/classify"}'
        in metrics
    )
    page = client.get("/docs").get_data(as_text=True)
    assert "/docs/assets/swagger-ui-bundle.js" in page
    with client.get("/docs/assets/swagger-ui-bundle.js") as asset:
        assert asset.status_code == 200
    assert client.get("/openapi.json").json["openapi"] == "3.1.0"
