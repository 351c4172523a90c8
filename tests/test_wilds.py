"""Wildcards (docs/rules.md §14): laizi and tiandi laizi, one test per rule line.

Each clause test is named after the line of §14 it checks; the reference comparison and the
golden counts are in ``tests/test_wild_perft.py``.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from service.api import create_app
from service.rules import (
    STANDARD,
    Combination,
    Kind,
    RuleSetError,
    beats,
    classify,
    get_ruleset,
    legal_moves,
)
from service.rules.combos import preference
from service.rules.game import Hand
from service.rules.scoring import ScoreError, score

LAIZI = get_ruleset("laizi", wild="7")
TIANDI = get_ruleset("tiandi_laizi", wild=["7", "J"])
BY_RANK = get_ruleset("laizi", wild="7", soft_hard_by_rank=True)


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


def readings(cards: str, rules=LAIZI) -> list[tuple[str, str, str]]:
    """Each reading as (kind, rank, cards as read), preferred first."""
    return [(c.kind.value, c.rank.char, c.read_as) for c in classify(cards, rules)]


def combo(cards: str, rules=LAIZI, **declared: Any) -> Combination:
    return Combination.of(cards, rules=rules, **declared)


# --- Options and presets ---------------------------------------------------------------------


def test_s14_options_presets_laizi_and_tiandi_laizi_are_the_standard_rules_with_wilds() -> None:
    for name, mode in (("laizi", "laizi"), ("tiandi_laizi", "tiandi")):
        preset = get_ruleset(name)
        assert preset.wilds == mode and preset.wild == ()
        plain = {k: v for k, v in preset.options().items() if k != "wilds"}
        assert plain == {k: v for k, v in STANDARD.options().items() if k != "wilds"}


def test_s14_options_wild_one_rank_under_laizi_two_different_under_tiandi() -> None:
    assert get_ruleset("laizi", wild="10").wild == ("T",)
    assert get_ruleset("tiandi_laizi", wild=["j", "3"]).wild == ("J", "3")
    for name, wild in (("laizi", ["7", "8"]), ("tiandi_laizi", ["7", "7"]), ("laizi", "B")):
        with pytest.raises(RuleSetError, match="wild must be"):
            get_ruleset(name, wild=wild)
    with pytest.raises(RuleSetError, match="wild needs wilds"):
        get_ruleset("standard", wild="7")
    with pytest.raises(RuleSetError, match="three_player"):
        get_ruleset("four_player", wilds="laizi")


def test_s14_options_a_request_without_wild_is_refused_naming_it(client) -> None:
    for ruleset in ("laizi", {"name": "tiandi_laizi"}, {"name": "tiandi_laizi", "wild": "7"}):
        answer = client.post("/v1/classify", json={"cards": "3337", "ruleset": ruleset})
        assert answer.status_code == 422
        assert [e["field"] for e in answer.json["errors"]] == ["ruleset.wild"]
    answer = client.post(
        "/v1/classify", json={"cards": "3", "ruleset": {"name": "laizi", "wild": 7}}
    )
    assert answer.status_code == 422 and answer.json["errors"][0]["field"] == "ruleset.wild"


def test_s14_options_the_answer_names_the_wild_ranks(client) -> None:
    body = {"cards": "3337", "ruleset": {"name": "tiandi_laizi", "wild": ["7", "J"]}}
    assert client.post("/v1/classify", json=body).json["ruleset"]["wild"] == ["7", "J"]
    assert "wild" not in client.post("/v1/classify", json={"cards": "3"}).json["ruleset"]


def test_s14_options_soft_hard_by_rank_and_hard_bombs_x4_need_a_wild_game() -> None:
    for name in ("soft_hard_by_rank", "hard_bombs_x4"):
        with pytest.raises(RuleSetError, match="needs wilds"):
            get_ruleset("standard", **{name: True})


# --- Wild cards ------------------------------------------------------------------------------


def test_s14_a_wild_stands_for_any_rank_3_to_2_its_own_included_never_a_joker() -> None:
    assert ("pair", "2", "22") in readings("27")
    assert ("pair", "3", "33") in readings("37")
    assert readings("B7") == [] and readings("R7") == []
    assert ("single", "7", "7") in readings("7")
    assert ("chain", "7", "34567") in readings("34567")


def test_s14_jokers_are_never_wild() -> None:
    assert readings("BR") == [("rocket", "R", "BR")]
    assert readings("3BR") == []


def test_s14_a_play_of_wilds_alone_is_of_its_own_rank() -> None:
    assert readings("7") == [("single", "7", "7")]
    assert readings("77") == [("pair", "7", "77")]
    assert readings("777") == [("trio", "7", "777")]
    assert [(k, r) for k, r, _ in readings("7777")] == [("bomb", "7")]
    assert combo("7777").as_dict()["bomb_class"] == "pure"


def test_s14_choice_tiandi_two_wild_ranks_alone_read_as_either_rank() -> None:
    assert readings("7J", TIANDI) == [("pair", "J", "JJ"), ("pair", "7", "77")]
    assert readings("3J", TIANDI) == [("pair", "3", "33")]


def test_s14_a_wild_is_written_as_its_own_rank_and_the_reading_says_what_it_stood_for() -> None:
    found = combo("33357", kind="trio_pair").as_dict()
    assert found["cards"] == "33357"
    assert found["read_as"] == "33355" and found["substitution"] == {"7": "5"}
    assert found["primal"] == "333" and found["kickers"] == "55"


# --- Reading a play --------------------------------------------------------------------------


def test_s14_a_reading_is_a_substitution_under_which_the_cards_are_a_combination() -> None:
    assert [(k, r) for k, r, _ in readings("3337")] == [("bomb", "3"), ("trio_single", "3")]
    assert readings("3458") == []  # no rank makes 345 8 a combination
    # every reading's substitution, applied, classifies under the rules without wilds
    for cards in ("3337", "33357", "345677", "3334447", "34567777"):
        for found in classify(cards, LAIZI):
            natural = [(c.kind, c.rank) for c in classify(found.read_as, STANDARD)]
            if len(found.read_as) <= 4 or found.kind is not Kind.BOMB:
                assert (found.kind, found.rank) in natural, (cards, found)


def test_s14_the_kicker_rules_hold_as_read() -> None:
    # 333 + 3 read as a trio with a kicker of its own rank is no combination: only the bomb
    assert [(k, r) for k, r, _ in readings("3337")][1] == ("trio_single", "3")
    assert combo("3337", kind="trio_single").kickers == "7"
    assert "333444" not in {c.read_as for c in classify("3334447", LAIZI)}


def test_s14_choice_a_wild_kicker_stands_for_a_rank_that_keeps_the_kickers_legal() -> None:
    # two wild kickers of an airplane cannot both be 7s (single kickers of distinct ranks)
    found = combo("33344477", kind="airplane_singles")
    assert found.kickers == "57" and found.substitution == {"7": "57"}
    declared = combo("33344477", kind="airplane_singles")
    other = legal_moves("33344477", rules=LAIZI).check(
        "33344477", kind="airplane_singles", substitution={"7": "68"}
    )
    assert other.combination.kickers == "68" and declared.kickers == "57"
    # the substitution shown: fewest wilds off their rank, then the lowest ranks
    assert combo("3337", kind="trio_single").substitution == {"7": "7"}


def test_s14_two_substitutions_with_one_kind_rank_and_length_are_one_reading() -> None:
    keys = [(c.kind, c.rank, c.length) for c in classify("33344477", LAIZI)]
    assert len(keys) == len(set(keys))


def test_s14_readings_are_listed_preferred_first() -> None:
    for cards in ("3337", "345677", "7J", "33344477", "3334447"):
        found = classify(cards, TIANDI)
        assert list(found) == sorted(found, key=preference)
    # section 4 first (the bomb), then the fewest wilds off their rank
    assert [c.kind.value for c in classify("3337", LAIZI)] == ["bomb", "trio_single"]


def test_s14_a_client_may_declare_kind_rank_and_substitution() -> None:
    assert combo("3337", kind="trio_single").kind is Kind.TRIO_SINGLE
    declared = combo("33344477", kind="airplane_singles", rules=LAIZI)
    assert declared.substitution == {"7": "57"}
    moves = legal_moves("333444778", rules=LAIZI)
    ok = moves.check("33344477", kind="airplane_singles", substitution={"7": "78"})
    assert ok.legal and ok.combination.substitution == {"7": "78"}
    wrong = moves.check("33344477", kind="airplane_singles", substitution={"7": "34"})
    assert not wrong.legal and wrong.reason.value == "not_a_combination"


def test_s14_a_declared_substitution_alone_picks_the_reading_it_makes() -> None:
    """A substitution declared without kind or rank picks the first reading it makes (a
    reading whose primal cards it does not hold is passed over, not an error)."""

    def declared(cards: str, rules=LAIZI, **reading: Any) -> Combination | None:
        return legal_moves(cards, rules=rules).check(cards, **reading).combination

    assert declared("4447", substitution={"7": "7"}).kind is Kind.TRIO_SINGLE
    assert declared("4447", substitution={"7": "4"}).kind is Kind.BOMB
    either = declared("7J", TIANDI, kind="pair", substitution={"7": "7", "J": "7"})
    assert either.read_as == "77"
    assert declared("3337", substitution={"7": "2"}).kickers == "2"
    assert declared("3337", kind="bomb", substitution={"7": "4"}) is None
    moves = legal_moves("4447", previous="3335", rules=LAIZI)
    assert moves.check("4447", substitution={"7": "7"}).reason.value == "higher"
    assert moves.check("4447", substitution={"7": "57"}).reason.value == "not_a_combination"


def test_s14_a_declared_substitution_that_is_no_reading_is_answered_not_a_500(client) -> None:
    laizi = {"name": "laizi", "wild": "7"}
    tiandi = {"name": "tiandi_laizi", "wild": ["7", "J"]}

    def post(path: str, body: dict) -> Any:
        answer = client.post(path, json=body)
        assert answer.status_code < 500, (path, body, answer.json)
        return answer

    trio = {"cards": "4447", "substitution": {"7": "7"}}
    found = post("/v1/beats", {"play": trio, "previous": "3335", "ruleset": laizi}).json
    assert found["beats"] and found["play"]["kind"] == "trio_single"
    pair = {"cards": "7J", "kind": "pair", "substitution": {"7": "7", "J": "7"}}
    found = post("/v1/beats", {"play": pair, "previous": "33", "ruleset": tiandi}).json
    assert found["beats"] and found["play"]["read_as"] == "77"
    none = {"cards": "3337", "kind": "bomb", "substitution": {"7": "2"}}
    found = post("/v1/beats", {"play": none, "previous": "4445", "ruleset": laizi}).json
    assert found["play"] is None and found["reason"] == "not_a_combination", found
    previous = {"cards": "3337", "kind": "bomb", "substitution": {"7": "4"}}
    for path, body in (
        ("/v1/beats", {"play": "5555", "previous": previous, "ruleset": laizi}),
        ("/v1/legal-moves", {"hand": "5555", "previous": previous, "ruleset": laizi}),
    ):
        problem = post(path, body)
        assert problem.status_code == 422 and "previous" in str(problem.json), problem.json
    record = {
        "ruleset": laizi,
        "deal": {
            "hands": ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"],
            "kitty": "JQK",
        },
        "first_bidder": 0,
        "bids": [{"seat": 0, "bid": 3}],
        "events": [{"seat": 0, "cards": "4447", "substitution": {"7": "7"}}],
    }
    found = post("/v1/hands/validate", record).json
    assert found["valid"] and found["last_play"]["kind"] == "trio_single"
    record["events"] = [{"seat": 0, "cards": "4447", "kind": "bomb", "substitution": {"7": "5"}}]
    found = post("/v1/hands/validate", record).json
    assert not found["valid"] and found["error"]["code"] == "not_a_combination", found["error"]
    hand = {k: v for k, v in record.items() if k != "ruleset"}
    batch = post("/v1/hands/validate/batch", {"items": [hand], "ruleset": laizi}).json
    assert batch["results"][0]["error"]["code"] == "not_a_combination", batch
    hand["players"] = ["a", "b", "c"]
    match = post("/v1/matches/score", {"hands": [hand], "ruleset": laizi})
    assert match.status_code == 200 and "not_a_combination" in str(match.json), match.json


def test_s14_an_undeclared_previous_play_takes_its_preferred_reading() -> None:
    moves = legal_moves("4446", previous="3337", rules=LAIZI)
    assert moves.previous.kind is Kind.BOMB and moves.count() == 0


def test_s14_an_undeclared_answer_takes_its_preferred_reading_that_beats() -> None:
    check = legal_moves("4447", previous="3335", rules=LAIZI).check("4447")
    assert check.legal and check.combination.kind is Kind.BOMB
    declared = legal_moves("4447", previous=combo("3335"), rules=LAIZI).check(
        "4447", kind="trio_single"
    )
    assert declared.legal and declared.reason.value == "higher"


# --- Bombs -----------------------------------------------------------------------------------


def test_s14_a_bombs_class_pure_all_wild_hard_none_soft_otherwise() -> None:
    grade = {c: combo(c).as_dict()["bomb_class"] for c in ("7777", "8888", "8887", "8877", "8777")}
    assert grade == {"7777": "pure", "8888": "hard", "8887": "soft", "8877": "soft", "8777": "soft"}


def test_s14_rocket_beats_pure_beats_hard_beats_soft() -> None:
    ladder = [combo("AA77"), combo("3333"), combo("7777"), combo("BR")]
    for low, high in pairwise(ladder):
        assert beats(high, low) and not beats(low, high)
    verdict = beats(combo("3333"), combo("AA77"))
    assert verdict.reason.value == "higher_bomb_class"
    assert verdict.message == "a hard bomb beats a soft bomb"


def test_s14_bombs_of_one_class_compare_by_rank_and_beat_any_other_play() -> None:
    assert beats(combo("4447"), combo("3337")).reason.value == "higher_bomb"
    assert not beats(combo("3337"), combo("4447"))
    assert beats(combo("3337"), combo("34567")).reason.value == "bomb"


def test_s14_soft_hard_by_rank_one_class_and_the_hard_bomb_wins_at_equal_rank() -> None:
    def bomb(cards: str) -> Combination:
        return combo(cards, rules=BY_RANK)

    assert beats(bomb("9997"), bomb("8888")).reason.value == "higher_bomb"
    assert beats(bomb("8888"), bomb("8887"))
    assert not beats(bomb("8887"), bomb("8888"))
    assert beats(bomb("7777"), bomb("AAAA"))  # pure stays above
    assert not beats(combo("9997"), combo("8888"))  # by class without the option


def test_s14_tiandi_bombs_of_five_to_eight_cards_longer_first() -> None:
    assert readings("33337", LAIZI) == []
    assert readings("33337", TIANDI)[0][:2] == ("bomb", "3")
    five, pure = combo("33337", TIANDI), combo("7777", TIANDI)
    assert beats(five, pure).message == "a bomb of 5 cards beats one of 4"
    eight = combo("33337777", TIANDI)
    assert eight.read_as == "33333333" and beats(eight, five)
    assert beats(combo("BR", TIANDI), eight)


def test_s14_tiandi_same_length_by_class_then_rank() -> None:
    assert beats(combo("7777", TIANDI), combo("2222", TIANDI))
    assert beats(combo("44447", TIANDI), combo("3333J", TIANDI)).reason.value == "higher_bomb"
    assert beats(combo("777JJ", TIANDI), combo("2222J", TIANDI)).reason.value == "higher_bomb_class"


def test_s14_choice_a_pure_bomb_of_two_wild_ranks_is_of_either_rank_preferred_higher() -> None:
    assert [(k, r) for k, r, _ in readings("77JJ", TIANDI)][:2] == [("bomb", "J"), ("bomb", "7")]


# --- Legal moves -----------------------------------------------------------------------------


def test_s14_legal_moves_list_each_distinct_play_once_in_listing_order() -> None:
    moves = legal_moves("3337", rules=LAIZI)
    keys = [(m.cards, m.kind, m.rank, m.length) for m in moves]
    assert len(keys) == len(set(keys))
    assert [m.kind.value for m in moves if m.cards == "3337"] == ["trio_single", "bomb"]
    assert list(moves) == sorted(moves, key=lambda m: m.order)


def test_s14_legal_moves_answer_with_the_readings_that_beat() -> None:
    moves = legal_moves("33445577", previous="334455", rules=LAIZI)
    assert moves.moves, "a pair chain of 7s as wilds"
    for move in moves:
        assert beats(move, moves.previous)


def test_s14_legal_moves_are_paged(client) -> None:
    body = {"hand": "3344556677889TJQKA2", "ruleset": {"name": "laizi", "wild": "7"}}
    first = client.post("/v1/legal-moves", json=body | {"limit": 5}).json
    second = client.post("/v1/legal-moves", json=body | {"limit": 5, "offset": 5}).json
    assert first["count"] == second["count"] > 10
    assert len(first["moves"]) == len(second["moves"]) == 5
    assert first["moves"] != second["moves"]


# --- Scoring and whole hands -----------------------------------------------------------------


def test_s14_scoring_every_bomb_doubles_and_the_breakdown_names_its_class() -> None:
    found = score(bid=2, winner="landlord", bombs=2, bomb_classes=("soft", "hard"), rules=LAIZI)
    assert found.multiplier == 4
    assert [f.detail for f in found.breakdown[1:]] == [
        "bomb 1 of 2 played (soft)",
        "bomb 2 of 2 played (hard)",
    ]
    with pytest.raises(ScoreError):
        score(bid=1, winner="landlord", bombs=1, bomb_classes=("soft",))
    with pytest.raises(ScoreError):
        score(bid=1, winner="landlord", bombs=2, bomb_classes=("soft",), rules=LAIZI)


def test_s14_scoring_through_the_api_names_each_bombs_class(client) -> None:
    body = {"bid": 1, "winner": "landlord", "bombs": 2, "bomb_classes": ["hard", "pure"]}
    ruleset = {"name": "laizi", "wild": "7", "hard_bombs_x4": True}
    answer = client.post("/v1/score", json=body | {"ruleset": ruleset}).json
    assert answer["multiplier"] == 16
    assert [f["factor"] for f in answer["breakdown"]] == [1, 4, 4]
    wrong = client.post("/v1/score", json=body | {"bombs": 1, "ruleset": ruleset})
    assert wrong.status_code == 422
    assert wrong.json["errors"][0]["field"] == "bomb_classes"
    unnamed = {k: v for k, v in body.items() if k != "bomb_classes"}
    missing = client.post("/v1/score", json=unnamed | {"ruleset": ruleset}).json
    assert missing["errors"][0]["code"] == "required_in_game"
    plain = client.post("/v1/score", json=body)
    assert plain.json["errors"][0]["code"] == "not_in_game"


def test_s14_scoring_hard_bombs_x4_gives_hard_and_pure_bombs_four() -> None:
    x4 = get_ruleset("laizi", wild="7", hard_bombs_x4=True)
    classes = ("soft", "hard", "pure")
    assert score(bid=1, winner="farmers", bombs=3, bomb_classes=classes, rules=x4).multiplier == 32


def test_s14_a_hand_record_is_read_with_its_wild_ranks(client) -> None:
    deal = ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"]
    hand = Hand.start(hands=deal, kitty="JQK", first_bidder=0, rules=LAIZI)
    hand.bid(0, 3)
    assert hand.play(0, "3337", kind="trio_single").kind is Kind.TRIO_SINGLE
    record = {
        "ruleset": {"name": "laizi", "wild": "7"},
        "deal": {"hands": deal, "kitty": "JQK"},
        "first_bidder": 0,
        "bids": [{"seat": 0, "bid": 3}],
        "events": [
            {"seat": 0, "cards": "4447"},
            {"seat": 1, "cards": "8888"},
            {"seat": 2, "cards": "2222"},
            {"seat": 0, "pass": True},
            {"seat": 1, "pass": True},
            {"seat": 2, "cards": "J"},
            {"seat": 0, "cards": "K"},
            {"seat": 1, "pass": True},
            {"seat": 2, "pass": True},
            {"seat": 0, "cards": "77", "kind": "pair", "substitution": {"7": "77"}},
        ],
    }
    answer = client.post("/v1/hands/validate", json=record).json
    assert answer["valid"], answer["error"]
    assert answer["bombs"] == 3
    assert answer["last_play"]["substitution"] == {"7": "77"}
    record["events"][-1]["substitution"] = {"7": "88"}  # a lone pair of wilds is of its own rank
    answer = client.post("/v1/hands/validate", json=record).json
    assert answer["error"]["code"] == "not_a_combination"


def test_s14_answers_differ_by_wild_rank_and_declared_substitution_through_the_cache(
    client,
) -> None:
    def ask(wild: str, **declared: Any) -> dict:
        play = {"cards": "33344477", "kind": "airplane_singles", **declared}
        body = {"hand": "333444778", "previous": None, "ruleset": {"name": "laizi", "wild": wild}}
        moves = client.post("/v1/legal-moves", json=body | {"limit": 1000}).json
        beats = client.post(
            "/v1/beats", json={"play": play, "previous": "3334", "ruleset": body["ruleset"]}
        ).json
        return {"count": moves["count"], "play": beats["play"]}

    seven, eight = ask("7"), ask("8")
    assert seven["count"] != eight["count"]
    assert seven["play"]["substitution"] == {"7": "57"} and eight["play"] is None
    declared = ask("7", substitution={"7": "78"})
    assert declared["play"]["substitution"] == {"7": "78"}


def test_s14_a_substitution_names_wild_ranks_in_any_notation_once(client) -> None:
    """A substitution's keys are wild ranks in any notation, as ``wild`` is; one rank named
    two ways is refused with its own code (docs/api.md)."""
    ten = {"name": "laizi", "wild": "10"}

    def ask(substitution: dict) -> Any:
        play = {"cards": "333T", "substitution": substitution}
        return client.post("/v1/beats", json={"play": play, "previous": "4445", "ruleset": ten})

    for key in ("T", "t", "10"):
        answer = ask({key: "3"})
        assert answer.status_code == 200 and answer.json["play"]["substitution"] == {"T": "3"}
    twice = ask({"T": "3", "10": "3"})
    assert twice.status_code == 422
    problem = twice.json["errors"][0]
    assert (problem["field"], problem["code"]) == ("play.substitution", "wild_rank_twice")
    assert "names each wild rank once" in problem["message"]
    for bad in ({"7\n": "3"}, {"T": "3\n"}, {"B": "3"}, {"T": "B"}):
        assert ask(bad).json["errors"][0]["code"] == "invalid_substitution", bad
