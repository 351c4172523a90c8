"""Options of a hand's flow, each a named rule option with its default unchanged:
``two_pass_tricks`` (four-player game), ``free_first_bidder`` (Big Three's 4 of hearts, now
checked by the core's hand whenever the deal is suited) and ``face_up_bids_first`` (the
three-player game's first bidder, from the "How to Play" text). Each through the core, the
hand validation over HTTP and the rule-set options.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api import create_app
from service.hands import Record, validate
from service.rules import (
    BIG_THREE,
    FOUR_PLAYER,
    STANDARD,
    RuleSetError,
    get_ruleset,
)
from service.rules.deal import FaceUp
from service.rules.events import GameError, Violation
from service.rules.game import Hand

Json = dict[str, Any]
FOUR_DEAL = ["33445566778899TTJJQQKKAA2"] * 4
FOUR_KITTY = "2222BBRR"
DEAL = ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def answer_of(client: FlaskClient, body: Json) -> Json:
    answer = client.post("/v1/hands/validate", json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    data: Json = answer.json
    return data


def problems(client: FlaskClient, body: Json) -> list[tuple[str, str]]:
    answer = client.post("/v1/hands/validate", json=body)
    assert answer.status_code == 422, answer.get_data(as_text=True)
    return [(e["field"], e["code"]) for e in answer.json["errors"]]


# --- two_pass_tricks ---------------------------------------------------------------------------


def test_four_player_two_pass_tricks_how_to_play(client: FlaskClient) -> None:
    """ "How to Play": the four-player game "is played identically to the more popular three
    handed variant", whose trick ends after two consecutive passes (docs/rules.md §5): under
    ``two_pass_tricks`` the trick ends after two passes; by default, after three (docs/rules.md §9
    as the four-player preset reads it)."""
    rules = FOUR_PLAYER.derive(two_pass_tricks=True)
    hand = Hand.start(hands=FOUR_DEAL, kitty=FOUR_KITTY, first_bidder=0, rules=rules)
    hand.bid(0, 3)
    hand.play(0, "3")
    hand.pass_turn(1)
    hand.pass_turn(2)
    assert (hand.to_act, hand.last_play, hand.trick_leader) == (0, None, 0)
    default = Hand.start(hands=FOUR_DEAL, kitty=FOUR_KITTY, first_bidder=0, rules=FOUR_PLAYER)
    default.bid(0, 3)
    default.play(0, "3")
    default.pass_turn(1)
    default.pass_turn(2)
    assert default.to_act == 3 and default.last_play is not None
    record: Json = {
        "deal": {"hands": FOUR_DEAL, "kitty": FOUR_KITTY},
        "first_bidder": 0,
        "bids": [{"seat": 0, "bid": 3}],
        "events": [
            {"seat": 0, "cards": "3"},
            {"seat": 1, "pass": True},
            {"seat": 2, "pass": True},
            {"seat": 0, "cards": "4"},
        ],
    }
    wire = {"name": "four_player", "two_pass_tricks": True}
    assert answer_of(client, record | {"ruleset": wire})["to_act"] == 1
    error = answer_of(client, record | {"ruleset": "four_player"})["error"]
    assert (error["index"], error["code"]) == (3, "wrong_seat")


def test_two_pass_tricks_is_a_four_player_option(client: FlaskClient) -> None:
    """The three-player game ends a trick after two passes already; the option belongs to the
    four-player game only, and its default leaves every version unchanged."""
    for name in ("standard", "big_three", "six_player"):
        with pytest.raises(RuleSetError, match="two_pass_tricks needs game four_player"):
            get_ruleset(name, two_pass_tricks=True)
    body = {"deal": {"hands": DEAL, "kitty": "JQK"}, "first_bidder": 0}
    found = problems(client, body | {"ruleset": {"name": "standard", "two_pass_tricks": True}})
    assert found == [("ruleset", "contradictory_options")]
    assert get_ruleset("four_player", two_pass_tricks=False) is FOUR_PLAYER
    options = client.get("/v1/rulesets/four_player").json["options"]
    assert options["two_pass_tricks"] is False and options["face_up_bids_first"] is False


# --- Big Three's 4 of hearts, in the core ------------------------------------------------------


def big_three_deal(seed: int) -> tuple[list[str], str, int]:
    deck = [f"{r}{s}" for r in "3456789TJQKA2" for s in "SHDC"]
    random.Random(seed).shuffle(deck)
    hands = [" ".join(deck[i * 16 : i * 16 + 16]) for i in range(3)]
    order = "456789TJQKA23"
    hearts = [(order.index(c[0]), s) for s, h in enumerate(hands) for c in h.split() if c[1] == "H"]
    return hands, " ".join(deck[48:]), min(hearts)[1]


def test_s10_the_core_checks_the_4_of_hearts_whenever_the_deal_is_suited() -> None:
    """docs/rules.md §10 ("How to Play": "The player who has the four of Hearts card in his hand
    makes the first bid"): the core's ``Hand.start`` checks it whenever every card is suited,
    not only the HTTP layer."""
    hands, kitty, holder = big_three_deal(3)
    assert Hand.start(hands=hands, kitty=kitty, first_bidder=holder, rules=BIG_THREE)
    other = (holder + 1) % 3
    with pytest.raises(GameError) as error:
        Hand.start(hands=hands, kitty=kitty, first_bidder=other, rules=BIG_THREE)
    assert error.value.code is Violation.WRONG_FIRST_BIDDER and error.value.seat == other
    unsuited = [" ".join(c[0] for c in h.split()) for h in hands]
    assert Hand.start(hands=unsuited, kitty=kitty, first_bidder=other, rules=BIG_THREE)
    free = BIG_THREE.derive(free_first_bidder=True)
    assert Hand.start(hands=hands, kitty=kitty, first_bidder=other, rules=free)
    record = Record.of(hands=hands, kitty=kitty, first_bidder=other, bids=[(other, 1)])
    assert validate(record, free).valid
    outcome = validate(record, BIG_THREE)
    assert outcome.error is not None and outcome.error.code is Violation.WRONG_FIRST_BIDDER


def test_free_first_bidder_is_a_big_three_option(client: FlaskClient) -> None:
    """The option turns the 4 of hearts off in Big Three only, over HTTP too."""
    with pytest.raises(RuleSetError, match="free_first_bidder needs game big_three"):
        get_ruleset("standard", free_first_bidder=True)
    hands, kitty, holder = big_three_deal(5)
    other = (holder + 2) % 3
    body: Json = {
        "deal": {"hands": hands, "kitty": kitty},
        "first_bidder": other,
        "bids": [{"seat": other, "bid": 2}],
    }
    error = answer_of(client, body | {"ruleset": "big_three"})["error"]
    assert (error["part"], error["seat"], error["code"]) == ("deal", other, "wrong_first_bidder")
    free = {"name": "big_three", "free_first_bidder": True}
    assert answer_of(client, body | {"ruleset": free})["valid"]


# --- face_up_bids_first ------------------------------------------------------------------------


def test_how_to_play_the_drawer_of_the_face_up_card_bids_first(client: FlaskClient) -> None:
    """ "How to Play": "The player who received the face-up card from the deck while drawing
    is the first player to begin bidding": under ``face_up_bids_first`` a record may name the
    card and its drawer, and the first bidder must be that seat (``not_face_up_drawer``), who
    was dealt that card (``face_up_not_held``)."""
    rules = STANDARD.derive(face_up_bids_first=True)
    hands = ["3H 3S 3D 4 4 4 5 5 5 6 6 6 7 7 7 9 T", *DEAL[1:]]
    assert Hand.start(
        hands=hands, kitty="JQK", first_bidder=0, face_up=FaceUp.of("3D", 0), rules=rules
    )
    with pytest.raises(GameError) as error:
        Hand.start(
            hands=hands, kitty="JQK", first_bidder=1, face_up=FaceUp.of("3D", 0), rules=rules
        )
    assert error.value.code is Violation.NOT_FACE_UP_DRAWER and error.value.seat == 1
    with pytest.raises(GameError) as error:
        Hand.start(
            hands=hands, kitty="JQK", first_bidder=0, face_up=FaceUp.of("3C", 0), rules=rules
        )
    assert error.value.code is Violation.FACE_UP_NOT_HELD
    wire = {"name": "standard", "face_up_bids_first": True}
    body: Json = {"deal": {"hands": hands, "kitty": "JQK"}, "first_bidder": 0, "ruleset": wire}
    assert answer_of(client, body | {"face_up": {"card": "4", "seat": 0}})["valid"]
    assert answer_of(client, body)["valid"]  # the record need not name the card
    moved = answer_of(client, body | {"face_up": {"card": "8", "seat": 1}})["error"]
    assert (moved["part"], moved["seat"], moved["code"]) == ("deal", 0, "not_face_up_drawer")
    assert moved["message"] == "seat 1 drew the face-up 8 and bids first, not seat 0"
    missing = answer_of(client, body | {"face_up": {"card": "2", "seat": 0}})["error"]
    assert (missing["seat"], missing["code"]) == (0, "face_up_not_held")


def test_face_up_bids_first_is_a_three_player_option(client: FlaskClient) -> None:
    """Without the option a three-player record's face-up card is a verdict on the deal; the
    option belongs to the three-player game only (Big Three: the 4 of hearts; the six-player
    game: the face-up card names the landlord)."""
    for name in ("four_player", "big_three", "six_player"):
        with pytest.raises(RuleSetError, match="face_up_bids_first needs game three_player"):
            get_ruleset(name, face_up_bids_first=True)
    body = {"deal": {"hands": DEAL, "kitty": "JQK"}, "first_bidder": 0}
    error = answer_of(client, body | {"face_up": {"card": "3", "seat": 0}})["error"]
    assert (error["part"], error["code"]) == ("deal", "bad_deal")
    with pytest.raises(GameError) as error:
        Hand.start(hands=DEAL, kitty="JQK", first_bidder=0, face_up=FaceUp.of("3", 0))
    assert error.value.code is Violation.BAD_DEAL
    assert problems(client, {"deal": {"hands": DEAL, "kitty": "JQK"}}) == [
        ("first_bidder", "required_in_game")
    ]


def test_versions_of_earlier_derived_rule_sets_are_unchanged() -> None:
    """The new options are left out of the fingerprint while they keep their defaults."""
    assert get_ruleset("standard", kicker_ranks_repeat=True).version == "1+1b7a135a7d8d"
    assert get_ruleset("standard", multiplier_cap=8).version == "1+c8ee6a8acb68"
    assert get_ruleset("four_player", two_pass_tricks=True).version != FOUR_PLAYER.version
