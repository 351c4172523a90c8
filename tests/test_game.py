"""The hand state machine, clause by clause (docs/rules.md §§5, 6, 7, 8).

Sources: the pagat-style "Dou Di Zhu" app rules, the "How to Play" text and Wikipedia, as
docs/rules.md cites them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from service.rules import (
    DOUZERO,
    RLCARD,
    STANDARD,
    BiddingMode,
    CardError,
    Kind,
    Reason,
    RuleSet,
    format_counts,
    legal_moves,
    read_hand,
    subtract,
)
from service.rules.game import Action, ActionKind, GameError, Hand, Phase, Violation
from service.rules.scoring import Side

DECK = "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR"
#: Seat 1 holds bombs 4444 TTTT JJJJ, seat 2 bombs KKKK AAAA; the kitty holds the rocket.
DEMO = ("35556667778889999", "3334444TTTTJJJJQQ", "QQKKKKAAAA2225678")
UNTIL = STANDARD.derive(bidding=BiddingMode.UNTIL_TWO_PASSES)


def deal(seat0: str, seat1: str, kitty: str) -> tuple[str, str, str]:
    """A deal with seat 2 holding the rest of the deck."""
    rest = subtract(
        subtract(subtract(read_hand(DECK), read_hand(seat0)), read_hand(seat1)), read_hand(kitty)
    )
    return seat0, seat1, format_counts(rest)


def demo(first_bidder: int = 0, rules: RuleSet = STANDARD) -> Hand:
    return Hand.start(hands=DEMO, kitty="BR2", first_bidder=first_bidder, rules=rules)


def landlord_hand(
    seat: int = 1, hands: tuple[str, ...] = DEMO, kitty: str = "BR2", rules: RuleSet = STANDARD
) -> Hand:
    """A hand whose auction is over: ``seat`` bid 3 as first bidder."""
    hand = Hand.start(hands=hands, kitty=kitty, first_bidder=seat, rules=rules)
    hand.bid(seat, 3)
    return hand


def code_of(action: Callable[..., object], *args: object, **kwargs: object) -> Violation:
    """The violation code that ``action(*args, **kwargs)`` raises."""
    with pytest.raises(GameError) as caught:
        action(*args, **kwargs)
    return caught.value.code


# --- Section 6: dealing ---------------------------------------------------------------------


def test_s6_each_player_gets_17_cards_and_kitty_3() -> None:
    """docs/rules.md §6: each player gets 17 cards; 3 remain (the kitty)."""
    hand = demo()
    assert [sum(h) for h in hand.hands] == [17, 17, 17]
    assert sum(hand.kitty) == 3
    short = (DEMO[0], DEMO[1][:-1], DEMO[2])
    with pytest.raises(GameError) as caught:
        Hand.start(hands=short, kitty="BR2Q", first_bidder=0)
    assert caught.value.code is Violation.BAD_DEAL
    assert caught.value.seat == 1
    assert "seat 1 holds 16 cards" in caught.value.message
    assert "the kitty holds 4 cards" in caught.value.message


def test_s6_deal_is_one_deck() -> None:
    """docs/rules.md §§1 and 6: no rank more often than the deck holds (4, jokers 1)."""
    hands = (DEMO[0], DEMO[1], "QQKKKKAAAA2225679")  # a fifth 9, no 8 left for seat 2
    with pytest.raises(GameError) as caught:
        Hand.start(hands=hands, kitty="BR2", first_bidder=0)
    assert (caught.value.code, caught.value.seat) == (Violation.BAD_DEAL, 2)
    assert "seat 2 holds a 5th 9" in str(caught.value)
    assert code_of(Hand.start, hands=DEMO[:2], kitty="BR2", first_bidder=0) is Violation.BAD_DEAL
    assert code_of(Hand.start, hands=DEMO, kitty="BR2", first_bidder=3) is Violation.BAD_DEAL


def test_s6_deal_accepts_counts_and_any_notation() -> None:
    """docs/rules.md §6 with API.md card notation: counts or card text for the deal."""
    counts = [read_hand(h) for h in DEMO]
    hand = Hand.start(hands=counts, kitty=["BJ", "大王", "2"], first_bidder=0)
    assert hand.hands == tuple(counts)
    with pytest.raises(CardError):
        Hand.start(hands=DEMO, kitty="BRZ", first_bidder=0)


# --- Section 6: bidding ---------------------------------------------------------------------


def test_s6_first_bidder_speaks_first() -> None:
    """docs/rules.md §6: bidding starts at the first bidder; others wait their turn."""
    hand = demo(first_bidder=2)
    assert (hand.phase, hand.to_act) == (Phase.BIDDING, 2)
    assert code_of(hand.bid, 0, 1) is Violation.WRONG_SEAT
    assert code_of(hand.bid, 7, 1) is Violation.NO_SUCH_SEAT
    assert code_of(hand.bid, 2.0, 1) is Violation.NO_SUCH_SEAT


def test_s6_bids_are_one_to_three_or_pass() -> None:
    """docs/rules.md §6: bids are 1, 2 or 3, or pass (0 here)."""
    hand = demo()
    for bad in (4, -1, True, "2", 1.0):
        assert code_of(hand.bid, 0, bad) is Violation.BID_OUT_OF_RANGE
    assert [a.bid for a in hand.legal_actions()] == [0, 1, 2, 3]
    hand.bid(0, 0)
    hand.bid(1, None)
    assert hand.history[-2:] == (
        Action(kind=ActionKind.BID, seat=0, bid=0),
        Action(kind=ActionKind.BID, seat=1, bid=0),
    )


def test_s6_bid_must_be_higher_than_every_earlier_bid() -> None:
    """docs/rules.md §6: a bid must be higher than every earlier bid."""
    hand = demo()
    hand.bid(0, 2)
    assert code_of(hand.bid, 1, 2) is Violation.BID_NOT_HIGHER
    assert code_of(hand.bid, 1, 1) is Violation.BID_NOT_HIGHER
    assert not hand.can_bid(1, 1)
    assert [a.bid for a in hand.legal_actions()] == [0, 3]
    hand.bid(1, 0)
    assert hand.bid_value == 2


def test_s6_bid_of_three_ends_auction() -> None:
    """docs/rules.md §6: a bid of 3 ends the auction at once."""
    for rules in (STANDARD, UNTIL):
        hand = demo(first_bidder=1, rules=rules)
        hand.bid(1, 3)
        assert (hand.phase, hand.landlord, hand.bid_value) == (Phase.PLAY, 1, 3)
        assert code_of(hand.bid, 2, 0) is Violation.BIDDING_OVER


def test_s6_single_round_each_player_speaks_once() -> None:
    """docs/rules.md §6: single_round (default): each player speaks once."""
    hand = demo()
    hand.bid(0, 1)
    hand.bid(1, 0)
    assert hand.phase is Phase.BIDDING
    hand.bid(2, 2)
    assert (hand.phase, hand.landlord, hand.bid_value, hand.to_act) == (Phase.PLAY, 2, 2, 2)


def test_s6_single_round_last_speaker_may_win() -> None:
    """docs/rules.md §6: single_round: two passes then a bid of 1 makes that bidder landlord."""
    hand = demo(first_bidder=1)
    hand.bid(1, 0)
    hand.pass_turn(2)
    hand.bid(0, 1)
    assert (hand.landlord, hand.bid_value) == (0, 1)


def test_s6_until_two_passes_goes_round() -> None:
    """docs/rules.md §6: until_two_passes: the auction goes on until a bid has two passes."""
    hand = demo(rules=UNTIL)
    hand.bid(0, 0)
    hand.bid(1, 0)
    hand.bid(2, 1)
    hand.bid(0, 0)
    assert hand.phase is Phase.BIDDING
    hand.bid(1, 0)
    assert (hand.phase, hand.landlord) == (Phase.PLAY, 2)


def test_s6_until_two_passes_passed_player_may_bid_again() -> None:
    """docs/rules.md §6: until_two_passes: a pass is not final (the rule book is silent)."""
    hand = demo(rules=UNTIL)
    for seat, bid in ((0, 0), (1, 1), (2, 0), (0, 2), (1, 0)):
        hand.bid(seat, bid)
    assert hand.phase is Phase.BIDDING
    hand.bid(2, 0)
    assert (hand.landlord, hand.bid_value) == (0, 2)


def test_s6_until_two_passes_one_bid_two_passes() -> None:
    """docs/rules.md §6: until_two_passes: a bid followed by two passes ends the auction."""
    hand = demo(rules=UNTIL)
    hand.bid(0, 1)
    hand.bid(1, 0)
    hand.bid(2, 0)
    assert (hand.phase, hand.landlord) == (Phase.PLAY, 0)


@pytest.mark.parametrize("rules", [STANDARD, UNTIL])
def test_s6_nobody_bids_redeal(rules: RuleSet) -> None:
    """docs/rules.md §6: if nobody bids, the hand is thrown in (no score)."""
    hand = demo(first_bidder=1, rules=rules)
    for seat in (1, 2, 0):
        hand.bid(seat, 0)
    assert (hand.phase, hand.to_act, hand.landlord, hand.winner) == (Phase.REDEAL, None, None, None)
    assert code_of(hand.bid, 1, 1) is Violation.HAND_OVER
    assert code_of(hand.score) is Violation.NO_SCORE
    assert hand.legal_actions() == ()


def test_s6_landlord_takes_kitty() -> None:
    """docs/rules.md §6: the highest bidder becomes landlord and takes the kitty: 20 cards."""
    hand = demo(first_bidder=1)
    hand.bid(1, 1)
    hand.bid(2, 2)
    hand.bid(0, 0)
    assert hand.landlord == 2
    assert [sum(h) for h in hand.hands] == [17, 17, 20]
    assert hand.hands[2] == tuple(
        d + k for d, k in zip(read_hand(DEMO[2]), read_hand("BR2"), strict=True)
    )
    assert hand.dealt[2] == read_hand(DEMO[2])


def test_s6_kitty_shown_unless_kitty_hidden() -> None:
    """docs/rules.md §§6 and 8: the kitty is shown unless kitty_hidden is set."""
    assert demo().kitty_shown
    hidden = demo(rules=STANDARD.derive(kitty_hidden=True))
    assert not hidden.kitty_shown
    hidden.bid(0, 3)
    assert sum(hidden.hands[0]) == 20


# --- Section 5: play ------------------------------------------------------------------------


def test_s5_landlord_leads_first_trick() -> None:
    """docs/rules.md §5: the landlord leads the first trick."""
    hand = demo()
    hand.bid(0, 1)
    hand.bid(1, 2)
    hand.bid(2, 0)
    assert (hand.to_act, hand.trick_leader, hand.last_play) == (1, 1, None)
    assert code_of(hand.play, 2, "Q") is Violation.WRONG_SEAT


def test_s5_no_play_during_auction() -> None:
    """docs/rules.md §§5 and 6: play starts once the auction is over."""
    hand = demo()
    assert code_of(hand.play, 0, "3") is Violation.STILL_BIDDING
    assert hand.legal_plays().count() == 0


def test_s5_leader_cannot_pass() -> None:
    """docs/rules.md §5: the leader must play (cannot pass)."""
    hand = landlord_hand()
    assert not hand.passing_allowed
    assert code_of(hand.pass_turn, 1) is Violation.LEADER_CANNOT_PASS
    assert all(a.kind is ActionKind.PLAY for a in hand.legal_actions())


def test_s5_seats_play_counter_clockwise() -> None:
    """docs/rules.md §5: after seat i comes seat (i + 1) mod 3."""
    hand = landlord_hand(seat=2)
    order = []
    for cards in ("5", "6", "T", "Q"):
        assert hand.to_act is not None
        order.append(hand.to_act)
        hand.play(hand.to_act, cards)
    assert (order, hand.to_act) == ([2, 0, 1, 2], 0)


def test_s5_next_player_may_pass() -> None:
    """docs/rules.md §5: each next player may pass."""
    hand = landlord_hand()
    hand.play(1, "3")
    assert hand.passing_allowed and hand.can_pass(2)
    hand.pass_turn(2)
    assert (hand.to_act, hand.history[-1].kind) == (0, ActionKind.PASS)


def test_s5_play_must_beat_last_play() -> None:
    """docs/rules.md §§3 and 5: a play must beat the last play of the trick."""
    hand = landlord_hand()
    hand.play(1, "T")
    with pytest.raises(GameError) as caught:
        hand.play(2, "5")
    assert (caught.value.code, caught.value.reason) == (Violation.DOES_NOT_BEAT, Reason.NOT_HIGHER)
    assert caught.value.seat == 2
    with pytest.raises(GameError) as caught:
        hand.play(2, "KK")
    assert (caught.value.code, caught.value.reason) == (
        Violation.DOES_NOT_BEAT,
        Reason.DIFFERENT_KIND,
    )
    assert hand.can_play(2, "K") and hand.can_play(2, "KKKK")
    assert hand.last_play is not None and hand.last_play.cards == "T"


def test_s5_play_must_be_a_combination_from_the_hand() -> None:
    """docs/rules.md §§2 and 5: a play is a combination of cards the seat holds."""
    hand = landlord_hand()
    assert code_of(hand.play, 1, "34") is Violation.NOT_A_COMBINATION
    assert code_of(hand.play, 1, "5") is Violation.NOT_IN_HAND
    assert code_of(hand.play, 1, "") is Violation.EMPTY_PLAY
    assert code_of(hand.play, 1, "3", kind="pair") is Violation.NOT_A_COMBINATION
    assert code_of(hand.play, 1, "3", kind="triple") is Violation.BAD_DECLARATION
    assert code_of(hand.play, 1, "3", rank="") is Violation.BAD_DECLARATION
    with pytest.raises(CardError):
        hand.play(1, "3Z")
    assert hand.history[-1].kind is ActionKind.BID  # nothing was applied


def test_s5_player_who_passed_may_play_again() -> None:
    """docs/rules.md §5: a player who passed may play again later in the same trick."""
    hand = landlord_hand()
    hand.play(1, "3")
    hand.pass_turn(2)
    hand.play(0, "5")
    hand.play(1, "T")
    hand.play(2, "Q")
    assert (hand.trick_leader, hand.last_player) == (1, 2)


def test_s5_two_consecutive_passes_end_trick() -> None:
    """docs/rules.md §5: after two consecutive passes the trick ends; the last player leads."""
    hand = landlord_hand()
    hand.play(1, "3")
    hand.play(2, "5")
    hand.pass_turn(0)
    assert (hand.passing_allowed, hand.last_player) == (True, 2)
    hand.pass_turn(1)
    assert (hand.to_act, hand.trick_leader, hand.last_play) == (2, 2, None)
    assert not hand.passing_allowed
    hand.play(2, "6")
    assert hand.to_act == 0


def test_s5_declared_reading() -> None:
    """docs/rules.md §§4 and 5: a client may declare the reading of an ambiguous play."""
    hands = deal("33344455566678999", "TTTJJJQQQKKK2AAA4", "AB5")
    hand = landlord_hand(seat=0, hands=hands, kitty="AB5", rules=DOUZERO)
    combo = hand.play(0, "333444555666", kind="airplane_singles", rank="5")
    assert (combo.kind, combo.rank.char) == (Kind.AIRPLANE_SINGLES, "5")
    assert hand.last_play == combo
    assert code_of(hand.play, 1, "TTTJJJQQQKKK", kind="airplane") is Violation.DOES_NOT_BEAT
    assert hand.can_play(1, "TTTJJJQQQKKK")  # its airplane_singles reading beats


def test_s8_rule_set_decides_what_is_a_combination() -> None:
    """docs/rules.md §8: the rule set decides the kinds (repeated kickers under rlcard)."""
    hands = deal("33344455566678999", "TTTJJJQQQKKK2AAA4", "AB5")
    assert not landlord_hand(seat=0, hands=hands, kitty="AB5").can_play(0, "33344499")
    assert landlord_hand(seat=0, hands=hands, kitty="AB5", rules=RLCARD).can_play(0, "33344499")


def test_s5_hand_ends_when_landlord_has_no_cards() -> None:
    """docs/rules.md §5: the hand ends the moment a player has no cards; the landlord wins."""
    hands = deal("33445566778899TTJ", "33445566778899TTA", "JKR")
    hand = landlord_hand(seat=0, hands=hands, kitty="JKR")
    hand.play(0, "K")
    hand.play(1, "A")
    hand.pass_turn(2)
    hand.play(0, "R")
    hand.pass_turn(1)
    hand.pass_turn(2)
    hand.play(0, "33445566778899TTJJ")
    assert (hand.phase, hand.winner, hand.winning_seat, hand.to_act) == (
        Phase.ENDED,
        Side.LANDLORD,
        0,
        None,
    )
    assert not hand.spring and not hand.anti_spring
    assert hand.plays == (3, 1, 0)
    assert code_of(hand.play, 1, "3") is Violation.HAND_OVER
    assert code_of(hand.pass_turn, 1) is Violation.HAND_OVER
    assert hand.score().landlord == 6


def anti_spring_hand() -> Hand:
    hands = deal("3333QQQQKKKKAAAA8", "244455566677789TJ", "BR2")
    hand = landlord_hand(seat=0, hands=hands, kitty="BR2")
    hand.play(0, "3")
    hand.play(1, "2")
    hand.pass_turn(2)
    hand.pass_turn(0)
    hand.play(1, "44455566677789TJ")
    return hand


def test_s5_farmers_win_together() -> None:
    """docs/rules.md §5: the farmers win together when either farmer goes out."""
    hand = anti_spring_hand()
    assert (hand.phase, hand.winner, hand.winning_seat) == (Phase.ENDED, Side.FARMERS, 1)
    result = hand.score()
    assert result.farmers == (6, 6) and result.landlord == -12


def test_s7_spring_doubles() -> None:
    """docs/rules.md §7: spring: the landlord wins and neither farmer played a card."""
    hands = deal("3334445556667779T", "345678888999TTTJJ", "JQK")
    hand = landlord_hand(seat=0, hands=hands, kitty="JQK")
    hand.play(0, "3334445556667779TJQK")
    assert hand.spring and not hand.anti_spring
    assert [f.name.value for f in hand.score().breakdown] == ["bid", "spring"]
    assert hand.score().landlord == 12


def test_s7_anti_spring_doubles() -> None:
    """docs/rules.md §7: anti-spring: the farmers win and the landlord made only the lead."""
    hand = anti_spring_hand()
    assert hand.anti_spring and not hand.spring
    assert [f.name.value for f in hand.score().breakdown] == ["bid", "anti_spring"]


def test_s7_bombs_and_rockets_played_double() -> None:
    """docs/rules.md §7: every bomb and rocket played doubles; four-with-two is no bomb."""
    hand = landlord_hand()
    hand.play(1, "3")
    hand.play(2, "K")
    hand.pass_turn(0)
    hand.play(1, "4444")
    assert code_of(hand.play, 2, "2") is Violation.DOES_NOT_BEAT
    hand.play(2, "AAAA")
    hand.pass_turn(0)
    hand.play(1, "BR")
    assert (hand.bombs, hand.rockets) == (2, 1)
    assert code_of(hand.score) is Violation.NO_SCORE


def test_s7_score_with_doublings() -> None:
    """docs/rules.md §7: doubling steps reported by a client multiply the hand's score."""
    hand = anti_spring_hand()
    assert hand.score(doublings=2).multiplier == 8


def test_legal_actions_are_all_legal_and_apply() -> None:
    """docs/rules.md §§5 and 6: every listed action passes verify_* and can be applied."""
    hand = landlord_hand()
    hand.play(1, "3")
    actions = hand.legal_actions()
    assert actions[0].kind is ActionKind.PASS
    assert len(actions) == 1 + len(legal_moves(DEMO[2], "3"))
    for action in actions[1:]:
        assert action.combination is not None
        assert hand.can_play(2, action.combination.counts)
    hand.apply(actions[-1])
    assert hand.to_act == 0


# --- Random self-play -------------------------------------------------------------------------


def random_deal(rng: random.Random) -> tuple[list[str], str]:
    cards = list(DECK)
    rng.shuffle(cards)
    return ["".join(cards[i * 17 : (i + 1) * 17]) for i in range(3)], "".join(cards[51:])


def recount_spring(hand: Hand) -> tuple[bool, bool]:
    by_seat = [0, 0, 0]
    for action in hand.history:
        if action.kind is ActionKind.PLAY:
            by_seat[action.seat] += 1
    landlord = hand.landlord
    assert landlord is not None
    farmers = sum(by_seat) - by_seat[landlord]
    won = hand.winning_seat == landlord
    return won and farmers == 0, not won and by_seat[landlord] == 1


def self_play(rng: random.Random, rules: RuleSet) -> Hand:
    """A hand of random legal moves; each hand draws how often seats pass and play big."""
    hands, kitty = random_deal(rng)
    hand = Hand.start(hands=hands, kitty=kitty, first_bidder=rng.randrange(3), rules=rules)
    while hand.phase is Phase.BIDDING:
        assert hand.to_act is not None
        hand.bid(hand.to_act, rng.choice([a.bid or 0 for a in hand.legal_actions()]))
    passing, greed = rng.random(), rng.random()
    while hand.phase is Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        moves = list(legal_moves(hand.hands[seat], hand.last_play, rules))
        if hand.passing_allowed and (not moves or rng.random() < passing):
            hand.pass_turn(seat)
            continue
        move = max(moves, key=lambda m: len(m.cards)) if rng.random() < greed else rng.choice(moves)
        hand.play(seat, move.counts, kind=move.kind, rank=move.rank)
    return hand


@pytest.mark.parametrize("rules", [STANDARD, UNTIL.derive(multiplier_cap=64), DOUZERO])
def test_random_self_play(rules: RuleSet) -> None:
    """docs/rules.md §§5 to 7: 300 random hands end once, conserve cards and score zero-sum."""
    rng = random.Random(20240601)
    ended = springs = anti_springs = 0
    while ended < 300:
        hand = self_play(rng, rules)
        if hand.phase is Phase.REDEAL:
            continue
        ended += 1
        assert hand.phase is Phase.ENDED
        assert [sum(h) == 0 for h in hand.hands].count(True) == 1
        assert hand.winning_seat is not None and not any(hand.hands[hand.winning_seat])
        played = [[0] * 15 for _ in range(3)]
        for action in hand.history:
            if action.combination is not None:
                for rank, n in enumerate(action.combination.counts):
                    played[action.seat][rank] += n
        for seat in range(3):
            start = list(hand.dealt[seat])
            if seat == hand.landlord:
                start = [d + k for d, k in zip(start, hand.kitty, strict=True)]
            assert [h + p for h, p in zip(hand.hands[seat], played[seat], strict=True)] == start
        result = hand.score()
        assert result.landlord + sum(result.farmers) == 0
        assert (hand.spring, hand.anti_spring) == recount_spring(hand)
        springs += hand.spring
        anti_springs += hand.anti_spring
        bombs = sum(1 for a in hand.history if a.combination and a.combination.kind is Kind.BOMB)
        assert hand.bombs == bombs
    assert springs > 0 and anti_springs > 0


def test_s5_recorded_actions_replay() -> None:
    """docs/rules.md §§5 and 6: a hand's history replays into an equal hand."""
    hand = landlord_hand()
    hand.play(1, "3")
    hand.pass_turn(2)
    hand.play(0, "5")
    assert [str(a) for a in hand.history] == [
        "seat 1 bids 3",
        "seat 1 plays single 3 (rank 3)",
        "seat 2 passes",
        "seat 0 plays single 5 (rank 5)",
    ]
    copy = demo(first_bidder=1)
    assert copy.passing_allowed
    for action in hand.history:
        copy.apply(action)
    assert (copy.hands, copy.to_act, copy.last_play) == (hand.hands, hand.to_act, hand.last_play)
    assert code_of(copy.apply, Action(kind=ActionKind.PLAY, seat=1)) is Violation.EMPTY_PLAY


def test_s6_deal_must_be_rank_counts() -> None:
    """docs/rules.md §6: a deal given as counts has one count per rank, none negative."""
    counts = [read_hand(h) for h in DEMO]
    bad = (counts[0], counts[1][:-1], counts[2])
    with pytest.raises(GameError) as caught:
        Hand.start(hands=bad, kitty="BR2", first_bidder=0)
    assert (caught.value.code, caught.value.seat) == (Violation.BAD_DEAL, 1)


# --- The sources' readings as options (docs/rules.md §8) -------------------------------------


def one_farmer_out_hand(rules: RuleSet) -> Hand:
    """The landlord goes out after one farmer played a card and the other played none."""
    hands = deal("33445566778899TTJ", "33445566778899TTA", "JKR")
    hand = landlord_hand(seat=0, hands=hands, kitty="JKR", rules=rules)
    for seat, cards in [(0, "K"), (1, "A"), (2, None), (0, "R"), (1, None), (2, None)]:
        _ = hand.pass_turn(seat) if cards is None else hand.play(seat, cards)
    hand.play(0, "33445566778899TTJJ")
    return hand


def test_short_rules_spring_when_one_farmer_never_played() -> None:
    """dou-dizhu-short-rules.txt: the stake doubles when "a player still has all the cards":
    one farmer who never played is enough (``spring_per_farmer``); by default both must."""
    assert not one_farmer_out_hand(STANDARD).spring
    short = STANDARD.derive(spring_per_farmer=True)
    hand = one_farmer_out_hand(short)
    assert hand.plays == (3, 1, 0) and hand.spring
    assert [f.name.value for f in hand.score().breakdown] == ["bid", "spring"]


def test_short_rules_name_no_anti_spring() -> None:
    """dou-dizhu-short-rules.txt names no anti-spring: ``no_anti_spring`` turns it off."""
    hands = deal("3333QQQQKKKKAAAA8", "244455566677789TJ", "BR2")
    for rules, expected in ((STANDARD, True), (STANDARD.derive(no_anti_spring=True), False)):
        hand = landlord_hand(seat=0, hands=hands, kitty="BR2", rules=rules)
        for seat, cards in [(0, "3"), (1, "2"), (2, None), (0, None), (1, "44455566677789TJ")]:
            _ = hand.pass_turn(seat) if cards is None else hand.play(seat, cards)
        assert hand.winner is Side.FARMERS and hand.anti_spring is expected
