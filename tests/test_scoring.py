"""Scoring, clause by clause (docs/rules.md §7; options of section 8)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from service.api import create_app
from service.rules import STANDARD
from service.rules.scoring import FactorName, Score, ScoreError, Side, score


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def names(result: Score) -> list[str]:
    return [f.name.value for f in result.breakdown]


def test_s7_base_stake_is_winning_bid() -> None:
    """docs/rules.md §7: base stake = the winning bid (1, 2 or 3)."""
    for bid in (1, 2, 3):
        result = score(bid=bid, winner=Side.LANDLORD)
        assert (result.stake, result.multiplier, result.points) == (bid, 1, bid)
        assert result.farmers == (-bid, -bid)
        assert result.landlord == 2 * bid


def test_s7_each_bomb_doubles() -> None:
    """docs/rules.md §7: the multiplier doubles for each bomb played."""
    assert [score(bid=1, winner="landlord", bombs=n).multiplier for n in range(4)] == [1, 2, 4, 8]


def test_s7_each_rocket_doubles() -> None:
    """docs/rules.md §7: the multiplier doubles for each rocket played."""
    assert score(bid=2, winner="farmers", rockets=1).multiplier == 2


def test_s7_spring_doubles() -> None:
    """docs/rules.md §7: spring (landlord wins, farmers played nothing) doubles."""
    result = score(bid=2, winner="landlord", spring=True)
    assert (result.multiplier, result.landlord, result.farmers) == (2, 8, (-4, -4))
    assert names(result) == ["bid", "spring"]


def test_s7_anti_spring_doubles() -> None:
    """docs/rules.md §7: anti-spring (farmers win, landlord made one play) doubles."""
    result = score(bid=2, winner="farmers", spring=True)
    assert (result.multiplier, result.landlord, result.farmers) == (2, -8, (4, 4))
    assert names(result) == ["bid", "anti_spring"]


def test_s7_landlord_wins_each_farmer_pays() -> None:
    """docs/rules.md §7: each farmer pays the landlord stake x multiplier when it wins."""
    result = score(bid=3, winner="landlord", bombs=1)
    assert result.farmers == (-6, -6)
    assert result.landlord == 12


def test_s7_farmers_win_landlord_pays_each() -> None:
    """docs/rules.md §7: the landlord pays each farmer stake x multiplier when they win."""
    result = score(bid=3, winner="farmers", bombs=1)
    assert result.farmers == (6, 6)
    assert result.landlord == -12
    assert result.winner is Side.FARMERS


def test_s7_hand_is_zero_sum() -> None:
    """docs/rules.md §7: the hand is zero-sum, landlord +-2X and farmers -+X each."""
    for winner in Side:
        for bombs in range(14):
            result = score(bid=2, winner=winner, bombs=bombs, rockets=1, spring=True)
            assert result.landlord + sum(result.farmers) == 0
            assert abs(result.landlord) == 2 * result.points


def test_s7_pagat_example() -> None:
    """docs/rules.md §7 (pagat): bid 3, two bombs and a rocket, landlord wins: 24 each, +48."""
    result = score(bid=3, winner="landlord", bombs=2, rockets=1)
    assert (result.stake, result.multiplier) == (3, 8)
    assert result.farmers == (-24, -24)
    assert result.landlord == 48
    assert names(result) == ["bid", "bomb", "bomb", "rocket"]
    assert not result.capped


def test_s7_doublings_each_double() -> None:
    """docs/rules.md §7: each doubling step a client reports is x2."""
    result = score(bid=1, winner="landlord", doublings=2)
    assert result.multiplier == 4
    assert names(result) == ["bid", "doubling", "doubling"]


def test_s7_breakdown_lists_every_factor() -> None:
    """docs/rules.md §7: a breakdown of every factor, whose product is the multiplier."""
    result = score(bid=2, winner="landlord", bombs=2, rockets=1, spring=True, doublings=1)
    assert names(result) == ["bid", "bomb", "bomb", "rocket", "spring", "doubling"]
    assert result.breakdown[0].factor == 2
    product = 1
    for factor in result.breakdown[1:]:
        assert factor.factor == 2
        assert factor.detail
        product *= factor.factor
    assert product == result.multiplier == 32


def test_s8_multiplier_cap() -> None:
    """docs/rules.md §§7 and 8: the multiplier_cap option caps the multiplier."""
    rules = STANDARD.derive(multiplier_cap=16)
    result = score(bid=3, winner="farmers", bombs=5, rules=rules)
    assert (result.multiplier, result.capped) == (16, True)
    assert result.farmers == (48, 48)
    assert result.breakdown[-1].name is FactorName.CAP
    assert result.breakdown[-1].factor == 16
    assert "32" in result.breakdown[-1].detail


def test_s8_multiplier_cap_not_reached() -> None:
    """docs/rules.md §8: a cap that does not bite leaves no cap line."""
    result = score(bid=3, winner="farmers", bombs=2, rules=STANDARD.derive(multiplier_cap=16))
    assert (result.multiplier, result.capped) == (4, False)
    assert FactorName.CAP not in [f.name for f in result.breakdown]


def test_s7_no_anti_spring_removes_the_anti_spring_only() -> None:
    """docs/rules.md §7: `no_anti_spring` removes the anti-spring; the landlord's spring still
    doubles."""
    rules = STANDARD.derive(no_anti_spring=True)
    result = score(bid=2, winner="landlord", spring=True, rules=rules)
    assert (result.multiplier, result.landlord, result.farmers) == (2, 8, (-4, -4))
    assert names(result) == ["bid", "spring"]
    with pytest.raises(ScoreError) as caught:
        score(bid=2, winner="farmers", spring=True, rules=rules)
    assert [(p.field, p.code) for p in caught.value.problems] == [("spring", "not_in_game")]


@pytest.mark.parametrize("cap", [1, 2, 8, 16])
def test_s7_multiplier_cap_exactly_reached_is_not_capped(cap: int) -> None:
    """docs/rules.md §7: `multiplier_cap` caps a multiplier above it; one equal to the cap is
    left as it is, with no cap line."""
    bombs = cap.bit_length() - 1
    result = score(bid=3, winner="landlord", bombs=bombs, rules=STANDARD.derive(multiplier_cap=cap))
    assert (result.multiplier, result.capped) == (cap, False)
    assert result.farmers == (-3 * cap, -3 * cap)
    assert FactorName.CAP not in [f.name for f in result.breakdown]
    assert names(result) == ["bid"] + ["bomb"] * bombs


@pytest.mark.parametrize("cap", [1, 2, 8, 16])
def test_s7_multiplier_cap_one_doubling_above_is_capped(cap: int) -> None:
    """docs/rules.md §7: a multiplier one doubling above `multiplier_cap` is capped, and the
    score lists the cap as its own line (the cap as its factor, the uncapped multiplier in its
    detail)."""
    bombs = cap.bit_length()
    result = score(bid=3, winner="landlord", bombs=bombs, rules=STANDARD.derive(multiplier_cap=cap))
    assert (result.multiplier, result.capped) == (cap, True)
    assert result.farmers == (-3 * cap, -3 * cap)
    assert names(result) == ["bid"] + ["bomb"] * bombs + ["cap"]
    assert result.breakdown[-1].factor == cap
    assert result.breakdown[-1].detail == f"multiplier {2 * cap} capped at {cap}"


@pytest.mark.parametrize(("bombs", "capped"), [(3, False), (4, True)])
def test_s7_multiplier_cap_boundary_over_http(
    client: FlaskClient, bombs: int, capped: bool
) -> None:
    """docs/rules.md §7 through /v1/score: a cap of 8 leaves a multiplier of 8 uncapped (no cap
    line) and caps 16 to 8 with a cap line."""
    body = {
        "bid": 2,
        "winner": "farmers",
        "bombs": bombs,
        "ruleset": {"name": "standard", "multiplier_cap": 8},
    }
    answer = client.post("/v1/score", json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    data = answer.json
    assert (data["multiplier"], data["capped"]) == (8, capped)
    assert (data["landlord"], data["farmers"]) == (-32, [16, 16])
    lines = [(line["name"], line["factor"]) for line in data["breakdown"]]
    cap_line = [("cap", 8)] if capped else []
    assert lines == [("bid", 2), *[("bomb", 2)] * bombs, *cap_line]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"bid": 0}, "bid"),
        ({"bid": 4}, "bid"),
        ({"bid": True}, "bid"),
        ({"bid": 2.0}, "bid"),
        ({"bombs": -1}, "bombs"),
        ({"bombs": 14}, "bombs"),
        ({"rockets": 2}, "rockets"),
        ({"doublings": 11}, "doublings"),
        ({"spring": 1}, "spring"),
        ({"winner": "nobody"}, "winner"),
        ({"winner": 0}, "winner"),
    ],
)
def test_s7_invalid_inputs_name_their_field(kwargs: dict[str, object], field: str) -> None:
    """docs/rules.md §7: bids are 1..3; counts are bounded by one deck (13 bombs, 1 rocket)."""
    arguments: dict[str, object] = {"bid": 1, "winner": "landlord", **kwargs}
    with pytest.raises(ScoreError) as caught:
        score(**arguments)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert isinstance(caught.value, ValueError)


def test_s7_every_invalid_input_reported_at_once() -> None:
    """docs/rules.md §7: all problems of an input are reported together."""
    with pytest.raises(ScoreError) as caught:
        score(bid=5, winner="x", bombs=-2, rockets=3, doublings=-1, spring=None)  # type: ignore[arg-type]
    assert [p.field for p in caught.value.problems] == [
        "bid",
        "bombs",
        "rockets",
        "doublings",
        "winner",
        "spring",
    ]
