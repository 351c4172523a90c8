"""Whole hands of the six-player game (docs/rules.md §12, from the "How to
Play" text's six-player section), clause by clause, in the core and over HTTP: the deal of six
hands of 26 and a hidden kitty of 6, the landlord named by the record or by the face-up card,
no bidding, the announcement of the landlord's highest identical pair and the second landlord
it makes, tricks that end after five passes, the winning side and the zero-sum points; bad
input as 422 problem documents; self-played hands validated, and one-event mutations found.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api import create_app
from service.api.schemas.hands import HandValidateRequest
from service.config import Settings
from service.hands import Record, validate, validate_answer
from service.rules import Card, Kind, get_ruleset, legal_moves
from service.rules.cards import RANK_CHARS
from service.rules.deal import FaceUp
from service.rules.events import ActionKind, GameError, Phase, Violation
from service.rules.examples import SIX_PLAYER_HANDS
from service.rules.game import Hand
from service.rules.partner import highest_pairs, identical_pairs

SIX = get_ruleset("six_player")
Json = dict[str, Any]
#: Every card of three packs, one token each.
DECK = [f"{r}{s}" for r in RANK_CHARS[:13] for s in "SHDC"] * 3 + ["B", "R"] * 3
#: A deal (``service.rules.examples.SIX_PLAYER_HANDS``): seat 0 holds KH twice (3S, 4S, 5S
#: twice with the kitty), seat 1 the third KH; seat 5 holds the six jokers.
HANDS = list(SIX_PLAYER_HANDS)
KITTY = "3S 3S 4S 4S 5S 5S"


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    """The application, with a body limit that lets a batch hold many complete hands."""
    return create_app({"TESTING": True}, settings=Settings(max_body_bytes=1 << 22)).test_client()


def body(**fields: Any) -> Json:
    """A six-player record on ``HANDS`` (landlord 0, KH announced unless fields say else)."""
    found: Json = {
        "deal": {"hands": HANDS, "kitty": KITTY},
        "landlord": 0,
        "announcement": "KH",
        "ruleset": "six_player",
    }
    return {k: v for k, v in (found | fields).items() if v is not ...}


def answer_of(client: FlaskClient, request: Json) -> Json:
    answer = client.post("/v1/hands/validate", json=request)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    data: Json = answer.json
    return data


def error_of(client: FlaskClient, request: Json) -> tuple[Any, ...]:
    error = answer_of(client, request)["error"]
    return error["part"], error["index"], error["seat"], error["code"]


def problems(client: FlaskClient, path: str, request: Json) -> list[tuple[str, str]]:
    answer = client.post(path, json=request)
    assert answer.status_code == 422, answer.get_data(as_text=True)
    assert answer.mimetype == "application/problem+json"
    return [(e["field"], e["code"]) for e in answer.json["errors"]]


def dealt(landlord_cards: list[str], kitty: list[str], landlord: int = 0) -> list[str]:
    """A full deal: the landlord's 26 cards as given, the other seats the rest of the deck."""
    rest = list(DECK)
    for card in [*landlord_cards, *kitty]:
        rest.remove(card)
    hands, start = [], 0
    for seat in range(6):
        if seat == landlord:
            hands.append(" ".join(landlord_cards))
        else:
            hands.append(" ".join(rest[start : start + 26]))
            start += 26
    return hands


def distinct(count: int, skip: set[str]) -> list[str]:
    """``count`` different suited cards, none of ``skip``."""
    cards = [c for c in dict.fromkeys(DECK) if c not in skip and c not in "BR"]
    return cards[:count]


# --- The deal and the landlord ---------------------------------------------------------------


def test_s12_six_hands_of_26_and_a_kitty_of_6_taken_hidden(client: FlaskClient) -> None:
    """docs/rules.md §12: six seats of 26 cards, six face down that the landlord takes without
    showing them (32 cards); no bidding, the stake is 1."""
    hand = Hand.start(hands=HANDS, kitty=KITTY, landlord=0, rules=SIX)
    assert (hand.phase, hand.to_act, hand.landlord, hand.bid_value) == (Phase.ANNOUNCING, 0, 0, 1)
    assert sum(hand.hands[0]) == 32 and not hand.kitty_shown
    assert [sum(h) for h in hand.dealt] == [26] * 6
    answer = answer_of(client, body(announcement=...))
    assert answer["error"]["code"] == "pair_not_announced"
    assert answer["phase"] == "announcing" and answer["hands"][0].count("K") == 2


def test_s12_a_hand_of_27_cards_is_a_bad_deal_verdict(client: FlaskClient) -> None:
    """docs/rules.md §12 (26 a seat) and the README's rule for every game: a deal the decks cannot
    make is a `bad_deal` verdict naming the seat, never a 500."""
    hands = [HANDS[0] + " 2S", *HANDS[1:]]
    assert error_of(client, body(deal={"hands": hands, "kitty": KITTY})) == (
        "deal",
        None,
        0,
        "bad_deal",
    )
    answer = answer_of(client, body(deal={"hands": hands, "kitty": KITTY}))
    assert "seat 0 holds 27 cards, not 26" in answer["error"]["message"]
    four = [*HANDS[:5], HANDS[5].replace("KS", "KH")]  # a fourth KH: three packs hold three
    assert (
        "holds KH"
        in answer_of(client, body(deal={"hands": four, "kitty": KITTY}))["error"]["message"]
    )


def test_s12_no_bidding_the_record_names_the_landlord(client: FlaskClient) -> None:
    """docs/rules.md §12: "there is no bidding": the record names the landlord's seat. A bid
    (``bidding_over``: no auction) or a first bidder (``bad_deal``) reads, and is a verdict, as
    is a landlord that is no seat of the game; a record without a landlord leaves nothing to
    replay: a 422 naming the field."""
    assert answer_of(client, body())["landlord"] == 0
    assert error_of(client, body(bids=[{"seat": 0, "bid": 1}])) == ("bids", 0, 0, "bidding_over")
    assert error_of(client, body(first_bidder=0)) == ("deal", None, None, "bad_deal")
    assert problems(client, "/v1/hands/validate", body(landlord=...)) == [
        ("landlord", "required_in_game")
    ]
    for seat in ("0", 1.5):  # not an integer: unreadable
        assert problems(client, "/v1/hands/validate", body(landlord=seat))[0][0] == "landlord"
    for seat in (6, -1):  # an integer, and no seat of the game: the verdict names it
        assert error_of(client, body(landlord=seat)) == ("deal", None, None, "bad_deal")
    with pytest.raises(GameError) as error:
        Hand.start(hands=HANDS, kitty=KITTY, first_bidder=0, rules=SIX)
    assert error.value.code is Violation.BAD_DEAL
    hand = Hand.start(hands=HANDS, kitty=KITTY, landlord=0, rules=SIX)
    with pytest.raises(GameError) as error:
        hand.bid(0, 1)
    assert error.value.code is Violation.BIDDING_OVER


def test_s12_the_face_up_card_names_the_landlord(client: FlaskClient) -> None:
    """docs/rules.md §12 ("How to Play": "the player who received the face-up card becomes the
    first Landlord"): a record may name the card and the seat that drew it; with a suited deal
    that seat must have been dealt that very card, and it is the landlord."""
    drawn = {"card": "9H", "seat": 0}
    answer = answer_of(client, body(landlord=..., face_up=drawn))
    assert answer["valid"] and answer["landlord"] == 0 and answer["partner"] == 1
    assert answer_of(client, body(face_up=drawn))["valid"]
    moved = body(landlord=2, face_up=drawn)
    assert error_of(client, moved) == ("deal", None, 2, "not_face_up_drawer")
    not_held = body(face_up={"card": "9S", "seat": 0})  # seat 1 holds the 9S, not seat 0
    assert error_of(client, not_held) == ("deal", None, 0, "face_up_not_held")
    # A deal that names no suits: the drawer must hold a card of the face-up card's rank.
    plain = [h.replace("S", "").replace("H", "").replace("D", "").replace("C", "") for h in HANDS]
    unsuited = body(deal={"hands": plain, "kitty": "334455"}, announcement=None, face_up=drawn)
    assert answer_of(client, unsuited | {"landlord": 0})["valid"]
    assert error_of(client, unsuited | {"face_up": {"card": "B", "seat": 0}})[3] == (
        "face_up_not_held"
    )


# --- The announcement and the second landlord --------------------------------------------------


def test_s12_the_landlord_announces_its_highest_identical_pair(client: FlaskClient) -> None:
    """docs/rules.md §12: the landlord, with the kitty, announces its highest pair of exactly
    identical cards, same rank and suit; otherwise a verdict with its own code."""
    assert answer_of(client, body())["valid"]
    cases = {
        "5S": "not_highest_pair",  # held twice (with the kitty), but KH is higher
        "AS": "pair_not_held",  # not held
        "3C": "pair_not_held",  # held once
        "K": "pair_not_held",  # no suit: not one card
        None: "pair_not_announced",  # KH held twice, nothing announced
    }
    for card, code in cases.items():
        assert error_of(client, body(announcement=card)) == ("announcement", None, 0, code)
    message = answer_of(client, body(announcement="5S"))["error"]["message"]
    assert message == "seat 0 announces 5S: seat 0 holds KH twice, higher than 5S"
    hand = Hand.start(hands=HANDS, kitty=KITTY, landlord=0, rules=SIX)
    assert [(str(a.card), a.partner) for a in hand.legal_actions()] == [("KH", 1)]
    assert not hand.can_play(0, "3") and not hand.can_announce(1, "KH")


def test_notation_unicode_card_as_the_announced_card(client: FlaskClient) -> None:
    """README "Card notation" in a one-card field: U+1F0BE, the king of hearts, announces KH;
    a knight is a 422 that names it."""
    assert answer_of(client, body(announcement="🂾")) == answer_of(client, body())
    answer = client.post("/v1/hands/validate", json=body(announcement="🂼"))
    assert answer.status_code == 422
    [error] = answer.json["errors"]
    assert (error["field"], error["code"]) == ("announcement", "not_a_card")
    assert error["message"] == "'🂼' is the knight of hearts, not a card of the game"


def test_s12_all_three_copies_name_no_partner_and_ties_take_any_suit(client: FlaskClient) -> None:
    """docs/rules.md §12: a card held three times names no partner (the landlord announces the
    highest card it holds exactly twice); several suits at the highest rank: any of them."""
    landlord = ["AS", "AS", "AS", "KH", "KH", "KD", "KD", *distinct(19, {"AS", "KH", "KD"})]
    kitty = distinct(25, {"AS", "KH", "KD"})[19:]
    hands = dealt(landlord, kitty)
    record = body(deal={"hands": hands, "kitty": " ".join(kitty)})
    partner = answer_of(client, record)["partner"]
    assert partner == next(s for s, h in enumerate(hands) if s and "KH" in h.split())
    assert answer_of(client, record | {"announcement": "KD"})["valid"]
    assert error_of(client, record | {"announcement": "AS"})[3] == "pair_not_held"
    message = answer_of(client, record | {"announcement": "AS"})["error"]["message"]
    assert message.endswith("seat 0 holds all three AS: it announces a card it holds exactly twice")


def test_s12_no_identical_pair_plays_alone(client: FlaskClient) -> None:
    """docs/rules.md §12: a landlord without an identical pair, or with all three copies of every
    card it could announce, plays alone and announces nothing."""
    landlord = ["AS", "AS", "AS", *distinct(23, {"AS"})]
    kitty = distinct(29, {"AS"})[23:]
    record = body(deal={"hands": dealt(landlord, kitty), "kitty": " ".join(kitty)})
    alone = answer_of(client, record | {"announcement": None})
    assert alone["valid"] and alone["partner"] is None and alone["phase"] == "play"
    assert error_of(client, record)[3] == "pair_not_held"  # KH: held once
    partnered = answer_of(client, record | {"announcement": None, "partner": 3})
    assert partnered["error"]["code"] == "wrong_partner"


def test_s12_two_black_or_two_red_jokers_are_identical(client: FlaskClient) -> None:
    """docs/rules.md §12: two black jokers (or two red) are an identical pair, the highest ranks."""
    landlord = ["B", "B", "KH", "KH", *distinct(22, {"KH"})]
    kitty = distinct(28, {"KH"})[22:]
    hands = dealt(landlord, kitty)
    record = body(deal={"hands": hands, "kitty": " ".join(kitty)})
    assert error_of(client, record)[3] == "not_highest_pair"
    answer = answer_of(client, record | {"announcement": "小王"})
    holder = next(s for s, h in enumerate(hands) if s and "B" in h.split())
    assert answer["valid"] and answer["partner"] == holder
    assert identical_pairs(tuple(Card.parse(c) for c in landlord))[0] == Card.parse("BJ")


def test_s12_the_holder_of_the_third_copy_is_the_second_landlord(client: FlaskClient) -> None:
    """docs/rules.md §12: whoever holds the third copy becomes the second landlord; the referee sees
    the whole deal and names both; a record that names another partner is `wrong_partner`."""
    answer = answer_of(client, body())
    assert (answer["landlord"], answer["partner"]) == (0, 1)
    assert answer_of(client, body(partner=1))["valid"]
    assert error_of(client, body(partner=2)) == ("announcement", None, 0, "wrong_partner")
    hand = Hand.start(hands=HANDS, kitty=KITTY, landlord=0, rules=SIX)
    assert hand.announce(0, "KH") == 1 and hand.landlords == (0, 1)
    with pytest.raises(GameError) as error:
        hand.announce(0, "KH")
    assert error.value.code is Violation.NOT_ANNOUNCING


def test_s12_a_deal_without_suits_names_the_partner(client: FlaskClient) -> None:
    """docs/rules.md §12 is silent on a record without suits: identical cards cannot be told apart,
    so the record names the partner, and only what ranks show is checked."""
    plain = [" ".join(c[0] for c in h.split()) for h in HANDS]
    record = body(deal={"hands": plain, "kitty": "334455"}, announcement="K")
    assert error_of(client, record) == ("announcement", None, 0, "partner_unknown")
    answer = answer_of(client, record | {"partner": 3})
    assert answer["valid"] and answer["partner"] == 3
    assert error_of(client, record | {"partner": 2})[3] == "wrong_partner"  # seat 2 has no K
    assert error_of(client, record | {"announcement": "A", "partner": 1})[3] == "pair_not_held"
    alone = answer_of(client, record | {"announcement": None})
    assert alone["valid"] and alone["partner"] is None


# --- The play, the end and the score -----------------------------------------------------------


def test_s12_the_landlord_leads_and_a_trick_ends_after_five_passes(client: FlaskClient) -> None:
    """docs/rules.md §12: seats 0..5 in order, the landlord leads; a trick ends when the five other
    seats have passed in a row."""
    events: list[Json] = [{"seat": 0, "cards": "3C"}]
    events += [{"seat": seat, "pass": True} for seat in (1, 2, 3, 4)]
    answer = answer_of(client, body(events=events))
    assert (answer["to_act"], answer["last_play"]["cards"]) == (5, "3")
    answer = answer_of(client, body(events=[*events, {"seat": 5, "pass": True}]))
    assert (answer["to_act"], answer["last_play"], answer["passing_allowed"]) == (0, None, False)
    assert error_of(client, body(events=[{"seat": 1, "cards": "3H"}])) == (
        "events",
        0,
        1,
        "wrong_seat",
    )
    assert error_of(client, body(announcement=None, events=events))[0] == "announcement"


def test_s12_the_side_of_the_seat_out_wins_zero_sum(client: FlaskClient) -> None:
    """docs/rules.md §12: the hand ends when a seat has no cards left, and its side wins; each
    farmer pays or receives stake x multiplier, the landlords share it: 2x each with a
    partner, 5x alone; bombs and the six-joker nuke double."""
    for seed in range(40):
        record, hand, _ = self_play(seed)
        outcome = validate(record, SIX)
        points, score = outcome.points(), outcome.score()
        assert outcome.valid and points is not None and score is not None
        assert sum(points) == 0 and hand.winner is not None
        landlords = hand.landlords
        won = hand.winning_seat in landlords
        assert (hand.winner.value == "landlord") is won
        each = score.points * (1 if won else -1)
        share = 2 if len(landlords) == 2 else 5
        assert [points[s] for s in landlords] == [share * each] * len(landlords)
        assert all(points[s] == -each for s in range(6) if s not in landlords)
        bombs = sum(1 for a in hand.history if a.combination and a.combination.kind is Kind.BOMB)
        nukes = sum(1 for a in hand.history if a.combination and a.combination.kind is Kind.NUKE)
        spring = hand.spring or hand.anti_spring
        assert score.multiplier == 2 ** (bombs + nukes + spring) and score.stake == 1


def test_s12_spring_counts_the_landlords_side() -> None:
    """docs/rules.md §12: spring when no farmer played a card (the partner may have played), anti-
    spring when the landlords together made only the opening lead: recounted from the
    history of self-played hands."""
    for seed in range(40):
        _, hand, _ = self_play(seed)
        plays = [0] * 6
        for action in hand.history:
            if action.combination is not None:
                plays[action.seat] += 1
        side = hand.landlords
        farmers_played = sum(n for seat, n in enumerate(plays) if seat not in side)
        landlords_played = sum(plays[seat] for seat in side)
        won = hand.winning_seat in side
        assert hand.spring == (won and farmers_played == 0)
        assert hand.anti_spring == (not won and landlords_played == 1)


# --- Bad input: 422 problem documents --------------------------------------------------------


def test_s12_bad_input_is_a_422_naming_the_field(client: FlaskClient) -> None:
    """A seventh hand, a seat that is no integer, an unreadable card, no landlord: each a 422
    naming the field, never a 500. What reads but is not the game's is a verdict: an
    announcement or a partner in a three-player record (``not_announcing``), a landlord there
    (``bad_deal``), a seat that is none of the game's."""
    three = {
        "deal": {
            "hands": ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"],
            "kitty": "JQK",
        },
        "first_bidder": 0,
        "announcement": "AS",
    }
    assert error_of(client, three) == ("announcement", None, None, "not_announcing")
    landlord = three | {"announcement": None, "landlord": 1}
    assert error_of(client, landlord) == ("deal", None, None, "bad_deal")
    partner = three | {"announcement": None, "partner": 2}
    assert error_of(client, partner) == ("announcement", None, None, "not_announcing")
    seventh = body(deal={"hands": [*HANDS, "3"], "kitty": KITTY})
    assert problems(client, "/v1/hands/validate", seventh)[0][0] == "deal.hands"
    seat_6 = body(events=[{"seat": 6, "pass": True}])  # a seat no game has reads: a verdict
    assert error_of(client, seat_6) == ("events", 0, 6, "no_such_seat")
    for card in ("ZZ", "3H 4H", 5, ""):
        assert problems(client, "/v1/hands/validate", body(announcement=card))[0][0] == (
            "announcement"
        )
    assert problems(client, "/v1/hands/validate", body(face_up={"card": "7H"}))[0][0] == (
        "face_up.seat"
    )
    assert problems(client, "/v1/hands/validate", body(partner="6"))[0][0] == "partner"
    assert error_of(client, body(partner=6)) == ("announcement", None, 0, "wrong_partner")
    batch = {
        "items": [{k: v for k, v in body(bids=[]).items() if k not in ("ruleset", "landlord")}]
    }
    found = problems(client, "/v1/hands/validate/batch", batch | {"ruleset": "six_player"})
    assert found == [("items.0.landlord", "required_in_game")]


# --- Self-played hands, in the core and over HTTP ----------------------------------------------


def self_play(seed: int) -> tuple[Record, Hand, Json]:
    """A random deal, a random landlord (named by the record, by the face-up card, or both), a
    random legal announcement (legal by construction: ``Hand.legal_actions``), random legal
    plays to the end; the record, the hand as the core played it, and the HTTP request."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * 26 : (i + 1) * 26] for i in range(6)]
    kitty = deck[156:]
    landlord = rng.randrange(6)
    face_up = FaceUp.of(rng.choice(hands[landlord]), landlord)
    hand = Hand.start(
        hands=[" ".join(h) for h in hands], kitty=" ".join(kitty), landlord=landlord, rules=SIX
    )
    announce = rng.choice(hand.legal_actions())
    hand.apply(announce)
    held = [list(h) for h in hands]
    held[landlord] += kitty
    events: list[tuple[int, str | None]] = []
    while hand.phase is Phase.PLAY:
        actions = hand.legal_actions()
        plays = [a for a in actions if a.kind is ActionKind.PLAY]
        action = rng.choice(plays) if plays and rng.random() < 0.7 else actions[0]
        if action.combination is None:
            events.append((action.seat, None))
        else:
            taken = []
            for rank in action.combination.cards:
                card = next(c for c in held[action.seat] if c[0] == rank)
                held[action.seat].remove(card)
                taken.append(card)
            events.append((action.seat, " ".join(taken)))
        hand.apply(action)
    how = rng.choice(["landlord", "face_up", "both"])
    card = None if announce.card is None else str(announce.card)
    record = Record.of(
        hands=[" ".join(h) for h in hands],
        kitty=" ".join(kitty),
        landlord=None if how == "face_up" else landlord,
        face_up=None if how == "landlord" else (str(face_up.card), landlord),
        announcement=card,
        events=events,
    )
    request: Json = {
        "deal": {"hands": [" ".join(h) for h in hands], "kitty": " ".join(kitty)},
        "announcement": card,
        "events": [
            {"seat": s, "pass": True} if c is None else {"seat": s, "cards": c} for s, c in events
        ],
        "ruleset": "six_player",
    }
    if how != "face_up":
        request["landlord"] = landlord
    if how != "landlord":
        request["face_up"] = {"card": str(face_up.card), "seat": landlord}
    return record, hand, request


@pytest.mark.parametrize("seed", range(12))
def test_s12_self_played_hands_validate(seed: int, client: FlaskClient) -> None:
    """Random legal six-player hands are valid to the hand validation, in the core and over
    HTTP, with the same landlords, winner and zero-sum points."""
    record, hand, request = self_play(seed)
    outcome = validate(record, SIX)
    assert outcome.valid, outcome.error
    assert outcome.hand is not None and outcome.hand.landlords == hand.landlords
    points = outcome.points()
    assert points is not None and sum(points) == 0 and len(points) == 6
    answer = answer_of(client, request)
    assert answer["valid"] and answer["points"] == list(points)
    assert (answer["landlord"], answer["partner"]) == (hand.landlord, hand.partner)
    assert answer["winner"] == hand.winner and answer["phase"] == "ended"
    assert answer["score"]["landlord"] == points[hand.landlords[0]]


def test_s12_self_played_hands_in_a_batch_and_a_match(client: FlaskClient) -> None:
    """The batch answers each six-player record; the match ledger scores each player by
    seat, zero-sum, and names both landlords."""
    played = [self_play(seed) for seed in range(100, 106)]
    items = [{k: v for k, v in r.items() if k != "ruleset"} for _, _, r in played]
    batch = client.post("/v1/hands/validate/batch", json={"items": items, "ruleset": "six_player"})
    assert batch.status_code == 200
    assert [r["valid"] for r in batch.json["results"]] == [True] * len(items)
    names = ["ann", "bob", "cy", "dee", "eve", "fay"]
    hands = [item | {"players": names[i:] + names[:i]} for i, item in enumerate(items)]
    match = client.post("/v1/matches/score", json={"hands": hands, "ruleset": "six_player"})
    assert match.status_code == 200, match.json
    ledger = match.json
    assert sum(ledger["totals"].values()) == 0 and ledger["invalid"] == []
    for entry, (_, hand, _) in zip(ledger["hands"], played, strict=True):
        assert (entry["landlord"], entry["partner"]) == (hand.landlord, hand.partner)
        assert sum(entry["points"].values()) == 0 and entry["scored"]
    few = {"hands": [hands[0] | {"players": names[:3]}], "ruleset": "six_player"}
    assert problems(client, "/v1/matches/score", few) == [("hands.0.players", "players_per_seat")]


# --- One event mutated -------------------------------------------------------------------------


def replaced(request: Json, index: int, new: Json) -> Json:
    events = request["events"]
    return request | {"events": [*events[:index], new, *events[index + 1 :]]}


def mutations(seed: int) -> list[tuple[str, Json, tuple[Any, ...]]]:
    """Mutations of one self-played hand, each with the (part, index, code) it must give."""
    rng = random.Random(seed)
    _, hand, request = self_play(seed)
    found: list[tuple[str, Json, tuple[Any, ...]]] = []
    history = [a for a in hand.history if a.kind is not ActionKind.ANNOUNCE]
    # Replay the core to find the state before each event.
    states = []
    again = Hand.start(
        hands=request["deal"]["hands"],
        kitty=request["deal"]["kitty"],
        landlord=hand.landlord,
        rules=SIX,
    )
    again.apply(hand.history[0])
    for action in history:
        states.append((again.to_act, again.hands[again.to_act or 0], again.last_play))
        again.apply(action)
    index = rng.randrange(len(history))
    seat, held, _ = states[index]
    missing = [r for r in RANK_CHARS if held[RANK_CHARS.index(r)] == 0]
    cards = missing[0] if missing else "3" * (held[0] + 1)
    found.append(
        (
            "not_in_hand",
            replaced(request, index, {"seat": seat, "cards": cards}),
            ("events", index, "not_in_hand"),
        )
    )
    leads = [i for i, s in enumerate(states) if s[2] is None]
    index = rng.choice(leads)
    found.append(
        (
            "leader_cannot_pass",
            replaced(request, index, {"seat": states[index][0], "pass": True}),
            ("events", index, "leader_cannot_pass"),
        )
    )
    index = rng.randrange(len(history))
    moved = request["events"][index] | {"seat": ((states[index][0] or 0) + rng.randrange(1, 6)) % 6}
    found.append(("wrong_seat", replaced(request, index, moved), ("events", index, "wrong_seat")))
    for index in [i for i, s in enumerate(states) if s[2] is not None][:20]:
        seat, held, last = states[index]
        assert last is not None
        losing = [
            m
            for m in legal_moves(held, rules=SIX)
            if not m.is_bomb
            and m.kind is not Kind.NUKE
            and not last.is_bomb
            and len(m.cards) != len(last.cards)
        ]
        if losing:
            play = rng.choice(losing)
            found.append(
                (
                    "does_not_beat",
                    replaced(request, index, {"seat": seat, "cards": play.cards}),
                    ("events", index, "does_not_beat"),
                )
            )
            break
    end = len(request["events"])
    found.append(
        (
            "hand_over",
            replaced(request, end, {"seat": rng.randrange(6), "pass": True}),
            ("events", end, "hand_over"),
        )
    )
    landlord = hand.landlord
    assert landlord is not None
    cards = Counter(
        Card.parse(c)
        for c in [*request["deal"]["hands"][landlord].split(), *request["deal"]["kitty"].split()]
    )
    once = next(c for c, n in cards.items() if n == 1)
    found.append(
        (
            "pair_not_held",
            request | {"announcement": str(once)},
            ("announcement", None, "pair_not_held"),
        )
    )
    if hand.announced is not None:
        found.append(
            (
                "pair_not_announced",
                request | {"announcement": None},
                ("announcement", None, "pair_not_announced"),
            )
        )
        others = [s for s in range(6) if s not in hand.landlords]
        found.append(
            (
                "wrong_partner",
                request | {"partner": rng.choice(others)},
                ("announcement", None, "wrong_partner"),
            )
        )
        lower = [
            c for c in identical_pairs(tuple(cards.elements())) if c.rank < hand.announced.rank
        ]
        if lower:
            found.append(
                (
                    "not_highest_pair",
                    request | {"announcement": str(lower[0])},
                    ("announcement", None, "not_highest_pair"),
                )
            )
    deal = Hand.start(
        hands=request["deal"]["hands"], kitty=request["deal"]["kitty"], landlord=landlord, rules=SIX
    ).deal
    assert highest_pairs(deal, landlord) or hand.announced is None
    other = (landlord + rng.randrange(1, 6)) % 6
    drew = {"card": request["deal"]["hands"][landlord].split()[0], "seat": other}
    if not deal.holds(other, Card.parse(drew["card"])):
        found.append(
            ("face_up_not_held", request | {"face_up": drew}, ("deal", None, "face_up_not_held"))
        )
    mine = {"card": request["deal"]["hands"][other].split()[0], "seat": other}
    found.append(
        (
            "not_face_up_drawer",
            request | {"face_up": mine, "landlord": landlord},
            ("deal", None, "not_face_up_drawer"),
        )
    )
    return found


def test_s12_one_mutated_event_is_the_first_error(client: FlaskClient) -> None:
    """A card not held, a pass by the leader, a seat out of turn, a play that does
    not beat, an event after the end, an announcement not held, not the highest, missing, a
    wrong partner, a face-up card not dealt to its drawer or drawn by another seat: each is
    found where it is, with its code; every third also through HTTP."""
    done: Counter[str] = Counter()
    for seed in range(200, 212):
        for number, (name, request, want) in enumerate(mutations(seed)):
            args = HandValidateRequest().load(request)
            answer = validate_answer(args["record"], args["rules"])
            error = answer["error"]
            assert error is not None, name
            assert (error["part"], error["index"], error["code"]) == want, (name, error)
            if number % 3 == 0:
                assert answer_of(client, request) == answer
            done[name] += 1
    assert all(
        done[name] >= 5 for name in ("not_in_hand", "wrong_seat", "hand_over", "pair_not_held")
    ), done
    assert done["does_not_beat"] >= 5 and done["wrong_partner"] >= 5, done
