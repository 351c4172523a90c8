"""A record that reads is answered (docs/hands.md, what is a 422, and why): the replay never
asks the core for what the API refuses, so no record the schema accepts gets a 422 (or a 500)
from the replay's own internals, whatever the rule set.

Hypothesis draws a preset of every game and any consistent set of its hand-flow and scoring
options (from their declarations: a new option is drawn without anyone listing it), deals at
random, plays the hand through the core (greedy enough to finish most hands), stops anywhere,
and now and then adds one event of any kind that reads: a bid of any integer, any seat, a
call, a show, a play of any cards, an announcement. Every such record, sent as a request,
is a 200; a hand the core played to its end is valid, scored and zero-sum.
"""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, example, given, reject, settings
from hypothesis import strategies as st

from service.api import create_app
from service.rules import PRESETS, RuleSet, RuleSetError, get_ruleset
from service.rules.cards import RANK_CHARS
from service.rules.events import ActionKind
from service.rules.game import Hand
from service.rules.online import Call, Stage
from service.rules.options import Role
from service.rules.ruleset import OPTIONS

Json = dict[str, Any]
CLIENT: FlaskClient = create_app({"TESTING": True}).test_client()
#: The options of a hand's flow and its score, from their declarations (the play options
#: shape the plays, which the fast-path and perft tests draw).
FLOW = {
    name: spec
    for name, spec in OPTIONS.items()
    if spec.role in (Role.FLOW, Role.SCORING) or (spec.role is Role.WILDS and name != "wilds")
}
#: Values drawn for an integer option: its bounds and a few between.
NUMBERS = (1, 2, 8, 64)


def _value(name: str) -> st.SearchStrategy[object]:
    spec = FLOW[name]
    if name == "wild":
        return st.lists(st.sampled_from(RANK_CHARS[:13]), min_size=1, max_size=2, unique=True)
    if isinstance(spec.values, range):
        low, high = spec.values.start, spec.values.stop - 1
        numbers = st.sampled_from([n for n in (low, *NUMBERS, high) if low <= n <= high])
        return st.one_of(st.none(), numbers) if spec.nullable else numbers
    if isinstance(spec.values, type):
        return st.sampled_from([v.value for v in spec.values])
    return st.booleans()


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """A preset of any game with some of its flow and scoring options changed (consistent with
    their needs; a set the rule set refuses is drawn again)."""
    preset = draw(st.sampled_from(list(PRESETS.values())))
    options: dict[str, object] = {}
    for name, spec in FLOW.items():
        takes = spec.games is None or preset.game in spec.games
        if takes and (name == "wild" or draw(st.booleans())):
            options[name] = draw(_value(name))
    if not preset.wilds.ranks:
        options.pop("wild", None)
    try:
        return get_ruleset(preset.name, **options)
    except RuleSetError:
        reject()


def _deal(rules: RuleSet, rng: random.Random) -> tuple[list[str], str]:
    deck = [
        RANK_CHARS[rank] for rank, count in enumerate(rules.table.full_deck) for _ in range(count)
    ]
    rng.shuffle(deck)
    size, seats = rules.table.hand, rules.table.seats
    hands = ["".join(deck[i * size : (i + 1) * size]) for i in range(seats)]
    return hands, "".join(deck[seats * size :])


def _play(rules: RuleSet, rng: random.Random) -> tuple[Json, Hand]:
    """A record of a hand played through the core, to its end or to a random stop."""
    hands, kitty = _deal(rules, rng)
    seat = rng.randrange(rules.table.seats)
    record: Json = {"ruleset": _wire(rules), "deal": {"hands": hands, "kitty": kitty}}
    if rules.table.bidding:
        record["first_bidder"] = seat
        hand = Hand.start(hands=hands, kitty=kitty, first_bidder=seat, rules=rules)
    else:
        record["landlord"] = seat
        hand = Hand.start(hands=hands, kitty=kitty, landlord=seat, rules=rules)
    stop = rng.choice([rng.randrange(40), *[10_000] * 3])
    for _ in range(stop):
        actions = hand.legal_actions()
        if not actions:
            break
        _take(hand, record, _choose(actions, rng))
    return record, hand


def _choose(actions: tuple[Any, ...], rng: random.Random) -> Any:
    """Mostly the play of the most cards (a hand that ends), else any action."""
    plays = [a for a in actions if a.combination is not None]
    if plays and rng.random() < 0.8:
        return max(plays, key=lambda a: (len(a.combination.cards), rng.random()))
    return rng.choice(actions)


def _take(hand: Hand, record: Json, action: Any) -> None:
    seat = action.seat
    if action.kind is ActionKind.BID:
        hand.bid(seat, action.bid)
        record.setdefault("bids", []).append({"seat": seat, "bid": action.bid})
    elif action.kind is ActionKind.CALL:
        hand.call(seat, action.call)
        record.setdefault("auction", []).append({"seat": seat, "action": action.call})
    elif action.kind is ActionKind.ANNOUNCE:
        hand.announce(seat, action.card, partner=action.partner)
        record["announcement"] = None if action.card is None else str(action.card)
        record["partner"] = action.partner
    elif action.kind is ActionKind.PASS:
        hand.pass_turn(seat)
        record.setdefault("events", []).append({"seat": seat, "pass": True})
    else:
        combo = action.combination.as_dict()
        declared = {"kind": combo["kind"], "rank": combo["rank"]}
        declared |= {"substitution": combo["substitution"]} if "substitution" in combo else {}
        hand.play(seat, combo["cards"], **declared)
        record.setdefault("events", []).append({"seat": seat, "cards": combo["cards"]} | declared)


def _wire(rules: RuleSet) -> Json:
    changed = {
        name: value
        for name, value in rules.options().items()
        if value != PRESETS[rules.name].options()[name] or (name == "wild" and value)
    }
    return {"name": rules.name, **changed}


@st.composite
def stray_events(draw: st.DrawFn) -> Json:
    """One more entry of any kind that reads, at the end of the record."""
    seat = draw(st.integers(-2, 7))
    cards = "".join(draw(st.lists(st.sampled_from(RANK_CHARS), min_size=1, max_size=5)))
    return draw(
        st.sampled_from(
            [
                {"bids": {"seat": seat, "bid": draw(st.integers(-3, 9))}},
                {"events": {"seat": seat, "cards": cards}},
                {"events": {"seat": seat, "pass": True}},
                {"auction": {"seat": seat, "action": draw(st.sampled_from(list(Call)))}},
                {
                    "auction": {
                        "seat": seat,
                        "action": "show",
                        "stage": draw(st.sampled_from(list(Stage))),
                    }
                },
                {"announcement": draw(st.sampled_from(["AS", "KH", "B", None]))},
                {"partner": seat},
            ]
        )
    )


@given(rule_sets(), st.randoms(use_true_random=False), st.one_of(st.none(), stray_events()))
# Calling and robbing without a doubling round, played to the end (its score was a 422).
@example(get_ruleset("huanle", doubling="none"), random.Random(1), None)
@example(get_ruleset("standard", bidding="call_rob"), random.Random(2), None)
@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_no_record_that_reads_is_refused_by_the_replay(
    rules: RuleSet, rng: random.Random, stray: Json | None
) -> None:
    record, hand = _play(rules, rng)
    event(f"{rules.game} {rules.bidding} {rules.doubling} {hand.phase}")
    if stray is not None:
        ((field, value),) = stray.items()
        if field in ("bids", "events", "auction"):
            record.setdefault(field, []).append(value)
        else:
            record[field] = value
    answer = CLIENT.post("/v1/hands/validate", json=record)
    assert answer.status_code == 200, (record, answer.get_data(as_text=True))
    found = answer.json
    if stray is None and hand.to_act is None and hand.winner is not None:
        assert found["valid"] and found["score"] is not None, (record, found)
        assert sum(found["points"]) == 0
