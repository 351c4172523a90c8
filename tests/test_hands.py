"""Whole hands: `POST /v1/hands/validate`, its batch form and `POST /v1/matches/score`
(docs/rules.md §§5 to 7).

Thousands of hands of random legal self-play through the core are written as hand records (in
every card notation, with and without suits) and validated as legal, their scores recomputed
here from the record alone; then one event of each is mutated and the first error's index and
code asserted.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api import create_app
from service.api.schemas.hands import HandValidateRequest
from service.api.schemas.matches import MatchScoreRequest
from service.config import Settings
from service.hands import (
    MAX_BIDS,
    MAX_EVENTS,
    Record,
    longest_auction,
    validate,
    validate_answer,
)
from service.rules import (
    DOUZERO,
    FOUR_PLAYER,
    STANDARD,
    BiddingMode,
    Combination,
    Kind,
    RuleSet,
    beats,
    classify,
    format_counts,
    legal_moves,
)
from service.rules.cards import RANK_CHARS
from service.rules.events import Phase
from service.rules.game import Action, ActionKind, Hand

Json = dict[str, Any]


#: (rule set, its wire form, complete hands to play under it)
RULE_SETS: list[tuple[RuleSet, object, int]] = [
    (STANDARD, "standard", 1000),
    (
        STANDARD.derive(bidding=BiddingMode.UNTIL_TWO_PASSES, multiplier_cap=16),
        {"name": "standard", "bidding": "until_two_passes", "multiplier_cap": 16},
        250,
    ),
    (DOUZERO, "douzero", 250),
]
SUITS = {"S": "Ss♠", "H": "Hh♥", "D": "Dd♦", "C": "Cc♣"}
DECK = [(rank, suit) for rank in RANK_CHARS[:13] for suit in SUITS] + [("B", ""), ("R", "")]
PhysicalCard = tuple[str, str]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    """The application, with a body limit that lets a batch hold 100 complete hands."""
    return create_app({"TESTING": True}, settings=Settings(max_body_bytes=1 << 22)).test_client()


def ok(client: FlaskClient, path: str, body: object) -> Json:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    data: Json = answer.json
    return data


def rejected(client: FlaskClient, path: str, body: object) -> list[Json]:
    answer = client.post(path, json=body)
    assert answer.status_code == 422, answer.get_data(as_text=True)
    assert answer.mimetype == "application/problem+json"
    errors: list[Json] = answer.json["errors"]
    return errors


# --- Writing self-play as hand records ---------------------------------------------------------


def canonical(ranks: str) -> str:
    return "".join(sorted(ranks, key=RANK_CHARS.index))


def counts(cards: list[PhysicalCard]) -> tuple[int, ...]:
    ranks = Counter(rank for rank, _ in cards)
    return tuple(ranks[c] for c in RANK_CHARS)


def token(card: PhysicalCard, rng: random.Random) -> str:
    """One card in one of the notations of API.md."""
    rank, suit = card
    if rank in "BR":
        return rng.choice(
            {"B": ["B", "BJ", "SJ", "X", "小王"], "R": ["R", "RJ", "CJ", "D", "大王"]}[rank]
        )
    text = rng.choice(["10", "T", "t"]) if rank == "T" else rng.choice([rank, rank.lower()])
    mark = rng.choice(SUITS[suit])
    if (rank == "J" and mark.upper() in "SC") or rng.random() < 0.5:  # SJ, CJ: jokers
        return text + mark
    return mark + text


def render(cards: list[PhysicalCard], rng: random.Random, suited: bool) -> str | list[str]:
    """A card list: canonical ranks, or suited tokens as a string or an array."""
    if not suited:
        return canonical("".join(rank for rank, _ in cards))
    words = [token(c, rng) for c in cards]
    return words if rng.random() < 0.5 else rng.choice([" ", ", ", ","]).join(words)


@dataclass(frozen=True)
class Snapshot:
    """The state before an event: the seat to act, every seat's cards, the play to beat."""

    to_act: int
    hands: tuple[str, ...]
    last_play: Combination | None


@dataclass
class Game:
    """A hand of self-play: its record (the request body), the canonical cards of each event
    (None: a pass) and the state before each event; the expectations are computed from these."""

    rules: RuleSet
    body: Json
    dealt: list[str]
    plays: list[str | None]
    snapshots: list[Snapshot]


def choose(actions: tuple[Action, ...], rng: random.Random, passing: float, greed: float) -> Action:
    plays = [a for a in actions if a.combination is not None]
    if actions[0].kind is ActionKind.PASS and (not plays or rng.random() < passing):
        return actions[0]
    if rng.random() < greed:
        return max(plays, key=lambda a: len(a.combination.cards) if a.combination else 0)
    return rng.choice(plays)


def event(
    action: Action, held: list[PhysicalCard], rng: random.Random, suited: bool, rules: RuleSet
) -> Json:
    """The record of a play or pass, taking the played cards out of the seat's cards."""
    if action.combination is None:
        return {"seat": action.seat, "pass": True}
    combo = action.combination
    taken = []
    for rank in combo.cards:
        card = rng.choice([c for c in held if c[0] == rank])
        held.remove(card)
        taken.append(card)
    body: Json = {"seat": action.seat, "cards": render(taken, rng, suited)}
    if len(classify(combo.cards, rules)) > 1 or rng.random() < 0.25:
        body |= {"kind": combo.kind.value, "rank": combo.rank.char}
    return body


def self_play(rng: random.Random, rules: RuleSet, wire: object) -> tuple[Game, Hand]:
    """A hand of random legal actions (``Hand.legal_actions``), written as a hand record."""
    deck = list(DECK)
    rng.shuffle(deck)
    seats, kitty = [deck[i * 17 : (i + 1) * 17] for i in range(3)], deck[51:]
    first = rng.randrange(3)
    hand = Hand.start(
        hands=[counts(s) for s in seats], kitty=counts(kitty), first_bidder=first, rules=rules
    )
    bids = []
    while hand.phase is Phase.BIDDING:
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        bids.append({"seat": action.seat, "bid": action.bid})
    suited = rng.random() < 0.6
    held = [list(s) for s in seats]
    if hand.landlord is not None:
        held[hand.landlord] += kitty
    passing, greed, plain_plays = rng.random(), rng.random(), rng.random() < 0.2
    events, plays, snapshots = [], [], []
    while hand.phase is Phase.PLAY:
        assert hand.to_act is not None
        snapshots.append(
            Snapshot(hand.to_act, tuple(format_counts(h) for h in hand.hands), hand.last_play)
        )
        action = choose(hand.legal_actions(), rng, passing, greed)
        hand.apply(action)
        events.append(event(action, held[action.seat], rng, suited and not plain_plays, rules))
        plays.append(action.combination.cards if action.combination else None)
    body: Json = {
        "deal": {
            "hands": [render(s, rng, suited) for s in seats],
            "kitty": render(kitty, rng, suited),
        },
        "first_bidder": first,
        "bids": bids,
        "events": events,
        "ruleset": wire,
    }
    if rng.random() < 0.3:
        body["doublings"] = rng.randrange(3)
    dealt = [canonical("".join(rank for rank, _ in cards)) for cards in [*seats, kitty]]
    return Game(rules, body, dealt, plays, snapshots), hand


@pytest.fixture(scope="module")
def games() -> list[Game]:
    """1,500 complete hands (hands thrown in are played again)."""
    rng = random.Random(20250105)
    found = []
    for rules, wire, wanted in RULE_SETS:
        ended = 0
        while ended < wanted:
            game, hand = self_play(rng, rules, wire)
            if hand.phase is Phase.ENDED:
                found.append(game)
                ended += 1
    return found


# --- What the record says, counted here ---------------------------------------------------------


def expected(game: Game) -> Json:
    """Landlord, winner, cards left, bombs, rockets, spring and points, from the record alone."""
    body = game.body
    stake = max(b["bid"] for b in body["bids"])
    landlord = next(b["seat"] for b in body["bids"] if b["bid"] == stake)
    by_seat = Counter(e["seat"] for e in body["events"] if "cards" in e)
    winner = body["events"][-1]["seat"]
    bombs = sum(1 for p in game.plays if p and len(p) == 4 and len(set(p)) == 1)
    rockets = game.plays.count("BR")
    landlord_won = winner == landlord
    spring = landlord_won and sum(by_seat.values()) == by_seat[landlord]
    anti_spring = not landlord_won and by_seat[landlord] == 1
    multiplier = 2 ** (bombs + rockets + spring + anti_spring + body.get("doublings", 0))
    multiplier = min(multiplier, game.rules.multiplier_cap or multiplier)
    each = stake * multiplier * (1 if landlord_won else -1)
    points = [-each] * 3
    points[landlord] = 2 * each
    return {
        "landlord": landlord,
        "winner": "landlord" if landlord_won else "farmers",
        "bid": stake,
        "bombs": bombs,
        "rockets": rockets,
        "spring": spring,
        "anti_spring": anti_spring,
        "points": points,
        "hands": cards_left(game, landlord),
    }


def cards_left(game: Game, landlord: int) -> list[str]:
    left = [Counter(h) for h in game.dealt[:3]]
    left[landlord] += Counter(game.dealt[3])
    for e, cards in zip(game.body["events"], game.plays, strict=True):
        if cards:
            left[e["seat"]] -= Counter(cards)
    return [canonical("".join(c.elements())) for c in left]


def check_valid(game: Game, answer: Json) -> None:
    want = expected(game)
    assert answer["valid"] is True and answer["error"] is None, answer["error"]
    assert answer["phase"] == "ended"
    assert {k: answer[k] for k in want} == want
    assert answer["to_act"] is None and answer["last_play"] is None
    assert answer["score"]["landlord"] == want["points"][want["landlord"]]
    assert answer["score"]["landlord"] + sum(answer["score"]["farmers"]) == 0


def test_self_play_records_validate_through_http_and_score_as_recounted(
    games: list[Game], client: FlaskClient
) -> None:
    """docs/rules.md §5-7: every record of legal play is valid, with the recounted score; all 1,500
    go through the batch endpoint, 100 through the single one as well."""
    assert len(games) == 1500
    for rules, wire, _ in RULE_SETS:
        mine = [g for g in games if g.rules is rules]
        for start in range(0, len(mine), 100):
            chunk = mine[start : start + 100]
            items = [{k: v for k, v in g.body.items() if k != "ruleset"} for g in chunk]
            answer = ok(client, "/v1/hands/validate/batch", {"items": items, "ruleset": wire})
            assert len(answer["results"]) == len(chunk)
            for game, result in zip(chunk, answer["results"], strict=True):
                check_valid(game, result)
    for game in games[::15]:
        check_valid(game, ok(client, "/v1/hands/validate", game.body))
    assert sum(expected(g)["spring"] for g in games) > 10
    assert sum(expected(g)["anti_spring"] for g in games) > 10
    assert sum(expected(g)["bombs"] for g in games) > 100
    assert sum(1 for g in games if isinstance(g.body["deal"]["kitty"], list)) > 100


# --- One event mutated --------------------------------------------------------------------------


Mutation = tuple[Json, str, int, str]


def not_in_hand(game: Game, rng: random.Random) -> Mutation | None:
    index = rng.randrange(len(game.snapshots))
    seat, held = (
        game.snapshots[index].to_act,
        game.snapshots[index].hands[game.snapshots[index].to_act],
    )
    missing = [r for r in RANK_CHARS if r not in held]
    cards = missing[0] if missing else "3" * (held.count("3") + 1)
    return replaced(game, index, {"seat": seat, "cards": cards}), "events", index, "not_in_hand"


def does_not_beat(game: Game, rng: random.Random) -> Mutation | None:
    responses = [i for i, s in enumerate(game.snapshots) if s.last_play is not None]
    rng.shuffle(responses)
    for index in responses[:5]:
        snap = game.snapshots[index]
        last = snap.last_play
        assert last is not None
        leads = legal_moves(snap.hands[snap.to_act], rules=game.rules)
        losing = [
            m
            for m in leads
            if not m.is_bomb
            and m.kind is not Kind.ROCKET
            and (last.is_bomb or last.kind is Kind.ROCKET or len(m.cards) != len(last.cards))
        ]
        if losing:
            play = rng.choice(losing)
            assert not beats(play, last).beats
            mutated = replaced(game, index, {"seat": snap.to_act, "cards": play.cards})
            return mutated, "events", index, "does_not_beat"
    return None


def leader_passes(game: Game, rng: random.Random) -> Mutation | None:
    leads = [i for i, s in enumerate(game.snapshots) if s.last_play is None]
    index = rng.choice(leads)
    mutated = replaced(game, index, {"seat": game.snapshots[index].to_act, "pass": True})
    return mutated, "events", index, "leader_cannot_pass"


def wrong_seat(game: Game, rng: random.Random) -> Mutation | None:
    index = rng.randrange(len(game.snapshots))
    moved = game.body["events"][index] | {
        "seat": (game.snapshots[index].to_act + rng.choice([1, 2])) % 3
    }
    return replaced(game, index, moved), "events", index, "wrong_seat"


def extra_event(game: Game, rng: random.Random) -> Mutation | None:
    index = len(game.body["events"])
    extra = rng.choice(
        [{"seat": rng.randrange(3), "pass": True}, {"seat": rng.randrange(3), "cards": "3"}]
    )
    return replaced(game, index, extra), "events", index, "hand_over"


def bid_too_low(game: Game, rng: random.Random) -> Mutation | None:
    """A raise lowered to the highest bid before it; with one bid only, a pass next to it
    bids the same."""
    bids = game.body["bids"]
    highest = 0
    for index, bid in enumerate(bids):
        if bid["bid"] and highest:
            return with_bid(game, index, highest), "bids", index, "bid_not_higher"
        highest = max(highest, bid["bid"])
    only = next(i for i, b in enumerate(bids) if b["bid"])
    if only + 1 < len(bids):
        return with_bid(game, only + 1, highest), "bids", only + 1, "bid_not_higher"
    if only > 0 and highest < 3:  # a 3 before it would end the auction
        return with_bid(game, only - 1, highest), "bids", only, "bid_not_higher"
    return None


def replaced(game: Game, index: int, new: Json) -> Json:
    events = game.body["events"]
    return game.body | {"events": [*events[:index], new, *events[index + 1 :]]}


def with_bid(game: Game, index: int, value: int) -> Json:
    bids = [dict(b) for b in game.body["bids"]]
    bids[index]["bid"] = value
    return game.body | {"bids": bids}


MUTATIONS = [not_in_hand, does_not_beat, leader_passes, wrong_seat, extra_event, bid_too_low]


def mutations(games: list[Game]) -> Iterator[tuple[Game, str, Mutation]]:
    """One mutation per game, taking the kinds in turn (wrong seat where one does not apply)."""
    rng = random.Random(7)
    for number, game in enumerate(games):
        mutate = MUTATIONS[number % len(MUTATIONS)]
        found = mutate(game, rng)
        if found is None:
            mutate, found = wrong_seat, wrong_seat(game, rng)
        assert found is not None
        yield game, mutate.__name__, found


def judged(body: Json) -> Json:
    """The answer of ``service.hands`` to a request body (the schema reads it, as over HTTP)."""
    args = HandValidateRequest().load(body)
    return validate_answer(args["record"], args["rules"])


def test_one_mutated_event_is_the_first_error(games: list[Game], client: FlaskClient) -> None:
    """docs/rules.md §5-6: a card not held, a play that does not beat, a pass by the leader, a seat
    out of turn, an event after the end, a bid not higher: each is found at its index, with
    its code, and the state before it is reported; every 15th also through HTTP."""
    done: Counter[str] = Counter()
    for number, (game, name, (body, part, index, code)) in enumerate(mutations(games)):
        answer = judged(body)
        assert answer["valid"] is False
        error = answer["error"]
        assert (error["part"], error["index"], error["code"]) == (part, index, code), (name, error)
        seat = body[part][index]["seat"]
        assert error["seat"] == seat and error["message"].startswith(f"seat {seat} ")
        if part == "events" and index < len(game.snapshots):
            before = game.snapshots[index]
            assert answer["to_act"] == before.to_act and answer["hands"] == list(before.hands)
            last = before.last_play.cards if before.last_play else None
            assert (answer["last_play"] or {}).get("cards") == last
        elif part == "events":
            assert answer["phase"] == "ended" and answer["points"] == expected(game)["points"]
        else:
            assert answer["phase"] == "bidding" and answer["score"] is None
        if number % 15 == 0:
            assert ok(client, "/v1/hands/validate", body) == answer
        done[name] += 1
    assert all(done[m.__name__] >= 150 for m in MUTATIONS), done


def test_every_prefix_is_a_hand_in_progress(games: list[Game]) -> None:
    """docs/rules.md §5: a record that stops early is valid and says whose turn it is, the play to
    beat and whether passing is allowed."""
    rng = random.Random(11)
    for game in games[:300]:
        stop = rng.randrange(len(game.snapshots))
        body = game.body | {"events": game.body["events"][:stop]}
        answer = judged(body)
        before = game.snapshots[stop]
        assert answer["valid"] and answer["phase"] == "play" and answer["score"] is None
        assert answer["to_act"] == before.to_act
        assert answer["passing_allowed"] is (before.last_play is not None)
        last = answer["last_play"]
        assert (last and (last["cards"], last["kind"])) == (
            before.last_play and (before.last_play.cards, before.last_play.kind.value)
        )


# --- Properties -------------------------------------------------------------------------------


@st.composite
def played(draw: st.DrawFn) -> Game:
    rules, wire, _ = draw(st.sampled_from(RULE_SETS))
    rng = random.Random(draw(st.integers(0, 2**32)))
    while True:
        game, hand = self_play(rng, rules, wire)
        if hand.phase is Phase.ENDED:
            game.body["doublings"] = draw(st.integers(0, 10))
            return game


@given(played())
@settings(max_examples=40)
def test_a_hands_score_is_zero_sum(game: Game) -> None:
    """docs/rules.md §7: the landlord wins or loses what the farmers lose or win."""
    answer = judged(game.body)
    assert sum(answer["points"]) == 0
    assert answer["score"]["landlord"] + sum(answer["score"]["farmers"]) == 0


@given(game=played())
@settings(max_examples=40)
def test_a_records_score_is_v1_score_of_its_counts(game: Game, client: FlaskClient) -> None:
    """docs/rules.md §7: the score of a record is `/v1/score` fed the bid, winner, bombs, rockets,
    spring and doublings counted from the record."""
    want = expected(game)
    counts = {
        "bid": want["bid"],
        "winner": want["winner"],
        "bombs": want["bombs"],
        "rockets": want["rockets"],
        "spring": want["spring"] or want["anti_spring"],
        "doublings": game.body["doublings"],
        "ruleset": game.body["ruleset"],
    }
    assert judged(game.body)["score"] == ok(client, "/v1/score", counts)


# --- Each violation, by hand --------------------------------------------------------------------

DEAL = ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"]
KITTY = "JQK"
#: A four-player deal from two decks: two of each rank 3..A and a 2 a seat; 2222BBRR left.
FOUR_DEAL = ["33445566778899TTJJQQKKAA2"] * 4
FOUR_KITTY = "2222BBRR"


def record(bids: list[list[int]], events: list[list[Any]], **deal: Any) -> Json:
    """A request body on the deal above: bids as [seat, bid], events as [seat, cards or None]."""
    return {
        "deal": {"hands": deal.get("hands", DEAL), "kitty": deal.get("kitty", KITTY)},
        "first_bidder": deal.get("first_bidder", bids[0][0] if bids else 0),
        "bids": [{"seat": s, "bid": b} for s, b in bids],
        "events": [
            {"seat": s, "pass": True} if c is None else {"seat": s, "cards": c} for s, c in events
        ],
    }


def error_of(client: FlaskClient, body: Json) -> tuple[str, int | None, int | None, str]:
    answer = ok(client, "/v1/hands/validate", body)
    assert answer["valid"] is False
    e = answer["error"]
    return e["part"], e["index"], e["seat"], e["code"]


def test_a_spring_in_two_tricks(client: FlaskClient) -> None:
    """docs/rules.md §5, 7: two passes end the trick, the last player leads; a spring doubles."""
    body = record([[0, 3]], [[0, "9TJQK"], [1, None], [2, None], [0, "333444555666777"]])
    answer = ok(client, "/v1/hands/validate", body)
    assert (answer["valid"], answer["winner"], answer["spring"]) == (True, "landlord", True)
    assert answer["points"] == [12, -6, -6]
    assert answer["hands"] == ["", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"]
    assert [f["name"] for f in answer["score"]["breakdown"]] == ["bid", "spring"]


@pytest.mark.parametrize(
    ("hands", "kitty", "seat", "text"),
    [
        (["3334445556667779", *DEAL[1:]], KITTY, 0, "seat 0 holds 16 cards, not 17"),
        ([DEAL[0], DEAL[1], "JQQQKKKAAAA22227B"], "JQK", 2, "a 5th 7"),
        (DEAL, "JQQ", None, "the kitty holds a 5th Q"),
        (["77777" + DEAL[0][5:], *DEAL[1:]], KITTY, 0, "a 5th 7"),
    ],
)
def test_s6_an_impossible_deal_is_a_verdict(
    client: FlaskClient, hands: list[str], kitty: str, seat: int | None, text: str
) -> None:
    """docs/rules.md §1, 6: 17 cards a seat, 3 in the kitty, one deck; else `bad_deal` (200)."""
    answer = ok(client, "/v1/hands/validate", record([], [], hands=hands, kitty=kitty))
    assert answer["error"]["part"] == "deal" and answer["error"]["code"] == "bad_deal"
    assert answer["error"]["seat"] == seat and text in answer["error"]["message"]
    assert answer["phase"] is None and answer["hands"][0] == canonical(
        "".join(c for c in hands[0] if c in RANK_CHARS)
    )


def test_s1_a_suited_card_dealt_twice_is_a_bad_deal(client: FlaskClient) -> None:
    """docs/rules.md §1: no physical card twice, in one seat or across seats and the kitty."""
    suited = [
        ["3S", "3H", "3D", *DEAL[0][3:]],
        ["3C", *DEAL[1][1:]],
        DEAL[2],
    ]
    twice = record([], [], hands=[suited[0], ["3S", *DEAL[1][1:]], DEAL[2]])
    assert error_of(client, twice) == ("deal", None, 1, "bad_deal")
    same_seat = record([], [], hands=[["3S", "3S", "3D", *DEAL[0][3:]], suited[1], DEAL[2]])
    answer = ok(client, "/v1/hands/validate", same_seat)
    assert answer["error"]["message"] == "seat 0 holds 3S twice"
    assert ok(client, "/v1/hands/validate", record([], [], hands=suited))["valid"]


def test_s6_bidding_violations(client: FlaskClient) -> None:
    """docs/rules.md §6: turn order, higher bids, 3 ends the auction, a redeal ends the hand."""
    assert error_of(client, record([[0, 1], [2, 2]], [])) == ("bids", 1, 2, "wrong_seat")
    assert error_of(client, record([[0, 2], [1, 2]], [])) == ("bids", 1, 1, "bid_not_higher")
    assert error_of(client, record([[0, 3], [1, 0]], [])) == ("bids", 1, 1, "bidding_over")
    thrown_in = record([[0, 0], [1, 0], [2, 0]], [[0, "3"]])
    assert error_of(client, thrown_in) == ("events", 0, 0, "hand_over")
    answer = ok(client, "/v1/hands/validate", record([[0, 0], [1, 0], [2, 0]], []))
    assert (answer["valid"], answer["phase"], answer["score"]) == (True, "redeal", None)
    early = record([[0, 1]], [[1, None]])
    assert error_of(client, early) == ("events", 0, 1, "still_bidding")


@pytest.mark.parametrize("bid", [4, 5, -1, 99])
def test_s6_a_bid_is_1_2_or_3_or_a_pass_and_any_other_is_a_verdict(
    client: FlaskClient, bid: int
) -> None:
    """docs/rules.md §6: "A bid is 1, 2 or 3; a pass is the bid 0". A bid of 4 reads (an
    integer where a bid goes) and breaks that rule: a verdict naming the part, the index, the
    seat, the code and the Botzone judge's name (INVALID_BID), as the judge answers, never a
    422 refusing the whole record."""
    body = record([[0, 1], [1, bid]], []) | {"ruleset": "botzone"}
    answer = ok(client, "/v1/hands/validate", body)
    error = answer["error"]
    found = (error["part"], error["index"], error["seat"], error["code"], error["botzone"])
    assert found == ("bids", 1, 1, "bid_out_of_range", "INVALID_BID")
    assert (answer["valid"], answer["phase"], answer["to_act"], answer["bid"]) == (
        False,
        "bidding",
        1,
        1,
    )


def test_s6_the_botzone_record_of_a_bid_of_4_is_a_verdict(client: FlaskClient) -> None:
    """docs/rules.md §6 and §13 (the Botzone judge's INVALID_BID): the very record a bot
    platform sent, seat 0 bidding 4 on Botzone's rules, answers which seat erred and how."""
    body = {
        "ruleset": "botzone",
        "deal": {
            "hands": [
                "9H KD R QC 5H 3S B QD 7C JS 4S KH QS TD 2S 7H 6H",
                "8D 3H TS AD 8H JD 3D 5D 4C 2H 7D AC 2C TH 6S KS AS",
                "6C QH JC 6D JH 8C 7S 2D 4H KC 9S 9C 8S 4D TC 5S 3C",
            ],
            "kitty": "AH 5C 9D",
        },
        "first_bidder": 0,
        "bids": [{"seat": 0, "bid": 4}],
        "events": [],
    }
    error = ok(client, "/v1/hands/validate", body)["error"]
    assert error == {
        "part": "bids",
        "index": 0,
        "seat": 0,
        "code": "bid_out_of_range",
        "reason": None,
        "message": "seat 0 bids 4: a bid is 1, 2, 3 or 0 (pass), not 4",
        "botzone": "INVALID_BID",
    }


@pytest.mark.parametrize("seat", [3, 6, -1])
def test_s5_seats_are_0_1_2_and_any_other_seat_is_a_verdict(client: FlaskClient, seat: int) -> None:
    """docs/rules.md §5: "Seats 0, 1, 2 play". A seat that reads (an integer) but is none of
    the game's is the verdict ``no_such_seat`` at its index, in the bids and in the events."""
    bid = record([[seat, 3]], [], first_bidder=0)
    assert error_of(client, bid) == ("bids", 0, seat, "no_such_seat")
    played = record([[0, 3]], [[0, "3"], [seat, None]])
    assert error_of(client, played) == ("events", 1, seat, "no_such_seat")
    answer = ok(client, "/v1/hands/validate", record([], [], first_bidder=seat))
    assert (answer["error"]["part"], answer["error"]["code"]) == ("deal", "bad_deal")


def test_s6_until_two_passes_goes_round(client: FlaskClient) -> None:
    """docs/rules.md §6: under `until_two_passes` a passed player may bid again."""
    body = record([[0, 0], [1, 1], [2, 0], [0, 2], [1, 0], [2, 0]], [[0, "3"]])
    body["ruleset"] = {"name": "standard", "bidding": "until_two_passes"}
    answer = ok(client, "/v1/hands/validate", body)
    assert (answer["valid"], answer["landlord"], answer["bid"], answer["to_act"]) == (
        True,
        0,
        2,
        1,
    )
    body["ruleset"] = "standard"
    assert error_of(client, body) == ("bids", 3, 0, "bidding_over")


def test_s5_play_violations(client: FlaskClient) -> None:
    """docs/rules.md §5: the leader plays, seats in turn, cards they hold that beat the trick."""
    bid = [[0, 3]]
    assert error_of(client, record(bid, [[0, None]])) == ("events", 0, 0, "leader_cannot_pass")
    assert error_of(client, record(bid, [[1, "3"]])) == ("events", 0, 1, "wrong_seat")
    assert error_of(client, record(bid, [[0, "8"]])) == ("events", 0, 0, "not_in_hand")
    assert error_of(client, record(bid, [[0, "34"]])) == ("events", 0, 0, "not_a_combination")
    assert error_of(client, record(bid, [[0, ""]])) == ("events", 0, 0, "empty_play")
    answer = ok(client, "/v1/hands/validate", record(bid, [[0, "T"], [1, "9"]]))
    assert answer["error"]["code"] == "does_not_beat"
    assert answer["error"]["reason"] == "not_higher"
    assert answer["error"]["message"] == "seat 1 plays 9: rank 9 is not higher than rank T"
    assert answer["to_act"] == 1 and answer["last_play"]["cards"] == "T"
    again = record(bid, [[0, "T"], [1, None], [2, "2"], [0, None], [1, None], [2, "J"]])
    answer = ok(client, "/v1/hands/validate", again)
    assert answer["valid"] and answer["to_act"] == 0 and answer["passing_allowed"]


def test_s5_a_player_who_passed_may_play_again(client: FlaskClient) -> None:
    """docs/rules.md §5: a pass does not end a player's part in the trick."""
    body = record([[0, 3]], [[0, "3"], [1, "9"], [2, None], [0, "T"], [1, None], [2, "2"]])
    answer = ok(client, "/v1/hands/validate", body)
    assert answer["valid"] and answer["last_player"] == 2 and answer["to_act"] == 0


def test_s1_suited_plays_must_be_the_seats_cards(client: FlaskClient) -> None:
    """docs/rules.md §1: a suited card the deal gave to another seat, or played already, or twice
    in one play, is not in the hand; suits that the deal does not give match by rank."""
    hands = [["3S", "3H", "3D", *DEAL[0][3:]], ["3C", *DEAL[1][1:]], DEAL[2]]
    bid = [[0, 3]]
    other = record(bid, [[0, "3C"]], hands=hands)
    assert error_of(client, other) == ("events", 0, 0, "not_in_hand")
    assert ok(client, "/v1/hands/validate", other)["error"]["message"] == (
        "seat 0 plays 3: 3C was dealt to seat 1"
    )
    assert error_of(client, record(bid, [[0, "3S 3S"]], hands=hands))[3] == "not_in_hand"
    replayed = record(bid, [[0, "3S"], [1, None], [2, None], [0, "3S"]], hands=hands)
    assert error_of(client, replayed) == ("events", 3, 0, "not_in_hand")
    for fine in (["S3", "h3"], "3", "4S"):
        assert ok(client, "/v1/hands/validate", record(bid, [[0, fine]], hands=hands))["valid"]


def test_s4_declared_readings_are_played_as_declared(client: FlaskClient) -> None:
    """docs/rules.md §4: a declared reading is the one played; one the cards lack is no play."""
    hands = ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"]
    lead = {"seat": 0, "cards": "333444555666", "kind": "airplane_singles", "rank": "5"}
    body = record([[0, 3]], [], hands=hands) | {"ruleset": "douzero"}
    body["events"] = [lead]
    answer = ok(client, "/v1/hands/validate", body)
    assert (answer["last_play"]["kind"], answer["last_play"]["rank"]) == ("airplane_singles", "5")
    body["events"] = [lead | {"kind": "pair_chain"}]
    assert error_of(client, body) == ("events", 0, 0, "not_a_combination")


def test_bad_input_is_a_422_not_a_verdict(client: FlaskClient) -> None:
    """Only what cannot be read is an error: unknown cards, malformed events, limits."""
    body = record([[0, 3]], [[0, "3Z"]])
    assert rejected(client, "/v1/hands/validate", body)[0]["code"] == "unknown_token"
    for bad_event in (
        {"seat": 0},
        {"seat": 0, "pass": False},
        {"seat": 0, "pass": True, "cards": "3"},
        {"seat": "0", "cards": "3"},  # a seat is an integer
        {"seat": 0, "cards": "3", "kind": "nothing"},
        "3",
    ):
        body = record([[0, 3]], []) | {"events": [bad_event]}
        assert rejected(client, "/v1/hands/validate", body)[0]["field"].startswith("events.0")
    assert rejected(client, "/v1/hands/validate", record([], [], hands=DEAL[:2]))
    assert rejected(client, "/v1/hands/validate", record([[0, "3"]], []))
    too_many = record([[0, 3]], [[0, None]] * (MAX_EVENTS + 1))
    assert rejected(client, "/v1/hands/validate", too_many)[0]["field"] == "events"
    assert rejected(client, "/v1/hands/validate", record([[0, 0]] * (MAX_BIDS + 1), []))


def test_the_longest_records_fit_the_limits() -> None:
    """The bounds: 7 bids in the longest three-player auction, 10 with four players; 154
    events in the longest three-player hand, 417 with four players (two decks), 937 with six
    (three packs; docs/rules.md §12)."""
    until = STANDARD.derive(bidding=BiddingMode.UNTIL_TWO_PASSES)
    longest = Record.of(
        hands=DEAL,
        kitty=KITTY,
        first_bidder=0,
        bids=[(0, 0), (1, 0), (2, 1), (0, 0), (1, 2), (2, 0), (0, 3)],
    )
    assert validate(longest, until).valid and len(longest.bids) == longest_auction(until) == 7
    four = FOUR_PLAYER.derive(bidding=BiddingMode.UNTIL_TWO_PASSES)
    bids = [(0, 0), (1, 0), (2, 0), (3, 1), (0, 0), (1, 0), (2, 2), (3, 0), (0, 0), (1, 3)]
    deal = Record.of(hands=FOUR_DEAL, kitty=FOUR_KITTY, first_bidder=0, bids=bids)
    assert validate(deal, four).valid and len(bids) == longest_auction(four) == 10
    assert MAX_BIDS == 10 + 1
    assert MAX_EVENTS == (162 - 5) + 5 * (162 - 5 - 1) + 1


def test_answers_are_cached_across_notations(client: FlaskClient) -> None:
    """The same record in two notations is one entry of the answer cache."""
    cache = client.application.extensions["ddz-cache"].local
    body = record([[0, 3]], [[0, "9TJQK"], [1, None]])
    before = cache.stats()["entries"]
    first = ok(client, "/v1/hands/validate", body)
    spelled = copy.deepcopy(body)
    spelled["deal"]["hands"][0] = ["10" if c == "T" else c for c in reversed(DEAL[0])]
    spelled["events"][0]["cards"] = "9 10 j q k"
    assert ok(client, "/v1/hands/validate", spelled) == first
    assert cache.stats()["entries"] == before + 1


# --- Batches and the match ledger ---------------------------------------------------------------


def seated(body: Json, *players: str, **extra: Any) -> Json:
    return body | {"players": list(players)} | extra


def test_batch_answers_each_record_in_order(client: FlaskClient) -> None:
    spring = record([[0, 3]], [[0, "3334445556667779TJQK"]])
    items = [spring, record([[0, 1], [2, 2]], []), record([[1, 0]], [], first_bidder=1)]
    answer = ok(client, "/v1/hands/validate/batch", {"items": items, "ruleset": "rlcard"})
    assert [r["valid"] for r in answer["results"]] == [True, False, True]
    assert answer["results"][1]["error"]["code"] == "wrong_seat"
    assert answer["results"][2]["to_act"] == 2
    assert {r["ruleset"]["name"] for r in answer["results"]} == {"rlcard"}
    assert rejected(client, "/v1/hands/validate/batch", {"items": [spring] * 101})


def test_match_ledger_totals_are_zero_sum(client: FlaskClient) -> None:
    """Points per hand by player, running totals, invalid and unscored hands scoring nothing."""
    spring = record([[0, 3]], [[0, "3334445556667779TJQK"]])
    hands = [
        seated(spring, "ann", "bob", "cy"),  # ann +12
        seated(spring, "bob", "cy", "dee", doublings=2),  # bob +48, cy -24, dee -24
        seated(record([[1, 2], [2, 2]], [], first_bidder=1), "ann", "bob", "cy"),  # invalid
        seated(record([[2, 1]], [], first_bidder=2), "cy", "dee", "ann"),  # unfinished
        seated(record([[0, 0], [1, 0], [2, 0]], []), "dee", "ann", "bob"),  # thrown in
    ]
    answer = ok(client, "/v1/matches/score", {"hands": hands})
    assert answer["totals"] == {"ann": 12, "bob": 42, "cy": -30, "dee": -24}
    assert sum(answer["totals"].values()) == 0
    assert answer["invalid"] == [2]
    entries = answer["hands"]
    assert [e["scored"] for e in entries] == [True, True, False, False, False]
    assert entries[1]["points"] == {"bob": 48, "cy": -24, "dee": -24}
    assert entries[1]["totals"] == {"ann": 12, "bob": 42, "cy": -30, "dee": -24}
    assert entries[2]["error"]["code"] == "bid_not_higher"
    assert entries[2]["points"] == {"ann": 0, "bob": 0, "cy": 0}
    assert all(sum(e["points"].values()) == 0 == sum(e["totals"].values()) for e in entries)


def test_match_ledger_of_self_play(games: list[Game], client: FlaskClient) -> None:
    """A match of 100 hands among five players, with every 7th record broken: the totals are
    the sums of the recounted points of the valid hands, and sum to 0."""
    rng = random.Random(3)
    people = ["ann", "bob", "cy", "dee", "eve"]
    hands, totals = [], Counter[str]()
    standard = [g for g in games if g.rules is STANDARD][:100]
    for number, game in enumerate(standard):
        players = rng.sample(people, 3)
        body = {k: v for k, v in game.body.items() if k != "ruleset"}
        if number % 7 == 3:
            body = {k: v for k, v in wrong_seat(game, rng)[0].items() if k != "ruleset"}
        else:
            for player, points in zip(players, expected(game)["points"], strict=True):
                totals[player] += points
        hands.append(body | {"players": players})
    answer = ok(client, "/v1/matches/score", {"hands": hands})
    assert answer["totals"] == {p: totals[p] for p in answer["totals"]}
    assert sum(answer["totals"].values()) == 0
    assert answer["invalid"] == [n for n in range(100) if n % 7 == 3]


def test_match_ledger_limits(client: FlaskClient) -> None:
    """Three distinct players a hand, ids of 1 to 64 safe characters, 100 hands at most."""
    spring = record([[0, 3]], [[0, "3334445556667779TJQK"]])
    for players in (
        ["ann", "ann", "bob"],
        ["ann", "bob"],
        ["ann", "bob", "c y"],
        ["a" * 65, "b", "c"],
    ):
        errors = rejected(client, "/v1/matches/score", {"hands": [seated(spring, *players)]})
        assert errors[0]["field"].startswith("hands.0.players")
    assert rejected(client, "/v1/matches/score", {"hands": [seated(spring, "a", "b", "c")] * 101})
    assert MatchScoreRequest().load({"hands": [seated(spring, "a.b@c", "B-2", "c_3:+")]})
