"""Random games of Botzone's FTL2 in the judge's own terms (card ids 0 to 53, bids, lists of
ids), played through the core with a mutation now and then: shared by the tests of the botzone
rule set (``test_online``) and of Botzone match logs (``test_botzone_logs``)."""

from __future__ import annotations

import random

from service.hands import Record
from service.rules import BOTZONE
from service.rules.events import GameError
from service.rules.game import Hand

RANKS = "3456789TJQKA2"
SUITS = "HDSC"  # the judge's order: hearts, diamonds, spades, clubs


def judge_card(card_id: int) -> str:
    """The judge's card id in our notation (52: black joker, 53: red joker)."""
    if card_id >= 52:
        return "BR"[card_id - 52]
    return RANKS[card_id // 4] + SUITS[card_id % 4]


def botzone_game(
    rng: random.Random,
) -> tuple[list[list[int]], list[int], list[int], list[list[int]]]:
    """A random Botzone game: bids mostly legal, plays chosen among the core's legal moves,
    and now and then one random mutation (any cards, a pass, a card played before)."""
    ids = list(range(54))
    rng.shuffle(ids)
    hands, kitty = [ids[0:17], ids[17:34], ids[34:51]], ids[51:]
    bids: list[int] = []
    best = 0
    for _ in range(3):
        bid = rng.choice([0, 0, *range(best + 1, 4)]) if rng.random() < 0.95 else rng.randrange(4)
        bids.append(bid)
        best = max(best, bid)
        if bid == 3:
            break
    hand = Hand.start(
        hands=[" ".join(map(judge_card, h)) for h in hands],
        kitty=" ".join(map(judge_card, kitty)),
        first_bidder=0,
        rules=BOTZONE,
    )
    try:
        for seat, bid in enumerate(bids):
            hand.bid(seat, bid)
    except GameError:
        return hands, kitty, bids, []
    held = [list(h) for h in hands]
    held[hand.landlord] += kitty
    played: list[int] = []
    plays: list[list[int]] = []
    while hand.to_act is not None and len(plays) < 200:
        seat = hand.to_act
        if rng.random() < 0.03:
            roll = rng.random()
            if roll < 0.3:
                plays.append([])
            elif roll < 0.6 and played:
                plays.append([rng.choice(played)])
            else:
                plays.append(rng.sample(range(54), rng.randrange(1, 5)))
            break
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        if action.combination is None:
            plays.append([])
            continue
        cards = []
        for rank, count in enumerate(action.combination.counts):
            mine = [c for c in held[seat] if (c // 4 if c < 52 else 13 + (c - 52)) == rank]
            cards += mine[:count]
        for c in cards:
            held[seat].remove(c)
        played += cards
        plays.append(cards)
    return hands, kitty, bids, plays


def judge_record(
    hands: list[list[int]], kitty: list[int], bids: list[int], plays: list[tuple[int, list[int]]]
) -> Record:
    """A game in the judge's terms as a hand record of ours: the bids from seat 0, then each
    play (seat, card ids; none: a pass)."""
    return Record.of(
        hands=[" ".join(map(judge_card, h)) for h in hands],
        kitty=" ".join(map(judge_card, kitty)),
        first_bidder=0,
        bids=list(enumerate(bids)),
        events=[(seat, " ".join(map(judge_card, play)) or None) for seat, play in plays],
    )
