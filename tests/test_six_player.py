"""The six-player game (docs/rules.md §12), clause by clause: the deck, the kinds and kicker
rules, the bombs, the jokers, the scoring with a partner, and the API under ``six_player``.
Legal-move counts against an independent brute force are in ``test_six_perft.py``."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from service.api import create_app
from service.rules import (
    CardError,
    Combination,
    Game,
    Reason,
    RuleSetError,
    beats,
    classify,
    get_ruleset,
    legal_moves,
    read_play,
)
from service.rules.scoring import ScoreError, score

SIX = get_ruleset("six_player")


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def kinds(cards: str) -> list[str]:
    return [c.kind.value for c in classify(cards, SIX)]


def of(cards: str) -> Combination:
    return Combination.of(cards, rules=SIX)


def test_s12_three_packs_of_162_cards() -> None:
    """docs/rules.md §12: three packs with two jokers each: 12 of a rank, three jokers of a
    colour, a suited card at most three times."""
    assert SIX.game is Game.SIX_PLAYER
    assert sum(SIX.table.full_deck) == 162
    assert read_play("3" * 12 + "BBBRRR", SIX)[0] == 12
    for cards in ("3" * 13, "BBBB", "s3 s3 s3 s3"):
        with pytest.raises(CardError):
            read_play(cards, SIX)
    assert read_play("s3 s3 s3", SIX)[0] == 3


def test_s12_six_seats_of_26_and_a_kitty_of_6_taken_hidden() -> None:
    """docs/rules.md §12: six seats of 26, six face down for the landlord (32 cards), unseen; no
    bidding; a partner."""
    table = SIX.table
    assert (table.seats, table.hand, table.kitty, table.landlord_hand) == (6, 26, 6, 32)
    assert SIX.kitty_hidden and not table.bidding and table.partner


def test_s12_the_three_player_kinds_and_kicker_rules() -> None:
    """docs/rules.md §12: "played identically to the three player variant": the kinds of section 2
    with its kicker rules (distinct kicker ranks, never a primal rank)."""
    assert kinds("33345") == []  # two kickers on a trio: no kind
    assert kinds("3334") == ["trio_single"]
    assert kinds("33344") == ["trio_pair"]
    assert kinds("333444") == ["airplane"]
    assert kinds("33344456") == ["airplane_singles"]
    assert kinds("33344455") == []  # single kickers of one rank (section 2, rule 2)
    assert kinds("3333456") == []
    assert kinds("333345") == ["four_two_singles"]  # four with kickers: not a bomb
    assert not of("333345").is_bomb


def test_s12_chains_limited_by_the_ranks_and_the_32_cards() -> None:
    """docs/rules.md §12: chains, pair chains and airplanes run within 3..A only, as long as a
    hand of 32 cards holds them."""
    assert kinds("3456789TJQKA") == ["chain"]
    assert kinds("3456789TJQKA2") == []
    assert kinds("33445566778899TTJJQQKKAA") == ["pair_chain"]
    ten_trios = "".join(r * 3 for r in "3456789TJQ")
    assert kinds(ten_trios) == ["airplane"]
    assert of(ten_trios).length == 10
    seven = "".join(r * 3 for r in "3456789") + "TJQKA2B"  # 7 trios and 7 single kickers
    assert kinds(seven) == ["airplane_singles"]
    six_pairs = "".join(r * 3 for r in "345678") + "99TTJJQQKKAA"
    assert kinds(six_pairs) == ["airplane_pairs"]


@pytest.mark.parametrize("size", range(4, 13))
def test_s12_bombs_of_four_to_twelve_of_a_rank(size: int) -> None:
    """docs/rules.md §12: multi-deck bombs as in section 9, four to twelve of a rank."""
    assert kinds("7" * size) == ["bomb"]
    assert of("7" * size).is_bomb


def test_s12_a_larger_bomb_beats_a_smaller_one_then_rank() -> None:
    """docs/rules.md §12: a larger bomb beats a smaller one; the same size compares by rank."""
    assert beats(of("33333"), of("AAAA")).reason is Reason.HIGHER_BOMB
    assert not beats(of("AAAA"), of("33333"))
    assert beats(of("4" * 12), of("3" * 12))
    assert not beats(of("3" * 11), of("2" * 12))
    assert beats(of("3333"), of("3456789TJQKA")).reason is Reason.BOMB


def test_s12_jokers_singly_in_pairs_of_one_colour_or_all_six() -> None:
    """docs/rules.md §12: jokers play singly, as pairs of one colour, or all six together, the
    highest play; three, four or five jokers are no combination; there is no two-joker rocket."""
    assert kinds("B") == ["single"]
    assert kinds("BB") == kinds("RR") == ["pair"]
    assert beats(of("RR"), of("BB")) and beats(of("BB"), of("22"))
    for cards in ("BR", "BBB", "BBBR", "BBRR", "BBBRR"):
        assert kinds(cards) == [], cards
    assert kinds("BBBRRR") == ["nuke"]
    top = of("BBBRRR")
    assert beats(top, of("2" * 12)).reason is Reason.ROCKET
    assert not beats(of("2" * 12), top)


def test_s12_joker_kickers() -> None:
    """docs/rules.md §12: a joker may be a single kicker; a black and a red joker are never both
    kickers of one combination (section 2, rule 4), not even as two pairs; a pair of one
    colour may be a pair kicker."""
    assert kinds("333B") == ["trio_single"]
    assert kinds("333444BR") == []
    assert kinds("333BB") == ["trio_pair"]
    assert kinds("3333BB44") == ["four_two_pairs"]
    assert kinds("3333BBRR") == kinds("333444BBRR") == []
    assert kinds("3333BR") == []
    assert "333BR" not in {m.cards for m in legal_moves("333BR", rules=SIX)}


def test_s12_four_with_two_is_an_option_the_other_three_player_options_are_not() -> None:
    """docs/rules.md §12 and §8: the four-with-two kinds exist as in §2, an option; joker pairs
    are the preset's reading; the other three-player options are refused."""
    no_four_two = get_ruleset("six_player", four_with_two=False)
    assert [c.kind.value for c in classify("333345", no_four_two)] == []
    assert kinds("3333BB") == []  # two single kickers of one rank: no four-with-two
    unpaired = get_ruleset("six_player", joker_pairs=False)
    assert [c.kind.value for c in classify("BB", unpaired)] == []
    with pytest.raises(RuleSetError, match="three-player option"):
        get_ruleset("six_player", space_shuttle=True)


def test_s12_listing_a_32_card_hand() -> None:
    """A 32-card hand lists every lead once (the landlord's after the kitty)."""
    hand = "333444555666777888999TTTJJJQKA2B"
    moves = legal_moves(hand, rules=SIX)
    assert len({m.cards for m in moves}) == moves.count() > 1000
    answers = legal_moves(hand, previous="3334", rules=SIX)
    assert {m.kind.value for m in answers} == {"trio_single"}


def test_s12_scoring_farmers_pay_the_landlords_share() -> None:
    """docs/rules.md §12: each farmer pays (or receives) stake x multiplier; the landlord side
    receives (or pays) the farmers' total in equal shares: 2x each with a partner, 5x alone;
    zero-sum; every bomb and the six-joker bomb double; the stake is 1."""
    alone = score(bid=1, winner="landlord", bombs=2, rules=SIX)
    assert (alone.landlord, alone.partner, alone.farmers) == (20, None, (-4,) * 5)
    shared = score(bid=1, winner="farmers", rockets=1, partner=True, rules=SIX)
    assert (shared.landlord, shared.partner, shared.farmers) == (-4, -4, (2,) * 4)
    assert shared.landlord + (shared.partner or 0) + sum(shared.farmers) == 0
    with pytest.raises(ScoreError, match="bid"):
        score(bid=2, winner="landlord", rules=SIX)
    with pytest.raises(ScoreError, match="partner"):
        score(bid=1, winner="landlord", partner=True)


def test_s12_the_api_under_six_player(client: FlaskClient) -> None:
    """Every endpoint takes ``six_player``, read against its own deck."""
    rules = {"ruleset": "six_player"}
    found = client.post("/v1/classify", json={"cards": "BBBRRR"} | rules).json
    assert found["combination"]["kind"] == "nuke"
    assert client.post("/v1/classify", json={"cards": "3" * 12} | rules).status_code == 200
    assert client.post("/v1/classify", json={"cards": "3" * 13} | rules).status_code == 422
    assert client.post("/v1/classify", json={"cards": "3" * 5}).status_code == 422
    verdict = client.post("/v1/beats", json={"play": "33333", "previous": "AAAA"} | rules).json
    assert verdict["beats"] is True
    moves = client.post(
        "/v1/legal-moves", json={"hand": "333444555666777888999TTTJJJQKA2B", "limit": 3} | rules
    ).json
    assert moves["count"] > 1000 and len(moves["moves"]) == 3
    scored = client.post(
        "/v1/score", json={"bid": 1, "winner": "landlord", "partner": True} | rules
    ).json
    assert (scored["landlord"], scored["partner"], scored["farmers"]) == (2, 2, [-1] * 4)
    refused = client.post("/v1/score", json={"bid": 1, "winner": "landlord", "partner": True})
    assert refused.status_code == 422
    assert client.get("/v1/rulesets/six_player").json["options"]["game"] == "six_player"


def test_12_no_auction_so_no_bidding_mode() -> None:
    """docs/rules.md §12: the face-up card names the landlord; a bidding mode means nothing."""
    for bidding in ("until_two_passes", "call_rob"):
        with pytest.raises(RuleSetError):
            SIX.derive(bidding=bidding)
    with pytest.raises(RuleSetError, match="all_pass"):
        SIX.derive(all_pass="first_bidder")
