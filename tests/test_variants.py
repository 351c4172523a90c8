"""The four-player game (docs/rules.md §9) and Big Three (section 10), clause by clause, and
whole hands of each played at random and judged by the hand validation, in the core and over
HTTP. Legal-move counts against a brute force are in ``test_variant_perft.py``."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api import create_app
from service.hands import Record, validate
from service.rules import (
    BIG_THREE,
    FOUR_PLAYER,
    CardError,
    Combination,
    Game,
    Kind,
    Reason,
    RuleSet,
    RuleSetError,
    beats,
    classify,
    get_ruleset,
    legal_moves,
    read_play,
)
from service.rules.cards import RANK_CHARS
from service.rules.events import ActionKind, GameError, Phase, Violation
from service.rules.game import Hand
from service.rules.scoring import ScoreError, score

FOUR_DEAL = ["33445566778899TTJJQQKKAA2"] * 4
FOUR_KITTY = "2222BBRR"
THREE_DEAL = ["4444555566667777", "88889999TTTTJJJJ", "QQQQKKKKAAAA2222"]
THREE_KITTY = "3333"  # Big Three: 52 cards, no jokers


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def kinds(cards: str, rules: RuleSet) -> list[str]:
    return [c.kind.value for c in classify(cards, rules)]


def of(cards: str, rules: RuleSet) -> Combination:
    return Combination.of(cards, rules=rules)


# --- Section 9: the four-player game -------------------------------------------------------------


def test_s9_two_decks_of_108_cards() -> None:
    """docs/rules.md §9: two decks, four jokers: 8 of a rank and 2 of each joker at most."""
    assert sum(FOUR_PLAYER.table.full_deck) == 108
    assert read_play("33333333 BB RR", FOUR_PLAYER)
    for too_many in ("333333333", "BBB", "RRR"):
        with pytest.raises(CardError) as error:
            read_play(too_many, FOUR_PLAYER)
        assert error.value.problems[0].code == "too_many_of_rank"


def test_s9_a_suited_card_twice_never_three_times() -> None:
    """docs/rules.md §9: two decks hold each suited card twice, never three times."""
    assert read_play("3S 3S", FOUR_PLAYER)
    with pytest.raises(CardError) as error:
        read_play("3S 3S S3", FOUR_PLAYER)
    assert [(p.code, p.position) for p in error.value.problems] == [("duplicate_card", 6)]


def test_s9_deal_25_each_8_to_the_landlord_who_plays_33() -> None:
    """docs/rules.md §9: 25 cards each, 8 left for the landlord, who plays alone from 33."""
    hand = Hand.start(hands=FOUR_DEAL, kitty=FOUR_KITTY, first_bidder=0, rules=FOUR_PLAYER)
    hand.bid(0, 3)
    assert sum(hand.hands[0]) == 33 and hand.to_act == 0
    with pytest.raises(GameError) as error:
        Hand.start(hands=FOUR_DEAL[:3], kitty=FOUR_KITTY, first_bidder=0, rules=FOUR_PLAYER)
    assert error.value.code is Violation.BAD_DEAL


def test_s9_no_single_card_attachments() -> None:
    """docs/rules.md §9: no trio with a single, no airplane with singles."""
    for cards in ("3334", "33344457"):
        assert kinds(cards, FOUR_PLAYER) == []
    assert kinds("33344", FOUR_PLAYER) == ["trio_pair"]
    assert kinds("3334445566", FOUR_PLAYER) == ["airplane_pairs"]


def test_s9_no_four_with_kicker_kinds() -> None:
    """docs/rules.md §9: four of a rank never carries kickers."""
    for cards in ("333345", "33334455", "33335", "333355"):
        assert kinds(cards, FOUR_PLAYER) == []
    with pytest.raises(RuleSetError):
        get_ruleset("four_player", four_with_two=True)


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("3333", "bomb"),
        ("33333", "bomb"),
        ("333333", "six_rocket"),
        ("3333333", "missile"),
        ("33333333", "sky_explosion"),
        ("BBRR", "nuke"),
    ],
)
def test_s9_bombs_of_4_to_8_of_a_kind_and_the_nuke(cards: str, kind: str) -> None:
    """docs/rules.md §9: bombs of 4 or 5, rocket 6, missile 7, sky explosion 8, nuke four jokers."""
    assert kinds(cards, FOUR_PLAYER) == [kind]


def test_s9_a_larger_group_beats_a_smaller_one() -> None:
    """docs/rules.md §9: more cards win whatever the rank; the same size compares by rank."""
    assert beats(of("33333", FOUR_PLAYER), of("2222", FOUR_PLAYER)).reason is Reason.HIGHER_BOMB
    assert not beats(of("2222", FOUR_PLAYER), of("33333", FOUR_PLAYER))
    assert beats(of("333333", FOUR_PLAYER), of("22222", FOUR_PLAYER))
    assert beats(of("33333333", FOUR_PLAYER), of("2222222", FOUR_PLAYER))
    assert beats(of("44444", FOUR_PLAYER), of("33333", FOUR_PLAYER))
    assert not beats(of("33333", FOUR_PLAYER), of("44444", FOUR_PLAYER))
    assert beats(of("3333", FOUR_PLAYER), of("TJQKA", FOUR_PLAYER)).reason is Reason.BOMB


def test_s9_the_nuke_is_the_highest_play() -> None:
    """docs/rules.md §9: the nuke beats anything, nothing beats it."""
    nuke = of("BBRR", FOUR_PLAYER)
    assert beats(nuke, of("22222222", FOUR_PLAYER)).reason is Reason.ROCKET
    assert beats(of("22222222", FOUR_PLAYER), nuke).reason is Reason.ROCKET_UNBEATABLE
    assert legal_moves("22222222 BBRR", previous=nuke, rules=FOUR_PLAYER).count() == 0


def test_s9_joker_pairs_is_an_option() -> None:
    """docs/rules.md §9, silent on jokers of a colour: they pair under ``joker_pairs`` (the preset)
    and then make a pair kicker too; one of each colour is never a pair nor a rocket."""
    assert kinds("BB", FOUR_PLAYER) == ["pair"] and kinds("RR", FOUR_PLAYER) == ["pair"]
    assert kinds("333BB", FOUR_PLAYER) == ["trio_pair"]
    assert kinds("BR", FOUR_PLAYER) == []
    assert beats(of("RR", FOUR_PLAYER), of("BB", FOUR_PLAYER))
    assert beats(of("BB", FOUR_PLAYER), of("22", FOUR_PLAYER))
    plain = get_ruleset("four_player", joker_pairs=False)
    assert kinds("BB", plain) == [] and kinds("333BB", plain) == []
    with pytest.raises(RuleSetError):
        get_ruleset("standard", joker_pairs=True)


def test_s9_chains_reach_the_33_card_hand() -> None:
    """docs/rules.md §9 with section 2's limits scaled to the landlord's 33 cards."""
    assert kinds("33445566778899TTJJQQKKAA", FOUR_PLAYER) == ["pair_chain"]
    assert kinds("333444555666777888999TTTJJJQQQKKK", FOUR_PLAYER) == ["airplane"]


def test_s9_four_seats_and_a_trick_ends_after_three_passes() -> None:
    """docs/rules.md §5 with four seats: after seat i comes seat (i + 1) % 4; a trick ends when the
    three others pass."""
    hand = Hand.start(hands=FOUR_DEAL, kitty=FOUR_KITTY, first_bidder=3, rules=FOUR_PLAYER)
    for seat in (3, 0, 1):
        hand.bid(seat, 0)
    hand.bid(2, 1)
    assert hand.landlord == 2 and hand.to_act == 2
    hand.play(2, "3")
    for seat in (3, 0):
        hand.pass_turn(seat)
    assert hand.to_act == 1 and hand.last_play is not None
    hand.pass_turn(1)
    assert hand.to_act == 2 and hand.last_play is None


def test_s9_scoring_three_farmers_pay_or_are_paid() -> None:
    """docs/rules.md §7 with three farmers: each pays stake x multiplier, the landlord thrice."""
    result = score(bid=2, winner="landlord", bombs=1, rockets=1, rules=FOUR_PLAYER)
    assert (result.multiplier, result.landlord, result.farmers) == (4, 24, (-8, -8, -8))
    assert score(bid=1, winner="farmers", bombs=20, rules=FOUR_PLAYER).multiplier == 1 << 20
    with pytest.raises(ScoreError) as error:
        score(bid=1, winner="farmers", bombs=20)
    assert error.value.problems[0].code == "not_in_game"


def test_s9_the_api_takes_two_decks_only_under_four_player(client: FlaskClient) -> None:
    """API.md: a card list the game's deck cannot hold is an error; its own hand size too."""
    ok = client.post("/v1/classify", json={"cards": "33333", "ruleset": "four_player"})
    assert ok.status_code == 200 and ok.json["combination"]["kind"] == "bomb"
    refused = client.post("/v1/classify", json={"cards": "3 3 3 3 3"})
    assert refused.status_code == 422
    assert refused.json["errors"][0] | {"message": ""} == {
        "field": "cards",
        "code": "too_many_of_rank",
        "token": "3",
        "position": 8,
        "message": "",
    }
    landlord = "333444555666777888999TTTJJJQQQKKK"
    moves = client.post("/v1/legal-moves", json={"hand": landlord, "ruleset": "four_player"})
    assert moves.status_code == 200 and moves.json["count"] > 0
    too_many = client.post("/v1/legal-moves", json={"hand": landlord})
    assert too_many.json["errors"][0]["code"] == "too_many_cards"
    suited = client.post("/v1/classify", json={"cards": ["7S", "7S"]})
    assert suited.json["errors"][0]["code"] == "duplicate_card"
    assert client.post("/v1/classify", json={"cards": ["7S", "7S"], "ruleset": "four_player"}).json[
        "valid"
    ]


# --- Section 10: Big Three -------------------------------------------------------------------


def test_s10_52_cards_and_no_jokers() -> None:
    """docs/rules.md §10: 52 cards, no jokers."""
    assert sum(BIG_THREE.table.full_deck) == 52
    with pytest.raises(CardError) as error:
        read_play("3 B", BIG_THREE)
    assert error.value.problems[0].position == 2
    assert "no jokers" in error.value.problems[0].message


def test_s10_rank_order_with_3_highest() -> None:
    """docs/rules.md §10: 3 2 A K Q J T 9 8 7 6 5 4, high to low."""
    order = "456789TJQKA23"
    for low, high in pairwise(order):
        assert beats(of(high, BIG_THREE), of(low, BIG_THREE))
        assert not beats(of(low, BIG_THREE), of(high, BIG_THREE))
        assert beats(of(high * 2, BIG_THREE), of(low * 2, BIG_THREE))
    assert [m.cards for m in legal_moves("2 3 4", previous="A", rules=BIG_THREE)] == ["2", "3"]


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("4", "single"),
        ("33", "pair"),
        ("222", "trio"),
        ("AAAA", "quad"),
        ("456", "run"),
        ("456789TJQK", "run"),
        ("445566", "pair_run"),
        ("444555666", "trio_run"),
        ("444455556666", "quad_run"),
    ],
)
def test_s10_single_pair_triple_quad_and_runs(cards: str, kind: str) -> None:
    """docs/rules.md §10: the combinations of Big Three."""
    assert kinds(cards, BIG_THREE) == [kind]


@pytest.mark.parametrize("cards", ["45", "QKA", "KA2", "A23", "234", "4455", "444555", "4445"])
def test_s10_runs_of_three_or_more_never_with_2_3_or_a(cards: str) -> None:
    """docs/rules.md §10: a run holds at least 3 ranks, never 2, 3 or A; no kickers at all."""
    assert kinds(cards, BIG_THREE) == []


def test_s10_no_bombs_same_kind_and_size_only() -> None:
    """docs/rules.md §10: a play is beaten only by the same kind and size, higher; no bombs."""
    quad = of("4444", BIG_THREE)
    assert beats(quad, of("5", BIG_THREE)).reason is Reason.DIFFERENT_KIND
    assert beats(of("5555", BIG_THREE), quad).reason is Reason.HIGHER
    assert beats(of("5678", BIG_THREE), of("456", BIG_THREE)).reason is Reason.DIFFERENT_LENGTH
    assert beats(of("567", BIG_THREE), of("456", BIG_THREE))
    assert not quad.is_bomb
    hand = "4444 5555 6666 3"
    assert [m.kind for m in legal_moves(hand, previous="2", rules=BIG_THREE)] == [Kind.SINGLE]


def test_s10_16_each_and_4_to_the_high_bidder_unseen() -> None:
    """docs/rules.md §10: 16 cards each, 4 taken unseen by the high bidder."""
    hand = Hand.start(hands=THREE_DEAL, kitty=THREE_KITTY, first_bidder=0, rules=BIG_THREE)
    assert not hand.kitty_shown
    hand.bid(0, 1)
    hand.bid(1, 2)
    hand.bid(2, 0)
    assert hand.phase is Phase.BIDDING  # a bid is followed by two passes
    hand.bid(0, 0)
    assert hand.landlord == 1 and sum(hand.hands[1]) == 20


def test_s10_the_first_bidder_must_bid_and_leads_the_first_trick() -> None:
    """docs/rules.md §10 ("How to Play"): the first bidder must bid at least one, and the player who
    had the first bid has the first play, whoever won the bidding."""
    hand = Hand.start(hands=THREE_DEAL, kitty=THREE_KITTY, first_bidder=2, rules=BIG_THREE)
    with pytest.raises(GameError) as error:
        hand.bid(2, 0)
    assert error.value.code is Violation.FIRST_BID_REQUIRED
    assert [a.bid for a in hand.legal_actions()] == [1, 2, 3]
    hand.bid(2, 1)
    hand.bid(0, 3)
    assert hand.landlord == 0 and hand.to_act == 2 and hand.trick_leader == 2


def test_s10_the_holder_of_the_4_of_hearts_bids_first() -> None:
    """docs/rules.md §10: with suits, the 4 of hearts' holder bids first; when the kitty holds it,
    the holder of the lowest heart dealt."""
    deck = [f"{r}{s}" for r in "3456789TJQKA2" for s in "SHDC"]
    random.Random(7).shuffle(deck)
    hands = [deck[i * 16 : i * 16 + 16] for i in range(3)]
    kitty = deck[48:]
    holder = next(seat for seat, cards in enumerate(hands) if "4H" in cards)
    bids = [(holder, 3)]
    text = [" ".join(h) for h in hands]
    right = Record.of(hands=text, kitty=" ".join(kitty), first_bidder=holder, bids=bids)
    assert validate(right, BIG_THREE).valid
    other = (holder + 1) % 3
    wrong = Record.of(hands=text, kitty=" ".join(kitty), first_bidder=other, bids=bids)
    error = validate(wrong, BIG_THREE).error
    assert error is not None and error.code is Violation.WRONG_FIRST_BIDDER and error.seat == other
    assert error.message == f"seat {holder} holds 4H and bids first, not seat {other}"
    # Move the 4 of hearts to the kitty: then the lowest heart dealt (Big Three order) decides.
    swap = kitty[0]
    hands[holder][hands[holder].index("4H")], kitty[0] = swap, "4H"
    order = "456789TJQKA23"
    hearts = [(order.index(c[0]), seat) for seat, h in enumerate(hands) for c in h if c[1] == "H"]
    lowest = min(hearts)[1]
    text = [" ".join(h) for h in hands]
    record = Record.of(hands=text, kitty=" ".join(kitty), first_bidder=lowest, bids=[(lowest, 1)])
    assert validate(record, BIG_THREE).valid
    unsuited = Record.of(hands=THREE_DEAL, kitty=THREE_KITTY, first_bidder=1, bids=[(1, 1)])
    assert validate(unsuited, BIG_THREE).valid  # no suits: any first bidder


def test_s10_the_high_bidder_wins_or_loses_the_bid_from_each_opponent() -> None:
    """docs/rules.md §10: no multipliers; the stake is the bid, from or to each opponent."""
    assert score(bid=2, winner="landlord", rules=BIG_THREE).farmers == (-2, -2)
    assert score(bid=3, winner="farmers", rules=BIG_THREE).landlord == -6
    for bad in ({"bombs": 1}, {"rockets": 1}, {"doublings": 1}, {"spring": True}):
        with pytest.raises(ScoreError) as error:
            score(bid=1, winner="landlord", rules=BIG_THREE, **bad)
        assert error.value.problems[0].code == "not_in_game"


def test_s10_options_of_other_games_are_refused() -> None:
    """docs/rules.md §8 and 10: Big Three has no kickers, bombs or multipliers to configure."""
    for option in ({"four_with_two": True}, {"same_rank_pairs": True}, {"multiplier_cap": 8}):
        with pytest.raises(RuleSetError):
            get_ruleset("big_three", **option)
    assert get_ruleset("standard", game="big_three", four_with_two=False).game is Game.BIG_THREE


# --- Whole hands played at random, judged by the hand validation ---------------------------------


def _suited_deck(rules: RuleSet) -> list[str]:
    copies, jokers = rules.table.copies, rules.table.jokers
    cards = [f"{r}{s}" for r in RANK_CHARS[:13] for s in "SHDC"] * copies
    return cards + ["B", "R"] * jokers


def _take(cards: list[str], counts: tuple[int, ...]) -> list[str]:
    """Remove from ``cards`` one suited card per card of ``counts`` and return them."""
    taken = []
    for rank, n in enumerate(counts):
        for _ in range(n):
            card = next(c for c in cards if c[0] == RANK_CHARS[rank])
            cards.remove(card)
            taken.append(card)
    return taken


def self_play(rules: RuleSet, seed: int) -> tuple[Record, Hand, dict[str, Any]]:
    """Deal suited cards, bid and play random legal actions to the end; return the record,
    the hand as the core played it, and the record as the HTTP API takes it."""
    rng = random.Random(seed)
    table = rules.table
    deck = _suited_deck(rules)
    rng.shuffle(deck)
    hands = [deck[i * table.hand : (i + 1) * table.hand] for i in range(table.seats)]
    kitty = deck[table.seats * table.hand :]
    first = rng.randrange(table.seats)
    if rules.game is Game.BIG_THREE:  # every card suited: the 4 of hearts' holder bids first
        order = "456789TJQKA23"
        first = min((order.index(c[0]), s) for s, h in enumerate(hands) for c in h if c[1] == "H")[
            1
        ]
    while True:
        hand = Hand.start(
            hands=[" ".join(h) for h in hands],
            kitty=" ".join(kitty),
            first_bidder=first,
            rules=rules,
        )
        bids = []
        while hand.phase is Phase.BIDDING:
            action = rng.choice(hand.legal_actions())
            bids.append((action.seat, action.bid or 0))
            hand.apply(action)
        if hand.phase is not Phase.REDEAL:
            break
        first = (first + 1) % table.seats
    held = [list(h) for h in hands]
    assert hand.landlord is not None
    held[hand.landlord] += kitty
    events: list[tuple[int, str | None]] = []
    while hand.phase is Phase.PLAY:
        actions = hand.legal_actions()
        plays = [a for a in actions if a.kind is ActionKind.PLAY]
        action = rng.choice(plays) if plays and rng.random() < 0.8 else actions[0]
        if action.kind is ActionKind.PASS:
            events.append((action.seat, None))
        else:
            assert action.combination is not None
            cards = _take(held[action.seat], action.combination.counts)
            events.append((action.seat, " ".join(cards)))
        hand.apply(action)
    kitty_text = " ".join(kitty)
    record = Record.of(
        hands=[" ".join(h) for h in hands],
        kitty=kitty_text,
        first_bidder=first,
        bids=bids,
        events=events,
    )
    body = {
        "deal": {"hands": [" ".join(h) for h in hands], "kitty": kitty_text},
        "first_bidder": first,
        "bids": [{"seat": s, "bid": b} for s, b in bids],
        "events": [
            {"seat": s, "pass": True} if c is None else {"seat": s, "cards": c} for s, c in events
        ],
        "ruleset": rules.name,
    }
    return record, hand, body


@pytest.mark.parametrize("rules", [FOUR_PLAYER, BIG_THREE], ids=lambda r: r.name)
@pytest.mark.parametrize("seed", range(20))
def test_random_self_played_hands_validate(rules: RuleSet, seed: int, client: FlaskClient) -> None:
    """docs/rules.md §§9 and 10: whole hands of each variant, played at random through the
    core, are valid to the hand validation (core and HTTP), with the same winner and zero-sum
    points."""
    record, hand, body = self_play(rules, seed)
    outcome = validate(record, rules)
    assert outcome.valid, outcome.error
    assert outcome.hand is not None and outcome.hand.winner == hand.winner
    points = outcome.points()
    assert points is not None and sum(points) == 0 and len(points) == rules.table.seats
    answer = client.post("/v1/hands/validate", json=body)
    assert answer.status_code == 200, answer.json
    assert answer.json["valid"] and answer.json["points"] == list(points)
    assert answer.json["winner"] == hand.winner


def test_s9_a_suited_card_played_from_two_decks() -> None:
    """docs/rules.md §9: a seat may hold and play both copies of a suited card; never a third."""
    deck = _suited_deck(FOUR_PLAYER)
    hands = [deck[i * 25 : (i + 1) * 25] for i in range(4)]
    kitty = deck[100:]
    second = next(s for s, h in enumerate(hands) if s and "3S" in h)
    hands[0][-1], hands[second][hands[second].index("3S")] = "3S", hands[0][-1]
    text = [" ".join(h) for h in hands]

    def judged(cards: str) -> Any:
        record = Record.of(
            hands=text, kitty=" ".join(kitty), first_bidder=0, bids=[(0, 3)], events=[(0, cards)]
        )
        return validate(record, FOUR_PLAYER).error

    assert judged("3S 3S") is None
    error = judged("3S 3S 3S")
    assert error is not None and error.code is Violation.NOT_IN_HAND
    assert error.message.endswith("the play holds 3S 3 times: the deal has 2")
    error = judged("3S 3S 3H 3H")  # seat 0 holds one 3 of hearts; the other is seat 2's
    assert error is not None and error.code is Violation.NOT_IN_HAND


# --- Each request judged by its own game ---------------------------------------------------------


def test_card_errors_name_the_deck_of_the_request_game(client: FlaskClient) -> None:
    """API.md: every problem a one-deck game finds, with its position, and the path of a play
    object's cards; the same cards are fine in the two-deck game."""
    errors = client.post("/v1/classify", json={"cards": "333333333 BB"}).json["errors"]
    assert [(e["code"], e["token"], e["position"]) for e in errors] == [
        ("too_many_of_rank", "3", 4),
        ("too_many_of_rank", "B", 11),
    ]
    body = {"play": {"cards": "33333"}, "previous": "3"}
    assert client.post("/v1/beats", json=body).json["errors"][0]["field"] == "play.cards"
    assert client.post("/v1/beats", json=body | {"ruleset": "four_player"}).json["beats"]


def test_hand_records_are_held_to_their_own_game(client: FlaskClient) -> None:
    """Each game's longest auction and hand bound a record; Big Three has no doublings."""
    deal = {"hands": FOUR_DEAL[:3], "kitty": "3"}
    record = {"deal": deal, "first_bidder": 0}
    passes = [{"seat": 0, "pass": True}]
    cases = [
        (record | {"events": passes * 156}, "standard", "events", "too_many_events"),
        (record | {"bids": [{"seat": 0, "bid": 0}] * 9}, "standard", "bids", "too_many_bids"),
        (record | {"doublings": 1}, "big_three", "doublings", "not_in_game"),
    ]
    for body, rules, field, code in cases:
        answer = client.post("/v1/hands/validate", json=body | {"ruleset": rules})
        assert (answer.status_code, answer.json["errors"][0]["field"]) == (422, field)
        assert answer.json["errors"][0]["code"] == code
        batch = client.post("/v1/hands/validate/batch", json={"items": [body], "ruleset": rules})
        assert batch.json["errors"][0]["field"] == f"items.0.{field}"
    four = {"events": passes * 156, "ruleset": "four_player"}
    assert client.post("/v1/hands/validate", json=record | four).status_code == 200
    match = {"hands": [record | {"players": ["a", "b", "c"]}], "ruleset": "four_player"}
    answer = client.post("/v1/matches/score", json=match)
    assert answer.json["errors"][0]["code"] == "players_per_seat"


def test_a_suited_card_twice_in_a_play_of_an_unsuited_deal() -> None:
    """docs/rules.md §1: one deck holds a suited card once, whether or not the deal named suits."""
    record = Record.of(
        hands=["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"],
        kitty="JQK",
        first_bidder=0,
        bids=[(0, 3)],
        events=[(0, "3H 3H")],
    )
    error = validate(record).error
    assert error is not None and error.code is Violation.NOT_IN_HAND
    assert error.message.endswith("the play holds 3H twice")


def test_a_previous_play_is_read_under_the_rules_asked() -> None:
    """A combination made under another game is compared by the order of the rules asked:
    in Big Three a single 3 is the highest single."""
    three = Combination.of("3")  # three-player: the lowest single
    assert [m.cards for m in legal_moves("2 3 4", previous=three, rules=BIG_THREE)] == []
    with pytest.raises(RuleSetError):
        get_ruleset("four_player", kicker_rank_max=2)
