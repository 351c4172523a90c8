"""The deals the examples play: each seat's cards as text, to give ``Hand.start`` with the
kitty named beside each. Nothing in the core uses them; the docstrings import them by name.

>>> from service.rules.game import Hand
>>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
>>> hand.bid(1, 3)
>>> hand.landlord, sum(hand.hands[1])
(1, 20)
"""

from __future__ import annotations

#: Three seats (kitty ``BR2``): seat 0 lacks the 4s, seat 1 holds all four of them.
DEMO_HANDS = ("35556667778889999", "3334444TTTTJJJJQQ", "QQKKKKAAAA2225678")

#: Six seats (kitty ``3S 3S 4S 4S 5S 5S``): seat 0 holds KH twice, seat 1 the third KH.
SIX_PLAYER_HANDS = (
    "KH KH 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H",
    "KH 9S TS TH TD TC JS JH JD JC QS QH QD QC KS KD KC AS AH AD AC 2S 2H 2D 2C 3H",
    "3D 3C 4H 4D 4C 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C TS TH",
    "TD TC JS JH JD JC QS QH QD QC KS KD KC AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S",
    "4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C TS TH TD",
    "TC JS JH JD JC QS QH QD QC KS KD KC AS AH AD AC 2S 2H 2D 2C B B B R R R",
)

#: The hand of the most leads known (497 under ``standard``), which every game's deck holds
#: (no jokers): the service warms each preset with it, the memory probe of the bench too.
WORST_HAND = "333444555666789TJQKA"

#: Three seats (kitty ``JQK``): seat 0, landlord with the kitty, plays out in one airplane (a
#: spring).
SPRING_HANDS = ("3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR")


__all__ = ["DEMO_HANDS", "SIX_PLAYER_HANDS", "SPRING_HANDS"]
